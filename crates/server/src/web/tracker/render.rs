//! The tracker's HTML: the Compound X tracker from the typed view of the
//! encounter (and the few engine facts the view leaves out, already cut to
//! the viewer), drawn by `templates/tracker/part.html`; and the pieces the
//! D20 tracker still draws by hand from its JSON view.

use std::fmt::Write;

use askama::Template;
use serde_json::Value;

use super::Extras;
use super::choices::{ChoicesPanel, TargetView};
use crate::view::{CxCombatant, CxDetails, CxEncounter, Shown};
use crate::web::html::{Bar, esc, render, val};

/// The shown name of combatant `id`, or the id itself.
pub(crate) fn name_of(shown: &Value, id: &Value) -> String {
    shown["combatants"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|c| &c["id"] == id)
        .map_or_else(|| val(id), |c| val(&c["name"]))
}

/// The Compound X tracker fragment.
#[derive(Template)]
#[template(path = "tracker/part.html")]
struct Part<'a> {
    enc: &'a CxEncounter<'a>,
    extras: &'a Extras,
    gm: bool,
    panel: String,
}

impl Part<'_> {
    /// The round line.
    fn status(&self) -> String {
        match self.enc.phase {
            "setup" if self.gm => "Setting up: add combatants, set their distances, roll initiative, then begin the fight.".to_string(),
            "setup" => "Setting up: the GM is placing the combatants.".to_string(),
            "surprise" => "Surprise round".to_string(),
            "round" => format!("Round {}", self.enc.round),
            "ended" => "The fight is over.".to_string(),
            _ => String::new(),
        }
    }

    fn is_active(&self, id: &nanite_core::CombatantId) -> bool {
        self.enc.active == Some(id)
    }

    /// The wounded descriptor as a class name ("badly-wounded").
    fn wounded_class(&self, c: &CxCombatant<'_>) -> String {
        c.wounded.replace(' ', "-")
    }

    fn hidden(&self, c: &CxCombatant<'_>) -> bool {
        c.full.as_ref().is_some_and(|f| f.hidden)
    }

    /// The newest entry.
    fn latest(&self) -> Option<&Shown<'_>> {
        self.enc.log.last()
    }

    /// The entries the viewer heard something of. An entry the viewer heard
    /// nothing of is left out, not drawn empty: an empty line would mark
    /// where a secret happened.
    fn heard(&self) -> Vec<&Shown<'_>> {
        self.enc
            .log
            .iter()
            .filter(|e| !e.entry.lines().is_empty())
            .collect()
    }

    /// Health, shield, armor points and nanites.
    fn bars(&self, f: &CxDetails<'_>) -> Vec<Bar> {
        let mut out = vec![Bar {
            kind: "hp",
            label: "Health",
            now: f.hp,
            max: f.max_hp,
        }];
        if let Some(s) = &f.shield {
            out.push(Bar {
                kind: "shield",
                label: "Shield",
                now: s.strength,
                max: s.max,
            });
        }
        if let Some(a) = &f.armor {
            out.push(Bar {
                kind: "armor",
                label: "Armor points",
                now: a.points_left,
                max: a.armor_points,
            });
        }
        out.push(Bar {
            kind: "nanites",
            label: "Nanites",
            now: f.nanites,
            max: f.max_nanites,
        });
        out
    }

    fn conditions(&self, id: &nanite_core::CombatantId) -> &[(String, u32, String)] {
        self.extras
            .conditions
            .get(id.as_str())
            .map_or(&[], Vec::as_slice)
    }

    fn reactions(&self, id: &nanite_core::CombatantId) -> u32 {
        self.extras.reactions.get(id.as_str()).copied().unwrap_or(0)
    }
}

/// The tracker fragment.
pub(crate) fn part(
    campaign: &str,
    encounter: &str,
    enc: &CxEncounter<'_>,
    extras: &Extras,
    gm: bool,
) -> String {
    let panel = if !extras.turn.is_empty() || !extras.hand.is_empty() {
        actions_panel(campaign, encounter, enc, extras)
    } else {
        String::new()
    };
    render(&Part {
        enc,
        extras,
        gm,
        panel,
    })
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

fn actions_panel(
    campaign: &str,
    encounter: &str,
    enc: &CxEncounter<'_>,
    extras: &Extras,
) -> String {
    let active = enc.active.map_or("", |a| a.as_str());
    let side_of = |id: &str| enc.combatant(id).map(|x| x.side);
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
            let side = side_of(t);
            side.is_some() && side != mine
        })
        .or_else(|| ids.first().copied());
    let targets = ids
        .iter()
        .map(|t| {
            let mut facts = vec![match enc.distance(active, t) {
                Some(m) => format!("{m} m"),
                None if *t == active => "oneself".to_string(),
                None => "distance not set".to_string(),
            }];
            if let Some(x) = enc.combatant(t) {
                if let Some(f) = &x.full {
                    facts.push(format!("{} cover", f.cover.key()));
                    facts.push(f.stance.key().to_string());
                }
                facts.push(x.wounded.to_string());
            }
            TargetView {
                id: (*t).to_string(),
                name: enc.name_of(t).to_string(),
                facts: facts.join(" · "),
                picked: Some(*t) == first,
            }
        })
        .collect();
    let panel = ChoicesPanel {
        campaign,
        encounter,
        actor: (!extras.turn.is_empty()).then(|| enc.name_of(active).to_string()),
        targets,
        turn: extras.turn.iter().collect(),
        hand: extras.hand.iter().collect(),
    };
    render(&panel)
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
#[derive(Template)]
#[template(path = "tracker/gm.html")]
struct GmControls<'a> {
    /// The encounter's API address.
    api: String,
    /// The campaign's characters, to add one.
    characters: &'a [crate::characters::Listed],
}

/// The GM's controls of encounter `encounter`.
pub(crate) fn gm_controls(
    campaign: &str,
    encounter: &str,
    characters: &[crate::characters::Listed],
) -> String {
    render(&GmControls {
        api: format!("/api/campaigns/{campaign}/encounters/{encounter}"),
        characters,
    })
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
