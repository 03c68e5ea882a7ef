//! The fight as one JSON document (`--json`; its shape is documented in
//! docs/cli/cx.md): the combatants, every command with its events and dice,
//! where the script stopped, and the final state.

use nanite_compound_x::combat::{Cover, Fighter, Stance};
use nanite_compound_x::encounter::{Command, CxEffect, Event, Refusal};
use nanite_core::encounter::{Effect, FightPhase};
use nanite_core::{CombatantId, RolledDie};
use serde::Serialize;

use super::status::{Status, statuses};
use super::{Cx, Fight};
use crate::encounter::fight::{Record, Source, Why};

#[derive(Serialize)]
struct Document<'a> {
    name: &'a str,
    file: &'a str,
    dice: DiceUsed,
    combatants: Vec<Entry<'a>>,
    setup: Vec<Step<'a>>,
    commands: Vec<Step<'a>>,
    stopped: Option<Stopped<'a>>,
    #[serde(rename = "final")]
    end: End<'a>,
}

#[derive(Serialize)]
struct DiceUsed {
    source: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    supplied: Option<Vec<i64>>,
}

#[derive(Serialize)]
struct Entry<'a> {
    id: &'a str,
    name: &'a str,
    side: &'a str,
    character: &'a str,
    hidden: bool,
    cover: Cover,
    stance: Stance,
    initiative: Option<i64>,
    line: usize,
    fighter: &'a Fighter,
}

#[derive(Serialize)]
struct Step<'a> {
    line: usize,
    text: &'a str,
    command: &'a Command,
    events: &'a [Event],
    dice: &'a [RolledDie],
    log: &'a [String],
}

#[derive(Serialize)]
struct Stopped<'a> {
    line: usize,
    text: &'a str,
    /// `refused`, `not_now` or `no_dice`.
    reason: &'static str,
    message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    refusal: Option<&'a Refusal>,
}

#[derive(Serialize)]
struct Gap<'a> {
    between: [&'a str; 2],
    metres: i64,
}

#[derive(Serialize)]
struct End<'a> {
    phase: &'a FightPhase,
    round: u32,
    active: Option<&'a str>,
    order: Vec<&'a str>,
    combatants: Vec<Status>,
    distances: Vec<Gap<'a>>,
    engaged: Vec<[&'a str; 2]>,
    effects: &'a [Effect<CxEffect>],
}

fn step<'a>(record: &'a Record<Cx<'_>>) -> Step<'a> {
    Step {
        line: record.line,
        text: &record.text,
        command: &record.command,
        events: &record.events,
        dice: &record.dice,
        log: &record.told,
    }
}

/// Writes the whole fight as one JSON document.
pub(super) fn write(fight: &Fight<'_>, out: &mut impl std::io::Write) -> serde_json::Result<()> {
    let battle = fight.game.state();
    let dice = match &fight.source {
        Source::Entropy => ("entropy", None, None),
        Source::Seeded { seed } => ("seeded", Some(*seed), None),
        Source::Scripted { faces } => ("scripted", None, Some(faces.clone())),
        Source::Physical => ("physical", None, None),
    };
    let document = Document {
        name: &fight.name,
        file: &fight.file,
        dice: DiceUsed {
            source: dice.0,
            seed: dice.1,
            supplied: dice.2,
        },
        combatants: fight
            .roster
            .iter()
            .map(|(e, f)| Entry {
                id: e.id.as_str(),
                name: &f.name,
                side: &e.side,
                character: &e.character,
                hidden: e.hidden,
                cover: e.place.cover,
                stance: e.place.stance,
                initiative: e.initiative,
                line: e.line,
                fighter: f,
            })
            .collect(),
        setup: fight.setup.iter().map(step).collect(),
        commands: fight.commands.iter().map(step).collect(),
        stopped: fight.stop.as_ref().map(|s| Stopped {
            line: s.line,
            text: &s.text,
            reason: match s.why {
                Why::Refused(_) => "refused",
                Why::NotNow(_) => "not_now",
                Why::NoDice(_) => "no_dice",
            },
            message: s.message(),
            refusal: match &s.why {
                Why::Refused(r) => Some(r),
                _ => None,
            },
        }),
        end: End {
            phase: &battle.clock.phase,
            round: battle.round(),
            active: battle.clock.active.as_ref().map(CombatantId::as_str),
            order: battle.clock.order.iter().map(CombatantId::as_str).collect(),
            combatants: statuses(battle),
            distances: battle
                .distances
                .iter()
                .map(|((a, b), metres)| Gap {
                    between: [a.as_str(), b.as_str()],
                    metres: *metres,
                })
                .collect(),
            engaged: battle
                .engaged
                .iter()
                .map(|(a, b)| [a.as_str(), b.as_str()])
                .collect(),
            effects: &battle.clock.effects,
        },
    };
    serde_json::to_writer_pretty(out, &document)
}
