//! The actions aimed at one other combatant in the fight: firing,
//! suppressing, throwing and striking with each weapon, bare hands and
//! grapples, moving toward or away, first aid and repairs, searching, and
//! spells.

use nanite_core::CombatantId;
use nanite_core::table::{Draft, ParamKind, ParamOption, ParamValue};

use super::super::{Combatant, Command, MeleeKind, Way};
use super::{Offer, SUPPRESSION, covers, efforts, move_draft, treat_draft, whole};
use crate::Attack;
use crate::check::Effort;
use crate::combat::WeaponState;
use crate::pack::FireMode;

impl Offer<'_> {
    /// The actions aimed at `target`, in the order a page lists them.
    pub(super) fn against(&mut self, actor: &CombatantId, me: &Combatant, target: &CombatantId) {
        for (index, weapon) in me.fighter.weapons.iter().enumerate() {
            self.weapon_attacks(actor, target, index, weapon);
        }
        self.bare_hands(actor, target);
        self.moves_around(actor, target);
        self.aid(actor, target);
        self.searches(actor, target);
        self.spells(actor, me, target);
    }

    /// What one weapon does to `target`: fire in each mode it has and
    /// suppress (ranged), throw, or strike.
    fn weapon_attacks(
        &mut self,
        actor: &CombatantId,
        target: &CombatantId,
        index: usize,
        weapon: &WeaponState,
    ) {
        match weapon.attack {
            Attack::Ranged => {
                for mode in [FireMode::Semi, FireMode::Burst, FireMode::Auto] {
                    if weapon.aimed.row(mode).is_some() {
                        self.fire(actor, target, index, weapon, mode);
                    }
                }
                if let Some(most) = weapon.suppression {
                    self.suppress(actor, target, index, weapon, most);
                }
            }
            Attack::Thrown => self.throw(actor, target, index, weapon),
            Attack::Melee => self.strike_with(actor, target, index, weapon),
        }
    }

    /// Fire a weapon in one mode: aimed, or hip or blind fire where the
    /// weapon has them, at the cover the target has from here.
    fn fire(
        &mut self,
        actor: &CombatantId,
        target: &CombatantId,
        index: usize,
        weapon: &WeaponState,
        mode: FireMode,
    ) {
        let a = actor.clone();
        let t = target.clone();
        let mut fire = vec![ParamOption::new(ParamValue::Unset, "as the turn allows")];
        fire.push(ParamOption::new(ParamValue::word("aimed"), "aimed"));
        if weapon.hip.is_some() {
            fire.push(ParamOption::new(ParamValue::word("hip"), "hip fire"));
        }
        if weapon.blind.is_some() {
            fire.push(ParamOption::new(ParamValue::word("blind"), "blind fire"));
        }
        self.push(
            Draft::new(
                "fire",
                format!("Fire {} ({})", weapon.name, mode.key()),
                Command::Fire {
                    id: a.clone(),
                    target: t.clone(),
                    weapon: index,
                    mode,
                    fire: None,
                    distance: None,
                    cover: None,
                },
            )
            .by(actor)
            .at(target)
            .param("fire", "how", ParamKind::one_of(fire))
            .param("cover", "its cover from here", covers(Some("as it stands"))),
        );
    }

    /// Suppress with a weapon, at any level up to the heaviest it lays down
    /// (CX-SUP-02..04).
    fn suppress(
        &mut self,
        actor: &CombatantId,
        target: &CombatantId,
        index: usize,
        weapon: &WeaponState,
        most: crate::pack::Suppression,
    ) {
        let a = actor.clone();
        let t = target.clone();
        let levels = std::iter::once(ParamOption::new(ParamValue::Unset, "its heaviest"))
            .chain(
                SUPPRESSION
                    .iter()
                    .take_while(|(l, _)| *l != most)
                    .chain(SUPPRESSION.iter().filter(|(l, _)| *l == most))
                    .map(|(_, key)| ParamOption::new(ParamValue::word(key), *key)),
            )
            .collect();
        self.push(
            Draft::new(
                "suppress",
                format!("Suppress with {}", weapon.name),
                Command::Suppress {
                    id: a.clone(),
                    target: t.clone(),
                    weapon: index,
                    level: None,
                },
            )
            .by(actor)
            .at(target)
            .param("level", "level", ParamKind::one_of(levels)),
        );
    }

    /// Throw a weapon, at the distance set or one given.
    fn throw(
        &mut self,
        actor: &CombatantId,
        target: &CombatantId,
        index: usize,
        weapon: &WeaponState,
    ) {
        let a = actor.clone();
        let t = target.clone();
        self.push(
            Draft::new(
                "throw",
                format!("Throw {}", weapon.name),
                Command::Throw {
                    id: a.clone(),
                    target: t.clone(),
                    weapon: index,
                    distance: None,
                },
            )
            .by(actor)
            .at(target)
            .param(
                "distance",
                "metres (if not the distance set)",
                whole(1, 100, None),
            ),
        );
    }

    /// Strike with a melee weapon, maybe from behind.
    fn strike_with(
        &mut self,
        actor: &CombatantId,
        target: &CombatantId,
        index: usize,
        weapon: &WeaponState,
    ) {
        let a = actor.clone();
        let t = target.clone();
        self.push(
            Draft::new(
                "melee",
                format!("Strike with {}", weapon.name),
                Command::Melee {
                    id: a.clone(),
                    target: t.clone(),
                    weapon: Some(index),
                    kind: MeleeKind::Strike,
                    flanking: false,
                },
            )
            .by(actor)
            .at(target)
            .param("flanking", "from behind", ParamKind::Flag),
        );
    }

    /// Unarmed blows (strike, shove, kick) and a grapple.
    fn bare_hands(&mut self, actor: &CombatantId, target: &CombatantId) {
        let a = actor.clone();
        let t = target.clone();
        for (kind, label) in [
            (MeleeKind::Strike, "Strike unarmed"),
            (MeleeKind::Shove, "Shove"),
            (MeleeKind::Kick, "Kick"),
        ] {
            self.push(
                Draft::new(
                    "melee",
                    label,
                    Command::Melee {
                        id: a.clone(),
                        target: t.clone(),
                        weapon: None,
                        kind,
                        flanking: false,
                    },
                )
                .by(actor)
                .at(target)
                .param("flanking", "from behind", ParamKind::Flag),
            );
        }
        self.push(
            Draft::new(
                "grapple",
                "Grapple",
                Command::Grapple {
                    id: a.clone(),
                    target: t.clone(),
                },
            )
            .by(actor)
            .at(target),
        );
    }

    /// Moving toward or away from `target`.
    fn moves_around(&mut self, actor: &CombatantId, target: &CombatantId) {
        let t = target.clone();
        for (toward, label) in [(true, "Move toward"), (false, "Move away")] {
            let way = if toward {
                Way::Toward { id: t.clone() }
            } else {
                Way::Away { id: t.clone() }
            };
            self.push(move_draft(actor, label, way).at(target));
        }
    }

    /// First aid and repairs: stabilizing a downed target, treating a
    /// wound, repairing its armor or a weapon.
    fn aid(&mut self, actor: &CombatantId, target: &CombatantId) {
        let a = actor.clone();
        let t = target.clone();
        let downed = self
            .battle
            .combatants
            .get(target)
            .is_some_and(|c| c.fighter.is_downed());
        if downed {
            self.push(
                Draft::new(
                    "stabilize",
                    "Stabilize",
                    Command::Stabilize {
                        id: a.clone(),
                        target: t.clone(),
                        kit: false,
                        count_revive: false,
                    },
                )
                .by(actor)
                .at(target)
                .param("kit", "spend a medkit or repair kit (+20)", ParamKind::Flag)
                .param(
                    "count_revive",
                    "on a critical success, count the revive all the same (CX-DEATH-07)",
                    ParamKind::Flag,
                ),
            );
        }
        self.push(treat_draft(actor, target));
        self.push(
            Draft::new(
                "repair",
                "Repair its armor or a weapon",
                Command::Repair {
                    id: a.clone(),
                    target: t.clone(),
                    weapon: None,
                    effort: Effort::Roll,
                },
            )
            .by(actor)
            .at(target)
            .param("weapon", "which", self.gear_of(target))
            .param(
                "effort",
                "roll, or out of combat take 50 or 100 (CX-DICE-06)",
                efforts(),
            ),
        );
    }

    /// Searching for `target`, or a free glance.
    fn searches(&mut self, actor: &CombatantId, target: &CombatantId) {
        let a = actor.clone();
        let t = target.clone();
        for glance in [false, true] {
            self.push(
                Draft::new(
                    "search",
                    if glance {
                        "Glance (free Awareness)"
                    } else {
                        "Search"
                    },
                    Command::Search {
                        id: a.clone(),
                        target: t.clone(),
                        glance,
                    },
                )
                .by(actor)
                .at(target),
            );
        }
    }

    /// A target's armor and weapons, to repair.
    fn gear_of(&self, target: &CombatantId) -> ParamKind {
        let mut options = vec![ParamOption::new(ParamValue::Unset, "the armor")];
        if let Some(c) = self.battle.combatants.get(target) {
            for (i, w) in c.fighter.weapons.iter().enumerate() {
                options.push(ParamOption::new(
                    ParamValue::Whole(i as i64),
                    w.name.clone(),
                ));
            }
        }
        ParamKind::one_of(options)
    }

    /// The spells `actor` knows, cast at `target`.
    fn spells(&mut self, actor: &CombatantId, me: &Combatant, target: &CombatantId) {
        let Some(book) = &me.fighter.spellbook else {
            return;
        };
        for spell in &book.spells {
            self.push(
                Draft::new(
                    "cast",
                    format!("Cast {}", spell.name),
                    Command::Cast {
                        id: actor.clone(),
                        spell: spell.id.clone(),
                        target: target.clone(),
                        cover: None,
                    },
                )
                .by(actor)
                .at(target)
                .param(
                    "cover",
                    "its cover from here",
                    covers(Some("as it stands")),
                ),
            );
        }
    }
}
