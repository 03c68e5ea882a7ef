//! Moving, attacking, defending, items and cyber modules.

use nanite_core::DiceSource;

use super::{Decision, acting, after_harm, needs_ap};
use crate::command::{Purchase, Refusal, refuse, refuse_by};
use crate::content::{ItemKind, WeaponKind};
use crate::event::Event;
use crate::map::{self, Pos, distance};
use crate::resolve::{AttackProfile, Situation, attack as resolve_attack};
use crate::scenario::CyberMode;
use crate::state::{Carried, Phase, State};

/// A unit about to act: a player in the players' turn or a creature in the GM's.
struct Actor {
    at: Pos,
    ap: i32,
    creature: bool,
}

fn actor(state: &State, who: &str) -> Result<Actor, Refusal> {
    if let Some(c) = state.creature(who) {
        if state.phase != Phase::Gm {
            return Err(refuse_by(
                "ST-FLOW-02",
                format!("{who} is a creature and acts only in the GM's turn"),
            ));
        }
        return Ok(Actor {
            at: c.at,
            ap: c.ap,
            creature: true,
        });
    }
    let p = acting(state, who)?;
    Ok(Actor {
        at: p.at.unwrap_or(Pos::new(0, 0)),
        ap: p.ap,
        creature: false,
    })
}

pub(super) fn move_unit(d: &mut Decision, who: &str, to: Pos) -> Result<(), Refusal> {
    let a = actor(&d.state, who)?;
    if to == a.at {
        return Err(refuse(format!("{who} is already on {to}")));
    }
    if d.state.grid().tile(to) != map::Tile::Floor {
        return Err(refuse(format!("{to} is not floor")));
    }
    if d.state.door(to).is_some() {
        return Err(refuse_by(
            "ST-ENV-04",
            format!(
                "the door on {to} is closed; stand in front of it and it opens at the end of the turn once unlocked"
            ),
        ));
    }
    if d.state.occupied_for_moves(to) {
        return Err(refuse(format!("{to} is taken")));
    }
    let Some((path, cost)) = map::path(&d.state, a.at, to) else {
        return Err(refuse_by(
            "ST-MAP-01",
            format!("{who} has no way to {to}: walls, closed doors or others are in the way"),
        ));
    };
    let cost = i32::try_from(cost).unwrap_or(i32::MAX);
    needs_ap(a.ap, cost, who, &format!("moving to {to}"))?;
    d.push(Event::Moved {
        who: who.to_string(),
        path,
        ap: cost,
    });
    if !a.creature {
        super::turn::check_objectives(d);
    }
    Ok(())
}

/// The attack profile of a player's equipped weapon or a creature's natural one.
fn profile(state: &State, who: &str) -> Result<AttackProfile, Refusal> {
    let pack = &state.pack;
    if let Some(c) = state.creature(who) {
        let kind = &pack.creatures[&c.kind];
        let weapon = kind
            .weapon
            .as_ref()
            .and_then(|w| pack.weapons.get(w))
            .ok_or_else(|| refuse(format!("{who} ({}) cannot attack", kind.name)))?;
        return Ok(AttackProfile {
            weapon: weapon.name.clone(),
            skill_source: format!("{}'s {} skill", kind.name, weapon.kind.skill().name()),
            kind: weapon.kind,
            skill: kind.skill,
            reach: if weapon.kind == WeaponKind::Melee {
                kind.agi
            } else {
                weapon.range
            },
            mod_accuracy: 0,
            damage: weapon.damage,
            shots: weapon.shots,
            damage_type: weapon.damage_type,
        });
    }
    let p = state
        .player(who)
        .ok_or_else(|| refuse(format!("there is no {who}")))?;
    let Some(gear) = &p.weapon else {
        // Fists: melee, 1 standard damage.
        return Ok(AttackProfile {
            weapon: "fists".into(),
            skill_source: "melee skill".into(),
            kind: WeaponKind::Melee,
            skill: p.skill(crate::content::Skill::Melee),
            reach: p.stat(crate::content::Stat::Agi),
            mod_accuracy: 0,
            damage: 1,
            shots: 1,
            damage_type: crate::content::DamageType::Standard,
        });
    };
    if gear.broken {
        return Err(refuse_by(
            "ST-TECH-03",
            format!(
                "{who}'s {} is broken; repair it first",
                pack.item_name(&gear.id)
            ),
        ));
    }
    let w = &pack.weapons[&gear.id];
    let made = &w.mods[..(gear.mods as usize).min(w.mods.len())];
    Ok(AttackProfile {
        weapon: w.name.clone(),
        skill_source: format!("{} skill", w.kind.skill().name()),
        kind: w.kind,
        skill: p.skill(w.kind.skill()),
        reach: if w.kind == WeaponKind::Melee {
            p.stat(crate::content::Stat::Agi)
        } else {
            w.range
        },
        mod_accuracy: made.iter().map(|m| m.accuracy).sum(),
        damage: w.damage + made.iter().map(|m| m.damage).sum::<i32>(),
        shots: w.shots,
        damage_type: w.damage_type,
    })
}

