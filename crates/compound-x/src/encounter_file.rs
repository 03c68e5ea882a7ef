//! Reading a Compound X encounter file (docs/compound-x/encounter-file.md)
//! from its text: the combatants with their character files and places
//! (cover and stance), the distances, and the script, with every problem
//! reported at once with its line. `nanite cx encounter`, `nanite cx play`
//! (its saved sessions are encounter files) and the fuzzers read encounter
//! files through [`read`]; the character files it names are the caller's to
//! open.

use nanite_core::content::{Fields, Item, Reading, SourceFile, check_format};
use nanite_core::encounter_file::{self as file, read_combatants, read_dice, read_seed};
use nanite_core::{CombatantId, Diagnostics};

use crate::combat::{Cover, Stance};
use crate::script::{self, Parsed};

/// A Compound X encounter file: its [`Settings`] (distances, the map)
/// beside the combatants, each combatant's [`Stand`], its script lines read
/// by [`script::parse`].
pub type EncounterFile = file::EncounterFile<Settings, Stand, Parsed>;

mod map;
mod map_text;

pub use map::MapSection;
pub use map_text::read_map;

/// What a Compound X encounter sets up beside its combatants: the
/// distances the GM set, and the battle map (`[map]`, issue 24).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Settings {
    /// The `[[distance]]` tables.
    pub distances: Vec<Gap>,
    /// The `[map]` section, if any.
    pub map: Option<MapSection>,
}
/// One Compound X `[[combatant]]`.
pub type Entrant = file::Entrant<Stand>;
/// One line of a Compound X script.
type ScriptLine = file::ScriptLine<Parsed>;

/// The newest encounter file format this build reads and writes.
pub const ENCOUNTER_FORMAT: i64 = 1;

/// A Compound X combatant's place: its cover and stance.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stand {
    /// Its cover.
    pub cover: Cover,
    /// Its stance.
    pub stance: Stance,
}

/// One `[[distance]]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Gap {
    /// One.
    pub a: CombatantId,
    /// The other.
    pub b: CombatantId,
    /// Metres.
    pub metres: i64,
    /// The line of its table.
    pub line: usize,
}

/// Reads `file`; `None` when it is too broken to run (the diagnostics say why).
///
/// `stem` names the encounter when the file does not (a caller passes the
/// file name without its extension).
pub fn read(file: &SourceFile, stem: &str) -> (Option<EncounterFile>, Diagnostics) {
    let reading = Reading::new(file);
    let encounter = reading.document(|root| read_root(&root, stem)).flatten();
    let found = reading.finish();
    let encounter = encounter.filter(|_| !found.has_errors());
    (encounter, found)
}

fn read_root(root: &Fields<'_, '_>, stem: &str) -> Option<EncounterFile> {
    let format_ok = check_format(root, "encounter file", ENCOUNTER_FORMAT);
    let name = root.string("name").unwrap_or_else(|| stem.to_string());
    let seed = read_seed(root);
    let combatants = read_combatants(root, entrant);
    if combatants.is_empty() && !root.has("combatant") {
        root.error_at(
            "combatant",
            "the encounter has no combatants",
            Some("add a [[combatant]] table with id, character and side for each".into()),
        );
    }
    let known: Vec<CombatantId> = combatants.iter().map(|c| c.id.clone()).collect();
    let distances = root
        .tables("distance")
        .iter()
        .filter_map(|t| gap(t, &known))
        .collect();
    let late: Vec<CombatantId> = combatants
        .iter()
        .filter(|c| c.after.is_some())
        .map(|c| c.id.clone())
        .collect();
    let map = root.table("map").and_then(|t| map::read(&t, &known, &late));
    let (dice, script) = match root.table("script") {
        Some(t) => {
            let dice = t.item("dice").and_then(|i| read_dice(&i));
            let script = t
                .item("commands")
                .and_then(|i| i.list())
                .unwrap_or_default()
                .iter()
                .filter_map(|i| script_line(i, &known))
                .collect();
            t.finish();
            (dice, script)
        }
        None => (None, Vec::new()),
    };
    root.finish();
    if seed.is_some() && dice.is_some() {
        root.error_at(
            "seed",
            "the file gives both a seed and [script] dice",
            Some("keep one: a seed for random dice, or dice typed ahead".into()),
        );
    }
    format_ok.then_some(EncounterFile {
        name,
        seed,
        settings: Settings { distances, map },
        combatants,
        dice,
        script,
    })
}

