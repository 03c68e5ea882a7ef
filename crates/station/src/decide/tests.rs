//! Rule tests of the Station engine, played through `Game` with forced dice.

use std::sync::Arc;

use nanite_core::{Game, ScriptedDice};

use crate::command::{Command, Purchase};
use crate::content::{DamageType, Pack, Skill};
use crate::event::Event;
use crate::map::Pos;
use crate::scenario;
use crate::state::{Carried, Gear, Monster, Phase, Side, State};

use super::Station;

const MAP: &str = "\
name: Test
kind: players-vs-gm
gm-points: 10 bcp 5 mcp
threat 1: crawler 2, hybrid 1, crawler-egg 6, protocol-droid 1
threat 2: crawler 3, hybrid 1
player: ana engineer picks 1 1 1
player: bo marine picks 1 1 1
objective: kill 2 reward 1
objective: survive 30 win

piece a at 0,0
####################
#1.........#.......#
#2.........L.......#
#..........#.......#
#..........+.......#
#..Q.......#....B..#
####################
end
L: door locked difficulty 5 skill 1 nanites 1
Q: bio-machine
B: search engineer-body
";

fn state_of(text: &str) -> State {
    let pack = Arc::new(Pack::sample());
    let (s, problems) = scenario::parse("test", text, &pack);
    assert!(!problems.has_errors(), "{problems}");
    State::new(pack, Arc::new(s.expect("scenario"))).expect("setup")
}

fn state() -> State {
    state_of(MAP)
}

fn game(state: State) -> Game<Station> {
    Game::new(state)
}

/// Runs a command with these dice; panics on refusal.
fn run(g: &mut Game<Station>, c: Command, dice: &[i64]) -> Vec<Event> {
    let mut d = ScriptedDice::new(dice.iter().copied());
    match g.execute(&c, &mut d) {
        Ok(e) => e.events.clone(),
        Err(r) => panic!("{c:?} refused: {r}"),
    }
}

/// Runs a command that must be refused; checks nothing changed, returns the reason.
fn refused(g: &mut Game<Station>, c: Command) -> String {
    let before = g.state().clone();
    let log = g.log().len();
    let mut d = ScriptedDice::new([3, 3, 3, 3, 3, 3]);
    let reason = match g.execute(&c, &mut d) {
        Ok(e) => panic!("{c:?} was accepted: {:?}", e.events),
        Err(r) => r.to_string(),
    };
    assert_eq!(g.state(), &before, "a refusal changes nothing");
    assert_eq!(g.log().len(), log);
    reason
}

fn creature(state: &mut State, id: &str, kind: &str, at: Pos) {
    let hp = state.pack.creatures[kind].hp;
    state.creatures.push(Monster {
        id: id.into(),
        kind: kind.into(),
        hp,
        at,
        ap: 0,
        knows: false,
        defending: Default::default(),
    });
}

fn begun(state: State) -> Game<Station> {
    let mut g = game(state);
    run(&mut g, Command::Begin, &[]);
    g
}

/// Ends the players' and the GM's turns; without dice given, an action card
/// drawn picks card 1 (2 BCP, harmless to the test).
fn end_round(g: &mut Game<Station>, dice: &[i64]) -> Vec<Event> {
    let dice = if dice.is_empty() { &[1][..] } else { dice };
    let mut events = run(g, Command::EndTurn, dice);
    events.extend(run(g, Command::EndTurn, &[]));
    events
}

fn p(x: i32, y: i32) -> Pos {
    Pos::new(x, y)
}

fn mv(who: &str, x: i32, y: i32) -> Command {
    Command::Move {
        who: who.into(),
        to: p(x, y),
    }
}

#[test]
fn characters_start_from_the_base_and_their_card() {
    // rule: ST-CHAR-01
    // rule: ST-CHAR-02
    let s = state();
    let ana = s.player("ana").unwrap();
    assert_eq!((ana.hp, ana.pp, ana.ap), (10, 0, 3));
    assert_eq!(ana.skill(Skill::Hacking), 2, "card 1 + year 1 pick");
    assert_eq!(ana.skill(Skill::Modifying), 1, "year 2 pick");
    assert!(ana.upgrades.contains("scavenger-os"), "year 3 pick");
    let bo = s.player("bo").unwrap();
    assert_eq!(bo.skill(Skill::StandardWeapons), 3);
    assert_eq!(bo.nanites, 5 + 15);
    assert_eq!(
        bo.stat(crate::content::Stat::Agi),
        0,
        "stats not on the card stay 0"
    );
    let err = crate::state::create(&s.pack, "x", "marine", &[1, 1]).unwrap_err();
    assert!(err.0.contains("3 training years"), "{err}");
}

