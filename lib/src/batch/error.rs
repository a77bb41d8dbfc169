//! The errors of batch runs.

/// What can go wrong in a batch run. Messages give the reason only: the
/// caller adds which input it came from.
#[derive(Debug, thiserror::Error)]
pub enum BatchError {}

impl BatchError {
    /// Whether the error is the user's to fix (a file from another run, a
    /// shard that does not fit) rather than the environment's.
    pub fn is_usage(&self) -> bool {
        match *self {}
    }
}
