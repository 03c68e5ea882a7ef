//! The tracker's battle map (issue 24), drawn as SVG by
//! `templates/tracker/map.html` from the typed view (`view.rs`, already cut
//! to the viewer's fog of war): walls, doors, the optional 1 m grid,
//! suppressed areas and the tokens of the combatants the viewer sees. For
//! the selected combatant (the acting one the viewer plays, or one picked
//! with `?actor=`): the range rings of its weapon's brackets, the exact
//! chance to hit each target (the engine's own choices), a click point per
//! metre and an x,y form to preview a move (the way around the walls and
//! its metres, `?to=`) before confirming it, and the blast or suppressed
//! area of a throw or suppression (`?area=`) before confirming it, a
//! grenade's with the ring its scatter can put it in (CX-RNG-15). The
//! background image the GM gave is drawn under the walls. The GM draws
//! walls (`?draw=wall`, `wall_draw.rs`) and takes them off.

use askama::Template;
use nanite_compound_x::encounter::{Battle, Command, Layout, Point, WallKind, scene};
use nanite_core::CombatantId;
use serde::Deserialize;

use super::choices::{ChoiceView, commands_api};
use super::wall_draw::{self, WallDraft, WallItem};
use crate::view::CxEncounter;
use crate::web::html::render;

/// Pixels a metre is drawn (the box shrinks to a narrow screen).
const PX_PER_M: i64 = 24;

/// What the viewer asks of the map in the page's address.
#[derive(Clone, Debug, Default, Deserialize)]
pub(crate) struct MapAsk {
    /// The combatant selected (its id).
    #[serde(default)]
    pub(crate) actor: Option<String>,
    /// A destination to preview, "12,4" in metres.
    #[serde(default)]
    pub(crate) to: Option<String>,
    /// The east metres of a destination typed in the form.
    #[serde(default)]
    pub(crate) x: Option<String>,
    /// Its south metres.
    #[serde(default)]
    pub(crate) y: Option<String>,
    /// The number of the throw or suppression (among the turn's choices)
    /// whose area to preview.
    #[serde(default)]
    pub(crate) area: Option<usize>,
    /// The GM draws walls ("wall").
    #[serde(default)]
    pub(crate) draw: Option<String>,
    /// The first end of the wall drawn, "12,4" in metres.
    #[serde(default)]
    pub(crate) from: Option<String>,
    /// Its other end.
    #[serde(default)]
    pub(crate) end: Option<String>,
}

impl MapAsk {
    /// The address's query again ("?actor=vex&to=12,4"), for the live
    /// refresh to draw the same preview; empty when nothing is asked.
    pub(crate) fn query(&self) -> String {
        let mut parts = Vec::new();
        let enc = |s: &str| {
            s.chars()
                .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | ','))
                .collect::<String>()
        };
        if let Some(a) = &self.actor {
            parts.push(format!("actor={}", enc(a)));
        }
        if let Some(to) = self.destination_text() {
            parts.push(format!("to={}", enc(&to)));
        }
        if let Some(n) = self.area {
            parts.push(format!("area={n}"));
        }
        if self.drawing() {
            parts.push("draw=wall".into());
            for (key, value) in [("from", &self.from), ("end", &self.end)] {
                if let Some(v) = value.as_deref().filter(|v| !v.trim().is_empty()) {
                    parts.push(format!("{key}={}", enc(v.trim())));
                }
            }
        }
        if parts.is_empty() {
            String::new()
        } else {
            format!("?{}", parts.join("&"))
        }
    }

    /// Whether the GM draws walls.
    pub(crate) fn drawing(&self) -> bool {
        self.draw.as_deref() == Some("wall")
    }

    /// The destination asked, as typed.
    fn destination_text(&self) -> Option<String> {
        match (&self.to, &self.x, &self.y) {
            (Some(to), _, _) if !to.trim().is_empty() => Some(to.trim().to_string()),
            (_, Some(x), Some(y)) if !x.trim().is_empty() && !y.trim().is_empty() => {
                Some(format!("{},{}", x.trim(), y.trim()))
            }
            _ => None,
        }
    }
}

/// A line drawn.
struct Line {
    x1: i64,
    y1: i64,
    x2: i64,
    y2: i64,
    class: &'static str,
    title: String,
}

