//! Shared helpers: the sample pack, characters from TOML text.

use std::sync::OnceLock;

use nanite_compound_x::combat::{Cover, Stance};
use nanite_compound_x::encounter::{CompoundX, Event, Way};
use nanite_compound_x::{Character, Pack, Sheet, validate};
use nanite_core::content::SourceFile;
use nanite_core::{CombatantId, Diagnostic, Diagnostics, Game};

/// The files of the sample pack in `content/compound-x/`.
pub(crate) fn sample_files() -> Vec<SourceFile> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../content/compound-x");
    let mut files: Vec<SourceFile> = std::fs::read_dir(dir)
        .expect("the sample pack exists")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            SourceFile::new(name, std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    files.sort_by(|a, b| a.name().cmp(b.name()));
    files
}

/// The sample pack, loaded once; panics with every diagnostic if it has errors.
pub(crate) fn sample() -> &'static Pack {
    static PACK: OnceLock<Pack> = OnceLock::new();
    PACK.get_or_init(|| {
        let (pack, found) = Pack::load(&sample_files());
        assert!(!found.has_errors(), "the sample pack has errors:\n{found}");
        pack
    })
}

/// A character read from `text` (as `test.toml`), with its diagnostics.
pub(crate) fn read(text: &str) -> (Character, Diagnostics) {
    Character::read(&SourceFile::new("test.toml", text))
}

/// A plain level-0 human soldier with every stat at 6 (42 points, the average
/// player), no feats and one skill. Tests change it with [`with`].
pub(crate) const TEMPLATE: &str = r#"format = 1
name = "Tess"
race = "human"
class = "soldier"
level = 0
stat_increases = []
feats = []
class_feats = []

[base_stats]
STR = 6
PER = 6
FORT = 6
CHA = 6
INT = 6
DEX = 6
LUCK = 6

[skills]
smgs = 10

[equipment]
items = {}
"#;

/// [`TEMPLATE`] with each `(from, to)` replaced once; panics when `from` is
/// not in the text (so a changed template cannot silently weaken a test).
pub(crate) fn with(changes: &[(&str, &str)]) -> String {
    edit(TEMPLATE, changes)
}

/// `text` with each `(from, to)` replaced once; panics when `from` is missing.
pub(crate) fn edit(text: &str, changes: &[(&str, &str)]) -> String {
    let mut out = text.to_string();
    for (from, to) in changes {
        assert!(out.contains(from), "`{from}` is not in:\n{out}");
        out = out.replacen(from, to, 1);
    }
    out
}

/// A character that must read without any problem.
pub(crate) fn character(text: &str) -> Character {
    let (character, found) = read(text);
    assert!(found.is_empty(), "reading the character:\n{found}");
    character
}

/// The sheet of a character read from `text` with the sample pack.
pub(crate) fn sheet(text: &str) -> Sheet {
    Sheet::compute(&character(text), sample())
}

/// The sheet of a character that must also validate without any problem.
pub(crate) fn valid_sheet(text: &str) -> Sheet {
    let c = character(text);
    let found = validate(&c, sample());
    assert!(found.is_empty(), "validating the character:\n{found}");
    Sheet::compute(&c, sample())
}

/// Everything wrong with the character in `text`: reading, then validation.
pub(crate) fn problems(text: &str) -> Diagnostics {
    let (c, mut found) = read(text);
    if !found.has_errors() {
        found.extend(validate(&c, sample()));
    }
    found
}

/// The one diagnostic with `rule` whose message contains `message`; panics
/// listing everything found otherwise.
pub(crate) fn find<'a>(
    found: &'a Diagnostics,
    rule: Option<&str>,
    message: &str,
) -> &'a Diagnostic {
    let hits: Vec<&Diagnostic> = found
        .iter()
        .filter(|d| d.rule.as_deref() == rule && d.message.contains(message))
        .collect();
    assert_eq!(
        hits.len(),
        1,
        "expected one diagnostic with rule {rule:?} and message containing `{message}`, found:\n{found}"
    );
    hits[0]
}

/// What `pick` finds first among the events of the last command `game`
/// accepted; panics saying no `what` was there otherwise.
pub(crate) fn last_event<T>(
    game: &Game<CompoundX>,
    what: &str,
    pick: impl FnMut(&Event) -> Option<T>,
) -> T {
    game.log()
        .last()
        .expect("a command was accepted")
        .events
        .iter()
        .find_map(pick)
        .unwrap_or_else(|| panic!("no {what} in the last command's events"))
}

/// The ids of the feats `sheet` owns because its stats grant them, in the
/// sheet's order.
pub(crate) fn granted_feats(sheet: &Sheet) -> Vec<&str> {
    sheet
        .feats
        .owned
        .iter()
        .filter(|f| f.how == "granted")
        .map(|f| f.id.as_str())
        .collect()
}

/// Toward `whom` when `toward`, else away: a generated move's way.
pub(crate) fn toward_or_away(toward: bool, whom: CombatantId) -> Way {
    if toward {
        Way::Toward { id: whom }
    } else {
        Way::Away { id: whom }
    }
}

/// Every cover, for generated commands.
pub(crate) const COVERS: [Cover; 3] = [Cover::None, Cover::Partial, Cover::Full];

/// Every stance, for generated commands.
pub(crate) const STANCES: [Stance; 4] = [
    Stance::Standing,
    Stance::Crouched,
    Stance::Prone,
    Stance::Hunkered,
];
