//! Buying the starting equipment (CX-LVL-01: the class "dictates how much
//! money you start with to buy equipment"; the seed's equipment paragraph:
//! "You'll get money to buy them with at the start of the game"). The
//! builder spends the class's starting money on what the character carries
//! and records the rest as `money`; a purchase above it is refused.
//! Decision (docs/rules/compound-x.md): spare magazines come with the
//! weapon, and content without a price costs nothing.

use crate::character::Character;
use crate::pack::Pack;

/// What `character`'s equipment costs at the pack's prices: weapons with
/// their attachments, armor, shield, cloaking module and items times their
/// counts. Ids the pack does not know cost nothing (validation reports them).
pub fn gear_cost(character: &Character, pack: &Pack) -> i64 {
    let eq = &character.equipment;
    let mut cost: i64 = 0;
    for carried in &eq.weapons {
        cost = cost.saturating_add(
            pack.weapons
                .get(&carried.id)
                .and_then(|w| w.price)
                .unwrap_or(0),
        );
        for id in &carried.attachments {
            cost = cost.saturating_add(pack.attachments.get(id).and_then(|a| a.price).unwrap_or(0));
        }
    }
    if let Some(id) = &eq.armor {
        cost = cost.saturating_add(pack.armors.get(id).and_then(|a| a.price).unwrap_or(0));
    }
    if let Some(id) = &eq.shield {
        cost = cost.saturating_add(pack.shields.get(id).and_then(|s| s.price).unwrap_or(0));
    }
    if let Some(id) = &eq.cloak {
        cost = cost.saturating_add(pack.cloaks.get(id).and_then(|c| c.price).unwrap_or(0));
    }
    for (id, count) in &eq.items {
        let price = pack.items.get(id).and_then(|i| i.price).unwrap_or(0);
        cost = cost.saturating_add(price.saturating_mul((*count).max(0)));
    }
    cost
}

/// The money a new character keeps after buying its equipment: its class's
/// starting money less [`gear_cost`] (negative when it buys too much); none
/// for a class the pack does not know.
pub fn money_left(character: &Character, pack: &Pack) -> Option<i64> {
    let class = pack.classes.get(&character.class)?;
    Some(
        class
            .starting_money
            .saturating_sub(gear_cost(character, pack)),
    )
}