/// A circle drawn (an area, a ring).
struct Circle {
    cx: i64,
    cy: i64,
    r: i64,
    class: &'static str,
    title: String,
}

/// A combatant's token.
struct TokenDraw {
    x: i64,
    y: i64,
    class: String,
    initials: String,
    title: String,
    /// The chance to hit it, in percent, from the selected combatant.
    odds: Option<i64>,
}

/// A click point: one metre of the map to preview a move to.
struct Cell {
    x: i64,
    y: i64,
    href: String,
}

/// A preview of what a command would do, and the form that gives it.
struct Preview {
    /// What it would do.
    lines: Vec<String>,
    /// The confirming forms: label and the command's JSON.
    confirm: Vec<(String, String)>,
}

/// A throw or suppression whose area may be previewed.
struct AreaLink {
    label: String,
    href: String,
    picked: bool,
}

/// The map section of the tracker.
#[derive(Template)]
#[template(path = "tracker/map.html")]
struct MapDraw {
    width: i64,
    height: i64,
    px_w: i64,
    px_h: i64,
    size: String,
    grid_x: Vec<i64>,
    grid_y: Vec<i64>,
    walls: Vec<Line>,
    areas: Vec<Circle>,
    rings: Vec<Circle>,
    tokens: Vec<TokenDraw>,
    path: Option<String>,
    blast: Option<Circle>,
    cells: Vec<Cell>,
    /// The selected combatant's id and name.
    actor: Option<(String, String)>,
    /// Combatants the viewer may select (id, name, selected).
    selectable: Vec<(String, String, bool)>,
    /// Whether the viewer may move the selected combatant.
    moves: bool,
    preview: Option<Preview>,
    area_links: Vec<AreaLink>,
    api: String,
    /// The destination typed, to show in the form again.
    to_x: String,
    to_y: String,
    /// The background image's address, if the map has one.
    backdrop: Option<String>,
    /// The rings a grenade's scatter can put it in (CX-RNG-15).
    scatter: Vec<Circle>,
    /// The GM may draw walls.
    gm: bool,
    /// The wall the GM draws, while drawing.
    draft: Option<WallDraft>,
    /// The walls the GM may take off.
    wall_list: Vec<WallItem>,
}

/// Initials of a name ("Vex Ardent" -> "VA").
fn initials(name: &str) -> String {
    let out: String = name
        .split_whitespace()
        .filter_map(|w| w.chars().next())
        .take(2)
        .collect();
    if out.is_empty() {
        "?".into()
    } else {
        out.to_uppercase()
    }
}

