//! What a pack version would break: every campaign character file, every
//! NPC file that entered one of its encounters, and the scenario of every
//! Station game (`nanite station --pack DIR check`), checked against the
//! version exactly as an upload or an entrance is checked (`nanite cx
//! check`, `nanite d20 sheet`, with the campaign's house rules).

use std::collections::BTreeSet;

use nanite_core::Diagnostics;
use nanite_store::EventStore;
use serde::Serialize;
use utoipa::ToSchema;

use crate::AppState;
use crate::campaigns::Campaign;
use crate::characters::StoredCharacter;
use crate::error::AppError;
use crate::facts::Order;
use crate::pack::Packs;
use crate::ruleset::Ruleset;
use crate::table::{ItemBody, Table};

/// Whether a broken file is a campaign character or an NPC file.
#[derive(Clone, Copy, Debug, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub(crate) enum FileKind {
    /// A character of the campaign's list.
    Character,
    /// An NPC file that entered an encounter.
    Npc,
    /// The scenario a Station game started from.
    Scenario,
}

/// A file a pack version would break, with every problem.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub(crate) struct Broken {
    /// A character or an NPC file.
    pub(crate) kind: FileKind,
    /// The character's id, the NPC's combatant id, or the Station game's.
    pub(crate) id: String,
    /// Its file name.
    pub(crate) file: String,
    /// The encounter an NPC file entered (none for a character or a
    /// scenario).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) encounter: Option<String>,
    /// Every problem, each with its file, line, field, rule and fix.
    #[schema(value_type = Vec<nanite_core::Diagnostic>)]
    pub(crate) diagnostics: Diagnostics,
}

impl Broken {
    /// The file in words: `character vex (vex.toml)`, `NPC raider (raider.toml)`.
    pub(crate) fn label(&self) -> String {
        let kind = match self.kind {
            FileKind::Character => "character",
            FileKind::Npc => "NPC",
            FileKind::Scenario => "scenario of game",
        };
        format!("{kind} {} ({})", self.id, self.file)
    }
}

/// What checking every file against a version found.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub(crate) struct Impact {
    /// How many files were checked.
    pub(crate) checked: usize,
    /// The files it would break, each with its problems.
    pub(crate) broken: Vec<Broken>,
}

/// The problems of one file under `packs` (none if it passes).
fn problems(campaign: &Campaign, packs: &Packs, file: &str, text: &str) -> Diagnostics {
    match campaign.ruleset {
        Ruleset::CompoundX => {
            crate::characters::read_checked(&packs.cx, campaign.house_rules(), file, text).1
        }
        Ruleset::D20 => crate::d20::characters::read_checked(&packs.d20, file, text).1,
        Ruleset::Station => super::station::scenario_problems(&packs.station, file, text),
        // A registered ruleset keeps no files to check.
        Ruleset::Plugged(_) => Diagnostics::default(),
    }
}

/// The scenarios the table's Station games started from: (game, file,
/// text), each text once.
fn scenario_files(table: &Table) -> Vec<(String, String, String)> {
    let mut seen = BTreeSet::new();
    table
        .stations
        .values()
        .filter(|g| !g.text.is_empty() && seen.insert(g.text.clone()))
        .map(|g| (g.id.clone(), g.file.clone(), g.text.clone()))
        .collect()
}

/// The NPC files that entered the table's encounters: (combatant, file,
/// text, encounter), each file once.
fn npc_files(table: &Table) -> Vec<(String, String, String, String)> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for item in &table.feed {
        let ItemBody::Command(c) = &item.body else {
            continue;
        };
        let (id, character, file, text) = match serde_json::from_value::<Order>(c.order.clone()) {
            Ok(Order::Add(e)) => (e.id.to_string(), e.character, e.file, e.text),
            Ok(Order::D20Add(e)) => (e.id.to_string(), e.character, e.file, e.text),
            _ => continue,
        };
        if character.is_none() && seen.insert(text.clone()) {
            out.push((id, file, text, c.encounter.clone()));
        }
    }
    out
}

/// Every campaign character and NPC file `packs` would break.
pub(crate) async fn impact(
    state: &AppState,
    campaign: &Campaign,
    packs: &Packs,
) -> Result<Impact, AppError> {
    let mut checked = 0;
    let mut broken = Vec::new();
    let mut characters: Vec<StoredCharacter> = Vec::new();
    for record in state
        .store()
        .records(&format!("characters:{}", campaign.id))
        .await?
    {
        characters.push(serde_json::from_value(record.data).map_err(AppError::internal)?);
    }
    characters.sort_by(|a, b| a.id.cmp(&b.id));
    // Each file checked against `packs`, kept when it breaks.
    let mut check = |kind, id, file: String, text: &str, encounter| {
        checked += 1;
        let diagnostics = problems(campaign, packs, &file, text);
        if diagnostics.has_errors() {
            broken.push(Broken {
                kind,
                id,
                file,
                encounter,
                diagnostics,
            });
        }
    };
    for c in characters {
        check(FileKind::Character, c.id, c.file, &c.text, None);
    }
    let scenarios = state
        .tables()
        .read(state, &campaign.id, scenario_files)
        .await?;
    for (id, file, text) in scenarios {
        check(FileKind::Scenario, id, file, &text, None);
    }
    let npcs = state.tables().read(state, &campaign.id, npc_files).await?;
    for (id, file, text, encounter) in npcs {
        check(FileKind::Npc, id, file, &text, Some(encounter));
    }
    Ok(Impact { checked, broken })
}
