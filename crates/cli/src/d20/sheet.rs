//! `nanite d20 sheet FILE`: a character's computed sheet, every number with
//! where it comes from.

use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use clap::Args;
use nanite_d20::{Attribute, Campaign, Pack, Sheet};

use super::{describe, read_valid_character};
use crate::cx::Outcome;

/// Arguments of `nanite d20 sheet`.
#[derive(Debug, Args)]
pub(crate) struct SheetArgs {
    /// The character file.
    file: PathBuf,
    /// Print the sheet as JSON (documented in docs/cli/d20.md).
    #[arg(long)]
    json: bool,
}

pub(super) fn run(args: &SheetArgs, pack: &Pack, campaign: &Campaign) -> Result<Outcome> {
    let character = read_valid_character(&args.file, pack)?;
    let sheet = Sheet::compute(&character, pack, campaign);
    let mut out = std::io::stdout().lock();
    if args.json {
        out.write_all(serde_json::to_string_pretty(&sheet)?.as_bytes())?;
        writeln!(out)?;
    } else {
        out.write_all(text(&sheet, campaign).as_bytes())?;
    }
    Ok(Outcome::Success)
}

/// Rows of cells as left-aligned columns, two spaces apart.
pub(super) fn table(rows: &[Vec<String>]) -> String {
    let widths: Vec<usize> = (0..rows.iter().map(Vec::len).max().unwrap_or(0))
        .map(|c| {
            rows.iter()
                .map(|r| r.get(c).map_or(0, |s| s.chars().count()))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for row in rows {
        let mut line = String::from("  ");
        for (c, cell) in row.iter().enumerate() {
            if c + 1 == row.len() {
                line.push_str(cell);
            } else {
                let _ = write!(line, "{cell:<w$}  ", w = widths[c]);
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The sheet as text.
pub(super) fn text(sheet: &Sheet, campaign: &Campaign) -> String {
    let mut out = format!("{}, level {}\n", sheet.name, sheet.level);
    let _ = writeln!(out, "campaign: {}\n", describe(campaign));
    let attrs: Vec<String> = sheet
        .attributes
        .iter()
        .map(|a| format!("{} {} ({:+})", a.attribute, a.score, a.bonus))
        .collect();
    let dex = sheet.attribute(Attribute::Dex).score;
    let rows = vec![
        vec!["Attributes".into(), attrs.join("  ")],
        vec!["Hit points".into(), sheet.max_hp.to_string()],
        vec!["Defense".into(), sheet.defense.to_string()],
        vec![
            "Speed".into(),
            format!(
                "{} ft a turn, {} ft giving up the action (D20-MOVE-01)",
                sheet.speed,
                2 * sheet.speed
            ),
        ],
        vec![
            "Initiative".into(),
            format!("1d100 + {dex}, the DEX score (D20-INIT-01)"),
        ],
        vec![
            "Magic".into(),
            format!(
                "spell energy {}, power points {}, spell resistance {}, power resistance {}",
                sheet.spell_energy,
                sheet.power_points,
                sheet.spell_resistance,
                sheet.power_resistance
            ),
        ],
    ];
    out.push_str(&table(&rows));
    let _ = writeln!(
        out,
        "\nSkills: d20 + attribute bonus + skill level (D20-CHK-01)"
    );
    let mut rows = vec![vec![
        "skill".to_string(),
        "attribute".into(),
        "level".into(),
        "check".into(),
        "also".into(),
    ]];
    for s in &sheet.skills {
        rows.push(vec![
            format!("{} ({})", s.name, s.id),
            s.attribute.to_string(),
            s.level.to_string(),
            format!("{:+}", s.modifier),
            s.alternates
                .iter()
                .map(|a| format!("{} {:+} ({})", a.attribute, a.modifier, a.when.key()))
                .collect::<Vec<_>>()
                .join(", "),
        ]);
    }
    out.push_str(&table(&rows));
    let _ = writeln!(
        out,
        "\nNon-skill checks: d20 + attribute bonus + level {} (D20-CHK-02)",
        sheet.level
    );
    let checks: Vec<String> = sheet
        .attributes
        .iter()
        .map(|a| format!("{} {:+}", a.attribute, a.bonus + sheet.level))
        .collect();
    let _ = writeln!(out, "  {}", checks.join("  "));
    if !sheet.weapons.is_empty() {
        out.push_str("\nWeapons: attack against Defense, meets or beats\n");
        let mut rows = vec![vec![
            "#".to_string(),
            "weapon".into(),
            "attack".into(),
            "damage".into(),
            "reach".into(),
            "".into(),
        ]];
        for (i, w) in sheet.weapons.iter().enumerate() {
            let mut notes = Vec::new();
            if w.finesse {
                notes.push("finesse");
            }
            if w.long {
                notes.push("reach");
            }
            rows.push(vec![
                i.to_string(),
                format!("{} ({})", w.name, w.id),
                format!("{:+} {}", w.attack, w.attribute),
                w.damage.clone(),
                format!("{} ft", w.reach),
                notes.join(", "),
            ]);
        }
        out.push_str(&table(&rows));
    }
    if let Some(armor) = &sheet.armor {
        let _ = writeln!(out, "\nArmor: {armor}");
    }
    if !sheet.magic.is_empty() {
        out.push_str("\nSpells and powers: a full round to take effect (D20-CAST-01)\n");
        let rows: Vec<Vec<String>> = sheet
            .magic
            .iter()
            .map(|m| {
                vec![
                    format!("{} ({})", m.name, m.id),
                    m.kind.key().to_string(),
                    format!("{} {}", m.cost, m.kind.cost_name()),
                    if m.range == 0 {
                        "touch".into()
                    } else {
                        format!("{} ft", m.range)
                    },
                    format!("check {:+}", m.modifier),
                ]
            })
            .collect();
        out.push_str(&table(&rows));
    }
    if !sheet.kits.is_empty() {
        let kits: Vec<String> = sheet
            .kits
            .iter()
            .map(|(name, id, n)| format!("{name} ({id}) x{n}"))
            .collect();
        let _ = writeln!(out, "\nHealing kits: {}", kits.join(", "));
    }
    out
}
