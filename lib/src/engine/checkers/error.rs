//! The errors of the checkers engine.

/// What can go wrong in the checkers engine. Messages give the reason only:
/// the caller adds which input it came from.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CheckersError {}
