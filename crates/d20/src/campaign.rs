//! Campaign settings: what the GM decides once for a table. The attribute
//! bonus formula (the catalog's decision), and how initiative is rolled
//! (D20-INIT-01..03).
//!
//! A pack carries the defaults in its `[campaign]` table; an encounter file
//! or the command line may override them for one table.

use nanite_core::content::Fields;
use nanite_core::{Formula, Tally};
use serde::{Deserialize, Serialize};

use crate::limits::BONUS_SCORES;

/// The default attribute bonus: floor((score - 10) / 2). The dice language
/// divides rounding toward negative infinity, so 9 gives -1, as floor does.
pub const DEFAULT_ATTRIBUTE_BONUS: &str = "(SCORE - 10) / 2";

/// Who rolls initiative.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum InitiativeBy {
    /// Each combatant rolls 1d100 + DEX score (D20-INIT-01).
    #[default]
    Combatant,
    /// Each side rolls 1d100; the winner's side acts first, highest DEX
    /// first within a side (D20-INIT-03).
    Side,
}

/// When initiative is rolled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum InitiativeReroll {
    /// Rolled again at the start of every round (the seed's base rule).
    #[default]
    EachRound,
    /// Rolled once and kept for the whole battle (D20-INIT-02).
    Kept,
}

/// An attribute bonus formula over `SCORE`, checked when it is made: it
/// rolls no dice and evaluates for every score a combatant can have
/// ([`BONUS_SCORES`]), so looking a bonus up never fails and never falls
/// back on another rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct AttributeBonus {
    text: String,
    /// The bonus of each score of [`BONUS_SCORES`], in order.
    bonuses: Vec<i64>,
}

/// Why a formula cannot be the attribute bonus.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BonusError {
    /// It does not parse.
    #[error("{0}")]
    Formula(String),
    /// It rolls dice.
    #[error("the attribute bonus `{0}` rolls dice; it must be a fixed number")]
    RollsDice(String),
    /// It fails for a score (a division by zero, an overflow).
    #[error("the attribute bonus `{formula}` cannot be evaluated for a score of {score}: {why}")]
    Score {
        /// The formula.
        formula: String,
        /// The first score it fails for.
        score: i64,
        /// Why.
        why: String,
    },
}

impl AttributeBonus {
    /// Checks `text` and works out its bonus for every score of
    /// [`BONUS_SCORES`].
    pub fn new(text: &str) -> Result<AttributeBonus, BonusError> {
        let f = Formula::parse(text, &["SCORE"]).map_err(|e| BonusError::Formula(e.message))?;
        if f.rolls_dice() {
            return Err(BonusError::RollsDice(text.to_string()));
        }
        let bonuses = BONUS_SCORES
            .map(|score| {
                f.evaluate(&[("SCORE", score)])
                    .map_err(|e| BonusError::Score {
                        formula: text.to_string(),
                        score,
                        why: e
                            .message
                            .rsplit_once(": ")
                            .map_or(e.message.clone(), |(_, why)| why.to_string()),
                    })
            })
            .collect::<Result<Vec<i64>, BonusError>>()?;
        Ok(AttributeBonus {
            text: text.to_string(),
            bonuses,
        })
    }

    /// The formula as written.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The bonus of `score`. A score outside [`BONUS_SCORES`] (which play
    /// never reaches) counts as the nearest end of it.
    pub fn of(&self, score: i64) -> i64 {
        let score = score.clamp(*BONUS_SCORES.start(), *BONUS_SCORES.end());
        let index = usize::try_from(score - BONUS_SCORES.start()).unwrap_or(0);
        self.bonuses.get(index).copied().unwrap_or(0)
    }
}

impl Default for AttributeBonus {
    fn default() -> Self {
        let bonuses = BONUS_SCORES.map(|s| (s - 10).div_euclid(2)).collect();
        AttributeBonus {
            text: DEFAULT_ATTRIBUTE_BONUS.to_string(),
            bonuses,
        }
    }
}

impl TryFrom<String> for AttributeBonus {
    type Error = BonusError;

    fn try_from(text: String) -> Result<Self, BonusError> {
        AttributeBonus::new(&text)
    }
}

impl From<AttributeBonus> for String {
    fn from(b: AttributeBonus) -> String {
        b.text
    }
}

impl std::fmt::Display for AttributeBonus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

/// The settings of one campaign.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = D20Campaign))]
pub struct Campaign {
    /// The attribute bonus formula over `SCORE`.
    pub attribute_bonus: AttributeBonus,
    /// Who rolls initiative.
    pub initiative: InitiativeBy,
    /// When it is rolled.
    pub reroll: InitiativeReroll,
}

