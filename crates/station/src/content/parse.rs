//! The small text forms inside pack files: class bonuses ("skill hacking +1"),
//! card effects ("bcp +2") and loot entries ("nanites 10").

use super::{Bonus, CardEffect, Loot, Skill, Stat};

fn amount(text: &str) -> Result<i32, String> {
    text.trim_start_matches('+')
        .parse::<i32>()
        .map_err(|_| format!("`{text}` is not a whole number"))
}

/// Reads a class bonus.
pub(super) fn bonus(text: &str) -> Result<Bonus, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        ["skill", name, n] => {
            let skill = Skill::parse(name).ok_or_else(|| format!("unknown skill `{name}`"))?;
            Ok(Bonus::Skill(skill, amount(n)?))
        }
        ["stat", name, n] => {
            let stat = Stat::parse(name).ok_or_else(|| format!("unknown stat `{name}`"))?;
            Ok(Bonus::Stat(stat, amount(n)?))
        }
        ["hp", n] => Ok(Bonus::Hp(amount(n)?)),
        ["item", id] => Ok(Bonus::Item((*id).to_string())),
        ["nanites", n] => Ok(Bonus::Nanites(amount(n)?)),
        ["cm", n] => Ok(Bonus::CyberModules(amount(n)?)),
        ["upgrade", id] => Ok(Bonus::Upgrade((*id).to_string())),
        _ => Err(format!("`{text}` is not a bonus")),
    }
}

/// Reads an action card effect.
pub(super) fn card_effect(text: &str) -> Result<CardEffect, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        ["bcp", n] => Ok(CardEffect::Bcp(amount(n)?)),
        ["mcp", n] => Ok(CardEffect::Mcp(amount(n)?)),
        ["threat", n] => Ok(CardEffect::Threat(amount(n)?)),
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
        ["nanites", n] => Ok(Loot::Nanites(amount(n)?)),
        ["cm", n] => Ok(Loot::CyberModules(amount(n)?)),
        [id] => Ok(Loot::Item((*id).to_string())),
        _ => Err(format!("`{text}` is not a loot entry")),
    }
}
