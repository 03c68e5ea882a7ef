//! A Compound X fight, run through the shared encounter spine: commands
//! decided against the [`Battle`] into [`Event`]s that carry their dice and
//! breakdowns, so a fight can be replayed, undone and explained.
//!
//! Compound X is not played on squares: the GM sets the distance in metres
//! between combatants (or a command states it), and each combatant's cover
//! and stance; range brackets, hip fire inside minimum distance and prone
//! within 5 m follow from those (CX-RNG-02..05).
//!
//! - [`command`]: what the table asks for, and why a request is refused.
//! - [`event`]: what happened, and how it changes the battle.
//! - `turn`: the start of a turn (armor points, shields, conditions, death
//!   saves, waking) and the start of the fight (the Black Cat table).
//! - `shooting`, `medic`, `gm`: the actions.
//! - `stealth`, `cloak`, `spells`: being undetected and searching, cloaking,
//!   casting (CX-CLOAK, CX-RNG-09/10, CX-SPELL).

pub mod choices;
mod cloak;
pub mod command;
mod concerns;
mod distances;
pub mod event;
mod gm;
mod grapple;
mod heal;
mod medic;
mod melee;
mod movement;
mod narrate;
mod roster;
pub mod scene;
mod scene_rules;
mod shooting;
mod spells;
mod stealth;
mod supply;
mod suppression;
mod thrown;
mod turn;

use nanite_core::encounter::{FightPhase, Limits};
use nanite_core::{CombatantId, DiceSource, Encounter, Ruleset};
use serde::{Deserialize, Serialize};

use crate::combat::{Condition, ConditionKind, Cover, Fighter, Stance};
pub use cloak::{ActiveCloak, CLOAK_ACTIONS};
pub use command::{Command, Refusal};
pub use distances::Distances;
pub use event::Event;
pub use gm::stance_cost;
pub use grapple::{GRAPPLING, Grapple, GrappleAct, Hold};
pub(crate) use heal::set_below_par;
pub use heal::{
    BELOW_PAR, FALL_DC_PER_METRE, INJURY_STEP, Injury, MEDIKIT_BONUS, MEDIKIT_SKILL, NO_BAG,
};
pub use medic::{KIT_BONUS, STABILIZE_ACTIONS, STABILIZE_DC};
pub use melee::{
    FLANKING, MeleeKind, PRONE_TARGET, SHOVE_MISS, STR_PER_METRE, Swing, UNARMED_DAMAGE,
    UNARMED_MISS, UNARMED_SKILL,
};
pub use movement::{DIVE_METRES, SPRINT, SPRINT_WINDOW, Way, move_actions};
pub use narrate::{narrate, narrate_all};
pub use roster::Roster;
pub use scene::{Layout, Point, Scene, Wall, WallKind};
pub use shooting::CLEAR_JAM_DC;
pub use spells::{CAST_ACTIONS, SpellSave};
pub use stealth::{
    AWARENESS, SEARCH, STEALTH_MELEE_CAP, STEALTH_MELEE_CAP_HIGH, STEALTH_MELEE_CAP_LEVEL,
    STEALTH_MELEE_SKILL, Stealth, StealthBlow, StealthStrike, VITAL_MARGIN, detect_dc, melee_skill,
    stealth_melee, unseen,
};
pub use supply::{CRITICAL_RELOAD, DEFAULT_RELOAD_ACTIONS, critical_reload};
pub use suppression::{
    SuppressionHit, level_key, radius as suppression_radius, rounds as suppression_rounds,
};
pub use thrown::{CLOSE_THROW, DODGE_DC};
pub use turn::{FORT_DOWNED_DC, POISON_DC, WAKE_DC};

/// Compound X's limits: 4 actions a turn (CX-TURN-03), 3 reactions a round
/// (CX-TURN-04), up to 2 held actions (CX-TURN-05).
pub const LIMITS: Limits = Limits {
    actions_per_turn: 4,
    reactions_per_round: 3,
    max_held: 2,
};

