//! Validation of equipment and of the stat caps after every bonus
//! (CX-LVL-01, CX-STAT-06, CX-STAT-07, CX-RNG-15).

use super::{CAP_BEFORE_15, CAP_FROM_15, Check, list};
use crate::pack::{Attack, Pack};
use crate::sheet::{MAX_COVERAGE_AT_STR_1, Sheet, strength_without};
use crate::stat::Stat;

/// Every piece of equipment; with a sheet (a sound character), what the
/// stats forbid and the stat caps after every bonus too.
pub(super) fn equipment(c: &mut Check<'_>, pack: &Pack, sheet: Option<&Sheet>) {
    weapons(c, pack);
    armor(c, pack, sheet);
    shield_cloak_and_items(c, pack);
    // Stat caps after every bonus, feats and equipment included (CX-STAT-06).
    if let Some(sheet) = sheet {
        stat_caps(c, sheet);
    }
}

/// Each weapon in the pack and usable by the class (CX-LVL-01), its
/// magazines counted (CX-RNG-12), its attachments in the pack and fitting
/// it (none on a melee weapon), and the skill it needs (CX-RNG-15).
fn weapons(c: &mut Check<'_>, pack: &Pack) {
    let ch = c.character;
    let class = pack.classes.get(&ch.class);
    for (n, carried) in ch.equipment.weapons.iter().enumerate() {
        let field = format!("equipment.weapons[{n}]");
        let Some(weapon) = pack.weapons.get(&carried.id) else {
            c.error(
                field,
                "CX-CONTENT-01",
                format!("unknown weapon `{}`", carried.id),
                format!("known weapons: {}", list(pack.weapons.ids())),
            );
            continue;
        };
        if carried.magazines < 0 {
            c.error(
                field.clone(),
                "CX-RNG-12",
                format!(
                    "{} magazines of the {} is a negative count",
                    carried.magazines, weapon.name
                ),
                "carry 0 or more".into(),
            );
        }
        if let Some(class) = class
            && !class.weapons.contains(&weapon.category)
        {
            c.error(
                field.clone(),
                "CX-LVL-01",
                format!(
                    "a {} cannot use {} ({})",
                    class.name, weapon.name, weapon.category
                ),
                format!("{} may use: {}", class.name, class.weapons.join(", ")),
            );
        }
        for id in &carried.attachments {
            match pack.attachments.get(id) {
                None => c.error(
                    field.clone(),
                    "CX-CONTENT-01",
                    format!("unknown attachment `{id}`"),
                    format!("known attachments: {}", list(pack.attachments.ids())),
                ),
                Some(a) if !a.fits.contains(&weapon.category) => c.error(
                    field.clone(),
                    "CX-CONTENT-01",
                    format!(
                        "{} does not fit {} ({})",
                        a.name, weapon.name, weapon.category
                    ),
                    format!("{} fits: {}", a.name, a.fits.join(", ")),
                ),
                Some(_) => {}
            }
        }
        if weapon.attack == Attack::Melee && carried.attachments.iter().any(|_| true) {
            c.warning(
                field.clone(),
                "CX-CONTENT-01",
                format!("{} is a melee weapon; attachments do nothing", weapon.name),
                "remove the attachments".into(),
            );
        }
        if let Some(min) = weapon.min_skill
            && ch.skill_points(&weapon.skill) < min
        {
            c.warning(
                field,
                "CX-RNG-15",
                format!(
                    "{} needs {min} points in {} to use",
                    weapon.name, weapon.skill
                ),
                format!("learn {}", weapon.skill),
            );
        }
    }
}

/// The armor in the pack and wearable by the class (CX-LVL-01); with STR 1
/// no armor above the coverage limit (CX-STAT-07).
fn armor(c: &mut Check<'_>, pack: &Pack, sheet: Option<&Sheet>) {
    let ch = c.character;
    let class = pack.classes.get(&ch.class);
    if let Some(id) = &ch.equipment.armor {
        match pack.armors.get(id) {
            None => c.error(
                "equipment.armor",
                "CX-CONTENT-01",
                format!("unknown armor `{id}`"),
                format!("known armor: {}", list(pack.armors.ids())),
            ),
            Some(armor) => {
                if let Some(class) = class
                    && !class.armor.contains(&armor.category)
                {
                    c.error(
                        "equipment.armor",
                        "CX-LVL-01",
                        format!("a {} cannot wear {} armor", class.name, armor.category),
                        format!("{} may wear: {}", class.name, class.armor.join(", ")),
                    );
                }
                // The wearer's STR before the armor's own bonus: armor
                // cannot lift a STR 1 wearer into itself.
                let weak = sheet.is_some_and(|s| {
                    s.breakdown
                        .get(Stat::Strength.code())
                        .is_some_and(|str| strength_without(armor, str) <= 1)
                });
                if weak && armor.coverage > MAX_COVERAGE_AT_STR_1 {
                    c.error(
                        "equipment.armor",
                        "CX-STAT-07",
                        format!(
                            "with STR 1 no armor above {MAX_COVERAGE_AT_STR_1}% coverage may be worn; {} covers {}%",
                            armor.name, armor.coverage
                        ),
                        format!("choose armor with {MAX_COVERAGE_AT_STR_1}% coverage or less (an armor's own STR bonus does not count)"),
                    );
                }
            }
        }
    }
}

/// The shield, cloaking module and items in the pack, items counted.
fn shield_cloak_and_items(c: &mut Check<'_>, pack: &Pack) {
    let ch = c.character;
    if let Some(id) = &ch.equipment.shield
        && pack.shields.get(id).is_none()
    {
        c.error(
            "equipment.shield",
            "CX-CONTENT-01",
            format!("unknown shield `{id}`"),
            format!("known shields: {}", list(pack.shields.ids())),
        );
    }
    if let Some(id) = &ch.equipment.cloak
        && pack.cloaks.get(id).is_none()
    {
        c.error(
            "equipment.cloak",
            "CX-CONTENT-01",
            format!("unknown cloaking module `{id}`"),
            format!("known modules: {}", list(pack.cloaks.ids())),
        );
    }
    for (id, count) in &ch.equipment.items {
        let field = format!("equipment.items.{id}");
        if pack.items.get(id).is_none() {
            c.error(
                field,
                "CX-CONTENT-01",
                format!("unknown item `{id}`"),
                format!("known items: {}", list(pack.items.ids())),
            );
        } else if *count < 0 {
            c.error(
                field,
                "CX-CONTENT-01",
                format!("{count} is a negative count"),
                "use 0 or more".into(),
            );
        }
    }
}

/// No stat above the cap at the character's level after every bonus
/// (CX-STAT-06).
fn stat_caps(c: &mut Check<'_>, sheet: &Sheet) {
    let ch = c.character;
    let cap = if ch.level >= 15 {
        CAP_FROM_15
    } else {
        CAP_BEFORE_15
    };
    for (stat, value) in sheet.stats.iter() {
        if value > cap {
            c.error(
                format!("base_stats.{}", stat.code()),
                "CX-STAT-06",
                format!("{stat} is {value} after every bonus, above the cap of {cap} at level {}", ch.level),
                format!("lower {stat}: stats cannot exceed {CAP_BEFORE_15} before level 15, nor {CAP_FROM_15} after"),
            );
        }
    }
}