/// The battle map of the tracker, or nothing when the fight has none.
pub(crate) fn section(
    campaign: &str,
    encounter: &str,
    enc: &CxEncounter<'_>,
    battle: &Battle,
    turn: &[ChoiceView],
    ask: &MapAsk,
    gm: bool,
) -> String {
    let (Some(map), Some(scene)) = (&enc.map, battle.scene.as_deref()) else {
        return String::new();
    };
    let at_of = |id: &str| {
        map.tokens
            .iter()
            .find(|t| t.id.as_str() == id)
            .map(|t| t.at)
    };
    let may_select = |id: &str| gm || enc.combatant(id).is_some_and(|c| c.mine);
    let active = enc.active.map(|a| a.as_str());
    let selected: Option<&str> = ask
        .actor
        .as_deref()
        .filter(|a| may_select(a) && at_of(a).is_some())
        .or_else(|| active.filter(|a| may_select(a) && at_of(a).is_some()))
        .or_else(|| {
            map.tokens
                .iter()
                .map(|t| t.id.as_str())
                .find(|id| !gm && may_select(id))
        });
    let acting = selected.is_some() && selected == active;
    let name_of = |id: &str| enc.name_of(id).to_string();
    let tokens = tokens_drawn(map, enc, turn, selected, active, acting);
    let walls = walls_drawn(map);
    let areas = areas_drawn(map, enc);
    let actor_at = selected.and_then(at_of);
    let rings = match (selected, actor_at) {
        (Some(id), Some(from)) => range_rings(battle, id, from),
        _ => Vec::new(),
    };
    let api = commands_api(campaign, encounter);
    let mut preview = None;
    let mut path = None;
    let mut blast = None;
    let mut scatter = Vec::new();
    let moves = selected.is_some() && (gm || acting);
    // A move previewed: the way around the walls and its metres.
    let typed = ask.destination_text();
    if let (Some(id), Some(from), Some(text)) = (selected, actor_at, typed.as_deref()) {
        let (shown, way) = move_preview(enc, battle, &scene.layout, id, from, text, acting, gm);
        preview = Some(shown);
        path = way;
    }
    // Throws and suppressions of the acting one, each with its area.
    let mut area_links = Vec::new();
    if acting {
        for (n, c) in turn.iter().enumerate() {
            if !matches!(c.kind, "throw" | "suppress") || c.refused.is_some() {
                continue;
            }
            let mut href = format!("?area={n}");
            if let Some(id) = selected {
                href = format!("?actor={id}&area={n}");
            }
            let at = c.target.as_deref().map(|t| format!(" at {}", name_of(t)));
            area_links.push(AreaLink {
                label: format!("Show the area: {}{}", c.label, at.unwrap_or_default()),
                href: format!("{href}#map"),
                picked: ask.area == Some(n),
            });
        }
    }
    if let (true, Some(n)) = (acting, ask.area) {
        if let Some(c) = turn
            .get(n)
            .filter(|c| matches!(c.kind, "throw" | "suppress"))
        {
            if let Some((shown, circle, rings)) = area_preview(enc, map, &scene.layout, battle, c) {
                preview = Some(shown);
                blast = Some(circle);
                scatter = rings;
            }
        }
    }
    // A click point for every metre (every 2 m on a large map).
    let drawing = gm && ask.drawing();
    let draft = drawing.then(|| wall_draw::draft(battle, &scene.layout, ask));
    let cells = match selected {
        Some(id) if moves && !drawing => click_cells(&scene.layout, id),
        _ => Vec::new(),
    };
    let selectable = map
        .tokens
        .iter()
        .filter(|t| may_select(t.id.as_str()))
        .map(|t| {
            (
                t.id.to_string(),
                name_of(t.id.as_str()),
                Some(t.id.as_str()) == selected,
            )
        })
        .collect();
    let (to_x, to_y) = typed
        .as_deref()
        .and_then(|t| t.split_once(','))
        .map(|(x, y)| (x.trim().to_string(), y.trim().to_string()))
        .unwrap_or_default();
    let (w, h) = (scene.layout.width, scene.layout.height);
    render(&MapDraw {
        width: w,
        height: h,
        px_w: w * PX_PER_M / scene::DM,
        px_h: h * PX_PER_M / scene::DM,
        size: format!("{} by {} m", scene::show_dm(w), scene::show_dm(h)),
        grid_x: grid_lines(map.grid, w),
        grid_y: grid_lines(map.grid, h),
        walls,
        areas,
        rings,
        tokens,
        path,
        blast,
        cells,
        actor: selected.map(|id| (id.to_string(), name_of(id))),
        selectable,
        moves,
        preview,
        area_links,
        api,
        to_x,
        to_y,
        backdrop: map.backdrop.as_ref().map(|b| {
            format!(
                "/api/campaigns/{campaign}/encounters/{encounter}/map/backdrop?v={}",
                b.tag
            )
        }),
        scatter,
        gm,
        draft,
        wall_list: if gm {
            wall_draw::items(&scene.layout)
        } else {
            Vec::new()
        },
    })
}

/// The walls and doors, each with its kind in words.
fn walls_drawn(map: &crate::battle_map::MapShown<'_>) -> Vec<Line> {
    map.walls
        .iter()
        .map(|w| Line {
            x1: w.a.x,
            y1: w.a.y,
            x2: w.b.x,
            y2: w.b.y,
            class: match (w.kind, w.open) {
                (WallKind::Partial, _) => "cx-wall cx-partial",
                (WallKind::Full, _) => "cx-wall cx-full",
                (WallKind::Concealing, _) => "cx-wall cx-concealing",
                (WallKind::Door, true) => "cx-wall cx-door cx-open",
                (WallKind::Door, false) => "cx-wall cx-door",
            },
            title: match w.kind {
                WallKind::Partial => format!("{}: partial cover", w.label()),
                WallKind::Full => format!("{}: full cover", w.label()),
                WallKind::Concealing => format!("{}: blocks sight", w.label()),
                WallKind::Door if w.open => format!("{}: open door", w.label()),
                WallKind::Door => format!("{}: closed door, blocks sight", w.label()),
            },
        })
        .collect()
}

