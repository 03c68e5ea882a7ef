//! The tracker's HTML, from the API's view of the encounter (and the few
//! engine facts the view leaves out, already cut to the viewer).

use std::fmt::Write;

use serde_json::Value;

use super::Extras;
use super::choices::{ChoicesPanel, TargetView};
use crate::web::html::{bar, esc, val};

/// The shown name of combatant `id`, or the id itself.
pub(crate) fn name_of(shown: &Value, id: &Value) -> String {
    shown["combatants"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|c| &c["id"] == id)
        .map_or_else(|| val(id), |c| val(&c["name"]))
}

fn distance(shown: &Value, a: &Value, b: &Value) -> Option<i64> {
    shown["distances"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|d| (&d[0] == a && &d[1] == b) || (&d[0] == b && &d[1] == a))
        .and_then(|d| d[2].as_i64())
}

/// The tracker fragment.
pub(crate) fn part(
    campaign: &str,
    encounter: &str,
    shown: &Value,
    extras: &Extras,
    gm: bool,
) -> String {
    let mut out = String::new();
    let active = &shown["active"];
    let status = match shown["phase"].as_str() {
        Some("setup") if gm => "Setting up: add combatants, set their distances, roll initiative, then begin the fight.".to_string(),
        Some("setup") => "Setting up: the GM is placing the combatants.".to_string(),
        Some("surprise") => "Surprise round".to_string(),
        Some("round") => format!("Round {}", val(&shown["round"])),
        Some("ended") => "The fight is over.".to_string(),
        _ => String::new(),
    };
    let turn = if active.is_null() {
        String::new()
    } else {
        format!(
            "<p class=\"turn\"><span class=\"label\">Turn of</span> <b>{}</b> · <span class=\"actions-left\">{} of {} actions left</span></p>",
            name_of(shown, active),
            val(&shown["actions"]["left"]),
            val(&shown["actions"]["total"]),
        )
    };
    let _ = write!(
        out,
        "<section class=\"card\" aria-labelledby=\"enc-title\"><h1 id=\"enc-title\">{}</h1><p class=\"status\"><span class=\"round\">{}</span></p>{turn}",
        val(&shown["name"]),
        esc(&status),
    );
    // Initiative.
    out.push_str(&initiative_list(shown, active, false));
    out.push_str("</section>");
    // The actions of the active combatant.
    if !extras.turn.is_empty() || !extras.hand.is_empty() {
        out.push_str(&actions_panel(campaign, encounter, shown, extras));
    }
    // Latest result.
    let log = shown["log"].as_array().cloned().unwrap_or_default();
    if let Some(last) = log.last() {
        let _ = write!(
            out,
            "<section class=\"card latest\" aria-labelledby=\"latest-h\"><h2 id=\"latest-h\">Latest</h2>{}</section>",
            lines(&last["lines"])
        );
    }
    // Combatants.
    out.push_str("<section aria-labelledby=\"who-h\"><h2 id=\"who-h\" class=\"sub\">Combatants</h2><div class=\"combatants\">");
    for c in shown["combatants"].as_array().into_iter().flatten() {
        out.push_str(&combatant(c, &c["id"] == active, extras));
    }
    out.push_str("</div></section>");
    out.push_str(&log_and_ids(shown, &log, lines));
    out
}

/// The log below the latest entry (the newest 40, each entry's lines drawn
/// by `lines`), and the combatants' ids for the GM's forms: the end of
/// either ruleset's tracker.
pub(crate) fn log_and_ids(shown: &Value, log: &[Value], lines: fn(&Value) -> String) -> String {
    let mut out = String::new();
    // An entry the viewer heard nothing of is left out, not drawn empty: an
    // empty line would mark where a secret happened.
    let heard: Vec<&Value> = log
        .iter()
        .filter(|e| e["lines"].as_array().is_some_and(|l| !l.is_empty()))
        .collect();
    if heard.len() > 1 {
        out.push_str("<section class=\"card\" aria-labelledby=\"log-h\"><h2 id=\"log-h\">Log</h2><ol class=\"log\" reversed>");
        for entry in heard.iter().rev().skip(1).take(40) {
            let _ = write!(out, "<li>{}</li>", lines(&entry["lines"]));
        }
        out.push_str("</ol></section>");
    }
    out.push_str("<datalist id=\"combatant-ids\">");
    for c in shown["combatants"].as_array().into_iter().flatten() {
        let _ = write!(
            out,
            "<option value=\"{}\">{}</option>",
            val(&c["id"]),
            val(&c["name"])
        );
    }
    out.push_str("</datalist>");
    out
}

