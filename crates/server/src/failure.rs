//! What stops the server from starting or a campaign from moving between
//! databases, as a type: the library's callers (the `nanite` binary, tests)
//! decide how to report it; `anyhow` stays at that edge.

use std::path::PathBuf;

/// Why the server could not start or serve, or a transfer could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    /// The database could not be opened or answered. (Its cause is the
    /// error's source: `{:#}` prints both.)
    #[error("{what}")]
    Store {
        /// What was being done.
        what: String,
        /// The store's error.
        #[source]
        source: nanite_store::Error,
    },
    /// The network or the terminal failed.
    #[error("{what}")]
    Io {
        /// What was being done.
        what: String,
        /// The system's error.
        #[source]
        source: std::io::Error,
    },
    /// A content pack built into the binary has errors (a defect of the
    /// build, never of the user's input).
    #[error("the built-in {which} content pack has errors:\n{found}")]
    SamplePack {
        /// Which ruleset's.
        which: &'static str,
        /// Every diagnostic.
        found: String,
    },
    /// The GM's first link could not be made.
    #[error("cannot prepare the GM's link: {0}")]
    Link(String),
    /// A file that is not a nanite export.
    #[error("{} is not a nanite export (made by `nanite export`)", path.display())]
    NotAnExport {
        /// The file.
        path: PathBuf,
        /// Where it stops reading.
        #[source]
        source: serde_json::Error,
    },
    /// An export or import that cannot be made as asked: a campaign not in
    /// the database, a file whose tables do not replay, a database missing.
    #[error("{0}")]
    Transfer(String),
}

impl From<nanite_store::Error> for ServerError {
    fn from(source: nanite_store::Error) -> Self {
        ServerError::Store {
            what: "the database failed".into(),
            source,
        }
    }
}

impl ServerError {
    /// A store error while doing `what`.
    pub(crate) fn store(what: impl Into<String>) -> impl FnOnce(nanite_store::Error) -> Self {
        let what = what.into();
        move |source| ServerError::Store { what, source }
    }

    /// An I/O error while doing `what`.
    pub(crate) fn io(what: impl Into<String>) -> impl FnOnce(std::io::Error) -> Self {
        let what = what.into();
        move |source| ServerError::Io { what, source }
    }
}
