//! Go after Bell (1972, §3.4): Zobrist's influence algorithm, move
//! generation in two representations with one perft driver, and the count
//! of legal positions by a dynamic program over the border.

mod error;

pub use error::GoError;
pub mod influence;
pub mod legal;
