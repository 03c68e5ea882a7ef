//! Reading pack files table by table, every problem reported with its place.

use std::collections::BTreeMap;
use std::ops::RangeInclusive;

use nanite_core::content::{Fields, Item as Value, Reading, SourceFile, check_format};
use nanite_core::{Diagnostic, Diagnostics};

use super::parse;
use super::{
    Armor, Card, Class, Creature, CyberPrices, DamageType, Item, ItemKind, LootSet, LootTable,
    Pack, Power, Research, Resistances, Skill, Stat, ThreatIncome, Weapon, WeaponKind, WeaponMod,
};

/// The newest pack format this build reads.
pub(crate) const FORMAT: i64 = 1;

/// Tables of one kind (weapons, cards, creatures...) in a whole pack.
pub(super) const TABLES: usize = 1000;
/// Entries of one list: prices, training years, a year's bonuses, a
/// weapon's modifications, a card's effects, a bundle's loot.
pub(super) const LIST: usize = 50;
/// A cyber-module price.
const PRICE: RangeInclusive<i64> = 0..=1000;
/// A resistance.
const RESISTANCE: RangeInclusive<i64> = -100..=100;
/// A class card's starting skill level.
const CLASS_SKILL: RangeInclusive<i64> = 0..=20;
/// A class card's starting stat.
const CLASS_STAT: RangeInclusive<i64> = -20..=20;
/// A weapon's damage per shot.
const DAMAGE: RangeInclusive<i64> = 1..=100;

/// `n` if it lies in `range`, else an error on `value` naming the range.
fn within(value: &Value<'_, '_>, what: &str, n: i64, range: &RangeInclusive<i64>) -> Option<i32> {
    if range.contains(&n) {
        return i32::try_from(n).ok();
    }
    value.error(
        format!(
            "{what} {n} is out of range: from {} to {}",
            range.start(),
            range.end()
        ),
        None,
    );
    None
}

/// Where a cross-reference was written, to report it after all files are read.
struct Reference {
    file: String,
    line: usize,
    field: String,
    id: String,
    what: &'static str,
}

pub(super) fn load(files: &[SourceFile]) -> (Pack, Diagnostics) {
    let mut pack = Pack::default();
    let mut problems = Diagnostics::new();
    let mut refs = Vec::new();
    for file in files {
        let reading = Reading::new(file);
        reading.document(|top| read_file(&top, &mut pack, &mut refs));
        problems.extend(reading.finish());
    }
    for r in refs {
        let known = match r.what {
            "weapon" => pack.weapons.contains_key(&r.id),
            "armor" => pack.armors.contains_key(&r.id),
            "chemical" => matches!(
                pack.items.get(&r.id).map(|i| &i.kind),
                Some(ItemKind::Chemical)
            ),
            "loot table" => pack.loot.contains_key(&r.id),
            "upgrade" => pack.cyber.upgrades.contains_key(&r.id),
            _ => pack.knows_item(&r.id),
        };
        if !known {
            problems.push(
                Diagnostic::error(r.field, format!("no {} `{}` in the pack", r.what, r.id))
                    .help(format!("define the {} or fix the id", r.what))
                    .at(r.file, Some(r.line)),
            );
        }
    }
    (pack, problems)
}

