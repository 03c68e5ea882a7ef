//! The GM's deployments, points, income, cards and threat.

use super::*;

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
        let reason = refused(&mut g, deploy("crawler", p(x, y)));
        assert!(reason.contains(want), "{x},{y}: {reason}");
    }
    // Eggs keep an empty square between them.
    run(&mut g, deploy("crawler-egg", p(16, 2)), &[]);
    let reason = refused(&mut g, deploy("crawler-egg", p(17, 3)));
    assert!(reason.contains("empty square between them"), "{reason}");
    run(&mut g, deploy("crawler-egg", p(18, 2)), &[]);
    // In the GM's turn: one deployment.
    run(&mut g, Command::Begin, &[]);
    run(&mut g, Command::EndTurn, &[]);
    run(&mut g, deploy("crawler", p(17, 1)), &[]);
    let reason = refused(&mut g, deploy("crawler", p(17, 4)));
    assert!(reason.contains("one per turn"), "{reason}");
}

#[test]
fn deployment_never_in_a_players_view() {
    // rule: ST-GM-03
    let mut s = state();
    s.doors.retain(|d| d.at != p(11, 2)); // the locked door is open: ana sees through it
    s.players[0].at = Some(p(5, 2));
    let mut g = game(s);
    let reason = refused(&mut g, deploy("crawler", p(16, 2)));
    assert!(reason.contains("ana can see 16,2"), "{reason}");
    run(&mut g, deploy("crawler", p(18, 5)), &[]);
}

#[test]
fn creature_points_and_threat_limits() {
    // rule: ST-GM-01
    // rule: ST-GM-02
    let mut s = state();
    s.gm.bcp = 3;
    s.gm.mcp = 0;
    let mut g = game(s);
    let reason = refused(&mut g, deploy("protocol-droid", p(17, 1)));
    assert!(
        reason.contains("costs 2 BCP and 1 MCP; the GM has 3 BCP and 0 MCP"),
        "{reason}"
    );
    let reason = refused(&mut g, deploy("brute", p(17, 1)));
    assert!(
        reason.contains("threat level 1 does not allow Brute"),
        "{reason}"
    );
    run(&mut g, deploy("crawler", p(17, 1)), &[]);
    run(&mut g, deploy("crawler", p(17, 3)), &[]);
    assert_eq!(g.state().gm.bcp, 1, "1 BCP each");
    let reason = refused(&mut g, deploy("crawler", p(17, 5)));
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
fn an_action_card_does_not_raise_the_threat_during_an_alarm() {
    // rule: ST-ENV-03
    // rule: ST-GM-05
    // "During Security Alarm Threat Level IS NOT INCREASING" (003): Hive Mind
    // (card 4 of the sample deck, "threat +1", "bcp +1") still gives its BCP.
    for (alarm, threat) in [(0, 2), (5, 1)] {
        let mut s = state();
        s.turn = 2;
        s.phase = Phase::Players;
        s.gm.alarm = alarm;
        let bcp = s.gm.bcp;
        let mut g = game(s);
        let events = run(&mut g, Command::EndTurn, &[4]);
        assert_eq!(g.state().gm.threat, threat, "alarm {alarm}: {events:?}");
        let held = events
            .iter()
            .any(|e| matches!(e, Event::ThreatHeld { why } if why.contains("Hive Mind")));
        assert_eq!(held, alarm > 0, "alarm {alarm}: {events:?}");
        assert!(g.state().gm.bcp > bcp + 1, "income and the card's BCP");
    }
}

#[test]
fn creature_points_saturate_instead_of_wrapping() {
    // rule: ST-GM-04
    // input: a purse at the top of i32 (the audit's GM points wrapped at the
    // first income): the income saturates
    let mut s = state();
    s.turn = 2;
    s.phase = Phase::Players;
    s.gm.bcp = i32::MAX;
    s.gm.mcp = i32::MAX;
    let mut g = game(s);
    run(&mut g, Command::EndTurn, &[1]);
    assert_eq!((g.state().gm.bcp, g.state().gm.mcp), (i32::MAX, i32::MAX));
}
