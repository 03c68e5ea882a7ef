//! Melee and ranged attacks. The seed says which attacks reach which row
//! (D20-MOVE-03) and that Melee Fighting may use DEX with finesse weapons
//! (D20-CHK-01), but not how an attack is rolled; the decisions (a skill
//! check against Defense, damage dice plus the attack's attribute bonus in
//! melee, at least 1 on a hit) are in `docs/rules/d20.md`.

use nanite_core::{Breakdown, CombatantId, DiceSource};
use nanite_dice::{Expression, Roller};

use super::event::DiceRoll;
use super::{Decision, Event, FighterWeapon, Refusal, gm};
use crate::attribute::Attribute;
use crate::check::{BEATS, d20};
use crate::pack::WeaponKind;

/// An attack with a weapon by index (none: unarmed), on the attacker's
/// action.
pub(crate) fn attack(
    d: &mut Decision,
    id: &CombatantId,
    target: &CombatantId,
    weapon: Option<usize>,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    gm::ready(d, id, "an attack")?;
    let attacker = d.state.combatant(id)?.fighter.clone();
    d.state.combatant(target)?;
    if id == target {
        return Err(Refusal::Illegal {
            why: format!("{} cannot attack itself", attacker.name),
        });
    }
    if d.state.is_down(target) {
        return Err(Refusal::Illegal {
            why: format!("{} is already down", d.state.name(target)),
        });
    }
    if let Some(g) = d.state.grapple_of(id) {
        return Err(Refusal::Illegal {
            why: format!(
                "{} is grappling with {}: use a grappling attack (submission, slam, short-strikes) or let go (D20-GRAP-04)",
                attacker.name,
                d.state.name(&g.other(id))
            ),
        });
    }
    let w = match weapon {
        None => attacker.unarmed(),
        Some(i) => attacker
            .weapons
            .get(i)
            .cloned()
            .ok_or_else(|| Refusal::Illegal {
                why: format!(
                    "{} has no weapon {i}; its weapons: {}",
                    attacker.name,
                    weapons_list(&attacker)
                ),
            })?,
    };
    d.state
        .reaches(id, target, w.kind, w.reach, w.reach_feet())
        .map_err(|why| Refusal::Illegal {
            why: format!("{} cannot reach: {why}", attacker.name),
        })?;
    gm::spend(d, id, &format!("attack with the {}", w.name))?;
    strike(d, id, target, &w, dice)
}

/// The weapons of `f`, numbered.
pub(crate) fn weapons_list(f: &super::Fighter) -> String {
    if f.weapons.is_empty() {
        return "none (attack unarmed)".into();
    }
    f.numbered_weapons()
}

