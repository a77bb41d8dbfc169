//! The board-game chapters of Levy (1983) read on the engines: checkers
//! (ch. 8) on [`crate::engine::checkers`] and chess (ch. 9) on
//! [`crate::engine::chess`], every game score the chapter prints replayed
//! with [`crate::engine::chess::coordinate`].
//!
//! - [`ch08`]: the forward moves of Griffith's table, Samuel's squares.
//! - [`ch09`]: Shannon's and Levy's arithmetic on the tree, the seven game
//!   scores and the variations of the notes, the claims about positions.
//! - [`replay`]: a printed score replayed, with the readings the dataset
//!   adopts for scan damage.
//!
//! Tables: `levy_scores_ch08`, `levy_scores_ch09` (figures with verdicts)
//! and `levy_scores_ch09_replay` (one row per ply of every score and
//! variation).

pub mod ch08;
pub mod ch09;
pub mod replay;

use super::LevyPart;

/// The parts, in chapter order.
pub const PARTS: [LevyPart; 2] = [ch08::PART, ch09::PART];
