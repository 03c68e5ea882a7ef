//! The active combatant's actions as the engine judges them now: each
//! candidate command is checked against the table's permissions and then
//! decided by the engine on the current battle (deciding changes nothing),
//! so a button shows the action cost the engine would spend, or is greyed
//! out with the engine's own reason.

use nanite_compound_x::combat::Stance;
use nanite_compound_x::encounter::{Battle, Command, CompoundX, Event};
use nanite_compound_x::{Attack, Pack};
use nanite_core::{ClockEvent, CombatantId, Ruleset, SeededDice};
use serde_json::{Value, json};

use crate::permissions::{Role, Viewer, may_command};

/// One action the active combatant might take.
pub(crate) struct Choice {
    /// What the button says ("Fire Basic SMG (burst)").
    pub(crate) label: String,
    /// The command as the API takes it.
    pub(crate) command: Value,
    /// The target it is aimed at, if any (the page shows one target's
    /// choices at a time).
    pub(crate) target: Option<String>,
    /// Actions the engine would spend, when legal.
    pub(crate) cost: Option<u32>,
    /// Why not, when illegal.
    pub(crate) refused: Option<String>,
    /// For a shot, its chance to hit in percent: the accuracy d10 must beat
    /// the miss chance the engine works out before any die (CX-RNG-01).
    pub(crate) hit: Option<i64>,
}

/// What the engine said of a candidate command.
struct Judged {
    command: Value,
    cost: Option<u32>,
    refused: Option<String>,
    hit: Option<i64>,
}

/// Judges `command` for the viewer on `battle`.
fn judge(
    battle: &Battle,
    viewer: &Viewer,
    owns: &dyn Fn(&CombatantId) -> bool,
    actor: &CombatantId,
    command: Value,
) -> Option<Judged> {
    let parsed: Command = serde_json::from_value(command.clone()).ok()?;
    let refused = |command: Value, why: String| Judged {
        command,
        cost: None,
        refused: Some(why),
        hit: None,
    };
    if let Err(e) = may_command(viewer.role, owns, battle, &parsed) {
        return Some(refused(command, e.message().to_string()));
    }
    // The probe's dice never leave this function: only whether the engine
    // accepts the command, and what it spends, are read.
    let mut dice = SeededDice::new(0);
    match CompoundX::decide(battle, &parsed, &mut dice) {
        Ok(events) => {
            let cost = events
                .iter()
                .filter_map(|e| match e {
                    Event::Clock(ClockEvent::ActionsSpent { id, actions, .. }) if id == actor => {
                        Some(*actions)
                    }
                    _ => None,
                })
                .sum();
            let hit = events.iter().find_map(|e| match e {
                Event::Shot { attacker, shot, .. } if attacker == actor => {
                    Some((10 - shot.miss_chance).clamp(0, 10) * 10)
                }
                _ => None,
            });
            Some(Judged {
                command,
                cost: Some(cost),
                refused: None,
                hit,
            })
        }
        Err(r) => {
            let why = crate::refusals::refused(r, viewer, Some(battle))
                .message()
                .to_string();
            Some(refused(command, why))
        }
    }
}

/// Every action of the active combatant `actor` the page offers, against
/// each of `targets`.
pub(crate) fn choices(
    battle: &Battle,
    pack: &Pack,
    viewer: &Viewer,
    owns: &dyn Fn(&CombatantId) -> bool,
    actor: &CombatantId,
    targets: &[CombatantId],
) -> Vec<Choice> {
    let Some(me) = battle.combatants.get(actor) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut push = |label: String, target: Option<&CombatantId>, command: Value| {
        if let Some(j) = judge(battle, viewer, owns, actor, command) {
            out.push(Choice {
                label,
                command: j.command,
                target: target.map(|t| t.to_string()),
                cost: j.cost,
                refused: j.refused,
                hit: j.hit,
            });
        }
    };
    for (index, weapon) in me.fighter.weapons.iter().enumerate() {
        let modes: Vec<&'static str> = pack
            .weapons
            .get(&weapon.id)
            .map(|w| w.modes.iter().map(|m| m.key()).collect())
            .unwrap_or_else(|| vec!["semi"]);
        for target in targets {
            match weapon.attack {
                Attack::Ranged => {
                    for mode in &modes {
                        push(
                            format!("Fire {} ({mode})", weapon.name),
                            Some(target),
                            json!({"command": "fire", "id": actor, "target": target, "weapon": index,
                                   "mode": mode, "fire": null, "distance": null, "cover": null}),
                        );
                    }
                }
                Attack::Thrown => push(
                    format!("Throw {}", weapon.name),
                    Some(target),
                    json!({"command": "throw", "id": actor, "target": target, "weapon": index, "distance": null}),
                ),
                Attack::Melee => push(
                    format!("Strike with {}", weapon.name),
                    Some(target),
                    json!({"command": "melee", "id": actor, "target": target, "weapon": index,
                           "kind": "strike", "flanking": false}),
                ),
            }
        }
        if weapon.magazine > 0 {
            push(
                format!("Reload {}", weapon.name),
                None,
                json!({"command": "reload", "id": actor, "weapon": index}),
            );
        }
        if weapon.jammed {
            push(
                format!("Clear the jam of {}", weapon.name),
                None,
                json!({"command": "clear_jam", "id": actor, "weapon": index}),
            );
        }
    }
    push(
        "Aim".to_string(),
        None,
        json!({"command": "aim", "id": actor}),
    );
    for stance in [
        Stance::Standing,
        Stance::Crouched,
        Stance::Prone,
        Stance::Hunkered,
    ] {
        if stance != me.stance {
            let key = serde_json::to_value(stance).unwrap_or(Value::Null);
            push(
                format!("Go {}", key.as_str().unwrap_or("")),
                None,
                json!({"command": "stance", "id": actor, "to": key}),
            );
        }
    }
    if me.fighter.shield.is_some() {
        push(
            "Fast-recharge the shield".to_string(),
            None,
            json!({"command": "fast_recharge", "id": actor}),
        );
    }
    push(
        "End turn".to_string(),
        None,
        json!({"command": "clock", "clock": "next_turn"}),
    );
    out
}

/// Whether a participant with `role` gets the action panel for `actor`.
pub(crate) fn acts_for(
    role: Role,
    owns: &dyn Fn(&CombatantId) -> bool,
    actor: &CombatantId,
) -> bool {
    role == Role::Gm || (role == Role::Player && owns(actor))
}