fn lines(lines: &Value) -> String {
    let mut out = String::from("<div class=\"lines\">");
    for l in lines.as_array().into_iter().flatten() {
        let _ = write!(out, "<p>{}</p>", val(l));
    }
    out.push_str("</div>");
    out
}

fn combatant(c: &Value, active: bool, extras: &Extras) -> String {
    let id = c["id"].as_str().unwrap_or("");
    let mut out = format!(
        "<article class=\"combatant{}{}\" aria-label=\"{}\"><header><h3>{}</h3><span class=\"side\">{}</span>",
        if active { " active" } else { "" },
        if c["hidden"].as_bool() == Some(true) {
            " hidden-seat"
        } else {
            ""
        },
        val(&c["name"]),
        val(&c["name"]),
        val(&c["side"]),
    );
    if c["hidden"].as_bool() == Some(true) {
        out.push_str(" <span class=\"badge\">hidden from players</span>");
    }
    if c["mine"].as_bool() == Some(true) {
        out.push_str(" <span class=\"badge\">yours</span>");
    }
    out.push_str("</header>");
    let _ = write!(
        out,
        "<p class=\"wounded wounded-{}\">{}</p>",
        esc(&c["wounded"].as_str().unwrap_or("").replace(' ', "-")),
        val(&c["wounded"])
    );
    if let (Some(hp), Some(max)) = (c["hp"].as_i64(), c["max_hp"].as_i64()) {
        out.push_str(&bar("hp", "Health", hp, max));
        if let Some(s) = c["shield"].as_object() {
            let now = s.get("strength").and_then(Value::as_i64).unwrap_or(0);
            let max = s.get("max").and_then(Value::as_i64).unwrap_or(0);
            out.push_str(&bar("shield", "Shield", now, max));
        }
        if let Some(a) = c["armor"].as_object() {
            let now = a.get("points_left").and_then(Value::as_i64).unwrap_or(0);
            let max = a.get("armor_points").and_then(Value::as_i64).unwrap_or(0);
            out.push_str(&bar("armor", "Armor points", now, max));
        }
        if let (Some(n), Some(m)) = (c["nanites"].as_i64(), c["max_nanites"].as_i64()) {
            out.push_str(&bar("nanites", "Nanites", n, m));
        }
        let _ = write!(
            out,
            "<p class=\"meta\">Stance {} · cover {}</p>",
            val(&c["stance"]),
            val(&c["cover"])
        );
        let weapons: Vec<String> = c["weapons"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|w| {
                let mut s = val(&w["name"]);
                if w["magazine"].as_i64().unwrap_or(0) > 0 {
                    let _ = write!(
                        s,
                        " {}/{} (+{} mags)",
                        val(&w["loaded"]),
                        val(&w["magazine"]),
                        val(&w["spare_magazines"])
                    );
                }
                if w["jammed"].as_bool() == Some(true) {
                    s.push_str(" <b>jammed</b>");
                }
                if w["broken"].as_bool() == Some(true) {
                    s.push_str(" <b>broken</b>");
                }
                s
            })
            .collect();
        if !weapons.is_empty() {
            let _ = write!(out, "<p class=\"meta\">Weapons: {}</p>", weapons.join("; "));
        }
    }
    let conditions = extras.conditions.get(id).cloned().unwrap_or_default();
    if !conditions.is_empty() {
        out.push_str("<ul class=\"conditions\" aria-label=\"Conditions\">");
        for (kind, stacks, ends) in conditions {
            let _ = write!(
                out,
                "<li><b>{}</b>{} <span class=\"ends\">{}</span></li>",
                esc(&kind),
                if stacks > 1 {
                    format!(" ×{stacks}")
                } else {
                    String::new()
                },
                esc(&ends)
            );
        }
        out.push_str("</ul>");
    }
    let used = extras.reactions.get(id).copied().unwrap_or(0);
    let _ = write!(
        out,
        "<p class=\"meta\">Reactions used {used} of {}</p></article>",
        extras.reactions_per_round
    );
    out
}

