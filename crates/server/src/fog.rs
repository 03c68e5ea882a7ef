//! Fog of war on a Compound X battle map (issue 24): who a viewer may see.
//!
//! The GM sees everyone. On a fight without a map nothing changes (the
//! clock's `hidden` flag alone hides combatants from the players). On a
//! map, a player sees their own combatants and the combatants that at
//! least one of them sees: a line of sight free of concealing walls and
//! closed doors (the engine's [`Battle::sees`]), and not undetected by it
//! (hiding, a cloak: the engine's stealth, CX-RNG-09/10, CX-CLOAK). A dead
//! character sees nothing. A spectator, and a player with no combatant in
//! the fight, see what the players' side sees together: the union of what
//! every player-owned combatant sees (docs/server.md, "Fog of war").
//!
//! A combatant outside the fog is absent from that viewer's encounter view,
//! choices and narration, not merely hidden by the page.

use std::collections::BTreeSet;

use nanite_compound_x::encounter::Battle;
use nanite_core::CombatantId;

use crate::permissions::{Role, Viewer};
use crate::table::{Encounter, Entrant};

/// The combatants `viewer` may see in `enc`'s fight `battle`: `None` when
/// they see everyone (the GM, or a fight without a map).
pub(crate) fn seen_by_viewer(
    enc: &Encounter,
    battle: &Battle,
    viewer: &Viewer,
) -> Option<BTreeSet<CombatantId>> {
    if viewer.role == Role::Gm || battle.scene.is_none() {
        return None;
    }
    let owned_by = |e: &Entrant| {
        e.owner.as_deref() == Some(viewer.invite.as_str())
            || (e.character.is_some() && e.character == viewer.slot)
    };
    let mine: Vec<CombatantId> = match viewer.role {
        Role::Player => enc
            .roster
            .iter()
            .filter(|(_, e)| owned_by(e))
            .map(|(id, _)| id.clone())
            .collect(),
        _ => Vec::new(),
    };
    let eyes = if mine.is_empty() { party(enc) } else { mine };
    Some(seen_through(battle, &eyes))
}

/// The players' side: every combatant a player owns or a campaign
/// character brought.
pub(crate) fn party(enc: &Encounter) -> Vec<CombatantId> {
    enc.roster
        .iter()
        .filter(|(_, e)| e.owner.is_some() || e.character.is_some())
        .map(|(id, _)| id.clone())
        .collect()
}

/// The combatants seen through `eyes`: the eyes themselves, and everyone
/// at least one living eye sees on the map and has detected. A combatant
/// not placed on the map is seen (the GM's word rules off the map, as the
/// engine's [`Battle::sees`] says).
pub(crate) fn seen_through(battle: &Battle, eyes: &[CombatantId]) -> BTreeSet<CombatantId> {
    let living: Vec<&CombatantId> = eyes
        .iter()
        .filter(|id| battle.combatants.get(id).is_some_and(|c| !c.fighter.dead))
        .collect();
    battle
        .combatants
        .iter()
        .filter(|(id, c)| {
            eyes.contains(id)
                || living
                    .iter()
                    .any(|eye| !c.stealth.unseen_by.contains(*eye) && battle.sees(eye, id))
        })
        .map(|(id, _)| id.clone())
        .collect()
}

/// `battle` as a viewer who sees only `seen` knows it: every other
/// combatant marked hidden on the clock, so that the engine's own
/// `as_known_by` takes it out before judging the viewer's choices (nothing
/// offered, and no reason given, depends on a combatant in the fog). The
/// active combatant stays, as for any hidden one.
pub(crate) fn fogged(battle: &Battle, seen: &BTreeSet<CombatantId>) -> Battle {
    let mut known = battle.clone();
    for seat in &mut known.clock.seats {
        if !seen.contains(&seat.id) {
            seat.hidden = true;
        }
    }
    known
}

