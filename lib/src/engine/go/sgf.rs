//! The Smart Game Format (SGF, FF\[4\]) for Go: a game record's main line
//! read into a checked [`Position`], and a position written as a setup.
//!
//! What is read: the first game tree of a collection and, at every fork,
//! its first variation (the main line); in the root node `GM` (it must be
//! 1, Go), `SZ` (a number, or `cols:rows`; default 19) and `HA`
//! (handicap); in every node the setup properties `AB`, `AW`, `AE`
//! (single points or `aa:cc` rectangles), `PL` (the side to play) and the
//! moves `B` and `W` (an empty value, or `tt` on a board of at most 19×19,
//! is a pass). Every other property (comments, names, markup, times) is
//! skipped, and so are the other variations. Property names may carry
//! lowercase letters, which FF\[3\] allowed and FF\[4\] tells readers to
//! ignore (`AddBlack` is `AB`).
//!
//! The moves are played by the rules of [`super::Board`] (captures,
//! suicide refused, simple ko), so an illegal move in a record is an error
//! that names its number. The side to move is that of the last node's `PL`,
//! else the opponent of the last move, else White after handicap stones
//! (`HA` of 2 or more) and Black otherwise.
//!
//! ```
//! use plybench::engine::go::sgf::GameRecord;
//! use plybench::engine::go::Color;
//!
//! let record: GameRecord = "(;GM[1]FF[4]SZ[9]AB[cc][gc];W[ee];B[ge](;W[gg])(;W[cg]))".parse()?;
//! assert_eq!(record.moves(), 3);
//! let end = record.position(None)?;
//! assert_eq!(end.count(Color::Black), 3);
//! assert_eq!(end.at("G3".parse()?), Some(Color::White)); // the main line's last move
//! let before = record.position(Some(1))?;
//! assert_eq!(before.to_move(), Color::Black);
//! # Ok::<(), plybench::engine::go::GoError>(())
//! ```

use std::fmt::Write as _;
use std::str::FromStr;

use super::error::GoError;
use super::perft::play;
use super::point::{Color, MAX_POINTS, MAX_SIDE, Move, Point, Size};
use super::position::Position;
use crate::quote::quote;

/// The most bytes of SGF read: a game record takes a few kilobytes, a
/// collection of thousands of games a few megabytes.
pub const MAX_BYTES: usize = 16 << 20;

/// The most nodes of a main line.
pub const MAX_NODES: usize = 100_000;

/// Whether `text` looks like SGF: a `(` and then a `;`, blanks aside.
pub fn looks_like_sgf(text: &str) -> bool {
    let mut rest = text.trim_start().bytes().filter(|b| !b.is_ascii_whitespace());
    rest.next() == Some(b'(') && rest.next() == Some(b';')
}

/// One node of the main line: what it sets up and what it plays.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Node {
    /// The line of the text where the node starts.
    line: usize,
    add_black: Vec<Point>,
    add_white: Vec<Point>,
    add_empty: Vec<Point>,
    to_play: Option<Color>,
    /// A move: its colour and its point (`None`: a pass).
    play: Option<(Color, Option<Point>)>,
}

/// The main line of an SGF game record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    size: Size,
    handicap: u32,
    nodes: Vec<Node>,
}

impl GameRecord {
    /// The board size (`SZ`).
    pub fn size(&self) -> Size {
        self.size
    }

    /// The handicap (`HA`), 0 when the record gives none.
    pub fn handicap(&self) -> u32 {
        self.handicap
    }

    /// The number of moves (passes included) on the main line.
    pub fn moves(&self) -> usize {
        self.nodes.iter().filter(|n| n.play.is_some()).count()
    }

