//! `nanite roll`: rolls dice expressions with the chosen dice source and
//! prints every die and the total, as text or JSON (see `docs/cli/roll.md`).
//!
//! All expressions are parsed before any die is rolled, so a typo in the last
//! one never wastes the table's physical dice on the first. One dice source
//! serves the whole run: `--seed 7 d6 d6` gives two different, reproducible
//! dice.
//!
//! An expression may start with '-' (`nanite roll -d6+10`), before or after
//! the flags: [`expressions_last`] tells the two apart before clap reads the
//! arguments.

use std::ffi::OsString;
use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::Context as _;
use clap::ArgGroup;
use nanite_dice::{DiceSource, EntropyDice, Expression, Roll, ScriptedDice, SeededDice};
use serde::Serialize;

use crate::diagnostic::ExpressionError;
use crate::{odds, physical};

/// Arguments of `nanite roll`.
#[derive(Debug, clap::Args)]
#[command(group(
    ArgGroup::new("source")
        .args(["seed", "dice", "physical"])
        .conflicts_with_all(["dist", "plot"])
))]
pub(crate) struct RollArgs {
    /// Dice expressions, one per argument: "2d10+12 # strength" "4d6kh3".
    /// One may start with '-': "-d6+10".
    #[arg(value_name = "EXPR", required = true)]
    expressions: Vec<String>,

    /// Roll seeded dice: the same seed and expressions give the same dice.
    #[arg(long, value_name = "N")]
    seed: Option<u64>,

    /// Use physical dice rolled ahead, in the order the roll needs them
    /// (a d100 takes its tens d10 then its ones d10; a face of 0 is 10).
    #[arg(long, value_name = "FACES", value_delimiter = ',')]
    dice: Option<Vec<i64>>,

    /// Ask on the terminal for each die as the roll needs it.
    #[arg(long)]
    physical: bool,

    /// Print JSON instead of text (schema in docs/cli/roll.md).
    #[arg(long)]
    json: bool,

    /// Show the exact distribution of each expression instead of rolling.
    #[arg(long)]
    dist: bool,

    /// Write an SVG bar chart of each expression's distribution to FILE
    /// (charts of several expressions are stacked). Rolls nothing.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
}

/// An expression with the text it was parsed from, for error messages.
#[derive(Debug)]
pub(crate) struct TypedExpression {
    /// The argument exactly as given.
    pub(crate) input: String,
    /// Its parsed form.
    pub(crate) expr: Expression,
}

impl TypedExpression {
    /// Attaches this expression to a dice error.
    pub(crate) fn error(&self, error: nanite_dice::Error) -> ExpressionError {
        ExpressionError {
            input: self.input.clone(),
            error,
        }
    }
}

/// One roll in `--json` output: the dice crate's [`Roll`], plus the seed.
#[derive(Debug, Serialize)]
struct RollRecord<'a> {
    #[serde(flatten)]
    roll: &'a Roll,
    #[serde(skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
}

/// `nanite`'s arguments (`args`, the program's name first) with those of
/// `nanite roll` put in the order clap reads without mistaking an expression
/// that starts with '-' (`-d6+10`, `-3`) for a flag: `roll`'s flags and
/// options first (an option's value joined to it, `--seed=7`), then `--`,
/// then the expressions in the order given. An argument is a flag when clap
/// would read it as one: a long `--NAME` (known or not, so a mistyped flag
/// is still reported as one), or '-' and `roll`'s short flags alone (`-h`).
/// Anything else is an expression, and so is everything after a `--`.
/// Arguments of every other subcommand are returned as they are.
pub(crate) fn expressions_last(
    mut args: Vec<OsString>,
    mut nanite: clap::Command,
) -> Vec<OsString> {
    if args.get(1).is_none_or(|sub| sub != "roll") {
        return args;
    }
    nanite.build();
    let Some(roll) = nanite.find_subcommand("roll") else {
        return args;
    };
    let mut rest = args.split_off(2).into_iter();
    let mut expressions = Vec::new();
    while let Some(arg) = rest.next() {
        if arg == "--" {
            expressions.extend(rest.by_ref());
            break;
        }
        match arg.to_str().and_then(|text| flag(roll, text)) {
            None => expressions.push(arg),
            Some(Flag::Alone) => args.push(arg),
            Some(Flag::BeforeItsValue) => {
                let mut joined = arg;
                if let Some(value) = rest.next() {
                    if joined.to_str().is_some_and(|a| a.starts_with("--")) {
                        joined.push("=");
                    }
                    joined.push(value);
                }
                args.push(joined);
            }
        }
    }
    if !expressions.is_empty() {
        args.push("--".into());
        args.extend(expressions);
    }
    args
}

