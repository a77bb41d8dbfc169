//! Checkers for the generic perft driver ([`crate::engine::game`]): any
//! representation, under either counting of multiple captures.
//!
//! [`Driven`] is a [`GameMut`]: the representation's make/unmake, keyed
//! from its position when a table asks. Every checkers count goes this way
//! ([`super::perft()`], [`super::divide`], [`super::perft_hashed`],
//! [`super::Counter`]). It is a [`Game`] as well (copy-make), and the two
//! count alike (`lib/tests/suite/game_driver.rs`).
//!
//! ```
//! use plybench::engine::checkers::{Counting, Driven, Position, bitboard::BitBoard, perft};
//! use plybench::engine::game;
//!
//! let mut root = Driven::<BitBoard>::new(&Position::start(), Counting::Paths);
//! let mut board = BitBoard::from_position(&Position::start());
//! # use plybench::engine::checkers::Board;
//! assert_eq!(game::perft(&root, 6), u128::from(perft(&mut board, 6, Counting::Paths)));
//! assert_eq!(game::perft_mut(&mut root, 6), game::perft(&root, 6));
//! ```

use super::board::{Board, Counting, distinct_results};
use super::zobrist::key;
use super::{Move, Position};
use crate::engine::game::{Game, GameMut};

/// A position held by the representation `B`, counted under `counting`.
#[derive(Clone, Debug)]
pub struct Driven<B> {
    board: B,
    counting: Counting,
}

impl<B: Board> Driven<B> {
    /// `position` on the representation `B`.
    pub fn new(position: &Position, counting: Counting) -> Driven<B> {
        Driven::on(B::from_position(position), counting)
    }

    /// `board` as it stands.
    pub fn on(board: B, counting: Counting) -> Driven<B> {
        Driven { board, counting }
    }

    /// The key of the position held, the two countings told apart so that
    /// one table may serve both without mixing their counts.
    fn counted_key(&self) -> u64 {
        let key = key(&self.board.position());
        match self.counting {
            Counting::Paths => key,
            // "results" in ASCII.
            Counting::Results => key ^ 0x0072_6573_756C_7473,
        }
    }
}

impl<B: Board> Game for Driven<B> {
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
        self.counted_key()
    }

    fn notation(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn count_leaves(&self, moves: &mut Vec<Move>) -> u64 {
        self.board.count_moves(moves, self.counting)
    }
}

impl<B: Board> GameMut for Driven<B> {
    type Move = Move;
    type Undo = B::Undo;

    fn legal_moves(&mut self, moves: &mut Vec<Move>) {
        Game::legal_moves(self, moves);
    }

    fn make(&mut self, mv: Move) -> B::Undo {
        self.board.make(&mv)
    }

    fn unmake(&mut self, mv: Move, undo: B::Undo) {
        self.board.unmake(&mv, undo);
    }

    fn key(&self) -> u64 {
        self.counted_key()
    }

    fn notation(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn count_leaves(&mut self, moves: &mut Vec<Move>) -> u64 {
        self.board.count_moves(moves, self.counting)
    }
}
