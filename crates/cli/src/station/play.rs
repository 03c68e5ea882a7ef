//! `nanite station play`: the game in the terminal. Commands come from
//! standard input one per line, so a game can be scripted by piping a file;
//! in a single-player scenario the engine plays the GM after each players'
//! turn, and every event is printed with its breakdown.

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::Arc;

use anyhow::Result;
use clap::Args;
use nanite_core::{DiceSource, Entry, Game, SeededDice};
use nanite_station::scenario::Kind;
use nanite_station::{Event, Pack, Phase, State, Station, autogm, script};

use super::{draw, read_scenario};
use crate::cx::Outcome;
use crate::prompt::{self, Broken, Piped};

/// Arguments of `nanite station play`.
#[derive(Debug, Args)]
pub(crate) struct PlayArgs {
    /// The scenario file.
    scenario: PathBuf,
    /// Seed of the dice (default: random); the same seed and commands replay the same game.
    #[arg(long)]
    seed: Option<u64>,
}

/// The prompt's own words, beside the Station command language's.
const HELP: &str = "commands (one per line; # starts a comment):\n  map | status | help | quit";

/// A game at the prompt: the game so far, and what it said before the
/// first line (the scenario, the map, the automated GM's setup).
struct Sitting {
    game: Game<Station>,
    opening: String,
    quit: bool,
}

fn told(entry: &Entry<Event>) -> String {
    let mut out = String::new();
    for e in &entry.events {
        let text = e.to_string();
        if !text.is_empty() {
            out.push_str(&format!("{text}\n"));
        }
    }
    out
}

/// Lets the automated GM play while it is the GM's turn in a single-player
/// game; returns what happened.
fn gm_turn(game: &mut Game<Station>, dice: &mut dyn DiceSource) -> Result<String> {
    let mut out = String::new();
    if game.state().scenario.kind != Kind::SinglePlayer {
        return Ok(out);
    }
    if matches!(game.state().phase, Phase::Setup | Phase::Gm) {
        let entries = autogm::play(game, dice)
            .map_err(|r| Broken(format!("the automated GM was refused: {r}")))?;
        for entry in &entries {
            out.push_str(&told(entry));
        }
        if game.state().phase == Phase::Players {
            out.push_str(&draw::map(game.state()));
        }
    }
    Ok(out)
}

impl prompt::Sitting for Sitting {
    fn greeting(&self) -> String {
        self.opening.clone()
    }

    fn prompt(&self) -> String {
        String::new()
    }

    fn words(&self) -> Vec<String> {
        Vec::new()
    }

    fn take(&mut self, line: &str, dice: &mut dyn DiceSource) -> Result<String> {
        let first = line
            .split('#')
            .next()
            .unwrap_or("")
            .split_whitespace()
            .next();
        match first {
            Some("map") => return Ok(draw::map(self.game.state())),
            Some("status") => return Ok(draw::status(self.game.state())),
            Some("help") => return Ok(help()),
            Some("quit" | "exit") => {
                self.quit = true;
                return Ok(String::new());
            }
            _ => {}
        }
        let command = match script::parse(line) {
            Err(e) => return Ok(format!("? {}\n  {}\n", e.message, e.help)),
            Ok(None) => return Ok(String::new()),
            Ok(Some(command)) => command,
        };
        let mut out = format!("> {line}\n");
        match self.game.execute(&command, dice) {
            Ok(entry) => {
                let entry = entry.clone();
                out.push_str(&told(&entry));
                let turn_changed = entry
                    .events
                    .iter()
                    .any(|e| matches!(e, Event::PlayersTurn { .. }));
                out.push_str(&gm_turn(&mut self.game, dice)?);
                if turn_changed && self.game.state().scenario.kind != Kind::SinglePlayer {
                    out.push_str(&draw::map(self.game.state()));
                }
            }
            Err(refusal) => out.push_str(&format!("refused: {refusal}\n")),
        }
        Ok(out)
    }

    fn over(&self) -> bool {
        self.quit || matches!(self.game.state().phase, Phase::Over(_))
    }

