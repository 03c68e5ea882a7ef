//! What each participant sees: the encounter (initiative, round, whose
//! turn, combatants, the log) and each feed entry, cut to the viewer. The
//! GM sees everything; a player sees their own combatants whole and of the
//! others only names, visible conditions and a wounded descriptor; nobody
//! but the GM sees a hidden combatant.

use axum::Json;
use axum::http::{HeaderName, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use nanite_compound_x::combat::Fighter;
use nanite_compound_x::encounter::Battle;
use nanite_core::CombatantId;
use nanite_core::encounter::{FightPhase, Seat};
use serde::Serialize;
use serde_json::Value;
use serde_json::value::RawValue;
use utoipa::ToSchema;

use crate::permissions::{Role, Viewer};
use crate::ruleset::{Play, Ruleset};
use crate::sessions::Caller;
use crate::table::{Encounter, Entrant, Item, ItemBody, Table};

/// The viewer a caller is.
pub(crate) fn viewer(caller: &Caller) -> Viewer {
    Viewer {
        role: caller.role(),
        invite: caller.invite.id.clone(),
        slot: caller.invite.slot.clone(),
    }
}

/// Reads the table of `campaign` for `caller`, who must be a member of
/// it, with the viewer they are: what a member's `GET` answers is worked
/// out from what they may see.
pub(crate) async fn read_as<T>(
    state: &crate::AppState,
    campaign: &str,
    caller: &Caller,
    f: impl FnOnce(&Table, &Viewer) -> T,
) -> Result<T, crate::error::AppError> {
    caller.member_of(campaign)?;
    let viewer = viewer(caller);
    state
        .tables()
        .read(state, campaign, |t| f(t, &viewer))
        .await
}

/// A feed entry as `viewer` may see it, or `None`, as the API's JSON text,
/// numbered in the viewer's own feed (`feed.rs`). Serialized once, straight
/// to text: the answer that carries it copies the text as it is.
pub(crate) fn item(table: &Table, item: &Item, viewer: &Viewer) -> Option<Box<RawValue>> {
    shown(table, item, viewer).and_then(|s| serde_json::value::to_raw_value(&s).ok())
}

/// Whether `viewer` sees anything of the entry.
pub(crate) fn visible(item: &Item, viewer: &Viewer) -> bool {
    shown_as(item, viewer, &|_| 0).is_some()
}

/// A feed entry as `viewer` may see it, or `None`, numbered in the
/// viewer's own feed.
pub(crate) fn shown<'a>(table: &Table, item: &'a Item, viewer: &Viewer) -> Option<Shown<'a>> {
    let mut shown = shown_as(item, viewer, &|version| table.position(viewer, version))?;
    in_the_fog(table, item, viewer, &mut shown);
    Some(shown)
}

/// A command entry as a viewer in the fog of war of a battle map sees it
/// live, numbered `number` (`Some(None)`: hidden from them), or `None` when
/// no fog cuts it for them (the entry reads as for the whole table).
pub(crate) fn fogged_text(
    table: &Table,
    item: &Item,
    viewer: &Viewer,
    number: i64,
) -> Option<Option<String>> {
    let ItemBody::Command(c) = &item.body else {
        return None;
    };
    let enc = table.encounter(&c.encounter).ok()?;
    crate::fog::seen_by_viewer(enc, enc.battle().ok()?, viewer)?;
    Some(shown(table, item, viewer).and_then(|mut s| {
        s.version = number;
        serde_json::to_string(&s).ok()
    }))
}

/// Cuts a command's narration to what a viewer in the fog of war of a
/// battle map hears (`fog.rs`): only the events about combatants they see.
fn in_the_fog(table: &Table, item: &Item, viewer: &Viewer, shown: &mut Shown<'_>) {
    let (encounter, told, undone) = match &item.body {
        ItemBody::Command(c) => (&c.encounter, &c.told, None),
        ItemBody::Undone {
            encounter, undone, ..
        } => match &undone.body {
            ItemBody::Command(c) => (encounter, &c.told, Some(&c.name)),
            _ => return,
        },
        _ => return,
    };
    let Some(seen) = table
        .encounter(encounter)
        .ok()
        .and_then(|enc| Some(crate::fog::seen_by_viewer(enc, enc.battle().ok()?, viewer)))
        .flatten()
    else {
        return;
    };
    let heard = told.heard_by(&seen);
    match (&mut shown.entry, undone) {
        (FeedEntry::Table(Entry::Command(c)), None) => c.lines = heard.into(),
        (FeedEntry::Table(Entry::Undone { lines, .. }), Some(name)) => {
            // The take-back's header and the command's table lines give
            // way to what the viewer hears; the write-back's lines after
            // them (`entry`) stay.
            let after = (1 + told.table.len()).min(lines.len());
            let mut said = vec![format!("The GM takes back `{name}`:")];
            said.extend(heard.iter().map(|l| format!("  {l}")));
            said.extend(lines.drain(after..));
            *lines = said;
        }
        _ => {}
    }
}