#[test]
fn inventory_slots_and_their_ap() {
    // rule: ST-INV-01
    // rule: ST-INV-02
    let mut s = state();
    let pack = s.pack.clone();
    let bo = s.players.iter_mut().find(|p| p.id == "bo").unwrap();
    assert_eq!(
        bo.slots_used(&pack),
        2,
        "heavy armor unequipped takes 2 slots"
    );
    assert_eq!(bo.turn_ap(&pack), 3);
    bo.inventory.push(Carried::Item("medkit".into()));
    assert_eq!(bo.slots_used(&pack), 2, "small items take no slot");
    bo.inventory.push(Carried::Weapon(Gear {
        id: "pistol".into(),
        mods: 0,
        broken: false,
    }));
    bo.inventory.push(Carried::Item("toolbox".into()));
    assert_eq!(bo.slots_used(&pack), 4);
    assert_eq!(bo.turn_ap(&pack), 1, "two slots over: 2 AP fewer");
    let mut g = begun(s);
    assert_eq!(g.state().player("bo").unwrap().ap, 1);
    // Equipping the heavy armor puts the light armor in the pack: still 2 slots for it.
    run(
        &mut g,
        Command::Equip {
            who: "bo".into(),
            item: "heavy-armor".into(),
        },
        &[],
    );
    let bo = g.state().player("bo").unwrap();
    assert_eq!(bo.armor.as_deref(), Some("heavy-armor"));
    assert!(bo.carries("light-armor"));
    assert_eq!(bo.ap, 0);
}

#[test]
fn setup_then_players_first_then_turns_alternate() {
    // rule: ST-FLOW-01
    // rule: ST-FLOW-02
    let mut g = game(state());
    assert!(refused(&mut g, mv("ana", 2, 1)).contains("only in the players' turn"));
    // In setup the GM may place several creatures.
    run(
        &mut g,
        Command::Deploy {
            creature: "crawler".into(),
            at: p(17, 1),
        },
        &[],
    );
    run(
        &mut g,
        Command::Deploy {
            creature: "crawler".into(),
            at: p(17, 3),
        },
        &[],
    );
    assert!(refused(&mut g, Command::EndTurn).contains("has not begun"));
    run(&mut g, Command::Begin, &[]);
    assert_eq!(g.state().phase, Phase::Players);
    assert_eq!(g.state().turn, 1);
    assert!(refused(&mut g, mv("c1", 16, 1)).contains("only in the GM's turn"));
    run(&mut g, mv("ana", 4, 1), &[]);
    run(&mut g, Command::EndTurn, &[]);
    assert_eq!(g.state().phase, Phase::Gm);
    assert!(refused(&mut g, mv("ana", 5, 1)).contains("only in the players' turn"));
    run(&mut g, mv("c1", 16, 1), &[]);
    run(&mut g, Command::EndTurn, &[]);
    assert_eq!(
        (g.state().phase.clone(), g.state().turn),
        (Phase::Players, 2)
    );
}

#[test]
fn moving_costs_ap_by_real_paths() {
    // rule: ST-CHAR-01
    // rule: ST-MAP-01
    let mut g = begun(state());
    let events = run(&mut g, mv("ana", 4, 3), &[]);
    assert!(
        matches!(&events[0], Event::Moved { ap: 3, .. }),
        "{events:?}"
    );
    assert!(refused(&mut g, mv("ana", 5, 3)).contains("has 0 AP left"));
    let reason = refused(&mut g, mv("bo", 11, 2));
    assert!(reason.contains("closed"), "{reason}");
}

#[test]
fn deployment_legality() {
    // rule: ST-GM-03
    let mut g = game(state());
    let cases = [
        (
            (5, 1),
            "is 4 squares from ana; creatures are deployed at least 5 away",
        ),
        ((9, 4), "in the room where ana stands"),
        ((11, 4), "is not open floor"),
        ((3, 5), "is taken"),
    ];
    for ((x, y), want) in cases {
        let reason = refused(
            &mut g,
            Command::Deploy {
                creature: "crawler".into(),
                at: p(x, y),
            },
        );
        assert!(reason.contains(want), "{x},{y}: {reason}");
    }
    // Eggs keep an empty square between them.
    run(
        &mut g,
        Command::Deploy {
            creature: "crawler-egg".into(),
            at: p(16, 2),
        },
        &[],
    );
    let reason = refused(
        &mut g,
        Command::Deploy {
            creature: "crawler-egg".into(),
            at: p(17, 3),
        },
    );
    assert!(reason.contains("empty square between them"), "{reason}");
    run(
        &mut g,
        Command::Deploy {
            creature: "crawler-egg".into(),
            at: p(18, 2),
        },
        &[],
    );
    // In the GM's turn: one deployment.
    run(&mut g, Command::Begin, &[]);
    run(&mut g, Command::EndTurn, &[]);
    run(
        &mut g,
        Command::Deploy {
            creature: "crawler".into(),
            at: p(17, 1),
        },
        &[],
    );
    let reason = refused(
        &mut g,
        Command::Deploy {
            creature: "crawler".into(),
            at: p(17, 4),
        },
    );
    assert!(reason.contains("one per turn"), "{reason}");
}

#[test]
fn deployment_never_in_a_players_view() {
    // rule: ST-GM-03
    let mut s = state();
    s.doors.retain(|d| d.at != p(11, 2)); // the locked door is open: ana sees through it
    s.players[0].at = Some(p(5, 2));
    let mut g = game(s);
    let reason = refused(
        &mut g,
        Command::Deploy {
            creature: "crawler".into(),
            at: p(16, 2),
        },
    );
    assert!(reason.contains("ana can see 16,2"), "{reason}");
    run(
        &mut g,
        Command::Deploy {
            creature: "crawler".into(),
            at: p(18, 5),
        },
        &[],
    );
}