    /// The position after `moves` moves of the main line (`None`: all of
    /// them), with the setup nodes before the next move applied.
    ///
    /// # Errors
    ///
    /// [`GoError::MoveNumber`] past the record's last move;
    /// [`GoError::RecordMove`] for a move the rules refuse;
    /// [`GoError::Sgf`] for a setup that leaves a chain without a
    /// breathing space.
    pub fn position(&self, moves: Option<usize>) -> Result<Position, GoError> {
        let total = self.moves();
        let stop = match moves {
            Some(n) if n > total => return Err(GoError::MoveNumber { asked: n, moves: total }),
            Some(n) => n,
            None => total,
        };
        let first = if self.handicap >= 2 { Color::White } else { Color::Black };
        let mut position = Position::empty(self.size);
        position = with_turn(&position, first)?;
        let mut played = 0;
        for node in &self.nodes {
            if node.play.is_some() && played == stop {
                break;
            }
            if !(node.add_black.is_empty() && node.add_white.is_empty() && node.add_empty.is_empty()) {
                position = set_up(&position, node)?;
            }
            if let Some((color, point)) = node.play {
                played += 1;
                position = play_in_record(&position, color, point, played)?;
            }
            if let Some(color) = node.to_play {
                position = with_turn(&position, color)?;
            }
        }
        Ok(position)
    }
}

/// `position` with `color` to move: the same position when it already is;
/// otherwise without its ko point, which binds only the side it was for.
fn with_turn(position: &Position, color: Color) -> Result<Position, GoError> {
    if position.to_move() == color {
        return Ok(position.clone());
    }
    let stones: Vec<(Point, Color)> = position.stones().collect();
    Position::new(position.size(), &stones, color, None, position.passes())
}

/// `position` with a node's setup (`AB`, `AW`, `AE`) applied.
fn set_up(position: &Position, node: &Node) -> Result<Position, GoError> {
    let size = position.size();
    let mut cells = [None; MAX_POINTS];
    for (point, color) in position.stones() {
        cells[size.index(point)] = Some(color);
    }
    for (points, value) in
        [(&node.add_empty, None), (&node.add_black, Some(Color::Black)), (&node.add_white, Some(Color::White))]
    {
        for &point in points {
            cells[size.index(point)] = value;
        }
    }
    let stones: Vec<(Point, Color)> =
        size.all_points().filter_map(|p| cells[size.index(p)].map(|color| (p, color))).collect();
    Position::new(size, &stones, position.to_move(), None, 0).map_err(|e| GoError::Sgf {
        line: node.line,
        why: format!("the setup of this node gives an illegal position: {e}"),
    })
}

/// `position` after the record's move number `number`, `color` at `point`
/// (`None`: a pass).
fn play_in_record(position: &Position, color: Color, point: Option<Point>, number: usize) -> Result<Position, GoError> {
    let position = with_turn(position, color)?;
    let mv = point.map_or(Move::Pass, Move::Play);
    if let Some(next) = play(&position, mv) {
        return Ok(next);
    }
    let name = point.map_or_else(|| "pass".to_owned(), |p| p.to_string());
    let why = if position.is_over() {
        "two passes in a row ended the game before it"
    } else if point.is_some_and(|p| position.at(p).is_some()) {
        "the point holds a stone"
    } else if position.ko().is_some() && position.ko() == point {
        "it retakes the ko at once"
    } else {
        "suicide: the stone would leave its chain without a breathing space"
    };
    Err(GoError::RecordMove { number, color: color.name(), point: name, why })
}

impl FromStr for GameRecord {
    type Err = GoError;

    /// Reads the main line of the first game tree (see the module).
    fn from_str(text: &str) -> Result<GameRecord, GoError> {
        if text.len() > MAX_BYTES {
            return Err(GoError::Sgf { line: 0, why: format!("{} bytes; at most {MAX_BYTES} are read", text.len()) });
        }
        let nodes = Parser { text: text.as_bytes(), at: 0 }.main_line()?;
        let root = nodes.first().ok_or(GoError::Sgf { line: 1, why: "the game tree has no node".into() })?;
        let mut size = Size::STANDARD;
        let mut handicap = 0;
        for (ident, values) in &root.1 {
            let one = || single(ident, values, root.0);
            match ident.as_str() {
                "GM" if one()?.trim() != "1" => {
                    return Err(GoError::Sgf {
                        line: root.0,
                        why: "GM is not 1: the record is of a game other than Go".into(),
                    });
                }
                "SZ" => size = board_size(one()?, root.0)?,
                "HA" => {
                    handicap = one()?.trim().parse().map_err(|_| GoError::Sgf {
                        line: root.0,
                        why: "HA is not a number of handicap stones".into(),
                    })?;
                }
                _ => {}
            }
        }
        let mut record = GameRecord { size, handicap, nodes: Vec::with_capacity(nodes.len()) };
        for (line, properties) in &nodes {
            record.nodes.push(node(size, *line, properties)?);
        }
        Ok(record)
    }
}

