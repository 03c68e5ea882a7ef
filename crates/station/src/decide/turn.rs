//! The clock: beginning the game, the end of each side's turn, the GM's
//! income, action cards and threat, cameras and alarms, turrets, doors that
//! open, tasks that finish, and objectives (rules ST-FLOW-*, ST-GM-04,
//! ST-GM-05, ST-ENV-02..04).

use nanite_core::{DiceSource, DieRequest};

use super::{Decision, after_harm};
use crate::command::{Refusal, refuse, refuse_by};
use crate::content::CardEffect;
use crate::content::WeaponKind;
use crate::event::Event;
use crate::map::{Pos, distance};
use crate::resolve::{AttackProfile, Situation, alarm_income, attack};
use crate::scenario::Goal;
use crate::state::{Phase, Side};

pub(super) fn begin(d: &mut Decision) -> Result<(), Refusal> {
    if d.state.phase != Phase::Setup {
        return Err(refuse_by("ST-FLOW-01", "the game has already begun"));
    }
    d.push(Event::Began);
    players_turn(d, 1);
    Ok(())
}

fn players_turn(d: &mut Decision, turn: u32) {
    let pack = d.state.pack.clone();
    let ap = d
        .state
        .players
        .iter()
        .filter(|p| p.alive())
        .map(|p| (p.id.clone(), p.turn_ap(&pack)))
        .collect();
    d.push(Event::PlayersTurn { turn, ap });
}

fn over(d: &Decision) -> bool {
    matches!(d.state.phase, Phase::Over(_))
}

pub(super) fn end_turn(d: &mut Decision, dice: &mut dyn DiceSource) -> Result<(), Refusal> {
    match d.state.phase {
        Phase::Setup => Err(refuse_by(
            "ST-FLOW-01",
            "the game has not begun: the GM places the first creatures, then begins",
        )),
        Phase::Players => {
            end_players_turn(d, dice)?;
            Ok(())
        }
        Phase::Gm => {
            end_gm_turn(d);
            Ok(())
        }
        Phase::Over(_) => Err(refuse("the game is over")),
    }
}

fn end_players_turn(d: &mut Decision, dice: &mut dyn DiceSource) -> Result<(), Refusal> {
    cameras(d);
    d.push(Event::GmTurn);
    income(d, dice)?;
    turrets(d, dice)?;
    if over(d) {
        return Ok(());
    }
    // A creature learns where the players are by seeing one; the alarm tells
    // only the creatures deployed during it (rule ST-ENV-03, see `deploy`).
    let spotted: Vec<String> = d
        .state
        .creatures
        .iter()
        .filter(|c| !c.knows)
        .filter(|c| {
            d.state
                .living()
                .filter_map(|p| p.at)
                .any(|at| crate::map::line_of_sight(&d.state, c.at, at))
        })
        .map(|c| c.id.clone())
        .collect();
    for id in spotted {
        d.push(Event::Spotted { id });
    }
    Ok(())
}

/// Each camera counts down while a player is in view and back up otherwise;
/// at 0 the alarm sounds (rule ST-ENV-02). While a hacked security station
/// has security down, the cameras are off and do not count (rule ST-ENV-03).
fn cameras(d: &mut Decision) {
    if d.state.gm.security_down > 0 {
        return;
    }
    let cams = d.state.cameras.clone();
    for cam in cams {
        let seen = d
            .state
            .living()
            .filter_map(|p| p.at)
            .any(|at| cam.cone.sees(&d.state, at));
        let counter = if seen {
            cam.counter - 1
        } else {
            (cam.counter + 1).min(3)
        };
        if counter != cam.counter {
            d.push(Event::CameraCounted {
                camera: cam.cone.at,
                counter,
            });
        }
        if counter <= 0 {
            d.push(Event::AlarmRaised {
                why: format!("the camera at {} saw the players for 3 turns", cam.cone.at),
                turrets: d.state.gm.security_down == 0,
            });
            d.push(Event::CameraCounted {
                camera: cam.cone.at,
                counter: 3,
            });
        }
    }
}

