//! The D20 character builder: every choice a D20 character file holds
//! (name, the four attribute scores, skill levels, weapons, armor, healing
//! kits, spells, psionic powers, spell and power resistance), offered from
//! the campaign's pack, checked on the server exactly as an upload is
//! (`nanite d20 sheet`), with every problem at once at its field and the
//! sheet's numbers as the player chooses. A new character is level 1
//! (D20-CHK-02); the seed gives no point buy, so the bounds are the ones
//! validation checks (docs/rules/d20.md) and the builder shows what they
//! give instead of a budget.

use std::collections::BTreeMap;

use askama::Template;
use axum::response::{IntoResponse, Response};
use nanite_core::Diagnostics;
use nanite_core::content::SourceFile;
use nanite_d20::pack::{Magic, MagicKind};
use nanite_d20::{Attribute, Character, LEVELS, Pack, SCORES, SKILL_LEVELS, Sheet, validate};

use super::builder::marks::{self, Slot};
use super::html::{self, Seat, render};
use crate::campaigns::Campaign;
use crate::sessions::Caller;

/// The level of a new character (D20-CHK-02: experience levels start at 1).
const NEW_LEVEL: i64 = 1;

/// `GET /c/{campaign}/build` in a D20 campaign.
pub(crate) fn page(pack: &nanite_d20::Pack, settings: &Campaign, caller: &Caller) -> Response {
    let body = render(&BuilderPage {
        campaign: &settings.id,
        slot: caller.invite.slot.as_deref(),
        pack,
        attributes: Attribute::ALL,
        scores: (*SCORES.start(), *SCORES.end()),
        skill_levels: (*SKILL_LEVELS.start(), *SKILL_LEVELS.end()),
        kits_max: *nanite_d20::limits::KITS.end(),
        resistance_max: *nanite_d20::limits::RESISTANCE.end(),
        level: NEW_LEVEL,
    });
    let seat = Seat::new(caller, &settings.name, 0);
    html::page("Build a D20 character · nanite", Some(&seat), &body).into_response()
}

/// The D20 builder's steps and its check column.
#[derive(Template)]
#[template(path = "builder_d20/page.html")]
struct BuilderPage<'a> {
    campaign: &'a str,
    /// The character id the invitation is for.
    slot: Option<&'a str>,
    pack: &'a Pack,
    attributes: [Attribute; 4],
    scores: (i64, i64),
    skill_levels: (i64, i64),
    kits_max: i64,
    resistance_max: i64,
    level: i64,
}

impl BuilderPage<'_> {
    /// The pack's spells or powers.
    fn magic(&self, spells: &bool) -> Vec<&Magic> {
        let kind = if *spells {
            MagicKind::Spell
        } else {
            MagicKind::Power
        };
        self.pack.magic.iter().filter(|m| m.kind == kind).collect()
    }

    /// A weapon in words: "1d6, finesse, reach" or "1d6, range 60 ft".
    fn weapon(&self, w: &nanite_d20::pack::Weapon) -> String {
        let mut out = w.damage.clone();
        if w.finesse {
            out.push_str(", finesse");
        }
        if w.reach {
            out.push_str(", reach");
        }
        if w.range > 0 {
            out.push_str(&format!(", range {} ft", w.range));
        }
        out
    }
}

/// The character the form describes, each weapon, spell and power with the
/// control it came from, and what the form itself got wrong.
struct Built {
    character: Character,
    weapons: Vec<String>,
    spells: Vec<String>,
    powers: Vec<String>,
    found: Diagnostics,
}

fn read(pack: &Pack, form: &BTreeMap<String, String>) -> Built {
    let mut found = Diagnostics::new();
    let text = |key: &str| {
        form.get(key)
            .map(|v| v.trim().to_string())
            .unwrap_or_default()
    };
    let mut number = |key: &str, control: &str, label: &str, default: i64| -> i64 {
        crate::web::form_number::read(&text(key), control, label, default, &mut found)
    };

    let mut ch = Character::default();
    ch.name = text("name");
    ch.level = NEW_LEVEL;
    ch.notes = text("notes");
    for a in Attribute::ALL {
        let score = number(
            &format!("attr_{}", a.key()),
            &format!("d-{}", a.key()),
            a.name(),
            10,
        );
        ch.attributes.set(a, score);
    }
    for s in &pack.skills {
        let level = number(
            &format!("skill_{}", s.id),
            &format!("d-sk-{}", s.id),
            &s.name,
            0,
        );
        if level != 0 {
            ch.skills.push((s.id.clone(), level));
        }
    }
    let mut weapons = Vec::new();
    let main = text("weapon_main");
    if !main.is_empty() {
        ch.weapons.push(main);
        weapons.push("d-w-main".to_string());
    }
    for w in &pack.weapons {
        if form.contains_key(&format!("weapon_{}", w.id)) && !ch.weapons.contains(&w.id) {
            ch.weapons.push(w.id.clone());
            weapons.push(format!("d-wp-{}", w.id));
        }
    }
    ch.armor = Some(text("armor")).filter(|s| !s.is_empty());
    for k in &pack.kits {
        let n = number(
            &format!("kit_{}", k.id),
            &format!("d-kit-{}", k.id),
            &k.name,
            0,
        );
        if n != 0 {
            ch.kits.push((k.id.clone(), n));
        }
    }
    let (mut spells, mut powers) = (Vec::new(), Vec::new());
    for m in &pack.magic {
        let (key, list, controls, prefix) = match m.kind {
            MagicKind::Spell => ("spell", &mut ch.spells, &mut spells, "d-sp"),
            MagicKind::Power => ("power", &mut ch.powers, &mut powers, "d-pw"),
        };
        if form.contains_key(&format!("{key}_{}", m.id)) {
            list.push(m.id.clone());
            controls.push(format!("{prefix}-{}", m.id));
        }
    }
    ch.spell_resistance = number("res_spell", "d-res-spell", "Spell resistance", 0);
    ch.power_resistance = number("res_power", "d-res-power", "Power resistance", 0);
    Built {
        character: ch,
        weapons,
        spells,
        powers,
        found,
    }
}

