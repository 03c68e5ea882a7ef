//! The campaign dashboard: the campaign's settings and house rules, its
//! invitation links and participants (GM), characters, encounters, the
//! roll box and log, a new campaign (GM) and the export (GM).

use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, header};
use axum::response::{Html, IntoResponse, Response};
use nanite_compound_x::HouseRules;
use serde_json::{Value, json};

use super::html::{self, Seat, esc, val};
use super::{error_page, error_part, rolls};
use crate::error::AppError;
use crate::sessions::Caller;
use crate::{AppState, campaigns, characters, encounters, invites};

/// The dashboard of `campaign` for `caller`.
async fn render(
    state: AppState,
    campaign: String,
    caller: Result<Caller, AppError>,
) -> Result<Response, AppError> {
    let caller = caller?;
    let shown = campaigns::show(State(state.clone()), Path(campaign.clone()), caller.clone())
        .await?
        .0;
    let seat = Seat::new(
        &caller,
        shown["name"].as_str().unwrap_or(""),
        shown["version"].as_i64().unwrap_or(0),
    );
    let part = part_html(&state, &campaign, &caller, &shown).await?;
    let rolls = rolls::section(&state, &seat, &caller).await?;
    let c = esc(&campaign);
    let mut forms = String::new();
    if seat.is_gm() {
        if shown["ruleset"] == "station" {
            forms.push_str(&super::station::start_forms(&campaign));
        }
        forms.push_str(&gm_forms(&c, &shown));
    }
    let d20 = shown["ruleset"] == "d20";
    let station = shown["ruleset"] == "station";
    // A Station crew comes from the scenario: no characters to bring.
    if seat.role != crate::permissions::Role::Spectator && !station {
        // The step-by-step builder knows Compound X; a D20 character is
        // imported as its file.
        let build = if d20 {
            "<p class=\"meta\">A D20 character file is TOML as <code>nanite d20 sheet</code> reads it (see <code>examples/d20/</code>); the server checks it the same way.</p>".to_string()
        } else {
            format!(
                "<p><a class=\"button\" href=\"/c/{c}/build\">Build a character step by step</a></p>"
            )
        };
        let label = if d20 {
            "Import a D20 character file (TOML)"
        } else {
            "Or import a character file (TOML)"
        };
        forms.push_str(&format!(
            "<section class=\"card\" aria-labelledby=\"import-h\"><h2 id=\"import-h\">Bring a character</h2>\
             {build}\
             <form data-api=\"/api/campaigns/{c}/characters\" data-method=\"POST\" data-send=\"file\" data-refresh>\
             <label for=\"import-file\">{label}</label>\
             <input id=\"import-file\" type=\"file\" name=\"file\" accept=\".toml,text/plain\" required>\
             <button type=\"submit\">Import</button><output class=\"result\" aria-live=\"polite\"></output></form></section>"
        ));
    }
    let body = format!(
        "<div class=\"layout\"><div class=\"main-col\">\
         <section id=\"dashboard\" hx-get=\"/c/{c}/part/dashboard\" hx-trigger=\"nanite-update from:body\" hx-swap=\"innerHTML\" data-poll=\"1000\">{part}</section>\
         {forms}</div>{rolls}</div>"
    );
    Ok(html::page(
        &format!("{} · nanite", shown["name"].as_str().unwrap_or("campaign")),
        Some(&seat),
        &body,
    )
    .into_response())
}

/// `GET /c/{campaign}`.
pub(crate) async fn page(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    caller: Result<Caller, AppError>,
) -> Response {
    render(state, campaign, caller)
        .await
        .unwrap_or_else(|e| error_page(&e))
}

/// `GET /c/{campaign}/part/dashboard`: the lists, for htmx to refresh.
pub(crate) async fn part(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    caller: Result<Caller, AppError>,
) -> Response {
    let run = async {
        let caller = caller?;
        let shown = campaigns::show(State(state.clone()), Path(campaign.clone()), caller.clone())
            .await?
            .0;
        part_html(&state, &campaign, &caller, &shown).await
    };
    match run.await {
        Ok(html) => Html(html).into_response(),
        Err(e) => error_part(&e),
    }
}

