//! The words of one script line and a cursor over them that explains, in
//! every error, what it expected, what it found and the form to write.

use nanite_core::CombatantId;

use super::{Form, LineError, WeaponRef};

/// One word, or one quoted text.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Token {
    text: String,
    quoted: bool,
    /// Where it starts, in characters from 1.
    column: usize,
}

/// A cursor over the words of a line.
#[derive(Debug)]
pub(crate) struct Words {
    tokens: Vec<Token>,
    /// The line's length in characters.
    width: usize,
    at: usize,
    form: Option<&'static Form>,
    ids: Vec<CombatantId>,
}

impl Words {
    /// Splits `line` at spaces, keeping `"quoted text"` and `'quoted text'`
    /// whole.
    pub(crate) fn split(line: &str) -> Result<Words, LineError> {
        let mut tokens = Vec::new();
        let mut chars = line.char_indices().peekable();
        while let Some(&(start, c)) = chars.peek() {
            if c.is_whitespace() {
                chars.next();
            } else if c == '"' || c == '\'' {
                chars.next();
                let mut text = String::new();
                let mut closed = false;
                for (_, d) in chars.by_ref() {
                    if d == c {
                        closed = true;
                        break;
                    }
                    text.push(d);
                }
                let column = line[..start].chars().count() + 1;
                if !closed {
                    return Err(LineError {
                        message: format!("the quote {c} at column {column} is never closed"),
                        help: format!(
                            "end the text with another {c}, as in `vex act {c}draw pistol{c} 1`"
                        ),
                        column: Some(column),
                    });
                }
                tokens.push(Token {
                    text,
                    quoted: true,
                    column,
                });
            } else {
                let mut text = String::new();
                while let Some(&(_, d)) = chars.peek() {
                    if d.is_whitespace() || d == '"' || d == '\'' {
                        break;
                    }
                    text.push(d);
                    chars.next();
                }
                tokens.push(Token {
                    text,
                    quoted: false,
                    column: line[..start].chars().count() + 1,
                });
            }
        }
        Ok(Words {
            tokens,
            width: line.chars().count(),
            at: 0,
            form: None,
            ids: Vec::new(),
        })
    }

    /// The form being parsed, for the help of every error.
    pub(crate) fn set_form(&mut self, form: &'static Form) {
        self.form = Some(form);
    }

    /// Records an id the line names.
    pub(crate) fn note_id(&mut self, id: &CombatantId) {
        self.ids.push(id.clone());
    }

    /// The ids the line named.
    pub(crate) fn into_ids(self) -> Vec<CombatantId> {
        self.ids
    }

    /// The column just past the line's end, where a missing word would go.
    pub(crate) fn end_column(&self) -> usize {
        self.width + 1
    }

