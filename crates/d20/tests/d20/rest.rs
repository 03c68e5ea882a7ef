//! Rest (D20-REST-01) and healing kits (D20-REST-02), alone and in a
//! battle's aftermath.

use expect_test::expect;
use nanite_core::{ClockCommand, ScriptedDice};
use nanite_d20::encounter::Command;
use nanite_d20::rest::{KIT_MINUTES_PER_ROLL, KIT_THRESHOLD, rest, use_kit};
use nanite_d20::{Campaign, Sheet};

use super::support::{Table, character, id, pack};

#[test]
fn each_period_of_rest_restores_one_hit_point() {
    // rule: D20-REST-01
    // (hp, max, periods, healed)
    for (hp, max, periods, healed) in [
        (10, 22, 1, 1),
        (10, 22, 3, 3),
        (21, 22, 3, 1),
        (22, 22, 1, 0),
        (-2, 22, 2, 2),
    ] {
        let r = rest(hp, max, periods);
        assert_eq!(
            (r.healed, r.hp),
            (healed, hp + healed),
            "{hp}/{max} resting {periods}"
        );
    }
    expect![[r#"
        hit points: 20
        3 period(s) of rest, 24 h, 1 HP each (D20-REST-01): 3
        capped at the maximum of 22
        hit points after: 22
    "#]]
    .assert_eq(&rest(20, 22, 3).breakdown.to_string());
}

#[test]
fn a_kit_restores_the_targets_constitution_after_an_extended_check() {
    // rule: D20-REST-02, D20-CHK-04
    assert_eq!((KIT_THRESHOLD, KIT_MINUTES_PER_ROLL), (100, 60));
    let ilsa = Sheet::compute(&character("ilsa"), &pack(), &Campaign::default());
    let spec = ilsa.skill_check("medicine", None).unwrap(); // +5
    // Bram (CON 15) at 3 of 20 HP: five rolls of 15 + 5 = 20 reach 100 after 5 hours.
    let t = use_kit(
        &spec,
        None,
        (15, 3, 20),
        &mut ScriptedDice::new([15; 5]),
        "Ilsa",
    )
    .unwrap();
    assert_eq!((t.healed, t.hp, t.check.minutes), (15, 18, 300));
    // Near full: capped at the maximum.
    let t = use_kit(
        &spec,
        None,
        (15, 17, 20),
        &mut ScriptedDice::new([20, 20, 20, 20]),
        "Ilsa",
    )
    .unwrap();
    assert_eq!((t.healed, t.hp, t.check.steps.len()), (3, 20, 4));
    // The GM allows three rolls: 60 is not 100, nothing restored.
    let t = use_kit(
        &spec,
        Some(3),
        (15, 3, 20),
        &mut ScriptedDice::new([15, 15, 15]),
        "Ilsa",
    )
    .unwrap();
    assert_eq!((t.check.reached, t.healed, t.hp), (false, 0, 3));
}

#[test]
fn after_the_fight_the_healer_uses_a_kit_and_everyone_rests() {
    // rule: D20-REST-01, D20-REST-02
    let mut t = Table::map(&[
        ("ilsa", "ilsa", "heroes", (1, 1)),
        ("bram", "bram", "heroes", (2, 1)),
    ]);
    t.ok(
        Command::Harm {
            target: id("bram"),
            amount: 18,
            by: None,
            why: "a rockfall".into(),
        },
        &[],
    );
    assert_eq!(t.hp("bram"), 2);
    let text = t.ok(
        Command::UseKit {
            id: id("ilsa"),
            target: id("bram"),
            kit: "surgeons-kit".into(),
            max_checks: None,
        },
        &[18, 12, 13, 14, 19],
    );
    // Medicine +5 and the Surgeon's Kit +2: 25 + 19 + 20 + 21 + 26 = 111 >= 100
    // after 5 hours; Bram regains CON 15, capped at 20: 18.
    expect![[r#"
        Ilsa Wren treats Bram Holt with a Surgeon's Kit (D20-REST-02): 15 HP restored
          Medicine (WIS) extended check: threshold (60 min a check): 100
          d20 = 18 (Medicine (WIS) check 1)
            +3 WIS 16 bonus (D20-CHK-01)
            +2 Medicine level
            +2 Surgeon's Kit
          check 1: total 25, accumulated 25 after 1 h
          d20 = 12 (Medicine (WIS) check 2)
            +3 WIS 16 bonus (D20-CHK-01)
            +2 Medicine level
            +2 Surgeon's Kit
          check 2: total 19, accumulated 44 after 2 h
          d20 = 13 (Medicine (WIS) check 3)
            +3 WIS 16 bonus (D20-CHK-01)
            +2 Medicine level
            +2 Surgeon's Kit
          check 3: total 20, accumulated 64 after 3 h
          d20 = 14 (Medicine (WIS) check 4)
            +3 WIS 16 bonus (D20-CHK-01)
            +2 Medicine level
            +2 Surgeon's Kit
          check 4: total 21, accumulated 85 after 4 h
          d20 = 19 (Medicine (WIS) check 5)
            +3 WIS 16 bonus (D20-CHK-01)
            +2 Medicine level
            +2 Surgeon's Kit
          check 5: total 26, accumulated 111 after 5 h
          accumulated 111 >= threshold 100: reached after 5 check(s), 5 h (D20-CHK-04)
          hit points restored: the target's CON score (D20-REST-02): 15
        5 h pass (in-game time out of combat: 5 h)
    "#]]
    .assert_eq(&text);
    assert_eq!(t.hp("bram"), 17);
    let kits = &t.state().combatants[&id("ilsa")].fighter.kits;
    assert_eq!(
        kits.iter().find(|k| k.id == "surgeons-kit").unwrap().count,
        0
    );
    let again = t.refused(Command::UseKit {
        id: id("ilsa"),
        target: id("bram"),
        kit: "surgeons-kit".into(),
        max_checks: None,
    });
    assert_eq!(again, "Ilsa Wren has no Surgeon's Kit left");
    t.ok(
        Command::Rest {
            id: id("bram"),
            periods: 2,
        },
        &[],
    );
    assert_eq!(t.hp("bram"), 19);
    assert_eq!(t.state().minutes, 5 * 60 + 16 * 60);
    // Not in a fight.
    t.begin_in_order(&["ilsa", "bram"]);
    let refused = t.refused(Command::Rest {
        id: id("bram"),
        periods: 1,
    });
    assert_eq!(
        refused,
        "resting takes hours: only outside a fight (before it begins or after it ends)"
    );
    t.ok(Command::Clock(ClockCommand::End), &[]);
    t.ok(
        Command::Rest {
            id: id("bram"),
            periods: 1,
        },
        &[],
    );
    assert_eq!(t.hp("bram"), 20);
}

#[test]
fn the_gms_heal_restores_hit_points_up_to_the_maximum_and_raises_the_fallen() {
    // The GM's heal (a decision, docs/rules/d20.md): hit points back, capped
    // at the maximum; a combatant healed above 0 is back on its feet.
    let mut t = Table::map(&[
        ("ilsa", "ilsa", "heroes", (1, 1)),
        ("bram", "bram", "heroes", (2, 1)),
    ]);
    let heal = |amount: i64, why: &str| Command::Heal {
        target: id("bram"),
        amount,
        why: why.into(),
    };
    t.ok(
        Command::Harm {
            target: id("bram"),
            amount: 25,
            by: None,
            why: "a rockfall".into(),
        },
        &[],
    );
    assert_eq!(t.hp("bram"), -5);
    let text = t.ok(heal(8, "a potion"), &[]);
    assert_eq!(t.hp("bram"), 3);
    assert!(
        text.contains("Bram Holt regains 8 HP from a potion: 3/20 HP"),
        "{text}"
    );
    assert!(text.contains("Bram Holt is back on its feet"), "{text}");
    // Capped at the maximum: 17 of the 30 asked.
    let text = t.ok(heal(30, "a ruling"), &[]);
    assert_eq!(t.hp("bram"), 20);
    assert!(text.contains("regains 17 HP"), "{text}");
    for (command, says) in [
        (heal(1, "a ruling"), "is at full hit points (20 of 20)"),
        (heal(0, "a ruling"), "heal"),
        (heal(5, " "), "say why"),
    ] {
        let why = t.refused(command);
        assert!(why.contains(says), "{why}");
    }
}
