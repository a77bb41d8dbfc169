//! Go-moku (five in a row) on a square board, with the counts of Levy's
//! evaluation function (1983, ch. 14).
//!
//! Points are named as on a Go board: a column letter, `A` to `T` without
//! `I`, and a row number from 1 at the bottom (Levy's `E1`, `J5`, `N7`).
//! A *window* is a line of five points in one of the four directions
//! (horizontal, vertical and the two diagonals); a run of a player's stones
//! *can be extended* to five when some window holds the run and no enemy
//! stone. Levy's W_k (B_k) counts White's (Black's) unbroken runs of k
//! stones that can be extended, once per direction.
//!
//! ```
//! use plybench::engine::gomoku::{Board, Stone};
//!
//! let mut board = Board::new(19)?;
//! board.place("D1".parse()?, Stone::White)?;
//! assert_eq!(board.features(Stone::White)[1], 3); // W1: three directions
//! board.place("E1".parse()?, Stone::Black)?; // cuts every horizontal window through D1
//! assert_eq!(board.features(Stone::White)[1], 2);
//! # Ok::<(), plybench::engine::gomoku::GomokuError>(())
//! ```

use std::fmt;
use std::str::FromStr;

/// A board, point or stone go-moku cannot take.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GomokuError {
    /// Not a point name.
    #[error("`{0}` is not a point: write a column letter A-T without I, then a row number (`E1`, `J5`)")]
    BadPoint(String),
    /// Outside the board.
    #[error("point {point} is off a {size}×{size} board")]
    OffBoard {
        /// The point.
        point: String,
        /// The board's size.
        size: usize,
    },
    /// Already occupied.
    #[error("point {0} is already occupied")]
    Occupied(String),
    /// A board size this engine does not take.
    #[error("a board of size {0} cannot be used: sizes are 5 to 19")]
    BadSize(usize),
}

/// The column letters of a Go board: no `I`.
const COLUMNS: &str = "ABCDEFGHJKLMNOPQRST";

/// The four directions of a line: horizontal, vertical, and the two
/// diagonals (up-right, up-left), as (column, row) steps.
pub const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (-1, 1)];

/// A point: column and row from 0 (`A1` is (0, 0)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Column, 0 for `A`.
    pub col: usize,
    /// Row, 0 for row 1.
    pub row: usize,
}

impl FromStr for Point {
    type Err = GomokuError;

    fn from_str(text: &str) -> Result<Point, GomokuError> {
        let bad = || GomokuError::BadPoint(text.to_owned());
        let mut chars = text.trim().chars();
        let letter = chars.next().ok_or_else(bad)?.to_ascii_uppercase();
        let col = COLUMNS.find(letter).ok_or_else(bad)?;
        let row: usize = chars.as_str().parse().map_err(|_| bad())?;
        if row == 0 {
            return Err(bad());
        }
        Ok(Point { col, row: row - 1 })
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = COLUMNS.as_bytes().get(self.col).map_or('?', |&b| b as char);
        write!(f, "{letter}{}", self.row + 1)
    }
}

/// A stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stone {
    /// Black, who moves first.
    Black,
    /// White.
    White,
}

impl Stone {
    /// The other colour.
    pub fn other(self) -> Stone {
        match self {
            Stone::Black => Stone::White,
            Stone::White => Stone::Black,
        }
    }
}

/// A square board of `size` × `size` points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    size: usize,
    points: Vec<Option<Stone>>,
}

impl Board {
    /// An empty board.
    pub fn new(size: usize) -> Result<Board, GomokuError> {
        if !(5..=19).contains(&size) {
            return Err(GomokuError::BadSize(size));
        }
        Ok(Board { size, points: vec![None; size * size] })
    }

    /// The board's size.
    pub fn size(&self) -> usize {
        self.size
    }

    fn on_board(&self, col: i32, row: i32) -> bool {
        (0..self.size as i32).contains(&col) && (0..self.size as i32).contains(&row)
    }

