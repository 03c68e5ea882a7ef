//! What the D20 tests share: the sample pack, the example characters, and
//! a table that runs commands with forced dice and tells what happened.

use nanite_core::content::SourceFile;
use nanite_core::{CombatantId, Game, ScriptedDice};
use nanite_d20::encounter::{
    Battle, Command, D20, Event, Field, Fighter, GrappleAttack, Place, PositionChange, Refusal,
    Square, Takedown, narrate_all,
};
use nanite_d20::{Campaign, Character, Pack, validate};

/// The files of `content/d20/`, read from the disk.
pub(crate) fn sample_files() -> Vec<SourceFile> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../content/d20");
    let mut files: Vec<SourceFile> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .map(|p| {
            let name = format!("content/d20/{}", p.file_name().unwrap().to_string_lossy());
            SourceFile::new(name, std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    files.sort_by(|a, b| a.name().cmp(b.name()));
    files
}

/// The sample pack in `content/d20/`.
pub(crate) fn pack() -> Pack {
    let (pack, found) = Pack::load(&sample_files());
    assert!(!found.has_errors(), "the sample pack loads:\n{found}");
    pack
}

/// The text of `examples/d20/{name}.toml`.
pub(crate) fn example_text(name: &str) -> String {
    let path = format!(
        "{}/../../examples/d20/{name}.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(path).unwrap()
}

/// Reads a character from `text` (named `{name}.toml`).
pub(crate) fn read(name: &str, text: &str) -> (Character, nanite_core::Diagnostics) {
    Character::read(&SourceFile::new(format!("{name}.toml"), text))
}

/// The example character `name`, valid.
pub(crate) fn character(name: &str) -> Character {
    let (c, found) = read(name, &example_text(name));
    assert!(!found.has_errors(), "{name} reads:\n{found}");
    let found = validate(&c, &pack());
    assert!(!found.has_errors(), "{name} is valid:\n{found}");
    c
}

/// A game with its combatants, run with forced dice.
pub(crate) struct Table {
    pub(crate) game: Game<D20>,
}

/// A square.
pub(crate) fn sq(x: i64, y: i64) -> Square {
    Square { x, y }
}

/// An id.
pub(crate) fn id(text: &str) -> CombatantId {
    CombatantId::from(text)
}

impl Table {
    /// A table on `field` under `campaign`, with combatants `(id, example,
    /// side, place)` added.
    pub(crate) fn new(
        campaign: Campaign,
        field: Field,
        who: &[(&str, &str, &str, Place)],
    ) -> Table {
        let mut game = Game::<D20>::new(Battle::new(campaign.clone(), field));
        for (handle, example, side, place) in who {
            let fighter = Fighter::new(&character(example), &pack(), &campaign);
            game.execute(
                &Command::Add {
                    id: id(handle),
                    side: side.to_string(),
                    hidden: false,
                    fighter: Box::new(fighter),
                    place: *place,
                },
                &mut ScriptedDice::new([]),
            )
            .expect("the combatant enters");
        }
        Table { game }
    }

    /// A 10 by 10 map with these combatants; initiative is kept for the
    /// battle (D20-INIT-02), so that a new round needs no dice.
    pub(crate) fn map(who: &[(&str, &str, &str, (i64, i64))]) -> Table {
        let who: Vec<(&str, &str, &str, Place)> = who
            .iter()
            .map(|(h, e, s, (x, y))| (*h, *e, *s, Place::Square(sq(*x, *y))))
            .collect();
        Table::new(
            Campaign {
                reroll: nanite_d20::InitiativeReroll::Kept,
                ..Campaign::default()
            },
            Field::Map {
                width: 10,
                height: 10,
            },
            &who,
        )
    }

    /// The battle now.
    pub(crate) fn state(&self) -> &Battle {
        self.game.state()
    }

    /// Runs `command` with exactly `dice`: every die must be used.
    pub(crate) fn run(&mut self, command: Command, dice: &[i64]) -> Result<Vec<Event>, Refusal> {
        let mut source = ScriptedDice::new(dice.iter().copied());
        let before = self.state().clone();
        let result = self
            .game
            .execute(&command, &mut source)
            .map(|e| e.events.clone());
        match &result {
            Ok(_) => assert_eq!(
                source.remaining(),
                0,
                "{command:?} left dice unused: {:?}",
                source.requests()
            ),
            Err(_) => assert_eq!(
                serde_json::to_value(self.state()).unwrap(),
                serde_json::to_value(&before).unwrap(),
                "a refusal changes nothing"
            ),
        }
        result
    }

    /// Runs `command` with `dice`, expecting success, and tells it.
    pub(crate) fn ok(&mut self, command: Command, dice: &[i64]) -> String {
        let before = self.state().clone();
        let events = self
            .run(command.clone(), dice)
            .unwrap_or_else(|r| panic!("{command:?} refused: {r}"));
        let mut text = narrate_all(&before, &events).join("\n");
        text.push('\n');
        text
    }

    /// Runs `command`, expecting a refusal; returns its message.
    pub(crate) fn refused(&mut self, command: Command) -> String {
        match self.run(command.clone(), &[]) {
            Ok(events) => panic!("{command:?} was accepted: {events:?}"),
            Err(r) => r.to_string(),
        }
    }

    /// Sets initiative totals by hand and begins the fight.
    pub(crate) fn begin_in_order(&mut self, order: &[&str]) {
        let n = order.len() as i64;
        for (i, who) in order.iter().enumerate() {
            self.ok(
                Command::Clock(nanite_core::ClockCommand::SetInitiative {
                    id: id(who),
                    total: 100 * (n - i as i64),
                }),
                &[],
            );
        }
        self.ok(
            Command::Clock(nanite_core::ClockCommand::Begin { surprise: vec![] }),
            &[],
        );
    }

    /// Ends the active turn.
    pub(crate) fn next(&mut self, dice: &[i64]) -> String {
        self.ok(Command::Clock(nanite_core::ClockCommand::NextTurn), dice)
    }

    /// Hit points of `who`.
    pub(crate) fn hp(&self, who: &str) -> i64 {
        self.state().combatants[&id(who)].hp
    }
}

/// An attack with `weapon` (none: the first that reaches).
pub(crate) fn attack(who: &str, target: &str, weapon: Option<usize>) -> Command {
    Command::Attack {
        id: id(who),
        target: id(target),
        weapon,
    }
}

/// A takedown attempt of `kind` on `target`.
pub(crate) fn takedown(who: &str, target: &str, kind: Takedown) -> Command {
    Command::Takedown {
        id: id(who),
        target: id(target),
        kind,
    }
}

/// A change of position in a grapple.
pub(crate) fn position(who: &str, kind: PositionChange) -> Command {
    Command::ChangePosition { id: id(who), kind }
}

/// An attack from a grapple.
pub(crate) fn grapple_attack(who: &str, kind: GrappleAttack) -> Command {
    Command::GrappleAttack { id: id(who), kind }
}

/// The initiative order, first to act first.
pub(crate) fn order(t: &Table) -> Vec<String> {
    t.state()
        .clock
        .order
        .iter()
        .map(|i| i.to_string())
        .collect()
}
