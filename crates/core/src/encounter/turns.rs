//! Deciding and applying clock commands: joining, the order, the surprise
//! round, turns and rounds, held actions.

use std::collections::BTreeMap;

use super::initiative::reorder;
use super::{
    ClockCommand, ClockEvent, CombatantId, Effect, Encounter, EncounterError, FightPhase, Held,
    Initiative, Moment,
};

pub(super) fn decide<P: Clone>(
    enc: &Encounter<P>,
    command: &ClockCommand,
) -> Result<Vec<ClockEvent<P>>, EncounterError> {
    match command {
        ClockCommand::Join { id, side, hidden } => {
            if enc.seat(id).is_ok() {
                return Err(EncounterError::Taken { id: id.clone() });
            }
            Ok(vec![ClockEvent::Joined {
                id: id.clone(),
                side: side.clone(),
                hidden: *hidden,
            }])
        }
        ClockCommand::Leave { id } => {
            enc.seat(id)?;
            let mut events = Vec::new();
            if enc.active.as_ref() == Some(id) {
                // Its turn ends first, worked out on a copy of the clock.
                let mut scratch = Scratch {
                    clock: turn_scratch(enc),
                    events: Vec::new(),
                };
                end_turn_in(&mut scratch, id);
                events = scratch.events;
            }
            // Effects timed by the leaver's turns would never end: they end
            // now (those it bears leave with it).
            for effect in &enc.effects {
                let timed_by_leaver = effect.expiry.as_ref().is_some_and(|x| &x.at.of == id);
                let already = events
                    .iter()
                    .any(|e| matches!(e, ClockEvent::EffectEnded { id: ended, .. } if *ended == effect.id));
                if timed_by_leaver && &effect.bearer != id && !already {
                    events.push(ClockEvent::EffectEnded {
                        id: effect.id,
                        why: format!("{} ended: {id} left the fight", effect.name),
                    });
                }
            }
            events.push(ClockEvent::Left { id: id.clone() });
            Ok(events)
        }
        ClockCommand::Hide { id, hidden } => {
            enc.seat(id)?;
            Ok(vec![ClockEvent::HiddenSet {
                id: id.clone(),
                hidden: *hidden,
            }])
        }
        ClockCommand::SetInitiative { id, total } => {
            enc.seat(id)?;
            Ok(vec![ClockEvent::InitiativeSet {
                id: id.clone(),
                total: *total,
            }])
        }
        ClockCommand::Pin { id, pinned } => {
            enc.seat(id)?;
            Ok(vec![ClockEvent::PinSet {
                id: id.clone(),
                pinned: *pinned,
            }])
        }
        ClockCommand::Place { id, position } => {
            enc.seat(id)?;
            let last = enc.seats.len().saturating_sub(1);
            if *position > last {
                return Err(EncounterError::NoSuchPlace {
                    position: *position,
                    last,
                });
            }
            Ok(vec![ClockEvent::Placed {
                id: id.clone(),
                position: *position,
            }])
        }
        ClockCommand::Begin { surprise } => begin(enc, surprise),
        ClockCommand::NextTurn => next_turn(enc),
        ClockCommand::Hold { actions, trigger } => {
            let id = enc.active.clone().ok_or(EncounterError::NoActiveTurn)?;
            if trigger.trim().is_empty() {
                return Err(EncounterError::NoTrigger);
            }
            // Held actions are lost when the holder's turn starts, so any
            // held now were held this turn; a second hold would replace them
            // and lose their actions.
            if let Some(held) = enc.held.get(&id) {
                return Err(EncounterError::AlreadyHolding {
                    id,
                    actions: held.actions,
                    trigger: held.trigger.clone(),
                });
            }
            if *actions == 0 || *actions > enc.limits.max_held || *actions > enc.budget.left {
                return Err(EncounterError::TooManyHeld {
                    max: enc.limits.max_held,
                    left: enc.budget.left,
                });
            }
            Ok(vec![ClockEvent::ActionsHeld {
                id,
                actions: *actions,
                trigger: trigger.clone(),
            }])
        }
        ClockCommand::Trigger { id } => {
            enc.seat(id)?;
            let held = enc
                .held
                .get(id)
                .filter(|h| !h.triggered)
                .ok_or_else(|| EncounterError::NothingHeld { id: id.clone() })?;
            let reaction = enc.react(id, &format!("held actions: {}", held.trigger))?;
            Ok(vec![
                reaction,
                ClockEvent::HeldTriggered {
                    id: id.clone(),
                    actions: held.actions,
                },
            ])
        }
        ClockCommand::End => Ok(vec![ClockEvent::Ended]),
    }
}

