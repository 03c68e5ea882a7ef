//! The compendium: everything the campaign's pack in force holds (races,
//! classes, skills, feats, weapons with their range rows and attachments,
//! armor, shields, cloaks, gear, spells; D20's skills, weapons, armor,
//! kits, spells and powers; Station's, `station_compendium.rs`) and the
//! conditions of the engine, each entry
//! with its numbers, the rule IDs it uses and an anchor (`weapon-smg`) that
//! the sheet links to. The same typed view feeds the API and the page.

use std::fmt::Debug;

use nanite_compound_x::combat::ConditionKind;
use nanite_compound_x::{Effect, EffectAmount, Pack};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::pack::Packs;
use crate::ruleset::Ruleset;

/// A label and its value (`Damage`: `2d10 + 4`).
#[derive(Clone, Debug, Serialize, ToSchema)]
pub(crate) struct Fact {
    /// What the number is.
    pub(crate) label: String,
    /// The number or text.
    pub(crate) value: String,
}

/// A small table of an entry (a weapon's range brackets).
#[derive(Clone, Debug, Serialize, ToSchema)]
pub(crate) struct Rows {
    /// What the table is.
    pub(crate) caption: String,
    /// The column headers.
    pub(crate) headers: Vec<String>,
    /// The rows, cell by cell.
    pub(crate) rows: Vec<Vec<String>>,
}

/// One entry of the compendium.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = CompendiumEntry)]
pub(crate) struct Entry {
    /// Its id in the pack.
    pub(crate) id: String,
    /// Its name.
    pub(crate) name: String,
    /// The page's anchor for it: `{section}-{id}`.
    pub(crate) anchor: String,
    /// What it is, as the pack says.
    pub(crate) description: String,
    /// Its numbers.
    pub(crate) facts: Vec<Fact>,
    /// Its tables (a weapon's range brackets).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) tables: Vec<Rows>,
    /// The rule IDs its numbers are used by.
    pub(crate) rules: Vec<&'static str>,
}

/// One section of the compendium (weapons, spells).
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = CompendiumSection)]
pub(crate) struct Section {
    /// Its key (`weapon`), the anchors' prefix.
    pub(crate) key: &'static str,
    /// Its title.
    pub(crate) title: &'static str,
    /// Its entries, in the pack's order.
    pub(crate) entries: Vec<Entry>,
}

/// A campaign's compendium.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub(crate) struct Compendium {
    /// The ruleset.
    pub(crate) ruleset: Ruleset,
    /// The pack version in force (0: the built-in sample).
    pub(crate) version: u32,
    /// The pack's name.
    pub(crate) pack: String,
    /// What the search asked for (empty: everything).
    pub(crate) query: String,
    /// Every section with an entry matching the search.
    pub(crate) sections: Vec<Section>,
}

/// The search of `GET .../compendium`.
#[derive(Deserialize, IntoParams, Default)]
#[into_params(parameter_in = Query)]
pub(crate) struct Search {
    /// Words every shown entry holds (in its name, id, description,
    /// numbers or rules), any case; empty: everything.
    #[serde(default)]
    pub(crate) q: Option<String>,
}

/// The anchor of entry `id` of `section`.
pub(crate) fn anchor(section: &str, id: &str) -> String {
    format!("{section}-{id}")
}

/// A fact of an entry.
pub(super) fn fact(label: &str, value: impl ToString) -> Fact {
    Fact {
        label: label.to_string(),
        value: value.to_string(),
    }
}

