//! The Station page's words: the status line (turn, phase, threat, alarm,
//! cards, objectives, and for the GM the creature points and controls),
//! each unit's card with its actions as the engine judged them, the
//! narrated log, and the dashboard's list of games with the GM's start
//! form. Every text is escaped.

use std::fmt::Write;

use serde_json::{Value, json};

use super::actions::{Choice, Judged};
use super::svg::cmd_attr;
use crate::permissions::Role;
use crate::web::html::{bar, esc, val};

fn s(v: &Value) -> String {
    val(v)
}

/// A judged command as a button: its AP and chance to hit, or greyed out
/// with the engine's reason.
fn button(c: &Choice) -> String {
    match &c.refused {
        None => {
            let mut cost = String::new();
            if let Some(ap) = c.ap {
                let _ = write!(cost, "{ap} AP");
            }
            if let Some(price) = &c.price {
                let _ = write!(cost, "{}{price}", if cost.is_empty() { "" } else { " · " });
            }
            if let Some(chance) = c.chance {
                let _ = write!(
                    cost,
                    "{}hit chance {chance} in 6",
                    if cost.is_empty() { "" } else { " · " }
                );
            }
            format!(
                "<button type=\"button\" class=\"st-act\" data-cmd=\"{}\">{}{}</button>",
                cmd_attr(&c.command),
                esc(&c.label),
                if cost.is_empty() {
                    String::new()
                } else {
                    format!(" <span class=\"cost\">({cost})</span>")
                }
            )
        }
        Some(why) => format!(
            "<div class=\"st-off\"><button type=\"button\" disabled>{}</button> <span class=\"why\">{}</span></div>",
            esc(&c.label),
            esc(why)
        ),
    }
}

fn phase_text(view: &Value) -> String {
    match (view["phase"].as_str(), view["winner"].as_str()) {
        (Some("setup"), _) => "Setup: the GM places the first creatures".into(),
        (Some("players"), _) => "The players' turn".into(),
        (Some("gm"), _) => "The GM's turn".into(),
        (Some("over"), Some("players")) => "Game over: the players win".into(),
        (Some("over"), _) => "Game over: the GM wins".into(),
        _ => String::new(),
    }
}

