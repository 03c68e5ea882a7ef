//! `nanite verify EXPORT`: checks that nobody tampered with the dice of an
//! exported campaign. Every server-side die is derived again from the play
//! sessions' revealed roll keys (see docs/server.md, "Verifiable rolls");
//! each roll that does not match, and each key that does not match its
//! commitment, is reported, and the exit code is 1. Rolls of sessions not
//! yet revealed are listed as unverifiable; physical dice are counted.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::Context as _;
use nanite_server::verify::{self, SessionStatus, Verification};

use crate::cx::Outcome;

/// Arguments of `nanite verify`.
#[derive(Debug, clap::Args)]
pub(crate) struct VerifyArgs {
    /// The export to check: the JSON `nanite export` writes.
    #[arg(value_name = "EXPORT")]
    export: PathBuf,

    /// Print the findings as JSON.
    #[arg(long)]
    json: bool,
}

/// Runs `nanite verify`.
pub(crate) fn run(args: &VerifyArgs) -> anyhow::Result<Outcome> {
    let text = std::fs::read_to_string(&args.export)
        .with_context(|| format!("cannot read {}", args.export.display()))?;
    let export = verify::read(&text).with_context(|| format!("{}", args.export.display()))?;
    let found = verify::verify(&export)?;
    let mut out = io::stdout().lock();
    if args.json {
        serde_json::to_writer_pretty(&mut out, &found)?;
        writeln!(out)?;
    } else {
        write_text(&mut out, &found)?;
    }
    Ok(if found.honest() {
        Outcome::Success
    } else {
        Outcome::Problems
    })
}

fn write_text(out: &mut impl Write, found: &Verification) -> io::Result<()> {
    for s in &found.sessions {
        let state = match (s.status, &s.seed) {
            (SessionStatus::Revealed, Some(_)) => "seed revealed, matches its commitment".into(),
            (SessionStatus::Revealed, None) => format!(
                "ended; what it revealed matches its commitment ({} roll keys)",
                s.keys
            ),
            (SessionStatus::NotRevealed, _) => "not ended yet".into(),
            (SessionStatus::SeedMismatch, _) => {
                "what it revealed does NOT match its commitment".into()
            }
            (SessionStatus::Reused, _) => "seed used twice".into(),
        };
        writeln!(
            out,
            "{} play session {}: commitment {}: {state}",
            s.stream, s.session, s.commitment
        )?;
    }
    for f in &found.mismatches {
        writeln!(out, "MISMATCH {} v{}: {}", f.stream, f.version, f.message)?;
    }
    for f in &found.unverifiable {
        writeln!(
            out,
            "unverifiable {} v{}: {}",
            f.stream, f.version, f.message
        )?;
    }
    writeln!(
        out,
        "{} verified from revealed keys, {} of physical dice (not verifiable), {} unverifiable, {} not matching",
        found.verified,
        found.physical,
        found.unverifiable.len(),
        found.mismatches.len()
    )?;
    if found.honest() {
        writeln!(out, "nanite verify: no die contradicts its seed")?;
    } else {
        writeln!(
            out,
            "nanite verify: the dice were tampered with (see MISMATCH lines)"
        )?;
    }
    Ok(())
}
