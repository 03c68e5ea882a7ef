//! [`Distances`]: the metres between pairs of a battle's combatants.
//!
//! A fight has a few dozen pairs, and a distance is looked up for every
//! shot, move and choice of target: many times a command. A short list
//! searched from the front by equal ids finds a pair sooner than a tree
//! ordered by text does at that size (a tree compares ids for order at
//! every step; equal ids are two word comparisons each). The list is kept
//! in the order of the pairs, so it iterates and serializes exactly as the
//! `BTreeMap` it replaced (a JSON list of `[a, b, metres]`).

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use nanite_core::CombatantId;

/// Metres between pairs of combatants, each pair once (the lesser id
/// first), in the order of the pairs.
#[derive(Clone, Debug, Default)]
pub struct Distances {
    pairs: Vec<Entry>,
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

/// The fingerprint of the pair `lo`, `hi` (in that order).
#[inline]
fn pair_print(lo: &CombatantId, hi: &CombatantId) -> u64 {
    lo.fingerprint() ^ hi.fingerprint().rotate_left(17)
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
        let (lo, hi) = ordered(a, b);
        let print = pair_print(lo, hi);
        self.pairs
            .iter()
            .find(|e| e.print == print && e.pair.0 == *lo && e.pair.1 == *hi)
            .map(|e| e.metres)
    }

    /// Sets the metres between `a` and `b` (in either order); the metres
    /// they replace, if any.
    pub fn insert(&mut self, a: &CombatantId, b: &CombatantId, metres: i64) -> Option<i64> {
        let (lo, hi) = ordered(a, b);
        self.sets += 1;
        let found = self
            .pairs
            .binary_search_by(|e| (&e.pair.0, &e.pair.1).cmp(&(lo, hi)));
        match found {
            Ok(at) => {
                let e = &mut self.pairs[at];
                e.stamp = self.sets;
                Some(std::mem::replace(&mut e.metres, metres))
            }
            Err(at) => {
                let entry = Entry {
                    pair: (lo.clone(), hi.clone()),
                    metres,
                    stamp: self.sets,
                    print: pair_print(lo, hi),
                };
                self.pairs.insert(at, entry);
                None
            }
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