/// Where a target stands, its resistance to a damage type and its defence
/// against an attacker.
fn target_of(
    state: &State,
    target: &str,
    attacker: &str,
    kind: crate::content::DamageType,
) -> Option<(Pos, i32, i32)> {
    if let Some(c) = state.creature(target) {
        let resist = state.pack.creatures[&c.kind].resist.of(kind);
        return Some((c.at, resist, i32::from(c.defending.contains(attacker))));
    }
    let p = state.player(target)?;
    let at = p.at?;
    let resist = p
        .armor
        .as_ref()
        .and_then(|a| state.pack.armors.get(a))
        .map_or(0, |a| a.resist.of(kind));
    Some((at, resist, i32::from(p.defending.contains(attacker))))
}

pub(super) fn attack(
    d: &mut Decision,
    who: &str,
    target: &str,
    aim: u32,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let a = actor(&d.state, who)?;
    let p = profile(&d.state, who)?;
    let enemy = if a.creature {
        d.state.player(target).is_some()
    } else {
        d.state.creature(target).is_some()
    };
    if !enemy {
        return Err(refuse(format!(
            "{target} is not an enemy of {who} on the map"
        )));
    }
    let Some((at, resistance, defence)) = target_of(&d.state, target, who, p.damage_type) else {
        return Err(refuse(format!("{target} is not on the map")));
    };
    let dist = distance(a.at, at);
    if p.kind == WeaponKind::Melee {
        if dist > 1 {
            return Err(refuse_by(
                "ST-MELEE-01",
                format!(
                    "{who} must stand next to {target} to strike with {} ({dist} squares away)",
                    p.weapon
                ),
            ));
        }
        if aim > 0 {
            return Err(refuse_by(
                "ST-SHOOT-03",
                "aiming adds accuracy to shots, not to blows",
            ));
        }
    }
    if !map::line_of_sight(&d.state, a.at, at) {
        return Err(refuse_by(
            "ST-MAP-01",
            format!("{who} cannot see {target}: a wall or closed door is in the way"),
        ));
    }
    // Aim is bounded by the AP at hand: the cost is counted in i64 so no aim
    // a command can carry wraps it (rule ST-SHOOT-03).
    let cost = i64::from(aim) + 1;
    if cost > i64::from(a.ap) {
        return Err(refuse_by(
            "ST-CHAR-01",
            format!(
                "{who} has {} AP left; an attack with {aim} extra AP of aim needs {cost}",
                a.ap
            ),
        ));
    }
    let ap = i32::try_from(cost).unwrap_or(i32::MAX);
    let situation = Situation {
        distance: dist,
        light: d.state.shot_light(a.at, at),
        aim: ap - 1,
        defence: if p.kind == WeaponKind::Melee {
            defence
        } else {
            0
        },
        resistance,
    };
    let report = resolve_attack(&p, &situation, dice)?;
    d.push(Event::Attacked {
        attacker: who.to_string(),
        target: target.to_string(),
        weapon: p.weapon.clone(),
        report,
        ap,
    });
    after_harm(d, target);
    Ok(())
}

