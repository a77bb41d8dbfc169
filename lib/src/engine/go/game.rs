//! Go for the generic perft driver ([`crate::engine::game`]): either
//! representation, with or without the pass as a move.
//!
//! The driver counts by copy-make; [`super::run_perft`] keeps its own path
//! (make/unmake on the array, copy-make on the bitboard, the counts in
//! fixed move lists), and the two count alike
//! (`lib/tests/suite/game_driver.rs`). The key hashes the whole position
//! (stones, side to move, ko point, passes in a row): Go has no Zobrist
//! keys here, and the table is worth its cost only deep.
//!
//! ```
//! use plybench::engine::go::{Driven, Passing, Position, Size, bitboard::BitBoard, perft};
//! use plybench::engine::game;
//! # use plybench::engine::go::Board;
//!
//! let empty = Position::empty(Size::square(5)?);
//! let root = Driven::<BitBoard>::new(&empty, Passing::Allowed);
//! let mut board = BitBoard::from_position(&empty);
//! assert_eq!(game::perft(&root, 3), u128::from(perft(&mut board, 3, Passing::Allowed)));
//! # Ok::<(), plybench::engine::go::GoError>(())
//! ```

use std::hash::{Hash, Hasher};

use super::board::{Board, Passing, count_moves, generate};
use super::point::{Move, MoveList};
use super::position::Position;
use crate::engine::game::Game;

/// A position held by the representation `B`, counted under `passing`.
#[derive(Clone, Debug)]
pub struct Driven<B> {
    board: B,
    passing: Passing,
}

impl<B: Board> Driven<B> {
    /// `position` on the representation `B`.
    pub fn new(position: &Position, passing: Passing) -> Driven<B> {
        Driven { board: B::from_position(position), passing }
    }
}

impl<B: Board + Send + Sync> Game for Driven<B> {
    type Move = Move;

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        let mut list = MoveList::new();
        generate(&mut self.board.clone(), self.passing, &mut list);
        moves.clear();
        moves.extend_from_slice(list.as_slice());
    }

    fn play(&self, mv: Move) -> Self {
        let mut next = self.clone();
        next.board.make(mv);
        next
    }

    fn key(&self) -> u64 {
        // The standard library's hasher made by `new` has fixed keys: the
        // same key for the same position throughout a count.
        let mut hasher = std::hash::DefaultHasher::new();
        self.board.position().hash(&mut hasher);
        hasher.finish()
    }

    fn notation(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn count_leaves(&self, _: &mut Vec<Move>) -> u64 {
        let mut list = MoveList::new();
        count_moves(&mut self.board.clone(), self.passing, &mut list)
    }
}