/// The status card, with the GM's controls and the side's turn buttons.
pub(super) fn status(view: &Value, judged: &Judged, gm: bool, api: &str) -> String {
    let economy = &view["gm"];
    let mut facts = if view["phase"] == "setup" {
        String::new()
    } else {
        format!("<span>Turn {}</span>", s(&view["turn"]))
    };
    let _ = write!(facts, "<span>Threat level {}</span>", s(&economy["threat"]));
    if economy["alarm"].as_i64().unwrap_or(0) > 0 {
        let _ = write!(
            facts,
            "<span class=\"st-alarm\">ALARM: {} turns left</span>",
            s(&economy["alarm"])
        );
    }
    if gm {
        let _ = write!(
            facts,
            "<span>Creature points: {} BCP, {} MCP</span>",
            s(&economy["bcp"]),
            s(&economy["mcp"])
        );
    }
    let _ = write!(
        facts,
        "<span>Creatures killed: {}</span>",
        s(&view["kills"])
    );
    let objectives: String = view["objectives"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|o| {
            format!(
                "<li class=\"{}\">{}{}{}</li>",
                if o["reached"] == true { "ok" } else { "" },
                if o["reached"] == true { "✓ " } else { "" },
                esc(o["goal"].as_str().unwrap_or("")),
                match (o["reward"].as_i64().unwrap_or(0), o["win"] == true) {
                    (0, true) => " (wins the game)".to_string(),
                    (r, true) => format!(" ({r} CM each, wins the game)"),
                    (0, false) => String::new(),
                    (r, false) => format!(" ({r} CM each)"),
                }
            )
        })
        .collect();
    let cards: Vec<String> = economy["cards"]
        .as_array()
        .into_iter()
        .flatten()
        .rev()
        .take(3)
        .map(|c| {
            format!(
                "<li><strong>{}</strong>: {}</li>",
                esc(c["name"].as_str().unwrap_or("")),
                esc(c["text"].as_str().unwrap_or(""))
            )
        })
        .collect();
    let cards = if cards.is_empty() {
        String::new()
    } else {
        format!(
            "<details><summary>Action cards drawn</summary><ul>{}</ul></details>",
            cards.join("")
        )
    };
    let mut controls: String = judged.turn.iter().map(button).collect();
    if gm && !judged.deploys.is_empty() {
        let options: String = judged
            .deploys
            .iter()
            .map(|(kind, squares)| match squares {
                Ok(list) => format!(
                    "<option value=\"{}\">{} ({} legal squares)</option>",
                    esc(kind),
                    esc(kind),
                    list.len()
                ),
                Err(why) => format!(
                    "<option value=\"{}\" disabled>{}: {}</option>",
                    esc(kind),
                    esc(kind),
                    esc(why)
                ),
            })
            .collect();
        let _ = write!(
            controls,
            "<div class=\"st-deploy-pick\"><label for=\"st-deploy\">Deploy a creature</label>\
             <select id=\"st-deploy\" data-deploy-pick><option value=\"\">choose a creature…</option>{options}</select>\
             <p class=\"meta\">Its legal squares light up on the map (never seen by the crew, in their room or within 5 squares); click one.</p></div>"
        );
    }
    if gm && view["can_undo"] == true {
        let _ = write!(
            controls,
            "<button type=\"button\" class=\"danger\" data-post=\"{}\" data-confirm=\"Take back the last change (a command and any automated answer)?\">Undo the last change</button>",
            esc(&format!("{api}/undo"))
        );
    }
    if view["scenario"]["automated_gm"] == true && view["phase"] != "over" {
        controls.push_str("<p class=\"meta\">The engine plays the GM: its turn follows the end of yours at once.</p>");
    }
    let over = if view["phase"] == "over" {
        " st-over"
    } else {
        ""
    };
    format!(
        "<section class=\"card st-status{over}\" aria-labelledby=\"st-phase\"><h2 id=\"st-phase\">{}</h2>\
         <p class=\"facts st-facts\">{facts}</p><div class=\"st-objectives\"><h3>Objectives</h3><ul>{objectives}</ul></div>{cards}\
         <div class=\"buttons st-controls\">{controls}</div></section>",
        esc(&phase_text(view)),
    )
}

fn crew_card(c: &Value, judged: &Judged, api: &str, seating: &Seating) -> String {
    let id = c["id"].as_str().unwrap_or("");
    let mut out = format!(
        "<section class=\"card st-panel st-hide\" data-panel-of=\"{}\" aria-label=\"{}\"><h2>{} <span class=\"meta\">{}</span></h2>",
        esc(id),
        esc(id),
        esc(id),
        esc(c["class"].as_str().unwrap_or(""))
    );
    out.push_str(&seat_line(id, c, seating, api));
    if c["alive"] != true {
        out.push_str("<p class=\"problem\">Dead: the body lies where they fell.</p>");
    }
    out.push_str(&bar(
        "hp",
        "HP",
        c["hp"].as_i64().unwrap_or(0),
        c["max_hp"].as_i64().unwrap_or(0),
    ));
    let _ = write!(
        out,
        "<p class=\"st-numbers\"><span>AP {} of {}</span><span>PP {}</span><span>Nanites {}</span><span>CM {}</span></p>",
        s(&c["ap"]),
        s(&c["turn_ap"]),
        s(&c["pp"]),
        s(&c["nanites"]),
        s(&c["cm"])
    );
    let stats: Vec<String> = c["stats"]
        .as_object()
        .into_iter()
        .flatten()
        .map(|(k, v)| format!("{} {}", esc(k), s(v)))
        .collect();
    let skills: Vec<String> = c["skills"]
        .as_object()
        .into_iter()
        .flatten()
        .filter(|(_, v)| v.as_i64().unwrap_or(0) != 0)
        .map(|(k, v)| format!("{} {}", esc(k), s(v)))
        .collect();
    let _ = write!(
        out,
        "<p class=\"facts\">{}</p><p class=\"facts\">Skills: {}</p>",
        stats.join(" · "),
        if skills.is_empty() {
            "none".to_string()
        } else {
            skills.join(" · ")
        }
    );
    let weapon = match c["weapon"].as_object() {
        Some(w) => format!(
            "{}{}{}",
            s(&w["name"]),
            if w["mods"].as_i64().unwrap_or(0) > 0 {
                format!(" (+{} mods)", s(&w["mods"]))
            } else {
                String::new()
            },
            if w["broken"] == true { " (broken)" } else { "" }
        ),
        None => "none".into(),
    };
    let armor = c["armor"]["name"].as_str().map_or("none".to_string(), esc);
    let items: Vec<String> = c["inventory"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|i| esc(i["name"].as_str().unwrap_or("")))
        .collect();
    let _ = write!(
        out,
        "<p class=\"facts\">Weapon: {weapon} · Armor: {armor}</p><p class=\"facts\">Inventory ({} of 2 slots): {}</p>",
        s(&c["slots_used"]),
        if items.is_empty() {
            "empty".to_string()
        } else {
            items.join(", ")
        }
    );
    if let Some(task) = c["task"].as_object() {
        let _ = write!(
            out,
            "<p class=\"st-task\">Busy: {} ({} more turns)</p>",
            s(&task["what"]),
            s(&task["turns_left"])
        );
    }
    out.push_str(&actions(id, judged));
    out.push_str("</section>");
    out
}