/// The suppressed areas, each with who suppresses it.
fn areas_drawn(map: &crate::battle_map::MapShown<'_>, enc: &CxEncounter<'_>) -> Vec<Circle> {
    map.areas
        .iter()
        .map(|a| Circle {
            cx: a.at.x,
            cy: a.at.y,
            r: a.radius * scene::DM + 5,
            class: "cx-area",
            title: format!(
                "suppressed by {} ({} m)",
                enc.name_of(a.by.as_str()),
                a.radius
            ),
        })
        .collect()
}

/// Range rings of `id`'s first working weapon with brackets, around
/// `from`: a bracket reaches `to` m, rounded (10.4 m is 10 m).
fn range_rings(battle: &Battle, id: &str, from: Point) -> Vec<Circle> {
    let mut rings = Vec::new();
    // Range rings of the selected combatant's first working weapon with
    // brackets: a bracket reaches `to` m, rounded (10.4 m is 10 m).
    let weapon = battle.combatants.get(&CombatantId::from(id)).and_then(|c| {
        c.fighter
            .weapons
            .iter()
            .find(|w| !w.broken && !w.brackets.is_empty() && w.blast_radius.is_none())
    });
    if let Some(w) = weapon {
        for (i, b) in w.brackets.iter().enumerate() {
            rings.push(Circle {
                cx: from.x,
                cy: from.y,
                r: b.to * scene::DM + 5,
                class: "cx-ring",
                title: format!("{}: bracket {} ({}-{} m)", w.name, i + 1, b.from, b.to),
            });
        }
    }
    rings
}

/// A move of `id` from `from` to the typed `text` previewed: the way
/// around the walls and its metres (or why there is none), the engine's
/// refusal when it would refuse it, and the buttons to move there (its
/// player on its turn) or place it there (the GM). With the way as SVG
/// points.
#[allow(clippy::too_many_arguments)]
fn move_preview(
    enc: &CxEncounter<'_>,
    battle: &Battle,
    layout: &Layout,
    id: &str,
    from: Point,
    text: &str,
    acting: bool,
    gm: bool,
) -> (Preview, Option<String>) {
    let mut path = None;
    let mut lines = Vec::new();
    let mut confirm = Vec::new();
    match Point::parse_metres(text) {
        Err(why) => lines.push(why),
        Ok(to) if !layout.contains(to) => lines.push(format!(
            "{to} is off the map (0,0 to {} m)",
            Point::new(layout.width, layout.height)
        )),
        Ok(to) if to == from => lines.push(format!("{} stands at {to}.", enc.name_of(id))),
        Ok(to) => {
            let whole = layout.width + layout.height;
            match layout.route(from, to, 4 * whole) {
                None => lines.push(format!(
                    "No way around the walls leads from {from} to {to}."
                )),
                Some(route) => {
                    path = Some(
                        route
                            .corners
                            .iter()
                            .map(|p| format!("{},{}", p.x, p.y))
                            .collect::<Vec<_>>()
                            .join(" "),
                    );
                    lines.push(format!(
                        "{} to {to}: {} m along the way around the walls{}.",
                        enc.name_of(id),
                        route.metres(),
                        if route.corners.len() > 2 {
                            format!(", turning {} time(s)", route.corners.len() - 2)
                        } else {
                            String::new()
                        }
                    ));
                    if acting {
                        let command = Command::MoveTo {
                            id: CombatantId::from(id),
                            to,
                            sprint: false,
                        };
                        if let Some(why) = refusal(battle, &command) {
                            lines.push(format!("The rules refuse it now: {why}"));
                        }
                        confirm.push((
                            format!("Move {} here ({} m)", enc.name_of(id), route.metres()),
                            json(&command),
                        ));
                    }
                }
            }
            if gm {
                confirm.push((
                    format!("Place {} here (GM, free)", enc.name_of(id)),
                    json(&Command::Place {
                        id: CombatantId::from(id),
                        at: to,
                    }),
                ));
            }
        }
    }
    (Preview { lines, confirm }, path)
}