/// Compound X effects kept by the encounter clock.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "effect", rename_all = "snake_case")]
pub enum CxEffect {
    /// A condition (CX-COND), ticking at the start of its bearer's turn.
    Condition(Condition),
    /// Aimed this turn: lasts until the end of the turn (CX-RNG-05).
    Aimed,
    /// Black Cat 3-4: no critical of any kind this encounter (CX-STAT-13).
    NoCriticals,
    /// Black Cat 5-6: 3 actions of the first turn are lost (CX-STAT-13).
    Tripped,
    /// A reload that takes more actions than the turn had left (CX-RNG-13).
    Reloading {
        /// The weapon.
        weapon: usize,
        /// Actions still needed.
        remaining: u32,
    },
    /// Hit the Dirt: the first action of the next turn goes on the dive (CX-MOVE-07).
    HitTheDirt,
    /// Held in a suppressor's area until its next turn (CX-SUP).
    Suppressed {
        /// The suppressor.
        by: CombatantId,
        /// Its weapon.
        weapon: usize,
        /// The level.
        level: crate::pack::Suppression,
    },
    /// Held by a pin or joint lock: no moves or attacks, only contesting
    /// control (CX-MELEE-03).
    Restrained {
        /// The one holding it.
        by: CombatantId,
    },
    /// An injury from a fall (CX-HEAL-05), until the GM mends it (a sprained
    /// ankle also heals in a long rest); it outlasts the fight.
    Injured {
        /// Which.
        injury: Injury,
    },
    /// A grenade cooked this turn: it cannot be dodged (CX-RNG-15).
    Cooked {
        /// The grenade.
        weapon: usize,
    },
    /// A stabilize begun with the last actions of a turn, finished next turn
    /// (CX-DEATH-08).
    Stabilizing {
        /// Who is being stabilized.
        target: CombatantId,
        /// Actions still needed.
        remaining: u32,
    },
    /// Behind a spell's cover until the start of the caster's next turn
    /// (CX-SPELL-03, spell data).
    Warded {
        /// The cover the spell gives.
        cover: Cover,
        /// The bearer's cover before it.
        before: Cover,
    },
}

/// One combatant in the battle: its fighter and where it stands.
#[derive(Debug, Serialize, Deserialize)]
pub struct Combatant {
    /// Its fighting state.
    pub fighter: Fighter,
    /// Its cover from attackers, unless a shot states otherwise.
    pub cover: Cover,
    /// Its stance.
    pub stance: Stance,
    /// Revives this encounter (CX-DEATH-06).
    pub revives: i64,
    /// FORT_DOWNED: Fort saves failed in its life (CX-HOUSE-05), from the
    /// character's earlier fights on.
    pub fort_failures: i64,
    /// Conditions it tried to save against, with the round (CX-TURN-06).
    pub saves_tried: Vec<(ConditionKind, u32)>,
    /// The round a kit was spent on stabilizing it: +20 that round (CX-DEATH-08).
    pub kit_round: Option<u32>,
    /// Sprint actions in a row so far (at most FORT, CX-MOVE-02).
    pub sprint_streak: u32,
    /// Actions left in which its shots take the sprint's +1 (CX-MOVE-02).
    pub sprint_window: u32,
    /// It moved during its current (or last) turn.
    pub moved_this_turn: bool,
    /// It moved during its previous turn (cloak upkeep, CX-CLOAK-01).
    pub moved_last_turn: bool,
    /// Who has not detected it, and its cloak (CX-CLOAK, CX-RNG-09/10).
    pub stealth: Stealth,
    /// The suppressors that have fired on it for moving into the open
    /// since they last laid down their suppression: they fire "once per
    /// target per suppressor's turn" (CX-SUP-02).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub suppression_fired_by: Vec<CombatantId>,
}

clone_in_place!(Combatant {
    fighter,
    cover,
    stance,
    revives,
    fort_failures,
    saves_tried,
    kit_round,
    sprint_streak,
    sprint_window,
    moved_this_turn,
    moved_last_turn,
    stealth,
    suppression_fired_by,
});

