//! Weapon rows on the sheet: accuracy bonuses and their truncation, miss
//! chances per fire mode, minimums, hip and blind fire, criticals, reloads
//! (CX-STAT-04, CX-STAT-05, CX-RNG-02/03/05/06/07/13).

use nanite_compound_x::{Attack, FireMode, MissChances, Sheet, WeaponSheet};
use nanite_core::ModifierPhase;

use super::support::{sheet, with};

/// The template soldier with `changes`, carrying `weapons` (id, attachments).
fn armed(changes: &[(&str, &str)], weapons: &[(&str, &[&str])]) -> Sheet {
    let mut text = with(changes);
    for (id, attachments) in weapons {
        let list: Vec<String> = attachments.iter().map(|a| format!("\"{a}\"")).collect();
        text.push_str(&format!(
            "\n[[equipment.weapons]]\nid = \"{id}\"\nattachments = [{}]\nmagazines = 1\n",
            list.join(", ")
        ));
    }
    sheet(&text)
}

fn weapon<'a>(s: &'a Sheet, id: &str) -> &'a WeaponSheet {
    s.weapons.iter().find(|w| w.id == id).unwrap()
}

fn rows(m: &MissChances) -> [Option<Vec<i64>>; 3] {
    [
        m.row(FireMode::Semi).map(<[i64]>::to_vec),
        m.row(FireMode::Burst).map(<[i64]>::to_vec),
        m.row(FireMode::Auto).map(<[i64]>::to_vec),
    ]
}

fn all(semi: [i64; 3], burst: [i64; 3], auto: [i64; 3]) -> [Option<Vec<i64>>; 3] {
    [
        Some(semi.to_vec()),
        Some(burst.to_vec()),
        Some(auto.to_vec()),
    ]
}

#[test]
fn worked_example_smg_with_perception_6_alone() {
    // rule: CX-STAT-04
    // rule: CX-RNG-02
    // PER 6 gives +0.5: 3.5, 4.5, 5.5 truncate back to 4, 5, 6.
    let s = armed(&[], &[("smg", &[])]);
    let smg = weapon(&s, "smg");
    assert_eq!(smg.accuracy.total.as_f64(), 0.5);
    assert_eq!(smg.accuracy.applied, 0);
    assert_eq!(
        rows(&smg.miss_chances),
        all([4, 5, 6], [5, 6, 7], [7, 8, 9])
    );
}

#[test]
fn worked_example_smg_with_a_dot_sight() {
    // rule: CX-STAT-04
    // rule: CX-RNG-02
    // PER 6 (+0.5) and a Dot Sight (+0.5) sum to 1: brackets 3/4/5, burst
    // (+1) 4/5/6, automatic (+3) 6/7/8, one row per fire mode.
    let s = armed(&[], &[("smg", &["dot-sight"])]);
    let smg = weapon(&s, "smg");
    let terms: Vec<(f64, &str)> = smg
        .accuracy
        .terms
        .iter()
        .map(|t| (t.bonus.as_f64(), t.source.name.as_str()))
        .collect();
    assert_eq!(
        terms,
        [(0.5, "CX-STAT-03 PER combat bonus"), (0.5, "Dot Sight")]
    );
    assert_eq!(smg.accuracy.total.as_f64(), 1.0);
    assert_eq!(smg.accuracy.applied, 1);
    assert_eq!(
        rows(&smg.miss_chances),
        all([3, 4, 5], [4, 5, 6], [6, 7, 8])
    );
    let brackets: Vec<(i64, i64)> = smg.brackets.iter().map(|r| (r.from, r.to)).collect();
    assert_eq!(brackets, [(0, 10), (11, 20), (21, 40)]);
}

