//! The carried state: a fight started from it, written back after, and the
//! between-fight commands; Vex Marrow of examples/compound-x/vex.toml on
//! the sample pack (a d100 is typed tens then ones; a face 0 is typed 10).

use std::sync::OnceLock;

use nanite_core::content::SourceFile;
use nanite_core::{ClockCommand, CombatantId, Game, ScriptedDice};

use super::*;
use crate::combat::{Condition, ConditionKind};
use crate::encounter::CxEffect;

const VEX: &str = include_str!("../../../../examples/compound-x/vex.toml");

fn pack() -> &'static Pack {
    static PACK: OnceLock<Pack> = OnceLock::new();
    PACK.get_or_init(|| {
        let (pack, found) = Pack::load(&Pack::sample_files());
        assert!(!found.has_errors(), "{found}");
        pack
    })
}

fn vex() -> (Character, Sheet) {
    let (character, found) = Character::read(&SourceFile::new("vex.toml", VEX));
    assert!(!found.has_errors(), "{found}");
    let sheet = Sheet::compute(&character, pack());
    (character, sheet)
}

fn id(s: &str) -> CombatantId {
    CombatantId::from(s)
}

/// A fight with `f` alone as Vex ("vex", crew, standing in the open).
fn alone(f: Fighter) -> Game<CompoundX> {
    let mut game: Game<CompoundX> = Game::new(Battle::new());
    let mut none = ScriptedDice::new(Vec::<i64>::new());
    game.execute(
        &Command::Add {
            id: id("vex"),
            side: "crew".into(),
            hidden: false,
            fighter: Box::new(f),
            cover: Cover::None,
            stance: Stance::Standing,
        },
        &mut none,
    )
    .unwrap();
    game
}

/// A fight with Vex alone, started from `state`, ended after `during`.
fn fight(state: &CharacterState, during: impl FnOnce(&mut Game<CompoundX>)) -> CharacterState {
    let (_, sheet) = vex();
    let mut game = alone(state.fighter(&sheet, pack()).unwrap());
    let mut none = ScriptedDice::new(Vec::<i64>::new());
    during(&mut game);
    game.execute(&Command::Clock(ClockCommand::End), &mut none)
        .unwrap();
    state.after_fight(game.state(), &id("vex")).unwrap()
}

#[test]
fn a_fresh_state_is_the_file_unhurt() {
    // rule: CX-STAT-16
    // rule: CX-DEATH-04
    let (_, sheet) = vex();
    let s = CharacterState::fresh(&sheet, pack());
    assert_eq!(s.hp, sheet.max_hp);
    assert_eq!(s.max_hp, sheet.max_hp);
    assert_eq!(s.nanites, sheet.nanites);
    assert_eq!(s.death_saves, 3, "the first downing gives 3");
    assert_eq!(s.level, 5);
    assert_eq!(s.xp, 0);
    assert!(s.wounds.is_empty() && s.lasting.is_empty());
    let smg = &s.weapons[0];
    assert_eq!((smg.id.as_str(), smg.spare_magazines), ("smg", 3));
    assert_eq!(s.weapons[1].spare_magazines, 2, "two frag grenades");
    assert_eq!(s.items.get("medikit"), Some(&2));
}

#[test]
fn a_fight_starts_from_the_carried_state() {
    // rule: CX-HEAL-01
    // rule: CX-RNG-12
    // rule: CX-HEAL-05
    let (_, sheet) = vex();
    let mut s = CharacterState::fresh(&sheet, pack());
    s.hp = sheet.max_hp - 70;
    s.wounds = vec![40, 30];
    s.weapons[0].loaded = 4;
    s.weapons[0].spare_magazines = 1;
    s.weapons[1].spare_magazines = 0;
    s.items.insert("medikit".into(), 1);
    s.nanites = 10;
    s.death_saves = 2;
    s.lasting.injuries.push(Injury::BrokenAnkle);
    s.lasting.conditions.push(LastingCondition {
        kind: ConditionKind::Bleeding,
        stacks: 2,
    });
    let f = s.fighter(&sheet, pack()).unwrap();
    assert_eq!(f.hp, sheet.max_hp - 70);
    assert_eq!(f.wounds, vec![40, 30]);
    assert_eq!((f.weapons[0].loaded, f.weapons[0].spare_magazines), (4, 1));
    assert_eq!(f.weapons[1].spare_magazines, 0);
    assert_eq!(f.count(crate::pack::ItemKind::Medikit), 1);
    assert_eq!(f.nanites, 10);
    assert_eq!(f.death_saves.allowance, 2);
    // Entering, the injury and the bleeding go on the clock.
    let game = alone(f);
    let vex_id = id("vex");
    let effects: Vec<&CxEffect> = game
        .state()
        .clock
        .effects_on(&vex_id)
        .map(|e| &e.payload)
        .collect();
    assert_eq!(
        effects,
        vec![
            &CxEffect::Injured {
                injury: Injury::BrokenAnkle
            },
            &CxEffect::Condition(Condition {
                kind: ConditionKind::Bleeding,
                stacks: 2,
                turns: 0
            }),
        ]
    );
    // A dead character joins no fight.
    s.dead = true;
    assert!(s.fighter(&sheet, pack()).is_err());
}

