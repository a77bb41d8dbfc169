//! Positions and their PDN FEN form, shared by every representation.

use std::fmt;
use std::str::FromStr;

use super::Square;
use super::error::{CheckersError, FenProblem};

/// Black's men crown on this row (squares 29..32).
pub const BLACK_CROWN: u32 = 0xF000_0000;
/// White's men crown on this row (squares 1..4).
pub const WHITE_CROWN: u32 = 0x0000_000F;

/// The side to move. Black moves first and starts on squares 1..12.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Moves towards higher numbers; Cochran's "Black".
    Black,
    /// Moves towards lower numbers; Cochran's "Red".
    White,
}

impl Color {
    /// The other side.
    pub fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// `B` or `W`, as PDN writes it.
    pub fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }

    /// The row mask where this side's men are crowned.
    pub fn crown_row(self) -> u32 {
        match self {
            Color::Black => BLACK_CROWN,
            Color::White => WHITE_CROWN,
        }
    }
}

/// A position: four sets of squares as 32-bit masks (bit `i` is standard
/// square `i + 1`) and the side to move.
///
/// The text form is PDN FEN: `B:W21,22,…:B1,2,…` (side to move, then each
/// side's squares, kings prefixed by `K`; ranges such as `1-12` are
/// accepted).
///
/// ```
/// use plybench::engine::checkers::Position;
///
/// let start: Position = "B:W21-32:B1-12".parse()?;
/// assert_eq!(start, Position::start());
/// assert_eq!(start.to_string(), "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
/// assert!("B:W21,K30:B29".parse::<Position>().is_err()); // a black man on its crowning row
/// # Ok::<(), plybench::engine::checkers::CheckersError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Black's pieces, men and kings.
    pub black: u32,
    /// White's pieces, men and kings.
    pub white: u32,
    /// The kings of both sides.
    pub kings: u32,
    /// Whose move it is.
    pub side: Color,
}

impl Position {
    /// The opening position: Black on 1..12, White on 21..32, Black to move.
    pub fn start() -> Position {
        Position { black: 0x0000_0FFF, white: 0xFFF0_0000, kings: 0, side: Color::Black }
    }

    /// Builds a position, checking it: no square used twice, kings only on
    /// occupied squares, at most 12 pieces a side (so a capture never
    /// exceeds [`MAX_JUMPS`](super::MAX_JUMPS) jumps), no man on its own
    /// crowning row.
    pub fn new(black: u32, white: u32, kings: u32, side: Color) -> Result<Position, CheckersError> {
        let first = |set: u32| Square::from_index(set.trailing_zeros()).number();
        if black & white != 0 {
            return Err(CheckersError::SharedSquare { square: first(black & white) });
        }
        if kings & !(black | white) != 0 {
            return Err(CheckersError::KingWithoutPiece { square: first(kings & !(black | white)) });
        }
        for (side, set) in [("black", black), ("white", white)] {
            if set.count_ones() > 12 {
                return Err(CheckersError::TooManyPieces { side, pieces: set.count_ones() });
            }
        }
        for (side, color, men) in [("black", Color::Black, black & !kings), ("white", Color::White, white & !kings)] {
            let bad = men & color.crown_row();
            if bad != 0 {
                return Err(CheckersError::ManOnCrowningRow { side, square: first(bad) });
            }
        }
        Ok(Position { black, white, kings, side })
    }

    /// The pieces of `color`.
    pub fn pieces(&self, color: Color) -> u32 {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// The empty squares.
    pub fn empty(&self) -> u32 {
        !(self.black | self.white)
    }
}

fn fen_error(text: &str, problem: FenProblem) -> CheckersError {
    CheckersError::NotFen { text: text.to_owned(), problem }
}

impl FromStr for Position {
    type Err = CheckersError;

