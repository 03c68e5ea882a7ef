//! The roll box (dice notation, roll modes, physical dice) and the shared
//! roll log, cut to what the viewer may see as the API cuts it.

use axum::extract::{Path, State};
use axum::response::{Html, IntoResponse, Response};
use serde_json::Value;

use super::error_part;
use super::html::{Seat, esc, val};
use crate::AppState;
use crate::error::AppError;
use crate::permissions::Role;
use crate::sessions::Caller;

/// The roll box and the log, as the side column of a page.
pub(crate) async fn section(
    state: &AppState,
    seat: &Seat,
    caller: &Caller,
) -> Result<String, AppError> {
    let c = esc(&seat.campaign);
    let log = log_html(state, &seat.campaign, caller).await?;
    let gm_option = if seat.is_gm() {
        "<option value=\"gm\">GM only</option>"
    } else {
        ""
    };
    let rollbox = if seat.role == Role::Spectator {
        "<p class=\"empty\">Spectators watch the rolls.</p>".to_string()
    } else {
        format!(
            "<form data-api=\"/api/campaigns/{c}/rolls\" data-method=\"POST\" class=\"rollbox\">\
             <label for=\"roll-expr\">Dice</label>\
             <input id=\"roll-expr\" name=\"expression\" required maxlength=\"1000\" placeholder=\"2d10+12 # strength\" autocomplete=\"off\">\
             <label for=\"roll-mode\">Who sees it</label>\
             <select id=\"roll-mode\" name=\"mode\"><option value=\"public\">everyone (public)</option>{gm_option}<option value=\"blind\">the GM only, not me (blind)</option><option value=\"self\">me and the GM (self)</option></select>\
             <div class=\"check\"><input type=\"checkbox\" id=\"roll-physical\" name=\"physical\" data-type=\"skip\"><label for=\"roll-physical\">I roll my own dice (the page asks for each die)</label></div>\
             <button type=\"submit\">Roll</button><output class=\"result\" aria-live=\"polite\"></output></form>"
        )
    };
    Ok(format!(
        "<aside class=\"side-col\" id=\"rolls\" aria-labelledby=\"rolls-h\"><section class=\"card\"><h2 id=\"rolls-h\">Rolls</h2>{rollbox}\
         <h3>Roll log</h3><div id=\"roll-log\" hx-get=\"/c/{c}/part/rolls\" hx-trigger=\"nanite-update from:body\" hx-swap=\"innerHTML\">{log}</div></section></aside>"
    ))
}

/// `GET /c/{campaign}/part/rolls`: the log, for htmx to refresh.
pub(crate) async fn part(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    caller: Result<Caller, AppError>,
) -> Response {
    let run = async {
        let caller = caller?;
        log_html(&state, &campaign, &caller).await
    };
    match run.await {
        Ok(html) => Html(html).into_response(),
        Err(e) => error_part(&e),
    }
}

async fn log_html(state: &AppState, campaign: &str, caller: &Caller) -> Result<String, AppError> {
    let list = crate::rolls::list(
        State(state.clone()),
        Path(campaign.to_string()),
        caller.clone(),
    )
    .await?
    .0;
    let rolls = list["rolls"].as_array().cloned().unwrap_or_default();
    if rolls.is_empty() {
        return Ok("<p class=\"empty\">No roll yet.</p>".to_string());
    }
    let mut out = String::from("<ol class=\"roll-log\" reversed>");
    for r in rolls.iter().rev().take(50) {
        out.push_str(&entry(r));
    }
    out.push_str("</ol>");
    Ok(out)
}

fn mode_text(mode: &Value) -> &'static str {
    match mode.as_str() {
        Some("gm") => "GM only",
        Some("blind") => "blind",
        Some("self") => "self",
        _ => "public",
    }
}

/// One roll of the log.
fn entry(r: &Value) -> String {
    let result = match r.get("hidden") {
        Some(h) => format!("<span class=\"hidden-result\">{}</span>", val(h)),
        None => format!(
            "<span class=\"total\" aria-label=\"total\">{}</span>{}",
            val(&r["total"]),
            dice_text(&r["roll"])
        ),
    };
    format!(
        "<li class=\"roll mode-{mode}\"><span class=\"who\">{label}</span> <code>{expr}</code> \
         <span class=\"badge\">{mode_text}</span>{physical} {result}</li>",
        mode = esc(r["mode"].as_str().unwrap_or("public")),
        label = val(&r["label"]),
        expr = val(&r["expression"]),
        mode_text = mode_text(&r["mode"]),
        physical = if r["physical"].as_bool() == Some(true) {
            " <span class=\"badge\">own dice</span>"
        } else {
            ""
        },
    )
}

/// The faces rolled, when the roll lists them.
fn dice_text(roll: &Value) -> String {
    let faces: Vec<String> = roll["dice"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|d| d["value"].as_i64())
        .take(30)
        .map(|v| v.to_string())
        .collect();
    if faces.is_empty() {
        String::new()
    } else {
        format!(" <span class=\"faces\">[{}]</span>", esc(&faces.join(", ")))
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    #[test]
    fn a_blind_roll_shows_no_total_to_its_roller() {
        let shown = super::entry(&json!({
            "label": "Alice", "mode": "blind", "expression": "d100",
            "hidden": "a blind roll: only the GM sees the result"
        }));
        assert!(shown.contains("only the GM sees the result"));
        assert!(!shown.contains("class=\"total\""));
    }

    #[test]
    fn labels_and_expressions_are_text() {
        let shown = super::entry(&json!({
            "label": "<script>x</script>", "mode": "public", "expression": "d6 # <b>",
            "total": 4, "roll": {"dice": [{"value": 4}]}
        }));
        assert!(shown.contains("&lt;script&gt;x&lt;/script&gt;"));
        assert!(shown.contains("d6 # &lt;b&gt;"));
        assert!(shown.contains("[4]"));
    }
}
