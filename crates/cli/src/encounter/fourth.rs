//! A fourth ruleset, only for tests: playground tag, played through the
//! loops every ruleset shares (the scripted run of an encounter file,
//! [`super::fight`], and the GM's saved table session, [`super::session`],
//! at the prompt of [`crate::prompt`]). The ruleset is `nanite_tag` (a
//! test-only crate: its engine, language, runner files and narration, and
//! its table contract the server plays it through); its command-line code
//! is here, and one `mod` line registers it: that is the proof that a
//! ruleset plugs into the command line through [`Rules`] alone (issue 20,
//! "the CLI written once").
//!
//! The game: each runner has a dodge from 1 to 5. On its turn a runner may
//! spend one of its two actions to tag another: a d6 higher than the
//! target's dodge tags it, and a tagged runner leaves the game. The clock
//! (joining, initiative, rounds, turns, actions) is core's.

use std::path::Path;

use anyhow::{Result, bail};
use nanite_core::content::{Reading, SourceFile, check_format};
use nanite_core::encounter_file::{read_combatants, read_script, read_seed};
use nanite_core::script::LineError;
use nanite_core::{ClockCommand, CombatantId, Diagnostics, RolledDie};
use nanite_tag::{
    ACTION_FORMS, Command, Event, GM_FORMS, Order, Refusal, Runner, Tag, Yard, parse, read_runner,
};

use super::{EncounterFile, Entrant, Rules};

/// The prompt's own words beside the ruleset's commands.
const META: &[(&str, &str)] = &[
    ("add", "add ID CHARACTER.toml SIDE [hidden]: a runner joins"),
    ("undo", "undo: take back the last line"),
    ("status", "status: who is in and who is out"),
    ("help", "help: this list"),
    ("quit", "quit: leave; the session is saved"),
];

/// Tag as the command line drives it.
pub(crate) struct TagRules;

impl Rules for TagRules {
    type Engine = Tag;
    type Battle = Yard;
    type Command = Command;
    type Event = Event;
    type Refusal = Refusal;
    type Place = ();
    type Fighter = Runner;
    type Character = Runner;
    type Order = Order;
    type Settings = ();

    const NAME: &'static str = "tag";
    const FORMAT: i64 = 1;
    const META: &'static [(&'static str, &'static str)] = META;
    const ADD_USAGE: &'static str = "add ID CHARACTER.toml SIDE [hidden]";

    fn parse(line: &str) -> Result<Order, LineError> {
        parse(line)
    }

    fn named(order: &Order) -> &[CombatantId] {
        &order.ids
    }

    fn command(order: &Order, _battle: &Yard) -> Result<Command, LineError> {
        Ok(order.command.clone())
    }

    fn forms() -> (Vec<&'static str>, Vec<&'static str>) {
        crate::encounter::usages(GM_FORMS, ACTION_FORMS)
    }

