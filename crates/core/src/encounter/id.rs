//! [`CombatantId`]: a combatant's handle, cheap to copy and compare.
//!
//! Ids are short ("vex", "drone-2") and every rule asks about them: maps of
//! combatants and of distances are searched by id, events name who did what,
//! and a simulated fight does so hundreds of thousands of times a second. So
//! an id of up to [`INLINE`] bytes is kept inside the value, not on the heap:
//! copying it allocates nothing, and comparing two is a few comparisons of
//! whole words, not a call to compare byte strings. A longer id is shared
//! behind an [`Arc`]. Either way it reads, orders, hashes, prints and
//! serializes exactly as its text.

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The longest id kept inline.
const INLINE: usize = 15;

/// A combatant's handle in an encounter: short, lower-case, unique ("vex",
/// "drone-2").
#[derive(Clone)]
pub struct CombatantId(Repr);

#[derive(Clone)]
enum Repr {
    /// A text of up to [`INLINE`] bytes.
    Inline(Inline),
    /// A longer text.
    Shared(Arc<str>),
}

/// The text's bytes, zeros after them, and its length in the last byte;
/// aligned so that each 8 bytes read as one word.
#[derive(Clone, Copy)]
#[repr(align(8))]
struct Inline([u8; INLINE + 1]);

impl Inline {
    /// The bytes as two words; `big` reads them big-endian, so that the
    /// words compare in the order the bytes do.
    #[inline]
    fn words(&self, big: bool) -> [u64; 2] {
        let word = |at: usize| {
            let mut w = [0; 8];
            w.copy_from_slice(&self.0[at..at + 8]);
            if big {
                u64::from_be_bytes(w)
            } else {
                u64::from_ne_bytes(w)
            }
        };
        [word(0), word(8)]
    }
}

impl CombatantId {
    /// The id `text`.
    pub fn new(text: &str) -> Self {
        if text.len() <= INLINE {
            let mut bytes = [0; INLINE + 1];
            bytes[..text.len()].copy_from_slice(text.as_bytes());
            bytes[INLINE] = text.len() as u8;
            CombatantId(Repr::Inline(Inline(bytes)))
        } else {
            CombatantId(Repr::Shared(Arc::from(text)))
        }
    }

    /// A number equal ids share (and different ids rarely do): a key to
    /// compare first in a list searched many times, where comparing whole
    /// ids would cost more. Inline ids give their words folded together,
    /// with no hashing.
    #[inline]
    pub fn fingerprint(&self) -> u64 {
        match &self.0 {
            Repr::Inline(inline) => {
                let [a, b] = inline.words(false);
                a ^ b.rotate_left(29)
            }
            Repr::Shared(text) => {
                let mut h = std::collections::hash_map::DefaultHasher::new();
                text.hash(&mut h);
                h.finish()
            }
        }
    }

    /// The id as text.
    #[inline]
    pub fn as_str(&self) -> &str {
        match &self.0 {
            Repr::Inline(Inline(bytes)) => {
                // Only ever filled from a `&str`, up to the length.
                std::str::from_utf8(&bytes[..usize::from(bytes[INLINE])]).unwrap_or_default()
            }
            Repr::Shared(text) => text,
        }
    }
}

impl PartialEq for CombatantId {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        match (&self.0, &other.0) {
            (Repr::Inline(a), Repr::Inline(b)) => a.words(false) == b.words(false),
            // A text of up to INLINE bytes is always inline.
            (Repr::Shared(a), Repr::Shared(b)) => a == b,
            _ => false,
        }
    }
}

impl Eq for CombatantId {}

impl Ord for CombatantId {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        match (&self.0, &other.0) {
            // Zeros pad both; where the padded bytes differ, a real byte
            // meets a real byte or padding, so the order is the texts' (a
            // prefix first); equal padded bytes leave the lengths, last.
            (Repr::Inline(a), Repr::Inline(b)) => a.words(true).cmp(&b.words(true)),
            _ => self.as_str().cmp(other.as_str()),
        }
    }
}

impl PartialOrd for CombatantId {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Hash for CombatantId {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl From<&str> for CombatantId {
    fn from(text: &str) -> Self {
        CombatantId::new(text)
    }
}

impl From<String> for CombatantId {
    fn from(text: String) -> Self {
        CombatantId::new(&text)
    }
}

impl From<&String> for CombatantId {
    fn from(text: &String) -> Self {
        CombatantId::new(text)
    }
}

impl fmt::Display for CombatantId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for CombatantId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("CombatantId").field(&self.as_str()).finish()
    }
}

impl Serialize for CombatantId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for CombatantId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = std::borrow::Cow::<'de, str>::deserialize(d)?;
        Ok(CombatantId::new(&text))
    }
}

/// A combatant's id is a string in JSON.
#[cfg(feature = "openapi")]
impl utoipa::PartialSchema for CombatantId {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .description(Some("A combatant's id in its encounter (`vex`)."))
            .into()
    }
}

#[cfg(feature = "openapi")]
impl utoipa::ToSchema for CombatantId {}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        /// Ids compare, order and read as their texts do, short or long,
        /// with odd bytes (a NUL, non-ASCII) included.
        #[test]
        fn ids_behave_as_their_texts(a in "[a-c\u{0}é-]{0,30}", b in "[a-c\u{0}é-]{0,30}") {
            let (x, y) = (CombatantId::from(a.as_str()), CombatantId::from(b.as_str()));
            prop_assert_eq!(x.as_str(), a.as_str());
            prop_assert_eq!(x == y, a == b);
            prop_assert_eq!(x.cmp(&y), a.cmp(&b));
            // Equal ids, made apart, share a fingerprint.
            prop_assert_eq!(x.fingerprint(), CombatantId::from(a.clone()).fingerprint());
            if a == b {
                prop_assert_eq!(x.fingerprint(), y.fingerprint());
            }
            prop_assert_eq!(x.clone(), x);
        }
    }

    /// No bigger than the `String` it replaced, so events and maps that
    /// hold ids grow no larger.
    #[test]
    fn an_id_is_as_small_as_a_string() {
        assert_eq!(
            std::mem::size_of::<CombatantId>(),
            std::mem::size_of::<String>()
        );
    }

    #[test]
    fn an_id_serializes_and_prints_as_its_text() {
        for text in ["vex", "", "a-long-handle-16"] {
            let id = CombatantId::from(text);
            let json = serde_json::to_string(&id).unwrap();
            assert_eq!(json, format!("\"{text}\""));
            assert_eq!(serde_json::from_str::<CombatantId>(&json).unwrap(), id);
            assert_eq!(id.to_string(), text);
            assert_eq!(format!("{id:?}"), format!("CombatantId({text:?})"));
        }
    }
}
