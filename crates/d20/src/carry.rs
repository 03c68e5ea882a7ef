//! What a D20 campaign character carries from one fight to the next
//! (docs/campaign.md): hit points, spell energy and power points, the
//! submission drains still running (D20-GRAP-05), healing kits, XP and
//! level.
//!
//! - [`CharacterState::fresh`]: rested, as its file makes it.
//! - [`CharacterState::fighter`]: the fighter an encounter starts it as.
//! - [`CharacterState::after_fight`]: what the end of a fight writes back.
//! - Between fights: [`CharacterState::rest`] (D20-REST-01) and
//!   [`CharacterState::use_kit`] (D20-REST-02), decided by the engine's own
//!   `Rest` and `UseKit` on the character alone out of combat;
//!   [`CharacterState::resupply`], [`CharacterState::loot`],
//!   [`CharacterState::award`], [`CharacterState::level_up`] and
//!   [`CharacterState::correct`].

use std::collections::BTreeMap;

use nanite_core::{CombatantId, DiceSource, Game, ScriptedDice};
use serde::{Deserialize, Serialize};

use crate::encounter::{Battle, Command, D20, D20Effect, Field, Fighter, Place, Row, narrate_all};
use crate::{Campaign, Character, Pack, validate};

pub use nanite_core::campaign::{CarryError, MAX_AWARD, XP_PER_LEVEL, xp_for_level};

/// The most kits of one kind after a loot or a correction.
pub const MAX_KITS: i64 = 1_000;

/// A submission drain still running (D20-GRAP-05).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = D20Drain))]
pub struct Drain {
    /// Points off STR and CON.
    pub points: i64,
    /// Rounds of 6 seconds left of its hour.
    pub rounds_left: u32,
}

/// What a fighter enters with instead of rested.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CarriedIn {
    /// Hit points.
    pub hp: i64,
    /// Spell energy.
    pub energy: i64,
    /// Power points.
    pub power_points: i64,
    /// Drains still running.
    pub drains: Vec<Drain>,
}

/// What a D20 campaign character carries between fights.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = D20CharacterState))]
pub struct CharacterState {
    /// Hit points (0 or less: down).
    pub hp: i64,
    /// Maximum hit points (from the sheet; shown, not carried).
    pub max_hp: i64,
    /// Spell energy left.
    pub energy: i64,
    /// Spell energy when rested.
    pub max_energy: i64,
    /// Power points left.
    pub power_points: i64,
    /// Power points when rested.
    pub max_power_points: i64,
    /// Submission drains still running.
    #[serde(default)]
    pub drains: Vec<Drain>,
    /// Healing kits by id with their counts.
    #[serde(default)]
    pub kits: BTreeMap<String, i64>,
    /// Experience points, in all.
    #[serde(default)]
    pub xp: i64,
    /// Its level (the file's).
    pub level: i64,
}

/// A between-fight command's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Done {
    /// The state after.
    pub state: CharacterState,
    /// What happened, in the engine's words.
    pub lines: Vec<String>,
}

/// A GM's correction of one value (the reason is kept by the caller).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = D20Correction))]
#[serde(tag = "field", content = "value", rename_all = "snake_case")]
pub enum Correction {
    /// Hit points (up to the maximum).
    Hp(i64),
    /// Spell energy (0 to rested).
    Energy(i64),
    /// Power points (0 to rested).
    PowerPoints(i64),
    /// XP in all.
    Xp(i64),
    /// A kit's count.
    Kit {
        /// Its id.
        id: String,
        /// How many.
        count: i64,
    },
    /// The drains still running.
    Drains(Vec<Drain>),
}

const ME: &str = "me";
const HEALER: &str = "healer";

impl CharacterState {
    /// A character rested, as its file makes it.
    pub fn fresh(character: &Character, pack: &Pack, campaign: &Campaign) -> CharacterState {
        let f = Fighter::new(character, pack, campaign);
        let max_hp = f.max_hp(campaign, &f.scores);
        CharacterState {
            hp: max_hp,
            max_hp,
            energy: f.spell_energy,
            max_energy: f.spell_energy,
            power_points: f.power_points,
            max_power_points: f.power_points,
            drains: Vec::new(),
            kits: f.kits.iter().map(|k| (k.id.clone(), k.count)).collect(),
            xp: 0,
            level: character.level,
        }
    }

