//! Showing the character as it grows: the stat block after the stats, and a
//! compact summary after each step.

use std::io::{BufRead, Write};

use anyhow::Result;
use nanite_compound_x::{Character, Sheet, Stat};

use super::Builder;
use crate::cx::render::Doc;

fn signed(n: i64) -> String {
    format!("{n:+}")
}

/// The stats line: `STR 7  PER 6 ...`.
fn stat_line(sheet: &Sheet) -> String {
    let parts: Vec<String> = sheet
        .stats
        .iter()
        .map(|(stat, value)| format!("{stat} {value}"))
        .collect();
    parts.join("  ")
}

/// Saves, secondaries, max HP and nanites in one line each.
fn derived(sheet: &Sheet) -> Vec<(String, String)> {
    let s = &sheet.secondary;
    let from = |key: &str| s.set_by.get(key).cloned().unwrap_or_default();
    vec![
        (
            "Saves".into(),
            format!(
                "Will {}, Shock {}, Reflex {}",
                signed(sheet.saves.will),
                signed(sheet.saves.shock),
                signed(sheet.saves.reflex)
            ),
        ),
        (
            "Secondaries".into(),
            format!(
                "Movement Speed {} (from {}), Carry Ability {} (from {}), Skill Point Gain {} (from {})",
                s.movement_speed,
                from("movement_speed"),
                s.carry_ability,
                from("carry_ability"),
                s.skill_point_gain,
                from("skill_point_gain")
            ),
        ),
        (
            "Health".into(),
            format!("Max HP {}, Nanites {}", sheet.max_hp, sheet.nanites),
        ),
    ]
}

/// Names of the carried gear, for the summary.
fn gear(sheet: &Sheet) -> String {
    let mut parts: Vec<String> = sheet
        .weapons
        .iter()
        .map(|w| {
            if w.attachments.is_empty() {
                w.name.clone()
            } else {
                format!("{} ({})", w.name, w.attachments.join(", "))
            }
        })
        .collect();
    parts.extend(sheet.armor.iter().map(|a| a.name.clone()));
    parts.extend(sheet.shield.iter().map(|s| s.name.clone()));
    parts.extend(sheet.cloak.iter().map(|c| c.name.clone()));
    parts.extend(
        sheet
            .items
            .iter()
            .map(|i| format!("{} x{}", i.name, i.count)),
    );
    if parts.is_empty() {
        "none yet".into()
    } else {
        parts.join(", ")
    }
}

impl<R: BufRead, W: Write> Builder<'_, R, W> {
    /// The stats after the race bonus with their bonuses, and what they set.
    pub(super) fn stat_block(&mut self, ch: &Character) -> Result<()> {
        let sheet = Sheet::compute(ch, self.pack);
        let race = self.pack.races.get(&ch.race);
        let mut doc = Doc::new(format!(
            "{}: {} {}",
            sheet.name, sheet.race.name, sheet.class.name
        ));
        let rows = Stat::ALL
            .into_iter()
            .map(|stat| {
                let base = ch.base_stats.get(stat);
                let bonus = race.map_or(0, |r| r.bonus(stat));
                vec![
                    stat.code().to_string(),
                    base.to_string(),
                    signed(bonus),
                    sheet.stats.get(stat).to_string(),
                    signed(sheet.stat_bonus.get(stat)),
                    format!("{:+}", sheet.combat_bonus[stat.code()].as_f64()),
                ]
            })
            .collect();
        doc.table(
            &[
                "stat",
                "base",
                "race",
                "value",
                "stat bonus",
                "combat bonus",
            ],
            rows,
        );
        doc.pairs(derived(&sheet));
        for e in &sheet.stat_one_effects {
            doc.text(format!("{} 1: {} (rule {})", e.stat, e.effect, e.rule));
        }
        self.ask.say("")?;
        self.ask.say(doc.to_text().trim_end())
    }

    /// A compact summary of the character so far.
    pub(super) fn progress(&mut self, ch: &Character) -> Result<()> {
        let sheet = Sheet::compute(ch, self.pack);
        let mut lines = vec![format!(
            "-- So far: {}, level {} {} {} --",
            sheet.name, sheet.level, sheet.race.name, sheet.class.name
        )];
        if ch.base_stats.sum() > 0 {
            lines.push(format!("   stats    {}", stat_line(&sheet)));
            lines.push(format!(
                "   derived  HP {}, nanites {}; Will {}, Shock {}, Reflex {}; MS {}, CA {}, SPG {}",
                sheet.max_hp,
                sheet.nanites,
                signed(sheet.saves.will),
                signed(sheet.saves.shock),
                signed(sheet.saves.reflex),
                sheet.secondary.movement_speed,
                sheet.secondary.carry_ability,
                sheet.secondary.skill_point_gain
            ));
        }
        let learned: Vec<String> = ch
            .skills
            .iter()
            .map(|(id, points)| format!("{id} {points}"))
            .collect();
        let sp = &sheet.skill_points;
        lines.push(format!(
            "   skills   {} of {} points spent{}",
            sp.spent,
            sp.budget,
            if learned.is_empty() {
                String::new()
            } else {
                format!(": {}", learned.join(", "))
            }
        ));
        let owned: Vec<String> = sheet
            .feats
            .owned
            .iter()
            .map(|f| match f.how.as_ref() {
                "chosen" => f.name.clone(),
                how => format!("{} ({how})", f.name),
            })
            .collect();
        let f = &sheet.feats;
        lines.push(format!(
            "   feats    {} of {} chosen, {} of {} class feats{}",
            f.chosen,
            f.allowed,
            f.class_feats,
            f.class_feats_allowed,
            if owned.is_empty() {
                String::new()
            } else {
                format!(": {}", owned.join(", "))
            }
        ));
        lines.push(format!("   gear     {}", gear(&sheet)));
        self.ask.say("")?;
        self.ask.say(lines.join("\n"))
    }
}
