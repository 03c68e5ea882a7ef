//! Compound X checks: d100 plus modifiers against a DC (CX-DICE-03..10).

use nanite_core::Breakdown;
use nanite_dice::{DiceSource, SourceError};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

use crate::combat::d100_for;
use crate::sheet::SkillLine;

/// How the d100 is replaced, out of combat (CX-DICE-06).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Effort {
    /// Roll the dice.
    #[default]
    Roll,
    /// Rushed but not in immediate danger: 50 instead of the roll.
    Take50,
    /// No pressure at all: 100 instead of the roll.
    Take100,
}

impl Effort {
    /// Whether the dice are rolled (no taking 50 or 100).
    pub fn is_roll(&self) -> bool {
        *self == Effort::Roll
    }
}

/// The circumstances of a check.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckSpec {
    /// The DC; the check succeeds only above it (CX-DICE-03).
    pub dc: i64,
    /// The DC is hidden from the player (CX-DICE-09).
    pub hidden: bool,
    /// Roll, take 50 or take 100.
    pub effort: Effort,
    /// In combat (no taking 50 or 100).
    pub in_combat: bool,
    /// The GM forbids taking 50 or 100 for this check (CX-DICE-06).
    pub no_taking: bool,
    /// Extra modifiers with their sources.
    pub modifiers: Vec<(String, i64)>,
}

/// Why a check cannot be made. Nothing happens.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckRefusal {
    /// What is wrong and how to fix it.
    pub message: String,
    /// The rule.
    pub rule: Cow<'static, str>,
}

/// A check as made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckResult {
    /// The d100 (absent when taking 50 or 100).
    pub die: Option<u32>,
    /// The total.
    pub total: i64,
    /// The DC.
    pub dc: i64,
    /// Whether the DC is hidden from the player.
    pub hidden: bool,
    /// Total strictly above the DC.
    pub success: bool,
    /// Total minus DC.
    pub margin: i64,
    /// How the total was reached.
    pub breakdown: Breakdown,
}

impl CheckResult {
    /// The result of a total `total` against `dc`, reached as `breakdown`
    /// says: a success only strictly above the DC (CX-DICE-03).
    pub fn new(die: Option<u32>, total: i64, dc: i64, hidden: bool, breakdown: Breakdown) -> Self {
        CheckResult {
            die,
            total,
            dc,
            hidden,
            success: total > dc,
            margin: total - dc,
            breakdown,
        }
    }

    /// The result as a player may see it: the DC and margin removed when hidden
    /// (CX-DICE-09).
    pub fn for_player(&self) -> CheckResult {
        let mut shown = self.clone();
        if self.hidden {
            shown.dc = 0;
            shown.margin = 0;
            shown.breakdown = Breakdown::new();
            if let Some(d) = self.die {
                shown.breakdown.die("check", 100, d);
            }
            shown.breakdown.note(format!(
                "total {}: {}",
                self.total,
                if self.success { "success" } else { "failure" }
            ));
        }
        shown
    }
}

/// Checks that `skill` may be attempted with `spec` (CX-DICE-06, CX-DICE-08,
/// CX-STAT-08, CX-STAT-11).
pub fn may_attempt(skill: &SkillLine, spec: &CheckSpec) -> Result<(), CheckRefusal> {
    if !skill.usable {
        return Err(CheckRefusal {
            message: format!(
                "{} cannot be attempted: {}",
                skill.name,
                skill.notes.join("; ")
            ),
            rule: if skill.notes.iter().any(|n| n.contains("CX-STAT-08")) {
                "CX-STAT-08".into()
            } else {
                "CX-DICE-08".into()
            },
        });
    }
    if spec.effort != Effort::Roll {
        if spec.in_combat {
            return Err(CheckRefusal {
                message: "taking 50 or 100 is only possible out of combat; roll instead".into(),
                rule: "CX-DICE-06".into(),
            });
        }
        if spec.no_taking {
            return Err(CheckRefusal {
                message: "the GM has marked this check as one that must be rolled".into(),
                rule: "CX-DICE-06".into(),
            });
        }
    }
    Ok(())
}

/// Makes a skill check: d100 (or 50/100) + the skill's total + modifiers,
/// strictly above the DC (CX-DICE-03, CX-DICE-05).
pub fn skill_check(
    who: &str,
    skill: &SkillLine,
    spec: &CheckSpec,
    source: &mut dyn DiceSource,
) -> Result<Result<CheckResult, CheckRefusal>, SourceError> {
    if let Err(refusal) = may_attempt(skill, spec) {
        return Ok(Err(refusal));
    }
    let mut b = Breakdown::new();
    let (die, base) = match spec.effort {
        Effort::Roll => {
            let d = d100_for(source, || format!("{} check d100 for {who}", skill.name))?;
            b.die(format!("{} check, {who}", skill.name), 100, d);
            (Some(d), i64::from(d))
        }
        // Taking 50 or 100 adds the ranks and the skill's own modifiers.
        Effort::Take50 => {
            b.value("take 50 (CX-DICE-06)", 50);
            (None, 50)
        }
        Effort::Take100 => {
            b.value("take 100 (CX-DICE-06)", 100);
            (None, 100)
        }
    };
    let mut total = base;
    if die.is_some() {
        for (source, n) in skill_modifiers(skill) {
            b.modifier(source, n);
        }
        total += skill.total;
    } else {
        // 000: "take a 100% ... then apply any ranks in the skill": the
        // ranks and what changes the skill itself (a race's or feat's bonus,
        // CHA 1's malus "when using Speech"), but no stat bonus, which is
        // added "to a roll" and nothing is rolled.
        b.modifier(format!("{} ranks", skill.name), skill.points);
        total += skill.points;
        for (source, n) in &skill.modifiers {
            b.modifier(source.clone(), *n);
            total += n;
        }
    }
    for (source, n) in &spec.modifiers {
        b.modifier(source.clone(), *n);
        total += n;
    }
    Ok(Ok(judge(total, spec.dc, spec.hidden, die, b)))
}