pub(super) fn psi(
    d: &mut Decision,
    who: &str,
    power: &str,
    target: &str,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let p = acting(&d.state, who)?.clone();
    let Some(pw) = d.state.pack.powers.get(power).cloned() else {
        return Err(refuse(format!("there is no psionic power {power}")));
    };
    if p.psi.0 < pw.tier {
        return Err(refuse_by(
            "ST-CHAR-03",
            format!(
                "{} needs psionic tier {}; {who} has {}",
                pw.name, pw.tier, p.psi.0
            ),
        ));
    }
    if p.pp < pw.pp {
        return Err(refuse_by(
            "ST-CHAR-01",
            format!("{} costs {} Psi Points; {who} has {}", pw.name, pw.pp, p.pp),
        ));
    }
    if d.state.creature(target).is_none() {
        return Err(refuse(format!(
            "{target} is not an enemy of {who} on the map"
        )));
    }
    let Some((at, resistance, _)) = target_of(&d.state, target, who, pw.damage_type) else {
        return Err(refuse(format!("{target} is not on the map")));
    };
    let here = p.at.unwrap_or(at);
    if !map::line_of_sight(&d.state, here, at) {
        return Err(refuse_by("ST-MAP-01", format!("{who} cannot see {target}")));
    }
    needs_ap(p.ap, 1, who, "a psionic power")?;
    let profile = AttackProfile {
        weapon: pw.name.clone(),
        skill_source: "psionic skill".into(),
        kind: WeaponKind::Energy,
        skill: p.psi.1,
        reach: pw.range + p.stat(crate::content::Stat::Psi),
        mod_accuracy: 0,
        damage: pw.damage,
        shots: 1,
        damage_type: pw.damage_type,
    };
    let situation = Situation {
        distance: distance(here, at),
        light: crate::resolve::Light::Lit,
        aim: 0,
        defence: 0,
        resistance,
    };
    let report = resolve_attack(&profile, &situation, dice)?;
    d.push(Event::PsiSpent {
        who: who.to_string(),
        pp: pw.pp,
    });
    d.push(Event::Attacked {
        attacker: who.to_string(),
        target: target.to_string(),
        weapon: pw.name,
        report,
        ap: 1,
    });
    after_harm(d, target);
    Ok(())
}

pub(super) fn defend(d: &mut Decision, who: &str, against: &str) -> Result<(), Refusal> {
    let a = actor(&d.state, who)?;
    let enemy = if a.creature {
        d.state.player(against).is_some_and(|p| p.alive())
    } else {
        d.state.creature(against).is_some()
    };
    if !enemy {
        return Err(refuse_by(
            "ST-MELEE-02",
            format!("{against} is not an enemy on the map"),
        ));
    }
    let already = d
        .state
        .player(who)
        .map(|p| p.defending.contains(against))
        .or_else(|| d.state.creature(who).map(|c| c.defending.contains(against)))
        .unwrap_or(false);
    if already {
        return Err(refuse_by(
            "ST-MELEE-02",
            format!("{who} already defends against {against} until its next turn"),
        ));
    }
    needs_ap(a.ap, 1, who, "defending")?;
    d.push(Event::Defended {
        who: who.to_string(),
        against: against.to_string(),
    });
    Ok(())
}

fn carried_index(d: &Decision, who: &str, item: &str) -> Result<usize, Refusal> {
    let p = d
        .state
        .player(who)
        .ok_or_else(|| refuse(format!("there is no player {who}")))?;
    p.inventory
        .iter()
        .position(|c| c.id() == item)
        .ok_or_else(|| refuse(format!("{who} carries no {item}")))
}

