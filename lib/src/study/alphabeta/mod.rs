//! The alpha-beta study: Monte Carlo experiments, Newborn's table, depths,
//! real game trees, tic-tac-toe and work units.
//!
//! - [`experiment`]: Monte Carlo over many random trees with rayon and an
//!   HDR histogram.
//! - [`batches`]: the experiment split into batches of trees that merge
//!   exactly, for checkpoints and shards.
//! - [`records`]: the records of one experiment and one exact expectation.
//! - [`depths`]: leaves against depth for each order, beyond the book.
//! - [`deep_exact`]: exact F2 and F1 at depth 4 and more, beyond Newborn.
//! - [`newborn`]: Levy's Figures 16 and 17, read from `datasets/alphabeta/`.
//! - [`real_trees`]: the chess and Kalah trees by move order.
//! - [`tictactoe`]: the full tic-tac-toe tree with Levy's orders, killer
//!   and window.

pub mod batches;
pub mod deep_exact;
pub mod depths;
pub mod experiment;
pub mod newborn;
pub mod real_trees;
pub mod records;
pub mod tictactoe;

pub use experiment::{Experiment, Precision, Sample, check_trees, run, run_adaptive, run_budget, run_reporting};
