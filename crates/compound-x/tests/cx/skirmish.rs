//! A skirmish for the movement, suppression, melee and thrown-weapon tests:
//! soldiers built from the support template with the skills and gear a test
//! needs (each must validate), a fight run with forced dice that must all be
//! used, and refusals that must change nothing.
//!
//! Forced dice: a d10 is its face; a d100 is two d10, tens then ones, with a
//! face 0 typed as 10 (42 is `4, 2`; 30 is `3, 10`; 100 is `10, 10`).

use nanite_compound_x::combat::{Cover, Fighter, Stance};
use nanite_compound_x::encounter::{Battle, Combatant, Command, CompoundX, Way, narrate_all};
use nanite_core::{ClockCommand, CombatantId, Game, ScriptedDice};

use super::arena::{distance, join};
use super::support::{TEMPLATE, edit, sample, valid_sheet};

/// A combatant id.
pub(crate) fn id(s: &str) -> CombatantId {
    CombatantId::from(s)
}

/// Lena: SMGs 10, the SMG (2 spare magazines), a combat knife, and each
/// of `more` (weapon, count).
pub(crate) fn lena(more: &[(&str, i64)]) -> Fighter {
    let mut weapons = vec![("smg", 2), ("combat-knife", 0)];
    weapons.extend_from_slice(more);
    fighter(&soldier("Lena", &[], &[("smgs", 10)], None, &weapons))
}

/// Gus: heavy weapons 10, the LMG with 1 spare magazine.
pub(crate) fn gus() -> Fighter {
    fighter(&soldier(
        "Gus",
        &[],
        &[("heavy-weapons", 10)],
        None,
        &[("lmg", 1)],
    ))
}

/// A target with an SMG (2 spare magazines), wearing `armor` if any.
pub(crate) fn target(name: &str, armor: Option<&str>) -> Fighter {
    fighter(&soldier(name, &[], &[("smgs", 10)], armor, &[("smg", 2)]))
}

/// The support template (a level-0 human soldier, every stat 6, 50 skill
/// points) named `name`, with `stats` changed (`("STR", 9)`; the 42 points
/// must still add up), the `skills` given instead of its SMGs 10, the
/// `armor` worn (if any) and each `(weapon, count)` carried (the count is
/// spare magazines, or how many thrown weapons). When STR is the largest
/// source of both Movement Speed and Carry Ability, it sets Movement Speed
/// (CX-STAT-02).
pub(crate) fn soldier(
    name: &str,
    stats: &[(&str, i64)],
    skills: &[(&str, i64)],
    armor: Option<&str>,
    weapons: &[(&str, i64)],
) -> String {
    let mut text = edit(
        TEMPLATE,
        &[("name = \"Tess\"", &format!("name = \"{name}\""))],
    );
    for (stat, value) in stats {
        text = edit(
            &text,
            &[(&format!("{stat} = 6"), &format!("{stat} = {value}"))],
        );
    }
    let stat = |name: &str| {
        stats
            .iter()
            .find(|(s, _)| *s == name)
            .map_or(6, |(_, v)| *v)
    };
    if stat("STR") > stat("DEX") && stat("STR") > stat("FORT") {
        text = edit(
            &text,
            &[(
                "feats = []\n",
                "feats = []\nsecondary_choice = \"movement_speed\"\n",
            )],
        );
    }
    let skills: String = skills
        .iter()
        .map(|(skill, points)| format!("{skill} = {points}\n"))
        .collect();
    text = edit(
        &text,
        &[("[skills]\nsmgs = 10\n", &format!("[skills]\n{skills}"))],
    );
    if let Some(armor) = armor {
        text = edit(
            &text,
            &[(
                "[equipment]\n",
                &format!("[equipment]\narmor = \"{armor}\"\n"),
            )],
        );
    }
    for (weapon, count) in weapons {
        text.push_str(&format!(
            "\n[[equipment.weapons]]\nid = \"{weapon}\"\nattachments = []\nmagazines = {count}\n"
        ));
    }
    text
}

/// The fighter of a character text that reads and validates cleanly.
pub(crate) fn fighter(text: &str) -> Fighter {
    Fighter::from_sheet(&valid_sheet(text), sample())
}

/// A fight with forced dice.
pub(crate) struct Skirmish {
    pub(crate) game: Game<CompoundX>,
}

