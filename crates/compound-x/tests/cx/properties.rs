//! Property tests: invariants of the sheet for any stats, level and house rules.

use nanite_compound_x::{Character, CharacterWeapon, MIN_WEAPON_MISS, Sheet, Stat, Stats};
use proptest::prelude::*;

use super::support::sample;

fn character(stats: [i64; 7], level: i64, linear: bool, round_up: bool) -> Character {
    let mut base = Stats::default();
    for (stat, value) in Stat::ALL.into_iter().zip(stats) {
        base.set(stat, value);
    }
    let mut c = Character::default();
    c.name = "Prop".into();
    c.race = "human".into();
    c.class = "soldier".into();
    c.level = level;
    c.base_stats = base;
    c.house_rules.linear_accuracy = linear;
    c.house_rules.crit_round_up = round_up;
    for id in [
        "smg",
        "assault-rifle",
        "lmg",
        "sniper-rifle",
        "combat-knife",
        "frag-grenade",
    ] {
        c.equipment.weapons.push(CharacterWeapon {
            id: id.into(),
            attachments: if id == "smg" {
                vec!["dot-sight".into()]
            } else {
                Vec::new()
            },
            magazines: 1,
        });
    }
    c
}

proptest! {
    #[test]
    fn miss_rows_keep_their_minimums_and_order(
        stats in prop::array::uniform7(1i64..=20),
        level in 0i64..=20,
        linear in any::<bool>(),
        round_up in any::<bool>(),
    ) {
        // rule: CX-RNG-03
        // rule: CX-STAT-04
        let sheet = Sheet::compute(&character(stats, level, linear, round_up), sample());
        for w in &sheet.weapons {
            let semi = w.miss_chances.semi.clone();
            for row in [&w.miss_chances.semi, &w.miss_chances.burst, &w.miss_chances.auto]
                .into_iter()
                .flatten()
            {
                prop_assert_eq!(row.len(), w.brackets.len());
                prop_assert!(row.iter().all(|m| *m >= MIN_WEAPON_MISS), "{}: {:?}", w.name, row);
            }
            // A burst or auto row is the semi row plus at least 1.
            if let (Some(semi), Some(burst)) = (&semi, &w.miss_chances.burst) {
                prop_assert!(semi.iter().zip(burst).all(|(s, b)| b >= &(s + 1)));
            }
            // Hip fire is never easier than aimed fire.
            if let (Some(aimed), Some(hip)) = (&semi, w.hip_fire.as_ref().and_then(|h| h.semi.clone())) {
                prop_assert!(aimed.iter().zip(&hip).all(|(a, h)| h >= a));
            }
            prop_assert!(w.crit_faces.iter().all(|f| (1..=10).contains(f)));
        }
        prop_assert!(sheet.crit_faces.len() <= 10);
        prop_assert!(sheet.movement.per_2_actions >= 1);
    }
}