fn actions_panel(campaign: &str, encounter: &str, shown: &Value, extras: &Extras) -> String {
    let active = &shown["active"];
    let combatants: Vec<&Value> = shown["combatants"]
        .as_array()
        .into_iter()
        .flatten()
        .collect();
    let side_of = |id: &Value| {
        combatants
            .iter()
            .find(|x| &x["id"] == id)
            .map(|x| x["side"].clone())
    };
    let mine = side_of(active);
    let mut ids: Vec<&str> = Vec::new();
    for t in extras.turn.iter().filter_map(|c| c.target.as_deref()) {
        if !ids.contains(&t) {
            ids.push(t);
        }
    }
    // The first enemy is picked until the viewer picks another.
    let first = ids
        .iter()
        .copied()
        .find(|t| {
            let side = side_of(&Value::String((*t).to_string()));
            side.is_some() && side != mine
        })
        .or_else(|| ids.first().copied());
    let targets = ids
        .iter()
        .map(|t| {
            let tv = Value::String((*t).to_string());
            let who = combatants.iter().find(|x| x["id"] == tv);
            let mut facts = vec![match distance(shown, active, &tv) {
                Some(m) => format!("{m} m"),
                None if *t == active.as_str().unwrap_or_default() => "oneself".to_string(),
                None => "distance not set".to_string(),
            }];
            if let Some(x) = who {
                if !x["cover"].is_null() {
                    facts.push(format!("{} cover", x["cover"].as_str().unwrap_or_default()));
                }
                if let Some(stance) = x["stance"].as_str() {
                    facts.push(stance.to_string());
                }
                if let Some(wounded) = x["wounded"].as_str() {
                    facts.push(wounded.to_string());
                }
            }
            TargetView {
                id: (*t).to_string(),
                name: plain_name(shown, &tv),
                facts: facts.join(" · "),
                picked: Some(*t) == first,
            }
        })
        .collect();
    let panel = ChoicesPanel {
        campaign,
        encounter,
        actor: (!extras.turn.is_empty()).then(|| plain_name(shown, active)),
        targets,
        turn: extras.turn.iter().collect(),
        hand: extras.hand.iter().collect(),
    };
    askama::Template::render(&panel).unwrap_or_default()
}

/// The shown name of combatant `id` as plain text (the template escapes it).
fn plain_name(shown: &Value, id: &Value) -> String {
    shown["combatants"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|c| &c["id"] == id)
        .and_then(|c| c["name"].as_str())
        .or_else(|| id.as_str())
        .unwrap_or_default()
        .to_string()
}

/// The actions panel of a tracker: a target picker (each target with its
/// facts; the first enemy standing picked until the viewer picks another),
/// each target's buttons in a group shown while it is picked, then the
/// buttons that take no target.
pub(crate) struct Panel<'a> {
    /// The encounter as the viewer sees it.
    pub(crate) shown: &'a Value,
    /// The acting combatant's id.
    pub(crate) actor: &'a Value,
    /// Each choice's target, in the choices' order.
    pub(crate) targets: Vec<Option<&'a str>>,
    /// Whether a shown combatant may be picked first.
    pub(crate) pickable: &'a dyn Fn(&Value) -> bool,
    /// What the picker says of a target: its shown combatant (if shown)
    /// and its id.
    pub(crate) facts: &'a dyn Fn(Option<&Value>, &Value) -> Vec<String>,
}

