//! Moves: their encoding, their generation, and playing them.
//!
//! Generation walks the mailbox: each piece of the side to move steps and
//! slides by its masks; a move into or out of the promotion zone is given
//! twice when the piece may promote (promoted, and unpromoted unless the
//! piece could never move again); each kind in hand is dropped on every
//! empty square where it could move again, a pawn not on a file holding an
//! unpromoted pawn of its side. A move is legal when it leaves its king
//! unattacked (tested only when the side is in check, or the moving piece
//! is the king or stands on a line with it: no other move can expose the
//! king) and, for a pawn drop that checks, when the checked side has a
//! reply (uchifuzume). Nothing is allocated: moves go to a sink.

use std::fmt;
use std::ops::ControlFlow;

use super::board::{
    CELLS, DIRS, EMPTY, KNIGHT_JUMPS, SLIDES, STEPS, WALL, aligned, cell, code, is_own, kind_of, rank, square,
};
use super::error::ShogiError;
use super::position::Position;
use super::types::{Color, Kind, Square};

/// A move: a piece moved from a square (perhaps promoting) or a piece
/// dropped from the hand. Two bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u16);

const PROMOTE: u16 = 1 << 14;

impl Move {
    /// The move of the piece on `from` to `to`, promoting if `promote`.
    pub const fn board(from: Square, to: Square, promote: bool) -> Move {
        Move(to.index() as u16 | (from.index() as u16) << 7 | if promote { PROMOTE } else { 0 })
    }

    /// The drop of a piece of hand kind `kind` on `to`.
    pub const fn drop(kind: Kind, to: Square) -> Move {
        Move(to.index() as u16 | (81 + kind as u16) << 7)
    }

    /// The square moved to.
    pub fn to(self) -> Square {
        Square::new((self.0 & 0x7F) as u8).expect("a move's square is on the board")
    }

    /// The square moved from; `None` for a drop.
    pub fn from(self) -> Option<Square> {
        Square::new((self.0 >> 7 & 0x7F) as u8)
    }

    /// The kind dropped, for a drop.
    pub fn dropped(self) -> Option<Kind> {
        let f = (self.0 >> 7 & 0x7F) as u8;
        (f >= 81).then(|| Kind::from_index(f - 81))
    }

    /// Whether the move promotes.
    pub fn promotes(self) -> bool {
        self.0 & PROMOTE != 0
    }

    /// The move in USI: `7g7f`, `8h2b+`, `P*5e`.
    pub fn usi(self) -> String {
        match self.dropped() {
            Some(kind) => format!("{}*{}", kind.letter(), self.to()),
            None => {
                format!("{}{}{}", self.from().expect("a board move"), self.to(), if self.promotes() { "+" } else { "" })
            }
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.usi())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.usi())
    }
}

/// Calls `sink` with each pseudo-legal move of the side to move: moves
/// that follow the pieces' rules, promotion, and the drop restrictions
/// other than uchifuzume, but may leave the king attacked.
#[inline]
fn pseudo_moves(pos: &Position, sink: &mut impl FnMut(Move) -> ControlFlow<()>) -> ControlFlow<()> {
    let us = pos.side;
    let cells = &pos.cells;
    for sq in Square::all() {
        let from = cell(sq);
        let c = cells[from];
        if !is_own(c, us) {
            continue;
        }
        let kind = kind_of(c);
        let mut steps = STEPS[c as usize];
        while steps != 0 {
            let d = steps.trailing_zeros() as usize;
            steps &= steps - 1;
            let to = from.wrapping_add_signed(DIRS[d]);
            let t = cells[to];
            if t == WALL || is_own(t, us) {
                continue;
            }
            emit(us, kind, from, to, sink)?;
        }
        if kind == Kind::Knight {
            for jump in KNIGHT_JUMPS[us.index()] {
                let to = from.wrapping_add_signed(jump);
                let t = cells[to];
                if t == WALL || is_own(t, us) {
                    continue;
                }
                emit(us, kind, from, to, sink)?;
            }
        }
        let mut slides = SLIDES[c as usize];
        while slides != 0 {
            let d = slides.trailing_zeros() as usize;
            slides &= slides - 1;
            let mut to = from;
            loop {
                to = to.wrapping_add_signed(DIRS[d]);
                let t = cells[to];
                if t == WALL || is_own(t, us) {
                    break;
                }
                emit(us, kind, from, to, sink)?;
                if t != EMPTY {
                    break;
                }
            }
        }
    }
    let hand = &pos.hands[us.index()];
    if hand.iter().all(|&n| n == 0) {
        return ControlFlow::Continue(());
    }
    // Files (1..=9) holding an unpromoted pawn of ours.
    let mut pawn_files = 0u16;
    if hand[Kind::Pawn as usize] > 0 {
        let pawn = code(us, Kind::Pawn);
        for sq in Square::all() {
            if cells[cell(sq)] == pawn {
                pawn_files |= 1 << sq.file();
            }
        }
    }
    for sq in Square::all() {
        if cells[cell(sq)] != EMPTY {
            continue;
        }
        let ahead = us.ranks_ahead(sq.rank());
        for kind in Kind::HAND {
            if hand[kind as usize] == 0 || ahead < kind.ranks_needed() {
                continue;
            }
            if kind == Kind::Pawn && pawn_files >> sq.file() & 1 == 1 {
                continue;
            }
            sink(Move::drop(kind, sq))?;
        }
    }
    ControlFlow::Continue(())
}

