//! The D20 tracker's HTML, from the API's view of the encounter and the
//! engine's judgement of the viewer's actions.

use std::fmt::Write;

use serde_json::Value;

use super::actions::Choice;
use super::{Judged, field};
use crate::web::html::{bar, esc, val};
use crate::web::tracker::render::{Panel, log_and_ids, name_of};

fn initiative_rule(shown: &Value) -> String {
    let s = &shown["initiative_settings"];
    format!(
        "Initiative {}, {}",
        if s["by"] == "side" {
            "by side (1d100 a side)"
        } else {
            "by combatant (1d100 + DEX)"
        },
        if s["reroll"] == "kept" {
            "kept for the battle"
        } else {
            "rolled each round"
        }
    )
}

/// The tracker fragment.
pub(crate) fn part(
    campaign: &str,
    encounter: &str,
    shown: &Value,
    judged: &Judged,
    gm: bool,
) -> String {
    let mut out = String::new();
    let active = &shown["active"];
    let status = match shown["phase"].as_str() {
        Some("setup") if gm => {
            "Setting up: add combatants, roll initiative, then begin the fight.".to_string()
        }
        Some("setup") => "Setting up: the GM is placing the combatants.".to_string(),
        Some("surprise") => "Surprise round".to_string(),
        Some("round") => format!("Round {}", val(&shown["round"])),
        Some("ended") => "The fight is over.".to_string(),
        _ => String::new(),
    };
    let turn = if active.is_null() {
        String::new()
    } else {
        let movement = &shown["movement"];
        format!(
            "<p class=\"turn\"><span class=\"label\">Turn of</span> <b>{}</b> · <span class=\"actions-left\">{} of {} action left</span> · <span class=\"move-left\">{} of {} ft of movement left</span></p>",
            name_of(shown, active),
            val(&shown["actions"]["left"]),
            val(&shown["actions"]["total"]),
            val(&movement["left"]),
            val(&movement["allowance"]),
        )
    };
    let _ = write!(
        out,
        "<section class=\"card\" aria-labelledby=\"enc-title\"><h1 id=\"enc-title\">{}</h1><p class=\"status\"><span class=\"round\">{}</span> <span class=\"meta\">· D20 · {}</span></p>{turn}",
        val(&shown["name"]),
        esc(&status),
        esc(&initiative_rule(shown)),
    );
    if let Some(owed) = shown["owed"].as_object() {
        let _ = write!(
            out,
            "<p class=\"notice\" role=\"status\">{} must choose Grappling Advantage or a free melee attack after {}'s natural 1.</p>",
            name_of(shown, owed.get("chooser").unwrap_or(&Value::Null)),
            name_of(shown, owed.get("against").unwrap_or(&Value::Null)),
        );
    }
    out.push_str(&crate::web::tracker::render::initiative_list(
        shown, active, true,
    ));
    out.push_str("</section>");
    if !judged.choices.is_empty() {
        out.push_str(&actions_panel(campaign, encounter, shown, judged));
    }
    let log = shown["log"].as_array().cloned().unwrap_or_default();
    if let Some(last) = log.last() {
        let _ = write!(
            out,
            "<section class=\"card latest\" aria-labelledby=\"latest-h\"><h2 id=\"latest-h\">Latest</h2>{}</section>",
            lines(&last["lines"])
        );
    }
    out.push_str(&field::draw(campaign, encounter, shown, judged));
    out.push_str("<section aria-labelledby=\"who-h\"><h2 id=\"who-h\" class=\"sub\">Combatants</h2><div class=\"combatants\">");
    for c in shown["combatants"].as_array().into_iter().flatten() {
        out.push_str(&combatant(shown, c, &c["id"] == active));
    }
    out.push_str("</div></section>");
    out.push_str(&log_and_ids(shown, &log, lines));
    out
}

