//! The library's error type.
//!
//! Every fallible public function returns [`Result`]. Each variant's message
//! is one line that names the problem and, where there is one, the fix, so a
//! binary can print it as it is.

use std::path::PathBuf;

/// Everything that can go wrong in plybench.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Input given by the user (a position, a size, an option value) is not
    /// acceptable. `what` names the input, `why` says what is wrong with it and
    /// how to fix it.
    #[error("invalid {what}: {why}")]
    InvalidInput {
        /// The name of the input, e.g. `--position`.
        what: String,
        /// What is wrong, and how to put it right.
        why: String,
    },
    /// A requested computation would not fit: a count past the integer type,
    /// or a size past the limits the algorithm supports.
    #[error("too large: {0}")]
    TooLarge(String),
    /// Reading or writing a file failed.
    #[error("cannot write {path}: {source}")]
    Io {
        /// The file concerned.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// A dataset shipped with plybench could not be read. This is a bug in
    /// the repository, not in the input.
    #[error("dataset {name} is malformed: {why}")]
    Dataset {
        /// The dataset's file name.
        name: &'static str,
        /// What is wrong with it.
        why: String,
    },
}

impl Error {
    /// Shorthand for [`Error::InvalidInput`].
    pub fn invalid(what: impl Into<String>, why: impl Into<String>) -> Self {
        Error::InvalidInput { what: what.into(), why: why.into() }
    }

    /// Whether the error is the user's to fix (bad input, a size that cannot
    /// fit) rather than the environment's. Binaries exit with status 2 for
    /// these and 1 for the others.
    pub fn is_usage(&self) -> bool {
        matches!(self, Error::InvalidInput { .. } | Error::TooLarge(_))
    }
}

/// `Result` with [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;
