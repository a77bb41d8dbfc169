//! Strictly legal generation: the pieces giving check and the pinned
//! pieces are found once per node, and then only legal moves are produced.
//!
//! Sets of cells are `u128` masks (bit `c` for cell `c`: the 100 cells fit),
//! so a test needs no translation to neutral squares.

use super::board::Mailbox10Board;
use super::geometry::{
    DIAGONAL, EMPTY, JUMPS, KING_STEPS, NO_EP, ORTHOGONAL, ROLE_MASK, SIDE_MASK, SQUARE, cell, direction, piece, side,
    step,
};
use super::sink::Sink;
use crate::engine::chess::{Color, Move, MoveKind, Role};

/// Cell contents' role bits (`role + 1`) for each role.
const PAWN: u8 = Role::Pawn as u8 + 1;
const KNIGHT: u8 = Role::Knight as u8 + 1;
const BISHOP: u8 = Role::Bishop as u8 + 1;
const ROOK: u8 = Role::Rook as u8 + 1;
const QUEEN: u8 = Role::Queen as u8 + 1;

/// The one-cell mask of cell `c`.
#[inline(always)]
const fn cell_bit(c: u8) -> u128 {
    1u128 << (c & 127)
}

/// What the generator knows about the side to move's king at one node.
pub(super) struct Safety {
    /// The king's cell.
    king: u8,
    /// How many pieces give check.
    checks: u32,
    /// In single check, the cells a piece other than the king may move to:
    /// the checker's and those between a checking slider and the king.
    evasions: u128,
    /// The cells of our pinned pieces.
    pinned: u128,
}

impl Mailbox10Board {
    /// The check and the pins of the side to move, in one look along each
    /// of the king's eight lines (plus its knight and pawn cells).
    ///
    /// On a line, the first piece is a checker if it is an enemy rook or
    /// queen (file or rank) or bishop or queen (diagonal); if it is our own
    /// and the next piece beyond it is such a slider, it is pinned.
    #[inline]
    pub(super) fn safety(&self) -> Safety {
        let us = self.turn;
        let them = us.other();
        let own = side(us);
        let king = self.king(us);
        let cells = &self.cells;
        let mut checks = 0;
        let mut evasions = 0u128;
        let mut pinned = 0u128;
        // An enemy pawn checks from one rank ahead of the king.
        let pawn = piece(them, Role::Pawn);
        let pawn_steps = if us == Color::White { [9i8, 11] } else { [-9, -11] };
        for d in pawn_steps {
            let c = step(king, d);
            if cells[c as usize] == pawn {
                checks += 1;
                evasions |= cell_bit(c);
            }
        }
        let knight = piece(them, Role::Knight);
        for &c in JUMPS[king as usize].cells() {
            if cells[c as usize] == knight {
                checks += 1;
                evasions |= cell_bit(c);
            }
        }
        let queen = piece(them, Role::Queen);
        for (steps, slider) in [(ORTHOGONAL, piece(them, Role::Rook)), (DIAGONAL, piece(them, Role::Bishop))] {
            for d in steps {
                let mut ray = 0u128;
                let mut c = step(king, d);
                while cells[c as usize] == EMPTY {
                    ray |= cell_bit(c);
                    c = step(c, d);
                }
                let first = cells[c as usize];
                if first == slider || first == queen {
                    checks += 1;
                    evasions |= ray | cell_bit(c);
                } else if first & SIDE_MASK == own {
                    // The border's colour bits are both sides': it is not `own`.
                    let blocker = c;
                    c = step(c, d);
                    while cells[c as usize] == EMPTY {
                        c = step(c, d);
                    }
                    let beyond = cells[c as usize];
                    if beyond == slider || beyond == queen {
                        pinned |= cell_bit(blocker);
                    }
                }
            }
        }
        Safety { king, checks, evasions, pinned }
    }

    /// Every legal move, handed to `sink`. The board is as it was on return
    /// (king moves are tested with the king lifted off its cell, en passant
    /// by playing it).
    #[inline(always)]
    pub(super) fn generate<S: Sink>(&mut self, sink: &mut S) {
        let safety = self.safety();
        self.king_moves(safety.king, sink);
        match safety.checks {
            0 => self.piece_moves::<S, false>(sink, &safety),
            1 => self.piece_moves::<S, true>(sink, &safety),
            _ => return,
        }
        if self.en_passant != NO_EP {
            self.en_passant_moves(sink);
        }
        if safety.checks == 0 && self.castling != 0 {
            self.legal_castles(sink);
        }
    }

    /// The king's steps to cells no enemy piece attacks once the king has
    /// left its own.
    #[inline(always)]
    fn king_moves<S: Sink>(&mut self, king: u8, sink: &mut S) {
        let them = self.turn.other();
        let enemy = side(them);
        let content = self.cells[king as usize];
        self.cells[king as usize] = EMPTY;
        for d in KING_STEPS {
            let to = step(king, d);
            let target = self.cells[to as usize];
            let kind = if target == EMPTY {
                MoveKind::Quiet
            } else if target & SIDE_MASK == enemy {
                MoveKind::Capture
            } else {
                continue;
            };
            if !self.attacked(to, them) {
                sink.add(king, to, kind);
            }
        }
        self.cells[king as usize] = content;
    }