    /// The fighter an encounter starts this character as.
    pub fn fighter(&self, character: &Character, pack: &Pack, campaign: &Campaign) -> Fighter {
        let mut f = Fighter::new(character, pack, campaign);
        for kit in &mut f.kits {
            if let Some(n) = self.kits.get(&kit.id) {
                kit.count = (*n).max(0);
            }
        }
        f.carried_in = Some(CarriedIn {
            hp: self.hp,
            energy: self.energy.max(0),
            power_points: self.power_points.max(0),
            drains: self.drains.clone(),
        });
        f
    }

    /// What the end of a fight (the GM ended it) writes back for `id`.
    pub fn after_fight(&self, battle: &Battle, id: &CombatantId) -> Result<Self, CarryError> {
        if battle.clock.phase != nanite_core::encounter::FightPhase::Ended {
            return Err(CarryError::Refused(
                "the fight is not over: the GM ends it before it is written back".into(),
            ));
        }
        self.read_back(battle, id)
    }

    fn read_back(&self, battle: &Battle, id: &CombatantId) -> Result<Self, CarryError> {
        let c = battle
            .combatants
            .get(id)
            .ok_or_else(|| CarryError::Invalid(format!("no combatant {id} in this fight")))?;
        let drains = battle
            .clock
            .effects
            .iter()
            .filter(|e| &e.bearer == id)
            .filter_map(|e| match e.payload {
                D20Effect::Drained { points } => Some(Drain {
                    points,
                    rounds_left: e.expiry.as_ref().map_or(1, |x| x.count),
                }),
                _ => None,
            })
            .collect();
        Ok(CharacterState {
            hp: c.hp,
            max_hp: c.fighter.max_hp(&battle.campaign, &c.fighter.scores),
            energy: c.energy,
            max_energy: c.fighter.spell_energy,
            power_points: c.power_points,
            max_power_points: c.fighter.power_points,
            drains,
            kits: c
                .fighter
                .kits
                .iter()
                .map(|k| (k.id.clone(), k.count))
                .collect(),
            xp: self.xp,
            level: self.level,
        })
    }

    /// Runs `command` with this character (and a healer) alone, out of
    /// combat.
    fn between(
        &self,
        character: &Character,
        pack: &Pack,
        campaign: &Campaign,
        healer: Option<(&CharacterState, &Character)>,
        command: &Command,
        dice: &mut dyn DiceSource,
    ) -> Result<(Done, Option<CharacterState>), CarryError> {
        let refused = |r: crate::encounter::Refusal| CarryError::Refused(r.to_string());
        let mut game: Game<D20> = Game::new(Battle::new(campaign.clone(), Field::Rows));
        let mut none = ScriptedDice::new(Vec::<i64>::new());
        let mut entering = vec![(ME, self.fighter(character, pack, campaign))];
        if let Some((state, c)) = healer {
            entering.push((HEALER, state.fighter(c, pack, campaign)));
        }
        for (who, fighter) in entering {
            game.execute(
                &Command::Add {
                    id: CombatantId::from(who),
                    side: "party".into(),
                    hidden: false,
                    fighter: Box::new(fighter),
                    place: Place::Row(Row::Front),
                },
                &mut none,
            )
            .map_err(refused)?;
        }
        let before = game.state().clone();
        let entry = game.execute(command, dice).map_err(refused)?;
        let lines = narrate_all(&before, &entry.events);
        let state = self.read_back(game.state(), &CombatantId::from(ME))?;
        let healer = match healer {
            Some((h, _)) => Some(h.read_back(game.state(), &CombatantId::from(HEALER))?),
            None => None,
        };
        Ok((Done { state, lines }, healer))
    }