#[test]
fn accuracy_bonuses_are_summed_then_truncated_toward_zero() {
    // rule: CX-STAT-04
    // rule: CX-STAT-03
    // (PER, attachments, feats) -> (sum, applied, SMG semi row)
    type Case = (
        i64,
        &'static [&'static str],
        &'static str,
        (f64, i64, [i64; 3]),
    );
    const CASES: &[Case] = &[
        (5, &[], "", (0.0, 0, [4, 5, 6])),
        (4, &[], "", (-0.5, 0, [4, 5, 6])),
        (2, &[], "", (-1.0, -1, [5, 6, 7])),
        (1, &[], "", (-1.5, -1, [5, 6, 7])),
        (2, &["dot-sight"], "", (-0.5, 0, [4, 5, 6])),
        (1, &["dot-sight"], "", (-1.0, -1, [5, 6, 7])),
        (7, &[], "steady-aim", (1.0, 1, [3, 4, 5])),
        (8, &["dot-sight"], "", (1.5, 1, [3, 4, 5])),
        (9, &["dot-sight", "laser-sight"], "", (2.0, 2, [2, 3, 4])),
        (
            9,
            &["dot-sight", "laser-sight"],
            "steady-aim",
            (2.5, 2, [2, 3, 4]),
        ),
    ];
    for &(per, attachments, feat, (sum, applied, semi)) in CASES {
        let per_line = format!("PER = {per}");
        let feat_line = format!("feats = [\"{feat}\"]\n");
        let mut changes = vec![("PER = 6", per_line.as_str())];
        if !feat.is_empty() {
            changes.push(("feats = []\n", &feat_line));
        }
        let s = armed(&changes, &[("smg", attachments)]);
        let smg = weapon(&s, "smg");
        let case = format!("PER {per} {attachments:?} {feat}");
        assert_eq!(smg.accuracy.total.as_f64(), sum, "{case}");
        assert_eq!(smg.accuracy.applied, applied, "{case}");
        assert_eq!(smg.miss_chances.semi.as_deref(), Some(&semi[..]), "{case}");
    }
}

