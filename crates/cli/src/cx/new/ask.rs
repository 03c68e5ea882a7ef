//! Asking questions: one answer per line, menus answered by number or id.
//!
//! Prompts and the messages of a refused answer go to the output; a refused
//! answer is asked again. When the input is not a terminal (a script piped in)
//! each answer is echoed after its prompt, so a transcript reads like a
//! conversation. The end of the input is an [`Unanswered`] error naming the
//! question.

use std::fmt::{self, Display};
use std::io::{BufRead, Write};

use anyhow::{Context as _, Result};

/// The input ended before `question` was answered.
#[derive(Debug)]
pub(crate) struct Unanswered {
    /// The question that was waiting.
    pub(crate) question: String,
}

impl Display for Unanswered {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the input ended before the question \"{}\" was answered",
            self.question
        )
    }
}

impl std::error::Error for Unanswered {}

/// One entry of a [`Menu`].
pub(crate) struct Choice {
    /// What the player may type instead of the number.
    pub(crate) id: String,
    /// The line shown after the id.
    pub(crate) label: String,
    /// A second, indented line (description, details).
    pub(crate) detail: Option<String>,
}

impl Choice {
    /// An entry without a detail line.
    pub(crate) fn new(id: impl Into<String>, label: impl Into<String>) -> Self {
        Self {
            id: id.into(),
            label: label.into(),
            detail: None,
        }
    }

    /// The entry with a detail line.
    pub(crate) fn detail(mut self, detail: impl Into<String>) -> Self {
        let detail = detail.into();
        if !detail.is_empty() {
            self.detail = Some(detail);
        }
        self
    }
}

/// A numbered menu of legal choices.
pub(crate) struct Menu {
    /// The question asked under the list.
    pub(crate) question: String,
    /// The legal choices.
    pub(crate) choices: Vec<Choice>,
    /// The word for choosing nothing (`none`, `done`), when that is allowed:
    /// typed as `0`, the word, or an empty answer.
    pub(crate) nothing: Option<&'static str>,
    /// The entry an empty answer picks.
    pub(crate) default: Option<usize>,
    /// Ids that are not offered, with the reason (told when one is typed).
    pub(crate) refused: Vec<(String, String)>,
}

impl Menu {
    /// A menu asking `question`, with nothing in it yet.
    pub(crate) fn new(question: impl Into<String>) -> Self {
        Self {
            question: question.into(),
            choices: Vec::new(),
            nothing: None,
            default: None,
            refused: Vec::new(),
        }
    }

    /// Allows choosing nothing, called `word`.
    pub(crate) fn or(mut self, word: &'static str) -> Self {
        self.nothing = Some(word);
        self
    }

    /// Offers `choice`.
    pub(crate) fn push(&mut self, choice: Choice) {
        self.choices.push(choice);
    }

    /// Records that `id` is not offered, and why.
    pub(crate) fn refuse(&mut self, id: impl Into<String>, why: impl Into<String>) {
        self.refused.push((id.into(), why.into()));
    }

    fn prompt(&self) -> String {
        let n = self.choices.len();
        let mut hint = if n == 1 {
            "1 or its id".to_string()
        } else {
            format!("1-{n} or an id")
        };
        if let Some(word) = self.nothing {
            hint.push_str(&format!(", empty for {word}"));
        }
        match self.default.and_then(|d| self.choices.get(d)) {
            Some(d) => format!("{} ({hint}) [{}]", self.question, d.id),
            None => format!("{} ({hint})", self.question),
        }
    }