/// Whether `id` can be a combatant's handle in the script.
fn usable_id(id: &str) -> Result<(), String> {
    if id.is_empty() {
        return Err("an id cannot be empty".into());
    }
    if let Some(c) = id
        .chars()
        .find(|c| !(c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '-' || *c == '_'))
    {
        return Err(format!(
            "id `{id}` has `{c}`; ids are lower-case letters, digits, `-` and `_` (like `drone-2`)"
        ));
    }
    if script::is_gm_verb(id) {
        return Err(format!(
            "`{id}` starts a GM command in the script, so it cannot be an id (try `{id}-1`)"
        ));
    }
    Ok(())
}

fn keyword<T: Copy>(
    fields: &Fields<'_, '_>,
    key: &str,
    parse: fn(&str) -> Option<T>,
    all: &str,
) -> Option<T> {
    let item = fields.item(key)?;
    let text = item.string()?;
    let found = parse(&text);
    if found.is_none() {
        item.error(
            format!("unknown {key} `{text}`"),
            Some(format!("use one of: {all}")),
        );
    }
    found
}

fn entrant(t: &Fields<'_, '_>) -> Option<Entrant> {
    let id = t.required_string("id");
    if let Some(Err(why)) = id.as_deref().map(usable_id) {
        t.error_at("id", why, None);
    }
    let character = t.required_string("character");
    let side = t.required_string("side");
    let name = t.string("name");
    let cover = keyword(t, "cover", Cover::parse, "none, partial, full").unwrap_or_default();
    let stance = keyword(
        t,
        "stance",
        Stance::parse,
        "standing, crouched, prone, hunkered",
    )
    .unwrap_or_default();
    let hidden = t.boolean("hidden").unwrap_or(false);
    let initiative = t.integer("initiative");
    let after = t.integer("after");
    if after.is_some_and(|a| a < 0) {
        t.error_at(
            "after",
            "`after` counts script commands, so it cannot be negative",
            Some("leave it out to enter at the start".into()),
        );
    }
    t.finish();
    Some(Entrant {
        id: CombatantId::from(id?),
        character: character?,
        side: side?,
        name,
        place: Stand { cover, stance },
        hidden,
        initiative,
        after: after
            .and_then(|a| usize::try_from(a).ok())
            .filter(|a| *a > 0),
        line: t.line(),
    })
}

fn known_id(item: &Item<'_, '_>, id: &CombatantId, known: &[CombatantId]) -> bool {
    if known.contains(id) {
        return true;
    }
    let names: Vec<&str> = known.iter().map(CombatantId::as_str).collect();
    item.error(
        format!("nobody called `{id}` is in this encounter"),
        Some(if names.is_empty() {
            "add a [[combatant]] with that id".into()
        } else {
            format!(
                "the combatants are {}; check the spelling or add a [[combatant]] with id = \"{id}\"",
                names.join(", ")
            )
        }),
    );
    false
}

fn gap(t: &Fields<'_, '_>, known: &[CombatantId]) -> Option<Gap> {
    let between = t.required("between");
    let ids = between.as_ref().and_then(Item::strings);
    let metres = t.required_integer("metres");
    t.finish();
    let between = between?;
    let [a, b] = ids?
        .try_into()
        .map_err(|_| {
            between.error(
                "expected two combatant ids",
                Some("write between = [\"vex\", \"raider\"]".into()),
            );
        })
        .ok()?;
    let (a, b) = (CombatantId::from(a), CombatantId::from(b));
    let known_a = known_id(&between, &a, known);
    let known_b = known_id(&between, &b, known);
    if a == b {
        between.error(
            format!("a distance needs two different combatants, not {a} twice"),
            None,
        );
    }
    let metres = metres?;
    if !(0..=100_000).contains(&metres) {
        t.error_at(
            "metres",
            format!("{metres} m is not a distance"),
            Some("give 0 to 100000 metres".into()),
        );
        return None;
    }
    (known_a && known_b && a != b).then_some(Gap {
        a,
        b,
        metres,
        line: t.line(),
    })
}

fn script_line(item: &Item<'_, '_>, known: &[CombatantId]) -> Option<ScriptLine> {
    let text = item.string()?;
    match script::parse(text.trim()) {
        Ok(parsed) => {
            let all_known = parsed.ids.iter().all(|id| known_id(item, id, known));
            all_known.then(|| ScriptLine {
                line: item.line(),
                field: item.path().to_string(),
                text: text.trim().to_string(),
                order: parsed,
            })
        }
        Err(e) => {
            item.error(format!("`{}`: {e}", text.trim()), Some(e.help));
            None
        }
    }
}

#[cfg(test)]
mod tests;
