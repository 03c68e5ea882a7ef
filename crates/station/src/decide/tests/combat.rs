//! Shooting, melee, damage, death and reconstruction.

use super::*;

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
    let events = run(&mut g, attack("bo", "c1", 0), &[3, 4, 1]);
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

/// The game begun with the doors open, bo at 9,2 and a hybrid (c1) at
/// 16,2, 7 squares east along the same row.
fn bo_seven_from_a_hybrid() -> Game<Station> {
    let mut s = state();
    s.doors.clear();
    creature(&mut s, "c1", "hybrid", p(16, 2));
    s.players[1].at = Some(p(9, 2));
    begun(s)
}

#[test]
fn aimed_shots_spend_ap() {
    // rule: ST-SHOOT-03
    let mut g = bo_seven_from_a_hybrid();
    let events = run(&mut g, attack("bo", "c1", 2), &[6, 6, 6]);
    let Event::Attacked { report, ap, .. } = &events[0] else {
        panic!()
    };
    assert_eq!((*ap, report.accuracy, report.chance), (3, 8, 6));
    assert!(refused(&mut g, attack("bo", "c1", 0)).contains("0 AP left"));
}

#[test]
fn aim_beyond_the_ap_at_hand_is_refused() {
    // rule: ST-SHOOT-03
    // input: the audit's `attack c1 aim 4294967295` (attacked for 0 AP, a u32
    // read into an i32) and `aim 2147483648` (left negative AP)
    let mut g = bo_seven_from_a_hybrid();
    let cases = [
        (
            3,
            "bo has 3 AP left; an attack with 3 extra AP of aim needs 4",
        ),
        (
            2_147_483_647,
            "an attack with 2147483647 extra AP of aim needs 2147483648",
        ),
        (
            2_147_483_648,
            "an attack with 2147483648 extra AP of aim needs 2147483649",
        ),
        (
            u32::MAX,
            "an attack with 4294967295 extra AP of aim needs 4294967296",
        ),
    ];
    for (aim, want) in cases {
        let reason = refused(&mut g, attack("bo", "c1", aim));
        assert!(reason.contains(want), "aim {aim}: {reason}");
    }
    assert_eq!(g.state().player("bo").unwrap().ap, 3);
}

#[test]
fn squares_far_off_the_map_are_refused_not_wrapped() {
    // rule: ST-MAP-01
    // input: squares at the ends of i32 in commands (the API takes any i32)
    let mut g = begun(state());
    let far = [
        p(i32::MAX, i32::MAX),
        p(i32::MIN, 0),
        p(0, i32::MIN),
        p(2_000_000_000, 2_000_000_000),
    ];
    for at in far {
        let commands = [
            Command::Move {
                who: "ana".into(),
                to: at,
            },
            hack("ana", at),
            search("ana", at),
            Command::Activate {
                who: "ana".into(),
                at,
            },
            Command::Repair {
                who: "ana".into(),
                at: Some(at),
            },
        ];
        for c in commands {
            refused(&mut g, c);
        }
    }
    assert_eq!(
        crate::map::distance(p(i32::MIN, 0), p(i32::MAX, 0)),
        i32::MAX
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
    run(&mut g, defend("ana", "c1"), &[]);
    assert!(refused(&mut g, defend("ana", "c1")).contains("already defends"));
    run(&mut g, Command::EndTurn, &[]);
    // Crawler: melee skill 1 + AGI 1 = 2, less 1 for ana's defence: hits on 1.
    let events = run(&mut g, attack("c1", "ana", 0), &[2]);
    let Event::Attacked { report, .. } = &events[0] else {
        panic!()
    };
    assert_eq!(report.chance, 1);
    assert_eq!(report.damage, 0);
    let events = run(&mut g, attack("c1", "bo", 0), &[2]);
    let Event::Attacked { report, .. } = &events[0] else {
        panic!()
    };
    assert_eq!(report.chance, 2, "bo did not defend");
    assert_eq!(report.damage, 1, "2 biological - light armor's 1");
    let mut s = state();
    creature(&mut s, "c1", "crawler", p(8, 3));
    let mut g = begun(s);
    let reason = refused(&mut g, attack("ana", "c1", 0));
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
    let events = run(&mut g, attack("ana", "c1", 0), &[1]);
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

/// Ana and bo at 1 HP, a brute (c1) at 2,2 next to ana, the first
/// bio-reconstruction machine `machine_on`; the players end their turn and
/// the brute's first blow kills ana (a 1).
fn ana_killed(machine_on: bool) -> Game<Station> {
    let mut s = state();
    s.machines[0].active = machine_on;
    creature(&mut s, "c1", "brute", p(2, 2));
    s.players[0].hp = 1;
    s.players[1].hp = 1;
    let mut g = begun(s);
    run(&mut g, Command::EndTurn, &[]);
    run(&mut g, attack("c1", "ana", 0), &[1]);
    g
}

#[test]
fn death_leaves_a_body_and_reconstruction_costs_15_nanites() {
    // rule: ST-DEATH-01
    // rule: ST-DEATH-02
    let mut g = ana_killed(true);
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
    let events = run(&mut g, attack("c1", "bo", 0), &[1]);
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
    let mut g = ana_killed(false);
    let events = run(&mut g, attack("c1", "bo", 0), &[1]);
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

/// `who` uses the psionic `power` on `target`.
fn psi(who: &str, power: &str, target: &str) -> Command {
    Command::Psi {
        who: who.into(),
        power: power.into(),
        target: target.into(),
    }
}

#[test]
fn psionic_powers_cost_pp_and_need_their_tier() {
    // rule: ST-CHAR-01
    // rule: ST-CHAR-03
    let mut s = state();
    creature(&mut s, "c1", "crawler", p(4, 1));
    s.players[0].cm = 10;
    let mut g = begun(s);
    let reason = refused(&mut g, psi("ana", "mind-spike", "c1"));
    assert!(
        reason.contains("Mind Spike needs psionic tier 1; ana has 0"),
        "{reason}"
    );
    run(
        &mut g,
        Command::Buy {
            who: "ana".into(),
            what: Purchase::PsiTier,
        },
        &[],
    );
    run(
        &mut g,
        Command::Buy {
            who: "ana".into(),
            what: Purchase::PsiSkill,
        },
        &[],
    );
    assert_eq!(
        g.state().player("ana").unwrap().pp,
        2,
        "a psionic tier brings 2 PP"
    );
    // psionic skill 1 + PSI 0 + range 3 = 4 at 3 squares; k6 4 hits for 2 Psi.
    let events = run(&mut g, psi("ana", "mind-spike", "c1"), &[4]);
    assert!(
        matches!(&events[0], Event::PsiSpent { pp: 1, .. }),
        "{events:?}"
    );
    let Event::Attacked { report, ap: 1, .. } = &events[1] else {
        panic!("{events:?}")
    };
    assert_eq!((report.accuracy, report.chance, report.damage), (4, 4, 2));
    let ana = g.state().player("ana").unwrap();
    assert_eq!((ana.pp, ana.ap), (1, 2));
    let reason = refused(&mut g, psi("ana", "pyrokinesis", "c1"));
    assert!(reason.contains("needs psionic tier 2"), "{reason}");
    run(&mut g, psi("ana", "mind-spike", "c1"), &[6]);
    let reason = refused(&mut g, psi("ana", "mind-spike", "c1"));
    assert!(reason.contains("costs 1 Psi Points; ana has 0"), "{reason}");
}
