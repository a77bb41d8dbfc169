//! Squares, directions and the two numberings of the board.
//!
//! The standard numbering (Bell 1972, Fig. 3.7) runs 1..32 from Black's
//! side: squares 1–4 are Black's back row, 29–32 White's. Samuel's and
//! Cochran's modified numbering (Bell Fig. 3.9, Cochran §V.C) runs 1..35 and
//! leaves out the ghost squares 9, 18 and 27 (and 36, the spare bit of
//! Samuel's 36-bit word), so that every step on the board adds or subtracts
//! 4 or 5 and every jump 8 or 10.

use std::fmt;

use super::error::CheckersError;

/// A playable square in the standard numbering, 1..=32.
///
/// ```
/// use plybench::engine::checkers::Square;
///
/// let s = Square::new(14).unwrap();
/// assert_eq!(s.cochran(), 15);
/// assert_eq!(Square::from_cochran(15), Some(s));
/// assert_eq!(Square::from_cochran(18), None); // a ghost square
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// Square `n` of the standard numbering, for `1 <= n <= 32`.
    pub fn new(n: u32) -> Option<Square> {
        (1..=32).contains(&n).then_some(Square(n as u8))
    }

    /// The square whose bit is `index` (0..32) in a 32-bit board mask.
    ///
    /// # Panics
    ///
    /// If `index >= 32`; callers take it from a nonzero `u32`.
    pub fn from_index(index: u32) -> Square {
        assert!(index < 32, "bit index {index} is off the board");
        Square(index as u8 + 1)
    }

    /// The standard number, 1..=32.
    pub fn number(self) -> u32 {
        u32::from(self.0)
    }

    /// The bit index, 0..32, of this square in a 32-bit board mask.
    pub fn index(self) -> u32 {
        u32::from(self.0) - 1
    }

    /// The one-bit mask of this square.
    pub fn bit(self) -> u32 {
        1 << self.index()
    }

    /// Row 0..8 from Black's back row.
    pub fn row(self) -> u32 {
        self.index() / 4
    }

    /// The number of this square in Cochran's modified numbering (1..=35).
    pub fn cochran(self) -> u32 {
        let i = self.index();
        i + i / 8 + 1
    }

    /// The square numbered `n` in Cochran's modified numbering; `None` for
    /// the ghost squares 9, 18, 27, 36 and anything outside 1..=35.
    pub fn from_cochran(n: u32) -> Option<Square> {
        if !(1..=35).contains(&n) || n.is_multiple_of(9) {
            return None;
        }
        Square::new(n - n / 9)
    }

    /// The neighbouring square one step away in `dir`, if on the board.
    pub fn step(self, dir: Dir) -> Option<Square> {
        let (row, x) = (self.row() as i32, self.file() as i32);
        let (dr, dx) = dir.delta();
        Square::at(row + dr, x + dx)
    }

    /// The file (column) 0..8 of this square on the full 8x8 board. Even
    /// rows use odd files: square 4 sits on the edge, square 5 on the other.
    pub fn file(self) -> u32 {
        let row = self.row();
        2 * (self.index() % 4) + u32::from(row.is_multiple_of(2))
    }

    fn at(row: i32, file: i32) -> Option<Square> {
        if !(0..8).contains(&row) || !(0..8).contains(&file) || (row + file) % 2 == 0 {
            return None;
        }
        Square::new((row * 4 + file / 2 + 1) as u32)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The four diagonal directions, named by what Samuel's numbering adds to
/// a square: `Plus5` and `Plus4` lead towards White's side (Black men's
/// forward moves, Bell's `nw` and `ne`), `Minus5` and `Minus4` towards
/// Black's side (Bell's `sw` and `se`).
///
/// ```
/// use plybench::engine::checkers::{Dir, Square};
///
/// // Bell's Fig. 3.8, row 10: nw 15, ne 14, sw 6, se 7.
/// let ten = Square::new(10).unwrap();
/// let steps: Vec<u32> = Dir::ALL.iter().map(|&d| ten.step(d).unwrap().number()).collect();
/// assert_eq!(steps, [15, 14, 6, 7]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Dir {
    /// +5 in Samuel's numbering (Bell's `nw`).
    Plus5 = 0,
    /// +4 in Samuel's numbering (Bell's `ne`).
    Plus4 = 1,
    /// −5 in Samuel's numbering (Bell's `sw`).
    Minus5 = 2,
    /// −4 in Samuel's numbering (Bell's `se`).
    Minus4 = 3,
}

