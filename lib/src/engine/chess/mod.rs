//! Chess perft over four board representations.
//!
//! The representations share only what is not representation: the neutral
//! [`Setup`] parsed from FEN, the [`Move`] type with its UCI notation, and
//! the perft driver, generic over [`Board`]. Each representation has its own
//! board, move generator and make/unmake:
//!
//! - [`array`](mod@array): Bell's table-driven 64-square board.
//! - [`mailbox10`]: the 10x10 extended array with a boundary value.
//! - [`x88`]: the 0x88 board.
//! - [`bitboard`]: bitboards with magic sliding attacks and legal generation from check and pin masks.
//!
//! Around them: [`dispatch`] runs the drivers on a representation chosen at
//! run time (threads, the [`PerftTable`](crate::engine::table::PerftTable), progress); [`play`] plays UCI
//! moves; [`coordinate`] reads and replays game scores in from-to notation
//! (`e2–e4`, `Nb1–c3`); [`zobrist`] keys positions; [`mate`] solves mate in N under the
//! full rules (Bell's own two-move program is [`array::bell`]). Every
//! failure is a [`ChessError`].
//!
//! ```
//! use plybench::engine::chess::{Board, Setup, perft, x88::X88Board};
//!
//! let kiwipete = Setup::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")?;
//! assert_eq!(perft(&mut X88Board::from_setup(&kiwipete), 2), 2_039);
//! # Ok::<(), plybench::Error>(())
//! ```

pub mod array;
pub mod bitboard;
mod board;
mod castles;
pub mod coordinate;
pub mod cpu;
pub mod dispatch;
mod error;
#[cfg(test)]
mod key_checks;
pub mod mailbox10;
pub mod mate;
mod moves;
mod perft;
pub mod play;
mod setup;
mod square;
mod stats;
pub mod x88;
pub mod zobrist;

pub use board::{Board, Repr};
pub use castles::{CastlePath, Castles};
pub use error::{ChessError, FenError};
pub use moves::{MAX_MOVES, Move, MoveKind, MoveList, Uci};
pub use perft::{
    SEQUENTIAL_BELOW, Split, divide, perft, perft_hashed, perft_like_for_like, perft_parallel, perft_parallel_hashed,
    perft_split, perft_stats, perft_stats_with, perft_with,
};
pub use setup::{Castling, Setup, Validation};
pub use square::{Color, ParseSquareError, Piece, Role, Square};
pub use stats::PerftStats;
