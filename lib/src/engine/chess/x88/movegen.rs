//! Pseudo-legal generation for the like-for-like driver: every move that
//! obeys the pieces' rules of movement, found by walking the mover's piece
//! list; castling is tested in full (no castling out of, through or into
//! check).

use super::board::X88Board;
use super::geometry::BLACK;
use super::geometry::kind::{BISHOP, KNIGHT, PAWN, QUEEN, ROOK};
use super::geometry::{
    BISHOP_STEPS, EMPTY, KING_STEPS, KNIGHT_STEPS, ROOK_STEPS, color_bit, color_of, off_board, role_of, step, to_x88,
};
use super::legal::{Anywhere, Targets};
use super::sink::Sink;
use crate::engine::chess::{Color, Move, MoveKind, Piece, Square};

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
            self.castles(sink);
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

    /// The castles open to the side to move, which is not in check
    /// ([`Castles::generate`](crate::engine::chess::Castles::generate)).
    pub(super) fn castles<S: Sink>(&self, sink: &mut S) {
        let us = self.turn;
        let them = us.other();
        let piece_at = |s: Square| {
            let p = self.cells[to_x88(s) as usize];
            (p != EMPTY).then(|| Piece::new(color_of(p), role_of(p)))
        };
        let attacked = |s: Square| self.attacked(to_x88(s), them);
        let push = |m: Move| sink.push(to_x88(m.from()), to_x88(m.to()), m.kind());
        self.castles.generate(us, self.castling, piece_at, attacked, push);
    }
}
