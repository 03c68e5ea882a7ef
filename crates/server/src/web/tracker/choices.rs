//! The viewer's choices on the tracker page, drawn from the ruleset's
//! [`Choice`]s by one template: a target picker, each target's actions,
//! the actions that take no target, and the GM's hand. Every choice is a
//! form whose fields are its parameters, filled into its command by the
//! page's script and sent to the API, so every command the engine offers is
//! reachable from the page without the page knowing the ruleset.

use askama::Template;
use nanite_core::table::{Choice, Param, ParamKind, ParamValue, Verdict};
use serde::Serialize;

/// One choice as the page draws it.
pub(crate) struct ChoiceView {
    /// The kind of action (`fire`, `move`), for styling and tests.
    pub(crate) kind: &'static str,
    /// What the button says.
    pub(crate) label: String,
    /// Whom it is aimed at, if anyone.
    pub(crate) target: Option<String>,
    /// The command as the API takes it, parameters at their defaults.
    pub(crate) body: String,
    /// Its parameters as form fields.
    pub(crate) fields: Vec<FieldView>,
    /// "1 action", "free" when allowed (none for ending the turn).
    pub(crate) cost: Option<String>,
    /// Chance of success in whole percent, where the ruleset has it.
    pub(crate) odds: Option<i64>,
    /// Why not, when refused: what is wrong, the fix and the rule.
    pub(crate) refused: Option<String>,
}

/// A parameter as a form field.
pub(crate) struct FieldView {
    /// The command's field (`metres`).
    pub(crate) name: &'static str,
    /// Its label.
    pub(crate) label: &'static str,
    /// How it is entered.
    pub(crate) input: Input,
}

/// How a parameter is entered.
pub(crate) enum Input {
    /// A number box (empty: the field left out).
    Number {
        /// The least.
        min: i64,
        /// The most.
        max: i64,
        /// Its value, if the command has one.
        value: Option<i64>,
    },
    /// A list of values; `number` when they are numbers, `json` when they
    /// are squares (sent as the JSON they are written in).
    Select {
        /// Value and label of each; an empty value leaves the field out.
        options: Vec<(String, String)>,
        /// Whether the values are numbers.
        number: bool,
        /// Whether the values are JSON (a square's `{"x": 3, "y": 4}`).
        json: bool,
    },
    /// A tick box.
    Check,
    /// A text box.
    Text {
        /// The longest it may be.
        max_len: usize,
        /// Its value.
        value: String,
        /// Whether an empty box leaves the field out.
        optional: bool,
    },
}

impl ChoiceView {
    /// The page's view of `choice`, whose command the API reads as JSON.
    pub(crate) fn new<C: Serialize>(choice: &Choice<C>) -> Self {
        let (cost, odds, refused) = match &choice.verdict {
            Verdict::Allowed { cost, odds } => (
                (choice.kind != "end_turn").then(|| match cost {
                    0 => "free".to_string(),
                    1 => "1 action".to_string(),
                    k => format!("{k} actions"),
                }),
                odds.map(|p| p.round() as i64),
                None,
            ),
            Verdict::Refused(r) => {
                let mut why = r.message.clone();
                if let Some(fix) = &r.fix {
                    why = format!("{why}; {fix}");
                }
                if let Some(rule) = r.rule.as_ref().filter(|rule| !why.contains(rule.as_str())) {
                    why = format!("{why} ({rule})");
                }
                (None, None, Some(why))
            }
        };
        let command = serde_json::to_value(&choice.command).unwrap_or_default();
        // A field the command leaves out (or null) at its default may be
        // left out again: an empty text box sends nothing.
        let optional = |field: &str| {
            command
                .as_object()
                .is_none_or(|o| o.get(field).is_none_or(serde_json::Value::is_null))
        };
        ChoiceView {
            kind: choice.kind,
            label: choice.label.clone(),
            target: choice.target.as_ref().map(|t| t.to_string()),
            body: command.to_string(),
            fields: choice
                .params
                .iter()
                .map(|p| FieldView::new(p, optional(p.field)))
                .collect(),
            cost,
            odds,
            refused,
        }
    }
}