fn lines(lines: &Value) -> String {
    let mut out = String::from("<div class=\"lines\">");
    for l in lines.as_array().into_iter().flatten() {
        let text = l.as_str().unwrap_or("");
        // The engine indents a breakdown under its line, two spaces a level.
        let depth = ((text.len() - text.trim_start_matches(' ').len()) / 2).min(3);
        let class = if depth > 0 {
            format!(" class=\"breakdown depth-{depth}\"")
        } else {
            String::new()
        };
        let _ = write!(out, "<p{class}>{}</p>", esc(text.trim_start()));
    }
    out.push_str("</div>");
    out
}

fn combatant(shown: &Value, c: &Value, active: bool) -> String {
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
    let place = match (
        c["place"]["square"]["x"].as_i64(),
        c["place"]["square"]["y"].as_i64(),
        c["place"]["row"].as_str(),
    ) {
        (Some(x), Some(y), _) => format!("square {x},{y}"),
        (_, _, Some(row)) => format!("{row} row"),
        _ => String::new(),
    };
    if let (Some(hp), Some(max)) = (c["hp"].as_i64(), c["max_hp"].as_i64()) {
        out.push_str(&bar("hp", "Hit points", hp, max));
        if let (Some(e), Some(m)) = (c["energy"].as_i64(), c["max_energy"].as_i64())
            && m > 0
        {
            out.push_str(&bar("energy", "Spell energy", e, m));
        }
        if let (Some(p), Some(m)) = (c["power_points"].as_i64(), c["max_power_points"].as_i64())
            && m > 0
        {
            out.push_str(&bar("power", "Power points", p, m));
        }
        let _ = write!(
            out,
            "<p class=\"meta\">Defense {} · speed {} ft · level {} · {place}</p>",
            val(&c["defense"]),
            val(&c["speed"]),
            val(&c["level"]),
        );
        let weapons: Vec<String> = c["weapons"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|w| {
                format!(
                    "{} ({}, reach {} ft)",
                    val(&w["name"]),
                    val(&w["damage"]),
                    val(&w["reach_feet"])
                )
            })
            .collect();
        if !weapons.is_empty() {
            let _ = write!(out, "<p class=\"meta\">Weapons: {}</p>", weapons.join("; "));
        }
    } else if !place.is_empty() {
        let _ = write!(out, "<p class=\"meta\">{place}</p>");
    }
    let mut states: Vec<String> = Vec::new();
    if let Some(g) = c["grapple"].as_object() {
        let with = name_of(shown, g.get("with").unwrap_or(&Value::Null));
        let who = if g.get("advantage").and_then(Value::as_bool) == Some(true) {
            " (holds Grappling Advantage)"
        } else if g.get("opponent_advantage").and_then(Value::as_bool) == Some(true) {
            " (the opponent holds Grappling Advantage)"
        } else {
            ""
        };
        states.push(format!("<b>grappling</b> {with}{who}"));
    }
    for k in c["conditions"].as_array().into_iter().flatten() {
        let ends = k["ends"]
            .as_str()
            .map(|e| format!(" <span class=\"ends\">{}</span>", esc(e)))
            .unwrap_or_default();
        states.push(match k["condition"].as_str() {
            Some("casting") => format!(
                "<b>casting</b> {}{}",
                val(&k["magic"]),
                if k["target"].is_null() {
                    String::new()
                } else {
                    format!(" on {}", name_of(shown, &k["target"]))
                }
            ),
            Some("drained") => format!("<b>drained</b> −{} STR and CON{ends}", val(&k["points"])),
            _ => format!("<b>{}</b>{ends}", val(&k["condition"])),
        });
    }
    if !states.is_empty() {
        out.push_str("<ul class=\"conditions\" aria-label=\"Conditions\">");
        for s in states {
            let _ = write!(out, "<li>{s}</li>");
        }
        out.push_str("</ul>");
    }
    out.push_str("</article>");
    out
}

