//! Where the fight happens: a square grid (D20-MOVE-01/02) or two rows a
//! side (D20-MOVE-03). Moving, doubling the move, getting past enemies with
//! opposed Dexterity checks and the 10 ft retry, changing rows, and who can
//! reach whom.

use std::fmt;

use nanite_core::{CombatantId, DiceSource};
use serde::{Deserialize, Serialize};

use super::{Battle, Decision, Event, Refusal, gm};
use crate::attribute::Attribute;
use crate::check::opposed;
use crate::pack::WeaponKind;

/// Feet in one square of the grid.
pub const SQUARE_FEET: i64 = 5;
/// Feet another attempt to get past an enemy costs (D20-MOVE-02).
pub const RETRY_FEET: i64 = 10;

/// The battlefield.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "field", rename_all = "snake_case")]
pub enum Field {
    /// A square grid of 5 ft squares, `width` by `height`, from (0, 0).
    Map {
        /// Squares across.
        width: i64,
        /// Squares down.
        height: i64,
    },
    /// Map-less: a front row and a back row for each side (D20-MOVE-03).
    Rows,
}

/// A square of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Square {
    /// Column, from 0.
    pub x: i64,
    /// Row of the grid, from 0.
    pub y: i64,
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// A row of a side in map-less combat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Row {
    /// The front row: melee reaches the enemy front row.
    Front,
    /// The back row: only reach and ranged attacks reach it.
    Back,
}

impl Row {
    /// `front` or `back`.
    pub fn key(self) -> &'static str {
        match self {
            Row::Front => "front",
            Row::Back => "back",
        }
    }
}

/// Where a combatant stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Place {
    /// On a square of the grid.
    Square(Square),
    /// In a row.
    Row(Row),
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Square(s) => write!(f, "({s})"),
            Place::Row(r) => write!(f, "the {} row", r.key()),
        }
    }
}

/// Feet between two squares: 5 a square, diagonals too (a decision).
pub fn distance_feet(a: Square, b: Square) -> i64 {
    SQUARE_FEET * (a.x - b.x).abs().max((a.y - b.y).abs())
}

fn adjacent(a: Square, b: Square) -> bool {
    a != b && distance_feet(a, b) == SQUARE_FEET
}

/// The squares entered going from `from` through each waypoint in turn, a
/// straight line of single steps (diagonal while both coordinates differ).
pub fn path(from: Square, waypoints: &[Square]) -> Vec<Square> {
    let mut at = from;
    let mut squares = Vec::new();
    for &to in waypoints {
        while at != to {
            at = Square {
                x: at.x + (to.x - at.x).signum(),
                y: at.y + (to.y - at.y).signum(),
            };
            squares.push(at);
        }
    }
    squares
}

impl Battle {
    /// The square of `id`, if it stands on the grid.
    pub fn square(&self, id: &CombatantId) -> Option<Square> {
        match self.combatants.get(id)?.place {
            Place::Square(s) => Some(s),
            Place::Row(_) => None,
        }
    }

    /// The row `id` fights from: its own, or the front when nobody of its
    /// side stands in front any more (a decision).
    pub fn row(&self, id: &CombatantId) -> Option<Row> {
        let Place::Row(row) = self.combatants.get(id)?.place else {
            return None;
        };
        if row == Row::Back {
            let side = self.side(id)?;
            let front_held = self.combatants.iter().any(|(other, c)| {
                c.place == Place::Row(Row::Front)
                    && self.side(other) == Some(side)
                    && !self.is_down(other)
            });
            if !front_held {
                return Some(Row::Front);
            }
        }
        Some(row)
    }

    /// Whether `a` and `b` are on different sides.
    pub fn enemies(&self, a: &CombatantId, b: &CombatantId) -> bool {
        self.side(a).is_some() && self.side(b).is_some() && self.side(a) != self.side(b)
    }

    /// Whether `attacker` can reach `target` with an attack of `kind`, reach
    /// weapon or not, out to `range` feet on the map. `Err` says why not.
    pub fn reaches(
        &self,
        attacker: &CombatantId,
        target: &CombatantId,
        kind: WeaponKind,
        reach: bool,
        range: i64,
    ) -> Result<(), String> {
        match self.field {
            Field::Map { .. } => {
                let (Some(a), Some(t)) = (self.square(attacker), self.square(target)) else {
                    return Err("both must stand on the grid".into());
                };
                let feet = distance_feet(a, t);
                if feet <= range {
                    Ok(())
                } else {
                    Err(format!(
                        "{} is {feet} ft away, beyond {range} ft{}",
                        self.name(target),
                        match (kind, reach) {
                            (WeaponKind::Melee, false) => " (melee reaches adjacent squares)",
                            (WeaponKind::Melee, true) => " (a reach weapon reaches 10 ft)",
                            (WeaponKind::Ranged, _) => "",
                        }
                    ))
                }
            }
            Field::Rows => {
                let (Some(a), Some(t)) = (self.row(attacker), self.row(target)) else {
                    return Err("both must stand in a row".into());
                };
                let ok = matches!(
                    (kind, reach, a, t),
                    (WeaponKind::Ranged, ..)
                        | (WeaponKind::Melee, _, Row::Front, Row::Front)
                        | (WeaponKind::Melee, true, Row::Front, Row::Back)
                        | (WeaponKind::Melee, true, Row::Back, Row::Front)
                );
                if ok {
                    Ok(())
                } else {
                    Err(format!(
                        "{} is in the {} row, out of reach of {}: from the {} row, {} (D20-MOVE-03)",
                        self.name(target),
                        t.key(),
                        if reach {
                            "a reach weapon"
                        } else {
                            "a melee attack"
                        },
                        a.key(),
                        match a {
                            Row::Front =>
                                "melee reaches the enemy front row, a reach weapon the back row too, a ranged weapon any row",
                            Row::Back =>
                                "a reach weapon reaches the enemy front row, a ranged weapon any row, plain melee nobody",
                        }
                    ))
                }
            }
        }
    }
}

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
    let Field::Map { width, height } = d.state.field else {
        return Err(Refusal::Illegal {
            why: "this fight has no map; change rows instead (`row front` or `row back`)".into(),
        });
    };
    let from = d.state.square(id).ok_or_else(|| Refusal::Illegal {
        why: format!("{} has no square; the GM places it first", d.state.name(id)),
    })?;
    if waypoints.is_empty() {
        return Err(Refusal::Illegal {
            why: "name the square to move to (`move 4,2`)".into(),
        });
    }
    let squares = path(from, waypoints);
    if squares.is_empty() {
        return Err(Refusal::Illegal {
            why: format!("{} is already at ({})", d.state.name(id), from),
        });
    }
    let standing: Vec<(CombatantId, Square)> = d
        .state
        .combatants
        .keys()
        .filter(|o| *o != id && !d.state.is_down(o))
        .filter_map(|o| Some((o.clone(), d.state.square(o)?)))
        .collect();
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
        for (other, at) in &standing {
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
    // Every enemy the path slips past, in order: a step from a square next
    // to it to another square next to it (a decision).
    let contesting: Vec<(CombatantId, Square)> = standing
        .iter()
        .filter(|(o, _)| d.state.enemies(id, o) && can_contest(&d.state, o))
        .cloned()
        .collect();
    let mover = d.state.combatant(id)?.clone();
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
    let cost = SQUARE_FEET * i64::try_from(squares.len()).unwrap_or(i64::MAX);
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
