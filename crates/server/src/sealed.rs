//! Sealed rolls: dice anyone can verify that do not undo secrecy.
//!
//! Revealing a play session's seed at its end let anyone re-derive every
//! die of the session, the GM's secret rolls and the blind rolls too. So a
//! session's seed `S` is never revealed. Instead:
//!
//! - Each server-side roll of the session takes a *leaf* of a binary
//!   Merkle tree of [`LEAVES`] leaves, in an order drawn from `S` (a keyed
//!   permutation), so a leaf's number says nothing of how many rolls came
//!   before it. The roll's dice come from its leaf's key,
//!   `k = SHA-256("nanite roll key" ‖ S ‖ leaf)`, as `KeyedDice(k, leaf)`.
//! - The session commits to the tree's root when it starts (its
//!   *commitment*), so the server cannot choose a key after the fact.
//! - When the session ends, the keys of the rolls everyone saw are revealed,
//!   each with its path to the root; the keys of secret rolls (the GM's, a
//!   blind or private roll, a command only the GM heard) stay sealed until
//!   the GM reveals them. A key tells nothing of any other key (SHA-256 is
//!   one-way), so a secret roll stays secret.
//!
//! Anyone can check a revealed key against the root ([`check`]) and roll
//! its dice again.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::seeds::{Seed, hex, parse_seed};

/// The tree's depth: [`LEAVES`] rolls a session.
pub(crate) const DEPTH: usize = 12;

/// How many rolls a session can seal; the next roll starts a new session.
pub(crate) const LEAVES: u64 = 1 << DEPTH;

/// The key of `leaf`'s roll in the session of `seed`.
pub(crate) fn leaf_key(seed: &Seed, leaf: u64) -> Seed {
    let mut h = Sha256::new();
    h.update(b"nanite roll key");
    h.update(seed);
    h.update(leaf.to_be_bytes());
    h.finalize().into()
}

fn leaf_hash(key: &Seed) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update([0u8]);
    h.update(key);
    h.finalize().into()
}

fn node(left: &[u8; 32], right: &[u8; 32]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update([1u8]);
    h.update(left);
    h.update(right);
    h.finalize().into()
}

/// The leaf of the session's `n`-th roll (from 0), or `None` once the
/// session's leaves are spent: a four-round Feistel permutation of the
/// leaves keyed by the seed.
pub(crate) fn leaf_of(seed: &Seed, n: u64) -> Option<u64> {
    if n >= LEAVES {
        return None;
    }
    let half = DEPTH / 2;
    let mask = (1u64 << half) - 1;
    let (mut left, mut right) = (n >> half, n & mask);
    for round in 0u8..4 {
        let mut h = Sha256::new();
        h.update(b"nanite roll order");
        h.update(seed);
        h.update([round]);
        h.update(right.to_be_bytes());
        let digest = h.finalize();
        let f = u64::from(u16::from_be_bytes([digest[0], digest[1]])) & mask;
        (left, right) = (right, left ^ f);
    }
    Some((left << half) | right)
}

/// The whole tree of a session, leaves first.
pub(crate) struct Tree {
    levels: Vec<Vec<[u8; 32]>>,
}

impl Tree {
    /// The tree of the session of `seed`.
    pub(crate) fn grow(seed: &Seed) -> Tree {
        let leaves: Vec<[u8; 32]> = (0..LEAVES)
            .map(|leaf| leaf_hash(&leaf_key(seed, leaf)))
            .collect();
        let mut levels = vec![leaves];
        while let Some(below) = levels.last().filter(|l| l.len() > 1) {
            let above = below.chunks(2).map(|p| node(&p[0], &p[1])).collect();
            levels.push(above);
        }
        Tree { levels }
    }

    /// The root, in hex: the session's commitment.
    pub(crate) fn root(&self) -> String {
        self.levels
            .last()
            .and_then(|top| top.first())
            .map_or_else(String::new, |r| hex(r))
    }

