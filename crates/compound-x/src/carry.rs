//! What a campaign character carries from one fight to the next
//! (docs/campaign.md): its health and wounds (CX-HEAL-01), injuries
//! (CX-HEAL-05) and the conditions that outlast a fight (CX-COND), armor
//! points and shield, rounds, magazines and grenades, items, nanites, the
//! death-save allowance (CX-DEATH-04), XP and level.
//!
//! - [`CharacterState::fresh`]: a character as its file makes it, unhurt.
//! - [`CharacterState::fighter`]: the fighter an encounter starts it as.
//! - [`CharacterState::after_fight`]: what the end of a fight writes back,
//!   with the allowance lost after a failed downing and one regained after
//!   a clean encounter.
//! - Between fights: [`CharacterState::rest`], [`CharacterState::treat`]
//!   (Medicine, CX-HEAL-02/03), [`CharacterState::repair`] (the engine's own
//!   commands, run on the character alone out of combat, so a rest or a
//!   treatment between fights is decided exactly as in an encounter),
//!   [`CharacterState::resupply`], [`CharacterState::loot`],
//!   [`CharacterState::award`], [`CharacterState::level_up`] and
//!   [`CharacterState::correct`].

#[cfg(test)]
mod tests;

use std::collections::BTreeMap;

use nanite_core::{CombatantId, DiceSource, Game, ScriptedDice};
use serde::{Deserialize, Serialize};

use crate::check::Effort;
use crate::combat::{ConditionKind, Cover, DeathSaves, Fighter, MAX_DEATH_SAVES, Stance};
use crate::encounter::{Battle, Command, CompoundX, CxEffect, Injury, narrate_all};
use crate::level::MAX_LEVEL;
use crate::pack::Pack;
use crate::sheet::Sheet;
use crate::{Character, LevelUp};

pub use nanite_core::campaign::{CarryError, MAX_AWARD, XP_PER_LEVEL, xp_for_level};

/// The most of one item, magazine count or grenade a character may carry
/// after a loot or a correction.
pub const MAX_COUNT: i64 = 10_000;

/// A condition that outlasts a fight, with its stacks (bleeding and plasma
/// burn stack, CX-COND-01/07).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LastingCondition {
    /// Which.
    pub kind: ConditionKind,
    /// Stacks (1 for the others).
    pub stacks: u32,
}

/// The injuries and conditions a character brings into a fight.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Lasting {
    /// Injuries from falls (CX-HEAL-05).
    #[serde(default)]
    pub injuries: Vec<Injury>,
    /// Conditions that outlast a fight.
    #[serde(default)]
    pub conditions: Vec<LastingCondition>,
}

impl Lasting {
    /// Nothing carried.
    pub fn is_empty(&self) -> bool {
        self.injuries.is_empty() && self.conditions.is_empty()
    }

    /// The injuries' and conditions' keys, as a character's state shows
    /// them: the injuries first, a stacked condition with its stacks
    /// (`bleeding ×2`).
    pub fn keys(&self) -> Vec<String> {
        let injuries = self.injuries.iter().map(|i| i.key().to_string());
        let conditions = self.conditions.iter().map(|c| {
            if c.stacks > 1 {
                format!("{} ×{}", c.kind.key(), c.stacks)
            } else {
                c.kind.key().to_string()
            }
        });
        injuries.chain(conditions).collect()
    }
}

/// A weapon's rounds and state between fights.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = CxWeaponCarried))]
pub struct WeaponCarried {
    /// The pack's weapon id (the file's weapon at the same place).
    pub id: String,
    /// Rounds in the weapon.
    pub loaded: i64,
    /// Spare magazines (grenades: how many are left).
    pub spare_magazines: i64,
    /// Jammed until cleared (CX-RNG-08).
    pub jammed: bool,
    /// Broken until repaired (CX-STAT-13).
    pub broken: bool,
}

/// Worn armor between fights.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = CxArmorCarried))]
pub struct ArmorCarried {
    /// Armor points left (full again at the wearer's first turn, CX-DMG-02).
    pub points: i64,
    /// Armor points when fresh (from the sheet; shown, not carried).
    pub full: i64,
    /// Plasma lowered its APL by 1 until repaired (CX-COND-07).
    pub apl_lowered: bool,
}