fn read_file(top: &Fields<'_, '_>, pack: &mut Pack, refs: &mut Vec<Reference>) {
    check_format(top, "Station pack file", FORMAT);
    for kind in [
        "weapon", "armor", "item", "creature", "threat", "class", "card", "loot", "power",
    ] {
        let count = top.tables(kind).len();
        if count > TABLES {
            top.error_at(
                kind,
                format!("{count} [[{kind}]] tables; a pack file has at most {TABLES}"),
                None,
            );
            return;
        }
    }
    for t in top.tables("weapon") {
        if let Some(w) = weapon(&t) {
            duplicate(&t, "weapon", &w.id, pack.weapons.contains_key(&w.id));
            pack.weapons.insert(w.id.clone(), w);
        }
        t.finish();
    }
    for t in top.tables("armor") {
        if let Some(a) = armor(&t) {
            duplicate(&t, "armor", &a.id, pack.armors.contains_key(&a.id));
            pack.armors.insert(a.id.clone(), a);
        }
        t.finish();
    }
    for t in top.tables("item") {
        if let Some(i) = item(&t, refs) {
            duplicate(&t, "item", &i.id, pack.items.contains_key(&i.id));
            pack.items.insert(i.id.clone(), i);
        }
        t.finish();
    }
    for t in top.tables("creature") {
        if let Some(c) = creature(&t, refs) {
            duplicate(&t, "creature", &c.id, pack.creatures.contains_key(&c.id));
            pack.creatures.insert(c.id.clone(), c);
        }
        t.finish();
    }
    for t in top.tables("threat") {
        if let Some(income) = threat_income(&t) {
            pack.threats.insert(income.level, income);
        }
        t.finish();
    }
    for t in top.tables("class") {
        if let Some(c) = class(&t, refs) {
            duplicate(&t, "class", &c.id, pack.classes.contains_key(&c.id));
            pack.classes.insert(c.id.clone(), c);
        }
        t.finish();
    }
    for t in top.tables("card") {
        if let Some(c) = card(&t) {
            pack.cards.push(c);
        }
        t.finish();
    }
    for t in top.tables("loot") {
        if let Some(l) = loot_table(&t, refs) {
            duplicate(
                &t,
                "loot table",
                &l.object,
                pack.loot.contains_key(&l.object),
            );
            pack.loot.insert(l.object.clone(), l);
        }
        t.finish();
    }
    for t in top.tables("power") {
        if let Some(p) = power(&t) {
            duplicate(&t, "power", &p.id, pack.powers.contains_key(&p.id));
            pack.powers.insert(p.id.clone(), p);
        }
        t.finish();
    }
    if let Some(t) = top.table("cyber") {
        pack.cyber = cyber_prices(&t);
        t.finish();
    }
    top.finish();
}

/// An `[[armor]]` table: its id, name (the id if none) and resistances.
fn armor(t: &Fields<'_, '_>) -> Option<Armor> {
    let id = t.required_string("id")?;
    let name = t.required_string("name").unwrap_or_else(|| id.clone());
    let resist = resistances(t);
    Some(Armor { id, name, resist })
}

/// A `[[threat]]` table: the GM's income at a threat level, the level in
/// range.
fn threat_income(t: &Fields<'_, '_>) -> Option<ThreatIncome> {
    let level = t.required_integer("level")?;
    let levels = crate::scenario::limits::THREAT_LEVELS;
    let level = u32::try_from(level).ok().filter(|l| levels.contains(l));
    if level.is_none() {
        t.error_at(
            "level",
            format!(
                "threat levels run from {} to {}",
                levels.start(),
                levels.end()
            ),
            None,
        );
    }
    Some(ThreatIncome {
        level: level.unwrap_or(1),
        bcp: positive(t, "bcp", 0),
        mcp: positive(t, "mcp", 0),
    })
}

/// A `[[card]]` table: an action card with its text and effects, each
/// effect read by the card-effect grammar.
fn card(t: &Fields<'_, '_>) -> Option<Card> {
    let (Some(id), Some(name)) = (t.required_string("id"), t.required_string("name")) else {
        return None;
    };
    let text = t.string("text").unwrap_or_default();
    let mut effects = Vec::new();
    for (i, e) in list(t, "effects").into_iter().enumerate().take(LIST) {
        match e.string().map(|s| parse::card_effect(&s)) {
            Some(Ok(effect)) => effects.push(effect),
            Some(Err(why)) => e.error(why, Some(format!(
                "effect {} must be like \"bcp +2\", \"mcp +1\", \"threat +1\", \"alarm\", \"lights-out\" or \"break-machine\"",
                i + 1
            ))),
            None => {}
        }
    }
    Some(Card {
        id,
        name,
        text,
        effects,
    })
}

