//! The simulator on a battle map (issue 24): fights start from the placed
//! positions, the engine measures distance, sight and cover from them, and
//! the policies seek cover spots and ways around walls.
//!
//! Both duellists carry a Basic SMG (semi 4/5/6 at 0-10/11-20/21-40 m;
//! hip fire +3) and move 6 m per 2 actions standing, 4 m crouched. Points
//! are in decimetres.

use nanite_compound_x::combat::{Cover, Fighter, Stance};
use nanite_compound_x::encounter::{Battle, Command, CompoundX, Layout, Point, Wall, WallKind};
use nanite_compound_x::sim::{Setup, SetupError, SimOptions, next_move, play, run_seed, simulate};
use nanite_core::{ClockCommand, CombatantId, Game, ScriptedDice};

use super::skirmish::{fighter, id, soldier};

/// A duellist with an SMG.
fn gunner(name: &str) -> Fighter {
    fighter(&soldier(name, &[], &[("smgs", 10)], None, &[("smg", 2)]))
}

fn wall(kind: WallKind, a: Point, b: Point) -> Wall {
    Wall {
        name: String::new(),
        a,
        b,
        kind,
        open: false,
    }
}

/// The battle of `cast` (id, side, where) on a 30 x 20 m map with
/// `walls`, everyone in the open and standing, initiative not rolled.
fn on_map(cast: &[(&str, &str, Point)], walls: Vec<Wall>) -> Battle {
    let mut game: Game<CompoundX> = Game::new(Battle::new());
    let mut none = ScriptedDice::new([]);
    let mut layout = Layout::new(300, 200);
    layout.walls = walls;
    game.execute(&Command::Map { layout }, &mut none).unwrap();
    for (who, side, at) in cast {
        let add = Command::Add {
            id: id(who),
            side: (*side).into(),
            hidden: false,
            fighter: Box::new(gunner(who)),
            cover: Cover::None,
            stance: Stance::Standing,
        };
        game.execute(&add, &mut none).unwrap();
        game.execute(
            &Command::Place {
                id: id(who),
                at: *at,
            },
            &mut none,
        )
        .unwrap();
    }
    game.state().clone()
}

/// Ana at 5,6 m, Bo at 20,10 m: 15 m apart, in the open. With `cover`, a
/// wall giving full cover runs from 7,8 to 7,12 m: 1 m past it, at 6,8 m
/// (2.2 m from Ana, within one move), Ana has full cover against Bo and
/// still sees it (a full wall is seen past); Bo has no spot within its
/// move (the nearest, on the wall's east side, is 12 m away).
fn duel(cover: bool) -> Battle {
    let walls = if cover {
        vec![wall(
            WallKind::Full,
            Point::metres(7, 8),
            Point::metres(7, 12),
        )]
    } else {
        Vec::new()
    };
    on_map(
        &[
            ("ana", "crew", Point::metres(5, 6)),
            ("bo", "raiders", Point::metres(20, 10)),
        ],
        walls,
    )
}

/// `battle` after `commands`, each of which rolls no die.
fn after(battle: Battle, commands: &[Command]) -> Battle {
    let mut game: Game<CompoundX> = Game::new(battle);
    for c in commands {
        game.execute(c, &mut ScriptedDice::new([]))
            .unwrap_or_else(|r| panic!("{c:?} refused: {r}"));
    }
    game.state().clone()
}

/// A battle begun with `first` to act (initiative set by hand).
fn begun(battle: Battle, first: &str, second: &str) -> Battle {
    let initiative =
        |who: &str, total| Command::Clock(ClockCommand::SetInitiative { id: id(who), total });
    after(
        battle,
        &[
            initiative(first, 90),
            initiative(second, 10),
            Command::Clock(ClockCommand::Begin { surprise: vec![] }),
        ],
    )
}

