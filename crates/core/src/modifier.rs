//! Modifiers with their sources, summed in explicit phases.
//!
//! A number on a character sheet is rarely one number: a stat is what the
//! player assigned, plus the race bonus, plus a point from level 5, plus a feat.
//! A [`Tally`] keeps each contribution with its [`Source`], so every total can
//! show its breakdown ("PER 7 = 6 assigned + 1 race Tundari").
//!
//! Effects are applied in [`ModifierPhase`]s: the base values first, then effects on
//! those, then the derived values are computed from the results and effects on
//! derived values are applied last. An effect can therefore target a derived
//! value (max HP) as well as a stat it is derived from (FORT), and both count.

use std::fmt;

use serde::{Deserialize, Serialize};

/// When a modifier applies in computing a sheet: base values, effects on
/// them, then values derived from them. (Where a fight stands is a
/// [`FightPhase`](crate::encounter::FightPhase).)
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum ModifierPhase {
    /// The values as built: assigned, race, level.
    Base,
    /// Effects on the built values (feats, equipment, conditions).
    Effect,
    /// Effects on values derived from the others (max HP, saves, miss chances).
    Derived,
}

/// What kind of thing a modifier comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum SourceKind {
    /// Assigned by the player.
    Assigned,
    /// A rule of the game (named by its ID in the source's name).
    Rule,
    /// The character's race or species.
    Race,
    /// The character's class.
    Class,
    /// A class ability.
    Ability,
    /// Gained on levelling up.
    Level,
    /// A feat.
    Feat,
    /// Worn or carried equipment.
    Equipment,
    /// A weapon attachment.
    Attachment,
    /// A condition.
    Condition,
    /// A house rule.
    HouseRule,
    /// A situation at the table (cover, stance, range).
    Situation,
}

impl SourceKind {
    /// The kind as shown to users.
    pub fn label(self) -> &'static str {
        match self {
            Self::Assigned => "assigned",
            Self::Rule => "rule",
            Self::Race => "race",
            Self::Class => "class",
            Self::Ability => "ability",
            Self::Level => "level",
            Self::Feat => "feat",
            Self::Equipment => "equipment",
            Self::Attachment => "attachment",
            Self::Condition => "condition",
            Self::HouseRule => "house rule",
            Self::Situation => "situation",
        }
    }
}

/// Where a modifier comes from: its kind and the name of the thing.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = ModifierSource))]
pub struct Source {
    /// The kind of thing.
    pub kind: SourceKind,
    /// Its name ("Tundari", "Dot Sight", "CX-STAT-16").
    pub name: String,
}

impl Source {
    /// A source of `kind` called `name`.
    pub fn new(kind: SourceKind, name: impl Into<String>) -> Self {
        Self {
            kind,
            name: name.into(),
        }
    }
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.kind.label(), self.name)
    }
}

/// One contribution to a total.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TallyTerm))]
pub struct Term {
    /// Its amount (in the tally's unit).
    pub amount: i64,
    /// Where it comes from.
    pub source: Source,
    /// The phase it was applied in.
    pub phase: ModifierPhase,
}

/// A total with every contribution and its source.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Tally {
    terms: Vec<Term>,
}

impl Tally {
    /// An empty tally (total 0).
    pub fn new() -> Self {
        Self::default()
    }

    /// A tally starting at `amount` from `source`, in the base phase.
    pub fn base(amount: i64, source: Source) -> Self {
        let mut t = Self::new();
        t.add(ModifierPhase::Base, amount, source);
        t
    }

    /// Adds a contribution.
    pub fn add(&mut self, phase: ModifierPhase, amount: i64, source: Source) {
        self.terms.push(Term {
            amount,
            source,
            phase,
        });
    }

    /// The sum of every contribution.
    pub fn total(&self) -> i64 {
        self.terms.iter().map(|t| t.amount).sum()
    }

    /// The sum of the contributions of phases up to and including `phase`.
    pub fn total_through(&self, phase: ModifierPhase) -> i64 {
        self.terms
            .iter()
            .filter(|t| t.phase <= phase)
            .map(|t| t.amount)
            .sum()
    }

    /// The contributions, in the order added.
    pub fn terms(&self) -> &[Term] {
        &self.terms
    }
}

impl fmt::Display for Tally {
    /// `7 = 6 assigned + 1 race Tundari`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.total())?;
        for (n, term) in self.terms.iter().enumerate() {
            let sign = match (n, term.amount < 0) {
                (0, false) => " = ",
                (0, true) => " = -",
                (_, false) => " + ",
                (_, true) => " - ",
            };
            write!(f, "{sign}{} {}", term.amount.abs(), term.source)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tally_shows_each_source() {
        let mut per = Tally::base(6, Source::new(SourceKind::Assigned, "base"));
        per.add(
            ModifierPhase::Base,
            1,
            Source::new(SourceKind::Race, "Tundari"),
        );
        per.add(
            ModifierPhase::Effect,
            -1,
            Source::new(SourceKind::Condition, "Buzzed"),
        );
        assert_eq!(per.total(), 6);
        assert_eq!(per.total_through(ModifierPhase::Base), 7);
        assert_eq!(
            per.to_string(),
            "6 = 6 assigned base + 1 race Tundari - 1 condition Buzzed"
        );
    }
}
