//! Shogi (Japanese chess): a move generator with drops and promotions, a
//! checked position read from and written to SFEN, and perft.
//!
//! Source of the rules: D. Levy, *Computer Gamesmanship* (1983), ch. 17,
//! and the rules of the Japan Shogi Association: the promotion zone is the
//! three furthest ranks; a pawn or lance reaching the last rank and a
//! knight reaching the last two must promote; a captured piece goes to the
//! captor's hand unpromoted and may be dropped on any empty square except
//! where it could never move, a pawn not on a file holding an unpromoted
//! pawn of its side (nifu) and not so as to mate at once (uchifuzume); no
//! move may leave the mover's king attacked.
//!
//! - [`Position`]: the board (a mailbox with walls, [`board`]), both hands,
//!   the side to move and a Zobrist key; SFEN in and out ([`START_SFEN`]).
//! - [`Move`]: two bytes, written in USI (`7g7f`, `8h2b+`, `P*5e`);
//!   [`Position::for_each_legal`] generates without allocating.
//! - [`perft()`], [`divide`]: the plain recursive count; [`Position`]
//!   implements [`crate::engine::game::Game`] for the generic driver.
//! - [`ShogiError`], [`SfenProblem`]: what can go wrong, in one line.
//!
//! The published perft counts and Levy's figures are in the study layer
//! (`study::levy::ch17`).

pub mod board;
mod error;
mod moves;
mod perft;
mod position;
mod types;

pub use error::{SfenProblem, ShogiError};
pub use moves::Move;
pub use perft::{MAX_DEPTH, divide, perft};
pub use position::{Position, START_SFEN};
pub use types::{Color, Kind, Piece, Square};
