//! The `[map]` section of a Compound X encounter file (issue 24): the
//! map's size in metres, an optional grid, its walls (two ends, or a closed
//! outline), doors, and where the combatants stand, each problem reported
//! with its line.
//!
//! ```toml
//! [map]
//! width = 30
//! height = 20
//! grid = true
//!
//! [[map.wall]]
//! kind = "concealing"
//! from = [10, 0]
//! to = [10, 8]
//!
//! [[map.wall]]
//! kind = "full"
//! name = "car"
//! outline = [[3, 3], [5, 3], [5, 5], [3, 5]]
//!
//! [[map.wall]]
//! kind = "door"
//! name = "north door"
//! from = [10, 8]
//! to = [10, 10]
//! open = true
//!
//! [[map.ground]]
//! name = "rubble"
//! outline = [[12, 2], [18, 2], [18, 6], [12, 6]]
//!
//! [map.at]
//! vex = [2, 3]
//! raider = [20, 15.5]
//! ```
//!
//! `[[map.ground]]` is an area of difficult ground (a way pays each metre
//! in it twice); `background = "warehouse.webp"` names a background image
//! beside the file, which the caller opens and checks
//! ([`crate::encounter::scene::Backdrop::new`]).

use nanite_core::CombatantId;
use nanite_core::content::{Fields, Item};

use crate::encounter::scene::Ground;
use crate::encounter::{Layout, Point, Wall, WallKind};

/// The map an encounter file lays down, and its combatants' places.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MapSection {
    /// Size, grid and walls.
    pub layout: Layout,
    /// Where each combatant stands, with the line it is given on.
    pub at: Vec<(CombatantId, Point, usize)>,
    /// The background image's file, as named (beside the encounter
    /// file), with its line: the caller opens it.
    pub background: Option<(String, usize)>,
    /// The line of `[map]`.
    pub line: usize,
}

/// Metres with at most one decimal as decimetres, or a reported error.
fn metres(item: &Item<'_, '_>) -> Option<i64> {
    let m = item.number()?;
    let dm = (m * 10.0).round();
    if (m * 10.0 - dm).abs() > 1e-6 || !(-1e6..=1e6).contains(&dm) {
        item.error(
            format!("{m} m is not a length of the map"),
            Some("give metres with at most one decimal, like 12 or 12.5".into()),
        );
        return None;
    }
    Some(dm as i64)
}

/// `[x, y]` in metres as a point.
fn point(item: &Item<'_, '_>, layout: &Layout) -> Option<Point> {
    let list = item.list()?;
    let [x, y] = list.as_slice() else {
        item.error(
            "a point is two numbers, metres east and south",
            Some("write [12, 4] or [12.5, 4]".into()),
        );
        return None;
    };
    let p = Point::new(metres(x)?, metres(y)?);
    if !layout.contains(p) {
        item.error(
            format!("{p} is off the map"),
            Some(format!(
                "the map runs from 0,0 to {}; move the point or make the map larger",
                Point::new(layout.width, layout.height)
            )),
        );
        return None;
    }
    Some(p)
}

/// Reads `[map]`; `known` are the combatants, `late` those who join after
/// the start (placed in the script once they join).
pub(crate) fn read(
    t: &Fields<'_, '_>,
    known: &[CombatantId],
    late: &[CombatantId],
) -> Option<MapSection> {
    let width = t.required("width").and_then(|i| metres(&i));
    let height = t.required("height").and_then(|i| metres(&i));
    let grid = t.boolean("grid").unwrap_or(false);
    let mut layout = Layout::new(width.unwrap_or(0), height.unwrap_or(0));
    layout.grid = grid;
    if width.is_some() && height.is_some() {
        if let Err(e) = layout.check() {
            t.error_at("width", e.to_string(), Some("a side is 1 to 1000 m".into()));
        }
    }
    let sized = layout.check().is_ok();
    for w in t.tables("wall") {
        if let Some(walls) = sized.then(|| wall(&w, &layout)).flatten() {
            layout.walls.extend(walls);
        }
        w.finish();
    }
    for g in t.tables("ground") {
        if let Some(area) = sized.then(|| ground(&g, &layout)).flatten() {
            layout.ground.push(area);
        }
        g.finish();
    }
    let background = t.item("background").and_then(|i| {
        let name = i.string()?;
        let lower = name.to_ascii_lowercase();
        if lower.contains("://") || lower.starts_with("data:") || lower.starts_with("//") {
            i.error(
                format!("`{name}` is not a file: a map's background is never fetched from elsewhere"),
                Some("save the image beside the encounter file and name it, like background = \"warehouse.webp\"".into()),
            );
            return None;
        }
        if ![".png", ".jpg", ".jpeg", ".webp"].iter().any(|e| lower.ends_with(e)) {
            i.error(
                format!("`{name}` is not a PNG, JPEG or WebP file"),
                Some("give a .png, .jpg or .webp image".into()),
            );
            return None;
        }
        Some((name, i.line()))
    });
    let mut at = Vec::new();
    if let Some(places) = t.table("at") {
        for (name, item) in places.entries() {
            let id = CombatantId::from(name.as_str());
            if !known.contains(&id) {
                item.error(
                    format!("nobody called `{id}` is in this encounter"),
                    Some("give the place of a [[combatant]] by its id".into()),
                );
                continue;
            }
            if late.contains(&id) {
                item.error(
                    format!(
                        "`{id}` joins later (`after`), so it cannot stand on the map at the start"
                    ),
                    Some(format!(
                        "place it in the script once it joins: `position {id} at X,Y`"
                    )),
                );
                continue;
            }
            if let Some(p) = sized.then(|| point(&item, &layout)).flatten() {
                if let Some((other, _, _)) =
                    at.iter().find(|(_, q, _): &&(CombatantId, Point, usize)| {
                        crate::encounter::scene::metres_between(*q, p) == 0
                    })
                {
                    item.error(
                        format!("`{id}` would stand on `{other}`'s metre"),
                        Some(
                            "each combatant occupies its metre: keep them at least 0.5 m apart"
                                .into(),
                        ),
                    );
                    continue;
                }
                at.push((id, p, item.line()));
            }
        }
        places.finish();
    }
    t.finish();
    Some(MapSection {
        layout,
        at,
        background,
        line: t.line(),
    })
}

