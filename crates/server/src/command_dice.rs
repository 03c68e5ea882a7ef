//! A Compound X or D20 command at the table, run on its dice: the caller's
//! own when they typed them in, else the play session's. A die the rules
//! give another player who rolls their own dice stops the command, which
//! waits for them (`waiting.rs`); a refusal answers with every die the
//! command needs when dice were typed in; typed dice left over take the
//! command back. The rulesets differ only in how their game runs, takes
//! back and refuses a command ([`CommandedGame`]).

use nanite_core::DiceSource;

use crate::encounters::CommandRequest;
use crate::error::AppError;
use crate::facts::{Fact, Order};
use crate::permissions::Viewer;
use crate::physical::{DiceTyped, Physical};
use crate::seeds::Draw;
use crate::table::{Executed, ItemBody, command_record};
use crate::waiting::Rollers;

/// A ruleset's game as a table command runs on it.
pub(crate) trait CommandedGame {
    /// The engine's command.
    type Command;
    /// The engine's refusal.
    type Refusal;
    /// Runs `command` on `dice`.
    fn execute(
        &mut self,
        command: &Self::Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Executed, Self::Refusal>;
    /// Takes back the command just run.
    fn take_back(&mut self);
    /// `refusal` of `command` as `viewer` is told it, with the dice typed
    /// in (`dice`) and the purposes the viewer rolls for (`mine`).
    fn refused(
        &self,
        refusal: Self::Refusal,
        viewer: &Viewer,
        command: &Self::Command,
        dice: Option<(&Physical, &DiceTyped)>,
        mine: &dyn Fn(&str) -> bool,
    ) -> AppError;
}

/// Who runs a command where: the encounter, the command's name in the
/// log, the viewer who asked and the players who roll their own dice.
pub(crate) struct Asker<'a> {
    /// The encounter's id.
    pub(crate) encounter: &'a str,
    /// The command's name in the log.
    pub(crate) name: &'a str,
    /// Who asked.
    pub(crate) viewer: &'a Viewer,
    /// The players who roll their own dice.
    pub(crate) rollers: &'a Rollers,
}

/// Runs `request` on `game` for `by`, on the dice typed in or on `draw`
/// (the play session's, when none were typed): the command's record, or
/// the awaited roll it stopped at.
pub(crate) fn run<G: CommandedGame>(
    game: &mut G,
    request: &CommandRequest<G::Command>,
    by: &Asker<'_>,
    mut draw: Option<Draw>,
) -> Result<(Fact, ItemBody), AppError> {
    let mut typed = request.dice.as_ref().map(DiceTyped::source);
    let own: &mut dyn DiceSource = match (typed.as_mut(), draw.as_mut()) {
        (Some(s), _) => s,
        (None, Some(d)) => &mut d.dice,
        (None, None) => return Err(AppError::internal("no dice for a command")),
    };
    // A die the rules give another player who rolls their own dice waits
    // for them (`waiting.rs`).
    let me = by.viewer.invite.clone();
    let waits = |seat: &str| seat != me;
    let (done, stop, so_far) = {
        let mut shared = crate::waiting::Shared::new(Vec::new(), own, by.rollers, &waits);
        let done = game.execute(&request.command, &mut shared);
        (done, shared.stopped().cloned(), shared.so_far())
    };
    let done = match done {
        Ok(done) => done,
        Err(_) if stop.is_some() => {
            let kept = match &request.dice {
                Some(DiceTyped::ByPurpose(dice)) => dice.clone(),
                _ => so_far,
            };
            let stop = stop.as_ref().ok_or_else(|| AppError::internal("no stop"))?;
            return Ok(crate::waiting::awaiting(
                by.encounter,
                &request.json,
                &by.viewer.invite,
                stop,
                kept,
            ));
        }
        Err(r) => {
            let dice = typed.as_ref().zip(request.dice.as_ref());
            let mine = |purpose: &str| by.rollers.asks(&me, purpose);
            return Err(game.refused(r, by.viewer, &request.command, dice, &mine));
        }
    };
    if let Some(unused) = typed.as_ref().and_then(Physical::unused) {
        game.take_back();
        return Err(unused);
    }
    let order = Order::Rules {
        command: request.json.clone(),
    };
    let seeded = draw.filter(|_| !done.dice.is_empty()).map(|d| d.seeded);
    let physical = request.dice.is_some() && !done.dice.is_empty();
    Ok(command_record(
        by.encounter,
        &order,
        by.name,
        done,
        seeded,
        physical,
    ))
}