    /// `periods` periods of 8 hours of rest: 1 hit point each (D20-REST-01),
    /// drains whose hour passes end (D20-GRAP-05), and (a decision: the seed
    /// names energy and power points but not how they come back) spell
    /// energy and power points are full again after a period of rest.
    pub fn rest(
        &self,
        character: &Character,
        pack: &Pack,
        campaign: &Campaign,
        periods: i64,
    ) -> Result<Done, CarryError> {
        let command = Command::Rest {
            id: CombatantId::from(ME),
            periods,
        };
        let mut none = ScriptedDice::new(Vec::<i64>::new());
        let (mut done, _) = self.between(character, pack, campaign, None, &command, &mut none)?;
        if done.state.energy < done.state.max_energy
            || done.state.power_points < done.state.max_power_points
        {
            done.lines.push(format!(
                "rested: spell energy {} and power points {} full again (decision, docs/campaign.md)",
                done.state.max_energy, done.state.max_power_points
            ));
        }
        done.state.energy = done.state.max_energy;
        done.state.power_points = done.state.max_power_points;
        Ok(done)
    }

    /// A healing kit on this character, by itself or by `healer` (whose kit
    /// is spent): an extended check, threshold 100, 1 hour a roll, restoring
    /// the character's CON score (D20-REST-02).
    #[allow(clippy::too_many_arguments)]
    pub fn use_kit(
        &self,
        character: &Character,
        pack: &Pack,
        campaign: &Campaign,
        healer: Option<(&CharacterState, &Character)>,
        kit: &str,
        max_checks: Option<u32>,
        dice: &mut dyn DiceSource,
    ) -> Result<(Done, Option<CharacterState>), CarryError> {
        let command = Command::UseKit {
            id: CombatantId::from(if healer.is_some() { HEALER } else { ME }),
            target: CombatantId::from(ME),
            kit: kit.to_string(),
            max_checks,
        };
        self.between(character, pack, campaign, healer, &command, dice)
    }

    /// Kits back to the file's counts where fewer are left.
    pub fn resupply(&self, character: &Character) -> Done {
        let mut state = self.clone();
        let mut lines = Vec::new();
        for (id, n) in &character.kits {
            let have = state.kits.entry(id.clone()).or_insert(0);
            if *have < *n {
                lines.push(format!("{id}: {n} (was {have})"));
                *have = *n;
            }
        }
        if lines.is_empty() {
            lines.push(format!(
                "{} carries all the file's kits already",
                character.name
            ));
        }
        Done { state, lines }
    }

