//! What the players and the GM can ask for, and why a request is refused.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::content::{Skill, Stat};
use crate::map::Pos;

/// What cyber modules can buy (rule ST-CHAR-03).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Purchase {
    /// The next level of a skill.
    Skill(Skill),
    /// One more point of a stat.
    Stat(Stat),
    /// The next psionic tier.
    PsiTier,
    /// The next psionic skill level.
    PsiSkill,
    /// An O/S upgrade.
    Upgrade(String),
}

impl fmt::Display for Purchase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Purchase::Skill(s) => write!(f, "a level of {}", s.name()),
            Purchase::Stat(s) => write!(f, "a point of {}", s.name()),
            Purchase::PsiTier => f.write_str("a psionic tier"),
            Purchase::PsiSkill => f.write_str("a psionic skill level"),
            Purchase::Upgrade(u) => write!(f, "the {u} upgrade"),
        }
    }
}

/// A request to change the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = StationCommand))]
pub enum Command {
    /// GM: ends setup; the players take the first turn (rule ST-FLOW-01).
    Begin,
    /// Ends the current side's turn (rule ST-FLOW-02).
    EndTurn,
    /// GM: deploys a creature (rules ST-GM-01..03).
    Deploy {
        /// The creature id in the pack.
        creature: String,
        /// Where.
        at: Pos,
    },
    /// Moves a player (players' turn) or a creature (GM's turn).
    Move {
        /// The unit.
        who: String,
        /// Where to.
        to: Pos,
    },
    /// Attacks with the equipped (or natural) weapon: a shot, or a blow when
    /// the weapon is melee (rules ST-SHOOT-*, ST-MELEE-01).
    Attack {
        /// The attacker.
        who: String,
        /// The target.
        target: String,
        /// Extra AP spent aiming (rule ST-SHOOT-03).
        aim: u32,
    },
    /// Uses a psionic power on an enemy: 1 AP and the power's PP (rule ST-CHAR-01).
    Psi {
        /// The player.
        who: String,
        /// The power's id.
        power: String,
        /// The target.
        target: String,
    },
    /// Spends 1 AP against an enemy's melee (rule ST-MELEE-02).
    Defend {
        /// The defender.
        who: String,
        /// The enemy.
        against: String,
    },
    /// Hacks a locked door or a security station in front (rules ST-TECH-01, ST-TECH-02).
    Hack {
        /// The player.
        who: String,
        /// The thing's square.
        at: Pos,
    },
    /// Makes the equipped weapon's next modification (rule ST-TECH-03).
    Modify {
        /// The player.
        who: String,
    },
    /// Repairs the thing in front (a door lock, a station, a machine), or
    /// the player's own broken weapon when no square is given (rule ST-TECH-04).
    Repair {
        /// The player.
        who: String,
        /// The thing's square, or none for the weapon.
        at: Option<Pos>,
    },
    /// Researches a carried item (rule ST-TECH-05).
    Research {
        /// The player.
        who: String,
        /// The item id.
        item: String,
    },
    /// Searches the object in front (rule ST-SEARCH-01).
    Search {
        /// The player.
        who: String,
        /// The object's square.
        at: Pos,
    },
    /// Activates a bio-reconstruction machine in front for 2 AP (rule ST-DEATH-03).
    Activate {
        /// The player.
        who: String,
        /// The machine's square.
        at: Pos,
    },
    /// Uses a switch in front for 2 AP: a scenario action that unlocks doors (rule ST-ENV-04).
    UseSwitch {
        /// The player.
        who: String,
        /// The switch's square.
        at: Pos,
    },
    /// Uses a security card on a security-locked door in front for 2 AP (rule ST-ENV-04).
    UseCard {
        /// The player.
        who: String,
        /// The door's square.
        at: Pos,
    },
    /// Equips a carried weapon or armor for 1 AP, putting the old one in the inventory.
    Equip {
        /// The player.
        who: String,
        /// The item id.
        item: String,
    },
    /// Drops a carried item on the player's square (free).
    Drop {
        /// The player.
        who: String,
        /// The item id.
        item: String,
    },
    /// Uses a consumable for 1 AP.
    Use {
        /// The player.
        who: String,
        /// The item id.
        item: String,
    },
    /// Spends cyber modules (rule ST-CHAR-03).
    Buy {
        /// The player.
        who: String,
        /// What.
        what: Purchase,
    },
}

impl Command {
    /// The unit the command is given for: a player or a creature (`None`
    /// for the GM's `Begin`, `Deploy` and for `EndTurn`).
    pub fn actor(&self) -> Option<&str> {
        match self {
            Command::Begin | Command::EndTurn | Command::Deploy { .. } => None,
            Command::Move { who, .. }
            | Command::Attack { who, .. }
            | Command::Psi { who, .. }
            | Command::Defend { who, .. }
            | Command::Hack { who, .. }
            | Command::Modify { who }
            | Command::Repair { who, .. }
            | Command::Research { who, .. }
            | Command::Search { who, .. }
            | Command::Activate { who, .. }
            | Command::UseSwitch { who, .. }
            | Command::UseCard { who, .. }
            | Command::Equip { who, .. }
            | Command::Drop { who, .. }
            | Command::Use { who, .. }
            | Command::Buy { who, .. } => Some(who),
        }
    }

    /// The command's name as its JSON tag says it (`Move`, `EndTurn`).
    pub fn name(&self) -> &'static str {
        match self {
            Command::Begin => "Begin",
            Command::EndTurn => "EndTurn",
            Command::Deploy { .. } => "Deploy",
            Command::Move { .. } => "Move",
            Command::Attack { .. } => "Attack",
            Command::Psi { .. } => "Psi",
            Command::Defend { .. } => "Defend",
            Command::Hack { .. } => "Hack",
            Command::Modify { .. } => "Modify",
            Command::Repair { .. } => "Repair",
            Command::Research { .. } => "Research",
            Command::Search { .. } => "Search",
            Command::Activate { .. } => "Activate",
            Command::UseSwitch { .. } => "UseSwitch",
            Command::UseCard { .. } => "UseCard",
            Command::Equip { .. } => "Equip",
            Command::Drop { .. } => "Drop",
            Command::Use { .. } => "Use",
            Command::Buy { .. } => "Buy",
        }
    }
}

/// Why a command was refused. A refusal changes nothing.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct Refusal {
    /// What is wrong, in the table's terms.
    pub message: String,
    /// The rule that forbids it, when one does.
    pub rule: Option<&'static str>,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)?;
        if let Some(rule) = self.rule {
            write!(f, " (rule {rule})")?;
        }
        Ok(())
    }
}

/// A refusal with no rule named.
pub fn refuse(message: impl Into<String>) -> Refusal {
    Refusal {
        message: message.into(),
        rule: None,
    }
}

/// A refusal naming the rule.
pub fn refuse_by(rule: &'static str, message: impl Into<String>) -> Refusal {
    Refusal {
        message: message.into(),
        rule: Some(rule),
    }
}

impl From<nanite_core::SourceError> for Refusal {
    fn from(e: nanite_core::SourceError) -> Self {
        refuse(format!("the dice could not be rolled: {e}"))
    }
}
