//! The small text forms inside pack files: class bonuses ("skill hacking +1"),
//! card effects ("bcp +2") and loot entries ("nanites 10").

use super::{Bonus, CardEffect, Loot, Skill, Stat};

use std::ops::RangeInclusive;

use crate::scenario::limits::whole;

/// How much a class bonus adds to a skill, stat, nanites or cyber modules.
pub(crate) const BONUS: RangeInclusive<i32> = -100..=100;
/// How many hit points a class bonus adds.
pub(crate) const HP_BONUS: RangeInclusive<i32> = 1..=100;
/// How many creature points a card gives, or how far it moves the threat.
pub(crate) const CARD: RangeInclusive<i32> = -100..=100;
/// How many nanites or cyber modules a loot entry gives.
pub(crate) const LOOT: RangeInclusive<i32> = 0..=1000;

fn amount(text: &str, what: &str, range: &RangeInclusive<i32>) -> Result<i32, String> {
    whole(text.strip_prefix('+').unwrap_or(text), what, range)
}

/// Reads a class bonus.
pub(super) fn bonus(text: &str) -> Result<Bonus, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        ["skill", name, n] => {
            let skill = Skill::parse(name).ok_or_else(|| format!("unknown skill `{name}`"))?;
            Ok(Bonus::Skill(skill, amount(n, "a skill bonus", &BONUS)?))
        }
        ["stat", name, n] => {
            let stat = Stat::parse(name).ok_or_else(|| format!("unknown stat `{name}`"))?;
            Ok(Bonus::Stat(stat, amount(n, "a stat bonus", &BONUS)?))
        }
        ["hp", n] => Ok(Bonus::Hp(amount(n, "an hp bonus", &HP_BONUS)?)),
        ["item", id] => Ok(Bonus::Item((*id).to_string())),
        ["nanites", n] => Ok(Bonus::Nanites(amount(n, "a nanites bonus", &BONUS)?)),
        ["cm", n] => Ok(Bonus::CyberModules(amount(n, "a cm bonus", &BONUS)?)),
        ["upgrade", id] => Ok(Bonus::Upgrade((*id).to_string())),
        _ => Err(format!("`{text}` is not a bonus")),
    }
}

/// Reads an action card effect.
pub(super) fn card_effect(text: &str) -> Result<CardEffect, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        ["bcp", n] => Ok(CardEffect::Bcp(amount(n, "bcp", &CARD)?)),
        ["mcp", n] => Ok(CardEffect::Mcp(amount(n, "mcp", &CARD)?)),
        ["threat", n] => Ok(CardEffect::Threat(amount(n, "threat", &CARD)?)),
        ["alarm"] => Ok(CardEffect::Alarm),
        ["lights-out"] => Ok(CardEffect::LightsOut),
        ["break-machine"] => Ok(CardEffect::BreakMachine),
        _ => Err(format!("`{text}` is not a card effect")),
    }
}

/// Reads a loot entry.
pub(super) fn loot(text: &str) -> Result<Loot, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        ["nanites", n] => Ok(Loot::Nanites(amount(n, "nanites", &LOOT)?)),
        ["cm", n] => Ok(Loot::CyberModules(amount(n, "cm", &LOOT)?)),
        [id] => Ok(Loot::Item((*id).to_string())),
        _ => Err(format!("`{text}` is not a loot entry")),
    }
}
