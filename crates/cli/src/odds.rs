//! `nanite roll --dist` and `--plot`: the exact odds of each expression, as a
//! table, as JSON, or as an SVG chart. No dice are rolled.
//!
//! The cumulative columns are summed here in one pass from each end (not with
//! `Distribution::at_least` per value, which would be quadratic), and from the
//! far tail inwards so small tail probabilities keep their digits.

use std::fs;
use std::io::{self, Write};
use std::path::Path;

use anyhow::{Context as _, bail};
use nanite_dice::Distribution;
use serde::Serialize;

use crate::plot::{self, Chart};
use crate::roll::TypedExpression;

/// Width of the text bar for the likeliest total.
const BAR_WIDTH: f64 = 30.0;

/// The odds of one expression, in the shape `--dist --json` prints.
#[derive(Debug, Serialize)]
struct Odds {
    /// The expression as parsed, without its label.
    expression: String,
    /// The label after `#`, or null.
    label: Option<String>,
    /// `[total, probability]` for every possible total, increasing.
    outcomes: Vec<(i64, f64)>,
    mean: f64,
    sd: f64,
    min: i64,
    max: i64,
    /// `[total, probability the roll is at least total]`.
    at_least: Vec<(i64, f64)>,
    /// `[total, probability the roll is at most total]`.
    at_most: Vec<(i64, f64)>,
    /// Probability of explosion chains too unlikely to follow (usually 0).
    truncated: f64,
}

impl Odds {
    fn of(typed: &TypedExpression) -> anyhow::Result<Odds> {
        let dist = Distribution::of(&typed.expr).map_err(|e| typed.error(e))?;
        let outcomes: Vec<(i64, f64)> = dist.outcomes().collect();
        let at_most = running_sums(outcomes.iter().copied());
        let mut at_least = running_sums(outcomes.iter().rev().copied());
        at_least.reverse();
        Ok(Odds {
            expression: typed.expr.text().to_string(),
            label: typed.expr.label().map(str::to_string),
            mean: dist.mean(),
            sd: dist.sd(),
            min: dist.min(),
            max: dist.max(),
            truncated: dist.truncated(),
            outcomes,
            at_least,
            at_most,
        })
    }

    /// The expression with its label, as the user wrote it.
    fn title(&self) -> String {
        match &self.label {
            Some(label) => format!("{} # {label}", self.expression),
            None => self.expression.clone(),
        }
    }
}

/// Each total with the probability summed up to and including it, capped at 1.
fn running_sums(outcomes: impl Iterator<Item = (i64, f64)>) -> Vec<(i64, f64)> {
    let mut sum = 0.0;
    outcomes
        .map(|(total, p)| {
            sum += p;
            (total, sum.min(1.0))
        })
        .collect()
}

/// Runs the distribution side of `nanite roll`: `show` prints the odds on
/// stdout (JSON if `json`), `plot` writes a chart there.
pub(crate) fn run(
    expressions: &[TypedExpression],
    show: bool,
    json: bool,
    plot: Option<&Path>,
) -> anyhow::Result<()> {
    let odds = expressions
        .iter()
        .map(Odds::of)
        .collect::<anyhow::Result<Vec<_>>>()?;
    if let Some(path) = plot {
        write_chart(&odds, path)?;
    }
    if show {
        let mut out = io::BufWriter::new(io::stdout().lock());
        if json {
            match odds.as_slice() {
                [one] => serde_json::to_writer(&mut out, one)?,
                many => serde_json::to_writer(&mut out, many)?,
            }
            writeln!(out)?;
        } else {
            for (i, one) in odds.iter().enumerate() {
                if i > 0 {
                    writeln!(out)?;
                }
                write_table(&mut out, one)?;
            }
        }
        out.flush()?;
    }
    if let Some(path) = plot {
        let what = if odds.len() == 1 { "chart" } else { "charts" };
        writeln!(
            io::stderr().lock(),
            "wrote {} {what} to {}",
            odds.len(),
            path.display()
        )?;
    }
    Ok(())
}

fn write_chart(odds: &[Odds], path: &Path) -> anyhow::Result<()> {
    let titles: Vec<String> = odds.iter().map(Odds::title).collect();
    let mut charts = Vec::new();
    for (one, title) in odds.iter().zip(&titles) {
        if one.outcomes.len() > plot::MAX_BARS {
            bail!(
                "{title} has {} possible totals, more than a chart can show ({}); \
                 use --dist for the full table",
                one.outcomes.len(),
                plot::MAX_BARS
            );
        }
        charts.push(Chart::totals(title, &one.outcomes));
    }
    let svg = plot::svg(&charts);
    fs::write(path, svg).with_context(|| format!("could not write the chart to {}", path.display()))
}

