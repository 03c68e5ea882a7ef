//! What the table asks of a Compound X fight, and why a request is refused.

use nanite_core::encounter::InitiativeDie;
use nanite_core::{ClockCommand, CombatantId, DiceSource, EncounterError};
use nanite_dice::SourceError;
use serde::Serialize;

use super::{
    Battle, Decision, Event, GrappleAct, MeleeKind, Way, cloak, gm, grapple, heal, medic, melee,
    movement, scene_rules, shooting, spells, stealth, supply, suppression, thrown, turn,
};
use crate::check::Effort;
use crate::combat::{ConditionKind, Cover, Fighter, Fire, ShotRefusal, Stance};
use crate::pack::{DamageType, FireMode};

mod clock;

/// A request to change the fight.
#[derive(Clone, Debug, Serialize, serde::Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = CxCommand))]
#[serde(tag = "command", rename_all = "snake_case")]
pub enum Command {
    /// The GM adds a combatant (before or during the fight). Not read from
    /// JSON: a server adds combatants from character files it validated.
    #[serde(skip_deserializing)]
    Add {
        /// Its handle.
        id: CombatantId,
        /// Its side.
        side: String,
        /// Hidden from the players.
        hidden: bool,
        /// Its fighting state (from its sheet).
        fighter: Box<Fighter>,
        /// Its cover.
        cover: Cover,
        /// Its stance.
        stance: Stance,
    },
    /// Initiative d100 (plus the Soldier passive) for these combatants, or
    /// for everyone without initiative when empty (CX-TURN-01).
    RollInitiative {
        /// Who rolls.
        who: Vec<CombatantId>,
    },
    /// A clock command: set, pin or place initiative, hide, remove, begin
    /// (with the Black Cat table), next turn, hold, trigger, end.
    Clock(ClockCommand),
    /// The GM sets the metres between two combatants.
    Distance {
        /// One.
        a: CombatantId,
        /// The other.
        b: CombatantId,
        /// Metres.
        metres: i64,
    },
    /// The GM places a combatant: cover and stance, free of actions.
    Position {
        /// Who.
        id: CombatantId,
        /// New cover.
        cover: Option<Cover>,
        /// New stance.
        stance: Option<Stance>,
    },
    /// A combatant changes stance on its turn, paying its action cost (CX-TURN-07).
    Stance {
        /// Who.
        id: CombatantId,
        /// The new stance.
        to: Stance,
    },
    /// Moves toward or away from a combatant, or elsewhere, at the stance's
    /// rate or sprinting (CX-MOVE-01, CX-MOVE-02).
    Move {
        /// Who.
        id: CombatantId,
        /// Metres.
        metres: i64,
        /// Which way.
        way: Way,
        /// Sprinting: +1 m per action, +1 miss chance for a while.
        sprint: bool,
        /// Its cover where it ends up, if it changes.
        cover: Option<Cover>,
        /// Into complete concealment: suppressors cannot react (CX-SUP-05).
        concealed: bool,
    },
    /// Jumps (CX-MOVE-03).
    Jump {
        /// Who.
        id: CombatantId,
        /// Metres.
        metres: f64,
        /// Up rather than across.
        vertical: bool,
        /// With a 3 m run-up.
        run_up: bool,
    },
    /// Suppressive fire at a target: the last action of the turn (CX-SUP).
    Suppress {
        /// The suppressor.
        id: CombatantId,
        /// The target.
        target: CombatantId,
        /// The weapon, by index.
        weapon: usize,
        /// The level; the weapon's highest by default.
        level: Option<crate::pack::Suppression>,
    },
    /// A melee attack: strike, shove or kick (CX-MELEE).
    Melee {
        /// The attacker.
        id: CombatantId,
        /// The target.
        target: CombatantId,
        /// A melee weapon by index; none for unarmed.
        weapon: Option<usize>,
        /// Strike, shove or kick.
        kind: MeleeKind,
        /// From behind the target: -2 (CX-RNG-11).
        flanking: bool,
    },
    /// Grabs an adjacent combatant (CX-MELEE-03).
    Grapple {
        /// The grappler.
        id: CombatantId,
        /// The one grabbed.
        target: CombatantId,
    },
    /// Acts in a grapple: contest, subdue, strike, let go (CX-MELEE-03).
    GrappleAct {
        /// Who.
        id: CombatantId,
        /// What.
        act: GrappleAct,
    },
    /// Cooks a grenade: 1 action, then it cannot be dodged (CX-RNG-15).
    Cook {
        /// Who.
        id: CombatantId,
        /// The grenade, by index.
        weapon: usize,
    },
    /// Throws a thrown weapon or grenade (CX-RNG-14, CX-RNG-15).
    Throw {
        /// The thrower.
        id: CombatantId,
        /// The target.
        target: CombatantId,
        /// The weapon, by index.
        weapon: usize,
        /// Metres, if not the distance the GM set.
        distance: Option<i64>,
    },
    /// The GM grants a penalty attack the rules leave to it (crossing in
    /// front of an enemy, CX-MELEE-02, CX-SUP-06): a reaction of `by`.
    PenaltyAttack {
        /// The one who strikes.
        by: CombatantId,
        /// The one struck.
        target: CombatantId,
        /// Why.
        why: String,
    },
    /// The GM rules that a combatant crossed in front of a suppressor: the
    /// suppressor's fire reacts (CX-SUP-06).
    Crossing {
        /// The suppressor.
        by: CombatantId,
        /// Who crossed.
        target: CombatantId,
    },
    /// Holds up to 2 unused actions of `id`'s turn for a declared trigger
    /// (CX-TURN-05); refused unless it is `id`'s turn.
    Hold {
        /// Who holds.
        id: CombatantId,
        /// How many actions.
        actions: u32,
        /// What sets them off.
        trigger: String,
    },
    /// Medicine on one wound of an adjacent combatant (or oneself), with or
    /// without a medikit (CX-HEAL-02, CX-HEAL-03).
    Treat {
        /// The medic.
        id: CombatantId,
        /// The patient.
        target: CombatantId,
        /// Which wound, from 0 (by default the worst).
        wound: Option<usize>,
        /// A medikit is used.
        medikit: bool,
        /// Roll (the default), or out of combat take 50 or 100 in place of
        /// the d100 (CX-DICE-06).
        #[serde(default, skip_serializing_if = "Effort::is_roll")]
        effort: Effort,
    },
    /// A short (about 1 hour) or long (about 8 hours) rest, out of combat
    /// (CX-HEAL-04).
    Rest {
        /// Who.
        id: CombatantId,
        /// A long rest.
        long: bool,
    },
    /// A night without a long rest, out of combat: below par until the next
    /// long rest (CX-HEAL-04).
    StayUp {
        /// Who.
        id: CombatantId,
    },
    /// A fall (CX-HEAL-05): no action; an Acrobatics check above DEX/2 m or
    /// onto a fouled surface.
    Fall {
        /// Who.
        id: CombatantId,
        /// Metres.
        metres: i64,
        /// Onto a fouled surface.
        fouled: bool,
    },
    /// The GM mends an injury from a fall, or all of them (CX-HEAL-05).
    Mend {
        /// Who.
        id: CombatantId,
        /// Which; all when absent.
        injury: Option<super::Injury>,
    },
    /// Aims: 1 action, for the rest of the turn (CX-RNG-05).
    Aim {
        /// Who.
        id: CombatantId,
    },
    /// Fires at a target.
    Fire {
        /// The shooter.
        id: CombatantId,
        /// The target.
        target: CombatantId,
        /// The shooter's weapon, by index.
        weapon: usize,
        /// Fire mode.
        mode: FireMode,
        /// Aimed, hip or blind; by default aimed if the shooter aimed this
        /// turn, hip fire otherwise.
        fire: Option<Fire>,
        /// Metres, if not the distance the GM set (it is kept).
        distance: Option<i64>,
        /// The target's cover from this shooter, if not its usual cover.
        cover: Option<Cover>,
    },
    /// Clears a jammed weapon: a weapon skill check, DC 60 (CX-RNG-08).
    ClearJam {
        /// Who.
        id: CombatantId,
        /// The weapon, by index.
        weapon: usize,
    },
    /// Reloads a weapon: a check against its Reload DC decides the actions
    /// it takes (CX-RNG-13).
    Reload {
        /// Who.
        id: CombatantId,
        /// The weapon, by index.
        weapon: usize,
    },
    /// Repairs a broken weapon (Black Cat, CX-STAT-13) or armor whose APL
    /// plasma lowered (CX-COND-07): a DC 60 Repair check.
    Repair {
        /// Who repairs.
        id: CombatantId,
        /// Whose gear.
        target: CombatantId,
        /// A weapon by index; none: the armor.
        weapon: Option<usize>,
        /// Roll (the default), or out of combat take 50 or 100 in place of
        /// the d100 (CX-DICE-06).
        #[serde(default, skip_serializing_if = "Effort::is_roll")]
        effort: Effort,
    },
    /// Pays the shield's fast recharge at the start of the turn (CX-DMG-04).
    FastRecharge {
        /// Who.
        id: CombatantId,
    },
    /// A save against an ongoing condition: 1 action, once per condition per
    /// round (CX-TURN-06).
    Save {
        /// Who.
        id: CombatantId,
        /// The condition.
        condition: ConditionKind,
    },
    /// Stabilizes an adjacent downed combatant (CX-DEATH-05..08).
    Stabilize {
        /// The medic.
        id: CombatantId,
        /// The downed target.
        target: CombatantId,
        /// A medkit or repair kit is spent: +20 this round.
        kit: bool,
        /// On a critical success the medic chooses whether the revive
        /// counts against the target's revives this encounter (CX-DEATH-07):
        /// by default it does not; `true` counts it. Off a critical it
        /// always counts.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        count_revive: bool,
    },
    /// A skill check the GM calls: 1 action in combat (CX-TURN-07), free out
    /// of it, against a DC that may be hidden (CX-DICE-09). Out of combat the
    /// GM may let the character take 50 or 100 (CX-DICE-06), and may combine
    /// a second skill into one roll against the doubled DC (CX-DICE-07).
    Check {
        /// Who.
        id: CombatantId,
        /// The skill id.
        skill: String,
        /// The DC (0 to 10000), before a combined check doubles it.
        dc: i64,
        /// Hidden from the players.
        hidden: bool,
        /// Roll (the default), or take 50 or 100 out of combat (CX-DICE-06).
        #[serde(default, skip_serializing_if = "Effort::is_roll")]
        effort: Effort,
        /// A second skill id: one roll adding both skills against twice the
        /// DC (CX-DICE-07). For two separate checks, call two.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        combined_with: Option<String>,
    },
    /// Any other action, at the cost the rules or the GM give it (draw 1,
    /// flashlight 1, talking 0...; CX-TURN-03, CX-TURN-07, CX-DICE-10).
    Act {
        /// Who.
        id: CombatantId,
        /// What.
        what: String,
        /// Actions it costs (0: a free action).
        actions: u32,
    },
    /// The GM deals damage from outside the fight (a hazard, a fall), through
    /// shields and armor like a hit.
    Harm {
        /// Who.
        target: CombatantId,
        /// Damage.
        amount: i64,
        /// Its type.
        damage_type: DamageType,
        /// Armor-piercing level.
        apl: i64,
        /// Why.
        why: String,
    },
    /// The GM restores health (a ruling, a potion, a mistake put right):
    /// at most the missing health, closing wounds the worst first
    /// (CX-HEAL-01); refused on a downed combatant (stabilize it first,
    /// CX-DEATH-05) and on a dead one.
    Heal {
        /// Who.
        target: CombatantId,
        /// Health to restore, 1 to 1000000.
        amount: i64,
        /// Why.
        why: String,
    },
    /// A hazard that kills outright (CX-DEATH-09).
    Kill {
        /// Who.
        target: CombatantId,
        /// Why.
        why: String,
    },
    /// The GM puts a condition on a combatant.
    Afflict {
        /// Who.
        target: CombatantId,
        /// The condition.
        condition: ConditionKind,
        /// Turns it lasts (until the end of the bearer's n-th turn), if
        /// limited.
        turns: Option<u32>,
    },
    /// The GM ends a condition (treated, healed, removed).
    Cure {
        /// Who.
        target: CombatantId,
        /// The condition.
        condition: ConditionKind,
    },
    /// The GM rules a combatant undetected (hiding, a stealth check won):
    /// by `from`, or by every enemy when empty (CX-RNG-09/10). Not the
    /// clock's `hidden` flag, which only hides it from the players.
    Conceal {
        /// Who.
        id: CombatantId,
        /// By whom it is undetected; every enemy when empty.
        from: Vec<CombatantId>,
        /// The DC a search must beat while it is not cloaked.
        dc: Option<i64>,
    },
    /// The GM rules a combatant detected by `to`, or by everyone when empty.
    Reveal {
        /// Who.
        id: CombatantId,
        /// By whom; everyone when empty.
        to: Vec<CombatantId>,
    },
    /// Looks for an undetected combatant: a Search check (1 action), or a
    /// glance, a free Awareness check once a round (CX-CLOAK-03, CX-TURN-07).
    Search {
        /// The searcher.
        id: CombatantId,
        /// Whom it looks for.
        target: CombatantId,
        /// A free glance (Awareness) rather than a search (Search, 1 action).
        glance: bool,
    },
    /// Switches a cloaking module on (CX-CLOAK-01/02).
    Cloak {
        /// The wearer.
        id: CombatantId,
    },
    /// Switches a cloak off (free); its Charge Delay follows (CX-CLOAK-02).
    Uncloak {
        /// The wearer.
        id: CombatantId,
    },
    /// The GM lays down the battle map, or replaces its ground and walls
    /// (issue 24): from then on positions drive distances, sight and cover.
    Map {
        /// Size, grid and walls.
        layout: super::Layout,
    },
    /// The GM places a combatant on the map, free of actions.
    Place {
        /// Who.
        id: CombatantId,
        /// Where (decimetres).
        at: super::Point,
    },
    /// Moves to a point of the map along the shortest way around the walls,
    /// paying its metres at the stance's rate (CX-MOVE-01, CX-MOVE-02).
    MoveTo {
        /// Who.
        id: CombatantId,
        /// Where (decimetres).
        to: super::Point,
        /// Sprinting: +1 m per action, +1 miss chance for a while.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        sprint: bool,
    },
    /// Opens or closes a door of the map: by a combatant within 1 m of it,
    /// 1 action (as a grab, CX-TURN-07); by the GM, free.
    Door {
        /// Who opens or closes it; none: the GM.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<CombatantId>,
        /// The door's name.
        door: String,
        /// Open it (true) or close it (false).
        open: bool,
    },
    /// The GM adds a wall, an obstacle's side or a door to the map (issue
    /// 24), checked as a whole map is: it must lie on the map and have a
    /// length, and only a door may stand open.
    AddWall {
        /// The wall.
        wall: super::Wall,
    },
    /// The GM takes a wall off the map, by its place in the map's walls
    /// (from 0, as the map lists them).
    RemoveWall {
        /// Its place in the map's walls.
        wall: usize,
    },
    /// Casts a spell at a target (CX-SPELL-01..03): 1 action.
    Cast {
        /// The caster.
        id: CombatantId,
        /// The spell id.
        spell: String,
        /// The target (the caster itself for a spell on itself).
        target: CombatantId,
        /// The target's cover from the caster, if not its usual cover.
        cover: Option<Cover>,
    },
}

