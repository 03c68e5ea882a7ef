//! The log in words, twice: as the GM reads it, and as the table may hear
//! it. The table never hears of a combatant the clock hides from the
//! players, a GM's ruling of who cannot see whom, a hidden DC, or an exact
//! health total; what it does hear is the engine's own narration. Whether
//! an event concerns a hidden combatant is read from the event's typed
//! fields (the ruleset's `Event::concerns`), never by searching its words
//! or its JSON for names or ids; of an unseen combatant acting on a visible
//! one the table hears only what the target feels ("Vex is shot at by
//! someone unseen: a miss").

use std::collections::BTreeSet;

use nanite_compound_x::combat::{ArmorHit, Strike};
use nanite_compound_x::encounter::{Battle, CompoundX, Event, narrate};
use nanite_core::encounter::{EffectId, Encounter};
use nanite_core::{ClockEvent, CombatantId, Ruleset};

/// One command's log lines.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub(crate) struct Told {
    /// Everything, for the GM.
    pub(crate) gm: Vec<String>,
    /// What the table may hear.
    pub(crate) table: Vec<String>,
    /// Nothing of it may reach the table.
    pub(crate) secret: bool,
    /// The table's lines again, event by event, each with the combatants
    /// its event concerns: a viewer in the fog of war of a battle map
    /// hears only the events about combatants they see (`fog.rs`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) heard: Vec<Heard>,
}

/// The table's lines of one event, and whom the event concerns.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub(crate) struct Heard {
    /// The combatants it concerns.
    pub(crate) concerns: Vec<CombatantId>,
    /// Its lines for the table.
    pub(crate) lines: Vec<String>,
}

impl Told {
    /// The table's lines a viewer who sees only `seen` hears: those of the
    /// events that concern nobody outside it.
    pub(crate) fn heard_by(&self, seen: &BTreeSet<CombatantId>) -> Vec<String> {
        self.heard
            .iter()
            .filter(|h| h.concerns.iter().all(|id| seen.contains(id)))
            .flat_map(|h| h.lines.iter().cloned())
            .collect()
    }
}

/// What telling a ruleset's events needs from it; the rest of [`tell_as`]
/// (who is hidden before and after each event, whether an event concerns
/// one of them, when a whole command is the GM's alone) is the same for
/// every ruleset. Whom an event concerns comes from its typed fields
/// ([`Teller::concerns`]), never from searching its words or its JSON.
pub(crate) trait Teller {
    /// The ruleset.
    type Rules: Ruleset;
    /// The combatants hidden from the players in `state`.
    fn hidden(state: &<Self::Rules as Ruleset>::State) -> BTreeSet<CombatantId>;
    /// The GM's lines for `event`.
    fn narrate(
        state: &<Self::Rules as Ruleset>::State,
        event: &<Self::Rules as Ruleset>::Event,
    ) -> Vec<String>;
    /// The combatants `event` concerns (the ruleset's typed `concerns`),
    /// in `state`, the state just before it.
    fn concerns<'a>(
        state: &'a <Self::Rules as Ruleset>::State,
        event: &'a <Self::Rules as Ruleset>::Event,
    ) -> Vec<&'a CombatantId>;
    /// What the table may hear of `event`, which concerns nobody hidden
    /// from it: most often the GM's own lines ([`Hears::AsTheGm`], so they
    /// are narrated once), else lines of its own, or nothing (a ruling, a
    /// hidden DC).
    fn for_table(
        state: &<Self::Rules as Ruleset>::State,
        event: &<Self::Rules as Ruleset>::Event,
    ) -> Hears;
    /// The lines the table may hear of `event`, which concerns a combatant
    /// hidden from it (`unseen` says which are), or `None` (the default:
    /// nothing of it). What the rules let a player learn when an unseen
    /// combatant acts on a visible one ("shot at by someone unseen"): built
    /// from the event's typed fields, never naming an unseen combatant.
    fn unseen(
        state: &<Self::Rules as Ruleset>::State,
        event: &<Self::Rules as Ruleset>::Event,
        unseen: &dyn Fn(&CombatantId) -> bool,
    ) -> Option<Vec<String>>;
    /// The combatant `event` reveals to the players, if it does.
    fn revealed(event: &<Self::Rules as Ruleset>::Event) -> Option<&CombatantId>;
}

