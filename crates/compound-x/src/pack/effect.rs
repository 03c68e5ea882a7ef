//! Effects: modifiers that races, classes, feats and gear put on a character.

use nanite_core::Formula;
use nanite_core::content::{Fields, Item};

use crate::accuracy::Tenths;
use crate::stat::Stat;

/// The variables a content formula may use: the seven stats and `LEVEL`.
pub const FORMULA_VARIABLES: [&str; 8] =
    ["STR", "PER", "FORT", "CHA", "INT", "DEX", "LUCK", "LEVEL"];

/// A secondary stat (CX-STAT-02).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Secondary {
    /// Metres per 2 actions, from STR or DEX.
    MovementSpeed,
    /// Metres of movement penalty cancelled, from STR or FORT.
    CarryAbility,
    /// Skill points per level (times 2), from CHA or INT.
    SkillPointGain,
}

impl Secondary {
    /// All three.
    pub const ALL: [Secondary; 3] = [
        Secondary::MovementSpeed,
        Secondary::CarryAbility,
        Secondary::SkillPointGain,
    ];

    /// The name used in files (`movement_speed`).
    pub fn key(self) -> &'static str {
        match self {
            Secondary::MovementSpeed => "movement_speed",
            Secondary::CarryAbility => "carry_ability",
            Secondary::SkillPointGain => "skill_point_gain",
        }
    }

    /// The name shown to players.
    pub fn name(self) -> &'static str {
        match self {
            Secondary::MovementSpeed => "Movement Speed",
            Secondary::CarryAbility => "Carry Ability",
            Secondary::SkillPointGain => "Skill Point Gain",
        }
    }

    /// The secondary for a file name.
    pub fn parse(text: &str) -> Option<Secondary> {
        Secondary::ALL.into_iter().find(|s| s.key() == text)
    }

    /// The primary stats it is derived from (CX-STAT-02).
    pub fn sources(self) -> [Stat; 2] {
        match self {
            Secondary::MovementSpeed => [Stat::Strength, Stat::Dexterity],
            Secondary::CarryAbility => [Stat::Strength, Stat::Fortitude],
            Secondary::SkillPointGain => [Stat::Charisma, Stat::Intelligence],
        }
    }
}

/// A saving throw (CX-STAT-17).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = CxSave))]
#[serde(rename_all = "lowercase")]
pub enum Save {
    /// 2 * (CHA + INT - 6).
    Will,
    /// 2 * (FORT + INT - 6).
    Shock,
    /// 2 * (PER + DEX - 6).
    Reflex,
}

impl Save {
    /// All three.
    pub const ALL: [Save; 3] = [Save::Will, Save::Shock, Save::Reflex];

    /// The name used in files.
    pub fn key(self) -> &'static str {
        match self {
            Save::Will => "will",
            Save::Shock => "shock",
            Save::Reflex => "reflex",
        }
    }

    /// The save for a file name.
    pub fn parse(text: &str) -> Option<Save> {
        Save::ALL.into_iter().find(|s| s.key() == text)
    }
}

/// What an effect changes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum EffectTarget {
    /// A primary stat (applied before derived values are computed).
    Stat(Stat),
    /// A secondary stat.
    Secondary(Secondary),
    /// Maximum health.
    MaxHp,
    /// Nanites.
    Nanites,
    /// Critical range in faces.
    CritRange,
    /// Initiative modifier.
    Initiative,
    /// A saving throw.
    Save(Save),
    /// A skill's check total.
    Skill(String),
    /// Ranged (and thrown) accuracy bonus, in tenths.
    RangedAccuracy,
    /// Melee accuracy bonus, in tenths.
    MeleeAccuracy,
    /// Burst miss chance.
    BurstMiss,
    /// Automatic miss chance.
    AutoMiss,
    /// Movement penalty, in tenths of a metre.
    MovementPenalty,
    /// Cloak duration in turns.
    CloakTurns,
    /// Detect DC of the character's cloak.
    DetectDc,
}

