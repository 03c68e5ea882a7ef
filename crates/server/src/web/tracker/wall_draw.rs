//! The GM draws the battle map's walls on the tracker (issue 24): in the
//! drawing mode (`?draw=wall`) every whole metre of the map is a click
//! point; the first click is one end (`from=`), the second the other
//! (`end=`), or both are typed in metres (the keyboard's way). The wall is
//! then previewed with what the rules say of it and added, with what it
//! gives, by the engine's `add_wall` command, checked as a whole map is; a
//! wall is taken off by `remove_wall`. Both are logged and undoable, and
//! everyone's page (and fog of war) follows live.

use nanite_compound_x::encounter::{Battle, Command, Layout, Point, Wall, WallKind, scene};
use serde_json::json;

use super::map::MapAsk;

/// A click point of the drawing mode: one whole metre of the map.
pub(crate) struct DrawCell {
    /// Its square's left edge (decimetres).
    pub(crate) x: i64,
    /// Its square's top edge.
    pub(crate) y: i64,
    /// The address that picks it.
    pub(crate) href: String,
}

/// The wall the GM is drawing.
pub(crate) struct WallDraft {
    /// The click points.
    pub(crate) cells: Vec<DrawCell>,
    /// The first end, once picked.
    pub(crate) from: Option<Point>,
    /// Both ends, once picked and on the map.
    pub(crate) line: Option<(Point, Point)>,
    /// What the preview says.
    pub(crate) lines: Vec<String>,
    /// The `add_wall` command's JSON without what it gives (the form adds
    /// `wall.kind` and `wall.name`), when the rules take the wall.
    pub(crate) confirm: Option<String>,
    /// The ends as typed, for the form.
    pub(crate) from_text: String,
    /// The other end as typed.
    pub(crate) end_text: String,
}

/// A wall of the map the GM may take off.
pub(crate) struct WallItem {
    /// Its name or where it runs, and what it gives.
    pub(crate) label: String,
    /// The `remove_wall` command's JSON.
    pub(crate) body: String,
}

/// What a wall gives, in the page's words.
pub(crate) fn gives(wall: &Wall) -> &'static str {
    match (wall.kind, wall.open) {
        (WallKind::Partial, _) => "partial cover",
        (WallKind::Full, _) => "full cover",
        (WallKind::Concealing, _) => "complete concealment, blocks sight",
        (WallKind::Door, true) => "an open door",
        (WallKind::Door, false) => "a closed door, blocks sight",
    }
}

/// The walls of `layout`, each with the command that takes it off.
pub(crate) fn items(layout: &Layout) -> Vec<WallItem> {
    layout
        .walls
        .iter()
        .enumerate()
        .map(|(i, w)| WallItem {
            label: format!("{}: {}", w.label(), gives(w)),
            body: json!({"command": "remove_wall", "wall": i}).to_string(),
        })
        .collect()
}

/// The typed text of a point, if given.
fn typed(text: &Option<String>) -> Option<&str> {
    text.as_deref().map(str::trim).filter(|t| !t.is_empty())
}

/// A point of the map from the page's text, or what is wrong with it.
fn point_on(layout: &Layout, text: &str) -> Result<Point, String> {
    let p = Point::parse_metres(text)?;
    if layout.contains(p) {
        Ok(p)
    } else {
        Err(format!(
            "{p} is off the map (0,0 to {}): walls lie on the map",
            Point::new(layout.width, layout.height)
        ))
    }
}

/// The drawing mode of the map of `battle`, as `ask` stands.
pub(crate) fn draft(battle: &Battle, layout: &Layout, ask: &MapAsk) -> WallDraft {
    let from_text = typed(&ask.from).unwrap_or_default().to_string();
    let end_text = typed(&ask.end).unwrap_or_default().to_string();
    let mut lines = Vec::new();
    let from = typed(&ask.from).and_then(|t| {
        point_on(layout, t)
            .map_err(|why| lines.push(format!("First end: {why}")))
            .ok()
    });
    let end = typed(&ask.end).and_then(|t| {
        point_on(layout, t)
            .map_err(|why| lines.push(format!("Other end: {why}")))
            .ok()
    });
    let mut line = None;
    let mut confirm = None;
    match (from, end) {
        (None, _) if lines.is_empty() => lines.push(
            "Click the map where the wall starts, then where it ends (or type both ends in metres)."
                .into(),
        ),
        (Some(a), None) if lines.is_empty() => {
            lines.push(format!("From {a}: now click where the wall ends."));
        }
        (Some(a), Some(b)) => {
            line = Some((a, b));
            let wall = Wall {
                name: String::new(),
                a,
                b,
                kind: WallKind::Concealing,
                open: false,
            };
            let command = Command::AddWall { wall };
            match refusal(battle, &command) {
                Some(why) => lines.push(format!("The rules refuse this wall: {why}")),
                None => {
                    lines.push(format!(
                        "A wall from {a} to {b} ({} m long): choose what it gives.",
                        scene::metres_between(a, b)
                    ));
                    confirm = Some(json!({"command": "add_wall", "wall": {"a": a, "b": b}}).to_string());
                }
            }
        }
        _ => {}
    }
    // A click point on every whole metre (every 2 m on a large map).
    let step = if layout.width * layout.height > 2500 * scene::DM * scene::DM {
        2 * scene::DM
    } else {
        scene::DM
    };
    let mut cells = Vec::new();
    let mut y = 0;
    while y <= layout.height {
        let mut x = 0;
        while x <= layout.width {
            let here = Point::new(x, y);
            let href = match from {
                Some(a) if end.is_none() => format!("?draw=wall&from={a}&end={here}#map"),
                _ => format!("?draw=wall&from={here}#map"),
            };
            cells.push(DrawCell {
                x: x - step / 2,
                y: y - step / 2,
                href,
            });
            x += step;
        }
        y += step;
    }
    WallDraft {
        cells,
        from,
        line,
        lines,
        confirm,
        from_text,
        end_text,
    }
}

/// Why the engine refuses `command` now, if it does.
fn refusal(battle: &Battle, command: &Command) -> Option<String> {
    use nanite_core::Ruleset;
    let mut dice = nanite_core::ScriptedDice::new(Vec::new());
    nanite_compound_x::encounter::CompoundX::decide(battle, command, &mut dice)
        .err()
        .map(|r| r.to_string())
}