impl Combatant {
    /// A combatant at full strength.
    pub fn new(fighter: Fighter, cover: Cover, stance: Stance) -> Self {
        let fort_failures = fighter.survival.fort_failures.unwrap_or(0);
        Combatant {
            fighter,
            cover,
            stance,
            revives: 0,
            fort_failures,
            saves_tried: Vec::new(),
            kit_round: None,
            sprint_streak: 0,
            sprint_window: 0,
            moved_this_turn: false,
            moved_last_turn: false,
            stealth: Stealth::default(),
            suppression_fired_by: Vec::new(),
        }
    }
}

/// Everything the rules know about one Compound X fight.
#[derive(Debug, Serialize, Deserialize)]
pub struct Battle {
    /// Initiative, rounds, turns, actions, reactions, effects.
    pub clock: Encounter<CxEffect>,
    /// The combatants by id.
    pub combatants: Roster,
    /// Metres between pairs of combatants, as the GM set them (a list of
    /// `[a, b, metres]` in JSON, whose map keys must be strings).
    pub distances: Distances,
    /// Pairs locked in melee, in adjacent metres (CX-MOVE-08).
    pub engaged: std::collections::BTreeSet<(CombatantId, CombatantId)>,
    /// Grapples under way (CX-MELEE-03).
    pub grapples: Vec<Grapple>,
    /// The battle map, if the fight has one (issue 24): positions then
    /// drive distances, sight, cover and areas.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scene: Option<Box<Scene>>,
}

clone_in_place!(Battle {
    clock,
    combatants,
    distances,
    engaged,
    grapples,
    scene,
});

impl Default for Battle {
    fn default() -> Self {
        Battle::new()
    }
}

impl Battle {
    /// An empty battle.
    pub fn new() -> Self {
        Battle {
            clock: Encounter::new(LIMITS),
            combatants: Roster::new(),
            distances: Distances::new(),
            engaged: std::collections::BTreeSet::new(),
            grapples: Vec::new(),
            scene: None,
        }
    }

    /// Where `id` stands on the map, if the fight has one and it is placed.
    pub fn position(&self, id: &CombatantId) -> Option<Point> {
        self.scene.as_ref()?.at(id)
    }

    /// Whether `a` sees `b` (and can shoot at it): always without a map or
    /// when either is not on it; on the map, unless a concealing wall or a
    /// closed door stands between them.
    pub fn sees(&self, a: &CombatantId, b: &CombatantId) -> bool {
        self.scene.as_ref().is_none_or(|s| s.sees(a, b))
    }

    /// The cover `target` has against `shooter`: its own (as the GM set
    /// it, or a spell gave it), or on the map the better of that and what
    /// the walls between them give.
    pub fn cover_against(&self, shooter: &CombatantId, target: &CombatantId) -> Cover {
        let own = self.combatants.get(target).map_or(Cover::None, |c| c.cover);
        match self.map_cover(shooter, target) {
            Some((walls, _)) if walls.modifier() > own.modifier() => walls,
            _ => own,
        }
    }

    /// The cover the map's walls give `target` against `shooter`, with the
    /// wall that gives it, when both are on the map.
    pub fn map_cover(
        &self,
        shooter: &CombatantId,
        target: &CombatantId,
    ) -> Option<(Cover, Option<String>)> {
        let scene = self.scene.as_ref()?;
        let (from, to) = (scene.at(shooter)?, scene.at(target)?);
        let (cover, wall) = scene.layout.cover(from, to);
        Some((cover, wall.map(Wall::label)))
    }

    /// The combatants that at least one of `viewers` sees on the map, the
    /// viewers included: a player's share of the fight (fog of war). Every
    /// combatant when there is no map; a combatant not on the map is seen.
    pub fn seen_by(&self, viewers: &[CombatantId]) -> Vec<CombatantId> {
        // The walls sorted into cells once for all the lines asked.
        let lines = self
            .scene
            .as_ref()
            .map(|s| (s, scene::Sightlines::new(&s.layout)));
        let sees = |v: &CombatantId, other: &CombatantId| match &lines {
            Some((scene, lines)) => match (scene.at(v), scene.at(other)) {
                (Some(a), Some(b)) => lines.sees(a, b),
                _ => true,
            },
            None => true,
        };
        self.combatants
            .keys()
            .filter(|other| {
                viewers.contains(other)
                    || viewers
                        .iter()
                        .any(|v| self.combatants.contains_key(v) && sees(v, other))
            })
            .cloned()
            .collect()
    }

