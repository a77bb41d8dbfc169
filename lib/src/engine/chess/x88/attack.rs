//! The attack test: does a side attack a square, and with which pieces.
//!
//! Each piece of the attacking side is looked at once. The difference
//! table says whether its kind of move could reach the square at all (most
//! pieces fail this one lookup); a knight, pawn or king that passes
//! attacks it, a slider only if the cells between are empty, walked with
//! the line's unit step from the same table.

use super::board::X88Board;
use super::geometry::{CODE_REACH, EMPTY, LINE_STEP, REACH, SLIDES, diff, step, to_square};
use crate::engine::chess::Color;

impl X88Board {
    /// Whether the piece on `from` (of any side) attacks `target`.
    #[inline]
    pub(super) fn attacks(&self, from: u8, target: u8) -> bool {
        let d = diff(from, target);
        let reach = REACH[d] & CODE_REACH[self.cells[from as usize] as usize];
        if reach == 0 {
            return false;
        }
        if reach & SLIDES == 0 {
            return true;
        }
        self.clear_between(from, target, LINE_STEP[d])
    }

    /// Whether every cell strictly between `from` and `target`, on the
    /// line walked by `unit`, is empty.
    #[inline]
    pub(super) fn clear_between(&self, from: u8, target: u8, unit: i8) -> bool {
        let mut s = step(from, unit);
        while s != target {
            if self.cells[s as usize] != EMPTY {
                return false;
            }
            s = step(s, unit);
        }
        true
    }

    /// Whether a piece of `by` attacks the 0x88 square `target`.
    #[inline]
    pub(super) fn attacked(&self, target: u8, by: Color) -> bool {
        self.men(by).iter().any(|&from| self.attacks(from, target))
    }

    /// The neutral-square set of `by`'s pieces attacking `target`.
    pub(super) fn attackers(&self, target: u8, by: Color) -> u64 {
        self.men(by)
            .iter()
            .filter(|&&from| self.attacks(from, target))
            .fold(0, |set, &from| set | 1u64 << to_square(from).index())
    }
}
