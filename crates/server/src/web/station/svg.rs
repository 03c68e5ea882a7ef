//! The map as SVG, drawn from the game's view as the viewer may see it:
//! floor by its light, walls, doors with their lock and state, what
//! cameras and turrets see, devices, searchables, goals, the crew and the
//! creatures with their hit points. Over it, for each unit the viewer acts
//! for, the squares the engine lets it move to (each a button), and for the
//! GM the squares the engine lets each creature kind be deployed on. Every
//! text is escaped; the script (`assets/station.js`) shows the layers of
//! the selected unit and sends a clicked square's command.

use std::fmt::Write;

use nanite_station::map::Pos;
use serde_json::{Value, json};

use super::actions::Judged;
use crate::web::esc;

/// The side of a square, in SVG units.
pub(crate) const CELL: i64 = 36;

fn xy(v: &Value) -> (i64, i64) {
    (v["x"].as_i64().unwrap_or(0), v["y"].as_i64().unwrap_or(0))
}

fn s(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// A command as the `data-cmd` attribute carries it.
pub(crate) fn cmd_attr(command: &nanite_station::Command) -> String {
    esc(&json!({ "command": command }).to_string())
}

/// A token's short text: the first two letters of its handle.
fn initials(id: &str) -> String {
    id.chars().take(3).collect()
}

fn square(out: &mut String, x: i64, y: i64, class: &str) {
    let _ = write!(
        out,
        "<rect class=\"{class}\" x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\"/>",
        x * CELL,
        y * CELL
    );
}

fn label(out: &mut String, x: i64, y: i64, class: &str, text: &str) {
    let _ = write!(
        out,
        "<text class=\"{class}\" x=\"{}\" y=\"{}\">{}</text>",
        x * CELL + CELL / 2,
        y * CELL + CELL / 2 + 5,
        esc(text)
    );
}

/// A device drawn as a rounded box with a letter and a tooltip.
fn device(out: &mut String, at: &Value, class: &str, letter: &str, title: &str) {
    let (x, y) = xy(at);
    let _ = write!(
        out,
        "<g class=\"st-device {class}\"><title>{}</title><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"5\"/>",
        esc(title),
        x * CELL + 4,
        y * CELL + 4,
        CELL - 8,
        CELL - 8
    );
    label(out, x, y, "st-letter", letter);
    out.push_str("</g>");
}

fn hp_bar(out: &mut String, x: i64, y: i64, hp: i64, max: i64) {
    let w = CELL - 8;
    let fill = if max > 0 {
        (hp.clamp(0, max) * w) / max
    } else {
        0
    };
    let _ = write!(
        out,
        "<rect class=\"st-hp-track\" x=\"{x0}\" y=\"{y0}\" width=\"{w}\" height=\"4\"/><rect class=\"st-hp\" x=\"{x0}\" y=\"{y0}\" width=\"{fill}\" height=\"4\"/>",
        x0 = x * CELL + 4,
        y0 = y * CELL + CELL - 6,
    );
}

/// The map of `view` with the overlays of `judged`.
pub(crate) fn map(view: &Value, judged: &Judged) -> String {
    let m = &view["map"];
    let (w, h) = (
        m["width"].as_i64().unwrap_or(0),
        m["height"].as_i64().unwrap_or(0),
    );
    let mut out = String::new();
    // The map is as wide as its box, which is as wide as the screen allows
    // between the map's own width and a strut of two thirds of it (the box
    // fits its content, station.css): squares never grow past their size nor
    // shrink below two thirds, so a finger can take one, and a narrow screen
    // scrolls the map instead. Sizes are attributes, never `style`, which
    // the pages' Content-Security-Policy refuses.
    let _ = write!(
        out,
        "<div class=\"st-map-box\"><svg class=\"st-map\" viewBox=\"0 0 {} {}\" width=\"{}\" height=\"{}\" role=\"group\" aria-label=\"The map, {w} by {h} squares\">",
        w * CELL,
        h * CELL,
        w * CELL,
        h * CELL,
    );
    // Tiles and light.
    let rows = m["rows"].as_array().cloned().unwrap_or_default();
    let light = m["light"].as_array().cloned().unwrap_or_default();
    out.push_str("<g class=\"st-tiles\">");
    for (y, row) in rows.iter().enumerate() {
        let lights: Vec<char> = light
            .get(y)
            .and_then(Value::as_str)
            .unwrap_or("")
            .chars()
            .collect();
        for (x, c) in row.as_str().unwrap_or("").chars().enumerate() {
            let class = match (c, lights.get(x)) {
                ('#', _) => "st-wall",
                ('.', Some('d')) => "st-floor st-dark",
                ('.', Some('n')) => "st-floor st-nolight",
                ('.', _) => "st-floor",
                _ => continue,
            };
            square(&mut out, x as i64, y as i64, class);
        }
    }
    out.push_str("</g>");
    // What cameras and active turrets see.
    out.push_str("<g class=\"st-sight\">");
    for c in m["cameras"].as_array().into_iter().flatten() {
        for p in c["sees"].as_array().into_iter().flatten() {
            let (x, y) = xy(p);
            square(&mut out, x, y, "st-fov-camera");
        }
    }
    for t in m["turrets"].as_array().into_iter().flatten() {
        if t["active"] == true {
            for p in t["sees"].as_array().into_iter().flatten() {
                let (x, y) = xy(p);
                square(&mut out, x, y, "st-fov-turret");
            }
        }
    }
    out.push_str("</g>");
    // Goals.
    for g in m["goals"].as_array().into_iter().flatten() {
        for p in g["squares"].as_array().into_iter().flatten() {
            let (x, y) = xy(p);
            let _ = write!(
                out,
                "<g class=\"st-goal\"><title>goal {}</title>",
                esc(&s(&g["marker"]))
            );
            square(&mut out, x, y, "st-goal-square");
            label(&mut out, x, y, "st-goal-letter", &s(&g["marker"]));
            out.push_str("</g>");
        }
    }
    // Where each unit the viewer acts for may move, and where the GM may deploy.
    for (who, opts) in &judged.units {
        let _ = write!(
            out,
            "<g class=\"st-layer st-hide\" data-moves-of=\"{}\">",
            esc(who)
        );
        for step in &opts.moves {
            overlay(
                &mut out,
                step.to,
                "st-move",
                &nanite_station::Command::Move {
                    who: who.clone(),
                    to: step.to,
                },
                &format!("Move {who} to {} ({} AP)", step.to, step.ap),
                &step.ap.to_string(),
            );
        }
        out.push_str("</g>");
    }
    for (kind, squares) in &judged.deploys {
        let _ = write!(
            out,
            "<g class=\"st-layer st-hide\" data-deploy-of=\"{}\">",
            esc(kind)
        );
        for at in squares.as_ref().map(Vec::as_slice).unwrap_or(&[]) {
            overlay(
                &mut out,
                *at,
                "st-deploy",
                &nanite_station::Command::Deploy {
                    creature: kind.clone(),
                    at: *at,
                },
                &format!("Deploy {kind} at {at}"),
                "+",
            );
        }
        out.push_str("</g>");
    }
    // Doors: a lock letter, green when unlocked, crossed when broken.
    for d in m["doors"].as_array().into_iter().flatten() {
        let lock = s(&d["lock"]);
        let locked = d["locked"] == true;
        let broken = d["broken"] == true;
        let state = if broken {
            "lock broken: repair it first"
        } else if locked {
            "locked"
        } else {
            "unlocked: opens when someone stands in front at the end of the turn"
        };
        let hack = &d["hack"];
        let title = if lock == "standard" {
            format!("door ({state})")
        } else {
            format!(
                "{lock} door, {state}; hack: difficulty {}, skill {}, {} nanites",
                s(&hack["difficulty"]),
                s(&hack["skill"]),
                s(&hack["nanites"])
            )
        };
        let letter = match lock.as_str() {
            "locked" => "L",
            "advanced" => "A",
            "security" => "$",
            _ => "",
        };
        let class = format!(
            "st-door{}{}",
            if locked { " st-locked" } else { " st-unlocked" },
            if broken { " st-broken" } else { "" }
        );
        device(&mut out, &d["at"], &class, letter, &title);
    }
    for c in m["cameras"].as_array().into_iter().flatten() {
        device(
            &mut out,
            &c["at"],
            "st-camera",
            &s(&c["counter"]),
            &format!(
                "camera facing {}, range {}, angle {}°; alarm counter {} (drops each turn a crew member is seen)",
                s(&c["facing"]),
                s(&c["range"]),
                s(&c["angle"]),
                s(&c["counter"])
            ),
        );
    }
    for t in m["turrets"].as_array().into_iter().flatten() {
        let active = t["active"] == true;
        device(
            &mut out,
            &t["at"],
            if active {
                "st-turret st-active"
            } else {
                "st-turret"
            },
            "T",
            &format!(
                "turret ({}), facing {}, range {}: accuracy {}, {} {} damage",
                if active {
                    "active: the alarm sounds"
                } else {
                    "quiet until an alarm"
                },
                s(&t["facing"]),
                s(&t["range"]),
                s(&t["accuracy"]),
                s(&t["damage"]),
                s(&t["damage_type"])
            ),
        );
    }
    for st in m["stations"].as_array().into_iter().flatten() {
        let hack = &st["hack"];
        device(
            &mut out,
            &st["at"],
            if st["broken"] == true {
                "st-station st-broken"
            } else {
                "st-station"
            },
            "S",
            &format!(
                "{}security station{}; hacking it ends an alarm (difficulty {}, skill {}, {} nanites)",
                if st["advanced"] == true {
                    "advanced "
                } else {
                    ""
                },
                if st["broken"] == true { ", broken" } else { "" },
                s(&hack["difficulty"]),
                s(&hack["skill"]),
                s(&hack["nanites"])
            ),
        );
    }
    for mc in m["machines"].as_array().into_iter().flatten() {
        let state = match (mc["active"] == true, mc["broken"] == true) {
            (_, true) => "broken",
            (true, false) => "active",
            (false, false) => "not activated (2 AP in front)",
        };
        device(
            &mut out,
            &mc["at"],
            &format!(
                "st-machine{}",
                if mc["broken"] == true {
                    " st-broken"
                } else {
                    ""
                }
            ),
            "Q",
            &format!("bio-reconstruction machine, {state}"),
        );
    }
    for u in m["upgrade_units"].as_array().into_iter().flatten() {
        device(
            &mut out,
            u,
            "st-upgrade",
            "U",
            "upgrade unit: spend cyber modules here",
        );
    }
    for sw in m["switches"].as_array().into_iter().flatten() {
        device(
            &mut out,
            &sw["at"],
            "st-switch",
            "K",
            "switch: unlocks doors (2 AP)",
        );
    }
    for sr in m["searchables"].as_array().into_iter().flatten() {
        device(
            &mut out,
            &sr["at"],
            "st-search",
            "?",
            &format!(
                "{}: search it from next to it (takes the turn)",
                s(&sr["what"])
            ),
        );
    }
    // Units.
    for c in view["crew"].as_array().into_iter().flatten() {
        if c["alive"] != true {
            continue;
        }
        let (x, y) = xy(&c["at"]);
        unit(
            &mut out,
            c,
            x,
            y,
            "st-crew",
            &format!(
                "{} ({}), HP {}/{}, AP {}",
                s(&c["id"]),
                s(&c["class"]),
                s(&c["hp"]),
                s(&c["max_hp"]),
                s(&c["ap"])
            ),
        );
    }
    for c in view["creatures"].as_array().into_iter().flatten() {
        let (x, y) = xy(&c["at"]);
        let class = if c["egg"] == true {
            "st-creature st-egg"
        } else {
            "st-creature"
        };
        unit(
            &mut out,
            c,
            x,
            y,
            class,
            &format!(
                "{} ({}), HP {}/{}",
                s(&c["id"]),
                s(&c["name"]),
                s(&c["hp"]),
                s(&c["max_hp"])
            ),
        );
    }
    out.push_str("</svg>");
    let _ = write!(
        out,
        "<svg class=\"st-map-strut\" width=\"{}\" height=\"0\" aria-hidden=\"true\" focusable=\"false\"></svg></div>",
        w * CELL * 2 / 3
    );
    out.push_str(LEGEND);
    out
}

/// What the map's marks mean.
const LEGEND: &str = "<ul class=\"st-legend\" aria-label=\"Map legend\">\
<li><span class=\"st-key st-key-crew\"></span>crew</li>\
<li><span class=\"st-key st-key-creature\"></span>creature (bar: HP)</li>\
<li><span class=\"st-key st-key-move\"></span>move here (AP)</li>\
<li><span class=\"st-key st-key-door-open\"></span>unlocked door</li>\
<li><span class=\"st-key st-key-door-locked\"></span>locked door: L, A advanced, $ security</li>\
<li><span class=\"st-key st-key-dark\"></span>dark room (-2 to shots)</li>\
<li><span class=\"st-key st-key-nolight\"></span>no light (-5, 2 AP a square)</li>\
<li><span class=\"st-key st-key-camera\"></span>camera's view (its number: turns to the alarm)</li>\
<li><b>T</b> turret · <b>S</b> security station · <b>Q</b> bio-reconstruction · <b>U</b> upgrade unit · <b>K</b> switch · <b>?</b> searchable</li>\
</ul>";

fn overlay(
    out: &mut String,
    at: Pos,
    class: &str,
    command: &nanite_station::Command,
    aria: &str,
    text: &str,
) {
    let (x, y) = (i64::from(at.x), i64::from(at.y));
    let _ = write!(
        out,
        "<g class=\"{class}\" role=\"button\" tabindex=\"0\" data-cmd=\"{}\" aria-label=\"{}\"><title>{}</title>",
        cmd_attr(command),
        esc(aria),
        esc(aria)
    );
    let _ = write!(
        out,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"4\"/>",
        x * CELL + 2,
        y * CELL + 2,
        CELL - 4,
        CELL - 4
    );
    label(out, x, y, "st-cost", text);
    out.push_str("</g>");
}

fn unit(out: &mut String, u: &Value, x: i64, y: i64, class: &str, aria: &str) {
    let id = s(&u["id"]);
    let _ = write!(
        out,
        "<g class=\"st-unit {class}\" role=\"button\" tabindex=\"0\" data-unit=\"{}\" aria-label=\"{}\"><title>{}</title>\
         <circle cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
        esc(&id),
        esc(aria),
        esc(aria),
        x * CELL + CELL / 2,
        y * CELL + CELL / 2 - 2,
        CELL / 2 - 5
    );
    let _ = write!(
        out,
        "<text class=\"st-name\" x=\"{}\" y=\"{}\">{}</text>",
        x * CELL + CELL / 2,
        y * CELL + CELL / 2 + 2,
        esc(&initials(&id))
    );
    hp_bar(
        out,
        x,
        y,
        u["hp"].as_i64().unwrap_or(0),
        u["max_hp"].as_i64().unwrap_or(0),
    );
    out.push_str("</g>");
}
