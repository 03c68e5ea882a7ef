//! What a campaign's stream keeps: one [`Entry`] per accepted change, with
//! who asked, the request's fingerprint and the [`Fact`]. A command is kept
//! as the server received it, with every die it rolled, so replaying it
//! needs nothing else; the engine's events are kept beside it for readers of
//! the stream (they are not read back: events are not deserializable).
//!
//! Every stream ever written is read back on every load, so this format
//! only grows: fields are added with defaults, variants are added, nothing
//! is renamed. An encounter's ruleset is in its `EncounterCreated` (no D20
//! setup: Compound X, as every encounter made before D20).

use std::collections::BTreeMap;

use nanite_compound_x::combat::{Cover, Fighter, Stance};
use nanite_compound_x::encounter::Command;
use nanite_compound_x::{Character, HouseRules, Pack, Sheet};
use nanite_core::content::SourceFile;
use nanite_core::{CombatantId, RolledDie};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::d20::{D20Entrance, D20Setup};
use crate::pack::Packs;
use crate::rolls::RollItem;
use crate::ruleset::{Play, RulesCommand};
use crate::sealed::Opened;
use crate::seeds::SeedUse;

/// What the stream keeps of one accepted change.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub(crate) enum Fact {
    /// The GM opened an encounter.
    EncounterCreated {
        /// Its id.
        encounter: String,
        /// Its name.
        name: String,
        /// A D20 encounter's field and settings; none: Compound X.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        d20: Option<D20Setup>,
        /// A registered ruleset's encounter: the ruleset and its setup.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        plugged: Option<crate::plugged::Setup>,
    },
    /// A command the engine accepted.
    Command {
        /// The encounter.
        encounter: String,
        /// The server-level command.
        order: Order,
        /// Every die it rolled, in order: replaying needs nothing else.
        dice: Vec<RolledDie>,
        /// The engine's events, for viewers of the stream.
        events: Vec<Value>,
        /// The play session and index its server-side dice came from.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seeded: Option<SeedUse>,
        /// Its dice were the table's physical dice, typed in.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        physical: bool,
    },
    /// The GM took back the encounter's last command: it is replayed
    /// without it, as if it had never been given.
    Undone {
        /// The encounter.
        encounter: String,
        /// The version of the fight's write-back to its campaign
        /// characters' carried states, taken back with it (`carry.rs`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        write_back: Option<i64>,
    },
    /// A roll of the roll log.
    Roll(RollItem),
    /// A line of the chat: said to everyone, or whispered.
    Chat(crate::chat::ChatItem),
    /// A play session started: its commitment (the root of its sealed
    /// rolls' tree, `sealed.rs`; the SHA-256 of its seed for sessions
    /// before sealed rolls).
    SessionStarted {
        /// Its number in the campaign, from 1.
        session: u32,
        /// The commitment, in hex.
        commitment: String,
    },
    /// A play session ended: the keys of the rolls everyone saw (or, for
    /// a session before sealed rolls, its seed).
    SessionEnded {
        /// Its number.
        session: u32,
        /// The seed, 64 hex digits (sessions before sealed rolls only).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seed: Option<String>,
        /// The keys of the rolls everyone saw, each with its path.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        keys: Vec<Opened>,
    },
    /// The GM revealed an ended session's secret rolls: their keys.
    SecretsRevealed {
        /// The session.
        session: u32,
        /// The keys of its secret rolls, each with its path.
        keys: Vec<Opened>,
    },
    /// The GM started a Station game from a scenario.
    StationStarted(crate::station::record::Started),
    /// A Station crew member's seat changed.
    StationSeated(crate::station::record::Seated),
    /// Station commands the engine accepted: one from the table and, in a
    /// single-player scenario, the automated GM's answer.
    StationPlayed(crate::station::record::Played),
    /// The GM took back a Station game's last accepted change.
    StationUndone(crate::station::record::Undone),
    /// The GM switched the campaign to a version of its content pack (or
    /// back to the built-in sample): combatants entering from now on are
    /// built with it (`packs`).
    PackSwitched(crate::packs::api::Switched),
    /// Campaign characters' carried states changed: written back at the
    /// end of a fight, or by a between-fight command (`carry.rs`).
    StateChanged(Box<crate::carry::StateChange>),
    /// The GM took back the last state change still standing.
    StateUndone {
        /// The stream version of the change taken back.
        version: i64,
    },
    /// A seat's choice of dice, or a roll the table waits for
    /// (`crate::waiting`).
    Dice(crate::waiting::DiceFact),
}