    /// The choice `answer` names, `Ok(None)` for nothing, or why it names none.
    fn pick(&self, answer: &str) -> Result<Option<usize>, String> {
        let n = self.choices.len();
        if answer.is_empty() {
            return match (self.default, self.nothing) {
                (Some(d), _) => Ok(Some(d)),
                (None, Some(_)) => Ok(None),
                (None, None) => Err(format!("choose one: type a number from 1 to {n} or an id")),
            };
        }
        if let Some(word) = self.nothing
            && (answer == "0"
                || answer.eq_ignore_ascii_case(word)
                || answer.eq_ignore_ascii_case("none")
                || answer.eq_ignore_ascii_case("done"))
        {
            return Ok(None);
        }
        if let Ok(number) = answer.parse::<usize>() {
            return if (1..=n).contains(&number) {
                Ok(Some(number - 1))
            } else {
                Err(format!(
                    "{number} is not on the menu; type a number from 1 to {n}"
                ))
            };
        }
        if let Some(i) = self
            .choices
            .iter()
            .position(|c| c.id.eq_ignore_ascii_case(answer))
        {
            return Ok(Some(i));
        }
        if let Some((id, why)) = self
            .refused
            .iter()
            .find(|(id, _)| id.eq_ignore_ascii_case(answer))
        {
            return Err(format!("{id} is not offered: {why}"));
        }
        Err(format!(
            "'{answer}' is not on the menu; type a number from 1 to {n} or one of the ids shown"
        ))
    }
}

/// Asks questions on `out` and reads the answers from `input`.
pub(crate) struct Prompter<R, W> {
    input: R,
    out: W,
    echo: bool,
}

impl<R: BufRead, W: Write> Prompter<R, W> {
    /// A prompter; `echo` repeats each answer after its prompt (for piped input).
    pub(crate) fn new(input: R, out: W, echo: bool) -> Self {
        Self { input, out, echo }
    }

    /// Writes `text` and a newline.
    pub(crate) fn say(&mut self, text: impl Display) -> Result<()> {
        writeln!(self.out, "{text}")?;
        Ok(())
    }

    /// Asks `question` and returns the answer, trimmed.
    pub(crate) fn answer(&mut self, question: &str) -> Result<String> {
        write!(self.out, "{question}: ")?;
        self.out.flush()?;
        let mut line = String::new();
        let read = self
            .input
            .read_line(&mut line)
            .context("cannot read the answer from standard input")?;
        if read == 0 {
            writeln!(self.out)?;
            return Err(Unanswered {
                question: question.to_string(),
            }
            .into());
        }
        let answer = line.trim().to_string();
        if self.echo {
            writeln!(self.out, "{answer}")?;
        }
        Ok(answer)
    }

    /// Asks `question` until `check` accepts the answer; each refusal is told.
    pub(crate) fn until<T>(
        &mut self,
        question: &str,
        mut check: impl FnMut(&str) -> Result<T, String>,
    ) -> Result<T> {
        loop {
            let answer = self.answer(question)?;
            match check(&answer) {
                Ok(value) => return Ok(value),
                Err(why) => self.say(format!("  {why}"))?,
            }
        }
    }

    /// Asks for a whole number in `min..=max` (`default` on an empty answer).
    pub(crate) fn number(
        &mut self,
        question: &str,
        min: i64,
        max: i64,
        default: Option<i64>,
    ) -> Result<i64> {
        let prompt = match default {
            Some(d) => format!("{question} ({min}-{max}) [{d}]"),
            None => format!("{question} ({min}-{max})"),
        };
        self.until(&prompt, |answer| match (answer, default) {
            ("", Some(d)) => Ok(d),
            _ => match whole(answer)? {
                n if (min..=max).contains(&n) => Ok(n),
                n => Err(format!("{n} is outside {min}-{max}")),
            },
        })
    }