fn command_form(c: &str, e: &str, choice: &Choice, n: usize) -> String {
    let ends_turn = choice.command["clock"] == "next_turn";
    let cost = match choice.cost {
        _ if ends_turn => String::new(),
        Some(0) => " <span class=\"cost\">free</span>".to_string(),
        Some(1) => " <span class=\"cost\">1 action</span>".to_string(),
        Some(k) => format!(" <span class=\"cost\">{k} actions</span>"),
        None => String::new(),
    };
    let why = match &choice.refused {
        Some(why) => format!("<span class=\"why\" id=\"why-{n}\">{}</span>", esc(why)),
        None => String::new(),
    };
    format!(
        "<form class=\"act\" data-api=\"/api/campaigns/{c}/encounters/{e}/commands\" data-method=\"POST\" data-body=\"{body}\" data-show=\"#result-card\">\
         <button type=\"submit\"{disabled}>{label}{cost}</button>{why}</form>",
        body = esc(&choice.command.to_string()),
        label = esc(&choice.label),
        disabled = if choice.refused.is_some() {
            format!(" aria-disabled=\"true\" aria-describedby=\"why-{n}\"")
        } else {
            String::new()
        },
    )
}

fn actions_panel(campaign: &str, encounter: &str, shown: &Value, judged: &Judged) -> String {
    let (c, e) = (esc(campaign), esc(encounter));
    let actor = Value::String(judged.actor.clone().unwrap_or_default());
    let choices = &judged.choices;
    let facts = |who: Option<&Value>, _: &Value| {
        let mut facts = Vec::new();
        if let Some(x) = who {
            facts.push(val(&x["side"]));
            facts.push(val(&x["wounded"]));
            if let Some(row) = x["place"]["row"].as_str() {
                facts.push(format!("{row} row"));
            }
            if let (Some(px), Some(py)) = (
                x["place"]["square"]["x"].as_i64(),
                x["place"]["square"]["y"].as_i64(),
            ) {
                facts.push(format!("square {px},{py}"));
            }
        }
        facts
    };
    let panel = Panel {
        shown,
        actor: &actor,
        targets: choices.iter().map(|ch| ch.target.as_deref()).collect(),
        // The first enemy standing is picked until the viewer picks another.
        pickable: &|x| x["down"] != true,
        facts: &facts,
    };
    panel.render(&mut |i, n| command_form(&c, &e, &choices[i], n))
}

