//! Casting nanite spells in a fight (CX-SPELL-01..03): who may cast, the
//! casting check against nanites spent + the target's cover, the range, the
//! target's save, and what the spell then does (damage, healing, a
//! condition, cures, cover), all from the spell's data.

use std::collections::BTreeMap;

use nanite_core::encounter::{Expiry, Moment};
use nanite_core::{Breakdown, ClockEvent, CombatantId, DiceSource};
use nanite_dice::Expression;
use serde::{Deserialize, Serialize};

use super::gm::{able, add_condition, consequences, melee_check_penalty, not_afraid, spend};
use super::scene::metres_between;
use super::{Battle, CxEffect, Decision, Event, Refusal};
use crate::check::{CheckSpec, judge_total, may_attempt, skill_check};
use crate::combat::{Blow, Cover, Fighter, KnownSpell, d100_for, explain_strike, strike};
use crate::pack::{OnSave, Save};
use crate::sheet::SkillLine;
use crate::stat::Stat;

/// Actions a spell takes (CX-SPELL-01, CX-TURN-07).
pub const CAST_ACTIONS: u32 = 1;

/// A cast command's fields.
pub(crate) struct Casting<'a> {
    pub(crate) id: &'a CombatantId,
    pub(crate) spell: &'a str,
    pub(crate) target: &'a CombatantId,
    pub(crate) cover: Option<Cover>,
}

/// The target's save against a spell: opposed to the casting total, the
/// target (the defender) winning ties (CX-SPELL-03, CX-DICE-04).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpellSave {
    /// Which save.
    pub save: Save,
    /// The d100.
    pub die: u32,
    /// The save's value.
    pub modifier: i64,
    /// The total.
    pub total: i64,
    /// The casting total it must reach.
    pub against: i64,
    /// Whether the target resisted.
    pub resisted: bool,
}

pub(crate) fn cast(
    d: &mut Decision<'_>,
    c: Casting<'_>,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let Casting { id, target, .. } = c;
    let caster = able(d, id)?.fighter.clone();
    not_afraid(d, id, "cast")?;
    let illegal = |why: String| Refusal::Illegal { why };
    let (spell, line) = known_spell(id, &caster, c.spell)?;
    let mut victim = d.state.combatant(target)?.clone();
    // Drink changes CHA, PER and DEX, and so the Will and Reflex saves
    // against the spell (CX-COND-09, CX-COND-10).
    victim.fighter.saves.will = d.state.will_save(target);
    victim.fighter.saves.reflex = d.state.reflex_save(target);
    let distance = may_cast_at(d, id, target, &caster, &victim.fighter, &spell)?;
    let cover = if id == target {
        Cover::None
    } else {
        c.cover.unwrap_or_else(|| d.state.cover_against(id, target))
    };
    let dc = spell.nanites + cover.modifier();
    let spec = CheckSpec {
        dc,
        in_combat: d.state.in_combat(),
        // Drink's stat changes (CX-COND-09, CX-COND-10).
        modifiers: line
            .as_ref()
            .map_or_else(Vec::new, |l| d.state.line_changes(id, l)),
        ..CheckSpec::default()
    };
    if let Some(line) = &line {
        may_attempt(line, &spec)
            .map_err(|r| illegal(format!("{} (rule {})", r.message, r.rule)))?;
    }
    if d.state.in_combat() {
        spend(
            d,
            id,
            CAST_ACTIONS,
            format!("cast {} at {target}", spell.name),
        )?;
        // A casting check is a skill check: in melee it draws penalty
        // attacks (CX-MELEE-02); a caster downed by them casts nothing.
        melee_check_penalty(d, id, dice)?;
        if able(d, id).is_err() {
            return Ok(());
        }
    }
    let result = match &line {
        Some(line) => skill_check(&caster.name, line, &spec, dice)?
            .map_err(|r| illegal(format!("{} (rule {})", r.message, r.rule)))?,
        None => {
            let die = d100_for(dice, || format!("casting d100 for {}", caster.name))?;
            judge_total(i64::from(die), dc, false, Some(die), &[])
        }
    };
    let mut b = Breakdown::new();
    note_casting(
        &mut b,
        (&caster, &victim.fighter),
        &spell,
        distance,
        cover,
        dc,
    );
    b.extend(result.breakdown.clone());
    let saved = if result.success {
        match spell.save {
            Some(save) => {
                let s = spell_save(&victim.fighter, save, result.total, dice)?;
                explain_save(&mut b, &s, &victim.fighter.name, spell.on_save);
                Some(s)
            }
            None => None,
        }
    } else {
        b.note(format!(
            "the spell fails; the {} nanites are spent",
            spell.nanites
        ));
        None
    };
    if let Some(radius) = spell.area {
        note_area(
            &mut b,
            radius,
            d.state.position(target).is_some(),
            &victim.fighter.name,
        );
    }
    let resisted = saved.is_some_and(|s| s.resisted);
    d.push(Event::SpellCast {
        caster: id.clone(),
        target: target.clone(),
        spell: spell.id.clone(),
        nanites: spell.nanites,
        success: result.success,
        save: saved.map(Box::new),
        breakdown: b,
    });
    if !result.success {
        return Ok(());
    }
    if !(resisted && spell.on_save == OnSave::Negates) {
        effects(d, id, &caster, target, &spell, resisted, dice)?;
    }
    area(d, id, &caster, target, &spell, result.total, dice)
}

