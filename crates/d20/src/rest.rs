//! Rest and healing kits: 1 hit point per 8-hour period of rest
//! (D20-REST-01); a kit restores the target's Constitution score in hit
//! points through an extended check, threshold 100, 1 hour a roll
//! (D20-REST-02).

use nanite_core::{Breakdown, DiceSource};
use serde::{Deserialize, Serialize};

use crate::check::{CheckSpec, Extended, ExtendedError, ExtendedResult, extended};

/// Hours in a period of rest (D20-REST-01).
pub const REST_HOURS: i64 = 8;
/// Hit points a period of rest restores (D20-REST-01).
pub const HP_PER_REST: i64 = 1;
/// The threshold of a healing kit's extended check (D20-REST-02).
pub const KIT_THRESHOLD: i64 = 100;
/// In-game minutes per roll of a healing kit (D20-REST-02).
pub const KIT_MINUTES_PER_ROLL: i64 = 60;

/// Periods of rest, as taken.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rest {
    /// Periods of 8 hours.
    pub periods: i64,
    /// Hit points restored (never above the maximum).
    pub healed: i64,
    /// Hit points after.
    pub hp: i64,
    /// How.
    pub breakdown: Breakdown,
}

/// `periods` periods of 8 hours of sleep, idleness or non-physical
/// amusement: 1 hit point each, up to `max_hp` (D20-REST-01).
pub fn rest(hp: i64, max_hp: i64, periods: i64) -> Rest {
    let periods = periods.max(0);
    let gain = periods.saturating_mul(HP_PER_REST);
    let healed = gain.min((max_hp - hp).max(0));
    let mut b = Breakdown::new();
    b.value("hit points", hp);
    b.value(
        format!(
            "{periods} period(s) of rest, {} h, {HP_PER_REST} HP each (D20-REST-01)",
            periods.saturating_mul(REST_HOURS)
        ),
        gain,
    );
    if healed < gain {
        b.note(format!("capped at the maximum of {max_hp}"));
    }
    b.value("hit points after", hp + healed);
    Rest {
        periods,
        healed,
        hp: hp + healed,
        breakdown: b,
    }
}

/// A healing kit used on a target, as it went.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KitTreatment {
    /// The extended check.
    pub check: ExtendedResult,
    /// Hit points restored (0 if the check failed).
    pub healed: i64,
    /// The target's hit points after.
    pub hp: i64,
}

/// The terms of a healing kit's extended check, with the GM's maximum
/// number of rolls if any (D20-REST-02).
pub fn kit_terms(max_checks: Option<u32>) -> Extended {
    Extended {
        threshold: KIT_THRESHOLD,
        minutes_per_check: KIT_MINUTES_PER_ROLL,
        max_checks,
    }
}

/// A healer with `spec` (the kit's skill, its bonus) treats a target with
/// Constitution score `con`, at `hp` of `max_hp`: on reaching the threshold
/// the target regains `con` hit points, up to its maximum (D20-REST-02).
pub fn use_kit(
    spec: &CheckSpec,
    max_checks: Option<u32>,
    target: (i64, i64, i64),
    dice: &mut dyn DiceSource,
    who: &str,
) -> Result<KitTreatment, ExtendedError> {
    let (con, hp, max_hp) = target;
    let mut check = extended(spec, kit_terms(max_checks), dice, who)?;
    let healed = if check.reached {
        con.max(0).min((max_hp - hp).max(0))
    } else {
        0
    };
    if check.reached {
        check.breakdown.value(
            "hit points restored: the target's CON score (D20-REST-02)",
            con,
        );
        if healed < con {
            check.breakdown.note(format!(
                "capped at the maximum of {max_hp}: {healed} restored"
            ));
        }
    }
    Ok(KitTreatment {
        check,
        healed,
        hp: hp + healed,
    })
}