/// A worn shield between fights.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = CxShieldCarried))]
pub struct ShieldCarried {
    /// Strength now.
    pub strength: i64,
    /// Full strength (from the sheet; shown, not carried).
    pub max: i64,
}

/// What a Compound X campaign character carries between fights.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = CxCharacterState))]
pub struct CharacterState {
    /// Health now (0 or below: downed, CX-DEATH-01).
    pub hp: i64,
    /// Maximum health (from the sheet; shown, not carried).
    pub max_hp: i64,
    /// Each wound's damage, kept apart (CX-HEAL-01).
    #[serde(default)]
    pub wounds: Vec<i64>,
    /// Injuries and conditions that outlast a fight.
    #[serde(default)]
    pub lasting: Lasting,
    /// Worn armor.
    #[serde(default)]
    pub armor: Option<ArmorCarried>,
    /// Worn shield.
    #[serde(default)]
    pub shield: Option<ShieldCarried>,
    /// Weapons in the file's order: rounds, magazines, grenades.
    #[serde(default)]
    pub weapons: Vec<WeaponCarried>,
    /// Items by id with their counts (medikits, kits, ammunition).
    #[serde(default)]
    pub items: BTreeMap<String, i64>,
    /// Nanites now.
    pub nanites: i64,
    /// Nanites when full.
    pub max_nanites: i64,
    /// Death saves at the next downing (CX-DEATH-04).
    pub death_saves: u32,
    /// FORT_DOWNED's lifetime failed Fort saves (CX-HOUSE-05).
    #[serde(default)]
    pub fort_failures: i64,
    /// Below par until the next long rest (CX-HEAL-04).
    #[serde(default)]
    pub below_par: bool,
    /// Dead.
    #[serde(default)]
    pub dead: bool,
    /// Experience points, in all.
    #[serde(default)]
    pub xp: i64,
    /// Its level (the file's).
    pub level: i64,
}

/// The handle a character has in the one-person battles of the
/// between-fight commands.
const ME: &str = "me";
/// The medic's handle there.
const MEDIC: &str = "medic";

/// A between-fight command's result: the new state and what happened, in
/// the engine's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Done {
    /// The state after.
    pub state: CharacterState,
    /// What happened.
    pub lines: Vec<String>,
}

/// A GM's correction of one value (the reason is kept by the caller's log).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = CxCorrection))]
#[serde(tag = "field", content = "value", rename_all = "snake_case")]
pub enum Correction {
    /// Health (up to the maximum; 0 or below is downed).
    Hp(i64),
    /// The wounds, each 1 or more.
    Wounds(Vec<i64>),
    /// Nanites (0 to the maximum).
    Nanites(i64),
    /// Death saves at the next downing (1 to 3, CX-DEATH-04).
    DeathSaves(u32),
    /// FORT_DOWNED's lifetime failures.
    FortFailures(i64),
    /// XP in all.
    Xp(i64),
    /// Shield strength (0 to full).
    Shield(i64),
    /// Armor points (0 to full).
    ArmorPoints(i64),
    /// A weapon's rounds loaded and spare magazines, by its place.
    Weapon {
        /// Its place in the file, from 0.
        weapon: usize,
        /// Rounds loaded (0 to the magazine).
        loaded: i64,
        /// Spare magazines or grenades.
        spare_magazines: i64,
    },
    /// An item's count.
    Item {
        /// Its id.
        id: String,
        /// How many.
        count: i64,
    },
    /// The injuries (CX-HEAL-05).
    Injuries(Vec<Injury>),
    /// The conditions that outlast the fight.
    Conditions(Vec<LastingCondition>),
    /// Below par (CX-HEAL-04).
    BelowPar(bool),
    /// Dead or alive.
    Dead(bool),
}

impl CharacterState {
    /// The state of a character as its sheet makes it: unhurt, full, its
    /// file's death saves (3 unless the file says fewer), no XP.
    pub fn fresh(sheet: &Sheet, pack: &Pack) -> CharacterState {
        let fighter = Fighter::from_sheet(sheet, pack);
        let mut state = read_fighter(&fighter, Lasting::default());
        state.fort_failures = sheet.survival.fort_failures.unwrap_or(0);
        state.level = sheet.level;
        state
    }

