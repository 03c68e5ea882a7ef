//! Moving on the grid up to the speed, or twice it for the action
//! (D20-MOVE-01); getting past enemies with opposed Dexterity checks and the
//! 10 ft retry (D20-MOVE-02); changing rows (D20-MOVE-03).

use nanite_core::{CombatantId, DiceSource};

use super::field::{RETRY_FEET, SQUARE_FEET, adjacent, path};
use super::{Battle, Combatant, Decision, Event, Field, Place, Refusal, Row, Square, gm};
use crate::attribute::Attribute;
use crate::check::opposed;

/// Gives up the turn's actions to move twice the speed (D20-MOVE-01).
pub(crate) fn double_move(d: &mut Decision, id: &CombatantId) -> Result<(), Refusal> {
    gm::on_own_turn(d, id, "double-move")?;
    let c = d.state.combatant(id)?;
    if c.movement.doubled {
        return Err(Refusal::Illegal {
            why: format!("{} already moves at double speed this turn", c.fighter.name),
        });
    }
    let budget = &d.state.clock.budget;
    if budget.left < budget.total {
        return Err(Refusal::Illegal {
            why: format!(
                "{} has already used an action this turn; a double move gives up all of them (D20-MOVE-01)",
                c.fighter.name
            ),
        });
    }
    let allowance = 2 * c.fighter.speed;
    let e = d
        .state
        .clock
        .spend(id, budget.left, "double move (D20-MOVE-01)")?;
    d.clock(e);
    d.push(Event::DoubledMove {
        id: id.clone(),
        allowance,
    });
    Ok(())
}

/// Changes row: it takes the whole turn's move (a decision, D20-MOVE-03).
pub(crate) fn change_row(d: &mut Decision, id: &CombatantId, row: Row) -> Result<(), Refusal> {
    gm::on_own_turn(d, id, "change rows")?;
    gm::free_to_move(d, id)?;
    let c = d.state.combatant(id)?;
    if d.state.field != Field::Rows {
        return Err(Refusal::Illegal {
            why: "this fight is on a map; move to a square instead (`move X,Y`)".into(),
        });
    }
    if c.place == Place::Row(row) {
        return Err(Refusal::Illegal {
            why: format!("{} is already in the {} row", c.fighter.name, row.key()),
        });
    }
    if c.movement.used > 0 || c.movement.left() == 0 {
        return Err(Refusal::Illegal {
            why: format!(
                "changing rows takes {}'s whole move, and it has moved already this turn",
                c.fighter.name
            ),
        });
    }
    d.push(Event::RowChanged {
        id: id.clone(),
        row,
    });
    Ok(())
}

/// Moves along a path through `waypoints` (D20-MOVE-01), contesting every
/// enemy it slips past (D20-MOVE-02).
pub(crate) fn walk(
    d: &mut Decision,
    id: &CombatantId,
    waypoints: &[Square],
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    gm::on_own_turn(d, id, "move")?;
    gm::free_to_move(d, id)?;
    let (width, height) = map_size(d)?;
    let from = d.state.square(id).ok_or_else(|| Refusal::Illegal {
        why: format!("{} has no square; the GM places it first", d.state.name(id)),
    })?;
    let squares = drawn_path(d, id, from, waypoints, width, height)?;
    let standing: Vec<(CombatantId, Square)> = d
        .state
        .combatants
        .keys()
        .filter(|o| *o != id && !d.state.is_down(o))
        .filter_map(|o| Some((o.clone(), d.state.square(o)?)))
        .collect();
    no_square_shared(d, id, &squares, &standing, width, height)?;
    let mover = d.state.combatant(id)?.clone();
    let (passes, retries) = slipped_past(d, id, &mover, from, &squares, &standing);
    enough_movement(d, &mover, squares.len(), retries)?;
    step_and_contest(d, id, &mover, &squares, passes, dice)
}

/// The map's width and height; a fight without a map moves by rows.
fn map_size(d: &Decision) -> Result<(i64, i64), Refusal> {
    let Field::Map { width, height } = d.state.field else {
        return Err(Refusal::Illegal {
            why: "this fight has no map; change rows instead (`row front` or `row back`)".into(),
        });
    };
    Ok((width, height))
}

/// The path from `from` through the waypoints, each of them on the map;
/// a path that goes nowhere is refused.
fn drawn_path(
    d: &Decision,
    id: &CombatantId,
    from: Square,
    waypoints: &[Square],
    width: i64,
    height: i64,
) -> Result<Vec<Square>, Refusal> {
    if waypoints.is_empty() {
        return Err(Refusal::Illegal {
            why: "name the square to move to (`move 4,2`)".into(),
        });
    }
    // Every waypoint on the map before the path is drawn: a waypoint typed
    // far off it would otherwise make a path of billions of squares.
    if let Some(s) = waypoints
        .iter()
        .find(|s| !(0..width).contains(&s.x) || !(0..height).contains(&s.y))
    {
        return Err(Refusal::Illegal {
            why: format!(
                "({s}) is off the map, which runs from (0,0) to ({},{})",
                width - 1,
                height - 1
            ),
        });
    }
    let squares = path(from, waypoints);
    if squares.is_empty() {
        return Err(Refusal::Illegal {
            why: format!("{} is already at ({})", d.state.name(id), from),
        });
    }
    Ok(squares)
}