/// What the table hears of an event that concerns nobody hidden from it.
pub(crate) enum Hears {
    /// The GM's lines, word for word (narrated once, for both).
    AsTheGm,
    /// Lines of its own (the GM's give away a total or a DC).
    Lines(Vec<String>),
    /// Nothing: the event is the GM's alone.
    Nothing,
}

/// Tells `events`, starting from `before`, the state just before the
/// command, which led to `after`, the way `T` tells its ruleset's events.
/// An event concerning a combatant hidden from the players just before or
/// after it (and not revealed by it) reaches the table only as
/// [`Teller::unseen`] tells it; any other, as [`Teller::for_table`] does.
pub(crate) fn tell_as<T: Teller>(
    before: <T::Rules as Ruleset>::State,
    after: &<T::Rules as Ruleset>::State,
    events: &[<T::Rules as Ruleset>::Event],
) -> Told {
    let mut state = before;
    // The state after the event being told: the last event's is `after`;
    // an earlier one's is a copy kept one event ahead of `state`. So a
    // command of one event (most of them) is told without copying the
    // state, and a command of several with one copy.
    let mut ahead = (events.len() > 1).then(|| state.clone());
    let mut told = Told::default();
    let (mut withheld, mut heard) = (false, false);
    // Who is hidden in `state` (carried from one event to the next).
    let mut hidden_before = T::hidden(&state);
    for (i, event) in events.iter().enumerate() {
        let last = i + 1 == events.len();
        let next = match ahead.as_mut() {
            Some(ahead) if !last => {
                T::Rules::evolve(ahead, event);
                &*ahead
            }
            _ => after,
        };
        let hidden_after = T::hidden(next);
        let mut unseen = hidden_before.clone();
        unseen.extend(hidden_after.iter().cloned());
        if let Some(id) = T::revealed(event) {
            // The reveal itself is for everyone.
            unseen.remove(id);
        }
        let lines = T::narrate(&state, event);
        let concerns: Vec<CombatantId> = T::concerns(&state, event).into_iter().cloned().collect();
        let shown = if concerns.iter().any(|id| unseen.contains(id)) {
            T::unseen(&state, event, &|id| unseen.contains(id))
        } else {
            match T::for_table(&state, event) {
                Hears::AsTheGm => Some(lines.clone()),
                Hears::Lines(own) => Some(own),
                Hears::Nothing => None,
            }
        };
        told.gm.extend(lines);
        if !last {
            T::Rules::evolve(&mut state, event);
        }
        hidden_before = hidden_after;
        match shown {
            Some(lines) => {
                heard = true;
                told.table.extend(lines.iter().cloned());
                told.heard.push(Heard { concerns, lines });
            }
            None => withheld = true,
        }
    }
    told.secret = withheld && !heard;
    told
}

/// What the table hears of an effect ending that concerns an unseen
/// combatant: nothing when the bearer is unseen; otherwise that it ended
/// for its bearer, not at whose turn nor by whose hand (the effect is found
/// in `clock` by its typed id, its bearer by its typed field).
pub(crate) fn effect_ended<P>(
    clock: &Encounter<P>,
    id: &EffectId,
    unseen: &dyn Fn(&CombatantId) -> bool,
) -> Option<Vec<String>> {
    let effect = clock.effects.iter().find(|e| &e.id == id)?;
    if unseen(&effect.bearer) {
        return None;
    }
    Some(vec![format!("{} ended for {}", effect.name, effect.bearer)])
}