/// The GM's points at the start of its turn (rules ST-GM-04, ST-GM-05, ST-ENV-03).
fn income(d: &mut Decision, dice: &mut dyn DiceSource) -> Result<(), Refusal> {
    let turn = d.state.turn;
    let level = d.state.gm.threat;
    let threat = d.state.pack.income(level);
    if d.state.gm.alarm > 0 {
        let (bcp, mcp) = alarm_income(threat);
        d.push(Event::Income {
            bcp,
            mcp,
            why: format!("alarm: half of threat level {level}'s income, rounded up"),
        });
    }
    if turn % 2 == 0 {
        d.push(Event::Income {
            bcp: threat.bcp,
            mcp: threat.mcp,
            why: format!("every 2 turns at threat level {level}"),
        });
        let eggs = d
            .state
            .creatures
            .iter()
            .filter(|c| d.state.pack.creatures.get(&c.kind).is_some_and(|k| k.egg))
            .count() as i32;
        if eggs >= 5 {
            d.push(Event::Income {
                bcp: eggs / 5,
                mcp: 0,
                why: format!("{eggs} living eggs: 1 BCP for every 5"),
            });
        }
        draw_card(d, dice)?;
    }
    if turn % 4 == 0 {
        if d.state.gm.alarm > 0 {
            d.push(Event::ThreatHeld {
                why: "the rise every 4 turns".into(),
            });
        } else if d.state.gm.threat < d.state.max_threat() {
            let level = d.state.gm.threat + 1;
            d.push(Event::ThreatChanged {
                level,
                why: "every 4 turns the threat rises".into(),
            });
        }
    }
    Ok(())
}

fn draw_card(d: &mut Decision, dice: &mut dyn DiceSource) -> Result<(), Refusal> {
    let deck = d.state.pack.cards.clone();
    if deck.is_empty() {
        return Ok(());
    }
    let sides = deck.len() as u32;
    let roll = dice.roll(&DieRequest::new(sides, "action card"))?;
    let card = &deck[(roll as usize).clamp(1, deck.len()) - 1];
    d.push(Event::CardDrawn {
        card: card.id.clone(),
        roll,
        sides,
    });
    for effect in &card.effects {
        match effect {
            CardEffect::Bcp(n) => d.push(Event::Income {
                bcp: *n,
                mcp: 0,
                why: format!("action card {}", card.name),
            }),
            CardEffect::Mcp(n) => d.push(Event::Income {
                bcp: 0,
                mcp: *n,
                why: format!("action card {}", card.name),
            }),
            CardEffect::Threat(n) if *n > 0 && d.state.gm.alarm > 0 => {
                // During a Security Alarm the threat level is not increasing
                // (rules ST-ENV-03, ST-GM-05); a card lowering it still does.
                d.push(Event::ThreatHeld {
                    why: format!("action card {}: threat {n:+}", card.name),
                });
            }
            CardEffect::Threat(n) => {
                let level = i64::from(d.state.gm.threat)
                    .saturating_add(i64::from(*n))
                    .clamp(1, i64::from(d.state.max_threat()));
                let level = u32::try_from(level).unwrap_or(1);
                if level != d.state.gm.threat {
                    d.push(Event::ThreatChanged {
                        level,
                        why: format!("action card {}", card.name),
                    });
                }
            }
            CardEffect::Alarm => d.push(Event::AlarmRaised {
                why: format!("action card {}", card.name),
                turrets: d.state.gm.security_down == 0,
            }),
            CardEffect::LightsOut => {
                let mut rooms: Vec<u32> = d
                    .state
                    .living()
                    .filter_map(|p| p.at)
                    .filter_map(|at| d.state.grid().room(at))
                    .collect();
                rooms.sort_unstable();
                rooms.dedup();
                if !rooms.is_empty() {
                    d.push(Event::LightsOut { rooms });
                }
            }
            CardEffect::BreakMachine => {
                if let Some(m) = d.state.machines.iter().find(|m| !m.broken) {
                    let at = m.at;
                    d.push(Event::MachineBroken { at });
                }
            }
        }
    }
    Ok(())
}

