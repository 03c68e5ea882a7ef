//! Casting spells and manifesting powers over a full round (D20-CAST-01):
//! begun as the caster's action, kept as a clock effect that expires just
//! before the caster's next turn, when it takes effect; a concentration
//! check each time the caster is damaged meanwhile (D20-CAST-02); a skill
//! check to beat the target's spell or power resistance (D20-CAST-03).

use nanite_core::check::Dc;
use nanite_core::encounter::{Expiry, Moment};
use nanite_core::{Breakdown, ClockEvent, CombatantId, DiceSource};

use super::attack::{explain_damage, roll_damage};
use super::{D20Effect, Decision, Event, Field, Refusal, gm};
use crate::check::{AVERAGE_DC, check};
use crate::pack::{Magic, MagicKind, WeaponKind};

/// Begins casting or manifesting `magic` at `target`.
pub(crate) fn begin(
    d: &mut Decision,
    id: &CombatantId,
    magic: &str,
    target: &CombatantId,
) -> Result<(), Refusal> {
    gm::ready(d, id, "casting")?;
    let caster = d.state.combatant(id)?.clone();
    let name = &caster.fighter.name;
    let Some(m) = caster.fighter.magic.iter().find(|m| m.id == magic).cloned() else {
        let known: Vec<&str> = caster.fighter.magic.iter().map(|m| m.id.as_str()).collect();
        return Err(Refusal::Illegal {
            why: format!(
                "{name} knows no spell or power `{magic}`{}",
                if known.is_empty() {
                    String::new()
                } else {
                    format!(" (knows: {})", known.join(", "))
                }
            ),
        });
    };
    if let Some(e) = d.state.casting(id) {
        return Err(Refusal::Illegal {
            why: format!("{name} is already {} (D20-CAST-01)", e.name),
        });
    }
    if d.state.grapple_of(id).is_some() {
        return Err(Refusal::Illegal {
            why: format!("{name} is grappling; nobody casts or manifests in a grapple (decision)"),
        });
    }
    let pool = match m.kind {
        MagicKind::Spell => caster.energy,
        MagicKind::Power => caster.power_points,
    };
    if pool < m.cost {
        return Err(Refusal::Illegal {
            why: format!(
                "{} needs {} {} and {name} has {pool}",
                m.name,
                m.cost,
                m.kind.cost_name()
            ),
        });
    }
    d.state.combatant(target)?;
    if target != id {
        let allies = !d.state.enemies(id, target);
        match (&d.state.field, m.range) {
            (Field::Rows, 0) if allies => {}
            (Field::Rows, 0) => d
                .state
                .reaches(id, target, WeaponKind::Melee, false, 5)
                .map_err(|why| Refusal::Illegal {
                    why: format!("{} is a touch: {why}", m.name),
                })?,
            (Field::Rows, _) => {}
            (Field::Map { .. }, range) => d
                .state
                .reaches(id, target, WeaponKind::Ranged, false, range.max(5))
                .map_err(|why| Refusal::Illegal {
                    why: format!("{}'s range: {why}", m.name),
                })?,
        }
    }
    gm::spend(
        d,
        id,
        &format!("{} {}", m.kind.verb().trim_end_matches('s'), m.name),
    )?;
    d.push(Event::CastBegan {
        id: id.clone(),
        name: m.name.clone(),
        kind: m.kind,
        target: target.clone(),
    });
    let verb = match m.kind {
        MagicKind::Spell => "casting",
        MagicKind::Power => "manifesting",
    };
    let e = d.state.clock.add_effect(
        id,
        format!("{verb} {}", m.name),
        Some(Expiry::next(Moment::start_of(id))),
        D20Effect::Casting {
            magic: m,
            target: target.clone(),
        },
    );
    d.clock(e);
    Ok(())
}

