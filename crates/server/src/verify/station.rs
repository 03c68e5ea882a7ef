//! Station games in `nanite verify`: each command of a Station change is
//! executed again with its own play-session dice, then as the log has it.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use nanite_core::{KeyedDice, ScriptedDice};

use super::{StreamCheck, differ};

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
            if let Some(used) = &m.seeded {
                if let Ok(seed) = self.seed_of(version, used, &what, seen) {
                    let mut keyed = KeyedDice::new(seed, used.index);
                    match g.execute_with(&m.command, &mut keyed) {
                        Ok(dice) if dice == m.dice => {
                            self.out.verified += 1;
                            continue;
                        }
                        Ok(dice) => {
                            g.undo_one();
                            let why = differ(&m.dice, &dice);
                            self.mismatch(
                                version,
                                format!(
                                    "{what}: {why} (play session {}, index {})",
                                    used.session, used.index
                                ),
                            );
                        }
                        Err(r) => self.mismatch(
                            version,
                            format!(
                                "{what}: with the dice of play session {}, index {} the engine refuses it: {r}",
                                used.session, used.index
                            ),
                        ),
                    }
                }
            } else if !m.dice.is_empty() {
                self.unverifiable(
                    version,
                    format!(
                        "{what} rolled {} dice from no play session's seed",
                        m.dice.len()
                    ),
                );
            }
            let mut recorded = ScriptedDice::new(m.dice.iter().map(|d| i64::from(d.value)));
            match g.execute_with(&m.command, &mut recorded) {
                Ok(dice) if dice == m.dice => {}
                replayed => {
                    if replayed.is_ok() {
                        g.undo_one();
                    }
                    self.mismatch(
                        version,
                        format!(
                            "{what} no longer replays with the dice the log holds; game {game} is not checked further"
                        ),
                    );
                    broken.insert(game.to_string());
                    return;
                }
            }
        }
        if undoable {
            g.close_change(moves.len());
        }
    }
}
