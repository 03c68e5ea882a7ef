//! The fight as text: the log (each command as a header, then what happened
//! in words, then its dice) and the final status table.

use std::fmt::Write as _;

use nanite_compound_x::Attack;
use nanite_compound_x::encounter::Battle;
use nanite_core::encounter::FightPhase;
use nanite_core::{CombatantId, RolledDie};

use super::Fight;
use super::status::{Gauge, WeaponStatus, statuses};
use crate::cx::render::Doc;

/// The log and the final status as text.
pub(super) fn text(fight: &Fight<'_>) -> String {
    let mut out = format!(
        "{}\n{}\n",
        fight.name,
        "=".repeat(fight.name.chars().count())
    );
    out.push_str("\nsetup\n");
    for record in &fight.setup {
        for line in &record.told {
            let _ = writeln!(out, "  {line}");
        }
    }
    for record in &fight.commands {
        let _ = writeln!(out, "\n> {}", record.text);
        for line in &record.told {
            let _ = writeln!(out, "  {line}");
        }
        if !record.dice.is_empty() {
            let _ = writeln!(out, "  dice: {}", dice(&record.dice));
        }
    }
    out.push('\n');
    out.push_str(&table(fight.game.state()).to_text());
    let drawn = super::map::text(fight.game.state());
    if !drawn.is_empty() {
        out.push('\n');
        out.push_str(&drawn);
    }
    out
}

/// Every die of a command in the order rolled, those of one purpose
/// together: `9 (accuracy d10 for ...), 1 3 (armor d100 for ...)`. A d100
/// shows its tens d10 then its ones d10, the order to type them in.
pub(super) fn dice(dice: &[RolledDie]) -> String {
    let mut groups: Vec<(&str, Vec<String>)> = Vec::new();
    for die in dice {
        let purpose = [", tens d10", ", ones d10"]
            .iter()
            .find_map(|part| die.purpose.split_once(part).map(|(p, _)| p))
            .unwrap_or(&die.purpose);
        match groups.last_mut() {
            Some((p, values)) if *p == purpose => values.push(die.value.to_string()),
            _ => groups.push((purpose, vec![die.value.to_string()])),
        }
    }
    groups
        .iter()
        .map(|(purpose, values)| format!("{} ({purpose})", values.join(" ")))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The status table.
pub(super) fn table(battle: &Battle) -> Doc {
    let mut doc = Doc::new(title(battle));
    let rows = statuses(battle)
        .iter()
        .map(|s| {
            let gauge = |g: &Option<Gauge>| {
                g.as_ref()
                    .map_or("-".into(), |g| format!("{}/{}", g.now, g.max))
            };
            let mut notes: Vec<String> = Vec::new();
            if s.state != "up" {
                notes.push(s.state.to_string());
            }
            notes.extend(s.conditions.iter().map(|c| match c.stacks {
                1 => c.condition.key().to_string(),
                n => format!("{} x{n}", c.condition.key()),
            }));
            notes.extend(s.effects.iter().cloned());
            vec![
                s.place.map_or("-".into(), |p| p.to_string()),
                s.id.clone(),
                s.name.clone(),
                s.side.clone(),
                s.initiative.map_or("-".into(), |i| i.to_string()),
                format!("{}/{}", s.hp, s.max_hp),
                gauge(&s.armor),
                gauge(&s.shield),
                ammunition(&s.weapons),
                s.stance.key().to_string(),
                s.cover.key().to_string(),
                if notes.is_empty() {
                    "-".into()
                } else {
                    notes.join(", ")
                },
            ]
        })
        .collect();
    doc.table(
        &[
            "#",
            "id",
            "name",
            "side",
            "init",
            "HP",
            "armor",
            "shield",
            "ammo",
            "stance",
            "cover",
            "conditions",
        ],
        rows,
    );
    doc
}

fn title(battle: &Battle) -> String {
    let name = |id: &CombatantId| {
        battle
            .combatants
            .get(id)
            .map_or_else(|| id.to_string(), |c| c.fighter.name.clone())
    };
    match &battle.clock.phase {
        FightPhase::Setup => "Status before the fight".into(),
        FightPhase::Ended => "Status at the end of the fight".into(),
        phase => {
            let when = match phase {
                FightPhase::Round { number } => format!("round {number}"),
                _ => "the surprise round".into(),
            };
            match &battle.clock.active {
                Some(id) => format!("Status in {when}, {}'s turn", name(id)),
                None => format!("Status in {when}"),
            }
        }
    }
}

/// Rounds loaded / magazine + spare magazines for firearms; how many are
/// left for thrown weapons.
fn ammunition(weapons: &[WeaponStatus]) -> String {
    let parts: Vec<String> = weapons
        .iter()
        .filter_map(|w| {
            let mut text = if w.magazine > 0 {
                format!("{} {}/{}+{}", w.id, w.loaded, w.magazine, w.spare_magazines)
            } else if w.attack == Attack::Thrown {
                format!("{} x{}", w.id, w.spare_magazines)
            } else {
                return None;
            };
            if w.jammed {
                text.push_str(" jammed");
            }
            if w.broken {
                text.push_str(" broken");
            }
            Some(text)
        })
        .collect();
    if parts.is_empty() {
        "-".into()
    } else {
        parts.join(", ")
    }
}
