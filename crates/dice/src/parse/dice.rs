//! Dice terms: `NdX`, its modifiers, and the checks that make a term safe to
//! roll (sides, counts, explosions and rerolls that could never stop).

use crate::ast::{Compare, CompareOp, DiceTerm, End, Explode, Keep, Node, NodeId, Reroll};
use crate::error::Error;
use crate::limits::MAX_SIDES;

use super::Parser;

impl Parser<'_> {
    pub(super) fn dice(&mut self, start: usize, count: u32) -> Result<NodeId, Error> {
        let column = self.column_of(start);
        let letter = self.bytes[self.pos] as char;
        self.pos += 1;
        let (sides, percentile) = if self.peek() == Some(b'%') {
            self.pos += 1;
            (100, true)
        } else {
            let sides_col = self.column();
            if !matches!(self.peek(), Some(b'0'..=b'9')) {
                return Err(self.expected(&format!("the number of sides after '{letter}'")));
            }
            let (digits, value) = self.digits();
            // Too many digits for a u64 is still just too many sides.
            let sides = value.unwrap_or(u64::MAX);
            if sides > u64::from(MAX_SIDES) {
                return Err(Error::limit(
                    format!("{MAX_SIDES} sides per die"),
                    format!("a die at column {sides_col} has {digits} sides"),
                ));
            }
            (sides as u32, sides == 100)
        };
        if count == 0 {
            return Err(Error::invalid(
                column,
                "a dice term needs at least one die (0 dice roll nothing); write 1d6 or drop the term",
            ));
        }
        if sides == 0 {
            return Err(Error::invalid(
                column,
                "a die needs at least one side; d0 has none",
            ));
        }
        let mut term = DiceTerm {
            count,
            sides,
            percentile,
            reroll: None,
            explode: None,
            keep: None,
            success: None,
            span: (start as u32, 0),
            column,
        };
        self.modifiers(&mut term)?;
        term.span.1 = self.pos as u32;
        self.validate(&term)?;
        self.terms.push(term);
        Ok(self.push(Node::Dice(self.terms.len() as u32 - 1)))
    }

    fn modifiers(&mut self, term: &mut DiceTerm) -> Result<(), Error> {
        loop {
            let at = self.column();
            let twice = |what: &str| {
                Error::invalid(
                    at,
                    format!("the dice term already has {what}; give each modifier once"),
                )
            };
            match (self.peek(), self.peek_at(1)) {
                (Some(b'!'), _) => {
                    if term.explode.is_some() {
                        return Err(twice("an explosion"));
                    }
                    self.pos += 1;
                    let compound = self.peek() == Some(b'!');
                    if compound {
                        self.pos += 1;
                    }
                    let when = self.optional_compare()?.unwrap_or(Compare {
                        op: CompareOp::Eq,
                        value: i64::from(term.sides),
                    });
                    term.explode = Some(Explode { compound, when });
                }
                (Some(b'r'), next) => {
                    if term.reroll.is_some() {
                        return Err(twice("a reroll"));
                    }
                    self.pos += 1;
                    let once = next == Some(b'o');
                    if once {
                        self.pos += 1;
                    }
                    let when = self
                        .optional_compare()?
                        .ok_or_else(|| self.expected("which values to reroll, like r1 or r<3"))?;
                    term.reroll = Some(Reroll { once, when });
                }
                (Some(letter @ (b'k' | b'd')), next) => {
                    if term.keep.is_some() {
                        return Err(twice("a keep or drop"));
                    }
                    self.pos += 1;
                    let drop = letter == b'd';
                    let end = match next {
                        Some(b'h') => {
                            self.pos += 1;
                            End::Highest
                        }
                        Some(b'l') => {
                            self.pos += 1;
                            End::Lowest
                        }
                        _ if drop => End::Lowest,
                        _ => End::Highest,
                    };
                    let n = self.number_after("how many dice to keep or drop, like kh3")?;
                    term.keep = Some(Keep {
                        end,
                        drop,
                        n: n.min(u64::from(u32::MAX)) as u32,
                    });
                }
                (Some(b'<' | b'>' | b'='), _) => {
                    if term.success.is_some() {
                        return Err(twice("a success count"));
                    }
                    term.success = self.optional_compare()?;
                }
                _ => return Ok(()),
            }
        }
    }

    fn optional_compare(&mut self) -> Result<Option<Compare>, Error> {
        let op = match (self.peek(), self.peek_at(1)) {
            (Some(b'<'), Some(b'=')) => Some((CompareOp::Le, 2)),
            (Some(b'>'), Some(b'=')) => Some((CompareOp::Ge, 2)),
            (Some(b'<'), _) => Some((CompareOp::Lt, 1)),
            (Some(b'>'), _) => Some((CompareOp::Gt, 1)),
            (Some(b'='), _) => Some((CompareOp::Eq, 1)),
            (Some(b'0'..=b'9'), _) => Some((CompareOp::Eq, 0)),
            _ => None,
        };
        let Some((op, len)) = op else { return Ok(None) };
        self.pos += len;
        let value = self.number_after("a number to compare with")?;
        let value = i64::try_from(value).unwrap_or(i64::MAX);
        Ok(Some(Compare { op, value }))
    }

    fn validate(&self, term: &DiceTerm) -> Result<(), Error> {
        let text = &self.src[term.span.0 as usize..term.span.1 as usize];
        if let Some(explode) = term.explode {
            if matches_every_face(explode.when, term.sides) {
                return Err(Error::invalid(
                    term.column,
                    format!(
                        "{text} explodes on every face of a d{}, so it would never stop; explode on fewer faces",
                        term.sides
                    ),
                ));
            }
        }
        if let Some(reroll) = term.reroll {
            if !reroll.once && matches_every_face(reroll.when, term.sides) {
                return Err(Error::invalid(
                    term.column,
                    format!(
                        "{text} rerolls every face of a d{}, so it would never stop; reroll fewer faces or use 'ro'",
                        term.sides
                    ),
                ));
            }
        }
        if let Some(keep) = term.keep {
            let (_, kept) = keep.kept(term.count);
            if keep.n == 0 || kept == 0 || (!keep.drop && keep.n > term.count) {
                let verb = if keep.drop { "drops" } else { "keeps" };
                return Err(Error::invalid(
                    term.column,
                    format!(
                        "{text} {verb} {} of {} dice; keep at least one die and no more than are rolled",
                        keep.n, term.count
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// Whether `c` matches every face `1..=sides`.
fn matches_every_face(c: Compare, sides: u32) -> bool {
    let sides = i64::from(sides);
    match c.op {
        CompareOp::Eq => sides == 1 && c.value == 1,
        CompareOp::Lt => c.value > sides,
        CompareOp::Le => c.value >= sides,
        CompareOp::Gt => c.value < 1,
        CompareOp::Ge => c.value <= 1,
    }
}