impl Fact {
    /// The event kind the store files it under.
    pub(crate) fn kind(&self) -> &'static str {
        match self {
            Fact::EncounterCreated { .. } => "encounter_created",
            Fact::Command { .. } => "command",
            Fact::Undone { .. } => "undone",
            Fact::Roll(_) => "roll",
            Fact::Chat(_) => "chat",
            Fact::SessionStarted { .. } => "play_session_started",
            Fact::SessionEnded { .. } => "play_session_ended",
            Fact::SecretsRevealed { .. } => "play_session_secrets_revealed",
            Fact::StationStarted(_) => "station_started",
            Fact::StationSeated(_) => "station_seated",
            Fact::StationPlayed(_) => "station_played",
            Fact::StationUndone(_) => "station_undone",
            Fact::PackSwitched(_) => "pack_switched",
            Fact::StateChanged(_) => "state_changed",
            Fact::StateUndone { .. } => "state_undone",
            Fact::Dice(_) => "dice",
        }
    }
}

/// A stream event: who, the request's fingerprint (so a reused idempotency
/// key with another request is caught), and the fact.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Entry {
    /// The seat (invitation id) that asked.
    pub(crate) by: String,
    /// SHA-256 of the request.
    pub(crate) fingerprint: String,
    /// What happened.
    #[serde(flatten)]
    pub(crate) fact: Fact,
}

/// A command as the server keeps it: the engine's own JSON, or an entrance
/// built from a character file (the engine's `Add` carries a whole fighter,
/// which is rebuilt from the file on replay).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "order", rename_all = "snake_case")]
pub(crate) enum Order {
    /// A combatant enters from a character file.
    Add(Entrance),
    /// A combatant enters a D20 encounter from a D20 character file.
    D20Add(D20Entrance),
    /// Any other command, as the engine reads it from JSON.
    Rules {
        /// The command.
        command: Value,
    },
    /// A registered ruleset's command (`crate::plugged`), as it reads it
    /// from JSON, with the combatant it brings in and that one's owner.
    Plugged {
        /// The command.
        command: Value,
        /// The combatant it brings in, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        entrant: Option<CombatantId>,
        /// The player seat that gave it (none: the GM).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        owner: Option<String>,
    },
}

/// A combatant entering from a character file.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Entrance {
    /// Its handle.
    pub(crate) id: CombatantId,
    /// Its side.
    pub(crate) side: String,
    /// Hidden from the players.
    pub(crate) hidden: bool,
    /// Its cover.
    pub(crate) cover: Cover,
    /// Its stance.
    pub(crate) stance: Stance,
    /// A name for the log instead of the character's.
    pub(crate) name: Option<String>,
    /// The campaign character it came from (none for an NPC file).
    pub(crate) character: Option<String>,
    /// The player seat that owns it (none: the GM's).
    pub(crate) owner: Option<String>,
    /// The file name and text.
    pub(crate) file: String,
    /// The TOML.
    pub(crate) text: String,
    /// The house rules in force when it entered.
    pub(crate) house_rules: BTreeMap<String, bool>,
    /// A campaign character's carried state it entered with (none: fresh
    /// from its file, as every entrance before carried states).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) carried: Option<Box<nanite_compound_x::carry::CharacterState>>,
}

