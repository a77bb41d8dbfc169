//! How the game chapters report an engine's error: a file of its own, so
//! that the chapters and the folder's `mod.rs`, which lists their parts, do
//! not import each other.

/// The error of a game engine, as the study reports it.
pub(super) fn engine_error(what: &str, e: impl std::fmt::Display) -> crate::Error {
    crate::Error::invalid(what, e.to_string())
}
