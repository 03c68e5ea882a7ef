//! Validation of a character against a pack: every problem at once, each
//! naming its file, line, field and the rule it breaks.
//!
//! The seed gives no creation rules (no point buy, no skill caps), so the
//! limits here are sanity bounds, documented as decisions in
//! `docs/rules/d20.md`: scores 1 to 30, experience level 1 to 20, skill
//! levels 0 to 20; and everything named must exist in the pack.

use nanite_core::{Diagnostic, Diagnostics};

use crate::attribute::Attribute;
use crate::character::Character;
use crate::pack::Pack;

/// Lowest and highest attribute score (a decision: the seed gives none).
pub const SCORES: std::ops::RangeInclusive<i64> = 1..=30;
/// Lowest and highest experience level (a decision).
pub const LEVELS: std::ops::RangeInclusive<i64> = 1..=20;
/// Lowest and highest skill level (a decision).
pub const SKILL_LEVELS: std::ops::RangeInclusive<i64> = 0..=20;

/// Every problem of `character` against `pack`.
pub fn validate(character: &Character, pack: &Pack) -> Diagnostics {
    let mut found = Diagnostics::new();
    let mut push = |field: &str, d: Diagnostic| {
        let line = character.line_of(field);
        let d = Diagnostic {
            field: field.to_string(),
            ..d
        };
        found.push(match character.file() {
            Some(file) => d.at(file, line),
            None => d,
        });
    };
    identity(character, &mut push);
    attributes(character, &mut push);
    skills(character, pack, &mut push);
    gear(character, pack, &mut push);
    magic(character, pack, &mut push);
    resistances(character, &mut push);
    list_lengths(character, &mut push);
    found
}

/// A name, and an experience level in range (D20-CHK-02).
fn identity(character: &Character, push: &mut impl FnMut(&str, Diagnostic)) {
    if character.name.trim().is_empty() {
        push("name", Diagnostic::error("", "the character has no name"));
    }
    if !LEVELS.contains(&character.level) {
        push(
            "level",
            Diagnostic::error(
                "",
                format!(
                    "experience level {} is outside {} to {}",
                    character.level,
                    LEVELS.start(),
                    LEVELS.end()
                ),
            )
            .rule("D20-CHK-02")
            .help("non-skill checks add the experience level; a new character is level 1"),
        );
    }
}

/// Every attribute score in range (D20-CHK-01).
fn attributes(character: &Character, push: &mut impl FnMut(&str, Diagnostic)) {
    for attribute in Attribute::ALL {
        let score = character.attributes.get(attribute);
        if !SCORES.contains(&score) {
            push(
                &format!("attributes.{}", attribute.key()),
                Diagnostic::error(
                    "",
                    format!(
                        "{} is {score}, outside {} to {}",
                        attribute.key(),
                        SCORES.start(),
                        SCORES.end()
                    ),
                )
                .rule("D20-CHK-01")
                .help("10 is average; the bonus is floor((score - 10) / 2)"),
            );
        }
    }
}

/// Every skill in the pack, its level in range (D20-CHK-01).
fn skills(character: &Character, pack: &Pack, push: &mut impl FnMut(&str, Diagnostic)) {
    for (id, level) in &character.skills {
        let field = format!("skills.{id}");
        if pack.skill(id).is_none() {
            push(
                &field,
                Diagnostic::error("", format!("no skill `{id}` in the pack"))
                    .rule("D20-CHK-01")
                    .help(format!("known skills: {}", pack.skill_ids().join(", "))),
            );
        } else if !SKILL_LEVELS.contains(level) {
            push(
                &field,
                Diagnostic::error(
                    "",
                    format!(
                        "skill level {level} is outside {} to {}",
                        SKILL_LEVELS.start(),
                        SKILL_LEVELS.end()
                    ),
                )
                .rule("D20-CHK-01"),
            );
        }
    }
}

