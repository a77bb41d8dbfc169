//! A checked Go position and its text form.

use std::fmt;
use std::str::FromStr;

use super::error::GoError;
use super::point::{COLUMN_LETTERS, Color, MAX_POINTS, Point, Size};

/// A legal Go position: the stones, the side to move, the point where the
/// simple-ko rule forbids the side to move to play, and how many passes in
/// a row led to it.
///
/// Checked on construction: every chain has a breathing space (a
/// liberty), a ko point is a real one (empty, surrounded by the last
/// mover's stones, one of them a lone stone whose only liberty it is), and
/// a position with a ko point follows a play, not a pass.
///
/// The text form is one line per row, top row (line `rows`) first, each
/// point `.` or `+` (empty), `X` (black) or `O` (white), spaces ignored; a
/// row may carry its number at its start or end (then every row does), and
/// a line of column letters (`A B C ...`, without I) may follow the rows.
/// Then optional lines, each at most once: `to-move black|white` (default
/// black), `ko POINT` (default none) and `passes 0|1|2` (default 0). `#`
/// starts a comment. Every error names its line. What [`Position`]'s
/// `Display` writes reads back; so does the 19×19 diagram of the influence
/// map (rows numbered, column letters under them).
///
/// ```
/// use plybench::engine::go::{Color, Position};
///
/// let p: Position = "
///     . X O .
///     X O . O
///     . X O .
///     to-move black
///     ko C2
/// ".parse()?;
/// assert_eq!(p.size().to_string(), "4x3");
/// assert_eq!(p.to_move(), Color::Black);
/// assert_eq!(p.ko().unwrap().to_string(), "C2");
/// # Ok::<(), plybench::engine::go::GoError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    size: Size,
    cells: [Option<Color>; MAX_POINTS],
    to_move: Color,
    ko: Option<Point>,
    passes: u8,
}

impl Position {
    /// The empty board of `size`, Black to move.
    pub fn empty(size: Size) -> Position {
        Position { size, cells: [None; MAX_POINTS], to_move: Color::Black, ko: None, passes: 0 }
    }

    /// A position from its parts, checked.
    ///
    /// # Errors
    ///
    /// [`GoError::PointOutside`] for a stone or ko point off the board,
    /// [`GoError::ChainWithoutLiberty`], [`GoError::BadKo`] or
    /// [`GoError::TooManyPasses`] for a position the rules cannot reach.
    pub fn new(
        size: Size,
        stones: &[(Point, Color)],
        to_move: Color,
        ko: Option<Point>,
        passes: u8,
    ) -> Result<Position, GoError> {
        let mut p = Position::empty(size);
        for &(point, color) in stones {
            if !size.contains(point) {
                return Err(GoError::PointOutside { point: point.to_string(), size: size.to_string() });
            }
            p.cells[size.index(point)] = Some(color);
        }
        p.to_move = to_move;
        p.ko = ko;
        p.passes = passes;
        p.check()?;
        Ok(p)
    }

    fn check(&self) -> Result<(), GoError> {
        if self.passes > 2 {
            return Err(GoError::TooManyPasses(u32::from(self.passes)));
        }
        let size = self.size;
        let mut seen = [false; MAX_POINTS];
        for point in size.all_points() {
            let i = size.index(point);
            if self.cells[i].is_none() || seen[i] {
                continue;
            }
            let (chain, liberties) = self.chain(point);
            for &q in &chain {
                seen[size.index(q)] = true;
            }
            if liberties.is_empty() {
                return Err(GoError::ChainWithoutLiberty { point: point.to_string() });
            }
        }
        if let Some(ko) = self.ko {
            let bad = |why: &'static str| GoError::BadKo { point: ko.to_string(), why };
            if !size.contains(ko) {
                return Err(GoError::PointOutside { point: ko.to_string(), size: size.to_string() });
            }
            if self.passes != 0 {
                return Err(bad("a ko point follows a play, and this position follows a pass"));
            }
            if self.at(ko).is_some() {
                return Err(bad("it holds a stone"));
            }
            let last = self.to_move.other();
            if size.neighbours(ko).any(|q| self.at(q) != Some(last)) {
                return Err(bad("not all its neighbours are stones of the player who just moved"));
            }
            let lone = size.neighbours(ko).any(|q| {
                let (chain, liberties) = self.chain(q);
                chain.len() == 1 && liberties == [ko]
            });
            if !lone {
                return Err(bad("no neighbour is a lone stone whose only breathing space it is"));
            }
        }
        Ok(())
    }

