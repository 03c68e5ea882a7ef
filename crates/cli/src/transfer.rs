//! `nanite export` and `nanite import`: campaigns out of a database as one
//! JSON file, and into a database from one. The work is the server's
//! (`nanite_server::transfer`); this module reads arguments and prints.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

/// Arguments of `nanite export`.
#[derive(Debug, Args)]
pub(crate) struct ExportArgs {
    /// The campaigns to export, by id (all of them when none is named).
    campaigns: Vec<String>,
    /// The database: `sqlite:FILE`, a file path, or `postgres://...`.
    #[arg(long, env = "DATABASE_URL", default_value = "sqlite:nanite.db")]
    database: String,
}

/// Arguments of `nanite import`.
#[derive(Debug, Args)]
pub(crate) struct ImportArgs {
    /// The file `nanite export` wrote.
    file: PathBuf,
    /// The database: `sqlite:FILE` (created if missing), a file path, or
    /// `postgres://...`.
    #[arg(long, env = "DATABASE_URL", default_value = "sqlite:nanite.db")]
    database: String,
    /// Overwrite a campaign the database already holds with the file's copy
    /// (otherwise such an import is refused and changes nothing).
    #[arg(long)]
    replace: bool,
}

/// `nanite export`: the campaigns as JSON on stdout.
pub(crate) fn export(args: &ExportArgs) -> anyhow::Result<()> {
    let export = nanite_server::transfer::export_blocking(&args.database, &args.campaigns)?;
    let mut out = std::io::stdout().lock();
    serde_json::to_writer_pretty(&mut out, &export)?;
    writeln!(out)?;
    out.flush()?;
    Ok(())
}

/// `nanite import`: the file's campaigns into the database, all or none.
pub(crate) fn import(args: &ImportArgs) -> anyhow::Result<()> {
    let export = nanite_server::transfer::read(&args.file)?;
    let imported = nanite_server::transfer::import_blocking(&args.database, &export, args.replace)?;
    let mut out = std::io::stdout().lock();
    for c in &imported.campaigns {
        writeln!(
            out,
            "{} campaign {} ({}): {} table entries, {} records",
            if c.replaced { "replaced" } else { "imported" },
            c.id,
            c.name,
            c.entries,
            c.records
        )?;
    }
    Ok(())
}
