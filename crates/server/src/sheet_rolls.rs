//! Rolls from a Compound X character sheet: a skill check, a save, a stat
//! check or a weapon's damage, rolled into the table log in any roll mode,
//! labelled with what was rolled and explained by the engine's own
//! breakdown. A check is rolled before its DC is known: the d100 plus the
//! sheet's value (CX-DICE-05, CX-STAT-17, CX-DICE-02); the GM judges it
//! against the DC they set (CX-DICE-03).
//!
//! The roll is kept as a dice expression (`d100+47 # Vex: Awareness
//! check`) so it is drawn, sealed and verified like any typed roll; the
//! engine's breakdown of the same die is kept beside it.

use axum::extract::{Path, State};
use axum::response::Response;
use nanite_compound_x::check::{OpenCheck, open_check, open_skill_check};
use nanite_compound_x::{Save, Sheet, Stat};
use nanite_core::Breakdown;
use nanite_dice::Expression;
use serde::Deserialize;
use serde_json::json;

use crate::AppState;
use crate::body::Asked;
use crate::error::AppError;
use crate::rolls::{RollMode, commit_roll, may_roll};
use crate::ruleset::Ruleset;
use crate::sessions::Caller;
use crate::{campaigns, characters, view};

/// What to roll from the sheet.
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub(crate) enum SheetRoll {
    /// A skill check: the skill's id or name (`awareness`).
    Skill(String),
    /// A save: `will`, `shock` or `reflex`.
    Save(String),
    /// A stat check: the stat's code or name (`STR`, `strength`).
    Stat(String),
    /// A weapon's damage: the weapon's place on the sheet, from 0.
    Weapon(usize),
}

/// What `POST /api/campaigns/{campaign}/characters/{character}/rolls`
/// takes.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct SheetRollRequest {
    /// What to roll: `{"skill": "awareness"}`, `{"save": "will"}`,
    /// `{"stat": "STR"}` or `{"weapon": 0}`.
    #[schema(example = json!({"skill": "awareness"}))]
    roll: SheetRoll,
    /// Who sees it (public by default).
    #[serde(default)]
    mode: Option<RollMode>,
    /// Physical dice, in the order rolled (a d100 is its tens d10 then
    /// its ones d10), or each die by purpose as the dice dialog sends them.
    #[serde(default)]
    dice: Option<crate::physical::DiceTyped>,
}

/// `POST /api/campaigns/{campaign}/characters/{character}/rolls`: rolls a
/// skill, save, stat or weapon from the character's sheet into the log.
#[utoipa::path(
    post,
    path = "/campaigns/{campaign}/characters/{character}/rolls",
    summary = "Roll a skill, save, stat or weapon from a character sheet",
    description = "Who: the character's player or the GM (mode gm: the GM only). Compound X characters. A check is d100 plus the sheet's value, labelled with what was rolled and explained step by step; the GM judges it against the DC.",
    params(
        ("campaign" = String, Path, description = "the campaign id"),
        ("character" = String, Path, description = "the character id"),
        crate::openapi::IdempotencyKey
    ),
    request_body = SheetRollRequest,
    responses(
        (status = 201, description = "the roll's entry", body = crate::view::Changed),
        (status = 200, description = "a repeated Idempotency-Key: the first result", body = crate::view::Changed),
        (status = 422, description = "no such skill, save, stat or weapon, or a skill the character cannot attempt", body = crate::error::ErrorBody),
        (status = 429, description = "too many rolls from this session; see Retry-After", body = crate::error::ErrorBody)
    )
)]
pub(crate) async fn roll(
    State(state): State<AppState>,
    Path((campaign, id)): Path<(String, String)>,
    caller: Caller,
    body: Asked<SheetRollRequest>,
) -> Result<Response, AppError> {
    caller.member_of(&campaign)?;
    let mode = body.value.mode.unwrap_or(RollMode::Public);
    may_roll(&caller, mode)?;
    let stored = characters::readable(&state, &campaign, &id, &caller).await?;
    let settings = campaigns::get(&state, &campaign).await?;
    if settings.ruleset != Ruleset::CompoundX {
        return Err(AppError::unprocessable(
            "other_ruleset",
            format!(
                "rolls from the sheet are for Compound X characters; this campaign plays {}: type the roll in the roll box",
                settings.ruleset.title()
            ),
        ));
    }
    let content = crate::packs::in_force(&state, &campaign).await?;
    let (character, _) = characters::check(
        &content.packs.cx,
        settings.house_rules(),
        &stored.file,
        &stored.text,
    )?;
    let sheet = Sheet::compute(&character, &content.packs.cx);
    let planned = plan(&sheet, &body.value.roll)?;
    let expression = Expression::parse(&planned.expression).map_err(|e| {
        AppError::internal(format!(
            "the sheet's roll `{}` does not read: {e}",
            planned.expression
        ))
    })?;
    let change = body.change(&campaign, &caller)?;
    let explain = |rolled: &nanite_dice::Roll| planned.explain(&sheet, rolled);
    let committed = commit_roll(
        &state,
        &caller,
        change,
        &expression,
        mode,
        body.value.dice.as_ref(),
        &explain,
    )
    .await?;
    Ok(view::created(committed))
}

