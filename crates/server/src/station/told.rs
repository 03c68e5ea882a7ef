//! A Station command's events in words, twice: everything for the GM, and
//! what the players and spectators hear. The table hears the engine's own
//! narration except for the GM's purse: creature points paid and gained are
//! left out, and which creature learned where the crew is stays the GM's.

use nanite_core::Ruleset;
use nanite_station::{Event, State, Station};

/// The GM's lines and the table's lines of `events`, from `before`.
pub(crate) fn tell(before: &State, events: &[Event]) -> (Vec<String>, Vec<String>) {
    let mut state = before.clone();
    let (mut gm, mut table) = (Vec::new(), Vec::new());
    for event in events {
        let text = event.to_string();
        Station::evolve(&mut state, event);
        if text.is_empty() {
            continue;
        }
        let lines: Vec<String> = text.lines().map(str::to_string).collect();
        gm.extend(lines.iter().cloned());
        match event {
            Event::Income { why, .. } => {
                table.push(format!("The GM gains creature points ({why})."));
            }
            Event::Deployed { id, kind, at, .. } => {
                let name = state
                    .pack
                    .creatures
                    .get(kind)
                    .map_or(kind.as_str(), |k| k.name.as_str());
                table.push(format!("The GM deploys {id} ({name}) at {at}."));
            }
            Event::Spotted { .. } => {}
            _ => table.extend(lines),
        }
    }
    (gm, table)
}

#[cfg(test)]
mod tests {
    use nanite_station::map::Pos;

    use super::*;

    #[test]
    fn the_table_hears_no_creature_points() {
        let state = crate::station::game::read_scenario(
            "outpost-siege.txt",
            include_str!("../../../../examples/station/outpost-siege.txt"),
        )
        .unwrap();
        let events = [
            Event::Income {
                bcp: 3,
                mcp: 1,
                why: "threat level 1".into(),
            },
            Event::Deployed {
                id: "c1".into(),
                kind: "crawler".into(),
                at: Pos::new(20, 3),
                bcp: 2,
                mcp: 0,
                knows: false,
            },
            Event::Spotted { id: "c1".into() },
        ];
        let (gm, table) = tell(&state, &events);
        assert_eq!(gm.len(), 3);
        assert!(gm[0].contains("3 BCP"), "{gm:?}");
        assert_eq!(table.len(), 2, "{table:?}");
        assert!(
            table
                .iter()
                .all(|l| !l.contains("BCP") && !l.contains("MCP")),
            "{table:?}"
        );
    }
}
