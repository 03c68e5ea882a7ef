//! A [`Choice`] being built: its kind, label, actor, target, command and
//! parameters, before the ruleset judges it and gives it a [`Verdict`].

use super::{Choice, Param, ParamKind, ParamOption, ParamValue, Verdict};
use crate::encounter::{ClockCommand, CombatantId, Encounter, FightPhase};

/// A choice before it is judged: the ruleset names the action and its
/// command, says who acts and at whom, lists what may still be filled in,
/// then judges the command and makes it a [`Choice`] with [`Draft::judged`].
#[derive(Clone, Debug, PartialEq)]
pub struct Draft<C> {
    command: C,
    kind: &'static str,
    label: String,
    actor: Option<CombatantId>,
    target: Option<CombatantId>,
    params: Vec<Param>,
}

impl<C> Draft<C> {
    /// A choice of `kind`, labelled `label`, giving `command`; nobody acts
    /// and nothing is aimed at yet.
    pub fn new(kind: &'static str, label: impl Into<String>, command: C) -> Self {
        Draft {
            command,
            kind,
            label: label.into(),
            actor: None,
            target: None,
            params: Vec::new(),
        }
    }

    /// The command, parameters at their defaults.
    pub fn command(&self) -> &C {
        &self.command
    }

    /// Who acts, if anyone.
    pub fn actor(&self) -> Option<&CombatantId> {
        self.actor.as_ref()
    }

    /// This choice, taken by `actor`.
    pub fn by(mut self, actor: &CombatantId) -> Self {
        self.actor = Some(actor.clone());
        self
    }

    /// This choice, aimed at `target`.
    pub fn at(mut self, target: &CombatantId) -> Self {
        self.target = Some(target.clone());
        self
    }

    /// This choice, with the command's `field` still to fill in.
    pub fn param(mut self, field: &'static str, label: &'static str, kind: ParamKind) -> Self {
        self.params.push(Param { field, label, kind });
        self
    }

    /// This choice giving `wrap(command)`: a clock command as the
    /// ruleset's own, say.
    pub fn map<D>(self, wrap: impl FnOnce(C) -> D) -> Draft<D> {
        Draft {
            command: wrap(self.command),
            kind: self.kind,
            label: self.label,
            actor: self.actor,
            target: self.target,
            params: self.params,
        }
    }

    /// The choice, with the engine's (or the table's) `verdict` on its
    /// command.
    pub fn judged(self, verdict: Verdict) -> Choice<C> {
        Choice {
            kind: self.kind,
            label: self.label,
            actor: self.actor,
            target: self.target,
            command: self.command,
            params: self.params,
            verdict,
            price: None,
        }
    }
}

/// The GM's choice of delaying `id`'s turn: a later place in the initiative
/// `order`, after one of those behind it (the first of them by default),
/// each named by `name`. None when nobody is behind it.
pub fn delay(
    order: &[CombatantId],
    id: &CombatantId,
    name: impl Fn(&CombatantId) -> String,
) -> Option<Draft<ClockCommand>> {
    let at = order.iter().position(|o| o == id)?;
    // Taken out of the order, the one at `j` (> at) moves to `j - 1`:
    // placing `id` at `j` puts it right after that one.
    let later: Vec<_> = order
        .iter()
        .enumerate()
        .skip(at + 1)
        .map(|(j, o)| ParamOption::new(ParamValue::Whole(j as i64), format!("after {}", name(o))))
        .collect();
    if later.is_empty() {
        return None;
    }
    Some(
        Draft::new(
            "delay",
            "Delay: act later in the order",
            ClockCommand::Place {
                id: id.clone(),
                position: at + 1,
            },
        )
        .at(id)
        .param("position", "act", ParamKind::one_of(later)),
    )
}

