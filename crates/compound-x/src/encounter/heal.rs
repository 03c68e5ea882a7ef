//! Healing (CX-HEAL): Medicine on one wound at a time, medikits and the
//! medicine bag, rests, and falls with their injuries.

use nanite_core::{Breakdown, CombatantId, DiceSource};
use serde::{Deserialize, Serialize};

use super::gm::{able, melee_check_penalty, spend};
use super::{CxEffect, Decision, Event, Refusal};
use crate::check::CheckResult;
use crate::combat::{Fighter, d100_for};
use crate::pack::ItemKind;
use crate::stat::Stat;

/// A non-medic using a medikit heals as a medic with this skill (CX-HEAL-03).
pub const MEDIKIT_SKILL: i64 = 30;
/// A medic using a medikit heals this much more (CX-HEAL-03).
pub const MEDIKIT_BONUS: i64 = 30;
/// Without a medicine bag the DC is this much higher (CX-HEAL-03).
pub const NO_BAG: i64 = 20;
/// A medic: proficient in Medicine, 10 or more points (a decision, after
/// CX-DICE-08's proficiency).
pub const MEDIC_POINTS: i64 = 10;
/// The Acrobatics DC of a fall: this many per metre (a decision).
pub const FALL_DC_PER_METRE: i64 = 10;

/// An injury from a fall, by severity (CX-HEAL-05).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Injury {
    /// -1 m of movement per 2 actions.
    SprainedAnkle,
    /// -3 m per 2 actions.
    BrokenAnkle,
    /// Half movement.
    BrokenLeg,
    /// Half movement, and a broken arm.
    BrokenArmAndLeg,
    /// Cannot move.
    BrokenEverything,
}

impl Injury {
    /// The injury of a failed fall check, by how far it failed: every 20
    /// points one step worse (a decision).
    pub fn by_margin(failed_by: i64) -> Injury {
        match failed_by {
            i64::MIN..=20 => Injury::SprainedAnkle,
            21..=40 => Injury::BrokenAnkle,
            41..=60 => Injury::BrokenLeg,
            61..=80 => Injury::BrokenArmAndLeg,
            _ => Injury::BrokenEverything,
        }
    }

    /// Its name.
    pub fn key(self) -> &'static str {
        match self {
            Injury::SprainedAnkle => "sprained ankle",
            Injury::BrokenAnkle => "broken ankle",
            Injury::BrokenLeg => "broken leg",
            Injury::BrokenArmAndLeg => "broken arm and leg",
            Injury::BrokenEverything => "broken everything",
        }
    }

    /// Metres per 2 actions left of `rate` (at least 1 unless it cannot move).
    pub fn slows(self, rate: i64) -> i64 {
        match self {
            Injury::SprainedAnkle => (rate - 1).max(1),
            Injury::BrokenAnkle => (rate - 3).max(1),
            Injury::BrokenLeg | Injury::BrokenArmAndLeg => ((rate + 1) / 2).max(1),
            Injury::BrokenEverything => 0,
        }
    }
}

/// Medicine on one wound of `target` (CX-HEAL-02, CX-HEAL-03).
pub(crate) fn treat(
    d: &mut Decision,
    id: &CombatantId,
    target: &CombatantId,
    wound: Option<usize>,
    medikit: bool,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let medic = able(d, id)?.fighter.clone();
    let patient = d.state.combatant(target)?.fighter.clone();
    let illegal = |why: String| Refusal::Illegal { why };
    if patient.dead {
        return Err(illegal(format!("{target} is dead")));
    }
    if patient.is_downed() {
        return Err(illegal(format!(
            "{target} is downed: stabilize it first (CX-DEATH-05)"
        )));
    }
    if id != target {
        match d.state.distance(id, target) {
            Some(m) if m <= 1 => {}
            _ => {
                return Err(illegal(format!(
                    "{id} must be adjacent to {target} (1 m) to treat it"
                )));
            }
        }
    }
    if patient.wounds.is_empty() {
        return Err(illegal(format!("{target} has no wounds to treat")));
    }
    let index = match wound {
        Some(i) if i < patient.wounds.len() => i,
        Some(i) => {
            return Err(illegal(format!(
                "{target} has {} wound(s), numbered from 0; there is no wound {i}",
                patient.wounds.len()
            )));
        }
        // The worst first.
        None => (0..patient.wounds.len())
            .max_by_key(|&i| (patient.wounds[i], std::cmp::Reverse(i)))
            .unwrap_or(0),
    };
    if medikit && medic.count(ItemKind::Medikit) < 1 {
        return Err(illegal(format!("{id} has no medikit left")));
    }
    if d.state.in_combat() {
        spend(d, id, 1, &format!("treat {target}'s wound"))?;
        melee_check_penalty(d, id, dice)?;
        if able(d, id).is_err() {
            return Ok(());
        }
    }
    let size = patient.wounds[index];
    let points = medic.skill("medicine").map_or(0, |s| s.points);
    let line_total = medic.skill("medicine").map_or(0, |s| s.total);
    let is_medic = points >= MEDIC_POINTS;
    // A non-medic with a medikit works as a medic with skill 30.
    let (skill, check_bonus) = if medikit && !is_medic {
        (MEDIKIT_SKILL, MEDIKIT_SKILL - points)
    } else {
        (points, 0)
    };
    let bag = medic.count(ItemKind::MedicineBag) > 0;
    let dc = size + if bag { 0 } else { NO_BAG };
    let die = d100_for(dice, || {
        format!("Medicine d100 for {} on {}", medic.name, patient.name)
    })?;
    let total = i64::from(die) + line_total + check_bonus;
    let mut b = Breakdown::new();
    b.value(format!("wound {index} of {}", patient.name), size);
    b.modifier("no medicine bag (CX-HEAL-03)", if bag { 0 } else { NO_BAG });
    b.die(format!("Medicine, {}", medic.name), 100, die);
    b.modifier("Medicine", line_total);
    b.modifier(
        "medikit: works as a medic with skill 30 (CX-HEAL-03)",
        check_bonus,
    );
    let success = total > dc;
    b.compare(
        format!("total {total}"),
        if success { ">" } else { "<=" },
        format!("DC {dc} (the wound, CX-HEAL-02)"),
        if success {
            "success"
        } else {
            "failure: nothing healed"
        },
    );
    let healed = if success {
        let bonus = if medikit && is_medic {
            MEDIKIT_BONUS
        } else {
            0
        };
        let amount = (skill + (total - dc) + bonus).min(size);
        b.value(
            format!(
                "healed: skill {skill} + {} over the DC{} (never more than the wound)",
                total - dc,
                if bonus > 0 { " + 30 medikit" } else { "" }
            ),
            amount,
        );
        amount
    } else {
        0
    };
    d.push(Event::Checked {
        id: id.clone(),
        what: format!("Medicine on {target}'s wound"),
        result: CheckResult {
            die: Some(die),
            total,
            dc,
            hidden: false,
            success,
            margin: total - dc,
            breakdown: b,
        },
    });
    if medikit {
        d.push(Event::ItemUsed {
            id: id.clone(),
            kind: ItemKind::Medikit,
        });
    }
    if healed > 0 {
        d.push(Event::WoundHealed {
            id: target.clone(),
            wound: index,
            amount: healed,
        });
    }
    Ok(())
}

