//! A combatant's fighting state: what the sheet says, and what changes in a
//! fight (health, armor points, shield strength, rounds, jams, stance).

use std::sync::Arc;

use nanite_dice::Expression;
use serde::{Deserialize, Serialize};

use crate::house::HouseRules;
use crate::pack::{Action, Attack, DamageType, FireMode, Pack};
use crate::sheet::{MissChances, Range, Saves, Sheet, SkillLine, Survival};
use crate::stat::Stats;

/// Cover between a target and its attacker (CX-RNG-04).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Cover {
    /// No cover: +0.
    #[default]
    None,
    /// Partial cover: +2.
    Partial,
    /// Full cover: +4.
    Full,
}

impl Cover {
    /// The miss-chance modifier (CX-RNG-04).
    pub fn modifier(self) -> i64 {
        match self {
            Cover::None => 0,
            Cover::Partial => 2,
            Cover::Full => 4,
        }
    }

    /// In plain words, for logs and pages: "no cover", "partial cover".
    pub fn words(self) -> &'static str {
        match self {
            Cover::None => "no cover",
            Cover::Partial => "partial cover",
            Cover::Full => "full cover",
        }
    }

    /// The name used in files and commands.
    pub fn key(self) -> &'static str {
        match self {
            Cover::None => "none",
            Cover::Partial => "partial",
            Cover::Full => "full",
        }
    }

    /// The cover for a name.
    pub fn parse(text: &str) -> Option<Cover> {
        [Cover::None, Cover::Partial, Cover::Full]
            .into_iter()
            .find(|c| c.key() == text)
    }
}

/// A combatant's stance (CX-MOVE-04..06).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Stance {
    /// Standing.
    #[default]
    Standing,
    /// Crouched: +1 to be hit.
    Crouched,
    /// Prone: +2 to be hit beyond 5 m or from cover; -1 to its own firearm miss chance.
    Prone,
    /// Hunkered: +2 to be hit; blind fire only.
    Hunkered,
}

impl Stance {
    /// The name used in files and commands.
    pub fn key(self) -> &'static str {
        match self {
            Stance::Standing => "standing",
            Stance::Crouched => "crouched",
            Stance::Prone => "prone",
            Stance::Hunkered => "hunkered",
        }
    }

    /// The stance for a name.
    pub fn parse(text: &str) -> Option<Stance> {
        [
            Stance::Standing,
            Stance::Crouched,
            Stance::Prone,
            Stance::Hunkered,
        ]
        .into_iter()
        .find(|s| s.key() == text)
    }
}

/// Worn armor in a fight (CX-DMG-01/02).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArmorState {
    /// Its name.
    pub name: String,
    /// Coverage percentage.
    pub coverage: i64,
    /// Armor-piercing level it stops below (lowered by plasma).
    pub apl: i64,
    /// Whether plasma has lowered its APL (at most once until repaired, CX-COND-07).
    pub plasma_damaged: bool,
    /// Armor points when fresh.
    pub armor_points: i64,
    /// Armor points left this round (refreshed at the wearer's turn start).
    pub points_left: i64,
}

/// A shield in a fight (CX-DMG-03/04).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShieldState {
    /// Its name.
    pub name: String,
    /// Full strength.
    pub max: i64,
    /// Strength now.
    pub strength: i64,
    /// Regained at the wearer's turn start while above 0.
    pub recharge_rate: i64,
    /// Turns to wait at 0.
    pub restart_turns: i64,
    /// Nanites for a fast recharge.
    pub fast_recharge_cost: i64,
    /// Turns waited so far at 0.
    pub waited: i64,
}

