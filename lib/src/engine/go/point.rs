//! Board sizes, points in GTP notation, colours, moves and move lists.

use std::fmt;
use std::str::FromStr;

use super::error::GoError;

/// The widest and tallest board: 19 lines.
pub const MAX_SIDE: u8 = 19;

/// The most points of a board (19×19).
pub const MAX_POINTS: usize = 361;

/// The column letters of GTP and of Bell's Fig. 3.12: A to T without I.
pub const COLUMN_LETTERS: &[u8; 19] = b"ABCDEFGHJKLMNOPQRST";

/// A board of `cols` × `rows` points, each side 1 to [`MAX_SIDE`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Size {
    cols: u8,
    rows: u8,
}

impl Size {
    /// The standard board.
    pub const STANDARD: Size = Size { cols: 19, rows: 19 };

    /// A board `cols` wide and `rows` tall.
    ///
    /// # Errors
    ///
    /// [`GoError::BadSize`] when a side is 0 or past [`MAX_SIDE`].
    pub fn new(cols: u32, rows: u32) -> Result<Size, GoError> {
        let side = 1..=u32::from(MAX_SIDE);
        if side.contains(&cols) && side.contains(&rows) {
            Ok(Size { cols: cols as u8, rows: rows as u8 })
        } else {
            Err(GoError::BadSize { cols, rows })
        }
    }

    /// A square board `n` × `n`.
    ///
    /// # Errors
    ///
    /// [`GoError::BadSize`] when `n` is 0 or past [`MAX_SIDE`].
    pub fn square(n: u32) -> Result<Size, GoError> {
        Size::new(n, n)
    }

    /// Columns (width).
    pub fn cols(self) -> usize {
        usize::from(self.cols)
    }

    /// Rows (height).
    pub fn rows(self) -> usize {
        usize::from(self.rows)
    }

    /// The number of points.
    pub fn points(self) -> usize {
        self.cols() * self.rows()
    }

    /// Whether `point` lies on this board.
    pub fn contains(self, point: Point) -> bool {
        point.col < self.cols && point.row < self.rows
    }

    /// The index of `point` in row-major order from A1 (`row * cols + col`).
    pub fn index(self, point: Point) -> usize {
        usize::from(point.row) * self.cols() + usize::from(point.col)
    }

    /// The point of index `index` (see [`Size::index`]).
    pub fn point(self, index: usize) -> Point {
        Point { col: (index % self.cols()) as u8, row: (index / self.cols()) as u8 }
    }

    /// Every point, row by row from A1.
    pub fn all_points(self) -> impl Iterator<Item = Point> {
        (0..self.points()).map(move |i| self.point(i))
    }

    /// The on-board orthogonal neighbours of `point`.
    pub fn neighbours(self, point: Point) -> impl Iterator<Item = Point> {
        let (c, r) = (i32::from(point.col), i32::from(point.row));
        [(c - 1, r), (c + 1, r), (c, r - 1), (c, r + 1)].into_iter().filter_map(move |(c, r)| {
            let inside = (0..i32::from(self.cols)).contains(&c) && (0..i32::from(self.rows)).contains(&r);
            inside.then_some(Point { col: c as u8, row: r as u8 })
        })
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.cols, self.rows)
    }
}

/// A point of the board: column 0 is A, row 0 is line 1 (the bottom).
///
/// Written in GTP notation, a column letter (A to T, skipping I) and a line
/// number from the bottom: `K10` is the centre of the 19×19 board.
///
/// ```
/// use plybench::engine::go::Point;
///
/// let p: Point = "K10".parse()?;
/// assert_eq!((p.col(), p.row()), (9, 9));
/// assert_eq!(p.to_string(), "K10");
/// assert!("I5".parse::<Point>().is_err());
/// # Ok::<(), plybench::engine::go::GoError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    row: u8,
    col: u8,
}

impl Point {
    /// The point at column `col` (0 = A) and row `row` (0 = line 1).
    ///
    /// # Errors
    ///
    /// [`GoError::PointOutside`] past 19×19.
    pub fn new(col: u32, row: u32) -> Result<Point, GoError> {
        if col < u32::from(MAX_SIDE) && row < u32::from(MAX_SIDE) {
            Ok(Point { col: col as u8, row: row as u8 })
        } else {
            Err(GoError::PointOutside { point: format!("column {col}, row {row}"), size: Size::STANDARD.to_string() })
        }
    }

