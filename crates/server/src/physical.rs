//! The table's own dice: physical dice typed in with a command or a roll,
//! and, when some are missing, every die the command needs at once (count,
//! sides, purpose, a d100 as its tens and ones in plain words, and which
//! dice only some faces of an earlier die call for), worked out by a dry
//! run of the command (`nanite_dice::needs`). The page's dice dialog asks
//! for them all and sends the command again with them.

use nanite_dice::{
    DiceSource, DieNeed, DieRequest, ScriptedDice, SourceError, TypedDice, TypedDie,
};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use utoipa::ToSchema;

use crate::error::AppError;

/// Physical dice as sent: the faces in the order asked for (`[4, 7]`), or
/// each die with the purpose it was rolled for, as the dice dialog sends
/// them (a die the command turns out not to need, such as damage after a
/// miss, is then left unused).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(untagged)]
pub(crate) enum DiceTyped {
    /// The faces, in the order the dice were asked for.
    Faces(Vec<i64>),
    /// Each die with the purpose it was rolled for (`DieNeed::purpose`).
    ByPurpose(Vec<TypedDie>),
}

impl utoipa::__dev::ComposeSchema for DiceTyped {
    fn compose(
        _: Vec<utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>>,
    ) -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{AnyOfBuilder, ArrayBuilder, ObjectBuilder, Type};
        use utoipa::openapi::{KnownFormat, Ref, SchemaFormat};
        // One array, either form (an empty list is both: anyOf, not oneOf).
        ArrayBuilder::new()
            .items(
                AnyOfBuilder::new()
                    .item(
                        ObjectBuilder::new()
                            .schema_type(Type::Integer)
                            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64))),
                    )
                    .item(Ref::from_schema_name(TypedDie::name())),
            )
            .description(Some(
                "Physical dice: the faces in the order asked for (`[4, 7]`), or each die by purpose (`[{\"sides\": 10, \"purpose\": \"...\", \"value\": 7}]`, as `needed.dice` names them); not both in one list.",
            ))
            .into()
    }
}

impl ToSchema for DiceTyped {
    fn schemas(
        schemas: &mut Vec<(
            String,
            utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
        )>,
    ) {
        crate::openapi::register::<TypedDie>(schemas);
    }
}

impl DiceTyped {
    /// Reads `dice` from a command body: none or null, a list of faces, or
    /// a list of dice by purpose.
    pub(crate) fn read(value: Option<Value>) -> Result<Option<DiceTyped>, AppError> {
        match value {
            None | Some(Value::Null) => Ok(None),
            Some(v) => serde_json::from_value(v).map(Some).map_err(|_| {
                AppError::unprocessable(
                    "invalid_field",
                    "`dice` is a list of whole numbers (the faces in the order asked for) or of dice {\"sides\", \"purpose\", \"value\"} named as the answer's `needed.dice` names them",
                )
            }),
        }
    }

    /// A dice source giving these dice.
    pub(crate) fn source(&self) -> Physical {
        match self {
            DiceTyped::Faces(faces) => Physical::Faces(ScriptedDice::new(faces.iter().copied())),
            DiceTyped::ByPurpose(dice) => Physical::ByPurpose(TypedDice::new(dice.clone())),
        }
    }
}

/// Physical dice being used by a command.
#[derive(Debug)]
pub(crate) enum Physical {
    /// In the order asked for.
    Faces(ScriptedDice),
    /// By purpose.
    ByPurpose(TypedDice),
}

impl DiceSource for Physical {
    fn roll(&mut self, request: &DieRequest<'_>) -> Result<u32, SourceError> {
        match self {
            Physical::Faces(s) => s.roll(request),
            Physical::ByPurpose(s) => s.roll(request),
        }
    }
}