/// Every slot of the D20 builder form.
fn slots(pack: &Pack) -> Vec<Slot> {
    let mut out = vec![Slot::new("d-name", "Name")];
    for a in Attribute::ALL {
        out.push(Slot::new(format!("d-{}", a.key()), a.name()));
    }
    for s in &pack.skills {
        out.push(Slot::new(format!("d-sk-{}", s.id), s.name.clone()));
    }
    out.push(Slot::new("d-w-main", "Main weapon"));
    for w in &pack.weapons {
        out.push(Slot::new(format!("d-wp-{}", w.id), w.name.clone()));
    }
    out.push(Slot::new("d-weapons", "Weapons"));
    out.push(Slot::new("d-armor", "Armor"));
    for k in &pack.kits {
        out.push(Slot::new(format!("d-kit-{}", k.id), k.name.clone()));
    }
    out.push(Slot::new("d-kits", "Healing kits"));
    for m in &pack.magic {
        let prefix = match m.kind {
            MagicKind::Spell => "d-sp",
            MagicKind::Power => "d-pw",
        };
        out.push(Slot::new(format!("{prefix}-{}", m.id), m.name.clone()));
    }
    out.push(Slot::new("d-magic", "Spells and powers"));
    out.push(Slot::new("d-res-spell", "Spell resistance"));
    out.push(Slot::new("d-res-power", "Power resistance"));
    out
}

/// The control a problem on `field` belongs to.
fn control(field: &str, built: &Built) -> Option<String> {
    if let Some(control) = field.strip_prefix("form:") {
        return Some(control.to_string());
    }
    let indexed = |rest: &str, controls: &[String]| {
        let n: usize = rest.split(']').next()?.parse().ok()?;
        controls.get(n).cloned()
    };
    match field {
        "name" => return Some("d-name".into()),
        "gear.armor" => return Some("d-armor".into()),
        "gear.weapons" => return Some("d-weapons".into()),
        "gear.kits" => return Some("d-kits".into()),
        "magic.spells" | "magic.powers" => return Some("d-magic".into()),
        "resistance.spell" => return Some("d-res-spell".into()),
        "resistance.power" => return Some("d-res-power".into()),
        _ => {}
    }
    if let Some(key) = field.strip_prefix("attributes.") {
        return Some(format!("d-{key}"));
    }
    if let Some(id) = field.strip_prefix("skills.") {
        return Some(format!("d-sk-{id}"));
    }
    if let Some(id) = field.strip_prefix("gear.kits.") {
        return Some(format!("d-kit-{id}"));
    }
    if let Some(rest) = field.strip_prefix("gear.weapons[") {
        return indexed(rest, &built.weapons);
    }
    if let Some(rest) = field.strip_prefix("magic.spells[") {
        return indexed(rest, &built.spells);
    }
    if let Some(rest) = field.strip_prefix("magic.powers[") {
        return indexed(rest, &built.powers);
    }
    None
}

/// `POST /c/{campaign}/build/check` in a D20 campaign: the character so
/// far, checked as an upload is, with every problem at its field.
pub(crate) fn check(
    pack: &nanite_d20::Pack,
    settings: &Campaign,
    caller: &Caller,
    form: &BTreeMap<String, String>,
) -> String {
    let mut built = read(pack, form);
    let toml = built.character.to_toml();
    let id = caller.invite.slot.clone();
    let file = format!("{}.toml", id.as_deref().unwrap_or("character"));
    // Read back and validated exactly as `nanite d20 sheet` and an upload.
    let (read, mut found) = Character::read(&SourceFile::new(&file, &toml));
    found.extend(std::mem::replace(&mut built.found, Diagnostics::new()));
    found.extend(validate(&read, pack));
    let slots = slots(pack);
    let marks = marks::place(&found, &slots, "builder", |field| control(field, &built));
    let campaign = settings.d20.clone().unwrap_or_default();
    let computable = LEVELS.contains(&read.level)
        && Attribute::ALL
            .iter()
            .all(|a| SCORES.contains(&read.attributes.get(*a)));
    let sheet = computable.then(|| Sheet::compute(&read, pack, &campaign));
    render(&Checked {
        errors: found.error_count(),
        sheet: sheet.as_ref(),
        legal: !found.has_errors() && sheet.is_some(),
        campaign: &settings.id,
        id: id.as_deref(),
        toml: &toml,
    }) + &marks::render_marks(&marks, &slots)
}

/// The D20 check column: the sheet's numbers so far, then how many
/// problems remain or the legal character's save button.
#[derive(Template)]
#[template(path = "builder_d20/checked.html")]
struct Checked<'a> {
    errors: usize,
    sheet: Option<&'a Sheet>,
    legal: bool,
    campaign: &'a str,
    /// The id it is saved under, when the invitation names one.
    id: Option<&'a str>,
    toml: &'a str,
}

impl Checked<'_> {
    /// A signed number ("+2", "-1").
    fn signed(&self, n: &i64) -> String {
        format!("{n:+}")
    }
}
