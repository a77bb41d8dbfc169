//! The alpha-beta study: Monte Carlo experiments, Newborn's table, depths
//! and work units.

pub mod batches;
pub mod depths;
pub mod experiment;
pub mod newborn;
pub mod tables;

pub use experiment::{Experiment, Precision, Sample, run, run_adaptive, run_budget};
