//! Moves in a game's usual notation, for people reading a divide: UCI for
//! chess (`e2e4`, `e7e8q`), the standard square numbers for draughts
//! (`11-15`, `9x18x27`), and a1-style points for the other board games
//! (`d3` for a man put on d3, `a2-b2` for a man moved, `pass`).
//!
//! The abscissa is the column, written from `a`; the ordinate the row,
//! written from 1, as `docs/rules.md` lays a board out.
//!
//! ```
//! use plybench::engine::rules::moves::{RuleMove, Square, Sub};
//! use plybench::engine::rules::notation::point;
//!
//! assert_eq!(point(Square::new(4, 3)), "d3");
//! ```

use super::ast::Program;
use super::bridge;
use super::conditions::{Output, Words};
use super::moves::{RuleMove, Square, Sub};

/// How a game's moves are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// UCI, through [`bridge::chess`].
    Uci,
    /// The standard square numbers of draughts, through [`bridge::checkers`].
    Draughts,
    /// a1-style points.
    Points,
}

impl Notation {
    /// The notation of the game `key` (the shipped file's name, or the
    /// `GAME` name of a file read from disk, in lower case) described by
    /// `program`: UCI for chess and the draughts numbers for draughts when
    /// the file uses their boards and letters, points otherwise.
    pub fn of(key: &str, program: &Program) -> Notation {
        let header = &program.header;
        let letters: String = header.pieces.iter().map(|p| p.letter.to_ascii_uppercase()).collect();
        let square = (header.width, header.height) == (8, 8);
        match key {
            "chess" if square && letters.chars().all(|c| "KQRBNP".contains(c)) => Notation::Uci,
            "draughts" if square && letters == "MK" => Notation::Draughts,
            _ => Notation::Points,
        }
    }

    /// `mv`, played by `player`, in this notation. A move the notation
    /// cannot write is written as the paper writes it, with the pieces'
    /// names.
    pub fn write(self, program: &Program, player: u8, mv: &RuleMove) -> String {
        match self {
            Notation::Uci => bridge::chess::rule_move(program, mv),
            Notation::Draughts => bridge::checkers::rule_move(mv),
            Notation::Points => points(program, mv)
                .unwrap_or_else(|| Words { header: &program.header, player }.output(&Output::Move(*mv))),
        }
    }
}

/// A square as a point: `a1` for (1, 1), `d3` for (4, 3); past `z`, the
/// pair.
pub fn point(s: Square) -> String {
    match u8::try_from(s.x).ok().filter(|x| (1..=26).contains(x)) {
        Some(x) if s.y >= 1 => format!("{}{}", char::from(b'a' + x - 1), s.y),
        _ => s.to_string(),
    }
}

/// A move of a board game as points: the square of its first `PUT`
/// (prefixed by the piece's letter when the game has several natures),
/// the origin and destination of its first `TRAVEL` (`-`, or `x` when it
/// captures), `xd4` for captures alone, `pass` for a move that changes no
/// square. `None` for anything else.
fn points(program: &Program, mv: &RuleMove) -> Option<String> {
    let subs = mv.subs();
    let captures = subs.iter().any(|s| matches!(s, Sub::Capture(_)));
    let letter = |n: u8| {
        let several = program.header.pieces.len() > 1;
        let piece = program.header.pieces.get(usize::from(n).wrapping_sub(1));
        piece.filter(|_| several).map_or_else(String::new, |p| p.letter.to_ascii_uppercase().to_string())
    };
    if let Some(&Sub::Put(n, s)) = subs.iter().find(|s| matches!(s, Sub::Put(..))) {
        return Some(format!("{}{}", letter(n), point(s)));
    }
    if let Some(&Sub::Travel(a, b)) = subs.iter().find(|s| matches!(s, Sub::Travel(..))) {
        return Some(format!("{}{}{}", point(a), if captures { 'x' } else { '-' }, point(b)));
    }
    if captures {
        let taken: Vec<String> =
            subs.iter().filter_map(|s| if let Sub::Capture(c) = s { Some(point(*c)) } else { None }).collect();
        return Some(format!("x{}", taken.join("x")));
    }
    subs.iter().all(|s| matches!(s, Sub::Indic { .. } | Sub::None)).then(|| "pass".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rules::games::find;
    use crate::engine::rules::parse::parse;

    fn program(name: &str) -> Program {
        let g = find(name).unwrap();
        parse(g.file, g.text).unwrap()
    }

    #[test]
    fn each_game_has_its_notation() {
        assert_eq!(Notation::of("chess", &program("chess")), Notation::Uci);
        assert_eq!(Notation::of("draughts", &program("draughts")), Notation::Draughts);
        assert_eq!(Notation::of("othello", &program("othello")), Notation::Points);
        // Pitrat's chess is not chess: its moves are written as points.
        assert_eq!(Notation::of("pitrat-chess", &program("pitrat-chess")), Notation::Points);
    }

    #[test]
    fn board_games_write_points() {
        let p = program("othello");
        let mut put = RuleMove::new();
        put.push(Sub::Put(1, Square::new(4, 3)));
        put.push(Sub::Capture(Square::new(4, 4)));
        put.push(Sub::Put(1, Square::new(4, 4)));
        assert_eq!(Notation::Points.write(&p, 1, &put), "d3");
        let mut pass = RuleMove::new();
        pass.push(Sub::Indic { id: 0, player: 0, value: 1 });
        assert_eq!(Notation::Points.write(&p, 1, &pass), "pass");
        let mut travel = RuleMove::new();
        travel.push(Sub::Travel(Square::new(1, 2), Square::new(2, 2)));
        assert_eq!(Notation::Points.write(&p, 1, &travel), "a2-b2");
        let chess = program("pitrat-chess");
        let mut queen = RuleMove::new();
        queen.push(Sub::Put(2, Square::new(26, 1)));
        assert_eq!(Notation::Points.write(&chess, 1, &queen), "Qz1");
    }
}