#[test]
fn the_death_save_allowance_is_carried_lost_and_regained() {
    // rule: CX-DEATH-04
    // (allowance before, downed, saves failed in the downing, stabilized
    // before the end, allowance carried into the next fight)
    let cases: [(u32, bool, u32, bool, u32); 9] = [
        // A clean encounter (no save failed) regains one, up to 3.
        (3, false, 0, false, 3),
        (2, false, 0, false, 3),
        (1, false, 0, false, 2),
        // Downed, every save made: still clean.
        (2, true, 0, false, 3),
        // A downing with a failure: one fewer, and no regain.
        (3, true, 1, true, 2),
        (2, true, 1, true, 1),
        // Never below 1.
        (1, true, 0, false, 2),
        // A downing still under way at the end counts as one.
        (3, true, 1, false, 2),
        (2, true, 1, false, 1),
    ];
    let (_, sheet) = vex();
    for (before, downed, failures, stabilized, after) in cases {
        let mut s = CharacterState::fresh(&sheet, pack());
        s.death_saves = before;
        let mut none = ScriptedDice::new(Vec::<i64>::new());
        let mut game: Game<CompoundX> = Game::new(Battle::new());
        game.execute(
            &Command::Add {
                id: id("vex"),
                side: "crew".into(),
                hidden: false,
                fighter: Box::new(s.fighter(&sheet, pack()).unwrap()),
                cover: Cover::None,
                stance: Stance::Standing,
            },
            &mut none,
        )
        .unwrap();
        // 70 at a time: no Shock save, which takes more than 70 (CX-DEATH-10).
        while downed && game.state().combatants[&id("vex")].fighter.hp > 0 {
            game.execute(
                &Command::Harm {
                    target: id("vex"),
                    amount: 70,
                    damage_type: crate::pack::DamageType::Explosive,
                    apl: 0,
                    why: "a mine".into(),
                },
                &mut none,
            )
            .unwrap();
        }
        // The saves of the downing, as the turns' death saves record them.
        let mut battle = game.state().clone();
        let saves = &mut battle
            .combatants
            .get_mut(&id("vex"))
            .unwrap()
            .fighter
            .death_saves;
        for _ in 0..failures {
            let outcome = saves.judge(10);
            saves.record(outcome);
        }
        if stabilized {
            saves.back_up();
        }
        let mut game: Game<CompoundX> = Game::new(battle);
        assert!(
            s.after_fight(game.state(), &id("vex")).is_err(),
            "not written back before the end"
        );
        game.execute(&Command::Clock(ClockCommand::End), &mut none)
            .unwrap();
        let next = s.after_fight(game.state(), &id("vex")).unwrap();
        assert_eq!(
            next.death_saves, after,
            "{before} saves, downed {downed}, {failures} failed, stabilized {stabilized}"
        );
    }
}

#[test]
fn a_fight_writes_back_wounds_rounds_and_lasting_conditions() {
    // rule: CX-HEAL-01
    // rule: CX-RNG-12
    // rule: CX-COND-01
    let (_, sheet) = vex();
    let s = CharacterState::fresh(&sheet, pack());
    let next = fight(&s, |game| {
        let mut none = ScriptedDice::new(Vec::<i64>::new());
        game.execute(
            &Command::Harm {
                target: id("vex"),
                amount: 30,
                damage_type: crate::pack::DamageType::Explosive,
                apl: 0,
                why: "shrapnel".into(),
            },
            &mut none,
        )
        .unwrap();
        game.execute(
            &Command::Afflict {
                target: id("vex"),
                condition: ConditionKind::Bleeding,
                turns: None,
            },
            &mut none,
        )
        .unwrap();
        game.execute(
            &Command::Afflict {
                target: id("vex"),
                condition: ConditionKind::Stunned,
                turns: Some(1),
            },
            &mut none,
        )
        .unwrap();
    });
    assert_eq!(next.hp, sheet.max_hp - 30);
    assert_eq!(next.wounds, vec![30]);
    assert_eq!(
        next.lasting.conditions,
        vec![LastingCondition {
            kind: ConditionKind::Bleeding,
            stacks: 1
        }],
        "bleeding outlasts the fight; a stun of 1 turn does not"
    );
    let words = next.changes_from(&s);
    assert!(words.iter().any(|w| w.contains("health")), "{words:?}");
}

