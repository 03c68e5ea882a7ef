//! What happened in a D20 fight, and how each fact changes the battle.
//! Events carry their dice and breakdowns; applying them never rolls.

mod evolve;

pub(crate) use evolve::evolve;

use nanite_core::{Breakdown, ClockEvent, CombatantId};
use serde::{Deserialize, Serialize};

use super::{D20Effect, Fighter, Place, Row, Square, TakedownChoice};
use crate::check::{CheckResult, Opposed};
use crate::pack::MagicKind;
use crate::rest::{KitTreatment, Rest};

/// One side's initiative dice under side initiative (D20-INIT-03): more
/// than one when a tie with another side was rolled again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideRoll {
    /// The side.
    pub side: String,
    /// Its d100s, in order.
    pub dice: Vec<u32>,
}

/// Damage or healing as rolled.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceRoll {
    /// The dice (`1d6`).
    pub dice: String,
    /// The dice that counted: sides and face.
    pub faces: Vec<(u32, u32)>,
    /// What the dice came to.
    pub rolled: i64,
    /// The bonus added.
    pub bonus: i64,
    /// Doubled (a natural 20 in a grapple, D20-GRAP-04).
    pub doubled: bool,
    /// The result (at least 1 for damage that hits, a decision).
    pub total: i64,
}

