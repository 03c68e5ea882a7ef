//! Hacking, modifying, repairing, researching and searching.

use super::*;

/// `who` researches the carried `item`.
fn research(who: &str, item: &str) -> Command {
    Command::Research {
        who: who.into(),
        item: item.into(),
    }
}

/// Ana's weapon in `g`.
fn anas_weapon(g: &Game<Station>) -> &Gear {
    g.state().player("ana").unwrap().weapon.as_ref().unwrap()
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
    let events = run(&mut g, hack("ana", p(11, 2)), &[3]);
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
    run(&mut g, hack("ana", p(11, 2)), &[1]);
    end_round(&mut g, &[]);
    end_round(&mut g, &[]);
    assert!(g.state().door(p(11, 2)).unwrap().broken);
    let reason = refused(&mut g, hack("ana", p(11, 2)));
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
    assert_eq!(anas_weapon(&g).mods, 1);
    let reason = refused(&mut g, Command::Modify { who: "ana".into() });
    assert!(
        reason.contains("the overcharger modification needs modifying 2"),
        "{reason}"
    );
    let mut g = begun(s);
    run(&mut g, Command::Modify { who: "ana".into() }, &[2]);
    end_round(&mut g, &[]);
    end_round(&mut g, &[]);
    assert!(anas_weapon(&g).broken);
    let reason = refused(&mut g, attack("ana", "c1", 0));
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
    assert!(refused(&mut g, research("ana", "hybrid-organ")).contains("needs research 1"));
    s.players[0].skills.insert(Skill::Research, 1);
    let mut g = begun(s.clone());
    assert!(refused(&mut g, research("ana", "hybrid-organ")).contains("needs Basic Chemicals"));
    s.players[0]
        .inventory
        .push(Carried::Item("basic-chemicals".into()));
    let mut g = begun(s);
    // 6 - research 1 - CYB 1 = 4 turns.
    let events = run(&mut g, research("ana", "hybrid-organ"), &[]);
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
    let reason = refused(&mut g, search("ana", p(16, 5)));
    assert!(reason.contains("in front of the object"), "{reason}");
    // First roll 5: "Engineer dead body 5"; second roll 1: the Hazard Suit.
    let events = run(&mut g, search("bo", p(16, 5)), &[5, 1]);
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
    run(&mut g, search("ana", p(16, 5)), &[5, 1]);
    assert_eq!(g.state().searchables.len(), 1);
}