    /// The column of the word read last.
    pub(crate) fn last_column(&self) -> Option<usize> {
        self.at
            .checked_sub(1)
            .and_then(|i| self.tokens.get(i))
            .map(|t| t.column)
    }

    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at)
    }

    fn peek_word(&self) -> Option<&str> {
        self.peek().filter(|t| !t.quoted).map(|t| t.text.as_str())
    }

    /// Whether `word` comes next.
    pub(crate) fn peek_is(&self, word: &str) -> bool {
        self.peek_word() == Some(word)
    }

    /// Whether words are left.
    pub(crate) fn more(&self) -> bool {
        self.at < self.tokens.len()
    }

    /// The next word, quoted or not.
    pub(crate) fn next_word(&mut self) -> Option<String> {
        let t = self.tokens.get(self.at)?.text.clone();
        self.at += 1;
        Some(t)
    }

    fn help(&self) -> String {
        match self.form {
            Some(f) => format!("write `{}`, e.g. `{}`", f.usage, f.example),
            None => "see docs/compound-x/encounter-file.md for the commands".into(),
        }
    }

    /// An error: `expected` was wanted where the cursor is.
    pub(crate) fn fail(&self, expected: &str) -> LineError {
        match self.peek() {
            Some(t) => {
                let found = if t.quoted {
                    format!("the text \"{}\"", t.text)
                } else {
                    format!("`{}`", t.text)
                };
                let mut message = format!("expected {expected}, found {found}");
                if !t.quoted && t.text.parse::<f64>().is_ok() && expected.contains("15m") {
                    message.push_str(&format!(" (a distance takes its unit: `{}m`)", t.text));
                }
                LineError {
                    message,
                    help: self.help(),
                    column: Some(t.column),
                }
            }
            None => LineError {
                message: format!("expected {expected}, found the end of the line"),
                help: self.help(),
                column: Some(self.end_column()),
            },
        }
    }

    /// An error about a word already read.
    pub(crate) fn fail_with(&self, expected: &str, found: &str) -> LineError {
        LineError {
            message: format!("expected {expected}, found `{found}`"),
            help: self.help(),
            column: self.last_column(),
        }
    }

    /// Whether the word after the next one is `word`.
    pub(crate) fn peek_second_is(&self, word: &str) -> bool {
        self.tokens
            .get(self.at + 1)
            .is_some_and(|t| !t.quoted && t.text == word)
    }

    /// Takes `word` if it comes next.
    pub(crate) fn take(&mut self, word: &str) -> bool {
        if self.peek_word() == Some(word) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    /// Takes `word`, or fails.
    pub(crate) fn expect(&mut self, word: &str) -> Result<(), LineError> {
        if self.take(word) {
            Ok(())
        } else {
            Err(self.fail(&format!("`{word}`")))
        }
    }

    /// Takes one of `words`, or fails.
    pub(crate) fn expect_one_of(&mut self, words: &[&str]) -> Result<(), LineError> {
        if words.iter().any(|w| self.take(w)) {
            Ok(())
        } else {
            let list: Vec<String> = words.iter().map(|w| format!("`{w}`")).collect();
            Err(self.fail(&list.join(" or ")))
        }
    }

    /// Takes a keyword of `table` if one comes next.
    pub(crate) fn take_keyword<T: Clone>(&mut self, table: &[(&str, T)]) -> Option<T> {
        let word = self.peek_word()?;
        let value = table.iter().find(|(k, _)| *k == word)?.1.clone();
        self.at += 1;
        Some(value)
    }

    /// A keyword of `table`, or a failure listing them.
    pub(crate) fn keyword<T: Clone>(
        &mut self,
        what: &str,
        table: &[(&str, T)],
    ) -> Result<T, LineError> {
        if let Some(value) = self.take_keyword(table) {
            return Ok(value);
        }
        let keys: Vec<&str> = table.iter().map(|(k, _)| *k).collect();
        Err(self.fail(&format!("{what} ({})", keys.join(", "))))
    }

    /// A bare word.
    pub(crate) fn word(&mut self, what: &str) -> Result<String, LineError> {
        match self.peek_word() {
            Some(w) => {
                let w = w.to_string();
                self.at += 1;
                Ok(w)
            }
            None => Err(self.fail(what)),
        }
    }

    /// A point of the map in metres: `12,4` or `12.5,4`.
    pub(crate) fn point(&mut self, what: &str) -> Result<crate::encounter::Point, LineError> {
        let word = self.word(what)?;
        crate::encounter::Point::parse_metres(&word).map_err(|_| {
            self.fail_with(
                &format!("{what} (metres east,south like `12,4` or `12.5,4`)"),
                &word,
            )
        })
    }

    /// A name: quoted text, or one bare word.
    pub(crate) fn name(&mut self, what: &str) -> Result<String, LineError> {
        match self.optional_text() {
            Some(t) => Ok(t),
            None => self.word(what),
        }
    }

    /// A combatant's id.
    pub(crate) fn id(&mut self, what: &str) -> Result<CombatantId, LineError> {
        let id = CombatantId::from(self.word(what)?);
        self.ids.push(id.clone());
        Ok(id)
    }

    /// A whole number.
    pub(crate) fn number(&mut self, what: &str) -> Result<i64, LineError> {
        match self.peek_word().and_then(|w| w.parse::<i64>().ok()) {
            Some(n) => {
                self.at += 1;
                Ok(n)
            }
            None => Err(self.fail(&format!("{what} (a whole number)"))),
        }
    }

    /// A count: a whole number from 0.
    pub(crate) fn count(&mut self, what: &str) -> Result<u32, LineError> {
        match self.peek_word().and_then(|w| w.parse::<u32>().ok()) {
            Some(n) => {
                self.at += 1;
                Ok(n)
            }
            None => Err(self.fail(&format!("{what} (a whole number from 0)"))),
        }
    }

    /// Whether a distance with its unit comes next: `15m` or `15 m`.
    pub(crate) fn peek_metres(&self) -> bool {
        let Some(word) = self.peek_word() else {
            return false;
        };
        match word.strip_suffix('m') {
            Some(n) => n.parse::<i64>().is_ok(),
            None => {
                word.parse::<i64>().is_ok()
                    && self
                        .tokens
                        .get(self.at + 1)
                        .is_some_and(|t| !t.quoted && t.text == "m")
            }
        }
    }

    fn metres_text(&mut self, what: &str) -> Result<String, LineError> {
        let Some(word) = self.peek_word().map(str::to_string) else {
            return Err(self.fail(&format!("{what} (like `15` or `15m`)")));
        };
        self.at += 1;
        match word.strip_suffix('m') {
            Some(number) => Ok(number.to_string()),
            None => {
                self.take("m");
                Ok(word)
            }
        }
    }

    /// Metres: `15`, `15m` or `15 m`.
    pub(crate) fn metres(&mut self, what: &str) -> Result<i64, LineError> {
        let at = self.at;
        let text = self.metres_text(what)?;
        text.parse::<i64>().map_err(|_| {
            self.at = at;
            self.fail(&format!("{what} (whole metres, like `15` or `15m`)"))
        })
    }

    /// Metres with a possible fraction: `2`, `3.5m`.
    pub(crate) fn fraction_metres(&mut self, what: &str) -> Result<f64, LineError> {
        let at = self.at;
        let text = self.metres_text(what)?;
        text.parse::<f64>()
            .ok()
            .filter(|m| m.is_finite())
            .ok_or_else(|| {
                self.at = at;
                self.fail(&format!("{what} (like `2` or `3.5m`)"))
            })
    }

    /// Quoted text.
    pub(crate) fn text(&mut self, what: &str) -> Result<String, LineError> {
        self.optional_text().ok_or_else(|| self.fail(what))
    }

    /// Quoted text, if it comes next.
    pub(crate) fn optional_text(&mut self) -> Option<String> {
        let t = self.peek().filter(|t| t.quoted)?.text.clone();
        self.at += 1;
        Some(t)
    }

    /// A weapon: its index from 0, its id, or its name in quotes.
    pub(crate) fn weapon(&mut self) -> Result<WeaponRef, LineError> {
        match self.peek() {
            Some(t) => {
                let t = t.clone();
                self.at += 1;
                Ok(match t.text.parse::<usize>() {
                    Ok(i) if !t.quoted => WeaponRef::Index(i),
                    _ => WeaponRef::Named(t.text),
                })
            }
            None => Err(self.fail("a weapon (its number from 0, its id or its name)")),
        }
    }

    /// A weapon if one is named (`smg`, `weapon smg`, `1`), else the usual one.
    pub(crate) fn optional_weapon(&mut self) -> Result<WeaponRef, LineError> {
        if !self.more() {
            return Ok(WeaponRef::Usual);
        }
        self.take("weapon");
        self.weapon()
    }

    /// Reads an option into `slot` unless it was given already.
    pub(crate) fn once<T>(
        &mut self,
        slot: &mut Option<T>,
        name: &str,
        read: impl FnOnce(&mut Self) -> Result<T, LineError>,
    ) -> Result<(), LineError> {
        if slot.is_some() {
            return Err(LineError {
                message: format!("{name} is given twice"),
                help: format!("keep one; {}", self.help()),
                column: self.peek().map(|t| t.column),
            });
        }
        *slot = Some(read(self)?);
        Ok(())
    }

    /// Fails if words are left over.
    pub(crate) fn done(&self) -> Result<(), LineError> {
        if self.more() {
            Err(self.fail("the end of the line"))
        } else {
            Ok(())
        }
    }
}
