//! The GM's heal (`Command::Heal`): health back up to the maximum, wounds
//! closed the worst first, refused on a downed or dead combatant, told
//! item by item.

use nanite_compound_x::DamageType;
use nanite_compound_x::encounter::{Command, Refusal};

use super::support::TEMPLATE;
use super::table::{Table, fighter, id};

/// Pat (from the support template) alone, hurt by `hits`.
fn hurt(hits: &[i64]) -> Table {
    let mut t = Table::new();
    let mut pat = fighter(TEMPLATE);
    pat.name = "Pat".into();
    t.add("pat", "crew", pat);
    for &amount in hits {
        t.run(
            Command::Harm {
                target: id("pat"),
                amount,
                damage_type: DamageType::Explosive,
                apl: 0,
                why: "a blast".into(),
            },
            &[],
        );
    }
    t
}

fn heal(amount: i64) -> Command {
    Command::Heal {
        target: id("pat"),
        amount,
        why: "a healing potion".into(),
    }
}

#[test]
fn a_gm_heal_restores_up_to_the_maximum_and_closes_the_worst_wounds_first() {
    // rule: CX-HEAL-01
    // (hits, heal, health restored, wounds left)
    let cases: [(&[i64], i64, i64, &[i64]); 4] = [
        (&[30], 10, 10, &[20]),
        (&[10, 30, 20], 35, 35, &[10, 15]),
        // Never above the maximum: 15 missing, 15 restored.
        (&[5, 10], 100, 15, &[]),
        (&[40], 40, 40, &[]),
    ];
    for (hits, amount, restored, left) in cases {
        let mut t = hurt(hits);
        let max = t.c("pat").fighter.max_hp;
        let before = t.c("pat").fighter.hp;
        assert_eq!(before, max - hits.iter().sum::<i64>(), "{hits:?}");
        let log = t.run(heal(amount), &[]).join("\n");
        let f = &t.c("pat").fighter;
        assert_eq!(f.hp - before, restored, "{hits:?} healed {amount}:\n{log}");
        assert!(f.hp <= f.max_hp);
        assert_eq!(f.wounds, left, "{hits:?} healed {amount}");
        assert!(
            log.contains(&format!("Pat regains {restored} health")),
            "{log}"
        );
        assert!(
            log.contains(&format!("a healing potion: healing: {amount}")),
            "{log}"
        );
        assert!(
            log.contains(&format!(
                "healed, up to the {} missing health ({before} of {max}): {restored}",
                max - before
            )),
            "{log}"
        );
    }
}

#[test]
fn a_gm_heal_costs_no_action_and_may_come_on_anyones_turn() {
    // rule: CX-HEAL-01
    let mut t = hurt(&[20]);
    let mut other = fighter(TEMPLATE);
    other.name = "Other".into();
    t.add("other", "crew", other);
    t.begin(&["other", "pat"]);
    let left = t.actions_left();
    t.run(heal(5), &[]);
    assert_eq!(
        t.actions_left(),
        left,
        "the GM's heal spends nobody's actions"
    );
    assert_eq!(t.c("pat").fighter.wounds, [15]);
}

#[test]
fn a_downed_or_dead_combatant_is_not_healed_and_bad_amounts_are_refused() {
    // rule: CX-DEATH-05
    // rule: CX-DEATH-01
    type Setup = fn() -> Table;
    let cases: [(&str, Setup, Command, &str); 6] = [
        (
            "none",
            || hurt(&[10]),
            heal(0),
            "0 is not an amount of health: give 1 to 1000000",
        ),
        (
            "negative",
            || hurt(&[10]),
            heal(-5),
            "-5 is not an amount of health",
        ),
        (
            "too much",
            || hurt(&[10]),
            heal(1_000_001),
            "give 1 to 1000000",
        ),
        ("full", || hurt(&[]), heal(5), "Pat is at full health"),
        (
            "downed",
            || {
                // Hits of 50 (no Shock save, CX-DEATH-10) until downed.
                let max = hurt(&[]).c("pat").fighter.max_hp;
                let hits = vec![50; (max / 50 + 1) as usize];
                let t = hurt(&hits);
                assert!(t.c("pat").fighter.is_downed());
                t
            },
            heal(10),
            "health): stabilize it first, which brings it to 1 health (CX-DEATH-05), then heal it",
        ),
        (
            "dead",
            || {
                let mut t = hurt(&[10]);
                t.run(
                    Command::Kill {
                        target: id("pat"),
                        why: "the crane falls".into(),
                    },
                    &[],
                );
                t
            },
            heal(10),
            "Pat is dead",
        ),
    ];
    for (name, setup, command, why) in cases {
        let mut t = setup();
        let refusal = t.refuse(command, &[]);
        assert!(
            matches!(refusal, Refusal::Illegal { .. }),
            "{name}: {refusal:?}"
        );
        assert!(refusal.to_string().contains(why), "{name}: {refusal}");
    }
    let mut t = hurt(&[10]);
    let refusal = t.refuse(
        Command::Heal {
            target: id("pat"),
            amount: 5,
            why: "  ".into(),
        },
        &[],
    );
    assert!(refusal.to_string().contains("say why"), "{refusal}");
    let refusal = t.refuse(
        Command::Heal {
            target: id("nobody"),
            amount: 5,
            why: "a potion".into(),
        },
        &[],
    );
    assert!(matches!(refusal, Refusal::Unknown { .. }), "{refusal:?}");
}

#[test]
fn a_gm_heal_reads_from_json_and_is_the_gms() {
    // rule: CX-HEAL-01
    let text = r#"{"command":"heal","target":"pat","amount":12,"why":"a potion"}"#;
    let command: Command = serde_json::from_str(text).unwrap();
    assert_eq!(
        serde_json::to_value(&command).unwrap(),
        serde_json::from_str::<serde_json::Value>(text).unwrap()
    );
    let t = hurt(&[]);
    assert_eq!(
        nanite_compound_x::encounter::choices::acting(&command, t.game.state()),
        nanite_core::table::Acting::Gm
    );
}
