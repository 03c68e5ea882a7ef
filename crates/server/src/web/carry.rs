//! The character's carried state on its sheet (docs/campaign.md): health,
//! wounds, gear and XP as the last fight and rests left them, with the
//! between-fight forms its owner and the GM may use. A fragment the sheet
//! loads and refreshes on every table change.

use askama::Template;
use axum::extract::{Path, State};
use axum::response::Html;

use crate::AppState;
use crate::carry::Carried;
use crate::permissions::Role;
use crate::web::answer::{PartAnswer, PartCaller};

/// The state part.
#[derive(Template)]
#[template(path = "carry/state.html")]
struct StatePart {
    api: String,
    compound_x: bool,
    gm: bool,
    recorded: bool,
    /// Each line of the state.
    rows: Vec<Row>,
    /// Items and kits by id, with their names, for the loot and kit forms.
    gear: Vec<(String, String)>,
    xp: i64,
    level: i64,
    xp_next: Option<i64>,
    may_level: bool,
    campaign_id: String,
    /// Compound X: the next level's choices, for the level-up form.
    level_up: Option<crate::carry::LevelChoices>,
    /// The stats a stat point may raise: code and name.
    stats: Vec<(&'static str, &'static str)>,
    /// Compound X: each wound's index and damage, the worst first (the
    /// treat form's choice, CX-HEAL-01).
    wounds: Vec<(usize, i64)>,
}

/// How a weapon carries its ammunition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rounds {
    /// A magazine loaded and spare magazines.
    Magazines,
    /// Thrown with a blast: no magazine, the grenades carried.
    Grenades,
    /// Thrown without a blast (a knife): no magazine, how many carried.
    Thrown,
}

/// How the pack in force says weapon `id` carries its ammunition.
fn thrown(pack: &nanite_compound_x::Pack, id: &str) -> Rounds {
    match pack.weapons.get(id) {
        Some(w) if w.attack == nanite_compound_x::Attack::Thrown && w.blast_radius.is_some() => {
            Rounds::Grenades
        }
        Some(w) if w.attack == nanite_compound_x::Attack::Thrown => Rounds::Thrown,
        _ => Rounds::Magazines,
    }
}

/// A weapon's ammunition in words: `12 loaded, 2 spare magazines`, `2
/// grenades` (a thrown weapon has no magazine: its spare count is what is
/// carried).
fn carried_rounds(kind: Rounds, loaded: i64, spare: i64) -> String {
    let plural = |n: i64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    match kind {
        Rounds::Magazines => format!(
            "{loaded} loaded, {}",
            plural(spare, "spare magazine", "spare magazines")
        ),
        Rounds::Grenades => plural(spare, "grenade", "grenades"),
        Rounds::Thrown => format!("{spare} carried"),
    }
}

/// What the loot form adds to a weapon: magazines or grenades.
fn loot_unit(kind: Rounds) -> Option<&'static str> {
    Some(match kind {
        Rounds::Magazines => "magazines",
        Rounds::Grenades => "grenades",
        Rounds::Thrown => "carried",
    })
}

/// One line of the state: what it is (linked to its compendium entry
/// when it names one) and its value.
struct Row {
    label: String,
    href: Option<String>,
    value: String,
}

impl StatePart {
    /// The campaign's id.
    fn campaign(&self) -> &str {
        &self.campaign_id
    }
}

/// `GET /c/{campaign}/characters/{character}/state`: the state part.
pub(crate) async fn part(
    State(state): State<AppState>,
    Path((campaign, id)): Path<(String, String)>,
    PartCaller(caller): PartCaller,
) -> PartAnswer {
    let shown = crate::carry::shown(&state, &campaign, &id, &caller).await?;
    let links = crate::web::links::Links::of(&state, &campaign).await?;
    let content = crate::packs::in_force(&state, &campaign).await?;
    Ok(Html(render(
        &campaign,
        &id,
        caller.role() == Role::Gm,
        &shown,
        &links,
        &content.packs.cx,
    )))
}

fn render(
    campaign: &str,
    id: &str,
    gm: bool,
    shown: &crate::carry::StateShown,
    links: &crate::web::links::Links,
    pack: &nanite_compound_x::Pack,
) -> String {
    let mut sheet = Sheet {
        rows: Vec::new(),
        gear: Vec::new(),
        links,
    };
    let wounds = match &shown.state {
        Carried::CompoundX(s) => compound_x_rows(s, pack, &mut sheet),
        Carried::D20(s) => {
            d20_rows(s, &mut sheet);
            Vec::new()
        }
    };
    let Sheet { rows, gear, .. } = sheet;
    crate::web::html::render(&StatePart {
        api: format!("/api/campaigns/{campaign}/characters/{id}/state"),
        compound_x: matches!(shown.state, Carried::CompoundX(_)),
        gm,
        recorded: shown.recorded,
        rows,
        gear: gear
            .into_iter()
            .map(|(id, unit)| {
                let name = ["weapon", "item", "kit"]
                    .iter()
                    .find_map(|s| links.name(s, &id))
                    .unwrap_or(&id)
                    .to_string();
                let name = match unit {
                    Some(unit) => format!("{name} ({unit})"),
                    None => name,
                };
                (id, name)
            })
            .collect(),
        xp: shown.state.xp(),
        level: shown.state.level(),
        xp_next: shown.xp_next,
        may_level: shown.may_level,
        campaign_id: campaign.to_string(),
        level_up: shown.level_up.clone(),
        stats: nanite_compound_x::Stat::ALL
            .iter()
            .map(|s| (s.code(), s.name()))
            .collect(),
        wounds,
    })
}

