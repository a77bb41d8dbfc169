//! The position the influence map is computed from: a 19×19 board of
//! black stones, white stones and empty points, with GTP-style point names.

use crate::engine::go::{Color, GoError, Point, Position as GoPosition};
use crate::engine::rng::{mix, unit};

/// The board's side: 19 lines.
pub const SIZE: usize = 19;

/// The points of the board.
pub const POINTS: usize = SIZE * SIZE;

/// The column letters, A to T without I, as Bell (Fig. 3.12) and GTP name
/// them.
pub const COLUMNS: &str = "ABCDEFGHJKLMNOPQRST";

/// A stone's colour, or none: `+1` black, `-1` white, `0` empty, the signs
/// of Zobrist's `+50` and `-50`.
pub type Stone = i8;

/// A black stone.
pub const BLACK: Stone = 1;
/// A white stone.
pub const WHITE: Stone = -1;
/// An empty point.
pub const EMPTY: Stone = 0;

/// A 19×19 position. Points are indexed `row * 19 + col` with row 0 the
/// top line as printed (GTP row 19) and col 0 column A.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    points: [Stone; POINTS],
}

impl Default for Position {
    fn default() -> Self {
        Position::empty()
    }
}

impl Position {
    /// The empty board.
    pub fn empty() -> Position {
        Position { points: [EMPTY; POINTS] }
    }

    /// The stone at `(row, col)`, row 0 at the top.
    #[inline]
    pub fn at(&self, row: usize, col: usize) -> Stone {
        self.points[row * SIZE + col]
    }

    /// Puts `stone` (or [`EMPTY`]) at `(row, col)`.
    #[inline]
    pub fn set(&mut self, row: usize, col: usize, stone: Stone) {
        self.points[row * SIZE + col] = stone.signum();
    }

    /// The 361 points, row by row from the top.
    pub fn points(&self) -> &[Stone; POINTS] {
        &self.points
    }

    /// The number of stones of colour `stone`.
    pub fn count(&self, stone: Stone) -> usize {
        self.points.iter().filter(|&&s| s == stone).count()
    }

    /// The same position with the colours swapped.
    pub fn swapped(&self) -> Position {
        let mut points = self.points;
        for p in &mut points {
            *p = -*p;
        }
        Position { points }
    }

    /// The stones of `stone`'s colour at the points of `list`, names
    /// separated by commas or spaces (`K10,D4`), added to the position.
    /// A point already holding a stone is refused.
    pub fn place(&mut self, list: &str, stone: Stone) -> Result<(), GoError> {
        for name in list.split([',', ' ']).filter(|s| !s.trim().is_empty()) {
            let (row, col) = parse_point(name.trim())?;
            if self.at(row, col) != EMPTY {
                return Err(GoError::Occupied { point: point_name(row, col) });
            }
            self.set(row, col, stone);
        }
        Ok(())
    }

    /// The stones of a Go position of 19×19 (its side to move, ko point
    /// and passes play no part in the map).
    ///
    /// # Errors
    ///
    /// [`GoError::NotAPosition`] for another size.
    pub fn from_go(position: &GoPosition) -> Result<Position, GoError> {
        let size = position.size();
        if (size.cols(), size.rows()) != (SIZE, SIZE) {
            return Err(GoError::NotAPosition {
                line: 0,
                why: format!("the position is {size}, and the influence map is drawn on 19x19"),
            });
        }
        let mut out = Position::empty();
        for (point, color) in position.stones() {
            out.set(SIZE - 1 - point.row(), point.col(), if color == Color::Black { BLACK } else { WHITE });
        }
        Ok(out)
    }

