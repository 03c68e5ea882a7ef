//! The tracker's HTML: the Compound X tracker from the typed view of the
//! encounter (and the few engine facts the view leaves out, already cut to
//! the viewer), drawn by `templates/tracker/part.html`.

use askama::Template;

use super::Extras;
use super::choices::{ChoiceView, ChoicesPanel, GM_HAND, Input, TargetView, commands_api};
use crate::view::{CxCombatant, CxDetails, CxEncounter, Shown};
use crate::web::html::{Bar, render};

/// The Compound X tracker fragment.
#[derive(Template)]
#[template(path = "tracker/part.html")]
struct Part<'a> {
    enc: &'a CxEncounter<'a>,
    extras: &'a Extras,
    gm: bool,
    panel: String,
    /// The "your turn" badge.
    turn: String,
    /// Where the GM panels' commands go.
    api: String,
    /// The encounter's API address (copies of an NPC go below it).
    enc_api: String,
}

impl Part<'_> {
    /// An NPC (no campaign character behind it), which the GM may copy.
    fn npc(&self, c: &CxCombatant<'_>) -> bool {
        self.gm && c.full.as_ref().is_some_and(|f| f.character.is_none())
    }

    /// The GM's choices aimed at `id`, for the panel on its card.
    fn gm_panel(&self, id: &nanite_core::CombatantId) -> &[ChoiceView] {
        self.extras
            .panels
            .get(id.as_str())
            .map_or(&[], Vec::as_slice)
    }

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

    /// A round is on. When no combatant the viewer sees is acting in it,
    /// the page says only that the GM is: a hidden combatant's turn shows
    /// no name, no place in the initiative and no actions (the delay of a
    /// turn the players cannot see is all they can tell, as at a table).
    fn fighting(&self) -> bool {
        matches!(self.enc.phase, "surprise" | "round")
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
    let active = enc
        .active
        .and_then(|id| enc.combatant(id.as_str()))
        .map(|c| (c.mine, c.full.as_ref().and_then(|f| f.owner)));
    render(&Part {
        enc,
        extras,
        gm,
        panel,
        turn: crate::web::turn::badge(crate::web::turn::TurnCall::of(active, gm)),
        api: commands_api(campaign, encounter),
        enc_api: format!("/api/campaigns/{campaign}/encounters/{encounter}"),
    })
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
                    facts.push(f.cover.words().to_string());
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
        hand_title: GM_HAND,
    };
    render(&panel)
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
