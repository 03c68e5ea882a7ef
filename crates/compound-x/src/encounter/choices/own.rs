//! The actions of a combatant's turn that take no target: aiming, keeping
//! its weapons going, spells on itself, stances, moving and jumping, first
//! aid on itself, grapple acts, its shield and cloak, saves against its
//! conditions, checks, and held or other actions.

use nanite_core::CombatantId;
use nanite_core::table::{Draft, ParamKind, ParamOption, ParamValue};

use super::super::{Combatant, Command, CxEffect, GrappleAct, Hold, Way};
use super::{Offer, move_draft, text, treat_draft, whole};
use crate::Attack;
use crate::check::Effort;
use crate::combat::{ConditionKind, Stance};

impl Offer<'_> {
    /// The actions that take no target, in the order a page lists them.
    pub(super) fn own(&mut self, actor: &CombatantId, me: &Combatant) {
        self.push(Draft::new("aim", "Aim", Command::Aim { id: actor.clone() }).by(actor));
        self.weapon_upkeep(actor, me);
        self.spells_on_oneself(actor, me);
        self.stances(actor, me);
        self.moving(actor);
        self.push(treat_draft(actor, actor));
        self.grapple_acts(actor);
        self.devices(actor, me);
        self.saves(actor);
        self.check(actor, me);
        self.hold_and_act(actor);
    }

    /// Keeping the weapons going: reloading those with a magazine, clearing
    /// a jam, cooking a grenade.
    fn weapon_upkeep(&mut self, actor: &CombatantId, me: &Combatant) {
        let a = actor.clone();
        for (index, weapon) in me.fighter.weapons.iter().enumerate() {
            if weapon.magazine > 0 {
                self.push(
                    Draft::new(
                        "reload",
                        format!("Reload {}", weapon.name),
                        Command::Reload {
                            id: a.clone(),
                            weapon: index,
                        },
                    )
                    .by(actor),
                );
            }
            if weapon.jammed {
                self.push(
                    Draft::new(
                        "clear_jam",
                        format!("Clear the jam of {}", weapon.name),
                        Command::ClearJam {
                            id: a.clone(),
                            weapon: index,
                        },
                    )
                    .by(actor),
                );
            }
            if weapon.attack == Attack::Thrown && weapon.blast_radius.is_some() {
                self.push(
                    Draft::new(
                        "cook",
                        format!("Cook {}", weapon.name),
                        Command::Cook {
                            id: a.clone(),
                            weapon: index,
                        },
                    )
                    .by(actor),
                );
            }
        }
    }

    /// The spells `actor` knows, cast on itself.
    fn spells_on_oneself(&mut self, actor: &CombatantId, me: &Combatant) {
        let a = actor.clone();
        if let Some(me_spells) = &me.fighter.spellbook {
            for spell in &me_spells.spells {
                self.push(
                    Draft::new(
                        "cast",
                        format!("Cast {} on oneself", spell.name),
                        Command::Cast {
                            id: a.clone(),
                            spell: spell.id.clone(),
                            target: a.clone(),
                            cover: None,
                        },
                    )
                    .by(actor),
                );
            }
        }
    }

    /// The stances `actor` is not in.
    fn stances(&mut self, actor: &CombatantId, me: &Combatant) {
        let a = actor.clone();
        for stance in [
            Stance::Standing,
            Stance::Crouched,
            Stance::Prone,
            Stance::Hunkered,
        ] {
            if stance != me.stance {
                self.push(
                    Draft::new(
                        "stance",
                        format!("Go {}", stance.key()),
                        Command::Stance {
                            id: a.clone(),
                            to: stance,
                        },
                    )
                    .by(actor),
                );
            }
        }
    }

    /// Moving elsewhere and jumping.
    fn moving(&mut self, actor: &CombatantId) {
        let a = actor.clone();
        self.push(move_draft(actor, "Move elsewhere", Way::Elsewhere));
        self.push(
            Draft::new(
                "jump",
                "Jump",
                Command::Jump {
                    id: a.clone(),
                    metres: 1.0,
                    vertical: false,
                    run_up: false,
                },
            )
            .by(actor)
            .param("metres", "metres", whole(1, 20, Some(1)))
            .param("vertical", "upward", ParamKind::Flag)
            .param("run_up", "with a 3 m run-up", ParamKind::Flag),
        );
    }

    /// The shield's fast recharge and the cloak switched on or off, for one
    /// who carries them.
    fn devices(&mut self, actor: &CombatantId, me: &Combatant) {
        let a = actor.clone();
        if me.fighter.shield.is_some() {
            self.push(
                Draft::new(
                    "fast_recharge",
                    "Fast-recharge the shield",
                    Command::FastRecharge { id: a.clone() },
                )
                .by(actor),
            );
        }
        if me.fighter.cloak.is_some() {
            let on = me.stealth.cloak.is_some();
            let (kind, label, command) = if on {
                (
                    "uncloak",
                    "Switch the cloak off",
                    Command::Uncloak { id: a.clone() },
                )
            } else {
                (
                    "cloak",
                    "Switch the cloak on",
                    Command::Cloak { id: a.clone() },
                )
            };
            self.push(Draft::new(kind, label, command).by(actor));
        }
    }

    /// A save against each condition `actor` bears.
    fn saves(&mut self, actor: &CombatantId) {
        let a = actor.clone();
        let bearing: Vec<ConditionKind> = self
            .battle
            .clock
            .effects_on(actor)
            .filter_map(|e| match &e.payload {
                CxEffect::Condition(c) => Some(c.kind),
                _ => None,
            })
            .collect();
        for condition in bearing {
            self.push(
                Draft::new(
                    "save",
                    format!("Save against {}", condition.key()),
                    Command::Save {
                        id: a.clone(),
                        condition,
                    },
                )
                .by(actor),
            );
        }
    }

    /// A check with one of `actor`'s skills, against the DC the GM called.
    fn check(&mut self, actor: &CombatantId, me: &Combatant) {
        let a = actor.clone();
        let skills = ParamKind::one_of(
            me.fighter
                .skills
                .iter()
                .map(|s| ParamOption::new(ParamValue::word(&s.id), s.name.clone()))
                .collect(),
        );
        if let Some(first) = me.fighter.skills.first() {
            self.push(
                Draft::new(
                    "check",
                    "Make a check",
                    Command::Check {
                        id: a.clone(),
                        skill: first.id.clone(),
                        dc: 50,
                        hidden: false,
                        effort: Effort::Roll,
                        combined_with: None,
                    },
                )
                .by(actor)
                .param("skill", "skill", skills)
                .param("dc", "DC the GM called", whole(1, 300, Some(50))),
            );
        }
    }

    /// Holding actions for a trigger, and another action the rules do not
    /// name.
    fn hold_and_act(&mut self, actor: &CombatantId) {
        let a = actor.clone();
        self.push(
            Draft::new(
                "hold",
                "Hold actions",
                Command::Hold {
                    id: a.clone(),
                    actions: 1,
                    trigger: "an enemy comes into view".into(),
                },
            )
            .by(actor)
            .param("actions", "actions", whole(1, 2, Some(1)))
            .param("trigger", "trigger", text("an enemy comes into view")),
        );
        self.push(
            Draft::new(
                "act",
                "Another action",
                Command::Act {
                    id: a.clone(),
                    what: "draw a weapon".into(),
                    actions: 1,
                },
            )
            .by(actor)
            .param("what", "what", text("draw a weapon"))
            .param("actions", "actions it costs", whole(0, 10, Some(1))),
        );
    }

    /// The acts of a grapple `actor` is in.
    fn grapple_acts(&mut self, actor: &CombatantId) {
        if !self.battle.grapples.iter().any(|g| g.involves(actor)) {
            return;
        }
        let mut acts = vec![
            ("Contest control", GrappleAct::Contest),
            ("Strike in the grapple", GrappleAct::Strike { weapon: None }),
            ("Let go", GrappleAct::Release),
        ];
        for hold in [Hold::ChokeOut, Hold::Pin, Hold::JointLock] {
            acts.push(("Subdue", GrappleAct::Subdue { hold }));
        }
        for (label, act) in acts {
            let label = match act {
                GrappleAct::Subdue { hold } => format!("{label}: {}", hold.key()),
                _ => label.to_string(),
            };
            self.push(
                Draft::new(
                    "grapple_act",
                    label,
                    Command::GrappleAct {
                        id: actor.clone(),
                        act,
                    },
                )
                .by(actor),
            );
        }
    }
}