    /// `leaf`'s key with its path to the root, for everyone to check.
    pub(crate) fn open(&self, seed: &Seed, leaf: u64) -> Opened {
        let mut path = Vec::with_capacity(DEPTH);
        let mut at = usize::try_from(leaf).unwrap_or(usize::MAX);
        for level in &self.levels[..self.levels.len() - 1] {
            if let Some(sibling) = level.get(at ^ 1) {
                path.push(hex(sibling));
            }
            at /= 2;
        }
        Opened {
            leaf,
            key: hex(&leaf_key(seed, leaf)),
            path,
        }
    }
}

/// The commitment of the session of `seed`: its tree's root.
pub(crate) fn root(seed: &Seed) -> String {
    Tree::grow(seed).root()
}

/// A revealed roll key with its path to the session's root.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub(crate) struct Opened {
    /// The roll's leaf.
    pub(crate) leaf: u64,
    /// Its key, 64 hex digits.
    pub(crate) key: String,
    /// The siblings from the leaf up to the root, 64 hex digits each.
    pub(crate) path: Vec<String>,
}

/// The key `opened` reveals, if its path leads to `root`; otherwise what
/// is wrong with it.
pub(crate) fn check(root: &str, opened: &Opened) -> Result<Seed, String> {
    let leaf = opened.leaf;
    let key = parse_seed(&opened.key)
        .ok_or_else(|| format!("the key of leaf {leaf} is not 64 hex digits"))?;
    if leaf >= LEAVES || opened.path.len() != DEPTH {
        return Err(format!(
            "leaf {leaf} is not one of the {LEAVES} leaves with a path of {DEPTH} steps"
        ));
    }
    let mut at = leaf_hash(&key);
    for (depth, sibling) in opened.path.iter().enumerate() {
        let sibling = parse_seed(sibling)
            .ok_or_else(|| format!("step {depth} of leaf {leaf}'s path is not 64 hex digits"))?;
        at = if (leaf >> depth) & 1 == 0 {
            node(&at, &sibling)
        } else {
            node(&sibling, &at)
        };
    }
    if hex(&at) == root {
        Ok(key)
    } else {
        Err(format!(
            "the key revealed for leaf {leaf} does not lead to the session's commitment {root}"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_leaf_is_taken_once_in_an_order_the_seed_draws() {
        let seed = [7u8; 32];
        let mut seen = vec![false; LEAVES as usize];
        for n in 0..LEAVES {
            let leaf = leaf_of(&seed, n).unwrap();
            assert!(!seen[leaf as usize], "leaf {leaf} twice");
            seen[leaf as usize] = true;
        }
        assert_eq!(leaf_of(&seed, LEAVES), None, "a session's leaves run out");
        let first: Vec<u64> = (0..8).filter_map(|n| leaf_of(&seed, n)).collect();
        assert_ne!(first, (0..8).collect::<Vec<_>>(), "not in order");
        let other: Vec<u64> = (0..8).filter_map(|n| leaf_of(&[8u8; 32], n)).collect();
        assert_ne!(first, other, "each seed its own order");
    }

    #[test]
    fn a_revealed_key_leads_to_the_root_and_a_forged_one_does_not() {
        let seed = [3u8; 32];
        let tree = Tree::grow(&seed);
        let root = tree.root();
        assert_eq!(root, super::root(&seed));
        for leaf in [0, 1, 2, 1000, LEAVES - 1] {
            let opened = tree.open(&seed, leaf);
            assert_eq!(check(&root, &opened), Ok(leaf_key(&seed, leaf)));
            let mut forged = opened.clone();
            forged.key = hex(&[9u8; 32]);
            assert!(check(&root, &forged).is_err());
            let mut moved = opened.clone();
            moved.leaf ^= 1;
            assert!(check(&root, &moved).is_err(), "a key at another leaf");
        }
        let mut short = tree.open(&seed, 5);
        short.path.pop();
        assert!(check(&root, &short).is_err());
    }
}
