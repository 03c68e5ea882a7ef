//! Casting spells in a fight (CX-SPELL-01..03), with forced dice: who casts,
//! the DC and the skill, range, saves, and what the sample spells do.

use nanite_compound_x::DamageType;
use nanite_compound_x::combat::{ConditionKind, Cover, Fighter};
use nanite_compound_x::encounter::{Command, Event};

use super::support::{TEMPLATE, edit, last_event};
use super::table::{Table, armed, fighter, id};

/// Nyx: the template as `class` with `points` in `skill`.
fn caster(class: &str, skill: &str, points: i64) -> Fighter {
    let class_line = format!("class = \"{class}\"");
    let skill_line = if points > 0 {
        format!("{skill} = {points}")
    } else {
        String::new()
    };
    fighter(&edit(
        TEMPLATE,
        &[
            ("name = \"Tess\"", "name = \"Nyx\""),
            ("class = \"soldier\"", &class_line),
            ("smgs = 10", &skill_line),
        ],
    ))
}

/// Nyx (crew), Raider (raiders) 15 m away and Ally (crew) 5 m away; Nyx
/// acts first.
fn fight(nyx: Fighter) -> Table {
    let mut t = Table::new();
    t.add("nyx", "crew", nyx);
    t.add(
        "raider",
        "raiders",
        fighter(&armed(&[("name = \"Tess\"", "name = \"Raider\"")])),
    );
    t.add(
        "ally",
        "crew",
        fighter(&edit(TEMPLATE, &[("name = \"Tess\"", "name = \"Ally\"")])),
    );
    t.distance("nyx", "raider", 15);
    t.distance("nyx", "ally", 5);
    t.begin(&["nyx", "raider", "ally"]);
    t
}

fn cast(spell: &str, target: &str, cover: Option<Cover>) -> Command {
    super::arena::cast("nyx", spell, target, cover)
}

fn last_cast(t: &Table) -> (bool, Option<bool>, String) {
    last_event(&t.game, "cast", |e| match e {
        Event::SpellCast {
            success,
            save,
            breakdown,
            ..
        } => Some((
            *success,
            save.as_ref().map(|s| s.resisted),
            breakdown.to_string(),
        )),
        _ => None,
    })
}

#[test]
fn only_paladins_mages_and_sorcerers_cast() {
    // rule: CX-SPELL-01
    // (class, its casting skill, nanites before) -> may cast Nanite Bolt
    let cases = [
        ("soldier", "smgs", 60, false),
        ("paladin", "knowledge-nanites", 60, true),
        ("mage", "sorcery", 66, true),
        ("sorcerer", "sorcery", 80, true),
    ];
    for (class, skill, nanites, casts) in cases {
        let mut t = fight(caster(class, skill, 20));
        assert_eq!(t.c("nyx").fighter.nanites, nanites, "{class}");
        let bolt = cast("nanite-bolt", "raider", None);
        if casts {
            t.run(bolt, &[9, 9, 3, 4, 1, 10]);
            assert_eq!(t.actions_left(), 3, "{class}: a spell costs 1 action");
            assert_eq!(t.c("nyx").fighter.nanites, nanites - 20, "{class}");
        } else {
            let why = t.refuse(bolt, &[9, 9, 3, 4, 1, 10]).to_string();
            assert!(
                why.contains("is a Soldier; only Paladins, Mages and Sorcerers cast spells"),
                "{why}"
            );
        }
    }
    // A spell of another class's list is not known.
    let mut t = fight(caster("mage", "sorcery", 20));
    let why = t
        .refuse(cast("plasma-lance", "raider", None), &[9, 9])
        .to_string();
    assert!(why.contains("knows no spell 'plasma-lance'"), "{why}");
}

