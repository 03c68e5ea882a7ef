//! What every ruleset's encounter file shares: a title, a seed or dice typed
//! ahead, the `[[combatant]]` tables (an id, a character file, a side, a
//! place, hidden or not, a hand-set initiative, a later entry) and the
//! `[script]` of text commands.
//!
//! Each ruleset reads the rest itself, from text (a [`SourceFile`]) into an
//! [`EncounterFile`] of its own settings, places and script lines
//! (`nanite_compound_x::encounter_file`, `nanite_d20::encounter_file`), so
//! the command line, the fuzzers and anything else that reads encounter
//! files run one reader. Nothing here opens a file: the character files an
//! encounter names are paths for the caller to read.
//!
//! [`SourceFile`]: crate::content::SourceFile

use crate::CombatantId;
use crate::content::{Fields, Item};
use crate::script::LineError;

/// A whole encounter file, read: `S` is what the ruleset sets beside the
/// combatants (Compound X's distances, D20's campaign and map), `P` where
/// and how a combatant stands, `O` one script line as the ruleset's text
/// language reads it.
#[derive(Debug, Clone)]
pub struct EncounterFile<S, P, O> {
    /// Its title.
    pub name: String,
    /// The seed of its dice, unless the caller chooses others.
    pub seed: Option<u64>,
    /// What the ruleset reads beside the combatants.
    pub settings: S,
    /// Everyone in the fight, in the file's order.
    pub combatants: Vec<Entrant<P>>,
    /// Physical dice typed ahead, unless the caller chooses others.
    pub dice: Option<Vec<i64>>,
    /// The script, line by line.
    pub script: Vec<ScriptLine<O>>,
}

/// One `[[combatant]]`.
#[derive(Debug, Clone)]
pub struct Entrant<P> {
    /// Its handle in commands.
    pub id: CombatantId,
    /// Its character file, as written (relative to the encounter file).
    pub character: String,
    /// Its side.
    pub side: String,
    /// A name for the log instead of the character's.
    pub name: Option<String>,
    /// Where and how it stands.
    pub place: P,
    /// Hidden from the players.
    pub hidden: bool,
    /// Initiative set by hand instead of rolled.
    pub initiative: Option<i64>,
    /// Enters after this many script commands (a combatant added in the
    /// middle of a fight, as a saved play session writes it); none: at the
    /// start.
    pub after: Option<usize>,
    /// The line of its table.
    pub line: usize,
}

/// One line of the script.
#[derive(Debug, Clone)]
pub struct ScriptLine<O> {
    /// Its line in the file.
    pub line: usize,
    /// Its place in the file (`script.commands[3]`), for diagnostics.
    pub field: String,
    /// The command as written.
    pub text: String,
    /// What it asks for.
    pub order: O,
}

/// An encounter file's `seed`, checked: a whole number from 0.
pub fn read_seed(root: &Fields<'_, '_>) -> Option<u64> {
    root.item("seed").and_then(|i| {
        let n = i.integer()?;
        let seed = u64::try_from(n).ok();
        if seed.is_none() {
            i.error(
                format!("seed {n} is negative"),
                Some("use a whole number from 0".into()),
            );
        }
        seed
    })
}

/// The `[[combatant]]` tables, each read by `entrant`; a table whose id
/// an earlier one took is an error.
pub fn read_combatants<P>(
    root: &Fields<'_, '_>,
    entrant: impl Fn(&Fields<'_, '_>) -> Option<Entrant<P>>,
) -> Vec<Entrant<P>> {
    let mut combatants: Vec<Entrant<P>> = Vec::new();
    for t in root.tables("combatant") {
        let Some(e) = entrant(&t) else { continue };
        if combatants.iter().any(|c| c.id == e.id) {
            t.error_at(
                "id",
                format!("two combatants have the id `{}`", e.id),
                Some("give each combatant its own id, like `raider-1` and `raider-2`".into()),
            );
        } else {
            combatants.push(e);
        }
    }
    combatants
}

