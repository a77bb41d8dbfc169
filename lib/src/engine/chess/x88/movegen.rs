//! Pseudo-legal generation for the like-for-like driver: every move that
//! obeys the pieces' rules of movement, found by walking the mover's piece
//! list; castling is tested in full (no castling out of, through or into
//! check).

use super::board::X88Board;
use super::geometry::BLACK;
use super::geometry::kind::{BISHOP, KNIGHT, PAWN, QUEEN, ROOK};
use super::geometry::{BISHOP_STEPS, EMPTY, KING_STEPS, KNIGHT_STEPS, ROOK_STEPS, color_bit, off_board, step};
use super::legal::{Anywhere, Targets};
use super::sink::Sink;
use crate::engine::chess::{Castling, Color, MoveKind};

impl X88Board {
    /// Every pseudo-legal move: legal but for leaving the own king attacked.
    pub(super) fn pseudo_legal<S: Sink>(&self, sink: &mut S) {
        let us = self.turn;
        for &from in self.men(us) {
            let piece = self.cells[from as usize];
            match piece & 7 {
                PAWN => self.pawn_moves::<false, _, S>(from, 0, Anywhere, sink),
                KNIGHT => self.leaps(from, &KNIGHT_STEPS, Anywhere, sink),
                BISHOP => self.slides(from, &BISHOP_STEPS, Anywhere, sink),
                ROOK => self.slides(from, &ROOK_STEPS, Anywhere, sink),
                QUEEN => self.slides(from, &KING_STEPS, Anywhere, sink),
                _ => self.leaps(from, &KING_STEPS, Anywhere, sink),
            }
        }
        if self.castling != 0 && !self.attacked(self.king(us), us.other()) {
            let them = us.other();
            self.castles(None, |s| !self.attacked(s, them), sink);
        }
    }

    /// The one-step moves of a knight or king on `from` to cells in
    /// `targets` (a set of 0x88 squares).
    #[inline]
    pub(super) fn leaps<T: Targets, S: Sink>(&self, from: u8, steps: &[i8; 8], targets: T, sink: &mut S) {
        let us = self.turn;
        for &d in steps {
            let to = step(from, d);
            if off_board(to) || !targets.has(to) {
                continue;
            }
            let target = self.cells[to as usize];
            if target == EMPTY {
                sink.push(from, to, MoveKind::Quiet);
            } else if target & BLACK != color_bit(us) {
                sink.push(from, to, MoveKind::Capture);
            }
        }
    }

    /// The moves of a slider on `from` along `steps`, to cells in `targets`.
    #[inline]
    pub(super) fn slides<T: Targets, S: Sink>(&self, from: u8, steps: &[i8], targets: T, sink: &mut S) {
        for &d in steps {
            self.slide(from, d, targets, sink);
        }
    }

    /// The moves of a slider on `from` along one direction `d`, to cells in
    /// `targets`.
    #[inline]
    pub(super) fn slide<T: Targets, S: Sink>(&self, from: u8, d: i8, targets: T, sink: &mut S) {
        let us = self.turn;
        let mut to = step(from, d);
        while !off_board(to) {
            let target = self.cells[to as usize];
            let allowed = targets.has(to);
            if target == EMPTY {
                if allowed {
                    sink.push(from, to, MoveKind::Quiet);
                }
            } else {
                if allowed && target & BLACK != color_bit(us) {
                    sink.push(from, to, MoveKind::Capture);
                }
                break;
            }
            to = step(to, d);
        }
    }

    /// The moves of the pawn on `from`: pushes and captures landing in
    /// `targets`, and only along the line `pin` (a unit step, either way)
    /// unless it is 0. En passant is listed always when not `LEGAL`, else
    /// only when the mover's king is safe after it.
    #[inline]
    pub(super) fn pawn_moves<const LEGAL: bool, T: Targets, S: Sink>(
        &self,
        from: u8,
        pin: i8,
        targets: T,
        sink: &mut S,
    ) {
        let c = &self.cells;
        let us = self.turn;
        let (forward, start_rank, last_rank): (i8, u8, u8) = match us {
            Color::White => (16, 1, 7),
            Color::Black => (-16, 6, 0),
        };
        let one = step(from, forward);
        // A pawn is never on its last rank, so `one` is on the board.
        if c[one as usize] == EMPTY && (pin == 0 || pin == forward || pin == -forward) {
            if targets.has(one) {
                if one >> 4 == last_rank {
                    sink.promotions(from, one, false);
                } else {
                    sink.push(from, one, MoveKind::Quiet);
                }
            }
            let two = step(one, forward);
            if from >> 4 == start_rank && c[two as usize] == EMPTY && targets.has(two) {
                sink.push(from, two, MoveKind::DoublePush);
            }
        }
        for side in [-1i8, 1] {
            let to = step(one, side);
            let d = forward + side;
            if off_board(to) || (pin != 0 && pin != d && pin != -d) {
                continue;
            }
            let target = c[to as usize];
            if target != EMPTY {
                if target & BLACK != color_bit(us) && targets.has(to) {
                    if to >> 4 == last_rank {
                        sink.promotions(from, to, true);
                    } else {
                        sink.push(from, to, MoveKind::Capture);
                    }
                }
            } else if to == self.en_passant && (!LEGAL || self.en_passant_legal(from, to)) {
                sink.push(from, to, MoveKind::EnPassant);
            }
        }
    }

    /// The castles open to the side to move, which is not in check: the
    /// rights held, the cells between empty, the squares the king crosses
    /// and lands on not attacked. `crossing` tells whether the squares the
    /// king crosses (f and d file) are attacked, when the caller knows;
    /// `safe` tests a square.
    pub(super) fn castles<S: Sink>(&self, crossing: Option<[bool; 2]>, safe: impl Fn(u8) -> bool, sink: &mut S) {
        let us = self.turn;
        let base: u8 = if us == Color::White { 0x00 } else { 0x70 };
        let king = base + 4;
        let c = &self.cells;
        let can = |side: Castling| self.castling & side.bits() != 0;
        let empty = |squares: &[u8]| squares.iter().all(|&s| c[(base + s) as usize] == EMPTY);
        let crossed = |side: usize, s: u8| crossing.map_or_else(|| safe(base + s), |known| known[side]);
        if can(Castling::right(us, true)) && empty(&[5, 6]) && crossed(0, 5) && safe(base + 6) {
            sink.push(king, base + 6, MoveKind::CastleKing);
        }
        if can(Castling::right(us, false)) && empty(&[1, 2, 3]) && crossed(1, 3) && safe(base + 2) {
            sink.push(king, base + 2, MoveKind::CastleQueen);
        }
    }
}
