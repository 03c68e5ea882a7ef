//! Whole fights through the encounter spine, with forced dice, told as the
//! GM reads them. Every number in the snapshots was checked by hand against
//! the rules the lines name (the comments above each step give the sums).

use expect_test::{Expect, expect};
use nanite_compound_x::FireMode;
use nanite_compound_x::combat::{ConditionKind, Cover, Stance};
use nanite_compound_x::encounter::Command;
use nanite_core::ClockCommand;

use super::arena::{
    Arena, RAIDER, Recruit, VEX, act, aim, distance, fighter, fire, fire_with, id, stance,
};

/// Runs each step (a command and its dice) and checks the whole log.
fn check(a: &mut Arena, steps: Vec<(Command, &[i64])>, snapshot: Expect) {
    let log: Vec<String> = steps
        .into_iter()
        .map(|(command, dice)| a.run(command, dice))
        .filter(|l| !l.is_empty())
        .collect();
    snapshot.assert_eq(&log.join("\n"));
}

fn next() -> Command {
    Command::Clock(ClockCommand::NextTurn)
}

#[test]
fn a_short_firefight() {
    // rule: CX-TURN-01
    // rule: CX-RNG-01
    let mut a = Arena::new();
    a.add("vex", "crew", fighter(VEX));
    a.add("raider", "raiders", fighter(RAIDER));
    a.run(distance("vex", "raider", 15), &[]);
    // Vex 4,6 = 46 (+10 the soldier passive); the raider 2,10 = 20 (+10).
    a.run(Command::RollInitiative { who: vec![] }, &[4, 6, 2, 10]);
    a.begin(&[]);
    a.run(aim("vex"), &[]);
    let log = a.run(fire("vex", "raider"), &[9, 5, 6, 8, 1]);
    assert!(log.contains("hit (CX-RNG-01)"), "{log}");
    assert!(a.hp("raider") < a.f("raider").max_hp);
}