impl Physical {
    /// The dice typed in that the dry run keeps: those taken in order so
    /// far (faces), or every die typed in whose face is on the die (by
    /// purpose: a later answer may still need any of them).
    pub(crate) fn kept(&self, typed: &DiceTyped) -> Vec<TypedDie> {
        match (self, typed) {
            (Physical::Faces(s), DiceTyped::Faces(faces)) => s
                .requests()
                .iter()
                .zip(faces)
                .filter(|((sides, _), v)| (1..=i64::from(*sides)).contains(*v))
                .map(|((sides, purpose), v)| TypedDie {
                    sides: *sides,
                    purpose: purpose.clone(),
                    value: *v,
                })
                .collect(),
            (_, DiceTyped::ByPurpose(dice)) => dice
                .iter()
                .filter(|d| (1..=i64::from(d.sides)).contains(&d.value))
                .cloned()
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Dice typed in the order asked for that the command did not use, as
    /// an API error (the command is then taken back). Dice typed by
    /// purpose that it did not ask for are dice the rules did not call for
    /// (damage after a miss): they are left unused.
    pub(crate) fn unused(&self) -> Option<AppError> {
        let Physical::Faces(s) = self else {
            return None;
        };
        if s.remaining() == 0 {
            return None;
        }
        let used = s.requests().len();
        Some(
            AppError::unprocessable(
                "too_many_dice",
                format!(
                    "{} dice were typed in but the command used {used}; enter exactly the dice asked for",
                    used + s.remaining()
                ),
            )
            .with("asked", asked(s)),
        )
    }

    /// The dice asked for so far: sides and purpose.
    fn requests(&self) -> Vec<(u32, String)> {
        match self {
            Physical::Faces(s) => s.requests().to_vec(),
            Physical::ByPurpose(s) => s
                .taken()
                .into_iter()
                .map(|d| (d.sides, d.purpose))
                .collect(),
        }
    }
}

/// The dice a scripted source was asked for, in order.
pub(crate) fn asked(dice: &ScriptedDice) -> Value {
    json!(
        dice.requests()
            .iter()
            .map(|(sides, purpose)| json!({ "sides": sides, "purpose": purpose }))
            .collect::<Vec<_>>()
    )
}

/// A command (or roll) that ran out of typed-in dice, or was given one off
/// its faces (the engine's `message` says which), as an API error: the die
/// at fault or first missing (`needed.sides`, `needed.purpose`) and every
/// die the command needs (`needed.dice`, from `needs`: the dice typed in
/// kept with their faces, the missing ones each with when it is needed).
pub(crate) fn dice_refused(
    message: &str,
    physical: &Physical,
    needs: Vec<DieNeed>,
    at_fault: Option<(u32, String)>,
) -> AppError {
    needed(message, needs, at_fault, physical.requests())
}

/// The `dice_needed` (or, with a die `at_fault`, `invalid_die`) answer
/// listing `needs`; `asked` are the dice asked for so far, in order.
pub(crate) fn needed(
    message: &str,
    needs: Vec<DieNeed>,
    at_fault: Option<(u32, String)>,
    asked: Vec<(u32, String)>,
) -> AppError {
    let missing: Vec<&DieNeed> = needs.iter().filter(|n| n.given.is_none()).collect();
    let first = at_fault
        .clone()
        .or_else(|| missing.first().map(|n| (n.sides, n.purpose.clone())))
        .unwrap_or_default();
    let (code, message) = if at_fault.is_some() {
        (
            "invalid_die",
            format!("{message}; correct that die and send the command again"),
        )
    } else {
        ("dice_needed", roll_these(&missing))
    };
    let asked: Vec<Value> = asked
        .iter()
        .map(|(sides, purpose)| json!({ "sides": sides, "purpose": purpose }))
        .collect();
    AppError::unprocessable(code, message).with(
        "needed",
        json!({ "sides": first.0, "purpose": first.1, "asked": asked, "dice": needs }),
    )
}

/// "Roll 3 dice: a d10 for accuracy ..., a d6 for damage ... (only if
/// ...)", in plain words.
fn roll_these(missing: &[&DieNeed]) -> String {
    let count = match missing.len() {
        1 => "1 die".to_string(),
        n => format!("{n} dice"),
    };
    let list: Vec<String> = missing
        .iter()
        .map(|n| {
            let when = n
                .only_if
                .as_ref()
                .map(|w| format!(" ({w})"))
                .unwrap_or_default();
            format!("a d{} for {}{when}", n.sides, n.purpose)
        })
        .collect();
    format!(
        "this needs your own dice: roll {count} and enter their faces: {}",
        list.join("; ")
    )
}

/// The answer to a command refused for its physical dice (`message`, the
/// engine's words): every die it needs, from a dry run (`run` decides the
/// command once on the source it is given) with the dice typed in kept.
/// A condition names an earlier die's faces for the GM only; dice not
/// `mine` (another player's, who rolls their own) are left out.
pub(crate) fn refused_dice(
    message: &str,
    physical: &Physical,
    typed: &DiceTyped,
    gm: bool,
    mine: &dyn Fn(&str) -> bool,
    run: impl FnMut(&mut dyn DiceSource),
) -> AppError {
    let at_fault = off_its_faces(message, physical);
    let needs: Vec<DieNeed> = nanite_dice::needs(run, &physical.kept(typed), gm)
        .into_iter()
        .filter(|n| mine(&n.purpose))
        .collect();
    dice_refused(message, physical, needs, at_fault)
}

/// The die a source error names as off its faces, if it is one: the die
/// asked for last.
pub(crate) fn off_its_faces(message: &str, physical: &Physical) -> Option<(u32, String)> {
    if !message.contains("impossible") {
        return None;
    }
    match physical {
        Physical::Faces(s) => s.requests().last().cloned(),
        Physical::ByPurpose(s) => s.last_asked(),
    }
}

/// The details of a `dice_needed` or `invalid_die` answer (`error.needed`).
#[derive(ToSchema)]
#[expect(
    dead_code,
    reason = "a schema: written as JSON by `physical::dice_refused`"
)]
pub(crate) struct DiceNeeded {
    /// The die at fault (`invalid_die`) or the first still needed.
    sides: u32,
    /// What it is for.
    purpose: String,
    /// Every die asked for so far, in order.
    asked: Vec<crate::error::DieAsked>,
    /// Every die the command needs, asked for at once: the dice typed in
    /// kept with their faces (`given`), then the missing ones, each with
    /// its sides, purpose, role (a d100 is its `tens` then `ones` d10),
    /// how to roll it in plain words and, for a die only some faces of an
    /// earlier die call for, `only_if`. Send them back in `dice` as
    /// `{"sides", "purpose", "value"}`; leave out an `only_if` die that was
    /// not called for.
    dice: Vec<DieNeed>,
}
