//! Pseudo-legal move generation from the piece lists.

use super::board::Mailbox10Board;
use super::geometry::{
    DIAGONAL, EMPTY, JUMPS, KING_STEPS, ORTHOGONAL, ROLE_MASK, SIDE_MASK, SQUARE, cell, color_of, role_of, side, step,
};
use crate::engine::chess::{Color, Move, MoveKind, MoveList, Piece, Role, Square};

/// Cell contents' role bits (`role + 1`) for each role.
const PAWN: u8 = Role::Pawn as u8 + 1;
const KNIGHT: u8 = Role::Knight as u8 + 1;
const BISHOP: u8 = Role::Bishop as u8 + 1;
const ROOK: u8 = Role::Rook as u8 + 1;
const QUEEN: u8 = Role::Queen as u8 + 1;
const KING: u8 = Role::King as u8 + 1;

#[inline]
fn push(moves: &mut MoveList, from: u8, to: u8, kind: MoveKind) {
    moves.push(Move::new(SQUARE[from as usize], SQUARE[to as usize], kind));
}

/// Pushes the four promotions of a pawn reaching `to`.
#[inline]
fn push_promotions(moves: &mut MoveList, from: u8, to: u8, capture: bool) {
    let kinds = if capture {
        [
            MoveKind::CapturePromoteQueen,
            MoveKind::CapturePromoteRook,
            MoveKind::CapturePromoteBishop,
            MoveKind::CapturePromoteKnight,
        ]
    } else {
        [MoveKind::PromoteQueen, MoveKind::PromoteRook, MoveKind::PromoteBishop, MoveKind::PromoteKnight]
    };
    for kind in kinds {
        push(moves, from, to, kind);
    }
}

impl Mailbox10Board {
    /// Every pseudo-legal move: legal but for leaving the own king attacked.
    /// Castling is fully checked here (not out of, through or into check).
    pub(super) fn pseudo_legal(&self, moves: &mut MoveList) {
        let us = self.turn;
        let own = side(us);
        let enemy = side(us.other());
        let cells = &self.cells;
        let list = &self.list[us.index()];
        for &from in &list[..self.count[us.index()] as usize] {
            match cells[from as usize] & ROLE_MASK {
                PAWN => self.pawn_moves(from, moves),
                KNIGHT => {
                    for &to in JUMPS[from as usize].cells() {
                        let target = cells[to as usize];
                        if target == EMPTY {
                            push(moves, from, to, MoveKind::Quiet);
                        } else if target & SIDE_MASK == enemy {
                            push(moves, from, to, MoveKind::Capture);
                        }
                    }
                }
                KING => {
                    for d in KING_STEPS {
                        let to = step(from, d);
                        let target = cells[to as usize];
                        if target == EMPTY {
                            push(moves, from, to, MoveKind::Quiet);
                        } else if target & SIDE_MASK == enemy {
                            push(moves, from, to, MoveKind::Capture);
                        }
                    }
                }
                BISHOP => self.slides(from, &DIAGONAL, enemy, moves),
                ROOK => self.slides(from, &ORTHOGONAL, enemy, moves),
                QUEEN => {
                    self.slides(from, &DIAGONAL, enemy, moves);
                    self.slides(from, &ORTHOGONAL, enemy, moves);
                }
                _ => debug_assert!(false, "piece list cell {from} holds {} (own {own})", cells[from as usize]),
            }
        }
        if self.castling != 0 {
            self.castles(moves);
        }
    }

    /// A slider's moves: along each step until the first non-empty cell,
    /// which is taken if it is the enemy's (the border never is).
    #[inline]
    fn slides(&self, from: u8, steps: &[i8; 4], enemy: u8, moves: &mut MoveList) {
        let cells = &self.cells;
        for &d in steps {
            let mut to = step(from, d);
            while cells[to as usize] == EMPTY {
                push(moves, from, to, MoveKind::Quiet);
                to = step(to, d);
            }
            if cells[to as usize] & SIDE_MASK == enemy {
                push(moves, from, to, MoveKind::Capture);
            }
        }
    }

    fn pawn_moves(&self, from: u8, moves: &mut MoveList) {
        let cells = &self.cells;
        let us = self.turn;
        let enemy = side(us.other());
        // Forward step, and whether `from` is on the pawn's second or
        // seventh rank (array rows 2 and 7).
        let (forward, on_start, before_last) = match us {
            Color::White => (10i8, (21..=28).contains(&from), (71..=78).contains(&from)),
            Color::Black => (-10i8, (71..=78).contains(&from), (21..=28).contains(&from)),
        };
        let one = step(from, forward);
        if cells[one as usize] == EMPTY {
            if before_last {
                push_promotions(moves, from, one, false);
            } else {
                push(moves, from, one, MoveKind::Quiet);
                let two = step(one, forward);
                if on_start && cells[two as usize] == EMPTY {
                    push(moves, from, two, MoveKind::DoublePush);
                }
            }
        }
        for d in [-1i8, 1] {
            let to = step(one, d);
            let target = cells[to as usize];
            if target & SIDE_MASK == enemy {
                if before_last {
                    push_promotions(moves, from, to, true);
                } else {
                    push(moves, from, to, MoveKind::Capture);
                }
            } else if to == self.en_passant {
                push(moves, from, to, MoveKind::EnPassant);
            }
        }
    }

    fn castles(&self, moves: &mut MoveList) {
        if !self.attacked(self.king(self.turn), self.turn.other()) {
            self.castles_with(|m| moves.push(m));
        }
    }

    /// Every castle of the side to move ([`Castles::generate`](crate::engine::chess::Castles::generate)), handed to
    /// `push`.
    pub(super) fn castles_with(&self, push: impl FnMut(Move)) {
        let us = self.turn;
        let them = us.other();
        let piece_at = |s: Square| {
            let content = self.cells[cell(s) as usize];
            (content != EMPTY).then(|| Piece::new(color_of(content), role_of(content)))
        };
        let attacked = |s: Square| self.attacked(cell(s), them);
        self.castles.generate(us, self.castling, piece_at, attacked, push);
    }
}
