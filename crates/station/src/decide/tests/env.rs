//! Doors, switches, cards, cameras, alarms and turrets.

use super::*;

/// `events` reset the station's security for 12 turns (a hack of a
/// security station).
fn assert_security_reset_for_12(events: &[Event]) {
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::SecurityReset { down: 12 })),
        "{events:?}"
    );
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
    let reason = refused(&mut g, use_card("ana", p(11, 2)));
    assert!(reason.contains("carries no security card"), "{reason}");
    s.players[0]
        .inventory
        .push(Carried::Item("security-card".into()));
    let mut g = begun(s);
    run(&mut g, use_card("ana", p(11, 2)), &[]);
    assert!(!g.state().door(p(11, 2)).unwrap().locked);
    assert_eq!(g.state().player("ana").unwrap().ap, 1);
    let reason = refused(&mut g, use_switch("bo", p(10, 5)));
    assert!(reason.contains("already unlocked"), "{reason}");
}

/// The test map with a camera at 10,3, a turret at 10,1 (both looking west
/// over the first room) and a security station at 10,5.
fn security_map() -> String {
    MAP
        .replace("Q: bio-machine", "Q: bio-machine\nC: camera facing w range 9 angle 90\nT: turret facing w range 9 angle 90 accuracy 6 damage 2 energy\nS: security-station difficulty 5 skill 1 nanites 3")
        .replace("#..........#.......#\n#..........+", "#.........C#.......#\n#..........+")
        .replace("#1.........#", "#1........T#")
        .replace("#..Q.......#", "#..Q......S#")
}

#[test]
fn cameras_count_down_to_the_alarm_and_a_station_hack_ends_it() {
    // rule: ST-ENV-02
    // rule: ST-ENV-03
    let mut s = state_of(&security_map());
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
    run(&mut g, hack("ana", p(10, 5)), &[3]);
    end_round(&mut g, &[1, 1]);
    let events = end_round(&mut g, &[1]);
    assert_security_reset_for_12(&events);
    assert_eq!(g.state().gm.alarm, 0);
    assert!(!g.state().turrets[0].active);
}

#[test]
fn deployed_during_an_alarm_knows_where_the_players_are() {
    // rule: ST-ENV-03
    let mut s = state();
    s.gm.alarm = 3;
    let mut g = game(s);
    run(&mut g, deploy("crawler", p(17, 1)), &[]);
    assert!(g.state().creature("c1").unwrap().knows);
}

#[test]
fn a_hacked_station_shuts_cameras_and_turrets_down_for_12_turns() {
    // rule: ST-ENV-03
    // "Player want to hack security terminal for temporary disable turrets and
    // cameras" (003, HACKING). Decision (docs/rules/station.md): 12 turns, as
    // long as the alarm lasts, counted at the end of each GM turn.
    let mut s = state_of(&security_map());
    s.players[0].at = Some(p(9, 5));
    let mut g = begun(s);
    // ana hacks the station in front of her on turn 1: k6 3 + strength 3 > 5.
    run(&mut g, hack("ana", p(10, 5)), &[3]);
    end_round(&mut g, &[]);
    assert_eq!(g.state().cameras[0].counter, 2, "the camera still watches");
    let events = end_round(&mut g, &[1]);
    assert_security_reset_for_12(&events);
    assert_eq!(g.state().gm.security_down, 12);
    assert_eq!(g.state().cameras[0].counter, 3, "the camera restarts");
    // Turns 3 to 14: ana stands in the camera's view, and it does not count.
    // On turn 10 the GM draws False Alarm: the alarm sounds, but the turrets
    // stay off while security is down.
    for turn in 3..=14 {
        let dice: &[i64] = if turn == 10 { &[5] } else { &[] };
        let events = end_round(&mut g, dice);
        if turn == 10 {
            let raised = events
                .iter()
                .find(|e| matches!(e, Event::AlarmRaised { .. }))
                .expect("the card sounds the alarm");
            assert!(
                matches!(raised, Event::AlarmRaised { turrets: false, .. }),
                "{raised:?}"
            );
            let said = raised.to_string();
            assert!(said.contains("turrets stay off"), "{said}");
            assert!(!said.contains("activate"), "{said}");
        }
        let counted = events
            .iter()
            .any(|e| matches!(e, Event::CameraCounted { .. } | Event::TurretFired { .. }));
        assert!(!counted, "turn {turn}: {events:?}");
        let active = g.state().turrets[0].active;
        assert_eq!(
            active,
            turn == 14,
            "turn {turn}: on again only once restored"
        );
        let restored = events.iter().any(|e| matches!(e, Event::SecurityRestored));
        assert_eq!(restored, turn == 14, "turn {turn}: {events:?}");
    }
    assert_eq!(g.state().gm.security_down, 0);
    assert_eq!(g.state().gm.alarm, 7, "the card's alarm runs on");
    // Turn 15: the camera counts again and the turret fires.
    let events = run(&mut g, Command::EndTurn, &[6]);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::CameraCounted { counter: 2, .. })),
        "{events:?}"
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::TurretFired { .. })),
        "{events:?}"
    );
}

#[test]
fn a_stations_downtime_is_a_scenario_setting() {
    // rule: ST-ENV-03
    let text = security_map().replace("nanites 3", "nanites 3 downtime 2");
    let s = state_of(&text);
    assert_eq!(s.stations[0].spec.downtime, 2);
    let bad = security_map().replace("nanites 3", "nanites 3 downtime 0");
    let pack = Arc::new(Pack::sample());
    let (_, problems) = scenario::parse("test", &bad, &pack);
    assert!(
        problems
            .to_string()
            .contains("downtime 0 is out of range: from 1 to 100"),
        "{problems}"
    );
}

#[test]
fn the_alarm_tells_only_the_creatures_deployed_during_it() {
    // rule: ST-ENV-03
    // "Every Crature deployed during Secourity Alarm immmiedietly know players
    // positions" (003): a creature already on the map, out of sight, does not.
    let mut s = state();
    creature(&mut s, "c1", "crawler", p(17, 1));
    s.next_creature = 2;
    s.turn = 2;
    s.phase = Phase::Players;
    let mut g = game(s);
    // Turn 2: the GM draws False Alarm (card 5 of 6).
    let events = run(&mut g, Command::EndTurn, &[5]);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::AlarmRaised { .. })),
        "{events:?}"
    );
    assert!(!g.state().creature("c1").unwrap().knows, "{events:?}");
    run(&mut g, deploy("crawler", p(17, 4)), &[]);
    assert!(g.state().creature("c2").unwrap().knows);
    assert!(!g.state().creature("c1").unwrap().knows);
}
