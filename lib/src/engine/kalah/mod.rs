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
//! - [`trace`]: Bell's stack-activity figure, step by step.
//! - [`sweep`]: positions that clear entirely into the kalah.
//! - [`KalahError`]: what can go wrong, the reason without the input's name.
//!
//! Bell's published figures, and counts split into work units, are in the
//! study layer (`study::kalah`).

mod count;
mod error;
mod key;
mod memo;
mod position;
mod sow;
mod stack;
pub mod sweep;
pub mod trace;

pub use count::{Count, CountOptions, Method, SMALL_POSITION_COUNTERS, count, count_sequences, is_small};
pub use error::KalahError;
pub use position::{MAX_COUNTERS, MAX_PITS, Pit, Position, ScanOrder, parse_counts};
pub use sow::{Landing, Rules, Sown, sow};
pub use stack::Scan;
