//! The chapters on games and search of Levy (1983) that need no perft: the
//! 8-puzzle and Nim (ch. 1), tic-tac-toe with Levy's evaluation function
//! (ch. 2), the bounds and counts in the text of the alpha-beta chapters
//! (ch. 3-4; Figures 14-17 and Tasks 3-4 are the `alphabeta` study's),
//! Michie's MENACE (ch. 5), and go-moku (ch. 14). Every figure is
//! recomputed by an engine ([`crate::engine::puzzle`], [`crate::engine::nim`],
//! [`crate::engine::tictactoe_rows`], [`crate::engine::gomoku`]) and set
//! beside the printed one.
//!
//! - [`ch01`]: the 8-puzzle of Figure 1, its scores and shortest solution;
//!   Nim from 7-5-3-1 solved by search and by the binary rule.
//! - [`ch02`]: the 1-ply and 2-ply searches of Figures 11 and 13, and the
//!   claims about rows behind the weights.
//! - [`ch03`]: the tic-tac-toe leaf bound, the chess and Go 4-ply
//!   estimates, the optimal-order saving, Figure 19's classes of moves.
//! - [`ch05`]: the matchboxes of MENACE under every convention.
//! - [`ch14`]: go-moku: Figure 51's threats, W1, the edge refinement, the
//!   4-ply tree.
//!
//! Tables: `levy_games_chNN`, one per part.

pub mod ch01;
pub mod ch02;
pub mod ch03;
pub mod ch05;
pub mod ch14;
mod errors;

use super::LevyPart;

/// The game chapters' parts, in chapter order.
pub const PARTS: [LevyPart; 5] = [ch01::PART, ch02::PART, ch03::PART, ch05::PART, ch14::PART];