/// Weapons, armor and healing kits in the pack, kits in number within the
/// limits (D20-REST-02).
fn gear(character: &Character, pack: &Pack, push: &mut impl FnMut(&str, Diagnostic)) {
    for (n, id) in character.weapons.iter().enumerate() {
        if pack.weapon(id).is_none() {
            let known: Vec<&str> = pack.weapons.iter().map(|w| w.id.as_str()).collect();
            push(
                &format!("gear.weapons[{n}]"),
                Diagnostic::error("", format!("no weapon `{id}` in the pack"))
                    .help(format!("known weapons: {}", known.join(", "))),
            );
        }
    }
    if let Some(id) = &character.armor
        && pack.armor(id).is_none()
    {
        let known: Vec<&str> = pack.armors.iter().map(|a| a.id.as_str()).collect();
        push(
            "gear.armor",
            Diagnostic::error("", format!("no armor `{id}` in the pack"))
                .help(format!("known armor: {}", known.join(", "))),
        );
    }
    for (id, count) in &character.kits {
        let field = format!("gear.kits.{id}");
        if pack.kit(id).is_none() {
            let known: Vec<&str> = pack.kits.iter().map(|k| k.id.as_str()).collect();
            push(
                &field,
                Diagnostic::error("", format!("no healing kit `{id}` in the pack"))
                    .rule("D20-REST-02")
                    .help(format!("known kits: {}", known.join(", "))),
            );
        } else if let Err(why) = crate::limits::within("kits", *count, &crate::limits::KITS) {
            push(&field, Diagnostic::error("", why).rule("D20-REST-02"));
        }
    }
}

/// Spells and powers in the pack, each in its own list (D20-CAST-01,
/// D20-CAST-03), with a warning for one whose skill is untrained
/// (D20-CAST-02).
fn magic(character: &Character, pack: &Pack, push: &mut impl FnMut(&str, Diagnostic)) {
    let lists = [
        ("spells", &character.spells, crate::pack::MagicKind::Spell),
        ("powers", &character.powers, crate::pack::MagicKind::Power),
    ];
    for (key, list, kind) in lists {
        for (n, id) in list.iter().enumerate() {
            let field = format!("magic.{key}[{n}]");
            match pack.magic(id) {
                Some(m) if m.kind != kind => push(
                    &field,
                    Diagnostic::error(
                        "",
                        format!("`{id}` is a {}, not a {}", m.kind.key(), kind.key()),
                    )
                    .rule("D20-CAST-03")
                    .help(format!("list it under `{}s`", m.kind.key())),
                ),
                Some(m) if character.skill_level(&m.skill) == 0 => push(
                    &field,
                    Diagnostic::warning(
                        "",
                        format!(
                            "{} uses the skill `{}`, which the character has not trained",
                            m.name, m.skill
                        ),
                    )
                    .rule("D20-CAST-02")
                    .help("its resistance and concentration checks add skill level 0"),
                ),
                Some(_) => {}
                None => {
                    let known: Vec<&str> = pack
                        .magic
                        .iter()
                        .filter(|m| m.kind == kind)
                        .map(|m| m.id.as_str())
                        .collect();
                    push(
                        &field,
                        Diagnostic::error("", format!("no {} `{id}` in the pack", kind.key()))
                            .rule("D20-CAST-01")
                            .help(format!("known {key}: {}", known.join(", "))),
                    );
                }
            }
        }
    }
}

/// Spell and power resistance within the limits (D20-CAST-03).
fn resistances(character: &Character, push: &mut impl FnMut(&str, Diagnostic)) {
    for (key, value) in [
        ("spell", character.spell_resistance),
        ("power", character.power_resistance),
    ] {
        let what = format!("{key} resistance");
        if let Err(why) = crate::limits::within(&what, value, &crate::limits::RESISTANCE) {
            push(
                &format!("resistance.{key}"),
                Diagnostic::error("", why)
                    .rule("D20-CAST-03")
                    .help("0 means no resistance"),
            );
        }
    }
}

/// No list longer than a character may carry.
fn list_lengths(character: &Character, push: &mut impl FnMut(&str, Diagnostic)) {
    let lists = [
        ("gear.weapons", character.weapons.len()),
        ("gear.kits", character.kits.len()),
        ("magic.spells", character.spells.len()),
        ("magic.powers", character.powers.len()),
    ];
    for (field, count) in lists {
        if count > crate::limits::LIST {
            push(
                field,
                Diagnostic::error(
                    "",
                    format!(
                        "{count} entries; a character lists at most {}",
                        crate::limits::LIST
                    ),
                ),
            );
        }
    }
}
