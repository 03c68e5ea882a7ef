//! What each unit the viewer acts for could do now, as the engine judges
//! it: every candidate command is checked against the table's permissions
//! and then decided by the engine on the current state with a throwaway
//! die (deciding changes nothing), so a button shows the AP the engine
//! would spend and a shot's chance to hit, or is greyed out with the
//! engine's own reason. Squares a unit can move to, and squares a creature
//! can be deployed on, are the squares whose command the engine accepts.

use std::collections::BTreeMap;

use nanite_core::{Ruleset, SeededDice};
use nanite_station::content::{ItemKind, Skill, Stat};
use nanite_station::map::{Pos, distance};
use nanite_station::state::{Carried, Player};
use nanite_station::{Command, Event, Phase, Purchase, State, Station};

use crate::permissions::Viewer;
use crate::station::{Game, seats};

/// One candidate command as the engine judged it.
pub(crate) struct Choice {
    /// What the button says.
    pub(crate) label: String,
    /// The command.
    pub(crate) command: Command,
    /// AP the engine would spend, when legal.
    pub(crate) ap: Option<i32>,
    /// Why not, when illegal.
    pub(crate) refused: Option<String>,
    /// A shot's chance to hit, out of 6.
    pub(crate) chance: Option<i32>,
    /// What else it costs (cyber modules for a purchase, Psi Points).
    pub(crate) price: Option<String>,
}

impl Choice {
    /// What the button says it costs when allowed: its AP, its price and a
    /// shot's chance to hit ("2 AP · hit chance 4 in 6").
    pub(crate) fn cost(&self) -> Option<String> {
        let parts: Vec<String> = [
            self.ap.map(|ap| format!("{ap} AP")),
            self.price.clone(),
            self.chance.map(|c| format!("hit chance {c} in 6")),
        ]
        .into_iter()
        .flatten()
        .collect();
        (!parts.is_empty()).then(|| parts.join(" · "))
    }

    /// Its command as the button's `data-cmd` carries it.
    pub(crate) fn posted(&self) -> String {
        super::svg::posted(&self.command)
    }
}

/// A square a unit may move to, with the AP it costs.
pub(crate) struct Step {
    /// Where.
    pub(crate) to: Pos,
    /// AP spent.
    pub(crate) ap: i32,
}

/// Everything one unit could do now.
#[derive(Default)]
pub(crate) struct Options {
    /// Squares it may move to.
    pub(crate) moves: Vec<Step>,
    /// Attacks by target: plain, then aimed.
    pub(crate) attacks: BTreeMap<String, Vec<Choice>>,
    /// Its other actions.
    pub(crate) other: Vec<Choice>,
    /// What its cyber modules can buy (ST-CHAR-03), when it has any.
    pub(crate) buys: Vec<Choice>,
}

/// What the viewer could do in the game now.
#[derive(Default)]
pub(crate) struct Judged {
    /// By unit (crew member or creature).
    pub(crate) units: BTreeMap<String, Options>,
    /// Legal deployment squares by creature kind, and why a kind has none.
    pub(crate) deploys: BTreeMap<String, Result<Vec<Pos>, String>>,
    /// Side-wide commands: Begin, EndTurn.
    pub(crate) turn: Vec<Choice>,
}

fn units_left(state: &State, who: &str) -> i32 {
    state
        .player(who)
        .map(|p| p.ap)
        .or_else(|| state.creature(who).map(|c| c.ap))
        .unwrap_or(0)
}

