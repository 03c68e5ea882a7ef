//! Whole fights through the encounter spine, with forced dice.

use nanite_compound_x::combat::{Cover, Fighter, Stance};
use nanite_compound_x::encounter::{Battle, Command, CompoundX, narrate};
use nanite_compound_x::{FireMode, Sheet};
use nanite_core::{ClockCommand, CombatantId, Game, ScriptedDice};

use super::support::{character, sample};

const VEX: &str = include_str!("../../../../examples/compound-x/vex.toml");

fn vex() -> Fighter {
    let sheet = Sheet::compute(&character(VEX), sample());
    Fighter::from_sheet(&sheet, sample())
}

fn id(s: &str) -> CombatantId {
    CombatantId::from(s)
}

fn run(game: &mut Game<CompoundX>, command: Command, dice: &[i64]) -> Vec<String> {
    let mut source = ScriptedDice::new(dice.iter().copied());
    let before = game.state().clone();
    let entry = game
        .execute(&command, &mut source)
        .expect("a legal command");
    let mut state = before;
    let mut out = Vec::new();
    for e in &entry.events {
        out.extend(narrate(&state, e));
        <CompoundX as nanite_core::Ruleset>::evolve(&mut state, e);
    }
    out
}

fn add(side: &str, name: &str) -> Command {
    Command::Add {
        id: id(name),
        side: side.into(),
        hidden: false,
        fighter: Box::new(vex()),
        cover: Cover::None,
        stance: Stance::Standing,
    }
}

#[test]
fn a_short_firefight() {
    // rule: CX-TURN-01
    let mut game = Game::<CompoundX>::new(Battle::new());
    run(&mut game, add("crew", "vex"), &[]);
    run(&mut game, add("raiders", "raider"), &[]);
    run(
        &mut game,
        Command::Distance {
            a: id("vex"),
            b: id("raider"),
            metres: 15,
        },
        &[],
    );
    // Vex 4,6 = 46 (+ soldier bonus); raider 2,0 = 20.
    let mut log = run(
        &mut game,
        Command::RollInitiative { who: vec![] },
        &[4, 6, 2, 10],
    );
    log.extend(run(
        &mut game,
        Command::Clock(ClockCommand::Begin { surprise: vec![] }),
        &[],
    ));
    log.extend(run(&mut game, Command::Aim { id: id("vex") }, &[]));
    log.extend(run(
        &mut game,
        Command::Fire {
            id: id("vex"),
            target: id("raider"),
            weapon: 0,
            mode: FireMode::Semi,
            fire: None,
            distance: None,
            cover: None,
        },
        &[9, 5, 6, 8, 1],
    ));
    assert!(
        log.iter().any(|l| l.contains("hit (CX-RNG-01)")),
        "{}",
        log.join("\n")
    );
    assert!(
        game.state().combatants[&id("raider")].fighter.hp
            < game.state().combatants[&id("raider")].fighter.max_hp
    );
}
