//! Which pieces attack a cell: the king-safety test behind legality and
//! [`Board::checkers`](crate::engine::chess::Board::checkers).

use super::board::Mailbox10Board;
use super::geometry::{DIAGONAL, EMPTY, JUMPS, KING_STEPS, ORTHOGONAL, SQUARE, piece, step};
use crate::engine::chess::{Color, Role};

impl Mailbox10Board {
    /// Whether a piece of `by` attacks the board cell `target`.
    #[inline]
    pub(super) fn attacked(&self, target: u8, by: Color) -> bool {
        self.scan_attackers::<true>(target, by) != 0
    }

    /// The neutral-square set of `by`'s pieces attacking the board cell
    /// `target`.
    #[inline]
    pub(super) fn attackers(&self, target: u8, by: Color) -> u64 {
        self.scan_attackers::<false>(target, by)
    }

    /// Looks outward from `target` for each kind of attacker. With `FIRST`,
    /// returns as soon as one is found (its bit alone).
    fn scan_attackers<const FIRST: bool>(&self, target: u8, by: Color) -> u64 {
        let cells = &self.cells;
        let mut found = 0u64;
        macro_rules! hit {
            ($cell:expr) => {{
                found |= 1u64 << SQUARE[$cell as usize].index();
                if FIRST {
                    return found;
                }
            }};
        }
        // A pawn of `by` attacks from one rank behind, seen from its side.
        let (pawn, pawn_steps) = match by {
            Color::White => (piece(Color::White, Role::Pawn), [-9i8, -11]),
            Color::Black => (piece(Color::Black, Role::Pawn), [9, 11]),
        };
        for d in pawn_steps {
            let c = step(target, d);
            if cells[c as usize] == pawn {
                hit!(c);
            }
        }
        let knight = piece(by, Role::Knight);
        for &c in JUMPS[target as usize].cells() {
            if cells[c as usize] == knight {
                hit!(c);
            }
        }
        let king = piece(by, Role::King);
        for d in KING_STEPS {
            let c = step(target, d);
            if cells[c as usize] == king {
                hit!(c);
            }
        }
        let queen = piece(by, Role::Queen);
        for (steps, slider) in [(ORTHOGONAL, piece(by, Role::Rook)), (DIAGONAL, piece(by, Role::Bishop))] {
            for d in steps {
                // The border stops the walk: it is never EMPTY.
                let mut c = step(target, d);
                while cells[c as usize] == EMPTY {
                    c = step(c, d);
                }
                let p = cells[c as usize];
                if p == slider || p == queen {
                    hit!(c);
                }
            }
        }
        found
    }
}
