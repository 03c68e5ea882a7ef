//! The parsed form of a dice expression.
//!
//! An [`Expression`] is immutable once parsed; rolling it or computing its
//! distribution never re-reads the text. Each dice term keeps its own source text
//! and column so results and errors can point back at what the user typed.

use std::fmt;

/// A parsed dice expression such as `4d6kh3+2 # strength`.
#[derive(Debug, Clone, PartialEq)]
pub struct Expression {
    /// The tree, children before parents; `root` is its last node.
    pub(crate) nodes: Vec<Node>,
    pub(crate) root: NodeId,
    pub(crate) label: Option<String>,
    pub(crate) text: String,
    pub(crate) terms: Vec<DiceTerm>,
    pub(crate) base_dice: u64,
    /// The flat plan, when the expression has its shape.
    pub(crate) plan: Option<crate::plan::Plan>,
}

impl Expression {
    /// The label written after `#`, if any.
    pub fn label(&self) -> Option<&str> {
        self.label.as_deref()
    }

    /// The expression as typed, without the label.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The text of `term`, one of this expression's [`Expression::terms`], as
    /// typed (e.g. `4d6kh3`).
    #[inline]
    pub fn term_text(&self, term: &DiceTerm) -> &str {
        self.text
            .get(term.span.0 as usize..term.span.1 as usize)
            .unwrap_or_default()
    }

    /// The dice terms, in the order they appear.
    pub fn terms(&self) -> &[DiceTerm] {
        &self.terms
    }

    /// The names of the variables the expression reads, in order of first use.
    pub fn variables(&self) -> Vec<&str> {
        let mut names = Vec::new();
        for node in &self.nodes {
            if let Node::Variable { name } = node {
                if !names.contains(&&**name) {
                    names.push(&**name);
                }
            }
        }
        names
    }

    /// Dice rolled before any explosion or reroll (a percentile die counts two).
    pub fn base_dice(&self) -> u64 {
        self.base_dice
    }
}

impl fmt::Display for Expression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)?;
        if let Some(label) = &self.label {
            write!(f, " # {label}")?;
        }
        Ok(())
    }
}

/// Index of a node in [`Expression::nodes`].
pub(crate) type NodeId = u32;

/// A node of the expression tree. Nodes live in one vector, so parsing
/// allocates once for the whole tree.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Node {
    Number(i64),
    Variable {
        name: Box<str>,
    },
    /// Index into [`Expression::terms`].
    Dice(u32),
    Neg {
        operand: NodeId,
        column: u32,
    },
    Binary {
        op: BinaryOp,
        lhs: NodeId,
        rhs: NodeId,
        column: u32,
    },
    Call {
        func: Function,
        lhs: NodeId,
        rhs: NodeId,
        column: u32,
    },
}

/// `+ - * /`; division rounds toward negative infinity.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BinaryOp {
    Add,
    Sub,
    Mul,
    Div,
}

/// The built-in functions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Function {
    Min,
    Max,
}

/// One dice term: `NdX` with its modifiers.
#[derive(Debug, Clone, PartialEq)]
pub struct DiceTerm {
    /// How many dice are rolled before explosions.
    pub count: u32,
    /// Sides of each die (100 for a percentile die).
    pub sides: u32,
    /// `d%` or `d100`: each die is two d10, tens and ones (rule CX-DICE-01).
    pub percentile: bool,
    /// `r`/`ro`: reroll dice that match.
    pub reroll: Option<Reroll>,
    /// `!`/`!!`: roll again on a match.
    pub explode: Option<Explode>,
    /// `kh`/`kl`/`dh`/`dl`: keep or drop some dice.
    pub keep: Option<Keep>,
    /// `>=7` and friends: count matching dice instead of summing them.
    pub success: Option<Compare>,
    /// Where the term sits in [`Expression::text`] (byte range), e.g. `4d6kh3`;
    /// see [`Expression::term_text`].
    pub(crate) span: (u32, u32),
    /// 1-based column where the term starts.
    pub column: usize,
}

impl DiceTerm {
    /// Each die is rolled once and added (no reroll, explosion
    /// or success count); keep/drop is allowed.
    #[inline]
    pub(crate) fn is_simple(&self) -> bool {
        self.reroll.is_none() && self.explode.is_none() && self.success.is_none()
    }
}

/// A comparison against a die's value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Compare {
    /// The operator.
    pub op: CompareOp,
    /// The value compared against.
    pub value: i64,
}

/// Comparison operators, with their mathematical meaning (`>` is strict).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CompareOp {
    /// `=`, or a bare number
    Eq,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

impl Compare {
    /// Whether `value` satisfies the comparison.
    #[inline]
    pub fn matches(self, value: i64) -> bool {
        match self.op {
            CompareOp::Eq => value == self.value,
            CompareOp::Lt => value < self.value,
            CompareOp::Le => value <= self.value,
            CompareOp::Gt => value > self.value,
            CompareOp::Ge => value >= self.value,
        }
    }
}

impl fmt::Display for Compare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let op = match self.op {
            CompareOp::Eq => "=",
            CompareOp::Lt => "<",
            CompareOp::Le => "<=",
            CompareOp::Gt => ">",
            CompareOp::Ge => ">=",
        };
        write!(f, "{op}{}", self.value)
    }
}

/// Reroll modifier.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reroll {
    /// `ro`: reroll at most once; otherwise until no match (at most
    /// [`crate::limits::MAX_CHAIN`] times, then the last roll stands).
    pub once: bool,
    /// Which values are rerolled.
    pub when: Compare,
}

/// Explode modifier.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Explode {
    /// `!!`: the extra dice add into the die that exploded; `!`: each extra die
    /// joins the pool as a die of its own (it can be kept, dropped or counted).
    pub compound: bool,
    /// Which values explode (default: the highest face).
    pub when: Compare,
}

/// Keep or drop modifier.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Keep {
    /// Which end of the sorted dice the modifier names.
    pub end: End,
    /// `d`: the named dice are dropped; `k`: they are kept.
    pub drop: bool,
    /// How many dice are named.
    pub n: u32,
}

impl Keep {
    /// The highest (`Highest`) or lowest (`Lowest`) `k` dice of `pool` that are
    /// kept, expressed as "keep the `k` highest/lowest".
    pub fn kept(self, pool: u32) -> (End, u32) {
        if self.drop {
            let other = match self.end {
                End::Highest => End::Lowest,
                End::Lowest => End::Highest,
            };
            (other, pool.saturating_sub(self.n))
        } else {
            (self.end, self.n.min(pool))
        }
    }
}

/// Highest or lowest dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// the highest values
    Highest,
    /// the lowest values
    Lowest,
}

/// An expression is written as its text (`"2d10+12 # strength"`).
impl serde::Serialize for Expression {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.text())
    }
}

/// An expression is read from its text, parsed again with every limit, so a
/// stored expression is exactly as trustworthy as a typed one.
impl<'de> serde::Deserialize<'de> for Expression {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Expression::parse(&text).map_err(serde::de::Error::custom)
    }
}
