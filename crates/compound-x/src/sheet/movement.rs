//! Movement, stances and jumps (CX-STAT-07, CX-STAT-15, CX-MOVE-01..05).

use serde::{Deserialize, Serialize};

use crate::accuracy::Tenths;

/// The most a STR 1 character moves per 2 actions, in metres (CX-STAT-07).
pub const STR_1_MAX: i64 = 2;

/// Movement figures, in metres per 2 actions unless said otherwise.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = CxMovement))]
pub struct Movement {
    /// Movement Speed (the secondary stat).
    pub speed: i64,
    /// Total movement penalty before rounding (armor, effects).
    pub penalty: Tenths,
    /// The penalty rounded up (CX-MOVE-01).
    pub penalty_rounded: i64,
    /// Metres of penalty cancelled by Carry Ability (CX-STAT-15).
    pub cancelled_by_carry: i64,
    /// Metres moved per 2 actions standing.
    pub per_2_actions: i64,
    /// Crouched: -1 m per action, at least 1 m per action (CX-MOVE-04).
    pub crouched: i64,
    /// Prone: half, rounded up, at most 2 m per action (CX-MOVE-05).
    pub prone: i64,
    /// Sprinting: +1 m per action (CX-MOVE-02); at most 2 m per 2 actions
    /// at STR 1 (CX-STAT-07).
    pub sprint: i64,
    /// Consecutive sprint actions allowed: FORT (CX-MOVE-02).
    pub sprint_actions: i64,
    /// Notes on limits that applied.
    pub notes: Vec<String>,
}

/// Jump distances in metres (CX-MOVE-03).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Jumps {
    /// Horizontal: DEX / 2.
    pub horizontal: f64,
    /// Horizontal with a 3 m run-up: +1.
    pub horizontal_run_up: f64,
    /// Vertical: STR / 3.
    pub vertical: f64,
}

/// The stats movement depends on.
pub(crate) struct Mover {
    pub(crate) speed: i64,
    pub(crate) carry: i64,
    pub(crate) penalty: Tenths,
    pub(crate) strength: i64,
    pub(crate) dexterity: i64,
    pub(crate) fortitude: i64,
}

/// Movement from its inputs. Decision: a character always moves at least 1 m
/// per 2 actions, however loaded.
pub(crate) fn movement(m: &Mover) -> Movement {
    let mut notes = Vec::new();
    let penalty_rounded = m.penalty.ceil().max(0);
    let cancelled = penalty_rounded.min(m.carry.max(0));
    let mut per_2 = m.speed - (penalty_rounded - cancelled);
    if per_2 < 1 {
        notes.push("at least 1 m per 2 actions (nanite decision)".to_string());
        per_2 = 1;
    }
    if m.strength <= 1 && m.dexterity > 1 && per_2 > STR_1_MAX {
        notes.push("STR 1: at most 2 m per 2 actions (rule CX-STAT-07)".to_string());
        per_2 = STR_1_MAX;
    }
    // Sprinting: +1 m per action (CX-MOVE-02). STR 1's maximum is a
    // maximum, sprint or not: at most 2 m per 2 actions (with DEX 1 too the
    // walk is slower still, and a sprint still reaches only 2; a decision).
    let mut sprint = per_2 + 2;
    if m.strength <= 1 && sprint > STR_1_MAX.max(per_2) {
        notes.push("STR 1: sprinting too, at most 2 m per 2 actions (rule CX-STAT-07)".to_string());
        sprint = STR_1_MAX.max(per_2);
    }
    // Per action a character moves half its per-2-actions figure.
    let crouched = (per_2 - 2).max(per_2.min(2));
    let prone = ((per_2 + 1) / 2).min(4);
    Movement {
        speed: m.speed,
        penalty: m.penalty,
        penalty_rounded,
        cancelled_by_carry: cancelled,
        per_2_actions: per_2,
        crouched,
        prone,
        sprint,
        sprint_actions: m.fortitude.max(0),
        notes,
    }
}

/// Jump distances (CX-MOVE-03).
pub(crate) fn jumps(dexterity: i64, strength: i64) -> Jumps {
    let round = |x: f64| (x * 100.0).round() / 100.0;
    Jumps {
        horizontal: round(dexterity as f64 / 2.0),
        horizontal_run_up: round(dexterity as f64 / 2.0 + 1.0),
        vertical: round(strength as f64 / 3.0),
    }
}