/// A carried weapon in a fight.
#[derive(Debug, Serialize, Deserialize)]
pub struct WeaponState {
    /// Weapon id.
    pub id: String,
    /// Weapon name.
    pub name: String,
    /// How it attacks.
    pub attack: Attack,
    /// Its damage formula (shared between copies of the fighter).
    #[serde(serialize_with = "expression_text")]
    pub damage: Arc<Expression>,
    /// Damage type.
    pub damage_type: DamageType,
    /// Non-lethal.
    pub non_lethal: bool,
    /// Armor-piercing level.
    pub apl: i64,
    /// How it is worked.
    pub action: Action,
    /// Range brackets (shared between copies of the fighter).
    #[serde(serialize_with = "shared")]
    pub brackets: Arc<Vec<Range>>,
    /// Aimed miss chances by mode and bracket (from the sheet; shared).
    #[serde(serialize_with = "shared")]
    pub aimed: Arc<MissChances>,
    /// Hip-fire miss chances (firearms; shared).
    #[serde(serialize_with = "shared_option")]
    pub hip: Option<Arc<MissChances>>,
    /// Blind-fire miss chances (firearms; shared).
    #[serde(serialize_with = "shared_option")]
    pub blind: Option<Arc<MissChances>>,
    /// The lowest d10 face that crits (11: none).
    pub crit_from: u32,
    /// Whether an optical attachment is fitted (no bonus from it in hip fire, CX-RNG-05).
    pub optical: bool,
    /// Minimum distance (forced hip fire inside).
    pub min_distance: Option<i64>,
    /// Rounds per magazine (0: no ammunition).
    pub magazine: i64,
    /// Rounds loaded.
    pub loaded: i64,
    /// Spare magazines.
    pub spare_magazines: i64,
    /// Rounds per burst.
    pub burst_rounds: i64,
    /// Rounds per automatic action.
    pub auto_rounds: i64,
    /// Jammed until cleared (CX-RNG-08).
    pub jammed: bool,
    /// Reload DC.
    pub reload_dc: Option<i64>,
    /// Reload actions: standard, critical, failed (CX-RNG-13).
    pub reload_actions: Option<crate::sheet::ReloadActions>,
    /// Points in its weapon skill.
    pub skill_points: i64,
    /// Its weapon skill id.
    pub skill: String,
    /// Actions one shot costs (CX-TURN-07: 2 for pump and bolt actions).
    pub shot_actions: i64,
    /// Broken until repaired (Black Cat 1-2, CX-STAT-13).
    pub broken: bool,
    /// The suppression it can lay down (CX-SUP).
    pub suppression: Option<crate::pack::Suppression>,
    /// Blast radius in metres (grenades, rockets).
    pub blast_radius: Option<i64>,
    /// Skill points needed to use it (grenades: Explosives 6, CX-RNG-15).
    pub min_skill: Option<i64>,
    /// Modifier of Reflex saves against it (grenades -10, CX-RNG-15).
    pub reflex_modifier: i64,
}

clone_in_place!(WeaponState {
    id,
    name,
    attack,
    damage,
    damage_type,
    non_lethal,
    apl,
    action,
    brackets,
    aimed,
    hip,
    blind,
    crit_from,
    optical,
    min_distance,
    magazine,
    loaded,
    spare_magazines,
    burst_rounds,
    auto_rounds,
    jammed,
    reload_dc,
    reload_actions,
    skill_points,
    skill,
    shot_actions,
    broken,
    suppression,
    blast_radius,
    min_skill,
    reflex_modifier,
});

/// Serializes what an `Arc` shares as the value itself.
fn shared<S: serde::Serializer, T: Serialize>(value: &Arc<T>, s: S) -> Result<S::Ok, S::Error> {
    T::serialize(value, s)
}

/// Serializes what an optional `Arc` shares as the value itself.
fn shared_option<S: serde::Serializer, T: Serialize>(
    value: &Option<Arc<T>>,
    s: S,
) -> Result<S::Ok, S::Error> {
    value.as_deref().serialize(s)
}

fn expression_text<S: serde::Serializer>(e: &Arc<Expression>, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(e.text())
}

impl WeaponState {
    /// Rounds one shot in `mode` uses (CX-RNG-12).
    pub fn rounds_for(&self, mode: FireMode) -> i64 {
        if self.magazine == 0 {
            return 0;
        }
        match mode {
            FireMode::Semi => 1,
            FireMode::Burst => self.burst_rounds,
            FireMode::Auto => self.auto_rounds,
        }
    }