    /// The stone on `point`, if any (`None` off the board too).
    pub fn at(&self, point: Point) -> Option<Stone> {
        if point.col < self.size && point.row < self.size {
            self.points[point.row * self.size + point.col]
        } else {
            None
        }
    }

    fn at_signed(&self, col: i32, row: i32) -> Option<Option<Stone>> {
        self.on_board(col, row).then(|| self.points[row as usize * self.size + col as usize])
    }

    /// Places `stone` on the empty `point`.
    pub fn place(&mut self, point: Point, stone: Stone) -> Result<(), GomokuError> {
        if point.col >= self.size || point.row >= self.size {
            return Err(GomokuError::OffBoard { point: point.to_string(), size: self.size });
        }
        let cell = &mut self.points[point.row * self.size + point.col];
        if cell.is_some() {
            return Err(GomokuError::Occupied(point.to_string()));
        }
        *cell = Some(stone);
        Ok(())
    }

    /// Places `stone` on each of `points` (names), in turn.
    pub fn place_all(&mut self, points: &str, stone: Stone) -> Result<(), GomokuError> {
        for name in points.split_whitespace() {
            self.place(name.parse()?, stone)?;
        }
        Ok(())
    }

    /// The empty points, row by row.
    pub fn empty_points(&self) -> Vec<Point> {
        (0..self.size * self.size)
            .filter(|&i| self.points[i].is_none())
            .map(|i| Point { col: i % self.size, row: i / self.size })
            .collect()
    }

    /// The windows of five in direction `d` that hold every point of the
    /// run from `start` of `len` points and no stone of `enemy`.
    pub fn windows(&self, start: Point, len: usize, d: (i32, i32), enemy: Stone) -> u32 {
        let (c0, r0) = (start.col as i32, start.row as i32);
        let len = len as i32;
        // A window starting `back` points before the run's start.
        (0..=5 - len.min(5))
            .filter(|back| {
                (0..5).all(|k| {
                    let step = k - back;
                    matches!(self.at_signed(c0 + step * d.0, r0 + step * d.1), Some(s) if s != Some(enemy))
                })
            })
            .count() as u32
    }

    /// Levy's W_k (for White) or B_k (for Black), k = 1..5 at index k
    /// (index 5 counts runs of five or more): unbroken runs of k stones, in
    /// each direction, that some window of five free of enemy stones holds.
    pub fn features(&self, stone: Stone) -> [u32; 6] {
        let mut counts = [0u32; 6];
        for d in DIRECTIONS {
            for p in (0..self.size * self.size).map(|i| Point { col: i % self.size, row: i / self.size }) {
                if self.at(p) != Some(stone) {
                    continue;
                }
                // Only from the start of a run.
                if self.at_signed(p.col as i32 - d.0, p.row as i32 - d.1) == Some(Some(stone)) {
                    continue;
                }
                let mut len = 1;
                while self.at_signed(p.col as i32 + len * d.0, p.row as i32 + len * d.1) == Some(Some(stone)) {
                    len += 1;
                }
                let len = len as usize;
                if len >= 5 || self.windows(p, len, d, stone.other()) > 0 {
                    counts[len.min(5)] += 1;
                }
            }
        }
        counts
    }

    /// The points stepped over from `from` (excluded), by `d`, before the
    /// edge of the board or an enemy stone: the edge point itself counts
    /// when it is free. (Levy's "vacant intersections between a formation
    /// and its nearest edge" leave the edge point out: one less.)
    pub fn free_run(&self, from: Point, d: (i32, i32), enemy: Stone) -> u32 {
        let mut n = 0;
        let (mut c, mut r) = (from.col as i32 + d.0, from.row as i32 + d.1);
        while let Some(s) = self.at_signed(c, r) {
            if s == Some(enemy) {
                break;
            }
            n += 1;
            c += d.0;
            r += d.1;
        }
        n
    }