fn begin<P: Clone>(
    enc: &Encounter<P>,
    surprise: &[CombatantId],
) -> Result<Vec<ClockEvent<P>>, EncounterError> {
    if enc.phase != FightPhase::Setup {
        return Err(EncounterError::AlreadyBegun);
    }
    if enc.seats.is_empty() {
        return Err(EncounterError::Empty);
    }
    if let Some(seat) = enc.seats.iter().find(|s| s.initiative.is_none()) {
        return Err(EncounterError::NoInitiative {
            id: seat.id.clone(),
        });
    }
    for id in surprise {
        if !enc.seat(id)?.hidden {
            return Err(EncounterError::NotHidden { id: id.clone() });
        }
    }
    let mut begun = enc.clone();
    let first = if surprise.is_empty() {
        ClockEvent::RoundBegan { number: 1 }
    } else {
        ClockEvent::SurpriseBegan {
            actors: surprise.to_vec(),
        }
    };
    begun.apply(&first);
    let mut events = vec![first];
    events.extend(next_turn(&begun)?);
    Ok(events)
}

/// The events of `NextTurn` ([`next_turn_in`]), worked out on a copy of
/// the clock.
fn next_turn<P: Clone>(enc: &Encounter<P>) -> Result<Vec<ClockEvent<P>>, EncounterError> {
    let mut scratch = Scratch {
        clock: turn_scratch(enc),
        events: Vec::new(),
    };
    next_turn_in(&mut scratch)?;
    Ok(scratch.events)
}

/// What the turn's end and the next turn's start are worked out on: a clock
/// that each event is applied to before the next is worked out.
pub trait TurnTaker<P> {
    /// The clock as it stands.
    fn clock(&self) -> &Encounter<P>;
    /// Applies `event` (and keeps it).
    fn push(&mut self, event: ClockEvent<P>);
    /// Whether the events are for people to read: when not (a simulated
    /// fight, whose events nobody keeps), an effect's end says nothing of
    /// why (no rule reads it), and no text is made for it.
    fn explain(&self) -> bool {
        true
    }
}

/// The event of `effect` ending at `moment`, saying why if the events are
/// explained ([`TurnTaker::explain`]).
fn ended<P>(on: &impl TurnTaker<P>, moment: &Moment, effect: &Effect<P>) -> ClockEvent<P> {
    ClockEvent::EffectEnded {
        id: effect.id,
        why: if on.explain() {
            moment.ended(&effect.name)
        } else {
            String::new()
        },
    }
}

/// A copy of a clock, and the events applied to it.
struct Scratch<P> {
    clock: Encounter<P>,
    events: Vec<ClockEvent<P>>,
}

impl<P: Clone> TurnTaker<P> for Scratch<P> {
    fn clock(&self) -> &Encounter<P> {
        &self.clock
    }

    fn push(&mut self, event: ClockEvent<P>) {
        self.clock.apply(&event);
        self.events.push(event);
    }
}

/// Ends the active turn (if any) and starts the next, beginning a new round
/// when everyone has acted: the events of `NextTurn`, each pushed to `on`
/// (which applies it) before the next is worked out. A ruleset deciding on
/// its own state (as Compound X's simulator does) pushes them there, with
/// no copy of the clock.
pub fn next_turn_in<P: Clone>(on: &mut impl TurnTaker<P>) -> Result<(), EncounterError> {
    // Not begun yet, or over.
    on.clock().check_running()?;
    if let Some(id) = on.clock().active.clone() {
        end_turn_in(on, &id);
    }
    let next = match next_in_round(on.clock()) {
        Some(id) => id,
        None => {
            let number = on.clock().round() + 1;
            on.push(ClockEvent::RoundBegan { number });
            match next_in_round(on.clock()) {
                Some(id) => id,
                None => return Ok(()),
            }
        }
    };
    if let Some(held) = on.clock().held.get(&next) {
        let lost = ClockEvent::HeldLost {
            id: next.clone(),
            actions: held.actions,
        };
        on.push(lost);
    }
    // Ending one effect changes no other's expiry: each is found and
    // ended in turn, in the order of the effects, with no list made.
    let start = Moment::start_of(&next);
    while let Some(event) = on
        .clock()
        .effects
        .iter()
        .find(|e| e.expires_at(&start))
        .map(|e| ended(on, &start, e))
    {
        on.push(event);
    }
    let actions = on.clock().limits.actions_per_turn;
    on.push(ClockEvent::TurnBegan { id: next, actions });
    Ok(())
}

