//! The dice-notation parser: text in, [`Expression`] or a located error out.
//!
//! A hand-written recursive-descent parser over bytes. It checks every limit of
//! [`crate::limits`] that can be known from the text (length, dice per term,
//! sides, nesting) before anything is rolled or allocated in proportion to the
//! input.
//!
//! Grammar (whitespace allowed between tokens, not inside a dice term):
//! ```text
//! input   := sum ('#' label)?
//! sum     := product (('+' | '-') product)*
//! product := unary (('*' | '/') unary)*
//! unary   := ('-' | '+') unary | primary
//! primary := INT | dice | '(' sum ')' | NAME '(' sum ',' sum ')' | NAME
//! dice    := INT? ('d' | 'k') (INT | '%') modifier*
//! modifier:= 'r' cmp | 'ro' cmp | '!' cmp? | '!!' cmp?
//!          | ('kh' | 'kl' | 'k' | 'dh' | 'dl' | 'd') INT | cmp
//! cmp     := ('=' | '<' | '<=' | '>' | '>=')? INT
//! ```

mod dice;

use crate::ast::{BinaryOp, DiceTerm, Expression, Function, Node, NodeId};
use crate::error::{Error, ErrorKind};
use crate::limits::{MAX_DEPTH, MAX_DICE, MAX_EXPRESSION_CHARS};

impl std::str::FromStr for Expression {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self, Error> {
        Expression::parse(s)
    }
}

impl Expression {
    /// Parses dice notation, e.g. `2d10+12`, `4d6kh3`, `100 + 10 * (FORT - 5)`.
    pub fn parse(input: &str) -> Result<Expression, Error> {
        // At most one character per byte, so short input needs no counting.
        if input.len() > MAX_EXPRESSION_CHARS
            && input.chars().take(MAX_EXPRESSION_CHARS + 1).count() > MAX_EXPRESSION_CHARS
        {
            let len = input.chars().count();
            return Err(Error::limit(
                format!("{MAX_EXPRESSION_CHARS} characters per expression"),
                format!("the expression is {len} characters long"),
            ));
        }
        let (body, label) = match input.find('#') {
            Some(at) => {
                let label = input[at + 1..].trim();
                (&input[..at], (!label.is_empty()).then(|| label.to_string()))
            }
            None => (input, None),
        };
        let mut parser = Parser {
            src: body,
            bytes: body.as_bytes(),
            pos: 0,
            depth: 0,
            // Room for `4d6kh3 + 2`-sized input without regrowing.
            terms: Vec::with_capacity(2),
            nodes: Vec::with_capacity(8),
            ascii: body.is_ascii(),
        };
        parser.skip_ws();
        let root = parser.sum()?;
        parser.skip_ws();
        if parser.pos < parser.bytes.len() {
            // Inside parentheses a stray token is reported by the '(' itself,
            // so here a ')' never closes anything: it is not offered.
            return Err(parser.expected("an operator (+ - * /) or '#' before a label"));
        }
        let mut base_dice = 0u64;
        for term in &parser.terms {
            base_dice += u64::from(term.count) * if term.percentile { 2 } else { 1 };
        }
        if base_dice > MAX_DICE {
            return Err(Error::limit(
                format!("{MAX_DICE} dice per evaluation"),
                format!("the expression rolls {base_dice} dice"),
            ));
        }
        Ok(Expression {
            root,
            plan: crate::plan::plan(&parser.nodes, root),
            nodes: parser.nodes,
            label,
            text: body.trim().to_string(),
            // Spans were taken in the untrimmed body.
            terms: {
                let lead = (body.len() - body.trim_start().len()) as u32;
                for term in &mut parser.terms {
                    term.span = (term.span.0 - lead, term.span.1 - lead);
                }
                parser.terms
            },
            base_dice,
        })
    }
}

