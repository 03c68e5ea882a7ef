//! Cross-reference checks: everything a pack names must exist in it.

use nanite_core::Diagnostics;

use super::{Effect, EffectTarget, Entry, FireMode, Pack};

fn check_effects(pack: &Pack, entry: &str, effects: &[Effect], found: &mut Diagnostics) {
    for effect in effects {
        if let EffectTarget::Skill(skill) = &effect.target
            && pack.skills.get(skill).is_none()
        {
            found.push(pack.problem(
                entry,
                "effects",
                format!("effect targets unknown skill `{skill}`"),
            ));
        }
    }
}

/// Reports every reference to an id the pack does not define, and content that
/// contradicts the rules.
pub(super) fn check(pack: &Pack, found: &mut Diagnostics) {
    class_refs(pack, found);
    feat_refs(pack, found);
    spell_refs(pack, found);
    weapon_refs(pack, found);
    effect_refs(pack, found);
}

/// An unknown id in `entry`'s `field`, with the ids known.
fn missing(
    pack: &Pack,
    found: &mut Diagnostics,
    entry: String,
    field: &str,
    kind: &str,
    id: &str,
    known: Vec<&str>,
) {
    let kinds = if kind.ends_with('s') {
        format!("{kind}es")
    } else {
        format!("{kind}s")
    };
    found.push(
        pack.problem(&entry, field, format!("unknown {kind} `{id}`"))
            .help(format!("known {kinds}: {}", known.join(", "))),
    );
}

/// Each class's feats (marked class feats), spellcasting skill and weapon
/// categories exist.
fn class_refs(pack: &Pack, found: &mut Diagnostics) {
    for class in pack.classes.iter() {
        let entry = format!("class.{}", class.id);
        for feat in &class.class_feats {
            match pack.feats.get(feat) {
                None => missing(
                    pack,
                    found,
                    entry.clone(),
                    "class_feats",
                    "feat",
                    feat,
                    pack.feats.ids(),
                ),
                Some(f) if !f.class_feat => found.push(
                    pack.problem(
                        &entry,
                        "class_feats",
                        format!(
                            "feat `{feat}` is listed as a class feat but lacks class_feat = true"
                        ),
                    )
                    .help("mark the feat class_feat = true, or remove it from class_feats"),
                ),
                Some(_) => {}
            }
        }
        if let Some(skill) = &class.spellcasting
            && pack.skills.get(skill).is_none()
        {
            missing(
                pack,
                found,
                entry.clone(),
                "spellcasting",
                "skill",
                skill,
                pack.skills.ids(),
            );
        }
        for category in &class.weapons {
            if !pack.weapons.iter().any(|w| &w.category == category) {
                found.push(pack.problem(
                    &entry,
                    "weapons",
                    format!("no weapon of category `{category}` exists in this pack"),
                ));
            }
        }
    }
}

/// Each feat's classes, required feats and skills, and the granted feat it
/// may be taken instead of exist.
fn feat_refs(pack: &Pack, found: &mut Diagnostics) {
    for feat in pack.feats.iter() {
        let entry = format!("feat.{}", feat.id);
        for class in &feat.classes {
            if pack.classes.get(class).is_none() {
                missing(
                    pack,
                    found,
                    entry.clone(),
                    "classes",
                    "class",
                    class,
                    pack.classes.ids(),
                );
            }
        }
        for needed in &feat.requires.feats {
            if pack.feats.get(needed).is_none() {
                missing(
                    pack,
                    found,
                    entry.clone(),
                    "requires.feats",
                    "feat",
                    needed,
                    pack.feats.ids(),
                );
            }
        }
        for (skill, _) in &feat.requires.skills {
            if pack.skills.get(skill).is_none() {
                missing(
                    pack,
                    found,
                    entry.clone(),
                    "requires.skills",
                    "skill",
                    skill,
                    pack.skills.ids(),
                );
            }
        }
        if let Some(other) = &feat.instead_of {
            match pack.feats.get(other) {
                None => missing(
                    pack,
                    found,
                    entry.clone(),
                    "instead_of",
                    "feat",
                    other,
                    pack.feats.ids(),
                ),
                Some(o) if o.granted.is_none() => found.push(pack.problem(
                    &entry,
                    "instead_of",
                    format!(
                        "`{other}` is not a granted feat, so nothing can be taken instead of it"
                    ),
                )),
                Some(_) => {}
            }
        }
    }
}

/// Each spell's classes exist.
fn spell_refs(pack: &Pack, found: &mut Diagnostics) {
    for spell in pack.spells.iter() {
        for class in &spell.classes {
            if pack.classes.get(class).is_none() {
                missing(
                    pack,
                    found,
                    format!("spell.{}", spell.id),
                    "classes",
                    "class",
                    class,
                    pack.classes.ids(),
                );
            }
        }
    }
}

/// Each weapon's skill exists, and an automatic weapon has the `auto` mode
/// (CX-RNG-07).
fn weapon_refs(pack: &Pack, found: &mut Diagnostics) {
    for weapon in pack.weapons.iter() {
        let entry = format!("weapon.{}", weapon.id);
        if !weapon.skill.is_empty() && pack.skills.get(&weapon.skill).is_none() {
            missing(
                pack,
                found,
                entry.clone(),
                "skill",
                "skill",
                &weapon.skill,
                pack.skills.ids(),
            );
        }
        if weapon.automatic && !weapon.modes.contains(&FireMode::Auto) {
            found.push(
                pack.problem(
                    &entry,
                    "automatic",
                    "a fully automatic weapon needs the `auto` mode".into(),
                )
                .rule("CX-RNG-07"),
            );
        }
    }
}

/// The effects of races, classes, feats, attachments, armor and items name
/// what exists.
fn effect_refs(pack: &Pack, found: &mut Diagnostics) {
    let entries: Vec<(String, &[Effect])> = pack
        .races
        .iter()
        .map(|r| (format!("race.{}", r.id()), r.effects.as_slice()))
        .chain(
            pack.classes
                .iter()
                .map(|c| (format!("class.{}", c.id()), c.effects.as_slice())),
        )
        .chain(
            pack.feats
                .iter()
                .map(|f| (format!("feat.{}", f.id()), f.effects.as_slice())),
        )
        .chain(
            pack.attachments
                .iter()
                .map(|a| (format!("attachment.{}", a.id()), a.effects.as_slice())),
        )
        .chain(
            pack.armors
                .iter()
                .map(|a| (format!("armor.{}", a.id()), a.effects.as_slice())),
        )
        .chain(
            pack.items
                .iter()
                .map(|i| (format!("item.{}", i.id()), i.effects.as_slice())),
        )
        .collect();
    for (entry, effects) in entries {
        check_effects(pack, &entry, effects, found);
    }
}
