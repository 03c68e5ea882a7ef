//! Wounds, Medicine, medikits, rests and falls (CX-HEAL) with forced dice
//! (a d100 is typed tens then ones; a face 0 is typed 10).

use nanite_compound_x::combat::{Cover, Fighter, Stance};
use nanite_compound_x::encounter::{Battle, Command, CompoundX, Way, narrate_all};
use nanite_compound_x::{DamageType, Sheet};
use nanite_core::{ClockCommand, CombatantId, Game, ScriptedDice};

use super::support::{character, edit, sample};

const VEX: &str = include_str!("../../../../examples/compound-x/vex.toml");
const RAIDER: &str = include_str!("../../../../examples/compound-x/raider.toml");

fn id(s: &str) -> CombatantId {
    CombatantId::from(s)
}

fn fighter(text: &str) -> Fighter {
    Fighter::from_sheet(&Sheet::compute(&character(text), sample()), sample())
}

/// The seed's medic: Medicine 25, with a medicine bag.
fn medic() -> String {
    edit(
        VEX,
        &[
            ("medicine = 20", "medicine = 25"),
            (
                "items = { medikit = 2,",
                "items = { medicine-bag = 1, medikit = 2,",
            ),
        ],
    )
}

struct Table {
    game: Game<CompoundX>,
}

impl Table {
    /// `medic` (Vex) and the raider side by side; begun when `fight`.
    fn new(medic: &str, fight: bool) -> Table {
        let mut t = Table {
            game: Game::new(Battle::new()),
        };
        for (who, side, text) in [("vex", "crew", medic), ("raider", "raiders", RAIDER)] {
            t.run(
                Command::Add {
                    id: id(who),
                    side: side.into(),
                    hidden: false,
                    fighter: Box::new(fighter(text)),
                    cover: Cover::None,
                    stance: Stance::Standing,
                },
                &[],
            );
        }
        t.run(
            Command::Distance {
                a: id("vex"),
                b: id("raider"),
                metres: 1,
            },
            &[],
        );
        if fight {
            for (who, total) in [("vex", 60), ("raider", 30)] {
                t.run(
                    Command::Clock(ClockCommand::SetInitiative { id: id(who), total }),
                    &[],
                );
            }
            t.run(
                Command::Clock(ClockCommand::Begin { surprise: vec![] }),
                &[],
            );
        }
        t
    }

    fn run(&mut self, command: Command, dice: &[i64]) -> String {
        let before = self.game.state().clone();
        let mut source = ScriptedDice::new(dice.iter().copied());
        let entry = self
            .game
            .execute(&command, &mut source)
            .unwrap_or_else(|e| panic!("{command:?} refused: {e}"));
        assert_eq!(source.remaining(), 0, "every forced die is used");
        narrate_all(&before, &entry.events).join("\n")
    }

    fn refuse(&mut self, command: Command) -> String {
        let before = serde_json::to_value(self.game.state()).unwrap();
        let refusal = match self.game.execute(&command, &mut ScriptedDice::new([])) {
            Ok(_) => panic!("{command:?} was accepted"),
            Err(e) => e.to_string(),
        };
        assert_eq!(serde_json::to_value(self.game.state()).unwrap(), before);
        refusal
    }

    fn fighter(&self, who: &str) -> &Fighter {
        &self.game.state().combatants[&id(who)].fighter
    }

    /// The d100 faces (tens, ones) that make Vex's Medicine total `total`.
    fn medicine_dice(&self, total: i64) -> [i64; 2] {
        let line = self.fighter("vex").skill("medicine").unwrap().total;
        let die = total - line;
        assert!((1..=100).contains(&die), "a d100 of {die}");
        [
            if die / 10 == 0 { 10 } else { die / 10 },
            if die % 10 == 0 { 10 } else { die % 10 },
        ]
    }
}

fn treat(medikit: bool) -> Command {
    Command::Treat {
        id: id("vex"),
        target: id("raider"),
        wound: None,
        medikit,
    }
}

fn blast(amount: i64) -> Command {
    Command::Harm {
        target: id("raider"),
        amount,
        damage_type: DamageType::Explosive,
        apl: 0,
        why: "a blast".into(),
    }
}

#[test]
fn the_seeds_worked_example_heals_41_of_a_70_wound() {
    // rule: CX-HEAL-02
    // rule: CX-HEAL-01
    let mut t = Table::new(&medic(), false);
    t.run(blast(70), &[]);
    t.run(blast(10), &[]);
    assert_eq!(t.fighter("raider").wounds, [70, 10]);
    // Skill 25, total 86 against DC 70 (the wound): 25 + 16 = 41.
    let dice = t.medicine_dice(86);
    let log = t.run(treat(false), &dice);
    assert!(
        log.contains("total 86 > DC 70 (the wound, CX-HEAL-02): success"),
        "{log}"
    );
    assert!(log.contains("Depot Raider is healed 41"), "{log}");
    assert_eq!(t.fighter("raider").wounds, [29, 10], "each wound apart");
    assert_eq!(t.fighter("raider").hp, 120 - 80 + 41);
    // The next try is against the 29 left: a d100 of 1 (total 30) beats it
    // by 1 and heals 25 + 1 = 26.
    let dice = t.medicine_dice(30);
    let log = t.run(treat(false), &dice);
    assert!(log.contains("DC 29"), "{log}");
    assert_eq!(t.fighter("raider").wounds, [3, 10]);
}

