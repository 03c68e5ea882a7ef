//! Suppression, melee, grappling, thrown weapons and grenades in a running
//! fight, with forced dice (a d100 is typed tens then ones; 0 is typed 10).
//!
//! Vex Marrow (flak jacket: coverage 60, APL 2, 15 AP; SMG with light
//! suppression) against Depot Raiders (padded vest: coverage 40, APL 1,
//! 10 AP; assault rifle with medium suppression, combat knife).

use nanite_compound_x::FireMode;
use nanite_compound_x::Suppression;
use nanite_compound_x::check::Effort;
use nanite_compound_x::combat::Cover;
use nanite_compound_x::encounter::{Command, GrappleAct, Hold, MeleeKind, Way};
use nanite_core::ClockCommand;

use super::arena::{
    Arena, RAIDER, VEX, blow, check, fighter, fire_ruled, grab, id, into_cover, position, suppress,
    throw,
};
use super::support::edit;

/// `who` (id, side, character text, initiative) with the first two
/// `metres` apart, begun: the first listed acts first.
fn table(who: &[(&str, &str, &str, i64)], metres: i64) -> Arena {
    let mut t = Arena::new();
    for (name, side, text, _) in who {
        t.add(name, side, fighter(text));
    }
    for (name, _, _, init) in who {
        t.run(
            Command::Clock(ClockCommand::SetInitiative {
                id: id(name),
                total: *init,
            }),
            &[],
        );
    }
    t.distance(who[0].0, who[1].0, metres);
    t.begin(&[]);
    t
}

/// Vex (first) and a raider, `metres` apart, begun.
fn duel(metres: i64) -> Arena {
    table(
        &[("vex", "crew", VEX, 60), ("raider", "raiders", RAIDER, 30)],
        metres,
    )
}

fn step(who: &str, metres: i64, way: Way) -> Command {
    Command::Move {
        id: id(who),
        metres,
        way,
        sprint: false,
        cover: None,
        concealed: false,
    }
}

/// A melee attack, not flanking.
fn melee(who: &str, at: &str, weapon: Option<usize>, kind: MeleeKind) -> Command {
    blow(who, at, weapon, kind, false)
}

#[test]
fn suppression_is_the_last_action_and_holds_until_the_suppressors_next_turn() {
    // rule: CX-SUP-01
    // rule: CX-SUP-03
    let mut t = duel(12);
    t.next(&[]);
    // The raider's assault rifle lays down medium suppression: 6 rounds, and
    // the rest of its turn.
    let log = t.run(suppress("raider", "vex", None), &[]);
    assert!(
        log.contains("medium suppression on Vex Marrow (6 rounds"),
        "{log}"
    );
    assert_eq!(t.state().clock.budget.left, 0);
    assert_eq!(t.loaded("raider", 0), 24);
    t.next(&[]);
    assert!(t.suppressed("vex"));
    // A suppressed shooter takes +1: the SMG's 4 at 11-20 m becomes 5.
    t.run(Command::Aim { id: id("vex") }, &[]);
    let log = t.run(fire_ruled("vex", "raider", None, None), &[5]);
    assert!(log.contains("+1 suppressed (CX-SUP-01)"), "{log}");
    assert!(log.contains("d10 5 <= miss chance 5: miss"), "{log}");
    // It ends when the raider's next turn starts.
    t.next(&[]);
    assert!(!t.suppressed("vex"));
}

#[test]
fn light_suppression_rolls_at_a_target_moving_into_the_open() {
    // rule: CX-SUP-02
    // rule: CX-SUP-05
    let mut t = duel(12);
    let log = t.run(suppress("vex", "raider", None), &[]);
    assert!(
        log.contains("light suppression on Depot Raider (3 rounds"),
        "{log}"
    );
    assert_eq!(t.loaded("vex", 0), 27);
    t.next(&[]);
    // The raider moves 3 m away: Vex rolls 9 against the SMG's 4 (in the
    // open: no cover) and hits; 2d10+8 = 5+5+8 = 18; armor roll 10 10 = 100:
    // the body, half: 9.
    let log = t.run(
        step("raider", 3, Way::Away { id: id("vex") }),
        &[9, 5, 5, 10, 10],
    );
    assert!(
        log.contains("moving into the open (light suppression"),
        "{log}"
    );
    assert!(
        log.contains("d10 9 > miss chance 4: hit (CX-SUP-02)"),
        "{log}"
    );
    assert_eq!(t.hp("raider"), 120 - 9);
    // 3 m is more than the 1 m area: no longer suppressed.
    assert!(!t.suppressed("raider"));
    assert!(log.contains("leaves the suppressed area"), "{log}");
}