    /// The fighter an encounter starts this character as: its sheet's, with
    /// what it carries. Gear added to the file since comes full; gear no
    /// longer in it is dropped.
    pub fn fighter(&self, sheet: &Sheet, pack: &Pack) -> Result<Fighter, CarryError> {
        if self.dead {
            return Err(CarryError::Refused(format!(
                "{} is dead and joins no fight; the GM corrects `dead` if that was a mistake",
                sheet.name
            )));
        }
        let mut f = Fighter::from_sheet(sheet, pack);
        f.hp = self.hp.min(f.max_hp);
        f.wounds = self.wounds.clone();
        f.nanites = self.nanites.clamp(0, f.max_nanites);
        if let (Some(armor), Some(carried)) = (f.armor.as_mut(), &self.armor) {
            armor.points_left = carried.points.clamp(0, armor.armor_points);
            if carried.apl_lowered {
                armor.plasma_damaged = true;
                armor.apl = (armor.apl - 1).max(0);
            }
        }
        if let (Some(shield), Some(carried)) = (f.shield.as_mut(), &self.shield) {
            shield.strength = carried.strength.clamp(0, shield.max);
        }
        for (i, w) in f.weapons.iter_mut().enumerate() {
            if let Some(carried) = self.weapons.get(i).filter(|c| c.id == w.id) {
                w.loaded = carried.loaded.clamp(0, w.magazine);
                w.spare_magazines = carried.spare_magazines.max(0);
                w.jammed = carried.jammed;
                w.broken = carried.broken;
            }
        }
        for item in &mut f.items {
            if let Some(count) = self.items.get(&item.id) {
                item.count = (*count).max(0);
            }
        }
        f.death_saves = DeathSaves {
            allowance: self.death_saves.clamp(1, MAX_DEATH_SAVES),
            ..DeathSaves::default()
        };
        if f.house_rules.fort_downed {
            f.survival.fort_failures = Some(self.fort_failures);
        }
        if self.below_par {
            crate::encounter::set_below_par(&mut f, true);
        }
        f.carried_in = self.lasting.clone();
        Ok(f)
    }

    /// What the end of a fight writes back for combatant `id` of `battle`
    /// (which the GM has ended): health, wounds, injuries and the conditions
    /// still on it, armor, shield, rounds, items, nanites; the death saves
    /// it carries (CX-DEATH-04: one fewer after a downing with a failed
    /// save, one regained, up to 3, after a clean encounter: one in which
    /// none of its saves failed); XP and level stay.
    pub fn after_fight(&self, battle: &Battle, id: &CombatantId) -> Result<Self, CarryError> {
        if battle.clock.phase != nanite_core::encounter::FightPhase::Ended {
            return Err(CarryError::Refused(
                "the fight is not over: the GM ends it before it is written back (CX-TURN-08)"
                    .into(),
            ));
        }
        let mut next = self.read_back(battle, id)?;
        if let Some(c) = battle.combatants.get(id) {
            // The end of the fight regained one where no save failed
            // (`EncounterClosed`); a downing still under way with a failed
            // save counts as one that had it.
            let mut saves = c.fighter.death_saves;
            if saves.failed_this_downing {
                saves.back_up();
            }
            next.death_saves = saves.allowance;
        }
        Ok(next)
    }

    /// The state of combatant `id` of `battle` now, keeping XP and level.
    fn read_back(&self, battle: &Battle, id: &CombatantId) -> Result<Self, CarryError> {
        let c = battle
            .combatants
            .get(id)
            .ok_or_else(|| CarryError::Invalid(format!("no combatant {id} in this fight")))?;
        let mut lasting = Lasting::default();
        for e in battle.clock.effects.iter().filter(|e| &e.bearer == id) {
            match &e.payload {
                CxEffect::Injured { injury } => lasting.injuries.push(*injury),
                CxEffect::Condition(cond) if e.expiry.is_none() && !c.fighter.dead => {
                    lasting.conditions.push(LastingCondition {
                        kind: cond.kind,
                        stacks: cond.stacks,
                    });
                }
                _ => {}
            }
        }
        let mut next = read_fighter(&c.fighter, lasting);
        next.fort_failures = c.fort_failures;
        next.xp = self.xp;
        next.level = self.level;
        Ok(next)
    }

