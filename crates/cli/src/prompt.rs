//! What the GM's table prompts (`nanite cx play`, `nanite d20 play`) share:
//! tab completion from the session's words and a roll at the table.

use std::borrow::Cow;
use std::cell::RefCell;
use std::rc::Rc;

use anyhow::{Result, bail};
use nanite_core::DiceSource;
use rustyline::completion::{Completer, Pair};
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::validate::Validator;
use rustyline::{Context as LineContext, Helper};

/// A roll at the table, outside the fight (`roll 2d10+12`).
pub(crate) fn roll(expression: &str, dice: &mut dyn DiceSource) -> Result<String> {
    let expression = expression.trim();
    if expression.is_empty() {
        bail!("roll needs an expression, such as `roll 2d10+12`");
    }
    let parsed = nanite_dice::Expression::parse(expression)
        .map_err(|e| anyhow::anyhow!("{e}\n  roll takes dice notation, such as `roll 2d10+12`"))?;
    let rolled = parsed.roll(dice)?;
    Ok(format!("  {rolled}\n"))
}

/// Tab completion from the session's words.
pub(crate) struct Words(pub(crate) Rc<RefCell<Vec<String>>>);

impl Completer for Words {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _: &LineContext<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let start = line[..pos].rfind(' ').map_or(0, |i| i + 1);
        let word = &line[start..pos];
        let candidates = self
            .0
            .borrow()
            .iter()
            .filter(|w| w.starts_with(word))
            .map(|w| Pair {
                display: w.clone(),
                replacement: w.clone(),
            })
            .collect();
        Ok((start, candidates))
    }
}

impl Hinter for Words {
    type Hint = String;
}

impl Highlighter for Words {
    fn highlight_prompt<'b, 's: 'b, 'p: 'b>(
        &'s self,
        prompt: &'p str,
        _default: bool,
    ) -> Cow<'b, str> {
        Cow::Borrowed(prompt)
    }
}

impl Validator for Words {}

impl Helper for Words {}

#[cfg(test)]
mod tests {
    use rustyline::history::DefaultHistory;

    use super::*;

    #[test]
    fn completion_finishes_the_word_under_the_cursor() {
        let words = Words(Rc::new(RefCell::new(vec![
            "vex".into(),
            "raider".into(),
            "fire".into(),
            "fast-recharge".into(),
        ])));
        let history = DefaultHistory::new();
        let ctx = LineContext::new(&history);
        let (start, found) = words.complete("vex f", 5, &ctx).unwrap();
        assert_eq!(start, 4);
        let names: Vec<_> = found.iter().map(|p| p.replacement.as_str()).collect();
        assert_eq!(names, ["fire", "fast-recharge"]);
        let (start, found) = words.complete("ra", 2, &ctx).unwrap();
        assert_eq!((start, found.len()), (0, 1));
    }
}