    /// The longest unbroken run of `stone` through `point` in direction `d`,
    /// were `stone` placed there.
    fn run_through(&self, point: Point, d: (i32, i32), stone: Stone) -> (u32, [Option<Option<Stone>>; 2]) {
        let mut len = 1;
        let mut ends = [None, None];
        for (side, sign) in [(0, 1), (1, -1)] {
            let (mut c, mut r) = (point.col as i32 + sign * d.0, point.row as i32 + sign * d.1);
            loop {
                match self.at_signed(c, r) {
                    Some(Some(s)) if s == stone => len += 1,
                    other => {
                        ends[side] = other;
                        break;
                    }
                }
                c += sign * d.0;
                r += sign * d.1;
            }
        }
        (len, ends)
    }

    /// The empty points where `stone` would make five (or more) in a row.
    pub fn fives(&self, stone: Stone) -> Vec<Point> {
        self.empty_points()
            .into_iter()
            .filter(|&p| DIRECTIONS.iter().any(|&d| self.run_through(p, d, stone).0 >= 5))
            .collect()
    }

    /// The empty points where `stone` would make an open four: an unbroken
    /// run of exactly four with an empty point at each end.
    pub fn open_fours(&self, stone: Stone) -> Vec<Point> {
        self.empty_points()
            .into_iter()
            .filter(|&p| {
                DIRECTIONS.iter().any(|&d| {
                    let (len, ends) = self.run_through(p, d, stone);
                    len == 4 && ends.iter().all(|e| *e == Some(None))
                })
            })
            .collect()
    }
}

/// The fewest leaves alpha-beta examines in a game tree whose nodes at ply
/// i have `branching[i]` children (Knuth and Moore's minimal tree): the
/// product of the branchings at odd plies plus that at even plies, less
/// one. Levy's 4-ply go-moku tree from the empty board of n points has
/// branchings n, n−1, n−2, n−3.
pub fn minimal_leaves(branching: &[u128]) -> u128 {
    let odd: u128 = branching.iter().step_by(2).product();
    let even: u128 = branching.iter().skip(1).step_by(2).product();
    odd + even - 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(white: &str, black: &str) -> Board {
        let mut b = Board::new(19).unwrap();
        b.place_all(white, Stone::White).unwrap();
        b.place_all(black, Stone::Black).unwrap();
        b
    }

    #[test]
    fn points_are_named_without_i() {
        assert_eq!("J1".parse::<Point>().unwrap(), Point { col: 8, row: 0 });
        assert_eq!(Point { col: 18, row: 18 }.to_string(), "T19");
        assert!("I5".parse::<Point>().is_err() && "E0".parse::<Point>().is_err() && "".parse::<Point>().is_err());
        assert!(Board::new(19).unwrap().place(Point { col: 19, row: 0 }, Stone::Black).is_err());
    }

    #[test]
    fn levys_d1_example() {
        assert_eq!(board("D1", "A1 F1 D5").features(Stone::White)[1], 1);
        assert_eq!(board("D1", "F1 D5").features(Stone::White)[1], 2);
        assert_eq!(board("D1", "F1").features(Stone::White)[1], 3);
        assert_eq!(board("E1", "").features(Stone::White)[1], 4);
    }

    #[test]
    fn runs_and_threats() {
        let b = board("C6 D6 E6", "");
        assert_eq!(b.features(Stone::White)[3], 1);
        let mut names: Vec<String> = b.open_fours(Stone::White).iter().map(Point::to_string).collect();
        names.sort();
        assert_eq!(names, ["B6", "F6"]);
        let four = board("N7 O7 P7 Q7", "");
        assert_eq!(four.fives(Stone::White).len(), 2);
        assert_eq!(minimal_leaves(&[3, 3, 3]), 3 * 3 + 3 - 1);
        assert_eq!(minimal_leaves(&[36; 4]), 2 * 36 * 36 - 1);
    }
}
