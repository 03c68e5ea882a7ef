//! The web table in a real headless Chromium: starts the real `nanite serve`
//! on a free port over a fresh SQLite file and runs a Playwright scenario
//! against it (a GM and a player in two browser contexts): `e2e/table.mjs`,
//! a Compound X fight (screenshots of every step land in `target/e2e/`),
//! `e2e/d20.mjs`, one D20 encounter on a grid (`target/e2e/d20/`),
//! `e2e/gm.mjs`, the GM's panel on each combatant card on a phone and a
//! desktop (`target/e2e/gm/`), `e2e/station.mjs`, a Station game
//! (`target/e2e/station-*.png`), `e2e/seats.mjs`, one browser in two
//! campaigns and the "your turn" badge (`target/e2e/seats-*.png`),
//! `e2e/packs.mjs`, a campaign's own content pack uploaded, switched to and
//! shown in the compendium (`target/e2e/packs-*.png`), and
//! `e2e/chat.mjs`, chat, whispers and rolls from a sheet
//! (`target/e2e/chat-*.png`), `e2e/builders.mjs`, the Compound X and
//! D20 builders on a phone and a desktop (`target/e2e/builders/`), and
//! `e2e/dice.mjs`, physical dice in one dialog and a death save waiting
//! for its player's dice (`target/e2e/dice/`).
//! `e2e/npcs.mjs`, the NPC library, a prepared encounter started, copies
//! and the engine playing the NPCs (`target/e2e/npcs/`).
//! `e2e/map.mjs`, the Compound X battle map: a map given, a move around a
//! wall, the fog of war lifting, a grenade's blast (`target/e2e/map/`).
//! `e2e/friday.mjs`, a Friday night on a phone and a desktop at once: two
//! rounds of Compound X and of D20 with the GM's controls, chat, whispers,
//! a sheet roll, physical dice, the grid panned and zoomed, and a second
//! campaign in the same browser; it prints the phone's page heights and
//! tap counts (`target/e2e/friday/`).
//! `e2e/campaign.mjs`, a three-encounter campaign on its own pack: carried
//! wounds and rounds, death saves, rests, XP and a level-up with its
//! choices, a pack upgrade checked before the switch (`target/e2e/campaign/`).
//!
//! Without node, Chromium or `e2e/node_modules` the test prints "browser
//! tests skipped: <why>" and passes, so `cargo test` works on a bare
//! machine; with `NANITE_E2E=1` (set by `.ci/run`) a missing prerequisite
//! fails the test instead.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .nth(2)
        .expect("the workspace root")
        .to_path_buf()
}

fn chromium() -> PathBuf {
    std::env::var_os("NANITE_CHROMIUM")
        .map_or_else(|| PathBuf::from("/usr/bin/chromium"), PathBuf::from)
}

/// Why the browser test cannot run here, if it cannot.
fn missing(root: &Path) -> Option<String> {
    let node = Command::new("node")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
    if !node.is_ok_and(|s| s.success()) {
        return Some("node is not installed".into());
    }
    if !chromium().exists() {
        return Some(format!("{} is missing", chromium().display()));
    }
    if !root.join("e2e/node_modules/playwright-core").is_dir() {
        return Some("e2e/node_modules is missing (run npm ci in e2e/)".into());
    }
    None
}

/// The server, killed when dropped.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `nanite serve` over `db` and returns it with its GM link.
fn serve(db: &Path) -> (Server, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nanite"))
        .args(["serve", "--bind", "127.0.0.1:0", "--database"])
        .arg(format!("sqlite:{}", db.display()))
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("nanite serve starts");
    let stdout = child.stdout.take().expect("the server's stdout");
    let server = Server(child);
    let mut lines = BufReader::new(stdout).lines();
    let mut link = None;
    for line in lines.by_ref() {
        let line = line.expect("the server's output");
        if let Some(l) = line.strip_prefix("GM link: ") {
            link = Some(l.trim().to_string());
            break;
        }
    }
    // The server goes on printing; its output is read to the end so that
    // it never writes into a closed pipe.
    std::thread::spawn(move || for _ in lines {});
    (server, link.expect("nanite serve printed its GM link"))
}

#[test]
fn the_web_table_in_headless_chromium() {
    scenario("table.mjs", "e2e", "table");
}

#[test]
fn every_compound_x_action_from_the_page() {
    scenario("actions.mjs", "e2e/actions", "actions");
}

#[test]
fn a_d20_encounter_in_headless_chromium() {
    scenario("d20.mjs", "e2e/d20", "d20");
}