/// Pushes to `on` the events that end `id`'s turn: its end, then the
/// effects it ends. Those are worked out before the end is
/// applied (it counts the others down), and kept on the stack while there
/// are few, as there nearly always are: a turn ends without a list made.
fn end_turn_in<P: Clone>(on: &mut impl TurnTaker<P>, id: &CombatantId) {
    let moment = Moment::end_of(id);
    let mut few: [Option<ClockEvent<P>>; 4] = Default::default();
    let mut more = Vec::new();
    let ending = on
        .clock()
        .effects
        .iter()
        .filter(|e| e.expires_at(&moment))
        .map(|e| ended(on, &moment, e));
    for (i, event) in ending.enumerate() {
        match few.get_mut(i) {
            Some(slot) => *slot = Some(event),
            None => more.push(event),
        }
    }
    on.push(ClockEvent::TurnEnded { id: id.clone() });
    for event in few.into_iter().flatten().chain(more) {
        on.push(event);
    }
}

/// A copy of `enc` to apply the end of a turn and the start of the next to,
/// leaving out what those never read nor change (the seats and the
/// reactions used), which need not be copied for every turn.
fn turn_scratch<P: Clone>(enc: &Encounter<P>) -> Encounter<P> {
    Encounter {
        seats: Vec::new(),
        order: enc.order.clone(),
        phase: enc.phase.clone(),
        active: enc.active.clone(),
        cursor: enc.cursor,
        acted: enc.acted.clone(),
        budget: enc.budget.clone(),
        reactions: BTreeMap::new(),
        held: enc.held.clone(),
        effects: enc.effects.clone(),
        next_effect: enc.next_effect,
        limits: enc.limits,
    }
}

/// Who acts next this round: the first in the order who has not acted
/// (and, in the surprise round, is one of the surprisers). Everyone still
/// to act does, in the order as it stands now: the GM may move combatants
/// around the active one without anyone losing a turn. A newcomer whose
/// place had already passed when it got its initiative counts as having
/// acted (see [`passed`]).
fn next_in_round<P>(enc: &Encounter<P>) -> Option<CombatantId> {
    enc.order
        .iter()
        .find(|id| {
            !enc.acted.contains(id)
                && match &enc.phase {
                    FightPhase::Surprise { actors } => actors.contains(id),
                    _ => true,
                }
        })
        .cloned()
}

/// A newcomer got its first initiative mid-round: if its place in the order
/// is before the active combatant (or, between turns, before the next
/// place), its turn this round has passed and it first acts next round.
fn passed<P>(enc: &mut Encounter<P>, id: &CombatantId, had_initiative: bool) {
    if had_initiative || !enc.running() || enc.acted.contains(id) {
        return;
    }
    let Some(place) = enc.order.iter().position(|o| o == id) else {
        return;
    };
    if place < enc.cursor {
        enc.acted.push(id.clone());
    }
}

pub(super) fn apply<P: Clone>(enc: &mut Encounter<P>, event: &ClockEvent<P>) {
    match event {
        ClockEvent::Joined { id, side, hidden } => {
            enc.seats.push(super::Seat {
                id: id.clone(),
                side: side.clone(),
                hidden: *hidden,
                initiative: None,
                pinned: false,
            });
            enc.order.push(id.clone());
            reorder(enc);
        }
        ClockEvent::Left { id } => left(enc, id),
        ClockEvent::HiddenSet { id, hidden } => {
            if let Some(seat) = enc.seat_mut(id) {
                seat.hidden = *hidden;
            }
        }
        ClockEvent::InitiativeRolled {
            id,
            die,
            modifier,
            total,
        } => initiative(enc, id, Some(*die), *modifier, *total),
        ClockEvent::RolledOff { id, die } => {
            if let Some(init) = enc.seat_mut(id).and_then(|s| s.initiative.as_mut()) {
                init.rolloff.push(*die);
            }
            reorder(enc);
        }
        ClockEvent::InitiativeSet { id, total } => initiative(enc, id, None, 0, *total),
        ClockEvent::PinSet { id, pinned } => {
            if let Some(seat) = enc.seat_mut(id) {
                seat.pinned = *pinned;
            }
            reorder(enc);
        }
        ClockEvent::Placed { id, position } => placed(enc, id, *position),
        ClockEvent::SurpriseBegan { actors } => {
            enc.phase = FightPhase::Surprise {
                actors: actors.clone(),
            };
            enc.acted.clear();
            enc.cursor = 0;
        }
        ClockEvent::RoundBegan { number } => {
            enc.phase = FightPhase::Round { number: *number };
            enc.acted.clear();
            enc.reactions.clear();
            enc.active = None;
            enc.cursor = 0;
        }
        ClockEvent::TurnBegan { id, actions } => turn_began(enc, id, *actions),
        ClockEvent::TurnEnded { id } => turn_ended(enc, id),
        ClockEvent::ActionsSpent {
            id, actions, on, ..
        } => actions_spent(enc, id, *actions, on.clone()),
        ClockEvent::ReactionUsed { id, .. } => {
            *enc.reactions.entry(id.clone()).or_insert(0) += 1;
        }
        ClockEvent::ActionsHeld {
            id,
            actions,
            trigger,
        } => {
            enc.budget.spend(*actions, "held".into());
            enc.held.insert(
                id.clone(),
                Held {
                    actions: *actions,
                    trigger: trigger.clone(),
                    triggered: false,
                },
            );
        }
        ClockEvent::HeldTriggered { id, .. } => {
            if let Some(held) = enc.held.get_mut(id) {
                held.triggered = true;
            }
        }
        ClockEvent::HeldLost { id, .. } => {
            enc.held.remove(id);
        }
        ClockEvent::EffectAdded { effect } => {
            enc.next_effect = super::EffectId(enc.next_effect.0.max(effect.id.0) + 1);
            enc.effects.push(super::Effect::clone(effect));
        }
        ClockEvent::EffectEnded { id, .. } => enc.effects.retain(|e| e.id != *id),
        ClockEvent::EffectChanged { effect } => {
            if let Some(e) = enc.effects.iter_mut().find(|e| e.id == effect.id) {
                e.clone_from(effect);
            }
        }
        ClockEvent::Ended => {
            enc.phase = FightPhase::Ended;
            enc.active = None;
            enc.held.clear();
        }
    }
}