impl Dir {
    /// All four, in Bell's column order `nw ne sw se`.
    pub const ALL: [Dir; 4] = [Dir::Plus5, Dir::Plus4, Dir::Minus5, Dir::Minus4];

    /// The direction with code `code & 3`.
    pub fn from_code(code: u32) -> Dir {
        Dir::ALL[(code & 3) as usize]
    }

    /// The 2-bit code of this direction.
    pub fn code(self) -> u32 {
        self as u32
    }

    /// What Samuel's numbering adds for one step this way.
    pub fn samuel_offset(self) -> i32 {
        match self {
            Dir::Plus5 => 5,
            Dir::Plus4 => 4,
            Dir::Minus5 => -5,
            Dir::Minus4 => -4,
        }
    }

    /// `(rows, files)` moved by one step.
    fn delta(self) -> (i32, i32) {
        match self {
            Dir::Plus5 => (1, 1),
            Dir::Plus4 => (1, -1),
            Dir::Minus5 => (-1, -1),
            Dir::Minus4 => (-1, 1),
        }
    }

    /// Whether the direction leads towards White's side (Black's forward).
    pub fn is_up(self) -> bool {
        matches!(self, Dir::Plus5 | Dir::Plus4)
    }
}

/// How squares are written in a game record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Numbering {
    /// The official 1..32 numbering (Bell Fig. 3.7).
    #[default]
    Standard,
    /// Samuel's and Cochran's 1..35 without the ghost squares 9, 18 and 27.
    Cochran,
}

impl Numbering {
    /// Both numberings.
    pub const ALL: [Numbering; 2] = [Numbering::Standard, Numbering::Cochran];

    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            Numbering::Standard => "standard",
            Numbering::Cochran => "cochran",
        }
    }

    /// Reads square `n` written in this numbering.
    pub fn square(self, n: u32) -> Result<Square, CheckersError> {
        match self {
            Numbering::Standard => {
                Square::new(n).ok_or(CheckersError::SquareOutside { number: n, last: 32, numbering: "the standard" })
            }
            Numbering::Cochran => Square::from_cochran(n).ok_or(if matches!(n, 9 | 18 | 27 | 36) {
                CheckersError::GhostSquare { number: n }
            } else {
                CheckersError::SquareOutside { number: n, last: 35, numbering: "Cochran's" }
            }),
        }
    }

    /// Writes `square` in this numbering.
    pub fn number(self, square: Square) -> u32 {
        match self {
            Numbering::Standard => square.number(),
            Numbering::Cochran => square.cochran(),
        }
    }
}

impl std::str::FromStr for Numbering {
    type Err = CheckersError;

    /// Reads a numbering's name, in any case.
    fn from_str(s: &str) -> Result<Self, CheckersError> {
        Numbering::ALL
            .into_iter()
            .find(|n| n.name() == s.to_ascii_lowercase())
            .ok_or_else(|| CheckersError::UnknownNumbering(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cochran_round_trip_and_ghosts() {
        for n in 1..=32 {
            let s = Square::new(n).unwrap();
            assert_eq!(Square::from_cochran(s.cochran()), Some(s));
        }
        for ghost in [9, 18, 27, 36, 0, 37] {
            assert_eq!(Square::from_cochran(ghost), None);
        }
    }

    #[test]
    fn steps_are_samuel_offsets() {
        for n in 1..=32 {
            let s = Square::new(n).unwrap();
            for d in Dir::ALL {
                let c = s.cochran() as i32 + d.samuel_offset();
                let expected = u32::try_from(c).ok().and_then(Square::from_cochran);
                assert_eq!(s.step(d), expected, "square {n} dir {d:?}");
            }
        }
    }
}
