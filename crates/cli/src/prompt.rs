//! The table prompt every ruleset shares (`nanite cx play`, `nanite d20
//! play`, `nanite station play`): the loop that reads a line, hands it to
//! the session and prints its answer, where the lines come from (the line
//! editor, with tab completion from the session's words and history, or a
//! piped file), the dice of a sitting, and a roll at the table.

use std::borrow::Cow;
use std::cell::RefCell;
use std::io::{BufRead, Write};
use std::path::Path;
use std::rc::Rc;

use anyhow::{Context, Result, bail};
use nanite_core::{CombatantId, DiceSource, EntropyDice, SeededDice};
use rustyline::completion::{Completer, Pair};
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::Validator;
use rustyline::{Context as LineContext, Editor, Helper};

/// A session at the table prompt, as the loop drives it. The ruleset's
/// session reads the line in its own command language, has the engine
/// decide it, and answers with the narration (and saves itself, where it
/// has a file).
pub(crate) trait Sitting {
    /// What the prompt says first: the session, how far it is, the game.
    fn greeting(&self) -> String;
    /// The prompt before each line: whose turn it is (`vex> `).
    fn prompt(&self) -> String;
    /// The words tab completion offers now.
    fn words(&self) -> Vec<String>;
    /// Takes one line, answering what to print. An error is printed and
    /// the session goes on (the line changed nothing), unless it is
    /// [`Broken`].
    fn take(&mut self, line: &str, dice: &mut dyn DiceSource) -> Result<String>;
    /// Whether the session is over, so no further line is read.
    fn over(&self) -> bool {
        false
    }
    /// What the prompt says last, when the input ends or the session is over.
    fn farewell(&self) -> String {
        String::new()
    }
}

/// A failure that ends the sitting (not a refused line): the loop stops and
/// returns it.
#[derive(Debug)]
pub(crate) struct Broken(pub(crate) String);

impl std::fmt::Display for Broken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Broken {}

/// Where the lines of a sitting come from.
pub(crate) trait Lines {
    /// The next line, after showing `prompt` (with `words` for
    /// completion); none at the end of input.
    fn next(&mut self, prompt: &str, words: Vec<String>) -> Result<Option<String>>;
}

/// Lines from the line editor, with tab completion and a history kept in a
/// file beside the session.
pub(crate) struct Terminal {
    editor: Editor<Words, DefaultHistory>,
    words: Rc<RefCell<Vec<String>>>,
    history: std::path::PathBuf,
}

impl Terminal {
    /// The line editor, with the history of the session in `session`.
    pub(crate) fn beside(session: &Path) -> Result<Terminal> {
        let history = session.with_extension("history");
        let words = Rc::new(RefCell::new(Vec::new()));
        let mut editor: Editor<Words, DefaultHistory> =
            Editor::new().context("cannot start the line editor")?;
        editor.set_helper(Some(Words(words.clone())));
        let _ = editor.load_history(&history);
        Ok(Terminal {
            editor,
            words,
            history,
        })
    }
}

impl Lines for Terminal {
    fn next(&mut self, prompt: &str, words: Vec<String>) -> Result<Option<String>> {
        *self.words.borrow_mut() = words;
        match self.editor.readline(prompt) {
            Ok(line) => {
                let trimmed = line.trim();
                if !trimmed.is_empty() {
                    let _ = self.editor.add_history_entry(trimmed);
                    let _ = self.editor.save_history(&self.history);
                }
                Ok(Some(line))
            }
            Err(ReadlineError::Eof | ReadlineError::Interrupted) => Ok(None),
            Err(e) => Err(e).context("cannot read the next command"),
        }
    }
}

/// Lines piped in (a script file on standard input), shown no prompt.
pub(crate) struct Piped<R>(pub(crate) R);

impl<R: BufRead> Lines for Piped<R> {
    fn next(&mut self, _prompt: &str, _words: Vec<String>) -> Result<Option<String>> {
        let mut line = String::new();
        if self.0.read_line(&mut line)? == 0 {
            return Ok(None);
        }
        Ok(Some(line))
    }
}

