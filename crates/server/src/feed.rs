//! A viewer's feed: the campaign's entries that viewer may see, numbered
//! 1, 2, 3 ... with no gaps.
//!
//! The stream numbers every entry, secret ones included (the GM's hidden
//! moves, secret rolls, whispers between others). Showing a player
//! those stream versions would show where secrets happened (a player who
//! saw entries 11 and 14 knows of two they did not see), so everything a
//! viewer is told (entries, logs, the live feed's `after=` cursor, the
//! `version` of an answer) counts only the entries that viewer sees. The
//! GM sees every entry, so the GM's numbers are the stream's.
//!
//! Which entries a viewer sees never changes once they are written (a
//! later reveal is an entry of its own), so each viewer's list of visible
//! stream versions is kept and only extended as the stream grows.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard, PoisonError};

use crate::permissions::{Role, Viewer};
use crate::table::Table;
use crate::view;

/// Who a viewer is, as far as what they see goes.
type Key = (Role, String, Option<String>);

fn key(viewer: &Viewer) -> Key {
    (viewer.role, viewer.invite.clone(), viewer.slot.clone())
}

/// Each viewer's visible entries, extended as the stream grows.
#[derive(Debug, Default)]
pub(crate) struct Numbering {
    seen: Mutex<HashMap<Key, Visible>>,
}

/// The stream versions one viewer sees.
#[derive(Debug, Default)]
struct Visible {
    /// How far the stream was looked through (a stream version).
    scanned: i64,
    /// The versions the viewer sees, in order: the viewer's entry `n` is
    /// `versions[n - 1]`.
    versions: Vec<i64>,
}

impl Table {
    /// `viewer`'s visible entries, brought up to the table's version.
    fn visible(&self, viewer: &Viewer) -> MutexGuard<'_, HashMap<Key, Visible>> {
        let mut seen = self
            .numbering
            .seen
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let v = seen.entry(key(viewer)).or_default();
        if v.scanned < self.version {
            for item in self.after(v.scanned) {
                if view::visible(item, viewer) {
                    v.versions.push(item.version);
                }
            }
            v.scanned = self.version;
        }
        seen
    }

    /// The number `viewer` knows the entry at stream `version` by: how
    /// many of the entries up to it they see.
    pub(crate) fn position(&self, viewer: &Viewer, version: i64) -> i64 {
        let seen = self.visible(viewer);
        let versions = &seen[&key(viewer)].versions;
        count(versions.partition_point(|&v| v <= version))
    }

    /// How many entries `viewer` sees: the last number they know.
    pub(crate) fn seen_by(&self, viewer: &Viewer) -> i64 {
        self.position(viewer, self.version)
    }

    /// The stream version of `viewer`'s entry number `position` (0 for
    /// none; the table's version past their last entry): where a feed
    /// resumes after the entries they say they have.
    pub(crate) fn stream_version_of(&self, viewer: &Viewer, position: i64) -> i64 {
        if position <= 0 {
            return 0;
        }
        let seen = self.visible(viewer);
        let versions = &seen[&key(viewer)].versions;
        usize::try_from(position - 1)
            .ok()
            .and_then(|i| versions.get(i).copied())
            .unwrap_or(self.version)
    }
}

fn count(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}