impl Panel<'_> {
    /// The panel, with `button(choice index, button number)` drawing each
    /// choice's button.
    pub(crate) fn render(&self, button: &mut dyn FnMut(usize, usize) -> String) -> String {
        let shown = self.shown;
        let mut out = format!(
            "<section class=\"card actions\" aria-labelledby=\"act-h\"><h2 id=\"act-h\">Actions of {}</h2>",
            name_of(shown, self.actor)
        );
        let mut targets: Vec<&str> = Vec::new();
        for t in self.targets.iter().flatten() {
            if !targets.contains(t) {
                targets.push(t);
            }
        }
        let combatants: Vec<&Value> = shown["combatants"]
            .as_array()
            .into_iter()
            .flatten()
            .collect();
        let my_side = combatants
            .iter()
            .find(|x| &x["id"] == self.actor)
            .map(|x| x["side"].clone())
            .unwrap_or(Value::Null);
        let first = targets
            .iter()
            .copied()
            .find(|t| {
                combatants.iter().any(|x| {
                    x["id"].as_str() == Some(*t) && x["side"] != my_side && (self.pickable)(x)
                })
            })
            .or_else(|| targets.first().copied());
        let mut n = 0;
        if !targets.is_empty() {
            out.push_str("<fieldset class=\"targets\"><legend>Target</legend>");
            for t in &targets {
                let tv = Value::String((*t).to_string());
                let who = combatants.iter().find(|x| x["id"] == tv).copied();
                let facts = (self.facts)(who, &tv);
                let _ = write!(
                    out,
                    "<label class=\"target\"><input type=\"radio\" name=\"target-pick\" value=\"{id}\" data-target-pick{checked}> <b>{name}</b> <span class=\"facts\">{facts}</span></label>",
                    id = esc(t),
                    checked = if Some(*t) == first { " checked" } else { "" },
                    name = name_of(shown, &tv),
                    facts = facts.join(" · "),
                );
            }
            out.push_str("</fieldset>");
            for t in &targets {
                let _ = write!(
                    out,
                    "<div class=\"buttons\" data-target-group=\"{}\"{}>",
                    esc(t),
                    if Some(*t) == first { "" } else { " hidden" }
                );
                for (i, _) in self
                    .targets
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| **c == Some(*t))
                {
                    n += 1;
                    out.push_str(&button(i, n));
                }
                out.push_str("</div>");
            }
        }
        out.push_str("<div class=\"buttons\">");
        for (i, _) in self.targets.iter().enumerate().filter(|(_, c)| c.is_none()) {
            n += 1;
            out.push_str(&button(i, n));
        }
        out.push_str("</div></section>");
        out
    }
}

