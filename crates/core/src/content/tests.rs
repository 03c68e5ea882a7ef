//! Tests of the diagnosed TOML reader.

use expect_test::{Expect, expect};

use super::*;

/// Reads a weapon-like table and renders what was read and every problem.
fn check(text: &str, expected: Expect) {
    let file = SourceFile::new("weapons.toml", text);
    let reading = Reading::new(&file);
    let read = reading.document(|top| {
        let mut out = Vec::new();
        check_format(&top, "pack", 1);
        if let Some(weapons) = top.table("weapon") {
            for (id, item) in weapons.entries() {
                let Some(w) = item.table() else { continue };
                let name = w.required_string("name");
                let magazine = w.integer("magazine");
                let accuracy = w.number("accuracy");
                let misses: Vec<i64> = w
                    .tables("brackets")
                    .iter()
                    .filter_map(|b| {
                        let miss = b.required_integer("miss");
                        b.integer("to");
                        b.finish();
                        miss
                    })
                    .collect();
                out.push(format!(
                    "{id}: {name:?} {magazine:?} {accuracy:?} {misses:?}"
                ));
                w.finish();
            }
            weapons.finish();
        }
        top.finish();
        out.join("\n")
    });
    let found = reading.finish();
    expected.assert_eq(&format!("{}\n---\n{found}", read.unwrap_or_default()));
}

#[test]
fn reads_a_clean_file() {
    check(
        r#"
format = 1
[weapon.smg]
name = "Basic SMG"
magazine = 30
accuracy = 0.5
brackets = [{ to = 10, miss = 4 }, { to = 20, miss = 5 }]
"#,
        expect![[r#"
            smg: Some("Basic SMG") Some(30) Some(0.5) [4, 5]
            ---
        "#]],
    );
}

#[test]
fn reports_every_problem_with_file_line_and_field() {
    check(
        r#"format = 1
[weapon.smg]
magazin = 30
accuracy = "high"
brackets = [{ to = 10, miss = "4" }, { to = 20, mis = 5 }]

[weapon.pistol]
name = 9
colour = "red"
"#,
        expect![[r#"
            smg: None None None []
            pistol: None None None []
            ---
            error: weapons.toml:2: weapon.smg.name: missing required field `name`
              help: add `name = ...` to [weapon.smg]
            error: weapons.toml:4: weapon.smg.accuracy: expected a number, found a string
            error: weapons.toml:5: weapon.smg.brackets[0].miss: expected an integer, found a string
            error: weapons.toml:5: weapon.smg.brackets[1].miss: missing required field `miss`
              help: add `miss = ...` to [weapon.smg.brackets[1]]
            error: weapons.toml:5: weapon.smg.brackets[1].mis: unknown field `mis` in [weapon.smg.brackets[1]]
              help: did you mean `miss`?
            error: weapons.toml:3: weapon.smg.magazin: unknown field `magazin` in [weapon.smg]
              help: did you mean `magazine`?
            error: weapons.toml:8: weapon.pistol.name: expected a string, found an integer
            error: weapons.toml:9: weapon.pistol.colour: unknown field `colour` in [weapon.pistol]
              help: known fields here: accuracy, brackets, magazine, name
        "#]],
    );
}

#[test]
fn syntax_errors_are_reported_with_their_line() {
    check(
        "format = 1\n[weapon.smg]\nname = \"SMG\nmagazine = 30\n",
        expect![[r#"

            ---
            error: weapons.toml:3: this is not valid TOML: invalid basic string, expected `"`
              help: see https://toml.io for the syntax
        "#]],
    );
}

#[test]
fn newer_formats_are_refused() {
    check(
        "format = 2\n",
        expect![[r#"

            ---
            error: weapons.toml:1: format: this pack uses format 2, but this nanite reads formats up to 1
              help: upgrade nanite, or write the file in an older format
        "#]],
    );
    check(
        "[weapon]\n",
        expect![[r#"

            ---
            error: weapons.toml:1: format: missing required field `format`
              help: add `format = ...` to [the top of the file]
        "#]],
    );
}

#[test]
fn lines_are_counted_from_one() {
    let file = SourceFile::new("a", "x\ny\n\nz");
    assert_eq!(file.line_of(0), 1);
    assert_eq!(file.line_of(2), 2);
    assert_eq!(file.line_of(5), 4);
}

#[test]
fn a_document_in_a_format_it_reads_is_read_and_its_unread_keys_reported() {
    let cases = [
        // (text, read, problems: each contains its needle)
        ("format = 1\nname = \"Tess\"\n", true, vec![]),
        (
            "format = 1\nname = \"Tess\"\nnmae = 3\n",
            true,
            vec!["nmae"],
        ),
        // A newer format: that one problem, the fields neither read nor
        // reported as unknown.
        ("format = 2\nnmae = 3\n", false, vec!["format 2"]),
    ];
    for (text, should_read, needles) in cases {
        let file = SourceFile::new("tess.toml", text);
        let mut read = false;
        let found = read_document(&file, "character file", 1, |top| {
            read = true;
            top.string("name");
        });
        assert_eq!(read, should_read, "{text}");
        assert_eq!(found.len(), needles.len(), "{text}:\n{found}");
        for (d, needle) in found.iter().zip(needles) {
            assert!(d.to_string().contains(needle), "{text}: {d}");
        }
    }
}
