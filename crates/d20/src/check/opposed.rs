//! Opposed checks: both roll, the higher total wins, ties are re-rolled
//! (D20-CHK-03).

use nanite_core::{Breakdown, DiceSource, SourceError};
use serde::{Deserialize, Serialize};

use super::{CheckSpec, d20};

/// Ties are re-rolled at most this many times; after that the defender
/// holds (a decision: endless ties only happen with typed dice).
pub const MAX_TIES: usize = 20;

/// An opposed check as made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Opposed {
    /// The d20 pairs, first the one who acts, then the one who resists;
    /// more than one pair when ties were re-rolled.
    pub rolls: Vec<(u32, u32)>,
    /// The actor's final total.
    pub actor_total: i64,
    /// The resister's final total.
    pub resister_total: i64,
    /// The actor won.
    pub actor_wins: bool,
    /// How it went.
    pub breakdown: Breakdown,
}

/// The actor (`spec`, named `actor`) against the resister: each rolls a d20
/// and adds its modifiers; the higher total wins; ties are re-rolled.
pub fn opposed(
    actor: (&str, &CheckSpec),
    resister: (&str, &CheckSpec),
    dice: &mut dyn DiceSource,
) -> Result<Opposed, SourceError> {
    opposed_after(None, actor, resister, dice)
}

/// [`opposed`], the actor's first d20 already rolled when `first` is given
/// (grappling reads it for a natural 1 or 20 before the resister rolls).
pub fn opposed_after(
    first: Option<u32>,
    actor: (&str, &CheckSpec),
    resister: (&str, &CheckSpec),
    dice: &mut dyn DiceSource,
) -> Result<Opposed, SourceError> {
    let (a_name, a_spec) = actor;
    let (r_name, r_spec) = resister;
    let mut b = Breakdown::new();
    let mut rolls = Vec::new();
    let mut first = first;
    loop {
        let a = match first.take() {
            Some(a) => a,
            None => d20(dice, &format!("{} check for {a_name}", a_spec.label))?,
        };
        let r = d20(dice, &format!("{} check for {r_name}", r_spec.label))?;
        rolls.push((a, r));
        let a_total = i64::from(a) + a_spec.modifier();
        let r_total = i64::from(r) + r_spec.modifier();
        if rolls.len() > 1 {
            b.note(format!(
                "re-roll {} after a tie (D20-CHK-03)",
                rolls.len() - 1
            ));
        }
        b.die(format!("{} check for {a_name}", a_spec.label), 20, a);
        a_spec.explain(&mut b);
        b.value(format!("{a_name}'s total"), a_total);
        b.die(format!("{} check for {r_name}", r_spec.label), 20, r);
        r_spec.explain(&mut b);
        b.value(format!("{r_name}'s total"), r_total);
        let tie = a_total == r_total;
        if !tie || rolls.len() > MAX_TIES {
            let actor_wins = a_total > r_total;
            let outcome = if tie {
                format!("still tied after {MAX_TIES} re-rolls: {r_name} holds")
            } else if actor_wins {
                format!("{a_name} wins")
            } else {
                format!("{r_name} wins")
            };
            b.compare(
                format!("{a_name} {a_total}"),
                if tie {
                    "="
                } else if actor_wins {
                    ">"
                } else {
                    "<"
                },
                format!("{r_name} {r_total}"),
                format!("{outcome} (opposed, D20-CHK-03)"),
            );
            return Ok(Opposed {
                rolls,
                actor_total: a_total,
                resister_total: r_total,
                actor_wins,
                breakdown: b,
            });
        }
        b.compare(
            format!("{a_name} {a_total}"),
            "=",
            format!("{r_name} {r_total}"),
            "tie: both roll again (D20-CHK-03)",
        );
    }
}
