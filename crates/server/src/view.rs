//! What each participant sees: the encounter (initiative, round, whose
//! turn, combatants, the log) and each feed entry, cut to the viewer. The
//! GM sees everything; a player sees their own combatants whole and of the
//! others only names, visible conditions and a wounded descriptor; nobody
//! but the GM sees a hidden combatant.

use axum::Json;
use axum::http::{HeaderName, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use nanite_compound_x::combat::Fighter;
use nanite_compound_x::encounter::Battle;
use nanite_core::CombatantId;
use nanite_core::encounter::{FightPhase, Seat};
use serde_json::{Value, json};

use crate::permissions::{Role, Viewer};
use crate::ruleset::{Play, Ruleset};
use crate::sessions::Caller;
use crate::table::{Encounter, Entrant, Item, ItemBody};

/// The viewer a caller is.
pub(crate) fn viewer(caller: &Caller) -> Viewer {
    Viewer {
        role: caller.role(),
        invite: caller.invite.id.clone(),
        slot: caller.invite.slot.clone(),
    }
}

/// A feed entry as `viewer` may see it, or `None`. An entry hidden from
/// the viewer that started a play session still shows that start.
pub(crate) fn item(item: &Item, viewer: &Viewer) -> Option<Value> {
    let shown = shown_item(item, viewer).or_else(|| {
        let seeded = match &item.body {
            ItemBody::Command(c) => c.seeded.as_ref(),
            ItemBody::Roll(r) => r.seeded.as_ref(),
            _ => None,
        }?;
        Some(json!({
            "type": "play_session_started",
            "session": seeded.session,
            "commitment": seeded.commitment.as_ref()?,
        }))
    });
    shown.map(|mut out| {
        out["version"] = json!(item.version);
        out
    })
}

fn shown_item(item: &Item, viewer: &Viewer) -> Option<Value> {
    let out = match &item.body {
        ItemBody::EncounterCreated {
            encounter,
            name,
            d20,
        } => json!({
            "type": "encounter_created",
            "encounter": encounter,
            "name": name,
            "ruleset": if d20.is_some() { Ruleset::D20 } else { Ruleset::CompoundX },
            "field": d20.as_ref().map(|d| &d.field),
        }),
        ItemBody::Command(c) if viewer.is_gm() => json!({
            "type": "command",
            "encounter": c.encounter,
            "by": item.by,
            "command": c.name,
            "order": c.order,
            "lines": c.told.gm,
            "table_lines": c.told.table,
            "dice": c.dice,
            "seeded": c.seeded,
            "physical": c.physical,
            "events": c.events,
        }),
        ItemBody::Command(c) if c.told.secret => return None,
        ItemBody::Command(c) => json!({
            "type": "command",
            "encounter": c.encounter,
            "command": c.name,
            "lines": c.told.table,
        }),
        ItemBody::Undone { encounter, undone } => {
            let ItemBody::Command(c) = &undone.body else {
                return None;
            };
            if !viewer.is_gm() && c.told.secret {
                return None;
            }
            let lines = if viewer.is_gm() {
                &c.told.gm
            } else {
                &c.told.table
            };
            let mut said = vec![format!("The GM takes back `{}`:", c.name)];
            said.extend(lines.iter().map(|l| format!("  {l}")));
            json!({
                "type": "undone",
                "encounter": encounter,
                "command": c.name,
                "undone_version": undone.version,
                "lines": said,
            })
        }
        ItemBody::Roll(roll) => {
            let mut shown = roll.shown_to(&item.by, viewer)?;
            shown["type"] = json!("roll");
            shown
        }
        ItemBody::SessionStarted {
            session,
            commitment,
        } => json!({
            "type": "play_session_started",
            "session": session,
            "commitment": commitment,
        }),
        ItemBody::Station(s) => crate::station::view::item(s, &item.by, viewer),
        ItemBody::SessionEnded {
            session,
            commitment,
            seed,
        } => json!({
            "type": "play_session_ended",
            "session": session,
            "commitment": commitment,
            "seed": seed,
        }),
    };
    Some(out)
}

/// The answer to a change: 201 with the entry as the caller sees it, or 200
/// and `Idempotent-Replayed: true` when the key had been used.
pub(crate) fn created(replayed: bool, version: i64, shown: Option<Value>) -> Response {
    let body = Json(json!({
        "version": version,
        "replayed": replayed,
        "entry": shown,
    }));
    if replayed {
        (
            StatusCode::OK,
            [(
                HeaderName::from_static("idempotent-replayed"),
                HeaderValue::from_static("true"),
            )],
            body,
        )
            .into_response()
    } else {
        (StatusCode::CREATED, body).into_response()
    }
}

/// How hurt a combatant looks from across the table.
pub(crate) fn wounded(f: &Fighter) -> &'static str {
    if f.dead {
        "dead"
    } else if f.is_downed() {
        "down"
    } else if f.hp >= f.max_hp {
        "unhurt"
    } else if f.hp * 4 >= f.max_hp * 3 {
        "scratched"
    } else if f.hp * 2 >= f.max_hp {
        "wounded"
    } else {
        "badly wounded"
    }
}

/// Whether `viewer` plays the combatant `entrant` describes.
pub(crate) fn owns(entrant: Option<&Entrant>, viewer: &Viewer) -> bool {
    let Some(e) = entrant else { return false };
    e.owner.as_deref() == Some(viewer.invite.as_str())
        || (e.character.is_some() && e.character == viewer.slot)
}

