//! How a fight is shown: the log (each command as a header, then what
//! happened in words) and the final status table, or one JSON document
//! (its shape is documented in docs/cli/cx.md).

use std::fmt::Write as _;

use nanite_compound_x::Attack;
use nanite_compound_x::combat::{ConditionKind, Cover, DeathSaves, Fighter, Stance};
use nanite_compound_x::encounter::{Battle, Command, CxEffect, Event, Refusal};
use nanite_core::encounter::{Effect, Phase};
use nanite_core::{CombatantId, RolledDie};
use serde::Serialize;

use super::{Fight, Record, Source, Why};
use crate::cx::render::Doc;

/// The log and the final status as text.
pub(super) fn text(fight: &Fight) -> String {
    let mut out = format!(
        "{}\n{}\n",
        fight.name,
        "=".repeat(fight.name.chars().count())
    );
    out.push_str("\nsetup\n");
    for record in &fight.setup {
        for line in &record.told {
            let _ = writeln!(out, "  {line}");
        }
    }
    for record in &fight.commands {
        let _ = writeln!(out, "\n> {}", record.text);
        for line in &record.told {
            let _ = writeln!(out, "  {line}");
        }
        if !record.dice.is_empty() {
            let _ = writeln!(out, "  dice: {}", dice(&record.dice));
        }
    }
    out.push('\n');
    out.push_str(&table(fight.game.state()).to_text());
    out
}