struct Parser<'a> {
    src: &'a str,
    bytes: &'a [u8],
    pos: usize,
    depth: u32,
    terms: Vec<DiceTerm>,
    nodes: Vec<Node>,
    /// Every byte is a character, so columns are offsets plus one.
    ascii: bool,
}

impl<'a> Parser<'a> {
    fn push(&mut self, node: Node) -> NodeId {
        self.nodes.push(node);
        self.nodes.len() as NodeId - 1
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn peek_at(&self, ahead: usize) -> Option<u8> {
        self.bytes.get(self.pos + ahead).copied()
    }

    fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.pos += 1;
        }
    }

    /// 1-based column, in characters, of byte offset `at`.
    fn column_of(&self, at: usize) -> usize {
        let at = at.min(self.src.len());
        if self.ascii {
            return at + 1;
        }
        // Offsets always sit on char boundaries or past ASCII bytes we consumed.
        let prefix = self.src.get(..at).unwrap_or(self.src);
        prefix.chars().count() + 1
    }

    fn column(&self) -> usize {
        self.column_of(self.pos)
    }

    fn found(&self) -> String {
        match self
            .src
            .get(self.pos..)
            .and_then(|rest| rest.chars().next())
        {
            None => "end of input".to_string(),
            // Escaped, so control and bidi characters cannot garble the message.
            Some(c) => format!("'{}'", c.escape_debug()),
        }
    }

    fn expected(&self, what: &str) -> Error {
        ErrorKind::Parse {
            column: self.column(),
            found: self.found(),
            expected: what.to_string(),
        }
        .into()
    }

    fn enter(&mut self) -> Result<(), Error> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Error::limit(
                format!("{MAX_DEPTH} levels of nesting"),
                format!("the expression nests deeper at column {}", self.column()),
            ));
        }
        Ok(())
    }

    fn sum(&mut self) -> Result<NodeId, Error> {
        let mut lhs = self.product()?;
        loop {
            self.skip_ws();
            let op = match self.peek() {
                Some(b'+') => BinaryOp::Add,
                Some(b'-') => BinaryOp::Sub,
                _ => return Ok(lhs),
            };
            let column = self.column();
            self.pos += 1;
            self.skip_ws();
            let rhs = self.product()?;
            lhs = self.push(Node::Binary {
                op,
                lhs,
                rhs,
                column: column as u32,
            });
        }
    }

    fn product(&mut self) -> Result<NodeId, Error> {
        let mut lhs = self.unary()?;
        loop {
            self.skip_ws();
            let op = match self.peek() {
                Some(b'*') => BinaryOp::Mul,
                Some(b'/') => BinaryOp::Div,
                _ => return Ok(lhs),
            };
            let column = self.column();
            self.pos += 1;
            self.skip_ws();
            let rhs = self.unary()?;
            lhs = self.push(Node::Binary {
                op,
                lhs,
                rhs,
                column: column as u32,
            });
        }
    }

    fn unary(&mut self) -> Result<NodeId, Error> {
        self.skip_ws();
        match self.peek() {
            Some(sign @ (b'-' | b'+')) => {
                let column = self.column();
                self.enter()?;
                self.pos += 1;
                let operand = self.unary()?;
                self.depth -= 1;
                Ok(if sign == b'-' {
                    self.push(Node::Neg {
                        operand,
                        column: column as u32,
                    })
                } else {
                    operand
                })
            }
            _ => self.primary(),
        }
    }

    fn primary(&mut self) -> Result<NodeId, Error> {
        self.skip_ws();
        let start = self.pos;
        match self.peek() {
            Some(b'0'..=b'9') => {
                let (digits, value) = self.digits();
                if self.at_dice_letter() {
                    let count = value.unwrap_or(u64::MAX);
                    if count > MAX_DICE {
                        return Err(Error::limit(
                            format!("{MAX_DICE} dice per evaluation"),
                            format!(
                                "the expression rolls {digits} dice at column {}",
                                self.column_of(start)
                            ),
                        ));
                    }
                    return self.dice(start, count as u32);
                }
                match value.and_then(|v| i64::try_from(v).ok()) {
                    Some(n) => Ok(self.push(Node::Number(n))),
                    None => Err(Error::invalid(
                        self.column_of(start),
                        format!(
                            "the number {digits} is too large; the largest is {}",
                            i64::MAX
                        ),
                    )),
                }
            }
            Some(_) if self.at_dice_letter() => self.dice(start, 1),
            Some(b'(') => {
                self.enter()?;
                self.pos += 1;
                self.skip_ws();
                let inner = self.sum()?;
                self.skip_ws();
                if self.peek() != Some(b')') {
                    let open = self.column_of(start);
                    return Err(self.expected(&format!("')' to close the '(' of column {open}")));
                }
                self.pos += 1;
                self.depth -= 1;
                Ok(inner)
            }
            Some(b'a'..=b'z' | b'A'..=b'Z' | b'_') => {
                while matches!(
                    self.peek(),
                    Some(b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'_')
                ) {
                    self.pos += 1;
                }
                let name = &self.src[start..self.pos];
                self.skip_ws();
                if self.peek() == Some(b'(') {
                    return self.call(name, start);
                }
                Ok(self.push(Node::Variable { name: name.into() }))
            }
            _ => Err(self.expected("a number, dice (like 2d6), a variable, '(' or min/max")),
        }
    }

    fn call(&mut self, name: &str, start: usize) -> Result<NodeId, Error> {
        let column = self.column_of(start);
        let func = match name.to_ascii_lowercase().as_str() {
            "min" => Function::Min,
            "max" => Function::Max,
            _ => {
                return Err(Error::invalid(
                    column,
                    format!("unknown function {name}; the functions are min(a, b) and max(a, b)"),
                ));
            }
        };
        self.enter()?;
        self.pos += 1;
        let first = self.sum()?;
        self.skip_ws();
        if self.peek() != Some(b',') {
            return Err(self.expected("',' between the two arguments"));
        }
        self.pos += 1;
        let second = self.sum()?;
        self.skip_ws();
        if self.peek() != Some(b')') {
            return Err(self.expected("')' after the two arguments"));
        }
        self.pos += 1;
        self.depth -= 1;
        Ok(self.push(Node::Call {
            func,
            lhs: first,
            rhs: second,
            column: column as u32,
        }))
    }

    /// The digits at the cursor and their value (`None` past `u64::MAX`).
    fn digits(&mut self) -> (&'a str, Option<u64>) {
        let start = self.pos;
        let mut value = Some(0u64);
        while let Some(b @ b'0'..=b'9') = self.peek() {
            value = value.and_then(|v| v.checked_mul(10)?.checked_add(u64::from(b - b'0')));
            self.pos += 1;
        }
        let src: &'a str = self.src;
        (&src[start..self.pos], value)
    }

    /// `d` or `k` (either case) followed by a digit or `%`.
    fn at_dice_letter(&self) -> bool {
        matches!(self.peek(), Some(b'd' | b'D' | b'k' | b'K'))
            && (matches!(self.peek_at(1), Some(b'0'..=b'9'))
                || (matches!(self.peek(), Some(b'd' | b'D')) && self.peek_at(1) == Some(b'%')))
            || (matches!(self.peek(), Some(b'd' | b'D' | b'k' | b'K'))
                && self.pos > 0
                && self.bytes[self.pos - 1].is_ascii_digit())
    }

    fn number_after(&mut self, what: &str) -> Result<u64, Error> {
        if !matches!(self.peek(), Some(b'0'..=b'9')) {
            return Err(self.expected(what));
        }
        let start = self.pos;
        let (digits, value) = self.digits();
        value.ok_or_else(|| {
            Error::invalid(
                self.column_of(start),
                format!("the number {digits} is too large"),
            )
        })
    }
}
