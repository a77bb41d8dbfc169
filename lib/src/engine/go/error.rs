//! The errors of the Go engine.

/// A Go position, point, board size or count the Go engine cannot take.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GoError {}