/// The table's seat of `viewer` at a fight whose combatants are `seats`:
/// the GM, a player of the combatants they own, or a spectator.
pub(crate) fn seat<'a>(
    enc: &Encounter,
    seats: impl Iterator<Item = &'a CombatantId>,
    viewer: &Viewer,
) -> nanite_core::table::Seat {
    use nanite_core::table::Seat;
    match viewer.role {
        Role::Gm => Seat::Gm,
        Role::Player => Seat::Player {
            controls: seats
                .filter(|id| owns(enc.roster.get(*id), viewer))
                .cloned()
                .collect(),
        },
        Role::Spectator => Seat::Spectator,
    }
}

/// The encounter as `viewer` sees it, with its ruleset.
pub(crate) fn encounter(enc: &Encounter, viewer: &Viewer) -> Value {
    let mut out = match &enc.play {
        Play::CompoundX(game) => cx_encounter(enc, game.state(), viewer),
        Play::D20(game) => crate::d20::view::encounter(enc, game.state(), viewer),
    };
    out["ruleset"] = json!(enc.ruleset());
    out
}

/// A Compound X encounter as `viewer` sees it.
fn cx_encounter(enc: &Encounter, battle: &Battle, viewer: &Viewer) -> Value {
    let clock = &battle.clock;
    let seat = |id: &CombatantId| clock.seats.iter().find(|s| &s.id == id);
    let visible = |id: &CombatantId| viewer.is_gm() || seat(id).is_some_and(|s| !s.hidden);
    let name = |id: &CombatantId| {
        battle
            .combatants
            .get(id)
            .map_or_else(|| id.to_string(), |c| c.fighter.name.clone())
    };
    let (phase, round) = crate::view::phase(&clock.phase);
    let active = clock.active.clone().filter(|id| visible(id));
    let initiative: Vec<Value> = clock
        .order
        .iter()
        .filter(|id| visible(id))
        .map(|id| {
            json!({
                "id": id,
                "name": name(id),
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
            let full = viewer.is_gm() || owns(entrant, viewer);
            combatant(battle, s, entrant, full, owns(entrant, viewer))
        })
        .collect();
    let distances: Vec<Value> = battle
        .distances
        .iter()
        .filter(|((a, b), _)| visible(a) && visible(b))
        .map(|((a, b), m)| json!([a, b, m]))
        .collect();
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
        "initiative": initiative,
        "combatants": combatants,
        "distances": distances,
        "log": log,
    })
}

fn combatant(
    battle: &Battle,
    seat: &Seat,
    entrant: Option<&Entrant>,
    full: bool,
    mine: bool,
) -> Option<Value> {
    let c = battle.combatants.get(&seat.id)?;
    let f = &c.fighter;
    let conditions: Vec<Value> = battle
        .conditions(&seat.id)
        .map(|k| json!({ "condition": k.kind, "stacks": k.stacks }))
        .collect();
    let mut out = json!({
        "id": seat.id,
        "name": f.name,
        "side": seat.side,
        "conditions": conditions,
        "wounded": wounded(f),
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
                "loaded": w.loaded,
                "magazine": w.magazine,
                "spare_magazines": w.spare_magazines,
                "jammed": w.jammed,
                "broken": w.broken,
            })
        })
        .collect();
    let extra = json!({
        "hidden": seat.hidden,
        "character": entrant.and_then(|e| e.character.clone()),
        "owner": entrant.and_then(|e| e.owner.clone()),
        "hp": f.hp,
        "max_hp": f.max_hp,
        "nanites": f.nanites,
        "max_nanites": f.max_nanites,
        "armor": f.armor.as_ref().map(|a| json!({
            "name": a.name,
            "points_left": a.points_left,
            "armor_points": a.armor_points,
            "apl": a.apl,
            "coverage": a.coverage,
        })),
        "shield": f.shield.as_ref().map(|s| json!({
            "name": s.name,
            "strength": s.strength,
            "max": s.max,
        })),
        "cover": c.cover,
        "stance": c.stance,
        "downed": f.is_downed(),
        "dead": f.dead,
        "wounds": f.wounds,
        "initiative": seat.initiative.as_ref().map(|i| i.total),
        "weapons": weapons,
    });
    if let (Some(out), Some(extra)) = (out.as_object_mut(), extra.as_object()) {
        out.extend(extra.clone());
    }
    Some(out)
}

/// An encounter's phase as the API names it, and its round (0 outside the
/// rounds): the same for every ruleset.
pub(crate) fn phase(phase: &FightPhase) -> (&'static str, u32) {
    match phase {
        FightPhase::Setup => ("setup", 0),
        FightPhase::Surprise { .. } => ("surprise", 0),
        FightPhase::Round { number } => ("round", *number),
        FightPhase::Ended => ("ended", 0),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn wounds_read_from_across_the_table() {
        let pack = crate::pack::sample().unwrap();
        let text = include_str!("../../../examples/compound-x/raider.toml");
        let (character, _) = nanite_compound_x::Character::read(
            &nanite_core::content::SourceFile::new("raider.toml", text),
        );
        let sheet = nanite_compound_x::Sheet::compute(&character, &pack);
        let mut f = nanite_compound_x::combat::Fighter::from_sheet(&sheet, &pack);
        let max = f.max_hp;
        let cases = [
            (max, "unhurt"),
            (max - 1, "scratched"),
            (max / 2, "wounded"),
            (max / 2 - 1, "badly wounded"),
            (0, "down"),
        ];
        for (hp, expected) in cases {
            f.hp = hp;
            assert_eq!(super::wounded(&f), expected, "{hp} of {max}");
        }
        f.dead = true;
        assert_eq!(super::wounded(&f), "dead");
    }
}