impl Order {
    /// Who owns the combatant an entrance brings in.
    pub(crate) fn entrant(&self) -> Option<(CombatantId, crate::table::Entrant)> {
        let (id, character, owner) = match self {
            Order::Add(e) => (&e.id, &e.character, &e.owner),
            Order::D20Add(e) => (&e.id, &e.character, &e.owner),
            Order::Rules { .. } => return None,
            Order::Plugged { entrant, owner, .. } => (entrant.as_ref()?, &None, owner),
        };
        Some((
            id.clone(),
            crate::table::Entrant {
                character: character.clone(),
                owner: owner.clone(),
            },
        ))
    }

    /// The command for `play`'s engine, rebuilding an entrant's fighter
    /// from its file.
    pub(crate) fn rules_command(&self, packs: &Packs, play: &Play) -> Result<RulesCommand, String> {
        match play {
            Play::CompoundX(_) => self.command(&packs.cx).map(RulesCommand::CompoundX),
            Play::D20(game) => {
                crate::d20::command(self, &packs.d20, game.state()).map(RulesCommand::D20)
            }
            Play::Plugged(game) => match self {
                Order::Plugged { command, .. } => game.command(command),
                _ => Err(format!(
                    "a {} encounter takes only its own commands",
                    game.key()
                )),
            },
        }
    }

    /// The Compound X command, rebuilding an entrant's fighter from its
    /// file.
    pub(crate) fn command(&self, pack: &Pack) -> Result<Command, String> {
        match self {
            Order::D20Add(e) => Err(format!("{} is a D20 entrance, not Compound X", e.id)),
            Order::Plugged { .. } => Err("a registered ruleset's command, not Compound X".into()),
            Order::Rules { command } => {
                serde_json::from_value(command.clone()).map_err(|e| e.to_string())
            }
            Order::Add(e) => {
                let (mut character, found) = Character::read(&SourceFile::new(&e.file, &e.text));
                if found.has_errors() {
                    return Err(format!("{} no longer reads:\n{found}", e.file));
                }
                let mut rules = HouseRules::default();
                for (key, on) in &e.house_rules {
                    rules.set(key, *on);
                }
                character.house_rules = rules;
                let sheet = Sheet::compute(&character, pack);
                let mut fighter = match &e.carried {
                    Some(state) => state.fighter(&sheet, pack).map_err(|e| e.to_string())?,
                    None => Fighter::from_sheet(&sheet, pack),
                };
                if let Some(name) = &e.name {
                    fighter.name = name.clone();
                }
                Ok(Command::Add {
                    id: e.id.clone(),
                    side: e.side.clone(),
                    hidden: e.hidden,
                    fighter: Box::new(fighter),
                    cover: e.cover,
                    stance: e.stance,
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_written_before_d20_read_back_as_compound_x() {
        // An encounter and an entrance as the server wrote them before
        // rulesets could be chosen.
        let opened: Entry = serde_json::from_str(
            r#"{"by":"i-1","fingerprint":"f","type":"encounter_created","encounter":"e-1","name":"Depot"}"#,
        )
        .unwrap();
        assert!(matches!(
            opened.fact,
            Fact::EncounterCreated { d20: None, .. }
        ));
        let written = serde_json::to_value(&opened).unwrap();
        assert!(
            written.get("d20").is_none(),
            "nothing added to a Compound X entry: {written}"
        );
        let order: Order =
            serde_json::from_str(r#"{"order":"rules","command":{"command":"aim","id":"vex"}}"#)
                .unwrap();
        assert!(matches!(order, Order::Rules { .. }));
    }

    #[test]
    fn d20_entrances_keep_their_own_tag() {
        let text = r#"{"order":"d20_add","id":"kara","side":"players","hidden":false,"place":{"square":{"x":1,"y":2}},"name":null,"character":"kara","owner":null,"file":"kara.toml","text":"format = 1"}"#;
        let order: Order = serde_json::from_str(text).unwrap();
        assert!(matches!(order, Order::D20Add(_)));
        assert_eq!(
            serde_json::to_value(&order).unwrap(),
            serde_json::from_str::<Value>(text).unwrap()
        );
    }
}