/// The GM's hand on the clock as it stands: in setup, `roll_initiative`
/// (the ruleset's own command rolling for everyone without initiative: its
/// die is the ruleset's) and beginning the fight; once someone acts, the
/// next turn. `clock` makes a clock command the ruleset's.
pub fn gm_clock<P, C>(
    encounter: &Encounter<P>,
    roll_initiative: C,
    clock: impl Fn(ClockCommand) -> C,
) -> Vec<Draft<C>> {
    if matches!(encounter.phase, FightPhase::Setup) {
        vec![
            Draft::new(
                "roll_initiative",
                "Roll initiative for everyone without it",
                roll_initiative,
            ),
            Draft::new(
                "begin",
                "Begin the fight",
                clock(ClockCommand::Begin {
                    surprise: Vec::new(),
                }),
            ),
        ]
    } else if encounter.active.is_some() {
        vec![Draft::new(
            "next_turn",
            "Next turn (GM)",
            clock(ClockCommand::NextTurn),
        )]
    } else {
        Vec::new()
    }
}

/// The GM's choice of hiding `id` from the players, or, when it is
/// `hidden`, of revealing it to them (a choice of the kind `reveal`, as
/// the ruleset names it).
pub fn hide_or_reveal(id: &CombatantId, hidden: bool, reveal: &'static str) -> Draft<ClockCommand> {
    let (kind, label) = if hidden {
        (reveal, "Reveal to the players")
    } else {
        ("hide", "Hide from the players")
    };
    Draft::new(
        kind,
        label,
        ClockCommand::Hide {
            id: id.clone(),
            hidden: !hidden,
        },
    )
    .at(id)
}

/// The GM's choice of setting `id`'s initiative total, from -1,000 to
/// `max`: its own total as it stands, 50 when it has none.
pub fn set_initiative<P>(
    encounter: &Encounter<P>,
    id: &CombatantId,
    max: i64,
) -> Draft<ClockCommand> {
    let total = encounter
        .seats
        .iter()
        .find(|s| &s.id == id)
        .and_then(|s| s.initiative.as_ref())
        .map_or(50, |i| i.total);
    Draft::new(
        "initiative",
        "Set initiative",
        ClockCommand::SetInitiative {
            id: id.clone(),
            total,
        },
    )
    .at(id)
    .param(
        "total",
        "initiative total",
        ParamKind::Whole {
            min: -1_000,
            max,
            default: Some(total),
        },
    )
}

/// The GM's choice of removing `id` from the fight.
pub fn remove_from_the_fight(id: &CombatantId) -> Draft<ClockCommand> {
    Draft::new(
        "leave",
        "Remove from the fight",
        ClockCommand::Leave { id: id.clone() },
    )
    .at(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_judged_draft_keeps_everything_it_was_given() {
        let vex = CombatantId::from("vex");
        let raider = CombatantId::from("raider");
        let choice = Draft::new("fire", "Fire", "vex fires")
            .by(&vex)
            .at(&raider)
            .param("metres", "metres", ParamKind::Flag)
            .judged(Verdict::Allowed {
                cost: 1,
                odds: None,
            });
        assert_eq!(choice.kind, "fire");
        assert_eq!(choice.label, "Fire");
        assert_eq!(choice.actor, Some(vex));
        assert_eq!(choice.target, Some(raider));
        assert_eq!(choice.command, "vex fires");
        assert_eq!(choice.params.len(), 1);
        assert!(choice.allowed());
    }

    #[test]
    fn a_delay_offers_each_place_after_one_behind() {
        let order: Vec<CombatantId> = ["a", "b", "c"].map(CombatantId::from).to_vec();
        let draft = delay(&order, &order[0], |o| o.to_string().to_uppercase()).unwrap();
        assert_eq!(
            *draft.command(),
            ClockCommand::Place {
                id: order[0].clone(),
                position: 1,
            }
        );
        assert_eq!(
            draft.params[0].kind,
            ParamKind::one_of(vec![
                ParamOption::new(ParamValue::Whole(1), "after B"),
                ParamOption::new(ParamValue::Whole(2), "after C"),
            ])
        );
        assert!(delay(&order, &order[2], |o| o.to_string()).is_none());
        assert!(delay(&order, &CombatantId::from("x"), |o| o.to_string()).is_none());
    }
}