    /// The stones, as points of the Go engine and colours, row by row from
    /// A1 as [`GoPosition::stones`] lists them.
    pub fn stones(&self) -> impl Iterator<Item = (Point, Color)> + '_ {
        let points = (0..SIZE).flat_map(|line| (0..SIZE).map(move |col| (line, col)));
        points.filter_map(|(line, col)| {
            let stone = self.at(SIZE - 1 - line, col);
            let point = Point::new(col as u32, line as u32).expect("a point of the 19x19 board");
            (stone != EMPTY).then_some((point, if stone == BLACK { Color::Black } else { Color::White }))
        })
    }

    /// The position as a diagram: 19 lines, top first, each followed by
    /// its row number, and a line of column letters, as the text form of
    /// the Go engine's [`GoPosition`] reads it.
    pub fn diagram(&self) -> String {
        let mut out = String::new();
        for row in 0..SIZE {
            for col in 0..SIZE {
                out.push(match self.at(row, col) {
                    BLACK => 'X',
                    WHITE => 'O',
                    _ => '.',
                });
                out.push(' ');
            }
            out.push_str(&format!("{}\n", SIZE - row));
        }
        for c in COLUMNS.chars() {
            out.push(c);
            out.push(' ');
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
        out
    }

    /// Random position number `index` of the family `seed`: each point is
    /// a stone with probability `density`, black or white with equal
    /// chance. The same arguments give the same position on any machine.
    pub fn random(seed: u64, index: u64, density: f64) -> Result<Position, GoError> {
        if !(0.0..=1.0).contains(&density) {
            return Err(GoError::Density(density.to_string()));
        }
        let mut position = Position::empty();
        let base = mix(mix(seed) ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        for (p, point) in position.points.iter_mut().enumerate() {
            let bits = mix(base ^ (p as u64 + 1).wrapping_mul(0xD6E8_FEB8_6659_FD93));
            if unit(bits) < density {
                *point = if bits & 1 == 0 { BLACK } else { WHITE };
            }
        }
        Ok(position)
    }
}

/// The GTP-style name of `(row, col)`, row 0 at the top: `(9, 9)` is `K10`.
pub fn point_name(row: usize, col: usize) -> String {
    Point::new(col as u32, (SIZE - 1 - row) as u32).map(|point| point.to_string()).unwrap_or_default()
}

/// The `(row, col)` of a GTP-style name, row 0 at the top: the board's
/// point names ([`Point`]), turned to the map's rows.
fn parse_point(text: &str) -> Result<(usize, usize), GoError> {
    let point: Point = text.parse()?;
    Ok((SIZE - 1 - point.row(), point.col()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_are_named_as_gtp() {
        assert_eq!(parse_point("K10"), Ok((9, 9)));
        assert_eq!(parse_point("a1"), Ok((18, 0)));
        assert_eq!(parse_point("T19"), Ok((0, 18)));
        assert_eq!(point_name(9, 9), "K10");
        assert_eq!(point_name(0, 7), "H19");
        assert_eq!(point_name(0, 8), "J19");
        for bad in ["I5", "U1", "K0", "K20", "", "K", "10", "K1O", "K-1", "K100"] {
            assert!(parse_point(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn diagrams_round_trip_and_stones_are_placed_once() {
        let mut p = Position::empty();
        p.place("K10, D4", BLACK).unwrap();
        p.place("Q16", WHITE).unwrap();
        assert_eq!(p.place("D4", WHITE), Err(GoError::Occupied { point: "D4".into() }));
        assert_eq!(p.count(BLACK), 2);
        assert_eq!(p.count(WHITE), 1);
        let go: GoPosition = p.diagram().parse().unwrap();
        assert_eq!(Position::from_go(&go), Ok(p.clone()));
        assert_eq!(go.stones().collect::<Vec<_>>(), p.stones().collect::<Vec<_>>());
        assert_eq!(p.swapped().count(BLACK), 1);
        assert!(Position::from_go(&"X . O\n".parse().unwrap()).is_err());
    }

    #[test]
    fn random_positions_depend_on_the_seed_only() {
        let a = Position::random(7, 3, 0.5).unwrap();
        assert_eq!(a, Position::random(7, 3, 0.5).unwrap());
        assert_ne!(a, Position::random(8, 3, 0.5).unwrap());
        assert_eq!(Position::random(7, 3, 0.0).unwrap(), Position::empty());
        assert_eq!(Position::random(7, 3, 1.0).unwrap().count(EMPTY), 0);
        assert!(Position::random(7, 3, 1.5).is_err());
    }
}
