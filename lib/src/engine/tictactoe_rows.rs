//! Tic-tac-toe positions judged by their rows (Levy 1983, chapters 2-5):
//! Levy's evaluation function, the classes of moves that symmetry makes
//! alike, and the positions reachable in play, counted under the
//! conventions of Michie's MENACE.
//!
//! Squares are 1..9 in reading order (Levy's Figure 18a; his letters a..i
//! in Figure 11). X moves first. A *k-row* of a player is a line (row,
//! column or diagonal) holding k of his marks and none of his opponent's.
//! A game ends at a win or a full board.
//!
//! ```
//! use plybench::engine::tictactoe_rows::{Board, LEVY_WEIGHTS};
//!
//! let centre = Board::EMPTY.play(5)?;
//! assert_eq!(centre.rows_of(true), [4, 4, 0, 0]); // X: four 1-rows
//! assert_eq!(centre.levy_score(&LEVY_WEIGHTS), 28);
//! let p11 = centre.play(1)?;
//! assert_eq!(p11.levy_score(&LEVY_WEIGHTS), -9);
//! # Ok::<(), plybench::engine::tictactoe_rows::RowsError>(())
//! ```

use std::collections::{BTreeMap, HashSet};

use crate::engine::tictactoe::{LINES, SYMMETRIES, transform, won};

/// A move the board cannot take.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RowsError {
    /// The square is not 1..9, or not empty.
    #[error("square {square} cannot be played in {board}: squares are 1-9 and must be empty")]
    BadSquare {
        /// The square asked for.
        square: u8,
        /// The position, as [`Board`]'s `Display` writes it.
        board: String,
    },
}

/// A position: X's and O's squares as 9-bit masks, square 1 = bit 0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    /// X's squares.
    pub x: u16,
    /// O's squares.
    pub o: u16,
}

/// The weights of Levy's evaluation function, in the order of its terms:
/// own 3-rows, the opponent's 2-rows, own 2-rows, the opponent's 1-rows,
/// own 1-rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// k3, on X's 3-rows (c3).
    pub k3: i32,
    /// k2', on O's 2-rows (n2), subtracted.
    pub k2_opponent: i32,
    /// k2, on X's 2-rows (c2).
    pub k2: i32,
    /// k1', on O's 1-rows (n1), subtracted.
    pub k1_opponent: i32,
    /// k1, on X's 1-rows (c1).
    pub k1: i32,
}

/// Levy's first weights: 128, 63, 31, 15, 7.
pub const LEVY_WEIGHTS: Weights = Weights { k3: 128, k2_opponent: 63, k2: 31, k1_opponent: 15, k1: 7 };

impl Board {
    /// The empty board.
    pub const EMPTY: Board = Board { x: 0, o: 0 };

    /// Whether X is to move (as many X's as O's).
    pub fn x_to_move(&self) -> bool {
        self.x.count_ones() == self.o.count_ones()
    }

    /// The empty squares (1..9).
    pub fn empty_squares(&self) -> Vec<u8> {
        (1..=9).filter(|s| (self.x | self.o) & (1 << (s - 1)) == 0).collect()
    }

    /// The position after the side to move plays on `square` (1..9).
    pub fn play(&self, square: u8) -> Result<Board, RowsError> {
        if !(1..=9).contains(&square) || (self.x | self.o) & (1 << (square - 1)) != 0 {
            return Err(RowsError::BadSquare { square, board: self.to_string() });
        }
        let bit = 1 << (square - 1);
        Ok(if self.x_to_move() { Board { x: self.x | bit, o: self.o } } else { Board { x: self.x, o: self.o | bit } })
    }

    /// Whether a player has a line, or the board is full: the game is over.
    pub fn is_over(&self) -> bool {
        won(self.x) || won(self.o) || (self.x | self.o) == 0o777
    }

    /// Whether X (`true`) or O has a line.
    pub fn has_won(&self, x: bool) -> bool {
        won(if x { self.x } else { self.o })
    }

    /// The k-rows of X (`true`) or O, for k = 0..3: lines holding k of his
    /// marks and none of the other's.
    pub fn rows_of(&self, x: bool) -> [u32; 4] {
        let (own, other) = if x { (self.x, self.o) } else { (self.o, self.x) };
        let mut counts = [0; 4];
        for line in LINES {
            if other & line == 0 {
                counts[(own & line).count_ones() as usize] += 1;
            }
        }
        counts
    }

    /// Levy's score, from X's side: k3·c3 − k2'·n2 + k2·c2 − k1'·n1 + k1·c1.
    pub fn levy_score(&self, w: &Weights) -> i32 {
        let c = self.rows_of(true).map(|n| n as i32);
        let n = self.rows_of(false).map(|n| n as i32);
        w.k3 * c[3] - w.k2_opponent * n[2] + w.k2 * c[2] - w.k1_opponent * n[1] + w.k1 * c[1]
    }

    /// The smallest encoding of the position over the eight rotations and
    /// reflections: equal for symmetric positions, different otherwise.
    pub fn canonical(&self) -> u32 {
        SYMMETRIES
            .iter()
            .map(|s| (u32::from(transform(self.x, s)) << 9) | u32::from(transform(self.o, s)))
            .min()
            .expect("eight symmetries")
    }