/// A `[[power]]` table: a psi power, its damage type Psi unless it names
/// another.
fn power(t: &Fields<'_, '_>) -> Option<Power> {
    let id = t.required_string("id")?;
    let name = t.required_string("name").unwrap_or_else(|| id.clone());
    let damage_type = match t.required_string("type") {
        Some(text) => DamageType::parse(&text).unwrap_or_else(|| {
            t.error_at("type", format!("`{text}` is not a damage type"), None);
            DamageType::Psi
        }),
        None => DamageType::Psi,
    };
    Some(Power {
        name,
        tier: positive(t, "tier", 1).max(1),
        pp: positive(t, "pp", 1),
        range: positive(t, "range", 0),
        damage: positive(t, "damage", 1).max(1),
        damage_type,
        id,
    })
}

/// The `[cyber]` table: what skills, stats, psi and upgrades cost in cyber
/// modules.
fn cyber_prices(t: &Fields<'_, '_>) -> CyberPrices {
    CyberPrices {
        skill: prices(t, "skill"),
        stat: prices(t, "stat"),
        psi_tier: prices(t, "psi_tier"),
        psi_skill: prices(t, "psi_skill"),
        upgrades: t
            .table("upgrades")
            .map(|u| {
                let mut map = BTreeMap::new();
                for (k, v) in u.entries() {
                    if let Some(n) = v.integer().and_then(|n| within(&v, "a price", n, &PRICE)) {
                        map.insert(k, n);
                    }
                }
                map
            })
            .unwrap_or_default(),
    }
}

fn duplicate(t: &Fields<'_, '_>, what: &str, id: &str, seen: bool) {
    if seen {
        t.error_at("id", format!("the {what} `{id}` is defined twice"), None);
    }
}

/// The list under `key`: at most [`LIST`] entries, more is an error.
fn list<'r, 'i>(t: &Fields<'r, 'i>, key: &str) -> Vec<Value<'r, 'i>> {
    let items = t.item(key).and_then(|i| i.list()).unwrap_or_default();
    capped(t, key, items)
}

/// At most [`LIST`] of `items`, with an error when there are more.
fn capped<'r, 'i>(
    t: &Fields<'r, 'i>,
    key: &str,
    mut items: Vec<Value<'r, 'i>>,
) -> Vec<Value<'r, 'i>> {
    if items.len() > LIST {
        t.error_at(
            key,
            format!("{} entries; a list has at most {LIST}", items.len()),
            None,
        );
        items.truncate(LIST);
    }
    items
}

fn small(t: &Fields<'_, '_>, key: &str, default: i32) -> i32 {
    match t.integer(key) {
        Some(n) if (-100..=100).contains(&n) => n as i32,
        Some(n) => {
            t.error_at(key, format!("{n} is out of range (-100..100)"), None);
            default
        }
        None => default,
    }
}

fn positive(t: &Fields<'_, '_>, key: &str, default: i32) -> i32 {
    let n = small(t, key, default);
    if n < 0 {
        t.error_at(key, format!("`{key}` cannot be negative (it is {n})"), None);
        return default;
    }
    n
}

fn prices(t: &Fields<'_, '_>, key: &str) -> Vec<i32> {
    list(t, key)
        .into_iter()
        .filter_map(|i| {
            let n = i.integer()?;
            within(&i, "a price", n, &PRICE)
        })
        .collect()
}

fn resistances(t: &Fields<'_, '_>) -> Resistances {
    let mut r = Resistances::default();
    if let Some(table) = t.table("resist") {
        for (key, value) in table.entries() {
            match (DamageType::parse(&key), value.integer()) {
                (Some(kind), Some(n)) => {
                    if let Some(n) = within(&value, "a resistance", n, &RESISTANCE) {
                        r.set(kind, n);
                    }
                }
                (None, _) => value.error(
                    format!("`{key}` is not a damage type"),
                    Some("damage types: standard, energy, fire, psi, biological".into()),
                ),
                _ => {}
            }
        }
    }
    r
}