/// A property's one value.
fn single<'a>(ident: &str, values: &'a [String], line: usize) -> Result<&'a str, GoError> {
    match values {
        [one] => Ok(one),
        _ => Err(GoError::Sgf { line, why: format!("{ident} takes one value, and has {}", values.len()) }),
    }
}

/// `SZ`: `19` or `cols:rows`.
fn board_size(value: &str, line: usize) -> Result<Size, GoError> {
    let bad =
        || GoError::Sgf { line, why: format!("SZ is not a board size (a number, or cols:rows) of at most {MAX_SIDE}") };
    let number = |s: &str| s.trim().parse::<u32>().map_err(|_| bad());
    let size = match value.split_once(':') {
        Some((cols, rows)) => Size::new(number(cols)?, number(rows)?),
        None => Size::square(number(value)?),
    };
    size.map_err(|e| GoError::Sgf { line, why: format!("SZ: {e}") })
}

/// The node's properties that matter to the position, checked.
fn node(size: Size, line: usize, properties: &[(String, Vec<String>)]) -> Result<Node, GoError> {
    let mut node = Node { line, ..Node::default() };
    for (ident, values) in properties {
        match ident.as_str() {
            "AB" | "AW" | "AE" => {
                let points = match ident.as_str() {
                    "AB" => &mut node.add_black,
                    "AW" => &mut node.add_white,
                    _ => &mut node.add_empty,
                };
                for value in values {
                    point_list(size, value, line, points)?;
                }
            }
            "B" | "W" => {
                if node.play.is_some() {
                    return Err(GoError::Sgf { line, why: "a node with two moves; give each move a node".into() });
                }
                let color = if ident == "B" { Color::Black } else { Color::White };
                let value = single(ident, values, line)?;
                node.play = Some((color, move_point(size, value, line)?));
            }
            "PL" => {
                node.to_play = Some(match single(ident, values, line)?.trim() {
                    "B" | "b" | "1" => Color::Black,
                    "W" | "w" | "2" => Color::White,
                    _ => return Err(GoError::Sgf { line, why: "PL is neither B nor W".into() }),
                });
            }
            _ => {}
        }
    }
    Ok(node)
}

/// A point in SGF's letters: column then row, `a` the left column and
/// the top row.
fn sgf_point(size: Size, value: &str, line: usize) -> Result<Point, GoError> {
    let off = || GoError::Sgf { line, why: format!("the value {} is not a point of the {size} board", quote(value)) };
    let &[x, y] = value.trim().as_bytes() else {
        return Err(off());
    };
    let coordinate = |c: u8| c.is_ascii_lowercase().then(|| u32::from(c - b'a')).ok_or_else(off);
    let (col, from_top) = (coordinate(x)?, coordinate(y)?);
    if col as usize >= size.cols() || from_top as usize >= size.rows() {
        return Err(off());
    }
    Point::new(col, size.rows() as u32 - 1 - from_top)
}

/// A move's point: `None` for a pass (an empty value, or `tt` on a board
/// of at most 19×19).
fn move_point(size: Size, value: &str, line: usize) -> Result<Option<Point>, GoError> {
    let value = value.trim();
    if value.is_empty() || (value == "tt" && size.cols() <= 19 && size.rows() <= 19) {
        return Ok(None);
    }
    sgf_point(size, value, line).map(Some)
}

