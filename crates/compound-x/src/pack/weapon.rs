//! Weapons: attack kind, fire modes, brackets, damage, reloads.

use nanite_core::Formula;
use nanite_core::content::Fields;
use serde::{Deserialize, Serialize};

use super::read::{choice, count, formula};

/// How a weapon attacks, which decides its accuracy stat (CX-STAT-05, CX-RNG-14).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = AttackKind))]
#[serde(rename_all = "lowercase")]
pub enum Attack {
    /// Firearms and energy weapons: PER.
    Ranged,
    /// Melee weapons: the best of STR, DEX, FORT.
    Melee,
    /// Thrown weapons and grenades: PER.
    Thrown,
}

/// A fire mode (CX-RNG-02).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum FireMode {
    /// One round per trigger pull.
    Semi,
    /// A burst.
    Burst,
    /// Fully automatic.
    Auto,
}

impl FireMode {
    /// Every mode, in order.
    pub const ALL: [FireMode; 3] = [FireMode::Semi, FireMode::Burst, FireMode::Auto];

    /// The name used in files.
    pub fn key(self) -> &'static str {
        match self {
            FireMode::Semi => "semi",
            FireMode::Burst => "burst",
            FireMode::Auto => "auto",
        }
    }
}

/// How the weapon is worked between shots (CX-TURN-07).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = WeaponAction))]
#[serde(rename_all = "lowercase")]
pub enum Action {
    /// Self-loading: a shot costs 1 action.
    Semi,
    /// Pump: fire and rechamber, 2 actions.
    Pump,
    /// Bolt: fire and rechamber, 2 actions.
    Bolt,
}

/// Damage types (CX-DMG-05).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum DamageType {
    /// Blocked by armor, ignores shields.
    Ballistic,
    /// Absorbed by shields, ignores ballistic armor.
    Laser,
    /// Half into shields; burns.
    Plasma,
    /// Ignores armor and shields.
    Explosive,
    /// As ballistic.
    Melee,
}

/// Suppression levels (CX-SUP-02..04).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum Suppression {
    /// 3 rounds, 1 m, reaction roll.
    Light,
    /// 6 rounds, automatic reaction hit.
    Medium,
    /// 10 rounds, two automatic hits, 2 m.
    Heavy,
}

/// A range bracket: metres `from..=to` with its base miss chance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bracket {
    /// First metre.
    pub from: i64,
    /// Last metre.
    pub to: i64,
    /// Base miss chance.
    pub miss: i64,
}

/// The extra miss chance and rounds of a burst or automatic mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModeData {
    /// Added to the bracket's miss chance.
    pub miss: i64,
    /// Rounds fired.
    pub rounds: i64,
}

/// A weapon.
#[derive(Clone, Debug)]
pub struct Weapon {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its category (classes list the categories they may use).
    pub category: String,
    /// How it attacks.
    pub attack: Attack,
    /// Its weapon skill.
    pub skill: String,
    /// Its damage.
    pub damage: Formula,
    /// Its damage type.
    pub damage_type: DamageType,
    /// Non-lethal variant.
    pub non_lethal: bool,
    /// Armor-piercing level.
    pub apl: i64,
    /// How it is worked.
    pub action: Action,
    /// Its fire modes.
    pub modes: Vec<FireMode>,
    /// Fully automatic by default: cannot crit (CX-RNG-07).
    pub automatic: bool,
    /// Burst data, with the burst mode.
    pub burst: Option<ModeData>,
    /// Automatic data, with the auto mode.
    pub auto: Option<ModeData>,
    /// Range brackets, nearest first.
    pub brackets: Vec<Bracket>,
    /// Rounds per magazine.
    pub magazine: i64,
    /// Reload DC (CX-RNG-13).
    pub reload_dc: Option<i64>,
    /// Standard reload time in actions.
    pub reload_actions: Option<i64>,
    /// Minimum distance in metres (forced hip fire inside it).
    pub min_distance: Option<i64>,
    /// The suppression it can lay down.
    pub suppression: Option<Suppression>,
    /// Minimum skill points to use it (grenades, CX-RNG-15).
    pub min_skill: Option<i64>,
    /// Modifier to Reflex saves against it.
    pub reflex_modifier: i64,
    /// Blast radius in metres.
    pub blast_radius: Option<i64>,
    /// Price.
    pub price: Option<i64>,
    /// Flavour text.
    pub description: String,
}