#[test]
fn creature_points_and_threat_limits() {
    // rule: ST-GM-01
    // rule: ST-GM-02
    let mut s = state();
    s.gm.bcp = 3;
    s.gm.mcp = 0;
    let mut g = game(s);
    let reason = refused(
        &mut g,
        Command::Deploy {
            creature: "protocol-droid".into(),
            at: p(17, 1),
        },
    );
    assert!(
        reason.contains("costs 2 BCP and 1 MCP; the GM has 3 BCP and 0 MCP"),
        "{reason}"
    );
    let reason = refused(
        &mut g,
        Command::Deploy {
            creature: "brute".into(),
            at: p(17, 1),
        },
    );
    assert!(
        reason.contains("threat level 1 does not allow Brute"),
        "{reason}"
    );
    run(
        &mut g,
        Command::Deploy {
            creature: "crawler".into(),
            at: p(17, 1),
        },
        &[],
    );
    run(
        &mut g,
        Command::Deploy {
            creature: "crawler".into(),
            at: p(17, 3),
        },
        &[],
    );
    assert_eq!(g.state().gm.bcp, 1, "1 BCP each");
    let reason = refused(
        &mut g,
        Command::Deploy {
            creature: "crawler".into(),
            at: p(17, 5),
        },
    );
    assert!(
        reason.contains("allows 2 Crawler on the map, and 2 are there"),
        "{reason}"
    );
}

#[test]
fn income_cards_and_threat_over_the_turns() {
    // rule: ST-GM-04
    // rule: ST-GM-05
    let mut s = state();
    s.gm.bcp = 0;
    s.gm.mcp = 0;
    for (i, x) in [12, 14, 16, 18].iter().enumerate() {
        creature(&mut s, &format!("e{i}"), "crawler-egg", p(*x, 1));
    }
    creature(&mut s, "e4", "crawler-egg", p(12, 3));
    let mut g = begun(s);
    let t1 = end_round(&mut g, &[]);
    assert!(
        !t1.iter().any(|e| matches!(e, Event::Income { .. })),
        "no income on turn 1"
    );
    // Turn 2: threat 1 income (1 BCP), 5 eggs (1 BCP), a card: d6 = 2 (alpha signal, 1 MCP).
    let t2 = end_round(&mut g, &[2]);
    assert!(
        t2.iter().any(
            |e| matches!(e, Event::CardDrawn { card, sides: 6, .. } if card == "alpha-signal")
        ),
        "{t2:?}"
    );
    assert_eq!((g.state().gm.bcp, g.state().gm.mcp), (2, 1));
    end_round(&mut g, &[]);
    // Turn 4: income, a card (d6 = 1, 2 BCP) and the threat rises to 2.
    let t4 = end_round(&mut g, &[1]);
    assert!(
        t4.iter()
            .any(|e| matches!(e, Event::ThreatChanged { level: 2, .. })),
        "{t4:?}"
    );
    assert_eq!(g.state().gm.threat, 2);
    assert_eq!(g.state().gm.bcp, 2 + 1 + 1 + 2);
    assert_eq!(g.state().gm.drawn.len(), 2);
}

#[test]
fn no_threat_rise_during_an_alarm_but_half_income_each_turn() {
    // rule: ST-ENV-03
    // rule: ST-GM-05
    let mut s = state();
    s.turn = 4;
    s.gm.bcp = 0;
    s.gm.mcp = 0;
    s.gm.alarm = 5;
    let mut g = game(s);
    g = {
        let mut st = g.state().clone();
        st.phase = Phase::Players;
        game(st)
    };
    let events = run(&mut g, Command::EndTurn, &[6]);
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::ThreatChanged { .. })),
        "{events:?}"
    );
    assert!(
        events.iter().any(
            |e| matches!(e, Event::Income { bcp: 1, mcp: 0, why } if why.starts_with("alarm"))
        ),
        "{events:?}"
    );
}