    /// Whether it has `mode`.
    pub fn has_mode(&self, mode: FireMode) -> bool {
        self.aimed.row(mode).is_some()
    }

    /// The bracket that holds `distance` metres, if in range.
    pub fn bracket(&self, distance: i64) -> Option<usize> {
        self.brackets
            .iter()
            .position(|b| (b.from..=b.to).contains(&distance))
    }
}

/// One combatant's fighting state.
#[derive(Debug, Serialize, Deserialize)]
pub struct Fighter {
    /// Its name.
    pub name: String,
    /// Stats after every bonus.
    pub stats: Stats,
    /// Maximum health.
    pub max_hp: i64,
    /// Health now (0 or below: downed).
    pub hp: i64,
    /// Nanites now.
    pub nanites: i64,
    /// Shock save modifier.
    pub shock_save: i64,
    /// Initiative modifier.
    pub initiative: i64,
    /// Worn armor.
    pub armor: Option<ArmorState>,
    /// Worn shield.
    pub shield: Option<ShieldState>,
    /// Carried weapons.
    pub weapons: Vec<WeaponState>,
    /// Its death-save record (CX-DEATH-04).
    pub death_saves: super::DeathSaves,
    /// Dead.
    pub dead: bool,
    /// Skill lines, for checks in a fight. Shared between copies of the
    /// fighter (a decision copies the whole battle; a fight changes skill
    /// lines only on a rest), so a copy does not copy every line.
    #[serde(serialize_with = "shared")]
    pub skills: Arc<Vec<SkillLine>>,
    /// Saving throws.
    pub saves: Saves,
    /// Downed rules, revives, shock wake turns.
    pub survival: Survival,
    /// LUCK 1: the Black Cat table at the start of each combat (CX-STAT-13).
    pub black_cat: bool,
    /// The house rules of its sheet.
    pub house_rules: HouseRules,
    /// Its level.
    pub level: i64,
    /// Metres per 2 actions by stance and sprint (CX-MOVE-01..05).
    pub movement: crate::sheet::Movement,
    /// Jump distances (CX-MOVE-03).
    pub jumps: crate::sheet::Jumps,
    /// MELEE_GUARD numbers, when that house rule is on (CX-HOUSE-04).
    pub melee_guard: Option<crate::sheet::MeleeGuard>,
    /// Melee accuracy from effects (feats, class, race, gear), added to the
    /// best melee combat bonus of a blow with the fists before truncation
    /// (CX-STAT-04, CX-STAT-05); weapon rows have it already.
    #[serde(default, skip_serializing_if = "crate::accuracy::Tenths::is_zero")]
    pub melee_accuracy: crate::accuracy::Tenths,
    /// The lowest accuracy-d10 face that crits a blow, or a shot of a
    /// non-automatic weapon (CX-RNG-07; 11: none).
    pub crit_from: u32,
    /// Its class's name.
    pub class: String,
    /// Its cloaking module's figures, if it wears one (CX-CLOAK).
    pub cloak: Option<crate::sheet::CloakSheet>,
    /// Its spells, if its class casts (CX-SPELL).
    pub spellbook: Option<super::Spellbook>,
    /// Its wounds, each hit's damage to health kept apart (CX-HEAL-01).
    pub wounds: Vec<i64>,
    /// Carried items with their counts (medikits, bags, kits).
    pub items: Vec<crate::sheet::ItemLine>,
    /// Nanites when full (restored by rest).
    pub max_nanites: i64,
    /// Its class counts as a medic for medikits (CX-HEAL-03).
    pub class_medic: bool,
    /// Below par after a night without a long rest: -10 on every skill
    /// check until the next long rest (CX-HEAL-04).
    pub below_par: bool,
    /// The injuries and conditions it brings from earlier fights (a
    /// campaign character's carried state, `crate::carry`): put on the
    /// encounter's clock as it enters, then kept there.
    #[serde(default, skip_serializing_if = "crate::carry::Lasting::is_empty")]
    pub carried_in: crate::carry::Lasting,
}