/// The viewers an entry reads the same for: every viewer of one audience
/// is shown the same entry (bar its number in their feed), so a live update
/// is cut and serialized once per audience rather than once per socket
/// (`live.rs`). A cut in [`entry`] that depends on more than whether the
/// viewer is the GM must give those entries a [`Audience::Seat`] here.
/// (A command in a fight with a battle map is cut per seat by the fog of
/// war, `fogged_text`, before the audience is asked.)
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Audience {
    /// The GM, for entries the GM sees whole.
    Gm,
    /// Every player and spectator, for entries cut by role alone.
    Table,
    /// One seat: rolls, chat, state changes and take-backs depend on who
    /// asked, whom they concern and the seat's own numbering.
    Seat {
        /// The seat's role.
        role: Role,
        /// Its invitation.
        invite: String,
        /// Its character slot.
        slot: Option<String>,
    },
}

/// The audience `viewer` belongs to for `item`.
pub(crate) fn audience(item: &Item, viewer: &Viewer) -> Audience {
    match &item.body {
        ItemBody::EncounterCreated { .. }
        | ItemBody::Command(_)
        | ItemBody::Dice(_)
        | ItemBody::SessionStarted { .. }
        | ItemBody::SessionEnded { .. }
        | ItemBody::SecretsRevealed { .. }
        | ItemBody::PackSwitched(_) => {
            if viewer.is_gm() {
                Audience::Gm
            } else {
                Audience::Table
            }
        }
        ItemBody::Undone { .. }
        | ItemBody::Roll(_)
        | ItemBody::Chat(_)
        | ItemBody::Station(_)
        | ItemBody::StateChanged(_)
        | ItemBody::StateUndone { .. } => Audience::Seat {
            role: viewer.role,
            invite: viewer.invite.clone(),
            slot: viewer.slot.clone(),
        },
    }
}

/// A feed entry as `viewer` may see it, or `None`; `number` gives the
/// viewer's number of the entry at a stream version. An entry hidden from
/// the viewer that started a play session still shows that start.
pub(crate) fn shown_as<'a>(
    item: &'a Item,
    viewer: &Viewer,
    number: &dyn Fn(i64) -> i64,
) -> Option<Shown<'a>> {
    let entry = entry(item, viewer, number).or_else(|| {
        let seeded = match &item.body {
            ItemBody::Command(c) => c.seeded.as_ref(),
            ItemBody::Roll(r) => r.seeded.as_ref(),
            _ => None,
        }?;
        Some(FeedEntry::Table(Entry::PlaySessionStarted {
            session: seeded.session,
            commitment: seeded.commitment.as_deref()?,
        }))
    })?;
    Some(Shown {
        version: number(item.version),
        entry,
    })
}

/// A feed entry as a viewer sees it, with its place in their feed.
#[derive(Serialize, ToSchema)]
#[schema(as = ShownEntry)]
pub(crate) struct Shown<'a> {
    /// Its number in the viewer's feed (the stream version for the GM).
    pub(crate) version: i64,
    /// What it says.
    #[serde(flatten)]
    pub(crate) entry: FeedEntry<'a>,
}

/// What a feed entry says to one viewer: an entry of the table's own
/// kinds, or of a Station game's (each tagged by its `type`).
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
pub(crate) enum FeedEntry<'a> {
    /// Encounters, commands, rolls and play sessions.
    Table(Entry<'a>),
    /// A change to a Station game (`station_started` ...).
    Station(crate::station::view::Entry),
}

impl FeedEntry<'_> {
    /// The lines a log shows of the entry (none for rolls and session marks).
    pub(crate) fn lines(&self) -> &[String] {
        match self {
            FeedEntry::Table(entry) => entry.lines(),
            FeedEntry::Station(_) => &[],
        }
    }
}