#[test]
fn rests_restore_what_the_catalog_decides() {
    // rule: CX-HEAL-04
    // (long, nanites before, nanites after, below par after)
    let (_, sheet) = vex();
    let max = sheet.nanites;
    let cases = [
        (false, 0, max / 2, true),
        (false, max - 1, max, true),
        (true, 0, max, false),
    ];
    for (long, nanites, after, below_par) in cases {
        let mut s = CharacterState::fresh(&sheet, pack());
        s.nanites = nanites;
        s.below_par = true;
        s.hp = sheet.max_hp - 20;
        s.wounds = vec![20];
        s.shield.as_mut().unwrap().strength = 0;
        s.lasting.injuries = vec![Injury::SprainedAnkle, Injury::BrokenLeg];
        let done = s.rest(&sheet, pack(), long).unwrap();
        assert_eq!(done.state.nanites, after, "long {long} from {nanites}");
        assert_eq!(done.state.below_par, below_par);
        assert_eq!(done.state.hp, sheet.max_hp - 20, "health only by Medicine");
        let shield = done.state.shield.as_ref().unwrap();
        assert_eq!(shield.strength, shield.max, "the shield is full");
        let injuries = if long {
            vec![Injury::BrokenLeg]
        } else {
            vec![Injury::SprainedAnkle, Injury::BrokenLeg]
        };
        assert_eq!(
            done.state.lasting.injuries, injuries,
            "a long rest heals a sprained ankle"
        );
        assert!(!done.lines.is_empty());
    }
}

#[test]
fn medicine_between_fights_heals_as_the_seed_says() {
    // rule: CX-HEAL-02
    // rule: CX-HEAL-03
    // 000: 70 damage, skill 25, a total of 86 heals 41, leaving a 29 wound.
    // Vex: Medicine 20 points, INT 6 (+4): the skill is 20; a d100 of 62
    // with the medicine bag missing but a medikit used (a non-medic heals
    // as skill 30): total 62 + 30 + 4 = 96 against DC 70: 30 + 26 = 56.
    let (_, sheet) = vex();
    let mut s = CharacterState::fresh(&sheet, pack());
    s.hp = sheet.max_hp - 70;
    s.wounds = vec![70];
    let (done, medic) = s
        .treat(
            &sheet,
            pack(),
            None,
            Treatment {
                wound: None,
                medikit: true,
                effort: Effort::Roll,
            },
            &mut ScriptedDice::new([6, 2]),
        )
        .unwrap();
    assert!(medic.is_none());
    let healed = sheet.max_hp - 70 - (sheet.max_hp - done.state.hp);
    assert_eq!(done.state.wounds, vec![70 - healed]);
    assert!(healed > 0, "{:?}", done.lines);
    assert_eq!(
        done.state.items.get("medikit"),
        Some(&1),
        "the medikit is used up"
    );
    // Full health: nothing to treat, nothing changes.
    let fresh = CharacterState::fresh(&sheet, pack());
    assert!(
        fresh
            .treat(
                &sheet,
                pack(),
                None,
                Treatment::default(),
                &mut ScriptedDice::new([5, 5])
            )
            .is_err()
    );
}

#[test]
fn resupply_loot_and_awards() {
    let (_, sheet) = vex();
    let mut s = CharacterState::fresh(&sheet, pack());
    let full = s.clone();
    s.weapons[0].loaded = 0;
    s.weapons[0].spare_magazines = 0;
    s.items.insert("medikit".into(), 0);
    let done = s.resupply(&sheet, pack());
    assert_eq!(done.state, full, "back to the file's gear");
    let looted = s.loot(&sheet, "frag-grenade", 2).unwrap().state;
    assert_eq!(looted.weapons[1].spare_magazines, 4);
    let looted = s.loot(&sheet, "medikit", 3).unwrap().state;
    assert_eq!(looted.items.get("medikit"), Some(&3));
    for (what, count) in [("rocket", 1), ("medikit", 0), ("medikit", MAX_COUNT + 1)] {
        assert!(s.loot(&sheet, what, count).is_err(), "{what} {count}");
    }
    // XP awards: 1 to a million.
    assert_eq!(s.award(250).unwrap().xp, 250);
    assert!(s.award(0).is_err());
    assert!(s.award(MAX_AWARD + 1).is_err());
}

