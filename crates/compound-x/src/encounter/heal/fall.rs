//! Falls (CX-HEAL-05): the Acrobatics check above DEX/2 metres or onto a
//! fouled surface, the damage of a bad landing and the injury it leaves, and
//! what each injury does in play until the GM mends it.

use nanite_core::encounter::Effect;
use nanite_core::{Breakdown, ClockEvent, CombatantId, DiceSource};
use serde::{Deserialize, Serialize};

use super::super::{Battle, CxEffect, Decision, Event, Refusal};
use crate::check::CheckResult;
use crate::combat::{Stance, d100_for};
use crate::stat::Stat;

/// The Acrobatics DC of a fall: this many per metre (a decision; the texts
/// give none).
pub const FALL_DC_PER_METRE: i64 = 10;
/// How far below the DC a landing goes for each step of injury (a decision).
pub const INJURY_STEP: i64 = 20;

/// An injury from a bad landing, by severity (CX-HEAL-05). Its effects are
/// decisions: the texts only name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "kebab-case")]
pub enum Injury {
    /// -1 m of movement per 2 actions; a long rest heals it.
    SprainedAnkle,
    /// -3 m per 2 actions (at least 1).
    BrokenAnkle,
    /// Half movement (rounded up).
    BrokenLeg,
    /// Half movement, and +2 miss chance on the bearer's attacks.
    BrokenArmAndLeg,
    /// No actions and no movement.
    BrokenEverything,
}

impl Injury {
    /// Every injury, the mildest first.
    pub const ALL: [Injury; 5] = [
        Injury::SprainedAnkle,
        Injury::BrokenAnkle,
        Injury::BrokenLeg,
        Injury::BrokenArmAndLeg,
        Injury::BrokenEverything,
    ];

