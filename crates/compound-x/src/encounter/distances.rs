//! [`Distances`]: the metres between pairs of a battle's combatants.
//!
//! A fight has a few dozen pairs, and a distance is looked up for every
//! shot, move and choice of target: many times a command. The pairs are a
//! list kept in their order, so it iterates and serializes exactly as the
//! `BTreeMap` it replaced (a JSON list of `[a, b, metres]`); a pair is
//! found through a small table of places by the pair's fingerprint, a slot
//! or two probed instead of the list walked (a tree compares ids for order
//! at every step; the list, searched from the front, passed half of it).

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use nanite_core::CombatantId;

/// Metres between pairs of combatants, each pair once (the lesser id
/// first), in the order of the pairs.
#[derive(Clone, Debug, Default)]
pub struct Distances {
    pairs: Vec<Entry>,
    /// Each pair's place in `pairs` plus one (0: an empty slot), in the
    /// slot its fingerprint starts at ([`start`]) or the first free one
    /// after: open addressing, its length a power of two at least twice the
    /// pairs', so a lookup meets an empty slot soon. Made again whenever a
    /// pair is added (a fight adds them as it is set up, then only changes
    /// their metres).
    slots: Vec<u32>,
    /// How many times a distance was set, so that a reader keeping its own
    /// table of them (the simulator's policies) can tell whether they
    /// changed since it last read them, and each entry's stamp which. Not
    /// part of the distances: not compared, not serialized.
    sets: u64,
}

/// One pair's distance, with what its lookups and readers use.
#[derive(Clone, Debug)]
struct Entry {
    /// The pair, the lesser id first.
    pair: (CombatantId, CombatantId),
    metres: i64,
    /// The count of `sets` its distance was last set at.
    stamp: u64,
    /// Its fingerprint ([`pair_print`]): compared first when a pair is
    /// looked up, so that the ids of only the pair sought (or a rare
    /// namesake) are compared whole.
    print: u64,
}

/// The fingerprint of the pair `a`, `b`, the same in either order.
#[inline]
fn pair_print(a: &CombatantId, b: &CombatantId) -> u64 {
    a.fingerprint().wrapping_add(b.fingerprint())
}

/// The slot of a table of `mask + 1` slots where the search for a pair of
/// fingerprint `print` starts: its bits mixed (Fibonacci hashing), the top
/// ones kept.
#[inline]
fn start(print: u64, mask: usize) -> usize {
    (print.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) as usize & mask
}

impl PartialEq for Distances {
    fn eq(&self, other: &Self) -> bool {
        self.iter().eq(other.iter())
    }
}

impl Eq for Distances {}

/// The pair `a`, `b` as kept: the lesser id first.
fn ordered<'a>(a: &'a CombatantId, b: &'a CombatantId) -> (&'a CombatantId, &'a CombatantId) {
    if a <= b { (a, b) } else { (b, a) }
}

impl Distances {
    /// No distances.
    pub fn new() -> Self {
        Distances::default()
    }

    /// The metres between `a` and `b` (in either order), if known.
    #[inline]
    pub fn get(&self, a: &CombatantId, b: &CombatantId) -> Option<i64> {
        self.find(a, b).map(|at| self.pairs[at].metres)
    }