#[test]
fn the_gms_hands_on_the_tracker() {
    scenario("gm.mjs", "e2e/gm", "gm");
}

#[test]
fn the_gms_npcs_and_the_engine() {
    scenario("npcs.mjs", "e2e/npcs", "npcs");
}

#[test]
fn a_station_game_in_headless_chromium() {
    scenario("station.mjs", "e2e", "station");
}

#[test]
fn several_campaigns_in_one_browser_and_your_turn() {
    scenario("seats.mjs", "e2e", "seats");
}

#[test]
fn chat_whispers_and_sheet_rolls_in_headless_chromium() {
    scenario("chat.mjs", "e2e", "chat");
}

#[test]
fn the_builders_in_headless_chromium() {
    scenario("builders.mjs", "e2e/builders", "builders");
}

#[test]
fn a_custom_content_pack_and_its_compendium() {
    scenario("packs.mjs", "e2e", "packs");
}

#[test]
fn physical_dice_in_one_dialog() {
    scenario("dice.mjs", "e2e/dice", "dice");
}

#[test]
fn the_compound_x_battle_map() {
    scenario("map.mjs", "e2e/map", "map");
}

#[test]
fn a_friday_night_on_a_phone_and_a_desktop() {
    scenario("friday.mjs", "e2e/friday", "friday");
}

#[test]
fn a_three_encounter_campaign_on_its_own_pack() {
    scenario("campaign.mjs", "e2e/campaign", "campaign");
}

/// How many scenarios drive browsers at once. Each starts a server and two
/// or three Chromium contexts; all fourteen at once on a 2-core machine
/// starved some pages past their 30-second waits, so they queue here.
const AT_ONCE: usize = 4;

/// A place among the scenarios driving browsers now, given back when dropped.
struct Browsers;

static RUNNING: (std::sync::Mutex<usize>, std::sync::Condvar) =
    (std::sync::Mutex::new(0), std::sync::Condvar::new());

impl Browsers {
    /// Waits for a place and takes it.
    fn take() -> Browsers {
        let (count, freed) = &RUNNING;
        let mut running = count.lock().unwrap_or_else(|p| p.into_inner());
        while *running >= AT_ONCE {
            running = freed.wait(running).unwrap_or_else(|p| p.into_inner());
        }
        *running += 1;
        Browsers
    }
}

impl Drop for Browsers {
    fn drop(&mut self) {
        let (count, freed) = &RUNNING;
        *count.lock().unwrap_or_else(|p| p.into_inner()) -= 1;
        freed.notify_one();
    }
}

/// Runs `e2e/{script}` against a fresh server, its screenshots going to
/// `target/{shots}`.
fn scenario(script: &str, shots: &str, name: &str) {
    let root = workspace();
    let required = std::env::var("NANITE_E2E").is_ok_and(|v| v == "1");
    if let Some(why) = missing(&root) {
        assert!(!required, "browser tests cannot run (NANITE_E2E=1): {why}");
        // The skip is the test's output: it says why nothing ran.
        #[expect(
            clippy::print_stdout,
            reason = "the skip must be visible in cargo test's output"
        )]
        {
            println!("browser tests skipped: {why}");
        }
        return;
    }
    let _turn = Browsers::take();
    let scratch = std::env::temp_dir().join(format!("nanite-e2e-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).expect("a scratch directory");
    let (server, gm_link) = serve(&scratch.join("table.db"));
    let shots = root.join("target").join(shots);
    std::fs::create_dir_all(&shots).expect("the screenshots' directory");
    let started = Instant::now();
    let mut node = Command::new("node")
        .arg(root.join("e2e").join(script))
        .current_dir(root.join("e2e"))
        .env("NANITE_GM_LINK", &gm_link)
        .env("NANITE_SHOTS", &shots)
        .env("NANITE_CHROMIUM", chromium())
        .env("NANITE_PROFILES", scratch.join("profiles"))
        .spawn()
        .expect("node starts");
    // The scenario has its own waits; this only stops a hung browser.
    let status = loop {
        if let Some(status) = node.try_wait().expect("node runs") {
            break status;
        }
        if started.elapsed() > Duration::from_secs(300) {
            let _ = node.kill();
            panic!("the browser scenario {script} did not finish in 5 minutes");
        }
        std::thread::sleep(Duration::from_millis(200));
    };
    drop(server);
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(
        status.success(),
        "the browser scenario {script} failed ({status}); screenshots are in {}",
        shots.display()
    );
}