    fn farewell(&self) -> String {
        draw::status(self.game.state())
    }
}

/// The prompt's words and every form of the command language.
fn help() -> String {
    let mut out = format!("{HELP}\n");
    for form in script::FORMS {
        out.push_str(&format!("  {}\n", form.usage));
    }
    out
}

pub(super) fn run(args: &PlayArgs, pack: Arc<Pack>) -> Result<Outcome> {
    let mut out = std::io::stdout().lock();
    session(args, pack, std::io::stdin().lock(), &mut out)
}

/// One game: commands from `input`, everything said to `out`.
fn session(
    args: &PlayArgs,
    pack: Arc<Pack>,
    input: impl BufRead,
    out: &mut impl Write,
) -> Result<Outcome> {
    let scenario = match read_scenario(&pack, &args.scenario)? {
        Ok(s) => s,
        Err(problems) => {
            write!(out, "{problems}")?;
            return Ok(Outcome::Problems);
        }
    };
    let seed = args.seed.unwrap_or_else(|| {
        let mut e = nanite_core::EntropyDice::new();
        u64::from(
            e.roll(&nanite_core::DieRequest::new(u32::MAX, "seed"))
                .unwrap_or(1),
        )
    });
    let mut dice = SeededDice::new(seed);
    let state = State::new(pack, Arc::new(scenario)).map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut game = Game::<Station>::new(state);
    let mut opening = format!(
        "{} ({:?}), seed {seed}. Type `help` for the commands.\n",
        game.state().scenario.name,
        game.state().scenario.kind
    );
    opening.push_str(&draw::map(game.state()));
    opening.push_str(&gm_turn(&mut game, &mut dice)?);
    let mut sitting = Sitting {
        game,
        opening,
        quit: false,
    };
    prompt::converse(&mut sitting, &mut dice, &mut Piped(input), out)?;
    Ok(Outcome::Success)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(scenario: &str, seed: u64, script: &str) -> (Outcome, String) {
        let dir = env!("CARGO_MANIFEST_DIR");
        let args = PlayArgs {
            scenario: format!("{dir}/../../examples/station/{scenario}").into(),
            seed: Some(seed),
        };
        let mut out = Vec::new();
        let outcome =
            session(&args, Arc::new(Pack::sample()), script.as_bytes(), &mut out).unwrap();
        (outcome, String::from_utf8(out).unwrap())
    }

    #[test]
    fn a_piped_single_player_game() {
        let (outcome, text) = play(
            "derelict-lab.txt",
            7,
            "ana move 4,3\nana move 1,1\nend\nana fly\nstatus\n",
        );
        assert!(matches!(outcome, Outcome::Success));
        assert!(text.contains("The GM deploys c1 (crawler)"), "{text}");
        assert!(
            text.contains(" 3 #...1.c....+"),
            "the map shows ana, the door and a crawler:\n{text}"
        );
        assert!(
            text.contains("refused: ana has 0 AP left; moving to 1,1 needs 3 (rule ST-CHAR-01)"),
            "{text}"
        );
        assert!(text.contains("The door at 5,3 opens."), "{text}");
        assert!(text.contains("? `fly` is not a command"), "{text}");
        assert!(text.contains("turn 2, players' turn"), "{text}");
    }

    #[test]
    fn the_sample_players_vs_gm_script_runs() {
        let script = include_str!("../../../../examples/station/outpost-siege.play");
        let (_, text) = play("outpost-siege.txt", 5, script);
        assert!(
            text.contains("The GM deploys c2 (hybrid) at 13,4"),
            "{text}"
        );
        assert!(
            text.contains("refused: 6,2 is 5 squares")
                || text.contains("refused: 6,2 is in the room"),
            "{text}"
        );
        assert!(
            text.contains("bo buys a level of hacking for 1 cyber modules."),
            "{text}"
        );
        assert!(
            text.contains("refused: bo must stand in front of the object to search"),
            "{text}"
        );
        assert!(text.contains("Turn 3: the players' turn"), "{text}");
    }
}
