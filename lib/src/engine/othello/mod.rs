//! Othello (Reversi on the fixed Othello start) for the generic perft
//! driver ([`crate::engine::game`]): a bitboard ([`Othello`]) and a plain
//! array board ([`ArrayBoard`]), its oracle.
//!
//! A square is `a1` to `h8`, file then rank; its index is `8 × (rank − 1) +
//! file`. Which way up the board is drawn changes no count. A side without
//! a move passes when the other side has one: the pass is then its only
//! move ([`Move::PASS`]). The game ends when neither side can move: the
//! position has no move, and counts nothing deeper.
//!
//! ```
//! use plybench::engine::game::{Game, perft};
//! use plybench::engine::othello::{ArrayBoard, Othello};
//!
//! let start = Othello::start();
//! let mut moves = Vec::new();
//! start.legal_moves(&mut moves);
//! let names: Vec<String> = moves.iter().map(|&m| start.notation(m)).collect();
//! assert_eq!(names, ["d3", "c4", "f5", "e6"]);
//! assert_eq!(perft(&start, 5), perft(&ArrayBoard::start(), 5));
//! ```

mod array;
mod bitboard;
mod silent;

pub use array::ArrayBoard;
pub use bitboard::Othello;
pub use silent::SilentPass;

use std::fmt;

/// A move: a square (0 to 63) or the pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u8);

impl Move {
    /// The pass: the only move of a side without a disc to play while the
    /// other side has one.
    pub const PASS: Move = Move(64);

    /// The move on square `index` (0 = a1, 7 = h1, 63 = h8); `None` past 63.
    pub fn square(index: u8) -> Option<Move> {
        (index < 64).then_some(Move(index))
    }

    /// The square's index, `None` for the pass.
    pub fn index(self) -> Option<u8> {
        (self.0 < 64).then_some(self.0)
    }

    /// Reads `a1` to `h8` (either case) or `pass`.
    ///
    /// ```
    /// use plybench::engine::othello::Move;
    ///
    /// assert_eq!(Move::parse("c4"), Move::square(26));
    /// assert_eq!(Move::parse("PASS"), Some(Move::PASS));
    /// assert_eq!(Move::parse("i9"), None);
    /// ```
    pub fn parse(text: &str) -> Option<Move> {
        let text = text.trim().to_ascii_lowercase();
        if text == "pass" {
            return Some(Move::PASS);
        }
        let bytes = text.as_bytes();
        if bytes.len() != 2 || !(b'a'..=b'h').contains(&bytes[0]) || !(b'1'..=b'8').contains(&bytes[1]) {
            return None;
        }
        Move::square((bytes[1] - b'1') * 8 + (bytes[0] - b'a'))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.index() {
            Some(i) => write!(f, "{}{}", char::from(b'a' + i % 8), char::from(b'1' + i / 8)),
            None => f.write_str("pass"),
        }
    }
}

/// The discs of the standard Othello start: White on d4 and e5, Black on
/// d5 and e4; Black moves first.
pub const START_BLACK: u64 = 1 << 28 | 1 << 35;
/// See [`START_BLACK`].
pub const START_WHITE: u64 = 1 << 27 | 1 << 36;

/// The table key of a position: the two colours' discs and the side to
/// move, mixed by a bijective 64-bit finaliser (the position has 128 bits
/// and a side; any two keys that collide are told apart by nothing, as with
/// Zobrist keys, and a 64-bit key makes that rare enough for perft).
pub fn key(black: u64, white: u64, black_to_move: bool) -> u64 {
    let side = if black_to_move { 0x9E37_79B9_7F4A_7C15 } else { 0xC2B2_AE3D_27D4_EB4F };
    mix(black ^ mix(white ^ side))
}

/// MurmurHash3's 64-bit finaliser: a bijection that spreads every bit.
fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    x ^= x >> 33;
    x = x.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
    x ^ x >> 33
}

/// The eight symmetries of the square: `symmetry` 0 to 7 maps `square` (0
/// to 63): bit 0 mirrors the files, bit 1 the ranks, bit 2 swaps files and
/// ranks.
pub fn transform_square(square: u8, symmetry: u8) -> u8 {
    let (mut file, mut rank) = (square % 8, square / 8);
    if symmetry & 4 != 0 {
        std::mem::swap(&mut file, &mut rank);
    }
    if symmetry & 1 != 0 {
        file = 7 - file;
    }
    if symmetry & 2 != 0 {
        rank = 7 - rank;
    }
    rank * 8 + file
}

/// `discs` under [`transform_square`]'s `symmetry`.
pub fn transform(discs: u64, symmetry: u8) -> u64 {
    (0..64u8).filter(|&s| discs >> s & 1 != 0).fold(0, |t, s| t | 1 << transform_square(s, symmetry))
}

#[cfg(test)]
mod tests;