#[test]
fn a_combatant_in_the_open_under_fire_moves_into_the_nearest_cover_spot() {
    // rule: CX-RNG-04
    // rule: CX-MOVE-01
    let battle = begun(duel(true), "ana", "bo");
    let (ana, bo) = (id("ana"), id("bo"));
    assert_eq!(battle.cover_against(&bo, &ana), Cover::None);
    let first = next_move(&battle, &ana).expect("ana acts");
    let Command::MoveTo { to, sprint, .. } = &first.command else {
        panic!("ana should take cover first: {:?}", first.command);
    };
    assert!(!sprint);
    // One move (6 m per 2 actions) reaches it, up against the wall's west
    // side.
    assert_eq!(to.x, 65, "{to}");
    let moved = after(battle, std::slice::from_ref(&first.command));
    assert_eq!(moved.cover_against(&bo, &ana), Cover::Full);
    assert!(moved.sees(&ana, &bo));
    // Behind cover against everyone who sees it, it crouches (free) and
    // then aims.
    let next = next_move(&moved, &ana).expect("ana acts on");
    assert!(
        matches!(
            &next.command,
            Command::Stance { id, to: Stance::Crouched } if *id == ana
        ),
        "{:?}",
        next.command
    );
    // Without the wall, there is no cover to seek: it stays and aims.
    let open = begun(duel(false), "ana", "bo");
    let first = next_move(&open, &ana).expect("ana acts");
    assert!(
        matches!(&first.command, Command::Aim { id } if *id == ana),
        "{:?}",
        first.command
    );
}

#[test]
fn a_shooter_who_takes_cover_wins_more_often_than_one_in_the_open() {
    // rule: CX-RNG-04
    // Without the wall the duel is symmetric (the same fighter on each
    // side, 15 m apart in the open, initiative rolled each fight), so Ana
    // wins half of the decided fights. With it, Ana reaches full cover in
    // her first turn, where Bo hits on 4 faces fewer (+4, CX-RNG-04):
    // at 11-20 m an aimed semi shot hits on 5 faces of 10, and on 1 behind
    // full cover, so Bo's shots land a fifth as often as Ana's. Ana must
    // then win clearly more often: the 95% intervals of her win rate over
    // the same number of seeded fights must not overlap.
    let runs = 200;
    let options = SimOptions {
        runs,
        seed: 24,
        threads: 1,
        max_rounds: 50,
    };
    let rate = |battle: Battle| {
        let setup = Setup::new(battle).unwrap();
        let report = simulate(&setup, &options, &|_| {});
        let report = report.common;
        assert_eq!(report.refused, 0, "{:?}", report.first_refusal);
        let ana = report
            .sides
            .iter()
            .find(|s| s.side == "crew")
            .expect("the crew's side");
        (ana.wins, report.runs)
    };
    let (open_wins, n) = rate(duel(false));
    let (cover_wins, _) = rate(duel(true));
    let (_, open_high) = nanite_compound_x::sim::wilson(open_wins, n);
    let (cover_low, _) = nanite_compound_x::sim::wilson(cover_wins, n);
    let (open_low, _) = nanite_compound_x::sim::wilson(open_wins, n);
    // The symmetric duel is even (no side favoured beyond chance).
    assert!(open_low <= 0.5 && 0.5 <= open_high, "open: {open_wins}/{n}");
    assert!(
        cover_low > open_high,
        "behind cover {cover_wins}/{n}, in the open {open_wins}/{n}"
    );
}

#[test]
fn out_of_sight_a_combatant_goes_around_the_wall_until_it_sees_its_enemy() {
    // rule: CX-SUP-05
    // A concealing wall from 12,0 to 12,16 m hides them from each other;
    // the way round its southern end is open.
    let battle = on_map(
        &[
            ("ana", "crew", Point::metres(8, 6)),
            ("bo", "raiders", Point::metres(18, 6)),
        ],
        vec![wall(
            WallKind::Concealing,
            Point::metres(12, 0),
            Point::metres(12, 16),
        )],
    );
    let (ana, bo) = (id("ana"), id("bo"));
    assert!(!battle.sees(&ana, &bo));
    let setup = Setup::new(battle).unwrap();
    let mut shots = 0;
    for i in 0..20 {
        let fight = play(&setup, run_seed(3, i), 50);
        assert_eq!(fight.refused, 0, "run {i}: the engine refused a move");
        shots += fight.shots;
        assert!(fight.winner.is_some() || fight.rounds == 50, "{fight:?}");
    }
    assert!(shots > 0, "they never came into sight");
}

#[test]
fn a_map_with_someone_not_placed_cannot_be_simulated() {
    let add = Command::Add {
        id: CombatantId::from("cy"),
        side: "raiders".into(),
        hidden: false,
        fighter: Box::new(gunner("Cy")),
        cover: Cover::None,
        stance: Stance::Standing,
    };
    let battle = after(duel(true), &[add]);
    let err = Setup::new(battle).unwrap_err();
    assert_eq!(err, SetupError::Unplaced(vec!["cy".into()]));
    assert_eq!(
        err.to_string(),
        "on a battle map the simulator plays only combatants placed on it; cy is not placed: give each a place in [map.at] (vex = [7, 9])"
    );
}