/// A roll worked out from the sheet, before its dice.
#[derive(Debug)]
pub(crate) struct Planned {
    /// The dice expression with its label.
    pub(crate) expression: String,
    /// How its dice are explained.
    how: How,
}

#[derive(Debug)]
enum How {
    /// A skill check: the skill line's index.
    Skill(usize),
    /// A save or stat check: what, and its one sourced modifier.
    Plain(String, (String, i64)),
    /// A weapon's damage: the formula, its type and the stats it reads.
    Damage(String, String, Vec<(String, i64)>),
}

/// The roll `what` asks of `sheet`, or what is wrong with the request.
pub(crate) fn plan(sheet: &Sheet, what: &SheetRoll) -> Result<Planned, AppError> {
    let who = &sheet.name;
    let d100 = |modifier: i64, label: String, how: How| Planned {
        expression: format!("d100{modifier:+} # {label}"),
        how,
    };
    match what {
        SheetRoll::Skill(asked) => {
            let Some((index, line)) = sheet.skills.iter().enumerate().find(|(_, l)| {
                l.id.eq_ignore_ascii_case(asked.trim()) || l.name.eq_ignore_ascii_case(asked.trim())
            }) else {
                return Err(AppError::unprocessable(
                    "no_skill",
                    format!(
                        "{who} has no skill '{asked}'; name a skill of the pack by id or name (awareness, medicine ...)"
                    ),
                )
                .with("skill", json!(asked)));
            };
            nanite_compound_x::check::may_attempt(line, &Default::default()).map_err(|r| {
                AppError::unprocessable("check_refused", r.message).with("rule", json!(r.rule))
            })?;
            Ok(d100(
                line.total,
                format!("{who}: {} check", line.name),
                How::Skill(index),
            ))
        }
        SheetRoll::Save(asked) => {
            let Some(save) = Save::parse(&asked.trim().to_ascii_lowercase()) else {
                return Err(AppError::unprocessable(
                    "no_save",
                    format!("there is no save '{asked}'; roll will, shock or reflex"),
                ));
            };
            let (name, value) = match save {
                Save::Will => ("Will", sheet.saves.will),
                Save::Shock => ("Shock", sheet.saves.shock),
                Save::Reflex => ("Reflex", sheet.saves.reflex),
            };
            Ok(d100(
                value,
                format!("{who}: {name} save"),
                How::Plain(
                    format!("{name} save, {who}"),
                    (format!("{name} save {value:+} (CX-STAT-17)"), value),
                ),
            ))
        }
        SheetRoll::Stat(asked) => {
            let Some(stat) = Stat::parse(asked.trim()) else {
                return Err(AppError::unprocessable(
                    "no_stat",
                    format!(
                        "there is no stat '{asked}'; roll STR, PER, FORT, CHA, INT, DEX or LUCK"
                    ),
                ));
            };
            let bonus = sheet.stat_bonus.get(stat);
            Ok(d100(
                bonus,
                format!("{who}: {} check", stat.name()),
                How::Plain(
                    format!("{} check, {who}", stat.name()),
                    (
                        format!(
                            "{} {} bonus {bonus:+} (CX-DICE-02)",
                            stat.code(),
                            sheet.stats.get(stat)
                        ),
                        bonus,
                    ),
                ),
            ))
        }
        SheetRoll::Weapon(index) => {
            let Some(w) = sheet.weapons.get(*index) else {
                return Err(AppError::unprocessable(
                    "no_weapon",
                    format!(
                        "{who} carries {} weapon(s); weapon {index} is not one (they count from 0)",
                        sheet.weapons.len()
                    ),
                ));
            };
            let (formula, stats) = bound(sheet, &w.damage)?;
            Ok(Planned {
                expression: format!("{formula} # {who}: {} damage", w.name),
                how: How::Damage(
                    w.damage.clone(),
                    format!("{:?}", w.damage_type).to_lowercase(),
                    stats,
                ),
            })
        }
    }
}

