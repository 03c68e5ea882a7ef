//! What happened in a Compound X fight, and how each fact changes the battle.
//! Events carry their dice and breakdowns; applying them never rolls.

use nanite_core::{Breakdown, ClockEvent, CombatantId};
use serde::{Deserialize, Serialize};

use super::{Battle, CxEffect, pair};
use crate::check::CheckResult;
use crate::combat::{BlackCat, Cover, DeathSaveOutcome, Fighter, Shot, Stance, Strike, Tick};
use crate::pack::FireMode;

mod clock;
mod contact;
mod dying;
mod field;
mod gear;
mod harm;

/// A fact of the fight.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// Initiative, turns, actions, reactions, effects.
    Clock(ClockEvent<CxEffect>),
    /// A combatant entered with its fighting state.
    Entered {
        /// Its handle.
        id: CombatantId,
        /// Its fighting state.
        fighter: Box<Fighter>,
        /// Its cover.
        cover: Cover,
        /// Its stance.
        stance: Stance,
    },
    /// The GM set a distance.
    DistanceSet {
        /// One.
        a: CombatantId,
        /// The other.
        b: CombatantId,
        /// Metres.
        metres: i64,
    },
    /// Cover or stance changed.
    Positioned {
        /// Who.
        id: CombatantId,
        /// New cover.
        cover: Option<Cover>,
        /// New stance.
        stance: Option<Stance>,
    },
    /// The Black Cat table at the start of combat (CX-STAT-13).
    BlackCat {
        /// Who.
        id: CombatantId,
        /// The d10.
        die: u32,
        /// The row.
        row: BlackCat,
    },
    /// A weapon broke (Black Cat 1-2).
    WeaponBroken {
        /// Whose.
        id: CombatantId,
        /// Which.
        weapon: usize,
    },
    /// A shot was fired.
    Shot {
        /// The shooter.
        attacker: CombatantId,
        /// The target.
        target: CombatantId,
        /// The weapon.
        weapon: usize,
        /// The mode.
        mode: FireMode,
        /// The numbers and dice.
        shot: Box<Shot>,
        /// The itemised explanation.
        breakdown: Breakdown,
    },
    /// Damage from outside a shot (a hazard, a trip), through shields and armor.
    Struck {
        /// Who.
        target: CombatantId,
        /// What the damage did.
        strike: Strike,
        /// The itemised explanation.
        breakdown: Breakdown,
    },
    /// A condition dealt its damage at the start of the bearer's turn.
    Ticked {
        /// Who.
        id: CombatantId,
        /// The dice and damage.
        tick: Tick,
    },
    /// A check was made (a save, a skill check, clearing a jam).
    Checked {
        /// Who.
        id: CombatantId,
        /// What for.
        what: String,
        /// The result, with its breakdown.
        result: CheckResult,
    },
    /// A weapon was reloaded: a full magazine, one spare fewer (CX-RNG-12).
    Reloaded {
        /// Whose.
        id: CombatantId,
        /// Which weapon.
        weapon: usize,
    },
    /// The shield's fast recharge was paid (CX-DMG-04).
    FastRecharged {
        /// Whose.
        id: CombatantId,
        /// Nanites paid.
        cost: i64,
        /// Strength now.
        strength: i64,
    },
    /// A combatant moved (CX-MOVE-01, CX-MOVE-02).
    Moved {
        /// Who.
        id: CombatantId,
        /// Metres.
        metres: i64,
        /// Sprinting.
        sprint: bool,
        /// Actions it took.
        actions: u32,
        /// Its cover where it ended up, if it changed.
        cover: Option<Cover>,
    },
    /// The GM laid down the battle map or replaced its ground and walls.
    Mapped {
        /// Size, grid and walls.
        layout: Box<super::Layout>,
    },
    /// The GM placed a combatant on the map.
    Placed {
        /// Who.
        id: CombatantId,
        /// Where.
        at: super::Point,
    },
    /// A combatant walked a path on the map (after its `Moved`, which
    /// counts the metres and actions).
    Walked {
        /// Who.
        id: CombatantId,
        /// The corners of its path, from where it stood to where it stands.
        path: Vec<super::Point>,
    },
    /// An area on the map: a suppressed area laid down (its `Suppressing`
    /// follows), held until the suppressor's next turn, or where a grenade
    /// landed and its blast (its `Grenade` follows).
    Area {
        /// The suppressor or the thrower.
        by: CombatantId,
        /// Its centre.
        at: super::Point,
        /// Its radius in metres.
        radius: i64,
        /// A grenade's blast rather than suppression.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        blast: bool,
    },
    /// A door was opened or closed.
    DoorSet {
        /// The door's place in the map's walls.
        door: usize,
        /// Open now.
        open: bool,
        /// Who did it (none: the GM).
        by: Option<CombatantId>,
    },
    /// The GM added a wall to the map (at the end of its walls).
    WallAdded {
        /// The wall.
        wall: super::Wall,
    },
    /// The GM took a wall off the map.
    WallRemoved {
        /// Its place in the map's walls, before.
        index: usize,
        /// The wall taken off.
        wall: super::Wall,
    },
    /// Two combatants are locked in melee (CX-MOVE-08).
    Engaged {
        /// One.
        a: CombatantId,
        /// The other.
        b: CombatantId,
    },
    /// Two combatants are no longer locked in melee.
    Disengaged {
        /// One.
        a: CombatantId,
        /// The other.
        b: CombatantId,
    },
    /// A melee attack (CX-MELEE).
    Melee {
        /// The attacker.
        attacker: CombatantId,
        /// The target.
        target: CombatantId,
        /// The weapon (none: unarmed).
        weapon: Option<usize>,
        /// The numbers and dice.
        swing: Box<super::Swing>,
        /// The itemised explanation.
        breakdown: Breakdown,
    },
    /// A grapple began (CX-MELEE-03).
    GrappleBegan {
        /// Who grabbed.
        grappler: CombatantId,
        /// Who was grabbed.
        grappled: CombatantId,
    },
    /// Control of a grapple was decided by opposed checks.
    GrappleControl {
        /// Who has control.
        controller: CombatantId,
        /// The checks.
        breakdown: Breakdown,
    },
    /// A grapple ended.
    GrappleEnded {
        /// One.
        a: CombatantId,
        /// The other.
        b: CombatantId,
        /// Why.
        why: String,
    },
    /// Suppressive fire laid down (CX-SUP-01..04).
    Suppressing {
        /// The suppressor.
        id: CombatantId,
        /// The primary target.
        target: CombatantId,
        /// The weapon.
        weapon: usize,
        /// The level.
        level: crate::pack::Suppression,
        /// Rounds spent.
        rounds: i64,
        /// Who is suppressed.
        suppressed: Vec<CombatantId>,
        /// Who the suppressor cannot hit at all, so is not suppressed (CX-SUP-05).
        unhittable: Vec<CombatantId>,
    },
    /// A suppressor's reaction on a target moving into the open (CX-SUP-02..05).
    SuppressionFire {
        /// The suppressor.
        by: CombatantId,
        /// The target.
        target: CombatantId,
        /// The hit.
        hit: Box<super::SuppressionHit>,
        /// The itemised explanation.
        breakdown: Breakdown,
    },
    /// A thrown weapon or grenade left the thrower's hand (one fewer carried).
    ThrownAway {
        /// Who.
        id: CombatantId,
        /// Which weapon.
        weapon: usize,
    },
    /// A grenade landed (CX-RNG-15); each one caught takes a `Struck`.
    Grenade {
        /// The thrower.
        id: CombatantId,
        /// The aimed-at target.
        target: CombatantId,
        /// The grenade.
        weapon: usize,
        /// Metres off target.
        scatter: i64,
        /// Who the blast caught.
        caught: Vec<CombatantId>,
        /// The itemised explanation.
        breakdown: Breakdown,
    },
    /// An item was used up (a medikit, a kit).
    ItemUsed {
        /// Whose.
        id: CombatantId,
        /// What kind.
        kind: crate::pack::ItemKind,
    },
    /// A wound was healed (CX-HEAL-02).
    WoundHealed {
        /// Who.
        id: CombatantId,
        /// Which wound.
        wound: usize,
        /// Health restored.
        amount: i64,
    },
    /// A rest out of combat (CX-HEAL-04): shields full, armor points
    /// refreshed, nanites back (half the maximum after a short rest, all
    /// after a long one); a long rest ends being below par.
    Rested {
        /// Who.
        id: CombatantId,
        /// A long rest.
        long: bool,
        /// Nanites after it.
        nanites: i64,
        /// Shield strength after it, if it wears one.
        shield: Option<i64>,
        /// Armor points after it, if it wears armor.
        armor_points: Option<i64>,
        /// The itemised explanation.
        breakdown: Breakdown,
    },
    /// A night without a long rest: below par until the next one (CX-HEAL-04).
    StayedUp {
        /// Who.
        id: CombatantId,
    },
    /// A fall (CX-HEAL-05).
    Fell {
        /// Who.
        id: CombatantId,
        /// Metres.
        metres: i64,
        /// The Acrobatics check, when one was needed.
        check: Option<CheckResult>,
        /// Damage to health.
        damage: i64,
        /// The injury, on a failure.
        injury: Option<super::Injury>,
    },
    /// Gear was repaired: a broken weapon works again, or armor has its APL
    /// back (CX-STAT-13, CX-COND-07).
    Repaired {
        /// Whose gear.
        id: CombatantId,
        /// The weapon; none: the armor.
        weapon: Option<usize>,
    },
    /// A jam was cleared.
    JamCleared {
        /// Whose.
        id: CombatantId,
        /// Which weapon.
        weapon: usize,
    },
    /// Health fell below 1: downed and bleeding out (CX-DEATH-01, CX-DEATH-02).
    Downed {
        /// Who.
        id: CombatantId,
    },
    /// A death saving throw (CX-DEATH-03, CX-DEATH-04).
    DeathSave {
        /// Who.
        id: CombatantId,
        /// The d100.
        die: u32,
        /// What it meant.
        outcome: DeathSaveOutcome,
    },
    /// FORT_DOWNED: a Fort save while downed (CX-HOUSE-05).
    FortSave {
        /// Who.
        id: CombatantId,
        /// The check.
        result: CheckResult,
    },
    /// Death.
    Died {
        /// Who.
        id: CombatantId,
        /// Why.
        why: String,
    },
    /// Stabilized: 1 HP, no longer downed (CX-DEATH-05).
    Stabilized {
        /// The medic.
        by: CombatantId,
        /// The patient.
        id: CombatantId,
        /// Whether it counts against the revives of the encounter (CX-DEATH-06/07).
        counts: bool,
    },
    /// A kit was spent on stabilizing a target: +20 this round (CX-DEATH-08).
    KitSpent {
        /// The patient.
        id: CombatantId,
        /// The round.
        round: u32,
    },
    /// Armor points refreshed at the wearer's turn start (CX-DMG-02).
    ArmorRefreshed {
        /// Whose.
        id: CombatantId,
        /// Points now.
        points: i64,
    },
    /// The shield at the wearer's turn start (CX-DMG-04).
    ShieldTurn {
        /// Whose.
        id: CombatantId,
        /// Strength now.
        strength: i64,
        /// Turns waited at 0 now.
        waited: i64,
        /// What happened, in words.
        what: String,
    },
    /// A try at saving against a condition this round (CX-TURN-06).
    SaveTried {
        /// Who.
        id: CombatantId,
        /// Which condition.
        condition: crate::combat::ConditionKind,
        /// The round.
        round: u32,
    },
    /// The fight is over: death saves regained, revives reset (CX-DEATH-04).
    EncounterClosed,
    /// Undetected by these combatants (CX-RNG-09/10, CX-CLOAK-03).
    Concealed {
        /// Who.
        id: CombatantId,
        /// By whom it is now undetected.
        from: Vec<CombatantId>,
        /// The DC a search must beat while it is not cloaked, if set.
        dc: Option<i64>,
        /// Why.
        why: String,
    },
    /// Detected by these combatants.
    Detected {
        /// Who.
        id: CombatantId,
        /// By whom.
        by: Vec<CombatantId>,
        /// Why.
        why: String,
    },
    /// A search or glance for an undetected combatant (CX-CLOAK-03).
    Searched {
        /// The searcher.
        searcher: CombatantId,
        /// Whom it looked for.
        target: CombatantId,
        /// A free glance (Awareness) rather than a search.
        glance: bool,
        /// The round.
        round: u32,
        /// The check, with its breakdown.
        result: CheckResult,
    },
    /// Moved or used a skill: the cloak's upkeep and Moving Detect DC
    /// (CX-CLOAK-01, CX-CLOAK-03).
    Stirred {
        /// Who.
        id: CombatantId,
        /// It moved (not only used a skill).
        moved: bool,
        /// What it did.
        why: String,
    },
    /// A cloak switched on (CX-CLOAK-01/02).
    Cloaked {
        /// The wearer.
        id: CombatantId,
        /// Nanites paid.
        cost: i64,
        /// Turns it lasts after this one.
        turns: i64,
        /// The itemised explanation.
        breakdown: Breakdown,
    },
    /// A cloak's turn start: upkeep paid or waived (CX-CLOAK-01).
    CloakUpkeep {
        /// The wearer.
        id: CombatantId,
        /// Nanites paid.
        cost: i64,
        /// Which of its turns begins.
        turn: i64,
        /// The itemised explanation.
        breakdown: Breakdown,
    },
    /// A cloak ended (CX-CLOAK-02/03).
    Uncloaked {
        /// The wearer.
        id: CombatantId,
        /// Why.
        why: String,
        /// Actions before it can cloak again.
        charge_delay: u32,
    },
    /// A spell was cast (CX-SPELL-01..03); its effects follow as their own
    /// events.
    SpellCast {
        /// The caster.
        caster: CombatantId,
        /// The target.
        target: CombatantId,
        /// The spell id.
        spell: String,
        /// Nanites spent.
        nanites: i64,
        /// Whether the casting check succeeded.
        success: bool,
        /// The target's save, if it made one (boxed: the rest of the
        /// events are smaller, and all are moved often).
        save: Option<Box<super::SpellSave>>,
        /// The itemised explanation.
        breakdown: Breakdown,
    },
    /// Health restored (a spell).
    Healed {
        /// Who.
        id: CombatantId,
        /// Health regained.
        amount: i64,
        /// The itemised explanation.
        breakdown: Breakdown,
    },
}

