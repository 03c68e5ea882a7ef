//! `nanite cx sheet FILE`: the computed sheet as text, Markdown or JSON.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use clap::Args;
use nanite_compound_x::{MissChances, Pack, Sheet, Stat, WeaponSheet, stat_bonus};

use super::read_valid_character;
use super::render::Doc;

/// Arguments of `nanite cx sheet`.
#[derive(Debug, Args)]
pub(crate) struct SheetArgs {
    /// The character file.
    file: PathBuf,
    /// Print the sheet as JSON (documented in docs/cli/cx.md).
    #[arg(long, conflicts_with = "markdown")]
    json: bool,
    /// Print the sheet as Markdown.
    #[arg(long)]
    markdown: bool,
}

pub(super) fn run(args: &SheetArgs, pack: &Pack) -> Result<()> {
    let (character, found) = read_valid_character(&args.file, pack)?;
    let sheet = Sheet::compute(&character, pack);
    let mut out = std::io::stdout().lock();
    if args.json {
        serde_json::to_writer_pretty(&mut out, &sheet)?;
        writeln!(out)?;
        return Ok(());
    }
    let mut doc = document(&sheet);
    if !found.is_empty() {
        doc.heading("Warnings");
        for d in &found {
            doc.text(d.to_string());
        }
    }
    let text = if args.markdown {
        doc.to_markdown()
    } else {
        doc.to_text()
    };
    out.write_all(text.as_bytes())?;
    Ok(())
}

