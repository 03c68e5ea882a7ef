//! The D20 actions a viewer may take now, as the engine judges them: each
//! candidate command is checked against the table's permissions and then
//! decided by the engine on the current battle (deciding changes nothing),
//! so a button shows the actions the engine would spend, or is greyed out
//! with the engine's own reason. The grid's squares are judged the same
//! way, as moves.

use nanite_core::{ClockCommand, ClockEvent, CombatantId, Ruleset, SeededDice};
use nanite_d20::encounter::{
    Battle, Command, D20, Event, Field, GrappleAttack, PositionChange, Row, Takedown,
    TakedownChoice,
};
use nanite_d20::pack::WeaponKind;

use crate::d20::permissions::may_command;
use crate::d20::refusals::refused;
use crate::permissions::Viewer;

/// One action the viewer might take.
pub(crate) struct Choice {
    /// What the button says ("Attack with Rapier").
    pub(crate) label: String,
    /// The command as the API takes it.
    pub(crate) command: Command,
    /// The target it is aimed at, if any.
    pub(crate) target: Option<CombatantId>,
    /// Actions the engine would spend, when legal.
    pub(crate) cost: Option<u32>,
    /// Why not, when illegal.
    pub(crate) refused: Option<String>,
}

impl Choice {
    /// Whether it ends the turn (its cost is not shown).
    pub(crate) fn ends_turn(&self) -> bool {
        matches!(self.command, Command::Clock(ClockCommand::NextTurn))
    }
}

/// The engine's judgement of `command`: the actions `actor` would spend,
/// or why not (permissions first, then the rules).
pub(crate) fn judge(
    battle: &Battle,
    viewer: &Viewer,
    owns: &dyn Fn(&CombatantId) -> bool,
    actor: &CombatantId,
    command: &Command,
) -> Result<u32, String> {
    may_command(viewer.role, owns, battle, command).map_err(|e| e.message().to_string())?;
    // The probe's dice never leave this function: only whether the engine
    // accepts the command, and what it spends, are read.
    let mut dice = SeededDice::new(0);
    match D20::decide(battle, command, &mut dice) {
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
    let mut push = |label: String, target: Option<&CombatantId>, command: Command| {
        let judged = judge(battle, viewer, owns, actor, &command);
        out.push(Choice {
            label,
            command,
            target: target.cloned(),
            cost: judged.as_ref().ok().copied(),
            refused: judged.err(),
        });
    };
    let id = || actor.clone();
    if let Some(owed) = battle.owed.as_ref().filter(|o| &o.chooser == actor) {
        let against = battle.name(&owed.against);
        push(
            "Take Grappling Advantage".into(),
            None,
            Command::Choose {
                id: id(),
                choice: TakedownChoice::Advantage,
            },
        );
        push(
            format!("Free melee attack on {against}"),
            None,
            Command::Choose {
                id: id(),
                choice: TakedownChoice::Attack {
                    weapon: me
                        .fighter
                        .weapons
                        .iter()
                        .position(|w| w.kind == WeaponKind::Melee),
                },
            },
        );
        return out;
    }
    for target in targets {
        for (index, weapon) in me.fighter.weapons.iter().enumerate() {
            push(
                format!("Attack with {}", weapon.name),
                Some(target),
                Command::Attack {
                    id: id(),
                    target: target.clone(),
                    weapon: Some(index),
                },
            );
        }
        push(
            "Unarmed strike".into(),
            Some(target),
            Command::Attack {
                id: id(),
                target: target.clone(),
                weapon: None,
            },
        );
        for magic in &me.fighter.magic {
            push(
                format!("Cast {}", magic.name),
                Some(target),
                Command::Cast {
                    id: id(),
                    magic: magic.id.clone(),
                    target: target.clone(),
                },
            );
        }
        for (kind, label) in [
            (Takedown::Clinch, "Clinch"),
            (Takedown::Tackle, "Tackle"),
            (Takedown::Trip, "Trip"),
        ] {
            push(
                format!("{label} (takedown)"),
                Some(target),
                Command::Takedown {
                    id: id(),
                    target: target.clone(),
                    kind,
                },
            );
        }
    }
    for magic in me.fighter.magic.iter().filter(|m| !m.harmful()) {
        push(
            format!("Cast {} on yourself", magic.name),
            None,
            Command::Cast {
                id: id(),
                magic: magic.id.clone(),
                target: id(),
            },
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
            Command::ChangeRow {
                id: id(),
                row: other,
            },
        );
    }
    push("Double move".into(), None, Command::DoubleMove { id: id() });
    if battle.grapple_of(actor).is_some() {
        for (kind, label) in [
            (PositionChange::Push, "Push"),
            (PositionChange::Pull, "Pull"),
            (PositionChange::Scramble, "Scramble"),
            (PositionChange::Reversal, "Reversal"),
        ] {
            push(
                label.into(),
                None,
                Command::ChangePosition { id: id(), kind },
            );
        }
        for (kind, label) in [
            (GrappleAttack::Submission, "Submission hold"),
            (GrappleAttack::Slam, "Slam"),
            (GrappleAttack::ShortStrikes, "Short strikes"),
        ] {
            push(
                label.into(),
                None,
                Command::GrappleAttack { id: id(), kind },
            );
        }
        push(
            "Release the grapple".into(),
            None,
            Command::Release { id: id() },
        );
    }
    push(
        "End turn".into(),
        None,
        Command::Clock(ClockCommand::NextTurn),
    );
    out
}