/// Resolves one attack (an action already paid for, or a free one): a
/// skill check against the target's Defense, damage on a hit.
pub(crate) fn strike(
    d: &mut Decision,
    id: &CombatantId,
    target: &CombatantId,
    w: &FighterWeapon,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let attacker = d.state.combatant(id)?.fighter.clone();
    let defender = d.state.combatant(target)?.fighter.clone();
    let campaign = d.state.campaign.clone();
    let scores = d.state.scores(id);
    let skill = attacker.skill(&w.skill);
    let mut attribute = skill.attribute;
    let mut note = None;
    if w.finesse
        && let Some(alt) = skill.finesse()
        && campaign.bonus(scores.get(alt)) > campaign.bonus(scores.get(attribute))
    {
        attribute = alt;
        note = Some("finesse weapon");
    }
    let spec = attacker.skill_spec(&campaign, &scores, &w.skill, Some(attribute), note);
    let die = d20(
        dice,
        &format!(
            "attack d20 for {}'s {} at {}",
            attacker.name, w.name, defender.name
        ),
    )?;
    let total = i64::from(die) + spec.modifier();
    let parts = defender.defense(&campaign, &d.state.scores(target));
    let defense: i64 = parts.iter().map(|(_, v)| v).sum();
    let hit = BEATS.passes(total, defense);
    let mut b = Breakdown::new();
    b.die(
        format!("attack with the {} ({})", w.name, spec.label),
        20,
        die,
    );
    spec.explain(&mut b);
    b.value("attack total", total);
    for (n, (source, value)) in parts.iter().enumerate() {
        if n == 0 {
            b.value(source.clone(), *value);
        } else {
            b.modifier(source.clone(), *value);
        }
    }
    b.value(format!("{}'s Defense", defender.name), defense);
    b.compare(
        format!("attack {total}"),
        BEATS.operator(hit),
        format!("Defense {defense}"),
        if hit {
            "hit (meets or beats, D20-CHK-03)"
        } else {
            "miss"
        },
    );
    let damage = if hit {
        let bonus = match w.kind {
            WeaponKind::Melee => campaign.bonus(scores.get(attribute)),
            WeaponKind::Ranged => 0,
        };
        let roll = roll_damage(
            &w.damage,
            bonus,
            false,
            &format!("damage {} for {}'s {}", w.damage, attacker.name, w.name),
            dice,
        )?;
        explain_damage(
            &mut b,
            &roll,
            &format!(
                "{} {} bonus (melee damage)",
                attribute_key(attribute),
                scores.get(attribute)
            ),
        );
        Some(roll)
    } else {
        None
    };
    let amount = damage.as_ref().map(|r| r.total);
    d.push(Event::Attacked {
        attacker: id.clone(),
        target: target.clone(),
        weapon: w.name.clone(),
        die,
        total,
        defense,
        hit,
        damage,
        breakdown: b,
    });
    if let Some(amount) = amount {
        gm::damage(
            d,
            target,
            amount,
            Some(id),
            &format!("{}'s {}", attacker.name, w.name),
            dice,
        )?;
    }
    Ok(())
}

fn attribute_key(a: Attribute) -> &'static str {
    a.key()
}

/// Rolls `dice` for `purpose`, adds `bonus`, doubles when asked; at least 1.
pub(crate) fn roll_damage(
    dice_text: &str,
    bonus: i64,
    doubled: bool,
    purpose: &str,
    dice: &mut dyn DiceSource,
) -> Result<DiceRoll, Refusal> {
    let (rolled, faces) = roll_dice(dice_text, purpose, dice)?;
    let sum = rolled + bonus;
    let total = if doubled { sum * 2 } else { sum }.max(1);
    Ok(DiceRoll {
        dice: dice_text.to_string(),
        faces,
        rolled,
        bonus,
        doubled,
        total,
    })
}

/// Rolls a dice expression with one purpose for all its dice.
pub(crate) fn roll_dice(
    text: &str,
    purpose: &str,
    dice: &mut dyn DiceSource,
) -> Result<(i64, Vec<(u32, u32)>), Refusal> {
    let expr = Expression::parse(text).map_err(|e| Refusal::Illegal {
        why: format!("the dice `{text}` do not parse: {e}"),
    })?;
    let mut roller = Roller::new();
    let view = roller
        .roll(&expr, &(), Some(purpose), dice)
        .map_err(|e| Refusal::Dice(format!("{purpose}: {e}")))?;
    let faces = view
        .dice
        .iter()
        .filter(|x| x.kept)
        .map(|x| (x.sides, x.value))
        .collect();
    Ok((view.total, faces))
}

/// Adds the dice, the bonus and the total of a damage roll to `b`.
pub(crate) fn explain_damage(b: &mut Breakdown, roll: &DiceRoll, bonus_source: &str) {
    for (sides, face) in &roll.faces {
        b.die(format!("damage {}", roll.dice), *sides, *face);
    }
    b.value(format!("{} rolled", roll.dice), roll.rolled);
    b.modifier(bonus_source, roll.bonus);
    if roll.doubled {
        b.note(format!(
            "doubled by a natural 20: {} x 2 (D20-GRAP-04)",
            roll.rolled + roll.bonus
        ));
    }
    if roll.total > (roll.rolled + roll.bonus) * if roll.doubled { 2 } else { 1 } {
        b.note("at least 1 damage on a hit (decision)");
    }
    b.value("damage", roll.total);
}