    /// The chain through `point` (a stone) and its liberties, each in
    /// row-major order.
    pub fn chain(&self, point: Point) -> (Vec<Point>, Vec<Point>) {
        let size = self.size;
        let Some(color) = self.at(point) else {
            return (Vec::new(), Vec::new());
        };
        let mut in_chain = [false; MAX_POINTS];
        let mut is_liberty = [false; MAX_POINTS];
        let mut stack = vec![point];
        in_chain[size.index(point)] = true;
        while let Some(p) = stack.pop() {
            for q in size.neighbours(p) {
                let i = size.index(q);
                match self.cells[i] {
                    Some(c) if c == color && !in_chain[i] => {
                        in_chain[i] = true;
                        stack.push(q);
                    }
                    None => is_liberty[i] = true,
                    _ => {}
                }
            }
        }
        let pick = |marks: &[bool; MAX_POINTS]| size.all_points().filter(|&p| marks[size.index(p)]).collect();
        (pick(&in_chain), pick(&is_liberty))
    }

    /// The board size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The stone on `point`, if any (`None` off the board too).
    pub fn at(&self, point: Point) -> Option<Color> {
        if self.size.contains(point) { self.cells[self.size.index(point)] } else { None }
    }

    /// The side to move.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The point the side to move may not play on (simple ko), if any.
    pub fn ko(&self) -> Option<Point> {
        self.ko
    }

    /// Passes in a row that led here (2: the game is over).
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// Whether two passes in a row ended the game.
    pub fn is_over(&self) -> bool {
        self.passes >= 2
    }

