//! The GM's NPC controls on the pages: on a tracker, NPCs added from the
//! campaign's library (with a count) and a side handed to the engine or
//! taken back; on each NPC's card, copies and the engine's toggle
//! (`templates/npcs/card.html`); on the dashboard, the library and the
//! encounters prepared in advance.

use askama::Template;

use crate::library::LibraryNpc;
use crate::prepared::Prepared;
use crate::ruleset::Ruleset;
use crate::web::html::render;

/// A tracker's NPC controls (GM).
#[derive(Template)]
#[template(path = "npcs/tracker.html")]
struct TrackerControls<'a> {
    /// The encounter's API address.
    api: String,
    /// The campaign's library.
    library: &'a [LibraryNpc],
    /// A Compound X encounter (cover and stance), else D20 (a place).
    cx: bool,
    /// The grid's largest x and y, when the fight is on a grid.
    grid: Option<(i64, i64)>,
}

/// The NPC controls of encounter `encounter` (GM): its library form.
pub(crate) fn tracker_controls(
    campaign: &str,
    encounter: &str,
    library: &[LibraryNpc],
    cx: bool,
    grid: Option<(i64, i64)>,
) -> String {
    render(&TrackerControls {
        api: format!("/api/campaigns/{campaign}/encounters/{encounter}"),
        library,
        cx,
        grid,
    })
}

/// Who the engine plays in an encounter, for a tracker's part.
#[derive(Clone, Debug, Default)]
pub(crate) struct EngineShown {
    /// The NPCs it plays, by id.
    pub(crate) played: Vec<String>,
    /// The fight's sides with NPCs in them, each with whether it is handed
    /// whole (GM only): a side of players' characters is not offered.
    pub(crate) sides: Vec<(String, bool)>,
}

impl EngineShown {
    /// Who the engine plays in `enc` under `hands`; the NPC sides for the GM.
    pub(crate) fn of(
        enc: &crate::table::Encounter,
        hands: &crate::engine::Hands,
        gm: bool,
    ) -> EngineShown {
        let sides = crate::engine::npc_sides(enc);
        EngineShown {
            played: crate::engine::played(enc, hands),
            sides: if gm {
                sides
                    .into_iter()
                    .map(|s| {
                        let whole = hands.sides.contains(&s);
                        (s, whole)
                    })
                    .collect()
            } else {
                Vec::new()
            },
        }
    }

    /// Whether the engine plays `id`.
    pub(crate) fn plays(&self, id: &str) -> bool {
        self.played.iter().any(|p| p == id)
    }
}

/// The dashboard's NPC library and prepared encounters (GM).
#[derive(Template)]
#[template(path = "npcs/dashboard.html")]
struct DashboardCards<'a> {
    /// The campaign's id.
    campaign: &'a str,
    /// The library.
    library: &'a [LibraryNpc],
    /// The prepared encounters.
    prepared: &'a [Prepared],
    /// D20: prepared encounters take a field and places.
    d20: bool,
}

impl DashboardCards<'_> {
    /// A group's NPC, in words.
    fn source(&self, g: &crate::prepared::Group) -> String {
        match (&g.npc, &g.id) {
            (Some(npc), _) => self
                .library
                .iter()
                .find(|n| &n.id == npc)
                .map_or_else(|| format!("{npc} (not in the library)"), |n| n.name.clone()),
            (None, Some(id)) => format!("{id} (from a file)"),
            (None, None) => "an NPC file".to_string(),
        }
    }
}

/// The dashboard's NPC cards of `campaign` under `ruleset`.
pub(crate) fn dashboard_cards(
    campaign: &str,
    ruleset: Ruleset,
    library: &[LibraryNpc],
    prepared: &[Prepared],
) -> String {
    render(&DashboardCards {
        campaign,
        library,
        prepared,
        d20: ruleset == Ruleset::D20,
    })
}
