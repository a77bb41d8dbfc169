//! # plybench
//!
//! Reproduces the classic published counts of game-programming literature and
//! measures board representations and search algorithms side by side.
//!
//! The library has two layers, and every dependency points down:
//!
//! ```text
//!   bins/ (plybench-cli)   clap, flag names, exit codes, progress bars, signals
//!          │
//!          ▼
//!   study ─┬─▶ batch       work units, checkpoints, shards (names no study)
//!          └─▶ report      tables, verdicts, formats, plots, atomic writes
//!          │
//!          ▼
//!   engine                 games, representations, perft, search
//! ```
//!
//! - [`engine`], layer 1: the games ([`engine::chess`], [`engine::checkers`],
//!   [`engine::kalah`], [`engine::tictactoe`]), the game trees and search
//!   algorithms ([`engine::search`]), and what they share: limits, memory,
//!   random numbers and the one progress callback. Engines know nothing of
//!   published figures, reports, batches, terminals or flags, and fail with
//!   errors of their own domain.
//! - [`study`], layer 2: where published figures, read from `datasets/`,
//!   meet computed ones, through [`report`] tables in which every figure
//!   stands beside its source and a [`report::Verdict`]; long runs go
//!   through the generic [`batch`].
//! - [`Error`] gathers the domain errors for the studies and the binaries.
//!
//! ```
//! use plybench::engine::kalah::{Position, count_sequences};
//!
//! // Bell's board test for three pits: pit Pi holds i counters.
//! let position = Position::board_test(3)?;
//! assert_eq!(count_sequences(&position)?, 11);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

// Unsafe code is confined to two modules: `engine::hint` (two hints about
// memory) and `engine::chess::cpu` (calls into code compiled for CPU
// features that run-time detection has found); every other use is refused.
#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod batch;
pub mod bounded;
pub mod decimal;
pub mod engine;
pub mod error;
pub mod io_error;
pub mod quote;
pub mod report;
pub mod study;

pub use error::{Error, Result};
