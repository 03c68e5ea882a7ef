//! `nanite cx new`: the guided character builder.
//!
//! It asks one question at a time on stdout and reads one answer per line from
//! stdin, so it works at a terminal and with a script piped in. Every menu
//! offers only legal choices, each step ends with a summary of the character
//! so far, and the file is written once, at the end, after the character
//! validated: input that ends early writes nothing. The steps are name, race,
//! class and base stats ([`create`]), starting skills ([`skills`]),
//! equipment ([`gear`]), then a level-up per level up to the target level
//! ([`levels`]), each applied with the library's `level_up`.

mod ask;
mod create;
mod gear;
mod levels;
mod show;
mod skills;

use std::io::{self, BufRead, IsTerminal as _, Write};
use std::path::{Path, PathBuf};

use anyhow::{Result, bail};
use clap::Args;
use nanite_compound_x::{Character, Pack, Sheet, validate};
use nanite_core::Diagnostics;

use self::ask::{Prompter, Unanswered};
use super::sheet::document;
use super::write_file;

/// Arguments of `nanite cx new`.
#[derive(Debug, Args)]
pub(crate) struct NewArgs {
    /// Where to write the character file.
    #[arg(long, short, value_name = "FILE")]
    out: PathBuf,
    /// Replace FILE if it already exists.
    #[arg(long)]
    force: bool,
}

/// Runs `nanite cx new`: asks every question, then writes the file.
pub(super) fn run(args: &NewArgs, pack: &Pack) -> Result<()> {
    let out = &args.out;
    refuse_to_overwrite(out, args.force)?;
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty())
        && !dir.is_dir()
    {
        bail!(
            "{} is not a directory, so {} cannot be written there",
            dir.display(),
            out.display()
        );
    }
    let stdin = io::stdin();
    let echo = !stdin.is_terminal();
    let mut builder = Builder {
        pack,
        ask: Prompter::new(stdin.lock(), io::stdout().lock(), echo),
    };
    let character = match builder.build() {
        Ok(character) => character,
        Err(err) => match err.downcast_ref::<Unanswered>() {
            Some(unanswered) => bail!("{unanswered}; nothing was written to {}", out.display()),
            None => return Err(err.context(format!("nothing was written to {}", out.display()))),
        },
    };
    builder.finish(&character, out, args.force)
}

/// Refuses an existing `out` unless `force`.
fn refuse_to_overwrite(out: &Path, force: bool) -> Result<()> {
    if out.exists() && !force {
        bail!(
            "{} already exists; pass --force to replace it, or choose another --out",
            out.display()
        );
    }
    Ok(())
}

/// The builder: the pack it offers choices from and the prompter it asks with.
struct Builder<'p, R, W> {
    pack: &'p Pack,
    ask: Prompter<R, W>,
}

impl<R: BufRead, W: Write> Builder<'_, R, W> {
    /// Asks every question and returns the finished, valid character.
    fn build(&mut self) -> Result<Character> {
        let pack = self.pack;
        self.ask.say(format!(
            "Compound X character builder ({}{}).",
            pack.info.name,
            if pack.info.sample {
                ", sample content"
            } else {
                ""
            }
        ))?;
        self.ask.say(
            "Answer each question and press Enter; menus take the number or the id. \
             Only legal choices are offered.",
        )?;
        let mut ch = Character::default();
        self.identity(&mut ch)?;
        self.progress(&ch)?;
        self.stats(&mut ch)?;
        self.progress(&ch)?;
        self.starting_skills(&mut ch)?;
        self.progress(&ch)?;
        self.equipment(&mut ch)?;
        self.progress(&ch)?;
        let found = validate(&ch, pack);
        if found.has_errors() {
            bail!("the builder made a level 0 character that does not validate (a bug):\n{found}");
        }
        self.levels(&mut ch)?;
        Ok(ch)
    }

    /// Shows the full sheet, validates and writes the file.
    fn finish(&mut self, ch: &Character, out: &Path, force: bool) -> Result<()> {
        let sheet = Sheet::compute(ch, self.pack);
        self.ask.say("")?;
        self.ask.say(document(&sheet).to_text())?;
        let found = validate(ch, self.pack);
        if found.has_errors() {
            bail!(
                "the finished character does not validate (a bug); nothing was written to {}:\n{found}",
                out.display()
            );
        }
        if found.is_empty() {
            self.ask.say("Check: no problems.")?;
        } else {
            self.ask
                .say(format!("Check: {} warning(s):\n{found}", found.len()))?;
        }
        refuse_to_overwrite(out, force)?;
        write_file(out, &ch.to_toml())?;
        self.ask.say(format!(
            "Wrote {} ({}, level {}). Show it with `nanite cx sheet {}`.",
            out.display(),
            ch.name,
            ch.level,
            out.display()
        ))
    }

    /// Why `trial` is not legal: its first error, or failing that the first
    /// warning that `base` (the character without the change) did not have.
    fn refusal(&self, base: &Diagnostics, trial: &Character) -> Option<String> {
        let found = validate(trial, self.pack);
        let first = found
            .iter()
            .find(|d| d.severity == nanite_core::Severity::Error)
            .or_else(|| found.iter().find(|d| !base.iter().any(|b| b == *d)))?;
        Some(match &first.rule {
            Some(rule) => format!("{} (rule {rule})", first.message),
            None => first.message.clone(),
        })
    }
}