fn creature_card(c: &Value, judged: &Judged) -> String {
    let id = c["id"].as_str().unwrap_or("");
    let mut out = format!(
        "<section class=\"card st-panel st-hide\" data-panel-of=\"{}\" aria-label=\"{}\"><h2>{} <span class=\"meta\">{}</span></h2>",
        esc(id),
        esc(id),
        esc(id),
        esc(c["name"].as_str().unwrap_or(""))
    );
    out.push_str(&bar(
        "hp",
        "HP",
        c["hp"].as_i64().unwrap_or(0),
        c["max_hp"].as_i64().unwrap_or(0),
    ));
    let _ = write!(
        out,
        "<p class=\"st-numbers\"><span>AP {}</span>",
        s(&c["ap"])
    );
    if let Some(knows) = c["knows"].as_bool() {
        let _ = write!(
            out,
            "<span>{}</span>",
            if knows {
                "knows where the crew is"
            } else {
                "has not found the crew"
            }
        );
    }
    out.push_str("</p>");
    out.push_str(&actions(id, judged));
    out.push_str("</section>");
    out
}

/// Who is looking, for the seat controls: their role and, for the GM, the
/// player invitations (id and label) that can be seated.
pub(crate) struct Seating {
    /// The viewer's role.
    pub(crate) role: Role,
    /// Player invitations not revoked: id and label (the GM's page only).
    pub(crate) players: Vec<(String, String)>,
    /// Crew members a player invitation was made for (by its slot).
    pub(crate) slots: Vec<String>,
}

fn seat_button(api: &str, body: &Value, text: &str) -> String {
    format!(
        "<button type=\"button\" class=\"st-seat\" data-post=\"{}\" data-body=\"{}\">{}</button>",
        esc(&format!("{api}/seats")),
        esc(&body.to_string()),
        esc(text)
    )
}