impl Skirmish {
    /// Everyone in `cast` (id, side, fighter) standing in the open, with
    /// initiative in the order given (the first acts first); not begun.
    pub(crate) fn new(cast: Vec<(&str, &str, Fighter)>) -> Skirmish {
        let mut s = Skirmish {
            game: Game::new(Battle::new()),
        };
        let mut total = 100;
        for (who, side, f) in cast {
            s.run(join(who, side, f), &[]);
            s.run(
                Command::Clock(ClockCommand::SetInitiative { id: id(who), total }),
                &[],
            );
            total -= 10;
        }
        s
    }

    /// Begins the fight: the first in the order has its turn.
    pub(crate) fn begin(&mut self) -> Vec<String> {
        self.run(
            Command::Clock(ClockCommand::Begin { surprise: vec![] }),
            &[],
        )
    }

    /// The GM sets the metres between `a` and `b`.
    pub(crate) fn distance(&mut self, a: &str, b: &str, metres: i64) {
        self.run(distance(a, b, metres), &[]);
    }

    /// The GM places `who`: cover and stance, free of actions.
    pub(crate) fn place(&mut self, who: &str, cover: Option<Cover>, stance: Option<Stance>) {
        self.run(
            Command::Position {
                id: id(who),
                cover,
                stance,
            },
            &[],
        );
    }

    /// Runs a command that must be accepted and use every die in `dice`;
    /// returns the narrated log.
    pub(crate) fn run(&mut self, command: Command, dice: &[i64]) -> Vec<String> {
        let before = self.game.state().clone();
        let mut source = ScriptedDice::new(dice.iter().copied());
        let entry = self
            .game
            .execute(&command, &mut source)
            .unwrap_or_else(|e| panic!("{command:?} was refused: {e}"));
        assert_eq!(
            source.remaining(),
            0,
            "dice left over after {command:?}; asked for {:?}",
            source.requests()
        );
        narrate_all(&before, &entry.events)
    }

    /// Runs a command that must be refused without a die, changing neither
    /// the battle nor the log; returns the refusal as the table reads it.
    pub(crate) fn refuse(&mut self, command: Command) -> String {
        let before = serde_json::to_value(self.game.state()).unwrap();
        let entries = self.game.log().len();
        let mut source = ScriptedDice::new([]);
        let refusal = match self.game.execute(&command, &mut source) {
            Ok(_) => panic!("{command:?} was accepted"),
            Err(e) => e.to_string(),
        };
        assert!(
            source.requests().is_empty(),
            "a refused {command:?} asked for dice: {:?}",
            source.requests()
        );
        assert_eq!(
            serde_json::to_value(self.game.state()).unwrap(),
            before,
            "the refusal '{refusal}' changed the battle"
        );
        assert_eq!(self.game.log().len(), entries);
        refusal
    }

    /// Ends the turn; the next one begins (with `dice` for its start).
    pub(crate) fn next(&mut self, dice: &[i64]) -> Vec<String> {
        self.run(Command::Clock(ClockCommand::NextTurn), dice)
    }

    /// The battle.
    pub(crate) fn state(&self) -> &Battle {
        self.game.state()
    }

    /// The combatant `who`.
    pub(crate) fn c(&self, who: &str) -> &Combatant {
        &self.state().combatants[&id(who)]
    }

    /// `who`'s health.
    pub(crate) fn hp(&self, who: &str) -> i64 {
        self.c(who).fighter.hp
    }

    /// Actions left in the turn under way.
    pub(crate) fn left(&self) -> u32 {
        self.state().clock.budget.left
    }

    /// Metres between `a` and `b`, if known.
    pub(crate) fn metres(&self, a: &str, b: &str) -> Option<i64> {
        self.state().distance(&id(a), &id(b))
    }
}

/// A move of `metres` by `who`, walking unless `sprint`, into the open.
pub(crate) fn step(who: &str, metres: i64, way: Way, sprint: bool) -> Command {
    Command::Move {
        id: id(who),
        metres,
        way,
        sprint,
        cover: None,
        concealed: false,
    }
}

/// Toward `whom`.
pub(crate) fn toward(whom: &str) -> Way {
    Way::Toward { id: id(whom) }
}

/// Away from `whom`.
pub(crate) fn away(whom: &str) -> Way {
    Way::Away { id: id(whom) }
}

/// The first line of `log` containing `needle`; panics showing the log when
/// there is none.
pub(crate) fn line<'a>(log: &'a [String], needle: &str) -> &'a str {
    log.iter()
        .find(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("no line with `{needle}` in:\n{}", log.join("\n")))
}