/// A rest out of combat (CX-HEAL-04).
pub(crate) fn rest(d: &mut Decision, id: &CombatantId, long: bool) -> Result<(), Refusal> {
    if d.state.in_combat() {
        return Err(Refusal::Illegal {
            why: "no resting in the middle of a fight; end it first (CX-HEAL-04)".into(),
        });
    }
    let c = d.state.combatant(id)?;
    if c.fighter.dead {
        return Err(Refusal::Illegal {
            why: format!("{id} is dead"),
        });
    }
    d.push(Event::Rested {
        id: id.clone(),
        long,
    });
    Ok(())
}

/// A fall of `metres` (CX-HEAL-05): up to DEX/2 m needs no check unless the
/// ground is fouled; otherwise an Acrobatics check against 10 per metre, and
/// a failure deals 2 per metre and an injury by how far it failed.
pub(crate) fn fall(
    d: &mut Decision,
    id: &CombatantId,
    metres: i64,
    fouled: bool,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    if !(1..=1000).contains(&metres) {
        return Err(Refusal::Illegal {
            why: format!("{metres} m is not a fall: give 1 to 1000 metres"),
        });
    }
    let f: Fighter = d.state.combatant(id)?.fighter.clone();
    if f.dead {
        return Err(Refusal::Illegal {
            why: format!("{id} is dead"),
        });
    }
    let safe = f.stats.get(Stat::Dexterity) / 2;
    if metres <= safe && !fouled {
        d.push(Event::Fell {
            id: id.clone(),
            metres,
            check: None,
            damage: 0,
            injury: None,
        });
        return Ok(());
    }
    let dc = FALL_DC_PER_METRE * metres;
    let total_mod = f.skill("acrobatics").map_or(0, |s| s.total);
    let die = d100_for(dice, || format!("Acrobatics d100 for {}'s fall", f.name))?;
    let total = i64::from(die) + total_mod;
    let mut b = Breakdown::new();
    b.note(format!(
        "a fall of {metres} m{} (DEX / 2 = {safe} m is safe, CX-HEAL-05)",
        if fouled { " onto a fouled surface" } else { "" }
    ));
    b.die(format!("Acrobatics, {}", f.name), 100, die);
    b.modifier("Acrobatics", total_mod);
    let success = total > dc;
    b.compare(
        format!("total {total}"),
        if success { ">" } else { "<=" },
        format!("DC {dc} (10 per metre)"),
        if success {
            "lands well"
        } else {
            "a bad landing"
        },
    );
    let (damage, injury) = if success {
        (0, None)
    } else {
        let injury = Injury::by_margin(dc - total);
        b.value("damage: 2 per metre (CX-HEAL-05)", 2 * metres);
        b.note(format!("injury: {}", injury.key()));
        (2 * metres, Some(injury))
    };
    let before = f.clone();
    d.push(Event::Fell {
        id: id.clone(),
        metres,
        check: Some(CheckResult {
            die: Some(die),
            total,
            dc,
            hidden: false,
            success,
            margin: total - dc,
            breakdown: b,
        }),
        damage,
        injury,
    });
    if let Some(injury) = injury {
        let e = d
            .state
            .clock
            .add_effect(id, injury.key(), None, CxEffect::Injured { injury });
        d.clock(e);
    }
    super::gm::consequences(d, id, &before, None);
    Ok(())
}

/// The movement rate left by `id`'s injuries.
pub(crate) fn injured_rate(d: &Decision, id: &CombatantId, rate: i64) -> i64 {
    d.state
        .clock
        .effects_on(id)
        .filter_map(|e| match e.payload {
            CxEffect::Injured { injury } => Some(injury),
            _ => None,
        })
        .fold(rate, |r, injury| injury.slows(r))
}