/// What a feed entry of the table's own kinds says to one viewer.
#[derive(Serialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
#[schema(as = TableEntry)]
pub(crate) enum Entry<'a> {
    /// An encounter was opened.
    EncounterCreated {
        /// Its id.
        encounter: &'a str,
        /// Its name.
        name: &'a str,
        /// Its ruleset.
        ruleset: Ruleset,
        /// A D20 encounter's field (none for Compound X).
        field: Option<&'a nanite_d20::encounter::Field>,
    },
    /// A command was accepted.
    Command(CommandEntry<'a>),
    /// The GM took back a command.
    Undone {
        /// The encounter.
        encounter: &'a str,
        /// The command's name.
        command: &'a str,
        /// The version of the entry taken back.
        undone_version: i64,
        /// "The GM takes back ..." and what the command had said.
        lines: Vec<String>,
        /// The version of the fight's write-back to the characters'
        /// carried states, taken back with it (the GM and the characters'
        /// owners see it).
        #[serde(skip_serializing_if = "Option::is_none")]
        write_back_version: Option<i64>,
    },
    /// A roll.
    Roll(crate::rolls::ShownRoll<'a>),
    /// A chat line or whisper.
    Chat(crate::chat::ShownChat<'a>),
    /// A play session started.
    PlaySessionStarted {
        /// Its number.
        session: u32,
        /// The SHA-256 of its seed.
        commitment: &'a str,
    },
    /// A play session ended: the keys of the rolls everyone saw (its seed,
    /// before sealed rolls).
    PlaySessionEnded {
        /// Its number.
        session: u32,
        /// What it was committed to.
        commitment: &'a str,
        /// The seed (sessions before sealed rolls only).
        #[serde(skip_serializing_if = "Option::is_none")]
        seed: Option<&'a str>,
        /// The keys of the rolls everyone saw, each with its path.
        keys: &'a [crate::sealed::Opened],
    },
    /// A seat's choice of dice, or a roll the table waits for, or its drop
    /// (`waiting.rs`): pages fetch the awaited roll again.
    Dice {
        /// The encounter, for an awaited roll or its drop.
        #[serde(skip_serializing_if = "Option::is_none")]
        encounter: Option<&'a str>,
        /// What happened: `choice`, `awaited` or `dropped`.
        what: &'static str,
    },
    /// The GM revealed an ended session's secret rolls.
    PlaySessionSecretsRevealed {
        /// The session.
        session: u32,
        /// What it was committed to.
        commitment: &'a str,
        /// The keys of its secret rolls, each with its path.
        keys: &'a [crate::sealed::Opened],
    },
    /// The GM switched the campaign's content pack.
    PackSwitched(&'a crate::packs::api::Switched),
    /// Campaign characters' carried states changed (seen by the GM and the
    /// characters' owners).
    StateChanged {
        /// What kind of change.
        what: crate::carry::StateWhat,
        /// The encounter written back, if one.
        encounter: Option<&'a str>,
        /// The characters changed (those the viewer may see).
        characters: Vec<&'a str>,
        /// What happened and what changed, per character.
        lines: Vec<String>,
    },
    /// The GM took back a state change.
    StateUndone {
        /// The version of the entry taken back.
        undone_version: i64,
        /// "The GM takes back ..." and what the change had said.
        lines: Vec<String>,
    },
}

/// An accepted command as a viewer sees it.
#[derive(Serialize, ToSchema)]
pub(crate) struct CommandEntry<'a> {
    /// The encounter.
    pub(crate) encounter: &'a str,
    /// The command's name.
    pub(crate) command: &'a str,
    /// Its narration for this viewer.
    #[schema(value_type = Vec<String>)]
    pub(crate) lines: std::borrow::Cow<'a, [String]>,
    /// What only the GM sees of it.
    #[serde(flatten)]
    #[schema(value_type = crate::openapi::Optional<CommandDetails<'static>>)]
    pub(crate) gm: Option<CommandDetails<'a>>,
}

/// What the GM sees of a command beyond its narration: who gave it, the
/// command itself, the table's narration, its dice and events.
#[derive(Serialize, ToSchema)]
pub(crate) struct CommandDetails<'a> {
    by: &'a str,
    order: &'a Value,
    table_lines: &'a [String],
    dice: &'a [nanite_core::RolledDie],
    seeded: Option<&'a crate::seeds::SeedUse>,
    physical: bool,
    events: &'a [Value],
}

impl Entry<'_> {
    /// The lines a log shows of the entry (none for rolls and session marks).
    pub(crate) fn lines(&self) -> &[String] {
        match self {
            Entry::Command(c) => &c.lines,
            Entry::Undone { lines, .. }
            | Entry::StateChanged { lines, .. }
            | Entry::StateUndone { lines, .. } => lines,
            _ => &[],
        }
    }
}