    /// The stones, row by row from A1.
    pub fn stones(&self) -> impl Iterator<Item = (Point, Color)> + '_ {
        self.size.all_points().filter_map(|p| self.at(p).map(|c| (p, c)))
    }

    /// The number of stones of `color`.
    pub fn count(&self, color: Color) -> usize {
        self.stones().filter(|&(_, c)| c == color).count()
    }

    /// Builds a position from parts already known to be consistent (a
    /// representation's own state); not checked.
    pub(crate) fn from_parts(
        size: Size,
        cells: [Option<Color>; MAX_POINTS],
        to_move: Color,
        ko: Option<Point>,
        passes: u8,
    ) -> Position {
        Position { size, cells, to_move, ko, passes }
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl fmt::Display for Position {
    /// The text form (see [`Position`]), one row per line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..self.size.rows()).rev() {
            for col in 0..self.size.cols() {
                let p = Point::new(col as u32, row as u32).map_err(|_| fmt::Error)?;
                let c = self.at(p).map_or('.', Color::symbol);
                if col > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        writeln!(f, "to-move {}", self.to_move)?;
        if let Some(ko) = self.ko {
            writeln!(f, "ko {ko}")?;
        }
        if self.passes > 0 {
            writeln!(f, "passes {}", self.passes)?;
        }
        Ok(())
    }
}

impl FromStr for Position {
    type Err = GoError;

    /// Reads the text form (see [`Position`]).
    fn from_str(text: &str) -> Result<Self, GoError> {
        let bad = |line: usize, why: String| GoError::NotAPosition { line, why };
        // Each row with the line it is on and the number written beside it.
        let mut rows: Vec<(usize, Option<u32>, Vec<Option<Color>>)> = Vec::new();
        let mut letters: Option<(usize, usize)> = None;
        let mut to_move: Option<Color> = None;
        let mut ko_text: Option<(usize, String)> = None;
        let mut passes: Option<u8> = None;
        let mut keywords_started = false;
        for (n, raw) in text.lines().enumerate() {
            let line_no = n + 1;
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let compact: String = line.chars().filter(|c| !c.is_whitespace()).collect();
            let body = compact.trim_matches(|c: char| c.is_ascii_digit());
            let number = row_number(&compact);
            if !body.is_empty() && body.chars().all(|c| matches!(c, '.' | '+' | 'X' | 'x' | 'O' | 'o')) {
                if keywords_started {
                    return Err(bad(line_no, "rows of the board come before to-move, ko and passes".into()));
                }
                if letters.is_some() {
                    return Err(bad(line_no, "rows of the board come before the line of column letters".into()));
                }
                let row = body
                    .chars()
                    .map(|c| match c {
                        'X' | 'x' => Some(Color::Black),
                        'O' | 'o' => Some(Color::White),
                        _ => None,
                    })
                    .collect();
                rows.push((line_no, number, row));
                continue;
            }
            if !rows.is_empty() && COLUMN_LETTERS.starts_with(compact.to_ascii_uppercase().as_bytes()) {
                letters = Some((line_no, compact.len()));
                continue;
            }
            keywords_started = true;
            let mut words = line.splitn(2, [' ', ':', '=']);
            let key = words.next().unwrap_or("").to_ascii_lowercase();
            let value = words.next().unwrap_or("").trim().trim_start_matches([':', '=']).trim();
            let twice = |name: &str| bad(line_no, format!("a second `{name}` line; give it once"));
            match key.as_str() {
                "to-move" | "to_move" | "tomove" => {
                    if to_move.is_some() {
                        return Err(twice("to-move"));
                    }
                    to_move = Some(match value.to_ascii_lowercase().as_str() {
                        "black" | "b" | "x" => Color::Black,
                        "white" | "w" | "o" => Color::White,
                        _ => return Err(bad(line_no, "the side to move is neither black nor white".into())),
                    });
                }
                "ko" => {
                    if ko_text.is_some() {
                        return Err(twice("ko"));
                    }
                    ko_text = Some((line_no, value.to_owned()));
                }
                "passes" => {
                    if passes.is_some() {
                        return Err(twice("passes"));
                    }
                    passes = Some(value.parse().map_err(|_| bad(line_no, "passes is not 0, 1 or 2".into()))?);
                }
                _ => {
                    return Err(bad(
                        line_no,
                        "neither a row of . X O nor to-move, ko or passes (e.g. `to-move white`, `ko C3`)".into(),
                    ));
                }
            }
        }
        let Some((_, _, first)) = rows.first() else {
            return Err(bad(0, "no rows of . X O found (or give an SGF record)".into()));
        };
        let cols = first.len();
        if let Some((line_no, _, row)) = rows.iter().find(|(_, _, r)| r.len() != cols) {
            return Err(bad(*line_no, format!("this row has {} points, the first row has {cols}", row.len())));
        }
        if let Some((line_no, count)) = letters
            && count != cols
        {
            return Err(bad(line_no, format!("{count} column letters for rows of {cols} points")));
        }
        if rows.iter().any(|(_, number, _)| number.is_some()) {
            let height = rows.len() as u32;
            for (k, (line_no, number, _)) in rows.iter().enumerate() {
                let expected = height - k as u32;
                if *number != Some(expected) {
                    return Err(bad(
                        *line_no,
                        format!(
                            "this is row {expected} (rows are numbered from the bottom, 1 last); number every row or none"
                        ),
                    ));
                }
            }
        }
        let size = Size::new(cols as u32, rows.len() as u32)?;
        let ko = match ko_text {
            Some((_, t)) if t == "-" || t.eq_ignore_ascii_case("none") => None,
            Some((line_no, t)) => Some(Point::parse_on(&t, size).map_err(|e| bad(line_no, e.to_string()))?),
            None => None,
        };
        let mut stones = Vec::new();
        for (k, (_, _, row)) in rows.iter().enumerate() {
            let r = (rows.len() - 1 - k) as u32;
            for (c, cell) in row.iter().enumerate() {
                if let Some(color) = cell {
                    stones.push((Point::new(c as u32, r)?, *color));
                }
            }
        }
        Position::new(size, &stones, to_move.unwrap_or(Color::Black), ko, passes.unwrap_or(0))
    }
}

/// The row number written at the start or the end of a row (`19 . . X`,
/// `. . X 19`), if any.
fn row_number(compact: &str) -> Option<u32> {
    let leading: String = compact.chars().take_while(char::is_ascii_digit).collect();
    let trailing: String =
        compact.chars().rev().take_while(char::is_ascii_digit).collect::<Vec<_>>().into_iter().rev().collect();
    let digits = if leading.is_empty() { trailing } else { leading };
    digits.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_form_round_trips() {
        let p: Position = "X O .\n. . .\nto-move white\n".parse().unwrap();
        assert_eq!(p.size(), Size::new(3, 2).unwrap());
        assert_eq!(p.at("A2".parse().unwrap()), Some(Color::Black));
        let again: Position = p.to_string().parse().unwrap();
        assert_eq!(again, p);
    }

    #[test]
    fn illegal_positions_are_refused() {
        let dead = "X O\nO .\n".parse::<Position>().unwrap_err();
        assert!(matches!(dead, GoError::ChainWithoutLiberty { .. }), "{dead}");
        assert!(". X O\nX . O\nko B1\n".parse::<Position>().is_err());
        assert!("X .\nko B1\n.X\n".parse::<Position>().is_err());
        assert!("X .\n. .\nX .\n. . .\n".parse::<Position>().is_err());
        assert!("X .\npasses 3\n".parse::<Position>().is_err());
        assert!("X .\nhello\n".parse::<Position>().is_err());
        assert!("".parse::<Position>().is_err());
        let wide = ".".repeat(20);
        assert!(matches!(wide.parse::<Position>().unwrap_err(), GoError::BadSize { .. }));
    }

    #[test]
    fn numbered_rows_and_column_letters_are_read() {
        let plain: Position = "X . .\n. O .\n. . .\nto-move white\n".parse().unwrap();
        let numbered: Position = " 3 X . .\n 2 . O .\n 1 . . .\n   A B C\nto-move white\n".parse().unwrap();
        let trailing: Position = "X . . 3\n. O . 2\n. . . 1\nA B C\nto-move white\n".parse().unwrap();
        assert_eq!(numbered, plain);
        assert_eq!(trailing, plain);
    }

    /// The line an error names.
    fn line_of(text: &str) -> usize {
        match text.parse::<Position>().unwrap_err() {
            GoError::NotAPosition { line, .. } => line,
            other => panic!("{text:?}: {other}"),
        }
    }

    #[test]
    fn every_error_names_its_line() {
        assert_eq!(line_of("X . .\n. .\n. . .\n"), 2, "a ragged row");
        assert_eq!(line_of("# a comment\nX .\n. .\nto-move white\nto-move black\n"), 5, "two to-move lines");
        assert_eq!(line_of("X .\n. .\nko -\nko A1\n"), 4, "two ko lines");
        assert_eq!(line_of("X .\n. .\npasses 1\npasses 1\n"), 4, "two passes lines");
        assert_eq!(line_of("X . 2\n. . 2\n"), 2, "a wrong row number");
        assert_eq!(line_of("X . 2\n. .\n"), 2, "a row without its number");
        assert_eq!(line_of("X .\n. .\nA B C\n"), 3, "too many column letters");
        assert_eq!(line_of("X .\nto-move purple\n"), 2);
        assert_eq!(line_of(""), 0, "no rows at all");
    }

    #[test]
    fn a_real_ko_is_accepted() {
        // White has just taken a black stone on C2 by playing B2: the lone
        // white stone on B2 breathes only at C2, and Black may not retake at once.
        let p: Position = ". X O .\nX O . O\n. X O .\nto-move black\nko C2\n".parse().unwrap();
        assert_eq!(p.ko(), Some("C2".parse().unwrap()));
        // The same point is no ko with White to move.
        assert!(". X O .\nX O . O\n. X O .\nto-move white\nko C2\n".parse::<Position>().is_err());
    }
}