/// Why a command was refused. Nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = CxRefusal))]
#[serde(tag = "refusal", rename_all = "snake_case")]
#[non_exhaustive]
pub enum Refusal {
    /// No such combatant.
    #[error("nobody called '{id}' is in this fight (known: {})", known.join(", "))]
    Unknown {
        /// The id asked for.
        id: CombatantId,
        /// The ids there are.
        known: Vec<String>,
    },
    /// The actor cannot act.
    #[error("{id} cannot act: {why}")]
    CannotAct {
        /// Who.
        id: CombatantId,
        /// Why, with the rule.
        why: String,
    },
    /// A shot that cannot be taken.
    #[error("{id} cannot fire: {why}")]
    Shot {
        /// The shooter.
        id: CombatantId,
        /// Why, with the rule and the fix.
        why: String,
    },
    /// Anything else against the rules.
    #[error("{why}")]
    Illegal {
        /// What is wrong, with the rule and the fix.
        why: String,
    },
    /// The dice source gave no die (physical dice not entered, a script ran
    /// out), or a die off its faces: written `{"refusal": "dice", "message": ...}`.
    #[error("no die for {0}")]
    #[serde(serialize_with = "dice_message")]
    Dice(String),
    /// The clock refused (turns, actions, reactions, initiative): written
    /// as the clock's own refusal (`EncounterError`, its `refusal` naming
    /// its kind), not tagged a second time.
    #[error("{0}")]
    #[serde(untagged)]
    Clock(#[from] EncounterError),
}

/// `Refusal::Dice` as an object with its message: an internally tagged
/// enum cannot write a bare string.
fn dice_message<S: serde::Serializer>(message: &str, serializer: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeStruct;
    let mut fields = serializer.serialize_struct("Dice", 1)?;
    fields.serialize_field("message", message)?;
    fields.end()
}

impl Refusal {
    /// The combatants it names as data (its `id`, the clock's ids), so a
    /// table cuts or rewrites it for a viewer by these, never by searching
    /// its text. A `why` is the engine's words on the fight it decided:
    /// a table that hides combatants from a viewer decides the command on
    /// the fight as that viewer knows it for words fit for them.
    pub fn mentions(&self) -> Vec<&CombatantId> {
        match self {
            Refusal::Unknown { id, .. }
            | Refusal::CannotAct { id, .. }
            | Refusal::Shot { id, .. } => vec![id],
            Refusal::Clock(e) => e.mentions(),
            Refusal::Illegal { .. } | Refusal::Dice(_) => Vec::new(),
        }
    }
}

impl From<SourceError> for Refusal {
    fn from(e: SourceError) -> Self {
        Refusal::Dice(e.to_string())
    }
}

/// Text for a shot refusal, with its rule and fix.
pub(crate) fn shot_refusal(r: &ShotRefusal, weapon: &str) -> String {
    match r {
        ShotRefusal::NoWeapon => "no such weapon; weapons are numbered from 0".into(),
        ShotRefusal::Jammed => format!(
            "the {weapon} is jammed; clear it first (a DC 60 weapon skill check, CX-RNG-08)"
        ),
        ShotRefusal::OutOfAmmo { needed, loaded } => format!(
            "the {weapon} has {loaded} round(s) loaded and this fire mode needs {needed}; reload (CX-RNG-12)"
        ),
        ShotRefusal::NoSuchMode => format!("the {weapon} has no such fire mode"),
        ShotRefusal::OutOfRange { max } => {
            format!("the target is beyond the {weapon}'s last range bracket ({max} m, CX-RNG-02)")
        }
        ShotRefusal::NotAFirearm => {
            format!("only firearms hip or blind fire; the {weapon} is not one (CX-RNG-05)")
        }
        ShotRefusal::Hunkered => {
            "a hunkered shooter can only blind fire (CX-MOVE-06); stop hunkering (free) or blind fire"
                .into()
        }
    }
}

pub(crate) fn decide(
    state: &Battle,
    command: &Command,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, Refusal> {
    decide_with_state(state, command, dice).map(|(_, events)| events)
}

/// As [`decide`], also giving the battle with the events applied (the
/// decision's scratch copy), so a caller that applies them at once, like the
/// simulator, need not evolve them a second time.
pub(crate) fn decide_with_state(
    state: &Battle,
    command: &Command,
    dice: &mut dyn DiceSource,
) -> Result<(Battle, Vec<Event>), Refusal> {
    let mut after = state.clone();
    let mut d = Decision::new(&mut after);
    decide_into(&mut d, command, dice)?;
    let events = d.events;
    Ok((after, events))
}

/// A command refused by [`decide_in_place`] (why is not kept: its caller,
/// the simulator, only counts refusals).
pub(crate) struct RefusedInPlace {
    /// Events were applied to the battle before the refusal: it is no
    /// longer the battle before the command, and the caller must put that
    /// back (the battle is untouched when this is false).
    pub(crate) spoiled: bool,
}

/// As [`decide`], applying the events to `state` itself instead of to a
/// copy, for a caller that keeps every decision it asks for (the
/// simulator): no copy of the battle is made. The events are left in
/// `events` (emptied first: a caller deciding many commands reuses one
/// list). On a refusal the battle is as before unless
/// [`RefusedInPlace::spoiled`] says otherwise. Without `explain`, shots
/// carry an empty breakdown (the same dice, hits and damage: only the text
/// explaining them is not written).
pub(crate) fn decide_in_place(
    state: &mut Battle,
    command: &Command,
    dice: &mut dyn DiceSource,
    explain: bool,
    buffers: &mut InPlace,
) -> Result<(), RefusedInPlace> {
    buffers.events.clear();
    let mut d = Decision::new(state);
    d.events = std::mem::take(&mut buffers.events);
    d.roller = std::mem::take(&mut buffers.roller);
    d.explain = explain;
    let decided = decide_into(&mut d, command, dice);
    buffers.events = d.events;
    buffers.roller = d.roller;
    let events = &buffers.events;
    match decided {
        Ok(()) => Ok(()),
        Err(_) => Err(RefusedInPlace {
            spoiled: !events.is_empty(),
        }),
    }
}

/// What deciding in place lends the decision and takes back: the list its
/// events go to (kept for the caller to read) and the buffers dice are
/// rolled with, reused from one command to the next.
#[derive(Debug, Default)]
pub(crate) struct InPlace {
    /// The events of the last command decided.
    pub(crate) events: Vec<Event>,
    roller: nanite_dice::Roller,
}

/// Decides `command` into `d`, whose state is the battle before it; every
/// event is applied through [`Decision::push`], so a refusal before the
/// first event leaves the state untouched.
fn decide_into(
    d: &mut Decision<'_>,
    command: &Command,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let d = &mut *d;
    match command {
        Command::Add {
            id,
            side,
            hidden,
            fighter,
            cover,
            stance,
        } => gm::add(d, id, side, *hidden, fighter, *cover, *stance)?,
        Command::RollInitiative { who } => roll_initiative(d, who, dice)?,
        Command::Clock(clock) => clock::decide(d, clock, dice)?,
        Command::Distance { a, b, metres } => gm::distance(d, a, b, *metres)?,
        Command::Position { id, cover, stance } => gm::position(d, id, *cover, *stance)?,
        Command::Hold {
            id,
            actions,
            trigger,
        } => clock::hold(d, id, *actions, trigger)?,
        Command::Treat {
            id,
            target,
            wound,
            medikit,
            effort,
        } => heal::treat(
            d,
            &heal::Treatment {
                id,
                target,
                wound: *wound,
                medikit: *medikit,
                effort: *effort,
            },
            dice,
        )?,
        Command::Rest { id, long } => heal::rest(d, id, *long)?,
        Command::StayUp { id } => heal::stay_up(d, id)?,
        Command::Fall { id, metres, fouled } => heal::fall(d, id, *metres, *fouled, dice)?,
        Command::Mend { id, injury } => heal::mend(d, id, *injury)?,
        Command::Stance { id, to } => gm::change_stance(d, id, *to)?,
        Command::Move {
            id,
            metres,
            way,
            sprint,
            cover,
            concealed,
        } => movement::step(
            d,
            movement::Step {
                id,
                metres: *metres,
                way,
                sprint: *sprint,
                cover: *cover,
                concealed: *concealed,
            },
            dice,
        )?,
        Command::Jump {
            id,
            metres,
            vertical,
            run_up,
        } => movement::jump(d, id, *metres, *vertical, *run_up, dice)?,
        Command::Suppress {
            id,
            target,
            weapon,
            level,
        } => suppression::suppress(d, id, target, *weapon, *level)?,
        Command::Melee {
            id,
            target,
            weapon,
            kind,
            flanking,
        } => melee::attack(d, id, target, *weapon, *kind, *flanking, dice)?,
        Command::Grapple { id, target } => grapple::grab(d, id, target, dice)?,
        Command::GrappleAct { id, act } => grapple::act(d, id, *act, dice)?,
        Command::Crossing { by, target } => suppression::crossing(d, by, target, dice)?,
        Command::Cook { id, weapon } => thrown::cook(d, id, *weapon)?,
        Command::Throw {
            id,
            target,
            weapon,
            distance,
        } => thrown::throw(d, id, target, *weapon, *distance, dice)?,
        Command::PenaltyAttack { by, target, why } => {
            melee::ordered_penalty_attack(d, by, target, why, dice)?
        }
        Command::Aim { id } => shooting::aim(d, id)?,
        Command::Fire {
            id,
            target,
            weapon,
            mode,
            fire,
            distance,
            cover,
        } => shooting::fire(
            d,
            shooting::Order {
                id,
                target,
                weapon: *weapon,
                mode: *mode,
                fire: *fire,
                distance: *distance,
                cover: *cover,
            },
            dice,
        )?,
        Command::ClearJam { id, weapon } => shooting::clear_jam(d, id, *weapon, dice)?,
        Command::Reload { id, weapon } => supply::reload(d, id, *weapon, dice)?,
        Command::Repair {
            id,
            target,
            weapon,
            effort,
        } => supply::repair(d, id, target, *weapon, *effort, dice)?,
        Command::FastRecharge { id } => supply::fast_recharge(d, id)?,
        Command::Save { id, condition } => turn::save(d, id, *condition, dice)?,
        Command::Stabilize {
            id,
            target,
            kit,
            count_revive,
        } => medic::stabilize(d, id, target, *kit, *count_revive, dice)?,
        Command::Check {
            id,
            skill,
            dc,
            hidden,
            effort,
            combined_with,
        } => gm::check(
            d,
            &gm::CheckCall {
                id,
                skill,
                dc: *dc,
                hidden: *hidden,
                effort: *effort,
                combined_with: combined_with.as_deref(),
            },
            dice,
        )?,
        Command::Act { id, what, actions } => gm::act(d, id, what, *actions)?,
        Command::Harm {
            target,
            amount,
            damage_type,
            apl,
            why,
        } => gm::harm(d, target, *amount, *damage_type, *apl, why, dice)?,
        Command::Heal {
            target,
            amount,
            why,
        } => gm::heal(d, target, *amount, why)?,
        Command::Kill { target, why } => gm::kill(d, target, why)?,
        Command::Afflict {
            target,
            condition,
            turns,
        } => gm::afflict(d, target, *condition, *turns)?,
        Command::Cure { target, condition } => gm::cure(d, target, *condition)?,
        Command::Conceal { id, from, dc } => stealth::conceal(d, id, from, *dc)?,
        Command::Reveal { id, to } => stealth::reveal(d, id, to)?,
        Command::Search { id, target, glance } => stealth::search(d, id, target, *glance, dice)?,
        Command::Cloak { id } => cloak::activate(d, id)?,
        Command::Uncloak { id } => cloak::deactivate(d, id)?,
        Command::Map { layout } => scene_rules::lay(d, layout)?,
        Command::Place { id, at } => scene_rules::place(d, id, *at)?,
        Command::MoveTo { id, to, sprint } => scene_rules::move_to(d, id, *to, *sprint, dice)?,
        Command::Door { id, door, open } => scene_rules::door(d, id.as_ref(), door, *open)?,
        Command::AddWall { wall } => scene_rules::add_wall(d, wall)?,
        Command::RemoveWall { wall } => scene_rules::remove_wall(d, *wall)?,
        Command::Cast {
            id,
            spell,
            target,
            cover,
        } => spells::cast(
            d,
            spells::Casting {
                id,
                spell,
                target,
                cover: *cover,
            },
            dice,
        )?,
    }
    stealth::aftermath(d, command)?;
    Ok(())
}

/// Initiative: a d100 read from two d10 plus the sheet's initiative modifier
/// (the Soldier passive); ties rolled off with another d100 (CX-TURN-01).
fn roll_initiative(
    d: &mut Decision<'_>,
    who: &[CombatantId],
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let who: Vec<(CombatantId, i64)> = if who.is_empty() {
        d.state.clock.without_initiative()
    } else {
        who.to_vec()
    }
    .into_iter()
    .map(|id| {
        let modifier = d.state.combatant(&id)?.fighter.initiative;
        Ok((id, modifier))
    })
    .collect::<Result<_, Refusal>>()?;
    if who.is_empty() {
        return Err(Refusal::Illegal {
            why: "everyone already has initiative; name who should reroll".into(),
        });
    }
    let events = nanite_core::encounter::roll_initiative(&d.state.clock, &who, |id, kind| {
        let what = match kind {
            InitiativeDie::Initiative => "initiative",
            InitiativeDie::RollOff => "initiative roll-off",
        };
        crate::combat::d100_for(dice, || format!("{what} d100 for {id}")).map_err(Refusal::from)
    })?;
    for e in events {
        d.clock(e);
    }
    Ok(())
}

#[cfg(test)]
mod refusal_json {
    use super::*;

    #[test]
    fn a_dice_refusal_is_an_object_and_a_clock_refusal_is_tagged_once() {
        let dice = serde_json::to_string(&Refusal::Dice("the roll needs another d10".into()))
            .expect("a dice refusal is written");
        assert_eq!(
            dice,
            r#"{"refusal":"dice","message":"the roll needs another d10"}"#
        );
        let clock = serde_json::to_string(&Refusal::Clock(EncounterError::NotTheirTurn {
            id: CombatantId::from("vex"),
            active: None,
        }))
        .unwrap();
        assert_eq!(clock.matches("\"refusal\"").count(), 1, "{clock}");
        assert!(
            clock.starts_with(r#"{"refusal":"not_their_turn""#),
            "{clock}"
        );
    }
}
