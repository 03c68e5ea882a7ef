//! The fight as the GM reads it: the log with every breakdown and the dice
//! of each command, then a status table; or the same as JSON.

use std::fmt::Write as _;

use nanite_core::RolledDie;
use nanite_core::encounter::FightPhase;
use nanite_d20::encounter::{Battle, D20Effect, Place};
use serde_json::json;

use super::Fight;
use crate::d20::describe;
use crate::d20::sheet::table;
use crate::encounter::fight::{Source, Why};

fn underline(title: &str) -> String {
    format!("{title}\n{}\n", "=".repeat(title.chars().count()))
}

/// Every die of a command in the order rolled, each with its purpose:
/// `14 (attack d20 for Kara), 3 (damage d6 for Kara)`.
pub(super) fn dice(dice: &[RolledDie]) -> String {
    let dice: Vec<String> = dice
        .iter()
        .map(|d| format!("{} ({})", d.value, d.purpose))
        .collect();
    dice.join(", ")
}

/// The fight as text.
pub(super) fn text(fight: &Fight<'_>) -> String {
    let mut out = underline(&fight.name);
    let _ = writeln!(out, "campaign: {}", describe(&fight.settings.campaign));
    let _ = writeln!(
        out,
        "field: {}",
        match &fight.game.state().field {
            nanite_d20::encounter::Field::Map { width, height } =>
                format!("a {width} by {height} map of 5 ft squares, (0,0) at the top left"),
            nanite_d20::encounter::Field::Rows =>
                "map-less, a front and a back row a side (D20-MOVE-03)".to_string(),
        }
    );
    let _ = writeln!(
        out,
        "dice: {}\n",
        match &fight.source {
            Source::Entropy => "random".to_string(),
            Source::Seeded { seed } => format!("seed {seed}"),
            Source::Scripted { faces } => format!("{} typed ahead", faces.len()),
            Source::Physical => "asked at the terminal".to_string(),
        }
    );
    out.push_str("setup\n");
    for r in &fight.setup {
        for line in &r.told {
            let _ = writeln!(out, "  {line}");
        }
    }
    for r in &fight.commands {
        let _ = writeln!(out, "\n> {}", r.text);
        for line in &r.told {
            let _ = writeln!(out, "  {line}");
        }
        if !r.dice.is_empty() {
            let _ = writeln!(out, "  dice: {}", dice(&r.dice));
        }
    }
    if let Some(stop) = &fight.stop {
        let _ = writeln!(out, "\n> {}\n  refused: {}", stop.text, stop.message());
    }
    out.push('\n');
    out.push_str(&underline("Status"));
    out.push_str(&status(fight.game.state()));
    out
}

/// A line a combatant, in turn order.
pub(super) fn status(state: &Battle) -> String {
    let mut rows = vec![vec![
        "#".to_string(),
        "id".into(),
        "name".into(),
        "side".into(),
        "init".into(),
        "HP".into(),
        "place".into(),
        "energy".into(),
        "state".into(),
    ]];
    for (n, id) in state.clock.order.iter().enumerate() {
        let Some(c) = state.combatants.get(id) else {
            continue;
        };
        let seat = state.clock.seat(id).ok();
        let mut notes: Vec<String> = Vec::new();
        if state.is_down(id) {
            notes.push("down".into());
        }
        if state.clock.active.as_ref() == Some(id) {
            notes.push("acting".into());
        }
        for e in state.clock.effects_on(id) {
            notes.push(match &e.payload {
                D20Effect::Casting { .. } => e.name.to_string(),
                D20Effect::Stunned => "stunned".into(),
                D20Effect::Drained { points } => format!("STR/CON -{points}"),
            });
        }
        if let Some(g) = state.grapple_of(id) {
            notes.push(format!(
                "grappling {}{}",
                g.other(id),
                if g.holds(id) { " (advantage)" } else { "" }
            ));
        }
        rows.push(vec![
            (n + 1).to_string(),
            id.to_string(),
            c.fighter.name.clone(),
            seat.map_or_else(String::new, |s| s.side.clone()),
            seat.and_then(|s| s.initiative.as_ref()).map_or_else(
                || "-".into(),
                |i| {
                    if state.campaign.initiative == nanite_d20::InitiativeBy::Side
                        && i.die.is_none()
                        && i.total >= nanite_d20::encounter::SIDE_STEP
                    {
                        format!("DEX {}", i.total % nanite_d20::encounter::SIDE_STEP)
                    } else {
                        i.total.to_string()
                    }
                },
            ),
            format!("{}/{}", c.hp, state.max_hp(id)),
            match c.place {
                Place::Square(s) => format!("({s})"),
                Place::Row(r) => r.key().to_string(),
            },
            match (c.fighter.spell_energy, c.fighter.power_points) {
                (0, 0) => "-".into(),
                (_, 0) => format!("{}/{} SE", c.energy, c.fighter.spell_energy),
                (0, _) => format!("{}/{} PP", c.power_points, c.fighter.power_points),
                _ => format!("{} SE, {} PP", c.energy, c.power_points),
            },
            if notes.is_empty() {
                "-".into()
            } else {
                notes.join(", ")
            },
        ]);
    }
    let mut out = table(&rows);
    let _ = writeln!(
        out,
        "{}",
        match state.clock.phase {
            FightPhase::Setup => "the fight has not begun".to_string(),
            FightPhase::Surprise { .. } => "surprise round".to_string(),
            FightPhase::Round { number } => format!("round {number}"),
            FightPhase::Ended => "the fight is over".to_string(),
        }
    );
    out
}

/// The fight as one JSON document.
pub(super) fn json(fight: &Fight<'_>, out: &mut dyn std::io::Write) -> anyhow::Result<()> {
    let doc = json!({
        "name": fight.name,
        "file": fight.file,
        "source": fight.source,
        "campaign": fight.settings.campaign,
        "setup": fight.setup,
        "commands": fight.commands,
        "stop": fight.stop.as_ref().map(|s| json!({
            "line": s.line,
            "text": s.text,
            "message": s.message(),
            "no_dice": matches!(s.why, Why::NoDice(_)),
        })),
        "battle": fight.game.state(),
    });
    out.write_all(serde_json::to_string_pretty(&doc)?.as_bytes())?;
    writeln!(out)?;
    Ok(())
}
