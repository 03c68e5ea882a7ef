//! [`Roster`]: a battle's combatants by id.
//!
//! A fight has a handful of combatants, and every rule looks them up by id,
//! many times a command. A list searched from the front finds one sooner
//! than a tree does at that size, and walks them with no pointer chasing.
//! It keeps them in the order of their ids, so it iterates, prints and
//! serializes exactly as the `BTreeMap` it replaced (a JSON object by id).

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::Combatant;
use nanite_core::CombatantId;

/// The combatants of a battle, in the order of their ids.
#[derive(Debug, Default)]
pub struct Roster(Vec<(CombatantId, Combatant)>);

impl Clone for Roster {
    fn clone(&self) -> Self {
        Roster(self.0.clone())
    }

    /// Clones each combatant over the one in its place (see
    /// `clone_in_place!`), reusing what it holds.
    fn clone_from(&mut self, source: &Self) {
        self.0.truncate(source.0.len());
        let kept = self.0.len();
        for ((id, c), (from_id, from)) in self.0.iter_mut().zip(&source.0) {
            id.clone_from(from_id);
            c.clone_from(from);
        }
        self.0.extend(source.0[kept..].iter().cloned());
    }
}

impl Roster {
    /// An empty roster.
    pub fn new() -> Self {
        Roster(Vec::new())
    }

    /// The combatant `id`.
    #[inline]
    pub fn get(&self, id: &CombatantId) -> Option<&Combatant> {
        self.0.iter().find(|(k, _)| k == id).map(|(_, c)| c)
    }

    /// The combatant `id`, to change.
    #[inline]
    pub fn get_mut(&mut self, id: &CombatantId) -> Option<&mut Combatant> {
        self.0.iter_mut().find(|(k, _)| k == id).map(|(_, c)| c)
    }

    /// The combatant at `position` in the order of their ids, with its id.
    #[inline]
    pub fn get_index(&self, position: usize) -> Option<(&CombatantId, &Combatant)> {
        self.0.get(position).map(|(k, c)| (k, c))
    }

    /// Whether `id` is in the roster.
    pub fn contains_key(&self, id: &CombatantId) -> bool {
        self.get(id).is_some()
    }

    /// Puts `combatant` in as `id`, in its place by id; the one it replaces,
    /// if any.
    pub fn insert(&mut self, id: CombatantId, combatant: Combatant) -> Option<Combatant> {
        match self.0.binary_search_by(|(k, _)| k.cmp(&id)) {
            Ok(at) => Some(std::mem::replace(&mut self.0[at].1, combatant)),
            Err(at) => {
                self.0.insert(at, (id, combatant));
                None
            }
        }
    }

    /// Takes `id` out of the roster.
    pub fn remove(&mut self, id: &CombatantId) -> Option<Combatant> {
        let at = self.0.iter().position(|(k, _)| k == id)?;
        Some(self.0.remove(at).1)
    }

    /// The combatants with their ids, in the order of their ids.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&CombatantId, &Combatant)> {
        self.0.iter().map(|(k, c)| (k, c))
    }

    /// The ids, in order.
    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &CombatantId> {
        self.0.iter().map(|(k, _)| k)
    }

    /// The combatants, in the order of their ids.
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &Combatant> {
        self.0.iter().map(|(_, c)| c)
    }

    /// The combatants, to change, in the order of their ids.
    pub fn values_mut(&mut self) -> impl DoubleEndedIterator<Item = &mut Combatant> {
        self.0.iter_mut().map(|(_, c)| c)
    }

    /// How many there are.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there is nobody.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl<'a> IntoIterator for &'a Roster {
    type Item = (&'a CombatantId, &'a Combatant);
    type IntoIter = std::iter::Map<
        std::slice::Iter<'a, (CombatantId, Combatant)>,
        fn(&'a (CombatantId, Combatant)) -> (&'a CombatantId, &'a Combatant),
    >;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter().map(|(k, c)| (k, c))
    }
}

impl Serialize for Roster {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.iter())
    }
}

impl<'de> Deserialize<'de> for Roster {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let map = std::collections::BTreeMap::<CombatantId, Combatant>::deserialize(d)?;
        Ok(Roster(map.into_iter().collect()))
    }
}

impl std::ops::Index<&CombatantId> for Roster {
    type Output = Combatant;

    /// The combatant `id`; panics if there is none, as a map's index does.
    fn index(&self, id: &CombatantId) -> &Combatant {
        match self.get(id) {
            Some(c) => c,
            None => panic!("no combatant {id} in the roster"),
        }
    }
}