/// Who plays crew member `id`, and the seat buttons the viewer may use.
fn seat_line(id: &str, c: &Value, seating: &Seating, api: &str) -> String {
    let seat = c["seat"].as_str();
    match seating.role {
        Role::Player if c["yours"] == true => format!(
            "<p><span class=\"badge role-player\">yours</span> {}</p>",
            seat_button(api, &json!({ "crew": id, "free": true }), "Give back")
        ),
        Role::Player if seat.is_none() && !seating.slots.iter().any(|s| s == id) => format!(
            "<p class=\"meta\">No player is seated here. {}</p>",
            seat_button(api, &json!({ "crew": id }), &format!("Claim {id}"))
        ),
        Role::Player | Role::Spectator => "<p class=\"meta\">Played by another player.</p>".into(),
        Role::Gm => {
            let label = |invite: &str| {
                seating
                    .players
                    .iter()
                    .find(|(i, _)| i == invite)
                    .map_or(invite.to_string(), |(_, l)| l.clone())
            };
            let who = match seat {
                Some(invite) => format!("Played by {}.", esc(&label(invite))),
                None if seating.slots.iter().any(|s| s == id) => {
                    "Played by the player invited for this slot.".into()
                }
                None => "No player is seated here.".into(),
            };
            let mut buttons: String = seating
                .players
                .iter()
                .filter(|(i, _)| Some(i.as_str()) != seat)
                .map(|(i, l)| {
                    seat_button(api, &json!({ "crew": id, "seat": i }), &format!("Seat {l}"))
                })
                .collect();
            if seat.is_some() {
                buttons.push_str(&seat_button(
                    api,
                    &json!({ "crew": id, "free": true }),
                    "Free",
                ));
            }
            format!("<p class=\"meta\">{who}</p><div class=\"buttons st-seats\">{buttons}</div>")
        }
    }
}

/// The actions of unit `id`, if the viewer acts for it.
fn actions(id: &str, judged: &Judged) -> String {
    let Some(opts) = judged.units.get(id) else {
        return String::new();
    };
    let mut out = String::from("<div class=\"st-actions\"><h3>Actions</h3>");
    if opts.moves.is_empty() {
        out.push_str("<p class=\"meta\">No square to move to now.</p>");
    } else {
        let _ = write!(
            out,
            "<p class=\"meta\">Move: click a highlighted square (its number is the AP it costs), or Tab to it and press Enter. {} squares in reach.</p>",
            opts.moves.len()
        );
    }
    if !opts.attacks.is_empty() {
        out.push_str("<p class=\"meta\">Attack: click a target on the map.</p>");
        for (target, list) in &opts.attacks {
            let _ = write!(
                out,
                "<div class=\"st-attacks st-hide\" data-attack-of=\"{}\"><h4>Against {}</h4><div class=\"buttons\">{}</div></div>",
                esc(&format!("{id}:{target}")),
                esc(target),
                list.iter().map(button).collect::<String>()
            );
        }
    }
    if !opts.other.is_empty() {
        let _ = write!(
            out,
            "<div class=\"buttons st-other\">{}</div>",
            opts.other.iter().map(button).collect::<String>()
        );
    }
    if !opts.buys.is_empty() {
        let _ = write!(
            out,
            "<details class=\"st-buys\"><summary>Spend cyber modules</summary><div class=\"buttons\">{}</div></details>",
            opts.buys.iter().map(button).collect::<String>()
        );
    }
    out.push_str("</div>");
    out
}

/// The side panel: a card for every unit (the selected one is shown).
pub(super) fn side(view: &Value, judged: &Judged, api: &str, seating: &Seating) -> String {
    let mut out = String::from(
        "<p class=\"meta st-hint\" data-when-none>Select a crew member or a creature on the map (click it, or Tab to it and press Enter) to see its card and actions.</p>",
    );
    for c in view["crew"].as_array().into_iter().flatten() {
        out.push_str(&crew_card(c, judged, api, seating));
    }
    for c in view["creatures"].as_array().into_iter().flatten() {
        out.push_str(&creature_card(c, judged));
    }
    let mine: Vec<&str> = view["crew"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|c| c["yours"] == true)
        .filter_map(|c| c["id"].as_str())
        .collect();
    out.push_str("<div class=\"st-units\" aria-label=\"Units\">");
    for c in view["crew"]
        .as_array()
        .into_iter()
        .flatten()
        .chain(view["creatures"].as_array().into_iter().flatten())
    {
        let id = c["id"].as_str().unwrap_or("");
        let _ = write!(
            out,
            "<button type=\"button\" class=\"st-pick{}\" data-pick=\"{}\">{}</button>",
            if mine.contains(&id) { " st-mine" } else { "" },
            esc(id),
            esc(id)
        );
    }
    out.push_str("</div>");
    out
}