/// A setup value: one point, or the rectangle `aa:cc`.
fn point_list(size: Size, value: &str, line: usize, into: &mut Vec<Point>) -> Result<(), GoError> {
    let Some((from, to)) = value.split_once(':') else {
        into.push(sgf_point(size, value, line)?);
        return Ok(());
    };
    let (a, b) = (sgf_point(size, from, line)?, sgf_point(size, to, line)?);
    for row in a.row().min(b.row())..=a.row().max(b.row()) {
        for col in a.col().min(b.col())..=a.col().max(b.col()) {
            into.push(Point::new(col as u32, row as u32)?);
        }
    }
    Ok(())
}

/// The node's line and its properties, each a name and its values.
type RawNode = (usize, Vec<(String, Vec<String>)>);

/// A reader of SGF's syntax, without recursion: a variation opened on the
/// main line is entered (it is the first), and the first `)` ends the main
/// line, since every node after it belongs to another variation.
struct Parser<'a> {
    text: &'a [u8],
    at: usize,
}

impl Parser<'_> {
    fn line(&self) -> usize {
        1 + self.text[..self.at.min(self.text.len())].iter().filter(|&&b| b == b'\n').count()
    }

    fn error(&self, why: impl Into<String>) -> GoError {
        GoError::Sgf { line: self.line(), why: why.into() }
    }

    fn skip_blanks(&mut self) {
        while self.text.get(self.at).is_some_and(u8::is_ascii_whitespace) {
            self.at += 1;
        }
    }

    fn main_line(mut self) -> Result<Vec<RawNode>, GoError> {
        self.skip_blanks();
        if self.text.get(self.at) != Some(&b'(') {
            return Err(self.error("an SGF record starts with `(;`"));
        }
        self.at += 1;
        let mut nodes = Vec::new();
        loop {
            self.skip_blanks();
            match self.text.get(self.at) {
                None => return Err(self.error("the game tree is not closed: a `)` is missing")),
                Some(b')') => return Ok(nodes),
                Some(b'(') => self.at += 1,
                Some(b';') => {
                    if nodes.len() == MAX_NODES {
                        return Err(self.error(format!("more than {MAX_NODES} nodes on the main line")));
                    }
                    self.at += 1;
                    let line = self.line();
                    nodes.push((line, self.properties()?));
                }
                Some(&other) => {
                    return Err(self.error(format!(
                        "{} where a node (`;`) or a variation was expected",
                        quote(&char::from(other).to_string())
                    )));
                }
            }
        }
    }

    /// The properties of a node, up to the next `;`, `(` or `)`.
    fn properties(&mut self) -> Result<Vec<(String, Vec<String>)>, GoError> {
        let mut properties = Vec::new();
        loop {
            self.skip_blanks();
            let start = self.at;
            while self.text.get(self.at).is_some_and(u8::is_ascii_alphabetic) {
                self.at += 1;
            }
            if self.at == start {
                return Ok(properties);
            }
            // FF[3] long names such as AddBlack: the capitals are the name.
            let ident: String =
                self.text[start..self.at].iter().filter(|b| b.is_ascii_uppercase()).map(|&b| char::from(b)).collect();
            if ident.is_empty() {
                let word = String::from_utf8_lossy(&self.text[start..self.at]).into_owned();
                return Err(
                    self.error(format!("{} is not a property name (capital letters, e.g. B, AB, SZ)", quote(&word)))
                );
            }
            let mut values = Vec::new();
            loop {
                self.skip_blanks();
                if self.text.get(self.at) != Some(&b'[') {
                    break;
                }
                self.at += 1;
                values.push(self.value()?);
            }
            if values.is_empty() {
                return Err(self.error(format!("property {ident} has no value; write it as {ident}[...]")));
            }
            properties.push((ident, values));
        }
    }

    /// A value, after its `[` and up to its `]`, escapes resolved.
    fn value(&mut self) -> Result<String, GoError> {
        let start_line = self.line();
        let mut bytes = Vec::new();
        loop {
            match self.text.get(self.at) {
                None => {
                    return Err(GoError::Sgf {
                        line: start_line,
                        why: "a value is not closed: a `]` is missing".into(),
                    });
                }
                Some(b']') => {
                    self.at += 1;
                    return Ok(String::from_utf8_lossy(&bytes).into_owned());
                }
                Some(b'\\') => {
                    if let Some(&next) = self.text.get(self.at + 1) {
                        bytes.push(next);
                    }
                    self.at += 2;
                }
                Some(&b) => {
                    bytes.push(b);
                    self.at += 1;
                }
            }
        }
    }
}

