//! The carried state of D20 characters: Bram Holt (CON 15, one healing
//! kit) and Ilsa of examples/d20 on the sample pack.

use nanite_core::content::SourceFile;
use nanite_core::{ClockCommand, CombatantId, Game, ScriptedDice};

use super::*;

const BRAM: &str = include_str!("../../../../examples/d20/bram.toml");
const ILSA: &str = include_str!("../../../../examples/d20/ilsa.toml");

fn pack() -> Pack {
    let (pack, found) = Pack::load(&Pack::sample_files());
    assert!(!found.has_errors(), "{found}");
    pack
}

fn read(name: &str, text: &str) -> Character {
    let (c, found) = Character::read(&SourceFile::new(name, text));
    assert!(!found.has_errors(), "{found}");
    c
}

fn id(s: &str) -> CombatantId {
    CombatantId::from(s)
}

#[test]
fn a_fight_starts_from_the_state_and_writes_back() {
    // rule: D20-REST-01
    // rule: D20-GRAP-05
    let pack = pack();
    let campaign = Campaign::default();
    let bram = read("bram.toml", BRAM);
    let fresh = CharacterState::fresh(&bram, &pack, &campaign);
    assert_eq!(fresh.hp, fresh.max_hp);
    assert_eq!(fresh.kits.get("healing-kit"), Some(&1));
    let mut wounded = fresh.clone();
    wounded.hp = 5;
    wounded.drains = vec![Drain {
        points: 1,
        rounds_left: 300,
    }];
    let mut none = ScriptedDice::new(Vec::<i64>::new());
    let mut game: Game<D20> = Game::new(Battle::new(campaign.clone(), Field::Rows));
    game.execute(
        &Command::Add {
            id: id("bram"),
            side: "party".into(),
            hidden: false,
            fighter: Box::new(wounded.fighter(&bram, &pack, &campaign)),
            place: Place::Row(Row::Front),
        },
        &mut none,
    )
    .unwrap();
    assert_eq!(game.state().combatants[&id("bram")].hp, 5, "enters wounded");
    assert_eq!(game.state().drain(&id("bram")), 1, "still drained");
    game.execute(
        &Command::Harm {
            target: id("bram"),
            amount: 3,
            by: None,
            why: "a trap".into(),
        },
        &mut none,
    )
    .unwrap();
    assert!(wounded.after_fight(game.state(), &id("bram")).is_err());
    game.execute(&Command::Clock(ClockCommand::End), &mut none)
        .unwrap();
    let after = wounded.after_fight(game.state(), &id("bram")).unwrap();
    assert_eq!(after.hp, 2);
    assert_eq!(after.drains.len(), 1);
    assert!(
        after
            .changes_from(&wounded)
            .iter()
            .any(|l| l.contains("hit points 5 → 2"))
    );
}

#[test]
fn rest_and_kits_between_fights() {
    // rule: D20-REST-01
    // rule: D20-REST-02
    // rule: D20-GRAP-05
    let pack = pack();
    let campaign = Campaign::default();
    let bram = read("bram.toml", BRAM);
    let mut s = CharacterState::fresh(&bram, &pack, &campaign);
    s.hp = 3;
    s.drains = vec![Drain {
        points: 2,
        rounds_left: 600,
    }];
    // (periods, hit points after): 1 HP a period, up to the maximum.
    for (periods, hp) in [(1, 4), (3, 6)] {
        let done = s.rest(&bram, &pack, &campaign, periods).unwrap();
        assert_eq!(done.state.hp, hp, "{periods} period(s)");
        assert!(done.state.drains.is_empty(), "the hour has passed");
        assert!(!done.lines.is_empty());
    }
    assert!(s.rest(&bram, &pack, &campaign, 0).is_err());
    // Bram's own kit, medicine level 0: the GM allows 2 rolls of 20 + 0:
    // 40 is not 100, nothing restored, but the kit is used.
    let (done, healer) = s
        .use_kit(
            &bram,
            &pack,
            &campaign,
            None,
            "healing-kit",
            Some(2),
            &mut ScriptedDice::new([20, 20]),
        )
        .unwrap();
    assert!(healer.is_none());
    assert!(done.state.hp <= s.max_hp);
    // Ilsa heals Bram with her kit: his CON score, 15, restored (his drain
    // of an hour lapses by the end of the first hour's roll).
    let ilsa = read("ilsa.toml", ILSA);
    let ilsa_state = CharacterState::fresh(&ilsa, &pack, &campaign);
    {
        let (done, healer) = s
            .use_kit(
                &bram,
                &pack,
                &campaign,
                Some((&ilsa_state, &ilsa)),
                "healing-kit",
                None,
                &mut ScriptedDice::new([20; 10]),
            )
            .unwrap();
        assert_eq!(done.state.hp, (3 + 15).min(done.state.max_hp));
        let healer = healer.unwrap();
        assert_eq!(
            healer.kits["healing-kit"],
            ilsa_state.kits["healing-kit"] - 1,
            "the healer's kit is spent"
        );
    }
}

#[test]
fn awards_levels_loot_and_corrections() {
    let pack = pack();
    let campaign = Campaign::default();
    let bram = read("bram.toml", BRAM);
    let s = CharacterState::fresh(&bram, &pack, &campaign);
    // Bram is level 2: level 3 takes 3000 XP in all.
    assert!(matches!(
        s.level_up(&bram, BRAM, &pack, &campaign),
        Err(CarryError::NotEnoughXp { needed: 3000, .. })
    ));
    let rich = s.award(3000).unwrap();
    let (text, leveled) = rich.level_up(&bram, BRAM, &pack, &campaign).unwrap();
    assert!(text.contains("\nlevel = 3\n"), "{text}");
    assert_eq!(leveled.level, 3);
    assert!(s.award(0).is_err());
    assert_eq!(
        s.loot("healing-kit", 2).unwrap().state.kits["healing-kit"],
        3
    );
    assert!(s.loot("surgeons-kit", 1).is_err());
    let mut used = s.clone();
    used.kits.insert("healing-kit".into(), 0);
    assert_eq!(used.resupply(&bram).state.kits["healing-kit"], 1);
    for (c, ok) in [
        (Correction::Hp(1), true),
        (Correction::Hp(s.max_hp + 1), false),
        (Correction::Energy(-1), false),
        (Correction::Xp(10), true),
        (
            Correction::Kit {
                id: "healing-kit".into(),
                count: 4,
            },
            true,
        ),
        (
            Correction::Kit {
                id: "rope".into(),
                count: 1,
            },
            false,
        ),
    ] {
        assert_eq!(s.correct(&c).is_ok(), ok, "{c:?}");
    }
}