fn weapon(t: &Fields<'_, '_>) -> Option<Weapon> {
    let id = t.required_string("id")?;
    let name = t.required_string("name").unwrap_or_else(|| id.clone());
    let kind = match t.required_string("kind").as_deref() {
        Some("standard") => WeaponKind::Standard,
        Some("energy") => WeaponKind::Energy,
        Some("melee") => WeaponKind::Melee,
        Some(other) => {
            t.error_at(
                "kind",
                format!("`{other}` is not a weapon kind"),
                Some("use standard, energy or melee".into()),
            );
            return None;
        }
        None => return None,
    };
    let range = positive(t, "range", 0);
    if kind != WeaponKind::Melee && !t.has("range") {
        t.error_at("range", "a ranged weapon needs a `range`", None);
    }
    if kind == WeaponKind::Melee && range != 0 {
        t.error_at(
            "range",
            "a melee weapon has no range: AGI takes its place (rule ST-MELEE-01)",
            None,
        );
    }
    let damage = match t.required_integer("damage") {
        Some(d) if DAMAGE.contains(&d) => i32::try_from(d).unwrap_or(1),
        Some(d) => {
            t.error_at(
                "damage",
                format!(
                    "damage {d} is out of range: from {} to {}",
                    DAMAGE.start(),
                    DAMAGE.end()
                ),
                None,
            );
            1
        }
        None => 1,
    };
    let shots = positive(t, "shots", 1).max(1) as u32;
    let damage_type = match t.required_string("type") {
        Some(text) => DamageType::parse(&text).unwrap_or_else(|| {
            t.error_at(
                "type",
                format!("`{text}` is not a damage type"),
                Some(
                    "damage types: standard, energy, fire, psi, biological (rule ST-DMG-01)".into(),
                ),
            );
            DamageType::Standard
        }),
        None => DamageType::Standard,
    };
    let mut mods = Vec::new();
    let all_mods = t.tables("mods");
    if all_mods.len() > LIST {
        t.error_at(
            "mods",
            format!(
                "{} modifications; a weapon has at most {LIST}",
                all_mods.len()
            ),
            None,
        );
    }
    for m in all_mods.into_iter().take(LIST) {
        if let Some(name) = m.required_string("name") {
            mods.push(WeaponMod {
                name,
                skill: positive(&m, "skill", 0),
                difficulty: positive(&m, "difficulty", 0),
                nanites: positive(&m, "nanites", 0),
                accuracy: small(&m, "accuracy", 0),
                damage: small(&m, "damage", 0),
            });
        }
        m.finish();
    }
    Some(Weapon {
        id,
        name,
        kind,
        range,
        damage,
        shots,
        damage_type,
        natural: t.boolean("natural").unwrap_or(false),
        mods,
    })
}

fn item(t: &Fields<'_, '_>, refs: &mut Vec<Reference>) -> Option<Item> {
    let id = t.required_string("id")?;
    let name = t.required_string("name").unwrap_or_else(|| id.clone());
    let kind = match t.required_string("kind").as_deref()? {
        "consumable" => {
            let stat = t.string("stat").and_then(|s| {
                let stat = Stat::parse(&s);
                if stat.is_none() {
                    t.error_at(
                        "stat",
                        format!("`{s}` is not a stat"),
                        Some("stats: STR, END, AGI, CYB, PSI".into()),
                    );
                }
                stat
            });
            let heal = positive(t, "heal", 0);
            if heal == 0 && stat.is_none() {
                t.error_at("kind", "a consumable needs `heal` or `stat`", None);
            }
            ItemKind::Consumable { heal, stat }
        }
        "security-card" => ItemKind::SecurityCard,
        "chemical" => ItemKind::Chemical,
        "large" => ItemKind::Large,
        "research" => {
            let r = t.table("research");
            let Some(r) = r else {
                t.error_at("research", "a research item needs a `research` table", None);
                return None;
            };
            let chemical = r.required_string("chemical").unwrap_or_default();
            refs.push(Reference {
                file: t.file_name().to_string(),
                line: r.line(),
                field: r.path_of("chemical"),
                id: chemical.clone(),
                what: "chemical",
            });
            let research = Research {
                skill: positive(&r, "skill", 0),
                chemical,
                turns: positive(&r, "turns", 2),
                cyber_modules: positive(&r, "cyber_modules", 0),
            };
            r.finish();
            ItemKind::Research(research)
        }
        other => {
            t.error_at(
                "kind",
                format!("`{other}` is not an item kind"),
                Some("use consumable, security-card, chemical, research or large".into()),
            );
            return None;
        }
    };
    Some(Item { id, name, kind })
}