#[test]
fn shooting_in_play_with_light_and_resistance() {
    // rule: ST-SHOOT-01
    // rule: ST-SHOOT-02
    // rule: ST-ENV-01
    let mut s = state();
    s.doors.clear();
    creature(&mut s, "c1", "hybrid", p(14, 2));
    let room = s.grid().room(p(14, 2)).unwrap();
    s.dark.insert(room);
    s.players[1].at = Some(p(9, 2));
    let mut g = begun(s);
    // bo: standard weapons 3 + shotgun range 3 - dark 2 = 4; 5 squares: 4 - 1 = 3.
    let events = run(
        &mut g,
        Command::Attack {
            who: "bo".into(),
            target: "c1".into(),
            aim: 0,
        },
        &[3, 4, 1],
    );
    let Event::Attacked { report, ap: 1, .. } = &events[0] else {
        panic!("{events:?}")
    };
    assert_eq!((report.accuracy, report.chance), (4, 3));
    assert_eq!(report.shots.iter().filter(|s| s.hit).count(), 2);
    assert_eq!(
        report.damage, 2,
        "2 standard - hybrid resistance 1 = 1 per pellet"
    );
    let text = report.breakdown.to_string();
    assert!(text.contains("-2 dark room token (ST-ENV-01)"), "{text}");
    assert_eq!(g.state().creature("c1").unwrap().hp, 4);
    expect_test::expect![[r#"
        bo attacks c1 with Shotgun (1 AP): 2 of 3 hit, 2 damage.
            standard-weapons skill: 3
              +3 Shotgun range (ST-SHOOT-01)
              -2 dark room token (ST-ENV-01)
            total accuracy: 4
            hit chance at 5 squares (ST-SHOOT-02): 3
            d6 = 3 (hit roll, shot 1 of 3)
            k6 3 <= hit chance 3: hit
            damage 2 Standard - resistance 1 = 1 (at least 1, ST-DMG-02)
            d6 = 4 (hit roll, shot 2 of 3)
            k6 4 > hit chance 3: miss
            d6 = 1 (hit roll, shot 3 of 3)
            k6 1 <= hit chance 3: hit
            damage 2 Standard - resistance 1 = 1 (at least 1, ST-DMG-02)
            damage dealt: 2"#]]
    .assert_eq(&events[0].to_string());
    assert!(
        g.state().creature("c1").unwrap().knows,
        "a creature shot at knows where the players are"
    );
}

#[test]
fn aimed_shots_spend_ap() {
    // rule: ST-SHOOT-03
    let mut s = state();
    s.doors.clear();
    creature(&mut s, "c1", "hybrid", p(16, 2));
    s.players[1].at = Some(p(9, 2));
    let mut g = begun(s);
    let events = run(
        &mut g,
        Command::Attack {
            who: "bo".into(),
            target: "c1".into(),
            aim: 2,
        },
        &[6, 6, 6],
    );
    let Event::Attacked { report, ap, .. } = &events[0] else {
        panic!()
    };
    assert_eq!((*ap, report.accuracy, report.chance), (3, 8, 6));
    assert!(
        refused(
            &mut g,
            Command::Attack {
                who: "bo".into(),
                target: "c1".into(),
                aim: 0
            }
        )
        .contains("0 AP left")
    );
}

#[test]
fn melee_needs_adjacency_and_defence_lowers_the_chance() {
    // rule: ST-MELEE-01
    // rule: ST-MELEE-02
    let mut s = state();
    creature(&mut s, "c1", "crawler", p(2, 2));
    let mut g = begun(s);
    // ana is at 1,1 with a pipe: melee 0 + AGI 0 = 0: never hits; defend instead.
    run(
        &mut g,
        Command::Defend {
            who: "ana".into(),
            against: "c1".into(),
        },
        &[],
    );
    assert!(
        refused(
            &mut g,
            Command::Defend {
                who: "ana".into(),
                against: "c1".into()
            }
        )
        .contains("already defends")
    );
    run(&mut g, Command::EndTurn, &[]);
    // Crawler: melee skill 1 + AGI 1 = 2, less 1 for ana's defence: hits on 1.
    let events = run(
        &mut g,
        Command::Attack {
            who: "c1".into(),
            target: "ana".into(),
            aim: 0,
        },
        &[2],
    );
    let Event::Attacked { report, .. } = &events[0] else {
        panic!()
    };
    assert_eq!(report.chance, 1);
    assert_eq!(report.damage, 0);
    let events = run(
        &mut g,
        Command::Attack {
            who: "c1".into(),
            target: "bo".into(),
            aim: 0,
        },
        &[2],
    );
    let Event::Attacked { report, .. } = &events[0] else {
        panic!()
    };
    assert_eq!(report.chance, 2, "bo did not defend");
    assert_eq!(report.damage, 1, "2 biological - light armor's 1");
    let mut s = state();
    creature(&mut s, "c1", "crawler", p(8, 3));
    let mut g = begun(s);
    let reason = refused(
        &mut g,
        Command::Attack {
            who: "ana".into(),
            target: "c1".into(),
            aim: 0,
        },
    );
    assert!(reason.contains("must stand next to c1"), "{reason}");
}

#[test]
fn damage_types_meet_armor() {
    // rule: ST-DMG-01
    // rule: ST-DMG-02
    let mut s = state();
    creature(&mut s, "c1", "protocol-droid", p(5, 1));
    s.players[0].weapon = Some(Gear {
        id: "laser-pistol".into(),
        mods: 0,
        broken: false,
    });
    let mut g = begun(s);
    let events = run(
        &mut g,
        Command::Attack {
            who: "ana".into(),
            target: "c1".into(),
            aim: 0,
        },
        &[1],
    );
    let Event::Attacked { report, .. } = &events[0] else {
        panic!()
    };
    assert_eq!(
        report.damage, 4,
        "laser pistol 2 Energy against resistance -2"
    );
    assert_eq!(
        g.state().pack.weapons["laser-pistol"].damage_type,
        DamageType::Energy
    );
}

#[test]
fn death_leaves_a_body_and_reconstruction_costs_15_nanites() {
    // rule: ST-DEATH-01
    // rule: ST-DEATH-02
    let mut s = state();
    s.machines[0].active = true;
    creature(&mut s, "c1", "brute", p(2, 2));
    s.players[0].hp = 1;
    s.players[1].hp = 1;
    let mut g = begun(s);
    run(&mut g, Command::EndTurn, &[]);
    run(
        &mut g,
        Command::Attack {
            who: "c1".into(),
            target: "ana".into(),
            aim: 0,
        },
        &[1],
    );
    let ana = g.state().player("ana").unwrap();
    assert!(!ana.alive(), "ana had 10 nanites: no reconstruction");
    let body = g
        .state()
        .searchables
        .iter()
        .find(|s| s.at == p(1, 1))
        .expect("a body");
    let crate::state::Contents::Items { items, .. } = &body.contents else {
        panic!()
    };
    assert!(items.iter().any(|c| c.id() == "pipe") && items.iter().any(|c| c.id() == "toolbox"));
    let events = run(
        &mut g,
        Command::Attack {
            who: "c1".into(),
            target: "bo".into(),
            aim: 0,
        },
        &[1],
    );
    let Some(Event::Reconstructed { at, machine, .. }) = events
        .iter()
        .find(|e| matches!(e, Event::Reconstructed { .. }))
    else {
        panic!("{events:?}")
    };
    assert_eq!(*machine, p(3, 5));
    let bo = g.state().player("bo").unwrap();
    assert_eq!((bo.at, bo.nanites, bo.hp), (Some(*at), 5, 10));
    assert!(bo.weapon.is_none(), "the items stay with the body");
}

#[test]
fn the_gm_wins_when_nobody_can_come_back() {
    // rule: ST-DEATH-04
    // rule: ST-FLOW-03
    let mut s = state();
    creature(&mut s, "c1", "brute", p(2, 2));
    s.players[0].hp = 1;
    s.players[1].hp = 1;
    let mut g = begun(s);
    run(&mut g, Command::EndTurn, &[]);
    run(
        &mut g,
        Command::Attack {
            who: "c1".into(),
            target: "ana".into(),
            aim: 0,
        },
        &[1],
    );
    let events = run(
        &mut g,
        Command::Attack {
            who: "c1".into(),
            target: "bo".into(),
            aim: 0,
        },
        &[1],
    );
    assert!(
        events.iter().any(|e| matches!(
            e,
            Event::GameOver {
                winner: Side::Gm,
                ..
            }
        )),
        "{events:?}"
    );
    assert_eq!(g.state().phase, Phase::Over(Side::Gm));
    assert!(refused(&mut g, Command::EndTurn).contains("game is over"));
}

#[test]
fn machines_are_activated_repaired_and_broken() {
    // rule: ST-DEATH-03
    // rule: ST-TECH-04
    let mut s = state();
    s.players[0].at = Some(p(3, 4));
    let mut g = begun(s);
    run(
        &mut g,
        Command::Activate {
            who: "ana".into(),
            at: p(3, 5),
        },
        &[],
    );
    assert!(g.state().machines[0].active);
    assert_eq!(
        g.state().player("ana").unwrap().ap,
        1,
        "activation costs 2 AP"
    );
    let mut s = state();
    s.machines[0].broken = true;
    s.players[0].at = Some(p(3, 4));
    let mut g = begun(s);
    assert!(
        refused(
            &mut g,
            Command::Activate {
                who: "ana".into(),
                at: p(3, 5)
            }
        )
        .contains("is broken")
    );
    let reason = refused(
        &mut g,
        Command::Repair {
            who: "ana".into(),
            at: Some(p(3, 5)),
        },
    );
    assert!(reason.contains("needs repairing 2; ana has 1"), "{reason}");
    let mut s = state();
    s.machines[0].broken = true;
    s.players[0].at = Some(p(3, 4));
    s.players[0].skills.insert(Skill::Repairing, 2);
    let mut g = begun(s);
    // repairing 2 + CYB 1 = 3; k6 3 makes 6 > 5.
    run(
        &mut g,
        Command::Repair {
            who: "ana".into(),
            at: Some(p(3, 5)),
        },
        &[3],
    );
    assert_eq!(g.state().player("ana").unwrap().nanites, 8, "2 nanites");
    end_round(&mut g, &[]);
    assert!(
        g.state().machines[0].broken,
        "still in progress after one turn"
    );
    let events = end_round(&mut g, &[]);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::MachineRepaired { .. })),
        "{events:?}"
    );
    assert!(!g.state().machines[0].broken);
}