fn judge(game: &Game, viewer: &Viewer, label: String, command: Command) -> Choice {
    let state = game.state();
    if let Err(e) = seats::may_command(game, viewer, &command) {
        return Choice {
            label,
            command,
            ap: None,
            refused: Some(e.message().to_string()),
            chance: None,
            price: None,
        };
    }
    // The probe's die never leaves this function: only whether the engine
    // accepts the command, and what it spends, are read.
    match Station::decide(state, &command, &mut SeededDice::new(0)) {
        Ok(events) => {
            let who = command.actor().unwrap_or("");
            let mut after = state.clone();
            for e in &events {
                Station::evolve(&mut after, e);
            }
            let chance = events.iter().find_map(|e| match e {
                Event::Attacked {
                    attacker, report, ..
                } if attacker == who => Some(report.chance),
                _ => None,
            });
            let price = events.iter().find_map(|e| match e {
                Event::Bought { cost, .. } => Some(format!("{cost} CM")),
                Event::PsiSpent { pp, .. } => Some(format!("{pp} PP")),
                // The probe's die is not the real one: only the cost and
                // the time are read, never the outcome.
                Event::TaskStarted { task, nanites, .. } => Some(format!(
                    "{}{} turns",
                    if *nanites > 0 {
                        format!("{nanites} nanites · ")
                    } else {
                        String::new()
                    },
                    task.turns_left
                )),
                _ => None,
            });
            Choice {
                label,
                ap: command
                    .actor()
                    .map(|_| units_left(state, who) - units_left(&after, who)),
                command,
                refused: None,
                chance,
                price,
            }
        }
        Err(r) => Choice {
            label,
            command,
            ap: None,
            refused: Some(r.to_string()),
            chance: None,
            price: None,
        },
    }
}

fn near(a: Option<Pos>, b: Pos) -> bool {
    a.is_some_and(|a| distance(a, b) <= 1)
}

/// The moves of unit `who` standing on `at`.
fn moves(game: &Game, viewer: &Viewer, who: &str, at: Pos) -> Vec<Step> {
    let state = game.state();
    if units_left(state, who) <= 0 {
        return Vec::new();
    }
    let probe = Command::Move {
        who: who.to_string(),
        to: at,
    };
    if seats::may_command(game, viewer, &probe).is_err() {
        return Vec::new();
    }
    state
        .grid()
        .floor()
        .filter(|p| *p != at && distance(*p, at) <= units_left(state, who))
        .filter_map(|to| {
            let c = judge(
                game,
                viewer,
                String::new(),
                Command::Move {
                    who: who.to_string(),
                    to,
                },
            );
            c.ap.map(|ap| Step { to, ap })
        })
        .collect()
}

/// A crew member's candidate commands.
fn crew(game: &Game, viewer: &Viewer, who: &str) -> Options {
    let Some(p) = game.state().player(who) else {
        return Options::default();
    };
    let Some(at) = p.at else {
        return Options::default();
    };
    let mut other = at_hand(game, viewer, p);
    other.extend(gear(game, viewer, p));
    Options {
        moves: moves(game, viewer, who, at),
        attacks: attacks(game, viewer, p, at),
        other,
        buys: buys(game, viewer, p),
    }
}

/// What crew member `p`, standing on `at`, could do to each creature:
/// attack it (plain and aimed), a psionic power, defend against it when
/// next to it.
fn attacks(game: &Game, viewer: &Viewer, p: &Player, at: Pos) -> BTreeMap<String, Vec<Choice>> {
    let state = game.state();
    let w = || p.id.clone();
    let mut out = BTreeMap::new();
    for c in &state.creatures {
        let mut list = Vec::new();
        for aim in 0..=2 {
            let label = if aim == 0 {
                format!("Attack {}", c.id)
            } else {
                format!("Aimed attack +{aim}")
            };
            list.push(judge(
                game,
                viewer,
                label,
                Command::Attack {
                    who: w(),
                    target: c.id.clone(),
                    aim,
                },
            ));
        }
        if p.psi.0 > 0 {
            for (id, power) in &state.pack.powers {
                list.push(judge(
                    game,
                    viewer,
                    format!("Psi: {}", power.name),
                    Command::Psi {
                        who: w(),
                        power: id.clone(),
                        target: c.id.clone(),
                    },
                ));
            }
        }
        if distance(at, c.at) <= 1 {
            list.push(judge(
                game,
                viewer,
                format!("Defend against {}", c.id),
                Command::Defend {
                    who: w(),
                    against: c.id.clone(),
                },
            ));
        }
        out.insert(c.id.clone(), list);
    }
    out
}

