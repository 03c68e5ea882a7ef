//! `nanite cx encounter` end to end: the example fight, its JSON, and every
//! way a script can stop.

use std::path::PathBuf;

use super::*;

/// The example encounter shipped in `examples/compound-x/`.
const DEPOT: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../examples/compound-x/depot-ambush.toml"
);

/// The example characters, by file name.
fn example(name: &str) -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/compound-x/");
    std::fs::read_to_string(format!("{path}{name}")).unwrap()
}

/// A scratch directory holding the example characters and an encounter file,
/// removed when dropped.
struct Table(PathBuf);

impl Table {
    fn new(name: &str, encounter: &str) -> Self {
        let dir =
            std::env::temp_dir().join(format!("nanite-cx-encounter-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        for character in ["vex.toml", "raider.toml", "scav.toml"] {
            std::fs::write(dir.join(character), example(character)).unwrap();
        }
        std::fs::write(dir.join("fight.toml"), encounter).unwrap();
        Self(dir)
    }

    fn write(&self, name: &str, text: &str) {
        std::fs::write(self.0.join(name), text).unwrap();
    }

    fn fight(&self) -> String {
        self.0.join("fight.toml").to_str().unwrap().to_string()
    }
}

impl Drop for Table {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Vex and a raider 15 m apart, Vex first, and `commands`.
fn duel(commands: &[&str]) -> String {
    let lines: Vec<String> = commands.iter().map(|c| format!("  '{c}',\n")).collect();
    format!(
        "format = 1\nname = \"Duel\"\n\n\
         [[combatant]]\nid = \"vex\"\ncharacter = \"vex.toml\"\nside = \"crew\"\ninitiative = 60\n\n\
         [[combatant]]\nid = \"raider\"\ncharacter = \"raider.toml\"\nside = \"raiders\"\ninitiative = 30\n\n\
         [[distance]]\nbetween = [\"vex\", \"raider\"]\nmetres = 15\n\n\
         [script]\ncommands = [\n{}]\n",
        lines.concat()
    )
}

/// The line of the `n`-th command (from 0) of a [`duel`]: the commands start
/// on line 22.
fn duel_line(n: usize) -> usize {
    22 + n
}

#[test]
fn the_example_fight_runs_the_same_every_time() {
    // rule: CX-TURN-01
    // rule: CX-TURN-02
    // rule: CX-RNG-08
    // rule: CX-RNG-13
    let output = nanite(&["cx", "encounter", DEPOT]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stderr(&output), "", "every forced die is used");
    let out = stdout(&output);
    // The Soldier passive adds 10 to Vex's d100 of 46 (CX-TURN-01).
    assert!(
        out.contains("Vex Marrow initiative: d100 = 46 +10 = 56"),
        "{out}"
    );
    // Only the hidden scav acts in the surprise round (CX-TURN-02).
    assert!(out.contains("surprise round: only Scav Lookout"), "{out}");
    // A raw 1 rolls the jam d10; a 2 jams, and the jam is cleared by a DC 60
    // check (CX-RNG-08).
    assert!(
        out.contains("d10 2 <= 2: the weapon jams (CX-RNG-08)"),
        "{out}"
    );
    assert!(out.contains("total 75 > DC 60: success"), "{out}");
    // A reload check of 90 or more takes half the time (CX-RNG-13).
    assert!(out.contains("critical: half time, 1 action(s)"), "{out}");
    expect![[r#"
        Ambush at the depot
        ===================

        setup
          Vex Marrow (vex) enters: 140 HP, partial cover, standing
          Depot Raider (raider) enters: 120 HP, no cover, standing
          Scav Lookout (scav) enters: 100 HP, full cover, crouched
          the GM sets Scav Lookout's initiative to 55
          Vex Marrow and Depot Raider are 15 m apart
          Vex Marrow and Scav Lookout are 25 m apart

        > roll initiative
          Vex Marrow initiative: d100 = 46 +10 = 56 (CX-TURN-01)
          Depot Raider initiative: d100 = 20 +10 = 30 (CX-TURN-01)
          dice: 4 6 (initiative d100 for vex), 2 10 (initiative d100 for raider)

        > begin surprise scav
          surprise round: only Scav Lookout acts (CX-TURN-02)
          -- Scav Lookout's turn (4 actions)
          Scav Lookout is undetected by Vex Marrow (it starts the fight hidden and gets the drop (CX-TURN-02))

        > scav aim
          Scav Lookout: aim (1 action)
          Scav Lookout: aimed, until the end of Scav Lookout's turn

        > scav fire semi vex
          Scav Lookout: fire M9 Service Pistol semi at vex (1 action)
          Scav Lookout fires the M9 Service Pistol (semi, aimed) at Vex Marrow from 25 m
          aimed miss chance at 21-30 m (sheet: stats, attachments, feats, minimums): 6
            +2 partial cover (CX-RNG-04)
            -1 stealth attack (CX-RNG-09)
          d10 = 9 (accuracy, Scav Lookout)
          d10 9 > miss chance 7: hit (CX-RNG-01)
          1 round(s) used (CX-RNG-12)
          damage 2d10 + 10: 22
            +20 stealth attack (CX-RNG-09)
          d100 = 85 (armor, Vex Marrow)
          armor missed: body struck, half damage (roll > 50, CX-DMG-01)
          damage to Vex Marrow's health: 21
          Scav Lookout is detected by Vex Marrow (its attack gives it away)
          dice: 9 (accuracy d10 for Scav Lookout's M9 Service Pistol semi at Vex Marrow), 7 5 (damage of Scav Lookout's M9 Service Pistol), 8 5 (armor d100 for Vex Marrow)

        > next
          aimed ended at the end of scav's turn
          == round 1
          -- Vex Marrow's turn (4 actions)

        > reveal scav
          Scav Lookout is revealed

        > vex stance crouched
          Vex Marrow: standing to crouched (0 actions)
          Vex Marrow is now crouched

        > vex aim
          Vex Marrow: aim (1 action)
          Vex Marrow: aimed, until the end of Vex Marrow's turn

        > vex fire burst raider
          Vex Marrow: fire Basic SMG burst at raider (1 action)
          Vex Marrow fires the Basic SMG (burst, aimed) at Depot Raider from 15 m
          aimed miss chance at 11-20 m (sheet: stats, attachments, feats, minimums): 5
          d10 = 8 (accuracy, Vex Marrow)
          d10 8 > miss chance 5: hit (CX-RNG-01)
          3 round(s) used (CX-RNG-12)
          damage 2d10 + 8: 18
          d100 = 25 (armor, Depot Raider)
          armor struck: APL 1 >= armor APL 1: pierced; 10 absorbed by armor points (CX-DMG-02)
          damage to Depot Raider's health: 8
          Depot Raider is now prone
          Depot Raider: hit the dirt, until the end of Depot Raider's turn
          dice: 8 (accuracy d10 for Vex Marrow's Basic SMG burst at Depot Raider), 6 4 (damage of Vex Marrow's Basic SMG), 2 5 (armor d100 for Depot Raider)

        > vex fire burst raider
          Vex Marrow: fire Basic SMG burst at raider (1 action)
          Vex Marrow fires the Basic SMG (burst, aimed) at Depot Raider from 15 m
          aimed miss chance at 11-20 m (sheet: stats, attachments, feats, minimums): 5
            +2 target prone (CX-RNG-04)
          d10 = 1 (accuracy, Vex Marrow)
          d10 1 <= miss chance 7: miss (CX-RNG-01)
          d10 = 2 (jam check after a raw 1)
          d10 2 <= 2: the weapon jams (CX-RNG-08)
          3 round(s) used (CX-RNG-12)
          dice: 1 (accuracy d10 for Vex Marrow's Basic SMG burst at Depot Raider), 2 (jam d10 for Vex Marrow's Basic SMG)

        > vex clear-jam
          Vex Marrow: clear the Basic SMG's jam (1 action)
          Vex Marrow: clear the Basic SMG's jam (DC 60, CX-RNG-08)
            d100 = 35 (Weapons - SMGs check, Vex Marrow)
              +40 Weapons - SMGs skill points
            total 75 > DC 60: success
          Vex Marrow clears the jam
          dice: 3 5 (Weapons - SMGs check d100 for Vex Marrow)

        > next
          aimed ended at the end of vex's turn
          -- Scav Lookout's turn (4 actions)

        > scav aim
          Scav Lookout: aim (1 action)
          Scav Lookout: aimed, until the end of Scav Lookout's turn

        > scav fire semi vex
          Scav Lookout: fire M9 Service Pistol semi at vex (1 action)
          Scav Lookout fires the M9 Service Pistol (semi, aimed) at Vex Marrow from 25 m
          aimed miss chance at 21-30 m (sheet: stats, attachments, feats, minimums): 6
            +2 partial cover (CX-RNG-04)
            +1 target crouched (CX-RNG-04)
          d10 = 3 (accuracy, Scav Lookout)
          d10 3 <= miss chance 9: miss (CX-RNG-01)
          1 round(s) used (CX-RNG-12)
          dice: 3 (accuracy d10 for Scav Lookout's M9 Service Pistol semi at Vex Marrow)

        > scav move 5 away-from vex
          Scav Lookout: move 5 m away from vex (2 actions)
          Scav Lookout moves 5 m
          Scav Lookout and Vex Marrow are 30 m apart

        > next
          aimed ended at the end of scav's turn
          -- Depot Raider's turn (4 actions)
          Depot Raider's armor points refresh to 10 (CX-DMG-02)
          Depot Raider: hit the dirt (CX-MOVE-07) (1 action)
          the dive is paid for

        > raider aim
          Depot Raider: aim (1 action)
          Depot Raider: aimed, until the end of Depot Raider's turn

        > raider fire burst vex
          Depot Raider: fire AR-7 Assault Rifle burst at vex (1 action)
          Depot Raider fires the AR-7 Assault Rifle (burst, aimed) at Vex Marrow from 15 m
          aimed miss chance at 0-15 m (sheet: stats, attachments, feats, minimums): 4
            +2 partial cover (CX-RNG-04)
            +1 target crouched (CX-RNG-04)
            -1 shooter prone (CX-MOVE-05)
          d10 = 7 (accuracy, Depot Raider)
          d10 7 > miss chance 6: hit (CX-RNG-01)
          3 round(s) used (CX-RNG-12)
          damage 2d10 + 15: 25
          d100 = 30 (armor, Vex Marrow)
          armor struck: APL 2 >= armor APL 2: pierced; 15 absorbed by armor points (CX-DMG-02)
          damage to Vex Marrow's health: 10
          dice: 7 (accuracy d10 for Depot Raider's AR-7 Assault Rifle burst at Vex Marrow), 5 5 (damage of Depot Raider's AR-7 Assault Rifle), 3 10 (armor d100 for Vex Marrow)

        > raider fire burst vex
          Depot Raider: fire AR-7 Assault Rifle burst at vex (1 action)
          Depot Raider fires the AR-7 Assault Rifle (burst, aimed) at Vex Marrow from 15 m
          aimed miss chance at 0-15 m (sheet: stats, attachments, feats, minimums): 4
            +2 partial cover (CX-RNG-04)
            +1 target crouched (CX-RNG-04)
            -1 shooter prone (CX-MOVE-05)
          d10 = 2 (accuracy, Depot Raider)
          d10 2 <= miss chance 6: miss (CX-RNG-01)
          3 round(s) used (CX-RNG-12)
          dice: 2 (accuracy d10 for Depot Raider's AR-7 Assault Rifle burst at Vex Marrow)

        > next
          aimed ended at the end of raider's turn
          == round 2
          -- Vex Marrow's turn (4 actions)
          Vex Marrow's armor points refresh to 15 (CX-DMG-02)

        > vex reload
          Vex Marrow: reload the Basic SMG (DC 30; critical: half time, 1 action(s), CX-RNG-13)
            d100 = 62 (Weapons - SMGs check, Vex Marrow)
              +40 Weapons - SMGs skill points
            total 102 > DC 30: success
          Vex Marrow: reload the Basic SMG (1 action)
          Vex Marrow reloads the Basic SMG (CX-RNG-12)
          dice: 6 2 (Weapons - SMGs check d100 for Vex Marrow)

        > vex aim
          Vex Marrow: aim (1 action)
          Vex Marrow: aimed, until the end of Vex Marrow's turn

        > vex fire semi raider
          Vex Marrow: fire Basic SMG semi at raider (1 action)
          Vex Marrow fires the Basic SMG (semi, aimed) at Depot Raider from 15 m
          aimed miss chance at 11-20 m (sheet: stats, attachments, feats, minimums): 4
            +2 target prone (CX-RNG-04)
          d10 = 10 (accuracy, Vex Marrow)
          d10 10 > miss chance 6: critical hit (faces 10-10, CX-RNG-07)
          1 round(s) used (CX-RNG-12)
          damage 2d10 + 8: 26
            +20 critical (CX-DMG-06)
          d100 = 91 (armor, Depot Raider)
          armor missed: body struck, half damage (roll > 50, CX-DMG-01)
          damage to Depot Raider's health: 23
          dice: 10 (accuracy d10 for Vex Marrow's Basic SMG semi at Depot Raider), 9 9 (damage of Vex Marrow's Basic SMG), 9 1 (armor d100 for Depot Raider)

        > end
          the GM ends the fight (CX-TURN-08)
          aimed ends with the fight
          the fight is over: death saves regained where none failed (CX-DEATH-04)
          Depot Raider (raider) carries 3 death saves into the next fight (death_saves = 3 in its character file)
          Scav Lookout (scav) carries 3 death saves into the next fight (death_saves = 3 in its character file)
          Vex Marrow (vex) carries 3 death saves into the next fight (death_saves = 3 in its character file)

        Status at the end of the fight
        ==============================
        #  id      name          side     init  HP       armor  shield  ammo                          stance    cover    conditions
        1  vex     Vex Marrow    crew     56    109/140  15/15  30/30   smg 29/30+2, frag-grenade x2  crouched  partial  -
        2  scav    Scav Lookout  raiders  55    100/100  10/10  30/30   service-pistol 13/15+2        crouched  full     -
        3  raider  Depot Raider  raiders  30    89/120   10/10  -       assault-rifle 24/30+2         prone     none     -
    "#]].assert_eq(&out);
}

#[test]
fn json_has_the_documented_shape() {
    let fight = json(&["cx", "encounter", "--json", DEPOT]);
    assert_eq!(fight["name"], "Ambush at the depot");
    assert_eq!(fight["dice"]["source"], "scripted");
    assert_eq!(fight["dice"]["supplied"][0], 4);
    assert!(fight["stopped"].is_null());

    let combatants = fight["combatants"].as_array().unwrap();
    let ids: Vec<&str> = combatants
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["vex", "raider", "scav"]);
    assert_eq!(combatants[0]["character"], "vex.toml");
    assert_eq!(combatants[0]["fighter"]["max_hp"], 140);
    assert_eq!(combatants[2]["initiative"], 55);

    let setup = fight["setup"].as_array().unwrap();
    assert_eq!(setup.len(), 6, "3 combatants, 1 initiative, 2 distances");
    assert_eq!(setup[0]["events"][1]["event"], "entered");

    let commands = fight["commands"].as_array().unwrap();
    assert_eq!(commands.len(), 24);
    for c in commands {
        for key in ["line", "text", "command", "events", "dice", "log"] {
            assert!(c.get(key).is_some(), "a command has {key}: {c}");
        }
    }
    let initiative = &commands[0];
    assert_eq!(initiative["text"], "roll initiative");
    assert_eq!(initiative["command"]["command"], "roll_initiative");
    assert_eq!(initiative["dice"][0]["sides"], 10);
    assert_eq!(initiative["dice"][0]["value"], 4);
    assert!(
        initiative["dice"][0]["purpose"]
            .as_str()
            .unwrap()
            .starts_with("initiative d100 for vex")
    );
    let jam = &commands[9];
    assert_eq!(jam["text"], "vex fire burst raider");
    let shot = jam["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["event"] == "shot")
        .expect("a shot event");
    assert_eq!(shot["shot"]["jammed"], true);
    assert_eq!(shot["breakdown"][0]["step"], "note");

    let end = &fight["final"];
    assert_eq!(end["phase"]["phase"], "ended");
    assert_eq!(end["order"], serde_json::json!(["vex", "scav", "raider"]));
    let vex = &end["combatants"][0];
    assert_eq!(vex["id"], "vex");
    assert_eq!(
        (vex["hp"].as_i64(), vex["max_hp"].as_i64()),
        (Some(109), Some(140))
    );
    assert_eq!(vex["state"], "up");
    assert_eq!(vex["stance"], "crouched");
    assert_eq!(vex["weapons"][0]["loaded"], 29);
    assert_eq!(vex["weapons"][0]["spare_magazines"], 2);
    assert_eq!(vex["armor"]["now"], 15);
    assert_eq!(vex["shield"]["max"], 30);
    assert_eq!(
        end["distances"][0],
        serde_json::json!({ "between": ["raider", "vex"], "metres": 15 })
    );
}

#[test]
fn a_line_that_is_not_a_command_names_its_line_and_runs_nothing() {
    let table = Table::new(
        "typo",
        &duel(&[
            "begin",
            "vex aim",
            "vex fire brust raider",
            "vex fire burst rader",
        ]),
    );
    let err = fails(&["cx", "encounter", &table.fight()]);
    assert!(err.contains("cannot run: 2 errors"), "{err}");
    assert!(
        err.contains(&format!(
            "fight.toml:{}: script.commands[2]: `vex fire brust raider`: column 10: expected a fire mode (semi, burst, auto), found `brust`",
            duel_line(2)
        )),
        "{err}"
    );
    assert!(
        err.contains("help: write `ID fire semi|burst|auto TARGET"),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "fight.toml:{}: script.commands[3]: nobody called `rader` is in this encounter",
            duel_line(3)
        )),
        "{err}"
    );
    assert!(err.contains("the combatants are vex, raider"), "{err}");
}

#[test]
fn a_weapon_its_owner_lacks_is_refused_before_the_fight() {
    let table = Table::new(
        "weapon",
        &duel(&["begin", "vex fire semi raider weapon rifle"]),
    );
    let err = fails(&["cx", "encounter", &table.fight()]);
    assert!(
        err.contains(
            "script.commands[1]: `vex fire semi raider weapon rifle`: Vex Marrow carries no weapon `rifle`"
        ),
        "{err}"
    );
    assert!(
        err.contains("Vex Marrow carries 0 smg (Basic SMG), 1 frag-grenade"),
        "{err}"
    );
}

#[test]
fn a_refused_command_stops_the_fight_with_its_reason() {
    // rule: CX-RNG-08
    // rule: CX-DEATH-02
    for (name, commands, dice, refused, reason) in [
        (
            "jammed",
            &[
                "begin",
                "vex aim",
                "vex fire burst raider",
                "vex fire burst raider",
            ][..],
            Some("1,2"),
            3,
            "vex cannot fire: the Basic SMG is jammed; clear it first (a DC 60 weapon skill check, CX-RNG-08)",
        ),
        (
            "downed",
            &[
                "begin",
                "harm raider 500 explosive \"a fuel tank\"",
                "raider fire semi vex",
            ][..],
            Some("5,5"),
            2,
            "raider cannot act: downed and bleeding out: only a death save each turn until stabilized (CX-DEATH-02)",
        ),
        (
            "out of turn",
            &["begin", "raider aim"][..],
            None,
            1,
            "it is not raider's turn (it is vex's)",
        ),
    ] {
        let table = Table::new(name, &duel(commands));
        let fight = table.fight();
        let output = match dice {
            Some(dice) => nanite(&["cx", "encounter", "--dice", dice, &fight]),
            None => nanite(&["cx", "encounter", &fight]),
        };
        assert_eq!(output.status.code(), Some(1), "{name}: {}", stderr(&output));
        let err = stderr(&output);
        let text = commands[refused];
        assert_eq!(
            err,
            format!(
                "refused: {}:{}: `{text}`: {reason}\n  the command changed nothing; the log above ends before it\n",
                table.fight(),
                duel_line(refused)
            ),
            "{name}"
        );
        let out = stdout(&output);
        assert!(out.starts_with("Duel\n"), "{name}: the log so far: {out}");
        assert!(out.contains("Status in round 1"), "{name}: {out}");
        let header = format!("> {text}\n");
        assert_eq!(
            out.matches(&header).count(),
            commands[..refused].iter().filter(|c| **c == text).count(),
            "{name}: the refused command is not in the log: {out}"
        );
    }
}

#[test]
fn a_refused_command_changes_nothing() {
    // rule: CX-RNG-08
    let table = Table::new(
        "unchanged",
        &duel(&[
            "begin",
            "vex aim",
            "vex fire burst raider",
            "vex fire burst raider",
        ]),
    );
    let output = nanite(&["cx", "encounter", "--json", "--dice", "1,2", &table.fight()]);
    assert_eq!(output.status.code(), Some(1));
    let fight: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(fight["stopped"]["reason"], "refused");
    assert_eq!(fight["stopped"]["line"], duel_line(3));
    assert_eq!(fight["stopped"]["refusal"]["refusal"], "shot");
    assert_eq!(fight["commands"].as_array().unwrap().len(), 3);
    let smg = &fight["final"]["combatants"][0]["weapons"][0];
    assert_eq!(smg["jammed"], true);
    assert_eq!(smg["loaded"], 27, "one burst of 3, not two");
}

#[test]
fn a_broken_character_file_stops_before_the_fight() {
    // rule: CX-STAT-06
    let table = Table::new("broken", &duel(&["roll initiative", "begin"]));
    table.write(
        "raider.toml",
        &example("raider.toml").replace("PER = 6", "PER = 11"),
    );
    let err = fails(&["cx", "encounter", &table.fight()]);
    assert!(err.contains("fight.toml cannot run: 2 errors"), "{err}");
    assert!(
        err.contains("raider.toml:15: base_stats.PER: PER is 11, above the creation limit of 9"),
        "{err}"
    );
    assert!(err.contains("(rule CX-STAT-06)"), "{err}");

    table.write("raider.toml", "format = 1\nname = \"Nobody\"\n");
    let err = fails(&["cx", "encounter", &table.fight()]);
    assert!(err.contains("race: missing required field `race`"), "{err}");

    std::fs::remove_file(table.0.join("raider.toml")).unwrap();
    let err = fails(&["cx", "encounter", &table.fight()]);
    assert!(
        err.contains("fight.toml:10: combatant.character: cannot read the character file"),
        "{err}"
    );
}

#[test]
fn dice_on_the_command_line_force_the_outcome() {
    // rule: CX-RNG-07
    // rule: CX-RNG-01
    let table = Table::new(
        "forced",
        &duel(&["begin", "vex aim", "vex fire semi raider"]),
    );
    let shot = |dice: &str| {
        let fight = json(&["cx", "encounter", "--json", "--dice", dice, &table.fight()]);
        let events = fight["commands"][2]["events"].as_array().unwrap().clone();
        events
            .into_iter()
            .find(|e| e["event"] == "shot")
            .expect("a shot")["shot"]
            .clone()
    };
    // Aimed semi at 15 m: miss chance 4. A 4 misses, a 5 hits, a 10 crits.
    let miss = shot("4");
    assert_eq!(
        (miss["hit"].as_bool(), miss["accuracy"].as_u64()),
        (Some(false), Some(4))
    );
    let hit = shot("5,3,4,9,9");
    assert_eq!(
        (hit["hit"].as_bool(), hit["critical"].as_bool()),
        (Some(true), Some(false))
    );
    assert_eq!(hit["damage_roll"], 15, "2d10 + 8 with 3 and 4");
    let critical = shot("10,3,4,9,9");
    assert_eq!(critical["critical"], true);

    // Dice typed ahead beat the file's own, and leftovers are a warning.
    let output = nanite(&["cx", "encounter", "--dice", "4,6,2,10", DEPOT]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("`scav fire semi vex` cannot be decided: the roll needs another d10 (for accuracy d10 for Scav Lookout's M9 Service Pistol semi at Vex Marrow)"),
        "{}",
        stderr(&output)
    );
    let output = nanite(&["cx", "encounter", "--dice", "4,6,6", &table.fight()]);
    assert!(output.status.success());
    assert!(
        stderr(&output).starts_with("warning: 2 of the 3 dice given were not used"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn the_same_seed_gives_the_same_fight() {
    let table = Table::new(
        "seeded",
        &duel(&[
            "begin",
            "vex aim",
            "vex fire semi raider",
            "next",
            "raider fire semi vex hip",
        ]),
    );
    let fight = table.fight();
    let seeded = |seed: &str| succeeds(&["cx", "encounter", "--seed", seed, &fight]);
    assert_eq!(seeded("11"), seeded("11"));
    assert_ne!(seeded("11"), seeded("12"));
}

#[test]
fn usage_errors_exit_with_two() {
    for args in [
        &["cx", "encounter"][..],
        &["cx", "encounter", "--seed", "1", "--dice", "3", DEPOT],
        &["cx", "encounter", "no-such-file.toml"],
    ] {
        assert_eq!(nanite(args).status.code(), Some(2), "nanite {args:?}");
    }
}

#[test]
fn physical_dice_are_asked_for_by_purpose() {
    // rule: CX-RNG-01
    let table = Table::new(
        "physical",
        &duel(&["begin", "vex aim", "vex fire semi raider"]),
    );
    let output = nanite_with_input(
        &["cx", "encounter", "--physical", &table.fight()],
        "eleven\n4\n",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let prompts = stderr(&output);
    assert!(
        prompts.starts_with(
            "d10 for accuracy d10 for Vex Marrow's Basic SMG semi at Depot Raider: 'eleven' is not a whole number"
        ),
        "{prompts}"
    );
    assert!(stdout(&output).contains("d10 4 <= miss chance 4: miss (CX-RNG-01)"));

    let output = nanite_with_input(&["cx", "encounter", "--physical", &table.fight()], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains(
            "`vex fire semi raider` cannot be decided: input ended while waiting for a d10"
        ),
        "{}",
        stderr(&output)
    );
}

#[test]
fn combatants_may_share_a_character_file() {
    let encounter = duel(&["roll initiative"]).replace(
        "[[distance]]",
        "[[combatant]]\nid = \"raider-2\"\ncharacter = \"raider.toml\"\nside = \"raiders\"\n\n[[distance]]",
    );
    let table = Table::new("shared", &encounter);
    let output = nanite(&["cx", "encounter", "--seed", "1", &table.fight()]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stderr(&output).contains(
            "fight.toml:16: combatant.name: raider and raider-2 are both called Depot Raider in the log\n  help: give one a `name` of its own"
        ),
        "{}",
        stderr(&output)
    );
    let named = encounter.replace(
        "id = \"raider-2\"\n",
        "id = \"raider-2\"\nname = \"Second Raider\"\n",
    );
    let table = Table::new("named", &named);
    let output = nanite(&["cx", "encounter", "--seed", "1", &table.fight()]);
    assert!(output.status.success());
    assert_eq!(stderr(&output), "");
    assert!(stdout(&output).contains("Second Raider (raider-2) enters: 120 HP"));
}

#[test]
fn a_fight_on_a_map_is_measured_and_drawn() {
    // rule: CX-RNG-02
    // rule: CX-RNG-04
    // The warehouse example: Vex walks to the office door, opens it, and
    // the raider behind its crates and Vex trade shots through it.
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/compound-x/warehouse-map.toml"
    );
    let svg = std::env::temp_dir().join(format!("nanite-map-{}.svg", std::process::id()));
    let output = nanite(&["cx", "encounter", path, "--svg", svg.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));
    let out = stdout(&output);
    for needle in [
        "Vex Marrow: move to 11,9 (4 m)",
        "Vex Marrow opens the office door",
        "distance 12 m, measured on the map",
        "partial cover from the map: crates",
        "map 30 x 20 m",
        "  V vex at 11,9",
    ] {
        assert!(out.contains(needle), "no `{needle}` in:\n{out}");
    }
    let drawn = std::fs::read_to_string(&svg).unwrap();
    let _ = std::fs::remove_file(&svg);
    assert!(drawn.starts_with("<svg"), "{drawn}");
    assert!(drawn.contains("<title>office door</title>"), "{drawn}");
    // Without a map there is nothing to draw.
    let output = nanite(&["cx", "encounter", DEPOT, "--svg", "unused.svg"]);
    assert!(!output.status.success());
    assert!(
        stderr(&output).contains("has no [map] to draw"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_maps_background_image_is_read_beside_the_file_and_drawn_in_the_svg() {
    // The warehouse example with a background image beside it: embedded
    // in the drawing as a data: address; a foreign or oversized file is
    // an error at its line.
    let example = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/compound-x/warehouse-map.toml"
    ))
    .unwrap();
    let text = example.replace("[map]\n", "[map]\nbackground = \"floor.png\"\n");
    assert_ne!(text, example);
    let table = Table::new("backdrop", &text);
    let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";
    std::fs::write(table.0.join("floor.png"), png).unwrap();
    let svg = table.0.join("map.svg");
    let output = nanite(&[
        "cx",
        "encounter",
        &table.fight(),
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let drawn = std::fs::read_to_string(&svg).unwrap();
    assert!(
        drawn.contains("<image href=\"data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==\" x=\"0\" y=\"0\" width=\"300\" height=\"200\""),
        "{drawn}"
    );
    // The image is drawn first, under the grid and the walls.
    assert!(drawn.find("<image").unwrap() < drawn.find("<line").unwrap());
    for (bytes, says) in [
        (b"GIF89a\x01\0".to_vec(), "not a PNG, JPEG or WebP image"),
        (
            [&png[..], &vec![0u8; 512 * 1024][..]].concat(),
            "at most 524288 (512 KiB)",
        ),
    ] {
        std::fs::write(table.0.join("floor.png"), bytes).unwrap();
        let output = nanite(&["cx", "encounter", &table.fight()]);
        assert!(!output.status.success());
        let err = stderr(&output);
        assert!(
            err.contains("fight.toml:") && err.contains("map.background"),
            "{err}"
        );
        assert!(err.contains(says), "{says}: {err}");
    }
    std::fs::remove_file(table.0.join("floor.png")).unwrap();
    let output = nanite(&["cx", "encounter", &table.fight()]);
    assert!(
        stderr(&output).contains("cannot read the background image"),
        "{}",
        stderr(&output)
    );
}
