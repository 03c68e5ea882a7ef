//! The store's errors: what went wrong, in terms a caller can act on.

use std::fmt;

/// A store error.
#[derive(Debug)]
pub struct Error {
    kind: Box<ErrorKind>,
}

/// What went wrong.
#[derive(Debug)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Someone else appended first: reload and decide again.
    Conflict {
        /// The stream.
        id: String,
        /// The version the append expected.
        expected: i64,
        /// The version the stream has.
        actual: i64,
    },
    /// No such stream.
    NoStream {
        /// The stream asked for.
        id: String,
    },
    /// The stream already exists.
    StreamExists {
        /// The stream.
        id: String,
    },
    /// The database URL cannot be used.
    BadUrl {
        /// The URL as given (without its password).
        url: String,
        /// Why.
        why: String,
    },
    /// Stored data could not be read back.
    Corrupt {
        /// What.
        what: String,
    },
    /// The database failed.
    Database(sqlx::Error),
}

impl Error {
    pub(crate) fn new(kind: ErrorKind) -> Self {
        Error {
            kind: Box::new(kind),
        }
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    /// Whether another writer got there first.
    pub fn is_conflict(&self) -> bool {
        matches!(*self.kind, ErrorKind::Conflict { .. })
    }
}

impl From<sqlx::Error> for Error {
    fn from(e: sqlx::Error) -> Self {
        Error::new(ErrorKind::Database(e))
    }
}

impl From<sqlx::migrate::MigrateError> for Error {
    fn from(e: sqlx::migrate::MigrateError) -> Self {
        Error::new(ErrorKind::Database(sqlx::Error::Migrate(Box::new(e))))
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &*self.kind {
            ErrorKind::Conflict {
                id,
                expected,
                actual,
            } => write!(
                f,
                "stream {id} is at version {actual}, not {expected}: someone else changed it first; reload and try again"
            ),
            ErrorKind::NoStream { id } => write!(f, "no stream {id}"),
            ErrorKind::StreamExists { id } => write!(f, "stream {id} already exists"),
            ErrorKind::BadUrl { url, why } => write!(f, "cannot use database {url}: {why}"),
            ErrorKind::Corrupt { what } => write!(f, "stored data cannot be read: {what}"),
            ErrorKind::Database(e) => write!(f, "database error: {e}"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &*self.kind {
            ErrorKind::Database(e) => Some(e),
            _ => None,
        }
    }
}
