//! The compendium of a Station campaign: the classes, creatures, weapons,
//! armor, items, psionic powers, action cards, loot tables and threat
//! levels of the pack in force, and the scenarios its new games start
//! from, each with its numbers and the rule IDs that use them.

use nanite_station::Pack;
use nanite_station::content::{Bonus, CardEffect, DamageType, ItemKind, Resistances};

use super::compendium::{Entry, Fact, Section, fact};
use super::station::PackScenario;

/// An entry of a Station section: the pack says nothing of what it is.
fn entry(
    section: &str,
    id: &str,
    name: &str,
    facts: Vec<Option<Fact>>,
    rules: &[&'static str],
) -> Entry {
    super::compendium::entry(section, id, name, "", facts, rules)
}

fn resistances(r: &Resistances) -> Option<Fact> {
    let said: Vec<String> = DamageType::ALL
        .iter()
        .filter(|t| r.of(**t) != 0)
        .map(|t| format!("{t} {:+}", r.of(*t)))
        .collect();
    (!said.is_empty()).then(|| fact("Resistances", said.join(", ")))
}

fn joined(items: impl Iterator<Item = String>) -> String {
    let all: Vec<String> = items.collect();
    if all.is_empty() {
        "none".to_string()
    } else {
        all.join(", ")
    }
}

fn card_effect(e: &CardEffect) -> String {
    match e {
        CardEffect::Bcp(n) => format!("BCP {n:+}"),
        CardEffect::Mcp(n) => format!("MCP {n:+}"),
        CardEffect::Threat(n) => format!("threat {n:+}"),
        CardEffect::Alarm => "the alarm sounds".into(),
        CardEffect::LightsOut => "lights out".into(),
        CardEffect::BreakMachine => "a machine breaks".into(),
    }
}

/// The sections of a Station pack and its scenarios.
pub(crate) fn sections(pack: &Pack, scenarios: &[(PackScenario, String)]) -> Vec<Section> {
    vec![
        classes(pack),
        creatures(pack),
        weapons(pack),
        armors(pack),
        items(pack),
        powers(pack),
        cards(pack),
        loot(pack),
        threats(pack),
        scenario_list(scenarios),
    ]
}

/// Classes: the `class` section.
fn classes(pack: &Pack) -> Section {
    Section {
        key: "class",
        title: "Classes",
        entries: pack
            .classes
            .values()
            .map(|c| {
                let years: Vec<String> = c
                    .years
                    .iter()
                    .enumerate()
                    .map(|(i, y)| {
                        format!("year {}: {}", i + 1, joined(y.iter().map(Bonus::to_string)))
                    })
                    .collect();
                entry(
                    "class",
                    &c.id,
                    &c.name,
                    vec![
                        Some(fact(
                            "Skills",
                            joined(c.skills.iter().map(|(s, n)| format!("{} {n}", s.name()))),
                        )),
                        Some(fact(
                            "Stats",
                            joined(c.stats.iter().map(|(s, n)| format!("{} {n}", s.name()))),
                        )),
                        c.weapon.as_ref().map(|w| fact("Weapon", pack.item_name(w))),
                        c.armor.as_ref().map(|a| fact("Armor", pack.item_name(a))),
                        (!c.items.is_empty()).then(|| {
                            fact(
                                "Items",
                                joined(c.items.iter().map(|i| pack.item_name(i).to_string())),
                            )
                        }),
                        Some(fact("Nanites", c.nanites)),
                        Some(fact("Cyber modules", c.cyber_modules)),
                        (!years.is_empty()).then(|| fact("Training", years.join("; "))),
                    ],
                    &["ST-CHAR-01", "ST-CHAR-02"],
                )
            })
            .collect(),
    }
}

/// Creatures: the `creature` section.
fn creatures(pack: &Pack) -> Section {
    Section {
        key: "creature",
        title: "Creatures",
        entries: pack
            .creatures
            .values()
            .map(|c| {
                entry(
                    "creature",
                    &c.id,
                    &c.name,
                    vec![
                        Some(fact("Cost", format!("{} BCP, {} MCP", c.bcp, c.mcp))),
                        Some(fact("HP", c.hp)),
                        Some(fact("AP", c.ap)),
                        Some(fact("AGI", c.agi)),
                        Some(fact("Skill", c.skill)),
                        c.weapon.as_ref().map(|w| fact("Weapon", pack.item_name(w))),
                        resistances(&c.resist),
                        c.egg.then(|| fact("Egg", "takes no actions")),
                        c.body.as_ref().map(|b| fact("Body", b)),
                    ],
                    &["ST-GM-01", "ST-GM-02", "ST-DMG-02"],
                )
            })
            .collect(),
    }
}

/// Weapons: the `weapon` section.
fn weapons(pack: &Pack) -> Section {
    Section {
        key: "weapon",
        title: "Weapons",
        entries: pack
            .weapons
            .values()
            .filter(|w| !w.natural)
            .map(|w| {
                let mods: Vec<String> = w
                    .mods
                    .iter()
                    .map(|m| {
                        format!(
                            "{} (skill {}, difficulty {}, {} nanites: accuracy {:+}, damage {:+})",
                            m.name, m.skill, m.difficulty, m.nanites, m.accuracy, m.damage
                        )
                    })
                    .collect();
                entry(
                    "weapon",
                    &w.id,
                    &w.name,
                    vec![
                        Some(fact("Skill", w.kind.skill().name())),
                        (w.range > 0).then(|| fact("Range", w.range)),
                        Some(fact(
                            "Damage",
                            if w.shots > 1 {
                                format!("{}x {} {}", w.shots, w.damage, w.damage_type)
                            } else {
                                format!("{} {}", w.damage, w.damage_type)
                            },
                        )),
                        (!mods.is_empty()).then(|| fact("Modifications", mods.join("; "))),
                    ],
                    &["ST-SHOOT-01", "ST-SHOOT-04", "ST-MELEE-01", "ST-TECH-03"],
                )
            })
            .collect(),
    }
}

/// Armor: the `armor` section.
fn armors(pack: &Pack) -> Section {
    Section {
        key: "armor",
        title: "Armor",
        entries: pack
            .armors
            .values()
            .map(|a| {
                entry(
                    "armor",
                    &a.id,
                    &a.name,
                    vec![resistances(&a.resist)],
                    &["ST-DMG-02"],
                )
            })
            .collect(),
    }
}

/// Items: the `item` section.
fn items(pack: &Pack) -> Section {
    Section {
        key: "item",
        title: "Items",
        entries: pack
            .items
            .values()
            .map(|i| {
                let (what, rules): (String, &[&'static str]) = match &i.kind {
                    ItemKind::Consumable { heal, stat } => (
                        match stat {
                            Some(s) => format!("consumable: {} +1", s.name()),
                            None => format!("consumable: heals {heal}"),
                        },
                        &["ST-INV-01"],
                    ),
                    ItemKind::SecurityCard => ("security card".into(), &["ST-ENV-04"]),
                    ItemKind::Chemical => ("chemical".into(), &["ST-TECH-05"]),
                    ItemKind::Research(r) => (
                        format!(
                            "research: skill {}, {} and {} turns, {} cyber modules",
                            r.skill,
                            pack.item_name(&r.chemical),
                            r.turns,
                            r.cyber_modules
                        ),
                        &["ST-TECH-05"],
                    ),
                    ItemKind::Large => ("large: takes a slot".into(), &["ST-INV-01"]),
                };
                entry(
                    "item",
                    &i.id,
                    &i.name,
                    vec![Some(fact("Kind", what))],
                    rules,
                )
            })
            .collect(),
    }
}

/// Psionic powers: the `power` section.
fn powers(pack: &Pack) -> Section {
    Section {
        key: "power",
        title: "Psionic powers",
        entries: pack
            .powers
            .values()
            .map(|p| {
                entry(
                    "power",
                    &p.id,
                    &p.name,
                    vec![
                        Some(fact("Tier", p.tier)),
                        Some(fact("Psi points", p.pp)),
                        Some(fact("Range", p.range)),
                        Some(fact("Damage", format!("{} {}", p.damage, p.damage_type))),
                    ],
                    &["ST-CHAR-01"],
                )
            })
            .collect(),
    }
}

/// Action cards: the `card` section.
fn cards(pack: &Pack) -> Section {
    Section {
        key: "card",
        title: "Action cards",
        entries: pack
            .cards
            .iter()
            .map(|c| {
                let mut e = entry(
                    "card",
                    &c.id,
                    &c.name,
                    vec![Some(fact(
                        "Effects",
                        joined(c.effects.iter().map(card_effect)),
                    ))],
                    &["ST-GM-05"],
                );
                e.description.clone_from(&c.text);
                e
            })
            .collect(),
    }
}

/// Loot tables: the `loot` section.
fn loot(pack: &Pack) -> Section {
    Section {
        key: "loot",
        title: "Loot tables",
        entries: pack
            .loot
            .values()
            .map(|l| {
                let sets: Vec<String> = l
                    .sets
                    .iter()
                    .enumerate()
                    .map(|(i, s)| {
                        format!(
                            "set {}: always {}; bundles {}",
                            i + 1,
                            joined(s.always.iter().map(ToString::to_string)),
                            joined(
                                s.bundles
                                    .iter()
                                    .map(|b| joined(b.iter().map(ToString::to_string)))
                                    .map(|b| format!("[{b}]"))
                            )
                        )
                    })
                    .collect();
                entry(
                    "loot",
                    &l.object,
                    &l.name,
                    vec![Some(fact("Sets", sets.join("; ")))],
                    &["ST-SEARCH-01", "ST-SEARCH-02"],
                )
            })
            .collect(),
    }
}

/// Threat levels: the `threat` section.
fn threats(pack: &Pack) -> Section {
    Section {
        key: "threat",
        title: "Threat levels",
        entries: pack
            .threats
            .values()
            .map(|t| {
                entry(
                    "threat",
                    &t.level.to_string(),
                    &format!("Threat level {}", t.level),
                    vec![Some(fact(
                        "Income every 2 turns",
                        format!("{} BCP, {} MCP", t.bcp, t.mcp),
                    ))],
                    &["ST-GM-04"],
                )
            })
            .collect(),
    }
}

/// Scenarios: the `scenario` section, each with its file.
fn scenario_list(scenarios: &[(PackScenario, String)]) -> Section {
    Section {
        key: "scenario",
        title: "Scenarios",
        entries: scenarios
            .iter()
            .map(|(s, title)| {
                entry(
                    "scenario",
                    &s.id,
                    title,
                    vec![Some(fact("File", &s.file))],
                    &["ST-FLOW-01", "ST-FLOW-04"],
                )
            })
            .collect(),
    }
}
