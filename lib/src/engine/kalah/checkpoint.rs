//! Where a count by the dynamic program stands, so that an interrupted
//! count can go on from there: the skeletons solved, with their sums, and
//! the table on disk of the skeleton being solved.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

/// A count by the dynamic program, part done.
///
/// It names the files of a table on disk ([`RunFile`]), which must still be
/// there, as they were, for the count to go on from it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DpCheckpoint {
    /// The mover's pits, `P1` first.
    pub own: Vec<u32>,
    /// Every skeleton solved, in the order solved (chains or none).
    pub solved: Vec<SolvedSkeleton>,
    /// The skeleton being solved, from its table on disk after a pit.
    pub current: Option<PartSolved>,
    /// The most states one pit's step held so far.
    pub max_states: usize,
    /// Skeletons whose last pits were walked to fit memory so far.
    pub walked_tails: usize,
    /// Pit steps whose table went to disk so far.
    pub spilled_steps: usize,
}

/// One skeleton's sums over its chains (see `dp`). Kept as decimal
/// strings: they pass `u64`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SolvedSkeleton {
    /// The laps' sizes, in time order.
    pub laps: Vec<u32>,
    /// `#σ`.
    #[serde(with = "crate::decimal")]
    pub chains: u128,
    /// `Σ nonempty(s(σ))`.
    #[serde(with = "crate::decimal")]
    pub nonempty: u128,
    /// Chains whose last segment holds no play.
    #[serde(with = "crate::decimal")]
    pub ending_at_lap: u128,
}

/// A skeleton whose pits from `PN` down to `P(pit + 2)` are stepped.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PartSolved {
    /// The laps' sizes, in time order.
    pub laps: Vec<u32>,
    /// The index of the next pit to step (`P1` is 0).
    pub pit: usize,
    /// The table after the pits stepped, as sorted runs.
    pub runs: Vec<RunFile>,
}

/// A run of a table on disk.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunFile {
    /// The file.
    pub path: PathBuf,
    /// Its records.
    pub records: u64,
}
