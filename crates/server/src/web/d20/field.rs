//! The field on the page: the grid as an HTML table (a caption, column and
//! row headings, each combatant's token on its square, and on the turn of
//! the combatant the viewer acts for each square it may reach as a move
//! button the engine has judged), or map-less, each side's front and back
//! rows.

use std::fmt::Write;

use nanite_core::CombatantId;
use nanite_d20::encounter::{Battle, Square, distance_feet};
use serde_json::{Value, json};

use super::Judged;
use super::actions::judge;
use crate::permissions::Viewer;
use crate::web::html::{esc, val};

/// The squares `actor` could move to straight from where it stands this
/// turn, each judged by the engine (empty off the grid).
pub(crate) fn moves(
    battle: &Battle,
    viewer: &Viewer,
    owns: &dyn Fn(&CombatantId) -> bool,
    actor: &CombatantId,
) -> Vec<(Square, Result<(), String>)> {
    let nanite_d20::encounter::Field::Map { width, height } = battle.field else {
        return Vec::new();
    };
    let (Some(from), Some(me)) = (battle.square(actor), battle.combatants.get(actor)) else {
        return Vec::new();
    };
    if battle.clock.active.as_ref() != Some(actor) {
        return Vec::new();
    }
    let left = me.movement.left();
    let mut out = Vec::new();
    for y in 0..height {
        for x in 0..width {
            let to = Square { x, y };
            if to == from || distance_feet(from, to) > left {
                continue;
            }
            let command = json!({"command": "move", "id": actor, "to": [to]});
            out.push((to, judge(battle, viewer, owns, actor, &command).map(|_| ())));
        }
    }
    out
}

/// The sides in the order they first appear, for their colours.
fn sides(shown: &Value) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for c in shown["combatants"].as_array().into_iter().flatten() {
        let side = c["side"].as_str().unwrap_or("").to_string();
        if !out.contains(&side) {
            out.push(side);
        }
    }
    out
}

fn side_class(sides: &[String], side: &Value) -> usize {
    sides
        .iter()
        .position(|s| Some(s.as_str()) == side.as_str())
        .unwrap_or(0)
        % 4
}

/// Two letters of a name, for a token.
fn initials(name: &str) -> String {
    let words: Vec<&str> = name.split_whitespace().collect();
    let mut out: String = match words.as_slice() {
        [one] => one.chars().take(2).collect(),
        [first, .., last] => first.chars().take(1).chain(last.chars().take(1)).collect(),
        [] => "?".into(),
    };
    out = out.to_uppercase();
    out
}

fn token(c: &Value, active: bool, sides: &[String]) -> String {
    let name = c["name"].as_str().unwrap_or("");
    format!(
        "<span class=\"token side-{}{}{}\" title=\"{}\" aria-hidden=\"true\">{}</span><span class=\"sr-only\">{}{}</span>",
        side_class(sides, &c["side"]),
        if active { " active" } else { "" },
        if c["down"].as_bool() == Some(true) {
            " down"
        } else {
            ""
        },
        esc(name),
        esc(&initials(name)),
        esc(name),
        if active { " (acting)" } else { "" },
    )
}

/// The field: the grid or the rows.
pub(crate) fn draw(campaign: &str, encounter: &str, shown: &Value, judged: &Judged) -> String {
    let sides = sides(shown);
    match shown["field"]["field"].as_str() {
        Some("map") => grid(campaign, encounter, shown, judged, &sides),
        _ => rows(shown, &sides),
    }
}

