//! A D20 encounter as each participant sees it: initiative, the round and
//! whose turn, the field (a grid or rows), grapples, and the combatants.
//! The GM sees everything; a player sees their own combatants whole and of
//! the others names, places, visible conditions and a wounded descriptor;
//! nobody but the GM sees a hidden combatant.
//!
//! The view is plain structs: the API serializes them (the JSON shape is
//! the API's, see docs/server.md) and the tracker page reads the same
//! fields, so a renamed field is a compile error, not a blank on the page.

use nanite_core::CombatantId;
use nanite_core::encounter::Seat;
use nanite_d20::campaign::{InitiativeBy, InitiativeReroll};
use nanite_d20::encounter::{Battle, D20Effect, Field, Place};
use nanite_d20::pack::{MagicKind, WeaponKind};
use serde::Serialize;
use serde_json::Value;

use crate::permissions::Viewer;
use crate::table::{Encounter, Entrant, Table};
use crate::view::{owns, shown};

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

/// A D20 encounter as one viewer sees it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = D20EncounterView)]
pub(crate) struct EncounterView {
    /// The encounter's id.
    pub(crate) id: String,
    /// Its name.
    pub(crate) name: String,
    /// `setup`, `surprise`, `round` or `ended`.
    pub(crate) phase: &'static str,
    /// The round (0 outside the rounds).
    pub(crate) round: u32,
    /// Whose turn it is, if the viewer may see them.
    pub(crate) active: Option<CombatantId>,
    /// The active combatant's actions this turn.
    pub(crate) actions: Option<Actions>,
    /// The active combatant's movement this turn.
    pub(crate) movement: Option<MovementView>,
    /// The initiative order, as far as the viewer sees it.
    pub(crate) initiative: Vec<InitiativeEntry>,
    /// How the campaign rolls initiative.
    pub(crate) initiative_settings: InitiativeSettings,
    /// The grid or the rows.
    pub(crate) field: Field,
    /// The combatants the viewer sees, in seat order.
    pub(crate) combatants: Vec<CombatantView>,
    /// The grapples between combatants the viewer sees.
    pub(crate) grapples: Vec<GrappleView>,
    /// The choice owed after a takedown's natural 1.
    pub(crate) owed: Option<OwedView>,
    /// Who may make a free grappling attack now.
    pub(crate) free_grapple: Option<CombatantId>,
    /// The encounter's log, each entry as the feed shows it to the viewer.
    #[schema(value_type = Vec<crate::view::Shown<'static>>)]
    pub(crate) log: Vec<LogEntry>,
}

/// The actions of a turn.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = D20Actions)]
pub(crate) struct Actions {
    /// Actions in the turn.
    pub(crate) total: u32,
    /// Actions not spent yet.
    pub(crate) left: u32,
}

/// The active combatant's movement this turn, in feet.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = D20MovementView)]
pub(crate) struct MovementView {
    /// Its allowance.
    pub(crate) allowance: i64,
    /// Spent so far.
    pub(crate) used: i64,
    /// Still to go.
    pub(crate) left: i64,
    /// Doubled by giving up the turn's actions.
    pub(crate) doubled: bool,
}

/// A place in the initiative order.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = D20InitiativeEntry)]
pub(crate) struct InitiativeEntry {
    /// Who.
    pub(crate) id: CombatantId,
    /// Their name.
    pub(crate) name: String,
    /// Their side.
    pub(crate) side: Option<String>,
    /// Their initiative, once rolled.
    pub(crate) total: Option<i64>,
}

/// How the campaign rolls initiative.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = D20InitiativeSettings)]
pub(crate) struct InitiativeSettings {
    /// By combatant or by side.
    pub(crate) by: InitiativeBy,
    /// Each round or kept for the battle.
    pub(crate) reroll: InitiativeReroll,
}

/// A grapple between two combatants.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = D20GrappleView)]
pub(crate) struct GrappleView {
    /// One of them.
    pub(crate) a: CombatantId,
    /// The other.
    pub(crate) b: CombatantId,
    /// Who holds Grappling Advantage, if anyone.
    pub(crate) advantage: Option<CombatantId>,
}

/// The choice owed after a takedown's natural 1.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = D20OwedView)]
pub(crate) struct OwedView {
    /// Who chooses.
    pub(crate) chooser: CombatantId,
    /// Whose natural 1 it was.
    pub(crate) against: CombatantId,
}

/// A combatant as the viewer sees it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = D20CombatantView)]
pub(crate) struct CombatantView {
    /// Its id.
    pub(crate) id: CombatantId,
    /// Its name.
    pub(crate) name: String,
    /// Its side.
    pub(crate) side: String,
    /// Where it stands: `{"square": {"x", "y"}}` or `{"row": "front"}`.
    pub(crate) place: Place,
    /// What anyone can see of its state.
    pub(crate) conditions: Vec<Condition>,
    /// Its grapple, if the other one is visible.
    pub(crate) grapple: Option<HeldView>,
    /// How hurt it looks.
    pub(crate) wounded: &'static str,
    /// Down.
    pub(crate) down: bool,
    /// The viewer's own.
    pub(crate) mine: bool,
    /// Its numbers, for the GM and its owner only.
    #[serde(flatten)]
    #[schema(value_type = crate::openapi::Optional<Details>)]
    pub(crate) full: Option<Details>,
}

