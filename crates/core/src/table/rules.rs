//! A whole ruleset as the table sees it: [`TableRules`], the one trait a
//! ruleset implements to be played at the server's table (its API, its
//! pages, its live updates, undo and replay) without the table knowing any
//! of its rules, and [`Board`], the plain view of a game a page draws for
//! any ruleset.
//!
//! Everything here is typed: commands and setups are the ruleset's own
//! serde types; the edge (the server) turns them into JSON at its boundary
//! and back, so this module needs no wire format.

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::{Acting, Choice, Refusal, Seat};
use crate::encounter::CombatantId;
use crate::ruleset::Ruleset;
use crate::script::LineError;

/// A ruleset played at the table through this contract alone.
///
/// What it may know: only its own state; the table hands it the seat that
/// asks, and it answers from what that seat may know. What the table owns:
/// who holds which seat, which combatants a player acts for (the seat that
/// brought a combatant in acts for it, see [`TableRules::entrant`]), the
/// dice (each command's dice are recorded and replayed), the log, undo and
/// live updates.
pub trait TableRules:
    Ruleset<
        State: Send + Sync + std::fmt::Debug + 'static,
        Command: Serialize + DeserializeOwned + Send + Sync + 'static,
        Event: Serialize + Send + Sync + 'static,
    > + Send
    + Sync
    + 'static
{
    /// Its key in the API and in a campaign's record (`tag`): lower case
    /// letters, digits and dashes, never one of the built-in rulesets'.
    const KEY: &'static str;
    /// Its name for people ("Playground tag").
    const TITLE: &'static str;
    /// How a game of it opens (a field's size, a house rule), read from the
    /// request that opens it; `Default` when the request says nothing.
    type Setup: Serialize + DeserializeOwned + Default + Send + Sync + 'static;

    /// The state a game opens in, or why `setup` cannot open one.
    fn open(setup: &Self::Setup) -> Result<Self::State, Refusal>;

    /// `command`'s name as sent (`tag`, `dodge`): the log and the GM's
    /// details name a command by it.
    fn name(command: &Self::Command) -> &'static str;

    /// Who acts in `command`: the table decides from it whether the seat
    /// asking may give it.
    fn acting(state: &Self::State, command: &Self::Command) -> Acting;

    /// The combatant `command` brings into the game, if it brings one in:
    /// the seat that gave it acts for it from then on.
    fn entrant(command: &Self::Command) -> Option<CombatantId>;

    /// The game as `seat` may see it.
    fn board(state: &Self::State, seat: &Seat) -> Board;

    /// What `seat` may do now, judged from what it may know.
    fn choices(state: &Self::State, seat: &Seat) -> Vec<Choice<Self::Command>>;

    /// `events`, decided from the state `before`, in words: everything for
    /// the GM, and what the table may hear.
    fn narrate(before: &Self::State, events: &[Self::Event]) -> Narration;

    /// A refusal of the engine in the table's one shape. It is shown to
    /// whoever gave the command, so it names nothing that seat may not
    /// know (a ruleset with hidden combatants says "something blocks the
    /// way", not who).
    fn refusal(error: &Self::Error) -> Refusal;

    /// Lines of its text command language a command box shows as
    /// examples (`ann tag bob`, `next`); none: the page shows no box.
    const EXAMPLES: &'static [&'static str];

    /// One line of its text command language, read against `state` (the
    /// language of its encounter files and its `play` prompt).
    fn parse(state: &Self::State, line: &str) -> Result<Self::Command, LineError>;
}

/// A command's log lines: all of them for the GM, and those the table
/// (players and spectators) may hear. The ruleset decides from its events'
/// typed fields which lines the table hears, never from their words.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Narration {
    /// Everything, for the GM.
    pub gm: Vec<String>,
    /// What the players and spectators hear.
    pub table: Vec<String>,
}

/// A game as one seat may see it, in the plain shape a page draws for any
/// ruleset: where the game stands and each combatant the seat may see with
/// the facts it may know.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Board {
    /// Where the game stands ("setup", "round 2", "over: Kit wins").
    pub phase: String,
    /// Whose turn it is, if the seat may know.
    pub acting: Option<CombatantId>,
    /// The combatants the seat may see, in turn order.
    pub pieces: Vec<Piece>,
}

/// One combatant on a [`Board`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Piece {
    /// Its id.
    pub id: CombatantId,
    /// Its name for the log.
    pub name: String,
    /// Its side.
    pub side: String,
    /// What the seat may know of it, in order ("dodge" "3", "actions" "1").
    pub facts: Vec<Stat>,
}

/// One labelled fact of a [`Piece`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = BoardStat))]
pub struct Stat {
    /// What it is.
    pub label: String,
    /// Its value, as the page shows it.
    pub value: String,
}

impl Stat {
    /// The fact `label`: `value`.
    pub fn new(label: impl Into<String>, value: impl ToString) -> Self {
        Stat {
            label: label.into(),
            value: value.to_string(),
        }
    }
}
