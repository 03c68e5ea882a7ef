//! The field on the page: the grid as an HTML table (a caption, column and
//! row headings, each combatant's token on its square, and on the turn of
//! the combatant the viewer acts for each square it may reach as a move
//! button the engine has judged), or map-less, each side's front and back
//! rows.

use askama::Template;
use nanite_core::CombatantId;
use nanite_core::table::{Choice, ParamKind, ParamValue, Verdict};
use nanite_d20::encounter::{Command, Field, Place, Row, Square};

use super::Judged;
use super::render::place_words;
use crate::d20::view::{CombatantView, EncounterView};

/// The squares `actor` may move to straight from where it stands: those
/// of the engine's move choice for it (none off the grid, or when it may
/// not move now).
pub(crate) fn moves(offered: &[Choice<Command>], actor: &CombatantId) -> Vec<Square> {
    offered
        .iter()
        .filter(|c| c.kind == "move" && c.actor.as_ref() == Some(actor))
        .filter(|c| matches!(c.verdict, Verdict::Allowed { .. }))
        .flat_map(|c| &c.params)
        .filter_map(|p| match &p.kind {
            ParamKind::OneOf { options } => Some(options),
            _ => None,
        })
        .flatten()
        .filter_map(|o| match o.value {
            ParamValue::Square { x, y } => Some(Square { x, y }),
            _ => None,
        })
        .collect()
}

/// The field on the page (`templates/d20/field.html`): the grid, or each
/// side's rows.
#[derive(Template)]
#[template(path = "d20/field.html")]
pub(crate) struct FieldPart {
    /// The grid, when the fight is on one.
    grid: Option<Grid>,
    /// Each side's rows, when it is not.
    sides: Vec<SideRows>,
}

/// The grid as a table.
struct Grid {
    width: i64,
    height: i64,
    /// Whom the highlighted squares move, and how many there are.
    help: Option<(String, usize)>,
    /// The columns' numbers.
    columns: Vec<i64>,
    rows: Vec<GridRow>,
    /// Who stands where.
    legend: Vec<LegendEntry>,
}

struct GridRow {
    y: i64,
    cells: Vec<Cell>,
}

/// A square: the tokens on it, and its move button if the actor may move
/// there.
struct Cell {
    x: i64,
    y: i64,
    tokens: Vec<Token>,
    reach: bool,
    /// The move command's route and body.
    mv: Option<(String, String)>,
}

/// A combatant's token.
struct Token {
    side: usize,
    active: bool,
    down: bool,
    name: String,
    initials: String,
}

struct LegendEntry {
    side: usize,
    initials: String,
    name: String,
    side_name: String,
    place: String,
}

/// A side's front and back rows.
struct SideRows {
    class: usize,
    side: String,
    rows: Vec<RowList>,
}

struct RowList {
    key: &'static str,
    title: &'static str,
    /// Each combatant in it: its token and name.
    members: Vec<(Token, String)>,
}

/// The sides in the order they first appear, for their colours.
fn sides(shown: &EncounterView) -> Vec<&str> {
    let mut out: Vec<&str> = Vec::new();
    for c in &shown.combatants {
        if !out.contains(&c.side.as_str()) {
            out.push(&c.side);
        }
    }
    out
}

fn side_class(sides: &[&str], side: &str) -> usize {
    sides.iter().position(|s| *s == side).unwrap_or(0) % 4
}

/// Two letters of a name, for a token.
fn initials(name: &str) -> String {
    let words: Vec<&str> = name.split_whitespace().collect();
    let out: String = match words.as_slice() {
        [one] => one.chars().take(2).collect(),
        [first, .., last] => first.chars().take(1).chain(last.chars().take(1)).collect(),
        [] => "?".into(),
    };
    out.to_uppercase()
}

fn token(c: &CombatantView, active: bool, sides: &[&str]) -> Token {
    Token {
        side: side_class(sides, &c.side),
        active,
        down: c.down,
        name: c.name.clone(),
        initials: initials(&c.name),
    }
}

impl FieldPart {
    /// The field of `shown`, with the squares `judged` offers the actor.
    pub(crate) fn new(
        campaign: &str,
        encounter: &str,
        shown: &EncounterView,
        judged: &Judged,
    ) -> FieldPart {
        let sides = sides(shown);
        match shown.field {
            Field::Map { width, height } => FieldPart {
                grid: Some(grid(
                    campaign, encounter, shown, judged, &sides, width, height,
                )),
                sides: Vec::new(),
            },
            Field::Rows => FieldPart {
                grid: None,
                sides: rows(shown, &sides),
            },
        }
    }
}

fn grid(
    campaign: &str,
    encounter: &str,
    shown: &EncounterView,
    judged: &Judged,
    sides: &[&str],
    width: i64,
    height: i64,
) -> Grid {
    let active = shown.active.as_ref();
    let actor = judged.actor.as_ref();
    let reachable = judged.moves.len();
    let help = actor
        .and_then(|a| shown.combatant(a))
        .filter(|_| !judged.moves.is_empty())
        .map(|c| (c.name.clone(), reachable));
    let api = format!("/api/campaigns/{campaign}/encounters/{encounter}/commands");
    let rows = (0..height)
        .map(|y| GridRow {
            y,
            cells: (0..width)
                .map(|x| {
                    let here = Square { x, y };
                    let reach = judged.moves.contains(&here);
                    let mv = actor.filter(|_| reach).map(|a| {
                        let command = Command::Move {
                            id: a.clone(),
                            to: vec![here],
                        };
                        (
                            api.clone(),
                            serde_json::to_string(&command).unwrap_or_default(),
                        )
                    });
                    Cell {
                        x,
                        y,
                        tokens: shown
                            .combatants
                            .iter()
                            .filter(|c| c.place == Place::Square(here))
                            .map(|c| token(c, Some(&c.id) == active, sides))
                            .collect(),
                        reach,
                        mv,
                    }
                })
                .collect(),
        })
        .collect();
    Grid {
        width,
        height,
        help,
        columns: (0..width).collect(),
        rows,
        legend: shown
            .combatants
            .iter()
            .map(|c| LegendEntry {
                side: side_class(sides, &c.side),
                initials: initials(&c.name),
                name: c.name.clone(),
                side_name: c.side.clone(),
                place: match c.place {
                    Place::Square(_) => place_words(&c.place),
                    Place::Row(_) => "off the grid".into(),
                },
            })
            .collect(),
    }
}

fn rows(shown: &EncounterView, sides: &[&str]) -> Vec<SideRows> {
    let active = shown.active.as_ref();
    sides
        .iter()
        .enumerate()
        .map(|(i, side)| SideRows {
            class: i % 4,
            side: side.to_string(),
            rows: [(Row::Front, "Front"), (Row::Back, "Back")]
                .into_iter()
                .map(|(row, title)| RowList {
                    key: row.key(),
                    title,
                    members: shown
                        .combatants
                        .iter()
                        .filter(|c| c.side == *side && c.place == Place::Row(row))
                        .map(|c| (token(c, Some(&c.id) == active, sides), c.name.clone()))
                        .collect(),
                })
                .collect(),
        })
        .collect()
}
