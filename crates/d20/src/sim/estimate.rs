//! The numbers a policy weighs before it chooses: the chance of a d20
//! check, of an attack to hit and of a spell to get through, the mean of
//! damage dice, and the risk that a caster is interrupted. They only rank
//! choices; the engine alone resolves them.

use std::collections::BTreeMap;

use nanite_core::CombatantId;

use crate::attribute::Attribute;
use crate::encounter::{Battle, FighterWeapon, SLAM_DAMAGE};
use crate::pack::{Magic, MagicKind, WeaponKind};

/// The mean of each dice text the fighters of a battle can roll.
#[derive(Clone, Debug, Default)]
pub(crate) struct Means(BTreeMap<String, f64>);

impl Means {
    /// Every damage and healing text of `battle`'s fighters, and the slam.
    pub(crate) fn of(battle: &Battle) -> Means {
        let mut texts = vec![SLAM_DAMAGE.to_string()];
        for c in battle.combatants.values() {
            let f = &c.fighter;
            texts.push(f.unarmed_damage.clone());
            texts.extend(f.weapons.iter().map(|w| w.damage.clone()));
            for m in &f.magic {
                texts.extend(m.damage.iter().chain(&m.heal).cloned());
            }
        }
        Means(
            texts
                .into_iter()
                .map(|t| {
                    let mean = nanite_dice::Expression::parse(&t)
                        .ok()
                        .and_then(|e| nanite_dice::Distribution::of(&e).ok())
                        .map_or(0.0, |d| d.mean());
                    (t, mean)
                })
                .collect(),
        )
    }

    /// The mean of `text` (0 when unknown).
    pub(crate) fn get(&self, text: &str) -> f64 {
        self.0.get(text).copied().unwrap_or(0.0)
    }
}

/// The chance that d20 + `modifier` meets or beats `target`.
pub(crate) fn chance(modifier: i64, target: i64) -> f64 {
    let faces = (1..=20).filter(|d| d + modifier >= target).count();
    faces as f64 / 20.0
}

/// The attribute `id` attacks with using `w` (finesse when better).
fn attack_attribute(b: &Battle, id: &CombatantId, w: &FighterWeapon) -> Attribute {
    let Some(c) = b.combatants.get(id) else {
        return Attribute::Str;
    };
    let skill = c.fighter.skill(&w.skill);
    let scores = b.scores(id);
    match skill.finesse() {
        Some(alt)
            if w.finesse
                && b.campaign.bonus(scores.get(alt))
                    > b.campaign.bonus(scores.get(skill.attribute)) =>
        {
            alt
        }
        _ => skill.attribute,
    }
}

/// `target`'s Defense now.
pub(crate) fn defense(b: &Battle, target: &CombatantId) -> i64 {
    b.combatants.get(target).map_or(0, |c| {
        c.fighter
            .defense(&b.campaign, &b.scores(target))
            .iter()
            .map(|(_, v)| v)
            .sum()
    })
}

/// Expected damage of `id`'s attack with `w` on `target`.
pub(crate) fn attack_value(
    b: &Battle,
    means: &Means,
    id: &CombatantId,
    w: &FighterWeapon,
    target: &CombatantId,
) -> f64 {
    let Some(c) = b.combatants.get(id) else {
        return 0.0;
    };
    let attribute = attack_attribute(b, id, w);
    let spec = c
        .fighter
        .skill_spec(&b.campaign, &b.scores(id), &w.skill, Some(attribute), None);
    let hit = chance(spec.modifier(), defense(b, target));
    let bonus = match w.kind {
        WeaponKind::Melee => b.bonus(id, attribute),
        WeaponKind::Ranged => 0,
    };
    hit * (means.get(&w.damage) + bonus as f64).max(1.0)
}

/// The grappling check modifier of `id` with `attribute`.
pub(crate) fn grapple_modifier(b: &Battle, id: &CombatantId, attribute: Attribute) -> i64 {
    b.combatants.get(id).map_or(0, |c| {
        let f = &c.fighter;
        f.skill_spec(
            &b.campaign,
            &b.scores(id),
            &f.grappling_skill,
            Some(attribute),
            None,
        )
        .modifier()
    })
}

/// The chance to win an opposed check by `edge` points of modifier (ties
/// rolled again): the share of the 400 pairs of d20s the actor wins, of
/// those that are not ties.
pub(crate) fn opposed(edge: i64) -> f64 {
    let (mut wins, mut decided) = (0, 0);
    for a in 1..=20 {
        for d in 1..=20 {
            let diff = a + edge - d;
            if diff != 0 {
                decided += 1;
                if diff > 0 {
                    wins += 1;
                }
            }
        }
    }
    if decided == 0 {
        0.5
    } else {
        f64::from(wins) / f64::from(decided)
    }
}

/// Expected damage of a slam by `id` (STR bonus added).
pub(crate) fn slam_value(b: &Battle, means: &Means, id: &CombatantId) -> f64 {
    means.get(SLAM_DAMAGE) + b.bonus(id, Attribute::Str) as f64
}

/// The chance that `caster`'s `magic` gets through `target`'s resistance.
pub(crate) fn through_resistance(
    b: &Battle,
    caster: &CombatantId,
    magic: &Magic,
    target: &CombatantId,
) -> f64 {
    let (Some(c), Some(t)) = (b.combatants.get(caster), b.combatants.get(target)) else {
        return 0.0;
    };
    let resistance = match magic.kind {
        MagicKind::Spell => t.fighter.spell_resistance,
        MagicKind::Power => t.fighter.power_resistance,
    };
    if !magic.harmful() || resistance <= 0 {
        return 1.0;
    }
    let spec = c
        .fighter
        .skill_spec(&b.campaign, &b.scores(caster), &magic.skill, None, None);
    chance(spec.modifier(), resistance)
}

/// The chance that `caster` loses a spell begun now before it takes effect:
/// each enemy that can hurt it before its next turn hits about half the
/// time, and each hit asks for a concentration check against 10 + the
/// enemy's level (D20-CAST-02).
pub(crate) fn interruption(b: &Battle, caster: &CombatantId, magic: &Magic) -> f64 {
    let Some(c) = b.combatants.get(caster) else {
        return 1.0;
    };
    let spec = c
        .fighter
        .skill_spec(&b.campaign, &b.scores(caster), &magic.skill, None, None);
    let mut kept = 1.0;
    for (id, e) in &b.combatants {
        if !b.enemies(caster, id) || b.is_down(id) {
            continue;
        }
        if threatens(b, id, caster) {
            let fail = 1.0 - chance(spec.modifier(), 10 + e.fighter.level);
            kept *= 1.0 - 0.5 * fail;
        }
    }
    1.0 - kept
}

/// Whether `enemy` can attack `id` on its next turn: a ranged weapon or
/// a harmful spell, or melee reach after a move.
fn threatens(b: &Battle, enemy: &CombatantId, id: &CombatantId) -> bool {
    let Some(e) = b.combatants.get(enemy) else {
        return false;
    };
    if e.fighter
        .weapons
        .iter()
        .any(|w| w.kind == WeaponKind::Ranged)
        || e.fighter.magic.iter().any(Magic::harmful)
    {
        return true;
    }
    match (b.square(enemy), b.square(id)) {
        (Some(a), Some(t)) => crate::encounter::distance_feet(a, t) <= e.fighter.speed + 10,
        _ => b.reaches(enemy, id, WeaponKind::Melee, true, 10).is_ok(),
    }
}
