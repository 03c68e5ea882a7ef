//! The roll box (dice notation, roll modes, physical dice), the chat box
//! (a line to everyone or a whisper) and the shared table log of chat lines,
//! whispers and rolls with their labels, breakdowns, times and who made
//! them, cut to what the viewer may see as the API cuts it.

use askama::Template;
use axum::extract::{Path, State};
use axum::response::Html;

use super::answer::{PartAnswer, PartCaller};
use super::html::{Seat, render};
use crate::AppState;
use crate::chat::{Recipient, ShownChat};
use crate::error::AppError;
use crate::permissions::Role;
use crate::rolls::{Seen, ShownRoll};
use crate::sessions::Caller;
use crate::table::ItemBody;

/// The roll box and the log, as the side column of a page.
pub(crate) async fn section(
    state: &AppState,
    seat: &Seat,
    caller: &Caller,
) -> Result<String, AppError> {
    let log = log_html(state, &seat.campaign, caller).await?;
    let spectator = seat.role == Role::Spectator;
    let recipients = if spectator {
        Vec::new()
    } else {
        crate::chat::recipients(state, &seat.campaign, caller).await?
    };
    Ok(render(&Section {
        campaign: &seat.campaign,
        gm: seat.is_gm(),
        spectator,
        recipients: &recipients,
        most: crate::chat::MOST_CHARS,
        log: &log,
    }))
}

/// The side column.
#[derive(Template)]
#[template(path = "rolls/section.html")]
struct Section<'a> {
    campaign: &'a str,
    gm: bool,
    spectator: bool,
    /// Who the viewer may whisper to.
    recipients: &'a [Recipient],
    /// The longest chat line.
    most: usize,
    log: &'a str,
}

impl Section<'_> {
    /// A recipient's `to` value: `gm` or the player's seat.
    fn to(&self, r: &Recipient) -> String {
        r.seat
            .clone()
            .unwrap_or_else(|| crate::chat::TO_GM.to_string())
    }
}

/// One line of the table log.
enum Line<'a> {
    Roll(ShownRoll<'a>),
    Chat(ShownChat<'a>),
}

/// The table log, newest first (the latest 50).
#[derive(Template)]
#[template(path = "rolls/log.html")]
struct Log<'a> {
    lines: Vec<Line<'a>>,
}