fn entry<'a>(
    item: &'a Item,
    viewer: &Viewer,
    number: &dyn Fn(i64) -> i64,
) -> Option<FeedEntry<'a>> {
    let out = match &item.body {
        ItemBody::EncounterCreated {
            encounter,
            name,
            d20,
            plugged,
        } => Entry::EncounterCreated {
            encounter,
            name,
            ruleset: match (plugged.as_ref().and_then(|p| p.ruleset()), d20) {
                (Some(ruleset), _) => ruleset,
                (None, Some(_)) => Ruleset::D20,
                (None, None) => Ruleset::CompoundX,
            },
            field: d20.as_ref().map(|d| &d.field),
        },
        ItemBody::Command(c) if viewer.is_gm() => Entry::Command(CommandEntry {
            encounter: &c.encounter,
            command: &c.name,
            lines: c.told.gm.as_slice().into(),
            gm: Some(CommandDetails {
                by: &item.by,
                order: &c.order,
                table_lines: &c.told.table,
                dice: &c.dice,
                seeded: c.seeded.as_ref(),
                physical: c.physical,
                events: &c.events,
            }),
        }),
        ItemBody::Command(c) if c.told.secret => return None,
        ItemBody::Command(c) => Entry::Command(CommandEntry {
            encounter: &c.encounter,
            command: &c.name,
            lines: c.told.table.as_slice().into(),
            gm: None,
        }),
        ItemBody::Undone {
            encounter,
            undone,
            write_back,
        } => undone_entry(encounter, undone, write_back.as_ref(), viewer, number)?,
        ItemBody::Roll(roll) => Entry::Roll(roll.shown_to(&item.by, viewer)?),
        ItemBody::Chat(line) => Entry::Chat(line.shown_to(&item.by, viewer)?),
        // The awaited roll itself is shown by the tracker and
        // `GET .../awaited`.
        ItemBody::Dice(d) => {
            let (encounter, what) = match d {
                crate::waiting::DiceFact::Choice { .. } => (None, "choice"),
                crate::waiting::DiceFact::Awaited(a) => (Some(a.encounter.as_str()), "awaited"),
                crate::waiting::DiceFact::Dropped { encounter } => {
                    (Some(encounter.as_str()), "dropped")
                }
            };
            Entry::Dice { encounter, what }
        }
        ItemBody::SessionStarted {
            session,
            commitment,
        } => Entry::PlaySessionStarted {
            session: *session,
            commitment,
        },
        ItemBody::Station(s) => {
            return Some(FeedEntry::Station(crate::station::view::item(
                s, &item.by, viewer,
            )));
        }
        ItemBody::SessionEnded {
            session,
            commitment,
            seed,
            keys,
        } => Entry::PlaySessionEnded {
            session: *session,
            commitment,
            seed: seed.as_deref(),
            keys,
        },
        ItemBody::SecretsRevealed {
            session,
            commitment,
            keys,
        } => Entry::PlaySessionSecretsRevealed {
            session: *session,
            commitment,
            keys,
        },
        ItemBody::PackSwitched(switched) => Entry::PackSwitched(switched),
        ItemBody::StateChanged(change) if change.seen_by(viewer) => Entry::StateChanged {
            what: change.what,
            encounter: change.encounter.as_deref(),
            characters: change
                .characters
                .iter()
                .filter(|c| {
                    viewer.is_gm()
                        || c.owner.as_deref() == Some(viewer.invite.as_str())
                        || viewer.slot.as_deref() == Some(c.character.as_str())
                })
                .map(|c| c.character.as_str())
                .collect(),
            lines: change.lines_for(viewer),
        },
        ItemBody::StateChanged(_) => return None,
        ItemBody::StateUndone { undone } => state_undone(undone, viewer, number)?,
    };
    Some(FeedEntry::Table(out))
}

/// A command taken back, as `viewer` may see it: what it said, and the
/// fight's write-back taken back with it; none for a secret command a
/// player never saw.
fn undone_entry<'a>(
    encounter: &'a str,
    undone: &'a Item,
    write_back: Option<&'a std::sync::Arc<Item>>,
    viewer: &Viewer,
    number: &dyn Fn(i64) -> i64,
) -> Option<Entry<'a>> {
    let ItemBody::Command(c) = &undone.body else {
        return None;
    };
    if !viewer.is_gm() && c.told.secret {
        return None;
    }
    let lines = if viewer.is_gm() {
        &c.told.gm
    } else {
        &c.told.table
    };
    let mut said = vec![format!("The GM takes back `{}`:", c.name)];
    said.extend(lines.iter().map(|l| format!("  {l}")));
    let write_back = write_back.and_then(|w| match &w.body {
        ItemBody::StateChanged(change) if change.seen_by(viewer) => Some((w, change)),
        _ => None,
    });
    if let Some((_, change)) = write_back {
        said.push("and with it the fight's write-back:".into());
        said.extend(
            change
                .lines_for(viewer)
                .into_iter()
                .map(|l| format!("  {l}")),
        );
    }
    Some(Entry::Undone {
        encounter,
        command: &c.name,
        undone_version: number(undone.version),
        lines: said,
        write_back_version: write_back.map(|(w, _)| number(w.version)),
    })
}