#[test]
fn a_move_into_concealment_draws_no_fire_and_an_unhittable_target_is_not_suppressed() {
    // rule: CX-SUP-05
    let mut t = duel(12);
    t.run(suppress("vex", "raider", None), &[]);
    t.next(&[]);
    // No dice are forced: Vex does not fire.
    t.run(into_cover("raider", 1, Some(Cover::Full), true), &[]);
    assert_eq!(t.hp("raider"), 120);
    // At 50 m behind full cover the assault rifle's 6 + 4 = 10 cannot be beaten.
    let mut t = duel(50);
    t.run(position("vex", Some(Cover::Full), None), &[]);
    t.next(&[]);
    let log = t.run(suppress("raider", "vex", None), &[]);
    assert!(log.contains("cannot be hit at all from there"), "{log}");
    assert!(!t.suppressed("vex"));
}

#[test]
fn heavy_suppression_holds_everyone_near_and_hits_twice() {
    // rule: CX-SUP-04
    let gunner = edit(
        VEX,
        &[
            ("id = \"smg\"", "id = \"lmg\""),
            ("attachments = [\"dot-sight\"]", "attachments = []"),
        ],
    );
    let mut t = table(
        &[
            ("vex", "crew", &gunner, 60),
            ("raider", "raiders", RAIDER, 30),
            ("guard", "raiders", RAIDER, 20),
        ],
        12,
    );
    t.distance("raider", "guard", 2);
    let log = t.run(suppress("vex", "raider", Some(Suppression::Heavy)), &[]);
    assert!(
        log.contains("heavy suppression on Depot Raider (10 rounds"),
        "{log}"
    );
    assert!(t.suppressed("raider") && t.suppressed("guard"));
    assert_eq!(t.loaded("vex", 0), 90);
    t.next(&[]);
    // A 1 m shuffle stays inside the 2 m area but still draws two automatic
    // hits: 2d10+12 each; armor rolls 10 10 (body, half).
    let log = t.run(
        step("raider", 1, Way::Elsewhere),
        &[5, 5, 10, 10, 3, 3, 10, 10],
    );
    assert!(log.contains("hit 1 of 2"), "{log}");
    assert!(log.contains("hit 2 of 2"), "{log}");
    assert_eq!(t.hp("raider"), 120 - 11 - 9);
    assert!(t.suppressed("raider"), "1 m does not leave a 2 m area");
}

#[test]
fn the_gm_rules_a_crossing_in_front_of_suppressive_fire() {
    // rule: CX-SUP-06
    let mut t = table(
        &[
            ("vex", "crew", VEX, 60),
            ("raider", "raiders", RAIDER, 30),
            ("guard", "raiders", RAIDER, 20),
        ],
        12,
    );
    t.distance("vex", "guard", 12);
    t.run(suppress("vex", "raider", None), &[]);
    let log = t.run(
        Command::Crossing {
            by: id("vex"),
            target: id("guard"),
        },
        &[2],
    );
    assert!(log.contains("d10 2 <= miss chance 4: miss"), "{log}");
    let refusal = t.refuse(
        Command::Crossing {
            by: id("raider"),
            target: id("vex"),
        },
        &[],
    );
    assert!(
        refusal.contains("not laying down suppressive fire"),
        "{refusal}"
    );
}

#[test]
fn leaving_melee_or_a_skill_check_in_it_draws_a_penalty_attack() {
    // rule: CX-MELEE-02
    let mut t = duel(1);
    // Fists at miss chance 3: a 2 misses, but the two are locked together.
    t.run(melee("vex", "raider", None, MeleeKind::Strike), &[2]);
    t.next(&[]);
    // A skill check in melee: Vex swings at 1 (a miss), then the check.
    let log = t.run(check("raider", "awareness", 10, Effort::Roll), &[1, 5, 5]);
    assert!(
        log.contains("penalty attack on raider: a skill check in melee"),
        "{log}"
    );
    // Leaving: another penalty attack, then the lock ends.
    let log = t.run(step("raider", 3, Way::Away { id: id("vex") }), &[1]);
    assert!(
        log.contains("penalty attack on raider: leaving melee"),
        "{log}"
    );
    assert!(!t.state().engaged(&id("vex"), &id("raider")));
    assert_eq!(t.state().distance(&id("vex"), &id("raider")), Some(4));
}

