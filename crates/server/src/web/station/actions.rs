//! What each unit the viewer acts for could do now, laid out for the
//! Station page: the viewer's [`Choice`]s, as `nanite_station::choices`
//! judges them (the same list `GET .../choices` answers), grouped by unit
//! into the squares it may move to (the map's overlays), its attacks by
//! target, its other actions and its purchases; the squares the GM may
//! deploy each creature kind on; and the side's turn buttons. A button
//! shows the AP the engine would spend and a shot's chance to hit, or is
//! greyed out with the engine's own reason.

use std::collections::BTreeMap;

use nanite_core::table::{self, ParamKind, ParamValue, Verdict};
use nanite_station::Command;
use nanite_station::map::Pos;

use crate::permissions::Viewer;
use crate::station::Game;

/// One command as the engine judged it, as a button draws it.
pub(crate) struct Choice {
    /// What the button says.
    pub(crate) label: String,
    /// The command.
    pub(crate) command: Command,
    /// AP the engine would spend, when legal.
    pub(crate) ap: Option<u32>,
    /// Why not, when illegal: the reason, its fix and its rule.
    pub(crate) refused: Option<String>,
    /// A shot's chance to hit, out of 6.
    pub(crate) chance: Option<i32>,
    /// What else it costs (cyber modules for a purchase, Psi Points).
    pub(crate) price: Option<String>,
}

impl Choice {
    /// What the button says it costs when allowed: its AP, its price and a
    /// shot's chance to hit ("2 AP · hit chance 4 in 6").
    pub(crate) fn cost(&self) -> Option<String> {
        let parts: Vec<String> = [
            self.ap.map(|ap| format!("{ap} AP")),
            self.price.clone(),
            self.chance.map(|c| format!("hit chance {c} in 6")),
        ]
        .into_iter()
        .flatten()
        .collect();
        (!parts.is_empty()).then(|| parts.join(" · "))
    }

    /// Its command as the button's `data-cmd` carries it.
    pub(crate) fn posted(&self) -> String {
        super::svg::posted(&self.command)
    }

    fn new(c: table::Choice<Command>) -> Self {
        let (ap, chance, refused) = match &c.verdict {
            Verdict::Allowed { cost, odds } => (
                c.actor.is_some().then_some(*cost),
                // The engine's chance is "in 6"; the choice says it in percent.
                odds.map(|p| (p * 6.0 / 100.0).round() as i32),
                None,
            ),
            Verdict::Refused(r) => (None, None, Some(why(r))),
        };
        Choice {
            label: c.label,
            command: c.command,
            ap,
            refused,
            chance,
            price: c.price,
        }
    }
}

/// A refusal as the page says it: what is wrong, how to put it right and
/// the rule ("ana has 0 AP left; ... (rule ST-CHAR-01)").
fn why(r: &table::Refusal) -> String {
    let mut why = r.message.clone();
    if let Some(fix) = &r.fix {
        why = format!("{why}; {fix}");
    }
    if let Some(rule) = &r.rule {
        why = format!("{why} (rule {rule})");
    }
    why
}

/// A square a unit may move to, with the AP it costs.
pub(crate) struct Step {
    /// Where.
    pub(crate) to: Pos,
    /// AP spent.
    pub(crate) ap: u32,
}

/// Everything one unit could do now.
#[derive(Default)]
pub(crate) struct Options {
    /// Squares it may move to.
    pub(crate) moves: Vec<Step>,
    /// Attacks by target: plain, then aimed.
    pub(crate) attacks: BTreeMap<String, Vec<Choice>>,
    /// Its other actions.
    pub(crate) other: Vec<Choice>,
    /// What its cyber modules can buy (ST-CHAR-03), when it has any.
    pub(crate) buys: Vec<Choice>,
}

/// What the viewer could do in the game now.
#[derive(Default)]
pub(crate) struct Judged {
    /// By unit (crew member or creature).
    pub(crate) units: BTreeMap<String, Options>,
    /// Legal deployment squares by creature kind, and why a kind has none.
    pub(crate) deploys: BTreeMap<String, Result<Vec<Pos>, String>>,
    /// Side-wide commands: Begin, EndTurn.
    pub(crate) turn: Vec<Choice>,
}

/// The squares a choice's square parameter lists, with their AP.
fn squares(c: &table::Choice<Command>) -> Vec<(Pos, u32)> {
    c.params
        .iter()
        .filter_map(|p| match &p.kind {
            ParamKind::OneOf { options } => Some(options),
            _ => None,
        })
        .flatten()
        .filter_map(|o| match o.value {
            ParamValue::Square { x, y } => Some((
                Pos::new(i32::try_from(x).ok()?, i32::try_from(y).ok()?),
                o.cost.unwrap_or(0),
            )),
            _ => None,
        })
        .collect()
}

/// What the viewer could do in `game` now.
pub(crate) fn judged(game: &Game, viewer: &Viewer) -> Judged {
    laid_out(crate::station::choices::of(game, viewer))
}

/// `choices` laid out for the page.
fn laid_out(choices: Vec<table::Choice<Command>>) -> Judged {
    let mut out = Judged::default();
    for c in choices {
        if let Command::Deploy { creature, at } = &c.command {
            let legal = match c.verdict.refusal() {
                None => Ok(squares(&c).into_iter().map(|(at, _)| at).collect()),
                Some(r) => Err(format!("no legal square (at {at}: {})", why(r))),
            };
            out.deploys.insert(creature.clone(), legal);
            continue;
        }
        let Some(actor) = c.actor.as_ref().map(|a| a.to_string()) else {
            out.turn.push(Choice::new(c));
            continue;
        };
        let unit = out.units.entry(actor).or_default();
        match (c.kind, &c.target) {
            ("move", _) => {
                if c.allowed() {
                    unit.moves = squares(&c)
                        .into_iter()
                        .map(|(to, ap)| Step { to, ap })
                        .collect();
                }
            }
            ("buy", _) => unit.buys.push(Choice::new(c)),
            (_, Some(target)) => {
                let target = target.to_string();
                unit.attacks.entry(target).or_default().push(Choice::new(c));
            }
            _ => unit.other.push(Choice::new(c)),
        }
    }
    out
}
