//! Checkers for the generic perft driver ([`crate::engine::game`]): any
//! representation, under either counting of multiple captures.
//!
//! The driver counts by copy-make and keys every node from its position;
//! [`super::Counter`] keeps its own path (make/unmake, the key changed move
//! by move, table buckets fetched ahead), and the two count alike
//! (`lib/tests/suite/game_driver.rs`).
//!
//! ```
//! use plybench::engine::checkers::{Counting, Driven, Position, bitboard::BitBoard, perft};
//! use plybench::engine::game;
//!
//! let root = Driven::<BitBoard>::new(&Position::start(), Counting::Paths);
//! let mut board = BitBoard::from_position(&Position::start());
//! # use plybench::engine::checkers::Board;
//! assert_eq!(game::perft(&root, 6), u128::from(perft(&mut board, 6, Counting::Paths)));
//! ```

use super::board::{Board, Counting, distinct_results};
use super::zobrist::key;
use super::{Move, Position};
use crate::engine::game::Game;

/// A position held by the representation `B`, counted under `counting`.
#[derive(Clone, Debug)]
pub struct Driven<B> {
    board: B,
    counting: Counting,
}

impl<B: Board> Driven<B> {
    /// `position` on the representation `B`.
    pub fn new(position: &Position, counting: Counting) -> Driven<B> {
        Driven { board: B::from_position(position), counting }
    }
}

impl<B: Board + Send + Sync> Game for Driven<B> {
    type Move = Move;

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.board.generate(moves);
        if self.counting == Counting::Results {
            distinct_results(moves);
        }
    }

    fn play(&self, mv: Move) -> Self {
        let mut next = self.clone();
        next.board.make(&mv);
        next
    }

    fn key(&self) -> u64 {
        // The two countings are told apart, as `Counter`'s keys are.
        let key = key(&self.board.position());
        match self.counting {
            Counting::Paths => key,
            Counting::Results => key ^ 0x0072_6573_756C_7473,
        }
    }

    fn notation(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn count_leaves(&self, moves: &mut Vec<Move>) -> u64 {
        self.board.count_moves(moves, self.counting)
    }
}
