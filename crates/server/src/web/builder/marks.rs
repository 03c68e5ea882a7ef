//! Every problem of a character being built, at once and at its field: a
//! summary at the top of the form linking to each field at fault, and the
//! message beside the field itself (its `aria-invalid` set by the page's
//! script from the slot's severity). Shared by the Compound X and the D20
//! builders; each names its own fields ([`Slot`]) and says which form
//! control a diagnostic's field belongs to.

use askama::Template;
use nanite_core::{Diagnostic, Diagnostics, Severity};

use crate::web::html::render;

/// A place beside a form control (or a section) where its problems show.
pub(crate) struct Slot {
    /// The control's element id ("b-STR"); the slot is `{id}-error`.
    pub(crate) id: String,
    /// What the summary calls it ("Strength").
    pub(crate) label: String,
}

impl Slot {
    /// The slot of control `id`, called `label`.
    pub(crate) fn new(id: impl Into<String>, label: impl Into<String>) -> Slot {
        Slot {
            id: id.into(),
            label: label.into(),
        }
    }
}

/// One problem as the page shows it.
pub(crate) struct Mark {
    /// The control at fault, or the form for the character as a whole.
    pub(crate) control: String,
    /// The control's name in words.
    pub(crate) label: String,
    /// The message with its rule and how to fix it.
    pub(crate) text: String,
    /// An error (a warning leaves the character legal).
    pub(crate) error: bool,
}

/// The message of `d` with its rule and help, in one line.
fn text(d: &Diagnostic) -> String {
    let mut out = d.message.clone();
    if let Some(rule) = &d.rule {
        out.push_str(&format!(" (rule {rule})"));
    }
    if let Some(help) = d.help.as_deref().filter(|h| !h.is_empty()) {
        out.push_str(&format!(". {help}"));
    }
    out
}

/// Every diagnostic of `found` placed at its control: `control` maps a
/// diagnostic's field (`base_stats.STR`) to a slot id of `slots`, or none for
/// what belongs to no one field (shown in the summary, linked to `form`).
pub(crate) fn place(
    found: &Diagnostics,
    slots: &[Slot],
    form: &str,
    control: impl Fn(&str) -> Option<String>,
) -> Vec<Mark> {
    found
        .iter()
        .map(|d| {
            let slot = control(&d.field).and_then(|id| slots.iter().find(|s| s.id == id));
            Mark {
                control: slot.map_or_else(|| form.to_string(), |s| s.id.clone()),
                label: slot.map_or_else(
                    || {
                        if d.field.is_empty() {
                            "the character".to_string()
                        } else {
                            d.field.clone()
                        }
                    },
                    |s| s.label.clone(),
                ),
                text: text(d),
                error: d.severity == Severity::Error,
            }
        })
        .collect()
}

/// The summary and every slot, swapped into the page out of band.
#[derive(Template)]
#[template(path = "builder/marks.html")]
struct Marks<'a> {
    marks: &'a [Mark],
    slots: &'a [Slot],
    errors: usize,
}

impl Marks<'_> {
    /// The marks at slot `id`.
    fn at(&self, id: &str) -> Vec<&Mark> {
        self.marks.iter().filter(|m| m.control == id).collect()
    }

    /// Whether slot `id` holds an error.
    fn invalid(&self, id: &str) -> bool {
        self.marks.iter().any(|m| m.control == id && m.error)
    }
}

/// The summary (`#build-summary`) and every slot's messages, cleared where
/// a field is now fine, as out-of-band swaps.
pub(crate) fn render_marks(marks: &[Mark], slots: &[Slot]) -> String {
    render(&Marks {
        marks,
        slots,
        errors: marks.iter().filter(|m| m.error).count(),
    })
}