fn grid(
    campaign: &str,
    encounter: &str,
    shown: &Value,
    judged: &Judged,
    sides: &[String],
) -> String {
    let width = shown["field"]["width"].as_i64().unwrap_or(0);
    let height = shown["field"]["height"].as_i64().unwrap_or(0);
    let active = &shown["active"];
    let actor_name = judged
        .actor
        .as_ref()
        .and_then(|a| {
            shown["combatants"]
                .as_array()
                .into_iter()
                .flatten()
                .find(|c| c["id"].as_str() == Some(a.as_str()))
        })
        .map(|c| val(&c["name"]));
    let reachable = judged.moves.iter().filter(|(_, ok)| ok.is_ok()).count();
    let mut out = String::from(
        "<section class=\"card field\" aria-labelledby=\"field-h\"><h2 id=\"field-h\">The field</h2>",
    );
    if let Some(name) = &actor_name
        && !judged.moves.is_empty()
    {
        let _ = write!(
            out,
            "<p class=\"meta\" id=\"grid-help\">Choose a highlighted square to move {name} there ({reachable} within reach; each square is 5 ft).</p>"
        );
    }
    let _ = write!(
        out,
        "<div class=\"grid-wrap\"><table class=\"grid\" aria-describedby=\"grid-help\"><caption class=\"sr-only\">A grid of {width} by {height} squares of 5 ft; columns are x from 0, rows y from 0</caption><thead><tr><th scope=\"col\"><span class=\"sr-only\">y \\ x</span></th>"
    );
    for x in 0..width {
        let _ = write!(out, "<th scope=\"col\">{x}</th>");
    }
    out.push_str("</tr></thead><tbody>");
    let api = format!(
        "/api/campaigns/{}/encounters/{}/commands",
        esc(campaign),
        esc(encounter)
    );
    for y in 0..height {
        let _ = write!(out, "<tr><th scope=\"row\">{y}</th>");
        for x in 0..width {
            let here: Vec<&Value> = shown["combatants"]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|c| {
                    c["place"]["square"]["x"].as_i64() == Some(x)
                        && c["place"]["square"]["y"].as_i64() == Some(y)
                })
                .collect();
            let mv = judged
                .moves
                .iter()
                .find(|(s, _)| s.x == x && s.y == y)
                .map(|(_, ok)| ok);
            out.push_str(if matches!(mv, Some(Ok(()))) {
                "<td class=\"reach\">"
            } else {
                "<td>"
            });
            for c in &here {
                out.push_str(&token(c, &c["id"] == active, sides));
            }
            if let (Some(Ok(())), Some(actor)) = (mv, judged.actor.as_ref()) {
                let body = json!({"command": "move", "id": actor, "to": [{"x": x, "y": y}]});
                let _ = write!(
                    out,
                    "<form class=\"act move\" data-api=\"{api}\" data-method=\"POST\" data-body=\"{}\" data-show=\"#result-card\"><button type=\"submit\" aria-label=\"Move to square {x},{y}\" title=\"Move to {x},{y}\"><span aria-hidden=\"true\">·</span></button></form>",
                    esc(&body.to_string()),
                );
            }
            out.push_str("</td>");
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table></div>");
    out.push_str(&legend(shown, sides));
    out.push_str("</section>");
    out
}

fn legend(shown: &Value, sides: &[String]) -> String {
    let mut out = String::from("<ul class=\"legend\" aria-label=\"Who stands where\">");
    for c in shown["combatants"].as_array().into_iter().flatten() {
        let place = match (
            c["place"]["square"]["x"].as_i64(),
            c["place"]["square"]["y"].as_i64(),
        ) {
            (Some(x), Some(y)) => format!("square {x},{y}"),
            _ => "off the grid".into(),
        };
        let _ = write!(
            out,
            "<li><span class=\"token side-{}\" aria-hidden=\"true\">{}</span> {} <span class=\"meta\">({}, {place})</span></li>",
            side_class(sides, &c["side"]),
            esc(&initials(c["name"].as_str().unwrap_or(""))),
            val(&c["name"]),
            val(&c["side"]),
        );
    }
    out.push_str("</ul>");
    out
}

fn rows(shown: &Value, sides: &[String]) -> String {
    let active = &shown["active"];
    let mut out = String::from(
        "<section class=\"card field\" aria-labelledby=\"field-h\"><h2 id=\"field-h\">The field: front and back rows</h2><div class=\"field-rows\">",
    );
    for (i, side) in sides.iter().enumerate() {
        let _ = write!(
            out,
            "<div class=\"field-side side-{}\"><h3>{}</h3>",
            i % 4,
            esc(side)
        );
        for row in ["front", "back"] {
            let _ = write!(
                out,
                "<p class=\"row-name\">{} row</p><ul class=\"row row-{row}\" aria-label=\"{} {row} row\">",
                if row == "front" { "Front" } else { "Back" },
                esc(side),
            );
            let mut any = false;
            for c in shown["combatants"].as_array().into_iter().flatten() {
                if c["side"].as_str() == Some(side.as_str()) && c["place"]["row"] == row {
                    any = true;
                    let _ = write!(
                        out,
                        "<li>{} {}</li>",
                        token(c, &c["id"] == active, sides),
                        val(&c["name"])
                    );
                }
            }
            if !any {
                out.push_str("<li class=\"empty\">nobody</li>");
            }
            out.push_str("</ul>");
        }
        out.push_str("</div>");
    }
    out.push_str("</div></section>");
    out
}