#[test]
fn levelling_waits_for_the_xp_and_goes_through_the_checks() {
    // rule: CX-LVL-07
    // rule: CX-LVL-02
    // Vex is level 5: level 6 takes 6000 XP in all.
    let (character, sheet) = vex();
    let s = CharacterState::fresh(&sheet, pack());
    let cases = [(0, false), (5_999, false), (6_000, true), (9_000, true)];
    for (xp, may) in cases {
        let mut with = s.clone();
        with.xp = xp;
        assert_eq!(with.may_level("Vex").is_ok(), may, "{xp} XP");
    }
    let mut rich = s.clone();
    rich.xp = 6_000;
    // Level 6: 2 * SPG skill points and a feat (CX-LVL-02, CX-LVL-04).
    let spg = sheet.secondary.skill_point_gain;
    let choices = LevelUp {
        stat: None,
        skills: vec![("smgs".into(), 2 * spg)],
        feats: Vec::new(),
        class_feats: Vec::new(),
    };
    match rich.level_up(&character, pack(), &choices) {
        Ok((leveled, state)) => {
            assert_eq!(leveled.level, 6);
            assert_eq!(state.level, 6);
            assert_eq!(state.xp, 6_000, "XP is a total, not spent");
        }
        Err(CarryError::LevelUp(why)) => {
            // The checks name what the level still needs (a feat at 6).
            assert!(why.contains("CX-LVL"), "{why}");
        }
        Err(other) => panic!("{other}"),
    }
    assert!(matches!(
        s.level_up(&character, pack(), &choices),
        Err(CarryError::NotEnoughXp { needed: 6_000, .. })
    ));
}

#[test]
fn gm_corrections_check_their_ranges() {
    let (_, sheet) = vex();
    let s = CharacterState::fresh(&sheet, pack());
    let max = sheet.max_hp;
    let ok = [
        Correction::Hp(max - 1),
        Correction::Hp(0),
        Correction::Nanites(0),
        Correction::DeathSaves(1),
        Correction::Xp(100),
        Correction::Wounds(vec![5, 10]),
        Correction::Item {
            id: "medikit".into(),
            count: 5,
        },
        Correction::Weapon {
            weapon: 0,
            loaded: 0,
            spare_magazines: 9,
        },
        Correction::Shield(0),
        Correction::Injuries(vec![Injury::BrokenLeg]),
        Correction::BelowPar(true),
    ];
    for c in ok {
        assert!(s.correct(&c).is_ok(), "{c:?}");
    }
    // rule: CX-DEATH-04
    let refused = [
        Correction::Hp(max + 1),
        Correction::Nanites(-1),
        Correction::DeathSaves(0),
        Correction::DeathSaves(4),
        Correction::Wounds(vec![0]),
        Correction::Item {
            id: "rocket".into(),
            count: 1,
        },
        Correction::Weapon {
            weapon: 9,
            loaded: 0,
            spare_magazines: 0,
        },
        Correction::Xp(-5),
    ];
    for c in refused {
        assert!(s.correct(&c).is_err(), "{c:?}");
    }
    assert_eq!(s.correct(&Correction::Hp(10)).unwrap().hp, 10);
}

#[test]
fn states_read_back_as_written() {
    let (_, sheet) = vex();
    let s = CharacterState::fresh(&sheet, pack());
    let json = serde_json::to_string(&s).unwrap();
    let back: CharacterState = serde_json::from_str(&json).unwrap();
    assert_eq!(back, s);
    let c: Correction = serde_json::from_str(r#"{"field":"hp","value":12}"#).unwrap();
    assert_eq!(c, Correction::Hp(12));
}

#[test]
fn a_thrown_weapon_is_counted_as_carried_not_as_magazines() {
    let (_, sheet) = vex();
    let mut s = CharacterState::fresh(&sheet, pack());
    s.weapons[0].loaded = 0;
    s.weapons[1].spare_magazines = 0;
    let done = s.resupply(&sheet, pack());
    let grenade = done
        .lines
        .iter()
        .find(|l| l.contains("Grenade"))
        .unwrap_or_else(|| panic!("{:?}", done.lines));
    assert!(grenade.ends_with("2 carried (was 0)"), "{grenade}");
    assert!(
        done.lines.iter().any(|l| l.contains("loaded")),
        "{:?}",
        done.lines
    );
    let looted = s.loot(&sheet, "frag-grenade", 2).unwrap();
    assert_eq!(looted.lines, ["+2 frag-grenade: 2 carried"]);
    let gun = sheet.weapons[0].id.clone();
    let looted = s.loot(&sheet, &gun, 1).unwrap();
    assert!(
        looted.lines[0].contains("spare magazines"),
        "{:?}",
        looted.lines
    );
}