#[test]
fn hacking_a_locked_door_takes_two_turns() {
    // rule: ST-TECH-01
    // rule: ST-TECH-02
    // rule: ST-ENV-04
    let mut s = state();
    s.players[0].at = Some(p(10, 2));
    let mut g = begun(s);
    let reason = refused(&mut g, mv("ana", 12, 2));
    assert!(reason.contains("no way to 12,2"), "{reason}");
    // hacking 2 + CYB 1 = 3, k6 3: 6 > 5.
    let events = run(
        &mut g,
        Command::Hack {
            who: "ana".into(),
            at: p(11, 2),
        },
        &[3],
    );
    let Event::TaskStarted {
        breakdown,
        nanites: 1,
        ..
    } = &events[0]
    else {
        panic!("{events:?}")
    };
    assert!(
        breakdown
            .to_string()
            .contains("k6 3 + strength 3 = 6 > difficulty 5: success"),
        "{breakdown}"
    );
    end_round(&mut g, &[]);
    assert!(g.state().door(p(11, 2)).unwrap().locked);
    assert_eq!(
        g.state().player("ana").unwrap().ap,
        0,
        "busy on the second turn"
    );
    assert!(refused(&mut g, mv("ana", 9, 2)).contains("busy"));
    end_round(&mut g, &[]);
    // Unlocked at the end of turn 2; ana stands in front, so it opens at the end of turn 3.
    assert!(!g.state().door(p(11, 2)).unwrap().locked);
    let events = end_round(&mut g, &[]);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::DoorOpened { at } if *at == p(11, 2))),
        "{events:?}"
    );
    run(&mut g, mv("ana", 12, 2), &[]);
}

