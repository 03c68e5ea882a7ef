//! Initiative (D20-INIT-01..03), the start of the fight, of each round and
//! of each turn, and spells taking effect as their turn comes round
//! (D20-CAST-01).

use nanite_core::encounter::{InitiativeDie, MAX_ROLLOFFS};
use nanite_core::{ClockCommand, ClockEvent, CombatantId, DiceSource, DieRequest};

use super::event::SideRoll;
use super::{D20Effect, Decision, Event, Refusal, casting};
use crate::campaign::{InitiativeBy, InitiativeReroll};

/// The gap between sides in the totals side initiative sets: any DEX
/// score fits below it, so a whole side comes before the next.
pub const SIDE_STEP: i64 = 1000;

fn d100(dice: &mut dyn DiceSource, purpose: &str) -> Result<u32, Refusal> {
    Ok(dice.roll(&DieRequest::new(100, purpose))?)
}

/// Rolls initiative as the campaign says: 1d100 + DEX score each
/// (D20-INIT-01), or 1d100 a side (D20-INIT-03).
pub(crate) fn roll_initiative(
    d: &mut Decision,
    who: &[CombatantId],
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    if d.state.campaign.initiative == InitiativeBy::Side {
        if !who.is_empty() {
            return Err(Refusal::Illegal {
                why:
                    "side initiative rolls for every side at once (D20-INIT-03); roll without names"
                        .into(),
            });
        }
        return side_initiative(d, dice);
    }
    let who: Vec<CombatantId> = if who.is_empty() {
        d.state.clock.without_initiative()
    } else {
        who.to_vec()
    };
    if who.is_empty() {
        return Err(Refusal::Illegal {
            why: "everyone already has initiative; name who should roll again".into(),
        });
    }
    combatant_initiative(d, &who, dice)
}

/// 1d100 + DEX score for each of `who`; ties rolled off with another d100,
/// higher first (D20-INIT-01).
fn combatant_initiative(
    d: &mut Decision,
    who: &[CombatantId],
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let who: Vec<(CombatantId, i64)> = who
        .iter()
        .map(|id| {
            d.state.combatant(id)?;
            Ok((id.clone(), d.state.scores(id).dex))
        })
        .collect::<Result<_, Refusal>>()?;
    let names: Vec<(CombatantId, String)> = who
        .iter()
        .map(|(id, _)| (id.clone(), d.state.name(id)))
        .collect();
    let name = |id: &CombatantId| {
        names
            .iter()
            .find(|(n, _)| n == id)
            .map_or_else(|| id.to_string(), |(_, s)| s.clone())
    };
    let events = nanite_core::encounter::roll_initiative(&d.state.clock, &who, |id, kind| {
        let what = match kind {
            InitiativeDie::Initiative => "initiative d100",
            InitiativeDie::RollOff => "initiative roll-off d100",
        };
        d100(dice, &format!("{what} for {}", name(id)))
    })?;
    for e in events {
        d.clock(e);
    }
    Ok(())
}

/// Each side rolls 1d100 (ties between sides rolled again); the winner's
/// whole side acts first, highest DEX first within a side, equal DEX
/// rolled off with a d100 (D20-INIT-03).
fn side_initiative(d: &mut Decision, dice: &mut dyn DiceSource) -> Result<(), Refusal> {
    let mut sides: Vec<String> = Vec::new();
    for seat in &d.state.clock.seats {
        if !sides.contains(&seat.side) {
            sides.push(seat.side.clone());
        }
    }
    if sides.is_empty() {
        return Err(Refusal::Illegal {
            why: "nobody is in the fight yet".into(),
        });
    }
    let mut rolls: Vec<SideRoll> = Vec::new();
    for side in &sides {
        rolls.push(SideRoll {
            side: side.clone(),
            dice: vec![d100(dice, &format!("side initiative d100 for {side}"))?],
        });
    }
    for _ in 0..MAX_ROLLOFFS {
        let tied: Vec<usize> = (0..rolls.len())
            .filter(|&i| {
                rolls
                    .iter()
                    .enumerate()
                    .any(|(j, r)| j != i && r.dice == rolls[i].dice)
            })
            .collect();
        if tied.is_empty() {
            break;
        }
        for i in tied {
            let side = rolls[i].side.clone();
            rolls[i].dice.push(d100(
                dice,
                &format!("side initiative re-roll d100 for {side}"),
            )?);
        }
    }
    let mut order: Vec<&SideRoll> = rolls.iter().collect();
    order.sort_by(|a, b| b.dice.cmp(&a.dice));
    let order: Vec<String> = order.into_iter().map(|r| r.side.clone()).collect();
    d.push(Event::SideInitiative {
        rolls: rolls.clone(),
        order: order.clone(),
    });
    let seats: Vec<(CombatantId, String)> = d
        .state
        .clock
        .seats
        .iter()
        .map(|s| (s.id.clone(), s.side.clone()))
        .collect();
    let n = i64::try_from(order.len()).unwrap_or(1);
    for (id, side) in &seats {
        let rank = i64::try_from(order.iter().position(|s| s == side).unwrap_or(0)).unwrap_or(0);
        let dex = d.state.scores(id).dex.clamp(0, SIDE_STEP - 1);
        d.clock(ClockEvent::InitiativeSet {
            id: id.clone(),
            total: SIDE_STEP * (n - rank) + dex,
        });
    }
    // Equal DEX on a side: roll off, higher first.
    for _ in 0..MAX_ROLLOFFS {
        let standing: Vec<(CombatantId, i64, Vec<u32>)> = d
            .state
            .clock
            .seats
            .iter()
            .filter_map(|s| {
                let i = s.initiative.as_ref()?;
                Some((s.id.clone(), i.total, i.rolloff.clone()))
            })
            .collect();
        let tied: Vec<CombatantId> = standing
            .iter()
            .filter(|(id, t, r)| {
                standing
                    .iter()
                    .any(|(o, ot, or)| o != id && ot == t && or == r)
            })
            .map(|(id, _, _)| id.clone())
            .collect();
        if tied.is_empty() {
            break;
        }
        for id in tied {
            let die = d100(
                dice,
                &format!(
                    "initiative roll-off d100 for {} (equal DEX)",
                    d.state.name(&id)
                ),
            )?;
            d.clock(ClockEvent::RolledOff { id, die });
        }
    }
    Ok(())
}

