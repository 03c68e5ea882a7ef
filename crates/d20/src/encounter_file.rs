//! Reading a D20 encounter file (docs/cli/d20.md#encounter-files) from its
//! text: the campaign's settings, the map or the rows, the combatants with
//! their character files and places, and the script, with every problem
//! reported at once with its line. `nanite d20 encounter`, `nanite d20 play`
//! (its saved sessions are encounter files) and the fuzzers read encounter
//! files through [`read`]; the character files it names are the caller's to
//! open.

use nanite_core::content::{Fields, Reading, SourceFile, check_format};
use nanite_core::encounter_file::{self as file, read_combatants, read_script, read_seed};
use nanite_core::{CombatantId, Diagnostics};
use serde::Serialize;

use crate::Campaign;
use crate::encounter::{Field, Place, Row, Square};
use crate::script::{self, Order};

/// A D20 encounter file: its [`Settings`] beside the combatants, each
/// combatant's [`Place`], its script lines read by [`script::parse`].
pub type EncounterFile = file::EncounterFile<Settings, Place, Order>;
/// One D20 `[[combatant]]`.
pub type Entrant = file::Entrant<Place>;

/// The newest encounter file format this build reads and writes.
pub const ENCOUNTER_FORMAT: i64 = 1;

/// What a D20 encounter file sets beside its combatants.
#[derive(Debug, Clone, Serialize)]
pub struct Settings {
    /// The campaign: the pack's, with the file's `[campaign]` over it.
    pub campaign: Campaign,
    /// A grid or rows.
    pub field: Field,
}

/// Reads `file` over the pack's `campaign`; `None` when it is too broken
/// to run (the diagnostics say why).
///
/// `stem` names the encounter when the file does not (a caller passes the
/// file name without its extension).
pub fn read(
    file: &SourceFile,
    stem: &str,
    campaign: &Campaign,
) -> (Option<EncounterFile>, Diagnostics) {
    let reading = Reading::new(file);
    let encounter = reading
        .document(|root| read_root(&root, stem, campaign))
        .flatten();
    let found = reading.finish();
    let encounter = encounter.filter(|_| !found.has_errors());
    (encounter, found)
}

fn read_root(root: &Fields<'_, '_>, stem: &str, campaign: &Campaign) -> Option<EncounterFile> {
    if !check_format(root, "encounter file", ENCOUNTER_FORMAT) {
        return None;
    }
    let name = root.string("name").unwrap_or_else(|| stem.to_string());
    let seed = read_seed(root);
    let mut campaign = campaign.clone();
    if let Some(t) = root.table("campaign") {
        campaign.read_over(&t);
    }
    let field = match root.table("map") {
        Some(map) => {
            let size = |key: &str| {
                let n = map.required_integer(key)?;
                if !(1..=200).contains(&n) {
                    map.error_at(key, format!("{key} {n} is outside 1 to 200 squares"), None);
                    return None;
                }
                Some(n)
            };
            let width = size("width");
            let height = size("height");
            map.finish();
            Field::Map {
                width: width.unwrap_or(1),
                height: height.unwrap_or(1),
            }
        }
        None => Field::Rows,
    };
    let combatants = read_combatants(root, |t| entrant(t, &field));
    if combatants.is_empty() && !root.has("combatant") {
        root.error_at(
            "combatant",
            "an encounter needs combatants",
            Some("add [[combatant]] tables with id, character and side".into()),
        );
    }
    let (dice, lines) = read_script(root, &combatants, script::parse, |o: &Order| &o.ids);
    root.finish();
    Some(EncounterFile {
        name,
        seed,
        settings: Settings { campaign, field },
        combatants,
        dice,
        script: lines,
    })
}

fn entrant(t: &Fields<'_, '_>, field: &Field) -> Option<Entrant> {
    let id = t.required_string("id");
    if let Some(id) = &id
        && (id.is_empty()
            || !id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            || script::GM_FORMS.iter().any(|(v, _)| v == id))
    {
        t.error_at(
            "id",
            format!("`{id}` cannot be a combatant's id"),
            Some("ids use lowercase letters, digits and `-`, and are not command words".into()),
        );
    }
    let character = t.required_string("character");
    let side = t.required_string("side");
    let name = t.string("name");
    let hidden = t.boolean("hidden").unwrap_or(false);
    let initiative = t.integer("initiative").filter(|n| {
        let limits = crate::limits::INITIATIVE;
        let fits = limits.contains(n);
        if !fits {
            t.error_at(
                "initiative",
                format!(
                    "initiative {n} is out of range: from {} to {}",
                    limits.start(),
                    limits.end()
                ),
                Some("1d100 + DEX gives 2 to 130".into()),
            );
        }
        fits
    });
    let after = t.item("after").and_then(|i| {
        let n = i.integer()?;
        let after = usize::try_from(n).ok();
        if after.is_none() {
            i.error(
                format!("after {n} is negative"),
                Some("`after = N`: the combatant enters after the first N script commands".into()),
            );
        }
        after
    });
    let place = match field {
        Field::Map { width, height } => {
            if t.has("row") {
                t.error_at(
                    "row",
                    "this encounter has a [map]: give `at = [x, y]`, not a row",
                    None,
                );
            }
            let at = t.required("at").and_then(|i| {
                let xy: Vec<i64> = i.list()?.iter().filter_map(|n| n.integer()).collect();
                match xy[..] {
                    [x, y] if (0..*width).contains(&x) && (0..*height).contains(&y) => {
                        Some(Square { x, y })
                    }
                    [x, y] => {
                        i.error(
                            format!(
                                "({x},{y}) is off the map, which runs from (0,0) to ({},{})",
                                width - 1,
                                height - 1
                            ),
                            None,
                        );
                        None
                    }
                    _ => {
                        i.error("a square is two numbers, `at = [x, y]`", None);
                        None
                    }
                }
            });
            Place::Square(at.unwrap_or(Square { x: 0, y: 0 }))
        }
        Field::Rows => {
            if t.has("at") {
                t.error_at(
                    "at",
                    "this encounter has no [map]: give `row = \"front\"` or `\"back\"`, or add a [map]",
                    None,
                );
            }
            let row = t.required("row").and_then(|i| {
                let text = i.string()?;
                match text.as_str() {
                    "front" => Some(Row::Front),
                    "back" => Some(Row::Back),
                    _ => {
                        i.error(
                            format!("`{text}` is not a row"),
                            Some("the rows are \"front\" and \"back\" (D20-MOVE-03)".into()),
                        );
                        None
                    }
                }
            });
            Place::Row(row.unwrap_or(Row::Front))
        }
    };
    t.finish();
    Some(Entrant {
        id: CombatantId::from(id?),
        character: character?,
        side: side?,
        name,
        place,
        hidden,
        initiative,
        after,
        line: t.line(),
    })
}

#[cfg(test)]
mod tests;