/// The board move of a `kind` of `us` from cell `from` to cell `to`, with
/// its promotion choices.
#[inline]
fn emit(
    us: Color,
    kind: Kind,
    from: usize,
    to: usize,
    sink: &mut impl FnMut(Move) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let (from_sq, to_sq) = (square(from), square(to));
    if kind.promoted().is_some() && (us.in_zone(rank(from)) || us.in_zone(rank(to))) {
        sink(Move::board(from_sq, to_sq, true))?;
        if us.ranks_ahead(rank(to)) < kind.ranks_needed() {
            return ControlFlow::Continue(());
        }
    }
    sink(Move::board(from_sq, to_sq, false))
}

impl Position {
    /// The position after `mv`, which must be a pseudo-legal move of this
    /// position (one of [`Position::legal_moves`], or one its generation
    /// refused only for the king's safety).
    #[inline]
    pub fn play(&self, mv: Move) -> Position {
        let mut next = self.clone();
        let us = self.side;
        let to = cell(mv.to());
        match mv.dropped() {
            Some(kind) => {
                next.take_from_hand(us, kind as usize);
                next.put(to, code(us, kind));
            }
            None => {
                let from = cell(mv.from().expect("a board move"));
                let moving = next.take(from);
                if next.cells[to] != EMPTY {
                    let captured = next.take(to);
                    next.add_to_hand(us, kind_of(captured).unpromoted() as usize);
                }
                let kind = kind_of(moving);
                let kind = if mv.promotes() { kind.promoted().unwrap_or(kind) } else { kind };
                next.put(to, code(us, kind));
            }
        }
        next.switch_side();
        next
    }

    /// Whether the pseudo-legal `mv` is legal; `in_check` says whether the
    /// side to move is in check now.
    #[inline]
    fn is_legal(&self, mv: Move, in_check: bool) -> bool {
        let us = self.side;
        let king = usize::from(self.kings[us.index()]);
        let needs_test = match mv.from() {
            None => in_check,
            Some(from) => in_check || cell(from) == king || aligned(cell(from), king),
        };
        let next = if needs_test || mv.dropped() == Some(Kind::Pawn) { Some(self.play(mv)) } else { None };
        if needs_test {
            let next = next.as_ref().expect("played");
            if next.attacked(usize::from(next.kings[us.index()]), us.flip()) {
                return false;
            }
        }
        if mv.dropped() == Some(Kind::Pawn) {
            let to = cell(mv.to());
            let forward = if us == Color::Black { -11 } else { 11 };
            let them = us.flip();
            if to.wrapping_add_signed(forward) == usize::from(self.kings[them.index()]) {
                // The drop checks: refused if it mates.
                let next = next.expect("played");
                return next.has_legal_move();
            }
        }
        true
    }

    /// Calls `sink` with each legal move; stops when it breaks.
    #[inline]
    pub fn for_each_legal(&self, mut sink: impl FnMut(Move) -> ControlFlow<()>) -> ControlFlow<()> {
        let in_check = self.in_check();
        pseudo_moves(self, &mut |mv| if self.is_legal(mv, in_check) { sink(mv) } else { ControlFlow::Continue(()) })
    }

    /// Clears `moves` and writes the legal moves into it.
    pub fn legal_moves_into(&self, moves: &mut Vec<Move>) {
        moves.clear();
        let _ = self.for_each_legal(|mv| {
            moves.push(mv);
            ControlFlow::Continue(())
        });
    }