/// Active turrets fire at the nearest player in their cone (rule ST-ENV-03).
fn turrets(d: &mut Decision, dice: &mut dyn DiceSource) -> Result<(), Refusal> {
    let turrets = d.state.turrets.clone();
    for t in turrets.iter().filter(|t| t.active) {
        if over(d) {
            break;
        }
        let cone = t.spec.cone;
        let target = d
            .state
            .living()
            .filter_map(|p| p.at.map(|at| (distance(cone.at, at), p.id.clone(), at)))
            .filter(|(_, _, at)| cone.sees(&d.state, *at))
            .min();
        let Some((dist, id, at)) = target else {
            continue;
        };
        let resistance = d
            .state
            .player(&id)
            .and_then(|p| p.armor.as_ref())
            .and_then(|a| d.state.pack.armors.get(a))
            .map_or(0, |a| a.resist.of(t.spec.damage_type));
        let profile = AttackProfile {
            weapon: "turret".into(),
            skill_source: "turret accuracy".into(),
            kind: WeaponKind::Energy,
            skill: t.spec.accuracy,
            reach: 0,
            mod_accuracy: 0,
            damage: t.spec.damage,
            shots: 1,
            damage_type: t.spec.damage_type,
        };
        let situation = Situation {
            distance: dist,
            light: d.state.shot_light(cone.at, at),
            aim: 0,
            defence: 0,
            resistance,
        };
        let report = attack(&profile, &situation, dice)?;
        d.push(Event::TurretFired {
            turret: cone.at,
            target: id.clone(),
            report,
        });
        after_harm(d, &id);
    }
    Ok(())
}

fn end_gm_turn(d: &mut Decision) {
    // Doors: an unlocked door with someone in front of it opens (rule ST-ENV-04).
    let opening: Vec<Pos> = d
        .state
        .doors
        .iter()
        .filter(|door| !door.locked)
        .filter(|door| {
            door.at.neighbours()[..4]
                .iter()
                .any(|n| d.state.unit_at(*n))
        })
        .map(|door| door.at)
        .collect();
    for at in opening {
        d.push(Event::DoorOpened { at });
    }
    if d.state.gm.alarm > 0 {
        d.push(Event::AlarmTicked);
        if d.state.gm.alarm == 0 {
            d.push(Event::AlarmEnded);
        }
    }
    // The outage of a hacked security station runs on the same clock.
    if d.state.gm.security_down > 0 {
        d.push(Event::SecurityTicked);
        if d.state.gm.security_down == 0 {
            d.push(Event::SecurityRestored);
        }
    }
    let busy: Vec<String> = d
        .state
        .players
        .iter()
        .filter(|p| p.alive() && p.task.is_some())
        .map(|p| p.id.clone())
        .collect();
    for who in busy {
        d.push(Event::TaskAdvanced { who: who.clone() });
        let done = d
            .state
            .player(&who)
            .and_then(|p| p.task.clone())
            .filter(|t| t.turns_left == 0);
        if let Some(task) = done {
            d.push(Event::TaskFinished { who: who.clone() });
            for e in task.outcome {
                d.push(e);
            }
        }
    }
    let next = d.state.turn.saturating_add(1);
    d.push(Event::TurnEnded { next });
    check_objectives(d);
    if !over(d) {
        players_turn(d, next);
    }
}

/// Marks reached objectives, gives their rewards, and ends the game on a
/// winning one (rules ST-FLOW-03, ST-CHAR-03).
pub(crate) fn check_objectives(d: &mut Decision) {
    if over(d) {
        return;
    }
    let objectives = d.state.scenario.objectives.clone();
    for (i, o) in objectives.iter().enumerate() {
        if d.state.reached[i] {
            continue;
        }
        let done = match o.goal {
            Goal::Reach(m) => {
                let squares = d
                    .state
                    .scenario
                    .markers
                    .get(&m)
                    .cloned()
                    .unwrap_or_default();
                d.state
                    .living()
                    .any(|p| p.at.is_some_and(|at| squares.contains(&at)))
            }
            Goal::Kill(n) => d.state.kills >= n,
            Goal::Survive(t) => d.state.turn > t && d.state.living().next().is_some(),
        };
        if done {
            d.push(Event::ObjectiveReached {
                index: i,
                reward: o.reward,
            });
            if o.win {
                d.push(Event::GameOver {
                    winner: Side::Players,
                    why: format!("objective {} reached", i + 1),
                });
                return;
            }
        }
    }
}

/// The GM wins when every player is dead and none can be reconstructed
/// (rules ST-DEATH-04, ST-FLOW-03).
pub(crate) fn check_gm_victory(d: &mut Decision) {
    if !over(d) && d.state.living().next().is_none() {
        d.push(Event::GameOver {
            winner: Side::Gm,
            why: "every player is dead and none can be reconstructed".into(),
        });
    }
}