#[test]
fn the_dc_is_the_nanites_spent_plus_cover_and_the_class_skill_adds() {
    // rule: CX-SPELL-02
    // rule: CX-DICE-03
    // Nanite Bolt: 20 nanites. INT 6: +4. Paladins add Knowledge [Nanites]
    // (Nanite Communion: +10 more), Mages and Sorcerers Sorcery.
    // (class, skill, points, cover, d100) -> success
    type Case = (
        &'static str,
        &'static str,
        i64,
        Option<Cover>,
        [i64; 2],
        bool,
    );
    let cases: [Case; 9] = [
        ("mage", "sorcery", 0, None, [1, 7], true),
        ("mage", "sorcery", 0, None, [1, 6], false),
        ("mage", "sorcery", 0, Some(Cover::Partial), [1, 8], false),
        ("mage", "sorcery", 0, Some(Cover::Partial), [1, 9], true),
        ("mage", "sorcery", 0, Some(Cover::Full), [2, 10], false),
        ("mage", "sorcery", 30, Some(Cover::Full), [10, 1], true),
        ("paladin", "knowledge-nanites", 0, None, [10, 7], true),
        ("paladin", "knowledge-nanites", 0, None, [10, 6], false),
        ("sorcerer", "sorcery", 0, None, [1, 7], true),
    ];
    for (class, skill, points, cover, d100, success) in cases {
        let mut t = fight(caster(class, skill, points));
        let before = t.c("nyx").fighter.nanites;
        let mut dice = d100.to_vec();
        dice.extend([3, 4, 1, 10]);
        t.run(cast("nanite-bolt", "raider", cover), &dice);
        let (cast_ok, _, breakdown) = last_cast(&t);
        let what = format!("{class} {points} {cover:?} {d100:?}");
        assert_eq!(cast_ok, success, "{what}: {breakdown}");
        assert_eq!(
            t.c("nyx").fighter.nanites,
            before - 20,
            "{what}: spent either way"
        );
        let skill_name = if class == "paladin" {
            "Knowledge [Nanites]"
        } else {
            "Sorcery"
        };
        assert!(breakdown.contains(skill_name), "{what}: {breakdown}");
        let hurt = t.c("raider").fighter.hp < t.c("raider").fighter.max_hp;
        assert_eq!(hurt, success, "{what}");
    }
}