/// A change of characters' state taken back, as `viewer` may see it.
fn state_undone<'a>(
    undone: &'a Item,
    viewer: &Viewer,
    number: &dyn Fn(i64) -> i64,
) -> Option<Entry<'a>> {
    let ItemBody::StateChanged(change) = &undone.body else {
        return None;
    };
    if !change.seen_by(viewer) {
        return None;
    }
    let mut said = vec![format!("The GM takes back the {}:", change.what.words())];
    said.extend(
        change
            .lines_for(viewer)
            .into_iter()
            .map(|l| format!("  {l}")),
    );
    Some(Entry::StateUndone {
        undone_version: number(undone.version),
        lines: said,
    })
}

/// The answer to a change: 201 with the entry as the caller sees it, or 200
/// and `Idempotent-Replayed: true` when the key had been used.
pub(crate) fn created(committed: crate::tables::Committed) -> Response {
    let replayed = committed.replayed;
    let body = Json(Changed {
        version: committed.version,
        replayed,
        entry: committed.shown,
    });
    if replayed {
        (
            StatusCode::OK,
            [(
                HeaderName::from_static("idempotent-replayed"),
                HeaderValue::from_static("true"),
            )],
            body,
        )
            .into_response()
    } else {
        (StatusCode::CREATED, body).into_response()
    }
}

/// The answer to a change (a command, a roll, an undo ...).
#[derive(Serialize, ToSchema)]
pub(crate) struct Changed {
    /// The change's number in the caller's feed (the stream version for
    /// the GM).
    version: i64,
    /// An `Idempotency-Key` sent again: this is the first answer (200).
    replayed: bool,
    /// The change's feed entry as the caller sees it (null when it is
    /// hidden from them). Kept as the JSON text [`item`] makes of a
    /// [`Shown`] (it borrows from the table, which the answer outlives).
    #[schema(value_type = Option<Shown<'static>>)]
    entry: Option<Box<RawValue>>,
}

/// An encounter as one viewer sees it, tagged by its `ruleset`.
#[derive(Serialize, ToSchema)]
#[serde(tag = "ruleset", rename_all = "kebab-case")]
pub(crate) enum EncounterShown<'a> {
    /// A Compound X fight.
    CompoundX(CxEncounter<'a>),
    /// A D20 fight.
    D20(crate::d20::view::EncounterView),
    /// A game of a registered ruleset, tagged with its own key.
    #[serde(untagged)]
    Plugged(crate::plugged::view::PluggedEncounter<'a>),
}

/// What `GET .../encounters/{encounter}` answers: the encounter as the
/// caller sees it, at a stream version.
#[derive(Serialize, ToSchema)]
pub(crate) struct EncounterAnswer<'a> {
    /// The caller's feed number it was seen at (the stream version for
    /// the GM).
    pub(crate) version: i64,
    /// The encounter.
    #[serde(flatten)]
    pub(crate) encounter: EncounterShown<'a>,
}

/// How hurt a combatant looks from across the table.
pub(crate) fn wounded(f: &Fighter) -> &'static str {
    if f.dead {
        "dead"
    } else if f.is_downed() {
        "down"
    } else if f.hp >= f.max_hp {
        "unhurt"
    } else if f.hp * 4 >= f.max_hp * 3 {
        "scratched"
    } else if f.hp * 2 >= f.max_hp {
        "wounded"
    } else {
        "badly wounded"
    }
}

/// Whether `viewer` plays the combatant `entrant` describes.
pub(crate) fn owns(entrant: Option<&Entrant>, viewer: &Viewer) -> bool {
    let Some(e) = entrant else { return false };
    e.owner.as_deref() == Some(viewer.invite.as_str())
        || (e.character.is_some() && e.character == viewer.slot)
}

