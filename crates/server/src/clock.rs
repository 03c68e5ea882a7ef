//! The server's clock: the system's time, plus an offset a test may
//! advance, so session expiry is tested without waiting.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// What time it is for the server: the system clock, moved on by
/// [`Clock::advance`] (tests only ever move it forward).
#[derive(Clone, Debug, Default)]
pub struct Clock {
    ahead_ms: Arc<AtomicU64>,
}

impl Clock {
    /// Milliseconds since the Unix epoch.
    pub fn now_ms(&self) -> u64 {
        let system = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX));
        system.saturating_add(self.ahead_ms.load(Ordering::Relaxed))
    }

    /// Moves this clock (and every clone of it) `by` into the future.
    pub fn advance(&self, by: Duration) {
        let ms = u64::try_from(by.as_millis()).unwrap_or(u64::MAX);
        self.ahead_ms.fetch_add(ms, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_advanced_clock_is_ahead_in_every_clone() {
        let clock = Clock::default();
        let copy = clock.clone();
        let before = copy.now_ms();
        clock.advance(Duration::from_secs(3600));
        assert!(copy.now_ms() >= before + 3_600_000);
    }
}