/// A fact of the fight.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// Initiative, turns, actions, reactions, effects.
    Clock(ClockEvent<D20Effect>),
    /// A combatant entered.
    Entered {
        /// Its handle.
        id: CombatantId,
        /// Its fighting numbers.
        fighter: Box<Fighter>,
        /// Where it stands.
        place: Place,
        /// Its hit points.
        hp: i64,
    },
    /// The GM put a combatant somewhere.
    Positioned {
        /// Who.
        id: CombatantId,
        /// Where.
        place: Place,
    },
    /// Side initiative: each side's d100, the order of the sides
    /// (D20-INIT-03). Each combatant's place follows as an initiative set.
    SideInitiative {
        /// Each side's dice.
        rolls: Vec<SideRoll>,
        /// The sides, first to act first.
        order: Vec<String>,
    },
    /// A turn lost (down, stunned): no action, no move.
    TurnLost {
        /// Whose.
        id: CombatantId,
        /// Why, with the rule.
        why: String,
    },
    /// The actions were given up to move twice the speed (D20-MOVE-01).
    DoubledMove {
        /// Who.
        id: CombatantId,
        /// Feet it may move this turn.
        allowance: i64,
    },
    /// A combatant stepped through these squares (5 ft each).
    Moved {
        /// Who.
        id: CombatantId,
        /// The squares entered, in order.
        squares: Vec<Square>,
    },
    /// Opposed Dexterity checks to get past an enemy (D20-MOVE-02).
    PassContest {
        /// Who moves.
        mover: CombatantId,
        /// The enemy in the way.
        enemy: CombatantId,
        /// Another try after being stopped: it cost 10 ft.
        retry: bool,
        /// The checks.
        contest: Opposed,
    },
    /// A combatant moved to another row (D20-MOVE-03).
    RowChanged {
        /// Who.
        id: CombatantId,
        /// The row.
        row: Row,
    },
    /// An attack.
    Attacked {
        /// The attacker.
        attacker: CombatantId,
        /// The target.
        target: CombatantId,
        /// The weapon's name ("unarmed strike").
        weapon: String,
        /// The d20.
        die: u32,
        /// The attack total.
        total: i64,
        /// The target's Defense.
        defense: i64,
        /// Whether it hit.
        hit: bool,
        /// The damage, on a hit.
        damage: Option<DiceRoll>,
        /// The itemised explanation.
        breakdown: Breakdown,
    },
    /// Hit points lost.
    Hurt {
        /// Who.
        target: CombatantId,
        /// How many.
        amount: i64,
        /// Who did it, if anyone.
        by: Option<CombatantId>,
        /// How, in words.
        why: String,
    },
    /// Hit points restored.
    Healed {
        /// Who.
        id: CombatantId,
        /// How many.
        amount: i64,
        /// How, in words.
        why: String,
    },
    /// Maximum hit points fell with Constitution: hit points above it are
    /// lost (D20-GRAP-05).
    HpCapped {
        /// Who.
        id: CombatantId,
        /// Hit points now.
        hp: i64,
        /// The new maximum.
        max: i64,
    },
    /// A combatant fell: 0 hit points, or Constitution drained to 0.
    Fell {
        /// Who.
        id: CombatantId,
        /// Why.
        why: String,
    },
    /// A combatant is back on its feet, healed above 0 hit points.
    Rose {
        /// Who.
        id: CombatantId,
    },
    /// Casting or manifesting began (D20-CAST-01); the clock's effect
    /// carries it until just before the caster's next turn.
    CastBegan {
        /// The caster.
        id: CombatantId,
        /// The spell or power's name.
        name: String,
        /// Spell or power.
        kind: MagicKind,
        /// The target.
        target: CombatantId,
    },
    /// A concentration check after damage (D20-CAST-02).
    Concentration {
        /// The caster.
        id: CombatantId,
        /// The check against 10 + the damager's level.
        result: CheckResult,
    },
    /// A skill check against the target's spell or power resistance
    /// (D20-CAST-03).
    Resistance {
        /// The caster.
        caster: CombatantId,
        /// The target.
        target: CombatantId,
        /// The check.
        result: CheckResult,
    },
    /// Spell energy or power points spent.
    MagicSpent {
        /// Whose.
        id: CombatantId,
        /// Which pool.
        kind: MagicKind,
        /// How much.
        amount: i64,
        /// Whether the spell or power was wasted on resistance.
        wasted: bool,
    },
    /// A spell or power took effect.
    MagicTookEffect {
        /// The caster.
        caster: CombatantId,
        /// The target.
        target: CombatantId,
        /// Its name.
        name: String,
        /// Damage or healing dice, if any.
        roll: Option<DiceRoll>,
        /// The itemised explanation.
        breakdown: Breakdown,
    },
    /// A spell or power found no target (it left the fight): nothing spent.
    MagicFizzled {
        /// The caster.
        caster: CombatantId,
        /// Its name.
        name: String,
        /// Why.
        why: String,
    },
    /// A grappling check: a takedown, position change or attack, opposed
    /// by the defender's same check (D20-GRAP-01).
    GrappleCheck {
        /// Who acts.
        actor: CombatantId,
        /// Who resists.
        defender: CombatantId,
        /// What it was ("Clinch takedown").
        action: String,
        /// The actor's first die, when natural 1 or 20 (it decides alone).
        natural: Option<u32>,
        /// The opposed checks, when the dice were compared.
        contest: Option<Opposed>,
        /// The actor succeeded.
        success: bool,
        /// The itemised explanation.
        breakdown: Breakdown,
    },
    /// A slam or short strikes hit (D20-GRAP-06, D20-GRAP-07).
    GrappleHit {
        /// Who struck.
        actor: CombatantId,
        /// Who was struck.
        target: CombatantId,
        /// Which attack.
        action: String,
        /// The damage.
        roll: DiceRoll,
        /// The itemised explanation.
        breakdown: Breakdown,
    },
    /// A grapple began.
    GrappleBegan {
        /// Who took the other down.
        a: CombatantId,
        /// Who was taken down.
        b: CombatantId,
        /// Who holds Grappling Advantage.
        advantage: CombatantId,
    },
    /// Grappling Advantage changed hands.
    AdvantageTo {
        /// Who holds it now.
        id: CombatantId,
        /// Why, with the rule.
        why: String,
    },
    /// +5 to the next grappling attack (D20-GRAP-03).
    Primed {
        /// Who.
        id: CombatantId,
    },
    /// The +5 was used.
    PrimedUsed {
        /// Who.
        id: CombatantId,
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
    /// A takedown rolled a natural 1: its target chooses (D20-GRAP-02).
    ChoiceOwed {
        /// Who chooses.
        chooser: CombatantId,
        /// Who rolled the 1.
        against: CombatantId,
    },
    /// The choice was made.
    Chose {
        /// Who.
        chooser: CombatantId,
        /// What.
        choice: TakedownChoice,
    },
    /// A takedown's natural 20: one grappling action at once, free
    /// (D20-GRAP-02).
    FreeGrapple {
        /// Who.
        id: CombatantId,
    },
    /// The free grappling action was taken.
    FreeGrappleUsed {
        /// Who.
        id: CombatantId,
    },
    /// A check was made.
    Checked {
        /// Who.
        id: CombatantId,
        /// The result.
        result: CheckResult,
    },
    /// Periods of rest (D20-REST-01).
    Rested {
        /// Who.
        id: CombatantId,
        /// How it went.
        rest: Rest,
    },
    /// A healing kit was used (D20-REST-02).
    KitUsed {
        /// The healer.
        id: CombatantId,
        /// The patient.
        target: CombatantId,
        /// The kit's id.
        kit: String,
        /// The extended check and the healing.
        treatment: KitTreatment,
    },
    /// In-game time passed out of combat.
    TimePassed {
        /// Minutes.
        minutes: i64,
    },
}

/// A clock event is a battle event (what a decision's `clock` pushes).
impl From<ClockEvent<D20Effect>> for Event {
    fn from(event: ClockEvent<D20Effect>) -> Self {
        Event::Clock(event)
    }
}