/// Applies one event to the battle: each kind of fact goes to the rule it
/// belongs to.
pub(crate) fn evolve(state: &mut Battle, event: &Event) {
    match event {
        Event::Clock(e) => clock::ticked(state, e),
        Event::Moved {
            id,
            sprint,
            actions,
            cover,
            ..
        } => field::moved(state, id, *sprint, *actions, *cover),
        Event::Mapped { layout } => field::mapped(state, layout),
        Event::WallAdded { wall } => field::wall_added(state, wall),
        Event::WallRemoved { index, .. } => field::wall_removed(state, *index),
        Event::Placed { id, at } => field::placed(state, id, *at),
        Event::Walked { id, path } => field::walked(state, id, path),
        Event::Area {
            by,
            at,
            radius,
            blast: false,
        } => field::suppressed_area(state, by, *at, *radius),
        Event::Area { blast: true, .. } => {}
        Event::DoorSet { door, open, .. } => field::door_set(state, *door, *open),
        Event::Engaged { a, b } => contact::engaged(state, a, b),
        Event::Disengaged { a, b } => {
            state.engaged.remove(&pair(a, b));
        }
        Event::Melee { target, swing, .. } => harm::struck(state, target, swing.strike.as_ref()),
        Event::GrappleBegan { grappler, grappled } => {
            contact::grapple_began(state, grappler, grappled)
        }
        Event::GrappleControl { controller, .. } => contact::grapple_controlled(state, controller),
        Event::GrappleEnded { a, .. } => state.grapples.retain(|g| !g.involves(a)),
        Event::Suppressing {
            id,
            weapon,
            rounds,
            suppressed,
            ..
        } => harm::suppressing(state, id, *weapon, *rounds, suppressed),
        Event::SuppressionFire {
            by, target, hit, ..
        } => harm::suppression_fire(state, by, target, hit),
        Event::ThrownAway { id, weapon } => gear::thrown_away(state, id, *weapon),
        Event::Grenade { .. } => {}
        Event::Entered {
            id,
            fighter,
            cover,
            stance,
        } => field::entered(state, id, fighter, *cover, *stance),
        Event::DistanceSet { a, b, metres } => {
            state.distances.insert(a, b, *metres);
        }
        Event::Positioned { id, cover, stance } => field::positioned(state, id, *cover, *stance),
        Event::BlackCat { .. } | Event::Checked { .. } => {}
        Event::WeaponBroken { id, weapon } => gear::weapon_broken(state, id, *weapon),
        Event::Shot {
            attacker,
            target,
            weapon,
            shot,
            ..
        } => harm::shot(state, attacker, target, *weapon, shot),
        Event::Struck { target, strike, .. } => harm::struck(state, target, Some(strike)),
        Event::Ticked { id, tick } => harm::ticked(state, id, tick),
        Event::Reloaded { id, weapon } => gear::reloaded(state, id, *weapon),
        Event::FastRecharged { id, cost, strength } => {
            gear::fast_recharged(state, id, *cost, *strength)
        }
        Event::ItemUsed { id, kind } => gear::item_used(state, id, *kind),
        Event::WoundHealed { .. }
        | Event::Rested { .. }
        | Event::StayedUp { .. }
        | Event::Fell { .. } => super::heal::evolve(state, event),
        Event::Repaired { id, weapon } => gear::repaired(state, id, *weapon),
        Event::JamCleared { id, weapon } => gear::jam_cleared(state, id, *weapon),
        Event::Downed { id } => dying::downed(state, id),
        Event::DeathSave { id, outcome, .. } => dying::death_save(state, id, *outcome),
        Event::FortSave { id, result } => dying::fort_save(state, id, result),
        Event::Died { id, .. } => dying::died(state, id),
        Event::Stabilized { id, counts, .. } => dying::stabilized(state, id, *counts),
        Event::KitSpent { id, round } => dying::kit_spent(state, id, *round),
        Event::ArmorRefreshed { id, points } => gear::armor_refreshed(state, id, *points),
        Event::ShieldTurn {
            id,
            strength,
            waited,
            ..
        } => gear::shield_turn(state, id, *strength, *waited),
        Event::SaveTried {
            id,
            condition,
            round,
        } => dying::save_tried(state, id, *condition, *round),
        Event::Concealed { .. }
        | Event::Detected { .. }
        | Event::Searched { .. }
        | Event::Stirred { .. }
        | Event::Cloaked { .. }
        | Event::CloakUpkeep { .. }
        | Event::Uncloaked { .. } => super::stealth::evolve(state, event),
        Event::SpellCast { .. } | Event::Healed { .. } => super::spells::evolve(state, event),
        Event::EncounterClosed => dying::encounter_closed(state),
    }
}

/// The fighting state of a combatant, if it is in the battle.
fn fighter<'a>(state: &'a mut Battle, id: &CombatantId) -> Option<&'a mut Fighter> {
    state.combatants.get_mut(id).map(|c| &mut c.fighter)
}
