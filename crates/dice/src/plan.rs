//! A flat plan for the commonest shape of expression: terms and constants
//! added and subtracted left to right, each term possibly divided by a
//! constant (`2d10+12`, `4d6kh3+2`, `d10/2+1`, `1d100+16`).
//!
//! The roller follows the plan in a loop instead of walking the tree, which
//! halves the work of a roll. The plan applies exactly the operations the tree
//! would, in the same order, so results and overflow errors are identical;
//! expressions of any other shape simply have no plan.

use crate::ast::{BinaryOp, Node, NodeId};

/// One operand of the chain.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Operand {
    Constant(i64),
    /// The dice term at this index, floor-divided by `divisor` (`column` of
    /// the `/` for errors) when there is one.
    Term {
        index: u32,
        divisor: Option<(i64, u32)>,
    },
}

/// Most steps a plan holds; longer chains are walked as a tree. Fixed, so a
/// plan needs no allocation of its own.
const MAX_STEPS: usize = 4;

/// `first (op operand)*`, evaluated left to right.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Plan {
    pub(crate) first: Operand,
    /// Each step: subtract (else add), the operand, the operator's column.
    steps: [(bool, Operand, u32); MAX_STEPS],
    len: usize,
}

impl Plan {
    /// The steps after the first operand, in order.
    #[inline]
    pub(crate) fn rest(&self) -> &[(bool, Operand, u32)] {
        &self.steps[..self.len]
    }
}

/// The plan of the tree rooted at `root`, if it has the shape.
pub(crate) fn plan(nodes: &[Node], root: NodeId) -> Option<Plan> {
    let mut steps = [(false, Operand::Constant(0), 0); MAX_STEPS];
    let mut len = 0;
    let mut at = root;
    loop {
        match &nodes[at as usize] {
            Node::Binary {
                op: op @ (BinaryOp::Add | BinaryOp::Sub),
                lhs,
                rhs,
                column,
            } => {
                if len == MAX_STEPS {
                    return None;
                }
                steps[len] = (*op == BinaryOp::Sub, operand(nodes, *rhs)?, *column);
                len += 1;
                at = *lhs;
            }
            _ => {
                let first = operand(nodes, at)?;
                steps[..len].reverse();
                return Some(Plan { first, steps, len });
            }
        }
    }
}

fn operand(nodes: &[Node], id: NodeId) -> Option<Operand> {
    match &nodes[id as usize] {
        Node::Number(n) => Some(Operand::Constant(*n)),
        Node::Dice(index) => Some(Operand::Term {
            index: *index,
            divisor: None,
        }),
        Node::Binary {
            op: BinaryOp::Div,
            lhs,
            rhs,
            column,
        } => match (&nodes[*lhs as usize], &nodes[*rhs as usize]) {
            (Node::Dice(index), Node::Number(d)) => Some(Operand::Term {
                index: *index,
                divisor: Some((*d, *column)),
            }),
            _ => None,
        },
        _ => None,
    }
}