/// A damage formula with the stats it reads replaced by the sheet's
/// values (`2d10 + STR` for STR 6: `2d10 + 6`), and those stats.
fn bound(sheet: &Sheet, formula: &str) -> Result<(String, Vec<(String, i64)>), AppError> {
    let read = Expression::parse(formula).map_err(|e| {
        AppError::internal(format!(
            "the weapon's damage `{formula}` does not read: {e}"
        ))
    })?;
    let names: Vec<String> = read.variables().iter().map(|v| v.to_string()).collect();
    let mut stats = Vec::new();
    for name in &names {
        let Some(stat) = Stat::parse(name) else {
            return Err(AppError::unprocessable(
                "unrollable_damage",
                format!(
                    "the damage `{formula}` reads {name}, which is not a stat of the sheet; roll it in the roll box"
                ),
            ));
        };
        stats.push((name.clone(), sheet.stats.get(stat)));
    }
    let mut out = String::new();
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        match stats.iter().find(|(n, _)| n == word) {
            Some((_, v)) => out.push_str(&v.to_string()),
            None => out.push_str(word),
        }
        word.clear();
    };
    for c in formula.chars() {
        if c.is_ascii_alphabetic() || c == '_' {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    Ok((out, stats))
}

impl Planned {
    /// The engine's breakdown of the rolled dice, one line a step.
    fn explain(&self, sheet: &Sheet, rolled: &nanite_dice::Roll) -> Result<Vec<String>, AppError> {
        let first = || {
            rolled
                .dice
                .first()
                .map(|d| d.value)
                .ok_or_else(|| AppError::internal("a sheet check rolled no d100"))
        };
        let breakdown = match &self.how {
            How::Skill(index) => {
                let line = &sheet.skills[*index];
                let open = open_skill_check(&sheet.name, line, first()?).map_err(|r| {
                    AppError::unprocessable("check_refused", r.message).with("rule", json!(r.rule))
                })?;
                same_total(&open, rolled)?;
                open.breakdown
            }
            How::Plain(what, modifier) => {
                let open = open_check(what, first()?, std::slice::from_ref(modifier));
                same_total(&open, rolled)?;
                open.breakdown
            }
            How::Damage(formula, kind, stats) => {
                let mut b = Breakdown::new();
                b.note(format!("damage {formula} ({kind})"));
                for d in &rolled.dice {
                    b.die("damage", d.sides, d.value);
                }
                for (name, value) in stats {
                    b.value(format!("{name} from the sheet"), *value);
                }
                b.note(format!("total {}", rolled.total));
                b
            }
        };
        Ok(breakdown
            .steps()
            .iter()
            .map(|s| s.to_string().trim().to_string())
            .collect())
    }
}

/// The engine's total and the dice expression's must agree.
fn same_total(open: &OpenCheck, rolled: &nanite_dice::Roll) -> Result<(), AppError> {
    if open.total == rolled.total {
        Ok(())
    } else {
        Err(AppError::internal(format!(
            "the sheet's check totals {} but its dice expression {}",
            open.total, rolled.total
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vex() -> Sheet {
        let pack = crate::pack::sample().unwrap();
        let text = include_str!("../../../examples/compound-x/vex.toml");
        let (character, _) = nanite_compound_x::Character::read(
            &nanite_core::content::SourceFile::new("vex.toml", text),
        );
        Sheet::compute(&character, &pack)
    }

    fn rolled(expression: &str, dice: &[i64]) -> nanite_dice::Roll {
        Expression::parse(expression)
            .unwrap()
            .roll(&mut nanite_dice::ScriptedDice::new(dice.iter().copied()))
            .unwrap()
    }

    #[test]
    fn a_skill_check_is_d100_plus_the_skill_labelled_and_explained() {
        // rule: CX-DICE-05
        let sheet = vex();
        let line = sheet.skills.iter().find(|l| l.usable).unwrap();
        let planned = plan(&sheet, &SheetRoll::Skill(line.id.clone())).unwrap();
        assert_eq!(
            planned.expression,
            format!("d100{:+} # {}: {} check", line.total, sheet.name, line.name)
        );
        // Tens 4, ones 6: 46.
        let roll = rolled(&planned.expression, &[4, 6]);
        assert_eq!(roll.total, 46 + line.total);
        let lines = planned.explain(&sheet, &roll).unwrap();
        let text = lines.join("\n");
        assert!(text.contains("46"), "{text}");
        assert!(text.contains("skill points"), "{text}");
        assert!(text.contains(&format!("total {}", roll.total)), "{text}");
    }

    #[test]
    fn saves_and_stats_add_their_value() {
        // rule: CX-STAT-17
        // rule: CX-DICE-02
        let sheet = vex();
        let will = plan(&sheet, &SheetRoll::Save("will".into())).unwrap();
        assert!(
            will.expression
                .starts_with(&format!("d100{:+} #", sheet.saves.will)),
            "{}",
            will.expression
        );
        let strength = plan(&sheet, &SheetRoll::Stat("STR".into())).unwrap();
        let bonus = sheet.stat_bonus.get(Stat::Strength);
        assert!(strength.expression.starts_with(&format!("d100{bonus:+} #")));
        let roll = rolled(&strength.expression, &[10, 1]);
        let text = strength.explain(&sheet, &roll).unwrap().join("\n");
        assert!(text.contains("(CX-DICE-02)"), "{text}");
    }

    #[test]
    fn unknown_things_are_refused_with_what_to_roll_instead() {
        let sheet = vex();
        let cases = [
            (SheetRoll::Skill("basket weaving".into()), "no_skill"),
            (SheetRoll::Save("luck".into()), "no_save"),
            (SheetRoll::Stat("XYZ".into()), "no_stat"),
            (SheetRoll::Weapon(99), "no_weapon"),
        ];
        for (what, code) in cases {
            let e = plan(&sheet, &what).unwrap_err();
            assert_eq!(e.code(), code, "{what:?}");
        }
    }

    #[test]
    fn a_damage_formula_reads_the_sheets_stats() {
        let sheet = vex();
        let (formula, stats) = bound(&sheet, "2d10 + STR + DEX").unwrap();
        let str_ = sheet.stats.get(Stat::Strength);
        let dex = sheet.stats.get(Stat::Dexterity);
        assert_eq!(formula, format!("2d10 + {str_} + {dex}"));
        assert_eq!(stats.len(), 2);
        assert_eq!(bound(&sheet, "3d10 + 15").unwrap().0, "3d10 + 15");
    }
}