clone_in_place!(Fighter {
    name,
    stats,
    max_hp,
    hp,
    nanites,
    shock_save,
    initiative,
    armor,
    shield,
    weapons,
    death_saves,
    dead,
    skills,
    saves,
    survival,
    black_cat,
    house_rules,
    level,
    movement,
    jumps,
    melee_guard,
    melee_accuracy,
    crit_from,
    class,
    cloak,
    spellbook,
    wounds,
    items,
    max_nanites,
    class_medic,
    below_par,
    carried_in,
});

impl Fighter {
    /// How many of the items of `kind` it carries.
    pub fn count(&self, kind: crate::pack::ItemKind) -> i64 {
        self.items
            .iter()
            .filter(|i| i.kind == kind)
            .map(|i| i.count)
            .sum()
    }

    /// Uses one item of `kind` (the first line that has one).
    pub fn use_one(&mut self, kind: crate::pack::ItemKind) {
        if let Some(item) = self
            .items
            .iter_mut()
            .find(|i| i.kind == kind && i.count > 0)
        {
            item.count -= 1;
        }
    }

    /// Records the health damage of one hit as a wound (CX-HEAL-01).
    pub fn wound(&mut self, damage: i64) {
        if damage > 0 {
            self.wounds.push(damage);
        }
    }

    /// Closes `amount` of its wounds, the worst first: healing that does not
    /// treat one wound (a spell's) still leaves fewer wounds (CX-HEAL-01).
    pub fn close_wounds(&mut self, amount: i64) {
        let mut left = amount;
        while left > 0 {
            let Some((i, _)) = self
                .wounds
                .iter()
                .enumerate()
                .max_by_key(|(i, w)| (**w, std::cmp::Reverse(*i)))
            else {
                break;
            };
            let closed = left.min(self.wounds[i]);
            self.wounds[i] -= closed;
            left -= closed;
            if self.wounds[i] <= 0 {
                self.wounds.remove(i);
            }
        }
    }

    /// A medic: Medicine-proficient (10 points or more, CX-DICE-08) or of a
    /// class that counts as one (CX-HEAL-03).
    pub fn is_medic(&self) -> bool {
        self.class_medic || self.skill("medicine").is_some_and(|s| s.proficient)
    }
}

impl Fighter {
    /// Downed: below 1 health and not dead (CX-DEATH-01).
    pub fn is_downed(&self) -> bool {
        self.hp < 1 && !self.dead
    }

    /// Its skills' ids, as commands name them: `awareness, search`.
    pub fn skill_ids(&self) -> String {
        let ids: Vec<&str> = self.skills.iter().map(|s| s.id.as_str()).collect();
        ids.join(", ")
    }

    /// Its skill line for `id`.
    pub fn skill(&self, id: &str) -> Option<&SkillLine> {
        self.skills.iter().find(|s| s.id == id)
    }
}