/// How an argument of `nanite roll` that clap reads as a flag stands.
#[derive(Debug, PartialEq, Eq)]
enum Flag {
    /// A flag, or an option with its value in it (`--seed=7`).
    Alone,
    /// An option whose value is the next argument (`--seed 7`).
    BeforeItsValue,
}

/// Whether `text` is one of `roll`'s flags as clap reads them ([`None`]: an
/// expression).
fn flag(roll: &clap::Command, text: &str) -> Option<Flag> {
    let takes_value = |arg: &clap::Arg| arg.get_action().takes_values();
    if let Some(long) = text.strip_prefix("--") {
        let named = roll.get_arguments().find(|a| a.get_long() == Some(long));
        return Some(match named {
            Some(arg) if takes_value(arg) => Flag::BeforeItsValue,
            _ => Flag::Alone,
        });
    }
    let shorts = text.strip_prefix('-').filter(|s| !s.is_empty())?;
    let named = shorts
        .chars()
        .map(|c| roll.get_arguments().find(|a| a.get_short() == Some(c)))
        .collect::<Option<Vec<_>>>()?;
    Some(match named.as_slice() {
        [one] if takes_value(one) => Flag::BeforeItsValue,
        _ => Flag::Alone,
    })
}

/// Runs `nanite roll`.
pub(crate) fn run(args: &RollArgs) -> anyhow::Result<()> {
    let expressions = parse_all(&args.expressions)?;
    if args.dist || args.plot.is_some() {
        return odds::run(&expressions, args.dist, args.json, args.plot.as_deref());
    }
    let rolls = roll_with_chosen_source(&expressions, args)?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    if args.json {
        let records: Vec<RollRecord<'_>> = rolls
            .iter()
            .map(|roll| RollRecord {
                roll,
                seed: args.seed,
            })
            .collect();
        match records.as_slice() {
            [one] => serde_json::to_writer(&mut out, one)?,
            many => serde_json::to_writer(&mut out, many)?,
        }
        writeln!(out)?;
    } else {
        for roll in &rolls {
            writeln!(out, "{roll}")?;
        }
    }
    out.flush()?;
    Ok(())
}

/// Parses every expression, stopping at the first that is wrong.
fn parse_all(inputs: &[String]) -> Result<Vec<TypedExpression>, ExpressionError> {
    inputs
        .iter()
        .map(|input| match Expression::parse(input) {
            Ok(expr) => Ok(TypedExpression {
                input: input.clone(),
                expr,
            }),
            Err(error) => Err(ExpressionError {
                input: input.clone(),
                error,
            }),
        })
        .collect()
}

/// Rolls every expression with the source the flags ask for.
fn roll_with_chosen_source(
    expressions: &[TypedExpression],
    args: &RollArgs,
) -> anyhow::Result<Vec<Roll>> {
    if let Some(seed) = args.seed {
        return Ok(roll_each(expressions, &mut SeededDice::new(seed))?);
    }
    if let Some(values) = &args.dice {
        let mut dice = ScriptedDice::new(values.iter().copied());
        let rolls = roll_each(expressions, &mut dice)?;
        warn_unused(values.len(), dice.remaining())?;
        return Ok(rolls);
    }
    if args.physical {
        return physical::roll_each(expressions);
    }
    Ok(roll_each(expressions, &mut EntropyDice::new())?)
}

/// Rolls every expression, in order, with one source.
pub(crate) fn roll_each(
    expressions: &[TypedExpression],
    source: &mut dyn DiceSource,
) -> Result<Vec<Roll>, ExpressionError> {
    expressions
        .iter()
        .map(|typed| typed.expr.roll(source).map_err(|e| typed.error(e)))
        .collect()
}

/// Warns on stderr when `--dice` supplied more dice than the rolls needed.
fn warn_unused(supplied: usize, unused: usize) -> anyhow::Result<()> {
    if unused == 0 {
        return Ok(());
    }
    let used = supplied - unused;
    let (noun, verb) = if unused == 1 {
        ("die", "was")
    } else {
        ("dice", "were")
    };
    writeln!(
        io::stderr().lock(),
        "warning: {unused} {noun} of the {supplied} given with --dice {verb} not used \
         (the rolls needed {used}); check the dice match the expressions"
    )
    .context("could not write to stderr")
}