#[test]
fn bags_and_medikits_change_the_dc_and_the_healing() {
    // rule: CX-HEAL-03
    // Vex (Medicine 20, a medic) carries no bag: the DC of a 40 wound is 60.
    let mut t = Table::new(VEX, false);
    t.run(blast(40), &[]);
    let dice = t.medicine_dice(70);
    let log = t.run(treat(false), &dice);
    assert!(log.contains("+20 no medicine bag"), "{log}");
    assert!(log.contains("DC 60"), "{log}");
    // 20 + 10 over = 30 healed; 10 left.
    assert_eq!(t.fighter("raider").wounds, [10]);
    // A medic with a medikit heals 30 more (never more than the wound).
    let mut t = Table::new(VEX, false);
    t.run(blast(60), &[]);
    let dice = t.medicine_dice(81);
    let log = t.run(treat(true), &dice);
    assert!(log.contains("Vex Marrow uses up a medikit"), "{log}");
    // 20 + 1 + 30 = 51 of the 60.
    assert_eq!(t.fighter("raider").wounds, [9]);
    assert_eq!(
        t.fighter("vex").count(nanite_compound_x::ItemKind::Medikit),
        1
    );
    // A non-medic with a medikit works as a medic with skill 30.
    let novice = edit(VEX, &[("medicine = 20\n", "")]);
    let mut t = Table::new(&novice, false);
    t.run(blast(60), &[]);
    let line = t.fighter("vex").skill("medicine").unwrap().total;
    // d100 50: 50 + line + (30 - 0) against DC 80 (no bag).
    let log = t.run(treat(true), &[5, 10]);
    let total = 50 + line + 30;
    assert!(log.contains(&format!("total {total}")), "{log}");
    if total > 80 {
        assert_eq!(t.fighter("raider").wounds, [60 - (30 + total - 80).min(60)]);
    }
    t.run(treat(true), &[1, 1]);
    let refusal = t.refuse(treat(true));
    assert!(refusal.contains("no medikit left"), "{refusal}");
}

#[test]
fn treating_in_a_fight_costs_an_action_and_downed_patients_need_stabilizing() {
    // rule: CX-HEAL-02
    let mut t = Table::new(&medic(), true);
    t.run(blast(30), &[]);
    let dice = t.medicine_dice(50);
    t.run(treat(false), &dice);
    assert_eq!(t.game.state().clock.budget.left, 3);
    t.run(blast(200), &[1, 1]);
    let refusal = t.refuse(treat(false));
    assert!(refusal.contains("stabilize it first"), "{refusal}");
}

#[test]
fn rests_happen_out_of_combat_and_restore_nanites_shields_and_armor() {
    // rule: CX-HEAL-04
    let mut t = Table::new(VEX, true);
    let rest = |long| Command::Rest {
        id: id("vex"),
        long,
    };
    let refusal = t.refuse(rest(false));
    assert!(
        refusal.contains("no resting in the middle of a fight"),
        "{refusal}"
    );
    t.run(
        Command::Harm {
            target: id("vex"),
            amount: 30,
            damage_type: DamageType::Laser,
            apl: 0,
            why: "a beam".into(),
        },
        &[],
    );
    t.run(Command::FastRecharge { id: id("vex") }, &[]);
    assert_eq!(t.fighter("vex").nanites, 50);
    t.run(Command::Clock(ClockCommand::End), &[]);
    t.run(rest(false), &[]);
    // A short rest: the shield full; nanites +30 (half of 60), at most 60.
    assert_eq!(t.fighter("vex").shield.as_ref().unwrap().strength, 30);
    assert_eq!(t.fighter("vex").nanites, 60);
    t.run(rest(true), &[]);
    assert_eq!(t.fighter("vex").nanites, 60);
}

#[test]
fn falls_need_a_check_above_half_dex_and_injure_on_a_failure() {
    // rule: CX-HEAL-05
    let mut t = Table::new(VEX, false);
    let fall = |metres, fouled| Command::Fall {
        id: id("vex"),
        metres,
        fouled,
    };
    // DEX 5: 2 m is safe, without a roll.
    let log = t.run(fall(2, false), &[]);
    assert!(log.contains("no check needed"), "{log}");
    // A fouled surface always needs the check: 9 9 = 99 + Acrobatics > 20.
    t.run(fall(2, true), &[9, 9]);
    assert_eq!(t.fighter("vex").hp, 140);
    // 6 m: DC 60; 1 1 = 11 + Acrobatics fails by about 49: a broken leg and
    // 12 damage as its own wound.
    let acrobatics = t.fighter("vex").skill("acrobatics").unwrap().total;
    let log = t.run(fall(6, false), &[1, 1]);
    assert!(log.contains("12 damage"), "{log}");
    let failed_by = 60 - (11 + acrobatics);
    let injury = nanite_compound_x::encounter::Injury::by_margin(failed_by);
    assert!(log.contains(injury.key()), "{log}");
    assert_eq!(t.fighter("vex").hp, 128);
    assert_eq!(t.fighter("vex").wounds, [12]);
    // The injury slows a move (checked in a fight).
    let mut f = Table::new(VEX, true);
    f.run(fall(30, false), &[1, 1]);
    let refusal = f.refuse(Command::Move {
        id: id("vex"),
        metres: 1,
        way: Way::Elsewhere,
        sprint: false,
        cover: None,
        concealed: false,
    });
    assert!(refusal.contains("too badly injured to move"), "{refusal}");
}