    /// Runs `commands` on this character alone (and a medic, 1 m away),
    /// out of combat, and reads both back.
    fn between(
        &self,
        sheet: &Sheet,
        pack: &Pack,
        medic: Option<(&CharacterState, &Sheet)>,
        commands: &[Command],
        dice: &mut dyn DiceSource,
    ) -> Result<(Done, Option<CharacterState>), CarryError> {
        let refused = |r: crate::encounter::Refusal| CarryError::Refused(r.to_string());
        let mut game: Game<CompoundX> = Game::new(Battle::new());
        let mut none = ScriptedDice::new(Vec::<i64>::new());
        let mut entering = vec![(ME, self.fighter(sheet, pack)?)];
        if let Some((state, medic_sheet)) = medic {
            entering.push((MEDIC, state.fighter(medic_sheet, pack)?));
        }
        for (who, fighter) in entering {
            game.execute(
                &Command::Add {
                    id: CombatantId::from(who),
                    side: "party".into(),
                    hidden: false,
                    fighter: Box::new(fighter),
                    cover: Cover::None,
                    stance: Stance::Standing,
                },
                &mut none,
            )
            .map_err(refused)?;
        }
        if medic.is_some() {
            game.execute(
                &Command::Distance {
                    a: CombatantId::from(MEDIC),
                    b: CombatantId::from(ME),
                    metres: 1,
                },
                &mut none,
            )
            .map_err(refused)?;
        }
        let mut lines = Vec::new();
        for command in commands {
            let before = game.state().clone();
            let entry = game.execute(command, dice).map_err(refused)?;
            lines.extend(narrate_all(&before, &entry.events));
        }
        let state = self.read_back(game.state(), &CombatantId::from(ME))?;
        let medic_after = match medic {
            Some((m, _)) => Some(m.read_back(game.state(), &CombatantId::from(MEDIC))?),
            None => None,
        };
        Ok((Done { state, lines }, medic_after))
    }

    /// A short (about 1 hour) or long (about 8 hours) rest (CX-HEAL-04, as
    /// the encounter's `Rest` decides it): shields and armor points full,
    /// half the nanites back (all after a long rest); a long rest ends
    /// being below par and heals a sprained ankle; conditions measured in
    /// turns pass, and buzzed and hammered in a long rest. Health comes back
    /// through Medicine only ([`CharacterState::treat`]).
    pub fn rest(&self, sheet: &Sheet, pack: &Pack, long: bool) -> Result<Done, CarryError> {
        let mut none = ScriptedDice::new(Vec::<i64>::new());
        let command = Command::Rest {
            id: CombatantId::from(ME),
            long,
        };
        Ok(self.between(sheet, pack, None, &[command], &mut none)?.0)
    }

    /// Medicine on one wound (the worst by default), by the character
    /// itself or by `medic` (CX-HEAL-02, CX-HEAL-03): out of combat, so the
    /// medic may take 50 or 100 (CX-DICE-06). The medic's medikit, if used,
    /// is the medic's to spend: the caller writes the medic's state back
    /// too: it comes back beside the patient's.
    pub fn treat(
        &self,
        sheet: &Sheet,
        pack: &Pack,
        medic: Option<(&CharacterState, &Sheet)>,
        treatment: Treatment,
        dice: &mut dyn DiceSource,
    ) -> Result<(Done, Option<CharacterState>), CarryError> {
        let who = if medic.is_some() { MEDIC } else { ME };
        let command = Command::Treat {
            id: CombatantId::from(who),
            target: CombatantId::from(ME),
            wound: treatment.wound,
            medikit: treatment.medikit,
            effort: treatment.effort,
        };
        self.between(sheet, pack, medic, &[command], dice)
    }

    /// A DC 60 Repair check on the character's own broken weapon (by its
    /// place) or plasma-dulled armor (CX-STAT-13, CX-COND-07), out of combat
    /// (taking 50 or 100 allowed, CX-DICE-06).
    pub fn repair(
        &self,
        sheet: &Sheet,
        pack: &Pack,
        weapon: Option<usize>,
        effort: Effort,
        dice: &mut dyn DiceSource,
    ) -> Result<Done, CarryError> {
        let command = Command::Repair {
            id: CombatantId::from(ME),
            target: CombatantId::from(ME),
            weapon,
            effort,
        };
        Ok(self.between(sheet, pack, None, &[command], dice)?.0)
    }

