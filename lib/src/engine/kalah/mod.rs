//! Kalah: Bell's continuation-move counts, stack depths and clearing
//! patterns.
//!
//! Source: A. G. Bell, *Games Playing with Computers* (1972), chapter 3,
//! section 3.3 "Kalah".
//!
//! - [`Position`] and [`Pit`]: the mover's pits, written `PN,…,P1` as Bell
//!   draws them.
//! - [`sow()`]: one move on a two-sided board, with or without captures
//!   ([`Rules`]); every count below is built on it.
//! - [`count()`]: move sequences, distinct terminal positions and the stack
//!   height of each [`ScanOrder`], by Bell's explicit stack or by
//!   memoization ([`Method`]).
//! - [`estimate()`]: the sequences, rows of pits, memory and time of a
//!   count, worked out before it starts, and the refusal of a count that
//!   could not finish ([`Estimate::check`]).
//! - [`trace`]: Bell's stack-activity figure, step by step.
//! - [`continuations`]: every move sequence of a position, with the pits
//!   played and the board it ends on.
//! - [`sweep`]: positions that clear entirely into the kalah.
//! - [`KalahError`]: what can go wrong, the reason without the input's name.
//!
//! Bell's published figures, and counts split into work units, are in the
//! study layer (`study::kalah`).

mod checkpoint;
pub mod continuations;
mod count;
mod dp;
mod error;
mod estimate;
mod key;
mod memo;
mod position;
mod sow;
mod stack;
pub mod sweep;
pub mod trace;

pub use checkpoint::{DpCheckpoint, PartSolved, RunFile, SolvedSkeleton};
pub use count::{
    Count, CountOptions, LapStats, Method, SMALL_POSITION_COUNTERS, count, count_on_disk, count_sequences, is_small,
};
pub use dp::{CHECKPOINT_STATES, MAX_DP_SECONDS, MAX_SKELETONS, OnDisk, Save};
pub use error::KalahError;
pub use estimate::{Basis, Estimate, MAX_STACK_SEQUENCES, MEMO_ROWS_PER_SECOND, STACK_SEQUENCES_PER_SECOND, estimate};
pub use position::{MAX_COUNTERS, MAX_PITS, Pit, Position, ScanOrder, parse_counts};
pub use sow::{Landing, Rules, Sown, sow};
pub use stack::Scan;