#[test]
fn grapples_are_won_by_opposed_checks_and_holds_restrain() {
    // rule: CX-MELEE-03
    // rule: CX-DICE-04
    let mut t = duel(1);
    // The grab: the raider's knife thrust (1: a miss), then Vex 5 10 = 50 +
    // Grappling 8 = 58 against the raider's 5 4 = 54 + 4 = 58: a tie, so the
    // defender has control.
    let log = t.run(grab("vex", "raider"), &[1, 5, 10, 5, 4]);
    assert!(log.contains("the defender wins ties"), "{log}");
    let controller = |t: &Arena| t.state().grapples[0].controller.clone();
    assert_eq!(controller(&t), Some(id("raider")));
    let refusal = t.refuse(
        Command::GrappleAct {
            id: id("vex"),
            act: GrappleAct::Subdue { hold: Hold::Pin },
        },
        &[],
    );
    assert!(refusal.contains("must win control first"), "{refusal}");
    // Contest: 9 9 = 107 against 1 1 = 15.
    t.run(
        Command::GrappleAct {
            id: id("vex"),
            act: GrappleAct::Contest,
        },
        &[9, 9, 1, 1],
    );
    assert_eq!(controller(&t), Some(id("vex")));
    t.run(
        Command::GrappleAct {
            id: id("vex"),
            act: GrappleAct::Subdue { hold: Hold::Pin },
        },
        &[9, 9, 1, 1],
    );
    assert!(t.state().is_restrained(&id("raider")));
    t.next(&[]);
    let refusal = t.refuse(step("raider", 1, Way::Elsewhere), &[]);
    assert!(refusal.contains("grapple"), "{refusal}");
    // Only contesting is left to it: 9 9 against 1 1 breaks the pin.
    t.run(
        Command::GrappleAct {
            id: id("raider"),
            act: GrappleAct::Contest,
        },
        &[9, 9, 1, 1],
    );
    assert!(!t.state().is_restrained(&id("raider")));
    assert_eq!(controller(&t), Some(id("raider")));
    t.run(
        Command::GrappleAct {
            id: id("raider"),
            act: GrappleAct::Release,
        },
        &[],
    );
    assert!(t.state().grapples.is_empty());
}

#[test]
fn a_failed_strike_in_a_grapple_lets_the_other_contest() {
    // rule: CX-MELEE-03
    let mut t = duel(1);
    t.run(grab("vex", "raider"), &[1, 9, 9, 1, 1]);
    // Vex strikes and misses (1); the raider contests at once and wins.
    let log = t.run(
        Command::GrappleAct {
            id: id("vex"),
            act: GrappleAct::Strike { weapon: None },
        },
        &[1, 9, 9, 1, 1],
    );
    assert!(
        log.contains("raider reacts: contest the grapple")
            || log.contains("reacts: contest the grapple"),
        "{log}"
    );
    assert_eq!(t.state().grapples[0].controller, Some(id("raider")));
}

#[test]
fn a_shove_does_half_damage_and_pushes_by_strength() {
    // rule: CX-MELEE-04
    let mut t = duel(1);
    // Fists 3 + 2 = 5; a 6 hits. d10 4 + STR 7 = 11, halved 5; armor roll
    // 10 10 = 100: the body, half again: 2. STR 7 pushes 1 m.
    let log = t.run(
        melee("vex", "raider", None, MeleeKind::Shove),
        &[6, 4, 10, 10],
    );
    assert!(log.contains("+2 shove or kick (CX-MELEE-04)"), "{log}");
    assert!(log.contains("pushed 1 m"), "{log}");
    assert_eq!(t.hp("raider"), 118);
    assert_eq!(t.state().distance(&id("vex"), &id("raider")), Some(2));
    assert!(!t.state().engaged(&id("vex"), &id("raider")));
}