fn signed(n: i64) -> String {
    if n >= 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

fn faces(faces: &[i64]) -> String {
    match (faces.first(), faces.last()) {
        (None, _) | (_, None) => "none".into(),
        (Some(a), Some(b)) if a == b => a.to_string(),
        (Some(a), Some(b)) => format!("{a}-{b}"),
    }
}

/// The sheet laid out as a document.
pub(crate) fn document(sheet: &Sheet) -> Doc {
    let mut doc = Doc::new(format!(
        "{}: level {} {} {}",
        sheet.name, sheet.level, sheet.race.name, sheet.class.name
    ));
    if sheet.sample_content {
        doc.text(format!(
            "Built with {}: sample content, not the authors' numbers (rule CX-CONTENT-01).",
            sheet.pack
        ));
    }
    doc.heading("Stats");
    let rows = Stat::ALL
        .into_iter()
        .map(|stat| {
            let value = sheet.stats.get(stat);
            vec![
                stat.code().to_string(),
                value.to_string(),
                signed(sheet.stat_bonus.get(stat)),
                format!("{:+}", sheet.combat_bonus[stat.code()].as_f64()),
                sheet
                    .breakdown
                    .get(stat.code())
                    .map(ToString::to_string)
                    .unwrap_or_default(),
            ]
        })
        .collect();
    doc.table(&["stat", "value", "bonus", "combat", "from"], rows);
    doc.heading("Derived");
    let b = |key: &str| {
        sheet
            .breakdown
            .get(key)
            .map(ToString::to_string)
            .unwrap_or_default()
    };
    let s = &sheet.secondary;
    doc.pairs(vec![
        ("Max HP".into(), b("max_hp")),
        ("Nanites".into(), b("nanites")),
        ("Will save".into(), b("save.will")),
        ("Shock save".into(), b("save.shock")),
        ("Reflex save".into(), b("save.reflex")),
        ("Movement Speed".into(), b("movement_speed")),
        ("Carry Ability".into(), b("carry_ability")),
        ("Skill Point Gain".into(), b("skill_point_gain")),
        (
            "Critical range".into(),
            format!(
                "{} (d10 {} crits)",
                b("crit_range"),
                faces(&sheet.crit_faces)
            ),
        ),
        ("Initiative".into(), signed(sheet.initiative)),
    ]);
    if s.strength_choice {
        doc.text(format!(
            "STR is the largest source of both Movement Speed and Carry Ability; it sets {} (rule CX-STAT-02).",
            if s.set_by.get("movement_speed").is_some_and(|v| v == "STR") {
                "Movement Speed"
            } else {
                "Carry Ability"
            }
        ));
    }
    let m = &sheet.movement;
    doc.heading("Movement (metres per 2 actions)");
    doc.pairs(vec![
        (
            "Standing".into(),
            format!(
                "{} (speed {}, penalty {} rounded to {}, {} cancelled by Carry Ability)",
                m.per_2_actions, m.speed, m.penalty, m.penalty_rounded, m.cancelled_by_carry
            ),
        ),
        ("Crouched".into(), m.crouched.to_string()),
        ("Prone".into(), m.prone.to_string()),
        (
            "Sprinting".into(),
            format!(
                "{} (at most {} sprint actions in a row)",
                m.sprint, m.sprint_actions
            ),
        ),
        (
            "Jumps".into(),
            format!(
                "{} m across ({} m with a 3 m run-up), {} m up",
                sheet.jumps.horizontal, sheet.jumps.horizontal_run_up, sheet.jumps.vertical
            ),
        ),
    ]);
    for note in &m.notes {
        doc.text(note.clone());
    }
    skills(&mut doc, sheet);
    feats(&mut doc, sheet);
    for weapon in &sheet.weapons {
        weapon_section(&mut doc, weapon);
    }
    protection(&mut doc, sheet);
    survival(&mut doc, sheet);
    if !sheet.stat_one_effects.is_empty() || sheet.black_cat {
        doc.heading("Stats at 1");
        for e in &sheet.stat_one_effects {
            doc.text(format!("{} 1: {} (rule {})", e.stat, e.effect, e.rule));
        }
        if sheet.black_cat {
            doc.text(
                "Roll d10 on the Black Cat table at the start of each combat (rule CX-STAT-13).",
            );
        }
    }
    let on: Vec<&str> = nanite_compound_x::HouseRules::ALL
        .iter()
        .filter(|(key, _, _)| sheet.house_rules.get(key) == Some(true))
        .map(|(_, rule, _)| *rule)
        .collect();
    if !on.is_empty() {
        doc.heading("House rules");
        doc.text(on.join(", "));
    }
    doc
}

fn skills(doc: &mut Doc, sheet: &Sheet) {
    doc.heading(format!(
        "Skills ({} of {} points spent, {} saved)",
        sheet.skill_points.spent, sheet.skill_points.budget, sheet.skill_points.unspent
    ));
    let rows = sheet
        .skills
        .iter()
        .filter(|l| l.points > 0 || !l.modifiers.is_empty() || !l.usable)
        .map(|l| {
            let mut notes: Vec<String> = l
                .modifiers
                .iter()
                .map(|(source, n)| format!("{} {source}", signed(*n)))
                .collect();
            notes.extend(l.notes.iter().cloned());
            vec![
                l.name.clone(),
                l.stat.code().to_string(),
                l.points.to_string(),
                signed(l.stat_bonus),
                signed(l.total),
                if l.proficient { "yes" } else { "no" }.to_string(),
                notes.join("; "),
            ]
        })
        .collect();
    doc.table(
        &[
            "skill",
            "stat",
            "points",
            "stat bonus",
            "check",
            "proficient",
            "notes",
        ],
        rows,
    );
    let untrained: Vec<String> = sheet
        .skills
        .iter()
        .filter(|l| l.points == 0 && l.modifiers.is_empty() && l.usable)
        .map(|l| format!("{} {}", l.name, signed(l.total)))
        .collect();
    if !untrained.is_empty() {
        doc.text(format!("Untrained: {}", untrained.join(", ")));
    }
}

fn feats(doc: &mut Doc, sheet: &Sheet) {
    let f = &sheet.feats;
    doc.heading(format!(
        "Feats ({} of {} chosen, {} of {} class feats)",
        f.chosen, f.allowed, f.class_feats, f.class_feats_allowed
    ));
    let rows = f
        .owned
        .iter()
        .map(|l| vec![l.name.clone(), l.how.to_string(), l.description.clone()])
        .collect();
    doc.table(&["feat", "how", "effect"], rows);
}

fn mode_rows(label: &str, chances: &MissChances) -> Vec<Vec<String>> {
    [
        ("semi", &chances.semi),
        ("burst", &chances.burst),
        ("auto", &chances.auto),
    ]
    .into_iter()
    .filter_map(|(mode, row)| {
        let row = row.as_ref()?;
        let mut cells = vec![label.to_string(), mode.to_string()];
        cells.extend(row.iter().map(i64::to_string));
        Some(cells)
    })
    .collect()
}

fn weapon_section(doc: &mut Doc, w: &WeaponSheet) {
    doc.heading(format!("Weapon: {}", w.name));
    let accuracy: Vec<String> = w
        .accuracy
        .terms
        .iter()
        .map(|t| format!("{:+} {}", t.bonus.as_f64(), t.source))
        .collect();
    let mut pairs = vec![
        (
            "Damage".into(),
            format!(
                "{} {:?}{}, APL {}",
                w.damage,
                w.damage_type,
                if w.non_lethal { " (non-lethal)" } else { "" },
                w.apl
            )
            .to_lowercase(),
        ),
        (
            "Accuracy".into(),
            format!(
                "{} = {}, applied {} (rule CX-STAT-04)",
                w.accuracy.total,
                accuracy.join(" "),
                w.accuracy.applied
            ),
        ),
        ("Critical on".into(), faces(&w.crit_faces)),
        ("Shot".into(), format!("{} action(s)", w.shot_actions)),
    ];
    if w.magazine > 0 {
        pairs.push((
            "Magazine".into(),
            format!("{} rounds, {} spare", w.magazine, w.spare_magazines),
        ));
    }
    if let (Some(dc), Some(r)) = (w.reload_dc, w.reload_actions) {
        pairs.push((
            "Reload".into(),
            format!(
                "DC {dc}: {} actions ({} on a critical, {} on a failure)",
                r.standard, r.critical, r.failed
            ),
        ));
    }
    if let Some(d) = w.min_distance {
        pairs.push((
            "Minimum distance".into(),
            format!("{d} m (hip fire inside)"),
        ));
    }
    if !w.attachments.is_empty() {
        pairs.push(("Attachments".into(), w.attachments.join(", ")));
    }
    doc.pairs(pairs);
    let mut header = vec!["fire".to_string(), "mode".to_string()];
    header.extend(w.brackets.iter().map(|b| format!("{}-{} m", b.from, b.to)));
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    let mut rows = mode_rows("aimed", &w.miss_chances);
    if let Some(hip) = &w.hip_fire {
        // The optic gives no bonus in hip fire, but the shot is allowed
        // (CX-RNG-05): the row says what it leaves out.
        let label = if w.optics.is_empty() {
            "hip".to_string()
        } else {
            format!("hip (no {})", w.optics.join(", "))
        };
        rows.extend(mode_rows(&label, hip));
    }
    if let Some(blind) = &w.blind_fire {
        rows.extend(mode_rows("blind", blind));
    }
    doc.table(&header, rows);
    for p in &w.problems {
        doc.text(format!("Cannot use: {p}"));
    }
}

fn protection(doc: &mut Doc, sheet: &Sheet) {
    let armor = sheet.armor.as_ref().map(|a| {
        format!(
            "{}: {}% coverage, APL {}, {} AP, movement penalty {} m",
            a.name, a.coverage, a.apl, a.armor_points, a.movement_penalty
        )
    });
    let shield = sheet.shield.as_ref().map(|s| {
        format!(
            "{}: strength {}, recharge {} per turn, restarts after {} turns, fast recharge {} nanites",
            s.name, s.strength, s.recharge_rate, s.restart_turns, s.fast_recharge_cost
        )
    });
    let cloak = sheet.cloak.as_ref().map(|c| {
        format!(
            "{}: {} turns ({} by level + {} module + {} class), detect DC {} / moving {} (+{} by level), {} nanites to start, {} per turn, {} actions to recharge{}",
            c.name,
            c.turns,
            c.level_turns,
            c.turn_bonus,
            c.class_gain,
            c.detect_dc,
            c.moving_detect_dc,
            c.detect_dc_gain,
            c.activation_cost,
            c.upkeep,
            c.charge_delay,
            if c.once_per_encounter { "; once per encounter" } else { "" }
        )
    });
    // Only what the character wears, in this order.
    let mut pairs: Vec<(String, String)> = [("Armor", armor), ("Shield", shield), ("Cloak", cloak)]
        .into_iter()
        .filter_map(|(label, worn)| Some((label.to_string(), worn?)))
        .collect();
    if !sheet.items.is_empty() {
        let items: Vec<String> = sheet
            .items
            .iter()
            .map(|i| format!("{} x{}", i.name, i.count))
            .collect();
        pairs.push(("Items".into(), items.join(", ")));
    }
    if !pairs.is_empty() {
        doc.heading("Gear");
        doc.pairs(pairs);
    }
    if let Some(a) = &sheet.armor {
        for p in &a.problems {
            doc.text(p.clone());
        }
    }
    if let Some(sc) = &sheet.spellcasting {
        doc.heading(format!(
            "Spells (cast with {}, {} points)",
            sc.skill, sc.skill_points
        ));
        let rows = sc
            .spells
            .iter()
            .map(|s| {
                vec![
                    s.name.clone(),
                    s.nanites.to_string(),
                    s.range.map_or("-".into(), |r| format!("{r} m")),
                    s.save
                        .map_or("-".into(), |s| format!("{s:?}").to_lowercase()),
                ]
            })
            .collect();
        doc.table(&["spell", "nanites (DC)", "range", "save"], rows);
    }
}

fn survival(doc: &mut Doc, sheet: &Sheet) {
    let s = &sheet.survival;
    doc.heading("Going down");
    let downed = match (s.death_saves, s.fort_save_dc, s.fort_failures_allowed) {
        (None, Some(dc), Some(allowed)) if s.fort_failures.is_some_and(|n| n > 0) => format!(
            "DC {dc} Fort save each downed turn; dies after more than {allowed} failures in a lifetime, {} so far (house rule CX-HOUSE-05)",
            s.fort_failures.unwrap_or(0)
        ),
        (Some(saves), _, _) => format!(
            "{saves} death saves at the next downing, DC 50 each turn (rules CX-DEATH-03, CX-DEATH-04)"
        ),
        (None, Some(dc), Some(allowed)) => format!(
            "DC {dc} Fort save each downed turn; dies after more than {allowed} failures in a lifetime (house rule CX-HOUSE-05)"
        ),
        _ => String::new(),
    };
    let mut pairs = vec![
        ("Downed".to_string(), downed),
        (
            "Revives".to_string(),
            format!(
                "{} per encounter before staying unconscious (rule CX-DEATH-06)",
                s.revives_per_encounter
            ),
        ),
        (
            "Shock".to_string(),
            format!(
                "unconscious after a failed Shock save: DC 70 to wake, for up to {} turns (rule CX-DEATH-10)",
                s.shock_wake_turns
            ),
        ),
    ];
    if let Some(g) = &sheet.melee_guard {
        pairs.push((
            "Melee guard".to_string(),
            format!(
                "Guard DC {} (DEX x 5 + {}); melee attack d100 {} + the weapon's skill, fists {} (house rule CX-HOUSE-04)",
                g.guard_dc,
                g.guard_skill.as_deref().unwrap_or("no combat skill"),
                signed(stat_bonus(sheet.stats.get(Stat::Dexterity))),
                signed(g.attack_bonus)
            ),
        ));
    }
    doc.pairs(pairs);
}
