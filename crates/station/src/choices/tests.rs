//! The choices agree with the engine, name the rules that refuse them, and
//! a player's choices do not depend on what only the GM knows.

use std::sync::Arc;

use nanite_core::table::{ParamKind, ParamValue, Seat, Verdict};
use nanite_core::{Ruleset, SeededDice};

use super::{choices, known_by, permission, player_seat, refusal};
use crate::Station;
use crate::command::Command;
use crate::content::Pack;
use crate::event::Event;
use crate::map::Pos;
use crate::scenario;
use crate::state::{Monster, Phase, State, Task};

/// The scenario: its own threats, players and objectives on the two rooms
/// every Station rule test plays in (`tests/station/two_rooms.txt`: the
/// locked door L between them, the bio-machine Q, the engineer's body B).
const MAP: &str = concat!(
    "\
name: Test
kind: players-vs-gm
gm-points: 10 bcp 5 mcp
threat 1: crawler 2, hybrid 1, crawler-egg 6, protocol-droid 1
player: ana engineer picks 1 1 1
player: bo marine picks 1 1 1
objective: survive 30 win

",
    include_str!("../../tests/station/two_rooms.txt")
);

fn setup() -> State {
    let pack = Arc::new(Pack::sample());
    let (s, problems) = scenario::parse("test", MAP, &pack);
    assert!(!problems.has_errors(), "{problems}");
    State::new(pack, Arc::new(s.expect("scenario"))).expect("setup")
}

fn creature(state: &mut State, id: &str, at: Pos) {
    let hp = state.pack.creatures["crawler"].hp;
    state.creatures.push(Monster {
        id: id.into(),
        kind: "crawler".into(),
        hp,
        at,
        ap: 2,
        knows: false,
        defending: Default::default(),
    });
}

fn play(state: &mut State, command: &Command) {
    let events = Station::decide(state, command, &mut SeededDice::new(7))
        .unwrap_or_else(|r| panic!("{command:?} refused: {r}"));
    for e in &events {
        Station::evolve(state, e);
    }
}

/// The players' turn: c1 in ana's sight, c2 behind the locked door.
fn players_turn() -> State {
    let mut s = setup();
    play(&mut s, &Command::Begin);
    creature(&mut s, "c1", Pos::new(5, 1));
    creature(&mut s, "c2", Pos::new(15, 1));
    s
}

/// The GM's turn after the players' one.
fn gm_turn() -> State {
    let mut s = players_turn();
    play(&mut s, &Command::EndTurn);
    assert_eq!(s.phase, Phase::Gm);
    s
}

fn ana() -> Seat {
    player_seat(["ana"])
}

/// AP the engine spends on `command`'s actor when it decides it.
fn spent(state: &State, command: &Command, events: &[Event]) -> u32 {
    let Some(who) = command.actor() else {
        return 0;
    };
    let left = |s: &State| {
        s.player(who)
            .map(|p| p.ap)
            .or_else(|| s.creature(who).map(|c| c.ap))
            .unwrap_or(0)
    };
    let mut after = state.clone();
    for e in events {
        Station::evolve(&mut after, e);
    }
    (left(state) - left(&after)) as u32
}

/// `command` with its square field set to `(x, y)`.
fn at_square(command: &Command, x: i64, y: i64) -> Command {
    let to = Pos::new(x as i32, y as i32);
    match command.clone() {
        Command::Move { who, .. } => Command::Move { who, to },
        Command::Deploy { creature, .. } => Command::Deploy { creature, at: to },
        other => panic!("{other:?} takes no square"),
    }
}