    /// Resupply: every weapon loaded and its spare magazines (grenades) and
    /// every item back to what the file carries, where fewer are left
    /// (nothing above the file's counts is taken away).
    pub fn resupply(&self, sheet: &Sheet, pack: &Pack) -> Done {
        let full = Fighter::from_sheet(sheet, pack);
        let mut state = self.clone();
        let mut lines = Vec::new();
        for (i, w) in full.weapons.iter().enumerate() {
            if let Some(c) = state.weapons.get_mut(i).filter(|c| c.id == w.id) {
                if c.loaded < w.magazine || c.spare_magazines < w.spare_magazines {
                    // A thrown weapon has no magazine: its spare count is
                    // the grenades (or knives) carried.
                    lines.push(if w.attack == crate::Attack::Thrown {
                        format!(
                            "{}: {} carried (was {})",
                            w.name,
                            w.spare_magazines.max(c.spare_magazines),
                            c.spare_magazines
                        )
                    } else {
                        format!(
                            "{}: {} loaded, {} spare (was {}, {})",
                            w.name,
                            w.magazine.max(c.loaded),
                            w.spare_magazines.max(c.spare_magazines),
                            c.loaded,
                            c.spare_magazines
                        )
                    });
                }
                c.loaded = c.loaded.max(w.magazine);
                c.spare_magazines = c.spare_magazines.max(w.spare_magazines);
            }
        }
        for item in &full.items {
            let count = state.items.entry(item.id.clone()).or_insert(0);
            if *count < item.count {
                lines.push(format!("{}: {} (was {count})", item.name, item.count));
                *count = item.count;
            }
        }
        if lines.is_empty() {
            lines.push(format!(
                "{} carries all the file's gear already",
                sheet.name
            ));
        }
        Done { state, lines }
    }

    /// Loot: `count` more of an item the file carries (by id), or spare
    /// magazines (grenades) of a weapon (by its id).
    pub fn loot(&self, sheet: &Sheet, what: &str, count: i64) -> Result<Done, CarryError> {
        if !(1..=MAX_COUNT).contains(&count) {
            return Err(CarryError::Invalid(format!(
                "loot 1 to {MAX_COUNT} at a time, not {count}"
            )));
        }
        let mut state = self.clone();
        let line;
        if let Some(w) = state.weapons.iter_mut().find(|w| w.id == what) {
            w.spare_magazines = (w.spare_magazines + count).min(MAX_COUNT);
            let thrown = sheet
                .weapons
                .iter()
                .any(|s| s.id == what && s.attack == crate::Attack::Thrown);
            line = if thrown {
                format!("+{count} {what}: {} carried", w.spare_magazines)
            } else {
                format!("+{count} {what} spare magazines: {}", w.spare_magazines)
            };
        } else if let Some(n) = state.items.get_mut(what) {
            *n = (*n + count).min(MAX_COUNT);
            line = format!("+{count} {what}: {n}");
        } else {
            let mut known: Vec<&str> = self.weapons.iter().map(|w| w.id.as_str()).collect();
            known.extend(self.items.keys().map(String::as_str));
            return Err(CarryError::Invalid(format!(
                "{} carries no '{what}'; loot adds to the gear of the file ({}); add new gear to the character file",
                sheet.name,
                known.join(", ")
            )));
        }
        Ok(Done {
            state,
            lines: vec![line],
        })
    }

    /// The GM awards `xp` experience points.
    pub fn award(&self, xp: i64) -> Result<CharacterState, CarryError> {
        let mut state = self.clone();
        state.xp = nanite_core::campaign::award_xp(self.xp, xp)?;
        Ok(state)
    }

    /// Whether the XP allows the next level: reaching level `n` takes `n`
    /// times [`XP_PER_LEVEL`] in all, and levels run to 20 (CX-LVL-07).
    pub fn may_level(&self, name: &str) -> Result<(), CarryError> {
        let next = self.level + 1;
        if next > MAX_LEVEL {
            return Err(CarryError::Refused(format!(
                "{name} is level {MAX_LEVEL}, the highest (CX-LVL-07)"
            )));
        }
        nanite_core::campaign::check_xp_for(name, self.xp, next)
    }