/// An enum's variant as words (`PlasmaBurn` -> `plasma burn`).
fn word(x: impl Debug) -> String {
    let raw = format!("{x:?}");
    let mut out = String::new();
    for (i, c) in raw.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push(' ');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

fn some(label: &str, value: Option<impl ToString>) -> Option<Fact> {
    value.map(|v| fact(label, v))
}

fn list(items: &[String]) -> String {
    if items.is_empty() {
        "none".to_string()
    } else {
        items.join(", ")
    }
}

fn effects(found: &[Effect]) -> Option<Fact> {
    if found.is_empty() {
        return None;
    }
    let said: Vec<String> = found
        .iter()
        .map(|e| {
            let amount = match &e.amount {
                EffectAmount::Fixed(n) => format!("{n:+}"),
                EffectAmount::Formula(f) => f.to_string(),
            };
            format!("{} {amount}", word(&e.target))
        })
        .collect();
    Some(fact("Effects", said.join("; ")))
}

/// An entry of `section` with its facts (those given) and rule IDs.
pub(super) fn entry(
    section: &str,
    id: &str,
    name: &str,
    description: &str,
    facts: Vec<Option<Fact>>,
    rules: &[&'static str],
) -> Entry {
    Entry {
        id: id.to_string(),
        name: name.to_string(),
        anchor: anchor(section, id),
        description: description.to_string(),
        facts: facts.into_iter().flatten().collect(),
        tables: Vec::new(),
        rules: rules.to_vec(),
    }
}

fn stat_list(stats: &[(nanite_compound_x::Stat, i64)]) -> String {
    let said: Vec<String> = stats.iter().map(|(s, n)| format!("{s} {n:+}")).collect();
    list(&said)
}

/// The Compound X sections of `pack`.
fn compound_x(pack: &Pack) -> Vec<Section> {
    vec![
        races(pack),
        classes(pack),
        skills(pack),
        feats(pack),
        weapons(pack),
        attachments(pack),
        armors(pack),
        shields(pack),
        cloaks(pack),
        gear(pack),
        spells(pack),
        conditions(),
    ]
}

/// Races and species: the `race` section.
fn races(pack: &Pack) -> Section {
    Section {
        key: "race",
        title: "Races and species",
        entries: pack
            .races
            .iter()
            .map(|r| {
                entry(
                    "race",
                    &r.id,
                    &r.name,
                    &r.description,
                    vec![
                        Some(fact("Stat points", r.stat_points)),
                        Some(fact("Stat bonuses", stat_list(&r.stat_bonus))),
                        effects(&r.effects),
                    ],
                    &["CX-CONTENT-01", "CX-STAT-06"],
                )
            })
            .collect(),
    }
}

/// Classes: the `class` section.
fn classes(pack: &Pack) -> Section {
    Section {
        key: "class",
        title: "Classes",
        entries: pack
            .classes
            .iter()
            .map(|c| {
                entry(
                    "class",
                    &c.id,
                    &c.name,
                    &c.description,
                    vec![
                        Some(fact("Armor", list(&c.armor))),
                        Some(fact("Weapons", list(&c.weapons))),
                        Some(fact("Starting money", c.starting_money)),
                        Some(fact("Starting skill points", c.starting_skill_points)),
                        Some(fact("Initiative bonus", c.initiative_bonus)),
                        some("Spellcasting", c.spellcasting.as_ref()),
                        Some(fact("Class feats", list(&c.class_feats))),
                        Some(fact(
                            "Abilities",
                            list(
                                &c.abilities
                                    .iter()
                                    .map(|a| a.name.clone())
                                    .collect::<Vec<_>>(),
                            ),
                        )),
                        effects(&c.effects),
                    ],
                    &["CX-LVL-01", "CX-LVL-05", "CX-CONTENT-01"],
                )
            })
            .collect(),
    }
}

/// Skills: the `skill` section.
fn skills(pack: &Pack) -> Section {
    Section {
        key: "skill",
        title: "Skills",
        entries: pack
            .skills
            .iter()
            .map(|s| {
                entry(
                    "skill",
                    &s.id,
                    &s.name,
                    &s.description,
                    vec![Some(fact("Stat", s.stat)), Some(fact("Kind", word(s.kind)))],
                    &["CX-DICE-08", "CX-LVL-03"],
                )
            })
            .collect(),
    }
}

/// Feats: the `feat` section.
fn feats(pack: &Pack) -> Section {
    Section {
        key: "feat",
        title: "Feats",
        entries: pack
            .feats
            .iter()
            .map(|f| {
                let mut needs: Vec<String> = Vec::new();
                if let Some(level) = f.requires.level {
                    needs.push(format!("level {level}"));
                }
                needs.extend(f.requires.stats.iter().map(|(s, n)| format!("{s} {n}")));
                needs.extend(f.requires.skills.iter().map(|(s, n)| format!("{s} {n}")));
                needs.extend(f.requires.feats.iter().cloned());
                entry(
                    "feat",
                    &f.id,
                    &f.name,
                    &f.description,
                    vec![
                        Some(fact("Class feat", if f.class_feat { "yes" } else { "no" })),
                        (!f.classes.is_empty()).then(|| fact("Classes", list(&f.classes))),
                        Some(fact("Requires", list(&needs))),
                        f.granted
                            .as_ref()
                            .map(|g| fact("Granted at", format!("{} {}", g.stat, g.min))),
                        some("Instead of", f.instead_of.as_ref()),
                        effects(&f.effects),
                    ],
                    &["CX-LVL-04", "CX-LVL-05", "CX-STAT-14"],
                )
            })
            .collect(),
    }
}

/// Weapons, with their range brackets and the attachments that fit them: the `weapon` section.
fn weapons(pack: &Pack) -> Section {
    Section {
        key: "weapon",
        title: "Weapons",
        entries: pack
            .weapons
            .iter()
            .map(|w| {
                let modes: Vec<String> = w.modes.iter().map(word).collect();
                let fits: Vec<String> = pack
                    .attachments
                    .iter()
                    .filter(|a| a.fits.iter().any(|f| f == &w.id || f == &w.category))
                    .map(|a| a.name.clone())
                    .collect();
                let mut e = entry(
                    "weapon",
                    &w.id,
                    &w.name,
                    &w.description,
                    vec![
                        Some(fact("Category", &w.category)),
                        Some(fact("Attack", word(w.attack))),
                        Some(fact("Skill", &w.skill)),
                        Some(fact("Damage", &w.damage)),
                        Some(fact("Damage type", word(w.damage_type))),
                        w.non_lethal.then(|| fact("Non-lethal", "yes")),
                        Some(fact("APL", w.apl)),
                        Some(fact("Action", word(w.action))),
                        Some(fact("Fire modes", list(&modes))),
                        w.burst.as_ref().map(|b| {
                            fact("Burst", format!("miss {:+}, {} rounds", b.miss, b.rounds))
                        }),
                        w.auto.as_ref().map(|b| {
                            fact(
                                "Automatic",
                                format!("miss {:+}, {} rounds", b.miss, b.rounds),
                            )
                        }),
                        Some(fact("Magazine", w.magazine)),
                        some("Reload DC", w.reload_dc),
                        some("Reload actions", w.reload_actions),
                        some("Minimum distance (m)", w.min_distance),
                        w.suppression.map(|s| fact("Suppression", word(s))),
                        some("Minimum skill", w.min_skill),
                        (w.reflex_modifier != 0)
                            .then(|| fact("Reflex modifier", w.reflex_modifier)),
                        some("Blast radius (m)", w.blast_radius),
                        some("Price", w.price),
                        (!fits.is_empty()).then(|| fact("Attachments", list(&fits))),
                    ],
                    &[
                        "CX-RNG-01",
                        "CX-RNG-02",
                        "CX-RNG-03",
                        "CX-RNG-12",
                        "CX-RNG-13",
                        "CX-DMG-02",
                        "CX-DMG-05",
                    ],
                );
                e.tables.push(Rows {
                    caption: "Range brackets: base miss chance (hit on a d10 above it)".into(),
                    headers: vec!["From (m)".into(), "To (m)".into(), "Miss chance".into()],
                    rows: w
                        .brackets
                        .iter()
                        .map(|b| vec![b.from.to_string(), b.to.to_string(), b.miss.to_string()])
                        .collect(),
                });
                e
            })
            .collect(),
    }
}

/// Weapon attachments: the `attachment` section.
fn attachments(pack: &Pack) -> Section {
    Section {
        key: "attachment",
        title: "Weapon attachments",
        entries: pack
            .attachments
            .iter()
            .map(|a| {
                entry(
                    "attachment",
                    &a.id,
                    &a.name,
                    &a.description,
                    vec![
                        Some(fact("Accuracy", a.accuracy)),
                        a.optical.then(|| fact("Optical", "yes")),
                        some("Minimum distance (m)", a.min_distance),
                        Some(fact("Fits", list(&a.fits))),
                        effects(&a.effects),
                        some("Price", a.price),
                    ],
                    &["CX-STAT-04", "CX-RNG-03", "CX-RNG-05"],
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
            .iter()
            .map(|a| {
                entry(
                    "armor",
                    &a.id,
                    &a.name,
                    &a.description,
                    vec![
                        Some(fact("Category", &a.category)),
                        Some(fact("Coverage (%)", a.coverage)),
                        Some(fact("APL", a.apl)),
                        Some(fact("Armor points", a.armor_points)),
                        Some(fact("Movement penalty", a.movement_penalty)),
                        effects(&a.effects),
                        some("Price", a.price),
                    ],
                    &["CX-DMG-01", "CX-DMG-02", "CX-STAT-07"],
                )
            })
            .collect(),
    }
}

/// Shields: the `shield` section.
fn shields(pack: &Pack) -> Section {
    Section {
        key: "shield",
        title: "Shields",
        entries: pack
            .shields
            .iter()
            .map(|s| {
                entry(
                    "shield",
                    &s.id,
                    &s.name,
                    &s.description,
                    vec![
                        Some(fact("Strength", s.strength)),
                        Some(fact("Recharge rate", s.recharge_rate)),
                        Some(fact("Restart (turns)", s.restart_turns)),
                        Some(fact("Fast recharge cost", s.fast_recharge_cost)),
                        some("Price", s.price),
                    ],
                    &["CX-DMG-03", "CX-DMG-04"],
                )
            })
            .collect(),
    }
}

/// Cloaking modules: the `cloak` section.
fn cloaks(pack: &Pack) -> Section {
    Section {
        key: "cloak",
        title: "Cloaking modules",
        entries: pack
            .cloaks
            .iter()
            .map(|c| {
                entry(
                    "cloak",
                    &c.id,
                    &c.name,
                    &c.description,
                    vec![
                        Some(fact("Activation cost (nanites)", c.activation_cost)),
                        Some(fact("Upkeep (nanites)", c.upkeep)),
                        Some(fact("Turn bonus", c.turn_bonus)),
                        Some(fact("Charge delay (actions)", c.charge_delay)),
                        Some(fact("Detect DC", c.detect_dc)),
                        Some(fact("Moving detect DC", c.moving_detect_dc)),
                        some("Price", c.price),
                    ],
                    &["CX-CLOAK-01", "CX-CLOAK-02", "CX-CLOAK-03"],
                )
            })
            .collect(),
    }
}

/// Gear: the `item` section.
fn gear(pack: &Pack) -> Section {
    Section {
        key: "item",
        title: "Gear",
        entries: pack
            .items
            .iter()
            .map(|g| {
                entry(
                    "item",
                    &g.id,
                    &g.name,
                    &g.description,
                    vec![
                        Some(fact("Kind", word(g.kind))),
                        (!g.ammo_for.is_empty()).then(|| fact("Ammunition for", list(&g.ammo_for))),
                        effects(&g.effects),
                        some("Price", g.price),
                    ],
                    &["CX-HEAL-02", "CX-HEAL-03", "CX-RNG-12"],
                )
            })
            .collect(),
    }
}

/// Spells: the `spell` section.
fn spells(pack: &Pack) -> Section {
    Section {
        key: "spell",
        title: "Spells",
        entries: pack
            .spells
            .iter()
            .map(|s| {
                entry(
                    "spell",
                    &s.id,
                    &s.name,
                    &s.description,
                    vec![
                        Some(fact("Nanites", s.nanites)),
                        Some(fact("Classes", list(&s.classes))),
                        some("Range", s.range.as_ref()),
                        s.save.map(|v| fact("Save", word(v))),
                        some("Damage", s.damage.as_ref()),
                        s.damage_type.map(|d| fact("Damage type", word(d))),
                        (s.apl != 0).then(|| fact("APL", s.apl)),
                        s.save.map(|_| fact("On a save", word(s.on_save))),
                        some("Heals", s.heal.as_ref()),
                        s.condition.map(|c| fact("Condition", c.key())),
                        some("Condition turns", s.condition_turns),
                        (!s.cures.is_empty()).then(|| {
                            fact(
                                "Cures",
                                list(
                                    &s.cures
                                        .iter()
                                        .map(|c| c.key().to_string())
                                        .collect::<Vec<_>>(),
                                ),
                            )
                        }),
                        s.cover.map(|c| fact("Cover", word(c))),
                    ],
                    &["CX-SPELL-01", "CX-SPELL-02", "CX-SPELL-03"],
                )
            })
            .collect(),
    }
}

/// The engine's conditions (not pack content: the rules define them).
fn conditions() -> Section {
    Section {
        key: "condition",
        title: "Conditions",
        entries: ConditionKind::ALL
            .iter()
            .map(|c| {
                let rule = condition_rule(*c);
                let mut facts = vec![Some(fact(
                    "Ongoing damage",
                    if c.is_ongoing_damage() { "yes" } else { "no" },
                ))];
                facts.push(
                    c.prevents_actions()
                        .then(|| fact("Prevents actions", "yes")),
                );
                facts.push(
                    (c.miss_chance() != 0)
                        .then(|| fact("Miss chance", format!("{:+}", c.miss_chance()))),
                );
                entry("condition", c.key(), &word(c), "", facts, &[rule])
            })
            .collect(),
    }
}

fn condition_rule(c: ConditionKind) -> &'static str {
    match word(c).as_str() {
        "bleeding" => "CX-COND-01",
        "burning" => "CX-COND-02",
        "frozen" => "CX-COND-03",
        "fear" | "greater fear" => "CX-COND-04",
        "necrosis" => "CX-COND-05",
        "pinned down" => "CX-COND-06",
        "plasma burn" => "CX-COND-07",
        "poisoned" | "greater poison" | "lesser poison" => "CX-COND-08",
        "buzzed" => "CX-COND-09",
        "hammered" => "CX-COND-10",
        "stunned" | "paralyzed" | "unconscious" => "CX-COND-11",
        _ => "CX-COND-12",
    }
}

/// The D20 sections of `pack`.
/// The sections of a D20 pack's compendium (the sheet's links).
pub(crate) fn d20_sections(pack: &nanite_d20::Pack) -> Vec<Section> {
    d20(pack)
}

fn d20(pack: &nanite_d20::Pack) -> Vec<Section> {
    vec![
        Section {
            key: "skill",
            title: "Skills",
            entries: pack
                .skills
                .iter()
                .map(|s| {
                    let alternates: Vec<String> = s
                        .alternates
                        .iter()
                        .map(|a| format!("{} ({})", a.attribute, word(a.when)))
                        .collect();
                    entry(
                        "skill",
                        &s.id,
                        &s.name,
                        &s.description,
                        vec![
                            Some(fact("Attribute", s.attribute)),
                            (!alternates.is_empty()).then(|| fact("Or", list(&alternates))),
                        ],
                        &["D20-CHK-01"],
                    )
                })
                .collect(),
        },
        Section {
            key: "weapon",
            title: "Weapons",
            entries: pack
                .weapons
                .iter()
                .map(|w| {
                    entry(
                        "weapon",
                        &w.id,
                        &w.name,
                        &w.description,
                        vec![
                            Some(fact("Kind", word(w.kind))),
                            Some(fact("Skill", &w.skill)),
                            Some(fact("Damage", &w.damage)),
                            w.finesse.then(|| fact("Finesse", "yes")),
                            w.reach.then(|| fact("Reach", "yes")),
                            (w.range > 0).then(|| fact("Range", w.range)),
                        ],
                        &["D20-CHK-01", "D20-MOVE-03"],
                    )
                })
                .collect(),
        },
        Section {
            key: "armor",
            title: "Armor",
            entries: pack
                .armors
                .iter()
                .map(|a| {
                    entry(
                        "armor",
                        &a.id,
                        &a.name,
                        &a.description,
                        vec![Some(fact("Defense", a.defense))],
                        &["D20-CHK-03"],
                    )
                })
                .collect(),
        },
        Section {
            key: "kit",
            title: "Healing kits",
            entries: pack
                .kits
                .iter()
                .map(|k| {
                    entry(
                        "kit",
                        &k.id,
                        &k.name,
                        &k.description,
                        vec![
                            Some(fact("Skill", &k.skill)),
                            Some(fact("Bonus", format!("{:+}", k.bonus))),
                        ],
                        &["D20-REST-02", "D20-CHK-04"],
                    )
                })
                .collect(),
        },
        Section {
            key: "magic",
            title: "Spells and psionic powers",
            entries: pack
                .magic
                .iter()
                .map(|m| {
                    entry(
                        "magic",
                        &m.id,
                        &m.name,
                        &m.description,
                        vec![
                            Some(fact("Kind", word(m.kind))),
                            Some(fact("Cost", m.cost)),
                            Some(fact("Skill", &m.skill)),
                            Some(fact("Range", m.range)),
                            some("Damage", m.damage.as_ref()),
                            some("Heals", m.heal.as_ref()),
                            (m.stun > 0).then(|| fact("Stuns (rounds)", m.stun)),
                        ],
                        &["D20-CAST-01", "D20-CAST-02", "D20-CAST-03"],
                    )
                })
                .collect(),
        },
    ]
}

/// Whether `entry` of `section` holds every word of `words`.
fn matches(section: &Section, entry: &Entry, words: &[String]) -> bool {
    let mut text = format!(
        "{} {} {} {} {}",
        section.title,
        entry.id,
        entry.name,
        entry.description,
        entry.rules.join(" ")
    );
    for f in &entry.facts {
        text.push(' ');
        text.push_str(&f.label);
        text.push(' ');
        text.push_str(&f.value);
    }
    let text = text.to_lowercase();
    words.iter().all(|w| text.contains(w.as_str()))
}

/// The compendium of `packs` in force for `ruleset`, cut to `query`.
pub(crate) fn compendium(ruleset: Ruleset, version: u32, packs: &Packs, query: &str) -> Compendium {
    let (pack, sections) = match ruleset {
        Ruleset::D20 => (packs.d20.info.name.clone(), d20(&packs.d20)),
        Ruleset::Station => (
            "Station sample pack".to_string(),
            super::station_compendium::sections(&packs.station, &[]),
        ),
        Ruleset::CompoundX => (packs.cx.info.name.clone(), compound_x(&packs.cx)),
        // A registered ruleset brings no content pack.
        Ruleset::Plugged(_) => ("no content pack".to_string(), Vec::new()),
    };
    cut(ruleset, version, pack, sections, query)
}

/// The compendium of `sections`, cut to the entries holding every word of
/// `query`.
fn cut(
    ruleset: Ruleset,
    version: u32,
    pack: String,
    mut sections: Vec<Section>,
    query: &str,
) -> Compendium {
    let words: Vec<String> = query
        .split_whitespace()
        .take(8)
        .map(str::to_lowercase)
        .collect();
    if !words.is_empty() {
        for section in &mut sections {
            let kept: Vec<Entry> = section
                .entries
                .iter()
                .filter(|e| matches(section, e, &words))
                .cloned()
                .collect();
            section.entries = kept;
        }
    }
    sections.retain(|s| !s.entries.is_empty());
    Compendium {
        ruleset,
        version,
        pack,
        query: query.chars().take(100).collect(),
        sections,
    }
}

/// The compendium of `campaign` for `caller`, cut to `query`.
pub(crate) async fn of(
    state: &crate::AppState,
    campaign: &str,
    query: &str,
) -> Result<Compendium, crate::error::AppError> {
    let settings = crate::campaigns::get(state, campaign).await?;
    if settings.ruleset == Ruleset::Station {
        let content = super::station::in_force(state, campaign).await?;
        let titled: Vec<_> = content
            .scenarios
            .iter()
            .map(|s| {
                let title = nanite_station::scenario::parse(&s.file, &s.text, &content.pack)
                    .0
                    .map_or_else(|| s.id.clone(), |parsed| parsed.name);
                (s.clone(), title)
            })
            .collect();
        let name = match content.version {
            0 => "Station sample pack".to_string(),
            v => super::version(state, campaign, v).await?.name,
        };
        let sections = super::station_compendium::sections(&content.pack, &titled);
        return Ok(cut(
            settings.ruleset,
            content.version,
            name,
            sections,
            query,
        ));
    }
    let content = super::in_force(state, campaign).await?;
    Ok(compendium(
        settings.ruleset,
        content.version,
        &content.packs,
        query,
    ))
}

/// `GET /api/campaigns/{campaign}/compendium`.
#[utoipa::path(
    get,
    path = "/campaigns/{campaign}/compendium",
    summary = "Everything the campaign's pack in force holds, with numbers and rule IDs",
    description = "Who: any participant. Compound X: races, classes, skills, feats, weapons (with their range brackets and the attachments that fit), attachments, armor, shields, cloaking modules, gear, spells, and the engine's conditions; D20: skills, weapons, armor, kits, spells and powers; Station: classes, creatures, weapons, armor, items, psionic powers, action cards, loot tables, threat levels and the scenarios of the pack version in force. `q` keeps the entries holding every word.",
    params(("campaign" = String, Path, description = "the campaign id"), Search),
    responses(
        (status = 200, description = "the compendium", body = Compendium)
    )
)]
pub(crate) async fn show(
    axum::extract::State(state): axum::extract::State<crate::AppState>,
    axum::extract::Path(campaign): axum::extract::Path<String>,
    axum::extract::Query(search): axum::extract::Query<Search>,
    caller: crate::sessions::Caller,
) -> Result<axum::Json<Compendium>, crate::error::AppError> {
    caller.member_of(&campaign)?;
    let query = search.q.unwrap_or_default();
    Ok(axum::Json(of(&state, &campaign, &query).await?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_weapon_has_its_rows_and_an_anchor() {
        let packs = Packs::sample().unwrap();
        let c = compendium(Ruleset::CompoundX, 0, &packs, "");
        let weapons = c.sections.iter().find(|s| s.key == "weapon").unwrap();
        assert_eq!(weapons.entries.len(), packs.cx.weapons.len());
        for w in &weapons.entries {
            assert_eq!(w.anchor, format!("weapon-{}", w.id));
            assert!(!w.tables[0].rows.is_empty(), "{} has range rows", w.id);
            // rule: CX-RNG-02
            assert!(w.rules.contains(&"CX-RNG-02"));
        }
        let conditions = c.sections.iter().find(|s| s.key == "condition").unwrap();
        assert_eq!(conditions.entries.len(), ConditionKind::ALL.len());
    }

    #[test]
    fn a_search_keeps_the_entries_holding_every_word() {
        let packs = Packs::sample().unwrap();
        let all = compendium(Ruleset::CompoundX, 0, &packs, "");
        let first = &all
            .sections
            .iter()
            .find(|s| s.key == "weapon")
            .unwrap()
            .entries[0];
        let found = compendium(Ruleset::CompoundX, 0, &packs, &first.name.to_uppercase());
        assert!(
            found
                .sections
                .iter()
                .any(|s| s.entries.iter().any(|e| e.id == first.id))
        );
        let none = compendium(Ruleset::CompoundX, 0, &packs, "no-such-thing-anywhere");
        assert!(none.sections.is_empty());
        let d20 = compendium(Ruleset::D20, 0, &packs, "");
        assert!(d20.sections.iter().any(|s| s.key == "magic"));
    }
}
