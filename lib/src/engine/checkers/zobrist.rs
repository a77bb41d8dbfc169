//! Zobrist keys of checkers positions, for the perft table
//! ([`PerftTable`](crate::engine::table::PerftTable)).
//!
//! A key is the xor of one random word per piece on its square (black man,
//! black king, white man, white king) and one for White to move. The words
//! are drawn at compile time by SplitMix64 from a fixed seed, so a key is the
//! same on every machine and in every run.
//!
//! A move changes few squares: its start and end, the pieces it captures,
//! and a crowned man. [`change`] xors in exactly the pieces that differ
//! between two positions, so a key can be kept up to date move by move. The
//! perft driver (the generic one of [`crate::engine::game`], over
//! [`Driven`](super::Driven)) computes the key of each position it looks up
//! instead: it needs one only at nodes with two plies or more left.
//!
//! ```
//! use plybench::engine::checkers::{Position, legal_moves, play, Repr};
//! use plybench::engine::checkers::zobrist::{change, key};
//!
//! let start = Position::start();
//! for mv in legal_moves(Repr::Bitboard, &start) {
//!     let next = play(&start, &mv);
//!     assert_eq!(key(&start) ^ change(&start, &next), key(&next));
//! }
//! ```

use super::{Color, Position};

/// The piece classes, in key order.
const CLASSES: usize = 4;

/// SplitMix64's step: the state advanced and its output.
const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// One word per class and square, then the side word.
const KEYS: [u64; CLASSES * 32 + 1] = {
    let mut keys = [0; CLASSES * 32 + 1];
    // "draughts" in ASCII.
    let mut state = 0x6472_6175_6768_7473;
    let mut i = 0;
    while i < keys.len() {
        let (next, word) = splitmix(state);
        state = next;
        keys[i] = word;
        i += 1;
    }
    keys
};

/// The word for White to move.
const WHITE_TO_MOVE: u64 = KEYS[CLASSES * 32];

/// The four piece sets of `p`: black men, black kings, white men, white kings.
#[inline]
fn classes(p: &Position) -> [u32; CLASSES] {
    [p.black & !p.kings, p.black & p.kings, p.white & !p.kings, p.white & p.kings]
}

/// The xor of the words of the pieces in `sets`.
#[inline]
fn pieces(sets: [u32; CLASSES]) -> u64 {
    let mut key = 0;
    for (class, mut set) in sets.into_iter().enumerate() {
        while set != 0 {
            key ^= KEYS[class * 32 + set.trailing_zeros() as usize];
            set &= set - 1;
        }
    }
    key
}

/// The key of `p`.
pub fn key(p: &Position) -> u64 {
    let side = if p.side == Color::White { WHITE_TO_MOVE } else { 0 };
    pieces(classes(p)) ^ side
}

/// What turns the key of `before` into the key of `after`: the words of the
/// pieces that differ between them, and the side word if the side to move
/// differs. For a move, only a handful of squares.
#[inline]
pub fn change(before: &Position, after: &Position) -> u64 {
    let (b, a) = (classes(before), classes(after));
    let side = if before.side == after.side { 0 } else { WHITE_TO_MOVE };
    pieces([b[0] ^ a[0], b[1] ^ a[1], b[2] ^ a[2], b[3] ^ a[3]]) ^ side
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::checkers::Board;
    use crate::engine::checkers::bitboard::BitBoard;

    #[test]
    fn the_words_are_distinct_and_not_zero() {
        let mut words = KEYS.to_vec();
        words.sort_unstable();
        words.dedup();
        assert_eq!(words.len(), KEYS.len());
        assert!(!words.contains(&0));
    }

    #[test]
    fn the_side_to_move_changes_the_key() {
        let black = Position::start();
        let white = Position { side: Color::White, ..black };
        assert_eq!(key(&black) ^ key(&white), WHITE_TO_MOVE);
    }

    #[test]
    fn keys_follow_random_games_move_by_move() {
        // Captures, multiple captures and crownings all occur in a few
        // hundred random games; the incremental key must never drift.
        let mut state = 7u64;
        for _ in 0..300 {
            let mut position = Position::start();
            let mut running = key(&position);
            let mut moves = Vec::new();
            for _ in 0..150 {
                let mut board = BitBoard::from_position(&position);
                board.generate(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let (next_state, r) = splitmix(state);
                state = next_state;
                board.make(&moves[(r % moves.len() as u64) as usize]);
                let next = board.position();
                running ^= change(&position, &next);
                position = next;
                assert_eq!(running, key(&position), "{position}");
            }
        }
    }
}