    /// Sets the distances between `id` and everyone else on the map from
    /// their positions (after a move or a placing).
    fn measure_from(&mut self, id: &CombatantId) {
        let Some(scene) = self.scene.as_ref() else {
            return;
        };
        let Some(at) = scene.at(id) else {
            return;
        };
        let others: Vec<(CombatantId, i64)> = scene
            .positions
            .iter()
            .filter(|(other, _)| *other != id)
            .map(|(other, p)| (other.clone(), scene::metres_between(at, *p)))
            .collect();
        for (other, metres) in others {
            if self.distances.get(id, &other) != Some(metres) {
                self.distances.insert(id, &other, metres);
            }
        }
    }

    /// The combatant `id`.
    ///
    /// Every rule asks for combatants, many times a command: the search is
    /// inlined where it is asked for, and the refusal, rare, made apart.
    #[inline]
    pub fn combatant(&self, id: &CombatantId) -> Result<&Combatant, Refusal> {
        match self.combatants.get(id) {
            Some(c) => Ok(c),
            None => Err(self.unknown(id)),
        }
    }

    /// The name of `id`, or the id itself when it is not in the battle.
    pub fn name(&self, id: &CombatantId) -> String {
        self.combatants
            .get(id)
            .map_or_else(|| id.to_string(), |c| c.fighter.name.clone())
    }

    /// The refusal of a combatant `id` that is not in the battle.
    #[cold]
    #[inline(never)]
    fn unknown(&self, id: &CombatantId) -> Refusal {
        Refusal::Unknown {
            id: id.clone(),
            known: self.combatants.keys().map(|k| k.to_string()).collect(),
        }
    }

    /// The metres between `a` and `b`, if known.
    pub fn distance(&self, a: &CombatantId, b: &CombatantId) -> Option<i64> {
        self.distances.get(a, b)
    }

    /// The conditions on `id`.
    pub fn conditions<'a>(&'a self, id: &'a CombatantId) -> impl Iterator<Item = &'a Condition> {
        // The payload is asked first: cheaper than comparing ids.
        self.clock
            .effects
            .iter()
            .filter_map(move |e| match &e.payload {
                CxEffect::Condition(c) if &e.bearer == id => Some(c),
                _ => None,
            })
    }

    /// The change `id`'s conditions make to `stat` for the moment (drink,
    /// CX-COND-09, CX-COND-10).
    pub fn stat_change(&self, id: &CombatantId, stat: crate::Stat) -> i64 {
        self.conditions(id).map(|c| c.kind.stat_change(stat)).sum()
    }

    /// What `id`'s conditions change in a d100 check of `skill` (on `stat`,
    /// whose value is `value`): the changed stat's bonus (CX-DICE-02; only
    /// when `rolled`, as taking 50 or 100 adds no stat bonus) and drink's
    /// weight on driving, flying and heavy machinery (CX-COND-09,
    /// CX-COND-10), each with its source; empty when nothing changes.
    pub fn check_changes(
        &self,
        id: &CombatantId,
        skill: &str,
        (stat, value): (crate::Stat, i64),
        rolled: bool,
    ) -> Vec<(String, i64)> {
        let mut out = Vec::new();
        for c in self.conditions(id) {
            let change = c.kind.stat_change(stat);
            if change != 0 && rolled {
                out.push((
                    format!("{}: {stat} {change:+} (CX-COND-09/10)", c.kind.key()),
                    crate::stat_bonus(value + change) - crate::stat_bonus(value),
                ));
            }
            if crate::combat::MACHINE_SKILLS.contains(&skill) && c.kind.machine_penalty() != 0 {
                out.push((
                    format!(
                        "{}: driving, flying, heavy machinery (CX-COND-09/10)",
                        c.kind.key()
                    ),
                    c.kind.machine_penalty(),
                ));
            }
        }
        out
    }

