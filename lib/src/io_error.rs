//! Reading or writing a file failed: the file, the operation and the
//! cause. A module of its own, below [`crate::error`] and every module that
//! reads files ([`crate::bounded`]), so that none of them imports another
//! back.

use std::path::PathBuf;

/// Whether a file was being read or written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operation {
    /// Reading.
    Read,
    /// Writing (or creating, renaming, syncing).
    Write,
}

/// Reading or writing a file failed.
#[derive(Debug, thiserror::Error)]
#[error("cannot {} {}", if *.operation == Operation::Read { "read" } else { "write" }, .path.display())]
pub struct IoError {
    /// Read or write.
    pub operation: Operation,
    /// The file concerned.
    pub path: PathBuf,
    /// The underlying error.
    #[source]
    pub source: std::io::Error,
}

impl IoError {
    /// A failure to read `path`.
    pub fn read(path: impl Into<PathBuf>, source: std::io::Error) -> IoError {
        IoError { operation: Operation::Read, path: path.into(), source }
    }

    /// A failure to write `path`.
    pub fn write(path: impl Into<PathBuf>, source: std::io::Error) -> IoError {
        IoError { operation: Operation::Write, path: path.into(), source }
    }
}
