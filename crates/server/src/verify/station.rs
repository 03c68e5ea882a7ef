//! Station games in `nanite verify`: each command of a Station change is
//! executed again with its own play-session dice, then as the log has it.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::{Logged, StreamCheck};

/// The Station games of a stream being checked, those not checked
/// further, and the session indices seen.
pub(super) type StationGames<'a> = (
    &'a mut BTreeMap<String, crate::station::Game>,
    &'a mut BTreeSet<String>,
    &'a mut HashMap<(u32, u64), i64>,
);

impl StreamCheck<'_> {
    /// A Station change's commands, again: each seeded command with its
    /// session's keyed dice, then as the log has it.
    pub(super) fn station_moves(
        &mut self,
        version: i64,
        game: &str,
        moves: &[crate::station::record::Move],
        undoable: bool,
        ctx: &mut StationGames<'_>,
    ) {
        let (games, broken, seen) = ctx;
        if broken.contains(game) {
            return;
        }
        let Some(g) = games.get_mut(game) else {
            self.mismatch(
                version,
                format!("a command names Station game {game}, which was never started"),
            );
            return;
        };
        for m in moves {
            let what = format!("Station command `{}` in game {game}", m.command.name());
            let logged = Logged {
                what: &what,
                command: &m.command,
                seeded: m.seeded.as_ref(),
                dice: &m.dice,
            };
            if self.verified(version, g, &logged, seen) {
                continue;
            }
            if !self.replayed(version, g, &logged, &format!("game {game}")) {
                broken.insert(game.to_string());
                return;
            }
        }
        if undoable {
            g.close_change(moves.len());
        }
    }
}
