//! Long runs in pieces: checkpoints, resumption and shards.
//!
//! A run of a splittable [`Study`] is a fixed list of work units enumerated
//! from its parameters. Each unit's result is small JSON that sums exactly,
//! so the units can be computed in any order, in any process:
//!
//! - [`run`] computes the pending units on a thread pool and records each in
//!   a [`Checkpoint`], a [`BatchFile`] rewritten atomically at most every
//!   two seconds; SIGINT and SIGTERM save it and exit with status 130
//!   ([`signal`]). `--resume FILE` skips the units the file has.
//! - `--shard K/N` ([`Shard`]) computes only units `i` with `i % N == K-1`
//!   and writes them to a shard file of the same format.
//! - [`merge`] checks that files hold one run (same [`run_id`]), every unit
//!   once, and sums them into what the single-machine run prints; a whole
//!   run's result goes through the same code.
//!
//! ```
//! use plybench::batch::{RunOptions, Shard, merge::merge_loaded, run};
//! use plybench::study::perft::split::{PerftParams, PerftSplit};
//! use plybench::engine::chess::{Repr, Setup};
//!
//! // perft(3) of the initial position, split after one ply, in two shards.
//! let params = PerftParams::new(&Setup::starting(), 3, &[Repr::Bitboard], Some(1))?;
//! let shard = |k| RunOptions { shard: Some(Shard::new(k, 2).unwrap()), threads: 1, ..RunOptions::default() };
//! let one = run::<PerftSplit>(&params, &shard(1))?.file;
//! let two = run::<PerftSplit>(&params, &shard(2))?.file;
//! let merged = merge_loaded(&[("1.json".into(), one), ("2.json".into(), two)])?;
//! assert_eq!(merged.outcome.json["results"][0]["nodes"], 8_902);
//! # Ok::<(), plybench::Error>(())
//! ```

mod checkpoint;
mod error;
mod file;
pub mod merge;
mod run;
mod shard;
pub mod signal;
mod study;
mod unit;

pub use checkpoint::Checkpoint;
pub use error::BatchError;
pub use file::{BatchFile, FORMAT, MAX_UNITS_TOTAL, canonical, run_id};
pub use run::{Finished, MAX_THREADS, RunOptions, run};
pub use shard::{MAX_SHARDS, Shard};
pub use study::{Outcome, Study, Tool};
pub use unit::{Completed, Unit, UnitRecord};
