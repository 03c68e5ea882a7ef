//! Commands against the rules are refused with a reason the table can act
//! on, and change nothing: not the battle (compared as JSON), not the log.

use nanite_compound_x::FireMode;
use nanite_compound_x::check::Effort;
use nanite_compound_x::combat::{ConditionKind, Cover, Fire, Stance};
use nanite_compound_x::encounter::Command;
use nanite_core::{ClockCommand, CombatantId};

use super::arena::{
    Arena, RAIDER, Recruit, VEX, act, afflict, aim, blast, check, distance, fighter, fire,
    fire_with, hold, id, reload, save, stabilize,
};

/// The duel after `setup`: Vex's turn in round 1 unless the setup moves on.
fn after(setup: impl FnOnce(&mut Arena)) -> Arena {
    let mut a = Arena::duel();
    setup(&mut a);
    a
}

fn ghost() -> CombatantId {
    id("ghost")
}

fn blind(who: &str, at: &str) -> Command {
    fire_with(who, at, 0, FireMode::Semi, Some(Fire::Blind))
}

#[test]
fn illegal_commands_explain_themselves_and_change_nothing() {
    // rule: CX-TURN-03
    // rule: CX-TURN-04
    // rule: CX-RNG-05
    // rule: CX-RNG-08
    // rule: CX-RNG-12
    // rule: CX-COND-11
    // rule: CX-DEATH-02
    // rule: CX-DEATH-05
    let cases: Vec<(&str, Arena, Command, &str)> = vec![
        (
            "no action left",
            after(|a| {
                a.run(act("vex", "busy", 4), &[]);
            }),
            aim("vex"),
            "vex needs 1 action(s) for aim but has 0 left this turn",
        ),
        (
            "not enough actions for a stabilize",
            after(|a| {
                a.run(distance("vex", "raider", 1), &[]);
                a.run(blast("raider", 60), &[]);
                a.run(blast("raider", 60), &[]);
                a.run(act("vex", "busy", 4), &[]);
            }),
            stabilize("vex", "raider", false),
            "vex needs 3 action(s) for stabilize raider but has 0 left this turn",
        ),
        (
            "out of ammunition",
            {
                let mut empty = fighter(VEX);
                empty.weapons[0].loaded = 0;
                let mut a = Arena::with(
                    vec![
                        ("vex", "crew", empty),
                        ("raider", "raiders", fighter(RAIDER)),
                    ],
                    12,
                );
                a.begin(&[]);
                a
            },
            blind("vex", "raider"),
            "the Basic SMG has 0 round(s) loaded and this fire mode needs 1; reload (CX-RNG-12)",
        ),
        (
            "a jammed weapon",
            after(|a| {
                a.run(aim("vex"), &[]);
                a.run(fire("vex", "raider"), &[1, 1]);
            }),
            fire("vex", "raider"),
            "the Basic SMG is jammed; clear it first (a DC 60 weapon skill check, CX-RNG-08)",
        ),
        (
            "aimed fire without an aim",
            after(|_| {}),
            fire_with("vex", "raider", 0, FireMode::Semi, Some(Fire::Aimed)),
            "vex has not aimed this turn; aim first (1 action) or hip fire (+3) (CX-RNG-05)",
        ),
        (
            "a downed actor",
            after(|a| {
                a.run(blast("raider", 60), &[]);
                a.run(blast("raider", 60), &[]);
                a.next(&[6, 10]);
            }),
            fire("raider", "vex"),
            "raider cannot act: downed and bleeding out: only a death save each turn until stabilized (CX-DEATH-02)",
        ),
        (
            "a stunned actor",
            after(|a| {
                a.run(afflict("raider", ConditionKind::Stunned, None), &[]);
                a.next(&[]);
            }),
            fire("raider", "vex"),
            "raider cannot act: stunned (no actions, CX-COND-11)",
        ),
        (
            "a paralyzed actor",
            after(|a| {
                a.run(afflict("raider", ConditionKind::Paralyzed, None), &[]);
                a.next(&[]);
            }),
            reload("raider"),
            "raider cannot act: paralyzed (no actions, CX-COND-11)",
        ),
        (
            "an unconscious actor",
            after(|a| {
                a.run(afflict("raider", ConditionKind::Unconscious, None), &[]);
                a.next(&[1, 1]);
            }),
            act("raider", "groan", 0),
            "raider cannot act: unconscious (no actions, CX-COND-11)",
        ),
        (
            "a dead actor",
            after(|a| {
                a.run(
                    Command::Kill {
                        target: id("raider"),
                        why: "a fall".into(),
                    },
                    &[],
                );
            }),
            save("raider", ConditionKind::Fear),
            "raider cannot act: dead",
        ),
        (
            "a fourth reaction",
            after(|a| {
                for _ in 0..3 {
                    a.run(
                        Command::PenaltyAttack {
                            by: id("raider"),
                            target: id("vex"),
                            why: "x".into(),
                        },
                        &[1],
                    );
                }
            }),
            Command::PenaltyAttack {
                by: id("raider"),
                target: id("vex"),
                why: "x".into(),
            },
            "raider cannot make a penalty attack now (unable to act, or no reactions left this round)",
        ),
        (
            "a held trigger past the reaction limit",
            after(|a| {
                a.run(hold("vex", 1, "x"), &[]);
                a.next(&[]);
                for _ in 0..3 {
                    a.run(
                        Command::PenaltyAttack {
                            by: id("vex"),
                            target: id("raider"),
                            why: "x".into(),
                        },
                        &[1],
                    );
                }
            }),
            Command::Clock(ClockCommand::Trigger { id: id("vex") }),
            "vex has used all 3 reactions this round",
        ),
        (
            "setting off the held actions of one who is down",
            after(|a| {
                a.run(hold("vex", 2, "x"), &[]);
                a.run(blast("vex", 70), &[]);
                a.run(blast("vex", 70), &[]);
                a.next(&[]);
            }),
            Command::Clock(ClockCommand::Trigger { id: id("vex") }),
            "vex cannot act: downed and bleeding out",
        ),
        (
            "acting out of turn",
            after(|_| {}),
            fire("raider", "vex"),
            "it is not raider's turn (it is vex's)",
        ),
        (
            "shooting before the fight",
            { Arena::vex_and_raider(12) },
            blind("vex", "raider"),
            "the fight has not begun yet",
        ),
        (
            "an unknown target",
            after(|_| {}),
            blind("vex", "ghost"),
            "nobody called 'ghost' is in this fight (known: raider, vex)",
        ),
        (
            "an unknown shooter",
            after(|_| {}),
            blind("ghost", "vex"),
            "nobody called 'ghost' is in this fight (known: raider, vex)",
        ),
        (
            "an unknown patient",
            after(|_| {}),
            stabilize("vex", "ghost", false),
            "nobody called 'ghost' is in this fight",
        ),
        (
            "an unknown target of the GM",
            after(|_| {}),
            afflict("ghost", ConditionKind::Fear, None),
            "nobody called 'ghost' is in this fight",
        ),
        (
            "an unknown distance",
            after(|_| {}),
            distance("vex", "ghost", 3),
            "nobody called 'ghost' is in this fight",
        ),
        (
            "an unknown trigger",
            after(|_| {}),
            Command::Clock(ClockCommand::Trigger { id: ghost() }),
            "nobody called 'ghost' is in this fight",
        ),
        (
            "an unknown skill",
            after(|_| {}),
            check("vex", "juggling", 50, Effort::Roll),
            "no skill 'juggling'; skills are named by id",
        ),
        (
            "an unknown weapon",
            after(|_| {}),
            fire_with("vex", "raider", 7, FireMode::Semi, Some(Fire::Blind)),
            "no weapon 7; Vex Marrow carries 0: Basic SMG, 1: Fragmentation Grenade",
        ),
        (
            "a fire mode the weapon lacks",
            {
                let pump =
                    Recruit::new("Pump")
                        .skill("shotguns", 10)
                        .weapon("pump-shotgun", &[], 1);
                let mut a = Arena::with(
                    vec![
                        ("pump", "crew", pump.fighter()),
                        ("raider", "raiders", fighter(RAIDER)),
                    ],
                    12,
                );
                a.begin(&[]);
                a
            },
            fire_with("pump", "raider", 0, FireMode::Burst, None),
            "the Breacher Pump Shotgun has no such fire mode",
        ),
        (
            "beyond the last bracket",
            after(|a| {
                a.run(distance("vex", "raider", 41), &[]);
            }),
            blind("vex", "raider"),
            "the target is beyond the Basic SMG's last range bracket (40 m, CX-RNG-02)",
        ),
        (
            "shooting oneself",
            after(|_| {}),
            blind("vex", "vex"),
            "a combatant cannot shoot itself",
        ),
        (
            "stabilizing from afar",
            after(|a| {
                a.run(blast("raider", 60), &[]);
                a.run(blast("raider", 60), &[]);
            }),
            stabilize("vex", "raider", false),
            "vex is 12 m from raider; stabilizing needs them adjacent (1 m, CX-DEATH-05, CX-MOVE-08): move first",
        ),
        (
            "stabilizing the standing",
            after(|a| {
                a.run(distance("vex", "raider", 1), &[]);
            }),
            stabilize("vex", "raider", false),
            "raider is not downed; only a downed combatant is stabilized (CX-DEATH-05)",
        ),
        (
            "a negative distance",
            after(|_| {}),
            distance("vex", "raider", -1),
            "-1 m is not a distance: give 0 to 100000 metres",
        ),
        (
            "a distance to oneself",
            after(|_| {}),
            distance("vex", "vex", 3),
            "a distance needs two different combatants, not vex twice",
        ),
        (
            "negative damage",
            after(|_| {}),
            blast("raider", -5),
            "-5 is not an amount of damage: give 0 to 1000000",
        ),
        (
            "a condition for no turns",
            after(|_| {}),
            afflict("raider", ConditionKind::Stunned, Some(0)),
            "0 turns is not a condition's length: give 1 to 10000, or leave the turns out for no limit",
        ),
        (
            // Found by the property test cx::invariants: the turns plus the
            // bearer's own turn overflowed (`afflict vex bleeding 4294967295
            // turns` on vex's turn panicked).
            "a condition for u32::MAX turns, on the bearer's turn",
            after(|_| {}),
            afflict("vex", ConditionKind::Bleeding, Some(u32::MAX)),
            "4294967295 turns is not a condition's length: give 1 to 10000, or leave the turns out for no limit",
        ),
        (
            "a condition twice",
            after(|a| {
                a.run(afflict("raider", ConditionKind::Fear, None), &[]);
            }),
            afflict("raider", ConditionKind::Fear, None),
            "raider is already fear",
        ),
        (
            "curing what is not there",
            after(|_| {}),
            Command::Cure {
                target: id("raider"),
                condition: ConditionKind::Burning,
            },
            "raider is not burning",
        ),
        (
            "an action with no name",
            after(|_| {}),
            act("vex", " ", 1),
            "say what the action is",
        ),
        (
            "beginning twice",
            after(|_| {}),
            Command::Clock(ClockCommand::Begin { surprise: vec![] }),
            "the fight has already begun",
        ),
        (
            "a taken name",
            after(|_| {}),
            Command::Add {
                id: id("vex"),
                side: "crew".into(),
                hidden: false,
                fighter: Box::new(fighter(VEX)),
                cover: Cover::None,
                stance: Stance::Standing,
            },
            "'vex' is already in this fight; give the newcomer another name",
        ),
        (
            "a name with a space",
            after(|_| {}),
            Command::Add {
                id: id("the boss"),
                side: "raiders".into(),
                hidden: false,
                fighter: Box::new(fighter(RAIDER)),
                cover: Cover::None,
                stance: Stance::Standing,
            },
            "'the boss' is not a usable handle: use one word such as 'drone-2'",
        ),
        (
            "a bare join",
            after(|_| {}),
            Command::Clock(ClockCommand::Join {
                id: id("drone"),
                side: "raiders".into(),
                hidden: false,
            }),
            "add 'drone' with its character (Add), not with a bare join",
        ),
        (
            "initiative for no one",
            after(|_| {}),
            Command::RollInitiative { who: vec![] },
            "everyone already has initiative; name who should reroll",
        ),
        (
            "a save against nothing",
            after(|_| {}),
            save("vex", ConditionKind::Fear),
            "vex is not fear",
        ),
        (
            "a stance it already has",
            after(|_| {}),
            super::arena::stance("vex", Stance::Standing),
            "vex is already standing",
        ),
    ];
    for (what, mut a, command, expected) in cases {
        let why = a.refuse(command, &[5, 5, 5, 5]);
        assert!(why.contains(expected), "{what}: {why}");
    }
}

#[test]
fn a_refused_command_leaves_the_next_one_unaffected() {
    // rule: CX-TURN-03
    // Dice offered to a refused command are not kept for the next one, and
    // the refusal takes no action.
    let mut a = Arena::duel();
    a.refuse(fire("vex", "raider"), &[9, 9, 9]);
    a.refuse(aim("ghost"), &[]);
    assert_eq!(a.left(), 4);
    a.run(aim("vex"), &[]);
    let log = a.run(fire("vex", "raider"), &[2]);
    assert!(log.contains("d10 2 <= miss chance 4: miss"), "{log}");
    assert_eq!(a.game.log().last().unwrap().dice.len(), 1);
}