    /// Shows `menu` and asks until one of its choices (or nothing, when
    /// allowed) is picked. A menu with no choices that allows nothing is not
    /// asked at all.
    pub(crate) fn choose(&mut self, menu: &Menu) -> Result<Option<usize>> {
        if menu.choices.is_empty() {
            if menu.nothing.is_some() {
                self.say(format!("{}: nothing can be chosen", menu.question))?;
                return Ok(None);
            }
            anyhow::bail!("{}: there is nothing to choose from", menu.question);
        }
        let width = menu.choices.iter().map(|c| c.id.len()).max().unwrap_or(0);
        let digits = menu.choices.len().to_string().len();
        for (i, c) in menu.choices.iter().enumerate() {
            writeln!(
                self.out,
                "  {:>digits$}) {:<width$}  {}",
                i + 1,
                c.id,
                c.label
            )?;
            if let Some(detail) = &c.detail {
                writeln!(self.out, "  {:>digits$}  {:<width$}  {detail}", "", "")?;
            }
        }
        if !menu.refused.is_empty() {
            writeln!(
                self.out,
                "  ({} not offered; type an id to see why)",
                menu.refused.len()
            )?;
        }
        self.until(&menu.prompt(), |answer| menu.pick(answer))
    }
}

/// `answer` as a whole number, or why it is not one.
pub(crate) fn whole(answer: &str) -> Result<i64, String> {
    answer
        .parse::<i64>()
        .map_err(|_| format!("'{answer}' is not a whole number"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn menu() -> Menu {
        let mut menu = Menu::new("Race").or("none");
        menu.push(Choice::new("human", "Human"));
        menu.push(Choice::new("tundari", "Tundari").detail("catlike"));
        menu.refuse("gravan", "too heavy");
        menu
    }

    fn run<T>(
        typed: &str,
        ask: impl FnOnce(&mut Prompter<&[u8], &mut Vec<u8>>) -> Result<T>,
    ) -> (Result<T>, String) {
        let mut out = Vec::new();
        let result = ask(&mut Prompter::new(typed.as_bytes(), &mut out, false));
        (result, String::from_utf8(out).unwrap())
    }

    #[test]
    fn menus_take_a_number_or_an_id() {
        assert_eq!(run("2\n", |p| p.choose(&menu())).0.unwrap(), Some(1));
        assert_eq!(run("Human\n", |p| p.choose(&menu())).0.unwrap(), Some(0));
        assert_eq!(run("\n", |p| p.choose(&menu())).0.unwrap(), None);
        assert_eq!(run("none\n", |p| p.choose(&menu())).0.unwrap(), None);
    }

    #[test]
    fn menus_refuse_what_is_not_offered_and_ask_again() {
        let (picked, out) = run("7\ngravan\nelf\ntundari\n", |p| p.choose(&menu()));
        assert_eq!(picked.unwrap(), Some(1));
        assert!(out.contains("  1) human    Human\n"), "{out}");
        assert!(out.contains("\n              catlike\n"), "{out}");
        assert!(out.contains("7 is not on the menu"), "{out}");
        assert!(out.contains("gravan is not offered: too heavy"), "{out}");
        assert!(out.contains("'elf' is not on the menu"), "{out}");
    }

    #[test]
    fn numbers_stay_in_range_and_take_the_default() {
        let (n, out) = run("x\n12\n\n", |p| p.number("Level", 0, 10, Some(3)));
        assert_eq!(n.unwrap(), 3);
        assert!(out.contains("'x' is not a whole number"), "{out}");
        assert!(out.contains("12 is outside 0-10"), "{out}");
    }

    #[test]
    fn the_end_of_input_names_the_question() {
        let (n, _) = run("", |p| p.number("Level", 0, 10, None));
        let err = n.unwrap_err();
        assert!(err.downcast_ref::<Unanswered>().is_some());
        assert_eq!(
            err.to_string(),
            "the input ended before the question \"Level (0-10)\" was answered"
        );
    }

    #[test]
    fn piped_answers_are_echoed() {
        let mut out = Vec::new();
        let name = Prompter::new("Vex\n".as_bytes(), &mut out, true).answer("Name");
        assert_eq!(name.unwrap(), "Vex");
        assert_eq!(String::from_utf8(out).unwrap(), "Name: Vex\n");
    }
}