    /// The moves of the side to move, grouped into classes of moves that
    /// lead to symmetric positions; each class sorted, the classes in the
    /// order of their smallest square.
    pub fn move_classes(&self) -> Vec<Vec<u8>> {
        let mut classes: BTreeMap<u32, Vec<u8>> = BTreeMap::new();
        for square in self.empty_squares() {
            let next = self.play(square).expect("an empty square");
            classes.entry(next.canonical()).or_default().push(square);
        }
        let mut list: Vec<Vec<u8>> = classes.into_values().collect();
        list.sort();
        list
    }
}

impl std::fmt::Display for Board {
    /// Three rows of `X`, `O` and `.`, separated by `/`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for s in 0..9 {
            if s > 0 && s % 3 == 0 {
                f.write_str("/")?;
            }
            let bit = 1 << s;
            f.write_str(if self.x & bit != 0 {
                "X"
            } else if self.o & bit != 0 {
                "O"
            } else {
                "."
            })?;
        }
        Ok(())
    }
}

/// Every position reachable in play from the empty board, the empty board
/// and the finished games included, each once (5,478 of them).
pub fn reachable() -> Vec<Board> {
    fn walk(b: Board, seen: &mut HashSet<Board>, out: &mut Vec<Board>) {
        if !seen.insert(b) {
            return;
        }
        out.push(b);
        if b.is_over() {
            return;
        }
        for s in b.empty_squares() {
            walk(b.play(s).expect("an empty square"), seen, out);
        }
    }
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    walk(Board::EMPTY, &mut seen, &mut out);
    out.sort();
    out
}

/// Every board whose numbers of marks could arise in play (as many X's as
/// O's, or one more), reachable or not: 3^9 boards filtered (6,046).
pub fn boards_with_legal_counts() -> Vec<Board> {
    let mut out = Vec::new();
    for code in 0..3u32.pow(9) {
        let (mut x, mut o, mut c) = (0u16, 0u16, code);
        for square in 0..9 {
            match c % 3 {
                1 => x |= 1 << square,
                2 => o |= 1 << square,
                _ => {}
            }
            c /= 3;
        }
        let (nx, no) = (x.count_ones(), o.count_ones());
        if nx == no || nx == no + 1 {
            out.push(Board { x, o });
        }
    }
    out
}

/// Which reachable positions a MENACE-like machine keeps a box for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Convention {
    /// The machine plays X (first) or O.
    pub first_player: bool,
    /// Symmetric positions share a box.
    pub symmetry: bool,
    /// Positions with a single empty square (the move is forced) get a box.
    pub forced_last_move: bool,
    /// Finished positions (a win, or a full board) with the machine to
    /// move get a box too.
    pub finished: bool,
}

impl Convention {
    /// The boxes the convention needs, by the number of marks on the board
    /// (index 0..9), and their total.
    pub fn boxes(&self, positions: &[Board]) -> ([u64; 10], u64) {
        let mut seen = HashSet::new();
        let mut by_marks = [0u64; 10];
        for b in positions {
            if b.x_to_move() != self.first_player {
                continue;
            }
            let empty = 9 - (b.x | b.o).count_ones();
            if (!self.finished && b.is_over()) || (!self.forced_last_move && empty == 1) {
                continue;
            }
            let key = if self.symmetry { b.canonical() } else { (u32::from(b.x) << 9) | u32::from(b.o) };
            if seen.insert(key) {
                by_marks[(9 - empty) as usize] += 1;
            }
        }
        (by_marks, by_marks.iter().sum())
    }
}

/// The positions of the game (reachable, unfinished unless `finished`)
/// that satisfy `keep`: a helper for claims about rows.
pub fn positions_where(positions: &[Board], finished: bool, keep: impl Fn(&Board) -> bool) -> Vec<Board> {
    positions.iter().copied().filter(|b| (finished || !b.is_over()) && keep(b)).collect()
}

/// Terminal positions (games) below `root`, counted move by move.
pub fn games_below(root: Board) -> u64 {
    if root.is_over() {
        return 1;
    }
    root.empty_squares().into_iter().map(|s| games_below(root.play(s).expect("an empty square"))).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reachable_positions_and_menace_boxes() {
        let all = reachable();
        assert_eq!(all.len(), 5478, "the known count of legal positions");
        let menace =
            Convention { first_player: true, symmetry: true, forced_last_move: false, finished: false }.boxes(&all);
        assert_eq!(menace.0[..8], [1, 0, 12, 0, 108, 0, 183, 0]);
    }

    #[test]
    fn classes_of_the_first_moves_and_replies() {
        let classes = Board::EMPTY.move_classes();
        assert_eq!(classes, vec![vec![1, 3, 7, 9], vec![2, 4, 6, 8], vec![5]]);
        assert_eq!(Board::EMPTY.play(5).unwrap().move_classes().len(), 2);
        assert_eq!(Board::EMPTY.play(1).unwrap().move_classes().len(), 5);
        assert_eq!(Board::EMPTY.play(2).unwrap().move_classes().len(), 5);
        assert!(Board::EMPTY.play(0).is_err() && Board::EMPTY.play(5).unwrap().play(5).is_err());
    }

    #[test]
    fn rows_partition_the_eight_lines() {
        for b in reachable() {
            let free = LINES.iter().filter(|&&l| (b.x & l == 0) || (b.o & l == 0)).count() as u32;
            let x = b.rows_of(true).iter().sum::<u32>();
            let o = b.rows_of(false).iter().sum::<u32>();
            let both_empty = LINES.iter().filter(|&&l| (b.x | b.o) & l == 0).count() as u32;
            assert_eq!(x + o - both_empty, free, "{b}");
        }
        assert_eq!(games_below(Board::EMPTY), 255_168);
    }
}
