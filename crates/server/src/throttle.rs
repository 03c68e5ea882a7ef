//! The roll limiter: a token bucket per session, so one connection cannot
//! flood the table's roll log.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;

/// Buckets by session.
pub(crate) struct Throttle {
    burst: f64,
    per_second: f64,
    buckets: Mutex<HashMap<String, Bucket>>,
}

struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Throttle {
    /// `burst` rolls at once, `per_minute` regained each minute.
    pub(crate) fn new(burst: u32, per_minute: u32) -> Self {
        Throttle {
            burst: f64::from(burst.max(1)),
            per_second: f64::from(per_minute.max(1)) / 60.0,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes one roll for `session`, or says in how many seconds one is
    /// available.
    pub(crate) fn take(&self, session: &str) -> Result<(), u64> {
        self.take_at(session, Instant::now())
    }

    fn take_at(&self, session: &str, now: Instant) -> Result<(), u64> {
        let mut buckets = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        if buckets.len() > 100_000 {
            // Forget full buckets rather than grow without bound.
            let (burst, rate) = (self.burst, self.per_second);
            buckets.retain(|_, b| b.tokens + now.duration_since(b.at).as_secs_f64() * rate < burst);
        }
        let bucket = buckets.entry(session.to_string()).or_insert(Bucket {
            tokens: self.burst,
            at: now,
        });
        let regained = now.duration_since(bucket.at).as_secs_f64() * self.per_second;
        bucket.tokens = (bucket.tokens + regained).min(self.burst);
        bucket.at = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            Ok(())
        } else {
            Err(((1.0 - bucket.tokens) / self.per_second).ceil() as u64)
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn a_burst_then_a_wait() {
        let t = Throttle::new(3, 60);
        let start = Instant::now();
        for _ in 0..3 {
            assert_eq!(t.take_at("s", start), Ok(()));
        }
        assert_eq!(t.take_at("s", start), Err(1));
        // Another session has its own bucket.
        assert_eq!(t.take_at("other", start), Ok(()));
        assert_eq!(t.take_at("s", start + Duration::from_secs(1)), Ok(()));
    }
}
