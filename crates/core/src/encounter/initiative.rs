//! Initiative: rolled totals, roll-offs that break ties, and the order with
//! the GM's pins.

use serde::{Deserialize, Serialize};

use super::{ClockEvent, CombatantId, Encounter, EncounterError};

/// A combatant's initiative.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Initiative {
    /// The die as rolled (none when the GM set the total).
    pub die: Option<u32>,
    /// The modifier added to the die.
    pub modifier: i64,
    /// The total: higher goes first.
    pub total: i64,
    /// Roll-off dice against those with the same total, in order.
    pub rolloff: Vec<u32>,
}

/// Roll-offs give up after this many rounds of ties and keep the order of
/// joining (a decision: endless ties only happen with typed dice).
pub const MAX_ROLLOFFS: usize = 20;

/// The die a ruleset rolls for initiative or a roll-off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InitiativeDie {
    /// The initiative roll itself.
    Initiative,
    /// A roll-off between tied combatants.
    RollOff,
}

/// Rolls initiative for `who` (id and modifier) and rolls off every tie
/// among all combatants with initiative, until the order is strict.
///
/// `die` rolls one die for a combatant; the ruleset decides which (a d100
/// in Compound X, a d20 elsewhere).
pub fn roll_initiative<P, E: From<EncounterError>>(
    encounter: &Encounter<P>,
    who: &[(CombatantId, i64)],
    mut die: impl FnMut(&CombatantId, InitiativeDie) -> Result<u32, E>,
) -> Result<Vec<ClockEvent<P>>, E> {
    if encounter.phase == super::FightPhase::Ended {
        return Err(EncounterError::Over.into());
    }
    let mut rolled: Vec<(CombatantId, Initiative)> = Vec::new();
    for (id, modifier) in who {
        encounter.seat(id)?;
        if rolled.iter().any(|(r, _)| r == id) {
            continue;
        }
        let d = die(id, InitiativeDie::Initiative)?;
        rolled.push((
            id.clone(),
            Initiative {
                die: Some(d),
                modifier: *modifier,
                total: i64::from(d) + modifier,
                rolloff: Vec::new(),
            },
        ));
    }
    let mut events: Vec<ClockEvent<P>> = rolled
        .iter()
        .map(|(id, i)| ClockEvent::InitiativeRolled {
            id: id.clone(),
            die: i.die.unwrap_or(0),
            modifier: i.modifier,
            total: i.total,
        })
        .collect();
    // Everyone's initiative as it will stand, the new rolls replacing old ones.
    let mut standing: Vec<(CombatantId, Initiative)> = encounter
        .seats
        .iter()
        .filter(|s| !rolled.iter().any(|(id, _)| id == &s.id))
        .filter_map(|s| Some((s.id.clone(), s.initiative.clone()?)))
        .collect();
    standing.extend(rolled);
    for _ in 0..MAX_ROLLOFFS {
        let tied = ties(&standing);
        if tied.is_empty() {
            break;
        }
        for index in tied {
            let id = standing[index].0.clone();
            let d = die(&id, InitiativeDie::RollOff)?;
            standing[index].1.rolloff.push(d);
            events.push(ClockEvent::RolledOff { id, die: d });
        }
    }
    Ok(events)
}

/// Indexes of combatants who must roll off (again): someone else has the
/// same total and roll-offs that begin with all of this one's, so nothing
/// tells the two apart yet.
///
/// Prefixes, not only equal roll-offs: a newcomer (or a reroll) tying with
/// combatants who already rolled off among themselves has no roll-off yet,
/// and comparing its empty list with theirs would put it last unrolled. It
/// rolls until it differs from each of them; they roll again only where its
/// dice match theirs.
fn ties(standing: &[(CombatantId, Initiative)]) -> Vec<usize> {
    (0..standing.len())
        .filter(|&i| {
            standing.iter().enumerate().any(|(j, (_, other))| {
                j != i
                    && other.total == standing[i].1.total
                    && other.rolloff.starts_with(&standing[i].1.rolloff)
            })
        })
        .collect()
}

/// Recomputes the turn order: pinned combatants keep their places; the others
/// fill the free places by total, then roll-offs, then order of joining;
/// those without initiative come last.
pub(super) fn reorder<P>(encounter: &mut Encounter<P>) {
    let n = encounter.seats.len();
    let mut places: Vec<Option<CombatantId>> = vec![None; n];
    // With nobody pinned (as a rule), every place is free: no search for
    // the pinned ones.
    let any_pinned = encounter.seats.iter().any(|s| s.pinned);
    if any_pinned {
        for (position, id) in encounter.order.iter().enumerate() {
            let pinned = encounter.seats.iter().any(|s| &s.id == id && s.pinned);
            if pinned && position < n {
                places[position] = Some(id.clone());
            }
        }
    }
    let mut free: Vec<(usize, &super::Seat)> = encounter
        .seats
        .iter()
        .enumerate()
        .filter(|(_, s)| !any_pinned || !places.iter().flatten().any(|p| p == &s.id))
        .collect();
    free.sort_by(|(ja, a), (jb, b)| match (&a.initiative, &b.initiative) {
        (Some(x), Some(y)) => y
            .total
            .cmp(&x.total)
            .then_with(|| y.rolloff.cmp(&x.rolloff))
            .then(ja.cmp(jb)),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => ja.cmp(jb),
    });
    let mut rest = free.into_iter().map(|(_, s)| s.id.clone());
    let order: Vec<CombatantId> = places
        .into_iter()
        .map(|p| p.or_else(|| rest.next()))
        .collect::<Option<Vec<_>>>()
        .unwrap_or_default();
    encounter.order = order;
    if let Some(active) = &encounter.active {
        if let Some(i) = encounter.order.iter().position(|id| id == active) {
            encounter.cursor = i;
        }
    }
}