/// Greets, then reads lines until `quit`, `exit`, the end of input or the
/// end of the session, and writes to `out` what the session answers to
/// each (or why it refused), then its farewell.
pub(crate) fn converse<S: Sitting>(
    session: &mut S,
    dice: &mut dyn DiceSource,
    lines: &mut impl Lines,
    out: &mut dyn Write,
) -> Result<()> {
    out.write_all(session.greeting().as_bytes())?;
    out.flush()?;
    while let Some(line) = lines.next(&session.prompt(), session.words())? {
        if session.over() {
            break;
        }
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if matches!(line, "quit" | "exit") {
            break;
        }
        match session.take(line, dice) {
            Ok(text) => out.write_all(text.as_bytes())?,
            Err(e) if e.is::<Broken>() => return Err(e),
            Err(e) => writeln!(out, "{e:#}")?,
        }
        out.flush()?;
    }
    out.write_all(session.farewell().as_bytes())?;
    out.flush()?;
    Ok(())
}

/// The prompt for the combatant whose turn it is (`vex> `), or the GM's
/// (`gm> `).
pub(crate) fn turn_prompt(active: Option<&CombatantId>) -> String {
    match active {
        Some(id) => format!("{id}> "),
        None => "gm> ".to_string(),
    }
}

/// What one step of a session was, for `undo` and for saving.
#[derive(Debug, Clone)]
pub(crate) enum Step {
    /// A script line and the dice it rolled.
    Line { text: String, dice: Vec<i64> },
    /// A combatant added.
    Added(CombatantId),
}

/// The script lines of `steps`.
pub(crate) fn lines(steps: &[Step]) -> impl Iterator<Item = &Step> {
    steps.iter().filter(|s| matches!(s, Step::Line { .. }))
}

/// The encounter file's `[script]`: every die rolled, then every line, so
/// that replaying the file rolls the same.
pub(crate) fn script_section(steps: &[Step]) -> String {
    let q = |s: &str| toml::Value::String(s.to_string()).to_string();
    let mut faces = Vec::new();
    let mut lines = Vec::new();
    for step in steps {
        if let Step::Line { text, dice } = step {
            faces.extend(dice.iter().map(i64::to_string));
            lines.push(format!("  {},", q(text)));
        }
    }
    format!(
        "\n[script]\ndice = [{}]\ncommands = [\n{}\n]\n",
        faces.join(", "),
        lines.join("\n")
    )
}

/// The ids in the fight, for a refusal that names an unknown one.
pub(crate) fn known<'a>(ids: impl Iterator<Item = &'a CombatantId>) -> String {
    let ids: Vec<&str> = ids.map(CombatantId::as_str).collect();
    if ids.is_empty() {
        "nobody yet".into()
    } else {
        ids.join(", ")
    }
}

/// `help`: the prompt's own words, the GM's forms, then a combatant's.
pub(crate) fn help<'a>(
    prompt: &[(&str, &str)],
    gm: impl Iterator<Item = &'a str>,
    actions: impl Iterator<Item = &'a str>,
) -> String {
    let mut out = String::from("the prompt:\n");
    for (_, usage) in prompt {
        out.push_str(&format!("  {usage}\n"));
    }
    out.push_str("the GM:\n");
    for usage in gm {
        out.push_str(&format!("  {usage}\n"));
    }
    out.push_str("a combatant (the line starts with its id):\n");
    for usage in actions {
        out.push_str(&format!("  {usage}\n"));
    }
    out
}

/// What a sitting says after its name: how to use the prompt.
pub(crate) fn greeting(name: &str, commands: usize, fight: &str) -> String {
    format!(
        "{name}: {commands} command(s) so far; `help` lists the commands, `quit` leaves (the session is saved after every command)\n{fight}"
    )
}

/// The dice of a sitting: seeded, asked for on the terminal (naming what
/// each is for), or the machine's own.
pub(crate) fn dice(seed: Option<u64>, physical: bool) -> Box<dyn DiceSource> {
    match (seed, physical) {
        (Some(seed), _) => Box::new(SeededDice::new(seed)),
        (None, true) => Box::new(crate::physical::terminal_dice()),
        (None, false) => Box::new(EntropyDice::new()),
    }
}

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
