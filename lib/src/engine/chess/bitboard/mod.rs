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
//!   numbers found by a seeded search on first use.
//! - `movegen.rs`: strictly legal generation from check and pin masks, into
//!   a sink (`sink.rs`): a move list or a bare counter (bulk counting for
//!   perft).
//!
//! # CPU features
//!
//! The code is portable Rust with no `unsafe` and no intrinsics; what the
//! compiler makes of three operations decides the speed:
//!
//! - `count_ones` (bulk counting adds the size of every target set) is one
//!   `popcnt` instruction when the target has it, and a dozen shifts, masks
//!   and a multiply on the baseline x86-64 target, which lacks it;
//! - `trailing_zeros` (iterating a set) is `tzcnt` with BMI1, `bsf`
//!   otherwise;
//! - the magic lookups need only a 64-bit multiply, present everywhere (no
//!   BMI2 `pext`).
//!
//! Runtime detection cannot pick the `popcnt` path without `unsafe`
//! (`#[target_feature]` functions are unsafe to call), and the crate forbids
//! it, so the choice is made at compile time: `RUSTFLAGS="-C
//! target-cpu=native"` (which `just bench-peers` sets) gives `popcnt` and
//! `tzcnt` on any recent x86-64, and the default build falls back to the
//! bit-trick sequences. Both builds compute the same counts; only the speed
//! differs.
//!
//! Make and unmake are incremental: a move toggles the bits of the squares
//! it touches, and unmake toggles the same bits back, so [`BitboardUndo`]
//! holds only the captured piece, the castling rights and the en passant
//! square. Copy-make ([`Board::COPY_MAKE`](super::Board::COPY_MAKE)) was tried and measured no
//! faster (the board is about 190 bytes), so the driver unmakes.
//!
//! ```
//! use plybench::engine::chess::{Board, Setup, perft, bitboard::BitboardBoard};
//!
//! let mut board = BitboardBoard::from_setup(&Setup::starting());
//! assert_eq!(perft(&mut board, 3), 8_902);
//! ```

mod attacks;
mod board;
mod magic;
mod movegen;
mod set;
mod sink;
#[cfg(test)]
mod tests;

pub use board::{BitboardBoard, BitboardUndo};
pub use set::Bitboard;
