//! Content formulas: dice expressions with named variables.
//!
//! Max HP, nanites, damage and spell ranges are written by content authors as
//! dice expressions (`100 + 10 * (FORT - 5)`, `2d10 + STR`), so one parser
//! serves the table's rolls and the content's arithmetic. A formula is checked
//! when the content loads: it must parse, and it may only name the variables
//! the place it is used provides.

use std::fmt;

use nanite_dice::{DiceSource, Expression, Roll, Variables};

/// A parsed content formula.
#[derive(Clone, Debug)]
pub struct Formula {
    expression: Expression,
}

/// Why a formula was refused or could not be evaluated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormulaError {
    /// What went wrong, in the content author's terms.
    pub message: String,
}

impl fmt::Display for FormulaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for FormulaError {}

impl Formula {
    /// Parses `text`, refusing variables outside `allowed`.
    pub fn parse(text: &str, allowed: &[&str]) -> Result<Self, FormulaError> {
        let expression = Expression::parse(text).map_err(|e| FormulaError {
            message: format!("formula `{text}` does not parse: {e}"),
        })?;
        let unknown: Vec<&str> = expression
            .variables()
            .into_iter()
            .filter(|v| !allowed.contains(v))
            .collect();
        if !unknown.is_empty() {
            return Err(FormulaError {
                message: format!(
                    "formula `{text}` uses unknown variable{} {}; known variables here: {}",
                    if unknown.len() == 1 { "" } else { "s" },
                    unknown.join(", "),
                    allowed.join(", ")
                ),
            });
        }
        Ok(Self { expression })
    }

    /// A formula that is a fixed integer.
    pub fn constant(value: i64) -> Self {
        Self {
            expression: Expression::parse(&value.to_string())
                .expect("an integer is a valid expression"),
        }
    }

    /// The text as written.
    pub fn text(&self) -> &str {
        self.expression.text()
    }

    /// Whether it rolls dice.
    pub fn rolls_dice(&self) -> bool {
        !self.expression.terms().is_empty()
    }

    /// The parsed expression (for distributions).
    pub fn expression(&self) -> &Expression {
        &self.expression
    }

    /// Evaluates a formula that rolls no dice.
    pub fn evaluate(&self, vars: &dyn Variables) -> Result<i64, FormulaError> {
        self.expression.evaluate(vars).map_err(|e| FormulaError {
            message: format!("formula `{}` cannot be evaluated: {e}", self.text()),
        })
    }

    /// Rolls the formula with `source`.
    pub fn roll(
        &self,
        vars: &dyn Variables,
        source: &mut dyn DiceSource,
    ) -> Result<Roll, FormulaError> {
        self.expression
            .roll_with(vars, source)
            .map_err(|e| FormulaError {
                message: format!("formula `{}` cannot be rolled: {e}", self.text()),
            })
    }
}

impl fmt::Display for Formula {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evaluates_with_variables() {
        let hp = Formula::parse("100 + 10 * (FORT - 5)", &["FORT"]).unwrap();
        assert_eq!(hp.evaluate(&[("FORT", 7)]).unwrap(), 120);
        assert_eq!(hp.evaluate(&[("FORT", 3)]).unwrap(), 80);
        assert!(!hp.rolls_dice());
    }

    #[test]
    fn unknown_variables_are_named() {
        let err = Formula::parse("10 * INTT", &["INT", "LEVEL"]).unwrap_err();
        assert_eq!(
            err.message,
            "formula `10 * INTT` uses unknown variable INTT; known variables here: INT, LEVEL"
        );
    }

    #[test]
    fn dice_formulas_roll_but_do_not_evaluate() {
        let damage = Formula::parse("2d10 + STR", &["STR"]).unwrap();
        assert!(damage.rolls_dice());
        assert!(damage.evaluate(&[("STR", 6)]).is_err());
        let roll = damage
            .roll(&[("STR", 6)], &mut nanite_dice::ScriptedDice::new([3, 9]))
            .unwrap();
        assert_eq!(roll.total, 18);
    }
}
