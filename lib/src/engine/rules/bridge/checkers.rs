//! Checkers in the rules' terms: a [`Position`] as a position of
//! `draughts.rules`, and moves of both sides as the checkers study writes
//! them: `9-13`, or `9x18x27` with every landing of a capture's path.
//!
//! `draughts.rules` (see its header) has player 1 = Black (who moves
//! first), the pieces `M` (man) and `K` (king), upper case for Black. The
//! standard square `n` stands at abscissa `file + 1` and ordinate
//! `row + 1`, where `row` counts from Black's back row (squares 1-4) and
//! `file` from the left of the full 8x8 board, as
//! [`Square::file`](crate::engine::checkers::Square::file) gives it.

use std::fmt::Write;

use crate::engine::checkers::{Board, Color, Move, Position, Square};
use crate::engine::rules::state::{RuleMove, Square as RuleSquare, Sub};

/// The rules square of a standard square.
pub fn rule_square(s: Square) -> RuleSquare {
    RuleSquare { x: s.file() as i8 + 1, y: s.row() as i8 + 1 }
}

/// The standard square of a rules square, if it is a playable (dark) one.
pub fn square(s: RuleSquare) -> Option<Square> {
    let (file, row) = (i32::from(s.x) - 1, i32::from(s.y) - 1);
    if !(0..8).contains(&file) || !(0..8).contains(&row) || (file + row) % 2 == 0 {
        return None;
    }
    Square::new((row * 4 + file / 2 + 1) as u32)
}

/// The position in the text form of docs/rules.md §1: rows from ordinate
/// 8 down, `M`/`K` for Black's men and kings, `m`/`k` for White's, digits
/// for runs of empty squares, then the player to move.
///
/// ```
/// use plybench::engine::checkers::Position;
/// use plybench::engine::rules::bridge::checkers::position_text;
///
/// assert_eq!(
///     position_text(&Position::start()),
///     "m1m1m1m1/1m1m1m1m/m1m1m1m1/8/8/1M1M1M1M/M1M1M1M1/1M1M1M1M 1"
/// );
/// ```
pub fn position_text(position: &Position) -> String {
    let mut text = String::new();
    for y in (1..=8i8).rev() {
        let mut empty = 0;
        for x in 1..=8i8 {
            let letter = square(RuleSquare { x, y }).and_then(|s| {
                let bit = s.bit();
                let king = position.kings & bit != 0;
                if position.black & bit != 0 {
                    Some(if king { 'K' } else { 'M' })
                } else if position.white & bit != 0 {
                    Some(if king { 'k' } else { 'm' })
                } else {
                    None
                }
            });
            match letter {
                Some(c) => {
                    if empty > 0 {
                        let _ = write!(text, "{empty}");
                        empty = 0;
                    }
                    text.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            let _ = write!(text, "{empty}");
        }
        if y > 1 {
            text.push('/');
        }
    }
    let player = match position.side {
        Color::Black => 1,
        Color::White => 2,
    };
    let _ = write!(text, " {player}");
    text
}

/// A move output by `draughts.rules` in the checkers study's notation:
/// the first `TRAVEL`'s origin, then each `TRAVEL`'s destination, joined
/// by `x` if the move captures and by `-` otherwise. A move that fits none
/// of this is written out sub-move by sub-move, so that it never equals a
/// real move.
pub fn rule_move(mv: &RuleMove) -> String {
    let mut from = None;
    let mut landings = Vec::new();
    let mut captures = 0;
    let mut odd = false;
    for sub in mv.subs() {
        match *sub {
            Sub::Travel(a, b) => {
                if from.is_none() {
                    from = square(a);
                }
                match square(b) {
                    Some(s) => landings.push(s),
                    None => odd = true,
                }
            }
            Sub::Capture(_) => captures += 1,
            Sub::Promotion(..) | Sub::None => {}
            Sub::Put(..) | Sub::Indic { .. } => odd = true,
        }
    }
    let simple = captures == 0 && landings.len() == 1;
    let capture = captures > 0 && captures == landings.len();
    match from {
        Some(from) if !odd && (simple || capture) => {
            let mut text = from.to_string();
            let sep = if capture { 'x' } else { '-' };
            for s in landings {
                let _ = write!(text, "{sep}{s}");
            }
            text
        }
        _ => format!("{:?}", mv.subs()),
    }
}

/// A representation's move in the same notation.
pub fn hand_move(m: &Move) -> String {
    m.to_string()
}

/// Every legal move of `position` by representation `B` (every path of a
/// capture a move of its own), in the study's notation, sorted.
pub fn hand_moves<B: Board>(position: &Position) -> Vec<String> {
    let board = B::from_position(position);
    let mut list = Vec::new();
    board.generate(&mut list);
    let mut out: Vec<String> = list.iter().map(hand_move).collect();
    out.sort_unstable();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::checkers::bitboard::BitBoard;

    #[test]
    fn squares_round_trip() {
        for n in 1..=32 {
            let s = Square::new(n).unwrap();
            assert_eq!(square(rule_square(s)), Some(s));
        }
        assert_eq!(rule_square(Square::new(1).unwrap()), RuleSquare { x: 2, y: 1 });
        assert_eq!(rule_square(Square::new(5).unwrap()), RuleSquare { x: 1, y: 2 });
        assert_eq!(square(RuleSquare { x: 1, y: 1 }), None);
    }

    #[test]
    fn rule_moves_in_the_study_notation() {
        let mut jump = RuleMove::new();
        let at = |n| rule_square(Square::new(n).unwrap());
        jump.push(Sub::Travel(at(9), at(18)));
        jump.push(Sub::Capture(at(14)));
        jump.push(Sub::Travel(at(18), at(27)));
        jump.push(Sub::Capture(at(23)));
        assert_eq!(rule_move(&jump), "9x18x27");
        let mut step = RuleMove::new();
        step.push(Sub::Travel(at(9), at(13)));
        assert_eq!(rule_move(&step), "9-13");
        let moves = hand_moves::<BitBoard>(&Position::start());
        assert_eq!(moves, ["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]);
    }
}
