//! The chess perft study: published counts and statistics, suites, the
//! speed of the representations, deep counts and work units, and the check
//! of another program's counts (`perft check`); Bell's two-move mate
//! program and the full-rules mate solver on published problems (`mate`).

pub mod bench;
pub mod check;
pub mod deep;
pub mod eppstein;
pub mod mate;
pub mod program;
pub mod program_error;
pub mod published;
pub mod results;
pub mod split;
pub mod suite;
pub mod timing;
