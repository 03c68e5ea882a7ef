//! Movement, stances and jumps as the sheet shows them (CX-MOVE-01..05).

use super::support::{sheet, with};

/// The template soldier with STR 2, FORT `fort` and DEX `dex` (so Movement
/// Speed is DEX's), wearing `armor` if any.
fn mover(dex: i64, fort: i64, armor: &str) -> nanite_compound_x::Sheet {
    let dex_line = format!("DEX = {dex}");
    let fort_line = format!("FORT = {fort}");
    let armor_line = format!("[equipment]\narmor = \"{armor}\"\n");
    let mut changes = vec![
        ("STR = 6", "STR = 2"),
        ("DEX = 6", dex_line.as_str()),
        ("FORT = 6", fort_line.as_str()),
    ];
    if !armor.is_empty() {
        changes.push(("[equipment]\n", &armor_line));
    }
    sheet(&with(&changes))
}

#[test]
fn moving_costs_2_actions_per_speed_minus_uncancelled_penalty() {
    // rule: CX-MOVE-01
    // (DEX, FORT, armor) -> (penalty rounded up, cancelled, metres per 2 actions)
    type Case = (i64, i64, &'static str, (i64, i64, i64));
    const CASES: &[Case] = &[
        (6, 2, "", (0, 0, 6)),
        // 0.5 rounds up to 1; Carry Ability 2 cancels it.
        (6, 2, "flak-jacket", (1, 1, 6)),
        // 4.5 rounds up to 5; Carry Ability 2 cancels 2 of it.
        (9, 2, "exo-frame", (5, 3, 7)),
        (6, 2, "assault-plate", (3, 2, 5)),
        // Carry Ability 6 cancels all of it.
        (6, 6, "assault-plate", (3, 3, 6)),
        (2, 2, "assault-plate", (3, 2, 1)),
        // Never below 1 m per 2 actions: STR 2 + 1 = 3 sets Movement Speed,
        // FORT 2 Carry Ability; 3 - (5 - 2) = 0, raised to 1.
        (2, 2, "exo-frame", (5, 2, 1)),
    ];
    for &(dex, fort, armor, (rounded, cancelled, per_2)) in CASES {
        let s = mover(dex, fort, armor);
        let m = &s.movement;
        assert_eq!(
            (m.penalty_rounded, m.cancelled_by_carry, m.per_2_actions),
            (rounded, cancelled, per_2),
            "DEX {dex} FORT {fort} {armor}"
        );
    }
}

#[test]
fn sprinting_adds_a_metre_per_action_for_up_to_fort_actions() {
    // rule: CX-MOVE-02
    // (DEX, FORT) -> (metres per 2 actions sprinting, sprint actions)
    const CASES: &[(i64, i64, (i64, i64))] = &[(6, 2, (8, 2)), (9, 7, (11, 7)), (3, 1, (5, 1))];
    for &(dex, fort, (sprint, actions)) in CASES {
        let s = mover(dex, fort, "");
        assert_eq!(
            (s.movement.sprint, s.movement.sprint_actions),
            (sprint, actions),
            "DEX {dex} FORT {fort}"
        );
    }
}

#[test]
fn jumps() {
    // rule: CX-MOVE-03
    // (STR, DEX) -> (horizontal DEX/2, with a run-up +1, vertical STR/3)
    const CASES: &[(i64, i64, (f64, f64, f64))] = &[
        (6, 6, (3.0, 4.0, 2.0)),
        (7, 5, (2.5, 3.5, 2.33)),
        (1, 9, (4.5, 5.5, 0.33)),
        (8, 1, (0.5, 1.5, 2.67)),
    ];
    for &(str, dex, (h, run, v)) in CASES {
        let s = sheet(&with(&[
            ("STR = 6", &format!("STR = {str}")),
            ("DEX = 6", &format!("DEX = {dex}")),
        ]));
        let j = &s.jumps;
        assert_eq!(
            (j.horizontal, j.horizontal_run_up, j.vertical),
            (h, run, v),
            "STR {str} DEX {dex}"
        );
    }
}

/// Metres per 2 actions standing -> (crouched, prone), per 2 actions.
const STANCES: &[(i64, (i64, i64))] = &[
    // Crouched: -1 m per action, at least 1 m per action.
    // Prone: half, rounded up, at most 2 m per action.
    (2, (2, 1)),
    (3, (2, 2)),
    (4, (2, 2)),
    (5, (3, 3)),
    (6, (4, 3)),
    (7, (5, 4)),
    (9, (7, 4)),
];

#[test]
fn crouched_movement() {
    // rule: CX-MOVE-04
    for &(per_2, (crouched, _)) in STANCES {
        let s = mover(per_2, 2, "");
        assert_eq!(s.movement.per_2_actions, per_2);
        assert_eq!(s.movement.crouched, crouched, "standing {per_2}");
    }
    // With Movement Speed 1 there is nothing to take away.
    let slow = sheet(&with(&[("STR = 6", "STR = 1"), ("DEX = 6", "DEX = 1")]));
    assert_eq!(
        (slow.movement.per_2_actions, slow.movement.crouched),
        (1, 1)
    );
}

#[test]
fn prone_movement() {
    // rule: CX-MOVE-05
    for &(per_2, (_, prone)) in STANCES {
        let s = mover(per_2, 2, "");
        assert_eq!(s.movement.prone, prone, "standing {per_2}");
    }
    // A Tundari with DEX 9 + 1 still crawls at most 4 m per 2 actions.
    let fast = sheet(&with(&[
        ("race = \"human\"", "race = \"tundari\""),
        ("DEX = 6", "DEX = 9"),
    ]));
    assert_eq!((fast.movement.per_2_actions, fast.movement.prone), (10, 4));
}
