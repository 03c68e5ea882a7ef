//! The evaluator behind [`Roller::roll`]: walks the node vector, rolls each
//! dice term against the source and records every die.
//!
//! Failures travel as a small internal [`Fault`] and become a full [`Error`]
//! only at the end, so the hot path moves a few bytes per node, and dice terms
//! without modifiers take a short path that skips the pool bookkeeping.

mod pool;

use pool::drop_dice;

use crate::ast::{BinaryOp, DiceTerm, Expression, Function, Node, NodeId};
use crate::error::{Error, ErrorKind, SourceError};
use crate::limits::MAX_DICE;
use crate::plan::{Operand, Plan};
use crate::roll::{DieRoll, RollView, Roller, Variables};
use crate::source::{DiceSource, DieRequest, DieRole};

/// Why an evaluation stopped; kept in [`Run::fault`] while the hot path
/// returns the zero-sized [`Stop`], and turned into an [`Error`] at the end.
enum Fault {
    Overflow(u32),
    DivisionByZero(u32),
    Unbound(NodeId),
    TooManyDice,
    Source(Box<SourceError>),
}

impl Fault {
    fn into_error(self, expr: &Expression) -> Error {
        match self {
            Fault::Overflow(column) => ErrorKind::Overflow {
                column: column as usize,
            }
            .into(),
            Fault::DivisionByZero(column) => ErrorKind::DivisionByZero {
                column: column as usize,
            }
            .into(),
            Fault::Unbound(id) => {
                let name = match &expr.nodes[id as usize] {
                    Node::Variable { name } => name.to_string(),
                    _ => String::new(),
                };
                ErrorKind::UnboundVariable { name }.into()
            }
            Fault::TooManyDice => Error::limit(
                format!("{MAX_DICE} dice per evaluation"),
                "the roll needed more dice once explosions and rerolls were counted",
            ),
            Fault::Source(e) => (*e).into(),
        }
    }
}

/// Evaluation stopped; the reason is in [`Run::fault`]. Zero-sized, so a
/// `Result<i64, Stop>` travels in registers.
struct Stop;

impl Roller {
    /// A roller with empty buffers.
    pub fn new() -> Self {
        Roller::default()
    }

    /// Rolls `expr`. `purpose` names what the dice are for; when `None`, the
    /// label, or else each term's own text.
    ///
    /// Generic over the source so a concrete one (such as [`crate::SeededDice`])
    /// is inlined into the loop; `&mut dyn DiceSource` works too.
    pub fn roll<'r, S: DiceSource + ?Sized>(
        &'r mut self,
        expr: &Expression,
        vars: &dyn Variables,
        purpose: Option<&str>,
        source: &mut S,
    ) -> Result<RollView<'r>, Error> {
        self.dice.clear();
        // Every term is evaluated exactly once per roll, so stale totals are
        // always overwritten.
        if self.term_totals.len() != expr.terms.len() {
            self.term_totals.resize(expr.terms.len(), 0);
        }
        let mut run = Run {
            roller: self,
            expr,
            vars,
            purpose: purpose.or(expr.label.as_deref()),
            source,
            rolled: 0,
            fault: None,
        };
        let outcome = match &expr.plan {
            Some(plan) => run.follow(plan),
            None => run.eval(expr.root),
        };
        let total = match outcome {
            Ok(total) => total,
            Err(Stop) => {
                let fault = run.fault.take().unwrap_or(Fault::TooManyDice);
                return Err(fault.into_error(expr));
            }
        };
        Ok(RollView {
            total,
            dice: &self.dice,
            term_totals: &self.term_totals,
        })
    }
}

struct Run<'a, 's, S: ?Sized> {
    roller: &'a mut Roller,
    expr: &'a Expression,
    vars: &'a dyn Variables,
    purpose: Option<&'a str>,
    source: &'s mut S,
    /// Dice rolled so far, counted against [`MAX_DICE`].
    rolled: u64,
    fault: Option<Fault>,
}

impl<S: DiceSource + ?Sized> Run<'_, '_, S> {
    #[cold]
    fn stop(&mut self, fault: Fault) -> Stop {
        self.fault = Some(fault);
        Stop
    }

    #[cold]
    fn source_failed(&mut self, e: SourceError) -> Stop {
        self.stop(Fault::Source(Box::new(e)))
    }

    fn eval(&mut self, id: NodeId) -> Result<i64, Stop> {
        let expr = self.expr;
        match &expr.nodes[id as usize] {
            Node::Number(n) => Ok(*n),
            Node::Variable { name } => match self.vars.get(name) {
                Some(v) => Ok(v),
                None => Err(self.stop(Fault::Unbound(id))),
            },
            Node::Dice(index) => self.term(*index as usize),
            Node::Neg { operand, column } => {
                let v = self.eval(*operand)?;
                v.checked_neg()
                    .ok_or_else(|| self.stop(Fault::Overflow(*column)))
            }
            Node::Binary {
                op,
                lhs,
                rhs,
                column,
            } => {
                let a = self.eval(*lhs)?;
                let b = self.eval(*rhs)?;
                apply(*op, a, b, *column).map_err(|fault| self.stop(fault))
            }
            Node::Call { func, lhs, rhs, .. } => {
                let a = self.eval(*lhs)?;
                let b = self.eval(*rhs)?;
                Ok(match func {
                    Function::Min => a.min(b),
                    Function::Max => a.max(b),
                })
            }
        }
    }

