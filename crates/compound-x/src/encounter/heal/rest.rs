//! Rests out of combat and a night without one (CX-HEAL-04). The texts give
//! no numbers: what a rest restores, and what "below par" does, are
//! decisions (docs/rules/compound-x.md).

use nanite_core::{Breakdown, ClockEvent, CombatantId};

use super::super::{Battle, CxEffect, Decision, Event, Refusal};
use crate::combat::{ConditionKind, Fighter};

/// What being below par takes off every skill check (a decision).
pub const BELOW_PAR: i64 = 10;
/// The source of the below-par modifier on each skill line.
const BELOW_PAR_SOURCE: &str = "below par, no long rest (CX-HEAL-04)";

/// Conditions that pass in any rest: an hour is hundreds of turns.
const PASS_IN_AN_HOUR: [ConditionKind; 6] = [
    ConditionKind::Stunned,
    ConditionKind::Paralyzed,
    ConditionKind::Unconscious,
    ConditionKind::PinnedDown,
    ConditionKind::Fear,
    ConditionKind::GreaterFear,
];
/// Conditions that wear off after 2 hours (CX-COND-09, CX-COND-10): in a
/// long rest.
const PASS_IN_A_NIGHT: [ConditionKind; 2] = [ConditionKind::Buzzed, ConditionKind::Hammered];

/// A short (about 1 hour) or long (about 8 hours) rest, out of combat only:
/// shields and armor points full, nanites half the maximum back after a short
/// rest and all after a long one; a long rest ends being below par and heals
/// a sprained ankle. Health comes back only through Medicine (CX-HEAL-02).
pub(crate) fn rest(d: &mut Decision<'_>, id: &CombatantId, long: bool) -> Result<(), Refusal> {
    if d.state.in_combat() {
        return Err(Refusal::Illegal {
            why: "no resting in the middle of a fight; the GM ends it first (CX-HEAL-04)".into(),
        });
    }
    let f = d.state.combatant(id)?.fighter.clone();
    if f.dead {
        return Err(Refusal::Illegal {
            why: format!("{id} is dead"),
        });
    }
    if f.is_downed() {
        return Err(Refusal::Illegal {
            why: format!("{id} is downed and bleeding out: stabilize it first (CX-DEATH-05)"),
        });
    }
    let mut b = Breakdown::new();
    b.note(if long {
        "a long rest, about 8 hours (CX-HEAL-04)"
    } else {
        "a short rest, about 1 hour (CX-HEAL-04)"
    });
    let nanites = if long {
        b.value("nanites: back to the maximum", f.max_nanites);
        f.max_nanites
    } else {
        let back = (f.nanites + f.max_nanites / 2).min(f.max_nanites);
        b.value("nanites before", f.nanites);
        b.modifier(
            format!("half the maximum {}, up to the maximum", f.max_nanites),
            back - f.nanites,
        );
        b.value("nanites after", back);
        back
    };
    let shield = f.shield.as_ref().map(|s| {
        b.value(format!("{}: full", s.name), s.max);
        s.max
    });
    let armor_points = f.armor.as_ref().map(|a| {
        b.value(format!("{} armor points: full", a.name), a.armor_points);
        a.armor_points
    });
    if long && f.below_par {
        b.note(format!(
            "no longer below par: +{BELOW_PAR} back on skill checks"
        ));
    }
    if f.hp < f.max_hp {
        b.note(format!(
            "health stays {} of {}: wounds need Medicine (CX-HEAL-02)",
            f.hp, f.max_hp
        ));
    }
    d.push(Event::Rested {
        id: id.clone(),
        long,
        nanites,
        shield,
        armor_points,
        breakdown: b,
    });
    let passing: Vec<_> = d
        .state
        .clock
        .effects_on(id)
        .filter_map(|e| match &e.payload {
            CxEffect::Condition(c)
                if PASS_IN_AN_HOUR.contains(&c.kind)
                    || (long && PASS_IN_A_NIGHT.contains(&c.kind)) =>
            {
                Some((e.id, format!("{} passes with the rest", c.kind.key())))
            }
            CxEffect::Injured { injury } if long && injury.heals_with_long_rest() => Some((
                e.id,
                format!("the {} heals over the night (CX-HEAL-04)", injury.key()),
            )),
            _ => None,
        })
        .collect();
    for (effect, why) in passing {
        d.clock(ClockEvent::EffectEnded { id: effect, why });
    }
    Ok(())
}

/// A night without a long rest (CX-HEAL-04): below par, -10 on every skill
/// check, until the next long rest. Out of combat only; the GM calls it.
pub(crate) fn stay_up(d: &mut Decision<'_>, id: &CombatantId) -> Result<(), Refusal> {
    if d.state.in_combat() {
        return Err(Refusal::Illegal {
            why: "a night without rest is passed out of combat; the GM ends the fight first (CX-HEAL-04)"
                .into(),
        });
    }
    let f = &d.state.combatant(id)?.fighter;
    if f.dead {
        return Err(Refusal::Illegal {
            why: format!("{id} is dead"),
        });
    }
    if f.below_par {
        return Err(Refusal::Illegal {
            why: format!("{id} is already below par; a long rest ends it (CX-HEAL-04)"),
        });
    }
    d.push(Event::StayedUp { id: id.clone() });
    Ok(())
}

/// Puts on or takes off the below-par modifier of every skill line.
pub(crate) fn set_below_par(f: &mut Fighter, on: bool) {
    if f.below_par == on {
        return;
    }
    f.below_par = on;
    for line in std::sync::Arc::make_mut(&mut f.skills).iter_mut() {
        if on {
            line.modifiers
                .push((BELOW_PAR_SOURCE.to_string(), -BELOW_PAR));
            line.total -= BELOW_PAR;
        } else {
            line.modifiers
                .retain(|(source, _)| source != BELOW_PAR_SOURCE);
            line.total += BELOW_PAR;
        }
    }
}

pub(super) fn evolve(state: &mut Battle, event: &Event) {
    match event {
        Event::Rested {
            id,
            long,
            nanites,
            shield,
            armor_points,
            ..
        } => {
            if let Some(c) = state.combatants.get_mut(id) {
                let f = &mut c.fighter;
                f.nanites = *nanites;
                if let (Some(s), Some(strength)) = (f.shield.as_mut(), shield) {
                    s.strength = *strength;
                    s.waited = 0;
                }
                if let (Some(a), Some(points)) = (f.armor.as_mut(), armor_points) {
                    a.points_left = *points;
                }
                if *long {
                    set_below_par(f, false);
                }
            }
        }
        Event::StayedUp { id } => {
            if let Some(c) = state.combatants.get_mut(id) {
                set_below_par(&mut c.fighter, true);
            }
        }
        _ => {}
    }
}

pub(super) fn narrate(n: &dyn Fn(&CombatantId) -> String, event: &Event) -> Vec<String> {
    match event {
        Event::Rested {
            id,
            long,
            breakdown,
            ..
        } => {
            let mut out = vec![format!(
                "{} takes a {} rest (CX-HEAL-04)",
                n(id),
                if *long { "long" } else { "short" }
            )];
            out.extend(breakdown.steps().iter().map(|s| format!("  {s}")));
            out
        }
        Event::StayedUp { id } => vec![format!(
            "{} goes without a long rest: below par, -{BELOW_PAR} on every skill check until the next one (CX-HEAL-04)",
            n(id)
        )],
        _ => Vec::new(),
    }
}