/// The table's seat of `viewer` at a fight whose combatants are `seats`:
/// the GM, a player of the combatants they own, or a spectator.
pub(crate) fn seat<'a>(
    enc: &Encounter,
    seats: impl Iterator<Item = &'a CombatantId>,
    viewer: &Viewer,
) -> nanite_core::table::Seat {
    use nanite_core::table::Seat;
    match viewer.role {
        Role::Gm => Seat::Gm,
        Role::Player => Seat::Player {
            controls: seats
                .filter(|id| owns(enc.roster.get(*id), viewer))
                .cloned()
                .collect(),
        },
        Role::Spectator => Seat::Spectator,
    }
}

/// The encounter as `viewer` sees it, with its ruleset.
pub(crate) fn encounter<'a>(
    table: &'a Table,
    enc: &'a Encounter,
    viewer: &Viewer,
) -> EncounterShown<'a> {
    match &enc.play {
        Play::CompoundX(game) => {
            EncounterShown::CompoundX(cx_encounter(table, enc, game.state(), viewer))
        }
        Play::D20(game) => EncounterShown::D20(crate::d20::view::encounter(
            table,
            enc,
            game.state(),
            viewer,
        )),
        Play::Plugged(game) => EncounterShown::Plugged(crate::plugged::view::encounter(
            table,
            enc,
            game.as_ref(),
            viewer,
        )),
    }
}

/// A Compound X encounter as one viewer sees it.
#[derive(Serialize, ToSchema)]
pub(crate) struct CxEncounter<'a> {
    /// Its id.
    pub(crate) id: &'a str,
    /// Its name.
    pub(crate) name: &'a str,
    /// `setup`, `surprise`, `round` or `ended`.
    pub(crate) phase: &'static str,
    /// The round (0 outside the rounds).
    pub(crate) round: u32,
    /// Whose turn it is, if the viewer may see them.
    pub(crate) active: Option<&'a CombatantId>,
    /// The active combatant's actions.
    pub(crate) actions: Option<Actions>,
    /// The initiative order of those the viewer sees.
    pub(crate) initiative: Vec<InitiativeEntry<'a>>,
    /// The combatants the viewer sees.
    pub(crate) combatants: Vec<CxCombatant<'a>>,
    /// Distances in metres between combatants the viewer sees.
    pub(crate) distances: Vec<(&'a CombatantId, &'a CombatantId, i64)>,
    /// The battle map, if the fight has one: its walls and doors, and the
    /// places of the combatants the viewer sees (fog of war, `fog.rs`).
    pub(crate) map: Option<crate::battle_map::MapShown<'a>>,
    /// The log as the viewer heard it.
    pub(crate) log: Vec<Shown<'a>>,
}

impl CxEncounter<'_> {
    /// The shown combatant `id`.
    pub(crate) fn combatant(&self, id: &str) -> Option<&CxCombatant<'_>> {
        self.combatants.iter().find(|c| c.id.as_str() == id)
    }

    /// The name the viewer knows `id` by (the id itself if unknown).
    pub(crate) fn name_of<'b>(&'b self, id: &'b str) -> &'b str {
        self.combatant(id).map_or(id, |c| c.name)
    }

    /// The distance in metres between `a` and `b`, if set and shown.
    pub(crate) fn distance(&self, a: &str, b: &str) -> Option<i64> {
        self.distances
            .iter()
            .find(|(x, y, _)| {
                (x.as_str() == a && y.as_str() == b) || (x.as_str() == b && y.as_str() == a)
            })
            .map(|(_, _, m)| *m)
    }
}

/// Actions of a turn.
#[derive(Serialize, ToSchema)]
#[schema(as = CxActions)]
pub(crate) struct Actions {
    /// The turn's actions.
    pub(crate) total: u32,
    /// Those not spent yet.
    pub(crate) left: u32,
}

/// A place in the initiative order.
#[derive(Serialize, ToSchema)]
#[schema(as = CxInitiativeEntry)]
pub(crate) struct InitiativeEntry<'a> {
    /// The combatant.
    pub(crate) id: &'a CombatantId,
    /// Its name.
    pub(crate) name: &'a str,
    /// Its initiative, once rolled.
    pub(crate) total: Option<i64>,
}

/// A Compound X combatant as one viewer sees it: of the others, what can be
/// seen across the table; of one's own (and for the GM), everything.
#[derive(Serialize, ToSchema)]
pub(crate) struct CxCombatant<'a> {
    /// Its id.
    pub(crate) id: &'a CombatantId,
    /// Its name.
    pub(crate) name: &'a str,
    /// Its side.
    pub(crate) side: &'a str,
    /// Its conditions.
    pub(crate) conditions: Vec<ConditionShown>,
    /// How hurt it looks (see [`wounded`]).
    pub(crate) wounded: &'static str,
    /// Whether the viewer plays it.
    pub(crate) mine: bool,
    /// What its GM and player see besides.
    #[serde(flatten)]
    #[schema(value_type = crate::openapi::Optional<CxDetails<'static>>)]
    pub(crate) full: Option<CxDetails<'a>>,
}

