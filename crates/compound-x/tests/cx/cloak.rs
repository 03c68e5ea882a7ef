//! Cloaks, being undetected, searching and stealth attacks in a fight
//! (CX-CLOAK-01..04, CX-RNG-09, CX-RNG-10, CX-TURN-02), with forced dice.

use nanite_compound_x::DamageType;
use nanite_compound_x::FireMode;
use nanite_compound_x::check::Effort;
use nanite_compound_x::combat::{Fighter, Stance};
use nanite_compound_x::encounter::{
    Command, Event, StealthBlow, StealthStrike, Way, stealth_melee,
};
use nanite_core::ClockCommand;

use super::arena::{check, conceal, fire, search, suppress};
use super::skirmish::{step, toward};
use super::table::{Table, armed, fighter, id};

/// Ghost: the armed template wearing `cloak`, with `changes`.
fn ghost(cloak: &str, changes: &[(&str, &str)]) -> Fighter {
    let wear = format!("[equipment]\ncloak = \"{cloak}\"\n");
    let mut all = vec![
        ("name = \"Tess\"", "name = \"Ghost\""),
        ("[equipment]\n", wear.as_str()),
    ];
    all.extend_from_slice(changes);
    fighter(&armed(&all))
}

/// Raider: the armed template.
fn raider(changes: &[(&str, &str)]) -> Fighter {
    let mut all = vec![("name = \"Tess\"", "name = \"Raider\"")];
    all.extend_from_slice(changes);
    fighter(&armed(&all))
}

/// Ghost (crew) and Raider (raiders) 15 m apart, Ghost acting first.
fn fight(g: Fighter) -> Table {
    let mut t = Table::new();
    t.add("ghost", "crew", g);
    t.add("raider", "raiders", raider(&[]));
    t.distance("ghost", "raider", 15);
    t.begin(&["ghost", "raider"]);
    t
}

/// Ends turns until it is Ghost's again; returns the log of its turn start.
fn to_ghost(t: &mut Table) -> Vec<String> {
    loop {
        let log = t.next(&[]);
        if t.game.state().clock.active == Some(id("ghost")) {
            return log;
        }
    }
}

fn cloak() -> Command {
    Command::Cloak { id: id("ghost") }
}

fn uncloak() -> Command {
    Command::Uncloak { id: id("ghost") }
}

fn act(actions: u32) -> Command {
    Command::Act {
        id: id("ghost"),
        what: "wait".into(),
        actions,
    }
}

fn events(t: &Table) -> &[Event] {
    &t.game.log().last().unwrap().events
}