/// An encounter file's `[script]`: the dice typed ahead (each face from 1)
/// and the command lines, each read by `parse` (the ruleset's command
/// language) and checked to name only `combatants` (by `named`). A
/// combatant entering `after` more commands than the script has is an
/// error too. Without a `[script]` table: no dice and no lines.
pub fn read_script<P, O>(
    root: &Fields<'_, '_>,
    combatants: &[Entrant<P>],
    parse: impl Fn(&str) -> Result<O, LineError>,
    named: impl Fn(&O) -> &[CombatantId],
) -> (Option<Vec<i64>>, Vec<ScriptLine<O>>) {
    let mut dice = None;
    let mut lines = Vec::new();
    if let Some(s) = root.table("script") {
        dice = s.item("dice").and_then(|i| read_dice(&i));
        for c in s
            .required("commands")
            .and_then(|i| i.list())
            .unwrap_or_default()
        {
            let Some(text) = c.string() else { continue };
            let text = text.trim().to_string();
            match parse(&text) {
                Ok(order) => {
                    let unknown: Vec<&CombatantId> = named(&order)
                        .iter()
                        .filter(|id| !combatants.iter().any(|e| &e.id == *id))
                        .collect();
                    for id in &unknown {
                        c.error(
                            format!("`{text}`: nobody called `{id}` is in this fight"),
                            Some(format!(
                                "the combatants are {}",
                                combatants
                                    .iter()
                                    .map(|e| e.id.as_str())
                                    .collect::<Vec<_>>()
                                    .join(", ")
                            )),
                        );
                    }
                    if unknown.is_empty() {
                        lines.push(ScriptLine {
                            line: c.line(),
                            field: c.path().to_string(),
                            text,
                            order,
                        });
                    }
                }
                Err(e) => c.error(format!("`{text}`: {e}"), Some(e.help)),
            }
        }
        s.finish();
    }
    for e in combatants
        .iter()
        .filter(|e| e.after.is_some_and(|n| n > lines.len()))
    {
        root.error_at(
            "combatant",
            format!(
                "`{}` enters after {} script commands, but the script has {}",
                e.id,
                e.after.unwrap_or_default(),
                lines.len()
            ),
            Some("`after` counts the script's commands; lower it or add the commands".into()),
        );
    }
    (dice, lines)
}

/// The `[script] dice`: each face as it landed, from 1 (a face below 1 is
/// an error with its fix, and gives none).
pub fn read_dice(item: &Item<'_, '_>) -> Option<Vec<i64>> {
    let mut faces = Vec::new();
    for i in item.list()? {
        let face = i.integer()?;
        if face < 1 {
            i.error(
                format!("{face} is not a face of a die"),
                Some("write each die as it landed, from 1 (a face showing 0 is 10)".into()),
            );
            return None;
        }
        faces.push(face);
    }
    Some(faces)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::{Reading, SourceFile};

    /// Reads `text`'s seed and combatants (each an id and a place that is
    /// its `row`), and renders them with every problem.
    fn read(text: &str) -> String {
        let file = SourceFile::new("fight.toml", text);
        let reading = Reading::new(&file);
        let read = reading.document(|root| {
            let seed = read_seed(&root);
            let combatants = read_combatants(&root, |t| {
                let id = t.required_string("id")?;
                Some(Entrant {
                    id: CombatantId::from(id),
                    character: String::new(),
                    side: String::new(),
                    name: None,
                    place: t.integer("row").unwrap_or(0),
                    hidden: false,
                    initiative: None,
                    after: None,
                    line: t.line(),
                })
            });
            let ids: Vec<String> = combatants
                .iter()
                .map(|e| format!("{}@{}:{}", e.id, e.place, e.line))
                .collect();
            format!("seed {seed:?}, {}", ids.join(" "))
        });
        format!("{}\n{}", read.unwrap_or_default(), reading.finish())
    }

    #[test]
    fn reads_the_seed_and_the_combatants_in_order() {
        let text =
            "seed = 7\n[[combatant]]\nid = \"vex\"\nrow = 2\n[[combatant]]\nid = \"raider\"\n";
        assert_eq!(read(text), "seed Some(7), vex@2:2 raider@0:5\n");
    }

    #[test]
    fn a_negative_seed_is_an_error_with_its_fix() {
        let out = read("seed = -3\n");
        assert!(out.starts_with("seed None, \n"), "{out}");
        assert!(out.contains("seed -3 is negative"), "{out}");
        assert!(out.contains("use a whole number from 0"), "{out}");
    }

    #[test]
    fn a_second_combatant_with_a_taken_id_is_an_error_and_left_out() {
        let text = "[[combatant]]\nid = \"vex\"\nrow = 1\n[[combatant]]\nid = \"vex\"\nrow = 2\n";
        let out = read(text);
        assert!(out.starts_with("seed None, vex@1:1\n"), "{out}");
        assert!(out.contains("two combatants have the id `vex`"), "{out}");
    }
}