impl FieldView {
    fn new(param: &Param, optional: bool) -> Self {
        let input = match &param.kind {
            ParamKind::Whole { min, max, default } => Input::Number {
                min: *min,
                max: *max,
                value: *default,
            },
            ParamKind::OneOf { options } => Input::Select {
                number: options
                    .iter()
                    .any(|o| matches!(o.value, ParamValue::Whole(_))),
                json: options
                    .iter()
                    .any(|o| matches!(o.value, ParamValue::Square { .. })),
                options: options
                    .iter()
                    .map(|o| {
                        let value = match &o.value {
                            ParamValue::Text(t) => t.clone(),
                            ParamValue::Whole(n) => n.to_string(),
                            ParamValue::Unset => String::new(),
                            ParamValue::Square { x, y } => format!("{{\"x\":{x},\"y\":{y}}}"),
                        };
                        (value, o.label.clone())
                    })
                    .collect(),
            },
            ParamKind::Flag => Input::Check,
            ParamKind::Text { max_len, default } => Input::Text {
                max_len: *max_len,
                value: default.clone(),
                optional,
            },
        };
        FieldView {
            name: param.field,
            label: param.label,
            input,
        }
    }
}

/// The actions panel of one actor, with the GM's hand below it.
#[derive(Template)]
#[template(path = "tracker/choices.html")]
pub(crate) struct ChoicesPanel<'a> {
    /// The campaign.
    pub(crate) campaign: &'a str,
    /// The encounter.
    pub(crate) encounter: &'a str,
    /// Whose actions these are, as the viewer sees its name.
    pub(crate) actor: Option<String>,
    /// The targets, each with what the viewer knows of it, in order; the
    /// first is picked until the viewer picks another.
    pub(crate) targets: Vec<TargetView>,
    /// The actor's choices.
    pub(crate) turn: Vec<&'a ChoiceView>,
    /// The GM's own hand (or a player's choices that no combatant of
    /// theirs takes, such as bringing one in).
    pub(crate) hand: Vec<&'a ChoiceView>,
    /// The heading of `hand` ("The GM's hand").
    pub(crate) hand_title: &'a str,
}

/// A target in the picker.
pub(crate) struct TargetView {
    /// Its id.
    pub(crate) id: String,
    /// Its name.
    pub(crate) name: String,
    /// What the viewer knows of it from here (distance, cover, stance).
    pub(crate) facts: String,
    /// Picked first.
    pub(crate) picked: bool,
}

impl ChoicesPanel<'_> {
    /// Where the choices' commands go.
    fn api(&self) -> String {
        commands_api(self.campaign, self.encounter)
    }

    /// The choices aimed at `target`.
    fn aimed_at<'s>(&'s self, target: &'s str) -> impl Iterator<Item = &'s ChoiceView> + 's {
        self.turn
            .iter()
            .copied()
            .filter(move |c| c.target.as_deref() == Some(target))
    }

    /// The actor's choices that take no target.
    fn untargeted(&self) -> impl Iterator<Item = &ChoiceView> {
        self.turn.iter().copied().filter(|c| c.target.is_none())
    }

    /// The one reason all the actor's refused choices share, when several
    /// are refused and for the same reason (a downed character may only
    /// make its death save): the page says it once, above the greyed
    /// buttons, instead of under each.
    fn refused_alike(&self) -> Option<&str> {
        let mut refused = self.turn.iter().filter_map(|c| c.refused.as_deref());
        let first = refused.next()?;
        let mut count = 1;
        for why in refused {
            if why != first {
                return None;
            }
            count += 1;
        }
        (count > 1).then_some(first)
    }
}

/// The heading of the GM's own choices.
pub(crate) const GM_HAND: &str = "The GM's hand";

/// The encounter's commands address, where every choice is sent.
pub(crate) fn commands_api(campaign: &str, encounter: &str) -> String {
    format!("/api/campaigns/{campaign}/encounters/{encounter}/commands")
}