/// The area of a throw or suppression `c` previewed: who it catches of
/// those the viewer sees (a blast stopped by full cover, CX-RNG-15; a
/// suppressed area not, CX-SUP-02..04), its circle, and a grenade's
/// scatter rings.
fn area_preview(
    enc: &CxEncounter<'_>,
    map: &crate::battle_map::MapShown<'_>,
    layout: &Layout,
    battle: &Battle,
    c: &ChoiceView,
) -> Option<(Preview, Circle, Vec<Circle>)> {
    let (centre, radius, what) = area_of(battle, &c.body)?;
    let caught: Vec<String> = map
        .tokens
        .iter()
        .filter(|t| {
            let dead = enc
                .combatant(t.id.as_str())
                .is_some_and(|x| x.wounded == "dead");
            !dead
                && scene::metres_between(centre, t.at) <= radius
                && (what == "suppress" || !layout.shields_blast(centre, t.at))
        })
        .map(|t| enc.name_of(t.id.as_str()).to_string())
        .collect();
    let blast = Circle {
        cx: centre.x,
        cy: centre.y,
        r: radius * scene::DM + 5,
        class: if what == "throw" {
            "cx-blast"
        } else {
            "cx-area cx-preview"
        },
        title: format!("{radius} m around {centre}"),
    };
    let mut lines = vec![format!(
        "{}: {radius} m around {centre} m{}",
        c.label,
        if what == "throw" {
            " if it lands where thrown (a miss scatters it, CX-RNG-15)"
        } else {
            " (CX-SUP-02..04)"
        }
    )];
    lines.push(if caught.is_empty() {
        "It catches nobody you see.".to_string()
    } else {
        format!("It catches {} ({}).", caught.join(", "), caught.len())
    });
    if what == "throw" {
        lines.push(format!(
            "A miss scatters it in one of 8 directions (a d8): d4 m when the d10 was within 1 of the miss chance, d10 m beyond (CX-RNG-15), so it lands within {SCATTER_MAX_M} m of the aim (the rings), its blast reaching {} m from it.",
            SCATTER_MAX_M + radius
        ));
    }
    let scatter = if what == "throw" {
        scatter_rings(centre, radius)
    } else {
        Vec::new()
    };
    let preview = Preview {
        lines,
        confirm: vec![(c.label.clone(), c.body.clone())],
    };
    Some((preview, blast, scatter))
}

/// A click point for every metre of the map (every 2 m on a large one),
/// each previewing a move of `id` there.
fn click_cells(layout: &Layout, id: &str) -> Vec<Cell> {
    let step = if layout.width * layout.height > 2500 * scene::DM * scene::DM {
        2 * scene::DM
    } else {
        scene::DM
    };
    let mut cells = Vec::new();
    let mut y = step / 2;
    while y < layout.height {
        let mut x = step / 2;
        while x < layout.width {
            cells.push(Cell {
                x: x - step / 2,
                y: y - step / 2,
                href: format!("?actor={id}&to={}#map", Point::new(x, y)),
            });
            x += step;
        }
        y += step;
    }
    cells
}

/// The 1 m grid's lines across a side of `length` (in the map's units),
/// when the map shows its grid.
fn grid_lines(shown: bool, length: i64) -> Vec<i64> {
    if !shown {
        return Vec::new();
    }
    (1..)
        .map(|i| i * scene::DM)
        .take_while(|at| *at < length)
        .collect()
}

/// The tokens the viewer sees, each marked mine, an ally of the selected
/// one or other, down, selected or acting, with the selected acting one's
/// chance to hit it (from the engine's own choices).
fn tokens_drawn(
    map: &crate::battle_map::MapShown<'_>,
    enc: &CxEncounter<'_>,
    turn: &[ChoiceView],
    selected: Option<&str>,
    active: Option<&str>,
    acting: bool,
) -> Vec<TokenDraw> {
    let odds_on = |id: &str| {
        turn.iter()
            .filter(|c| acting && c.kind == "fire" && c.target.as_deref() == Some(id))
            .find_map(|c| c.odds)
    };
    map.tokens
        .iter()
        .map(|t| {
            let c = enc.combatant(t.id.as_str());
            let name = c.map_or(t.id.as_str(), |c| c.name);
            let mut class = String::from("cx-token");
            if let Some(c) = c {
                class.push_str(if c.mine {
                    " cx-mine"
                } else if Some(c.side) == selected.and_then(|s| enc.combatant(s)).map(|s| s.side) {
                    " cx-ally"
                } else {
                    " cx-other"
                });
                if c.wounded == "dead" || c.wounded == "down" {
                    class.push_str(" cx-down");
                }
            }
            if Some(t.id.as_str()) == selected {
                class.push_str(" cx-selected");
            }
            if Some(t.id.as_str()) == active {
                class.push_str(" cx-active");
            }
            let odds = odds_on(t.id.as_str());
            let mut title = format!("{name} ({}) at {} m", c.map_or("", |c| c.side), t.at);
            if let Some(p) = odds {
                title.push_str(&format!(", {p}% to hit"));
            }
            TokenDraw {
                x: t.at.x,
                y: t.at.y,
                class,
                initials: initials(name),
                title,
                odds,
            }
        })
        .collect()
}

