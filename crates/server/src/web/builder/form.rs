//! The Compound X character a builder form describes, and what the form
//! itself got wrong (a number that is not one), each problem at the
//! control that holds it. Every slot of the form, and which control a
//! validation problem's field (`base_stats.STR`) belongs to.

use std::collections::BTreeMap;

use nanite_compound_x::{Character, CharacterWeapon, Pack, Secondary, Stat};
use nanite_core::Diagnostics;

use super::marks::Slot;

/// The weapon slots of the form (primary, second).
pub(crate) const WEAPON_SLOTS: [(u8, &str); 2] = [(1, "Primary weapon"), (2, "Second weapon")];

/// The largest count the form takes for magazines or items of one kind.
pub(crate) const MAX_COUNT: i64 = 99;

/// The character a builder form describes, at level 0.
pub(crate) struct Built {
    /// The character.
    pub(crate) character: Character,
    /// Which form slot (1 or 2) each of its weapons came from.
    pub(crate) weapon_slots: Vec<u8>,
    /// What the form got wrong, each at its control (`form:b-STR`).
    pub(crate) found: Diagnostics,
}

/// Reads the form: every number at its control, with a typing slip named.
pub(crate) fn read(pack: &Pack, form: &BTreeMap<String, String>) -> Built {
    let mut found = Diagnostics::new();
    let text = |key: &str| {
        form.get(key)
            .map(|v| v.trim().to_string())
            .unwrap_or_default()
    };
    let mut number = |key: &str, control: &str, label: &str| -> i64 {
        crate::web::form_number::read(&text(key), control, label, 0, &mut found)
    };

    let mut ch = Character::default();
    ch.name = text("name");
    ch.race = text("race");
    ch.class = text("class");
    ch.level = 0;
    ch.notes = text("notes");
    for stat in Stat::ALL {
        let v = number(
            &format!("stat_{}", stat.code()),
            &format!("b-{}", stat.code()),
            stat.name(),
        );
        ch.base_stats.set(stat, v);
    }
    ch.secondary_choice = match text("secondary").as_str() {
        "movement_speed" => Some(Secondary::MovementSpeed),
        "carry_ability" => Some(Secondary::CarryAbility),
        _ => None,
    };
    for skill in pack.skills.iter() {
        let points = number(
            &format!("skill_{}", skill.id),
            &format!("b-sk-{}", skill.id),
            &skill.name,
        );
        if points != 0 {
            ch.skills.push((skill.id.clone(), points));
        }
    }
    ch.charisma_feat = Some(text("charisma_feat")).filter(|s| !s.is_empty());
    let mut weapon_slots = Vec::new();
    for (n, label) in WEAPON_SLOTS {
        let id = text(&format!("weapon{n}"));
        let magazines = number(
            &format!("magazines{n}"),
            &format!("b-m{n}"),
            &format!("Spare magazines of the {}", label.to_lowercase()),
        );
        if id.is_empty() {
            continue;
        }
        let attachments = pack
            .attachments
            .iter()
            .filter(|a| form.contains_key(&format!("w{n}_att_{}", a.id)))
            .map(|a| a.id.clone())
            .collect();
        ch.equipment.weapons.push(CharacterWeapon {
            id,
            attachments,
            magazines,
        });
        weapon_slots.push(n);
    }
    ch.equipment.armor = Some(text("armor")).filter(|s| !s.is_empty());
    ch.equipment.shield = Some(text("shield")).filter(|s| !s.is_empty());
    ch.equipment.cloak = Some(text("cloak")).filter(|s| !s.is_empty());
    for item in pack.items.iter() {
        let count = number(
            &format!("item_{}", item.id),
            &format!("b-it-{}", item.id),
            &item.name,
        );
        if count != 0 {
            ch.equipment.items.push((item.id.clone(), count));
        }
    }
    Built {
        character: ch,
        weapon_slots,
        found,
    }
}

/// Every slot of the Compound X builder form, in the form's order.
pub(crate) fn slots(pack: &Pack) -> Vec<Slot> {
    let mut out = vec![
        Slot::new("b-name", "Name"),
        Slot::new("b-race", "Race"),
        Slot::new("b-class", "Class"),
    ];
    for stat in Stat::ALL {
        out.push(Slot::new(
            format!("b-{}", stat.code()),
            format!("{} ({})", stat.name(), stat.code()),
        ));
    }
    out.push(Slot::new("b-stats", "Base stats"));
    out.push(Slot::new("b-secondary", "Where STR goes"));
    for skill in pack.skills.iter() {
        out.push(Slot::new(format!("b-sk-{}", skill.id), skill.name.clone()));
    }
    out.push(Slot::new("b-skills", "Skills"));
    out.push(Slot::new(
        "b-charisma-feat",
        "Feat instead of a granted one",
    ));
    out.push(Slot::new("b-feats", "Feats"));
    for (n, label) in WEAPON_SLOTS {
        out.push(Slot::new(format!("b-w{n}"), label));
        out.push(Slot::new(
            format!("b-m{n}"),
            format!("Spare magazines ({})", label.to_lowercase()),
        ));
    }
    out.push(Slot::new("b-armor", "Armor"));
    out.push(Slot::new("b-shield", "Shield"));
    out.push(Slot::new("b-cloak", "Cloaking module"));
    for item in pack.items.iter() {
        out.push(Slot::new(format!("b-it-{}", item.id), item.name.clone()));
    }
    out.push(Slot::new("b-money", "Money"));
    out
}

/// The control a problem on `field` belongs to, for a character whose
/// weapons came from `weapon_slots`.
pub(crate) fn control(field: &str, weapon_slots: &[u8]) -> Option<String> {
    if let Some(control) = field.strip_prefix("form:") {
        return Some(control.to_string());
    }
    let simple = match field {
        "name" => Some("b-name"),
        "race" => Some("b-race"),
        "class" => Some("b-class"),
        "base_stats" => Some("b-stats"),
        "secondary_choice" => Some("b-secondary"),
        "skills" => Some("b-skills"),
        "charisma_feat" => Some("b-charisma-feat"),
        "feats" | "class_feats" => Some("b-feats"),
        "equipment.armor" => Some("b-armor"),
        "equipment.shield" => Some("b-shield"),
        "equipment.cloak" => Some("b-cloak"),
        "money" => Some("b-money"),
        _ => None,
    };
    if let Some(id) = simple {
        return Some(id.to_string());
    }
    if let Some(code) = field.strip_prefix("base_stats.") {
        return Some(format!("b-{code}"));
    }
    if let Some(id) = field.strip_prefix("skills.") {
        return Some(format!("b-sk-{id}"));
    }
    if let Some(id) = field.strip_prefix("equipment.items.") {
        return Some(format!("b-it-{id}"));
    }
    if field.starts_with("feats[") || field.starts_with("class_feats[") {
        return Some("b-feats".to_string());
    }
    if let Some(rest) = field.strip_prefix("equipment.weapons[") {
        let n: usize = rest.split(']').next()?.parse().ok()?;
        return weapon_slots.get(n).map(|slot| format!("b-w{slot}"));
    }
    None
}