/// The human table: a summary line, then value / probability / at least /
/// at most and a bar scaled to the likeliest total.
fn write_table(out: &mut impl Write, odds: &Odds) -> io::Result<()> {
    writeln!(out, "{}", odds.title())?;
    writeln!(
        out,
        "mean {:.4}, sd {:.4}, min {}, max {}",
        odds.mean, odds.sd, odds.min, odds.max
    )?;
    if odds.truncated > 0.0 {
        writeln!(
            out,
            "not shown: {} of explosion chains too long to follow",
            percent(odds.truncated)
        )?;
    }
    let width = odds
        .outcomes
        .iter()
        .map(|(v, _)| v.to_string().len())
        .max()
        .unwrap_or(0)
        .max("value".len());
    let likeliest = odds.outcomes.iter().map(|(_, p)| *p).fold(0.0, f64::max);
    writeln!(
        out,
        "{:>width$}  {:>11}  {:>11}  {:>11}",
        "value", "probability", "at least", "at most"
    )?;
    for ((total, p), ((_, at_least), (_, at_most))) in odds
        .outcomes
        .iter()
        .zip(odds.at_least.iter().zip(&odds.at_most))
    {
        let bar = "#".repeat(bar_length(*p, likeliest));
        let row = format!(
            "{total:>width$}  {:>11}  {:>11}  {:>11}  {bar}",
            percent(*p),
            percent(*at_least),
            percent(*at_most)
        );
        writeln!(out, "{}", row.trim_end())?;
    }
    Ok(())
}

/// Characters of bar for probability `p` when the likeliest total has
/// `likeliest`; any possible total gets at least one.
fn bar_length(p: f64, likeliest: f64) -> usize {
    if likeliest <= 0.0 || p <= 0.0 {
        return 0;
    }
    ((p / likeliest * BAR_WIDTH).round() as usize).max(1)
}

/// A probability as a percentage: four decimals, or three significant digits
/// in scientific notation for chances below 0.001%.
pub(crate) fn percent(p: f64) -> String {
    let pct = p * 100.0;
    if pct == 0.0 {
        "0%".to_string()
    } else if pct >= 0.001 {
        format!("{pct:.4}%")
    } else {
        format!("{pct:.2e}%")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use expect_test::expect;
    use nanite_dice::Expression;

    fn odds(input: &str) -> Odds {
        let typed = TypedExpression {
            input: input.to_string(),
            expr: Expression::parse(input).expect("valid expression"),
        };
        Odds::of(&typed).expect("distribution")
    }

    #[test]
    fn percentages_keep_their_digits() {
        assert_eq!(percent(1.0), "100.0000%");
        assert_eq!(percent(1.0 / 36.0), "2.7778%");
        assert_eq!(percent(1.0 / 6f64.powi(10)), "1.65e-6%");
        assert_eq!(percent(0.0), "0%");
    }

    #[test]
    fn cumulative_columns_add_up() {
        let odds = odds("2d6");
        assert_eq!(odds.at_least.first(), Some(&(2, 1.0)));
        assert_eq!(odds.at_most.last().map(|(v, _)| *v), Some(12));
        assert!((odds.at_most.last().map_or(0.0, |(_, p)| *p) - 1.0).abs() < 1e-12);
        assert!(
            (odds.at_least[5].1 - 21.0 / 36.0).abs() < 1e-12,
            "at least 7"
        );
    }

    #[test]
    fn table_for_a_small_pool() {
        let mut out = Vec::new();
        write_table(&mut out, &odds("2d4 # damage")).expect("writes to a Vec");
        expect![[r#"
            2d4 # damage
            mean 5.0000, sd 1.5811, min 2, max 8
            value  probability     at least      at most
                2      6.2500%    100.0000%      6.2500%  ########
                3     12.5000%     93.7500%     18.7500%  ###############
                4     18.7500%     81.2500%     37.5000%  #######################
                5     25.0000%     62.5000%     62.5000%  ##############################
                6     18.7500%     37.5000%     81.2500%  #######################
                7     12.5000%     18.7500%     93.7500%  ###############
                8      6.2500%      6.2500%    100.0000%  ########
        "#]]
        .assert_eq(&String::from_utf8(out).expect("UTF-8"));
    }
}
