//! The other convention for passes: a pass is no ply. A side without a
//! move passes silently, and the ply is the other side's move.

use super::{Move, Othello};
use crate::engine::game::Game;

/// [`Othello`] where a forced pass is not counted as a ply: a position
/// whose side to move must pass has the other side's moves as its own.
/// Its counts are the numbers of games of `n` disc placements.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SilentPass(pub Othello);

impl SilentPass {
    /// The position whose side plays next: this one, or this one passed.
    fn mover(&self) -> Othello {
        if self.0.move_squares() == 0 { self.0.passed() } else { self.0 }
    }
}

impl Game for SilentPass {
    type Move = Move;

    fn legal_moves(&self, list: &mut Vec<Move>) {
        let mover = self.mover();
        mover.legal_moves(list);
        // The passed position's own moves: squares, or nothing when the
        // game is over (a pass there would be a second pass).
        list.retain(|mv| *mv != Move::PASS);
    }

    fn play(&self, mv: Move) -> SilentPass {
        SilentPass(self.mover().play(mv))
    }

    fn key(&self) -> u64 {
        // A position and the same one passed have the same moves here: the
        // key of the side that will play.
        self.mover().key()
    }

    fn notation(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn count_leaves(&self, _: &mut Vec<Move>) -> u64 {
        u64::from(self.mover().move_squares().count_ones())
    }
}