/// A setup of `stones` on a board of `size` as an SGF record: `PL` when
/// `to_move` is given, and `comment` as the root's `C`.
pub fn setup_record(
    size: Size,
    stones: impl IntoIterator<Item = (Point, Color)>,
    to_move: Option<Color>,
    comment: &str,
) -> String {
    let mut out = String::from("(;FF[4]GM[1]CA[UTF-8]");
    let _ = write!(out, "AP[plybench:{}]", env!("CARGO_PKG_VERSION"));
    if size.cols() == size.rows() {
        let _ = write!(out, "SZ[{}]", size.cols());
    } else {
        let _ = write!(out, "SZ[{}:{}]", size.cols(), size.rows());
    }
    if let Some(color) = to_move {
        out.push_str(if color == Color::Black { "PL[B]" } else { "PL[W]" });
    }
    let (mut black, mut white) = (Vec::new(), Vec::new());
    for (point, color) in stones {
        let letters = [b'a' + point.col() as u8, b'a' + (size.rows() - 1 - point.row()) as u8];
        let name = String::from_utf8_lossy(&letters).into_owned();
        if color == Color::Black { black.push(name) } else { white.push(name) }
    }
    for (ident, points) in [("AB", black), ("AW", white)] {
        if !points.is_empty() {
            out.push('\n');
            out.push_str(ident);
            for p in points {
                let _ = write!(out, "[{p}]");
            }
        }
    }
    if !comment.is_empty() {
        out.push_str("\nC[");
        for c in comment.chars() {
            if matches!(c, ']' | '\\') {
                out.push('\\');
            }
            out.push(c);
        }
        out.push(']');
    }
    out.push_str(")\n");
    out
}

