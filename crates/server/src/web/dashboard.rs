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
    let station = shown["ruleset"] == "station";
    if seat.role != crate::permissions::Role::Spectator && !station {
        forms.push_str(&format!(
            "<section class=\"card\" aria-labelledby=\"import-h\"><h2 id=\"import-h\">Bring a character</h2>\
             <p><a class=\"button\" href=\"/c/{c}/build\">Build a character step by step</a></p>\
             <form data-api=\"/api/campaigns/{c}/characters\" data-method=\"POST\" data-send=\"file\" data-refresh>\
             <label for=\"import-file\">Or import a character file (TOML)</label>\
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
    let mut out = format!(
        "<section class=\"card\" aria-labelledby=\"campaign-h\"><h1 id=\"campaign-h\">{}</h1>\
         <p class=\"meta\">Ruleset <b>{}</b>{}</p></section>",
        val(&shown["name"]),
        val(&shown["ruleset"]),
        if shown["ruleset"] == "station" {
            String::new()
        } else {
            format!(
                " · house rules: {}",
                house_rules_text(&shown["house_rules"])
            )
        },
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
    // Compound X campaigns open encounters and keep house rules.
    let cx = shown["ruleset"] != "station";
    format!(
        "{encounter}<section class=\"card\" aria-labelledby=\"invite-h\"><h2 id=\"invite-h\">Invite someone</h2>\
         <form data-api=\"/api/campaigns/{c}/invites\" data-method=\"POST\" data-refresh>\
         <label for=\"inv-role\">Role</label><select id=\"inv-role\" name=\"role\"><option value=\"player\">player</option><option value=\"spectator\">spectator</option><option value=\"gm\">GM</option></select>\
         <label for=\"inv-label\">Label (who it is for)</label><input id=\"inv-label\" name=\"label\" data-type=\"optional\" maxlength=\"100\" placeholder=\"Alice\">\
         <label for=\"inv-slot\">Character slot (players only, optional)</label><input id=\"inv-slot\" name=\"slot\" data-type=\"optional\" placeholder=\"vex\">\
         <button type=\"submit\">Create link</button><output class=\"result\" aria-live=\"polite\"></output></form></section>\
         {rules}\
         <section class=\"card\" aria-labelledby=\"newc-h\"><h2 id=\"newc-h\">New campaign</h2>\
         <form data-api=\"/api/campaigns\" data-method=\"POST\">\
         <label for=\"camp-name\">Name</label><input id=\"camp-name\" name=\"name\" required maxlength=\"100\" placeholder=\"Rustbelt nights\">\
         <label for=\"camp-ruleset\">Ruleset</label><select id=\"camp-ruleset\" name=\"ruleset\"><option value=\"compound-x\">Compound X</option><option value=\"station\">Station</option></select>\
         {new_boxes}\
         <button type=\"submit\">Create campaign</button><output class=\"result\" aria-live=\"polite\"></output></form></section>\
         <section class=\"card\" aria-labelledby=\"export-h\"><h2 id=\"export-h\">Export</h2>\
         <p><a class=\"button\" href=\"/c/{c}/export.json\" download>Download the campaign as JSON</a> (settings, character files, encounters and the roll log as the GM sees them)</p></section>",
        encounter = if cx {
            format!(
                "<section class=\"card\" aria-labelledby=\"new-enc-h\"><h2 id=\"new-enc-h\">Open an encounter</h2>\
                 <form data-api=\"/api/campaigns/{c}/encounters\" data-method=\"POST\" data-refresh>\
                 <label for=\"enc-name\">Name</label><input id=\"enc-name\" name=\"name\" required maxlength=\"100\" placeholder=\"The depot yard\">\
                 <button type=\"submit\">Open encounter</button><output class=\"result\" aria-live=\"polite\"></output></form></section>"
            )
        } else {
            String::new()
        },
        rules = if cx {
            format!(
                "<section class=\"card\" aria-labelledby=\"rules-h\"><h2 id=\"rules-h\">House rules of this campaign</h2>\
                 <form data-api=\"/api/campaigns/{c}\" data-method=\"PATCH\" data-refresh>{}\
                 <button type=\"submit\">Save house rules</button><output class=\"result\" aria-live=\"polite\"></output></form></section>",
                house_rule_boxes("hr", &shown["house_rules"])
            )
        } else {
            String::new()
        },
        new_boxes = house_rule_boxes("nhr", &Value::Null),
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
            "campaign": { "id": shown["id"], "name": shown["name"], "ruleset": shown["ruleset"], "house_rules": shown["house_rules"], "version": shown["version"] },
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