#[test]
fn melee_damage_comes_from_the_weapon_formula() {
    // rule: CX-MELEE-05
    let mut t = duel(1);
    t.next(&[]);
    // The knife: d10 + STR + DEX = 5 + 6 + 7 = 18; armor roll 10 10 = 100 on
    // the flak jacket misses: the body, half: 9.
    let log = t.run(
        melee("raider", "vex", Some(1), MeleeKind::Strike),
        &[6, 5, 10, 10],
    );
    assert!(log.contains("damage d10 + STR + DEX: 18"), "{log}");
    assert_eq!(t.hp("vex"), 140 - 9);
}

#[test]
fn thrown_weapons_bypass_armor_on_a_roll_three_over() {
    // rule: CX-RNG-14
    let thrower = edit(VEX, &[("id = \"frag-grenade\"", "id = \"throwing-knife\"")]);
    let mut t = table(
        &[
            ("vex", "crew", &thrower, 60),
            ("raider", "raiders", RAIDER, 30),
        ],
        8,
    );
    let knife = &t.state().combatants[&id("vex")].fighter.weapons[1];
    let row = knife.aimed.row(FireMode::Semi).unwrap()[knife.bracket(8).unwrap()];
    let throw = || throw("vex", "raider", 1);
    // A roll 3 over the miss chance: d10 + DEX = 5 + 5 = 10, the armor
    // counts as absent, and the body roll 3 10 = 30 takes it all.
    let die = row + 3;
    let log = t.run(throw(), &[die, 5, 3, 10]);
    assert!(log.contains("bypasses armor (CX-RNG-14)"), "{log}");
    assert_eq!(t.hp("raider"), 110);
    assert_eq!(
        t.state().combatants[&id("vex")].fighter.weapons[1].spare_magazines,
        1
    );
    t.run(throw(), &[1]);
    let refusal = t.refuse(throw(), &[]);
    assert!(refusal.contains("no Throwing Knife left"), "{refusal}");
}

#[test]
fn grenades_need_explosives_scatter_and_can_be_dodged_unless_cooked() {
    // rule: CX-RNG-15
    let mut t = table(
        &[
            ("vex", "crew", VEX, 60),
            ("raider", "raiders", RAIDER, 30),
            ("guard", "raiders", RAIDER, 20),
        ],
        12,
    );
    t.distance("raider", "guard", 3);
    let frag = &t.state().combatants[&id("vex")].fighter.weapons[1];
    // 12 m is under half the 30 m throw: -2.
    let mc = frag.aimed.row(FireMode::Semi).unwrap()[frag.bracket(12).unwrap()] - 2;
    // A roll equal to the miss chance misses by less than 1: d4 = 2 m off.
    // The 8 m blast still catches the raider (2 m) and the guard (3 + 2 m).
    // Damage 3d10+15 = 5+5+5+15 = 30; each dodges with d100 + Reflex 18 - 10:
    // the raider 9 9 = 107 > 50 (half: 15), the guard 1 1 = 19 (all 30).
    // Frag is ballistic: armor rolls 10 10 = 100 (the body, half).
    let log = t.run(
        throw("vex", "raider", 1),
        &[mc, 2, 5, 5, 5, 9, 9, 10, 10, 1, 1, 10, 10],
    );
    assert!(
        log.contains("-2 under half the longest throw (CX-RNG-15)"),
        "{log}"
    );
    assert!(
        log.contains("within 1 of the miss chance, d4 m off"),
        "{log}"
    );
    assert!(
        log.contains("2 m off target: raider, guard caught"),
        "{log}"
    );
    assert_eq!(t.hp("raider"), 120 - 7);
    assert_eq!(t.hp("guard"), 120 - 15);
    // Cooked (1 action): nobody dodges. A hit lands on target.
    t.run(
        Command::Cook {
            id: id("vex"),
            weapon: 1,
        },
        &[],
    );
    let log = t.run(throw("vex", "raider", 1), &[9, 5, 5, 5, 10, 10, 10, 10]);
    assert!(log.contains("cooked: no dodging"), "{log}");
    assert!(!log.contains("Reflex save"), "{log}");
    // Without Explosives 6 a grenade cannot be thrown.
    let clumsy = edit(VEX, &[("explosives = 10\n", "")]);
    let mut t = table(
        &[
            ("vex", "crew", &clumsy, 60),
            ("raider", "raiders", RAIDER, 30),
        ],
        12,
    );
    let refusal = t.refuse(throw("vex", "raider", 1), &[]);
    assert!(refusal.contains("needs explosives 6"), "{refusal}");
}