    /// `count` more of a kit the file carries.
    pub fn loot(&self, kit: &str, count: i64) -> Result<Done, CarryError> {
        if !(1..=MAX_KITS).contains(&count) {
            return Err(CarryError::Invalid(format!(
                "loot 1 to {MAX_KITS} at a time, not {count}"
            )));
        }
        let mut state = self.clone();
        let Some(n) = state.kits.get_mut(kit) else {
            let known: Vec<&str> = self.kits.keys().map(String::as_str).collect();
            return Err(CarryError::Invalid(format!(
                "the character carries no kit '{kit}' ({}); add new gear to the character file",
                if known.is_empty() {
                    "none".into()
                } else {
                    known.join(", ")
                }
            )));
        };
        *n = (*n + count).min(MAX_KITS);
        let line = format!("+{count} {kit}: {n}");
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

    /// One level up once the XP allows it: the file at the next level,
    /// checked as `nanite d20 sheet` checks it (levels 1 to 20), and the
    /// state with the new maximum hit points' gain added.
    pub fn level_up(
        &self,
        character: &Character,
        text: &str,
        pack: &Pack,
        campaign: &Campaign,
    ) -> Result<(String, CharacterState), CarryError> {
        let next = character.level + 1;
        nanite_core::campaign::check_xp_for(&character.name, self.xp, next)?;
        let new_text = with_level(text, next)?;
        let (leveled, mut found) = Character::read(&nanite_core::content::SourceFile::new(
            character.file().unwrap_or("character.toml"),
            &new_text,
        ));
        if !found.has_errors() {
            found.extend(validate(&leveled, pack));
        }
        if found.has_errors() {
            return Err(CarryError::LevelUp(found.to_string()));
        }
        let after = CharacterState::fresh(&leveled, pack, campaign);
        let mut state = self.clone();
        state.level = next;
        state.hp += after.max_hp - self.max_hp;
        state.max_hp = after.max_hp;
        state.max_energy = after.max_energy;
        state.max_power_points = after.max_power_points;
        Ok((new_text, state))
    }

    /// The GM sets one value by hand; each is checked against its range.
    pub fn correct(&self, correction: &Correction) -> Result<CharacterState, CarryError> {
        let bad = |what: String| Err(CarryError::Invalid(what));
        let mut s = self.clone();
        match correction {
            Correction::Hp(hp) => {
                if *hp > s.max_hp || *hp < -1_000_000 {
                    return bad(format!("hit points are at most {}, not {hp}", s.max_hp));
                }
                s.hp = *hp;
            }
            Correction::Energy(n) => {
                if !(0..=s.max_energy).contains(n) {
                    return bad(format!("spell energy is 0 to {}, not {n}", s.max_energy));
                }
                s.energy = *n;
            }
            Correction::PowerPoints(n) => {
                if !(0..=s.max_power_points).contains(n) {
                    return bad(format!(
                        "power points are 0 to {}, not {n}",
                        s.max_power_points
                    ));
                }
                s.power_points = *n;
            }
            Correction::Xp(xp) => {
                if !(0..=i64::from(u32::MAX)).contains(xp) {
                    return bad(format!("XP is 0 or more, not {xp}"));
                }
                s.xp = *xp;
            }
            Correction::Kit { id, count } => {
                if !(0..=MAX_KITS).contains(count) {
                    return bad(format!("a count is 0 to {MAX_KITS}, not {count}"));
                }
                let Some(n) = s.kits.get_mut(id) else {
                    return bad(format!("the character carries no kit '{id}'"));
                };
                *n = *count;
            }
            Correction::Drains(drains) => {
                if drains
                    .iter()
                    .any(|d| !(1..=20).contains(&d.points) || d.rounds_left == 0)
                {
                    return bad("a drain is 1 to 20 points with 1 or more rounds left".into());
                }
                s.drains = drains.clone();
            }
        }
        Ok(s)
    }

    /// What changed from `before`, in words.
    pub fn changes_from(&self, before: &CharacterState) -> Vec<String> {
        let mut out = Vec::new();
        let mut num = |what: &str, a: i64, b: i64| {
            if a != b {
                out.push(format!("{what} {a} → {b}"));
            }
        };
        num("hit points", before.hp, self.hp);
        num("spell energy", before.energy, self.energy);
        num("power points", before.power_points, self.power_points);
        num("XP", before.xp, self.xp);
        num("level", before.level, self.level);
        for (id, n) in &self.kits {
            num(id, before.kits.get(id).copied().unwrap_or(0), *n);
        }
        if before.drains != self.drains {
            let sum = |d: &[Drain]| d.iter().map(|d| d.points).sum::<i64>();
            num(
                "drained STR and CON",
                sum(&before.drains),
                sum(&self.drains),
            );
        }
        out
    }
}

/// The text of a character file with its top-level `level` set to `level`.
fn with_level(text: &str, level: i64) -> Result<String, CarryError> {
    let mut out = String::with_capacity(text.len() + 4);
    let mut done = false;
    let mut in_table = false;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        if trimmed.starts_with('[') {
            in_table = true;
        }
        let key = trimmed.split('=').next().unwrap_or("").trim();
        if !done && !in_table && key == "level" && trimmed.contains('=') {
            let ending = if line.ends_with('\n') { "\n" } else { "" };
            out.push_str(&format!("level = {level}{ending}"));
            done = true;
        } else {
            out.push_str(line);
        }
    }
    if !done {
        return Err(CarryError::Invalid(
            "the character file has no top-level `level = N` line to raise".into(),
        ));
    }
    Ok(out)
}

#[cfg(test)]
mod tests;
