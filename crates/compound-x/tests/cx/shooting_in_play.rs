//! Shooting in a running fight, with forced dice: hip fire, aimed fire and
//! optics, the minimum distance, jams and clearing them, ammunition, and
//! reload checks whose time carries into the next turn (CX-RNG-05, CX-RNG-08,
//! CX-RNG-12, CX-RNG-13).

use nanite_compound_x::FireMode;
use nanite_compound_x::combat::{Fighter, Fire};
use nanite_compound_x::encounter::{Command, CxEffect};

use super::arena::{Arena, RAIDER, Recruit, VEX, act, aim, fighter, fire, fire_with, id, reload};

fn clear_jam(who: &str) -> Command {
    Command::ClearJam {
        id: id(who),
        weapon: 0,
    }
}

fn loaded(a: &Arena, who: &str) -> (i64, i64) {
    let w = &a.f(who).weapons[0];
    (w.loaded, w.spare_magazines)
}

#[test]
fn without_an_aim_a_shot_is_hip_fire_and_with_one_it_is_aimed() {
    // rule: CX-RNG-05
    // The raider's AR-7 (no optics) at Vex, 12 m: hip 6, aimed 3.
    let mut a = Arena::duel();
    a.next(&[]);
    let log = a.run(fire("raider", "vex"), &[6]);
    assert!(log.contains("(semi, hip fire)"), "{log}");
    assert!(log.contains("hip fire miss chance at 0-15 m"), "{log}");
    assert!(log.contains("d10 6 <= miss chance 6: miss"), "{log}");
    a.run(aim("raider"), &[]);
    let log = a.run(fire("raider", "vex"), &[3]);
    assert!(log.contains("(semi, aimed)"), "{log}");
    // Vex dived after the first shot: prone at 12 m, +2.
    assert!(log.contains("d10 3 <= miss chance 5: miss"), "{log}");
    // Aimed, it may still choose the hip.
    let log = a.run(
        fire_with("raider", "vex", 0, FireMode::Semi, Some(Fire::Hip)),
        &[2],
    );
    assert!(log.contains("(semi, hip fire)"), "{log}");
    // The aim lasts the turn only.
    a.next(&[]);
    a.next(&[]);
    let why = a.refuse(
        fire_with("raider", "vex", 0, FireMode::Semi, Some(Fire::Aimed)),
        &[5],
    );
    assert_eq!(
        why,
        "raider cannot fire: raider has not aimed this turn; aim first (1 action) or hip fire (+3) (CX-RNG-05)"
    );
    a.run(aim("raider"), &[]);
    let why = a.refuse(aim("raider"), &[]);
    assert!(why.contains("already aimed this turn"), "{why}");
}

#[test]
fn an_optic_gives_no_bonus_in_hip_fire_but_does_not_forbid_it() {
    // rule: CX-RNG-05
    // rule: CX-RNG-06
    // 000: "Add 3 to a weapon's miss chance. You cannot use optical
    // attachments in hip firing": the Dot Sight drops out, the shot stays.
    // Vex's Basic SMG at 11-20 m: base 5 + 3 = 8, less PER +0.5 and Steady
    // Aim +0.5 (1, truncated) = 7, without the Dot Sight's +0.5 (aimed: 4).
    let mut a = Arena::duel();
    for (how, face, outcome) in [
        (None, 7, "d10 7 <= miss chance 7: miss"),
        // The raider hit the dirt after the first shot: prone at 12 m, +2.
        (Some(Fire::Hip), 9, "d10 9 <= miss chance 9: miss"),
    ] {
        let log = a.run(fire_with("vex", "raider", 0, FireMode::Semi, how), &[face]);
        assert!(log.contains("(semi, hip fire)"), "{log}");
        assert!(log.contains("hip fire miss chance at 11-20 m"), "{log}");
        assert!(
            log.contains("the optic fitted gives no bonus in hip fire (CX-RNG-05)"),
            "{log}"
        );
        assert!(log.contains(outcome), "{log}");
    }
    // Blind fire takes no attachments at all: 10 at 11-20 m, +2 prone.
    let log = a.run(
        fire_with("vex", "raider", 0, FireMode::Semi, Some(Fire::Blind)),
        &[10],
    );
    assert!(log.contains("blind fire miss chance at 11-20 m"), "{log}");
    assert!(
        !log.contains("the optic fitted gives no bonus"),
        "blind fire names no optic: {log}"
    );
    assert!(log.contains("d10 10 <= miss chance 12: miss"), "{log}");
}

