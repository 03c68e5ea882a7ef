//! What the stream keeps of a D20 encounter: its setup (the campaign's
//! settings when it was opened, and its field), and each entrance from a
//! character file, rebuilt into the engine's `Add` on every replay.

use nanite_core::CombatantId;
use nanite_core::content::SourceFile;
use nanite_d20::encounter::{Battle, Command, Field, Fighter, Place};
use nanite_d20::{Character, Pack};
use serde::{Deserialize, Serialize};

use crate::campaigns::Campaign;
use crate::error::AppError;
use crate::facts::Order;
use crate::ruleset::Ruleset;

/// The largest grid, in squares each way.
pub(crate) const MAX_SQUARES: i64 = 40;

/// A D20 encounter's setup.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct D20Setup {
    /// The campaign's settings when it was opened (attribute bonus,
    /// initiative by combatant or side, each round or kept).
    pub(crate) campaign: nanite_d20::Campaign,
    /// A grid or rows.
    pub(crate) field: Field,
}

impl D20Setup {
    /// The empty battle it starts from.
    pub(crate) fn battle(&self) -> Battle {
        Battle::new(self.campaign.clone(), self.field.clone())
    }
}

/// The setup of an encounter opened in `campaign` on `field`: none for a
/// Compound X campaign (which takes no field), rows unless a grid is asked
/// for in a D20 one.
pub(crate) fn setup(
    campaign: &Campaign,
    field: Option<Field>,
) -> Result<Option<D20Setup>, AppError> {
    match campaign.ruleset {
        Ruleset::CompoundX => match field {
            None => Ok(None),
            Some(_) => Err(AppError::unprocessable(
                "not_this_ruleset",
                "`field` (a grid or rows) is for D20 encounters; Compound X encounters keep distances instead",
            )),
        },
        Ruleset::Plugged(key) => match field {
            None => Ok(None),
            Some(_) => Err(AppError::unprocessable(
                "not_this_ruleset",
                format!(
                    "`field` (a grid or rows) is for D20 encounters; a {key} encounter takes its own `setup`"
                ),
            )),
        },
        Ruleset::Station => Err(crate::campaigns::station_has_no("encounters")),
        Ruleset::D20 => {
            let field = field.unwrap_or(Field::Rows);
            if let Field::Map { width, height } = field
                && !((1..=MAX_SQUARES).contains(&width) && (1..=MAX_SQUARES).contains(&height))
            {
                return Err(AppError::unprocessable(
                    "invalid_field",
                    format!(
                        "a grid is 1 to {MAX_SQUARES} squares each way (5 ft a square); {width} by {height} is not"
                    ),
                ));
            }
            Ok(Some(D20Setup {
                campaign: campaign.d20.clone().unwrap_or_default(),
                field,
            }))
        }
    }
}

/// A combatant entering a D20 encounter from a character file.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct D20Entrance {
    /// Its handle.
    pub(crate) id: CombatantId,
    /// Its side.
    pub(crate) side: String,
    /// Hidden from the players.
    pub(crate) hidden: bool,
    /// Where it stands.
    pub(crate) place: Place,
    /// A name for the log instead of the character's.
    pub(crate) name: Option<String>,
    /// The campaign character it came from (none for an NPC file).
    pub(crate) character: Option<String>,
    /// The player seat that owns it (none: the GM's).
    pub(crate) owner: Option<String>,
    /// The file name.
    pub(crate) file: String,
    /// The TOML.
    pub(crate) text: String,
    /// A campaign character's carried state it entered with (none: rested,
    /// from its file).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) carried: Option<Box<nanite_d20::carry::CharacterState>>,
}

/// The D20 command `order` stands for in `battle`, rebuilding an entrant's
/// fighter from its file under the battle's campaign settings.
pub(crate) fn command(order: &Order, pack: &Pack, battle: &Battle) -> Result<Command, String> {
    match order {
        Order::Rules { command } => {
            serde_json::from_value(command.clone()).map_err(|e| e.to_string())
        }
        Order::Plugged { .. } => Err("a registered ruleset's command, not D20".into()),
        Order::D20Add(e) => {
            let (character, found) = Character::read(&SourceFile::new(&e.file, &e.text));
            if found.has_errors() {
                return Err(format!("{} no longer reads:\n{found}", e.file));
            }
            let mut fighter = match &e.carried {
                Some(state) => state.fighter(&character, pack, &battle.campaign),
                None => Fighter::new(&character, pack, &battle.campaign),
            };
            if let Some(name) = &e.name {
                fighter.name = name.clone();
            }
            Ok(Command::Add {
                id: e.id.clone(),
                side: e.side.clone(),
                hidden: e.hidden,
                fighter: Box::new(fighter),
                place: e.place,
            })
        }
        Order::Add(e) => Err(format!("{} is a Compound X entrance, not D20", e.id)),
    }
}
