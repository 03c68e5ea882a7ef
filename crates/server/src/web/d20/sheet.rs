//! A D20 character's computed sheet (its owner's and the GM's), from the
//! same `Sheet::compute` as `nanite d20 sheet`, under the campaign's
//! settings: attributes with their bonuses, hit points, Defense with its
//! sources, skills with their attributes and alternates, weapons, magic and
//! kits; the file to download and a form to replace it.

use askama::Template;
use axum::response::{IntoResponse, Response};
use nanite_core::content::SourceFile;
use nanite_d20::{Character, Sheet};

use crate::campaigns::Campaign;
use crate::error::AppError;
use crate::sessions::Caller;
use crate::web::html::{self, Seat};

fn signed(n: i64) -> String {
    if n >= 0 {
        format!("+{n}")
    } else {
        format!("−{}", -n)
    }
}

/// The sheet page's body (`templates/d20/sheet.html`; the shared layout
/// frames it).
#[derive(Template)]
#[template(path = "d20/sheet.html")]
struct SheetPage<'a> {
    /// The campaign's id.
    campaign: &'a str,
    /// The character's id.
    id: &'a str,
    /// The computed sheet.
    sheet: &'a Sheet,
    /// Each attribute: name, score, bonus.
    attributes: Vec<(&'static str, i64, String)>,
    /// Defense's sources, in words.
    defense: String,
    /// Each skill above level 0: name, attribute, level, check, alternates.
    skills: Vec<(&'a str, &'static str, i64, String, String)>,
    /// Each weapon: name, finesse, attack, attribute, damage, reach.
    weapons: Vec<(&'a str, bool, String, &'static str, &'a str, i64)>,
    /// Each spell or power: name, cost, range, check.
    magic: Vec<(&'a str, i64, i64, String)>,
    /// Names linked to their compendium entries (web/links.rs).
    links: crate::web::links::Links,
}

/// The sheet page of the D20 character `id`, whose file is `toml` (already
/// checked by the API's `show`).
pub(crate) fn page(
    pack: &nanite_d20::Pack,
    settings: &Campaign,
    caller: &Caller,
    id: &str,
    toml: &str,
) -> Result<Response, AppError> {
    let (character, _) = Character::read(&SourceFile::new(format!("{id}.toml"), toml));
    let d20 = settings.d20.clone().unwrap_or_default();
    let sheet = Sheet::compute(&character, pack, &d20);
    let page = SheetPage {
        campaign: &settings.id,
        id,
        attributes: sheet
            .attributes
            .iter()
            .map(|a| (a.attribute.name(), a.score, signed(a.bonus)))
            .collect(),
        defense: sheet
            .defense
            .terms()
            .iter()
            .map(|t| format!("{} {}", t.source.name, signed(t.amount)))
            .collect::<Vec<_>>()
            .join(" · "),
        skills: sheet
            .skills
            .iter()
            .filter(|s| s.level > 0)
            .map(|s| {
                let alternates: Vec<String> = s
                    .alternates
                    .iter()
                    .map(|a| format!("{} {}", a.attribute.key(), signed(a.modifier)))
                    .collect();
                (
                    s.name.as_str(),
                    s.attribute.key(),
                    s.level,
                    signed(s.modifier),
                    alternates.join(", "),
                )
            })
            .collect(),
        weapons: sheet
            .weapons
            .iter()
            .map(|w| {
                (
                    w.name.as_str(),
                    w.finesse,
                    signed(w.attack),
                    w.attribute.key(),
                    w.damage.as_str(),
                    w.reach,
                )
            })
            .collect(),
        magic: sheet
            .magic
            .iter()
            .map(|m| (m.name.as_str(), m.cost, m.range, signed(m.modifier)))
            .collect(),
        sheet: &sheet,
        links: crate::web::links::Links::from_sections(
            &settings.id,
            &crate::packs::compendium::d20_sections(pack),
        ),
    };
    let body = html::render(&page);
    let seat = Seat::new(caller, &settings.name, 0);
    Ok(html::page(&format!("{} · nanite", sheet.name), Some(&seat), &body).into_response())
}