/// Makes the `tell` of the module it is called in, for ruleset `$rules`,
/// from that module's own words: its `Battle` and `Event`, its `hidden`
/// (the combatants the clock hides, with their names), `narrate`,
/// `for_table` and `unseen_by_table` ([`Teller::for_table`],
/// [`Teller::unseen`]). Whom an event concerns is the event's typed
/// `concerns`; the clock's `HiddenSet` to false reveals a combatant.
macro_rules! tell_in_this_module {
    ($rules:ty) => {
        /// How the ruleset is told (`told::tell_in_this_module`).
        struct ThisTeller;

        impl $crate::told::Teller for ThisTeller {
            type Rules = $rules;
            fn hidden(state: &Battle) -> BTreeSet<CombatantId> {
                hidden(state).into_iter().map(|(id, _)| id).collect()
            }
            fn narrate(state: &Battle, event: &Event) -> Vec<String> {
                narrate(state, event)
            }
            fn concerns<'a>(state: &'a Battle, event: &'a Event) -> Vec<&'a CombatantId> {
                event.concerns(state)
            }
            fn for_table(state: &Battle, event: &Event) -> $crate::told::Hears {
                for_table(state, event)
            }
            fn unseen(
                state: &Battle,
                event: &Event,
                unseen: &dyn Fn(&CombatantId) -> bool,
            ) -> Option<Vec<String>> {
                unseen_by_table(state, event, unseen)
            }
            fn revealed(event: &Event) -> Option<&CombatantId> {
                match event {
                    Event::Clock(ClockEvent::HiddenSet { id, hidden: false }) => Some(id),
                    _ => None,
                }
            }
        }

        /// Tells `events`, starting from `before`, the battle just before
        /// the command, which led to `after`.
        pub(crate) fn tell(before: Battle, after: &Battle, events: &[Event]) -> $crate::told::Told {
            $crate::told::tell_as::<ThisTeller>(before, after, events)
        }
    };
}
pub(crate) use tell_in_this_module;

// Compound X is told by this module's words.
tell_in_this_module!(CompoundX);

/// The combatants `clock` hides from the players, each with its name
/// (`name`), in any ruleset.
pub(crate) fn hidden_by<P>(
    clock: &Encounter<P>,
    name: impl Fn(&CombatantId) -> String,
) -> BTreeSet<(CombatantId, String)> {
    clock
        .seats
        .iter()
        .filter(|s| s.hidden)
        .map(|s| (s.id.clone(), name(&s.id)))
        .collect()
}

/// The combatants the clock hides from the players, with their names.
pub(crate) fn hidden(battle: &Battle) -> BTreeSet<(CombatantId, String)> {
    hidden_by(&battle.clock, |id| {
        battle
            .combatants
            .get(id)
            .map(|c| c.fighter.name.clone())
            .unwrap_or_default()
    })
}

/// What the table may hear of `event`, which concerns nobody hidden from
/// it.
fn for_table(state: &Battle, event: &Event) -> Hears {
    match event {
        // Entering shows health totals: the table hears only the name.
        Event::Entered { id, fighter, .. } => {
            Hears::Lines(vec![format!("{} ({id}) enters", fighter.name)])
        }
        Event::Checked { id, what, result } => Hears::Lines(narrate(
            state,
            &Event::Checked {
                id: id.clone(),
                what: what.clone(),
                result: result.for_player(),
            },
        )),
        Event::Searched {
            searcher,
            target,
            glance,
            round,
            result,
        } => Hears::Lines(narrate(
            state,
            &Event::Searched {
                searcher: searcher.clone(),
                target: target.clone(),
                glance: *glance,
                round: *round,
                result: result.for_player(),
            },
        )),
        // Who is undetected by whom, and the DC to find them, are rulings
        // the GM keeps.
        Event::Concealed { .. } => Hears::Nothing,
        Event::Clock(ClockEvent::HiddenSet { hidden: true, .. }) => Hears::Nothing,
        _ => Hears::Lines(narrate(state, event)),
    }
}

