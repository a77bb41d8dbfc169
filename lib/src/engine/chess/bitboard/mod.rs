//! Bitboards: the board as twelve 64-bit sets, one per colour and kind of
//! piece, with sliding attacks by magic multiplication.
//!
//! Bit `i` of a set stands for square `i` (a1 = 0 .. h8 = 63), the neutral
//! numbering, so squares need no translation. Beside the twelve piece sets
//! the board keeps the occupancy of each colour and of both, and a 64-byte
//! mailbox naming the kind of piece on each square, so that make/unmake
//! finds a captured piece without searching the sets.
//!
//! - [`Bitboard`] (`set.rs`): a square set with iteration.
//! - `board.rs`: the board, make and unmake.
//! - `attacks.rs`: knight, king and pawn attacks and the squares between and
//!   the lines through two squares, all computed at compile time.
//! - `magic.rs`: rook and bishop attacks by magic bitboards, their magic
//!   numbers found by a seeded search on first use: for the board's own
//!   methods (the like-for-like driver, the search) and for counts on CPUs
//!   without BMI2.
//! - `pext.rs`: rook and bishop attacks by BMI2's `pext`, their table built
//!   at compile time, for the BMI2 flavour of a count only.
//! - `movegen.rs`: strictly legal generation from check and pin masks, into
//!   a sink (`sink.rs`): a move list or a bare counter (bulk counting for
//!   perft), or (`children.rs`) a player of each move as it is found
//!   (perft's inner nodes).
//!
//! # CPU features
//!
//! Three operations decide the speed, and what the compiler makes of them
//! depends on the instructions it may use:
//!
//! - `count_ones` (bulk counting adds the size of every target set) is one
//!   `popcnt` instruction when allowed, and a dozen shifts, masks and a
//!   multiply on the baseline x86-64 target, which lacks it;
//! - `trailing_zeros` (iterating a set) is BMI1's `tzcnt` when allowed,
//!   `bsf` otherwise;
//! - slider attacks are magic lookups (`magic.rs`: a 64-bit multiply,
//!   present everywhere), or BMI2 `pext` lookups (`pext.rs`).
//!
//! The default build targets baseline x86-64, so the counting code is
//! compiled more than once: a portable flavour, a `popcnt` flavour and a
//! `popcnt` + BMI1 + BMI2 flavour that also swaps the magic lookups for
//! `pext` ones. The perft drivers detect the CPU once at the top of a
//! count and run the fastest flavour it supports
//! ([`crate::engine::chess::cpu`], the one module with the `unsafe` this
//! needs). The generator is generic over where slider attacks come from
//! and is inlined into each flavour's recursive driver, so none of this
//! costs anything per node. With `RUSTFLAGS="-C target-cpu=native"`
//! every flavour gets the native instructions anyway. Every flavour
//! computes the same counts (a test runs each one the CPU supports); only
//! the speed differs. `reports/profiles/bitboard.md` has the measurements.
//!
//! Make and unmake are incremental: a move toggles the bits of the squares
//! it touches, and unmake toggles the same bits back, so [`BitboardUndo`]
//! holds only the captured piece, the castling rights and the en passant
//! square. Copy-make ([`Board::COPY_MAKE`](super::Board::COPY_MAKE)) was tried twice and
//! measured no faster: with this board of about 190 bytes, and with a
//! board of 128 bytes without the mailbox (1.03 to 1.13 times the time:
//! finding the moving and the captured piece in the sets cost more than
//! the copy saved), so the driver unmakes. Perft's inner nodes list no
//! moves: the generator hands its target sets to a sink that plays each
//! move as it comes, moves of one piece by a path that needs no move kind
//! decoded (`play_plain`), and takes it back
//! ([`Board::sum_children_in`](super::Board::sum_children_in)).
//!
//! ```
//! use plybench::engine::chess::{Board, Setup, perft, bitboard::BitboardBoard};
//!
//! let mut board = BitboardBoard::from_setup(&Setup::starting());
//! assert_eq!(perft(&mut board, 3), 8_902);
//! ```

mod attacks;
mod board;
mod children;
mod magic;
mod movegen;
mod pext;
mod set;
mod sink;
#[cfg(test)]
mod tests;

pub use board::{BitboardBoard, BitboardUndo};
pub use set::Bitboard;