#[test]
fn a_failed_hack_breaks_the_lock_until_repaired() {
    // rule: ST-TECH-02
    // rule: ST-TECH-04
    let mut s = state();
    s.players[0].at = Some(p(10, 2));
    let mut g = begun(s);
    run(
        &mut g,
        Command::Hack {
            who: "ana".into(),
            at: p(11, 2),
        },
        &[1],
    );
    end_round(&mut g, &[]);
    end_round(&mut g, &[]);
    assert!(g.state().door(p(11, 2)).unwrap().broken);
    let reason = refused(
        &mut g,
        Command::Hack {
            who: "ana".into(),
            at: p(11, 2),
        },
    );
    assert!(reason.contains("repair it before another hack"), "{reason}");
    // repairing 1 + CYB 1 = 2, k6 3 = 5: equal, the repair fails but breaks nothing.
    run(
        &mut g,
        Command::Repair {
            who: "ana".into(),
            at: Some(p(11, 2)),
        },
        &[3],
    );
    end_round(&mut g, &[]);
    end_round(&mut g, &[]);
    assert!(g.state().door(p(11, 2)).unwrap().broken);
}

#[test]
fn standard_doors_open_when_someone_stands_in_front() {
    // rule: ST-ENV-04
    let mut s = state();
    s.players[1].at = Some(p(10, 4));
    let mut g = begun(s);
    let events = end_round(&mut g, &[]);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::DoorOpened { at } if *at == p(11, 4))),
        "{events:?}"
    );
    assert!(
        g.state().door(p(11, 4)).is_none(),
        "opened doors are removed"
    );
}

#[test]
fn switches_and_security_cards_unlock_for_2_ap() {
    // rule: ST-ENV-04
    let text = MAP
        .replace(
            "L: door locked difficulty 5 skill 1 nanites 1",
            "L: door security\nK: switch unlocks L",
        )
        .replace("#..Q.......#", "#..Q......K#");
    let mut s = state_of(&text);
    s.players[0].at = Some(p(10, 2));
    s.players[1].at = Some(p(9, 4));
    let mut g = begun(s.clone());
    let reason = refused(
        &mut g,
        Command::UseCard {
            who: "ana".into(),
            at: p(11, 2),
        },
    );
    assert!(reason.contains("carries no security card"), "{reason}");
    s.players[0]
        .inventory
        .push(Carried::Item("security-card".into()));
    let mut g = begun(s);
    run(
        &mut g,
        Command::UseCard {
            who: "ana".into(),
            at: p(11, 2),
        },
        &[],
    );
    assert!(!g.state().door(p(11, 2)).unwrap().locked);
    assert_eq!(g.state().player("ana").unwrap().ap, 1);
    let reason = refused(
        &mut g,
        Command::UseSwitch {
            who: "bo".into(),
            at: p(10, 5),
        },
    );
    assert!(reason.contains("already unlocked"), "{reason}");
}

#[test]
fn modifications_in_order_and_failures_break_the_weapon() {
    // rule: ST-TECH-03
    let mut s = state();
    s.players[0].weapon = Some(Gear {
        id: "laser-pistol".into(),
        mods: 0,
        broken: false,
    });
    let mut g = begun(s.clone());
    // modifying 1 + CYB 1 = 2; focusing lens difficulty 5: k6 4 = 6 > 5.
    run(&mut g, Command::Modify { who: "ana".into() }, &[4]);
    end_round(&mut g, &[]);
    end_round(&mut g, &[]);
    assert_eq!(
        g.state()
            .player("ana")
            .unwrap()
            .weapon
            .as_ref()
            .unwrap()
            .mods,
        1
    );
    let reason = refused(&mut g, Command::Modify { who: "ana".into() });
    assert!(
        reason.contains("the overcharger modification needs modifying 2"),
        "{reason}"
    );
    let mut g = begun(s);
    run(&mut g, Command::Modify { who: "ana".into() }, &[2]);
    end_round(&mut g, &[]);
    end_round(&mut g, &[]);
    assert!(
        g.state()
            .player("ana")
            .unwrap()
            .weapon
            .as_ref()
            .unwrap()
            .broken
    );
    let reason = refused(
        &mut g,
        Command::Attack {
            who: "ana".into(),
            target: "c1".into(),
            aim: 0,
        },
    );
    assert!(
        reason.contains("Laser Pistol is broken; repair it first"),
        "{reason}"
    );
}

