//! # plybench
//!
//! Reproduces the classic published counts of game-programming literature and
//! measures board representations and search algorithms side by side.
//!
//! Each study is a module of its own:
//!
//! - [`alphabeta`]: node counts of alpha-beta on random and ordered trees
//!   (Levy 1983, Newborn, Knuth-Moore, Pearl) and on tic-tac-toe.
//! - [`batch`]: long runs in work units: checkpoints, resumption after an
//!   interruption, shards and their merge.
//! - [`checkers`]: English draughts perft in Bell's table-driven form,
//!   Samuel's 36-bit words and a modern bitboard; replay of Cochran's
//!   (1971) game records.
//! - [`kalah`]: Bell's (1972) continuation-move counts, stack depths and
//!   clearing patterns.
//!
//! Every study reports through [`report`], which renders tables as terminal
//! tables, JSON, CSV or Markdown and prints each computed figure beside its
//! published counterpart with a [`report::Verdict`].
//!
//! ```
//! use plybench::engine::kalah::{Position, count_sequences};
//!
//! // Bell's board test for three pits: pit Pi holds i counters.
//! let position = Position::board_test(3)?;
//! assert_eq!(count_sequences(&position)?, 11);
//! # Ok::<(), plybench::Error>(())
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod batch;
pub mod engine;
pub mod error;
pub mod report;
pub mod study;

pub use error::{Error, Result};
