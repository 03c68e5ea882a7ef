//! The script syntax: lines that parse, and mistakes that say how to fix them.

use super::*;

#[test]
fn lines_parse_into_commands() {
    for (line, expected) in [
        ("next", "Clock(NextTurn)"),
        (
            "kara move 3,4 5,4",
            "Move { id: CombatantId(\"kara\"), to: [Square { x: 3, y: 4 }, Square { x: 5, y: 4 }] }",
        ),
        (
            "bram clinch brute",
            "Takedown { id: CombatantId(\"bram\"), target: CombatantId(\"brute\"), kind: Clinch }",
        ),
        (
            "ilsa check medicine 12 with WIS hidden",
            "Check { id: CombatantId(\"ilsa\"), skill: Some(\"medicine\"), attribute: Some(Wis), dc: 12, hidden: true }",
        ),
        (
            "harm kara 4 by brute \"a thrown rock\"",
            "Harm { target: CombatantId(\"kara\"), amount: 4, by: Some(CombatantId(\"brute\")), why: \"a thrown rock\" }",
        ),
    ] {
        assert_eq!(
            format!("{:?}", parse(line).unwrap().command),
            expected,
            "{line}"
        );
    }
}

#[test]
fn mistakes_say_how_to_write_the_line() {
    for (line, message, help) in [
        (
            "kara",
            "`kara` is not a command; after a combatant's id an action is expected",
            "commands: roll, begin",
        ),
        (
            "kara fly 3,4",
            "`kara` is not a command and `fly` is not an action",
            "a line is a command",
        ),
        (
            "kara move 3 4",
            "`3` is not a square",
            "write a square as X,Y",
        ),
        (
            "kara attack",
            "`attack` needs a target",
            "write `ID attack TARGET [WEAPON|unarmed]`",
        ),
        (
            "next now",
            "`now` is one word too many for `next`",
            "write `next`",
        ),
        (
            "harm kara lots",
            "`lots` is not a whole number (the hit points)",
            "write `harm ID AMOUNT",
        ),
        (
            "kara hold \"the door",
            "a quoted text is not closed",
            "close it",
        ),
    ] {
        let e = parse(line).unwrap_err();
        assert_eq!(e.message, message, "{line}");
        assert!(e.help.starts_with(help), "{line}: {}", e.help);
    }
}

#[test]
fn errors_point_at_the_word_at_fault() {
    let cases: &[(&str, Option<usize>)] = &[
        ("kara dance", Some(6)),
        ("kara", Some(5)),
        ("", Some(1)),
        ("kara move 3,4 extra", Some(15)),
        ("harm kara x by brute \"a rock\"", Some(11)),
        ("kara act \"draw a blade", Some(10)),
    ];
    for (line, column) in cases {
        let e = parse(line).expect_err(line);
        assert_eq!(e.column, *column, "{line}: {e}");
        let under = e.under(line);
        let caret = under.lines().nth(1).unwrap();
        assert_eq!(caret.len(), column.unwrap(), "{under}");
    }
}
