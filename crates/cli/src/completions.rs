//! `nanite completions SHELL`: the completion script of a shell (bash, zsh,
//! fish, elvish, PowerShell) for every subcommand, flag and fixed choice of
//! `nanite`, written to stdout for the shell to load (README, "Shell
//! completion").

use std::io::Write;

use clap_complete::Shell;

/// Writes `shell`'s completion script for `nanite` (the command tree as
/// clap builds it) to stdout.
pub(crate) fn run(shell: Shell, mut nanite: clap::Command) -> anyhow::Result<()> {
    // Generated whole first: clap_complete panics on a failed write, and a
    // reader that stops early (`| head`) is not a failure.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut nanite, "nanite", &mut script);
    let mut out = std::io::stdout().lock();
    out.write_all(&script)?;
    out.flush()?;
    Ok(())
}