/// What a skill adds to a rolled d100 check, each with its source: its
/// points, its stat's bonus and its own modifiers, summing to the skill's
/// total (CX-DICE-05).
pub fn skill_modifiers(skill: &SkillLine) -> Vec<(String, i64)> {
    let mut out = vec![
        (format!("{} skill points", skill.name), skill.points),
        (
            format!("{} bonus (CX-DICE-05)", skill.stat),
            skill.stat_bonus,
        ),
    ];
    out.extend(skill.modifiers.iter().cloned());
    out
}

/// A d100 check rolled before its DC is known: a roll from the character
/// sheet, which the GM judges against the DC they set (CX-DICE-03). The
/// total is the d100 plus each sourced modifier; the breakdown shows the die
/// and the modifiers, with no comparison.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpenCheck {
    /// The d100.
    pub die: u32,
    /// The die plus the modifiers.
    pub total: i64,
    /// How the total was reached.
    pub breakdown: Breakdown,
}

/// A skill check rolled with `die` (the d100, 1..=100) before its DC is
/// known: d100 + the skill's total (CX-DICE-05), or why the skill cannot be
/// attempted (CX-DICE-08, CX-STAT-11).
pub fn open_skill_check(who: &str, skill: &SkillLine, die: u32) -> Result<OpenCheck, CheckRefusal> {
    may_attempt(skill, &CheckSpec::default())?;
    Ok(open_check(
        &format!("{} check, {who}", skill.name),
        die,
        &skill_modifiers(skill),
    ))
}

/// A d100 check of `what` rolled with `die` before its DC is known: the die
/// plus each sourced modifier (a save adds its value, CX-STAT-17; a stat
/// check its stat bonus, CX-DICE-02).
pub fn open_check(what: &str, die: u32, modifiers: &[(String, i64)]) -> OpenCheck {
    let mut breakdown = Breakdown::new();
    breakdown.die(what, 100, die);
    let mut total = i64::from(die);
    for (source, n) in modifiers {
        breakdown.modifier(source.clone(), *n);
        total += n;
    }
    breakdown.note(format!("total {total}: the GM judges it against the DC"));
    OpenCheck {
        die,
        total,
        breakdown,
    }
}

/// A check of a plain d100 plus a modifier against a DC (saves, stat checks).
pub fn plain_check(
    what: &str,
    modifier: i64,
    dc: i64,
    hidden: bool,
    source: &mut dyn DiceSource,
) -> Result<CheckResult, SourceError> {
    let d = d100_for(source, || format!("{what} d100"))?;
    let mut b = Breakdown::new();
    b.die(what, 100, d);
    b.modifier("modifier", modifier);
    Ok(judge(i64::from(d) + modifier, dc, hidden, Some(d), b))
}

fn judge(total: i64, dc: i64, hidden: bool, die: Option<u32>, mut b: Breakdown) -> CheckResult {
    let success = total > dc;
    b.compare(
        format!("total {total}"),
        if success { ">" } else { "<=" },
        format!("DC {dc}"),
        if success {
            "success"
        } else if total == dc {
            "failure: a tie fails (CX-DICE-03)"
        } else {
            "failure"
        },
    );
    CheckResult::new(die, total, dc, hidden, b)
}

/// Opposed rolls: the attacker must beat the defender; the defender wins ties
/// (CX-DICE-04).
pub fn attacker_wins(attacker_total: i64, defender_total: i64) -> bool {
    attacker_total > defender_total
}

/// A check that combines two skills as one roll: the DC doubles and both
/// skills add (CX-DICE-07). (The GM may instead call for two checks.) Taking
/// 50 or 100 adds the second skill's ranks only, as it does the first's
/// (CX-DICE-06), with the skill's own modifiers and no stat bonus.
pub fn combined_spec(spec: &CheckSpec, second: &SkillLine) -> CheckSpec {
    let mut combined = spec.clone();
    combined.dc = spec.dc.saturating_mul(2);
    let (what, amount) = if spec.effort.is_roll() {
        ("", second.total)
    } else {
        (" ranks", second.total - second.stat_bonus)
    };
    combined.modifiers.push((
        format!("{}{what} (combined check, CX-DICE-07)", second.name),
        amount,
    ));
    combined
}

/// Judges a total made outside the usual skill lines (a save, a weapon skill
/// the pack does not list): the die and sourced modifiers shown, the total
/// strictly above the DC (CX-DICE-03).
pub fn judge_total(
    total: i64,
    dc: i64,
    hidden: bool,
    die: Option<u32>,
    modifiers: &[(String, i64)],
) -> CheckResult {
    let mut b = Breakdown::new();
    if let Some(d) = die {
        b.die("check", 100, d);
    }
    for (source, n) in modifiers {
        b.modifier(source.clone(), *n);
    }
    judge(total, dc, hidden, die, b)
}
