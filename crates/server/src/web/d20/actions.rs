//! The D20 actions a viewer may take now, as the engine judges them: each
//! candidate command is checked against the table's permissions and then
//! decided by the engine on the current battle (deciding changes nothing),
//! so a button shows the actions the engine would spend, or is greyed out
//! with the engine's own reason. The grid's squares are judged the same
//! way, as moves.

use nanite_core::{ClockEvent, CombatantId, Ruleset, SeededDice};
use nanite_d20::encounter::{Battle, Command, D20, Event, Field, Row};
use serde_json::{Value, json};

use crate::d20::permissions::may_command;
use crate::d20::refusals::refused;
use crate::permissions::Viewer;

/// One action the viewer might take.
pub(crate) struct Choice {
    /// What the button says ("Attack with Rapier").
    pub(crate) label: String,
    /// The command as the API takes it.
    pub(crate) command: Value,
    /// The target it is aimed at, if any.
    pub(crate) target: Option<String>,
    /// Actions the engine would spend, when legal.
    pub(crate) cost: Option<u32>,
    /// Why not, when illegal.
    pub(crate) refused: Option<String>,
}

/// The engine's judgement of `command`: the actions `actor` would spend,
/// or why not (permissions first, then the rules).
pub(crate) fn judge(
    battle: &Battle,
    viewer: &Viewer,
    owns: &dyn Fn(&CombatantId) -> bool,
    actor: &CombatantId,
    command: &Value,
) -> Result<u32, String> {
    let parsed: Command =
        serde_json::from_value(command.clone()).map_err(|e| format!("not a command: {e}"))?;
    may_command(viewer.role, owns, battle, &parsed).map_err(|e| e.message().to_string())?;
    // The probe's dice never leave this function: only whether the engine
    // accepts the command, and what it spends, are read.
    let mut dice = SeededDice::new(0);
    match D20::decide(battle, &parsed, &mut dice) {
        Ok(events) => Ok(events
            .iter()
            .filter_map(|e| match e {
                Event::Clock(ClockEvent::ActionsSpent { id, actions, .. }) if id == actor => {
                    Some(*actions)
                }
                _ => None,
            })
            .sum()),
        Err(r) => Err(refused(r, viewer, Some(battle)).message().to_string()),
    }
}

/// Every action of `actor` the page offers, against each of `targets`.
pub(crate) fn choices(
    battle: &Battle,
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
        let judged = judge(battle, viewer, owns, actor, &command);
        out.push(Choice {
            label,
            command,
            target: target.map(|t| t.to_string()),
            cost: judged.as_ref().ok().copied(),
            refused: judged.err(),
        });
    };
    if let Some(owed) = battle.owed.as_ref().filter(|o| &o.chooser == actor) {
        let against = battle.name(&owed.against);
        push(
            "Take Grappling Advantage".into(),
            None,
            json!({"command": "choose", "id": actor, "choice": {"choice": "advantage"}}),
        );
        push(
            format!("Free melee attack on {against}"),
            None,
            json!({"command": "choose", "id": actor, "choice": {"choice": "attack", "weapon": me.fighter.weapons.iter().position(|w| w.kind == nanite_d20::pack::WeaponKind::Melee)}}),
        );
        return out;
    }
    for target in targets {
        for (index, weapon) in me.fighter.weapons.iter().enumerate() {
            push(
                format!("Attack with {}", weapon.name),
                Some(target),
                json!({"command": "attack", "id": actor, "target": target, "weapon": index}),
            );
        }
        push(
            "Unarmed strike".into(),
            Some(target),
            json!({"command": "attack", "id": actor, "target": target, "weapon": null}),
        );
        for magic in &me.fighter.magic {
            push(
                format!("Cast {}", magic.name),
                Some(target),
                json!({"command": "cast", "id": actor, "magic": magic.id, "target": target}),
            );
        }
        for (kind, label) in [("clinch", "Clinch"), ("tackle", "Tackle"), ("trip", "Trip")] {
            push(
                format!("{label} (takedown)"),
                Some(target),
                json!({"command": "takedown", "id": actor, "target": target, "kind": kind}),
            );
        }
    }
    for magic in me.fighter.magic.iter().filter(|m| !m.harmful()) {
        push(
            format!("Cast {} on yourself", magic.name),
            None,
            json!({"command": "cast", "id": actor, "magic": magic.id, "target": actor}),
        );
    }
    if matches!(battle.field, Field::Rows) {
        let other = match battle.row(actor) {
            Some(Row::Front) => Row::Back,
            _ => Row::Front,
        };
        push(
            format!("Move to the {} row", other.key()),
            None,
            json!({"command": "change_row", "id": actor, "row": other}),
        );
    }
    push(
        "Double move".into(),
        None,
        json!({"command": "double_move", "id": actor}),
    );
    if battle.grapple_of(actor).is_some() {
        for (kind, label) in [
            ("push", "Push"),
            ("pull", "Pull"),
            ("scramble", "Scramble"),
            ("reversal", "Reversal"),
        ] {
            push(
                label.into(),
                None,
                json!({"command": "change_position", "id": actor, "kind": kind}),
            );
        }
        for (kind, label) in [
            ("submission", "Submission hold"),
            ("slam", "Slam"),
            ("short_strikes", "Short strikes"),
        ] {
            push(
                label.into(),
                None,
                json!({"command": "grapple_attack", "id": actor, "kind": kind}),
            );
        }
        push(
            "Release the grapple".into(),
            None,
            json!({"command": "release", "id": actor}),
        );
    }
    push(
        "End turn".into(),
        None,
        json!({"command": "clock", "clock": "next_turn"}),
    );
    out
}