    /// Where the pair `a`, `b` (in either order) is in `pairs`, if there.
    #[inline]
    fn find(&self, a: &CombatantId, b: &CombatantId) -> Option<usize> {
        if self.slots.is_empty() {
            return None;
        }
        let print = pair_print(a, b);
        let mask = self.slots.len() - 1;
        let mut slot = start(print, mask);
        // At most half the slots are taken: the probe meets an empty one.
        loop {
            let at = (*self.slots.get(slot)? as usize).checked_sub(1)?;
            let e = self.pairs.get(at)?;
            if e.print == print
                && ((e.pair.0 == *a && e.pair.1 == *b) || (e.pair.0 == *b && e.pair.1 == *a))
            {
                return Some(at);
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Sets the metres between `a` and `b` (in either order); the metres
    /// they replace, if any.
    pub fn insert(&mut self, a: &CombatantId, b: &CombatantId, metres: i64) -> Option<i64> {
        self.sets += 1;
        if let Some(at) = self.find(a, b) {
            let e = &mut self.pairs[at];
            e.stamp = self.sets;
            return Some(std::mem::replace(&mut e.metres, metres));
        }
        let (lo, hi) = ordered(a, b);
        let at = self
            .pairs
            .binary_search_by(|e| (&e.pair.0, &e.pair.1).cmp(&(lo, hi)))
            .unwrap_or_else(|at| at);
        let entry = Entry {
            pair: (lo.clone(), hi.clone()),
            metres,
            stamp: self.sets,
            print: pair_print(lo, hi),
        };
        self.pairs.insert(at, entry);
        self.place_all();
        None
    }

    /// Makes the table of slots again for the pairs as they now stand.
    fn place_all(&mut self) {
        let size = (2 * self.pairs.len()).next_power_of_two().max(16);
        self.slots.clear();
        self.slots.resize(size, 0);
        let mask = size - 1;
        for (at, e) in self.pairs.iter().enumerate() {
            let mut slot = start(e.print, mask);
            while self.slots[slot] != 0 {
                slot = (slot + 1) & mask;
            }
            // A fight has nowhere near 4 billion pairs of combatants.
            self.slots[slot] = u32::try_from(at + 1).unwrap_or(u32::MAX);
        }
    }

    /// Each pair (the lesser id first) with its metres, in order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&(CombatantId, CombatantId), &i64)> {
        self.pairs.iter().map(|e| (&e.pair, &e.metres))
    }

    /// How many times a distance was set since the list was made (or
    /// read back): when it is unchanged, so are the distances.
    pub fn sets(&self) -> u64 {
        self.sets
    }

    /// The pairs whose distance was set since [`Distances::sets`] gave
    /// `sets`, with their metres: what a reader that read them then has to
    /// read again.
    pub fn set_since(&self, sets: u64) -> impl Iterator<Item = (&(CombatantId, CombatantId), i64)> {
        self.pairs
            .iter()
            .filter(move |e| e.stamp > sets)
            .map(|e| (&e.pair, e.metres))
    }

    /// How many pairs have a distance.
    pub fn len(&self) -> usize {
        self.pairs.len()
    }

    /// Whether no pair has one.
    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }
}

impl Serialize for Distances {
    /// A list of `[a, b, metres]` (JSON map keys must be strings).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter().map(|((a, b), m)| (a, b, m)))
    }
}

impl<'de> Deserialize<'de> for Distances {
    /// Reads the `[a, b, metres]` list back, in any order and either way
    /// round; a pair given twice keeps its last metres.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let list = Vec::<(CombatantId, CombatantId, i64)>::deserialize(d)?;
        let mut distances = Distances::new();
        for (a, b, m) in &list {
            distances.insert(a, b, *m);
        }
        Ok(distances)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use proptest::prelude::*;

    use super::*;

    proptest! {
        /// The list answers, iterates and serializes as the map of ordered
        /// pairs it replaced, whatever the order the distances were set in.
        #[test]
        fn distances_behave_as_a_map_of_pairs(
            sets in proptest::collection::vec(("[a-d]{1,2}", "[a-d]{1,2}", 0i64..50), 0..30),
        ) {
            let mut list = Distances::new();
            let mut map: BTreeMap<(CombatantId, CombatantId), i64> = BTreeMap::new();
            for (a, b, m) in &sets {
                let (a, b) = (CombatantId::from(a.as_str()), CombatantId::from(b.as_str()));
                let key = if a <= b { (a.clone(), b.clone()) } else { (b.clone(), a.clone()) };
                prop_assert_eq!(list.insert(&a, &b, *m), map.insert(key, *m));
            }
            prop_assert_eq!(list.len(), map.len());
            prop_assert!(list.iter().eq(map.iter()));
            for (a, _, _) in &sets {
                for (b, _, _) in &sets {
                    let (a, b) = (CombatantId::from(a.as_str()), CombatantId::from(b.as_str()));
                    let key = if a <= b { (a.clone(), b.clone()) } else { (b.clone(), a.clone()) };
                    prop_assert_eq!(list.get(&a, &b), map.get(&key).copied());
                    prop_assert_eq!(list.get(&b, &a), map.get(&key).copied());
                }
            }
            let json = serde_json::to_value(&list).unwrap();
            let as_map: Vec<_> = map.iter().map(|((a, b), m)| (a, b, m)).collect();
            prop_assert_eq!(&json, &serde_json::to_value(&as_map).unwrap());
            let back: Distances = serde_json::from_value(json).unwrap();
            prop_assert_eq!(&back, &list);
            // Everything was set since the start; what is set after a
            // reading is what was set since it.
            prop_assert!(list.set_since(0).map(|(k, m)| (k.clone(), m)).eq(map.clone()));
            let read = list.sets();
            let mut again = BTreeMap::new();
            for (a, b, m) in sets.iter().rev().take(3) {
                let (a, b) = (CombatantId::from(a.as_str()), CombatantId::from(b.as_str()));
                list.insert(&a, &b, m + 1);
                let key = if a <= b { (a, b) } else { (b, a) };
                again.insert(key, m + 1);
            }
            prop_assert!(list.set_since(read).map(|(k, m)| (k.clone(), m)).eq(again));
            prop_assert_eq!(list.set_since(list.sets()).count(), 0);
        }
    }
}
