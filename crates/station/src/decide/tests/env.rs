//! Doors, switches, cards, cameras, alarms and turrets.

use super::*;

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
