//! Scratch PostgreSQL databases for tests (the `testing` feature). The
//! store's, the server's and the command line's PostgreSQL tests each run on
//! a fresh database of the server `NANITE_TEST_POSTGRES` names
//! (`postgres://user@host:port/db`), so that no test sees another's streams;
//! without the variable they are skipped, and say so.

use std::sync::atomic::{AtomicU32, Ordering};

/// A name no other test or test process takes, for a scratch database or
/// file: `{prefix}_{process}_{count}_{nanos}`.
pub fn unique(prefix: &str) -> String {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    format!(
        "{prefix}_{}_{}_{nanos}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    )
}

/// A fresh, empty database on the server `NANITE_TEST_POSTGRES` names, as
/// the URL that opens it; `None` when the variable is unset (the caller
/// skips its test and says so, [`say_once`]). Its name is [`unique`].
///
/// # Panics
///
/// When the named server cannot be reached or refuses the database: a test
/// given a server must fail, not pass without it.
pub async fn fresh_postgres(prefix: &str) -> Option<String> {
    let admin = std::env::var("NANITE_TEST_POSTGRES").ok()?;
    let name = unique(prefix);
    let pool = sqlx::PgPool::connect(&admin)
        .await
        .expect("the PostgreSQL test server");
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
        .execute(&pool)
        .await
        .expect("a fresh database");
    pool.close().await;
    let base = admin.rsplit_once('/').map_or(admin.as_str(), |(b, _)| b);
    Some(format!("{base}/{name}"))
}

/// Writes `note` to standard error, once a test process: past the test
/// harness's capture, so that a passing run says what it skipped.
pub fn say_once(note: &str) {
    static SAID: std::sync::Once = std::sync::Once::new();
    SAID.call_once(|| {
        use std::io::Write;
        let _ = writeln!(std::io::stderr(), "{note}");
    });
}