/// A condition on a combatant.
#[derive(Serialize, ToSchema)]
#[schema(as = CxConditionShown)]
pub(crate) struct ConditionShown {
    /// Which.
    pub(crate) condition: nanite_compound_x::combat::ConditionKind,
    /// How many stacks.
    pub(crate) stacks: u32,
}

/// What the GM and a combatant's player see of it besides its looks.
#[derive(Serialize, ToSchema)]
pub(crate) struct CxDetails<'a> {
    /// Hidden from the players.
    pub(crate) hidden: bool,
    /// The campaign character it was made from.
    pub(crate) character: Option<&'a str>,
    /// The invitation that plays it.
    pub(crate) owner: Option<&'a str>,
    /// Health.
    pub(crate) hp: i64,
    /// Most health.
    pub(crate) max_hp: i64,
    /// Nanites.
    pub(crate) nanites: i64,
    /// Most nanites.
    pub(crate) max_nanites: i64,
    /// Worn armor.
    pub(crate) armor: Option<ArmorShown<'a>>,
    /// A shield.
    pub(crate) shield: Option<ShieldShown<'a>>,
    /// Cover.
    pub(crate) cover: nanite_compound_x::combat::Cover,
    /// Stance.
    pub(crate) stance: nanite_compound_x::combat::Stance,
    /// Downed.
    pub(crate) downed: bool,
    /// While downed, the death saves it may still fail before it dies
    /// (CX-DEATH-04): its allowance less the failures of this downing.
    pub(crate) death_saves_left: Option<u32>,
    /// Dead.
    pub(crate) dead: bool,
    /// Wounds taken.
    pub(crate) wounds: &'a [i64],
    /// Its initiative.
    pub(crate) initiative: Option<i64>,
    /// Its weapons.
    pub(crate) weapons: Vec<WeaponShown<'a>>,
}

/// Worn armor as shown.
#[derive(Serialize, ToSchema)]
#[schema(as = CxArmorShown)]
pub(crate) struct ArmorShown<'a> {
    pub(crate) name: &'a str,
    pub(crate) points_left: i64,
    pub(crate) armor_points: i64,
    pub(crate) apl: i64,
    pub(crate) coverage: i64,
}

/// A shield as shown.
#[derive(Serialize, ToSchema)]
#[schema(as = CxShieldShown)]
pub(crate) struct ShieldShown<'a> {
    pub(crate) name: &'a str,
    pub(crate) strength: i64,
    pub(crate) max: i64,
}

/// A weapon as shown.
#[derive(Serialize, ToSchema)]
#[schema(as = CxWeaponShown)]
pub(crate) struct WeaponShown<'a> {
    pub(crate) index: usize,
    pub(crate) id: &'a str,
    pub(crate) name: &'a str,
    pub(crate) loaded: i64,
    pub(crate) magazine: i64,
    pub(crate) spare_magazines: i64,
    pub(crate) jammed: bool,
    pub(crate) broken: bool,
}

/// A Compound X encounter as `viewer` sees it.
pub(crate) fn cx_encounter<'a>(
    table: &Table,
    enc: &'a Encounter,
    battle: &'a Battle,
    viewer: &Viewer,
) -> CxEncounter<'a> {
    let clock = &battle.clock;
    let seat = |id: &CombatantId| clock.seats.iter().find(|s| &s.id == id);
    // On a battle map, a player sees only whom their characters see.
    let fog = crate::fog::seen_by_viewer(enc, battle, viewer);
    let visible = |id: &CombatantId| {
        viewer.is_gm()
            || (seat(id).is_some_and(|s| !s.hidden) && fog.as_ref().is_none_or(|f| f.contains(id)))
    };
    let name = |id: &'a CombatantId| {
        battle
            .combatants
            .get(id)
            .map_or(id.as_str(), |c| c.fighter.name.as_str())
    };
    let (phase, round) = crate::view::phase(&clock.phase);
    let active = clock.active.as_ref().filter(|id| visible(id));
    CxEncounter {
        id: &enc.id,
        name: &enc.name,
        phase,
        round,
        active,
        actions: active.map(|_| Actions {
            total: clock.budget.total,
            left: clock.budget.left,
        }),
        initiative: clock
            .order
            .iter()
            .filter(|id| visible(id))
            .map(|id| InitiativeEntry {
                id,
                name: name(id),
                total: seat(id)
                    .and_then(|s| s.initiative.as_ref())
                    .map(|i| i.total),
            })
            .collect(),
        combatants: clock
            .seats
            .iter()
            .filter(|s| visible(&s.id))
            .filter_map(|s| {
                let entrant = enc.roster.get(&s.id);
                let full = viewer.is_gm() || owns(entrant, viewer);
                combatant(battle, s, entrant, full, owns(entrant, viewer))
            })
            .collect(),
        distances: battle
            .distances
            .iter()
            .filter(|((a, b), _)| visible(a) && visible(b))
            .map(|((a, b), m)| (a, b, *m))
            .collect(),
        map: crate::battle_map::shown(battle, enc, viewer, &visible),
        log: enc
            .log
            .iter()
            .filter_map(|i| shown(table, i, viewer))
            .collect(),
    }
}