    /// Follows a flat plan: the same operations as [`Run::eval`], in order.
    #[inline]
    fn follow(&mut self, plan: &Plan) -> Result<i64, Stop> {
        let mut total = self.operand(plan.first)?;
        for &(subtract, operand, column) in plan.rest() {
            let value = self.operand(operand)?;
            let op = if subtract {
                BinaryOp::Sub
            } else {
                BinaryOp::Add
            };
            total = apply(op, total, value, column).map_err(|fault| self.stop(fault))?;
        }
        Ok(total)
    }

    #[inline]
    fn operand(&mut self, operand: Operand) -> Result<i64, Stop> {
        match operand {
            Operand::Constant(n) => Ok(n),
            Operand::Term {
                index,
                divisor: None,
            } => self.term(index as usize),
            Operand::Term {
                index,
                divisor: Some((d, column)),
            } => {
                let value = self.term(index as usize)?;
                apply(BinaryOp::Div, value, d, column).map_err(|fault| self.stop(fault))
            }
        }
    }

    #[inline]
    fn charge(&mut self, dice: u64) -> Result<(), Stop> {
        self.rolled += dice;
        if self.rolled > MAX_DICE {
            Err(self.stop(Fault::TooManyDice))
        } else {
            Ok(())
        }
    }

    /// A term whose dice are each rolled once (no reroll, explosion or
    /// success count), possibly with keep/drop: roll, record, drop, add.
    #[inline]
    fn simple(&mut self, index: usize, term: &DiceTerm) -> Result<i64, Stop> {
        let n = term.count as usize;
        let first = self.roller.dice.len();
        let mut total = 0i64;
        if term.percentile {
            self.charge(2 * n as u64)?;
            for _ in 0..n {
                total += self.draw(index, term, DieRole::Normal)?;
            }
        } else {
            self.charge(n as u64)?;
            let sides = term.sides;
            let request = DieRequest {
                sides,
                purpose: self.purpose.unwrap_or_else(|| self.expr.term_text(term)),
                role: DieRole::Normal,
            };
            // Size the records once, then fill in each die's value.
            let template = DieRoll::new(index as u32, sides, 0, DieRole::Normal);
            self.roller.dice.resize(first + n, template);
            for die in &mut self.roller.dice[first..] {
                die.value = match self.source.roll(&request) {
                    Ok(v) => v,
                    Err(e) => {
                        self.roller.dice.truncate(first);
                        return Err(self.source_failed(e));
                    }
                };
                total += i64::from(die.value);
            }
        }
        if let Some(keep) = term.keep {
            let (end, kept) = keep.kept(term.count);
            total -= drop_dice(
                &mut self.roller.dice[first..],
                &mut self.roller.order,
                end,
                kept as usize,
            );
        }
        self.roller.term_totals[index] = total;
        Ok(total)
    }

    /// Asks the source for one die; a failure stops the evaluation.
    fn ask(&mut self, sides: u32, purpose: &str, role: DieRole) -> Result<u32, Stop> {
        match self.source.roll(&DieRequest {
            sides,
            purpose,
            role,
        }) {
            Ok(value) => Ok(value),
            Err(e) => Err(self.source_failed(e)),
        }
    }

    /// Rolls one die (two d10 for a percentile die) and records it. The caller
    /// has charged it against the dice budget.
    fn draw(&mut self, index: usize, term: &DiceTerm, role: DieRole) -> Result<i64, Stop> {
        let expr = self.expr;
        let purpose = self.purpose.unwrap_or_else(|| expr.term_text(term));
        let die = if term.percentile {
            // Rule CX-DICE-01: tens and ones d10; a face showing 0 is typed 10.
            let tens = self.ask(10, purpose, DieRole::Tens)? % 10;
            let ones = self.ask(10, purpose, DieRole::Ones)? % 10;
            let read = tens * 10 + ones;
            let mut die = DieRoll::new(index as u32, 100, if read == 0 { 100 } else { read }, role);
            die.tens = Some((tens * 10) as u8);
            die.ones = Some(ones as u8);
            die
        } else {
            let value = self.ask(term.sides, purpose, role)?;
            DieRoll::new(index as u32, term.sides, value, role)
        };
        self.roller.dice.push(die);
        Ok(i64::from(die.value))
    }

    #[inline]
    fn term(&mut self, index: usize) -> Result<i64, Stop> {
        let expr = self.expr;
        let term = &expr.terms[index];
        if term.is_simple() {
            self.simple(index, term)
        } else {
            self.pooled(index, term)
        }
    }
}

/// Integer arithmetic with overflow checks; `/` rounds toward negative infinity.
#[inline]
fn apply(op: BinaryOp, a: i64, b: i64, column: u32) -> Result<i64, Fault> {
    let overflow = Fault::Overflow(column);
    match op {
        BinaryOp::Add => a.checked_add(b).ok_or(overflow),
        BinaryOp::Sub => a.checked_sub(b).ok_or(overflow),
        BinaryOp::Mul => a.checked_mul(b).ok_or(overflow),
        BinaryOp::Div if b == 0 => Err(Fault::DivisionByZero(column)),
        BinaryOp::Div => floor_div(a, b).ok_or(overflow),
    }
}

/// `a / b` rounded toward negative infinity; `None` on zero or overflow.
pub(crate) fn floor_div(a: i64, b: i64) -> Option<i64> {
    let q = a.checked_div(b)?;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        Some(q - 1)
    } else {
        Some(q)
    }
}