#[test]
fn research_takes_time_and_uses_the_chemical() {
    // rule: ST-TECH-05
    let mut s = state();
    s.players[0]
        .inventory
        .push(Carried::Item("hybrid-organ".into()));
    let mut g = begun(s.clone());
    assert!(
        refused(
            &mut g,
            Command::Research {
                who: "ana".into(),
                item: "hybrid-organ".into()
            }
        )
        .contains("needs research 1")
    );
    s.players[0].skills.insert(Skill::Research, 1);
    let mut g = begun(s.clone());
    assert!(
        refused(
            &mut g,
            Command::Research {
                who: "ana".into(),
                item: "hybrid-organ".into()
            }
        )
        .contains("needs Basic Chemicals")
    );
    s.players[0]
        .inventory
        .push(Carried::Item("basic-chemicals".into()));
    let mut g = begun(s);
    // 6 - research 1 - CYB 1 = 4 turns.
    let events = run(
        &mut g,
        Command::Research {
            who: "ana".into(),
            item: "hybrid-organ".into(),
        },
        &[],
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::TaskStarted { task, .. } if task.turns_left == 4)),
        "{events:?}"
    );
    let cm = g.state().player("ana").unwrap().cm;
    for _ in 0..3 {
        end_round(&mut g, &[6]);
    }
    assert_eq!(g.state().player("ana").unwrap().cm, cm);
    end_round(&mut g, &[6]);
    assert_eq!(g.state().player("ana").unwrap().cm, cm + 2);
    assert!(!g.state().player("ana").unwrap().carries("hybrid-organ"));
}

#[test]
fn searching_the_seeds_engineer_body() {
    // rule: ST-SEARCH-01
    // rule: ST-SEARCH-03
    let mut s = state();
    s.doors.clear();
    s.players[1].at = Some(p(15, 5));
    s.players[0].at = Some(p(13, 3));
    let mut g = begun(s);
    let reason = refused(
        &mut g,
        Command::Search {
            who: "ana".into(),
            at: p(16, 5),
        },
    );
    assert!(reason.contains("in front of the object"), "{reason}");
    // First roll 5: "Engineer dead body 5"; second roll 1: the Hazard Suit.
    let events = run(
        &mut g,
        Command::Search {
            who: "bo".into(),
            at: p(16, 5),
        },
        &[5, 1],
    );
    let Event::Searched {
        found,
        removed,
        breakdown,
        ..
    } = &events[0]
    else {
        panic!()
    };
    assert_eq!(
        found.iter().map(|l| l.to_string()).collect::<Vec<_>>(),
        ["hazard-suit", "strength-hypo", "10 nanites"]
    );
    assert!(removed);
    assert!(
        breakdown
            .to_string()
            .contains("Engineer dead body 5, bundle 1"),
        "{breakdown}"
    );
    let bo = g.state().player("bo").unwrap();
    assert_eq!(
        (bo.nanites, bo.ap),
        (30, 0),
        "the search takes the whole turn"
    );
    assert!(bo.carries("hazard-suit"));
    assert!(g.state().searchables.is_empty());
    // ana has the Scavenger O/S: the object stays.
    let mut s = state();
    s.players[0].at = Some(p(16, 4));
    s.doors.clear();
    let mut g = begun(s);
    run(
        &mut g,
        Command::Search {
            who: "ana".into(),
            at: p(16, 5),
        },
        &[5, 1],
    );
    assert_eq!(g.state().searchables.len(), 1);
}

#[test]
fn cyber_modules_buy_skills_where_the_scenario_allows() {
    // rule: ST-CHAR-03
    let mut g = begun(state());
    let events = run(
        &mut g,
        Command::Buy {
            who: "bo".into(),
            what: Purchase::Skill(Skill::Hacking),
        },
        &[],
    );
    assert!(matches!(&events[0], Event::Bought { cost: 1, .. }));
    assert_eq!(g.state().player("bo").unwrap().skill(Skill::Hacking), 1);
    let reason = refused(
        &mut g,
        Command::Buy {
            who: "bo".into(),
            what: Purchase::Skill(Skill::StandardWeapons),
        },
    );
    assert!(
        reason.contains("price list ends there") || reason.contains("costs 4 cyber modules"),
        "{reason}"
    );
    let text = MAP.replace(
        "kind: players-vs-gm",
        "kind: players-vs-gm\ncyber-modules: upgrade-units",
    );
    let mut g = begun(state_of(&text));
    let reason = refused(
        &mut g,
        Command::Buy {
            who: "bo".into(),
            what: Purchase::Skill(Skill::Hacking),
        },
    );
    assert!(
        reason.contains("only in front of an upgrade unit"),
        "{reason}"
    );
}