    /// The legal moves (allocates; for tests and tools).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        self.legal_moves_into(&mut moves);
        moves
    }

    /// How many legal moves the side to move has.
    pub fn count_legal(&self) -> u64 {
        let mut n = 0;
        let _ = self.for_each_legal(|_| {
            n += 1;
            ControlFlow::Continue(())
        });
        n
    }

    /// Whether the side to move has a legal move.
    pub fn has_legal_move(&self) -> bool {
        self.for_each_legal(|_| ControlFlow::Break(())).is_break()
    }

    /// Whether the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        self.in_check() && !self.has_legal_move()
    }

    /// The legal move written `text` in USI.
    pub fn parse_move(&self, text: &str) -> Result<Move, ShogiError> {
        let mut found = None;
        let _ = self.for_each_legal(|mv| {
            if mv.usi() == text {
                found = Some(mv);
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        });
        found.ok_or_else(|| ShogiError::Move { text: text.to_owned(), why: "no legal move of the position reads so" })
    }

    /// The squares a `kind` of `color` standing alone on `sq` of an empty
    /// board could move to (promotion choices not counted): its mobility.
    pub fn reach_on_empty_board(color: Color, kind: Kind, sq: Square) -> usize {
        let mut cells = [WALL; CELLS];
        for s in Square::all() {
            cells[cell(s)] = EMPTY;
        }
        let from = cell(sq);
        let c = code(color, kind);
        let mut n = STEPS[c as usize].count_ones() as usize;
        n -= (0..8)
            .filter(|&d| STEPS[c as usize] >> d & 1 == 1 && cells[from.wrapping_add_signed(DIRS[d])] == WALL)
            .count();
        if kind == Kind::Knight {
            n += KNIGHT_JUMPS[color.index()].iter().filter(|&&j| cells[from.wrapping_add_signed(j)] != WALL).count();
        }
        for (d, &delta) in DIRS.iter().enumerate() {
            if SLIDES[c as usize] >> d & 1 == 1 {
                let mut to = from.wrapping_add_signed(delta);
                while cells[to] != WALL {
                    n += 1;
                    to = to.wrapping_add_signed(delta);
                }
            }
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn usi(pos: &Position) -> Vec<String> {
        let mut v: Vec<String> = pos.legal_moves().iter().map(|m| m.usi()).collect();
        v.sort();
        v
    }

    #[test]
    fn start_has_thirty_moves_and_plays() {
        let start = Position::start();
        assert_eq!(start.count_legal(), 30);
        let after = start.play(start.parse_move("7g7f").unwrap());
        assert_eq!(after.to_string(), "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2");
        let fresh: Position = after.to_string().parse().unwrap();
        assert_eq!(fresh.key(), after.key());
        assert!(start.parse_move("7g7e").is_err());
    }

    #[test]
    fn captures_go_to_hand_unpromoted_and_keys_agree() {
        let mut pos = Position::start();
        for text in ["7g7f", "3c3d", "8h2b+", "3a2b"] {
            pos = pos.play(pos.parse_move(text).unwrap());
        }
        assert_eq!(pos.to_string(), "lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 5");
        let fresh: Position = pos.to_string().parse().unwrap();
        assert_eq!(fresh.key(), pos.key());
    }

    #[test]
    fn forced_and_optional_promotions() {
        // A pawn to the last rank must promote; a silver may choose.
        let pos: Position = "4k4/P8/9/9/9/9/9/1S7/4K4 b - 1".parse().unwrap_or_else(|e| panic!("{e}"));
        let moves = usi(&pos);
        assert!(moves.contains(&"9b9a+".to_owned()) && !moves.contains(&"9b9a".to_owned()));
        let pos: Position = "4k4/9/9/1S7/9/9/9/9/4K4 b - 1".parse().unwrap();
        let moves = usi(&pos);
        assert!(moves.contains(&"8d8c+".to_owned()) && moves.contains(&"8d8c".to_owned()));
        // A knight to the second rank must promote.
        let pos: Position = "4k4/9/9/1N7/9/9/9/9/4K4 b - 1".parse().unwrap();
        let moves = usi(&pos);
        assert!(moves.contains(&"8d7b+".to_owned()) && !moves.contains(&"8d7b".to_owned()));
    }

    #[test]
    fn drops_keep_their_restrictions() {
        // A pawn in hand, a pawn on file 5: no drop on file 5, none on rank a.
        let pos: Position = "4k4/9/9/9/4P4/9/9/9/4K4 b P 1".parse().unwrap();
        let drops: Vec<String> = usi(&pos).into_iter().filter(|m| m.starts_with("P*")).collect();
        assert_eq!(drops.len(), 8 * 8, "{drops:?}");
        // A knight in hand: not on ranks a and b.
        let pos: Position = "4k4/9/9/9/9/9/9/9/4K4 b N 1".parse().unwrap();
        let drops = usi(&pos).into_iter().filter(|m| m.starts_with("N*")).count();
        assert_eq!(drops, 7 * 9 - 1);
    }

    #[test]
    fn a_pawn_drop_that_mates_is_refused() {
        // Published: 85 moves, P*1b being mate (uchifuzume).
        let pos: Position = "7lk/9/8S/9/9/9/9/7L1/8K b P 1".parse().unwrap();
        assert!(!usi(&pos).contains(&"P*1b".to_owned()));
        assert_eq!(pos.count_legal(), 85);
        // A pawn drop that checks but does not mate is allowed.
        let pos: Position = "8k/9/9/9/9/9/9/9/K8 b P 1".parse().unwrap();
        assert!(usi(&pos).contains(&"P*1b".to_owned()));
    }

    #[test]
    fn mobility_on_an_empty_board() {
        let e5 = Square::parse_usi("5e").unwrap();
        assert_eq!(Position::reach_on_empty_board(Color::Black, Kind::Knight, e5), 2);
        assert_eq!(Position::reach_on_empty_board(Color::Black, Kind::Gold, e5), 6);
        assert_eq!(Position::reach_on_empty_board(Color::Black, Kind::Silver, e5), 5);
        assert_eq!(Position::reach_on_empty_board(Color::Black, Kind::Rook, e5), 16);
        assert_eq!(Position::reach_on_empty_board(Color::Black, Kind::Dragon, e5), 20);
        assert_eq!(Position::reach_on_empty_board(Color::Black, Kind::Lance, e5), 4);
    }
}