#[test]
fn cloaking_pays_the_activation_cost_and_hides_from_every_enemy() {
    // rule: CX-CLOAK-01
    let mut t = Table::new();
    t.add("ghost", "crew", ghost("mk1-cloak", &[]));
    t.add("raider", "raiders", raider(&[]));
    t.add(
        "ally",
        "crew",
        raider(&[("name = \"Raider\"", "name = \"Ally\"")]),
    );
    t.begin(&["ghost", "raider", "ally"]);
    assert_eq!(t.c("ghost").fighter.nanites, 60, "10 * INT 6");
    let log = t.run(cloak(), &[]);
    let g = t.c("ghost");
    assert_eq!(g.fighter.nanites, 40, "Mk I activation cost 20");
    assert_eq!(t.actions_left(), 3, "switching a cloak on costs 1 action");
    assert_eq!(
        g.stealth
            .unseen_by
            .iter()
            .map(|i| i.as_str())
            .collect::<Vec<_>>(),
        ["raider"],
        "hidden from the enemy, not from its own side"
    );
    expect_test::expect![[r#"
        Ghost: activate the Mk I Cloaking Module (1 action)
        Ghost cloaks (CX-CLOAK-01)
          Mk I Cloaking Module Nanite Activation Cost (CX-CLOAK-01): 20
          nanites left: 40
          Cloak Turns at level 0 (CX-CLOAK-04): 3
          turns cloaked after this one (CX-CLOAK-02): 3
          levels 1-4: once per encounter (CX-CLOAK-02)
        Ghost is undetected by Raider (cloaked)"#]]
    .assert_eq(&log.join("\n"));
    // Refusals change nothing.
    let why = t.refuse(cloak(), &[]).to_string();
    assert!(why.contains("already cloaked"), "{why}");
    let why = t
        .refuse(Command::Cloak { id: id("raider") }, &[])
        .to_string();
    assert!(why.contains("wears no cloaking module"), "{why}");
}

#[test]
fn upkeep_is_paid_unless_the_wearer_kept_still_the_whole_previous_turn() {
    // rule: CX-CLOAK-01
    // What Ghost does after cloaking -> upkeep at its next turn start.
    // Changing stance is not moving; a jump is.
    let cases: [(&str, Option<Command>, i64); 4] = [
        ("keeps still", None, 0),
        (
            "moves 2 m",
            Some(step("ghost", 2, Way::Elsewhere, false)),
            5,
        ),
        (
            "goes prone",
            Some(Command::Stance {
                id: id("ghost"),
                to: Stance::Prone,
            }),
            0,
        ),
        (
            "jumps",
            Some(Command::Jump {
                id: id("ghost"),
                metres: 2.0,
                vertical: false,
                run_up: false,
            }),
            5,
        ),
    ];
    for (what, then, upkeep) in cases {
        let mut t = fight(ghost("mk1-cloak", &[]));
        t.run(cloak(), &[]);
        if let Some(command) = then {
            t.run(command, &[]);
        }
        let log = to_ghost(&mut t);
        assert_eq!(t.c("ghost").fighter.nanites, 40 - upkeep, "{what}");
        assert!(
            log.iter().any(|l| l.contains("turn 1 of 3")),
            "{what}: {log:?}"
        );
        // A still turn next: no upkeep at the one after.
        let log = to_ghost(&mut t);
        assert_eq!(t.c("ghost").fighter.nanites, 40 - upkeep, "{what}");
        assert!(
            log.iter().any(|l| l.contains("no upkeep: it did not move")),
            "{what}: {log:?}"
        );
    }
}

#[test]
fn the_cloak_lasts_its_turns_then_ends() {
    // rule: CX-CLOAK-02
    // rule: CX-CLOAK-04
    // (class, level, module) -> turns: Cloak Turns + module bonus + Shadow Assassin gain.
    let cases = [
        ("soldier", 0, "mk1-cloak", 3),
        ("shadow-assassin", 1, "mk1-cloak", 3 + 1),
        ("soldier", 5, "shadowweave", 4 + 2),
        ("shadow-assassin", 6, "shadowweave", 4 + 2 + 2),
    ];
    for (class, level, module, turns) in cases {
        let class_line = format!("class = \"{class}\"");
        let level_line = format!("level = {level}");
        let mut t = fight(ghost(
            module,
            &[
                ("class = \"soldier\"", &class_line),
                ("level = 0", &level_line),
            ],
        ));
        t.run(cloak(), &[]);
        for turn in 1..=turns {
            to_ghost(&mut t);
            let on = t.c("ghost").stealth.cloak.expect("still cloaked");
            assert_eq!(
                (on.turns_used, on.turns),
                (turn, turns),
                "{class} {level} {module}"
            );
        }
        let log = to_ghost(&mut t);
        let g = t.c("ghost");
        assert!(g.stealth.cloak.is_none(), "{class} {level} {module}");
        assert!(g.stealth.unseen_by.is_empty(), "visible again");
        assert!(
            log.iter()
                .any(|l| l.contains("turn(s) are over (CX-CLOAK-02)")),
            "{log:?}"
        );
    }
}

#[test]
fn running_out_of_nanites_ends_the_cloak() {
    // rule: CX-CLOAK-02
    let mut g = ghost("mk1-cloak", &[]);
    g.nanites = 24;
    let mut t = fight(g);
    t.run(cloak(), &[]);
    t.run(step("ghost", 2, Way::Elsewhere, false), &[]);
    let log = to_ghost(&mut t);
    let g = t.c("ghost");
    assert_eq!(
        g.fighter.nanites, 4,
        "nothing paid: 4 is short of the 5 upkeep"
    );
    assert!(g.stealth.cloak.is_none());
    assert!(g.stealth.unseen_by.is_empty());
    expect_test::expect![[r#"
        == round 2
        -- Ghost's turn (4 actions)
        Ghost's cloak ends: out of nanites: the Mk I Cloaking Module's upkeep is 5 and Ghost has 4 (CX-CLOAK-02); 8 action(s) before it can cloak again (Charge Delay, CX-CLOAK-02)
        Ghost is detected by Raider (visible again: the cloak is off)"#]]
    .assert_eq(&log.join("\n"));
}

#[test]
fn the_charge_delay_counts_actions_spent_and_left_unused() {
    // rule: CX-CLOAK-02
    // Level 5: no once-per-encounter limit. Mk I: Charge Delay 8.
    let mut t = fight(ghost("mk1-cloak", &[("level = 0", "level = 5")]));
    t.run(cloak(), &[]);
    t.run(uncloak(), &[]);
    assert_eq!(t.actions_left(), 3, "switching off is free");
    // (actions that pass, then the wait left)
    let why = t.refuse(cloak(), &[]).to_string();
    assert!(why.contains("8 more action(s)"), "{why}");
    // The 3 actions left unused at the end of the turn pass too.
    to_ghost(&mut t);
    assert_eq!(t.c("ghost").stealth.charge_wait, 5);
    t.run(act(4), &[]);
    assert_eq!(t.c("ghost").stealth.charge_wait, 1);
    to_ghost(&mut t);
    let why = t.refuse(cloak(), &[]).to_string();
    assert!(why.contains("1 more action(s)"), "{why}");
    t.run(act(1), &[]);
    t.run(cloak(), &[]);
    assert!(t.c("ghost").stealth.cloak.is_some());
}

#[test]
fn levels_1_to_4_cloak_once_per_encounter() {
    // rule: CX-CLOAK-02
    // level -> may cloak a second time
    for (level, again) in [(0, false), (1, false), (4, false), (5, true), (10, true)] {
        let line = format!("level = {level}");
        let mut g = ghost("mk1-cloak", &[("level = 0", &line)]);
        g.cloak.as_mut().unwrap().charge_delay = 0;
        let mut t = fight(g);
        t.run(cloak(), &[]);
        t.run(uncloak(), &[]);
        if again {
            t.run(cloak(), &[]);
            assert_eq!(t.c("ghost").stealth.cloaks_used, 2);
        } else {
            let why = t.refuse(cloak(), &[]).to_string();
            assert!(why.contains("only once per encounter"), "{level}: {why}");
        }
    }
}

#[test]
fn any_combat_action_ends_the_cloak() {
    // rule: CX-CLOAK-03
    let fire = fire("ghost", "raider");
    let stab = Command::Melee {
        id: id("ghost"),
        target: id("raider"),
        weapon: Some(1),
        kind: nanite_compound_x::encounter::MeleeKind::Strike,
        flanking: false,
    };
    let suppress = suppress("ghost", "raider", None);
    let aim = Command::Aim { id: id("ghost") };
    let crouch = Command::Stance {
        id: id("ghost"),
        to: Stance::Crouched,
    };
    // (what, command, metres apart, dice, the cloak ends)
    let cases: [(&str, Command, i64, &[i64], bool); 5] = [
        ("fires", fire, 15, &[2], true),
        ("stabs", stab, 1, &[1], true),
        ("suppresses", suppress, 15, &[], true),
        ("aims", aim, 15, &[], false),
        ("crouches", crouch, 15, &[], false),
    ];
    for (what, command, metres, dice, ends) in cases {
        let mut t = fight(ghost("mk1-cloak", &[]));
        t.distance("ghost", "raider", metres);
        t.run(cloak(), &[]);
        t.run(command, dice);
        let g = t.c("ghost");
        assert_eq!(g.stealth.cloak.is_none(), ends, "{what}");
        assert_eq!(g.stealth.unseen_by.is_empty(), ends, "{what}");
        if ends {
            assert_eq!(g.stealth.charge_wait, 8, "{what}: the Charge Delay follows");
        }
    }
}

#[test]
fn a_search_beats_the_detect_dc_or_the_moving_detect_dc() {
    // rule: CX-CLOAK-03
    // rule: CX-DICE-03
    // Raider: Search 0 + PER 6 bonus 4. Mk I: Detect DC 60, moving 40; +5 at level 5.
    // (Ghost's level, what it did, d100 tens and ones, found)
    type Case = (i64, &'static str, [i64; 2], bool);
    let cases: [Case; 8] = [
        (0, "still", [5, 7], true),
        (0, "still", [5, 6], false),
        (0, "moved", [3, 7], true),
        (0, "moved", [3, 6], false),
        (0, "skill", [3, 7], true),
        (0, "skill", [3, 6], false),
        (5, "still", [6, 1], false),
        (5, "moved", [4, 2], true),
    ];
    for (level, did, d100, found) in cases {
        let line = format!("level = {level}");
        let mut t = fight(ghost("mk1-cloak", &[("level = 0", &line)]));
        t.run(cloak(), &[]);
        match did {
            "moved" => {
                t.run(step("ghost", 2, toward("raider"), false), &[]);
            }
            "skill" => {
                t.run(check("ghost", "hacking", 10, Effort::Roll), &[9, 9]);
            }
            _ => {}
        }
        t.next(&[]);
        t.run(search("raider", "ghost", false), &d100);
        assert_eq!(t.actions_left(), 3, "a search is a skill check: 1 action");
        assert_eq!(
            t.c("ghost").stealth.unseen_by.is_empty(),
            found,
            "level {level}, {did}, d100 {d100:?}"
        );
    }
}

#[test]
fn the_search_breakdown_names_the_dc() {
    // rule: CX-CLOAK-03
    let mut t = fight(ghost("mk1-cloak", &[]));
    t.run(cloak(), &[]);
    t.run(step("ghost", 2, toward("raider"), false), &[]);
    t.next(&[]);
    let log = t.run(search("raider", "ghost", false), &[4, 1]);
    expect_test::expect![[r#"
        Raider: search for ghost (1 action)
        Raider looks for Ghost: found
          Raider searches for (a Search check, CX-TURN-07) Ghost (Mk I Cloaking Module's Moving Detect DC: it moved or used a skill since its turn began (CX-CLOAK-03): 40)
          d100 = 41 (Search check, Raider)
            +4 PER bonus (CX-DICE-05)
          total 45 > DC 40: success
        Ghost is detected by Raider (Raider's search finds it)"#]]
    .assert_eq(&log.join("\n"));
}

#[test]
fn a_glance_is_a_free_awareness_check_once_a_round() {
    // rule: CX-CLOAK-03
    // rule: CX-TURN-07
    let mut t = fight(ghost("mk1-cloak", &[]));
    t.run(cloak(), &[]);
    let glance = || search("raider", "ghost", true);
    // On Ghost's own turn: free actions may be taken at any time.
    let left = t.actions_left();
    let log = t.run(glance(), &[2, 10]);
    assert_eq!(t.actions_left(), left, "a glance costs no action");
    assert!(log.iter().any(|l| l.contains("Awareness check")), "{log:?}");
    assert!(!t.c("ghost").stealth.unseen_by.is_empty(), "20 + 4 <= 60");
    let why = t.refuse(glance(), &[9, 9]).to_string();
    assert!(why.contains("already glanced"), "{why}");
    // Next round, again; a success finds Ghost.
    to_ghost(&mut t);
    t.run(glance(), &[7, 10]);
    assert!(t.c("ghost").stealth.unseen_by.is_empty(), "70 + 4 > 60");
    let why = t.refuse(glance(), &[9, 9]).to_string();
    assert!(why.contains("already detected"), "{why}");
}

#[test]
fn searches_that_cannot_be_made_are_refused() {
    // rule: CX-CLOAK-03
    // rule: CX-STAT-08
    let mut t = Table::new();
    t.add("ghost", "crew", ghost("mk1-cloak", &[]));
    t.add("raider", "raiders", raider(&[("PER = 6", "PER = 1")]));
    t.add(
        "hider",
        "crew",
        raider(&[("name = \"Raider\"", "name = \"Hider\"")]),
    );
    t.add(
        "scout",
        "raiders",
        raider(&[("name = \"Raider\"", "name = \"Scout\"")]),
    );
    t.begin(&["ghost", "raider", "hider", "scout"]);
    t.run(cloak(), &[]);
    let search = |who: &str, target: &str| Command::Search {
        id: id(who),
        target: id(target),
        glance: true,
    };
    let why = t.refuse(search("raider", "ghost"), &[9, 9]).to_string();
    assert!(why.contains("CX-STAT-08"), "PER 1: {why}");
    // Hiding by other means has no DC until the GM gives one.
    t.run(conceal("hider", &[], None), &[]);
    let why = t.refuse(search("scout", "hider"), &[9, 9]).to_string();
    assert!(why.contains("without a DC"), "{why}");
    t.run(conceal("hider", &[], Some(55)), &[]);
    // 51 + 4 = 55: a tie fails; then 52 + 4.
    t.run(search("scout", "hider"), &[5, 1]);
    assert!(!t.c("hider").stealth.unseen_by.is_empty());
    to_ghost(&mut t);
    t.run(search("scout", "hider"), &[5, 2]);
    assert_eq!(
        t.c("hider")
            .stealth
            .unseen_by
            .iter()
            .map(|i| i.as_str())
            .collect::<Vec<_>>(),
        ["raider"],
        "found by the scout only"
    );
    let why = t.refuse(search("scout", "ghost"), &[]).to_string();
    assert!(why.contains("no die"), "dice are asked for: {why}");
    let why = t.refuse(search("hider", "ghost"), &[9, 9]).to_string();
    assert!(why.contains("already detected"), "an ally sees it: {why}");
}

#[test]
fn the_gm_conceals_and_reveals() {
    // rule: CX-RNG-09
    let mut t = Table::new();
    t.add("ghost", "crew", ghost("mk1-cloak", &[]));
    t.add("raider", "raiders", raider(&[]));
    t.add(
        "scout",
        "raiders",
        raider(&[("name = \"Raider\"", "name = \"Scout\"")]),
    );
    let conceal = |from: &[&str], dc| Command::Conceal {
        id: id("ghost"),
        from: from.iter().map(|f| id(f)).collect(),
        dc,
    };
    t.run(conceal(&["raider"], None), &[]);
    assert_eq!(t.c("ghost").stealth.unseen_by.len(), 1);
    let why = t.refuse(conceal(&["raider"], None), &[]).to_string();
    assert!(why.contains("already undetected"), "{why}");
    let why = t.refuse(conceal(&["ghost"], None), &[]).to_string();
    assert!(why.contains("from itself"), "{why}");
    let why = t.refuse(conceal(&[], Some(5000)), &[]).to_string();
    assert!(why.contains("not a DC"), "{why}");
    t.run(conceal(&[], Some(50)), &[]);
    assert_eq!(t.c("ghost").stealth.unseen_by.len(), 2, "every enemy");
    assert_eq!(t.c("ghost").stealth.hide_dc, Some(50));
    let reveal = |to: &[&str]| Command::Reveal {
        id: id("ghost"),
        to: to.iter().map(|f| id(f)).collect(),
    };
    t.run(reveal(&["scout"]), &[]);
    assert_eq!(t.c("ghost").stealth.unseen_by.len(), 1);
    let why = t.refuse(reveal(&["scout"]), &[]).to_string();
    assert!(why.contains("nothing to reveal"), "{why}");
    t.run(reveal(&[]), &[]);
    assert!(t.c("ghost").stealth.unseen_by.is_empty());
    assert_eq!(t.c("ghost").stealth.hide_dc, None);
    // The clock's hidden flag is another thing: the players' view only.
    t.run(
        Command::Clock(ClockCommand::Hide {
            id: id("ghost"),
            hidden: true,
        }),
        &[],
    );
    assert!(t.c("ghost").stealth.unseen_by.is_empty());
}

/// Ghost fires the SMG at Raider from 15 m; returns (miss chance, damage
/// arriving, situation modifier).
fn shot(
    t: &mut Table,
    fire: Option<nanite_compound_x::combat::Fire>,
    dice: &[i64],
) -> (i64, i64, i64) {
    t.run(
        Command::Fire {
            id: id("ghost"),
            target: id("raider"),
            weapon: 0,
            mode: FireMode::Semi,
            fire,
            distance: None,
            cover: None,
        },
        dice,
    );
    events(t)
        .iter()
        .find_map(|e| match e {
            Event::Shot { shot, .. } => Some((
                shot.miss_chance,
                shot.strike.map_or(0, |s| s.incoming),
                shot.situation,
            )),
            _ => None,
        })
        .expect("a shot")
}

#[test]
fn an_undetected_aimed_shot_is_a_stealth_attack() {
    // rule: CX-RNG-09
    // rule: CX-DMG-06
    use nanite_compound_x::combat::Fire;
    // SMG at 11-20 m: 5. Damage 2d10 + 8 with 3 and 4: 15. Armor d100 10: full.
    // (undetected, aims, accuracy d10) -> (miss chance, damage arriving)
    let cases = [
        (true, true, 5, (4, 35)),
        // A critical (face 10) keeps its +20 as well.
        (true, true, 10, (4, 55)),
        // Hip fire is not adequate aim: no stealth bonus.
        (true, false, 9, (8, 15)),
        (false, true, 6, (5, 15)),
    ];
    for (undetected, aims, accuracy, expected) in cases {
        let mut t = fight(ghost("mk1-cloak", &[]));
        if undetected {
            t.run(conceal("ghost", &[], None), &[]);
        }
        if aims {
            t.run(Command::Aim { id: id("ghost") }, &[]);
        }
        let fire = if aims { None } else { Some(Fire::Hip) };
        let (mc, damage, situation) = shot(&mut t, fire, &[accuracy, 3, 4, 1, 10]);
        assert_eq!(
            (mc, damage),
            expected,
            "undetected {undetected}, aims {aims}, d10 {accuracy}"
        );
        assert_eq!(situation, -i64::from(undetected && aims));
        assert!(
            t.c("ghost").stealth.unseen_by.is_empty(),
            "the attack gives it away"
        );
    }
}

#[test]
fn surprise_attackers_start_undetected() {
    // rule: CX-TURN-02
    // rule: CX-RNG-09
    let mut t = Table::new();
    t.run(
        Command::Add {
            id: id("ghost"),
            side: "crew".into(),
            hidden: true,
            fighter: Box::new(ghost("mk1-cloak", &[])),
            cover: nanite_compound_x::combat::Cover::None,
            stance: Stance::Standing,
        },
        &[],
    );
    t.add("raider", "raiders", raider(&[]));
    t.distance("ghost", "raider", 15);
    for (who, total) in [("ghost", 50), ("raider", 60)] {
        t.run(
            Command::Clock(ClockCommand::SetInitiative { id: id(who), total }),
            &[],
        );
    }
    let log = t.run(
        Command::Clock(ClockCommand::Begin {
            surprise: vec![id("ghost")],
        }),
        &[],
    );
    assert!(
        log.iter().any(|l| l.contains("gets the drop (CX-TURN-02)")),
        "{log:?}"
    );
    let why = t
        .refuse(search("raider", "ghost", true), &[9, 9])
        .to_string();
    assert!(why.contains("without a DC"), "{why}");
    t.run(Command::Aim { id: id("ghost") }, &[]);
    let (mc, damage, _) = shot(&mut t, None, &[5, 3, 4, 1, 10]);
    assert_eq!((mc, damage), (4, 35));
}

#[test]
fn a_downed_wearer_loses_its_cloak() {
    // rule: CX-CLOAK-02
    let mut t = fight(ghost("mk1-cloak", &[]));
    t.run(cloak(), &[]);
    t.run(
        Command::Harm {
            target: id("ghost"),
            amount: 300,
            damage_type: DamageType::Explosive,
            apl: 0,
            why: "a collapsing gantry".into(),
        },
        &[9, 9],
    );
    let g = t.c("ghost");
    assert!(g.fighter.is_downed());
    assert!(g.stealth.cloak.is_none());
    assert!(g.stealth.unseen_by.is_empty());
}

#[test]
fn stealth_blows_double_damage_up_to_a_cap_and_strike_vital_spots() {
    // rule: CX-RNG-10
    // (damage roll, Melee points, level, d10, miss chance, critical, explosive)
    //   -> (damage before critical effects, cap, vital spot), or no stealth blow
    type Case = (
        i64,
        i64,
        i64,
        u32,
        i64,
        bool,
        bool,
        Option<(i64, i64, bool)>,
    );
    const CASES: &[Case] = &[
        (30, 10, 0, 5, 3, false, false, Some((60, 150, false))),
        // Without 10 Melee points, no stealth blow; nor with an explosive.
        (30, 9, 0, 5, 3, false, false, None),
        (30, 40, 0, 5, 3, false, true, None),
        // 150 at most, 200 from level 10.
        (90, 10, 9, 5, 3, false, false, Some((150, 150, false))),
        (90, 10, 10, 5, 3, false, false, Some((180, 200, false))),
        (120, 10, 20, 5, 3, false, false, Some((200, 200, false))),
        // A vital spot: more than 3 over the miss chance, or a critical.
        (10, 10, 0, 6, 3, false, false, Some((20, 150, false))),
        (10, 10, 0, 7, 3, false, false, Some((20, 150, true))),
        (10, 10, 0, 4, 3, true, false, Some((20, 150, true))),
        (10, 10, 0, 2, -2, false, false, Some((20, 150, true))),
    ];
    for &(rolled, melee_skill, level, die, miss_chance, critical, explosive, expected) in CASES {
        let blow = stealth_melee(
            rolled,
            &StealthStrike {
                melee_skill,
                level,
                die,
                miss_chance,
                critical,
                explosive,
            },
        );
        assert_eq!(
            blow.map(|b: StealthBlow| (b.amount, b.cap, b.vital)),
            expected,
            "{rolled} damage, Melee {melee_skill}, level {level}, d10 {die} against {miss_chance}"
        );
    }
}
