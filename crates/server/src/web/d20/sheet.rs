//! A D20 character's computed sheet (its owner's and the GM's), from the
//! same `Sheet::compute` as `nanite d20 sheet`, under the campaign's
//! settings: attributes with their bonuses, hit points, Defense with its
//! sources, skills with their attributes and alternates, weapons, magic and
//! kits; the file to download and a form to replace it.

use std::fmt::Write;

use axum::response::{IntoResponse, Response};
use nanite_core::content::SourceFile;
use nanite_d20::{Character, Sheet};

use crate::AppState;
use crate::campaigns::Campaign;
use crate::error::AppError;
use crate::sessions::Caller;
use crate::web::html::{self, Seat, esc};

fn signed(n: i64) -> String {
    if n >= 0 {
        format!("+{n}")
    } else {
        format!("−{}", -n)
    }
}

/// The sheet page of the D20 character `id`, whose file is `toml` (already
/// checked by the API's `show`).
pub(crate) fn page(
    state: &AppState,
    settings: &Campaign,
    caller: &Caller,
    id: &str,
    toml: &str,
) -> Result<Response, AppError> {
    let (character, _) = Character::read(&SourceFile::new(format!("{id}.toml"), toml));
    let d20 = settings.d20.clone().unwrap_or_default();
    let sheet = Sheet::compute(&character, state.d20_pack(), &d20);
    let seat = Seat::new(caller, &settings.name, 0);
    let c = esc(&settings.id);
    let i = esc(id);
    let mut body = format!(
        "<p class=\"crumbs\"><a href=\"/c/{c}\">← Dashboard</a></p>\
         <section class=\"card\"><h1>{}</h1><p class=\"meta\">D20 · level {} · attribute bonus {}</p>\
         <p><a class=\"button\" href=\"/c/{c}/characters/{i}/file\" download>Download the character file</a></p></section>",
        esc(&sheet.name),
        sheet.level,
        esc(&sheet.bonus_formula),
    );
    body.push_str("<section class=\"card\" aria-labelledby=\"attr-h\"><h2 id=\"attr-h\">Attributes</h2><div class=\"table-wrap\"><table class=\"sheet\"><thead><tr><th scope=\"col\">Attribute</th><th scope=\"col\">Score</th><th scope=\"col\">Bonus</th></tr></thead><tbody>");
    for a in &sheet.attributes {
        let _ = write!(
            body,
            "<tr><th scope=\"row\">{}</th><td>{}</td><td>{}</td></tr>",
            esc(a.attribute.name()),
            a.score,
            signed(a.bonus)
        );
    }
    body.push_str("</tbody></table></div></section>");
    let defense: Vec<String> = sheet
        .defense
        .terms()
        .iter()
        .map(|t| format!("{} {}", esc(&t.source.name), signed(t.amount)))
        .collect();
    let _ = write!(
        body,
        "<section class=\"card\" aria-labelledby=\"derived-h\"><h2 id=\"derived-h\">Derived</h2><dl class=\"derived\">\
         <dt>Hit points</dt><dd>{}</dd><dt>Defense</dt><dd>{} <span class=\"meta\">({})</span></dd>\
         <dt>Speed</dt><dd>{} ft</dd><dt>Spell energy</dt><dd>{}</dd><dt>Power points</dt><dd>{}</dd>\
         <dt>Spell resistance</dt><dd>{}</dd><dt>Power resistance</dt><dd>{}</dd><dt>Armor</dt><dd>{}</dd></dl></section>",
        sheet.max_hp,
        sheet.defense.total(),
        defense.join(" · "),
        sheet.speed,
        sheet.spell_energy,
        sheet.power_points,
        sheet.spell_resistance,
        sheet.power_resistance,
        esc(sheet.armor.as_deref().unwrap_or("none")),
    );
    body.push_str("<section class=\"card\" aria-labelledby=\"skills-h\"><h2 id=\"skills-h\">Skills</h2><div class=\"table-wrap\"><table class=\"sheet\"><thead><tr><th scope=\"col\">Skill</th><th scope=\"col\">Attribute</th><th scope=\"col\">Level</th><th scope=\"col\">Check</th><th scope=\"col\">Alternates</th></tr></thead><tbody>");
    for s in sheet.skills.iter().filter(|s| s.level > 0) {
        let alternates: Vec<String> = s
            .alternates
            .iter()
            .map(|a| format!("{} {}", a.attribute.key(), signed(a.modifier)))
            .collect();
        let _ = write!(
            body,
            "<tr><th scope=\"row\">{}</th><td>{}</td><td>{}</td><td>d20 {}</td><td>{}</td></tr>",
            esc(&s.name),
            esc(s.attribute.key()),
            s.level,
            signed(s.modifier),
            esc(&alternates.join(", "))
        );
    }
    body.push_str(
        "</tbody></table></div><p class=\"meta\">Skills at level 0 are left out.</p></section>",
    );
    if !sheet.weapons.is_empty() {
        body.push_str("<section class=\"card\" aria-labelledby=\"weapons-h\"><h2 id=\"weapons-h\">Weapons</h2><div class=\"table-wrap\"><table class=\"sheet\"><thead><tr><th scope=\"col\">Weapon</th><th scope=\"col\">Attack</th><th scope=\"col\">Damage</th><th scope=\"col\">Reach or range</th></tr></thead><tbody>");
        for w in &sheet.weapons {
            let _ = write!(
                body,
                "<tr><th scope=\"row\">{}{}</th><td>d20 {} ({})</td><td>{}</td><td>{} ft</td></tr>",
                esc(&w.name),
                if w.finesse {
                    " <span class=\"badge\">finesse</span>"
                } else {
                    ""
                },
                signed(w.attack),
                esc(w.attribute.key()),
                esc(&w.damage),
                w.reach,
            );
        }
        body.push_str("</tbody></table></div></section>");
    }
    if !sheet.magic.is_empty() {
        body.push_str("<section class=\"card\" aria-labelledby=\"magic-h\"><h2 id=\"magic-h\">Spells and powers</h2><ul>");
        for m in &sheet.magic {
            let _ = write!(
                body,
                "<li><b>{}</b> · cost {} · range {} ft · check {}</li>",
                esc(&m.name),
                m.cost,
                m.range,
                signed(m.modifier)
            );
        }
        body.push_str("</ul></section>");
    }
    if !sheet.kits.is_empty() {
        body.push_str("<section class=\"card\" aria-labelledby=\"kits-h\"><h2 id=\"kits-h\">Healing kits</h2><ul>");
        for (_, name, count) in &sheet.kits {
            let _ = write!(body, "<li>{} ×{count}</li>", esc(name));
        }
        body.push_str("</ul></section>");
    }
    let _ = write!(
        body,
        "<section class=\"card\" aria-labelledby=\"replace-h\"><h2 id=\"replace-h\">Replace with a new file</h2>\
         <form data-api=\"/api/campaigns/{c}/characters/{i}\" data-method=\"PUT\" data-send=\"file\" data-go=\"/c/{c}/characters/{i}\">\
         <label for=\"replace-file\">D20 character file (TOML)</label>\
         <input id=\"replace-file\" type=\"file\" name=\"file\" accept=\".toml,text/plain\" required>\
         <button type=\"submit\">Upload</button><output class=\"result\" aria-live=\"polite\"></output></form></section>"
    );
    Ok(html::page(&format!("{} · nanite", sheet.name), Some(&seat), &body).into_response())
}