/// The fight begins (the clock refuses without everyone's initiative).
pub(crate) fn begin(d: &mut Decision, surprise: &[CombatantId]) -> Result<(), Refusal> {
    for e in d.state.clock.decide(&ClockCommand::Begin {
        surprise: surprise.to_vec(),
    })? {
        d.clock(e);
    }
    if let Some(id) = d.state.clock.active.clone() {
        start_of_turn(d, &id)?;
    }
    Ok(())
}

/// The next turn: the clock's events, with initiative rolled again when a
/// new round begins (unless kept, D20-INIT-02) and spells taking effect as
/// their casting effects expire (D20-CAST-01).
pub(crate) fn next(d: &mut Decision, dice: &mut dyn DiceSource) -> Result<(), Refusal> {
    let events = d.state.clock.decide(&ClockCommand::NextTurn)?;
    follow(d, events, dice)?;
    if let Some(id) = d.state.clock.active.clone() {
        start_of_turn(d, &id)?;
    }
    Ok(())
}

fn follow(
    d: &mut Decision,
    events: Vec<ClockEvent<D20Effect>>,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    for e in events {
        match &e {
            ClockEvent::RoundBegan { number }
                if *number >= 2 && d.state.campaign.reroll == InitiativeReroll::EachRound =>
            {
                d.clock(e);
                reroll(d, dice)?;
                let rest = d.state.clock.decide(&ClockCommand::NextTurn)?;
                return follow(d, rest, dice);
            }
            ClockEvent::EffectEnded { id, .. } => {
                let ended = d.state.clock.effects.iter().find(|x| x.id == *id).cloned();
                d.clock(e);
                if let Some(effect) = ended
                    && let D20Effect::Casting { magic, target } = &effect.payload
                {
                    casting::resolve(d, &effect.bearer, magic, target, dice)?;
                }
            }
            _ => d.clock(e),
        }
    }
    Ok(())
}

/// Everyone's initiative again at the start of a round (D20-INIT-02).
fn reroll(d: &mut Decision, dice: &mut dyn DiceSource) -> Result<(), Refusal> {
    match d.state.campaign.initiative {
        InitiativeBy::Side => side_initiative(d, dice),
        InitiativeBy::Combatant => {
            let all: Vec<CombatantId> = d.state.clock.seats.iter().map(|s| s.id.clone()).collect();
            if all.is_empty() {
                return Ok(());
            }
            combatant_initiative(d, &all, dice)
        }
    }
}

/// A turn begins: a combatant that is down or stunned loses it.
fn start_of_turn(d: &mut Decision, id: &CombatantId) -> Result<(), Refusal> {
    let why = if d.state.is_down(id) {
        "down".to_string()
    } else if d.state.is_stunned(id) {
        "stunned (D20-GRAP-06)".to_string()
    } else {
        return Ok(());
    };
    let left = d.state.clock.budget.left;
    if left > 0 {
        let e = d.state.clock.spend(id, left, format!("lost: {why}"))?;
        d.clock(e);
    }
    d.push(Event::TurnLost {
        id: id.clone(),
        why,
    });
    Ok(())
}