fn creature(t: &Fields<'_, '_>, refs: &mut Vec<Reference>) -> Option<Creature> {
    let id = t.required_string("id")?;
    let name = t.required_string("name").unwrap_or_else(|| id.clone());
    let egg = t.boolean("egg").unwrap_or(false);
    let weapon = t.string("weapon");
    if let Some(w) = &weapon {
        refs.push(Reference {
            file: t.file_name().to_string(),
            line: t.line(),
            field: t.path_of("weapon"),
            id: w.clone(),
            what: "weapon",
        });
    } else if !egg {
        t.error_at(
            "weapon",
            "a creature that is not an egg needs a `weapon`",
            None,
        );
    }
    let body = t.string("body");
    if let Some(b) = &body {
        refs.push(Reference {
            file: t.file_name().to_string(),
            line: t.line(),
            field: t.path_of("body"),
            id: b.clone(),
            what: "loot table",
        });
    }
    let hp = positive(t, "hp", 1);
    if hp < 1 {
        t.error_at("hp", "a creature needs at least 1 hp", None);
    }
    Some(Creature {
        id,
        name,
        bcp: positive(t, "bcp", 0),
        mcp: positive(t, "mcp", 0),
        hp: hp.max(1),
        ap: positive(t, "ap", 0),
        agi: small(t, "agi", 0),
        skill: positive(t, "skill", 0),
        weapon,
        resist: resistances(t),
        egg,
        body,
    })
}

fn class(t: &Fields<'_, '_>, refs: &mut Vec<Reference>) -> Option<Class> {
    let id = t.required_string("id")?;
    let name = t.required_string("name").unwrap_or_else(|| id.clone());
    let mut skills = BTreeMap::new();
    if let Some(s) = t.table("skills") {
        for (key, value) in s.entries() {
            match (Skill::parse(&key), value.integer()) {
                (Some(skill), Some(n)) => {
                    if let Some(n) = within(&value, "a skill level", n, &CLASS_SKILL) {
                        skills.insert(skill, n);
                    }
                }
                (None, _) => value.error(format!("`{key}` is not a skill"), Some(skill_help())),
                _ => {}
            }
        }
    }
    let mut stats = BTreeMap::new();
    if let Some(s) = t.table("stats") {
        for (key, value) in s.entries() {
            match (Stat::parse(&key), value.integer()) {
                (Some(stat), Some(n)) => {
                    if let Some(n) = within(&value, "a stat", n, &CLASS_STAT) {
                        stats.insert(stat, n);
                    }
                }
                (None, _) => value.error(
                    format!("`{key}` is not a stat"),
                    Some("stats: STR, END, AGI, CYB, PSI".into()),
                ),
                _ => {}
            }
        }
    }
    let mut reference = |field: String, id: String, what: &'static str| {
        refs.push(Reference {
            file: t.file_name().to_string(),
            line: t.line(),
            field,
            id,
            what,
        });
    };
    let weapon = t.string("weapon");
    if let Some(w) = &weapon {
        reference(t.path_of("weapon"), w.clone(), "weapon");
    }
    let armor = t.string("armor");
    if let Some(a) = &armor {
        reference(t.path_of("armor"), a.clone(), "armor");
    }
    let items = t.strings("items").unwrap_or_default();
    for (i, item) in items.iter().enumerate() {
        reference(format!("{}[{i}]", t.path_of("items")), item.clone(), "item");
    }
    let mut years = Vec::new();
    for (y, year) in list(t, "years").into_iter().enumerate() {
        let mut options = Vec::new();
        let options_given = capped(t, "years", year.list().unwrap_or_default());
        for (o, option) in options_given.into_iter().enumerate() {
            let Some(text) = option.string() else {
                continue;
            };
            match parse::bonus(&text) {
                Ok(bonus) => {
                    let field = format!("{}[{y}][{o}]", t.path_of("years"));
                    match &bonus {
                        super::Bonus::Item(id) => reference(field, id.clone(), "item"),
                        super::Bonus::Upgrade(id) => reference(field, id.clone(), "upgrade"),
                        _ => {}
                    }
                    options.push(bonus);
                }
                Err(why) => option.error(
                    why,
                    Some("a bonus is \"skill NAME +N\", \"stat NAME +N\", \"hp +N\", \"item ID\", \"nanites +N\", \"cm +N\" or \"upgrade ID\"".into()),
                ),
            }
        }
        if options.is_empty() {
            year.error(format!("training year {} offers no bonus", y + 1), None);
        }
        years.push(options);
    }
    if years.is_empty() {
        t.error_at(
            "years",
            "a class card needs at least one training year (rule ST-CHAR-02)",
            None,
        );
    }
    Some(Class {
        id,
        name,
        skills,
        stats,
        weapon,
        armor,
        items,
        nanites: positive(t, "nanites", 0),
        cyber_modules: positive(t, "cyber_modules", 0),
        years,
    })
}