async fn part_html(
    state: &AppState,
    campaign: &str,
    caller: &Caller,
    shown: &Value,
) -> Result<String, AppError> {
    let c = esc(campaign);
    let gm = caller.role() == crate::permissions::Role::Gm;
    let settings = if shown["ruleset"] == "d20" {
        format!(
            "Ruleset <b>D20</b> · initiative by {}, {}",
            val(&shown["d20"]["initiative"]),
            if shown["d20"]["reroll"] == "kept" {
                "kept for the battle"
            } else {
                "rolled each round"
            }
        )
    } else if shown["ruleset"] == "station" {
        "Ruleset <b>Station</b> · games from scenarios, the crew against the GM".to_string()
    } else {
        format!(
            "Ruleset <b>Compound X</b> · house rules: {}",
            house_rules_text(&shown["house_rules"])
        )
    };
    let mut out = format!(
        "<section class=\"card\" aria-labelledby=\"campaign-h\"><h1 id=\"campaign-h\">{}</h1>\
         <p class=\"meta\">{settings}</p></section>",
        val(&shown["name"]),
    );
    if shown["ruleset"] == "station" {
        let games = shown["station_games"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        out.push_str(&super::station::games_card(campaign, &games, gm));
    } else {
        out.push_str(&compound_x_lists(state, campaign, caller, shown).await?);
    }
    // Participants (GM).
    if gm {
        let all = invites::list(
            State(state.clone()),
            Path(campaign.to_string()),
            caller.clone(),
        )
        .await?
        .0;
        out.push_str("<section class=\"card\" aria-labelledby=\"people-h\"><h2 id=\"people-h\">Participants and invitation links</h2>");
        out.push_str("<table class=\"rows\"><thead><tr><th scope=\"col\">Label</th><th scope=\"col\">Role</th><th scope=\"col\">Slot</th><th scope=\"col\">State</th><th scope=\"col\"><span class=\"sr-only\">Actions</span></th></tr></thead><tbody>");
        for inv in all["invites"].as_array().into_iter().flatten() {
            let revoked = inv["revoked"].as_bool().unwrap_or(false);
            let retired = inv["retired"].as_bool().unwrap_or(false);
            let state_text = if revoked {
                "revoked"
            } else if retired {
                "replaced"
            } else {
                "active"
            };
            let action = if revoked || inv["id"] == json!(caller.invite.id) {
                String::new()
            } else {
                format!(
                    "<form data-api=\"/api/campaigns/{c}/invites/{id}\" data-method=\"DELETE\" data-confirm=\"Revoke the link of {label}? Their sessions end.\" data-refresh>\
                     <button type=\"submit\" class=\"danger\">Revoke<span class=\"sr-only\"> {label}</span></button><output class=\"result\" aria-live=\"polite\"></output></form>",
                    id = val(&inv["id"]),
                    label = val(&inv["label"]),
                )
            };
            out.push_str(&format!(
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{state_text}</td><td>{action}</td></tr>",
                val(&inv["label"]),
                val(&inv["role"]),
                val(&inv["slot"]),
            ));
        }
        out.push_str("</tbody></table></section>");
    }
    Ok(out)
}

/// A Compound X campaign's encounters and characters.
async fn compound_x_lists(
    state: &AppState,
    campaign: &str,
    caller: &Caller,
    shown: &Value,
) -> Result<String, AppError> {
    let c = esc(campaign);
    let gm = caller.role() == crate::permissions::Role::Gm;
    let mut out = String::new();
    // Encounters.
    let list = shown["encounters"].as_array().cloned().unwrap_or_default();
    out.push_str(
        "<section class=\"card\" aria-labelledby=\"enc-h\"><h2 id=\"enc-h\">Encounters</h2>",
    );
    if list.is_empty() {
        out.push_str(if gm {
            "<p class=\"empty\">No encounter yet: open one below.</p>"
        } else {
            "<p class=\"empty\">No encounter yet: the GM opens them.</p>"
        });
    } else {
        out.push_str("<ul class=\"links\">");
        for e in &list {
            out.push_str(&format!(
                "<li><a href=\"/c/{c}/e/{}\">{}</a></li>",
                val(&e["id"]),
                val(&e["name"])
            ));
        }
        out.push_str("</ul>");
    }
    out.push_str("</section>");
    // Characters.
    let chars = characters::list(
        State(state.clone()),
        Path(campaign.to_string()),
        caller.clone(),
    )
    .await?
    .0;
    out.push_str(
        "<section class=\"card\" aria-labelledby=\"chars-h\"><h2 id=\"chars-h\">Characters</h2>",
    );
    let list = chars["characters"].as_array().cloned().unwrap_or_default();
    if list.is_empty() {
        out.push_str("<p class=\"empty\">No character yet.</p>");
    } else {
        out.push_str("<ul class=\"links\">");
        for ch in &list {
            let mine = ch["mine"].as_bool().unwrap_or(false);
            let name = val(&ch["name"]);
            if mine || gm {
                out.push_str(&format!(
                    "<li><a href=\"/c/{c}/characters/{id}\">{name}</a>{tag}</li>",
                    id = val(&ch["id"]),
                    tag = if mine {
                        " <span class=\"badge\">yours</span>"
                    } else {
                        ""
                    }
                ));
            } else {
                out.push_str(&format!("<li>{name}</li>"));
            }
        }
        out.push_str("</ul>");
    }
    out.push_str("</section>");
    Ok(out)
}

fn house_rules_text(rules: &Value) -> String {
    let on: Vec<String> = rules
        .as_object()
        .into_iter()
        .flatten()
        .filter(|(_, v)| v.as_bool() == Some(true))
        .map(|(k, _)| {
            let id = HouseRules::ALL
                .iter()
                .find(|(key, _, _)| key == k)
                .map_or("", |(_, id, _)| id);
            format!("{} ({})", esc(k), esc(id))
        })
        .collect();
    if on.is_empty() {
        "none (the rules as written)".to_string()
    } else {
        on.join(", ")
    }
}

fn house_rule_boxes(prefix: &str, current: &Value) -> String {
    let mut out = String::from("<fieldset><legend>House rules</legend>");
    for (key, id, summary) in HouseRules::ALL {
        let checked = current[key].as_bool() == Some(true);
        out.push_str(&format!(
            "<div class=\"check\"><input type=\"checkbox\" id=\"{prefix}-{key}\" name=\"house_rules.{key}\" data-type=\"bool\"{}>\
             <label for=\"{prefix}-{key}\"><b>{key}</b> ({id}): {}</label></div>",
            if checked { " checked" } else { "" },
            esc(summary),
        ));
    }
    out.push_str("</fieldset>");
    out
}

fn gm_forms(c: &str, shown: &Value) -> String {
    let ruleset = shown["ruleset"].as_str().unwrap_or("compound-x");
    let (field, settings) = if ruleset == "d20" {
        (
            "<label for=\"enc-field\">Field</label><select id=\"enc-field\" name=\"field.field\"><option value=\"rows\">map-less: front and back rows</option><option value=\"map\">a square grid (5 ft squares)</option></select>\
             <div class=\"pair\"><div><label for=\"enc-width\">Grid width (squares)</label><input id=\"enc-width\" name=\"field.width\" type=\"number\" min=\"1\" max=\"40\" value=\"12\" data-type=\"number\"></div>\
             <div><label for=\"enc-height\">Grid height (squares)</label><input id=\"enc-height\" name=\"field.height\" type=\"number\" min=\"1\" max=\"40\" value=\"8\" data-type=\"number\"></div></div>"
                .to_string(),
            initiative_form(c, &shown["d20"]),
        )
    } else if ruleset == "station" {
        // Station plays games from scenarios (started above), with no house
        // rules.
        (String::new(), String::new())
    } else {
        (
            String::new(),
            format!(
                "<section class=\"card\" aria-labelledby=\"rules-h\"><h2 id=\"rules-h\">House rules of this campaign</h2>\
                 <form data-api=\"/api/campaigns/{c}\" data-method=\"PATCH\" data-refresh>{}\
                 <button type=\"submit\">Save house rules</button><output class=\"result\" aria-live=\"polite\"></output></form></section>",
                house_rule_boxes("hr", &shown["house_rules"])
            ),
        )
    };
    let encounter = if ruleset == "station" {
        String::new()
    } else {
        format!(
            "<section class=\"card\" aria-labelledby=\"new-enc-h\"><h2 id=\"new-enc-h\">Open an encounter</h2>\
             <form data-api=\"/api/campaigns/{c}/encounters\" data-method=\"POST\" data-refresh>\
             <label for=\"enc-name\">Name</label><input id=\"enc-name\" name=\"name\" required maxlength=\"100\" placeholder=\"The depot yard\">\
             {field}\
             <button type=\"submit\">Open encounter</button><output class=\"result\" aria-live=\"polite\"></output></form></section>"
        )
    };
    format!(
        "{encounter}<section class=\"card\" aria-labelledby=\"invite-h\"><h2 id=\"invite-h\">Invite someone</h2>\
         <form data-api=\"/api/campaigns/{c}/invites\" data-method=\"POST\" data-refresh>\
         <label for=\"inv-role\">Role</label><select id=\"inv-role\" name=\"role\"><option value=\"player\">player</option><option value=\"spectator\">spectator</option><option value=\"gm\">GM</option></select>\
         <label for=\"inv-label\">Label (who it is for)</label><input id=\"inv-label\" name=\"label\" data-type=\"optional\" maxlength=\"100\" placeholder=\"Alice\">\
         <label for=\"inv-slot\">Character slot (players only, optional)</label><input id=\"inv-slot\" name=\"slot\" data-type=\"optional\" placeholder=\"vex\">\
         <button type=\"submit\">Create link</button><output class=\"result\" aria-live=\"polite\"></output></form></section>\
         {settings}\
         <section class=\"card\" aria-labelledby=\"newc-h\"><h2 id=\"newc-h\">New campaign</h2>\
         <details open><summary>Compound X</summary>\
         <form data-api=\"/api/campaigns\" data-method=\"POST\" data-body=\"{cx_body}\">\
         <label for=\"camp-name\">Name</label><input id=\"camp-name\" name=\"name\" required maxlength=\"100\" placeholder=\"Rustbelt nights\">\
         {new_boxes}\
         <button type=\"submit\">Create Compound X campaign</button><output class=\"result\" aria-live=\"polite\"></output></form></details>\
         <details><summary>D20</summary>\
         <form data-api=\"/api/campaigns\" data-method=\"POST\" data-body=\"{d20_body}\">\
         <label for=\"d20-name\">Name</label><input id=\"d20-name\" name=\"name\" required maxlength=\"100\" placeholder=\"The ford road\">\
         {d20_settings}\
         <button type=\"submit\">Create D20 campaign</button><output class=\"result\" aria-live=\"polite\"></output></form></details>\
         <details><summary>Station</summary>\
         <form data-api=\"/api/campaigns\" data-method=\"POST\" data-body=\"{station_body}\">\
         <label for=\"newst-name\">Name</label><input id=\"newst-name\" name=\"name\" required maxlength=\"100\" placeholder=\"Outpost nights\">\
         <button type=\"submit\">Create Station campaign</button><output class=\"result\" aria-live=\"polite\"></output></form></details></section>\
         <section class=\"card\" aria-labelledby=\"export-h\"><h2 id=\"export-h\">Export</h2>\
         <p><a class=\"button\" href=\"/c/{c}/export.json\" download>Download the campaign as JSON</a> (settings, character files, encounters and the roll log as the GM sees them)</p></section>",
        new_boxes = house_rule_boxes("nhr", &Value::Null),
        cx_body = esc(r#"{"ruleset":"compound-x"}"#),
        d20_body = esc(r#"{"ruleset":"d20"}"#),
        station_body = esc(r#"{"ruleset":"station"}"#),
        d20_settings = initiative_fields("nd20", &Value::Null),
    )
}

/// D20's initiative settings as form fields (D20-INIT-01..03).
fn initiative_fields(prefix: &str, current: &Value) -> String {
    let selected = |field: &str, value: &str| {
        if current[field] == value {
            " selected"
        } else {
            ""
        }
    };
    format!(
        "<label for=\"{prefix}-by\">Initiative</label><select id=\"{prefix}-by\" name=\"initiative\">\
         <option value=\"combatant\"{}>by combatant: 1d100 + DEX each (D20-INIT-01)</option>\
         <option value=\"side\"{}>by side: 1d100 a side, highest DEX first within it (D20-INIT-03)</option></select>\
         <label for=\"{prefix}-reroll\">Rolled</label><select id=\"{prefix}-reroll\" name=\"reroll\">\
         <option value=\"each-round\"{}>again each round</option>\
         <option value=\"kept\"{}>once, kept for the battle (D20-INIT-02)</option></select>",
        selected("initiative", "combatant"),
        selected("initiative", "side"),
        selected("reroll", "each-round"),
        selected("reroll", "kept"),
    )
}

fn initiative_form(c: &str, current: &Value) -> String {
    format!(
        "<section class=\"card\" aria-labelledby=\"init-h\"><h2 id=\"init-h\">Initiative in this campaign</h2>\
         <p class=\"meta\">Applies to encounters opened from now on.</p>\
         <form data-api=\"/api/campaigns/{c}\" data-method=\"PATCH\" data-refresh>{}\
         <button type=\"submit\">Save initiative</button><output class=\"result\" aria-live=\"polite\"></output></form></section>",
        initiative_fields("init", current)
    )
}

/// `GET /c/{campaign}/export.json` (GM): the campaign's settings, every
/// character file, every encounter and the roll log, as the GM sees them.
pub(crate) async fn export(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    caller: Result<Caller, AppError>,
) -> Response {
    let run = async {
        let caller = caller?;
        caller.gm_of(&campaign)?;
        let shown = campaigns::show(State(state.clone()), Path(campaign.clone()), caller.clone())
            .await?
            .0;
        let list = characters::list(State(state.clone()), Path(campaign.clone()), caller.clone())
            .await?
            .0;
        let mut files = Vec::new();
        for ch in list["characters"].as_array().into_iter().flatten() {
            let id = ch["id"].as_str().unwrap_or("").to_string();
            let one = characters::show(
                State(state.clone()),
                Path((campaign.clone(), id)),
                caller.clone(),
            )
            .await?
            .0;
            files.push(json!({ "id": one["id"], "name": one["name"], "owner": one["owner"], "toml": one["toml"] }));
        }
        let mut fights = Vec::new();
        for e in shown["encounters"].as_array().into_iter().flatten() {
            let id = e["id"].as_str().unwrap_or("").to_string();
            let one = encounters::show(
                State(state.clone()),
                Path((campaign.clone(), id)),
                caller.clone(),
            )
            .await?
            .0;
            fights.push(one);
        }
        let mut games = Vec::new();
        for g in shown["station_games"].as_array().into_iter().flatten() {
            let id = g["id"].as_str().unwrap_or("").to_string();
            let one = crate::station::api::show(
                State(state.clone()),
                Path((campaign.clone(), id)),
                caller.clone(),
            )
            .await?
            .0;
            games.push(one);
        }
        let rolls = crate::rolls::list(State(state.clone()), Path(campaign.clone()), caller)
            .await?
            .0;
        let mut doc = json!({
            "campaign": { "id": shown["id"], "name": shown["name"], "ruleset": shown["ruleset"], "house_rules": shown["house_rules"], "d20": shown["d20"], "version": shown["version"] },
            "characters": files,
            "encounters": fights,
            "rolls": rolls["rolls"],
        });
        if shown["ruleset"] == "station" {
            doc["station_games"] = json!(games);
        }
        Ok::<_, AppError>(doc)
    };
    match run.await {
        Ok(doc) => (
            [(
                header::CONTENT_DISPOSITION,
                HeaderValue::from_static("attachment; filename=\"campaign.json\""),
            )],
            Json(doc),
        )
            .into_response(),
        Err(e) => error_page(&e),
    }
}