#[test]
fn a_cast_shows_every_step() {
    // rule: CX-SPELL-02
    let mut t = fight(caster("mage", "sorcery", 30));
    let log = t.run(
        cast("nanite-bolt", "raider", Some(Cover::Partial)),
        &[2, 5, 3, 4, 1, 10],
    );
    expect_test::expect![[r#"
        Nyx: cast Nanite Bolt at raider (1 action)
        Nyx casts Nanite Bolt at Raider (15 m, range 30 m)
        nanites spent (CX-SPELL-02): 20
          +2 partial cover of the target (CX-SPELL-02)
        casting DC: 22
        d100 = 25 (Sorcery check, Nyx)
          +30 Sorcery skill points
          +4 INT bonus (CX-DICE-05)
        total 59 > DC 22: success
        Nanite Bolt damage 2d10 + INT: 13
        d100 = 10 (armor, Raider)
        armor missed: body struck, full damage (roll <= 50, CX-DMG-01)
        damage to Raider's health: 13
        plasma burn: 1d10+1 per turn for 2 turns (CX-COND-07)
        Raider: plasma-burn"#]]
    .assert_eq(&log.join("\n"));
}

#[test]
fn casts_that_cannot_be_made_change_nothing() {
    // rule: CX-SPELL-02
    // rule: CX-SPELL-03
    let mut poor = caster("mage", "sorcery", 30);
    poor.nanites = 19;
    let mut t = fight(poor);
    let why = t
        .refuse(cast("nanite-bolt", "raider", None), &[9, 9])
        .to_string();
    assert!(why.contains("costs 20 nanites and Nyx has 19"), "{why}");
    let mut t = fight(caster("mage", "sorcery", 30));
    t.run(
        Command::Add {
            id: id("scout"),
            side: "raiders".into(),
            hidden: false,
            fighter: Box::new(caster("soldier", "smgs", 10)),
            cover: Cover::None,
            stance: nanite_compound_x::combat::Stance::Standing,
        },
        &[],
    );
    let why = t
        .refuse(cast("nanite-bolt", "scout", None), &[9, 9])
        .to_string();
    assert!(why.contains("is not known"), "{why}");
    let why = t
        .refuse(cast("nanite-bolt", "ghost", None), &[9, 9])
        .to_string();
    assert!(why.contains("nobody called 'ghost'"), "{why}");
    let why = t.refuse(cast("zap", "raider", None), &[9, 9]).to_string();
    assert!(why.contains("knows no spell 'zap'"), "{why}");
    t.run(
        Command::Harm {
            target: id("ally"),
            amount: 200,
            damage_type: DamageType::Explosive,
            apl: 0,
            why: "a fall".into(),
        },
        &[9, 9],
    );
    let why = t.refuse(cast("mend", "ally", None), &[9, 9]).to_string();
    assert!(why.contains("stabilize it first"), "{why}");
}

#[test]
fn range_depends_on_cha() {
    // rule: CX-SPELL-03
    // (spell, CHA, metres) -> in range. Nanite Bolt: CHA * 5; Dread: CHA * 3.
    let cases = [
        ("nanite-bolt", 6, 30, true),
        ("nanite-bolt", 6, 31, false),
        ("nanite-bolt", 8, 40, true),
        ("fear", 6, 18, true),
        ("fear", 6, 19, false),
    ];
    for (spell, cha, metres, reaches) in cases {
        let cha_line = format!("CHA = {cha}");
        let nyx = fighter(&edit(
            TEMPLATE,
            &[
                ("name = \"Tess\"", "name = \"Nyx\""),
                ("class = \"soldier\"", "class = \"mage\""),
                ("smgs = 10", "sorcery = 30"),
                ("CHA = 6", &cha_line),
            ],
        ));
        let mut t = fight(nyx);
        t.distance("nyx", "raider", metres);
        let dice = [9, 9, 9, 9, 3, 4, 1, 10];
        if reaches {
            t.run(cast(spell, "raider", None), &dice);
        } else {
            let why = t.refuse(cast(spell, "raider", None), &dice).to_string();
            assert!(
                why.contains(&format!("raider is {metres} m from nyx")),
                "{why}"
            );
        }
    }
}

#[test]
fn a_save_resists_and_the_target_wins_ties() {
    // rule: CX-SPELL-03
    // rule: CX-DICE-04
    // Dread: Nyx's casting total 20 + Sorcery 30 + INT 4 = 54 against
    // Raider's Will save 12: a save of 42 ties and resists.
    for (save, resisted) in [([4, 2], true), ([4, 1], false), ([10, 1], false)] {
        let mut t = fight(caster("mage", "sorcery", 30));
        let mut dice = vec![2, 10];
        dice.extend(save);
        t.run(cast("fear", "raider", None), &dice);
        let (ok, saved, breakdown) = last_cast(&t);
        assert!(ok);
        assert_eq!(saved, Some(resisted), "{save:?}: {breakdown}");
        assert_eq!(
            t.game
                .state()
                .has_condition(&id("raider"), ConditionKind::Fear),
            !resisted,
            "{save:?}"
        );
    }
}

#[test]
fn plasma_lance_does_half_damage_on_a_save() {
    // rule: CX-SPELL-03
    // Casting 30 + 34 = 64 against Raider's Reflex 14: a save of 50 ties.
    // 3d10 + 10 with 5, 5, 5: 25; no armor, d100 10: full to the body.
    for (save, damage) in [([5, 10], 12), ([4, 9], 25)] {
        let mut t = fight(caster("sorcerer", "sorcery", 30));
        let mut dice = vec![3, 10];
        dice.extend(save);
        dice.extend([5, 5, 5, 1, 10]);
        t.run(cast("plasma-lance", "raider", None), &dice);
        let r = &t.c("raider").fighter;
        assert_eq!(r.max_hp - r.hp, damage, "{save:?}");
        assert!(
            t.game
                .state()
                .has_condition(&id("raider"), ConditionKind::PlasmaBurn),
            "plasma on the body burns (CX-COND-07)"
        );
    }
}

#[test]
fn stun_pulse_stuns_for_one_turn() {
    // rule: CX-SPELL-03
    // rule: CX-COND-11
    let mut t = fight(caster("mage", "sorcery", 30));
    t.distance("nyx", "raider", 12);
    t.run(cast("stun-pulse", "raider", None), &[3, 10, 1, 10]);
    let stunned = |t: &Table| {
        t.game
            .state()
            .has_condition(&id("raider"), ConditionKind::Stunned)
    };
    assert!(stunned(&t));
    t.next(&[]);
    assert_eq!(t.actions_left(), 0, "the stunned raider loses its turn");
    t.next(&[]);
    assert!(!stunned(&t), "one turn only");
}

#[test]
fn mend_heals_up_to_full_health() {
    // rule: CX-SPELL-03
    let mut t = fight(caster("mage", "sorcery", 30));
    t.run(
        Command::Harm {
            target: id("ally"),
            amount: 10,
            damage_type: DamageType::Explosive,
            apl: 0,
            why: "shrapnel".into(),
        },
        &[],
    );
    // 2d10 + 2 * INT with 5 and 5: 22, of which 10 are missing.
    let log = t.run(cast("mend", "ally", None), &[9, 9, 5, 5]);
    let a = &t.c("ally").fighter;
    assert_eq!(a.hp, a.max_hp);
    assert!(log.iter().any(|l| l == "Ally regains 10 health"), "{log:?}");
    // On itself: no distance needed.
    t.run(cast("mend", "nyx", None), &[9, 9, 5, 5]);
}

#[test]
fn purge_ends_what_it_cures_only() {
    // rule: CX-SPELL-03
    let mut t = fight(caster("paladin", "knowledge-nanites", 30));
    t.distance("nyx", "ally", 6);
    for condition in [
        ConditionKind::Bleeding,
        ConditionKind::PlasmaBurn,
        ConditionKind::Fear,
    ] {
        t.run(
            Command::Afflict {
                target: id("ally"),
                condition,
                turns: None,
            },
            &[],
        );
    }
    t.run(cast("purge", "ally", None), &[9, 9]);
    let has = |k| t.game.state().has_condition(&id("ally"), k);
    assert!(!has(ConditionKind::Bleeding));
    assert!(!has(ConditionKind::PlasmaBurn));
    assert!(has(ConditionKind::Fear));
}

#[test]
fn barrier_gives_cover_until_the_casters_next_turn() {
    // rule: CX-SPELL-03
    let mut t = fight(caster("mage", "sorcery", 30));
    t.run(cast("barrier", "ally", None), &[9, 9]);
    assert_eq!(t.c("ally").cover, Cover::Full);
    t.next(&[]);
    t.next(&[]);
    assert_eq!(t.c("ally").cover, Cover::Full, "still Ally's turn");
    t.next(&[]);
    assert_eq!(t.c("ally").cover, Cover::None, "Nyx's turn began");
}

#[test]
fn casting_is_a_combat_action_that_ends_a_cloak() {
    // rule: CX-CLOAK-03
    // rule: CX-SPELL-01
    let nyx = fighter(&edit(
        TEMPLATE,
        &[
            ("name = \"Tess\"", "name = \"Nyx\""),
            ("class = \"soldier\"", "class = \"mage\""),
            ("smgs = 10", "sorcery = 30"),
            ("[equipment]\n", "[equipment]\ncloak = \"mk1-cloak\"\n"),
        ],
    ));
    let mut t = fight(nyx);
    t.run(Command::Cloak { id: id("nyx") }, &[]);
    assert!(!t.c("nyx").stealth.unseen_by.is_empty());
    t.run(cast("barrier", "ally", None), &[9, 9]);
    assert!(t.c("nyx").stealth.cloak.is_none());
    assert!(t.c("nyx").stealth.unseen_by.is_empty());
}