/// `id` leaves the fight: its seat, its place in the order (the cursor
/// between turns keeps pointing at the same next combatant), its
/// reactions, held actions and the effects it bears.
fn left<P>(enc: &mut Encounter<P>, id: &CombatantId) {
    if let Some(i) = enc.order.iter().position(|o| o == id) {
        if enc.active.is_none() && i < enc.cursor {
            enc.cursor -= 1;
        }
    }
    enc.seats.retain(|s| &s.id != id);
    enc.order.retain(|o| o != id);
    enc.acted.retain(|o| o != id);
    enc.reactions.remove(id);
    enc.held.remove(id);
    enc.effects.retain(|e| &e.bearer != id);
    reorder(enc);
}

/// `id`'s initiative, rolled (`die`) or set by the GM (none): the order
/// is sorted again, and a newcomer whose place has passed acts next round.
fn initiative<P>(
    enc: &mut Encounter<P>,
    id: &CombatantId,
    die: Option<u32>,
    modifier: i64,
    total: i64,
) {
    let had = enc.seat(id).is_ok_and(|s| s.initiative.is_some());
    if let Some(seat) = enc.seat_mut(id) {
        seat.initiative = Some(Initiative {
            die,
            modifier,
            total,
            rolloff: Vec::new(),
        });
    }
    reorder(enc);
    passed(enc, id, had);
}

/// The GM places `id` at `position` in the order: it is pinned there, and
/// the others pinned keep their places relative to the new order.
fn placed<P>(enc: &mut Encounter<P>, id: &CombatantId, position: usize) {
    enc.order.retain(|o| o != id);
    let at = position.min(enc.order.len());
    enc.order.insert(at, id.clone());
    if let Some(seat) = enc.seat_mut(id) {
        seat.pinned = true;
    }
    reorder(enc);
}

/// `id`'s turn begins with `actions`: effects waiting for its start tick.
fn turn_began<P>(enc: &mut Encounter<P>, id: &CombatantId, actions: u32) {
    enc.active = Some(id.clone());
    enc.acted.push(id.clone());
    enc.budget.begin(actions);
    if let Some(i) = enc.order.iter().position(|o| o == id) {
        enc.cursor = i;
    }
    tick_expiries(enc, &Moment::start_of(id));
}

/// `id`'s turn ends: the cursor moves past it and effects waiting for its
/// end tick.
fn turn_ended<P>(enc: &mut Encounter<P>, id: &CombatantId) {
    if enc.active.as_ref() == Some(id) {
        if let Some(i) = enc.order.iter().position(|o| o == id) {
            enc.cursor = i + 1;
        }
        enc.active = None;
        enc.budget.begin(0);
    }
    tick_expiries(enc, &Moment::end_of(id));
}

/// `id` spends `actions` on `on`: from its turn's budget, or out of turn
/// from the actions it held (gone when none is left).
fn actions_spent<P>(
    enc: &mut Encounter<P>,
    id: &CombatantId,
    actions: u32,
    on: std::borrow::Cow<'static, str>,
) {
    if enc.active.as_ref() == Some(id) {
        enc.budget.spend(actions, on);
    } else if let Some(held) = enc.held.get_mut(id) {
        held.actions = held.actions.saturating_sub(actions);
        if held.actions == 0 {
            enc.held.remove(id);
        }
    }
}

/// Counts a moment down on every expiry waiting for it. Effects reaching zero
/// are ended by their own `EffectEnded` events, decided with the moment.
fn tick_expiries<P>(enc: &mut Encounter<P>, moment: &Moment) {
    for effect in &mut enc.effects {
        if let Some(expiry) = &mut effect.expiry {
            if &expiry.at == moment && expiry.count > 1 {
                expiry.count -= 1;
            }
        }
    }
}
