//! Where the legal generator's moves go: the move list, or a counter that
//! only adds one (four for a promotion), so that the last ply of perft is
//! counted without being listed.

use super::geometry::SQUARE;
use crate::engine::chess::{Move, MoveKind, MoveList, Role};

/// Where the generator's moves go: a move list, or a bare counter (bulk
/// counting at perft's last ply).
pub(super) trait Sink {
    /// One move.
    fn add(&mut self, from: u8, to: u8, kind: MoveKind);
    /// The four promotions of a pawn going from `from` to `to`.
    fn promotions(&mut self, from: u8, to: u8, capture: bool);
}

impl Sink for MoveList {
    #[inline(always)]
    fn add(&mut self, from: u8, to: u8, kind: MoveKind) {
        self.push(Move::new(SQUARE[from as usize], SQUARE[to as usize], kind));
    }

    #[inline(always)]
    fn promotions(&mut self, from: u8, to: u8, capture: bool) {
        for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
            if let Some(kind) = MoveKind::promotion(role, capture) {
                self.add(from, to, kind);
            }
        }
    }
}

/// Counts moves without listing them.
pub(super) struct MoveCounter(pub(super) u64);

impl Sink for MoveCounter {
    #[inline(always)]
    fn add(&mut self, _from: u8, _to: u8, _kind: MoveKind) {
        self.0 += 1;
    }

    #[inline(always)]
    fn promotions(&mut self, _from: u8, _to: u8, _capture: bool) {
        self.0 += 4;
    }
}