pub(crate) fn read_weapon(id: &str, f: &Fields<'_, '_>) -> Option<Weapon> {
    let modes: Vec<FireMode> = match f.item("modes") {
        None => vec![FireMode::Semi],
        Some(item) => item
            .list()
            .unwrap_or_default()
            .iter()
            .filter_map(|m| {
                let text = m.string()?;
                let mode = [FireMode::Semi, FireMode::Burst, FireMode::Auto]
                    .into_iter()
                    .find(|x| x.key() == text);
                if mode.is_none() {
                    m.error(format!("`{text}` is not one of semi, burst, auto"), None);
                }
                mode
            })
            .collect(),
    };
    let mode_data = |mode: FireMode, miss_key: &str, rounds_key: &str| {
        let miss = f.integer(miss_key);
        let rounds = count(f, rounds_key, false);
        let has = modes.contains(&mode);
        match (has, miss, rounds) {
            (true, Some(miss), Some(rounds)) => Some(ModeData { miss, rounds }),
            (true, _, _) => {
                f.error_at(
                    "modes",
                    format!(
                        "mode `{}` needs `{miss_key}` and `{rounds_key}`",
                        mode.key()
                    ),
                    None,
                );
                None
            }
            (false, None, None) => None,
            (false, _, _) => {
                f.error_at(
                    miss_key,
                    format!(
                        "`{miss_key}`/`{rounds_key}` given but `modes` lacks `{}`",
                        mode.key()
                    ),
                    Some(format!("add \"{}\" to modes, or remove them", mode.key())),
                );
                None
            }
        }
    };
    let burst = mode_data(FireMode::Burst, "burst_miss", "burst_rounds");
    let auto = mode_data(FireMode::Auto, "auto_miss", "auto_rounds");
    let brackets = read_brackets(f);
    let damage_type = f.required("damage_type").and(choice(
        f,
        "damage_type",
        &[
            ("ballistic", DamageType::Ballistic),
            ("laser", DamageType::Laser),
            ("plasma", DamageType::Plasma),
            ("explosive", DamageType::Explosive),
            ("melee", DamageType::Melee),
        ],
    ));
    let non_lethal = f.boolean("non_lethal").unwrap_or_default();
    if non_lethal
        && matches!(
            damage_type,
            Some(DamageType::Plasma | DamageType::Explosive)
        )
    {
        f.error_at(
            "non_lethal",
            "only ballistic, laser and melee weapons have non-lethal variants (rule CX-DMG-05)",
            None,
        );
    }
    Some(Weapon {
        id: id.to_string(),
        name: f.required_string("name").unwrap_or_default(),
        category: f.required_string("category").unwrap_or_default(),
        attack: choice(
            f,
            "attack",
            &[
                ("ranged", Attack::Ranged),
                ("melee", Attack::Melee),
                ("thrown", Attack::Thrown),
            ],
        )
        .unwrap_or(Attack::Ranged),
        skill: f.required_string("skill").unwrap_or_default(),
        damage: formula(f, "damage", true).unwrap_or_else(|| Formula::constant(0)),
        damage_type: damage_type.unwrap_or(DamageType::Ballistic),
        non_lethal,
        apl: count(f, "apl", false).unwrap_or_default(),
        action: choice(
            f,
            "action",
            &[
                ("semi", Action::Semi),
                ("pump", Action::Pump),
                ("bolt", Action::Bolt),
            ],
        )
        .unwrap_or(Action::Semi),
        automatic: f.boolean("automatic").unwrap_or_default(),
        modes,
        burst,
        auto,
        brackets,
        magazine: count(f, "magazine", false).unwrap_or_default(),
        reload_dc: count(f, "reload_dc", false),
        reload_actions: count(f, "reload_actions", false),
        min_distance: count(f, "min_distance", false),
        suppression: choice(
            f,
            "suppression",
            &[
                ("light", Suppression::Light),
                ("medium", Suppression::Medium),
                ("heavy", Suppression::Heavy),
            ],
        ),
        min_skill: count(f, "min_skill", false),
        reflex_modifier: f.integer("reflex_modifier").unwrap_or_default(),
        blast_radius: count(f, "blast_radius", false),
        price: count(f, "price", false),
        description: f.string("description").unwrap_or_default(),
    })
}

fn read_brackets(f: &Fields<'_, '_>) -> Vec<Bracket> {
    let Some(item) = f.required("brackets") else {
        return Vec::new();
    };
    let list = item.list().unwrap_or_default();
    if list.is_empty() {
        item.error(
            "a weapon needs at least one range bracket",
            Some("brackets = [{ to = 10, miss = 4 }]".to_string()),
        );
    }
    let mut out = Vec::new();
    let mut from = 0;
    for entry in list {
        let Some(b) = entry.table() else { continue };
        let to = b.required_integer("to");
        let miss = b.required_integer("miss");
        b.finish();
        let (Some(to), Some(miss)) = (to, miss) else {
            continue;
        };
        if to < from {
            entry.error(
                format!("bracket ends at {to} m but starts at {from} m"),
                Some("list brackets nearest first, each ending further out".to_string()),
            );
            continue;
        }
        out.push(Bracket { from, to, miss });
        from = to + 1;
    }
    out
}