/// Each square of the path is on the map, and no enemy stands on it; an
/// ally's square may be passed through but not ended on.
fn no_square_shared(
    d: &Decision,
    id: &CombatantId,
    squares: &[Square],
    standing: &[(CombatantId, Square)],
    width: i64,
    height: i64,
) -> Result<(), Refusal> {
    for (n, s) in squares.iter().enumerate() {
        if s.x < 0 || s.y < 0 || s.x >= width || s.y >= height {
            return Err(Refusal::Illegal {
                why: format!(
                    "({s}) is off the map, which runs from (0,0) to ({},{})",
                    width - 1,
                    height - 1
                ),
            });
        }
        for (other, at) in standing {
            if at != s {
                continue;
            }
            if d.state.enemies(id, other) {
                return Err(Refusal::Illegal {
                    why: format!("({s}) is {}'s square; go around", d.state.name(other)),
                });
            }
            if n + 1 == squares.len() {
                return Err(Refusal::Illegal {
                    why: format!(
                        "({s}) is {}'s square; allies may be passed through but not shared",
                        d.state.name(other)
                    ),
                });
            }
        }
    }
    Ok(())
}

/// Every enemy the path slips past, in order: a step from a square next to
/// it to another square next to it (a decision), with how many of them
/// stopped the mover before (each try again costs movement, D20-MOVE-02).
fn slipped_past(
    d: &Decision,
    id: &CombatantId,
    mover: &Combatant,
    from: Square,
    squares: &[Square],
    standing: &[(CombatantId, Square)],
) -> (Vec<(usize, CombatantId)>, i64) {
    let contesting: Vec<(CombatantId, Square)> = standing
        .iter()
        .filter(|(o, _)| d.state.enemies(id, o) && can_contest(&d.state, o))
        .cloned()
        .collect();
    let mut retries = 0;
    let mut at = from;
    let mut passes: Vec<(usize, CombatantId)> = Vec::new();
    for (n, &to) in squares.iter().enumerate() {
        for (enemy, e_at) in &contesting {
            if adjacent(at, *e_at)
                && adjacent(to, *e_at)
                && !mover.movement.passed.contains(enemy)
                && !passes.iter().any(|(_, p)| p == enemy)
            {
                if mover.movement.halted_by.contains(enemy) {
                    retries += 1;
                }
                passes.push((n, enemy.clone()));
            }
        }
        at = to;
    }
    (passes, retries)
}

/// The move's steps and tries again fit in the movement left this turn
/// (D20-MOVE-01, D20-MOVE-02).
fn enough_movement(
    d: &Decision,
    mover: &Combatant,
    steps: usize,
    retries: i64,
) -> Result<(), Refusal> {
    let cost = SQUARE_FEET * i64::try_from(steps).unwrap_or(i64::MAX);
    let needed = cost + RETRY_FEET * retries;
    let left = mover.movement.left();
    if needed > left {
        return Err(Refusal::Illegal {
            why: format!(
                "{} needs {needed} ft for this move{} but has {left} ft left this turn{}",
                mover.fighter.name,
                if retries > 0 {
                    format!(
                        " ({cost} ft of steps and {} ft for another try past an enemy that stopped it, D20-MOVE-02)",
                        RETRY_FEET * retries
                    )
                } else {
                    String::new()
                },
                if mover.movement.doubled || d.state.clock.budget.left < d.state.clock.budget.total
                {
                    String::new()
                } else {
                    "; `double-move` gives up the action for twice the speed (D20-MOVE-01)".into()
                }
            ),
        });
    }
    Ok(())
}

/// Moves square by square, stopping at each enemy slipped past for a DEX
/// contest (D20-MOVE-02); a lost contest ends the move there.
fn step_and_contest(
    d: &mut Decision,
    id: &CombatantId,
    mover: &Combatant,
    squares: &[Square],
    passes: Vec<(usize, CombatantId)>,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let mut start = 0;
    for (n, enemy) in passes {
        if n > start {
            d.push(Event::Moved {
                id: id.clone(),
                squares: squares[start..n].to_vec(),
            });
        }
        start = n;
        let retry = mover.movement.halted_by.contains(&enemy);
        let scores = d.state.scores(id);
        let theirs = d.state.scores(&enemy);
        let foe = d.state.combatant(&enemy)?.fighter.clone();
        let contest = opposed(
            (
                &mover.fighter.name,
                &mover
                    .fighter
                    .attribute_spec(&d.state.campaign, &scores, Attribute::Dex),
            ),
            (
                &foe.name,
                &foe.attribute_spec(&d.state.campaign, &theirs, Attribute::Dex),
            ),
            dice,
        )?;
        let won = contest.actor_wins;
        d.push(Event::PassContest {
            mover: id.clone(),
            enemy: enemy.clone(),
            retry,
            contest,
        });
        if !won {
            return Ok(());
        }
    }
    if start < squares.len() {
        d.push(Event::Moved {
            id: id.clone(),
            squares: squares[start..].to_vec(),
        });
    }
    Ok(())
}

/// Whether `id` contests a mover slipping past: standing, not stunned, not
/// held in a grapple (a decision).
fn can_contest(state: &Battle, id: &CombatantId) -> bool {
    !state.is_down(id) && !state.is_stunned(id) && state.grapple_of(id).is_none()
}
