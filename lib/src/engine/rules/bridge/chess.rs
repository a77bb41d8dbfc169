//! Chess in the rules' terms: a [`Setup`] as a position of `chess.rules`,
//! and moves of both sides as UCI text.
//!
//! `chess.rules` (see its header) has player 1 = White, abscissa 1 = file
//! a, ordinate 1 = rank 1, the pieces' FEN letters, and the indicatifs
//! `PASSANT` (the abscissa of a pawn that has just made its double step, 0
//! otherwise), `CAS1` and `CAS2` (per player: 0 while short, resp. long,
//! castling is still allowed, else 1).

use std::fmt::Write;

use crate::engine::chess::{Board, Castling, Color, Move, MoveList, Setup, Square};
use crate::engine::rules::ast::Program;
use crate::engine::rules::state::{RuleMove, Square as RuleSquare, Sub};

/// The position of `setup` in the text form of docs/rules.md §1: the board
/// as FEN writes it (the letters of `chess.rules` are FEN's), the player to
/// move, and the indicatifs that differ from 0.
///
/// ```
/// use plybench::engine::chess::Setup;
/// use plybench::engine::rules::bridge::chess::position_text;
///
/// let start = position_text(&Setup::starting());
/// assert_eq!(start, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR 1");
/// let fen = "4k3/8/8/3pP3/8/8/8/4K2R w K d6 0 1";
/// let text = position_text(&Setup::from_fen(fen).unwrap());
/// assert_eq!(text, "4k3/8/8/3pP3/8/8/8/4K2R 1 PASSANT=4 CAS1=0,1 CAS2=1,1");
/// ```
pub fn position_text(setup: &Setup) -> String {
    let fen = setup.to_fen();
    let board = fen.split(' ').next().unwrap_or_default();
    let mut text = String::from(board);
    let player = match setup.turn() {
        Color::White => 1,
        Color::Black => 2,
    };
    let _ = write!(text, " {player}");
    if let Some(ep) = setup.en_passant() {
        let _ = write!(text, " PASSANT={}", ep.file() + 1);
    }
    let rights = setup.castling();
    let lost = |color: Color, king_side: bool| u8::from(!rights.contains(Castling::right(color, king_side)));
    let (cas1, cas2) =
        ((lost(Color::White, true), lost(Color::Black, true)), (lost(Color::White, false), lost(Color::Black, false)));
    if cas1 != (0, 0) {
        let _ = write!(text, " CAS1={},{}", cas1.0, cas1.1);
    }
    if cas2 != (0, 0) {
        let _ = write!(text, " CAS2={},{}", cas2.0, cas2.1);
    }
    text
}

/// The chess square of a rules square, if it is on the 8x8 board.
pub fn square(s: RuleSquare) -> Option<Square> {
    let (x, y) = (u8::try_from(s.x).ok()?, u8::try_from(s.y).ok()?);
    Square::from_coords(x.checked_sub(1)?, y.checked_sub(1)?)
}

/// A move output by `chess.rules` as UCI text: the first `TRAVEL` is the
/// moving piece's (the king's for castling), and a `PROMOTION` gives the
/// new piece, written with the lower-case letter the rule file gives that
/// nature. A move that fits none of this is written out sub-move by
/// sub-move, so that it never equals a real move.
pub fn rule_move(program: &Program, mv: &RuleMove) -> String {
    let mut travel = None;
    let mut promotion = None;
    for sub in mv.subs() {
        match *sub {
            Sub::Travel(a, b) if travel.is_none() => travel = Some((a, b)),
            Sub::Promotion(nature, _) => promotion = Some(nature),
            _ => {}
        }
    }
    let squares = travel.and_then(|(a, b)| Some((square(a)?, square(b)?)));
    let Some((from, to)) = squares else {
        return format!("{:?}", mv.subs());
    };
    let mut text = format!("{from}{to}");
    if let Some(n) = promotion {
        let letter = program.header.pieces.get(usize::from(n).wrapping_sub(1)).map(|p| p.letter.to_ascii_lowercase());
        text.push(letter.unwrap_or('?'));
    }
    text
}

/// A representation's move as UCI text, castling written as the king's
/// two-square move (`e1g1`), as `chess.rules` writes it.
pub fn hand_move(m: Move) -> String {
    m.uci(false).to_string()
}

/// Every legal move of `setup` by representation `B`, as sorted UCI text.
pub fn hand_moves<B: Board>(setup: &Setup) -> Vec<String> {
    let mut board = B::from_setup(setup);
    let mut list = MoveList::new();
    board.legal_moves(&mut list);
    let mut out: Vec<String> = list.as_slice().iter().map(|&m| hand_move(m)).collect();
    out.sort_unstable();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::chess::bitboard::BitboardBoard;

    #[test]
    fn castling_rights_become_indicatifs() {
        let setup = Setup::from_fen("r3k2r/8/8/8/8/8/8/R3K2R b Kq - 0 1").unwrap();
        assert_eq!(position_text(&setup), "r3k2r/8/8/8/8/8/8/R3K2R 2 CAS1=0,1 CAS2=1,0");
    }

    #[test]
    fn squares_and_moves() {
        let e2 = RuleSquare { x: 5, y: 2 };
        assert_eq!(square(e2).map(|s| s.to_string()), Some("e2".to_owned()));
        assert_eq!(square(RuleSquare { x: 0, y: 2 }), None);
        assert_eq!(square(RuleSquare { x: 9, y: 2 }), None);
        let moves = hand_moves::<BitboardBoard>(&Setup::starting());
        assert_eq!(moves.len(), 20);
        assert!(moves.contains(&"e2e4".to_owned()));
        let castles = hand_moves::<BitboardBoard>(&Setup::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap());
        assert!(castles.contains(&"e1g1".to_owned()));
    }
}