/// The GM's controls: the clock (initiative, begin, next turn, end),
/// adding a combatant on a square or in a row, placing one, checks with
/// their DCs, damage, hiding.
pub(crate) fn gm_controls(
    campaign: &str,
    encounter: &str,
    shown: &Value,
    characters: &Value,
) -> String {
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
    let grid = shown["field"]["field"] == "map";
    let place = |prefix: &str| {
        if grid {
            format!(
                "<div class=\"pair\"><div><label for=\"{prefix}-x\">Square x</label><input id=\"{prefix}-x\" name=\"place.square.x\" type=\"number\" min=\"0\" max=\"{w}\" data-type=\"number\" required></div>\
                 <div><label for=\"{prefix}-y\">Square y</label><input id=\"{prefix}-y\" name=\"place.square.y\" type=\"number\" min=\"0\" max=\"{h}\" data-type=\"number\" required></div></div>",
                w = shown["field"]["width"].as_i64().unwrap_or(1) - 1,
                h = shown["field"]["height"].as_i64().unwrap_or(1) - 1,
            )
        } else {
            format!(
                "<label for=\"{prefix}-row\">Row</label><select id=\"{prefix}-row\" name=\"place.row\"><option value=\"front\">front</option><option value=\"back\">back</option></select>"
            )
        }
    };
    format!(
        "<section class=\"card gm\" aria-labelledby=\"gm-h\"><h2 id=\"gm-h\">GM controls</h2>\
         <div class=\"buttons\">{roll}{begin}{next}{end}</div>\
         <details open><summary>Add a combatant</summary>\
         <form data-api=\"{api}/combatants\" data-method=\"POST\" data-show=\"#result-card\">\
         <label for=\"add-id\">Id (lowercase, e.g. bandit-1)</label><input id=\"add-id\" name=\"id\" required pattern=\"[a-z0-9][a-z0-9-]*\">\
         <label for=\"add-char\">A campaign character</label><select id=\"add-char\" name=\"character\" data-type=\"optional\">{options}</select>\
         <label for=\"add-npc\">NPC character file (D20 TOML), when not from a campaign character</label><input id=\"add-npc\" type=\"file\" name=\"npc\" data-type=\"file-text\" accept=\".toml,text/plain\">\
         <label for=\"add-side\">Side</label><input id=\"add-side\" name=\"side\" required placeholder=\"bandits\">\
         {add_place}\
         <label for=\"add-name\">Name in the log (optional)</label><input id=\"add-name\" name=\"name\" data-type=\"optional\">\
         <div class=\"check\"><input type=\"checkbox\" id=\"add-hidden\" name=\"hidden\" data-type=\"bool\"><label for=\"add-hidden\">Hidden from the players</label></div>\
         <button type=\"submit\">Add combatant</button><output class=\"result\" aria-live=\"polite\"></output></form></details>\
         <details><summary>Place a combatant</summary>\
         <form data-api=\"{api}/commands\" data-method=\"POST\" data-body=\"{position}\" data-show=\"#result-card\">\
         <label for=\"pos-id\">Combatant</label><input id=\"pos-id\" name=\"id\" list=\"combatant-ids\" required>\
         {pos_place}\
         <button type=\"submit\">Place</button><output class=\"result\" aria-live=\"polite\"></output></form></details>\
         <details><summary>Call for a check</summary>\
         <form data-api=\"{api}/commands\" data-method=\"POST\" data-body=\"{check}\" data-show=\"#result-card\">\
         <label for=\"chk-id\">Who</label><input id=\"chk-id\" name=\"id\" list=\"combatant-ids\" required>\
         <label for=\"chk-skill\">Skill id (empty: a non-skill check of the attribute)</label><input id=\"chk-skill\" name=\"skill\" data-type=\"optional\" placeholder=\"perception\">\
         <label for=\"chk-attr\">Attribute (empty: the skill's default)</label><select id=\"chk-attr\" name=\"attribute\" data-type=\"optional\"><option value=\"\">default</option><option>STR</option><option>DEX</option><option>CON</option><option>WIS</option></select>\
         <label for=\"chk-dc\">DC</label><input id=\"chk-dc\" name=\"dc\" type=\"number\" data-type=\"number\" required value=\"15\">\
         <div class=\"check\"><input type=\"checkbox\" id=\"chk-hidden\" name=\"hidden\" data-type=\"bool\"><label for=\"chk-hidden\">Hidden DC (the players see nothing of it)</label></div>\
         <button type=\"submit\">Roll the check</button><output class=\"result\" aria-live=\"polite\"></output></form></details>\
         <details><summary>Hide or reveal</summary>\
         <form data-api=\"{api}/commands\" data-method=\"POST\" data-body=\"{hide}\" data-show=\"#result-card\">\
         <label for=\"hide-id\">Combatant</label><input id=\"hide-id\" name=\"id\" list=\"combatant-ids\" required>\
         <div class=\"check\"><input type=\"checkbox\" id=\"hide-on\" name=\"hidden\" data-type=\"bool\" checked><label for=\"hide-on\">Hidden (untick to reveal)</label></div>\
         <button type=\"submit\">Apply</button><output class=\"result\" aria-live=\"polite\"></output></form></details>\
         <details><summary>Adjust: deal damage</summary>\
         <form data-api=\"{api}/commands\" data-method=\"POST\" data-body=\"{harm}\" data-show=\"#result-card\">\
         <label for=\"harm-t\">Target</label><input id=\"harm-t\" name=\"target\" list=\"combatant-ids\" required>\
         <label for=\"harm-n\">Amount</label><input id=\"harm-n\" name=\"amount\" type=\"number\" min=\"0\" data-type=\"number\" required>\
         <label for=\"harm-why\">Why</label><input id=\"harm-why\" name=\"why\" required placeholder=\"a falling beam\">\
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
        add_place = place("add"),
        pos_place = place("pos"),
        position = esc(r#"{"command":"position"}"#),
        check = esc(r#"{"command":"check","skill":null,"attribute":null}"#),
        hide = esc(r#"{"command":"clock","clock":"hide"}"#),
        harm = esc(r#"{"command":"harm","by":null}"#),
    )
}