/// The farthest a missed grenade scatters: a d10 in metres (CX-RNG-15).
const SCATTER_MAX_M: i64 = 10;
/// A near miss's farthest scatter: a d4 in metres (CX-RNG-15).
const SCATTER_NEAR_M: i64 = 4;

/// The rings a grenade aimed at `centre` with a blast of `radius` m may
/// land in or reach when it misses (CX-RNG-15): a near miss within d4 m,
/// a miss within d10 m, and its blast reaching d10 + the radius.
fn scatter_rings(centre: Point, radius: i64) -> Vec<Circle> {
    [
        (
            SCATTER_NEAR_M,
            "cx-scatter cx-scatter-near",
            format!("a near miss lands within {SCATTER_NEAR_M} m (d4, CX-RNG-15)"),
        ),
        (
            SCATTER_MAX_M,
            "cx-scatter",
            format!("a miss lands within {SCATTER_MAX_M} m (d10, CX-RNG-15)"),
        ),
        (
            SCATTER_MAX_M + radius,
            "cx-scatter cx-scatter-reach",
            format!(
                "its blast reaches {} m from the aim on the farthest scatter",
                SCATTER_MAX_M + radius
            ),
        ),
    ]
    .into_iter()
    .map(|(m, class, title)| Circle {
        cx: centre.x,
        cy: centre.y,
        r: m * scene::DM,
        class,
        title,
    })
    .collect()
}

/// The command as the API takes it.
fn json(command: &Command) -> String {
    serde_json::to_string(command).unwrap_or_default()
}

/// Why the engine refuses `command` now, if it does (a command that only
/// lacks dice here is not refused).
fn refusal(battle: &Battle, command: &Command) -> Option<String> {
    use nanite_core::Ruleset;
    let mut dice = nanite_core::ScriptedDice::new(Vec::new());
    match nanite_compound_x::encounter::CompoundX::decide(battle, command, &mut dice) {
        Ok(_) | Err(nanite_compound_x::encounter::Refusal::Dice(_)) => None,
        Err(r) => Some(r.to_string()),
    }
}

/// The centre, radius in metres and kind of the area a throw or a
/// suppression (its command's JSON) would cover: a grenade's blast radius
/// around its target, a suppression's 1 m (2 m heavy, CX-SUP-02..04)
/// around its target.
fn area_of(battle: &Battle, body: &str) -> Option<(Point, i64, &'static str)> {
    let command: Command = serde_json::from_str(body).ok()?;
    match command {
        Command::Throw {
            id, target, weapon, ..
        } => {
            let w = battle.combatants.get(&id)?.fighter.weapons.get(weapon)?;
            Some((battle.position(&target)?, w.blast_radius?, "throw"))
        }
        Command::Suppress {
            id,
            target,
            weapon,
            level,
        } => {
            let w = battle.combatants.get(&id)?.fighter.weapons.get(weapon)?;
            let level = level.or(w.suppression)?;
            let radius = if level == nanite_compound_x::Suppression::Heavy {
                2
            } else {
                1
            };
            Some((battle.position(&target)?, radius, "suppress"))
        }
        _ => None,
    }
}

/// The GM's battle map form.
#[derive(Template)]
#[template(path = "tracker/map_form.html")]
struct MapForm {
    /// The encounter's API address.
    api: String,
}

/// The GM's form giving encounter `encounter` its battle map.
pub(crate) fn gm_form(campaign: &str, encounter: &str) -> String {
    render(&MapForm {
        api: format!("/api/campaigns/{campaign}/encounters/{encounter}"),
    })
}
