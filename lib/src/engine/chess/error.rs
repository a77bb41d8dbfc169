//! The errors of the chess engine.

/// What can go wrong in the chess engine. Messages give the reason only:
/// the caller adds which input it came from.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChessError {}
