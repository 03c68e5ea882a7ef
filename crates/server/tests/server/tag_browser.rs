//! A registered ruleset's page in a real headless Chromium: this server
//! registers playground tag (`crates/tag`) with its one line, listens on a
//! free port over a fresh SQLite file, creates a tag campaign and runs
//! `e2e/tag.mjs` against it (screenshots in `target/e2e/tag/`). It runs
//! with `NANITE_E2E=1` (set by `.ci/run`, which installs node, Chromium
//! and `e2e/node_modules`); otherwise it says it was skipped.

use std::path::Path;
use std::process::Command;

use super::support::{sqlite, state};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_registered_ruleset_at_the_web_table() {
    if std::env::var("NANITE_E2E").as_deref() != Ok("1") {
        // The skip is the test's output: it says why nothing ran.
        #[expect(
            clippy::print_stdout,
            reason = "the skip must be visible in cargo test's output"
        )]
        {
            println!("browser test skipped: NANITE_E2E is not 1");
        }
        return;
    }
    nanite_server::register::<nanite_tag::Tag>().unwrap();
    let state = state(&sqlite(), nanite_server::Config::default()).await;
    let made = state
        .create_campaign_under("Tag Night", "tag")
        .await
        .unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let app = nanite_server::app(state);
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .nth(2)
        .expect("the workspace root")
        .to_path_buf();
    let shots = root.join("target/e2e/tag");
    let profiles = std::env::temp_dir().join(format!("nanite-e2e-tag-{}", std::process::id()));
    let chromium = std::env::var("NANITE_CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    let link = format!("http://{address}/join/{}", made.gm_token);
    let status = tokio::task::spawn_blocking(move || {
        Command::new("node")
            .arg(root.join("e2e/tag.mjs"))
            .current_dir(root.join("e2e"))
            .env("NANITE_GM_LINK", link)
            .env("NANITE_SHOTS", &shots)
            .env("NANITE_CHROMIUM", chromium)
            .env("NANITE_PROFILES", &profiles)
            .status()
    })
    .await
    .unwrap()
    .expect("node runs (NANITE_E2E=1 needs node, Chromium and e2e/node_modules)");
    assert!(
        status.success(),
        "the browser scenario e2e/tag.mjs failed ({status}); screenshots are in target/e2e/tag"
    );
}