/// A character's state as lines, with the gear it carries (by id, with
/// the unit it is counted in) for the loot and kit forms.
struct Sheet<'a> {
    rows: Vec<Row>,
    gear: Vec<(String, Option<&'static str>)>,
    links: &'a crate::web::links::Links,
}

impl Sheet<'_> {
    /// A line `label`: `value`.
    fn row(&mut self, label: &str, value: String) {
        self.rows.push(Row {
            label: label.to_string(),
            href: None,
            value,
        });
    }

    /// A line of gear by its id: its name and entry in the pack in force.
    fn gear_row(&mut self, section: &str, id: &str, value: String) {
        let found = self
            .links
            .name(section, id)
            .map(|n| (n, self.links.entry(section, id)));
        self.rows.push(Row {
            label: found.map_or_else(|| id.to_string(), |(n, _)| n.to_string()),
            href: found.and_then(|(_, h)| h.map(str::to_string)),
            value,
        });
    }
}

/// A Compound X character's lines (health, wounds, injuries, armor,
/// shield, weapons, items, nanites, death saves); gives its wounds by
/// index, the worst first (the treat form's choice, CX-HEAL-01).
fn compound_x_rows(
    s: &nanite_compound_x::carry::CharacterState,
    pack: &nanite_compound_x::Pack,
    sheet: &mut Sheet<'_>,
) -> Vec<(usize, i64)> {
    let hp = if s.dead {
        "dead".to_string()
    } else if s.hp < 1 {
        format!("{} of {} — downed", s.hp, s.max_hp)
    } else {
        format!("{} of {}", s.hp, s.max_hp)
    };
    sheet.row("Health", hp);
    let mut wounds: Vec<(usize, i64)> = s.wounds.iter().copied().enumerate().collect();
    wounds.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    sheet.row(
        "Wounds",
        if s.wounds.is_empty() {
            "none".into()
        } else {
            s.wounds
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        },
    );
    let mut lasting = s.lasting.keys();
    if s.below_par {
        lasting.push("below par".into());
    }
    sheet.row(
        "Injuries and conditions",
        if lasting.is_empty() {
            "none".into()
        } else {
            lasting.join(", ")
        },
    );
    if let Some(a) = &s.armor {
        let dulled = if a.apl_lowered {
            ", APL lowered by plasma"
        } else {
            ""
        };
        sheet.row(
            "Armor points",
            format!("{} of {}{dulled}", a.points, a.full),
        );
    }
    if let Some(sh) = &s.shield {
        sheet.row("Shield", format!("{} of {}", sh.strength, sh.max));
    }
    for w in &s.weapons {
        let kind = thrown(pack, &w.id);
        let mut v = carried_rounds(kind, w.loaded, w.spare_magazines);
        if w.jammed {
            v.push_str(", jammed");
        }
        if w.broken {
            v.push_str(", broken");
        }
        sheet.gear_row("weapon", &w.id, v);
        sheet.gear.push((w.id.clone(), loot_unit(kind)));
    }
    for (id, n) in &s.items {
        sheet.gear_row("item", id, n.to_string());
        sheet.gear.push((id.clone(), None));
    }
    sheet.row("Nanites", format!("{} of {}", s.nanites, s.max_nanites));
    sheet.row("Death saves at the next downing", s.death_saves.to_string());
    wounds
}

/// A D20 character's lines: hit points, spell energy, power points,
/// drained STR and CON, and kits.
fn d20_rows(s: &nanite_d20::carry::CharacterState, sheet: &mut Sheet<'_>) {
    sheet.row("Hit points", format!("{} of {}", s.hp, s.max_hp));
    sheet.row("Spell energy", format!("{} of {}", s.energy, s.max_energy));
    sheet.row(
        "Power points",
        format!("{} of {}", s.power_points, s.max_power_points),
    );
    let drained: i64 = s.drains.iter().map(|d| d.points).sum();
    if drained > 0 {
        sheet.row("Drained STR and CON", format!("-{drained}"));
    }
    for (id, n) in &s.kits {
        sheet.gear_row("kit", id, n.to_string());
        sheet.gear.push((id.clone(), None));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_thrown_weapon_reads_as_what_is_carried_not_a_magazine() {
        let cases = [
            (Rounds::Magazines, 12, 2, "12 loaded, 2 spare magazines"),
            (Rounds::Magazines, 0, 1, "0 loaded, 1 spare magazine"),
            (Rounds::Grenades, 0, 2, "2 grenades"),
            (Rounds::Grenades, 0, 1, "1 grenade"),
            (Rounds::Grenades, 0, 0, "0 grenades"),
            (Rounds::Thrown, 0, 3, "3 carried"),
        ];
        for (kind, loaded, spare, said) in cases {
            assert_eq!(carried_rounds(kind, loaded, spare), said);
        }
        let pack = crate::pack::sample().unwrap();
        assert_eq!(thrown(&pack, "frag-grenade"), Rounds::Grenades);
        assert_eq!(thrown(&pack, "smg"), Rounds::Magazines);
        assert_eq!(thrown(&pack, "no-such-weapon"), Rounds::Magazines);
        assert_eq!(loot_unit(Rounds::Grenades), Some("grenades"));
    }
}