/// What anyone can see of a combatant's state.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(tag = "condition", rename_all = "snake_case")]
#[schema(as = D20Condition)]
pub(crate) enum Condition {
    /// Stunned, and when it ends.
    Stunned {
        /// When it ends.
        ends: Option<String>,
    },
    /// STR and CON drained by a submission hold.
    Drained {
        /// Points off each.
        points: i64,
        /// When it ends.
        ends: Option<String>,
    },
    /// Casting a spell or manifesting a power.
    Casting {
        /// Its name.
        magic: String,
        /// Its target, if the viewer sees it.
        target: Option<CombatantId>,
    },
}

/// A combatant's grapple, from its side.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = D20HeldView)]
pub(crate) struct HeldView {
    /// The other one.
    pub(crate) with: CombatantId,
    /// This one holds Grappling Advantage.
    pub(crate) advantage: bool,
    /// The other one holds it.
    pub(crate) opponent_advantage: bool,
}

/// A combatant's numbers, as its owner and the GM see them.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = D20Details)]
pub(crate) struct Details {
    /// Hidden from the players.
    pub(crate) hidden: bool,
    /// The campaign character it came from.
    pub(crate) character: Option<String>,
    /// The player seat that owns it.
    pub(crate) owner: Option<String>,
    /// Hit points.
    pub(crate) hp: i64,
    /// Maximum hit points.
    pub(crate) max_hp: i64,
    /// Spell energy.
    pub(crate) energy: i64,
    /// Spell energy when rested.
    pub(crate) max_energy: i64,
    /// Power points.
    pub(crate) power_points: i64,
    /// Power points when rested.
    pub(crate) max_power_points: i64,
    /// Defense.
    pub(crate) defense: i64,
    /// Speed in feet.
    pub(crate) speed: i64,
    /// Level.
    pub(crate) level: i64,
    /// Initiative, once rolled.
    pub(crate) initiative: Option<i64>,
    /// Weapons, the main one first.
    pub(crate) weapons: Vec<WeaponView>,
    /// Spells and powers known.
    pub(crate) magic: Vec<MagicView>,
}

/// A weapon a combatant carries.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = D20WeaponView)]
pub(crate) struct WeaponView {
    /// Its place in the list (a command's `weapon`).
    pub(crate) index: usize,
    /// Its id.
    pub(crate) id: String,
    /// Its name.
    pub(crate) name: String,
    /// Melee or ranged.
    pub(crate) kind: WeaponKind,
    /// Its damage dice.
    pub(crate) damage: String,
    /// How far it reaches on the map.
    pub(crate) reach_feet: i64,
}

/// A spell or power a combatant knows.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = D20MagicView)]
pub(crate) struct MagicView {
    /// Its id.
    pub(crate) id: String,
    /// Its name.
    pub(crate) name: String,
    /// Spell or power.
    pub(crate) kind: MagicKind,
    /// Its cost.
    pub(crate) cost: i64,
    /// Its range in feet.
    pub(crate) range: i64,
    /// Whether it harms its target.
    pub(crate) harmful: bool,
}

/// A log entry: the feed's entry as the viewer sees it (the feed's shape,
/// shared by every ruleset), and the lines the viewer heard of it.
#[derive(Debug, Serialize)]
#[serde(transparent)]
pub(crate) struct LogEntry {
    /// The entry as the feed shows it.
    pub(crate) entry: Value,
    /// The lines the viewer heard (none for a secret), for the page.
    #[serde(skip)]
    pub(crate) lines: Vec<String>,
}

impl EncounterView {
    /// The combatant `id`, if the viewer sees it.
    pub(crate) fn combatant(&self, id: &CombatantId) -> Option<&CombatantView> {
        self.combatants.iter().find(|c| &c.id == id)
    }

    /// The shown name of combatant `id`, or the id itself.
    pub(crate) fn name_of(&self, id: &CombatantId) -> String {
        self.combatant(id)
            .map_or_else(|| id.to_string(), |c| c.name.clone())
    }
}

/// What anyone can see of a combatant's state: stunned, casting (and what),
/// drained.
fn conditions(
    battle: &Battle,
    id: &CombatantId,
    visible: &dyn Fn(&CombatantId) -> bool,
) -> Vec<Condition> {
    battle
        .clock
        .effects_on(id)
        .map(|e| {
            let ends = e.expiry.as_ref().map(ToString::to_string);
            match &e.payload {
                D20Effect::Stunned => Condition::Stunned { ends },
                D20Effect::Drained { points } => Condition::Drained {
                    points: *points,
                    ends,
                },
                D20Effect::Casting { magic, target } => Condition::Casting {
                    magic: magic.name.clone(),
                    target: visible(target).then(|| target.clone()),
                },
            }
        })
        .collect()
}