impl EffectTarget {
    /// The target for its file name.
    pub fn parse(text: &str) -> Option<Self> {
        if let Some(stat) = Stat::ALL.into_iter().find(|s| s.code() == text) {
            return Some(Self::Stat(stat));
        }
        if let Some(secondary) = Secondary::parse(text) {
            return Some(Self::Secondary(secondary));
        }
        if let Some(save) = text.strip_prefix("save.").and_then(Save::parse) {
            return Some(Self::Save(save));
        }
        if let Some(skill) = text.strip_prefix("skill.") {
            return Some(Self::Skill(skill.to_string()));
        }
        Some(match text {
            "max_hp" => Self::MaxHp,
            "nanites" => Self::Nanites,
            "crit_range" => Self::CritRange,
            "initiative" => Self::Initiative,
            "accuracy.ranged" => Self::RangedAccuracy,
            "accuracy.melee" => Self::MeleeAccuracy,
            "miss.burst" => Self::BurstMiss,
            "miss.auto" => Self::AutoMiss,
            "movement_penalty" => Self::MovementPenalty,
            "cloak_turns" => Self::CloakTurns,
            "detect_dc" => Self::DetectDc,
            _ => return None,
        })
    }

    /// Whether the amount is in tenths (written as a decimal in content).
    pub fn in_tenths(&self) -> bool {
        matches!(
            self,
            Self::RangedAccuracy | Self::MeleeAccuracy | Self::MovementPenalty
        )
    }
}

/// How much an effect changes its target.
#[derive(Clone, Debug)]
pub enum EffectAmount {
    /// A fixed amount (in tenths for targets measured in tenths).
    Fixed(i64),
    /// A formula over the character's stats and level.
    Formula(Box<Formula>),
}

/// One effect.
#[derive(Clone, Debug)]
pub struct Effect {
    /// What it changes.
    pub target: EffectTarget,
    /// By how much.
    pub amount: EffectAmount,
}

/// The known effect targets, for error messages.
const TARGETS: &str = "STR PER FORT CHA INT DEX LUCK, movement_speed, carry_ability, \
skill_point_gain, max_hp, nanites, crit_range, initiative, save.will, save.shock, \
save.reflex, skill.<id>, accuracy.ranged, accuracy.melee, miss.burst, miss.auto, \
movement_penalty, cloak_turns, detect_dc";

/// Reads the optional `effects` list of a content entry.
pub(crate) fn read_effects(fields: &Fields<'_, '_>) -> Vec<Effect> {
    fields
        .tables("effects")
        .iter()
        .filter_map(|e| {
            let effect = read_effect(e);
            e.finish();
            effect
        })
        .collect()
}

fn read_effect(e: &Fields<'_, '_>) -> Option<Effect> {
    let target_text = e.required_string("target");
    let amount = e.required("amount");
    let target = target_text.and_then(|t| {
        let target = EffectTarget::parse(&t);
        if target.is_none() {
            e.error_at(
                "target",
                format!("unknown effect target `{t}`"),
                Some(format!("known targets: {TARGETS}")),
            );
        }
        target
    })?;
    let amount = read_amount(&target, &amount?)?;
    Some(Effect { target, amount })
}

fn read_amount(target: &EffectTarget, amount: &Item<'_, '_>) -> Option<EffectAmount> {
    if amount.is_string() {
        if target.in_tenths() {
            amount.error(
                "this target takes a number such as 0.5, not a formula",
                Some("write the amount as a number".to_string()),
            );
            return None;
        }
        let text = amount.string()?;
        return match Formula::parse(&text, &FORMULA_VARIABLES) {
            Ok(f) if f.rolls_dice() => {
                amount.error(
                    format!("effect formula `{text}` rolls dice; effects must be fixed values"),
                    None,
                );
                None
            }
            Ok(f) => Some(EffectAmount::Formula(Box::new(f))),
            Err(err) => {
                amount.error(err.message, None);
                None
            }
        };
    }
    if target.in_tenths() {
        let value = amount.number()?;
        match Tenths::from_number(value) {
            Some(t) => Some(EffectAmount::Fixed(t.0)),
            None => {
                amount.error(format!("{value} is not a multiple of 0.1"), None);
                None
            }
        }
    } else {
        amount.integer().map(EffectAmount::Fixed)
    }
}