/// The spell `wanted` as `caster` knows it, and the caster's line in its
/// spellbook's skill; only Paladins, Mages and Sorcerers cast spells
/// (CX-SPELL-01).
fn known_spell(
    id: &CombatantId,
    caster: &Fighter,
    wanted: &str,
) -> Result<(KnownSpell, Option<SkillLine>), Refusal> {
    let illegal = |why: String| Refusal::Illegal { why };
    let Some(book) = &caster.spellbook else {
        return Err(Refusal::CannotAct {
            id: id.clone(),
            why: format!(
                "{} is a {}; only Paladins, Mages and Sorcerers cast spells (CX-SPELL-01)",
                caster.name, caster.class
            ),
        });
    };
    let spell = book
        .spell(wanted)
        .ok_or_else(|| {
            illegal(format!(
                "{} knows no spell '{}'; it can cast {}",
                caster.name,
                wanted,
                book.spells
                    .iter()
                    .map(|s| s.id.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })?
        .clone();
    Ok((spell, caster.skill(&book.skill).cloned()))
}

/// The distance the spell is cast over, if it may be cast at `target`: a
/// living target, not downed for a healing spell (CX-DEATH-05), within the
/// spell's range (CX-SPELL-03), with the nanites it costs (CX-SPELL-02).
fn may_cast_at(
    d: &Decision<'_>,
    id: &CombatantId,
    target: &CombatantId,
    caster: &Fighter,
    victim: &Fighter,
    spell: &KnownSpell,
) -> Result<i64, Refusal> {
    let illegal = |why: String| Refusal::Illegal { why };
    if victim.dead {
        return Err(illegal(format!("{target} is dead")));
    }
    if spell.heal.is_some() && victim.is_downed() {
        return Err(illegal(format!(
            "{target} is downed: stabilize it first (CX-DEATH-05); healing does not raise the downed"
        )));
    }
    let distance = if id == target {
        0
    } else {
        d.state.distance(id, target).ok_or_else(|| {
            illegal(format!(
                "the distance between {id} and {target} is not known; the GM sets it (the spell's range depends on it, CX-SPELL-03)"
            ))
        })?
    };
    if let Some(range) = spell.range
        && distance > range
    {
        return Err(illegal(format!(
            "{target} is {distance} m from {id}; {} reaches {range} m with {}'s CHA (CX-SPELL-03)",
            spell.name, caster.name
        )));
    }
    if caster.nanites < spell.nanites {
        return Err(illegal(format!(
            "{} costs {} nanites and {} has {} (CX-SPELL-02)",
            spell.name, spell.nanites, caster.name, caster.nanites
        )));
    }
    Ok(distance)
}

/// The casting explained: who casts what at whom and how far, the nanites
/// spent and the target's cover making the casting DC (CX-SPELL-02).
fn note_casting(
    b: &mut Breakdown,
    (caster, victim): (&Fighter, &Fighter),
    spell: &KnownSpell,
    distance: i64,
    cover: Cover,
    dc: i64,
) {
    b.note(format!(
        "{} casts {} at {} ({distance} m{})",
        caster.name,
        spell.name,
        victim.name,
        spell
            .range
            .map_or(String::new(), |r| format!(", range {r} m"))
    ));
    b.value("nanites spent (CX-SPELL-02)", spell.nanites);
    b.modifier(
        format!("{} of the target (CX-SPELL-02)", cover.words()),
        cover.modifier(),
    );
    b.value("casting DC", dc);
}

/// An area spell's reach: everyone on the map within its radius of the
/// target, each with its own save, or only the target when it is not on
/// the map.
fn note_area(b: &mut Breakdown, radius: i64, placed: bool, victim: &str) {
    b.note(if placed {
        format!(
            "an area of {radius} m: everyone on the map within {radius} m of {} is caught, each with its own save",
            victim
        )
    } else {
        format!(
            "an area of {radius} m: {} is not on the map, so only it is caught",
            victim
        )
    });
}

/// Everyone else a spell with an area catches on the map: every living
/// combatant placed within its radius of the target's point (the caster
/// too), unless a full-cover or concealing wall or a closed door stands
/// between (as a grenade's blast). Each makes its own save against the
/// casting total and takes the spell's effects; the nanites were spent
/// once, on the aimed target.
fn area(
    d: &mut Decision<'_>,
    id: &CombatantId,
    caster: &Fighter,
    target: &CombatantId,
    spell: &KnownSpell,
    casting_total: i64,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let Some(radius) = spell.area else {
        return Ok(());
    };
    let Some(scene) = d.state.scene.as_ref() else {
        return Ok(());
    };
    let Some(centre) = scene.at(target) else {
        return Ok(());
    };
    let caught: Vec<(CombatantId, i64)> = scene
        .positions
        .iter()
        .filter(|(other, p)| {
            *other != target
                && d.state.combatants.get(other).is_some_and(|c| {
                    !c.fighter.dead && (spell.heal.is_none() || !c.fighter.is_downed())
                })
                && metres_between(centre, **p) <= radius
                && !scene.layout.shields_blast(centre, **p)
        })
        .map(|(other, p)| (other.clone(), metres_between(centre, *p)))
        .collect();
    let aimed = d.state.combatant(target)?.fighter.name.clone();
    for (other, metres) in caught {
        let mut victim = d.state.combatant(&other)?.fighter.clone();
        victim.saves.will = d.state.will_save(&other);
        victim.saves.reflex = d.state.reflex_save(&other);
        let mut b = Breakdown::new();
        b.note(format!(
            "{} is caught in {}'s {} ({metres} m from {aimed}, within its {radius} m area)",
            victim.name, caster.name, spell.name
        ));
        let saved = match spell.save {
            Some(save) => {
                let s = spell_save(&victim, save, casting_total, dice)?;
                explain_save(&mut b, &s, &victim.name, spell.on_save);
                Some(s)
            }
            None => None,
        };
        let resisted = saved.is_some_and(|s| s.resisted);
        d.push(Event::SpellCast {
            caster: id.clone(),
            target: other.clone(),
            spell: spell.id.clone(),
            nanites: 0,
            success: true,
            save: saved.map(Box::new),
            breakdown: b,
        });
        if resisted && spell.on_save == OnSave::Negates {
            continue;
        }
        effects(d, id, caster, &other, spell, resisted, dice)?;
    }
    Ok(())
}

/// A d100 + the target's save against the casting total; the target wins
/// ties (CX-DICE-04).
fn spell_save(
    target: &Fighter,
    save: Save,
    casting_total: i64,
    dice: &mut dyn DiceSource,
) -> Result<SpellSave, Refusal> {
    let modifier = match save {
        Save::Will => target.saves.will,
        Save::Shock => target.saves.shock,
        Save::Reflex => target.saves.reflex,
    };
    let die = d100_for(dice, || {
        format!(
            "{} save d100 for {} against a spell",
            save.key(),
            target.name
        )
    })?;
    let total = i64::from(die) + modifier;
    Ok(SpellSave {
        save,
        die,
        modifier,
        total,
        against: casting_total,
        resisted: total >= casting_total,
    })
}

fn explain_save(b: &mut Breakdown, s: &SpellSave, name: &str, on_save: OnSave) {
    b.die(format!("{} save, {name}", s.save.key()), 100, s.die);
    b.modifier(format!("{} save", s.save.key()), s.modifier);
    b.compare(
        format!("save {}", s.total),
        if s.resisted { ">=" } else { "<" },
        format!("casting total {}", s.against),
        match (s.resisted, on_save) {
            (false, _) => "the spell takes hold (CX-SPELL-03)",
            (true, OnSave::Negates) => {
                "resisted: the defender wins ties, the spell does nothing (CX-SPELL-03, CX-DICE-04)"
            }
            (true, OnSave::Half) => {
                "resisted: the defender wins ties, half damage and nothing else (CX-SPELL-03, CX-DICE-04)"
            }
        },
    );
}

/// What a spell that took hold does to its target.
fn effects(
    d: &mut Decision<'_>,
    id: &CombatantId,
    caster: &Fighter,
    target: &CombatantId,
    spell: &KnownSpell,
    resisted: bool,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    if let (Some(damage), Some(damage_type)) = (&spell.damage, spell.damage_type) {
        let before = d.state.combatant(target)?.fighter.clone();
        let rolled = roll(damage, caster, &format!("{} damage", spell.name), dice)?;
        let mut b = Breakdown::new();
        b.value(format!("{} damage {}", spell.name, damage.text()), rolled);
        let amount = if resisted { rolled / 2 } else { rolled };
        if resisted {
            b.value("saved: half damage (CX-SPELL-03)", amount);
        }
        let s = strike(
            &before,
            Blow {
                amount,
                damage_type,
                apl: spell.apl,
                non_lethal: false,
            },
            dice,
        )?;
        explain_strike(&mut b, &s, spell.apl, &before);
        d.push(Event::Struck {
            target: target.clone(),
            strike: s,
            breakdown: b,
        });
        consequences(d, target, &before, Some(&s));
    }
    if resisted {
        return Ok(());
    }
    if let Some(heal) = &spell.heal {
        let rolled = roll(heal, caster, &format!("{} healing", spell.name), dice)?;
        let f = &d.state.combatant(target)?.fighter;
        let amount = rolled.min(f.max_hp - f.hp).max(0);
        let mut b = Breakdown::new();
        b.value(format!("{} healing {}", spell.name, heal.text()), rolled);
        b.value(
            format!("healed, up to the {} missing health", f.max_hp - f.hp),
            amount,
        );
        d.push(Event::Healed {
            id: target.clone(),
            amount,
            breakdown: b,
        });
    }
    let up = d
        .state
        .combatant(target)
        .is_ok_and(|c| !c.fighter.dead && !c.fighter.is_downed());
    if let Some(kind) = spell.condition
        && up
    {
        add_condition(d, target, kind, spell.condition_turns);
    }
    for kind in &spell.cures {
        let ending: Vec<_> = d
            .state
            .clock
            .effects_on(target)
            .filter(|e| matches!(&e.payload, CxEffect::Condition(k) if k.kind == *kind))
            .map(|e| e.id)
            .collect();
        for effect in ending {
            d.clock(ClockEvent::EffectEnded {
                id: effect,
                why: format!("{} ends: cured by {}", kind.key(), spell.name),
            });
        }
    }
    if let Some(cover) = spell.cover
        && up
    {
        let before = d.state.combatant(target)?.cover;
        let e = d.state.clock.add_effect(
            target,
            format!(
                "behind {}'s {} ({})",
                caster.name,
                spell.name,
                cover.words()
            ),
            Some(Expiry::next(Moment::start_of(id))),
            CxEffect::Warded { cover, before },
        );
        d.clock(e);
        d.push(Event::Positioned {
            id: target.clone(),
            cover: Some(cover),
            stance: None,
        });
    }
    Ok(())
}

/// Rolls a spell formula over the caster's stats and level.
fn roll(
    formula: &Expression,
    caster: &Fighter,
    purpose: &str,
    dice: &mut dyn DiceSource,
) -> Result<i64, Refusal> {
    let mut vars: BTreeMap<String, i64> = Stat::ALL
        .into_iter()
        .map(|s| (s.code().to_string(), caster.stats.get(s)))
        .collect();
    vars.insert("LEVEL".into(), caster.level);
    super::gm::roll_formula(formula, &vars, purpose, dice)
}

/// Clock bookkeeping before a clock event applies: when a spell's cover ends,
/// the target's cover goes back to what it was, unless it changed since.
pub(crate) fn before_clock(state: &mut Battle, e: &ClockEvent<CxEffect>) {
    let ClockEvent::EffectEnded { id, .. } = e else {
        return;
    };
    let Some((bearer, cover, before)) = state.clock.effects.iter().find_map(|x| match x.payload {
        CxEffect::Warded { cover, before } if x.id == *id => {
            Some((x.bearer.clone(), cover, before))
        }
        _ => None,
    }) else {
        return;
    };
    if let Some(c) = state.combatants.get_mut(&bearer)
        && c.cover == cover
    {
        c.cover = before;
    }
}

/// Applies a spell event.
pub(crate) fn evolve(state: &mut Battle, event: &Event) {
    match event {
        Event::SpellCast {
            caster, nanites, ..
        } => {
            if let Some(c) = state.combatants.get_mut(caster) {
                c.fighter.nanites = (c.fighter.nanites - nanites).max(0);
            }
        }
        Event::Healed { id, amount, .. } => {
            if let Some(c) = state.combatants.get_mut(id) {
                c.fighter.hp = (c.fighter.hp + amount).min(c.fighter.max_hp);
                c.fighter.close_wounds(*amount);
            }
        }
        _ => {}
    }
}

/// Tells a spell event.
pub(crate) fn narrate(state: &Battle, event: &Event) -> Vec<String> {
    let n = |id: &CombatantId| state.name(id);
    match event {
        Event::SpellCast { breakdown, .. } => {
            breakdown.steps().iter().map(|s| s.to_string()).collect()
        }
        Event::Healed {
            id,
            amount,
            breakdown,
        } => {
            let mut out = vec![format!("{} regains {amount} health", n(id))];
            out.extend(breakdown.steps().iter().map(|s| format!("  {s}")));
            out
        }
        _ => Vec::new(),
    }
}