/// The encounter as `viewer` sees it.
pub(crate) fn encounter(
    table: &Table,
    enc: &Encounter,
    battle: &Battle,
    viewer: &Viewer,
) -> EncounterView {
    let clock = &battle.clock;
    let seat = |id: &CombatantId| clock.seats.iter().find(|s| &s.id == id);
    let visible = |id: &CombatantId| viewer.is_gm() || seat(id).is_some_and(|s| !s.hidden);
    let (phase, round) = crate::view::phase(&clock.phase);
    let active = clock.active.clone().filter(|id| visible(id));
    let initiative = clock
        .order
        .iter()
        .filter(|id| visible(id))
        .map(|id| InitiativeEntry {
            id: id.clone(),
            name: battle.name(id).to_string(),
            side: battle.side(id).map(str::to_string),
            total: seat(id)
                .and_then(|s| s.initiative.as_ref())
                .map(|i| i.total),
        })
        .collect();
    let combatants = clock
        .seats
        .iter()
        .filter(|s| visible(&s.id))
        .filter_map(|s| {
            let entrant = enc.roster.get(&s.id);
            let mine = owns(entrant, viewer);
            combatant(battle, s, entrant, viewer.is_gm() || mine, mine, &visible)
        })
        .collect();
    let grapples = battle
        .grapples
        .iter()
        .filter(|g| visible(&g.a) && visible(&g.b))
        .map(|g| GrappleView {
            a: g.a.clone(),
            b: g.b.clone(),
            advantage: g.advantage.clone(),
        })
        .collect();
    let movement = active
        .as_ref()
        .and_then(|id| battle.combatants.get(id))
        .map(|c| MovementView {
            allowance: c.movement.allowance,
            used: c.movement.used,
            left: c.movement.left(),
            doubled: c.movement.doubled,
        });
    let log = enc
        .log
        .iter()
        .filter_map(|i| {
            shown(table, i, viewer).map(|s| LogEntry {
                lines: s.entry.lines().to_vec(),
                entry: serde_json::to_value(&s).unwrap_or_default(),
            })
        })
        .collect();
    EncounterView {
        id: enc.id.clone(),
        name: enc.name.clone(),
        phase,
        round,
        actions: active.as_ref().map(|_| Actions {
            total: clock.budget.total,
            left: clock.budget.left,
        }),
        active,
        movement,
        initiative,
        initiative_settings: InitiativeSettings {
            by: battle.campaign.initiative,
            reroll: battle.campaign.reroll,
        },
        field: battle.field.clone(),
        combatants,
        grapples,
        owed: battle
            .owed
            .as_ref()
            .filter(|o| visible(&o.chooser) && visible(&o.against))
            .map(|o| OwedView {
                chooser: o.chooser.clone(),
                against: o.against.clone(),
            }),
        free_grapple: battle.free_grapple.clone().filter(|id| visible(id)),
        log,
    }
}

fn combatant(
    battle: &Battle,
    seat: &Seat,
    entrant: Option<&Entrant>,
    full: bool,
    mine: bool,
    visible: &dyn Fn(&CombatantId) -> bool,
) -> Option<CombatantView> {
    let c = battle.combatants.get(&seat.id)?;
    let f = &c.fighter;
    let max_hp = battle.max_hp(&seat.id);
    let down = battle.is_down(&seat.id);
    let grapple = battle.grapple_of(&seat.id).and_then(|g| {
        let other = g.other(&seat.id);
        visible(&other).then(|| HeldView {
            advantage: g.holds(&seat.id),
            opponent_advantage: g.holds(&other),
            with: other,
        })
    });
    let details = full.then(|| Details {
        hidden: seat.hidden,
        character: entrant.and_then(|e| e.character.clone()),
        owner: entrant.and_then(|e| e.owner.clone()),
        hp: c.hp,
        max_hp,
        energy: c.energy,
        max_energy: f.spell_energy,
        power_points: c.power_points,
        max_power_points: f.power_points,
        defense: f
            .defense(&battle.campaign, &battle.scores(&seat.id))
            .iter()
            .map(|(_, v)| v)
            .sum(),
        speed: f.speed,
        level: f.level,
        initiative: seat.initiative.as_ref().map(|i| i.total),
        weapons: f
            .weapons
            .iter()
            .enumerate()
            .map(|(index, w)| WeaponView {
                index,
                id: w.id.clone(),
                name: w.name.clone(),
                kind: w.kind,
                damage: w.damage.clone(),
                reach_feet: w.reach_feet(),
            })
            .collect(),
        magic: f
            .magic
            .iter()
            .map(|m| MagicView {
                id: m.id.clone(),
                name: m.name.clone(),
                kind: m.kind,
                cost: m.cost,
                range: m.range,
                harmful: m.harmful(),
            })
            .collect(),
    });
    Some(CombatantView {
        id: seat.id.clone(),
        name: f.name.clone(),
        side: seat.side.clone(),
        place: c.place,
        conditions: conditions(battle, &seat.id, visible),
        grapple,
        wounded: wounded(c.hp, max_hp, down),
        down,
        mine,
        full: details,
    })
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