    /// The column, 0 for A.
    pub fn col(self) -> usize {
        usize::from(self.col)
    }

    /// The row, 0 for line 1 (the bottom).
    pub fn row(self) -> usize {
        usize::from(self.row)
    }

    /// `text` as a point of a board of `size`.
    ///
    /// # Errors
    ///
    /// [`GoError::NotAPoint`] for text that is not a point,
    /// [`GoError::PointOutside`] for a point off the board.
    pub fn parse_on(text: &str, size: Size) -> Result<Point, GoError> {
        let point: Point = text.parse()?;
        if size.contains(point) {
            Ok(point)
        } else {
            Err(GoError::PointOutside { point: point.to_string(), size: size.to_string() })
        }
    }
}

impl FromStr for Point {
    type Err = GoError;

    fn from_str(s: &str) -> Result<Self, GoError> {
        let not = || GoError::NotAPoint(s.to_owned());
        let t = s.trim();
        let mut chars = t.chars();
        let letter = chars.next().ok_or_else(not)?.to_ascii_uppercase();
        let col = COLUMN_LETTERS.iter().position(|&c| char::from(c) == letter).ok_or_else(not)?;
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(not());
        }
        let line: u32 = digits.parse().map_err(|_| not())?;
        if !(1..=u32::from(MAX_SIDE)).contains(&line) {
            return Err(not());
        }
        Ok(Point { col: col as u8, row: (line - 1) as u8 })
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(COLUMN_LETTERS[self.col()]), self.row + 1)
    }
}

/// A player. Black moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The first player (`X` in the text form).
    Black,
    /// The second player (`O` in the text form).
    White,
}

impl Color {
    /// The other player.
    pub fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// `black` or `white`.
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }

    /// `X` or `O`, as in the text form of a position.
    pub fn symbol(self) -> char {
        match self {
            Color::Black => 'X',
            Color::White => 'O',
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A move: a stone played on a point, or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// A stone of the side to move on an empty point.
    Play(Point),
    /// No stone; two passes in a row end the game.
    Pass,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Play(p) => p.fmt(f),
            Move::Pass => f.write_str("pass"),
        }
    }
}

impl FromStr for Move {
    type Err = GoError;

    fn from_str(s: &str) -> Result<Self, GoError> {
        if s.trim().eq_ignore_ascii_case("pass") { Ok(Move::Pass) } else { s.parse().map(Move::Play) }
    }
}

/// The legal moves of a position: at most one per point and a pass, held
/// in place (no allocation).
#[derive(Clone, Debug)]
pub struct MoveList {
    moves: [Move; MAX_POINTS + 1],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl MoveList {
    /// An empty list.
    pub fn new() -> MoveList {
        MoveList { moves: [Move::Pass; MAX_POINTS + 1], len: 0 }
    }

    /// Empties the list.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Adds `mv`. The list holds one move per point and a pass: a board
    /// never generates more.
    #[inline]
    pub fn push(&mut self, mv: Move) {
        self.moves[self.len] = mv;
        self.len += 1;
    }

    /// The number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the list is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// Move `i` (which must be below [`MoveList::len`]).
    #[inline]
    pub fn get(&self, i: usize) -> Move {
        self.moves[i]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gtp_names_skip_i_and_round_trip() {
        for size in [Size::STANDARD, Size::new(5, 7).unwrap()] {
            for p in size.all_points() {
                assert_eq!(Point::parse_on(&p.to_string(), size).unwrap(), p);
            }
        }
        assert_eq!("J1".parse::<Point>().unwrap().col(), 8);
        assert_eq!("t19".parse::<Point>().unwrap(), Point::new(18, 18).unwrap());
        for bad in ["I3", "U1", "A0", "A20", "A", "", "K1O", "AA1", "K+1"] {
            assert!(bad.parse::<Point>().is_err(), "{bad}");
        }
        let e = Point::parse_on("F1", Size::square(5).unwrap()).unwrap_err();
        assert_eq!(e.to_string(), "F1 lies off the 5x5 board");
    }

    #[test]
    fn sizes_are_checked() {
        assert!(Size::new(0, 5).is_err());
        assert!(Size::new(20, 5).is_err());
        assert_eq!(Size::new(19, 1).unwrap().points(), 19);
        let s = Size::new(3, 2).unwrap();
        assert_eq!(s.neighbours(s.point(0)).count(), 2);
        assert_eq!(s.neighbours(s.point(1)).count(), 3);
    }
}