impl Campaign {
    /// The attribute bonus of `score` (the formula was checked for every
    /// score play reaches when it was made, see [`AttributeBonus`]).
    pub fn bonus(&self, score: i64) -> i64 {
        self.attribute_bonus.of(score)
    }

    /// The bonus of `score` with where it comes from.
    pub fn bonus_tally(&self, score: i64, attribute: &str) -> Tally {
        Tally::base(
            self.bonus(score),
            nanite_core::Source::new(
                nanite_core::SourceKind::Rule,
                format!("{attribute} {score}: bonus {}", self.attribute_bonus),
            ),
        )
    }

    /// Overrides these settings with the fields of a `[campaign]` table,
    /// reporting every problem in it.
    pub fn read_over(&mut self, table: &Fields<'_, '_>) {
        if let Some(item) = table.item("attribute_bonus")
            && let Some(text) = item.string()
        {
            match AttributeBonus::new(&text) {
                Ok(bonus) => self.attribute_bonus = bonus,
                Err(e) => item.error(
                    e.to_string(),
                    Some(format!(
                        "it must give a bonus for every score from {} to {} (scores 1 to 30, less what submission holds drain); the default is \"{DEFAULT_ATTRIBUTE_BONUS}\"",
                        BONUS_SCORES.start(),
                        BONUS_SCORES.end()
                    )),
                ),
            }
        }
        if let Some(item) = table.item("initiative")
            && let Some(text) = item.string()
        {
            match text.as_str() {
                "combatant" => self.initiative = InitiativeBy::Combatant,
                "side" => self.initiative = InitiativeBy::Side,
                _ => item.error(
                    format!("initiative `{text}` is neither \"combatant\" nor \"side\""),
                    Some(
                        "\"combatant\": 1d100 + DEX each (D20-INIT-01); \"side\": 1d100 a side (D20-INIT-03)"
                            .into(),
                    ),
                ),
            }
        }
        if let Some(item) = table.item("reroll")
            && let Some(text) = item.string()
        {
            match text.as_str() {
                "each-round" => self.reroll = InitiativeReroll::EachRound,
                "kept" => self.reroll = InitiativeReroll::Kept,
                _ => item.error(
                    format!("reroll `{text}` is neither \"each-round\" nor \"kept\""),
                    Some("\"kept\" rolls once for the whole battle (D20-INIT-02)".into()),
                ),
            }
        }
        table.finish();
    }
}

/// The JSON of an attribute bonus is its text (`try_from`/`into` String).
#[cfg(feature = "openapi")]
impl utoipa::PartialSchema for AttributeBonus {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .description(Some("The attribute bonus rule, as its text."))
            .into()
    }
}

#[cfg(feature = "openapi")]
impl utoipa::ToSchema for AttributeBonus {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_bonus_floors() {
        let c = Campaign::default();
        let bonuses: Vec<i64> = [1, 8, 9, 10, 11, 12, 16, 17, 18]
            .into_iter()
            .map(|s| c.bonus(s))
            .collect();
        assert_eq!(bonuses, [-5, -1, -1, 0, 0, 1, 3, 3, 4]);
    }

    #[test]
    fn another_formula_is_evaluated() {
        let c = Campaign {
            attribute_bonus: AttributeBonus::new("(SCORE - 10) / 3").unwrap(),
            ..Campaign::default()
        };
        assert_eq!((c.bonus(16), c.bonus(7)), (2, -1));
    }

    #[test]
    fn a_formula_failing_for_a_score_is_an_error_naming_both() {
        // input: formulas that cannot be evaluated for some score play reaches
        let cases = [
            (
                "100 / (SCORE - 10)",
                "the attribute bonus `100 / (SCORE - 10)` cannot be evaluated for a score of 10",
            ),
            (
                "SCORE * 9223372036854775807",
                "the attribute bonus `SCORE * 9223372036854775807` cannot be evaluated for a score of -30",
            ),
            (
                "100 / SCORE",
                "the attribute bonus `100 / SCORE` cannot be evaluated for a score of 0",
            ),
            (
                "1d6 + SCORE",
                "the attribute bonus `1d6 + SCORE` rolls dice",
            ),
        ];
        for (formula, want) in cases {
            let err = AttributeBonus::new(formula).unwrap_err().to_string();
            assert!(err.starts_with(want), "{formula}: {err}");
        }
        let ok = AttributeBonus::new("100 / (SCORE + 31)").unwrap();
        assert_eq!((ok.of(-30), ok.of(30)), (100, 1));
    }
}
