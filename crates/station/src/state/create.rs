//! Making a character from a class card and its picks (rules ST-CHAR-01, ST-CHAR-02).

use std::collections::BTreeSet;

use super::{Carried, Gear, Player, SetupError};
use crate::content::{Bonus, Pack, Stat};

/// Makes a character from a class card and one pick per training year
/// (rules ST-CHAR-01, ST-CHAR-02).
pub fn create(pack: &Pack, id: &str, class: &str, picks: &[usize]) -> Result<Player, SetupError> {
    let card = pack
        .classes
        .get(class)
        .ok_or_else(|| SetupError(format!("no class card `{class}`")))?;
    if picks.len() != card.years.len() {
        return Err(SetupError(format!(
            "the {} card has {} training years: pick one bonus from each (rule ST-CHAR-02)",
            card.name,
            card.years.len()
        )));
    }
    let mut p = Player {
        id: id.to_string(),
        class: class.to_string(),
        hp: 10,
        max_hp: 10,
        pp: 0,
        base_ap: 3,
        ap: 3,
        stats: Stat::ALL.iter().map(|s| (*s, 0)).collect(),
        skills: card.skills.clone(),
        psi: (0, 0),
        weapon: card.weapon.as_ref().map(|w| Gear {
            id: w.clone(),
            mods: 0,
            broken: false,
        }),
        armor: card.armor.clone(),
        inventory: card
            .items
            .iter()
            .map(|i| Carried::from_id(pack, i))
            .collect(),
        nanites: card.nanites,
        cm: card.cyber_modules,
        upgrades: BTreeSet::new(),
        at: None,
        task: None,
        defending: BTreeSet::new(),
    };
    let add = |v: &mut i32, n: i32| *v = v.saturating_add(n);
    for (stat, n) in &card.stats {
        add(p.stats.entry(*stat).or_default(), *n);
    }
    for (year, pick) in picks.iter().enumerate() {
        let bonus = card.years[year].get(pick.wrapping_sub(1)).ok_or_else(|| {
            SetupError(format!(
                "year {} of the {} card offers bonuses 1 to {}, not {pick} (rule ST-CHAR-02)",
                year + 1,
                card.name,
                card.years[year].len()
            ))
        })?;
        match bonus {
            Bonus::Skill(s, n) => add(p.skills.entry(*s).or_default(), *n),
            Bonus::Stat(s, n) => add(p.stats.entry(*s).or_default(), *n),
            Bonus::Hp(n) => {
                add(&mut p.hp, *n);
                add(&mut p.max_hp, *n);
            }
            Bonus::Item(i) => p.inventory.push(Carried::from_id(pack, i)),
            Bonus::Nanites(n) => add(&mut p.nanites, *n),
            Bonus::CyberModules(n) => add(&mut p.cm, *n),
            Bonus::Upgrade(u) => {
                p.upgrades.insert(u.clone());
            }
        }
    }
    p.ap = p.turn_ap(pack);
    Ok(p)
}
