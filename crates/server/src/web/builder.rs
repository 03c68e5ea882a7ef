//! The character builder: name, race and class, base stats, skills and
//! equipment in four steps, offering only what the pack has and the rules
//! allow (races whose stat points can be assigned, stats within the
//! creation limits, skills the character can learn). Every change is
//! checked on the server exactly as `nanite cx check` checks a file, with
//! the campaign's house rules; each problem is shown with its rule and fix,
//! and a character without errors is saved through the API.

mod form;
pub(crate) mod marks;
mod sheet;

use std::collections::BTreeMap;

use axum::Form;
use axum::extract::{Path, State};
use axum::response::{Html, IntoResponse};
use nanite_compound_x::{
    CAP_FROM_15, CREATION_MAX, Character, Feat, NEW_SKILL_COST, Pack, Race, STAT_MIN, Sheet, Stat,
    validate,
};
use nanite_core::Diagnostic;
use nanite_core::content::SourceFile;

use askama::Template;

use super::answer::{PageAnswer, PageCaller, PartAnswer};
use super::html::{self, Seat, render};
use crate::error::AppError;
use crate::permissions::Role;
use crate::ruleset::Ruleset;
use crate::sessions::Caller;
use crate::{AppState, campaigns};

pub(crate) use sheet::{download, sheet};

/// Whether every stat point of `race` can be assigned within the creation
/// limits (rule CX-STAT-06); the builder offers only such races.
fn buildable(race: &Race) -> bool {
    let n = Stat::ALL.len() as i64;
    (STAT_MIN * n..=CREATION_MAX * n).contains(&race.stat_points)
}

/// `GET /c/{campaign}/build`: the builder.
pub(crate) async fn page(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    PageCaller(caller): PageCaller,
) -> PageAnswer {
    caller.member_of(&campaign)?;
    if caller.role() == Role::Spectator {
        return Err(AppError::forbidden(
            "spectators_watch",
            "spectators only watch; ask the GM for a player invitation to bring a character",
        )
        .into());
    }
    let settings = campaigns::get(&state, &campaign).await?;
    // The campaign's pack in force: its own content, or the sample.
    let content = crate::packs::in_force(&state, &campaign).await?;
    match settings.ruleset {
        Ruleset::CompoundX => {}
        Ruleset::D20 => {
            return Ok(super::builder_d20::page(
                &content.packs.d20,
                &settings,
                &caller,
            ));
        }
        Ruleset::Station => return Err(campaigns::station_has_no("characters").into()),
        Ruleset::Plugged(key) => return Err(campaigns::plugged_has_no(key, "characters").into()),
    }
    let seat = Seat::new(&caller, &settings.name, 0);
    let body = render(&Builder {
        campaign: &campaign,
        slot: caller.invite.slot.as_deref(),
        pack: &content.packs.cx,
        stats: Stat::ALL,
        stat_min: STAT_MIN,
        creation_max: CREATION_MAX,
        new_skill_cost: NEW_SKILL_COST,
        weapon_slots: form::WEAPON_SLOTS,
        max_count: form::MAX_COUNT,
    });
    Ok(html::page("Build a character · nanite", Some(&seat), &body).into_response())
}

