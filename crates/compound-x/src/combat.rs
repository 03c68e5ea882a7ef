//! Compound X combat resolution: fighters, shots, damage.
//!
//! These functions decide; they change nothing. The encounter turns their
//! results into events and applies them, so the same numbers are shown, logged
//! and replayed.

mod attack;
mod black_cat;
mod conditions;
mod damage;
mod death;
mod dice;
mod fighter;
mod spellbook;

pub(crate) use attack::miss_chances;
pub use attack::{
    Aim, AimNumbers, CRITICAL_DAMAGE, Fire, PRONE_CLOSE, STEALTH_DAMAGE, Shot, ShotRefusal,
    aim_numbers, check_shot, explain_strike, shoot, shoot_unseen,
};
pub use black_cat::{BREAKDOWN_WILL_DC, BlackCat, REPAIR_DC, TRIP_ACTIONS, TRIP_DAMAGE};
pub use conditions::{Condition, ConditionKind, MACHINE_SKILLS, Tick, tick};
pub use damage::{ArmorHit, Blow, SHOCK_THRESHOLD, ShockSave, Strike, strike, strike_with};
pub use death::{DEATH_SAVE_DC, DeathSaveOutcome, DeathSaves, MAX_DEATH_SAVES, revives_allowed};
/// A d10 asked with its purpose.
pub use dice::d10 as d10_for;
/// A d100 read from two d10 (CX-DICE-01), asked with its purpose.
pub use dice::d100 as d100_for;
pub use fighter::{ArmorState, Cover, Fighter, ShieldState, Stance, WeaponState};
pub use spellbook::{KnownSpell, Spellbook};
