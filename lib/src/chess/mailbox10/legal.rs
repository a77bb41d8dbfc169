//! The legality filter: which pseudo-legal moves leave the mover's king
//! safe.

use super::Mailbox10Board;
use super::geometry::{EMPTY, KING_STEPS, SIDE_MASK, SQUARE, cell, cell_of_index, direction, piece, side, step};
use crate::chess::{Board, Color, Move, Role};

/// What the filter knows about the side to move's king at one node.
pub(super) struct Safety {
    /// The king's cell.
    king: u8,
    /// The neutral squares a piece other than the king may move to: every
    /// square out of check; the checker and the squares between it and
    /// the king in single check; none in double check.
    evasions: u64,
    /// Pinned pieces: their cell and the step from the king towards them.
    pins: [(u8, i8); 8],
    /// How many of `pins` are used.
    pin_count: usize,
}

impl Mailbox10Board {
    /// The check and the pins of the side to move.
    ///
    /// The checkers give the squares that answer a check: in single check,
    /// capturing the checker or stepping between it and the king.
    /// Along each of the king's eight lines: if the first piece is the
    /// mover's own and the next one beyond it an enemy rook or queen (on a
    /// file or rank) or bishop or queen (on a diagonal), the first piece is
    /// pinned.
    pub(super) fn safety(&self) -> Safety {
        let us = self.turn;
        let them = us.other();
        let own = side(us);
        let king = self.king(us);
        let cells = &self.cells;
        let checkers = self.attackers(king, them);
        let evasions = match checkers.count_ones() {
            0 => !0,
            1 => {
                let checker = cell_of_index(checkers.trailing_zeros() as u8);
                let mut mask = checkers;
                let d = direction(king, checker);
                // A knight is never on a line with the king, and a pawn
                // that checks is next to it: only a slider leaves squares
                // between to block on.
                if d != 0 {
                    let mut c = step(king, d);
                    while c != checker {
                        mask |= 1u64 << SQUARE[c as usize].index();
                        c = step(c, d);
                    }
                }
                mask
            }
            _ => 0,
        };
        let mut safety = Safety { king, evasions, pins: [(0, 0); 8], pin_count: 0 };
        let queen = piece(them, Role::Queen);
        for d in KING_STEPS {
            let slider = if d == 1 || d == -1 || d == 10 || d == -10 {
                piece(them, Role::Rook)
            } else {
                piece(them, Role::Bishop)
            };
            let mut c = step(king, d);
            while cells[c as usize] == EMPTY {
                c = step(c, d);
            }
            // The border's colour bits are both sides': it is not `own`.
            if cells[c as usize] & SIDE_MASK != own {
                continue;
            }
            let blocker = c;
            c = step(c, d);
            while cells[c as usize] == EMPTY {
                c = step(c, d);
            }
            let beyond = cells[c as usize];
            if beyond == slider || beyond == queen {
                safety.pins[safety.pin_count] = (blocker, d);
                safety.pin_count += 1;
            }
        }
        safety
    }

    /// Whether the pseudo-legal move `m` leaves the mover's king safe.
    ///
    /// Needs `&mut self` for two reasons: a king move is tested with the
    /// king lifted off its cell (so it cannot hide behind itself from a
    /// slider), and en passant is made and unmade. The board is as it was
    /// on return.
    #[inline]
    pub(super) fn is_legal(&mut self, m: Move, safety: &Safety) -> bool {
        let from = cell(m.from());
        let them = self.turn.other();
        if from == safety.king {
            // Castling was checked in full when generated.
            if m.is_castle() {
                return true;
            }
            let king = self.cells[from as usize];
            self.cells[from as usize] = EMPTY;
            let safe = !self.attacked(cell(m.to()), them);
            self.cells[from as usize] = king;
            return safe;
        }
        if m.is_en_passant() {
            return self.safe_after(m);
        }
        if safety.evasions & 1u64 << m.to().index() == 0 {
            return false;
        }
        for &(pinned, d) in &safety.pins[..safety.pin_count] {
            if pinned == from {
                return direction(safety.king, cell(m.to())) == d;
            }
        }
        true
    }

    /// Plays `m`, tests the mover's king, takes `m` back.
    fn safe_after(&mut self, m: Move) -> bool {
        let us: Color = self.turn;
        let undo = self.make(m);
        let safe = !self.attacked(self.king(us), us.other());
        self.unmake(m, undo);
        safe
    }
}