#[test]
fn vex_and_the_raider_trade_fire_until_one_is_down() {
    // rule: CX-TURN-01
    // rule: CX-RNG-01
    // rule: CX-RNG-04
    // rule: CX-RNG-07
    // rule: CX-DMG-01
    // rule: CX-DMG-02
    // rule: CX-MOVE-07
    // rule: CX-DEATH-01
    // rule: CX-DEATH-03
    // rule: CX-TURN-08
    let mut a = Arena::new();
    a.add("vex", "crew", fighter(VEX));
    a.add("raider", "raiders", fighter(RAIDER));
    a.run(distance("vex", "raider", 15), &[]);
    let burst = fire_with("vex", "raider", 0, FireMode::Burst, None);
    check(
        &mut a,
        vec![
            // Vex 46 + 10 = 56; the raider 20 + 10 = 30.
            (Command::RollInitiative { who: vec![] }, &[4, 6, 2, 10]),
            (
                Command::Clock(ClockCommand::Begin { surprise: vec![] }),
                &[],
            ),
            // Round 1, Vex. The SMG aimed at 11-20 m: 4. A 9 hits; 5 + 6 +
            // 8 = 19; the armor d100 35 strikes the vest (40%), APL 1 against
            // APL 1 pierces, its 10 points take 10: 9 to health (111 left).
            // Shot at in the open and still up, the raider dives prone.
            (aim("vex"), &[]),
            (fire("vex", "raider"), &[9, 5, 6, 3, 5]),
            // A burst: 5, and the raider prone beyond 5 m: +2, 7. An 8 hits:
            // 10 + 10 + 8 = 28; 88 misses the vest and is over 50: half, 14
            // (97 left). 1 + 3 rounds used.
            (burst, &[8, 10, 10, 8, 8]),
            (stance("vex", Stance::Crouched), &[]),
            // The raider: its armor points back to 10, the dive's action
            // paid. Aimed AR-7 at 0-15 m: 3, Vex crouched +1, shooting prone
            // -1: 3. A 7 hits: 4 + 4 + 15 = 23; 55 strikes the flak jacket
            // (60%), APL 2 against APL 2 pierces, 15 points take 15: 8 to
            // health (132). Crouched, Vex does not dive.
            (next(), &[]),
            (aim("raider"), &[]),
            (fire("raider", "vex"), &[7, 4, 4, 5, 5]),
            // A raw 1 misses and rolls for a jam: 5, none.
            (fire("raider", "vex"), &[1, 5]),
            // Round 2, Vex: armor points back to 15. Aimed 4, the raider
            // prone +2: 6. A 10 is a critical (Vex's LUCK 6: faces 10):
            // 6 + 2 + 8 + 20 = 36; 20 strikes the vest, pierced, 10 points:
            // 26 to health (71).
            (next(), &[]),
            (aim("vex"), &[]),
            (fire("vex", "raider"), &[10, 6, 2, 2, 10]),
            // Another 10: 10 + 10 + 8 + 20 = 48; 10 strikes the vest, no
            // points left this turn: 48 (23). Over 70? No: no Shock save.
            (fire("vex", "raider"), &[10, 10, 10, 1, 10]),
            // A 9: 9 + 9 + 8 = 26; 60 misses the vest, over 50: 13 (10).
            (fire("vex", "raider"), &[9, 9, 9, 6, 10]),
            // The raider: points back to 10; it talks (free), then misses
            // twice (3: aimed 3, crouched +1, prone -1).
            (next(), &[]),
            (act("raider", "shout for backup", 0), &[]),
            (aim("raider"), &[]),
            (fire("raider", "vex"), &[2]),
            (fire("raider", "vex"), &[3]),
            // Round 3, Vex: 8 against 6 hits; 3 + 3 + 8 = 14; 49 misses the
            // vest, 50 or under: full, 14 against 10: downed at 0.
            (next(), &[]),
            (aim("vex"), &[]),
            (fire("vex", "raider"), &[8, 3, 3, 4, 9]),
            // The raider's turn: its death save, 33 against 50, fails.
            (next(), &[3, 3]),
            // The GM ends the fight: the raider failed a save, no regain.
            (next(), &[]),
            (Command::Clock(ClockCommand::End), &[]),
        ],
        expect![[r#"
            Vex Marrow initiative: d100 = 46 +10 = 56 (CX-TURN-01)
            Depot Raider initiative: d100 = 20 +10 = 30 (CX-TURN-01)
            == round 1
            -- Vex Marrow's turn (4 actions)
            Vex Marrow: aim (1 action)
            Vex Marrow: aimed, until the end of Vex Marrow's turn
            Vex Marrow: fire Basic SMG semi at raider (1 action)
            Vex Marrow fires the Basic SMG (semi, aimed) at Depot Raider from 15 m
            aimed miss chance at 11-20 m (sheet: stats, attachments, feats, minimums): 4
            d10 = 9 (accuracy, Vex Marrow)
            d10 9 > miss chance 4: hit (CX-RNG-01)
            1 round(s) used (CX-RNG-12)
            damage 2d10 + 8: 19
            d100 = 35 (armor, Depot Raider)
            armor struck: APL 1 >= armor APL 1: pierced; 10 absorbed by armor points (CX-DMG-02)
            damage to Depot Raider's health: 9
            Depot Raider is now prone
            Depot Raider: hit the dirt, until the end of Depot Raider's turn
            Vex Marrow: fire Basic SMG burst at raider (1 action)
            Vex Marrow fires the Basic SMG (burst, aimed) at Depot Raider from 15 m
            aimed miss chance at 11-20 m (sheet: stats, attachments, feats, minimums): 5
              +2 target prone (CX-RNG-04)
            d10 = 8 (accuracy, Vex Marrow)
            d10 8 > miss chance 7: hit (CX-RNG-01)
            3 round(s) used (CX-RNG-12)
            damage 2d10 + 8: 28
            d100 = 88 (armor, Depot Raider)
            armor missed: body struck, half damage (roll > 50, CX-DMG-01)
            damage to Depot Raider's health: 14
            Vex Marrow: standing to crouched (0 actions)
            Vex Marrow is now crouched
            aimed ended at the end of vex's turn
            -- Depot Raider's turn (4 actions)
            Depot Raider's armor points refresh to 10 (CX-DMG-02)
            Depot Raider: hit the dirt (CX-MOVE-07) (1 action)
            the dive is paid for
            Depot Raider: aim (1 action)
            Depot Raider: aimed, until the end of Depot Raider's turn
            Depot Raider: fire AR-7 Assault Rifle semi at vex (1 action)
            Depot Raider fires the AR-7 Assault Rifle (semi, aimed) at Vex Marrow from 15 m
            aimed miss chance at 0-15 m (sheet: stats, attachments, feats, minimums): 3
              +1 target crouched (CX-RNG-04)
              -1 shooter prone (CX-MOVE-05)
            d10 = 7 (accuracy, Depot Raider)
            d10 7 > miss chance 3: hit (CX-RNG-01)
            1 round(s) used (CX-RNG-12)
            damage 2d10 + 15: 23
            d100 = 55 (armor, Vex Marrow)
            armor struck: APL 2 >= armor APL 2: pierced; 15 absorbed by armor points (CX-DMG-02)
            damage to Vex Marrow's health: 8
            Depot Raider: fire AR-7 Assault Rifle semi at vex (1 action)
            Depot Raider fires the AR-7 Assault Rifle (semi, aimed) at Vex Marrow from 15 m
            aimed miss chance at 0-15 m (sheet: stats, attachments, feats, minimums): 3
              +1 target crouched (CX-RNG-04)
              -1 shooter prone (CX-MOVE-05)
            d10 = 1 (accuracy, Depot Raider)
            d10 1 <= miss chance 3: miss (CX-RNG-01)
            d10 = 5 (jam check after a raw 1)
            d10 5 > 2: no jam
            1 round(s) used (CX-RNG-12)
            aimed ended at the end of raider's turn
            == round 2
            -- Vex Marrow's turn (4 actions)
            Vex Marrow's armor points refresh to 15 (CX-DMG-02)
            Vex Marrow: aim (1 action)
            Vex Marrow: aimed, until the end of Vex Marrow's turn
            Vex Marrow: fire Basic SMG semi at raider (1 action)
            Vex Marrow fires the Basic SMG (semi, aimed) at Depot Raider from 15 m
            aimed miss chance at 11-20 m (sheet: stats, attachments, feats, minimums): 4
              +2 target prone (CX-RNG-04)
            d10 = 10 (accuracy, Vex Marrow)
            d10 10 > miss chance 6: critical hit (faces 10-10, CX-RNG-07)
            1 round(s) used (CX-RNG-12)
            damage 2d10 + 8: 16
              +20 critical (CX-DMG-06)
            d100 = 20 (armor, Depot Raider)
            armor struck: APL 1 >= armor APL 1: pierced; 10 absorbed by armor points (CX-DMG-02)
            damage to Depot Raider's health: 26
            Vex Marrow: fire Basic SMG semi at raider (1 action)
            Vex Marrow fires the Basic SMG (semi, aimed) at Depot Raider from 15 m
            aimed miss chance at 11-20 m (sheet: stats, attachments, feats, minimums): 4
              +2 target prone (CX-RNG-04)
            d10 = 10 (accuracy, Vex Marrow)
            d10 10 > miss chance 6: critical hit (faces 10-10, CX-RNG-07)
            1 round(s) used (CX-RNG-12)
            damage 2d10 + 8: 28
              +20 critical (CX-DMG-06)
            d100 = 10 (armor, Depot Raider)
            armor struck: APL 1 >= armor APL 1: pierced; 0 absorbed by armor points (CX-DMG-02)
            damage to Depot Raider's health: 48
            Vex Marrow: fire Basic SMG semi at raider (1 action)
            Vex Marrow fires the Basic SMG (semi, aimed) at Depot Raider from 15 m
            aimed miss chance at 11-20 m (sheet: stats, attachments, feats, minimums): 4
              +2 target prone (CX-RNG-04)
            d10 = 9 (accuracy, Vex Marrow)
            d10 9 > miss chance 6: hit (CX-RNG-01)
            1 round(s) used (CX-RNG-12)
            damage 2d10 + 8: 26
            d100 = 60 (armor, Depot Raider)
            armor missed: body struck, half damage (roll > 50, CX-DMG-01)
            damage to Depot Raider's health: 13
            aimed ended at the end of vex's turn
            -- Depot Raider's turn (4 actions)
            Depot Raider's armor points refresh to 10 (CX-DMG-02)
            Depot Raider: shout for backup (free) (0 actions)
            Depot Raider: aim (1 action)
            Depot Raider: aimed, until the end of Depot Raider's turn
            Depot Raider: fire AR-7 Assault Rifle semi at vex (1 action)
            Depot Raider fires the AR-7 Assault Rifle (semi, aimed) at Vex Marrow from 15 m
            aimed miss chance at 0-15 m (sheet: stats, attachments, feats, minimums): 3
              +1 target crouched (CX-RNG-04)
              -1 shooter prone (CX-MOVE-05)
            d10 = 2 (accuracy, Depot Raider)
            d10 2 <= miss chance 3: miss (CX-RNG-01)
            1 round(s) used (CX-RNG-12)
            Depot Raider: fire AR-7 Assault Rifle semi at vex (1 action)
            Depot Raider fires the AR-7 Assault Rifle (semi, aimed) at Vex Marrow from 15 m
            aimed miss chance at 0-15 m (sheet: stats, attachments, feats, minimums): 3
              +1 target crouched (CX-RNG-04)
              -1 shooter prone (CX-MOVE-05)
            d10 = 3 (accuracy, Depot Raider)
            d10 3 <= miss chance 3: miss (CX-RNG-01)
            1 round(s) used (CX-RNG-12)
            aimed ended at the end of raider's turn
            == round 3
            -- Vex Marrow's turn (4 actions)
            Vex Marrow: aim (1 action)
            Vex Marrow: aimed, until the end of Vex Marrow's turn
            Vex Marrow: fire Basic SMG semi at raider (1 action)
            Vex Marrow fires the Basic SMG (semi, aimed) at Depot Raider from 15 m
            aimed miss chance at 11-20 m (sheet: stats, attachments, feats, minimums): 4
              +2 target prone (CX-RNG-04)
            d10 = 8 (accuracy, Vex Marrow)
            d10 8 > miss chance 6: hit (CX-RNG-01)
            1 round(s) used (CX-RNG-12)
            damage 2d10 + 8: 14
            d100 = 49 (armor, Depot Raider)
            armor missed: body struck, full damage (roll <= 50, CX-DMG-01)
            damage to Depot Raider's health: 14
            Depot Raider is downed: health 0, prone, bleeding out (CX-DEATH-01, CX-DEATH-02)
            aimed ended at the end of vex's turn
            -- Depot Raider's turn (4 actions)
            Depot Raider death save: d100 = 33 against DC 50: failed, 2 left (CX-DEATH-03)
            Depot Raider: downed (CX-DEATH-02) (4 actions)
            == round 4
            -- Vex Marrow's turn (4 actions)
            the GM ends the fight (CX-TURN-08)
            the fight is over: death saves regained where none failed (CX-DEATH-04)
            Depot Raider (raider) carries 2 death saves into the next fight (death_saves = 2 in its character file)
            Vex Marrow (vex) carries 3 death saves into the next fight (death_saves = 3 in its character file)"#]],
    );
    assert_eq!((a.hp("vex"), a.hp("raider")), (132, 0));
    assert_eq!(a.f("vex").weapons[0].loaded, 30 - 1 - 3 - 3 - 1);
    let raider = a.f("raider").death_saves;
    assert_eq!((raider.allowance, raider.failures), (3, 1));
}

#[test]
fn an_ambush_with_a_plasma_rifle() {
    // rule: CX-TURN-02
    // rule: CX-RNG-09
    // rule: CX-DMG-03
    // rule: CX-DMG-04
    // rule: CX-DMG-05
    // rule: CX-COND-07
    // Sear: a level-0 soldier with Energy Weapons 10 and a PX-9 (aimed 3/5/7
    // at 0-15/16-40/41-80 m, hip 6/8/10), hidden 20 m from Vex.
    let sear = Recruit::new("Sear")
        .skill("energy-weapons", 10)
        .weapon("plasma-rifle", &[], 1)
        .fighter();
    let mut a = Arena::new();
    a.add("vex", "crew", fighter(VEX));
    a.run(
        Command::Add {
            id: id("sear"),
            side: "raiders".into(),
            hidden: true,
            fighter: Box::new(sear),
            cover: Cover::Partial,
            stance: Stance::Crouched,
        },
        &[],
    );
    a.run(distance("vex", "sear", 20), &[]);
    check(
        &mut a,
        vec![
            (
                Command::Clock(ClockCommand::SetInitiative {
                    id: id("vex"),
                    total: 70,
                }),
                &[],
            ),
            (
                Command::Clock(ClockCommand::SetInitiative {
                    id: id("sear"),
                    total: 40,
                }),
                &[],
            ),
            (
                Command::Clock(ClockCommand::Begin {
                    surprise: vec![id("sear")],
                }),
                &[],
            ),
            // The surprise round: Sear aims; 5 at 16-40 m, -1 unseen: 4. A
            // 6 hits: 5 + 5 + 5 + 10 = 25, +20 from stealth: 45. The shield
            // takes half the plasma, 22 (8 left); 23 go on. 30 strikes the
            // flak jacket: plasma lowers its APL to 1; the PX-9's APL 2
            // pierces; 15 points take 15: 8 to health (132), and a plasma
            // burn. In the open, Vex dives.
            (aim("sear"), &[]),
            (fire("sear", "vex"), &[6, 5, 5, 5, 3, 10]),
            // Round 1, Vex: the shield recharges 8 -> 13, the armor points
            // come back, the burn ticks 4 + 1 (127), the dive takes an
            // action. Aimed 4 at Sear crouched (+1) in partial cover (+2),
            // shooting prone -1: 6. A 3 misses.
            (next(), &[4]),
            (aim("vex"), &[]),
            (fire("vex", "sear"), &[3]),
            // Sear from the hip: 8, Vex prone beyond 5 m +2: 10. A 10 misses.
            (next(), &[]),
            (fire("sear", "vex"), &[10]),
            // Round 2, Vex: the shield 13 -> 18, the burn's second and last
            // tick 9 + 1 (117). A fast recharge before any action: 10
            // nanites, 18 -> 23.
            (next(), &[9]),
            (Command::FastRecharge { id: id("vex") }, &[]),
        ],
        expect![[r#"
            the GM sets Vex Marrow's initiative to 70
            the GM sets Sear's initiative to 40
            surprise round: only Sear acts (CX-TURN-02)
            -- Sear's turn (4 actions)
            Sear is undetected by Vex Marrow (it starts the fight hidden and gets the drop (CX-TURN-02))
            Sear: aim (1 action)
            Sear: aimed, until the end of Sear's turn
            Sear: fire PX-9 Plasma Rifle semi at vex (1 action)
            Sear fires the PX-9 Plasma Rifle (semi, aimed) at Vex Marrow from 20 m
            aimed miss chance at 16-40 m (sheet: stats, attachments, feats, minimums): 5
              -1 stealth attack (CX-RNG-09)
            d10 = 6 (accuracy, Sear)
            d10 6 > miss chance 4: hit (CX-RNG-01)
            1 round(s) used (CX-RNG-12)
            damage 3d10 + 10: 25
              +20 stealth attack (CX-RNG-09)
            shield absorbs 22 (CX-DMG-03), 23 passes on
            d100 = 30 (armor, Vex Marrow)
            armor struck: APL 2 >= armor APL 2: pierced; 15 absorbed by armor points (CX-DMG-02)
            plasma lowers the armor's APL by 1 (CX-COND-07)
            damage to Vex Marrow's health: 8
            plasma burn: 1d10+1 per turn for 2 turns (CX-COND-07)
            Vex Marrow: plasma-burn
            Vex Marrow is now prone
            Vex Marrow: hit the dirt, until the end of Vex Marrow's turn
            Sear is detected by Vex Marrow (its attack gives it away)
            aimed ended at the end of sear's turn
            == round 1
            -- Vex Marrow's turn (4 actions)
            Vex Marrow's armor points refresh to 15 (CX-DMG-02)
            CS-1 Personal Shield recharges 8 -> 13 (CX-DMG-04)
            Vex Marrow: hit the dirt (CX-MOVE-07) (1 action)
            the dive is paid for
            Vex Marrow takes 5 from plasma-burn (dice [4], CX-COND)
            Vex Marrow: aim (1 action)
            Vex Marrow: aimed, until the end of Vex Marrow's turn
            Vex Marrow: fire Basic SMG semi at sear (1 action)
            Vex Marrow fires the Basic SMG (semi, aimed) at Sear from 20 m
            aimed miss chance at 11-20 m (sheet: stats, attachments, feats, minimums): 4
              +2 partial cover (CX-RNG-04)
              +1 target crouched (CX-RNG-04)
              -1 shooter prone (CX-MOVE-05)
            d10 = 3 (accuracy, Vex Marrow)
            d10 3 <= miss chance 6: miss (CX-RNG-01)
            1 round(s) used (CX-RNG-12)
            aimed ended at the end of vex's turn
            -- Sear's turn (4 actions)
            Sear: fire PX-9 Plasma Rifle semi at vex (1 action)
            Sear fires the PX-9 Plasma Rifle (semi, hip fire) at Vex Marrow from 20 m
            hip fire miss chance at 16-40 m (sheet: stats, attachments, feats, minimums): 8
              +2 target prone (CX-RNG-04)
            d10 = 10 (accuracy, Sear)
            d10 10 <= miss chance 10: miss (CX-RNG-01)
            1 round(s) used (CX-RNG-12)
            == round 2
            -- Vex Marrow's turn (4 actions)
            CS-1 Personal Shield recharges 13 -> 18 (CX-DMG-04)
            Vex Marrow takes 10 from plasma-burn (dice [9], CX-COND)
            plasma burn ends after 2 turns (CX-COND-07)
            Vex Marrow: fast shield recharge (0 actions)
            Vex Marrow pays 10 nanites for a fast shield recharge: strength 23 (CX-DMG-04)"#]],
    );
    let vex = a.f("vex");
    assert_eq!(vex.hp, 117);
    assert_eq!(vex.shield.as_ref().unwrap().strength, 23);
    assert_eq!(vex.armor.as_ref().unwrap().apl, 1);
    assert!(!a.has("vex", ConditionKind::PlasmaBurn));
}

#[test]
fn bleeding_out_and_a_stabilize_over_two_turns() {
    // rule: CX-COND-01
    // rule: CX-DEATH-01
    // rule: CX-DEATH-02
    // rule: CX-DEATH-03
    // rule: CX-DEATH-05
    // rule: CX-DEATH-08
    // rule: CX-DEATH-04
    let mut a = Arena::vex_and_raider(1);
    let bleed = || super::arena::afflict("raider", ConditionKind::Bleeding, None);
    check(
        &mut a,
        vec![
            (
                Command::Clock(ClockCommand::Begin { surprise: vec![] }),
                &[],
            ),
            // Shrapnel: two blasts (60 and 55, no Shock save at 70 or less)
            // and two stacks of bleeding.
            (super::arena::blast("raider", 60), &[]),
            (super::arena::blast("raider", 55), &[]),
            (bleed(), &[]),
            (bleed(), &[]),
            (act("vex", "draw a medikit", 2), &[]),
            // The raider's turn: bleeding 6/2 + 1 and 9/2 + 1 = 9 against
            // its 5: downed at 0, the bleeding ends; the death save that
            // turn: 44, failed.
            (next(), &[6, 9, 4, 4]),
            // Vex begins the stabilize with its last 2 actions...
            (next(), &[]),
            (act("vex", "kneel by the raider", 2), &[]),
            (super::arena::stabilize("vex", "raider", false), &[]),
            // ...which spares the raider's death save...
            (next(), &[]),
            // ...and finishes it with 1 action, spending a medikit: 50 +
            // DEX 0 + Medicine 20 + kit 20 = 90 > 80: 1 HP.
            (next(), &[]),
            (super::arena::stabilize("vex", "raider", true), &[5, 10]),
            // The fight ends: the raider failed a death save, Vex did not.
            (Command::Clock(ClockCommand::End), &[]),
        ],
        expect![[r#"
            == round 1
            -- Vex Marrow's turn (4 actions)
            a hazard: explosive damage: 60
            damage to Depot Raider's health: 60
            a hazard: explosive damage: 55
            damage to Depot Raider's health: 55
            Depot Raider: bleeding
            Vex Marrow: draw a medikit (2 actions)
            -- Depot Raider's turn (4 actions)
            Depot Raider takes 9 from bleeding (dice [6, 9], CX-COND)
            Depot Raider is downed: health 0, prone, bleeding out (CX-DEATH-01, CX-DEATH-02)
            bleeding ends: the bearer is downed (CX-DEATH-02)
            Depot Raider death save: d100 = 44 against DC 50: failed, 2 left (CX-DEATH-03)
            Depot Raider: downed (CX-DEATH-02) (4 actions)
            == round 2
            -- Vex Marrow's turn (4 actions)
            Vex Marrow: kneel by the raider (2 actions)
            Vex Marrow: begin stabilizing raider (2 actions)
            Vex Marrow: stabilizing raider, until the end of Vex Marrow's turn (2 turns)
            -- Depot Raider's turn (4 actions)
            Depot Raider: downed (CX-DEATH-02) (4 actions)
            == round 3
            -- Vex Marrow's turn (4 actions)
            Vex Marrow: stabilize raider (1 action)
            stabilizing raider finishes
            Vex Marrow uses up a medikit
            a kit is spent on Depot Raider: +20 to stabilize it this round (CX-DEATH-08)
            Vex Marrow: stabilize raider (DC 80)
              d100 = 50 (stabilize, Vex Marrow)
                +20 Medicine skill points
                +20 kit spent this round (CX-DEATH-08)
              total 90 > DC 80: success
            Vex Marrow stabilizes Depot Raider: 1 HP, no longer downed (CX-DEATH-05)
            the GM ends the fight (CX-TURN-08)
            the fight is over: death saves regained where none failed (CX-DEATH-04)
            Depot Raider (raider) carries 2 death saves into the next fight (death_saves = 2 in its character file)
            Vex Marrow (vex) carries 3 death saves into the next fight (death_saves = 3 in its character file)"#]],
    );
    assert_eq!(a.hp("raider"), 1);
    assert_eq!(a.f("raider").death_saves.allowance, 2);
    assert_eq!(a.f("vex").items[0].count, 1);
}
