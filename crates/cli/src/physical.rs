//! `nanite roll --physical` and `nanite cx encounter --physical`: the table's own dice, asked for one at a time on
//! the terminal (prompts on stderr, answers on stdin).
//!
//! The prompt names each die and what it is for (`d10 for 2d10+12: `), so the
//! player knows which die to pick up. Anything that is not a face of that die
//! is refused and asked again; the end of input stops the roll with an error.

use std::io::{self, BufRead, Write};

use anyhow::{Context as _, bail};
use nanite_dice::{AskedDice, DiceSource, DieRequest, Roll, SourceError};

use crate::roll::{self, TypedExpression};

/// Rolls every expression with dice typed in at the terminal.
pub(crate) fn roll_each(expressions: &[TypedExpression]) -> anyhow::Result<Vec<Roll>> {
    let mut input = io::stdin().lock();
    // Why the terminal stopped answering (end of input, a read error) travels
    // inside the dice source's own error.
    let mut dice = AskedDice::new(|request: &DieRequest<'_>, description: &str| {
        ask(
            &mut input,
            &mut io::stderr().lock(),
            request.sides,
            description,
        )
        .map_err(|err| SourceError::Unavailable(format!("{err:#}")))
    });
    Ok(roll::roll_each(expressions, &mut dice)?)
}

/// Dice asked for one at a time at the terminal, each named by its purpose
/// (`d10 for accuracy d10 for Vex Marrow: `).
pub(crate) fn terminal_dice() -> impl DiceSource {
    AskedDice::new(|request: &DieRequest<'_>, description: &str| {
        ask(
            &mut io::stdin().lock(),
            &mut io::stderr().lock(),
            request.sides,
            description,
        )
        .map_err(|err| SourceError::Unavailable(format!("{err:#}")))
    })
}

/// Prompts `d{sides} for {description}: ` on `prompt` until `input` gives a
/// face of the die.
fn ask(
    input: &mut impl BufRead,
    prompt: &mut impl Write,
    sides: u32,
    description: &str,
) -> anyhow::Result<i64> {
    loop {
        write!(prompt, "d{sides} for {description}: ")?;
        prompt.flush()?;
        let mut line = String::new();
        let read = input
            .read_line(&mut line)
            .context("could not read the die from standard input")?;
        if read == 0 {
            writeln!(prompt)?;
            bail!(
                "input ended while waiting for a d{sides} for {description}; \
                 type a value for every die the roll needs"
            );
        }
        let answer = line.trim();
        match answer.parse::<i64>() {
            Ok(face) if (1..=i64::from(sides)).contains(&face) => return Ok(face),
            Ok(face) => writeln!(
                prompt,
                "{face} is not a face of a d{sides}; type a number from 1 to {sides}"
            )?,
            Err(_) => writeln!(
                prompt,
                "'{answer}' is not a whole number; type the number the d{sides} shows"
            )?,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn asked(typed: &str, sides: u32) -> (anyhow::Result<i64>, String) {
        let mut prompts = Vec::new();
        let face = ask(&mut typed.as_bytes(), &mut prompts, sides, "2d10+12");
        (face, String::from_utf8(prompts).expect("prompts are UTF-8"))
    }

    #[test]
    fn asks_again_until_a_face_of_the_die() {
        let (face, prompts) = asked("seven\n11\n 7 \n", 10);
        assert_eq!(face.expect("7 is a face"), 7);
        assert_eq!(
            prompts,
            "d10 for 2d10+12: 'seven' is not a whole number; type the number the d10 shows\n\
             d10 for 2d10+12: 11 is not a face of a d10; type a number from 1 to 10\n\
             d10 for 2d10+12: "
        );
    }

    #[test]
    fn end_of_input_is_an_error() {
        let (face, _) = asked("", 6);
        let message = face.expect_err("no die was typed").to_string();
        assert!(
            message.starts_with("input ended while waiting for a d6"),
            "{message}"
        );
    }
}