#[test]
fn every_verdict_is_the_engines_on_the_true_game() {
    // rule: ST-FLOW-02
    let cases: [(&str, State, Seat, &[&str]); 7] = [
        ("setup, the GM", setup(), Seat::Gm, &["deploy", "begin"]),
        (
            "players' turn, the GM",
            players_turn(),
            Seat::Gm,
            &["move", "attack", "end_turn"],
        ),
        (
            "players' turn, ana's player",
            players_turn(),
            ana(),
            &["move", "attack", "modify", "drop", "buy", "end_turn"],
        ),
        (
            "players' turn, a player of nobody",
            players_turn(),
            player_seat([]),
            &[],
        ),
        (
            "the GM's turn, the GM",
            gm_turn(),
            Seat::Gm,
            &["move", "attack", "deploy", "end_turn"],
        ),
        ("the GM's turn, ana's player", gm_turn(), ana(), &[]),
        (
            "players' turn, a spectator",
            players_turn(),
            Seat::Spectator,
            &[],
        ),
    ];
    for (case, state, seat, kinds) in cases {
        let offered = choices(&state, &seat);
        for kind in kinds {
            assert!(
                offered.iter().any(|c| c.kind == *kind),
                "{case}: no {kind} among {:?}",
                offered.iter().map(|c| &c.label).collect::<Vec<_>>()
            );
        }
        if kinds.is_empty() {
            assert!(offered.is_empty(), "{case}: {offered:?}");
        }
        for c in &offered {
            let decided = match permission(&state, &seat, &c.command) {
                Some(r) => Err(r),
                None => Station::decide(&state, &c.command, &mut SeededDice::new(0))
                    .map_err(|r| refusal(&r)),
            };
            match (&c.verdict, decided) {
                (Verdict::Allowed { cost, .. }, Ok(events)) => {
                    assert_eq!(
                        *cost,
                        spent(&state, &c.command, &events),
                        "{case}: {}",
                        c.label
                    );
                }
                (Verdict::Refused(r), Err(e)) => assert_eq!(r, &e, "{case}: {}", c.label),
                (v, d) => panic!("{case}: {} is {v:?}, the engine says {d:?}", c.label),
            }
            for p in &c.params {
                let ParamKind::OneOf { options } = &p.kind else {
                    panic!("{case}: {} has a {:?}", c.label, p.kind);
                };
                for o in options {
                    let ParamValue::Square { x, y } = o.value else {
                        panic!("{case}: {} offers {:?}", c.label, o.value);
                    };
                    let command = at_square(&c.command, x, y);
                    let events = Station::decide(&state, &command, &mut SeededDice::new(0))
                        .unwrap_or_else(|r| panic!("{case}: {command:?} offered, refused: {r}"));
                    assert_eq!(
                        o.cost,
                        Some(spent(&state, &command, &events)),
                        "{case}: {command:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn refusals_name_their_rule() {
    // rule: ST-MAP-01, ST-GM-03, ST-CHAR-03
    let mut deployed = gm_turn();
    play(
        &mut deployed,
        &Command::Deploy {
            creature: "hybrid".into(),
            at: Pos::new(17, 4),
        },
    );
    let mut poor = players_turn();
    poor.players[0].cm = 1;
    let cases = [
        (
            "out of sight",
            players_turn(),
            player_seat(["bo"]),
            "Attack c2",
            "ST-MAP-01",
        ),
        (
            "a blow from afar",
            players_turn(),
            ana(),
            "Attack c1",
            "ST-MELEE-01",
        ),
        (
            "a second deployment",
            deployed,
            Seat::Gm,
            "Deploy crawler",
            "ST-GM-03",
        ),
        (
            "a purchase beyond the modules",
            poor,
            ana(),
            "Psionic tier",
            "ST-CHAR-03",
        ),
    ];
    for (case, state, seat, label, rule) in cases {
        let refused: Vec<_> = choices(&state, &seat)
            .into_iter()
            .filter(|c| c.label.starts_with(label))
            .filter_map(|c| c.verdict.refusal().cloned())
            .collect();
        assert!(
            !refused.is_empty(),
            "{case}: nothing refused starts with {label}"
        );
        for r in refused {
            assert_eq!(r.code, "refused", "{case}");
            assert_eq!(r.rule.as_deref(), Some(rule), "{case}: {}", r.message);
        }
    }
}

#[test]
fn the_table_refuses_what_a_seat_may_not_give() {
    // rule: ST-FLOW-01, ST-FLOW-02
    let attack = Command::Attack {
        who: "ana".into(),
        target: "c1".into(),
        aim: 0,
    };
    let bite = Command::Attack {
        who: "c1".into(),
        target: "ana".into(),
        aim: 0,
    };
    let cases = [
        ("the GM", players_turn(), Seat::Gm, attack.clone(), None),
        ("ana's player", players_turn(), ana(), attack.clone(), None),
        (
            "a spectator",
            players_turn(),
            Seat::Spectator,
            attack.clone(),
            Some("spectators_watch"),
        ),
        (
            "in setup",
            setup(),
            ana(),
            Command::EndTurn,
            Some("not_your_turn"),
        ),
        (
            "in the GM's turn",
            gm_turn(),
            ana(),
            attack.clone(),
            Some("not_your_turn"),
        ),
        (
            "bo's player",
            players_turn(),
            player_seat(["bo"]),
            attack.clone(),
            Some("not_your_crew"),
        ),
        (
            "for a creature",
            players_turn(),
            ana(),
            bite,
            Some("gm_only"),
        ),
        (
            "nobody's player",
            players_turn(),
            player_seat([]),
            Command::EndTurn,
            Some("not_seated"),
        ),
        (
            "ana's player",
            players_turn(),
            ana(),
            Command::EndTurn,
            None,
        ),
        (
            "ana's player",
            players_turn(),
            ana(),
            Command::Begin,
            Some("gm_only"),
        ),
    ];
    for (case, state, seat, command, code) in cases {
        let refused = permission(&state, &seat, &command);
        assert_eq!(
            refused.as_ref().map(|r| r.code.as_str()),
            code,
            "{case}: {command:?}"
        );
    }
}

#[test]
fn a_players_choices_do_not_depend_on_the_gms_secrets() {
    // rule: ST-GM-01, ST-TECH-02
    let plain = players_turn();
    let mut secret = plain.clone();
    secret.gm.bcp = 0;
    secret.gm.mcp = 0;
    secret.gm.deployed = true;
    for c in &mut secret.creatures {
        c.knows = true;
    }
    secret.players[1].task = Some(Task {
        what: "hacking".into(),
        turns_left: 2,
        outcome: vec![Event::Spotted { id: "c1".into() }],
    });
    let mut busy = plain.clone();
    busy.players[1].task = Some(Task {
        what: "hacking".into(),
        turns_left: 2,
        outcome: Vec::new(),
    });
    for seat in [ana(), player_seat(["ana", "bo"]), Seat::Spectator] {
        assert_eq!(choices(&busy, &seat), choices(&secret, &seat), "{seat:?}");
        assert_eq!(known_by(&busy, &seat), known_by(&secret, &seat), "{seat:?}");
    }
    // The GM knows them all, and they change what the GM may do.
    assert_ne!(known_by(&busy, &Seat::Gm), known_by(&secret, &Seat::Gm));
    let mut broke = gm_turn();
    let gm = choices(&broke, &Seat::Gm);
    broke.gm.bcp = 0;
    broke.gm.mcp = 0;
    assert_ne!(
        gm,
        choices(&broke, &Seat::Gm),
        "creature points decide deployments"
    );
}

#[test]
fn a_move_lists_each_square_the_engine_accepts_with_its_ap() {
    // rule: ST-MAP-01, ST-CHAR-01
    let state = players_turn();
    let offered = choices(&state, &ana());
    let mv = offered
        .iter()
        .find(|c| c.kind == "move" && c.actor.as_ref().is_some_and(|a| a.as_str() == "ana"))
        .expect("ana moves");
    let ParamKind::OneOf { options } = &mv.params[0].kind else {
        panic!("{:?}", mv.params);
    };
    assert_eq!(mv.params[0].field, "Move.to");
    let ap = state.player("ana").unwrap().ap;
    // A neighbour costs 1 AP; nothing past the AP at hand; not c1's square.
    let find = |x: i64, y: i64| {
        options
            .iter()
            .find(|o| o.value == ParamValue::Square { x, y })
            .map(|o| o.cost)
    };
    assert_eq!(find(2, 1), Some(Some(1)));
    assert_eq!(find(5, 1), None, "c1 stands there");
    assert!(
        options
            .iter()
            .all(|o| o.cost.is_some_and(|c| c as i32 <= ap))
    );
    // The choice's command is its first square's.
    let Command::Move { to, .. } = &mv.command else {
        panic!("{:?}", mv.command);
    };
    assert_eq!(
        options[0].value,
        ParamValue::Square {
            x: i64::from(to.x),
            y: i64::from(to.y)
        }
    );
}