/// The narrated log, newest first.
pub(super) fn log(view: &Value) -> String {
    let entries: Vec<String> = view["log"]
        .as_array()
        .into_iter()
        .flatten()
        .rev()
        .take(40)
        .map(|e| {
            let lines: Vec<String> = match e["type"].as_str() {
                Some("station_started") => std::iter::once(format!(
                    "The game begins: {}.",
                    e["scenario"].as_str().unwrap_or("")
                ))
                .chain(e["moves"].as_array().into_iter().flatten().flat_map(|m| {
                    m["lines"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .filter_map(Value::as_str)
                        .map(str::to_string)
                }))
                .collect(),
                Some("station_seated") => vec![match e["seat"].as_str() {
                    Some(_) => format!("{} is seated.", e["crew"].as_str().unwrap_or("")),
                    None => format!("{} is free.", e["crew"].as_str().unwrap_or("")),
                }],
                _ => e["lines"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(Value::as_str)
                    .map(str::to_string)
                    .collect(),
            };
            let body: String = lines
                .iter()
                .map(|l| {
                    if l.starts_with(' ') {
                        format!("<span class=\"st-breakdown\">{}</span>", esc(l.trim()))
                    } else {
                        format!("<span>{}</span>", esc(l))
                    }
                })
                .collect();
            format!("<li>{body}</li>")
        })
        .collect();
    format!(
        "<section class=\"card\" aria-labelledby=\"st-log-h\"><h2 id=\"st-log-h\">Log</h2><ol class=\"st-log\">{}</ol></section>",
        entries.join("")
    )
}

/// The dashboard's card of Station games, with the GM's start forms.
pub(crate) fn games_card(campaign: &str, games: &[Value], gm: bool) -> String {
    let c = esc(campaign);
    let list = if games.is_empty() {
        format!(
            "<p class=\"empty\">No game yet{}.</p>",
            if gm {
                ": start one below"
            } else {
                ": the GM starts them"
            }
        )
    } else {
        let items: String = games
            .iter()
            .map(|g| {
                format!(
                    "<li><a href=\"/c/{c}/s/{}\">{}</a> <span class=\"meta\">{} · {} · turn {} · {}</span></li>",
                    esc(g["id"].as_str().unwrap_or("")),
                    esc(g["name"].as_str().unwrap_or("")),
                    esc(g["scenario"].as_str().unwrap_or("")),
                    esc(g["kind"].as_str().unwrap_or("")),
                    s(&g["turn"]),
                    esc(g["phase"].as_str().unwrap_or(""))
                )
            })
            .collect();
        format!("<ul class=\"links\">{items}</ul>")
    };
    format!(
        "<section class=\"card\" aria-labelledby=\"games-h\"><h2 id=\"games-h\">Station games</h2>{list}</section>"
    )
}

/// The GM's forms to start a game.
pub(crate) fn start_forms(campaign: &str) -> String {
    let c = esc(campaign);
    let options: String = crate::station::samples::SAMPLES
        .iter()
        .map(|s| format!("<option value=\"{}\">{}</option>", esc(s.id), esc(s.id)))
        .collect();
    format!(
        "<section class=\"card\" aria-labelledby=\"start-h\"><h2 id=\"start-h\">Start a Station game</h2>\
         <form data-api=\"/api/campaigns/{c}/station/games\" data-method=\"POST\" data-refresh>\
         <label for=\"st-sample\">Sample scenario</label><select id=\"st-sample\" name=\"sample\">{options}</select>\
         <label for=\"st-name\">Name at the table (optional)</label><input id=\"st-name\" name=\"name\" data-type=\"optional\" maxlength=\"100\">\
         <button type=\"submit\">Start game</button><output class=\"result\" aria-live=\"polite\"></output></form>\
         <form data-api=\"/api/campaigns/{c}/station/games\" data-method=\"POST\" data-refresh>\
         <label for=\"st-file\">Or a scenario file of your own (checked as <code>nanite station check</code> checks it)</label>\
         <input id=\"st-file\" type=\"file\" name=\"scenario\" data-type=\"file-text\" accept=\".txt,text/plain\" required>\
         <button type=\"submit\">Check and start</button><output class=\"result\" aria-live=\"polite\"></output></form></section>"
    )
}
