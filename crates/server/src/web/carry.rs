//! The character's carried state on its sheet (docs/campaign.md): health,
//! wounds, gear and XP as the last fight and rests left them, with the
//! between-fight forms its owner and the GM may use. A fragment the sheet
//! loads and refreshes on every table change.

use askama::Template;
use axum::extract::{Path, State};
use axum::response::{Html, IntoResponse, Response};

use crate::AppState;
use crate::carry::Carried;
use crate::error::AppError;
use crate::permissions::Role;
use crate::sessions::Caller;
use crate::web::error_part;

/// The state part.
#[derive(Template)]
#[template(path = "carry/state.html")]
struct StatePart {
    api: String,
    compound_x: bool,
    gm: bool,
    recorded: bool,
    /// Label and value of each line of the state.
    rows: Vec<(String, String)>,
    /// Items and kits by id, for the loot and kit forms.
    gear: Vec<String>,
    xp: i64,
    xp_next: Option<i64>,
    may_level: bool,
    campaign_id: String,
}

impl StatePart {
    /// The campaign's id.
    fn campaign(&self) -> &str {
        &self.campaign_id
    }
}

/// `GET /c/{campaign}/characters/{character}/state`: the state part.
pub(crate) async fn part(
    State(state): State<AppState>,
    Path((campaign, id)): Path<(String, String)>,
    caller: Result<Caller, AppError>,
) -> Response {
    let run = async {
        let caller = caller?;
        let shown = crate::carry::shown(&state, &campaign, &id, &caller).await?;
        Ok::<_, AppError>(render(&campaign, &id, caller.role() == Role::Gm, &shown))
    };
    match run.await {
        Ok(html) => Html(html).into_response(),
        Err(e) => error_part(&e),
    }
}

fn render(campaign: &str, id: &str, gm: bool, shown: &crate::carry::StateShown) -> String {
    let mut rows = Vec::new();
    let mut gear = Vec::new();
    let row = |rows: &mut Vec<(String, String)>, k: &str, v: String| rows.push((k.to_string(), v));
    match &shown.state {
        Carried::CompoundX(s) => {
            let hp = if s.dead {
                "dead".to_string()
            } else if s.hp < 1 {
                format!("{} of {} — downed", s.hp, s.max_hp)
            } else {
                format!("{} of {}", s.hp, s.max_hp)
            };
            row(&mut rows, "Health", hp);
            row(
                &mut rows,
                "Wounds",
                if s.wounds.is_empty() {
                    "none".into()
                } else {
                    s.wounds
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                },
            );
            let mut lasting: Vec<String> = s
                .lasting
                .injuries
                .iter()
                .map(|i| i.key().to_string())
                .collect();
            lasting.extend(s.lasting.conditions.iter().map(|c| {
                if c.stacks > 1 {
                    format!("{} ×{}", c.kind.key(), c.stacks)
                } else {
                    c.kind.key().to_string()
                }
            }));
            if s.below_par {
                lasting.push("below par".into());
            }
            row(
                &mut rows,
                "Injuries and conditions",
                if lasting.is_empty() {
                    "none".into()
                } else {
                    lasting.join(", ")
                },
            );
            if let Some(a) = &s.armor {
                let dulled = if a.apl_lowered {
                    ", APL lowered by plasma"
                } else {
                    ""
                };
                row(
                    &mut rows,
                    "Armor points",
                    format!("{} of {}{dulled}", a.points, a.full),
                );
            }
            if let Some(sh) = &s.shield {
                row(
                    &mut rows,
                    "Shield",
                    format!("{} of {}", sh.strength, sh.max),
                );
            }
            for w in &s.weapons {
                let mut v = format!("{} loaded, {} spare", w.loaded, w.spare_magazines);
                if w.jammed {
                    v.push_str(", jammed");
                }
                if w.broken {
                    v.push_str(", broken");
                }
                row(&mut rows, &w.id, v);
                gear.push(w.id.clone());
            }
            for (id, n) in &s.items {
                row(&mut rows, id, n.to_string());
                gear.push(id.clone());
            }
            row(
                &mut rows,
                "Nanites",
                format!("{} of {}", s.nanites, s.max_nanites),
            );
            row(
                &mut rows,
                "Death saves at the next downing",
                s.death_saves.to_string(),
            );
        }
        Carried::D20(s) => {
            row(&mut rows, "Hit points", format!("{} of {}", s.hp, s.max_hp));
            row(
                &mut rows,
                "Spell energy",
                format!("{} of {}", s.energy, s.max_energy),
            );
            row(
                &mut rows,
                "Power points",
                format!("{} of {}", s.power_points, s.max_power_points),
            );
            let drained: i64 = s.drains.iter().map(|d| d.points).sum();
            if drained > 0 {
                row(&mut rows, "Drained STR and CON", format!("-{drained}"));
            }
            for (id, n) in &s.kits {
                row(&mut rows, id, n.to_string());
                gear.push(id.clone());
            }
        }
    }
    crate::web::html::render(&StatePart {
        api: format!("/api/campaigns/{campaign}/characters/{id}/state"),
        compound_x: matches!(shown.state, Carried::CompoundX(_)),
        gm,
        recorded: shown.recorded,
        rows,
        gear,
        xp: shown.state.xp(),
        xp_next: shown.xp_next,
        may_level: shown.may_level,
        campaign_id: campaign.to_string(),
    })
}