    fn from_str(text: &str) -> Result<Position, CheckersError> {
        let trimmed = text.trim().trim_end_matches('.');
        let trimmed = trimmed.trim_matches('"');
        let fields: Vec<&str> = trimmed.split(':').map(str::trim).collect();
        if fields.len() != 3 {
            return Err(fen_error(text, FenProblem::Fields));
        }
        let side = match fields[0] {
            "B" | "b" => Color::Black,
            "W" | "w" => Color::White,
            other => return Err(fen_error(text, FenProblem::Side(other.to_owned()))),
        };
        let mut sets: [Option<(u32, u32)>; 2] = [None, None];
        for field in &fields[1..] {
            let (color, list) = match field.split_at_checked(1) {
                Some(("B" | "b", rest)) => (0, rest),
                Some(("W" | "w", rest)) => (1, rest),
                _ => return Err(fen_error(text, FenProblem::Field((*field).to_owned()))),
            };
            if sets[color].is_some() {
                return Err(fen_error(text, FenProblem::ColourTwice));
            }
            let (mut all, mut kings) = (0u32, 0u32);
            for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                let (king, range) = match item.strip_prefix(['K', 'k']) {
                    Some(rest) => (true, rest),
                    None => (false, item),
                };
                let (lo, hi) = match range.split_once('-') {
                    Some((a, b)) => (parse_square(text, a)?, parse_square(text, b)?),
                    None => {
                        let s = parse_square(text, range)?;
                        (s, s)
                    }
                };
                if lo > hi {
                    return Err(fen_error(text, FenProblem::RangeBackwards(item.to_owned())));
                }
                for n in lo..=hi {
                    let bit = 1u32 << (n - 1);
                    if all & bit != 0 {
                        return Err(fen_error(text, FenProblem::SquareTwice(n)));
                    }
                    all |= bit;
                    if king {
                        kings |= bit;
                    }
                }
            }
            sets[color] = Some((all, kings));
        }
        let (black, black_kings) = sets[0].unwrap_or_default();
        let (white, white_kings) = sets[1].unwrap_or_default();
        Position::new(black, white, black_kings | white_kings, side)
            .map_err(|e| CheckersError::IllegalFen { text: text.to_owned(), source: Box::new(e) })
    }
}

fn parse_square(text: &str, item: &str) -> Result<u32, CheckersError> {
    let n: u32 = item.trim().parse().map_err(|_| fen_error(text, FenProblem::NotASquare(item.to_owned())))?;
    if !(1..=32).contains(&n) {
        return Err(fen_error(text, FenProblem::SquareOutside(n)));
    }
    Ok(n)
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.side.letter())?;
        for (letter, set) in [('W', self.white), ('B', self.black)] {
            write!(f, ":{letter}")?;
            let mut rest = set;
            let mut first = true;
            while rest != 0 {
                let i = rest.trailing_zeros();
                rest &= rest - 1;
                if !first {
                    f.write_str(",")?;
                }
                first = false;
                if self.kings & (1 << i) != 0 {
                    f.write_str("K")?;
                }
                write!(f, "{}", i + 1)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        for fen in ["W:W21,K30:B1,K9", "B:W:B1", "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"] {
            let p: Position = fen.parse().unwrap();
            assert_eq!(p.to_string(), fen);
        }
    }

    #[test]
    fn order_of_fields_and_ranges() {
        let a: Position = "B:B1-12:W21-32".parse().unwrap();
        assert_eq!(a, Position::start());
    }

    #[test]
    fn bad_input() {
        for bad in [
            "",
            "B:W21",
            "X:W21:B1",
            "B:W21:C1",
            "B:W21:B0",
            "B:W21:B33",
            "B:W21:B21",
            "B:W21,21:B1",
            "B:W2:B1",
            "B:W21:B30",
            "B:W21:B5-3",
            "B:Wx:B1",
            "B:W1:W2",
            "B:W21:B1-13",
        ] {
            let e = bad.parse::<Position>().expect_err(bad);
            assert!(!e.to_string().contains('\n'));
        }
    }
}