impl Fighter {
    /// The fighter a computed sheet describes, at full health.
    pub fn from_sheet(sheet: &Sheet, pack: &Pack) -> Fighter {
        let weapons = sheet
            .weapons
            .iter()
            .filter_map(|w| {
                let weapon = pack.weapons.get(&w.id)?;
                Some(WeaponState {
                    id: w.id.clone(),
                    name: w.name.clone(),
                    attack: w.attack,
                    damage: Arc::new(weapon.damage.expression().clone()),
                    damage_type: w.damage_type,
                    non_lethal: w.non_lethal,
                    apl: w.apl,
                    action: w.action,
                    brackets: Arc::new(w.brackets.clone()),
                    aimed: Arc::new(w.miss_chances.clone()),
                    hip: w.hip_fire.clone().map(Arc::new),
                    blind: w.blind_fire.clone().map(Arc::new),
                    crit_from: w.crit_faces.first().map_or(11, |f| *f as u32),
                    optical: !w.optics.is_empty(),
                    min_distance: w.min_distance,
                    magazine: w.magazine,
                    loaded: w.magazine,
                    spare_magazines: w.spare_magazines,
                    burst_rounds: w.rounds.get("burst").copied().unwrap_or(0),
                    auto_rounds: w.rounds.get("auto").copied().unwrap_or(0),
                    jammed: false,
                    reload_dc: w.reload_dc,
                    reload_actions: w.reload_actions,
                    skill_points: w.skill_points,
                    skill: w.skill.clone(),
                    shot_actions: w.shot_actions,
                    broken: false,
                    suppression: w.suppression,
                    blast_radius: weapon.blast_radius,
                    min_skill: weapon.min_skill,
                    reflex_modifier: w.reflex_modifier,
                })
            })
            .collect();
        Fighter {
            name: sheet.name.clone(),
            stats: sheet.stats,
            max_hp: sheet.max_hp,
            hp: sheet.max_hp,
            nanites: sheet.nanites,
            shock_save: sheet.saves.shock,
            initiative: sheet.initiative,
            armor: sheet.armor.as_ref().map(|a| ArmorState {
                name: a.name.clone(),
                coverage: a.coverage,
                apl: a.apl,
                plasma_damaged: false,
                armor_points: a.armor_points,
                points_left: a.armor_points,
            }),
            shield: sheet.shield.as_ref().map(|s| ShieldState {
                name: s.name.clone(),
                max: s.strength,
                strength: s.strength,
                recharge_rate: s.recharge_rate,
                restart_turns: s.restart_turns,
                fast_recharge_cost: s.fast_recharge_cost,
                waited: 0,
            }),
            weapons,
            // The allowance the character carries from earlier fights
            // (CX-DEATH-04).
            death_saves: super::DeathSaves {
                allowance: sheet
                    .survival
                    .death_saves
                    .and_then(|n| u32::try_from(n).ok())
                    .unwrap_or(super::MAX_DEATH_SAVES),
                ..super::DeathSaves::default()
            },
            dead: false,
            skills: Arc::new(sheet.skills.clone()),
            saves: sheet.saves,
            survival: sheet.survival.clone(),
            black_cat: sheet.black_cat,
            house_rules: sheet.house_rules,
            level: sheet.level,
            movement: sheet.movement.clone(),
            jumps: sheet.jumps.clone(),
            melee_guard: sheet.melee_guard.clone(),
            melee_accuracy: sheet.melee_accuracy,
            crit_from: sheet.crit_faces.first().map_or(11, |f| *f as u32),
            class: sheet.class.name.clone(),
            cloak: sheet.cloak.clone(),
            spellbook: super::Spellbook::from_sheet(sheet, pack),
            wounds: Vec::new(),
            items: sheet.items.clone(),
            max_nanites: sheet.nanites,
            class_medic: pack.classes.get(&sheet.class.id).is_some_and(|c| c.medic),
            below_par: false,
            carried_in: crate::carry::Lasting::default(),
        }
    }
}

impl Fighter {
    /// Applies a decided strike: shield, armor points, APL, health. Health
    /// below 1 downs the fighter at 0 the first time; damage while down goes
    /// negative (CX-DEATH-01). Non-lethal damage stops at 0.
    pub fn take(&mut self, strike: &super::damage::Strike) {
        if let Some(shield) = &mut self.shield {
            shield.strength = (shield.strength - strike.shield).max(0);
        }
        if let Some(armor) = &mut self.armor {
            armor.points_left = (armor.points_left - strike.armor_points).max(0);
            if strike.apl_lowered && !armor.plasma_damaged {
                armor.plasma_damaged = true;
                armor.apl = (armor.apl - 1).max(0);
            }
        }
        self.wound(strike.health);
        let after = self.hp.saturating_sub(strike.health);
        self.hp = if strike.non_lethal {
            after.max(0)
        } else if self.hp >= 1 && after < 1 {
            0
        } else {
            after
        };
    }

    /// Spends the rounds of a shot and records a jam.
    pub fn fired(&mut self, weapon: usize, rounds: i64, jammed: bool) {
        if let Some(w) = self.weapons.get_mut(weapon) {
            w.loaded = (w.loaded - rounds).max(0);
            w.jammed |= jammed;
        }
    }
}