/// `position` as an SGF setup record (see [`setup_record`]): its stones
/// and side to move. Its ko point and passes are not written: SGF has no
/// setup property for them.
pub fn position_record(position: &Position, comment: &str) -> String {
    setup_record(position.size(), position.stones(), Some(position.to_move()), comment)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(text: &str) -> GameRecord {
        text.parse().unwrap_or_else(|e| panic!("{e}: {text}"))
    }

    #[test]
    fn points_are_read_from_the_top_left() {
        let size = Size::STANDARD;
        assert_eq!(sgf_point(size, "aa", 1).unwrap().to_string(), "A19");
        assert_eq!(sgf_point(size, "ss", 1).unwrap().to_string(), "T1");
        assert_eq!(sgf_point(size, "pd", 1).unwrap().to_string(), "Q16");
        assert!(sgf_point(size, "ta", 1).is_err());
        assert!(sgf_point(Size::square(9).unwrap(), "ja", 1).is_err());
        assert_eq!(move_point(size, "tt", 1).unwrap(), None);
        assert_eq!(move_point(size, "", 1).unwrap(), None);
        let mut rect = Vec::new();
        point_list(Size::square(5).unwrap(), "bb:cc", 1, &mut rect).unwrap();
        let names: Vec<String> = rect.iter().map(ToString::to_string).collect();
        assert_eq!(names, ["B3", "C3", "B4", "C4"]);
    }

    #[test]
    fn the_main_line_is_the_first_variation_everywhere() {
        let r = record("(;SZ[5];B[cc](;W[bc];B[cb](;W[dc])(;W[cd]))(;W[dd]))");
        assert_eq!(r.moves(), 4);
        let end = r.position(None).unwrap();
        assert_eq!(end.at("D3".parse().unwrap()), Some(Color::White));
        assert_eq!(end.at("D2".parse().unwrap()), None);
        assert_eq!(end.to_move(), Color::Black);
        assert!(matches!(r.position(Some(5)), Err(GoError::MoveNumber { asked: 5, moves: 4 })));
        assert_eq!(r.position(Some(0)).unwrap(), Position::empty(Size::square(5).unwrap()));
    }

    #[test]
    fn captures_passes_and_turns_follow_the_rules() {
        // Black captures the white stone on B2 (SGF bd on 3x3 is B2).
        let r = record("(;SZ[3]AW[bb]AB[ab][ba][cb];B[bc])");
        let end = r.position(None).unwrap();
        assert_eq!(end.at("B2".parse().unwrap()), None, "{end}");
        assert_eq!(end.count(Color::White), 0);
        let passes = record("(;SZ[3];B[];W[tt])").position(None).unwrap();
        assert_eq!(passes.passes(), 2);
        assert!(passes.is_over());
        let after_end = record("(;SZ[3];B[];W[tt];B[])").position(None).unwrap_err();
        assert!(matches!(after_end, GoError::RecordMove { number: 3, .. }), "{after_end}");
        assert!(after_end.to_string().contains("ended the game"), "{after_end}");
        let handicap = record("(;SZ[9]HA[2]AB[cc][gg])").position(None).unwrap();
        assert_eq!(handicap.to_move(), Color::White);
        let told = record("(;SZ[9]HA[2]AB[cc][gg]PL[B])").position(None).unwrap();
        assert_eq!(told.to_move(), Color::Black);
    }

    #[test]
    fn an_illegal_move_is_named_by_its_number() {
        let err = "(;SZ[5];B[cc];W[cc])".parse::<GameRecord>().unwrap().position(None).unwrap_err();
        assert!(matches!(err, GoError::RecordMove { number: 2, .. }), "{err}");
        assert!(err.to_string().contains("holds a stone"), "{err}");
        let suicide = "(;SZ[3]AB[ab][ba];W[aa])".parse::<GameRecord>().unwrap().position(None).unwrap_err();
        assert!(suicide.to_string().contains("suicide"), "{suicide}");
    }

    #[test]
    fn comments_escapes_and_long_names_are_read() {
        let r = record("(;FF[3]GaMe[1]SiZe[9]C[a \\] inside, a \\\\ and (;B[aa\\]) ]\nAddBlack[ee]\n;B[ab]C[x])");
        assert_eq!(r.size(), Size::square(9).unwrap());
        let end = r.position(None).unwrap();
        assert_eq!(end.at("E5".parse().unwrap()), Some(Color::Black));
        assert_eq!(end.at("A8".parse().unwrap()), Some(Color::Black));
    }

    #[test]
    fn malformed_records_say_where() {
        for (text, line, word) in [
            ("(;SZ[9]\n;B[aa]", 2, "not closed"),
            ("(;SZ[9]\n;B[aa\n", 2, "`]` is missing"),
            ("(;GM[2];B[aa])", 1, "other than Go"),
            ("(;SZ[25])", 1, "1 to 19"),
            ("(;SZ[9]\n\n;B[zz])", 3, "not a point"),
            ("(;SZ[9];B[aa]W[bb])", 1, "two moves"),
            ("(;SZ[9];B)", 1, "no value"),
            ("(;SZ[9]x)", 1, "not a property"),
            ("(;SZ[9]]", 1, "where a node"),
            ("(;SZ[3]AB[aa][ab][ba][bb][ac][bc][ca][cb][cc])", 1, "illegal position"),
            ("(", 1, "not closed"),
            ("hello", 1, "starts with"),
        ] {
            let err = text.parse::<GameRecord>().and_then(|r| r.position(None)).unwrap_err();
            let message = err.to_string();
            assert!(message.contains(word), "{text:?}: {message}");
            assert!(matches!(err, GoError::Sgf { line: l, .. } if l == line), "{text:?}: {err:?}");
        }
    }

    #[test]
    fn a_written_setup_reads_back() {
        let p: Position = ". X O .\nX O . O\n. X O .\nto-move white\n".parse().unwrap();
        let text = position_record(&p, "a comment with ] and \\");
        assert!(looks_like_sgf(&text));
        let back = text.parse::<GameRecord>().unwrap().position(None).unwrap();
        assert_eq!(back, p);
    }
}