#[test]
fn objectives_reward_and_win() {
    // rule: ST-FLOW-03
    // rule: ST-CHAR-03
    let mut s = state();
    creature(&mut s, "c1", "crawler", p(3, 1));
    creature(&mut s, "c2", "crawler", p(3, 2));
    s.players[1].at = Some(p(2, 1));
    s.players[1].weapon = Some(Gear {
        id: "pipe".into(),
        mods: 0,
        broken: false,
    });
    let cm = s.players[1].cm;
    let mut g = begun(s);
    // melee 1 + AGI 0 = 1: hit on 1, pipe 2 standard - crawler 0 = 2 per blow.
    run(
        &mut g,
        Command::Attack {
            who: "bo".into(),
            target: "c1".into(),
            aim: 0,
        },
        &[1],
    );
    run(
        &mut g,
        Command::Attack {
            who: "bo".into(),
            target: "c1".into(),
            aim: 0,
        },
        &[1],
    );
    let events = run(
        &mut g,
        Command::Attack {
            who: "bo".into(),
            target: "c2".into(),
            aim: 0,
        },
        &[1],
    );
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::ObjectiveReached { .. }))
    );
    assert_eq!(g.state().kills, 1);
    end_round(&mut g, &[]);
    run(
        &mut g,
        Command::Attack {
            who: "bo".into(),
            target: "c2".into(),
            aim: 0,
        },
        &[1],
    );
    assert_eq!(
        g.state().player("bo").unwrap().cm,
        cm + 1,
        "kill 2: 1 CM to each living player"
    );
    assert_eq!(g.state().phase, Phase::Players, "not a winning objective");
}

#[test]
fn cameras_count_down_to_the_alarm_and_a_station_hack_ends_it() {
    // rule: ST-ENV-02
    // rule: ST-ENV-03
    let text = MAP
        .replace("Q: bio-machine", "Q: bio-machine\nC: camera facing w range 9 angle 90\nT: turret facing w range 9 angle 90 accuracy 6 damage 2 energy\nS: security-station difficulty 5 skill 1 nanites 3")
        .replace("#..........#.......#\n#..........+", "#.........C#.......#\n#..........+")
        .replace("#1.........#", "#1........T#")
        .replace("#..Q.......#", "#..Q......S#");
    let mut s = state_of(&text);
    s.players[0].at = Some(p(9, 5));
    let mut g = begun(s);
    for want in [2, 1] {
        end_round(&mut g, &[]);
        assert_eq!(g.state().cameras[0].counter, want);
    }
    let events = run(&mut g, Command::EndTurn, &[6, 1]);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::AlarmRaised { .. })),
        "{events:?}"
    );
    assert_eq!(g.state().gm.alarm, 12);
    assert!(g.state().turrets[0].active);
    let fired = events.iter().find_map(|e| match e {
        Event::TurretFired { report, .. } => Some(report.clone()),
        _ => None,
    });
    assert!(
        fired.is_some(),
        "active turrets fire in the GM's turn: {events:?}"
    );
    run(&mut g, Command::EndTurn, &[]);
    assert_eq!(g.state().gm.alarm, 11);
    // ana hacks the security station in front of her: hacking 2 + CYB 1, k6 3 beats 5.
    run(
        &mut g,
        Command::Hack {
            who: "ana".into(),
            at: p(10, 5),
        },
        &[3],
    );
    end_round(&mut g, &[1, 1]);
    let events = end_round(&mut g, &[1]);
    assert!(
        events.iter().any(|e| matches!(e, Event::SecurityReset)),
        "{events:?}"
    );
    assert_eq!(g.state().gm.alarm, 0);
    assert!(!g.state().turrets[0].active);
}

#[test]
fn deployed_during_an_alarm_knows_where_the_players_are() {
    // rule: ST-ENV-03
    let mut s = state();
    s.gm.alarm = 3;
    let mut g = game(s);
    run(
        &mut g,
        Command::Deploy {
            creature: "crawler".into(),
            at: p(17, 1),
        },
        &[],
    );
    assert!(g.state().creature("c1").unwrap().knows);
}

#[test]
fn replaying_the_log_gives_the_same_state() {
    let mut s = state();
    s.doors.clear();
    creature(&mut s, "c1", "hybrid", p(14, 2));
    s.players[1].at = Some(p(9, 2));
    let start = s.clone();
    let mut g = begun(s);
    run(
        &mut g,
        Command::Attack {
            who: "bo".into(),
            target: "c1".into(),
            aim: 0,
        },
        &[1, 1, 1],
    );
    run(&mut g, mv("ana", 4, 4), &[]);
    end_round(&mut g, &[]);
    let replayed = nanite_core::replay::<Station>(start, g.log().iter().flat_map(|e| &e.events));
    assert_eq!(&replayed, g.state());
    let before = g.state().clone();
    run(&mut g, mv("ana", 5, 4), &[]);
    g.undo();
    assert_eq!(g.state(), &before);
}