#[test]
fn ranged_uses_perception_and_melee_the_best_of_str_dex_fort() {
    // rule: CX-STAT-05
    // (STR, DEX, FORT, PER) -> (melee stat, combat knife miss, SMG semi row)
    type Case = (i64, i64, i64, i64, (&'static str, i64, [i64; 3]));
    const CASES: &[Case] = &[
        (9, 3, 4, 1, ("STR", 1, [5, 6, 7])),
        (3, 9, 4, 6, ("DEX", 1, [4, 5, 6])),
        (2, 3, 10, 9, ("FORT", 1, [3, 4, 5])),
        (1, 1, 1, 5, ("STR", 3, [4, 5, 6])),
        (5, 12, 8, 5, ("DEX", 0, [4, 5, 6])),
    ];
    for &(str, dex, fort, per, (stat, knife, semi)) in CASES {
        let lines = [
            format!("STR = {str}"),
            format!("DEX = {dex}"),
            format!("FORT = {fort}"),
            format!("PER = {per}"),
        ];
        let s = armed(
            &[
                ("STR = 6", &lines[0]),
                ("DEX = 6", &lines[1]),
                ("FORT = 6", &lines[2]),
                ("PER = 6", &lines[3]),
            ],
            &[("combat-knife", &[]), ("smg", &[]), ("throwing-knife", &[])],
        );
        let case = format!("STR {str} DEX {dex} FORT {fort} PER {per}");
        let melee = weapon(&s, "combat-knife");
        assert_eq!(melee.attack, Attack::Melee);
        assert_eq!(
            melee.accuracy.terms[0].source.name,
            format!("CX-STAT-03 {stat} combat bonus"),
            "{case}"
        );
        assert_eq!(
            melee.miss_chances.semi.as_deref(),
            Some(&[knife][..]),
            "{case}"
        );
        let smg = weapon(&s, "smg");
        assert_eq!(
            smg.accuracy.terms[0].source.name,
            "CX-STAT-03 PER combat bonus"
        );
        assert_eq!(smg.miss_chances.semi.as_deref(), Some(&semi[..]), "{case}");
        // Thrown weapons aim with PER too (CX-RNG-14).
        let thrown = weapon(&s, "throwing-knife");
        assert_eq!(
            thrown.accuracy.terms[0].source.name,
            "CX-STAT-03 PER combat bonus"
        );
    }
}

#[test]
fn melee_and_thrown_weapons_have_no_hip_or_blind_fire_rows() {
    // rule: CX-RNG-05
    // rule: CX-RNG-06
    let s = armed(
        &[],
        &[("combat-knife", &[]), ("frag-grenade", &[]), ("smg", &[])],
    );
    for id in ["combat-knife", "frag-grenade"] {
        let w = weapon(&s, id);
        assert!(w.hip_fire.is_none() && w.blind_fire.is_none(), "{id}");
    }
    let smg = weapon(&s, "smg");
    assert!(smg.hip_fire.is_some() && smg.blind_fire.is_some());
}

#[test]
fn a_row_per_fire_mode_the_weapon_has() {
    // rule: CX-RNG-02
    let s = armed(
        &[],
        &[("battle-rifle", &[]), ("laser-rifle", &[]), ("lmg", &[])],
    );
    // Semi only.
    assert_eq!(
        rows(&weapon(&s, "battle-rifle").miss_chances),
        [Some(vec![3, 4, 6]), None, None]
    );
    // Semi and burst (+1).
    assert_eq!(
        rows(&weapon(&s, "laser-rifle").miss_chances),
        [Some(vec![3, 4, 5]), Some(vec![4, 5, 6]), None]
    );
    // Automatic only (+2): no semi row.
    let lmg = weapon(&s, "lmg");
    assert_eq!(rows(&lmg.miss_chances), [None, None, Some(vec![6, 7, 9])]);
    assert_eq!(lmg.rounds.get("auto"), Some(&8));
}

#[test]
fn weapon_miss_chance_never_goes_below_minus_2() {
    // rule: CX-RNG-03
    // PER 15 (+3), Laser Sight (+0.5), Steady Aim (+0.5): +4 on the
    // Breacher's 1/4/7 gives -3/0/3, and -3 stops at -2.
    let s = armed(
        &[
            ("PER = 6", "PER = 15"),
            ("feats = []\n", "feats = [\"steady-aim\"]\n"),
        ],
        &[("pump-shotgun", &["laser-sight"])],
    );
    let shotgun = weapon(&s, "pump-shotgun");
    assert_eq!(shotgun.accuracy.applied, 4);
    assert_eq!(shotgun.miss_chances.semi.as_deref(), Some(&[-2, 0, 3][..]));
    assert_eq!(nanite_compound_x::MIN_WEAPON_MISS, -2);
}

#[test]
fn burst_and_auto_miss_chance_never_goes_below_1() {
    // rule: CX-RNG-03
    // SMG burst 1, Compensator -1 and Burst Control -1: -1, raised to 1.
    // Automatic 3 - 1 = 2.
    let s = armed(
        &[
            ("level = 0", "level = 2"),
            ("feats = []\n", "feats = [\"burst-control\"]\n"),
        ],
        &[("smg", &["dot-sight", "compensator"])],
    );
    let smg = weapon(&s, "smg");
    assert_eq!(
        rows(&smg.miss_chances),
        all([3, 4, 5], [4, 5, 6], [5, 6, 7])
    );
    assert_eq!(nanite_compound_x::MIN_MODE_MISS, 1);
}

#[test]
fn hip_fire_adds_3_without_optical_attachments() {
    // rule: CX-RNG-05
    // Dot Sight is optical: hip fire keeps only PER 6 (+0.5, truncated to 0).
    let s = armed(&[], &[("smg", &["dot-sight"])]);
    let hip = weapon(&s, "smg").hip_fire.as_ref().unwrap();
    assert_eq!(rows(hip), all([7, 8, 9], [8, 9, 10], [10, 11, 12]));
    assert_eq!(nanite_compound_x::HIP_FIRE, 3);
    // A Laser Sight is not optical: it still counts (0.5 + 0.5 = 1).
    let s = armed(&[], &[("smg", &["dot-sight", "laser-sight"])]);
    let smg = weapon(&s, "smg");
    // Aimed: 0.5 + 0.5 + 0.5 = 1.5, truncated to 1.
    assert_eq!(
        rows(&smg.miss_chances),
        all([3, 4, 5], [4, 5, 6], [6, 7, 8])
    );
    assert_eq!(
        rows(smg.hip_fire.as_ref().unwrap()),
        all([6, 7, 8], [7, 8, 9], [9, 10, 11])
    );
    // So does a feat.
    let s = armed(
        &[("feats = []\n", "feats = [\"steady-aim\"]\n")],
        &[("smg", &["dot-sight"])],
    );
    let hip = weapon(&s, "smg").hip_fire.as_ref().unwrap();
    assert_eq!(hip.semi.as_deref(), Some(&[6, 7, 8][..]));
}

#[test]
fn hip_fire_is_forced_inside_the_minimum_distance() {
    // rule: CX-RNG-05
    // The Longshot's own 15 m, or a scope's larger one.
    let s = armed(
        &[],
        &[
            ("sniper-rifle", &[]),
            ("battle-rifle", &["marksman-scope-8x"]),
            ("smg", &[]),
        ],
    );
    assert_eq!(weapon(&s, "sniper-rifle").min_distance, Some(15));
    assert_eq!(weapon(&s, "battle-rifle").min_distance, Some(25));
    assert_eq!(weapon(&s, "smg").min_distance, None);
    let s = armed(&[], &[("sniper-rifle", &["marksman-scope-8x"])]);
    assert_eq!(weapon(&s, "sniper-rifle").min_distance, Some(25));
}

#[test]
fn blind_fire_adds_6_reduced_by_perception_and_luck_only() {
    // rule: CX-RNG-06
    // (PER, LUCK, attachments, feat) -> blind semi, burst, auto rows of the SMG
    type Case = (
        i64,
        i64,
        &'static [&'static str],
        &'static str,
        [[i64; 3]; 3],
    );
    const CASES: &[Case] = &[
        // PER 6 + LUCK 6: 0.5 + 0.5 = 1.
        (6, 6, &[], "", [[9, 10, 11], [10, 11, 12], [12, 13, 14]]),
        // Attachments and feats do not help blind fire.
        (
            6,
            6,
            &["dot-sight", "laser-sight"],
            "steady-aim",
            [[9, 10, 11], [10, 11, 12], [12, 13, 14]],
        ),
        // PER 6 + LUCK 5: 0.5, truncated to 0.
        (6, 5, &[], "", [[10, 11, 12], [11, 12, 13], [13, 14, 15]]),
        // PER 8 + LUCK 8: 2.
        (8, 8, &[], "", [[8, 9, 10], [9, 10, 11], [11, 12, 13]]),
        // PER 1 + LUCK 6: -1.5 + 0.5 = -1.
        (1, 6, &[], "", [[11, 12, 13], [12, 13, 14], [14, 15, 16]]),
    ];
    for &(per, luck, attachments, feat, [semi, burst, auto]) in CASES {
        let per_line = format!("PER = {per}");
        let luck_line = format!("LUCK = {luck}");
        let feat_line = format!("feats = [\"{feat}\"]\n");
        let mut changes = vec![("PER = 6", per_line.as_str()), ("LUCK = 6", &luck_line)];
        if !feat.is_empty() {
            changes.push(("feats = []\n", &feat_line));
        }
        let s = armed(&changes, &[("smg", attachments)]);
        let blind = weapon(&s, "smg").blind_fire.clone().unwrap();
        assert_eq!(
            rows(&blind),
            all(semi, burst, auto),
            "PER {per} LUCK {luck} {attachments:?} {feat}"
        );
    }
    assert_eq!(nanite_compound_x::BLIND_FIRE, 6);
}

#[test]
fn blind_fire_ignores_attachments_on_the_fire_modes_too() {
    // rule: CX-RNG-06
    // rule: CX-RNG-05
    // The Compensator (-1 burst and automatic) helps aimed and hip fire, but
    // blind fire uses no attachments at all.
    let s = armed(&[], &[("smg", &["compensator"])]);
    let smg = weapon(&s, "smg");
    assert_eq!(
        rows(&smg.miss_chances),
        all([4, 5, 6], [5, 6, 7], [6, 7, 8])
    );
    assert_eq!(
        rows(smg.hip_fire.as_ref().unwrap()),
        all([7, 8, 9], [8, 9, 10], [9, 10, 11])
    );
    assert_eq!(
        rows(smg.blind_fire.as_ref().unwrap()),
        all([9, 10, 11], [10, 11, 12], [12, 13, 14])
    );
}

#[test]
fn worked_example_luck_8_crits_on_9_and_10() {
    // rule: CX-RNG-07
    // 1 + floor((8 - 5) * 0.4) = 1 + 1 = 2 faces: 9-10.
    let s = armed(
        &[("LUCK = 6", "LUCK = 8"), ("CHA = 6", "CHA = 4")],
        &[("smg", &[]), ("lmg", &[])],
    );
    assert_eq!(
        s.breakdown["crit_range"].total_through(ModifierPhase::Base),
        2
    );
    assert_eq!(s.crit_range, 2);
    assert_eq!(s.crit_faces, [9, 10]);
    assert_eq!(weapon(&s, "smg").crit_faces, [9, 10]);
    // A fully automatic weapon cannot crit.
    assert!(weapon(&s, "lmg").crit_faces.is_empty());
}

#[test]
fn critical_range_by_luck() {
    // rule: CX-RNG-07
    // LUCK -> critical range by the rule, 1 + (LUCK - 5) * 0.4 with the remainder
    // dropped toward zero (000: "drop the remainder"; 002: "-0.5 becomes 0").
    const CASES: &[(i64, i64)] = &[
        (1, 0),
        (2, 0),
        (3, 1),
        (4, 1),
        (5, 1),
        (6, 1),
        (7, 1),
        (8, 2),
        (9, 2),
        (10, 3),
        (12, 3),
        (13, 4),
        (15, 5),
        (20, 7),
    ];
    for &(luck, range) in CASES {
        let line = format!("LUCK = {luck}");
        let s = armed(&[("LUCK = 6", &line)], &[]);
        assert_eq!(
            s.breakdown["crit_range"].total_through(ModifierPhase::Base),
            range,
            "LUCK {luck}"
        );
    }
}

#[test]
fn critical_faces_are_the_top_faces_of_the_d10() {
    // rule: CX-RNG-07
    // LUCK -> faces on the sheet (the sample Lucky feat adds a face at LUCK 9).
    const CASES: &[(i64, &[i64])] = &[
        (2, &[]),
        (4, &[10]),
        (5, &[10]),
        (6, &[10]),
        (8, &[9, 10]),
        (9, &[8, 9, 10]),
    ];
    for &(luck, faces) in CASES {
        let line = format!("LUCK = {luck}");
        let s = armed(&[("LUCK = 6", &line)], &[("combat-knife", &[])]);
        assert_eq!(s.crit_faces, faces, "LUCK {luck}");
        // Melee weapons crit too.
        assert_eq!(weapon(&s, "combat-knife").crit_faces, faces, "LUCK {luck}");
    }
}

#[test]
fn reload_times() {
    // rule: CX-RNG-13
    // weapon -> (reload DC, standard, critical, failed) in actions
    type Case = (&'static str, Option<(i64, i64, i64, i64)>);
    const CASES: &[Case] = &[
        ("smg", Some((30, 2, 1, 4))),
        ("assault-rifle", Some((30, 2, 1, 4))),
        // Bolt action: a critical reload takes 1 action.
        ("sniper-rifle", Some((40, 3, 1, 6))),
        ("pump-shotgun", Some((30, 4, 2, 8))),
        ("rocket-launcher", Some((40, 3, 2, 6))),
        ("lmg", Some((40, 4, 2, 8))),
        ("frag-grenade", None),
    ];
    let s = armed(
        &[],
        &CASES
            .iter()
            .map(|(id, _)| (*id, &[][..]))
            .collect::<Vec<_>>(),
    );
    for &(id, expected) in CASES {
        let w = weapon(&s, id);
        let found = w
            .reload_actions
            .map(|r| (w.reload_dc.unwrap(), r.standard, r.critical, r.failed));
        assert_eq!(found, expected, "{id}");
    }
}
