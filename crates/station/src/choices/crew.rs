//! A crew member's choices in the players' turn: moving, attacking each
//! creature (plain and aimed, ST-SHOOT-03), psionic powers (ST-CHAR-01),
//! defending against a creature next to them (ST-MELEE-02), what stands in
//! front of them (searchables, doors, security stations, machines,
//! switches), their gear (repair, modify, equip, use, research, drop) and
//! what their cyber modules buy (ST-CHAR-03).

use nanite_core::CombatantId;
use nanite_core::table::Draft;

use super::Offer;
use crate::command::{Command, Purchase};
use crate::content::{ItemKind, Skill, Stat};
use crate::map::{Pos, distance};
use crate::scenario::Lock;
use crate::state::{Carried, Player};

/// Whether `b` is on or next to `a`'s square.
fn near(a: Option<Pos>, b: Pos) -> bool {
    a.is_some_and(|a| distance(a, b) <= 1)
}

impl Offer<'_> {
    /// Every action of crew member `p` (none while dead).
    pub(super) fn crew(&mut self, p: &Player) {
        let Some(at) = p.at else {
            return;
        };
        self.moves(&p.id, at);
        self.attacks(p, at);
        self.at_hand(p);
        self.gear(p);
        self.buys(p);
    }

    /// `kind` labelled `label` giving `command`, by crew member `p`.
    fn by(p: &Player, kind: &'static str, label: String, command: Command) -> Draft<Command> {
        Draft::new(kind, label, command).by(&CombatantId::from(p.id.as_str()))
    }

    /// What `p`, standing on `at`, could do to each creature: attack it
    /// (plain, then aimed +1 and +2), a psionic power, defend against it
    /// when next to it.
    fn attacks(&mut self, p: &Player, at: Pos) {
        let state = self.state;
        let w = || p.id.clone();
        for c in &state.creatures {
            let target = CombatantId::from(c.id.as_str());
            for aim in 0..=2 {
                let label = if aim == 0 {
                    format!("Attack {}", c.id)
                } else {
                    format!("Aimed attack +{aim}")
                };
                let command = Command::Attack {
                    who: w(),
                    target: c.id.clone(),
                    aim,
                };
                self.push(Self::by(p, "attack", label, command).at(&target));
            }
            if p.psi.0 > 0 {
                for (id, power) in &state.pack.powers {
                    let command = Command::Psi {
                        who: w(),
                        power: id.clone(),
                        target: c.id.clone(),
                    };
                    let label = format!("Psi: {}", power.name);
                    self.push(Self::by(p, "psi", label, command).at(&target));
                }
            }
            if distance(at, c.at) <= 1 {
                let command = Command::Defend {
                    who: w(),
                    against: c.id.clone(),
                };
                let label = format!("Defend against {}", c.id);
                self.push(Self::by(p, "defend", label, command).at(&target));
            }
        }
    }

    /// What stands next to `p` that they could use: searchables, doors,
    /// security stations, machines and switches.
    fn at_hand(&mut self, p: &Player) {
        let state = self.state;
        let w = || p.id.clone();
        let mut add = |kind, label: String, command| self.push(Self::by(p, kind, label, command));
        for s in state.searchables.iter().filter(|s| near(p.at, s.at)) {
            let command = Command::Search { who: w(), at: s.at };
            add("search", format!("Search at {}", s.at), command);
        }
        for d in state.doors.iter().filter(|d| near(p.at, d.at)) {
            if d.broken {
                let label = format!("Repair the door lock at {}", d.at);
                let command = Command::Repair {
                    who: w(),
                    at: Some(d.at),
                };
                add("repair", label, command);
            } else if d.locked {
                let label = format!("Hack the {} door at {}", d.lock.name(), d.at);
                add("hack", label, Command::Hack { who: w(), at: d.at });
                if d.lock == Lock::Security {
                    let label = format!("Use a security card on {}", d.at);
                    add("use_card", label, Command::UseCard { who: w(), at: d.at });
                }
            }
        }
        for s in state.stations.iter().filter(|s| near(p.at, s.spec.at)) {
            let at = s.spec.at;
            if s.broken {
                let label = format!("Repair the security station at {at}");
                let command = Command::Repair {
                    who: w(),
                    at: Some(at),
                };
                add("repair", label, command);
            } else {
                let label = format!("Hack the security station at {at}");
                add("hack", label, Command::Hack { who: w(), at });
            }
        }
        for m in state.machines.iter().filter(|m| near(p.at, m.at)) {
            if m.broken {
                let label = format!("Repair the machine at {}", m.at);
                let command = Command::Repair {
                    who: w(),
                    at: Some(m.at),
                };
                add("repair", label, command);
            } else if !m.active {
                let label = format!("Activate the machine at {}", m.at);
                add("activate", label, Command::Activate { who: w(), at: m.at });
            }
        }
        for s in state.scenario.switches.iter().filter(|s| near(p.at, s.at)) {
            let label = format!("Use the switch at {}", s.at);
            add(
                "use_switch",
                label,
                Command::UseSwitch { who: w(), at: s.at },
            );
        }
    }

    /// What `p` could do with their gear: repair or modify the weapon in
    /// hand; equip, use, research or drop what they carry.
    fn gear(&mut self, p: &Player) {
        let state = self.state;
        let w = || p.id.clone();
        let mut add = |kind, label: String, command| self.push(Self::by(p, kind, label, command));
        if let Some(weapon) = &p.weapon {
            let name = state.pack.item_name(&weapon.id);
            if weapon.broken {
                let command = Command::Repair { who: w(), at: None };
                add("repair", format!("Repair {name}"), command);
            } else {
                add(
                    "modify",
                    format!("Modify {name}"),
                    Command::Modify { who: w() },
                );
            }
        }
        for item in &p.inventory {
            let id = item.id().to_string();
            let name = state.pack.item_name(&id);
            let item_kind = state.pack.items.get(&id).map(|i| &i.kind);
            match item {
                Carried::Weapon(_) | Carried::Armor(_) => {
                    let command = Command::Equip {
                        who: w(),
                        item: id.clone(),
                    };
                    add("equip", format!("Equip {name}"), command);
                }
                Carried::Item(_) => match item_kind {
                    Some(ItemKind::Consumable { .. }) => {
                        let command = Command::Use {
                            who: w(),
                            item: id.clone(),
                        };
                        add("use", format!("Use {name}"), command);
                    }
                    Some(ItemKind::Research(_)) => {
                        let command = Command::Research {
                            who: w(),
                            item: id.clone(),
                        };
                        add("research", format!("Research {name}"), command);
                    }
                    _ => {}
                },
            }
            add(
                "drop",
                format!("Drop {name}"),
                Command::Drop { who: w(), item: id },
            );
        }
    }

    /// What `p`'s cyber modules could buy (ST-CHAR-03), when they have any:
    /// a skill or stat a step up, a psionic step, an upgrade not yet bought.
    fn buys(&mut self, p: &Player) {
        if p.cm <= 0 {
            return;
        }
        let state = self.state;
        let mut wants: Vec<(String, Purchase)> = Skill::ALL
            .iter()
            .map(|s| {
                let label = format!("{} level {}", s.name(), p.skill(*s) + 1);
                (label, Purchase::Skill(*s))
            })
            .collect();
        wants.extend(Stat::ALL.iter().map(|s| {
            let label = format!("{} to {}", s.name(), p.stat(*s) + 1);
            (label, Purchase::Stat(*s))
        }));
        wants.push((format!("Psionic tier {}", p.psi.0 + 1), Purchase::PsiTier));
        wants.push((format!("Psionic skill {}", p.psi.1 + 1), Purchase::PsiSkill));
        for u in state
            .pack
            .cyber
            .upgrades
            .keys()
            .filter(|u| !p.upgrades.contains(*u))
        {
            wants.push((format!("Upgrade {u}"), Purchase::Upgrade(u.clone())));
        }
        for (label, what) in wants {
            let command = Command::Buy {
                who: p.id.clone(),
                what,
            };
            self.push(Self::by(p, "buy", label, command));
        }
    }
}
