//! Setup, turns, characters, inventory, moving, objectives, replay.

use super::*;

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
    run(&mut g, deploy("crawler", p(17, 1)), &[]);
    run(&mut g, deploy("crawler", p(17, 3)), &[]);
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
    run(&mut g, attack("bo", "c1", 0), &[1]);
    run(&mut g, attack("bo", "c1", 0), &[1]);
    let events = run(&mut g, attack("bo", "c2", 0), &[1]);
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::ObjectiveReached { .. }))
    );
    assert_eq!(g.state().kills, 1);
    end_round(&mut g, &[]);
    run(&mut g, attack("bo", "c2", 0), &[1]);
    assert_eq!(
        g.state().player("bo").unwrap().cm,
        cm + 1,
        "kill 2: 1 CM to each living player"
    );
    assert_eq!(g.state().phase, Phase::Players, "not a winning objective");
}

#[test]
fn replaying_the_log_gives_the_same_state() {
    let mut s = state();
    s.doors.clear();
    creature(&mut s, "c1", "hybrid", p(14, 2));
    s.players[1].at = Some(p(9, 2));
    let start = s.clone();
    let mut g = begun(s);
    run(&mut g, attack("bo", "c1", 0), &[1, 1, 1]);
    run(&mut g, mv("ana", 4, 4), &[]);
    end_round(&mut g, &[]);
    let replayed = nanite_core::replay::<Station>(start, g.log().iter().flat_map(|e| &e.events));
    assert_eq!(&replayed, g.state());
    let before = g.state().clone();
    run(&mut g, mv("ana", 5, 4), &[]);
    g.undo();
    assert_eq!(g.state(), &before);
}