pub(super) fn equip(d: &mut Decision, who: &str, item: &str) -> Result<(), Refusal> {
    let p = acting(&d.state, who)?;
    let ap = p.ap;
    let index = carried_index(d, who, item)?;
    if matches!(
        d.state.player(who).map(|p| &p.inventory[index]),
        Some(Carried::Item(_))
    ) {
        return Err(refuse_by(
            "ST-INV-01",
            format!("{item} is neither a weapon nor an armor"),
        ));
    }
    needs_ap(ap, 1, who, "equipping")?;
    d.push(Event::Equipped {
        who: who.to_string(),
        index,
    });
    Ok(())
}

pub(super) fn drop_item(d: &mut Decision, who: &str, item: &str) -> Result<(), Refusal> {
    acting(&d.state, who)?;
    let index = carried_index(d, who, item)?;
    d.push(Event::Dropped {
        who: who.to_string(),
        index,
    });
    Ok(())
}

pub(super) fn use_item(d: &mut Decision, who: &str, item: &str) -> Result<(), Refusal> {
    let ap = acting(&d.state, who)?.ap;
    let index = carried_index(d, who, item)?;
    let Some(ItemKind::Consumable { heal, stat }) =
        d.state.pack.items.get(item).map(|i| i.kind.clone())
    else {
        return Err(refuse(format!("{item} cannot be used up")));
    };
    needs_ap(ap, 1, who, "using an item")?;
    d.push(Event::UsedItem {
        who: who.to_string(),
        index,
        heal,
        stat,
    });
    Ok(())
}

pub(super) fn buy(d: &mut Decision, who: &str, what: &Purchase) -> Result<(), Refusal> {
    let p = acting(&d.state, who)?;
    let prices = &d.state.pack.cyber;
    let (table, level) = match what {
        Purchase::Skill(s) => (&prices.skill, p.skill(*s)),
        Purchase::Stat(s) => (&prices.stat, p.stat(*s)),
        Purchase::PsiTier => (&prices.psi_tier, p.psi.0),
        Purchase::PsiSkill => (&prices.psi_skill, p.psi.1),
        Purchase::Upgrade(u) => {
            if p.upgrades.contains(u) {
                return Err(refuse(format!("{who} already has {u}")));
            }
            let cost =
                prices.upgrades.get(u).copied().ok_or_else(|| {
                    refuse_by("ST-CHAR-03", format!("no upgrade {u} is for sale"))
                })?;
            return pay(d, who, what, cost);
        }
    };
    let cost = table.get(level.max(0) as usize).copied().ok_or_else(|| {
        refuse_by(
            "ST-CHAR-03",
            format!("{who} is at level {level}: the price list ends there"),
        )
    })?;
    pay(d, who, what, cost)
}

fn pay(d: &mut Decision, who: &str, what: &Purchase, cost: i32) -> Result<(), Refusal> {
    let p = d
        .state
        .player(who)
        .ok_or_else(|| refuse(format!("there is no player {who}")))?;
    if d.state.scenario.cyber == CyberMode::UpgradeUnits {
        let here = p.at.unwrap_or(Pos::new(-9, -9));
        if !d
            .state
            .scenario
            .upgrade_units
            .iter()
            .any(|u| distance(*u, here) <= 1)
        {
            return Err(refuse_by(
                "ST-CHAR-03",
                format!(
                    "this scenario spends cyber modules only in front of an upgrade unit, and {who} is at none"
                ),
            ));
        }
    }
    if p.cm < cost {
        return Err(refuse_by(
            "ST-CHAR-03",
            format!("{what} costs {cost} cyber modules; {who} has {}", p.cm),
        ));
    }
    d.push(Event::Bought {
        who: who.to_string(),
        what: what.clone(),
        cost,
    });
    Ok(())
}