/// What the table hears of `event`, which concerns a combatant hidden from
/// it: an effect ending for a visible bearer, a grapple with an unseen
/// combatant as the visible one in it feels it (grabbed, in control or
/// not, out of it), and an unseen combatant's
/// shot, blow or suppressive fire at a visible one, as the target feels it
/// (hit or miss and what the damage did), without the attacker's name or
/// id and without its numbers (miss chance, dice). Anything else: nothing.
fn unseen_by_table(
    state: &Battle,
    event: &Event,
    unseen: &dyn Fn(&CombatantId) -> bool,
) -> Option<Vec<String>> {
    let name = |id: &CombatantId| {
        state
            .combatants
            .get(id)
            .map_or_else(|| id.to_string(), |c| c.fighter.name.clone())
    };
    let (target, how, hit, critical, strike) = match event {
        Event::Clock(ClockEvent::EffectEnded { id, .. }) => {
            return effect_ended(&state.clock, id, unseen);
        }
        Event::GrappleBegan { grappler, grappled } if unseen(grappler) && !unseen(grappled) => {
            return Some(vec![format!(
                "{} is grabbed by someone unseen (CX-MELEE-03)",
                name(grappled)
            )]);
        }
        Event::GrappleControl { controller, .. } => {
            let g = state.grapples.iter().find(|g| g.involves(controller))?;
            let felt = [&g.grappler, &g.grappled]
                .into_iter()
                .find(|id| !unseen(id))?;
            return Some(vec![if felt == controller {
                format!("{} has control of the grapple", name(felt))
            } else {
                format!("{} does not have control of the grapple", name(felt))
            }]);
        }
        Event::GrappleEnded { a, b, .. } => {
            let felt = [a, b].into_iter().find(|id| !unseen(id))?;
            return Some(vec![format!("{} is out of the grapple", name(felt))]);
        }
        Event::Shot {
            attacker,
            target,
            shot,
            ..
        } if unseen(attacker) => (target, "shot at", shot.hit, shot.critical, &shot.strike),
        Event::Melee {
            attacker,
            target,
            swing,
            ..
        } if unseen(attacker) => (
            target,
            "attacked in melee",
            swing.hit,
            swing.critical,
            &swing.strike,
        ),
        Event::SuppressionFire {
            by, target, hit, ..
        } if unseen(by) => (
            target,
            "fired on under suppression",
            hit.hit,
            hit.critical,
            &hit.strike,
        ),
        _ => return None,
    };
    if unseen(target) {
        return None;
    }
    let outcome = match (hit, strike) {
        (false, _) => "a miss".to_string(),
        (true, None) => "a hit".to_string(),
        (true, Some(s)) => format!(
            "a {}hit: {}",
            if critical { "critical " } else { "" },
            what_it_did(s)
        ),
    };
    Some(vec![format!(
        "{} is {how} by someone unseen: {outcome}",
        name(target)
    )])
}

/// What a hit did to its target, as the target feels it: the shield and
/// armor's share and the damage to health.
fn what_it_did(s: &Strike) -> String {
    let mut parts = Vec::new();
    if s.shield > 0 {
        parts.push(format!("the shield absorbs {}", s.shield));
    }
    match s.armor {
        ArmorHit::Blocked => parts.push("the armor blocks it".to_string()),
        ArmorHit::Pierced if s.armor_points > 0 => {
            parts.push(format!("the armor absorbs {}", s.armor_points));
        }
        ArmorHit::NoRoll | ArmorHit::Body { .. } | ArmorHit::Pierced => {}
    }
    parts.push(format!(
        "{} {}damage to health",
        s.health,
        if s.non_lethal { "non-lethal " } else { "" }
    ));
    parts.join(", ")
}