impl Log<'_> {
    /// A time as the log shows it (`21:04 UTC`) and as a machine reads it.
    fn time(&self, at: &u64) -> (String, String) {
        clock(*at)
    }

    /// The faces rolled (the first 30), comma-separated.
    fn faces(&self, roll: &nanite_dice::Roll) -> String {
        roll.dice
            .iter()
            .take(30)
            .map(|d| d.value.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// `GET /c/{campaign}/part/rolls`: the log, for htmx to refresh.
pub(crate) async fn part(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    PartCaller(caller): PartCaller,
) -> PartAnswer {
    Ok(Html(log_html(&state, &campaign, &caller).await?))
}

async fn log_html(state: &AppState, campaign: &str, caller: &Caller) -> Result<String, AppError> {
    crate::view::read_as(state, campaign, caller, |table, viewer| {
        let lines = table
            .feed
            .iter()
            .filter_map(|i| match &i.body {
                ItemBody::Roll(r) => r.shown_to(&i.by, viewer).map(Line::Roll),
                ItemBody::Chat(c) => c.shown_to(&i.by, viewer).map(Line::Chat),
                _ => None,
            })
            .collect();
        render(&Log { lines })
    })
    .await
}

/// A time in milliseconds since the Unix epoch as the log shows it
/// (`21:04 UTC`) and in ISO 8601 (`2026-11-27T21:04:05Z`).
fn clock(ms: u64) -> (String, String) {
    let secs = ms / 1000;
    let (h, m, s) = ((secs / 3600) % 24, (secs / 60) % 60, secs % 60);
    let (y, mo, d) = civil(i64::try_from(secs / 86_400).unwrap_or(0));
    (
        format!("{h:02}:{m:02} UTC"),
        format!("{y:04}-{mo:02}-{d:02}T{h:02}:{m:02}:{s:02}Z"),
    )
}

/// The calendar date of a day counted from 1970-01-01 (Howard Hinnant's
/// `civil_from_days`).
fn civil(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use crate::permissions::{Role, Viewer};
    use crate::rolls::{RollItem, RollMode};

    fn drawn(item: &RollItem, by: &str, viewer: &Viewer) -> String {
        super::render(&super::Log {
            lines: item
                .shown_to(by, viewer)
                .into_iter()
                .map(super::Line::Roll)
                .collect(),
        })
    }

    fn player(invite: &str) -> Viewer {
        Viewer {
            role: Role::Player,
            invite: invite.to_string(),
            slot: None,
        }
    }

    fn rolled(label: &str, mode: RollMode, expression: &str) -> RollItem {
        let roll = nanite_dice::Expression::parse(expression)
            .unwrap()
            .roll(&mut nanite_dice::ScriptedDice::new([4]))
            .unwrap();
        RollItem {
            label: label.to_string(),
            mode,
            expression: expression.to_string(),
            total: roll.total,
            roll,
            physical: false,
            seeded: None,
            at: Some(1_795_814_645_000),
            breakdown: vec!["d100 for Awareness: 46".into()],
        }
    }

    #[test]
    fn a_blind_roll_shows_no_total_to_its_roller() {
        let item = rolled("Alice", RollMode::Blind, "d6");
        let shown = drawn(&item, "alice", &player("alice"));
        assert!(shown.contains("only the GM sees the result"), "{shown}");
        assert!(!shown.contains("class=\"total\""));
        assert!(drawn(&item, "alice", &player("bob")).contains("Nothing said or rolled yet"));
    }

    #[test]
    fn labels_and_expressions_are_text() {
        let item = rolled("<script>x</script>", RollMode::Public, "d6 # <b>");
        let shown = drawn(&item, "alice", &player("bob"));
        assert!(
            !shown.contains("<script>") && !shown.contains("<b>"),
            "{shown}"
        );
        assert!(shown.contains("x&#60;/script&#62;"), "{shown}");
        assert!(shown.contains("[4]"), "{shown}");
    }
}

#[cfg(test)]
mod log_tests {
    use crate::chat::{ChatItem, Recipient};
    use crate::permissions::{Role, Viewer};
    use crate::rolls::{RollItem, RollMode};

    fn viewer(role: Role, invite: &str) -> Viewer {
        Viewer {
            role,
            invite: invite.to_string(),
            slot: None,
        }
    }

    #[test]
    fn times_read_as_the_calendar_does() {
        let cases = [
            (0, ("00:00 UTC", "1970-01-01T00:00:00Z")),
            (951_825_600_000, ("12:00 UTC", "2000-02-29T12:00:00Z")),
            (1_795_814_645_000, ("21:24 UTC", "2026-11-27T21:24:05Z")),
        ];
        for (ms, (short, iso)) in cases {
            assert_eq!(
                super::clock(ms),
                (short.to_string(), iso.to_string()),
                "{ms}"
            );
        }
    }

    #[test]
    fn the_log_shows_label_breakdown_time_and_roller() {
        let roll = nanite_dice::Expression::parse("d100+30 # Vex: Awareness check")
            .unwrap()
            .roll(&mut nanite_dice::ScriptedDice::new([4, 6]))
            .unwrap();
        let item = RollItem {
            label: "Alice".into(),
            mode: RollMode::Public,
            expression: roll.expression.clone(),
            total: roll.total,
            roll,
            physical: false,
            seeded: None,
            at: Some(1_795_814_645_000),
            breakdown: vec!["Awareness skill points +30".into()],
        };
        let html = super::render(&super::Log {
            lines: item
                .shown_to("alice", &viewer(Role::Gm, "gm"))
                .into_iter()
                .map(super::Line::Roll)
                .collect(),
        });
        for want in [
            "Alice",
            "Vex: Awareness check",
            "Awareness skill points +30",
            "21:24 UTC",
            "2026-11-27T21:24:05Z",
            ">76<",
        ] {
            assert!(html.contains(want), "{want} in {html}");
        }
    }

    #[test]
    fn a_whisper_is_marked_and_escaped() {
        let line = ChatItem {
            label: "Alice".into(),
            text: "<b>psst</b>".into(),
            to: Some(Recipient {
                seat: None,
                label: "the GM".into(),
            }),
            at: 0,
        };
        let html = super::render(&super::Log {
            lines: line
                .shown_to("alice", &viewer(Role::Gm, "gm"))
                .into_iter()
                .map(super::Line::Chat)
                .collect(),
        });
        assert!(html.contains("whispers to the GM"), "{html}");
        assert!(!html.contains("<b>"), "{html}");
        let bob = line.shown_to("alice", &viewer(Role::Player, "bob"));
        assert!(bob.is_none(), "another player does not see a whisper");
    }
}