    /// [`Battle::check_changes`] for a rolled check of `id`'s skill `line`.
    pub(crate) fn line_changes(
        &self,
        id: &CombatantId,
        line: &crate::sheet::SkillLine,
    ) -> Vec<(String, i64)> {
        let value = self
            .combatants
            .get(id)
            .map_or(5, |c| c.fighter.stats.get(line.stat));
        self.check_changes(id, &line.id, (line.stat, value), true)
    }

    /// `id`'s Will save as its conditions leave it: 2 x (CHA + INT - 6)
    /// with drink's change to CHA (CX-STAT, CX-COND-09, CX-COND-10).
    pub fn will_save(&self, id: &CombatantId) -> i64 {
        let change = self.stat_change(id, crate::Stat::Charisma)
            + self.stat_change(id, crate::Stat::Intelligence);
        self.combatants
            .get(id)
            .map_or(0, |c| c.fighter.saves.will + 2 * change)
    }

    /// `id`'s Reflex save as its conditions leave it: 2 x (PER + DEX - 6)
    /// with drink's change to PER and DEX.
    pub fn reflex_save(&self, id: &CombatantId) -> i64 {
        let change = self.stat_change(id, crate::Stat::Perception)
            + self.stat_change(id, crate::Stat::Dexterity);
        self.combatants
            .get(id)
            .map_or(0, |c| c.fighter.saves.reflex + 2 * change)
    }

    /// Whether `id` bears a condition of `kind`.
    pub fn has_condition(&self, id: &CombatantId, kind: ConditionKind) -> bool {
        self.has_effect(
            id,
            |e| matches!(e, CxEffect::Condition(c) if c.kind == kind),
        )
    }

    /// Whether `id` bears an effect matching `is`.
    pub fn has_effect(&self, id: &CombatantId, is: impl Fn(&CxEffect) -> bool) -> bool {
        // The payload is asked first: cheaper than comparing ids, and most
        // effects fail it.
        self.clock
            .effects
            .iter()
            .any(|e| is(&e.payload) && &e.bearer == id)
    }

    /// Whether `a` and `b` are locked in melee.
    pub fn engaged(&self, a: &CombatantId, b: &CombatantId) -> bool {
        self.engaged.contains(&pair_ref(a, b) as &dyn PairKey)
    }

    /// Everyone locked in melee with `id`.
    pub fn engaged_with(&self, id: &CombatantId) -> Vec<CombatantId> {
        self.engaged
            .iter()
            .filter_map(|(a, b)| {
                if a == id {
                    Some(b.clone())
                } else if b == id {
                    Some(a.clone())
                } else {
                    None
                }
            })
            .collect()
    }

    /// The grapple `id` is in, if any.
    pub fn grapple_of(&self, id: &CombatantId) -> Option<&Grapple> {
        self.grapples.iter().find(|g| g.involves(id))
    }

    /// Whether `id` is held by a pin or joint lock (CX-MELEE-03).
    pub fn is_restrained(&self, id: &CombatantId) -> bool {
        self.has_effect(id, |e| matches!(e, CxEffect::Restrained { .. }))
    }

    /// Whether `id` is suppressed: +1 to its shots, not stacking (CX-SUP-01).
    pub fn is_suppressed(&self, id: &CombatantId) -> bool {
        self.has_effect(id, |e| matches!(e, CxEffect::Suppressed { .. }))
    }

    /// The round number (0 before the fight and in the surprise round).
    pub fn round(&self) -> u32 {
        self.clock.round()
    }

    /// Whether the fight is under way.
    pub fn in_combat(&self) -> bool {
        matches!(
            self.clock.phase,
            FightPhase::Surprise { .. } | FightPhase::Round { .. }
        )
    }
}

/// The key of a pair of combatants, in either order.
pub fn pair(a: &CombatantId, b: &CombatantId) -> (CombatantId, CombatantId) {
    if a <= b {
        (a.clone(), b.clone())
    } else {
        (b.clone(), a.clone())
    }
}

/// As [`pair`], borrowing the ids: a key to look a pair up with, without
/// copying the ids (a distance is looked up many times a turn).
fn pair_ref<'a>(a: &'a CombatantId, b: &'a CombatantId) -> (&'a CombatantId, &'a CombatantId) {
    if a <= b { (a, b) } else { (b, a) }
}

