//! Scenes of play as the GM reads them, with forced dice: a suppressed
//! target breaking cover, a grenade that scatters, a medic stabilizing under
//! fire, a cloaked assassin's stealth attack. Every number in the snapshots
//! was checked by hand against the rules named in them.

use expect_test::{Expect, expect};
use nanite_compound_x::combat::Cover;
use nanite_compound_x::encounter::{Command, MeleeKind};

use super::arena::{blow, into_cover, position, suppress, throw};
use super::support::edit;
use super::table::{Table, fighter, id};

const VEX: &str = include_str!("../../../../examples/compound-x/vex.toml");
const RAIDER: &str = include_str!("../../../../examples/compound-x/raider.toml");

fn check(log: Vec<String>, snapshot: Expect) {
    snapshot.assert_eq(&log.join("\n"));
}

#[test]
fn a_suppressed_target_breaks_cover() {
    // rule: CX-SUP-03
    // rule: CX-SUP-05
    let mut t = Table::new();
    t.add("raider", "raiders", fighter(RAIDER));
    t.add("vex", "crew", fighter(VEX));
    t.distance("raider", "vex", 12);
    t.run(position("vex", Some(Cover::Full), None), &[]);
    t.begin(&["raider", "vex"]);
    let mut log = t.run(suppress("raider", "vex", None), &[]);
    log.extend(t.next(&[]));
    // Vex dashes 4 m for better cover: medium suppression hits at once;
    // 2d10+15 = 7+3+15 = 25; armor d100 4 2 = 42 <= 60: the flak jacket
    // is struck, APL 2 >= 2 pierces: 15 armor points, 10 to health.
    log.extend(t.run(
        into_cover("vex", 4, Some(Cover::Partial), false),
        &[7, 3, 4, 2],
    ));
    check(
        log,
        expect![[r#"
            Depot Raider: suppress vex (medium, the last action) (4 actions)
            Depot Raider lays down medium suppression on Vex Marrow (6 rounds, CX-SUP): Vex Marrow suppressed until Depot Raider's next turn
            Vex Marrow: suppressed by raider (medium), until the start of Depot Raider's turn
            -- Vex Marrow's turn (4 actions)
            Vex Marrow: move 4 m (2 actions)
            Depot Raider reacts: suppression fire at vex moving into the open
            Depot Raider fires on Vex Marrow moving into the open (medium suppression, CX-SUP-05)
            an automatic hit: only armor is rolled (CX-SUP-03, CX-SUP-04)
            damage 2d10 + 15: 25
            d100 = 42 (armor, Vex Marrow)
            armor struck: APL 2 >= armor APL 2: pierced; 15 absorbed by armor points (CX-DMG-02)
            damage to Vex Marrow's health: 10
            vex leaves the suppressed area
            Vex Marrow moves 4 m, into partial cover"#]],
    );
}

#[test]
fn a_grenade_scatters() {
    // rule: CX-RNG-15
    let mut t = Table::new();
    t.add("vex", "crew", fighter(VEX));
    t.add("raider", "raiders", fighter(RAIDER));
    t.add("guard", "raiders", fighter(RAIDER));
    t.distance("vex", "raider", 25);
    t.distance("raider", "guard", 3);
    t.begin(&["vex", "raider", "guard"]);
    // The frag grenade at 25 m: row 6 (21-30 m), not under half the throw.
    // A 3 misses by more than 1: d10 = 7 m off. The 8 m blast reaches the
    // raider (7 m away) but not the guard (3 + 7 = 10 m, not sure to be in).
    // 3d10+15 = 4+4+4+15 = 27; the raider's Reflex 18 - 10: 2 2 = 22 + 8 =
    // 30 <= 50, no dodge; frag is ballistic: armor 9 10 = 100 > 40, the
    // body, half: 13. Thrown at standing in the open and still up, the
    // raider hits the dirt (CX-MOVE-07).
    let log = t.run(throw("vex", "raider", 1), &[3, 7, 4, 4, 4, 2, 2, 10, 10]);
    check(
        log,
        expect![[r#"
            Vex Marrow: throw the Fragmentation Grenade at raider (1 action)
            Vex Marrow throws the Fragmentation Grenade at Depot Raider from 25 m
            miss chance (sheet): 6
            d10 = 3 (accuracy, Vex Marrow)
            d10 3 <= miss chance 6: off target
            d10 = 7 (scatter: d10 m off (CX-RNG-15))
            damage 3d10 + 15: 27
            blast radius 8 m, 7 m off target: raider caught
            Depot Raider tries to dodge: Reflex save against DC 50
            d100 = 22 (check)
              +18 Reflex save
              -10 Fragmentation Grenade Reflex modifier (CX-RNG-15)
            total 30 <= DC 50: failure
            Depot Raider's share of the blast: 27
            d100 = 100 (armor, Depot Raider)
            armor missed: body struck, half damage (roll > 50, CX-DMG-01)
            damage to Depot Raider's health: 13
            Depot Raider is now prone
            Depot Raider: hit the dirt, until the end of Depot Raider's turn"#]],
    );
}

#[test]
fn a_medic_stabilizes_under_fire() {
    // rule: CX-DEATH-05
    // rule: CX-MELEE-02
    let mut t = Table::new();
    t.add("vex", "crew", fighter(VEX));
    t.add("raider", "raiders", fighter(RAIDER));
    t.add(
        "ally",
        "crew",
        fighter(&edit(
            RAIDER,
            &[("name = \"Depot Raider\"", "name = \"Tam Reyes\"")],
        )),
    );
    t.distance("vex", "ally", 1);
    t.distance("vex", "raider", 1);
    t.begin(&["raider", "vex", "ally"]);
    // The raider knifes Vex first, locking them in melee (6: a hit; d10 5 +
    // STR 6 + DEX 7 = 18; armor 10 10 = 100: the body, half: 9).
    let mut log = t.run(
        blow("raider", "vex", Some(1), MeleeKind::Strike, false),
        &[6, 5, 10, 10],
    );
    // The ally is down (two 60-point blasts, no rolls).
    for _ in 0..2 {
        log.extend(t.run(
            Command::Harm {
                target: id("ally"),
                amount: 60,
                damage_type: nanite_compound_x::DamageType::Explosive,
                apl: 0,
                why: "a mine".into(),
            },
            &[],
        ));
    }
    log.extend(t.next(&[]));
    // Vex stabilizes: the check in melee draws the raider's knife first
    // (2: a miss), then 7 5 = 75 + Medicine 20 + a kit 20 = 115 > 80.
    log.extend(t.run(
        Command::Stabilize {
            id: id("vex"),
            target: id("ally"),
            kit: true,
            count_revive: false,
        },
        &[2, 7, 5],
    ));
    check(
        log,
        expect![[r#"
        Depot Raider: strike vex (Combat Knife) (1 action)
        Depot Raider strikes Vex Marrow with the Combat Knife (CX-MELEE-01)
        Combat Knife miss chance (sheet): 2
        d10 = 6 (accuracy, Depot Raider)
        d10 6 > miss chance 2: hit
        damage d10 + STR + DEX: 18
        d100 = 100 (armor, Vex Marrow)
        armor missed: body struck, half damage (roll > 50, CX-DMG-01)
        damage to Vex Marrow's health: 9
        Depot Raider and Vex Marrow are locked in melee
        a mine: explosive damage: 60
        damage to Tam Reyes's health: 60
        a mine: explosive damage: 60
        damage to Tam Reyes's health: 60
        Tam Reyes is downed: health 0, prone, bleeding out (CX-DEATH-01, CX-DEATH-02)
        -- Vex Marrow's turn (4 actions)
        Vex Marrow: stabilize ally (3 actions)
        Depot Raider reacts: penalty attack on vex: a skill check in melee
        Depot Raider strikes Vex Marrow with the Combat Knife (CX-MELEE-01)
        Combat Knife miss chance (sheet): 2
        d10 = 2 (accuracy, Depot Raider)
        d10 2 <= miss chance 2: miss
        Vex Marrow uses up a medikit
        a kit is spent on Tam Reyes: +20 to stabilize it this round (CX-DEATH-08)
        Vex Marrow: stabilize ally (DC 80)
          d100 = 75 (stabilize, Vex Marrow)
            +20 Medicine skill points
            +20 kit spent this round (CX-DEATH-08)
          total 115 > DC 80: success
        Vex Marrow stabilizes Tam Reyes: 1 HP, no longer downed (CX-DEATH-05)"#]],
    );
}

#[test]
fn a_cloaked_assassin_strikes_from_stealth() {
    // rule: CX-RNG-10
    // rule: CX-CLOAK-03
    let assassin = edit(
        VEX,
        &[
            (
                "shield = \"cs-1\"",
                "shield = \"cs-1\"\ncloak = \"mk1-cloak\"",
            ),
            ("stealth = 10", "stealth = 10\nmelee = 20"),
            ("id = \"frag-grenade\"", "id = \"combat-knife\""),
            ("magazines = 2", "magazines = 0"),
        ],
    );
    let mut t = Table::new();
    t.add("ghost", "crew", fighter(&assassin));
    t.add("raider", "raiders", fighter(RAIDER));
    t.distance("ghost", "raider", 1);
    t.begin(&["ghost", "raider"]);
    let mut log = t.run(Command::Cloak { id: id("ghost") }, &[]);
    // Unseen with Melee 20: the knife's d10 + STR + DEX = 6 + 7 + 5 = 18 is
    // doubled to 36; an 8 is more than 3 over the miss chance: a vital spot,
    // past the armor; the body roll 3 10 = 30 takes it all.
    log.extend(t.run(
        blow("ghost", "raider", Some(1), MeleeKind::Strike, false),
        &[8, 6, 3, 10],
    ));
    check(
        log,
        expect![[r#"
        Vex Marrow: activate the Mk I Cloaking Module (1 action)
        Vex Marrow cloaks (CX-CLOAK-01)
          Mk I Cloaking Module Nanite Activation Cost (CX-CLOAK-01): 20
          nanites left: 40
          Cloak Turns at level 5 (CX-CLOAK-04): 4
          turns cloaked after this one (CX-CLOAK-02): 4
        Vex Marrow is undetected by Depot Raider (cloaked)
        Vex Marrow: strike raider (Combat Knife) (1 action)
        Vex Marrow strikes Depot Raider with the Combat Knife (CX-MELEE-01)
        Combat Knife miss chance (sheet): 2
        d10 = 8 (accuracy, Vex Marrow)
        d10 8 > miss chance 2: hit
        damage d10 + STR + DEX: 18
        stealth attack: damage 18 doubled, at most 150 (CX-RNG-10): 36
        a vital spot (a critical, or more than 3 over the miss chance): the armor is bypassed (CX-RNG-10)
        d100 = 30 (armor, Depot Raider)
        armor missed: body struck, full damage (roll <= 50, CX-DMG-01)
        damage to Depot Raider's health: 36
        Vex Marrow and Depot Raider are locked in melee
        Vex Marrow's cloak ends: a combat action ends the cloak (CX-CLOAK-03); 8 action(s) before it can cloak again (Charge Delay, CX-CLOAK-02)
        Vex Marrow is detected by Depot Raider (its attack gives it away)"#]],
    );
}
