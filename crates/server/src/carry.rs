//! Campaign characters that carry their state from fight to fight
//! (docs/campaign.md): each campaign character has a current state beside
//! its file (`nanite_compound_x::carry`, `nanite_d20::carry`), kept as
//! events of the campaign's stream, so it is in the log, undone by the GM
//! and carried by an export. A new encounter starts each campaign character
//! from it; when the GM ends an encounter, what the fight did to each is
//! written back ([`write_back`]). Between fights the owner or the GM rests,
//! treats and repairs, and the GM resupplies, hands out loot, awards XP and
//! corrects any value with a reason; a level is taken once the XP allows it,
//! through the level-up checks.

mod api;
mod level_choices;

use std::collections::BTreeMap;
use std::sync::Arc;

use nanite_core::{CombatantId, RolledDie};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::AppError;
use crate::permissions::Viewer;
use crate::ruleset::Play;
use crate::seeds::SeedUse;
use crate::table::{Item, ItemBody, Table};

pub(crate) use api::*;
pub(crate) use level_choices::LevelChoices;

/// A campaign character's carried state, of its campaign's ruleset.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "ruleset", rename_all = "kebab-case")]
#[schema(as = CarriedState)]
pub(crate) enum Carried {
    /// A Compound X character's.
    CompoundX(Box<nanite_compound_x::carry::CharacterState>),
    /// A D20 character's.
    D20(Box<nanite_d20::carry::CharacterState>),
}

impl Carried {
    /// What changed from `before`, in words.
    pub(crate) fn changes_from(&self, before: &Carried) -> Vec<String> {
        match (self, before) {
            (Carried::CompoundX(a), Carried::CompoundX(b)) => a.changes_from(b),
            (Carried::D20(a), Carried::D20(b)) => a.changes_from(b),
            _ => vec!["another ruleset's state".into()],
        }
    }

    /// Its XP.
    pub(crate) fn xp(&self) -> i64 {
        match self {
            Carried::CompoundX(s) => s.xp,
            Carried::D20(s) => s.xp,
        }
    }

    /// Its level.
    pub(crate) fn level(&self) -> i64 {
        match self {
            Carried::CompoundX(s) => s.level,
            Carried::D20(s) => s.level,
        }
    }
}

/// What kind of change a [`StateChange`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub(crate) enum StateWhat {
    /// The end of an encounter, written back.
    WriteBack,
    /// A rest (CX-HEAL-04; D20-REST-01).
    Rest,
    /// Medicine (CX-HEAL-02/03) or a healing kit (D20-REST-02).
    Treat,
    /// A repair (CX-STAT-13, CX-COND-07).
    Repair,
    /// Gear back to the file's counts.
    Resupply,
    /// Gear found.
    Loot,
    /// XP awarded.
    Award,
    /// A level taken.
    LevelUp,
    /// The GM's correction by hand.
    Correct,
}

impl StateWhat {
    /// In words.
    pub(crate) fn words(self) -> &'static str {
        match self {
            StateWhat::WriteBack => "after the fight",
            StateWhat::Rest => "rest",
            StateWhat::Treat => "treatment",
            StateWhat::Repair => "repair",
            StateWhat::Resupply => "resupply",
            StateWhat::Loot => "loot",
            StateWhat::Award => "XP award",
            StateWhat::LevelUp => "level up",
            StateWhat::Correct => "GM correction",
        }
    }
}

/// A character file replaced by a change (a level taken).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct FileChange {
    /// The TOML before.
    pub(crate) before: String,
    /// The TOML after.
    pub(crate) after: String,
}

/// One character's new state in a [`StateChange`].
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct CharacterChange {
    /// The character's id.
    pub(crate) character: String,
    /// Its name.
    pub(crate) name: String,
    /// The seat that owns it (none: the GM's).
    pub(crate) owner: Option<String>,
    /// The state after.
    pub(crate) state: Carried,
    /// What happened and what changed, in words.
    pub(crate) lines: Vec<String>,
    /// Its file, when the change replaced it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) file: Option<FileChange>,
}

/// Carried states changed, as the stream keeps it: each character's whole
/// state after, so replaying needs no engine.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct StateChange {
    /// What kind of change.
    pub(crate) what: StateWhat,
    /// The encounter written back, if one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) encounter: Option<String>,
    /// The reason given (the GM's corrections, awards, loot).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) reason: Option<String>,
    /// Each character changed.
    pub(crate) characters: Vec<CharacterChange>,
    /// The dice rolled (a treatment, a repair).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) dice: Vec<RolledDie>,
    /// The play session and index its dice came from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) seeded: Option<SeedUse>,
}

impl StateChange {
    /// Whether `viewer` sees it: the GM, and the owners of its characters.
    pub(crate) fn seen_by(&self, viewer: &Viewer) -> bool {
        viewer.is_gm() || self.characters.iter().any(|c| owned_by(c, viewer))
    }

    /// Its lines as `viewer` sees them.
    pub(crate) fn lines_for(&self, viewer: &Viewer) -> Vec<String> {
        let mut out = Vec::new();
        for c in self
            .characters
            .iter()
            .filter(|c| viewer.is_gm() || owned_by(c, viewer))
        {
            let mut head = format!("{} — {}", c.name, self.what.words());
            if let Some(reason) = &self.reason {
                head.push_str(&format!(" ({reason})"));
            }
            out.push(head);
            out.extend(c.lines.iter().map(|l| format!("  {l}")));
        }
        out
    }
}