/// One `[[map.ground]]`: an area of difficult ground.
fn ground(t: &Fields<'_, '_>, layout: &Layout) -> Option<Ground> {
    let name = t.string("name").unwrap_or_default();
    let outline = t.required("outline")?;
    let corners = outline
        .list()?
        .iter()
        .map(|i| point(i, layout))
        .collect::<Option<Vec<_>>>()?;
    let area = Ground {
        name,
        outline: corners,
    };
    if let Some(why) = area.problem() {
        outline.error(
            format!("this difficult ground {why}"),
            Some(
                "give 3 or more corners around it: outline = [[12, 2], [18, 2], [18, 6], [12, 6]]"
                    .into(),
            ),
        );
        return None;
    }
    Some(area)
}

/// One `[[map.wall]]`: its segments.
fn wall(t: &Fields<'_, '_>, layout: &Layout) -> Option<Vec<Wall>> {
    let kind = t.required("kind").and_then(|i| {
        let text = i.string()?;
        let kind = WallKind::from_key(&text);
        if kind.is_none() {
            i.error(
                format!("unknown wall kind `{text}`"),
                Some("use one of: partial, full, concealing, door".into()),
            );
        }
        kind
    });
    let name = t.string("name").unwrap_or_default();
    let open = t.boolean("open").unwrap_or(false);
    let from = t.item("from");
    let to = t.item("to");
    let outline = t.item("outline");
    let kind = kind?;
    if open && kind != WallKind::Door {
        t.error_at(
            "open",
            "only a door opens",
            Some("leave `open` out, or make it a door".into()),
        );
        return None;
    }
    if kind == WallKind::Door && name.is_empty() {
        t.error_at(
            "kind",
            "a door needs a name, so that it can be opened",
            Some("add name = \"north door\"".into()),
        );
        return None;
    }
    let points: Vec<Point> = match (from, to, outline) {
        (Some(from), Some(to), None) => vec![point(&from, layout)?, point(&to, layout)?],
        (None, None, Some(outline)) => {
            let mut points = outline
                .list()?
                .iter()
                .map(|i| point(i, layout))
                .collect::<Option<Vec<_>>>()?;
            if points.len() < 3 || kind == WallKind::Door {
                outline.error(
                    "an outline is 3 or more corners of an obstacle (not a door)",
                    Some("write outline = [[3, 3], [5, 3], [5, 5], [3, 5]]".into()),
                );
                return None;
            }
            points.push(points[0]);
            points
        }
        _ => {
            t.error_at(
                "kind",
                "a wall needs `from` and `to`, or an `outline`",
                Some("write from = [10, 0] and to = [10, 8]".into()),
            );
            return None;
        }
    };
    let walls: Vec<Wall> = points
        .windows(2)
        .map(|p| Wall {
            name: name.clone(),
            a: p[0],
            b: p[1],
            kind,
            open,
        })
        .collect();
    if let Some(w) = walls.iter().find(|w| w.a == w.b) {
        t.error_at(
            "kind",
            format!("the wall at {} has no length", w.a),
            Some("give two different ends".into()),
        );
        return None;
    }
    Some(walls)
}
