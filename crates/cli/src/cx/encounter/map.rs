//! The battle map drawn for `nanite cx encounter` (issue 24): as text, one
//! character a metre (walls `#` concealing, `=` full, `-` partial, `+` a
//! closed door, `/` an open one; each combatant the first letter of its id,
//! upper case for the first side), and as an SVG file (`--svg FILE`).

use std::fmt::Write as _;

use nanite_compound_x::encounter::scene::{Scene, show_dm};
use nanite_compound_x::encounter::{Battle, Point, Wall, WallKind};

/// The character a wall is drawn with.
fn wall_char(w: &Wall) -> char {
    match (w.kind, w.open) {
        (WallKind::Concealing, _) => '#',
        (WallKind::Full, _) => '=',
        (WallKind::Partial, _) => '-',
        (WallKind::Door, false) => '+',
        (WallKind::Door, true) => '/',
    }
}

/// Whether the wall passes through the metre whose top-left corner is
/// `(x, y)` metres: sampled every decimetre along it.
fn wall_cells(w: &Wall) -> Vec<(i64, i64)> {
    let steps = (w.a.x - w.b.x).abs().max((w.a.y - w.b.y).abs()).max(1);
    let mut cells: Vec<(i64, i64)> = (0..=steps)
        .map(|i| {
            let x = w.a.x + (w.b.x - w.a.x) * i / steps;
            let y = w.a.y + (w.b.y - w.a.y) * i / steps;
            (x / 10, y / 10)
        })
        .collect();
    cells.dedup();
    cells
}

/// The map as text, with a legend of who is where; empty without a map.
pub(crate) fn text(battle: &Battle) -> String {
    let Some(scene) = battle.scene.as_deref() else {
        return String::new();
    };
    let l = &scene.layout;
    let (w, h) = ((l.width + 9) / 10, (l.height + 9) / 10);
    let mut grid =
        vec![vec!['.'; usize::try_from(w + 1).unwrap_or(1)]; usize::try_from(h + 1).unwrap_or(1)];
    let mut put = |x: i64, y: i64, c: char| {
        if let Some(cell) = usize::try_from(y)
            .ok()
            .and_then(|y| grid.get_mut(y))
            .and_then(|row| usize::try_from(x).ok().and_then(|x| row.get_mut(x)))
        {
            *cell = c;
        }
    };
    for wall in &l.walls {
        for (x, y) in wall_cells(wall) {
            put(x, y, wall_char(wall));
        }
    }
    let first_side = battle.clock.seats.first().map(|s| s.side.clone());
    let mut legend = Vec::new();
    for (id, p) in &scene.positions {
        let Some(c) = battle.combatants.get(id) else {
            continue;
        };
        let mark = id.as_str().chars().next().unwrap_or('?');
        let side = battle.clock.seat(id).ok().map(|s| s.side.clone());
        let mark = if side == first_side {
            mark.to_ascii_uppercase()
        } else {
            mark.to_ascii_lowercase()
        };
        let mark = if c.fighter.dead { 'x' } else { mark };
        put(p.x / 10, p.y / 10, mark);
        legend.push(format!("{mark} {id} at {p}"));
    }
    let mut out = format!(
        "map {} x {} m (one character a metre; # concealing, = full cover, - partial cover, + closed door, / open door)\n",
        show_dm(l.width),
        show_dm(l.height)
    );
    for row in grid {
        let _ = writeln!(out, "  {}", row.into_iter().collect::<String>());
    }
    for line in legend {
        let _ = writeln!(out, "  {line}");
    }
    out
}

/// Escapes text for XML.
fn xml(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The map as an SVG document (10 px a metre): the background image if
/// the map has one, the grid if drawn, walls by kind, each combatant a
/// token with its id.
pub(crate) fn svg(battle: &Battle) -> Option<String> {
    let scene: &Scene = battle.scene.as_deref()?;
    let l = &scene.layout;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"-5 -5 {} {}\" width=\"{}\" height=\"{}\" font-family=\"sans-serif\">\n<title>Battle map, {} x {} m</title>\n<rect x=\"0\" y=\"0\" width=\"{}\" height=\"{}\" fill=\"#f4f1ea\" stroke=\"#333\"/>\n",
        l.width + 10,
        l.height + 10,
        (l.width + 10) * 2,
        (l.height + 10) * 2,
        show_dm(l.width),
        show_dm(l.height),
        l.width,
        l.height
    );
    if let Some(image) = &l.background {
        // The background image, inside the drawing itself (a data:
        // address), stretched over the map's metres under everything.
        let _ = writeln!(
            out,
            "<image href=\"data:{};base64,{}\" x=\"0\" y=\"0\" width=\"{}\" height=\"{}\" preserveAspectRatio=\"none\"/>",
            image.kind().media_type(),
            image.to_base64(),
            l.width,
            l.height
        );
    }
    if l.grid {
        for x in (10..l.width).step_by(10) {
            let _ = writeln!(
                out,
                "<line x1=\"{x}\" y1=\"0\" x2=\"{x}\" y2=\"{}\" stroke=\"#ddd\" stroke-width=\"0.5\"/>",
                l.height
            );
        }
        for y in (10..l.height).step_by(10) {
            let _ = writeln!(
                out,
                "<line x1=\"0\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\" stroke=\"#ddd\" stroke-width=\"0.5\"/>",
                l.width
            );
        }
    }
    for w in &l.walls {
        let (colour, width, dash) = match (w.kind, w.open) {
            (WallKind::Concealing, _) => ("#222", 3, ""),
            (WallKind::Full, _) => ("#555", 3, ""),
            (WallKind::Partial, _) => ("#8a6d3b", 2, " stroke-dasharray=\"3 2\""),
            (WallKind::Door, false) => ("#7a3b1d", 3, ""),
            (WallKind::Door, true) => ("#7a3b1d", 1, " stroke-dasharray=\"1 2\""),
        };
        let _ = writeln!(
            out,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{colour}\" stroke-width=\"{width}\"{dash} stroke-linecap=\"round\"><title>{}</title></line>",
            w.a.x,
            w.a.y,
            w.b.x,
            w.b.y,
            xml(&w.label())
        );
    }
    for a in &scene.areas {
        let at: Point = a.at;
        let _ = writeln!(
            out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#c33\" fill-opacity=\"0.15\" stroke=\"#c33\"><title>suppressed by {}</title></circle>",
            at.x,
            at.y,
            a.radius * 10,
            xml(a.by.as_str())
        );
    }
    let first_side = battle.clock.seats.first().map(|s| s.side.clone());
    for (id, p) in &scene.positions {
        let Some(c) = battle.combatants.get(id) else {
            continue;
        };
        let side = battle.clock.seat(id).ok().map(|s| s.side.clone());
        let fill = match (c.fighter.dead, side == first_side) {
            (true, _) => "#999",
            (false, true) => "#2a6fb0",
            (false, false) => "#b03a2a",
        };
        let _ = writeln!(
            out,
            "<g><circle cx=\"{}\" cy=\"{}\" r=\"4.5\" fill=\"{fill}\" stroke=\"#fff\"/><text x=\"{}\" y=\"{}\" font-size=\"6\" text-anchor=\"middle\">{}</text><title>{} at {p}</title></g>",
            p.x,
            p.y,
            p.x,
            p.y - 6,
            xml(id.as_str()),
            xml(&c.fighter.name)
        );
    }
    out.push_str("</svg>\n");
    Some(out)
}