    /// The injury of a landing that missed its DC by `failed_by` (0 for a
    /// tie): one step worse per [`INJURY_STEP`] points.
    pub fn by_margin(failed_by: i64) -> Injury {
        let step = usize::try_from(failed_by.max(0) / INJURY_STEP).unwrap_or(usize::MAX);
        Injury::ALL[step.min(Injury::ALL.len() - 1)]
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

    /// Metres per 2 actions left of `rate` (at least 1, unless it cannot
    /// move at all).
    pub fn slows(self, rate: i64) -> i64 {
        match self {
            Injury::SprainedAnkle => (rate - 1).max(1),
            Injury::BrokenAnkle => (rate - 3).max(1),
            Injury::BrokenLeg | Injury::BrokenArmAndLeg => ((rate + 1) / 2).max(1),
            Injury::BrokenEverything => 0,
        }
    }

    /// Miss chance it adds to the bearer's attacks.
    pub fn miss_chance(self) -> i64 {
        match self {
            Injury::BrokenArmAndLeg => 2,
            _ => 0,
        }
    }

    /// Whether a long rest heals it (CX-HEAL-04).
    pub fn heals_with_long_rest(self) -> bool {
        self == Injury::SprainedAnkle
    }
}

/// A fall of `metres` (CX-HEAL-05): up to DEX/2 m needs no check unless the
/// ground is fouled; otherwise an Acrobatics check against 10 per metre. A
/// bad landing deals 2 per metre (a wound of its own), leaves the faller
/// prone and adds an injury by how far the check failed. It costs no action.
pub(crate) fn fall(
    d: &mut Decision<'_>,
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
    let f = d.state.combatant(id)?.fighter.clone();
    if f.dead {
        return Err(Refusal::Illegal {
            why: format!("{id} is dead"),
        });
    }
    let dex = f.stats.get(Stat::Dexterity);
    // Up to DEX/2 m, exactly: 2 m <= DEX.
    if 2 * metres <= dex && !fouled {
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
    let line = f.skill("acrobatics");
    let die = d100_for(dice, || format!("Acrobatics d100 for {}'s fall", f.name))?;
    let mut b = Breakdown::new();
    b.note(format!(
        "a fall of {metres} m{} (DEX {dex} / 2 = {} m is safe, CX-HEAL-05)",
        if fouled { " onto a fouled surface" } else { "" },
        f64::from(i32::try_from(dex).unwrap_or(0)) / 2.0
    ));
    b.die(format!("Acrobatics, {}", f.name), 100, die);
    let mut total = i64::from(die);
    if let Some(l) = line {
        b.modifier("Acrobatics points", l.points);
        for (source, n) in &l.modifiers {
            b.modifier(source.clone(), *n);
        }
        b.modifier(format!("{} bonus (CX-DICE-05)", l.stat), l.stat_bonus);
        total += l.total;
        // Drink's DEX change (hammered -2, CX-COND-10).
        for (source, n) in d.state.line_changes(id, l) {
            b.modifier(source, n);
            total += n;
        }
    }
    let success = total > dc;
    b.compare(
        format!("total {total}"),
        if success { ">" } else { "<=" },
        format!("DC {dc} ({FALL_DC_PER_METRE} per metre)"),
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
        b.value(format!("damage: 2 x {metres} m (CX-HEAL-05)"), 2 * metres);
        b.note(format!(
            "failed by {}: {} (one step worse per {INJURY_STEP} points)",
            dc - total,
            injury.key()
        ));
        (2 * metres, Some(injury))
    };
    let before = f.clone();
    d.push(Event::Fell {
        id: id.clone(),
        metres,
        check: Some(CheckResult::new(Some(die), total, dc, false, b)),
        damage,
        injury,
    });
    if let Some(injury) = injury {
        if d.state.combatant(id)?.stance != Stance::Prone {
            d.push(Event::Positioned {
                id: id.clone(),
                cover: None,
                stance: Some(Stance::Prone),
            });
        }
        let e = d
            .state
            .clock
            .add_effect(id, injury.key(), None, CxEffect::Injured { injury });
        d.clock(e);
    }
    super::super::gm::consequences(d, id, &before, None);
    Ok(())
}

/// The GM mends `id`'s injury (or all of them): a splint, a surgeon, weeks
/// of rest.
pub(crate) fn mend(
    d: &mut Decision<'_>,
    id: &CombatantId,
    injury: Option<Injury>,
) -> Result<(), Refusal> {
    d.state.combatant(id)?;
    let mending: Vec<_> = injuries(d.state, id)
        .filter(|(_, i)| injury.is_none_or(|wanted| *i == wanted))
        .map(|(e, i)| (e.id, i))
        .collect();
    if mending.is_empty() {
        let has: Vec<_> = injuries(d.state, id).map(|(_, i)| i.key()).collect();
        let why = match injury {
            Some(i) if !has.is_empty() => {
                format!("{id} has no {}; its injuries: {}", i.key(), has.join(", "))
            }
            _ => format!("{id} has no injuries"),
        };
        return Err(Refusal::Illegal { why });
    }
    for (effect, injury) in mending {
        d.clock(ClockEvent::EffectEnded {
            id: effect,
            why: format!("the {} is mended by the GM", injury.key()),
        });
    }
    Ok(())
}

/// `id`'s injuries with their effects.
pub(crate) fn injuries<'a>(
    state: &'a Battle,
    id: &'a CombatantId,
) -> impl Iterator<Item = (&'a Effect<CxEffect>, Injury)> {
    // The payload is asked first: cheaper than comparing ids.
    state
        .clock
        .effects
        .iter()
        .filter_map(move |e| match e.payload {
            CxEffect::Injured { injury } if &e.bearer == id => Some((e, injury)),
            _ => None,
        })
}

/// The movement rate (metres per 2 actions) `id`'s injuries leave of `rate`.
pub(crate) fn injured_rate(d: &Decision<'_>, id: &CombatantId, rate: i64) -> i64 {
    injuries(d.state, id).fold(rate, |r, (_, injury)| injury.slows(r))
}

/// Miss chance `id`'s injuries add to its attacks.
pub(crate) fn injury_miss_chance(state: &Battle, id: &CombatantId) -> i64 {
    injuries(state, id).map(|(_, i)| i.miss_chance()).sum()
}

/// Whether an injury leaves `id` no actions (broken everything).
pub(crate) fn incapacitated(state: &Battle, id: &CombatantId) -> bool {
    injuries(state, id).any(|(_, i)| i == Injury::BrokenEverything)
}

pub(super) fn evolve(state: &mut Battle, event: &Event) {
    if let Event::Fell { id, damage, .. } = event {
        if let Some(c) = state.combatants.get_mut(id) {
            let f = &mut c.fighter;
            f.wound(*damage);
            f.hp = if f.hp >= 1 && f.hp - damage < 1 {
                0
            } else {
                f.hp.saturating_sub(*damage)
            };
        }
    }
}

pub(super) fn narrate(n: &dyn Fn(&CombatantId) -> String, event: &Event) -> Vec<String> {
    let Event::Fell {
        id,
        metres,
        check,
        damage,
        injury,
    } = event
    else {
        return Vec::new();
    };
    let mut out = vec![format!("{} falls {metres} m", n(id))];
    match check {
        Some(c) => out.extend(c.breakdown.steps().iter().map(|s| format!("  {s}"))),
        None => out.push("  within DEX / 2: no check needed, no harm (CX-HEAL-05)".into()),
    }
    if *damage > 0 {
        out.push(format!(
            "  {damage} damage (a wound of its own) and a {} (CX-HEAL-05)",
            injury.map_or("bruise", |i| i.key())
        ));
    }
    out
}
