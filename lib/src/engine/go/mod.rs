//! Go after Bell (1972, §3.4): Zobrist's influence algorithm, move
//! generation in two representations with one perft driver, and the count
//! of legal positions by a dynamic program over the border.
//!
//! Move generation and perft:
//! - [`Size`], [`Point`] (GTP names such as K10, without I), [`Color`],
//!   [`Move`], [`MoveList`]: shared by every representation;
//! - [`Position`]: a checked position with its text form (rows of `.XO`,
//!   side to move, ko point, passes); [`sgf`]: game records in SGF;
//!   [`read_position`]: either, told apart by content;
//! - [`Board`]: the interface, implemented by [`array::ArrayBoard`]
//!   (Zobrist's bordered array) and [`bitboard::BitBoard`] (six 64-bit
//!   words per colour, shift-and-flood); [`Repr`] names them;
//! - [`perft()`]: the count under a [`Passing`] convention, by the generic
//!   driver of [`crate::engine::game`] over [`Driven`] (make/unmake in place).
//!
//! [`influence`]: Zobrist's influence map (Figs. 3.13 to 3.16).
//! [`legal`]: the count of legal positions over the border (Tromp).

pub mod array;
pub mod bitboard;
mod board;
mod error;
mod game;
pub mod influence;
pub mod legal;
mod perft;
mod point;
mod position;
mod read;
pub mod sgf;
#[cfg(test)]
mod tests;

pub use board::{Board, Passing, Repr, count_moves, generate};
pub use error::GoError;
pub use game::Driven;
pub use perft::{
    PerftRun, check_depth, divide, divide_with, estimate, leaves_per_second, legal_moves, max_depth, perft, play,
    run_perft, run_perft_with,
};
pub use point::{COLUMN_LETTERS, Color, MAX_POINTS, MAX_SIDE, Move, MoveList, Point, Size};
pub use position::Position;
pub use read::read_position;