/// Every die of a command in the order rolled, those of one purpose
/// together: `9 (accuracy d10 for ...), 1 3 (armor d100 for ...)`. A d100
/// shows its tens d10 then its ones d10, the order to type them in.
fn dice(dice: &[RolledDie]) -> String {
    let mut groups: Vec<(&str, Vec<String>)> = Vec::new();
    for die in dice {
        let purpose = [", tens d10", ", ones d10"]
            .iter()
            .find_map(|part| die.purpose.split_once(part).map(|(p, _)| p))
            .unwrap_or(&die.purpose);
        match groups.last_mut() {
            Some((p, values)) if *p == purpose => values.push(die.value.to_string()),
            _ => groups.push((purpose, vec![die.value.to_string()])),
        }
    }
    groups
        .iter()
        .map(|(purpose, values)| format!("{} ({purpose})", values.join(" ")))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The status table.
fn table(battle: &Battle) -> Doc {
    let mut doc = Doc::new(title(battle));
    let rows = statuses(battle)
        .iter()
        .map(|s| {
            let gauge = |g: &Option<Gauge>| {
                g.as_ref()
                    .map_or("-".into(), |g| format!("{}/{}", g.now, g.max))
            };
            let mut notes: Vec<String> = Vec::new();
            if s.state != "up" {
                notes.push(s.state.to_string());
            }
            notes.extend(s.conditions.iter().map(|c| match c.stacks {
                1 => c.condition.key().to_string(),
                n => format!("{} x{n}", c.condition.key()),
            }));
            notes.extend(s.effects.iter().cloned());
            vec![
                s.place.map_or("-".into(), |p| p.to_string()),
                s.id.clone(),
                s.name.clone(),
                s.side.clone(),
                s.initiative.map_or("-".into(), |i| i.to_string()),
                format!("{}/{}", s.hp, s.max_hp),
                gauge(&s.armor),
                gauge(&s.shield),
                ammunition(&s.weapons),
                s.stance.key().to_string(),
                s.cover.key().to_string(),
                if notes.is_empty() {
                    "-".into()
                } else {
                    notes.join(", ")
                },
            ]
        })
        .collect();
    doc.table(
        &[
            "#",
            "id",
            "name",
            "side",
            "init",
            "HP",
            "armor",
            "shield",
            "ammo",
            "stance",
            "cover",
            "conditions",
        ],
        rows,
    );
    doc
}

fn title(battle: &Battle) -> String {
    let name = |id: &CombatantId| {
        battle
            .combatants
            .get(id)
            .map_or_else(|| id.to_string(), |c| c.fighter.name.clone())
    };
    match &battle.clock.phase {
        Phase::Setup => "Status before the fight".into(),
        Phase::Ended => "Status at the end of the fight".into(),
        phase => {
            let when = match phase {
                Phase::Round { number } => format!("round {number}"),
                _ => "the surprise round".into(),
            };
            match &battle.clock.active {
                Some(id) => format!("Status in {when}, {}'s turn", name(id)),
                None => format!("Status in {when}"),
            }
        }
    }
}

/// Rounds loaded / magazine + spare magazines for firearms; how many are
/// left for thrown weapons.
fn ammunition(weapons: &[WeaponStatus]) -> String {
    let parts: Vec<String> = weapons
        .iter()
        .filter_map(|w| {
            let mut text = if w.magazine > 0 {
                format!("{} {}/{}+{}", w.id, w.loaded, w.magazine, w.spare_magazines)
            } else if w.attack == Attack::Thrown {
                format!("{} x{}", w.id, w.spare_magazines)
            } else {
                return None;
            };
            if w.jammed {
                text.push_str(" jammed");
            }
            if w.broken {
                text.push_str(" broken");
            }
            Some(text)
        })
        .collect();
    if parts.is_empty() {
        "-".into()
    } else {
        parts.join(", ")
    }
}

/// Now and at most: armor points, shield strength.
#[derive(Debug, Serialize)]
struct Gauge {
    name: String,
    now: i64,
    max: i64,
}

#[derive(Debug, Serialize)]
struct ConditionStatus {
    condition: ConditionKind,
    stacks: u32,
}

#[derive(Debug, Serialize)]
struct WeaponStatus {
    index: usize,
    id: String,
    name: String,
    attack: Attack,
    loaded: i64,
    magazine: i64,
    spare_magazines: i64,
    jammed: bool,
    broken: bool,
}

/// One combatant at the end.
#[derive(Debug, Serialize)]
struct Status {
    /// Place in the turn order, from 1.
    place: Option<usize>,
    id: String,
    name: String,
    side: String,
    hidden: bool,
    initiative: Option<i64>,
    /// `up`, `downed`, `dead`, or `left` (no longer in the fight).
    state: &'static str,
    hp: i64,
    max_hp: i64,
    nanites: i64,
    armor: Option<Gauge>,
    shield: Option<Gauge>,
    stance: Stance,
    cover: Cover,
    conditions: Vec<ConditionStatus>,
    effects: Vec<String>,
    weapons: Vec<WeaponStatus>,
    death_saves: DeathSaves,
    revives: i64,
}

fn status(battle: &Battle, id: &CombatantId) -> Option<Status> {
    let c = battle.combatants.get(id)?;
    let f: &Fighter = &c.fighter;
    let seat = battle.clock.seats.iter().find(|s| &s.id == id);
    let state = match (seat, f.dead, f.is_downed()) {
        (None, _, _) => "left",
        (_, true, _) => "dead",
        (_, _, true) => "downed",
        _ => "up",
    };
    let mut conditions = Vec::new();
    let mut effects = Vec::new();
    for e in battle.clock.effects_on(id) {
        match &e.payload {
            CxEffect::Condition(k) => conditions.push(ConditionStatus {
                condition: k.kind,
                stacks: k.stacks,
            }),
            _ => effects.push(e.name.clone()),
        }
    }
    Some(Status {
        place: battle
            .clock
            .order
            .iter()
            .position(|o| o == id)
            .map(|p| p + 1),
        id: id.to_string(),
        name: f.name.clone(),
        side: seat.map(|s| s.side.clone()).unwrap_or_default(),
        hidden: seat.is_some_and(|s| s.hidden),
        initiative: seat.and_then(|s| s.initiative.as_ref()).map(|i| i.total),
        state,
        hp: f.hp,
        max_hp: f.max_hp,
        nanites: f.nanites,
        armor: f.armor.as_ref().map(|a| Gauge {
            name: a.name.clone(),
            now: a.points_left,
            max: a.armor_points,
        }),
        shield: f.shield.as_ref().map(|s| Gauge {
            name: s.name.clone(),
            now: s.strength,
            max: s.max,
        }),
        stance: c.stance,
        cover: c.cover,
        conditions,
        effects,
        weapons: f
            .weapons
            .iter()
            .enumerate()
            .map(|(index, w)| WeaponStatus {
                index,
                id: w.id.clone(),
                name: w.name.clone(),
                attack: w.attack,
                loaded: w.loaded,
                magazine: w.magazine,
                spare_magazines: w.spare_magazines,
                jammed: w.jammed,
                broken: w.broken,
            })
            .collect(),
        death_saves: f.death_saves,
        revives: c.revives,
    })
}

/// Everyone, in turn order first, then those without a place.
fn statuses(battle: &Battle) -> Vec<Status> {
    let ordered = battle.clock.order.iter();
    let rest = battle
        .clock
        .seats
        .iter()
        .map(|s| &s.id)
        .chain(battle.combatants.keys())
        .filter(|id| !battle.clock.order.contains(id));
    let mut seen: Vec<&CombatantId> = Vec::new();
    ordered
        .chain(rest)
        .filter(|id| {
            let new = !seen.contains(id);
            seen.push(id);
            new
        })
        .filter_map(|id| status(battle, id))
        .collect()
}

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
    phase: &'a Phase,
    round: u32,
    active: Option<&'a str>,
    order: Vec<&'a str>,
    combatants: Vec<Status>,
    distances: Vec<Gap<'a>>,
    engaged: Vec<[&'a str; 2]>,
    effects: &'a [Effect<CxEffect>],
}

fn step(record: &Record) -> Step<'_> {
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
pub(super) fn json(fight: &Fight, out: &mut impl std::io::Write) -> serde_json::Result<()> {
    let battle = fight.game.state();
    let dice = match &fight.source {
        Source::Entropy => ("entropy", None, None),
        Source::Seeded(seed) => ("seeded", Some(*seed), None),
        Source::Scripted(faces) => ("scripted", None, Some(faces.clone())),
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
                cover: e.cover,
                stance: e.stance,
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
