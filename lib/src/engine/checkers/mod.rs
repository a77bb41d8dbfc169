//! English draughts (checkers): perft in three board representations, and
//! the replay of game records.
//!
//! Sources: A. G. Bell, *Games Playing with Computers* (1972), §3.2
//! "Draughts"; D. R. Cochran, *A Checker-Playing Program* (1971), §V.C and
//! Appendix A.
//!
//! - [`Position`], [`Square`], [`Move`]: shared by every representation;
//!   positions are written in PDN FEN, squares in the standard numbering
//!   or in Cochran's modified one ([`Numbering`]).
//! - [`Board`]: the interface, implemented by [`bell_table::TableBoard`]
//!   (Bell's Fig. 3.8 with an explicit capture stack),
//!   [`samuel::SamuelBoard`] (Samuel's 36-bit words with ghost squares) and
//!   [`bitboard::BitBoard`] (a modern 32-bit layout).
//! - [`perft()`]: the count, by the generic driver of
//!   [`crate::engine::game`] over [`Driven`] (make/unmake in place);
//!   [`Counting`] says whether the paths of a multi-capture that end in the
//!   same position count once or once per path. [`Counter`] counts the same
//!   with the driver's worker threads and perft table, keyed by [`zobrist`]
//!   keys.
//! - [`replay`]: game records, the first illegal move and its repair.
//! - [`CheckersError`]: what can go wrong, the reason without the input's
//!   name.
//!
//! The published perft counts and Cochran's games are in the study layer
//! (`study::checkers`).
//!
//! Rules: Black moves first; men move and capture forward only, kings both
//! ways, one square at a time; capture is compulsory, a multiple capture is
//! taken to its end, and a man reaching the far row is crowned and his move
//! ends.

pub mod bell_table;
pub mod bitboard;
mod board;
mod error;
mod game;
mod moves;
mod perft;
mod position;
pub mod replay;
pub mod samuel;
mod square;
pub mod zobrist;

pub use board::{Board, Counting, Repr, count_list, distinct_results};
pub use error::{CheckersError, FenProblem};
pub use game::Driven;
pub use moves::{MAX_JUMPS, Move};
pub use perft::{
    Counter, MAX_DEPTH, PerftRun, check_depth, divide, estimate, leaves_per_second, legal_moves, perft, perft_hashed,
    play, run_perft,
};
pub use position::{BLACK_CROWN, Color, Position, WHITE_CROWN};
pub use square::{Dir, Numbering, Square};