/// What stands next to crew member `p` that they could use: searchables,
/// doors, security stations, machines and switches.
fn at_hand(game: &Game, viewer: &Viewer, p: &Player) -> Vec<Choice> {
    let state = game.state();
    let w = || p.id.clone();
    let mut out = Vec::new();
    let mut add = |label: String, command: Command| out.push(judge(game, viewer, label, command));
    for s in state.searchables.iter().filter(|s| near(p.at, s.at)) {
        add(
            format!("Search at {}", s.at),
            Command::Search { who: w(), at: s.at },
        );
    }
    for d in state.doors.iter().filter(|d| near(p.at, d.at)) {
        if d.broken {
            add(
                format!("Repair the door lock at {}", d.at),
                Command::Repair {
                    who: w(),
                    at: Some(d.at),
                },
            );
        } else if d.locked {
            add(
                format!("Hack the {} door at {}", d.lock.name(), d.at),
                Command::Hack { who: w(), at: d.at },
            );
            if d.lock == nanite_station::scenario::Lock::Security {
                add(
                    format!("Use a security card on {}", d.at),
                    Command::UseCard { who: w(), at: d.at },
                );
            }
        }
    }
    for s in state.stations.iter().filter(|s| near(p.at, s.spec.at)) {
        if s.broken {
            add(
                format!("Repair the security station at {}", s.spec.at),
                Command::Repair {
                    who: w(),
                    at: Some(s.spec.at),
                },
            );
        } else {
            add(
                format!("Hack the security station at {}", s.spec.at),
                Command::Hack {
                    who: w(),
                    at: s.spec.at,
                },
            );
        }
    }
    for m in state.machines.iter().filter(|m| near(p.at, m.at)) {
        if m.broken {
            add(
                format!("Repair the machine at {}", m.at),
                Command::Repair {
                    who: w(),
                    at: Some(m.at),
                },
            );
        } else if !m.active {
            add(
                format!("Activate the machine at {}", m.at),
                Command::Activate { who: w(), at: m.at },
            );
        }
    }
    for s in state.scenario.switches.iter().filter(|s| near(p.at, s.at)) {
        add(
            format!("Use the switch at {}", s.at),
            Command::UseSwitch { who: w(), at: s.at },
        );
    }
    out
}

/// What crew member `p` could do with their gear: repair or modify the
/// weapon in hand; equip, use, research or drop what they carry.
fn gear(game: &Game, viewer: &Viewer, p: &Player) -> Vec<Choice> {
    let state = game.state();
    let w = || p.id.clone();
    let mut out = Vec::new();
    let mut add = |label: String, command: Command| out.push(judge(game, viewer, label, command));
    if let Some(weapon) = &p.weapon {
        let name = state.pack.item_name(&weapon.id).to_string();
        if weapon.broken {
            add(
                format!("Repair {name}"),
                Command::Repair { who: w(), at: None },
            );
        } else {
            add(format!("Modify {name}"), Command::Modify { who: w() });
        }
    }
    for item in &p.inventory {
        let id = item.id().to_string();
        let name = state.pack.item_name(&id).to_string();
        match item {
            Carried::Weapon(_) | Carried::Armor(_) => {
                add(
                    format!("Equip {name}"),
                    Command::Equip {
                        who: w(),
                        item: id.clone(),
                    },
                );
            }
            Carried::Item(_) => match state.pack.items.get(&id).map(|i| &i.kind) {
                Some(ItemKind::Consumable { .. }) => {
                    add(
                        format!("Use {name}"),
                        Command::Use {
                            who: w(),
                            item: id.clone(),
                        },
                    );
                }
                Some(ItemKind::Research(_)) => {
                    add(
                        format!("Research {name}"),
                        Command::Research {
                            who: w(),
                            item: id.clone(),
                        },
                    );
                }
                _ => {}
            },
        }
        add(format!("Drop {name}"), Command::Drop { who: w(), item: id });
    }
    out
}