/// The GM's controls: add a combatant, distances, initiative, the turn,
/// hiding, adjusting health and ending the fight.
pub(crate) fn gm_controls(campaign: &str, encounter: &str, characters: &Value) -> String {
    let c = esc(campaign);
    let e = esc(encounter);
    let api = format!("/api/campaigns/{c}/encounters/{e}");
    let mut options = String::from("<option value=\"\">none: an NPC file (below)</option>");
    for ch in characters["characters"].as_array().into_iter().flatten() {
        let _ = write!(
            options,
            "<option value=\"{}\">{}</option>",
            val(&ch["id"]),
            val(&ch["name"])
        );
    }
    let quick = |label: &str, body: &str| {
        format!(
            "<form data-api=\"{api}/commands\" data-method=\"POST\" data-body=\"{}\" data-show=\"#result-card\"><button type=\"submit\">{}</button></form>",
            esc(body),
            esc(label)
        )
    };
    format!(
        "<section class=\"card gm\" aria-labelledby=\"gm-h\"><h2 id=\"gm-h\">GM controls</h2>\
         <div class=\"buttons\">{roll}{begin}{next}{end}</div>\
         <details open><summary>Add a combatant</summary>\
         <form data-api=\"{api}/combatants\" data-method=\"POST\" data-show=\"#result-card\">\
         <label for=\"add-id\">Id (lowercase, e.g. raider-1)</label><input id=\"add-id\" name=\"id\" required pattern=\"[a-z0-9][a-z0-9-]*\">\
         <label for=\"add-char\">A campaign character</label><select id=\"add-char\" name=\"character\" data-type=\"optional\">{options}</select>\
         <label for=\"add-npc\">NPC character file (TOML), when not from a campaign character</label><input id=\"add-npc\" type=\"file\" name=\"npc\" data-type=\"file-text\" accept=\".toml,text/plain\">\
         <label for=\"add-side\">Side</label><input id=\"add-side\" name=\"side\" required placeholder=\"raiders\">\
         <label for=\"add-name\">Name in the log (optional)</label><input id=\"add-name\" name=\"name\" data-type=\"optional\">\
         <label for=\"add-cover\">Cover</label><select id=\"add-cover\" name=\"cover\"><option>none</option><option>partial</option><option>full</option></select>\
         <label for=\"add-stance\">Stance</label><select id=\"add-stance\" name=\"stance\"><option>standing</option><option>crouched</option><option>prone</option><option>hunkered</option></select>\
         <div class=\"check\"><input type=\"checkbox\" id=\"add-hidden\" name=\"hidden\" data-type=\"bool\"><label for=\"add-hidden\">Hidden from the players</label></div>\
         <button type=\"submit\">Add combatant</button><output class=\"result\" aria-live=\"polite\"></output></form></details>\
         <details><summary>Set a distance</summary>\
         <form data-api=\"{api}/commands\" data-method=\"POST\" data-body=\"{dist}\" data-show=\"#result-card\">\
         <label for=\"dist-a\">From</label><input id=\"dist-a\" name=\"a\" list=\"combatant-ids\" required>\
         <label for=\"dist-b\">To</label><input id=\"dist-b\" name=\"b\" list=\"combatant-ids\" required>\
         <label for=\"dist-m\">Metres</label><input id=\"dist-m\" name=\"metres\" type=\"number\" min=\"0\" data-type=\"number\" required>\
         <button type=\"submit\">Set distance</button><output class=\"result\" aria-live=\"polite\"></output></form></details>\
         <details><summary>Hide or reveal</summary>\
         <form data-api=\"{api}/commands\" data-method=\"POST\" data-body=\"{hide}\" data-show=\"#result-card\">\
         <label for=\"hide-id\">Combatant</label><input id=\"hide-id\" name=\"id\" list=\"combatant-ids\" required>\
         <div class=\"check\"><input type=\"checkbox\" id=\"hide-on\" name=\"hidden\" data-type=\"bool\" checked><label for=\"hide-on\">Hidden (untick to reveal)</label></div>\
         <button type=\"submit\">Apply</button><output class=\"result\" aria-live=\"polite\"></output></form></details>\
         <details><summary>Adjust: deal damage</summary>\
         <form data-api=\"{api}/commands\" data-method=\"POST\" data-body=\"{harm}\" data-show=\"#result-card\">\
         <label for=\"harm-t\">Target</label><input id=\"harm-t\" name=\"target\" list=\"combatant-ids\" required>\
         <label for=\"harm-n\">Amount</label><input id=\"harm-n\" name=\"amount\" type=\"number\" min=\"0\" data-type=\"number\" required>\
         <label for=\"harm-type\">Damage type</label><select id=\"harm-type\" name=\"damage_type\"><option>ballistic</option><option>laser</option><option>plasma</option><option>explosive</option><option>melee</option></select>\
         <label for=\"harm-apl\">Armor-piercing level</label><input id=\"harm-apl\" name=\"apl\" type=\"number\" min=\"0\" value=\"0\" data-type=\"number\">\
         <label for=\"harm-why\">Why</label><input id=\"harm-why\" name=\"why\" required placeholder=\"a falling crate\">\
         <button type=\"submit\">Deal damage</button><output class=\"result\" aria-live=\"polite\"></output></form></details>\
         <form data-api=\"{api}/undo\" data-method=\"POST\" data-body=\"{{}}\" data-confirm=\"Take back the last command? The fight is replayed without it.\" data-show=\"#result-card\"><button type=\"submit\">Undo the last command</button><output class=\"result\" aria-live=\"polite\"></output></form>\
         <p class=\"meta\">Undo takes back the encounter's last command (the log keeps both); undo again to go further back.</p></section>",
        roll = quick(
            "Roll initiative for everyone",
            r#"{"command":"roll_initiative","who":[]}"#
        ),
        begin = quick(
            "Begin the fight",
            r#"{"command":"clock","clock":"begin","surprise":[]}"#
        ),
        next = quick("Next turn", r#"{"command":"clock","clock":"next_turn"}"#),
        end = quick("End the fight", r#"{"command":"clock","clock":"end"}"#),
        dist = esc(r#"{"command":"distance"}"#),
        hide = esc(r#"{"command":"clock","clock":"hide"}"#),
        harm = esc(r#"{"command":"harm"}"#),
    )
}

/// The initiative order as a list, the active combatant marked (and each
/// combatant's side, `with_side`); empty before initiative is rolled.
pub(crate) fn initiative_list(shown: &Value, active: &Value, with_side: bool) -> String {
    let order = shown["initiative"].as_array().cloned().unwrap_or_default();
    if order.is_empty() {
        return String::new();
    }
    let mut out = String::from("<h2 class=\"sub\">Initiative</h2><ol class=\"initiative\">");
    for i in &order {
        let is_active = &i["id"] == active;
        let _ = write!(
            out,
            "<li{}><span class=\"init-total\">{}</span> {}{}{}</li>",
            if is_active {
                " class=\"active\" aria-current=\"true\""
            } else {
                ""
            },
            if i["total"].is_null() {
                "–".to_string()
            } else {
                val(&i["total"])
            },
            val(&i["name"]),
            if with_side {
                format!(" <span class=\"meta\">{}</span>", val(&i["side"]))
            } else {
                String::new()
            },
            if is_active {
                " <span class=\"badge\">acting</span>"
            } else {
                ""
            }
        );
    }
    out.push_str("</ol>");
    out
}