fn skill_help() -> String {
    let names: Vec<&str> = Skill::ALL.iter().map(|s| s.name()).collect();
    format!("skills: {}", names.join(", "))
}

fn loot_entries(
    value: &Value<'_, '_>,
    t: &Fields<'_, '_>,
    refs: &mut Vec<Reference>,
) -> Vec<super::Loot> {
    let mut out = Vec::new();
    let entries = value.list().unwrap_or_default();
    if entries.len() > LIST {
        value.error(
            format!("{} entries; a list has at most {LIST}", entries.len()),
            None,
        );
    }
    for entry in entries.into_iter().take(LIST) {
        let Some(text) = entry.string() else { continue };
        match parse::loot(&text) {
            Ok(loot) => {
                if let super::Loot::Item(id) = &loot {
                    refs.push(Reference {
                        file: t.file_name().to_string(),
                        line: entry.line(),
                        field: entry.path().to_string(),
                        id: id.clone(),
                        what: "item",
                    });
                }
                out.push(loot);
            }
            Err(why) => entry.error(
                why,
                Some("an entry is an item id, \"nanites N\" or \"cm N\"".into()),
            ),
        }
    }
    out
}

fn loot_table(t: &Fields<'_, '_>, refs: &mut Vec<Reference>) -> Option<LootTable> {
    let object = t.required_string("object")?;
    let name = t.string("name").unwrap_or_else(|| object.clone());
    let mut sets = Vec::new();
    let tables = t.tables("sets");
    let want = match tables.len() {
        1 | 6 => 6,
        3 => 3,
        n => {
            t.error_at(
                "sets",
                format!("an object type has 1, 3 or 6 loot sets, not {n} (rule ST-SEARCH-02)"),
                None,
            );
            6
        }
    };
    for s in &tables {
        let always = s
            .item("always")
            .map(|v| loot_entries(&v, t, refs))
            .unwrap_or_default();
        let mut bundles = Vec::new();
        if let Some(b) = s.required("bundles") {
            for bundle in b.list().unwrap_or_default() {
                bundles.push(loot_entries(&bundle, t, refs));
            }
            if bundles.len() != want {
                b.error(
                    format!(
                        "this set has {} bundles; with {} sets each set needs {want}, one per second roll (rule ST-SEARCH-02)",
                        bundles.len(),
                        tables.len()
                    ),
                    None,
                );
            }
        }
        s.finish();
        sets.push(LootSet { always, bundles });
    }
    Some(LootTable { object, name, sets })
}