#[test]
fn inside_the_minimum_distance_every_shot_is_hip_fire_and_outside_optics_only_drop_out() {
    // rule: CX-RNG-05
    // Wren's AR-7 wears a 3.2x scope (optical, minimum 10 m): aimed 2/3/5,
    // hip 6/7/9. The Longshot's own minimum is 15 m: aimed 5/1/2/4 with
    // its bracket to 15 m, hip 9/5/6/8.
    let wren =
        Recruit::new("Wren")
            .skill("rifles", 10)
            .weapon("assault-rifle", &["basic-scope-3x2"], 1);
    let scope = Recruit::new("Scope")
        .class("sniper")
        .skill("sniper-rifles", 10)
        .weapon("sniper-rifle", &[], 1);
    // (shooter, metres, aims, the row used): outside the minimum distance
    // an unaimed shot is hip fire with the optic left out, not a refusal.
    let cases: [(&Recruit, i64, bool, &str); 6] = [
        (
            &wren,
            8,
            true,
            "hip fire (inside the minimum distance, CX-RNG-05) miss chance at 0-15 m",
        ),
        (&wren, 8, false, "hip fire miss chance at 0-15 m"),
        (&wren, 10, true, "aimed miss chance at 0-15 m"),
        (&wren, 10, false, "hip fire miss chance at 0-15 m"),
        (
            &scope,
            14,
            true,
            "hip fire (inside the minimum distance, CX-RNG-05) miss chance at 0-15 m",
        ),
        (&scope, 15, true, "aimed miss chance at 0-15 m"),
    ];
    for (shooter, metres, aims, expected) in cases {
        let mut a = Arena::with(
            vec![
                ("shooter", "crew", shooter.fighter()),
                ("raider", "raiders", fighter(RAIDER)),
            ],
            metres,
        );
        a.begin(&[]);
        if aims {
            a.run(aim("shooter"), &[]);
        }
        let log = a.run(fire("shooter", "raider"), &[2]);
        assert!(log.contains(expected), "{metres} m: {log}");
        let optic_note = log.contains("the optic fitted gives no bonus in hip fire");
        assert_eq!(
            optic_note,
            expected.starts_with("hip") && shooter.fighter().weapons[0].optical,
            "{metres} m: {log}"
        );
    }
}

#[test]
fn a_raw_one_may_jam_and_clearing_is_a_dc_60_weapon_check() {
    // rule: CX-RNG-08
    // rule: CX-RNG-12
    let mut a = Arena::duel();
    a.run(aim("vex"), &[]);
    // A raw 1 and a jam die of 3: no jam.
    let log = a.run(fire("vex", "raider"), &[1, 3]);
    assert!(log.contains("d10 3 > 2: no jam"), "{log}");
    // A raw 1 and a 2: jammed; the round is spent all the same.
    let log = a.run(fire("vex", "raider"), &[1, 2]);
    assert!(
        log.contains("d10 2 <= 2: the weapon jams (CX-RNG-08)"),
        "{log}"
    );
    assert!(a.f("vex").weapons[0].jammed);
    assert_eq!(loaded(&a, "vex"), (28, 3));
    let why = a.refuse(fire("vex", "raider"), &[5]);
    assert_eq!(
        why,
        "vex cannot fire: the Basic SMG is jammed; clear it first (a DC 60 weapon skill check, CX-RNG-08)"
    );
    // SMGs 40: 20 + 40 = 60 does not beat 60 (1 action spent anyway).
    let log = a.run(clear_jam("vex"), &[2, 10]);
    assert!(
        log.contains("clear the Basic SMG's jam (DC 60, CX-RNG-08)"),
        "{log}"
    );
    assert!(log.contains("total 60 <= DC 60: failure"), "{log}");
    assert!(a.f("vex").weapons[0].jammed);
    assert_eq!(a.left(), 0);
    a.next(&[]);
    a.next(&[]);
    let log = a.run(clear_jam("vex"), &[2, 1]);
    assert!(log.contains("Vex Marrow clears the jam"), "{log}");
    assert!(!a.f("vex").weapons[0].jammed);
    let why = a.refuse(clear_jam("vex"), &[5, 5]);
    assert_eq!(why, "the Basic SMG is not jammed");
    a.run(aim("vex"), &[]);
    a.run(fire("vex", "raider"), &[2]);
}

