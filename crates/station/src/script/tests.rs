//! The Station command language: every form read into its command, and
//! every line that does not read refused at the word at fault.

use super::*;

#[test]
fn every_form_reads_into_its_command() {
    let who = || "ana".to_string();
    let cases: Vec<(&str, Command)> = vec![
        ("end", Command::EndTurn),
        ("begin", Command::Begin),
        (
            "deploy crawler 17,2",
            Command::Deploy {
                creature: "crawler".into(),
                at: Pos::new(17, 2),
            },
        ),
        (
            "ana move 3,4",
            Command::Move {
                who: who(),
                to: Pos::new(3, 4),
            },
        ),
        (
            "ana attack c1",
            Command::Attack {
                who: who(),
                target: "c1".into(),
                aim: 0,
            },
        ),
        (
            "ana shoot c1 aim 2  # careful",
            Command::Attack {
                who: who(),
                target: "c1".into(),
                aim: 2,
            },
        ),
        (
            "ana psi mind-spike c1",
            Command::Psi {
                who: who(),
                power: "mind-spike".into(),
                target: "c1".into(),
            },
        ),
        (
            "ana defend c1",
            Command::Defend {
                who: who(),
                against: "c1".into(),
            },
        ),
        (
            "ana hack 5,3",
            Command::Hack {
                who: who(),
                at: Pos::new(5, 3),
            },
        ),
        ("ana modify", Command::Modify { who: who() }),
        (
            "ana repair",
            Command::Repair {
                who: who(),
                at: None,
            },
        ),
        (
            "ana repair 5,3",
            Command::Repair {
                who: who(),
                at: Some(Pos::new(5, 3)),
            },
        ),
        (
            "ana research sample",
            Command::Research {
                who: who(),
                item: "sample".into(),
            },
        ),
        (
            "ana search 2,2",
            Command::Search {
                who: who(),
                at: Pos::new(2, 2),
            },
        ),
        (
            "ana activate 2,2",
            Command::Activate {
                who: who(),
                at: Pos::new(2, 2),
            },
        ),
        (
            "ana switch 2,2",
            Command::UseSwitch {
                who: who(),
                at: Pos::new(2, 2),
            },
        ),
        (
            "ana card 2,2",
            Command::UseCard {
                who: who(),
                at: Pos::new(2, 2),
            },
        ),
        (
            "ana equip pistol",
            Command::Equip {
                who: who(),
                item: "pistol".into(),
            },
        ),
        (
            "ana drop pistol",
            Command::Drop {
                who: who(),
                item: "pistol".into(),
            },
        ),
        (
            "ana use medkit",
            Command::Use {
                who: who(),
                item: "medkit".into(),
            },
        ),
        (
            "ana buy skill hacking",
            Command::Buy {
                who: who(),
                what: Purchase::Skill(Skill::Hacking),
            },
        ),
        (
            "ana buy stat agi",
            Command::Buy {
                who: who(),
                what: Purchase::Stat(Stat::Agi),
            },
        ),
        (
            "ana buy psi-tier",
            Command::Buy {
                who: who(),
                what: Purchase::PsiTier,
            },
        ),
        (
            "ana buy psi-skill",
            Command::Buy {
                who: who(),
                what: Purchase::PsiSkill,
            },
        ),
        (
            "ana buy upgrade armor-1",
            Command::Buy {
                who: who(),
                what: Purchase::Upgrade("armor-1".into()),
            },
        ),
    ];
    for (line, command) in cases {
        assert_eq!(parse(line), Ok(Some(command)), "{line}");
    }
}

#[test]
fn blank_lines_and_comments_are_no_command() {
    for line in ["", "   ", "# a comment", "  # nothing"] {
        assert_eq!(parse(line), Ok(None), "{line:?}");
    }
}

#[test]
fn a_line_that_does_not_read_names_the_word_at_fault_and_how_to_write_it() {
    // (line, column, message, help)
    let cases = [
        (
            "ana move north",
            10,
            "`north` is not a square",
            "write X,Y like 3,4",
        ),
        (
            "ana move",
            9,
            "a square X,Y is missing",
            "write X,Y like 3,4",
        ),
        ("ana fly", 5, "`fly` is not a command", TRY_HELP),
        ("  ana", 6, "what should ana do?", TRY_HELP),
        (
            "move 3,4",
            1,
            "`move` needs the figure's id first",
            "write `WHO move X,Y`",
        ),
        (
            "deploy crawler",
            15,
            "a square X,Y is missing",
            "write X,Y like 3,4",
        ),
        (
            "deploy",
            7,
            "the creature is missing",
            "write `deploy CREATURE X,Y`",
        ),
        (
            "ana attack",
            11,
            "the target is missing",
            "write `WHO attack TARGET [aim N]`",
        ),
        (
            "ana attack c1 aim x",
            19,
            "`x` is not a number of AP",
            "aim is a whole number from 0 up to the AP at hand",
        ),
        (
            "ana attack c1 twice",
            15,
            "`twice` after the target: expected `aim N`",
            "write `WHO attack TARGET [aim N]`",
        ),
        (
            "ana psi mind-spike",
            19,
            "the target is missing",
            "write `WHO psi POWER TARGET`",
        ),
        (
            "ana repair here",
            12,
            "`here` is not a square",
            "write X,Y like 3,4",
        ),
        (
            "ana buy skill flying",
            15,
            "`flying` is not a skill",
            "the skills are ",
        ),
        (
            "ana buy stat luck",
            14,
            "`luck` is not a stat",
            "the stats are ",
        ),
        (
            "ana buy",
            8,
            "buy what?",
            "buy skill NAME, stat NAME, psi-tier, psi-skill or upgrade ID",
        ),
        (
            "ana buy psi-tier 2",
            18,
            "`2` is one word too many",
            "write `WHO buy skill NAME | stat NAME | psi-tier | psi-skill | upgrade ID`",
        ),
    ];
    for (line, column, message, help) in cases {
        let e = parse(line).expect_err(line);
        assert_eq!(e.column, Some(column), "{line}: {e:?}");
        assert_eq!(e.message, message, "{line}");
        assert!(e.help.starts_with(help), "{line}: {}", e.help);
    }
}

#[test]
fn the_caret_stands_under_the_word_at_fault() {
    let e = parse("ana move north").unwrap_err();
    assert_eq!(
        e.under("ana move north"),
        "ana move north\n         ^\n`north` is not a square\n  write X,Y like 3,4"
    );
}

#[test]
fn every_form_has_its_first_verb_in_its_usage() {
    for form in FORMS {
        let usage = form.usage.split("  ").next().unwrap_or("");
        assert!(
            usage.contains(form.verbs[0]),
            "{usage} names {:?}",
            form.verbs
        );
        assert_eq!(usage.starts_with("WHO "), form.figure, "{usage}");
    }
}
