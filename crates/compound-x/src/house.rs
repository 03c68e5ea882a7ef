//! House rules from the older edition, off by default (CX-HOUSE-01..05).

use serde::{Deserialize, Serialize};

/// The optional rules a table has switched on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = CxHouseRules))]
pub struct HouseRules {
    /// CX-HOUSE-01 SECONDARY_POOL: primaries give points to their secondaries.
    pub secondary_pool: bool,
    /// CX-HOUSE-02 LINEAR_ACCURACY: combat bonus (stat - 5) * 0.3, rounded to
    /// the better accuracy.
    pub linear_accuracy: bool,
    /// CX-HOUSE-03 CRIT_ROUND_UP: critical range adds ceil((LUCK - 5) * 0.4).
    pub crit_round_up: bool,
    /// CX-HOUSE-04 MELEE_GUARD: melee is d100 + DEX bonus + skill against a Guard DC.
    pub melee_guard: bool,
    /// CX-HOUSE-05 FORT_DOWNED: DC 70 Fort saves instead of death saves.
    pub fort_downed: bool,
}

impl HouseRules {
    /// Each house rule's file key, rule ID and one-line summary.
    pub const ALL: [(&'static str, &'static str, &'static str); 5] = [
        (
            "secondary_pool",
            "CX-HOUSE-01",
            "primaries give their points to associated secondaries",
        ),
        (
            "linear_accuracy",
            "CX-HOUSE-02",
            "combat bonus = (stat - 5) * 0.3, rounded to the better accuracy",
        ),
        (
            "crit_round_up",
            "CX-HOUSE-03",
            "critical range adds ceil((LUCK - 5) * 0.4)",
        ),
        (
            "melee_guard",
            "CX-HOUSE-04",
            "melee: d100 + DEX bonus + skill against Guard DC = DEX * 5 + combat skill",
        ),
        (
            "fort_downed",
            "CX-HOUSE-05",
            "downed: DC 70 Fort save each turn; dies after more failures than FORT",
        ),
    ];

    /// Whether the rule with file key `key` is on.
    pub fn get(&self, key: &str) -> Option<bool> {
        Some(match key {
            "secondary_pool" => self.secondary_pool,
            "linear_accuracy" => self.linear_accuracy,
            "crit_round_up" => self.crit_round_up,
            "melee_guard" => self.melee_guard,
            "fort_downed" => self.fort_downed,
            _ => return None,
        })
    }

    /// Switches the rule with file key `key`; false if there is no such rule.
    pub fn set(&mut self, key: &str, on: bool) -> bool {
        let slot = match key {
            "secondary_pool" => &mut self.secondary_pool,
            "linear_accuracy" => &mut self.linear_accuracy,
            "crit_round_up" => &mut self.crit_round_up,
            "melee_guard" => &mut self.melee_guard,
            "fort_downed" => &mut self.fort_downed,
            _ => return false,
        };
        *slot = on;
        true
    }
}
