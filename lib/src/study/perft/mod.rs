//! The chess perft study: published counts and statistics, suites, the
//! speed of the representations, deep counts and work units.

pub mod bench;
pub mod deep;
pub mod published;
pub mod results;
pub mod split;
pub mod suite;
pub mod timing;