fn combatant<'a>(
    battle: &'a Battle,
    seat: &'a Seat,
    entrant: Option<&'a Entrant>,
    full: bool,
    mine: bool,
) -> Option<CxCombatant<'a>> {
    let c = battle.combatants.get(&seat.id)?;
    let f = &c.fighter;
    let details = full.then(|| CxDetails {
        hidden: seat.hidden,
        character: entrant.and_then(|e| e.character.as_deref()),
        owner: entrant.and_then(|e| e.owner.as_deref()),
        hp: f.hp,
        max_hp: f.max_hp,
        nanites: f.nanites,
        max_nanites: f.max_nanites,
        armor: f.armor.as_ref().map(|a| ArmorShown {
            name: &a.name,
            points_left: a.points_left,
            armor_points: a.armor_points,
            apl: a.apl,
            coverage: a.coverage,
        }),
        shield: f.shield.as_ref().map(|s| ShieldShown {
            name: &s.name,
            strength: s.strength,
            max: s.max,
        }),
        cover: c.cover,
        stance: c.stance,
        downed: f.is_downed(),
        death_saves_left: (f.is_downed() && !f.dead).then(|| {
            f.death_saves
                .allowance
                .saturating_sub(f.death_saves.failures)
        }),
        dead: f.dead,
        wounds: &f.wounds,
        initiative: seat.initiative.as_ref().map(|i| i.total),
        weapons: f
            .weapons
            .iter()
            .enumerate()
            .map(|(index, w)| WeaponShown {
                index,
                id: &w.id,
                name: &w.name,
                loaded: w.loaded,
                magazine: w.magazine,
                spare_magazines: w.spare_magazines,
                jammed: w.jammed,
                broken: w.broken,
            })
            .collect(),
    });
    Some(CxCombatant {
        id: &seat.id,
        name: &f.name,
        side: &seat.side,
        conditions: battle
            .conditions(&seat.id)
            .map(|k| ConditionShown {
                condition: k.kind,
                stacks: k.stacks,
            })
            .collect(),
        wounded: wounded(f),
        mine,
        full: details,
    })
}

/// An encounter's phase as the API names it, and its round (0 outside the
/// rounds): the same for every ruleset.
pub(crate) fn phase(phase: &FightPhase) -> (&'static str, u32) {
    match phase {
        FightPhase::Setup => ("setup", 0),
        FightPhase::Surprise { .. } => ("surprise", 0),
        FightPhase::Round { number } => ("round", *number),
        FightPhase::Ended => ("ended", 0),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn wounds_read_from_across_the_table() {
        let pack = crate::pack::sample().unwrap();
        let text = include_str!("../../../examples/compound-x/raider.toml");
        let (character, _) = nanite_compound_x::Character::read(
            &nanite_core::content::SourceFile::new("raider.toml", text),
        );
        let sheet = nanite_compound_x::Sheet::compute(&character, &pack);
        let mut f = nanite_compound_x::combat::Fighter::from_sheet(&sheet, &pack);
        let max = f.max_hp;
        let cases = [
            (max, "unhurt"),
            (max - 1, "scratched"),
            (max / 2, "wounded"),
            (max / 2 - 1, "badly wounded"),
            (0, "down"),
        ];
        for (hp, expected) in cases {
            f.hp = hp;
            assert_eq!(super::wounded(&f), expected, "{hp} of {max}");
        }
        f.dead = true;
        assert_eq!(super::wounded(&f), "dead");
    }
}
