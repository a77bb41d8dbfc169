//! Backgammon: positions, throws, the move generator and its oracle, and the
//! game tree with chance nodes.
//!
//! - [`position`]: the men of both sides by pip count, the side to play,
//!   the throw; the text form and its typed errors ([`BackgammonError`]).
//! - [`dice`]: the 21 distinct throws and their weights out of 36.
//! - [`movegen`]: the plays of a throw, one per distinct resulting position,
//!   under the full rules of a turn.
//! - [`oracle`]: the same set by brute force over every sequence of single
//!   steps, on a different board; it also counts the sequences.
//! - [`game`]: [`Position`] as a [`crate::engine::game::Game`] whose
//!   chance nodes have the 21 throws as moves.
//!
//! ```
//! use plybench::engine::backgammon::{Position, THROWS, movegen::plays};
//!
//! let start = Position::start();
//! let mut out = Vec::new();
//! let total: usize = THROWS.iter().map(|&d| { plays(&start, d, &mut out); out.len() }).sum();
//! assert!(total > 21);
//! ```

pub mod dice;
pub mod error;
pub mod game;
pub mod movegen;
pub mod oracle;
pub mod position;

pub use dice::{Dice, THROWS};
pub use error::BackgammonError;
pub use game::Move;
pub use position::{Position, Side};

#[cfg(test)]
mod tests;
