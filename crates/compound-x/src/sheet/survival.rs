//! Sheet sections for going down and melee guard (CX-DEATH, CX-HOUSE-04/05).

use serde::{Deserialize, Serialize};
use std::borrow::Cow;

use crate::character::Character;
use crate::house::HouseRules;
use crate::pack::{Pack, SkillKind};
use crate::sheet::SkillLine;
use crate::stat::{Stat, Stats, stat_bonus};

/// What happens when the character goes down (CX-DEATH, CX-HOUSE-05).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Survival {
    /// `death_saves` (CX-DEATH-03/04) or `fort_saves` (CX-HOUSE-05).
    pub downed_rule: Cow<'static, str>,
    /// Death saving throws at the next downing (CX-DEATH-04): 3, or fewer
    /// after failed saves in earlier fights (the file's `death_saves`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub death_saves: Option<i64>,
    /// Under FORT_DOWNED: the DC of the Fort save each downed turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fort_save_dc: Option<i64>,
    /// Under FORT_DOWNED: lifetime failures survived (death comes with more than FORT).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fort_failures_allowed: Option<i64>,
    /// Under FORT_DOWNED: the failures of its life so far (the file's
    /// `fort_failures`), carried between fights.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fort_failures: Option<i64>,
    /// Revives per encounter before a stabilized character stays unconscious:
    /// max(2, FORT / 2) (CX-DEATH-06).
    pub revives_per_encounter: i64,
    /// Turns of DC 70 wake-up rolls after failing a Shock save: 15 - FORT (CX-DEATH-10).
    pub shock_wake_turns: i64,
}

/// Death saves at the first downing (CX-DEATH-04).
pub(crate) const FIRST_DOWNING_DEATH_SAVES: i64 = crate::combat::MAX_DEATH_SAVES as i64;
/// The Fort save DC each downed turn under FORT_DOWNED (CX-HOUSE-05).
pub(crate) const FORT_DOWNED_DC: i64 = 70;

/// `character`'s death saves (CX-DEATH-04), clamped to 1..3, and lifetime
/// Fort save failures (CX-HOUSE-05), from 0, as its file records them (a
/// file outside those is refused by `check`).
pub(crate) fn survival(stats: &Stats, house: HouseRules, character: &Character) -> Survival {
    let carried = character.death_saves;
    let fort = stats.get(Stat::Fortitude);
    Survival {
        downed_rule: if house.fort_downed {
            "fort_saves".into()
        } else {
            "death_saves".into()
        },
        death_saves: (!house.fort_downed).then_some(
            carried.map_or(FIRST_DOWNING_DEATH_SAVES, |n| {
                n.clamp(1, FIRST_DOWNING_DEATH_SAVES)
            }),
        ),
        fort_save_dc: house.fort_downed.then_some(FORT_DOWNED_DC),
        fort_failures_allowed: house.fort_downed.then_some(fort),
        fort_failures: house
            .fort_downed
            .then(|| character.fort_failures.unwrap_or(0).max(0)),
        revives_per_encounter: (fort / 2).max(2),
        shock_wake_turns: (15 - fort).max(0),
    }
}

/// Melee defence and attack under MELEE_GUARD (CX-HOUSE-04).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MeleeGuard {
    /// Guard DC = DEX * 5 + the best combat skill.
    pub guard_dc: i64,
    /// The combat skill counted, if any.
    pub guard_skill: Option<String>,
    /// A blow with the fists: DEX bonus + the Unarmed skill. A weapon's
    /// blow adds the DEX bonus and that weapon's skill instead (000: "plus
    /// any relevant skill").
    pub attack_bonus: i64,
}

/// Decision: the Guard DC's "any skill in combat" is the combat skill
/// (melee, unarmed, grappling...) with the most points. An attack adds the
/// skill of the weapon used (`encounter::melee`); the sheet shows the fists'.
pub(crate) fn melee_guard(
    character: &Character,
    pack: &Pack,
    stats: &Stats,
    skills: &[SkillLine],
) -> MeleeGuard {
    let best = pack
        .skills
        .iter()
        .filter(|s| s.kind == SkillKind::Combat)
        .map(|s| (character.skill_points(&s.id), s.id.clone()))
        .filter(|(points, _)| *points > 0)
        .max_by_key(|(points, _)| *points);
    let points = best.as_ref().map_or(0, |(p, _)| *p);
    let dex = stats.get(Stat::Dexterity);
    MeleeGuard {
        guard_dc: dex * 5 + points,
        guard_skill: best.map(|(_, id)| id),
        attack_bonus: stat_bonus(dex)
            + skills
                .iter()
                .find(|l| l.id == crate::encounter::UNARMED_SKILL)
                .map_or(0, |l| l.total - l.stat_bonus),
    }
}
