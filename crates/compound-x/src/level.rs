//! Levelling tables: feats, class feats, stat points, cloak turns (CX-LVL, CX-CLOAK-04).

/// The highest level (CX-LVL-07).
pub const MAX_LEVEL: i64 = 20;

/// The levels that grant a stat point, applied before that level's other
/// calculations (CX-LVL-06).
pub const STAT_POINT_LEVELS: [i64; 4] = [5, 9, 15, 20];

/// INT at which the larger feat table applies (CX-LVL-04).
pub const MANY_FEATS_INT: i64 = 9;

/// The total feats a character may own at `level` (CX-LVL-04): even levels
/// raise the total, odd levels keep the previous one.
pub fn feats_allowed(level: i64, int: i64) -> i64 {
    const NORMAL: [i64; 11] = [0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
    const CLEVER: [i64; 11] = [0, 2, 4, 5, 7, 8, 10, 11, 13, 14, 16];
    let row = usize::try_from(level.clamp(0, MAX_LEVEL) / 2).unwrap_or(0);
    if int >= MANY_FEATS_INT {
        CLEVER[row]
    } else {
        NORMAL[row]
    }
}

/// The class feats a character may own at `level`: one per 5 levels (CX-LVL-05).
pub fn class_feats_allowed(level: i64) -> i64 {
    level.clamp(0, MAX_LEVEL) / 5
}

/// How many stat points a character of `level` has gained (CX-LVL-06).
pub fn stat_points_gained(level: i64) -> usize {
    STAT_POINT_LEVELS.iter().filter(|&&l| l <= level).count()
}

/// The level at which the `n`th (0-based) stat point is gained.
pub fn stat_point_level(n: usize) -> Option<i64> {
    STAT_POINT_LEVELS.get(n).copied()
}

/// Cloak Turns by level (CX-CLOAK-04). Decision: level 0 uses the level 1 row.
pub fn cloak_turns(level: i64) -> i64 {
    match level {
        i64::MIN..=3 => 3,
        4..=6 => 4,
        7..=9 => 5,
        10..=12 => 6,
        13..=15 => 7,
        16..=17 => 8,
        18..=19 => 9,
        _ => 10,
    }
}

/// Detect DC gain by level (CX-CLOAK-04), added to the module's Detect DC.
/// Decision: the table's "+5%" is 5 points on the percentile DC.
pub fn detect_dc_gain(level: i64) -> i64 {
    match level {
        i64::MIN..=4 => 0,
        5..=9 => 5,
        10..=14 => 10,
        15..=19 => 15,
        _ => 20,
    }
}

/// The Shadow Assassin's extra cloak turns at `level` (CX-CLOAK-04): the gain
/// reached so far (+1 from level 1, +2 from 6, +3 from 11, +4 from 16, +5 at 20).
pub fn shadow_assassin_cloak_gain(level: i64) -> i64 {
    match level {
        i64::MIN..=0 => 0,
        1..=5 => 1,
        6..=10 => 2,
        11..=15 => 3,
        16..=19 => 4,
        _ => 5,
    }
}

/// Whether a character of `level` may cloak only once per encounter (CX-CLOAK-02).
pub fn cloak_once_per_encounter(level: i64) -> bool {
    level <= 4
}