/// What crew member `p`'s cyber modules could buy (ST-CHAR-03): a skill or
/// stat a step up, a psionic step, an upgrade not yet bought.
fn buys(game: &Game, viewer: &Viewer, p: &Player) -> Vec<Choice> {
    let state = game.state();
    let w = || p.id.clone();
    if p.cm > 0 {
        let mut wants: Vec<(String, Purchase)> = Skill::ALL
            .iter()
            .map(|s| {
                (
                    format!("{} level {}", s.name(), p.skill(*s) + 1),
                    Purchase::Skill(*s),
                )
            })
            .collect();
        wants.extend(Stat::ALL.iter().map(|s| {
            (
                format!("{} to {}", s.name(), p.stat(*s) + 1),
                Purchase::Stat(*s),
            )
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
        wants
            .into_iter()
            .map(|(label, what)| judge(game, viewer, label, Command::Buy { who: w(), what }))
            .collect()
    } else {
        Vec::new()
    }
}

/// A creature's candidate commands (the GM's turn).
fn creature(game: &Game, viewer: &Viewer, who: &str) -> Options {
    let state = game.state();
    let Some(c) = state.creature(who) else {
        return Options::default();
    };
    let mut out = Options {
        moves: moves(game, viewer, who, c.at),
        ..Options::default()
    };
    for p in state.living() {
        let list = vec![judge(
            game,
            viewer,
            format!("Attack {}", p.id),
            Command::Attack {
                who: who.to_string(),
                target: p.id.clone(),
                aim: 0,
            },
        )];
        out.attacks.insert(p.id.clone(), list);
    }
    out
}

/// What the viewer could do in `game` now.
pub(crate) fn judged(game: &Game, viewer: &Viewer) -> Judged {
    let state = game.state();
    let mut out = Judged::default();
    if matches!(state.phase, Phase::Over(_)) || viewer.role == crate::permissions::Role::Spectator {
        return out;
    }
    if state.phase == Phase::Players {
        for p in &state.players {
            if viewer.is_gm() || seats::controls(game, viewer, &p.id) {
                out.units.insert(p.id.clone(), crew(game, viewer, &p.id));
            }
        }
    }
    let automated = game.automated();
    if viewer.is_gm() && !automated {
        if state.phase == Phase::Gm {
            for c in &state.creatures {
                out.units
                    .insert(c.id.clone(), creature(game, viewer, &c.id));
            }
        }
        if matches!(state.phase, Phase::Setup | Phase::Gm) {
            let threat = state.gm.threat;
            let allowed = state
                .scenario
                .threats
                .range(..=threat)
                .next_back()
                .map(|(_, l)| l.keys().cloned().collect::<Vec<_>>())
                .unwrap_or_default();
            for kind in allowed {
                let mut legal = Vec::new();
                let mut why = None;
                for at in state.grid().floor() {
                    match Station::decide(
                        state,
                        &Command::Deploy {
                            creature: kind.clone(),
                            at,
                        },
                        &mut SeededDice::new(0),
                    ) {
                        Ok(_) => legal.push(at),
                        Err(r) => {
                            // A reason about the creature (points, limits,
                            // the phase) says best why there is no square at
                            // all; then one about a square's legality.
                            let rank = match r.rule {
                                Some("ST-GM-01" | "ST-GM-02" | "ST-FLOW-02") => 0,
                                Some("ST-GM-03") => 1,
                                _ => 2,
                            };
                            if why.as_ref().is_none_or(|(best, _)| rank < *best) {
                                why = Some((rank, format!("at {at}: {r}")));
                            }
                        }
                    }
                }
                let result = if legal.is_empty() {
                    Err(why.map_or_else(
                        || "no floor square".into(),
                        |(_, why)| format!("no legal square ({why})"),
                    ))
                } else {
                    Ok(legal)
                };
                out.deploys.insert(kind, result);
            }
        }
    }
    let end = match state.phase {
        Phase::Setup => Some(("Begin: the players move first", Command::Begin)),
        Phase::Players => Some(("End the players' turn", Command::EndTurn)),
        Phase::Gm if !automated => Some(("End the GM's turn", Command::EndTurn)),
        _ => None,
    };
    if let Some((label, command)) = end {
        let c = judge(game, viewer, label.to_string(), command);
        if c.refused.is_none() || viewer.is_gm() {
            out.turn.push(c);
        }
    }
    out
}
