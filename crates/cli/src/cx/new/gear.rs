//! Equipment: weapons of the class's categories with the attachments that fit
//! them, armor of the class's categories, a shield, a cloak and items
//! (CX-LVL-01, CX-STAT-07). Every candidate is tried on a copy of the
//! character and offered only if validation finds nothing new.

use std::io::{BufRead, Write};

use anyhow::{Result, bail};
use nanite_compound_x::{Attack, Character, CharacterWeapon, Stat, Weapon, validate};

use super::Builder;
use super::ask::{Choice, Menu};

/// The most spare magazines, or items of one kind, asked for.
const MAX_COUNT: i64 = 99;

fn price(price: Option<i64>) -> String {
    price.map_or_else(String::new, |p| format!(", price {p}"))
}

fn weapon_label(w: &Weapon) -> String {
    format!(
        "{}: {}, {} {}, skill {}{}",
        w.name,
        w.category,
        w.damage,
        format!("{:?}", w.damage_type).to_lowercase(),
        w.skill,
        price(w.price)
    )
}

impl<R: BufRead, W: Write> Builder<'_, R, W> {
    /// Every equipment question.
    pub(super) fn equipment(&mut self, ch: &mut Character) -> Result<()> {
        let Some(class) = self.pack.classes.get(&ch.class) else {
            bail!("unknown class {}", ch.class);
        };
        self.ask.say(format!(
            "\nEquipment: a {} may use {} and wear {} armor (rule CX-LVL-01). Prices are shown for \
             reference; the file records the class's starting money ({}).",
            class.name,
            class.weapons.join(", "),
            class.armor.join(", "),
            class.starting_money
        ))?;
        self.weapons(ch)?;
        self.armor(ch)?;
        self.protection(ch)?;
        self.items(ch)
    }

    /// Weapons, each with its attachments and spare magazines.
    fn weapons(&mut self, ch: &mut Character) -> Result<()> {
        let pack = self.pack;
        loop {
            let base = validate(ch, pack);
            let n = ch.equipment.weapons.len() + 1;
            let mut menu = Menu::new(format!(
                "Weapon {n}{}",
                if n == 1 { ", the primary one" } else { "" }
            ))
            .or("done");
            let mut offered = Vec::new();
            for weapon in pack.weapons.iter() {
                let mut trial = ch.clone();
                trial.equipment.weapons.push(CharacterWeapon {
                    id: weapon.id.clone(),
                    ..CharacterWeapon::default()
                });
                match self.refusal(&base, &trial) {
                    Some(why) => menu.refuse(&weapon.id, why),
                    None => {
                        menu.push(Choice::new(&weapon.id, weapon_label(weapon)));
                        offered.push(weapon);
                    }
                }
            }
            let Some(i) = self.ask.choose(&menu)? else {
                return Ok(());
            };
            let weapon = offered[i];
            let mut carried = CharacterWeapon {
                id: weapon.id.clone(),
                ..CharacterWeapon::default()
            };
            if weapon.attack != Attack::Melee {
                self.attachments(ch, weapon, &mut carried)?;
                let question = if weapon.magazine > 0 {
                    format!(
                        "Spare magazines for the {} ({} rounds each)",
                        weapon.name, weapon.magazine
                    )
                } else {
                    format!("Spare {} carried besides the first", weapon.name)
                };
                carried.magazines = self.ask.number(&question, 0, MAX_COUNT, Some(2))?;
            }
            ch.equipment.weapons.push(carried);
            self.ask.say(format!("  {} carried.", weapon.name))?;
        }
    }

    /// Attachments that fit `weapon`, one at a time.
    fn attachments(
        &mut self,
        ch: &Character,
        weapon: &Weapon,
        carried: &mut CharacterWeapon,
    ) -> Result<()> {
        let pack = self.pack;
        loop {
            let mut with = ch.clone();
            with.equipment.weapons.push(carried.clone());
            let base = validate(&with, pack);
            let mut menu = Menu::new(format!("Attachment for the {}", weapon.name)).or("done");
            let mut offered = Vec::new();
            for a in pack.attachments.iter() {
                if carried.attachments.contains(&a.id) {
                    menu.refuse(&a.id, format!("the {} already has one", weapon.name));
                    continue;
                }
                let mut trial = with.clone();
                if let Some(w) = trial.equipment.weapons.last_mut() {
                    w.attachments.push(a.id.clone());
                }
                match self.refusal(&base, &trial) {
                    Some(why) => menu.refuse(&a.id, why),
                    None => {
                        let label = format!(
                            "{}: accuracy {:+}{}",
                            a.name,
                            a.accuracy.as_f64(),
                            price(a.price)
                        );
                        menu.push(Choice::new(&a.id, label).detail(&a.description));
                        offered.push(a);
                    }
                }
            }
            if offered.is_empty() {
                return Ok(());
            }
            let Some(i) = self.ask.choose(&menu)? else {
                return Ok(());
            };
            carried.attachments.push(offered[i].id.clone());
        }
    }

    /// Armor of the class's categories (at most 50% coverage with STR 1).
    fn armor(&mut self, ch: &mut Character) -> Result<()> {
        let pack = self.pack;
        let sheet = nanite_compound_x::Sheet::compute(ch, pack);
        if sheet.stats.get(Stat::Strength) <= 1 {
            self.ask
                .say("STR is 1: armor above 50% coverage is not offered (rule CX-STAT-07).")?;
        }
        let base = validate(ch, pack);
        let mut menu = Menu::new("Armor").or("none");
        let mut offered = Vec::new();
        for armor in pack.armors.iter() {
            let mut trial = ch.clone();
            trial.equipment.armor = Some(armor.id.clone());
            match self.refusal(&base, &trial) {
                Some(why) => menu.refuse(&armor.id, why),
                None => {
                    menu.push(Choice::new(
                        &armor.id,
                        format!(
                            "{}: {}, {}% coverage, APL {}, {} AP, movement penalty {} m{}",
                            armor.name,
                            armor.category,
                            armor.coverage,
                            armor.apl,
                            armor.armor_points,
                            armor.movement_penalty,
                            price(armor.price)
                        ),
                    ));
                    offered.push(armor);
                }
            }
        }
        if let Some(i) = self.ask.choose(&menu)? {
            ch.equipment.armor = Some(offered[i].id.clone());
        }
        Ok(())
    }

    /// A shield and a cloaking module, each optional.
    fn protection(&mut self, ch: &mut Character) -> Result<()> {
        let pack = self.pack;
        let base = validate(ch, pack);
        let mut menu = Menu::new("Shield").or("none");
        let mut shields = Vec::new();
        for s in pack.shields.iter() {
            let mut trial = ch.clone();
            trial.equipment.shield = Some(s.id.clone());
            match self.refusal(&base, &trial) {
                Some(why) => menu.refuse(&s.id, why),
                None => {
                    menu.push(Choice::new(
                        &s.id,
                        format!(
                            "{}: strength {}, recharge {} per turn, restarts after {} turns{}",
                            s.name,
                            s.strength,
                            s.recharge_rate,
                            s.restart_turns,
                            price(s.price)
                        ),
                    ));
                    shields.push(s);
                }
            }
        }
        if let Some(i) = self.ask.choose(&menu)? {
            ch.equipment.shield = Some(shields[i].id.clone());
        }
        let base = validate(ch, pack);
        let mut menu = Menu::new("Cloaking module").or("none");
        let mut cloaks = Vec::new();
        for c in pack.cloaks.iter() {
            let mut trial = ch.clone();
            trial.equipment.cloak = Some(c.id.clone());
            match self.refusal(&base, &trial) {
                Some(why) => menu.refuse(&c.id, why),
                None => {
                    menu.push(Choice::new(
                        &c.id,
                        format!(
                            "{}: +{} turns, detect DC {}, {} nanites to start, {} per turn{}",
                            c.name,
                            c.turn_bonus,
                            c.detect_dc,
                            c.activation_cost,
                            c.upkeep,
                            price(c.price)
                        ),
                    ));
                    cloaks.push(c);
                }
            }
        }
        if let Some(i) = self.ask.choose(&menu)? {
            ch.equipment.cloak = Some(cloaks[i].id.clone());
        }
        Ok(())
    }

    /// Items with counts, one kind at a time.
    fn items(&mut self, ch: &mut Character) -> Result<()> {
        let pack = self.pack;
        loop {
            let base = validate(ch, pack);
            let mut menu = Menu::new("Item").or("done");
            let mut offered = Vec::new();
            for item in pack.items.iter() {
                let mut trial = ch.clone();
                trial.equipment.items.push((item.id.clone(), 1));
                match self.refusal(&base, &trial) {
                    Some(why) => menu.refuse(&item.id, why),
                    None => {
                        let had = ch
                            .equipment
                            .items
                            .iter()
                            .find(|(id, _)| *id == item.id)
                            .map_or(0, |(_, n)| *n);
                        let carried = if had > 0 {
                            format!(" (carrying {had})")
                        } else {
                            String::new()
                        };
                        menu.push(Choice::new(
                            &item.id,
                            format!("{}{}{carried}", item.name, price(item.price)),
                        ));
                        offered.push(item);
                    }
                }
            }
            let Some(i) = self.ask.choose(&menu)? else {
                return Ok(());
            };
            let item = offered[i];
            let count =
                self.ask
                    .number(&format!("How many {}", item.name), 1, MAX_COUNT, Some(1))?;
            match ch.equipment.items.iter_mut().find(|(id, _)| *id == item.id) {
                Some((_, n)) => *n += count,
                None => ch.equipment.items.push((item.id.clone(), count)),
            }
        }
    }
}