fn owned_by(c: &CharacterChange, viewer: &Viewer) -> bool {
    c.owner.as_deref() == Some(viewer.invite.as_str())
        || viewer.slot.as_deref() == Some(c.character.as_str())
}

/// The carried states of a campaign's characters, as its stream's
/// changes left them (the table's projection).
#[derive(Debug, Default)]
pub(crate) struct States {
    /// Each character's states, oldest first, with the version that set it.
    history: BTreeMap<String, Vec<(i64, Carried)>>,
    /// The versions of the changes still standing, oldest first.
    standing: Vec<i64>,
    /// The encounters written back, with the version.
    written: BTreeMap<String, i64>,
}

impl States {
    /// Follows one feed entry.
    pub(crate) fn note(&mut self, version: i64, body: &ItemBody) {
        match body {
            ItemBody::StateChanged(change) => {
                for c in &change.characters {
                    self.history
                        .entry(c.character.clone())
                        .or_default()
                        .push((version, c.state.clone()));
                }
                self.standing.push(version);
                if let Some(e) = change
                    .encounter
                    .as_ref()
                    .filter(|_| change.what == StateWhat::WriteBack)
                {
                    self.written.insert(e.clone(), version);
                }
            }
            ItemBody::StateUndone { undone }
            | ItemBody::Undone {
                write_back: Some(undone),
                ..
            } => self.take_back(undone),
            _ => {}
        }
    }

    /// Takes back the state change `undone`.
    fn take_back(&mut self, undone: &Item) {
        let ItemBody::StateChanged(change) = &undone.body else {
            return;
        };
        for c in &change.characters {
            if let Some(list) = self.history.get_mut(&c.character) {
                if list.last().is_some_and(|(v, _)| *v == undone.version) {
                    list.pop();
                }
            }
        }
        self.standing.retain(|v| *v != undone.version);
        self.written.retain(|_, v| *v != undone.version);
    }

    /// The write-back of `encounter` that taking back one of its commands
    /// takes back with it (issue 23: the write-back is undoable, in the
    /// log): none when the fight was not written back. When later changes
    /// of the characters' states stand on it (a rest, an award), the GM
    /// takes those back first: the refusal says so and changes nothing.
    pub(crate) fn undone_with(&self, encounter: &str) -> Result<Option<i64>, AppError> {
        let Some(&version) = self.written.get(encounter) else {
            return Ok(None);
        };
        if self.last_standing() != Some(version) {
            return Err(AppError::unprocessable(
                "written_back",
                "this fight was written back to its characters' carried states and later changes (a rest, an award...) stand on that; the GM takes those back first (POST /api/campaigns/{campaign}/states/undo), then this command",
            ));
        }
        Ok(Some(version))
    }

    /// The state `character` carries now (none: fresh from its file).
    pub(crate) fn current(&self, character: &str) -> Option<&Carried> {
        self.history.get(character)?.last().map(|(_, s)| s)
    }

    /// The version of the last change still standing.
    pub(crate) fn last_standing(&self) -> Option<i64> {
        self.standing.last().copied()
    }

    /// Whether `encounter` has been written back.
    pub(crate) fn written(&self, encounter: &str) -> bool {
        self.written.contains_key(encounter)
    }

    /// Rebuilds the projection from a feed (a snapshot's).
    pub(crate) fn from_feed(feed: &[Arc<Item>]) -> States {
        let mut states = States::default();
        for item in feed {
            states.note(item.version, &item.body);
        }
        states
    }
}

/// The campaign character behind each combatant of an ended encounter, with
/// its state after the fight (the current state, or the file's, as base).
pub(crate) fn written_back(
    table: &Table,
    encounter: &str,
    characters: &BTreeMap<String, api::Loaded>,
) -> Result<Vec<CharacterChange>, AppError> {
    let enc = table.encounter(encounter)?;
    let mut out = Vec::new();
    for (id, entrant) in &enc.roster {
        let Some(character) = &entrant.character else {
            continue;
        };
        let Some(loaded) = characters.get(character) else {
            continue;
        };
        let before = table
            .carried
            .current(character)
            .cloned()
            .unwrap_or_else(|| loaded.fresh.clone());
        let after = match (&enc.play, &before) {
            (Play::CompoundX(game), Carried::CompoundX(s)) => Carried::CompoundX(Box::new(
                s.after_fight(game.state(), id).map_err(api::carry_error)?,
            )),
            (Play::D20(game), Carried::D20(s)) => Carried::D20(Box::new(
                s.after_fight(game.state(), id).map_err(api::carry_error)?,
            )),
            _ => continue,
        };
        let mut lines = after.changes_from(&before);
        if lines.is_empty() {
            lines.push("unchanged".into());
        }
        lines.insert(0, format!("as {} left the fight", combatant_name(id)));
        out.push(CharacterChange {
            character: character.clone(),
            name: loaded.name.clone(),
            owner: loaded.owner.clone(),
            state: after,
            lines,
            file: None,
        });
    }
    Ok(out)
}

fn combatant_name(id: &CombatantId) -> String {
    id.as_str().to_string()
}
