//! Each combatant's state at a moment, for the status table and the JSON
//! document: health, armor, shield, ammunition, stance, cover, conditions.

use nanite_compound_x::Attack;
use nanite_compound_x::combat::{ConditionKind, Cover, DeathSaves, Fighter, Stance};
use nanite_compound_x::encounter::{Battle, CxEffect};
use nanite_core::CombatantId;
use serde::Serialize;

/// Now and at most: armor points, shield strength.
#[derive(Debug, Serialize)]
pub(super) struct Gauge {
    /// The armor's or shield's name.
    pub(super) name: String,
    /// Points or strength now.
    pub(super) now: i64,
    /// When fresh.
    pub(super) max: i64,
}

/// A condition on a combatant.
#[derive(Debug, Serialize)]
pub(super) struct ConditionStatus {
    /// Which.
    pub(super) condition: ConditionKind,
    /// How many times it is stacked (bleeding).
    pub(super) stacks: u32,
}

/// A carried weapon's state.
#[derive(Debug, Serialize)]
pub(super) struct WeaponStatus {
    /// Its number in the weapon list, from 0 (`weapon 1` in the script).
    pub(super) index: usize,
    /// Its id.
    pub(super) id: String,
    /// Its name.
    pub(super) name: String,
    /// Ranged, melee or thrown.
    pub(super) attack: Attack,
    /// Rounds loaded.
    pub(super) loaded: i64,
    /// Rounds per magazine (0: no ammunition).
    pub(super) magazine: i64,
    /// Spare magazines; for thrown weapons, how many are carried.
    pub(super) spare_magazines: i64,
    /// Jammed until cleared.
    pub(super) jammed: bool,
    /// Broken until repaired.
    pub(super) broken: bool,
}

/// One combatant at a moment.
#[derive(Debug, Serialize)]
pub(super) struct Status {
    /// Place in the turn order, from 1.
    pub(super) place: Option<usize>,
    /// Its handle.
    pub(super) id: String,
    /// Its name in the log.
    pub(super) name: String,
    /// Its side.
    pub(super) side: String,
    /// Hidden from the players.
    pub(super) hidden: bool,
    /// Its initiative total, once rolled or set.
    pub(super) initiative: Option<i64>,
    /// `up`, `downed`, `dead`, or `left` (no longer in the fight).
    pub(super) state: &'static str,
    /// Health now.
    pub(super) hp: i64,
    /// Maximum health.
    pub(super) max_hp: i64,
    /// Nanites now.
    pub(super) nanites: i64,
    /// Armor points.
    pub(super) armor: Option<Gauge>,
    /// Shield strength.
    pub(super) shield: Option<Gauge>,
    /// Its stance.
    pub(super) stance: Stance,
    /// Its usual cover.
    pub(super) cover: Cover,
    /// Its conditions.
    pub(super) conditions: Vec<ConditionStatus>,
    /// Other effects on it, by name (aimed, reloading, suppressed, ...).
    pub(super) effects: Vec<String>,
    /// Its weapons.
    pub(super) weapons: Vec<WeaponStatus>,
    /// Its death-save record (CX-DEATH-04).
    pub(super) death_saves: DeathSaves,
    /// Revives this encounter (CX-DEATH-06).
    pub(super) revives: i64,
}

fn status(battle: &Battle, id: &CombatantId) -> Option<Status> {
    let c = battle.combatants.get(id)?;
    let f: &Fighter = &c.fighter;
    let seat = battle.clock.seats.iter().find(|s| &s.id == id);
    let state = match (seat, f.dead, f.is_downed()) {
        (None, _, _) => "left",
        (_, true, _) => "dead",
        (_, _, true) => "downed",
        _ => "up",
    };
    let mut conditions = Vec::new();
    let mut effects = Vec::new();
    for e in battle.clock.effects_on(id) {
        match &e.payload {
            CxEffect::Condition(k) => conditions.push(ConditionStatus {
                condition: k.kind,
                stacks: k.stacks,
            }),
            _ => effects.push(e.name.to_string()),
        }
    }
    Some(Status {
        place: battle
            .clock
            .order
            .iter()
            .position(|o| o == id)
            .map(|p| p + 1),
        id: id.to_string(),
        name: f.name.clone(),
        side: seat.map(|s| s.side.clone()).unwrap_or_default(),
        hidden: seat.is_some_and(|s| s.hidden),
        initiative: seat.and_then(|s| s.initiative.as_ref()).map(|i| i.total),
        state,
        hp: f.hp,
        max_hp: f.max_hp,
        nanites: f.nanites,
        armor: f.armor.as_ref().map(|a| Gauge {
            name: a.name.clone(),
            now: a.points_left,
            max: a.armor_points,
        }),
        shield: f.shield.as_ref().map(|s| Gauge {
            name: s.name.clone(),
            now: s.strength,
            max: s.max,
        }),
        stance: c.stance,
        cover: c.cover,
        conditions,
        effects,
        weapons: f
            .weapons
            .iter()
            .enumerate()
            .map(|(index, w)| WeaponStatus {
                index,
                id: w.id.clone(),
                name: w.name.clone(),
                attack: w.attack,
                loaded: w.loaded,
                magazine: w.magazine,
                spare_magazines: w.spare_magazines,
                jammed: w.jammed,
                broken: w.broken,
            })
            .collect(),
        death_saves: f.death_saves,
        revives: c.revives,
    })
}

/// Everyone, in turn order first, then those without a place.
pub(super) fn statuses(battle: &Battle) -> Vec<Status> {
    let ordered = battle.clock.order.iter();
    let rest = battle
        .clock
        .seats
        .iter()
        .map(|s| &s.id)
        .chain(battle.combatants.keys())
        .filter(|id| !battle.clock.order.contains(id));
    let mut seen: Vec<&CombatantId> = Vec::new();
    ordered
        .chain(rest)
        .filter(|id| {
            let new = !seen.contains(id);
            seen.push(id);
            new
        })
        .filter_map(|id| status(battle, id))
        .collect()
}