    /// The moves of every piece but the king (en passant and castling
    /// apart). Out of check (`CHECK` false) an unpinned piece moves as it
    /// pleases; in check it must land on an evasion cell, and a pinned
    /// piece cannot help. Out of check a pinned piece stays on its line.
    #[inline(always)]
    fn piece_moves<S: Sink, const CHECK: bool>(&self, sink: &mut S, safety: &Safety) {
        let us = self.turn.index();
        let list = &self.list[us];
        let king = safety.king;
        for &from in &list[1..self.count[us] as usize] {
            if safety.pinned & cell_bit(from) != 0 {
                if !CHECK {
                    let line = direction(king, from);
                    self.moves_of(from, sink, |to| direction(king, to) == line);
                }
            } else if CHECK {
                self.moves_of(from, sink, |to| safety.evasions & cell_bit(to) != 0);
            } else {
                self.moves_of(from, sink, |_| true);
            }
        }
    }

    /// The moves of the piece on `from` (not a king) to cells `ok` accepts.
    #[inline(always)]
    fn moves_of<S: Sink>(&self, from: u8, sink: &mut S, ok: impl Fn(u8) -> bool) {
        let cells = &self.cells;
        let enemy = side(self.turn.other());
        match cells[from as usize] & ROLE_MASK {
            PAWN => self.legal_pawn_moves(from, sink, &ok),
            KNIGHT => {
                for &to in JUMPS[from as usize].cells() {
                    let target = cells[to as usize];
                    if target == EMPTY {
                        if ok(to) {
                            sink.add(from, to, MoveKind::Quiet);
                        }
                    } else if target & SIDE_MASK == enemy && ok(to) {
                        sink.add(from, to, MoveKind::Capture);
                    }
                }
            }
            BISHOP => self.legal_slides(from, &DIAGONAL, sink, &ok),
            ROOK => self.legal_slides(from, &ORTHOGONAL, sink, &ok),
            QUEEN => {
                self.legal_slides(from, &DIAGONAL, sink, &ok);
                self.legal_slides(from, &ORTHOGONAL, sink, &ok);
            }
            _ => {}
        }
    }

    /// A slider's moves along each step until the first non-empty cell,
    /// taken if it is the enemy's (the border never is).
    #[inline(always)]
    fn legal_slides<S: Sink>(&self, from: u8, steps: &[i8; 4], sink: &mut S, ok: &impl Fn(u8) -> bool) {
        let cells = &self.cells;
        let enemy = side(self.turn.other());
        for &d in steps {
            let mut to = step(from, d);
            while cells[to as usize] == EMPTY {
                if ok(to) {
                    sink.add(from, to, MoveKind::Quiet);
                }
                to = step(to, d);
            }
            if cells[to as usize] & SIDE_MASK == enemy && ok(to) {
                sink.add(from, to, MoveKind::Capture);
            }
        }
    }

    /// A pawn's pushes and captures (not en passant).
    #[inline(always)]
    fn legal_pawn_moves<S: Sink>(&self, from: u8, sink: &mut S, ok: &impl Fn(u8) -> bool) {
        let cells = &self.cells;
        let enemy = side(self.turn.other());
        // Forward step, and whether `from` is on the pawn's second or
        // seventh rank (array rows 2 and 7).
        let (forward, on_start, before_last) = match self.turn {
            Color::White => (10i8, (21..=28).contains(&from), (71..=78).contains(&from)),
            Color::Black => (-10i8, (71..=78).contains(&from), (21..=28).contains(&from)),
        };
        let one = step(from, forward);
        if cells[one as usize] == EMPTY {
            if ok(one) {
                if before_last {
                    sink.promotions(from, one, false);
                } else {
                    sink.add(from, one, MoveKind::Quiet);
                }
            }
            let two = step(one, forward);
            if on_start && cells[two as usize] == EMPTY && ok(two) {
                sink.add(from, two, MoveKind::DoublePush);
            }
        }
        for d in [-1i8, 1] {
            let to = step(one, d);
            if cells[to as usize] & SIDE_MASK == enemy && ok(to) {
                if before_last {
                    sink.promotions(from, to, true);
                } else {
                    sink.add(from, to, MoveKind::Capture);
                }
            }
        }
    }

    /// En passant captures, each played, tested and taken back: it empties
    /// two cells of one rank, which no pin mask foresees, and may or may not
    /// answer a check.
    #[cold]
    fn en_passant_moves<S: Sink>(&mut self, sink: &mut S) {
        let us = self.turn;
        let ep = self.en_passant;
        let pawn = piece(us, Role::Pawn);
        // Our pawns that take on `ep` stand one rank behind it, beside.
        let behind = if us == Color::White { -10i8 } else { 10 };
        for d in [-1i8, 1] {
            let from = step(step(ep, behind), d);
            if self.cells[from as usize] == pawn {
                let m = Move::new(SQUARE[from as usize], SQUARE[ep as usize], MoveKind::EnPassant);
                if self.safe_after(m) {
                    sink.add(from, ep, MoveKind::EnPassant);
                }
            }
        }
    }

    /// Castling, out of check ([`Castles::generate`](crate::engine::chess::Castles::generate)).
    fn legal_castles<S: Sink>(&self, sink: &mut S) {
        self.castles_with(|m| sink.add(cell(m.from()), cell(m.to()), m.kind()));
    }

    /// Plays `m`, tests the mover's king, takes `m` back.
    fn safe_after(&mut self, m: Move) -> bool {
        use crate::engine::chess::Board;
        let us: Color = self.turn;
        let undo = self.make(m);
        let safe = !self.attacked(self.king(us), us.other());
        self.unmake(m, undo);
        safe
    }
}
