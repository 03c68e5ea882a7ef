//! The stat phases: base, then effects; and the values derived from stats
//! (secondaries, saves, crit range) (CX-STAT-01..18).

use nanite_core::{ModifierPhase, Source, SourceKind, Tally};
use nanite_dice::Variables;

use super::Effects;
use crate::accuracy::{Tenths, combat_bonus, linear_combat_bonus};
use crate::character::Character;
use crate::house::HouseRules;
use crate::pack::{EffectTarget, Pack, Save, Secondary};
use crate::stat::{Stat, Stats};

/// Formula variables: the stats and the level.
pub(crate) struct StatVars<'a> {
    pub(crate) stats: &'a Stats,
    pub(crate) level: i64,
}

impl Variables for StatVars<'_> {
    fn get(&self, name: &str) -> Option<i64> {
        if name == "LEVEL" {
            Some(self.level)
        } else {
            Variables::get(self.stats, name)
        }
    }
}

/// The base phase of each stat: assigned, race, level stat points.
pub(crate) fn base_stats(character: &Character, pack: &Pack) -> Vec<Tally> {
    let race = pack.races.get(&character.race);
    Stat::ALL
        .into_iter()
        .map(|stat| {
            let mut tally = Tally::base(
                character.base_stats.get(stat),
                Source::new(SourceKind::Assigned, "base stat"),
            );
            if let Some(race) = race {
                let bonus = race.bonus(stat);
                if bonus != 0 {
                    tally.add(
                        ModifierPhase::Base,
                        bonus,
                        Source::new(SourceKind::Race, &race.name),
                    );
                }
            }
            for (n, s) in character.stat_increases.iter().enumerate() {
                if *s == stat {
                    let at = crate::level::stat_point_level(n).unwrap_or(0);
                    tally.add(
                        ModifierPhase::Base,
                        1,
                        Source::new(SourceKind::Level, format!("stat point at level {at}")),
                    );
                }
            }
            tally
        })
        .collect()
}

/// Applies effects on primary stats (the effect phase). Formula amounts see
/// the stats after the base phase.
pub(crate) fn apply_stat_effects(tallies: &mut [Tally], effects: &Effects<'_>, level: i64) {
    let base = totals(tallies);
    let vars = StatVars {
        stats: &base,
        level,
    };
    for (i, stat) in Stat::ALL.into_iter().enumerate() {
        for (source, amount) in effects.amounts(&EffectTarget::Stat(stat), &vars) {
            if amount == 0 {
                continue;
            }
            tallies[i].add(ModifierPhase::Effect, amount, source);
        }
    }
}

/// The totals of stat tallies.
pub(crate) fn totals(tallies: &[Tally]) -> Stats {
    let mut stats = Stats::default();
    for (stat, tally) in Stat::ALL.into_iter().zip(tallies) {
        stats.set(stat, tally.total());
    }
    stats
}

fn rule(id: &str) -> Source {
    Source::new(SourceKind::Rule, id)
}

/// The secondary stats before effects (CX-STAT-02, CX-HOUSE-01).
pub(crate) fn secondaries(
    character: &Character,
    stats: &Stats,
    house: HouseRules,
) -> [(Secondary, Tally); 3] {
    Secondary::ALL.map(|secondary| {
        let tally = if house.secondary_pool {
            let mut tally = Tally::new();
            for (stat, target, points) in &character.secondary_pool {
                if *target == secondary {
                    tally.add(
                        ModifierPhase::Base,
                        *points,
                        Source::new(SourceKind::HouseRule, format!("CX-HOUSE-01 from {stat}")),
                    );
                }
            }
            tally
        } else {
            let stat = secondary_source(secondary, stats, character.secondary_choice);
            Tally::base(
                stats.get(stat),
                Source::new(SourceKind::Rule, format!("CX-STAT-02 from {stat}")),
            )
        };
        (secondary, tally)
    })
}

/// Whether STR is the largest source of both Movement Speed and Carry Ability,
/// so the player must choose which one it sets (CX-STAT-02).
pub fn strength_choice_needed(stats: &Stats) -> bool {
    let str = stats.get(Stat::Strength);
    str > stats.get(Stat::Dexterity) && str > stats.get(Stat::Fortitude)
}

/// The primary stat that sets `secondary` (CX-STAT-02). When STR is the
/// largest for both MS and CA it sets only the chosen one (Movement Speed if
/// no choice is recorded, as the texts advise); the other takes its next source.
pub fn secondary_source(secondary: Secondary, stats: &Stats, choice: Option<Secondary>) -> Stat {
    let [a, b] = secondary.sources();
    // On a tie the other source sets it (same value), so that STR, shared by
    // Movement Speed and Carry Ability, never sets both.
    let larger = if stats.get(b) >= stats.get(a) { b } else { a };
    if secondary == Secondary::SkillPointGain || !strength_choice_needed(stats) {
        return larger;
    }
    let chosen = choice.unwrap_or(Secondary::MovementSpeed);
    if chosen == secondary {
        Stat::Strength
    } else {
        b
    }
}

/// Saving throws (CX-STAT-17).
pub(crate) fn save(save: Save, stats: &Stats) -> Tally {
    let (x, y) = match save {
        Save::Will => (Stat::Charisma, Stat::Intelligence),
        Save::Shock => (Stat::Fortitude, Stat::Intelligence),
        Save::Reflex => (Stat::Perception, Stat::Dexterity),
    };
    Tally::base(
        2 * (stats.get(x) + stats.get(y) - 6),
        Source::new(SourceKind::Rule, format!("CX-STAT-17 2 * ({x} + {y} - 6)")),
    )
}

/// Critical range from LUCK (CX-RNG-07; CX-HOUSE-03 rounds up).
pub(crate) fn crit_range(stats: &Stats, house: HouseRules) -> Tally {
    let luck = stats.get(Stat::Luck);
    // (LUCK - 5) * 0.4 = (LUCK - 5) * 2 / 5, floored or ceiled exactly.
    let twice = (luck - 5) * 2;
    let (extra, source) = if house.crit_round_up {
        (
            twice.div_euclid(5) + i64::from(twice.rem_euclid(5) != 0),
            Source::new(SourceKind::HouseRule, "CX-HOUSE-03 ceil((LUCK - 5) * 0.4)"),
        )
    } else {
        // 000: "drop the remainder": truncated toward zero, as 002 drops
        // "-0.5" to 0 for miss chances (LUCK 4 and 3 keep range 1).
        (
            twice / 5,
            rule("CX-RNG-07 (LUCK - 5) * 0.4, remainder dropped"),
        )
    };
    let mut tally = Tally::base(1, rule("CX-RNG-07 base"));
    if extra != 0 {
        tally.add(ModifierPhase::Base, extra, source);
    }
    tally
}

/// The combat bonus of a stat under the house rules in force.
pub fn stat_combat_bonus(value: i64, house: HouseRules) -> Tenths {
    if house.linear_accuracy {
        linear_combat_bonus(value)
    } else {
        combat_bonus(value)
    }
}