#[test]
fn every_shot_spends_its_rounds_and_an_empty_weapon_must_reload() {
    // rule: CX-RNG-12
    let mut low: Fighter = fighter(VEX);
    low.weapons[0].loaded = 10;
    let mut a = Arena::with(
        vec![("vex", "crew", low), ("raider", "raiders", fighter(RAIDER))],
        12,
    );
    a.begin(&[]);
    a.run(aim("vex"), &[]);
    // Auto 6, burst 3, semi 1.
    for (mode, after) in [
        (FireMode::Auto, 4),
        (FireMode::Burst, 1),
        (FireMode::Semi, 0),
    ] {
        a.run(fire_with("vex", "raider", 0, mode, None), &[2]);
        assert_eq!(loaded(&a, "vex"), (after, 3), "{mode:?}");
    }
    a.next(&[]);
    a.next(&[]);
    let why = a.refuse(
        fire_with("vex", "raider", 0, FireMode::Semi, Some(Fire::Blind)),
        &[5],
    );
    assert_eq!(
        why,
        "vex cannot fire: the Basic SMG has 0 round(s) loaded and this fire mode needs 1; reload (CX-RNG-12)"
    );
    // A reload: a full magazine, one spare fewer.
    a.run(reload("vex"), &[5, 5]);
    assert_eq!(loaded(&a, "vex"), (30, 2));
    let why = a.refuse(reload("vex"), &[5, 5]);
    assert_eq!(why, "the Basic SMG is fully loaded");
    // Out of spares.
    let mut dry = fighter(VEX);
    dry.weapons[0].loaded = 1;
    dry.weapons[0].spare_magazines = 0;
    let mut a = Arena::with(
        vec![("vex", "crew", dry), ("raider", "raiders", fighter(RAIDER))],
        12,
    );
    a.begin(&[]);
    let why = a.refuse(reload("vex"), &[5, 5]);
    assert_eq!(
        why,
        "vex has no spare magazine for the Basic SMG (CX-RNG-12)"
    );
    let why = a.refuse(
        fire_with("vex", "raider", 0, FireMode::Burst, Some(Fire::Blind)),
        &[5],
    );
    assert!(
        why.contains("has 1 round(s) loaded and this fire mode needs 3"),
        "{why}"
    );
}

/// Rook: SMGs 10 and DEX 6: +14 on a reload check (DC 30 for the SMG).
fn rook() -> Recruit {
    Recruit::new("Rook").skill("smgs", 10).weapon("smg", &[], 2)
}

/// Pump: Shotguns 10: +14 (DC 30); a pump reload is 4 actions, 2 on a
/// critical, 8 on a failure.
fn pump() -> Recruit {
    Recruit::new("Pump")
        .skill("shotguns", 10)
        .weapon("pump-shotgun", &[], 2)
}

/// `shooter` (first) fires once at the raider 12 m off and reloads with
/// `dice`.
fn fire_then_reload(shooter: &Recruit, dice: &[i64]) -> (Arena, String) {
    let mut a = Arena::with(
        vec![
            ("shooter", "crew", shooter.fighter()),
            ("raider", "raiders", fighter(RAIDER)),
        ],
        12,
    );
    a.begin(&[]);
    a.run(fire("shooter", "raider"), &[2]);
    let log = a.run(reload("shooter"), dice);
    (a, log)
}