    fn verbs() -> Vec<&'static str> {
        crate::encounter::verbs(GM_FORMS, ACTION_FORMS)
    }

    fn battle(_settings: &()) -> Yard {
        Yard::new(2)
    }

    fn ids(battle: &Yard) -> Vec<&CombatantId> {
        battle.runners.keys().collect()
    }

    fn active(battle: &Yard) -> Option<&CombatantId> {
        battle.clock.active.as_ref()
    }

    fn enter(e: &Entrant<()>, runner: &Runner) -> Command {
        Command::Enter {
            id: e.id.clone(),
            side: e.side.clone(),
            hidden: e.hidden,
            runner: runner.clone(),
        }
    }

    fn clock(command: ClockCommand) -> Command {
        Command::Clock(command)
    }

    fn setup(_settings: &()) -> Vec<(usize, String, Command)> {
        Vec::new()
    }

    fn no_dice(refusal: &Refusal) -> Option<String> {
        matches!(refusal, Refusal::Dice(_)).then(|| refusal.to_string())
    }

    fn narrate(before: &Yard, events: &[Event]) -> Vec<String> {
        nanite_tag::narrate(before, events).gm
    }

    fn dice(dice: &[RolledDie]) -> String {
        dice.iter()
            .map(|d| format!("d{} {} ({})", d.sides, d.value, d.purpose))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn status(battle: &Yard) -> String {
        battle
            .runners
            .iter()
            .map(|(id, r)| {
                let state = if battle.out.contains(id) { "out" } else { "in" };
                format!("{id}: {}, dodge {}, {state}\n", r.name, r.dodge)
            })
            .collect()
    }

    fn words(&self) -> Vec<String> {
        vec!["hidden".into()]
    }

    fn read_file(
        &self,
        file: &SourceFile,
        stem: &str,
    ) -> (Option<EncounterFile<Self>>, Diagnostics) {
        let reading = Reading::new(file);
        let encounter = reading
            .document(|root| {
                if !check_format(&root, "encounter file", 1) {
                    return None;
                }
                let name = root.string("name").unwrap_or_else(|| stem.to_string());
                let seed = read_seed(&root);
                let combatants = read_combatants(&root, |t| {
                    Some(Entrant {
                        id: CombatantId::from(t.required_string("id")?),
                        character: t.required_string("character")?,
                        side: t.required_string("side")?,
                        name: t.string("name"),
                        place: (),
                        hidden: t.boolean("hidden").unwrap_or(false),
                        initiative: t.integer("initiative"),
                        after: t.integer("after").and_then(|n| usize::try_from(n).ok()),
                        line: t.line(),
                    })
                });
                let (dice, script) = read_script(&root, &combatants, parse, |o| &o.ids);
                root.finish();
                Some(EncounterFile::<Self> {
                    name,
                    seed,
                    settings: (),
                    combatants,
                    dice,
                    script,
                })
            })
            .flatten();
        let found = reading.finish();
        (encounter.filter(|_| !found.has_errors()), found)
    }

    fn read_character(&self, path: &Path) -> Result<(Runner, Diagnostics)> {
        let text = std::fs::read_to_string(path)?;
        Ok(read_runner(&SourceFile::new(
            path.display().to_string(),
            text,
        )))
    }

    fn read_valid_character(&self, path: &Path) -> Result<Runner> {
        let (runner, found) = self.read_character(path)?;
        if found.has_errors() {
            bail!("{} cannot be used:\n{found}", path.display());
        }
        Ok(runner)
    }

    fn fighter(&self, runner: &Runner, _settings: &()) -> Runner {
        runner.clone()
    }

    fn name(runner: &Runner) -> &str {
        &runner.name
    }

    fn rename(runner: &mut Runner, name: &str) {
        runner.name = name.to_string();
    }

    fn add_options(options: &[&str], _battle: &Yard) -> Result<(bool, ())> {
        match options {
            [] => Ok((false, ())),
            ["hidden"] => Ok((true, ())),
            _ => bail!("after the side, `add` takes only `hidden`"),
        }
    }

    fn place_lines(_place: &()) -> String {
        String::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encounter::fight::{self, Source};
    use crate::encounter::read_checked;
    use crate::encounter::session::Session;
    use crate::prompt::{Piped, converse};
    use nanite_core::ScriptedDice;

    /// A fresh directory with two runners' character files.
    fn yard_dir(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("nanite-tag-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("ann.toml"),
            "format = 1\nname = \"Ann\"\ndodge = 2\n",
        )
        .unwrap();
        std::fs::write(
            dir.join("bob.toml"),
            "format = 1\nname = \"Bob\"\ndodge = 4\n",
        )
        .unwrap();
        dir
    }

    const CHASE: &str = r#"format = 1
name = "Chase"

[[combatant]]
id = "ann"
character = "ann.toml"
side = "chasers"
initiative = 12

[[combatant]]
id = "bob"
character = "bob.toml"
side = "runners"
initiative = 7

[script]
dice = [3, 5]
commands = ["begin", "ann tag bob", "ann tag bob"]
"#;

    #[test]
    fn an_encounter_file_of_the_fourth_ruleset_runs_through_the_shared_fight() {
        let dir = yard_dir("fight");
        let path = dir.join("chase.toml");
        std::fs::write(&path, CHASE).unwrap();
        let (encounter, roster, source_file) =
            read_checked(&TagRules, &path, "encounter file", false).unwrap();
        let source = Source::choose(None, None, false, &encounter);
        let fight = fight::run::<TagRules>(&encounter, roster, source, &source_file).unwrap();
        assert!(
            fight.stop.is_none(),
            "{:?}",
            fight.stop.map(|s| s.message())
        );
        let told: Vec<&str> = fight
            .commands
            .iter()
            .flat_map(|r| r.told.iter().map(String::as_str))
            .collect();
        assert!(
            told.contains(&"Bob dodges Ann: d6 3 does not beat dodge 4"),
            "{told:?}"
        );
        assert!(
            told.contains(&"Ann tags Bob: d6 5 beats dodge 4; Bob is out"),
            "{told:?}"
        );
        assert_eq!(fight.game.state().out, vec![CombatantId::from("bob")]);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_broken_file_of_the_fourth_ruleset_is_refused_with_every_problem() {
        let dir = yard_dir("broken");
        std::fs::write(
            dir.join("bob.toml"),
            "format = 1\nname = \"Bob\"\ndodge = 9\n",
        )
        .unwrap();
        let path = dir.join("chase.toml");
        let refusal = |text: &str| {
            std::fs::write(&path, text).unwrap();
            match read_checked(&TagRules, &path, "encounter file", false) {
                Ok(_) => panic!("a broken file ran"),
                Err(e) => format!("{e:#}"),
            }
        };
        let e = refusal(&CHASE.replace("\"ann tag bob\"]", "\"ann tog bob\"]"));
        assert!(e.contains("cannot run: 1 error"), "{e}");
        assert!(e.contains("column 5: expected `tag`, found `tog`"), "{e}");
        assert!(e.contains("help: ID tag TARGET, like `ann tag bob`"), "{e}");
        let e = refusal(CHASE);
        assert!(e.contains("cannot run: 1 error"), "{e}");
        assert!(e.contains("dodge 9 is outside 1 to 5"), "{e}");
        assert!(e.contains("give a dodge from 1 to 5"), "{e}");
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn the_gm_plays_the_fourth_ruleset_at_the_shared_prompt_and_resumes_it() {
        let dir = yard_dir("play");
        let path = dir.join("session.toml");
        let mut session = Session::open(TagRules, &path, ()).unwrap();
        let input = "add ann ann.toml chasers\nadd bob bob.toml runners\n\
                     initiative ann 12\ninitiative bob 7\nbegin\nbob tag ann\n\
                     ann tog bob\nann tag bob\nundo\nann tag bob\nstatus\nquit\n";
        let mut out = Vec::new();
        let mut dice = ScriptedDice::new([1, 6]);
        converse(
            &mut session,
            &mut dice,
            &mut Piped(input.as_bytes()),
            &mut out,
        )
        .unwrap();
        let out = String::from_utf8(out).unwrap();
        for said in [
            "Ann joins as ann (dodge 2)",
            "Ann's turn",
            "refused: it is not bob's turn (it is ann's)",
            "nothing changed",
            "ann tog bob\n    ^\nexpected `tag`, found `tog`",
            "Bob dodges Ann: d6 1 does not beat dodge 4",
            "undone: ann tag bob",
            "Ann tags Bob: d6 6 beats dodge 4; Bob is out",
            "bob: Bob, dodge 4, out",
        ] {
            assert!(out.contains(said), "missing {said:?} in:\n{out}");
        }
        // The saved session replays to the same game.
        let saved = std::fs::read_to_string(&path).unwrap();
        assert!(saved.contains("nanite tag play"), "{saved}");
        let resumed = Session::open(TagRules, &path, ()).unwrap();
        let mut again = Vec::new();
        converse(
            &mut { resumed },
            &mut ScriptedDice::new([]),
            &mut Piped("status\n".as_bytes()),
            &mut again,
        )
        .unwrap();
        let again = String::from_utf8(again).unwrap();
        assert!(again.contains("bob: Bob, dodge 4, out"), "{again}");
        let _ = std::fs::remove_dir_all(dir);
    }
}