/// Everything `seat` may do now in `enc`'s Compound X fight, judged on
/// what `viewer` may know: without the combatants in their fog of war,
/// and with no choice aimed at one.
pub(crate) fn choices(
    enc: &Encounter,
    battle: &Battle,
    viewer: &Viewer,
    seat: &nanite_core::table::Seat,
) -> Vec<nanite_core::table::Choice<nanite_compound_x::encounter::Command>> {
    use nanite_compound_x::encounter::choices::choices as offer;
    match seen_by_viewer(enc, battle, viewer) {
        None => offer(battle, seat),
        Some(seen) => offer(&fogged(battle, &seen), seat)
            .into_iter()
            .filter(|c| c.target.as_ref().is_none_or(|t| seen.contains(t)))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use nanite_compound_x::combat::{Cover, Fighter, Stance};
    use nanite_compound_x::encounter::{Command, Layout, Point, Wall, WallKind};
    use nanite_core::{CombatantId, ScriptedDice};
    use proptest::prelude::*;

    use crate::permissions::{Role, Viewer};
    use crate::table::{Encounter, Entrant, Table};

    fn fighter() -> Fighter {
        let pack = crate::pack::sample().expect("the sample pack");
        let text = include_str!("../../../examples/compound-x/raider.toml");
        let (character, _) = nanite_compound_x::Character::read(
            &nanite_core::content::SourceFile::new("raider.toml", text),
        );
        let sheet = nanite_compound_x::Sheet::compute(&character, &pack);
        Fighter::from_sheet(&sheet, &pack)
    }

    /// A random map: its size in metres, walls (ends in metres, a kind, a
    /// door open or not), the places of 2 own and 5 other combatants, and
    /// which others hide (undetected by every enemy).
    type Drawn = (
        (i64, i64),
        Vec<((i64, i64), (i64, i64), u8, bool)>,
        Vec<(i64, i64)>,
        Vec<bool>,
    );

    fn drawn() -> impl Strategy<Value = Drawn> {
        (
            (5i64..40, 5i64..40),
            prop::collection::vec(
                (
                    (0i64..40, 0i64..40),
                    (0i64..40, 0i64..40),
                    0u8..4,
                    any::<bool>(),
                ),
                0..10,
            ),
            prop::collection::vec((0i64..40, 0i64..40), 7),
            prop::collection::vec(any::<bool>(), 5),
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// For any map and positions, a player's view of the fight never
        /// holds a combatant none of their characters sees (a line of
        /// sight free of concealing walls and closed doors, and detected),
        /// whether in its combatants, its initiative, its distances or the
        /// map's tokens: the id is nowhere in the JSON. The GM's view holds
        /// everyone. (issue 24, fog of war)
        #[test]
        fn a_player_never_sees_a_combatant_none_of_theirs_sees(
            ((w, h), walls, places, hides) in drawn()
        ) {
            let base = fighter();
            let mut enc = Encounter::new("yard".into(), "Yard".into(), None);
            let ids: Vec<CombatantId> = (0..7)
                .map(|i| CombatantId::from(if i < 2 { format!("mine{i}") } else { format!("foe{i}") }))
                .collect();
            let run = |enc: &mut Encounter, command: Command| {
                enc.execute(&command, &mut ScriptedDice::new(Vec::new())).is_ok()
            };
            for (i, id) in ids.iter().enumerate() {
                let mut f = base.clone();
                f.name = format!("Fighter {id}");
                let side = if i < 2 { "players" } else { "raiders" };
                let add = Command::Add {
                    id: id.clone(),
                    side: side.into(),
                    hidden: false,
                    fighter: Box::new(f),
                    cover: Cover::None,
                    stance: Stance::Standing,
                };
                prop_assert!(run(&mut enc, add), "{} enters", id);
                if i < 2 {
                    enc.roster.insert(id.clone(), Entrant {
                        character: None,
                        owner: Some("alice".into()),
                    });
                }
            }
            let clamp = |(x, y): (i64, i64)| Point::metres(x.min(w), y.min(h));
            let mut layout = Layout::new(w * 10, h * 10);
            for (a, b, kind, open) in walls {
                let kind = [WallKind::Partial, WallKind::Full, WallKind::Concealing, WallKind::Door][usize::from(kind)];
                let (a, b) = (clamp(a), clamp(b));
                if a != b {
                    layout.walls.push(Wall {
                        name: format!("w{}", layout.walls.len()),
                        a,
                        b,
                        kind,
                        open: open && kind == WallKind::Door,
                    });
                }
            }
            let lay = Command::Map { layout: layout.clone() };
            prop_assert!(run(&mut enc, lay), "the map is laid");
            for (id, p) in ids.iter().zip(&places) {
                // Two on one metre: the second stays off the map.
                run(&mut enc, Command::Place { id: id.clone(), at: clamp(*p) });
            }
            for (id, hide) in ids[2..].iter().zip(&hides) {
                if *hide {
                    run(&mut enc, Command::Conceal { id: id.clone(), from: Vec::new(), dc: None });
                }
            }
            let battle = enc.battle().expect("a Compound X fight");
            // Whom Alice's characters see, from the map and the stealth
            // rulings alone.
            let expected: BTreeSet<&CombatantId> = ids
                .iter()
                .filter(|other| {
                    ids[..2].contains(other)
                        || ids[..2].iter().any(|mine| {
                            let scene = battle.scene.as_ref().expect("a map");
                            let undetected = battle.combatants[*other].stealth.unseen_by.contains(mine);
                            let sight = match (scene.at(mine), scene.at(other)) {
                                (Some(a), Some(b)) => layout.sees(a, b),
                                _ => true,
                            };
                            sight && !undetected
                        })
                })
                .collect();
            let table = Table::empty();
            let alice = Viewer { role: Role::Player, invite: "alice".into(), slot: None };
            let view = serde_json::to_string(&crate::view::cx_encounter(&table, &enc, battle, &alice))
                .expect("JSON");
            for id in &ids {
                let quoted = format!("\"{id}\"");
                prop_assert_eq!(
                    view.contains(&quoted),
                    expected.contains(id),
                    "{} in {}", id, view
                );
            }
            let gm = Viewer { role: Role::Gm, invite: "gm".into(), slot: None };
            let all = serde_json::to_string(&crate::view::cx_encounter(&table, &enc, battle, &gm))
                .expect("JSON");
            for id in &ids {
                let quoted = format!("\"{id}\"");
                prop_assert!(all.contains(&quoted));
            }
        }
    }
}