/// The shooter, its d100, the check's total, the outcome, the actions spent
/// now, and whether the magazine is in this turn.
type ReloadCase = (Recruit, [i64; 2], i64, &'static str, u32, bool);

#[test]
fn a_reload_check_sets_its_time() {
    // rule: CX-RNG-13
    // rule: CX-TURN-07
    // (shooter, d100, total, outcome, actions spent now, loaded now)
    let cases: [ReloadCase; 6] = [
        // 55 + 14 = 69 > 30: standard, 2 actions.
        (rook(), [5, 5], 69, "standard time, 2 action(s)", 2, true),
        // 76 + 14 = 90: critical, half time.
        (
            rook(),
            [7, 6],
            90,
            "critical: half time, 1 action(s)",
            1,
            true,
        ),
        // 75 + 14 = 89: just short of a critical.
        (rook(), [7, 5], 89, "standard time, 2 action(s)", 2, true),
        // 16 + 14 = 30 is not above 30: double time, 4, more than the 3
        // left: 3 now, the last at the next turn's start.
        (
            rook(),
            [1, 6],
            30,
            "failed: double time, 4 action(s)",
            3,
            false,
        ),
        // The pump shotgun (its shot took 2): critical 2.
        (
            pump(),
            [8, 1],
            95,
            "critical: half time, 2 action(s)",
            2,
            true,
        ),
        // Standard 4 with 2 left: 2 now, 2 next turn.
        (pump(), [5, 5], 69, "standard time, 4 action(s)", 2, false),
    ];
    for (shooter, dice, total, outcome, now, done) in cases {
        let (a, log) = fire_then_reload(&shooter, &dice);
        assert!(log.contains(&format!("total {total}")), "{log}");
        assert!(log.contains(&format!("{outcome}, CX-RNG-13)")), "{log}");
        let spent: u32 = a
            .state()
            .clock
            .budget
            .spent
            .iter()
            .skip(1)
            .map(|(_, n)| n)
            .sum();
        assert_eq!(spent, now, "{outcome}");
        let w = &a.f("shooter").weapons[0];
        assert_eq!(w.loaded == w.magazine, done, "{outcome}: {log}");
        let carried = a
            .state()
            .has_effect(&id("shooter"), |e| matches!(e, CxEffect::Reloading { .. }));
        assert_eq!(carried, !done);
    }
}

#[test]
fn a_long_reload_carries_over_turns_until_the_magazine_is_in() {
    // rule: CX-RNG-13
    // The pump fails: 15 + 14 = 29, double time: 8 actions. 2 are left
    // after the shot: 2 now, 4 at the next turn, 2 at the one after.
    let (mut a, log) = fire_then_reload(&pump(), &[1, 5]);
    assert!(log.contains("failed: double time, 8 action(s)"), "{log}");
    assert!(
        log.contains("reload the Breacher Pump Shotgun (continues next turn) (2 actions)"),
        "{log}"
    );
    assert_eq!(a.f("shooter").weapons[0].loaded, 5);
    let why = a.refuse(reload("shooter"), &[5, 5]);
    assert!(why.contains("already reloading"), "{why}");
    a.next(&[]);
    let log = a.next(&[]);
    assert!(log.contains("reload, continued (4 actions)"), "{log}");
    assert_eq!((a.left(), a.f("shooter").weapons[0].loaded), (0, 5));
    a.next(&[]);
    let log = a.next(&[]);
    assert!(log.contains("reload, continued (2 actions)"), "{log}");
    assert!(
        log.contains("reloads the Breacher Pump Shotgun (CX-RNG-12)"),
        "{log}"
    );
    assert_eq!((a.left(), loaded(&a, "shooter")), (2, (6, 1)));
    assert!(
        !a.state()
            .has_effect(&id("shooter"), |e| matches!(e, CxEffect::Reloading { .. }))
    );
    a.run(act("shooter", "rack it", 1), &[]);
}

#[test]
fn a_bolt_action_reloads_in_one_action_on_a_critical() {
    // rule: CX-RNG-13
    let scope = Recruit::new("Scope")
        .class("sniper")
        .skill("sniper-rifles", 10)
        .weapon("sniper-rifle", &[], 1);
    let mut a = Arena::with(
        vec![
            ("shooter", "crew", scope.fighter()),
            ("raider", "raiders", fighter(RAIDER)),
        ],
        30,
    );
    a.begin(&[]);
    a.run(fire("shooter", "raider"), &[2]);
    // The Longshot's DC 40: 81 + 14 = 95.
    let log = a.run(reload("shooter"), &[8, 1]);
    assert!(
        log.contains("(DC 40; critical: half time, 1 action(s), CX-RNG-13)"),
        "{log}"
    );
    assert_eq!(a.left(), 1);
}
