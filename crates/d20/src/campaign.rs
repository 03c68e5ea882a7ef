//! Campaign settings: what the GM decides once for a table. The attribute
//! bonus formula (the catalog's decision), and how initiative is rolled
//! (D20-INIT-01..03).
//!
//! A pack carries the defaults in its `[campaign]` table; an encounter file
//! or the command line may override them for one table.

use nanite_core::content::Fields;
use nanite_core::{Formula, Tally};
use serde::{Deserialize, Serialize};

/// The default attribute bonus: floor((score - 10) / 2). The dice language
/// divides rounding toward negative infinity, so 9 gives -1, as floor does.
pub const DEFAULT_ATTRIBUTE_BONUS: &str = "(SCORE - 10) / 2";

/// Who rolls initiative.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
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
pub enum InitiativeReroll {
    /// Rolled again at the start of every round (the seed's base rule).
    #[default]
    EachRound,
    /// Rolled once and kept for the whole battle (D20-INIT-02).
    Kept,
}

/// The settings of one campaign.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Campaign {
    /// The attribute bonus formula over `SCORE`.
    pub attribute_bonus: String,
    /// Who rolls initiative.
    pub initiative: InitiativeBy,
    /// When it is rolled.
    pub reroll: InitiativeReroll,
}

impl Default for Campaign {
    fn default() -> Self {
        Campaign {
            attribute_bonus: DEFAULT_ATTRIBUTE_BONUS.to_string(),
            initiative: InitiativeBy::default(),
            reroll: InitiativeReroll::default(),
        }
    }
}

impl Campaign {
    /// The attribute bonus of `score`. The formula was checked when the
    /// settings were read; a formula that cannot be evaluated (an overflow)
    /// gives the default rule's bonus.
    pub fn bonus(&self, score: i64) -> i64 {
        if self.attribute_bonus == DEFAULT_ATTRIBUTE_BONUS {
            return (score - 10).div_euclid(2);
        }
        Formula::parse(&self.attribute_bonus, &["SCORE"])
            .and_then(|f| f.evaluate(&[("SCORE", score)]))
            .unwrap_or_else(|_| (score - 10).div_euclid(2))
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
            match Formula::parse(&text, &["SCORE"]) {
                Ok(f) if f.rolls_dice() => item.error(
                    format!("the attribute bonus `{text}` rolls dice; it must be a fixed number"),
                    Some(format!("the default is \"{DEFAULT_ATTRIBUTE_BONUS}\"")),
                ),
                Ok(_) => self.attribute_bonus = text,
                Err(e) => item.error(
                    e.message,
                    Some(format!("the default is \"{DEFAULT_ATTRIBUTE_BONUS}\"")),
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
            attribute_bonus: "(SCORE - 10) / 3".into(),
            ..Campaign::default()
        };
        assert_eq!((c.bonus(16), c.bonus(7)), (2, -1));
    }
}