    /// One level up with its choices, once the XP allows it, through the
    /// level-up checks (CX-LVL-02..07): the new character file and the
    /// state at the new level. A new level's higher maximum health and
    /// nanites raise health and nanites by as much; wounds stay.
    pub fn level_up(
        &self,
        character: &Character,
        pack: &Pack,
        choices: &LevelUp,
    ) -> Result<(Character, CharacterState), CarryError> {
        self.may_level(&character.name)?;
        let leveled = crate::level_up(character, pack, choices)
            .map_err(|found| CarryError::LevelUp(found.to_string()))?;
        let before = Sheet::compute(character, pack);
        let after = Sheet::compute(&leveled, pack);
        let mut state = self.clone();
        state.level = leveled.level;
        state.max_hp = after.max_hp;
        state.hp += after.max_hp - before.max_hp;
        state.max_nanites = after.nanites;
        state.nanites = (state.nanites + after.nanites - before.nanites).clamp(0, after.nanites);
        Ok((leveled, state))
    }

    /// The GM sets one value by hand; each is checked against its range.
    pub fn correct(&self, correction: &Correction) -> Result<CharacterState, CarryError> {
        let bad = |what: String| Err(CarryError::Invalid(what));
        let mut s = self.clone();
        match correction {
            Correction::Hp(hp) => {
                if *hp > s.max_hp || *hp < -1_000_000 {
                    return bad(format!(
                        "health is at most the maximum {}, not {hp}",
                        s.max_hp
                    ));
                }
                s.hp = *hp;
            }
            Correction::Wounds(wounds) => {
                if wounds.iter().any(|w| !(1..=1_000_000).contains(w)) {
                    return bad("each wound is 1 or more damage (CX-HEAL-01)".into());
                }
                s.wounds = wounds.clone();
            }
            Correction::Nanites(n) => {
                if !(0..=s.max_nanites).contains(n) {
                    return bad(format!("nanites are 0 to {}, not {n}", s.max_nanites));
                }
                s.nanites = *n;
            }
            Correction::DeathSaves(n) => {
                if !(1..=MAX_DEATH_SAVES).contains(n) {
                    return bad(format!(
                        "death saves are 1 to {MAX_DEATH_SAVES} (CX-DEATH-04), not {n}"
                    ));
                }
                s.death_saves = *n;
            }
            Correction::FortFailures(n) => {
                if !(0..=100).contains(n) {
                    return bad(format!("failed Fort saves are 0 to 100, not {n}"));
                }
                s.fort_failures = *n;
            }
            Correction::Xp(xp) => {
                if !(0..=i64::from(u32::MAX)).contains(xp) {
                    return bad(format!("XP is 0 or more, not {xp}"));
                }
                s.xp = *xp;
            }
            Correction::Shield(n) => match s.shield.as_mut() {
                Some(sh) if (0..=sh.max).contains(n) => sh.strength = *n,
                Some(sh) => {
                    return bad(format!("the shield's strength is 0 to {}, not {n}", sh.max));
                }
                None => return bad("the character wears no shield".into()),
            },
            Correction::ArmorPoints(n) => match s.armor.as_mut() {
                Some(a) if (0..=a.full).contains(n) => a.points = *n,
                Some(a) => return bad(format!("armor points are 0 to {}, not {n}", a.full)),
                None => return bad("the character wears no armor".into()),
            },
            Correction::Weapon {
                weapon,
                loaded,
                spare_magazines,
            } => {
                let count = s.weapons.len();
                let Some(w) = s.weapons.get_mut(*weapon) else {
                    return bad(format!(
                        "there is no weapon {weapon}: the character carries {count}, numbered from 0"
                    ));
                };
                if *loaded < 0 || !(0..=MAX_COUNT).contains(spare_magazines) {
                    return bad(format!(
                        "rounds and magazines are 0 or more (at most {MAX_COUNT})"
                    ));
                }
                w.loaded = *loaded;
                w.spare_magazines = *spare_magazines;
            }
            Correction::Item { id, count } => {
                if !(0..=MAX_COUNT).contains(count) {
                    return bad(format!("a count is 0 to {MAX_COUNT}, not {count}"));
                }
                let Some(n) = s.items.get_mut(id) else {
                    let known: Vec<&str> = self.items.keys().map(String::as_str).collect();
                    return bad(format!(
                        "the character carries no item '{id}' ({}); add new gear to the file",
                        known.join(", ")
                    ));
                };
                *n = *count;
            }
            Correction::Injuries(list) => s.lasting.injuries = list.clone(),
            Correction::Conditions(list) => {
                if list.iter().any(|c| c.stacks == 0 || c.stacks > 100) {
                    return bad("a condition has 1 to 100 stacks".into());
                }
                s.lasting.conditions = list.clone();
            }
            Correction::BelowPar(on) => s.below_par = *on,
            Correction::Dead(dead) => s.dead = *dead,
        }
        Ok(s)
    }

