//! Why the native code of a rule file could not be had: rustc missing,
//! the build failed, the library would not load.

use std::path::PathBuf;

/// What went wrong building or loading a rule file's native code.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NativeError {
    /// rustc could not be started.
    #[error("the native compiler needs rustc: `{}` could not be run ({why}); install Rust or give its path", .rustc.display())]
    Rustc {
        /// The rustc asked for.
        rustc: PathBuf,
        /// The system's answer.
        why: String,
    },
    /// rustc ran and refused the generated source.
    #[error("rustc could not build the rule file's native code (kept in {}): {first}", .kept.display())]
    Build {
        /// The generated source, kept for a report.
        kept: PathBuf,
        /// rustc's first error line.
        first: String,
    },
    /// The cache directory could not be written.
    #[error("the native code's cache {}: {why}", .dir.display())]
    Cache {
        /// The cache directory.
        dir: PathBuf,
        /// The system's answer.
        why: String,
    },
    /// The built library could not be loaded, or is not plybench's.
    #[error("the native library {} could not be loaded: {why}; delete it to rebuild", .path.display())]
    Load {
        /// The library.
        path: PathBuf,
        /// Why.
        why: String,
    },
    /// The native code failed where the compiled form, the reference, did
    /// not: a defect of the native compiler.
    #[error("the native code and the compiled form disagree on position `{position}` ({what}); please report it")]
    Disagree {
        /// The position.
        position: String,
        /// Which run.
        what: &'static str,
    },
}
