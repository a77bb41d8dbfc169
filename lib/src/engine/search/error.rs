//! The errors of the search engine.

/// What can go wrong in the search engine. Messages give the reason only:
/// the caller adds which input it came from.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {}
