//! The errors of the kalah engine.

/// What can go wrong in the kalah engine. Messages give the reason only:
/// the caller adds which input it came from.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KalahError {}
