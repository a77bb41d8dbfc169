//! Legal generation: checks and pins found once per node, then only legal
//! moves produced.
//!
//! From the king, every enemy piece is looked up in the difference table.
//! A knight or pawn that reaches the king gives check. A slider on one of
//! the king's lines is walked towards: with nothing between it gives check,
//! with exactly one piece of the mover's between, that piece is pinned to
//! the line. Then:
//!
//! - in double check only the king moves;
//! - in single check every other piece must land on the checker's square or
//!   a square between it and the king (a set of 0x88 squares in a `u128`);
//! - a pinned piece moves only along its pin line (a knight never);
//! - the king steps to squares not attacked with itself lifted off the
//!   board, so a slider's line through the king's old square is seen;
//! - en passant, which can uncover a rank through two pieces, is tried on a
//!   copy of the board and the king tested; it is rare enough not to
//!   matter for speed.

use super::board::X88Board;
use super::geometry::{
    BISHOP_STEPS, BLACK, CODE_REACH, EMPTY, KING, KING_STEPS, KNIGHT_STEPS, LINE_STEP, NEAR_KING, REACH, ROOK_STEPS,
    SLIDES, code, color_bit, color_of, diff, kind, off_board, step, to_square,
};
use super::sink::Sink;
use crate::engine::chess::{Board, Move, MoveKind, Role};

/// Which squares a move may land on: a restriction known at compile time,
/// so the common case (no check) tests nothing.
pub(super) trait Targets: Copy {
    /// Whether a move may land on the 0x88 square `sq`.
    fn has(self, sq: u8) -> bool;
}

/// Any square: the side to move is not in check.
#[derive(Clone, Copy)]
pub(super) struct Anywhere;

impl Targets for Anywhere {
    #[inline]
    fn has(self, _: u8) -> bool {
        true
    }
}

/// Only the squares of a set of 0x88 squares: in check, the checker's
/// square and those between it and the king.
#[derive(Clone, Copy)]
pub(super) struct Only(u128);

impl Targets for Only {
    #[inline]
    fn has(self, sq: u8) -> bool {
        self.0 & bit(sq) != 0
    }
}

/// The bit of 0x88 square `sq` in a `u128` square set.
#[inline]
const fn bit(sq: u8) -> u128 {
    1u128 << sq
}

impl X88Board {
    /// Every legal move of the side to move, into `sink`.
    pub(super) fn legal<S: Sink>(&mut self, sink: &mut S) {
        let us = self.turn;
        let them = us.other();
        let king = self.king(us);
        let mut checks = 0u32;
        // The squares a non-king move may land on.
        let mut targets = !0u128;
        let mut pinned = 0u128;
        let mut pins = [(0u8, 0i8); 8];
        let mut pin_count = 0;
        // The enemy pieces that might attack a square the king goes to.
        let mut near = [0u8; 16];
        let mut near_count = 0;
        for &from in self.men(them) {
            let d = diff(from, king);
            let moves = CODE_REACH[self.cells[from as usize] as usize];
            if NEAR_KING[d] & moves != 0 {
                near[near_count] = from;
                near_count += 1;
            }
            let reach = REACH[d] & moves & !KING;
            if reach == 0 {
                continue;
            }
            if reach & SLIDES == 0 {
                checks += 1;
                targets = bit(from);
                continue;
            }
            // Walk from the king towards the slider.
            let unit = LINE_STEP[diff(king, from)];
            let mut s = step(king, unit);
            let mut blocker = None;
            let mut open = true;
            while s != from {
                let p = self.cells[s as usize];
                if p != EMPTY {
                    if blocker.is_some() || color_of(p) != us {
                        open = false;
                        break;
                    }
                    blocker = Some(s);
                }
                s = step(s, unit);
            }
            if !open {
                continue;
            }
            match blocker {
                None => {
                    checks += 1;
                    let mut line = 0u128;
                    let mut s = step(king, unit);
                    while s != from {
                        line |= bit(s);
                        s = step(s, unit);
                    }
                    targets = line | bit(from);
                }
                Some(b) => {
                    pinned |= bit(b);
                    pins[pin_count] = (b, unit);
                    pin_count += 1;
                }
            }
        }

        let near = &near[..near_count];
        // The king's own steps, tested with the king lifted off the board.
        self.cells[king as usize] = EMPTY;
        for d in KING_STEPS {
            let to = step(king, d);
            if off_board(to) {
                continue;
            }
            let target = self.cells[to as usize];
            if target != EMPTY && target & BLACK == color_bit(us) {
                continue;
            }
            if !near.iter().any(|&from| self.attacks(from, to)) {
                sink.push(king, to, if target == EMPTY { MoveKind::Quiet } else { MoveKind::Capture });
            }
        }
        self.cells[king as usize] = code(us, Role::King);
        let this = &*self;
        match checks {
            0 => {
                if this.castling != 0 {
                    this.castles(sink);
                }
                this.others(Anywhere, pinned, &pins[..pin_count], sink);
            }
            1 => this.others(Only(targets), pinned, &pins[..pin_count], sink),
            _ => {}
        }
    }

    /// The moves of the side to move's men other than the king, landing in
    /// `targets`; `pinned` (a set of 0x88 squares) and `pins` (square, line
    /// step) name the pinned ones.
    #[inline]
    fn others<T: Targets, S: Sink>(&self, targets: T, pinned: u128, pins: &[(u8, i8)], sink: &mut S) {
        for &from in &self.men(self.turn)[1..] {
            let pin = if pinned == 0 || pinned & bit(from) == 0 {
                0
            } else {
                pins.iter().find(|p| p.0 == from).map_or(0, |p| p.1)
            };
            let piece = self.cells[from as usize] & 7;
            if piece == kind::PAWN {
                self.pawn_moves::<true, T, S>(from, pin, targets, sink);
            } else if pin == 0 {
                match piece {
                    kind::KNIGHT => self.leaps(from, &KNIGHT_STEPS, targets, sink),
                    kind::BISHOP => self.slides(from, &BISHOP_STEPS, targets, sink),
                    kind::ROOK => self.slides(from, &ROOK_STEPS, targets, sink),
                    _ => self.slides(from, &KING_STEPS, targets, sink),
                }
            } else {
                // A pinned piece moves only along its pin line, both ways,
                // and only if it moves along such lines at all.
                let along = match piece {
                    kind::BISHOP => BISHOP_STEPS.contains(&pin),
                    kind::ROOK => ROOK_STEPS.contains(&pin),
                    kind::QUEEN => true,
                    _ => false,
                };
                if along {
                    self.slide(from, pin, targets, sink);
                    self.slide(from, -pin, targets, sink);
                }
            }
        }
    }

    /// Whether the pawn on `from` may take en passant on `to`: the move is
    /// made on a copy and the king tested.
    #[cold]
    pub(super) fn en_passant_legal(&self, from: u8, to: u8) -> bool {
        let mut after = self.clone();
        after.make(Move::new(to_square(from), to_square(to), MoveKind::EnPassant));
        !after.mover_king_attacked()
    }
}