    /// What changed from `before` to this state, in words (for logs).
    pub fn changes_from(&self, before: &CharacterState) -> Vec<String> {
        let mut out = Vec::new();
        let mut num = |what: &str, a: i64, b: i64| {
            if a != b {
                out.push(format!("{what} {a} → {b}"));
            }
        };
        num("health", before.hp, self.hp);
        num("nanites", before.nanites, self.nanites);
        num(
            "death saves",
            before.death_saves.into(),
            self.death_saves.into(),
        );
        num("XP", before.xp, self.xp);
        num("level", before.level, self.level);
        num(
            "shield",
            before.shield.as_ref().map_or(0, |s| s.strength),
            self.shield.as_ref().map_or(0, |s| s.strength),
        );
        num(
            "armor points",
            before.armor.as_ref().map_or(0, |a| a.points),
            self.armor.as_ref().map_or(0, |a| a.points),
        );
        num(
            "failed Fort saves",
            before.fort_failures,
            self.fort_failures,
        );
        for (i, w) in self.weapons.iter().enumerate() {
            if let Some(b) = before.weapons.get(i) {
                num(&format!("{} rounds", w.id), b.loaded, w.loaded);
                num(
                    &format!("{} spare", w.id),
                    b.spare_magazines,
                    w.spare_magazines,
                );
            }
        }
        for (id, n) in &self.items {
            num(id, before.items.get(id).copied().unwrap_or(0), *n);
        }
        if before.wounds != self.wounds {
            out.push(format!("wounds {:?} → {:?}", before.wounds, self.wounds));
        }
        if before.lasting != self.lasting {
            out.push(format!(
                "injuries and conditions: {} → {}",
                lasting_words(&before.lasting),
                lasting_words(&self.lasting)
            ));
        }
        if before.below_par != self.below_par {
            out.push(
                if self.below_par {
                    "below par"
                } else {
                    "no longer below par"
                }
                .into(),
            );
        }
        if before.dead != self.dead {
            out.push(if self.dead { "dead" } else { "alive" }.into());
        }
        out
    }
}

/// A treatment's choices (CX-HEAL-02/03).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Treatment {
    /// Which wound, from 0; by default the worst.
    pub wound: Option<usize>,
    /// A medikit is used (the medic's).
    pub medikit: bool,
    /// Roll, take 50 or take 100 (CX-DICE-06).
    pub effort: Effort,
}

fn lasting_words(l: &Lasting) -> String {
    let mut words: Vec<String> = l.injuries.iter().map(|i| i.key().to_string()).collect();
    words.extend(l.conditions.iter().map(|c| {
        if c.stacks > 1 {
            format!("{} ×{}", c.kind.key(), c.stacks)
        } else {
            c.kind.key().to_string()
        }
    }));
    if words.is_empty() {
        "none".into()
    } else {
        words.join(", ")
    }
}

/// A state read from a fighter.
fn read_fighter(f: &Fighter, lasting: Lasting) -> CharacterState {
    CharacterState {
        hp: f.hp,
        max_hp: f.max_hp,
        wounds: f.wounds.clone(),
        lasting,
        armor: f.armor.as_ref().map(|a| ArmorCarried {
            points: a.points_left,
            full: a.armor_points,
            apl_lowered: a.plasma_damaged,
        }),
        shield: f.shield.as_ref().map(|s| ShieldCarried {
            strength: s.strength,
            max: s.max,
        }),
        weapons: f
            .weapons
            .iter()
            .map(|w| WeaponCarried {
                id: w.id.clone(),
                loaded: w.loaded,
                spare_magazines: w.spare_magazines,
                jammed: w.jammed,
                broken: w.broken,
            })
            .collect(),
        items: f.items.iter().map(|i| (i.id.clone(), i.count)).collect(),
        nanites: f.nanites,
        max_nanites: f.max_nanites,
        death_saves: f.death_saves.allowance,
        fort_failures: 0,
        below_par: f.below_par,
        dead: f.dead,
        xp: 0,
        level: f.level,
    }
}