/// A pair of ids, owned (the keys of [`Battle::distances`] and
/// [`Battle::engaged`]) or borrowed (a lookup), ordered alike, so that the
/// maps can be searched with borrowed ids.
trait PairKey {
    fn ids(&self) -> (&CombatantId, &CombatantId);
}

impl PairKey for (CombatantId, CombatantId) {
    fn ids(&self) -> (&CombatantId, &CombatantId) {
        (&self.0, &self.1)
    }
}

impl PairKey for (&CombatantId, &CombatantId) {
    fn ids(&self) -> (&CombatantId, &CombatantId) {
        (self.0, self.1)
    }
}

impl<'a> std::borrow::Borrow<dyn PairKey + 'a> for (CombatantId, CombatantId) {
    fn borrow(&self) -> &(dyn PairKey + 'a) {
        self
    }
}

impl PartialEq for dyn PairKey + '_ {
    fn eq(&self, other: &Self) -> bool {
        self.ids() == other.ids()
    }
}

impl Eq for dyn PairKey + '_ {}

impl PartialOrd for dyn PairKey + '_ {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for dyn PairKey + '_ {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.ids().cmp(&other.ids())
    }
}

/// The Compound X ruleset for the spine.
#[derive(Clone, Copy, Debug, Default)]
pub struct CompoundX;

impl Ruleset for CompoundX {
    type State = Battle;
    type Command = Command;
    type Event = Event;
    type Error = Refusal;

    fn decide(
        state: &Battle,
        command: &Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Event>, Refusal> {
        command::decide(state, command, dice)
    }

    fn evolve(state: &mut Battle, event: &Event) {
        event::evolve(state, event);
    }

    // The decision's scratch battle, each event applied as it was decided.
    fn decide_with_state(
        state: &Battle,
        command: &Command,
        dice: &mut dyn DiceSource,
    ) -> Result<(Battle, Vec<Event>), Refusal> {
        command::decide_with_state(state, command, dice)
    }
}

/// Events decided so far, applied to the battle as they are pushed, so
/// later decisions see earlier consequences. The battle is a scratch copy,
/// or the caller's own when it keeps the outcome whatever it is.
///
/// Not the shared [`nanite_core::Decision`], which always owns a copy: the
/// simulator decides straight onto the battle it keeps (no copy a command),
/// builds its events unexplained, and lends the dice buffers a shot's
/// damage is rolled with from one command to the next.
pub(crate) struct Decision<'b> {
    pub(crate) state: &'b mut Battle,
    pub(crate) events: Vec<Event>,
    /// Whether the events are explained for people (always at the table):
    /// shots carry their breakdowns, actions spent say what on in full, an
    /// effect's end says why. The simulator, which keeps no events, does
    /// without: a shot's action says only "fire", all the rules read of it.
    pub(crate) explain: bool,
    /// The buffers a shot's damage is rolled with: lent by the simulator
    /// from one command to the next, so that they are not made again for
    /// every shot.
    pub(crate) roller: nanite_dice::Roller,
}

impl<'b> Decision<'b> {
    /// A decision on `state`, the battle before it (a copy, unless the
    /// caller keeps the outcome whatever it is).
    pub(crate) fn new(state: &'b mut Battle) -> Self {
        Decision {
            state,
            events: Vec::new(),
            explain: true,
            roller: nanite_dice::Roller::new(),
        }
    }

    pub(crate) fn push(&mut self, event: Event) {
        // Kept, then applied from where it is kept: the event is moved once.
        self.events.push(event);
        if let Some(event) = self.events.last() {
            event::evolve(self.state, event);
        }
    }

    pub(crate) fn clock(&mut self, event: nanite_core::ClockEvent<CxEffect>) {
        self.push(Event::Clock(event));
    }
}

impl nanite_core::encounter::TurnTaker<CxEffect> for Decision<'_> {
    fn clock(&self) -> &Encounter<CxEffect> {
        &self.state.clock
    }

    fn push(&mut self, event: nanite_core::ClockEvent<CxEffect>) {
        // The decision's own `clock`, applying it to the battle.
        Decision::clock(self, event);
    }

    fn explain(&self) -> bool {
        self.explain
    }
}
