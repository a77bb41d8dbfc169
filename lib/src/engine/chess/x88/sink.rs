//! Where the generators' moves go: the move list, or a counter that only
//! adds one (four for a promotion), so that the last ply of perft is
//! counted without being listed.

use super::geometry::to_square;
use crate::engine::chess::{Move, MoveKind, MoveList, Role};

/// Where generated moves go: a list, or a count at the last ply.
pub(super) trait Sink {
    /// One move from `from` to `to` (0x88 squares).
    fn push(&mut self, from: u8, to: u8, kind: MoveKind);

    /// The four promotions of a pawn going from `from` to `to`.
    fn promotions(&mut self, from: u8, to: u8, capture: bool);
}

impl Sink for MoveList {
    #[inline]
    fn push(&mut self, from: u8, to: u8, kind: MoveKind) {
        MoveList::push(self, Move::new(to_square(from), to_square(to), kind));
    }

    #[inline]
    fn promotions(&mut self, from: u8, to: u8, capture: bool) {
        for role in Role::PROMOTIONS {
            if let Some(kind) = MoveKind::promotion(role, capture) {
                MoveList::push(self, Move::new(to_square(from), to_square(to), kind));
            }
        }
    }
}

/// A sink that only counts: bulk counting at perft's last ply.
pub(super) struct MoveCounter(pub(super) u64);

impl Sink for MoveCounter {
    #[inline]
    fn push(&mut self, _: u8, _: u8, _: MoveKind) {
        self.0 += 1;
    }

    #[inline]
    fn promotions(&mut self, _: u8, _: u8, _: bool) {
        self.0 += 4;
    }
}