/// The spell or power of `caster` takes effect: its casting effect has just
/// expired, before the caster's turn.
pub(crate) fn resolve(
    d: &mut Decision,
    caster: &CombatantId,
    m: &Magic,
    target: &CombatantId,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let Ok(c) = d.state.combatant(caster).cloned() else {
        return Ok(());
    };
    let Ok(t) = d.state.combatant(target).cloned() else {
        d.push(Event::MagicFizzled {
            caster: caster.clone(),
            name: m.name.clone(),
            why: format!("its target {target} has left the fight; nothing is spent"),
        });
        return Ok(());
    };
    let scores = d.state.scores(caster);
    let spec = c
        .fighter
        .skill_spec(&d.state.campaign, &scores, &m.skill, None, None);
    let resistance = match m.kind {
        MagicKind::Spell => t.fighter.spell_resistance,
        MagicKind::Power => t.fighter.power_resistance,
    };
    if m.harmful() && resistance > 0 {
        let mut result = check(
            &spec,
            Dc::open(resistance),
            dice,
            &format!(
                "{} check for {} against {}'s {}",
                spec.label,
                c.fighter.name,
                t.fighter.name,
                m.kind.resistance_name()
            ),
        )?;
        result.breakdown.note(format!(
            "against {}'s {} {resistance} (D20-CAST-03; {} ignores {})",
            t.fighter.name,
            m.kind.resistance_name(),
            match m.kind {
                MagicKind::Spell => "magic",
                MagicKind::Power => "psionics",
            },
            match m.kind {
                MagicKind::Spell => "power resistance",
                MagicKind::Power => "spell resistance",
            }
        ));
        let beaten = result.success;
        d.push(Event::Resistance {
            caster: caster.clone(),
            target: target.clone(),
            result,
        });
        if !beaten {
            d.push(Event::MagicSpent {
                id: caster.clone(),
                kind: m.kind,
                amount: m.cost,
                wasted: true,
            });
            return Ok(());
        }
    }
    d.push(Event::MagicSpent {
        id: caster.clone(),
        kind: m.kind,
        amount: m.cost,
        wasted: false,
    });
    let mut b = Breakdown::new();
    b.note(format!(
        "{} takes effect just before {}'s turn (D20-CAST-01)",
        m.name, c.fighter.name
    ));
    let dealt = match (&m.damage, &m.heal) {
        (Some(dmg), _) => {
            let roll = roll_damage(
                dmg,
                0,
                false,
                &format!("damage {dmg} of {}'s {}", c.fighter.name, m.name),
                dice,
            )?;
            explain_damage(&mut b, &roll, "");
            Some((roll, true))
        }
        (None, Some(heal)) => {
            let roll = roll_damage(
                heal,
                0,
                false,
                &format!("healing {heal} of {}'s {}", c.fighter.name, m.name),
                dice,
            )?;
            for (sides, face) in &roll.faces {
                b.die(format!("healing {heal}"), *sides, *face);
            }
            b.value("hit points restored (up to the maximum)", roll.total);
            Some((roll, false))
        }
        (None, None) => None,
    };
    if m.stun > 0 && !d.state.is_down(target) {
        b.note(format!(
            "{} is stunned for {} round(s)",
            t.fighter.name, m.stun
        ));
    }
    d.push(Event::MagicTookEffect {
        caster: caster.clone(),
        target: target.clone(),
        name: m.name.clone(),
        roll: dealt.as_ref().map(|(r, _)| r.clone()),
        breakdown: b,
    });
    match dealt {
        Some((roll, true)) => gm::damage(
            d,
            target,
            roll.total,
            Some(caster),
            &format!("{}'s {}", c.fighter.name, m.name),
            dice,
        )?,
        Some((roll, false)) => gm::heal(
            d,
            target,
            roll.total,
            &format!("{}'s {}", c.fighter.name, m.name),
        ),
        None => {}
    }
    if m.stun > 0 && !d.state.is_down(target) {
        stun(d, target, m.stun);
    }
    Ok(())
}

/// Stuns `id` until the end of its `rounds`-th turn from now: those turns
/// are lost.
pub(crate) fn stun(d: &mut Decision, id: &CombatantId, rounds: u32) {
    let e = d.state.clock.add_effect(
        id,
        "stunned",
        Some(Expiry::after(rounds, Moment::end_of(id))),
        D20Effect::Stunned,
    );
    d.clock(e);
}

/// After damage to `id`: if it is casting, a concentration check against
/// 10 + the damager's experience level; failure interrupts the spell and
/// keeps its energy (D20-CAST-02).
pub(crate) fn concentrate(
    d: &mut Decision,
    id: &CombatantId,
    by: Option<&CombatantId>,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let Some(effect) = d.state.casting(id).cloned() else {
        return Ok(());
    };
    let D20Effect::Casting { magic, .. } = &effect.payload else {
        return Ok(());
    };
    let c = d.state.combatant(id)?.clone();
    let level = by
        .and_then(|b| d.state.combatants.get(b))
        .map_or(0, |b| b.fighter.level);
    let scores = d.state.scores(id);
    let spec = c
        .fighter
        .skill_spec(&d.state.campaign, &scores, &magic.skill, None, None);
    let dc = AVERAGE_DC + level;
    let mut result = check(
        &spec,
        Dc::open(dc),
        dice,
        &format!("concentration ({}) for {}", spec.label, c.fighter.name),
    )?;
    result.breakdown.note(format!(
        "DC 10 + {level}, the experience level of {} (D20-CAST-02)",
        by.map_or_else(|| "nobody".to_string(), |b| d.state.name(b))
    ));
    let kept = result.success;
    d.push(Event::Concentration {
        id: id.clone(),
        result,
    });
    if !kept {
        d.clock(ClockEvent::EffectEnded {
            id: effect.id,
            why: format!(
                "{} is interrupted; its {} is not spent (D20-CAST-02)",
                effect.name,
                magic.kind.cost_name()
            ),
        });
    }
    Ok(())
}