/// The builder's four steps and its check column.
#[derive(Template)]
#[template(path = "builder/page.html")]
struct Builder<'a> {
    campaign: &'a str,
    /// The character id the invitation is for.
    slot: Option<&'a str>,
    pack: &'a Pack,
    stats: [Stat; Stat::ALL.len()],
    stat_min: i64,
    creation_max: i64,
    new_skill_cost: i64,
    /// The form's weapon slots: number and label.
    weapon_slots: [(u8, &'static str); 2],
    /// The most magazines or items of one kind.
    max_count: i64,
}

impl Builder<'_> {
    /// The feats a character may take instead of one its stats grant
    /// (CX-STAT-14), with what they need.
    fn alternatives(&self) -> Vec<(&Feat, String)> {
        self.pack
            .feats
            .iter()
            .filter(|f| f.instead_of.is_some())
            .map(|f| {
                let needs = f
                    .granted
                    .map(|g| format!("{} {}+", g.stat.code(), g.min))
                    .unwrap_or_default();
                (f, needs)
            })
            .collect()
    }

    /// The feats the stats grant, with the stat they need.
    fn granted(&self) -> Vec<(&Feat, String)> {
        self.pack
            .feats
            .iter()
            .filter(|f| f.instead_of.is_none())
            .filter_map(|f| {
                f.granted
                    .map(|g| (f, format!("{} {}+", g.stat.code(), g.min)))
            })
            .collect()
    }

    /// ", price 150", or nothing for content without a price.
    fn price(&self, price: &Option<i64>) -> String {
        price.map_or_else(String::new, |p| format!(", price {p}"))
    }
    /// The races a character can be built of.
    fn races(&self) -> impl Iterator<Item = &Race> {
        self.pack.races.iter().filter(|r| buildable(r))
    }

    /// A race's stat bonuses ("STR +1, AGI -1").
    fn bonus(&self, race: &Race) -> String {
        race.stat_bonus
            .iter()
            .map(|(s, n)| format!("{} {n:+}", s.code()))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// `POST /c/{campaign}/build/check`: the character so far, checked: every
/// problem at once at its field, what is left to spend, and the save
/// button once it is legal. A D20 campaign's form goes to the D20 builder.
pub(crate) async fn check(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    caller: Result<Caller, AppError>,
    Form(form): Form<BTreeMap<String, String>>,
) -> PartAnswer {
    let caller = caller?;
    caller.member_of(&campaign)?;
    let settings = campaigns::get(&state, &campaign).await?;
    let content = crate::packs::in_force(&state, &campaign).await?;
    if settings.ruleset == Ruleset::D20 {
        return Ok(Html(super::builder_d20::check(
            &content.packs.d20,
            &settings,
            &caller,
            &form,
        )));
    }
    let pack = &content.packs.cx;
    let built = form::read(pack, &form);
    let mut ch = built.character;
    ch.house_rules = settings.house_rules();
    let money = nanite_compound_x::starting_money::money_left(&ch, pack);
    ch.money = money;
    let toml = ch.to_toml();
    let id = caller.invite.slot.clone();
    let file = format!("{}.toml", id.as_deref().unwrap_or("character"));
    // The file is read back and validated exactly as an upload is
    // (`nanite cx check`), so what the builder accepts the API accepts.
    let (read, mut found) = Character::read(&SourceFile::new(&file, &toml));
    found.extend(built.found);
    // Money below 0 is the purchase's problem, said below.
    for d in validate(&read, pack).iter().filter(|d| d.field != "money") {
        found.push(d.clone());
    }
    let cost = nanite_compound_x::starting_money::gear_cost(&read, pack);
    let class = pack.classes.get(&read.class);
    if let (Some(left), Some(class)) = (money, class)
        && left < 0
    {
        found.push(
            Diagnostic::error(
                "money",
                format!(
                    "the equipment costs {cost}, but a {} starts with {} money to buy it",
                    class.name, class.starting_money
                ),
            )
            .rule("CX-LVL-01")
            .help(format!("carry {} less, or cheaper gear", -left)),
        );
    }
    let slots = form::slots(pack);
    let marks = marks::place(&found, &slots, "builder", |field| {
        form::control(field, &built.weapon_slots)
    });
    let race = pack.races.get(&read.race);
    let sheet = (race.is_some() && class.is_some() && computable(&read))
        .then(|| Sheet::compute(&read, pack));
    let legal = sheet.as_ref().filter(|_| !found.has_errors()).map(|sheet| {
        render(&Legal {
            sheet,
            warnings: Vec::new(),
            campaign: &campaign,
            id: id.as_deref(),
            toml: &toml,
        })
    });
    let assigned: i64 = Stat::ALL.iter().map(|s| read.base_stats.get(*s)).sum();
    Ok(Html(
        render(&Checked {
            errors: found.error_count(),
            stat_points: race.map(|r| (r.stat_points - assigned, r.stat_points)),
            skill_points: sheet.as_ref().map(|s| {
                (
                    s.skill_points.budget - s.skill_points.spent,
                    s.skill_points.budget,
                )
            }),
            money: money.zip(class.map(|c| c.starting_money)),
            cost,
            sheet: sheet.as_ref(),
            granted: sheet
                .as_ref()
                .map(|s| {
                    s.feats
                        .owned
                        .iter()
                        .map(|f| f.name.clone())
                        .collect::<Vec<_>>()
                        .join(", ")
                })
                .unwrap_or_default(),
            legal,
        }) + &marks::render_marks(&marks, &slots),
    ))
}

/// Whether a sheet can be computed for the numbers so far: stats within a
/// sane range and no count beyond what the form takes (the form refuses the
/// rest at their fields).
fn computable(ch: &Character) -> bool {
    Stat::ALL
        .iter()
        .all(|s| (-CAP_FROM_15..=CAP_FROM_15).contains(&ch.base_stats.get(*s)))
        && ch.skills.iter().all(|(_, p)| (0..=1000).contains(p))
        && ch
            .equipment
            .items
            .iter()
            .all(|(_, n)| (0..=form::MAX_COUNT).contains(n))
}

/// The check column: what is left to spend, the sheet's numbers so far and
/// either how many problems remain or the legal character's save button;
/// besides it, the counters in each step.
#[derive(Template)]
#[template(path = "builder/checked.html")]
struct Checked<'a> {
    errors: usize,
    /// Stat points left and the race's total.
    stat_points: Option<(i64, i64)>,
    /// Skill points left and the budget.
    skill_points: Option<(i64, i64)>,
    /// Money left and the class's starting money.
    money: Option<(i64, i64)>,
    /// What the equipment costs.
    cost: i64,
    sheet: Option<&'a Sheet>,
    /// The feats owned (granted by the stats, or taken instead).
    granted: String,
    /// The legal character's numbers and save button.
    legal: Option<String>,
}

/// A legal character: its numbers, warnings and the save button.
#[derive(Template)]
#[template(path = "builder/legal.html")]
struct Legal<'a> {
    sheet: &'a Sheet,
    warnings: Vec<String>,
    campaign: &'a str,
    /// The id it is saved under, when the invitation names one.
    id: Option<&'a str>,
    toml: &'a str,
}
