//! Long runs in pieces: checkpoints, resumption and shards.
//!
//! A run of a splittable [`Job`] is a fixed list of work units enumerated
//! from its parameters. Each unit's result is small JSON that sums exactly,
//! so the units can be computed in any order, in any process:
//!
//! - [`run`] computes the pending units on a thread pool and records each in
//!   a [`Checkpoint`], a [`BatchFile`] rewritten atomically at most every
//!   two seconds. A [`Cancel`] handle stops it from another thread (a
//!   signal handler) with the checkpoint saved. A run given a file to
//!   resume skips the units the file has.
//! - A [`Shard`] `K/N` computes only units `i` with `i % N == K-1` and
//!   writes them to a shard file of the same format.
//! - [`merge`] checks that files hold one run (same [`run_id`]), every unit
//!   once, and sums them into what the single-machine run prints; a whole
//!   run's result goes through the same code.
//!
//! This module names no job: a batch file records its tool's name
//! ([`Job::TOOL`]), and whoever merges files passes the function that
//! finishes each tool's runs ([`merge::Finish`]).
//!
//! ```
//! use plybench::batch::{RunOptions, Shard, merge::{finish_as, merge_loaded}, run};
//! use plybench::study::perft::split::{PerftParams, PerftSplit};
//! use plybench::engine::chess::{Repr, Setup};
//!
//! // perft(3) of the initial position, split after one ply, in two shards.
//! let params = PerftParams::new(&Setup::starting(), 3, &[Repr::Bitboard], Some(1))?;
//! let shard = |k| RunOptions { shard: Some(Shard::new(k, 2).unwrap()), threads: 1, ..RunOptions::default() };
//! let one = run::<PerftSplit>(&params, &shard(1))?.file;
//! let two = run::<PerftSplit>(&params, &shard(2))?.file;
//! let finish = |_: &str, params: &serde_json::Value, units: &[_]| finish_as::<PerftSplit>(params, units);
//! let merged = merge_loaded(&[("1.json".into(), one), ("2.json".into(), two)], &finish)?;
//! let json = merged.outcome.json.expect("a perft split finishes with its JSON");
//! assert_eq!(json["results"][0]["nodes"], 8_902);
//! # Ok::<(), plybench::Error>(())
//! ```

mod cancel;
mod checkpoint;
mod error;
mod file;
mod job;
pub mod merge;
mod run;
mod shard;
#[cfg(test)]
mod tests;
mod unit;

pub use cancel::Cancel;
pub use checkpoint::Checkpoint;
pub use error::BatchError;
pub use file::{BatchFile, FORMAT, MAX_UNITS_TOTAL, canonical, run_id};
pub use job::{Job, Outcome};
pub use run::{Finished, RunOptions, run};
pub use shard::{MAX_SHARDS, Shard};
pub use unit::{Completed, Unit, UnitRecord};
