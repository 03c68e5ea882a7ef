//! A D20 encounter as each participant sees it: initiative, the round and
//! whose turn, the field (a grid or rows), grapples, and the combatants.
//! The GM sees everything; a player sees their own combatants whole and of
//! the others names, places, visible conditions and a wounded descriptor;
//! nobody but the GM sees a hidden combatant.

use nanite_core::CombatantId;
use nanite_core::encounter::Seat;
use nanite_d20::encounter::{Battle, D20Effect, Place};
use serde_json::{Value, json};

use crate::permissions::Viewer;
use crate::table::Encounter;
use crate::view::{item, owns};

/// How hurt a combatant looks from across the table.
pub(crate) fn wounded(hp: i64, max: i64, down: bool) -> &'static str {
    if down {
        "down"
    } else if hp >= max {
        "unhurt"
    } else if hp * 4 >= max * 3 {
        "scratched"
    } else if hp * 2 >= max {
        "wounded"
    } else {
        "badly wounded"
    }
}

/// Where a combatant stands, as JSON: `{"square": {"x", "y"}}` or
/// `{"row": "front"}`.
fn place(p: Place) -> Value {
    serde_json::to_value(p).unwrap_or(Value::Null)
}

/// What anyone can see of a combatant's state: stunned, casting (and what),
/// drained.
fn conditions(
    battle: &Battle,
    id: &CombatantId,
    visible: &dyn Fn(&CombatantId) -> bool,
) -> Vec<Value> {
    battle
        .clock
        .effects_on(id)
        .map(|e| match &e.payload {
            D20Effect::Stunned => json!({ "condition": "stunned", "ends": e.expiry.as_ref().map(ToString::to_string) }),
            D20Effect::Drained { points } => json!({ "condition": "drained", "points": points, "ends": e.expiry.as_ref().map(ToString::to_string) }),
            D20Effect::Casting { magic, target } => json!({
                "condition": "casting",
                "magic": magic.name,
                "target": if visible(target) { json!(target) } else { Value::Null },
            }),
        })
        .collect()
}

/// The encounter as `viewer` sees it.
pub(crate) fn encounter(enc: &Encounter, battle: &Battle, viewer: &Viewer) -> Value {
    let clock = &battle.clock;
    let seat = |id: &CombatantId| clock.seats.iter().find(|s| &s.id == id);
    let visible = |id: &CombatantId| viewer.is_gm() || seat(id).is_some_and(|s| !s.hidden);
    let (phase, round) = crate::view::phase(&clock.phase);
    let active = clock.active.clone().filter(|id| visible(id));
    let initiative: Vec<Value> = clock
        .order
        .iter()
        .filter(|id| visible(id))
        .map(|id| {
            json!({
                "id": id,
                "name": battle.name(id),
                "side": battle.side(id),
                "total": seat(id).and_then(|s| s.initiative.as_ref()).map(|i| i.total),
            })
        })
        .collect();
    let combatants: Vec<Value> = clock
        .seats
        .iter()
        .filter(|s| visible(&s.id))
        .filter_map(|s| {
            let entrant = enc.roster.get(&s.id);
            let mine = owns(entrant, viewer);
            combatant(battle, s, entrant, viewer.is_gm() || mine, mine, &visible)
        })
        .collect();
    let grapples: Vec<Value> = battle
        .grapples
        .iter()
        .filter(|g| visible(&g.a) && visible(&g.b))
        .map(|g| json!({ "a": g.a, "b": g.b, "advantage": g.advantage }))
        .collect();
    let movement = active
        .as_ref()
        .and_then(|id| battle.combatants.get(id))
        .map(|c| {
            json!({
                "allowance": c.movement.allowance,
                "used": c.movement.used,
                "left": c.movement.left(),
                "doubled": c.movement.doubled,
            })
        });
    let log: Vec<Value> = enc.log.iter().filter_map(|i| item(i, viewer)).collect();
    json!({
        "id": enc.id,
        "name": enc.name,
        "phase": phase,
        "round": round,
        "active": active,
        "actions": active.as_ref().map(|_| json!({
            "total": clock.budget.total,
            "left": clock.budget.left,
        })),
        "movement": movement,
        "initiative": initiative,
        "initiative_settings": {
            "by": battle.campaign.initiative,
            "reroll": battle.campaign.reroll,
        },
        "field": battle.field,
        "combatants": combatants,
        "grapples": grapples,
        "owed": battle.owed.as_ref().filter(|o| visible(&o.chooser) && visible(&o.against)).map(|o| json!({
            "chooser": o.chooser,
            "against": o.against,
        })),
        "free_grapple": battle.free_grapple.as_ref().filter(|id| visible(id)),
        "log": log,
    })
}

fn combatant(
    battle: &Battle,
    seat: &Seat,
    entrant: Option<&crate::table::Entrant>,
    full: bool,
    mine: bool,
    visible: &dyn Fn(&CombatantId) -> bool,
) -> Option<Value> {
    let c = battle.combatants.get(&seat.id)?;
    let f = &c.fighter;
    let max_hp = battle.max_hp(&seat.id);
    let down = battle.is_down(&seat.id);
    let grapple = battle.grapple_of(&seat.id).and_then(|g| {
        let other = g.other(&seat.id);
        visible(&other).then(|| {
            json!({
                "with": other,
                "advantage": g.holds(&seat.id),
                "opponent_advantage": g.holds(&other),
            })
        })
    });
    let mut out = json!({
        "id": seat.id,
        "name": f.name,
        "side": seat.side,
        "place": place(c.place),
        "conditions": conditions(battle, &seat.id, visible),
        "grapple": grapple,
        "wounded": wounded(c.hp, max_hp, down),
        "down": down,
        "mine": mine,
    });
    if !full {
        return Some(out);
    }
    let weapons: Vec<Value> = f
        .weapons
        .iter()
        .enumerate()
        .map(|(i, w)| {
            json!({
                "index": i,
                "id": w.id,
                "name": w.name,
                "kind": w.kind,
                "damage": w.damage,
                "reach_feet": w.reach_feet(),
            })
        })
        .collect();
    let magic: Vec<Value> = f
        .magic
        .iter()
        .map(|m| json!({ "id": m.id, "name": m.name, "kind": m.kind, "cost": m.cost, "range": m.range, "harmful": m.harmful() }))
        .collect();
    let defense: i64 = f
        .defense(&battle.campaign, &battle.scores(&seat.id))
        .iter()
        .map(|(_, v)| v)
        .sum();
    let extra = json!({
        "hidden": seat.hidden,
        "character": entrant.and_then(|e| e.character.clone()),
        "owner": entrant.and_then(|e| e.owner.clone()),
        "hp": c.hp,
        "max_hp": max_hp,
        "energy": c.energy,
        "max_energy": f.spell_energy,
        "power_points": c.power_points,
        "max_power_points": f.power_points,
        "defense": defense,
        "speed": f.speed,
        "level": f.level,
        "initiative": seat.initiative.as_ref().map(|i| i.total),
        "weapons": weapons,
        "magic": magic,
    });
    if let (Some(out), Some(extra)) = (out.as_object_mut(), extra.as_object()) {
        out.extend(extra.clone());
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    #[test]
    fn wounds_read_from_across_the_table() {
        let cases = [
            (20, 20, false, "unhurt"),
            (15, 20, false, "scratched"),
            (10, 20, false, "wounded"),
            (9, 20, false, "badly wounded"),
            (0, 20, true, "down"),
        ];
        for (hp, max, down, expected) in cases {
            assert_eq!(super::wounded(hp, max, down), expected, "{hp} of {max}");
        }
    }
}
