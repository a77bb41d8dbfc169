//! Go for the generic perft driver ([`crate::engine::game`]): either
//! representation, with or without the pass as a move.
//!
//! [`Driven`] is a [`GameMut`] (the representation's make/unmake, the moves
//! generated in a [`MoveList`] it keeps and copied out): every Go count goes
//! this way ([`super::perft()`], [`super::divide`], [`super::run_perft`]).
//! It is a [`Game`] as well (copy-make), and the two count alike
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
//! let mut root = Driven::<BitBoard>::new(&empty, Passing::Allowed);
//! let mut board = BitBoard::from_position(&empty);
//! assert_eq!(game::perft(&root, 3), u128::from(perft(&mut board, 3, Passing::Allowed)));
//! assert_eq!(game::perft_mut(&mut root, 3), game::perft(&root, 3));
//! # Ok::<(), plybench::engine::go::GoError>(())
//! ```

use std::hash::{Hash, Hasher};

use super::board::{Board, Passing, count_moves, generate};
use super::point::{Move, MoveList};
use super::position::Position;
use crate::engine::game::{Game, GameMut};

/// A position held by the representation `B`, counted under `passing`.
#[derive(Clone, Debug)]
pub struct Driven<B> {
    board: B,
    passing: Passing,
    /// Where [`GameMut`] generates: made once, as a fresh [`MoveList`] is
    /// written whole (one move per point and a pass) before it is used.
    scratch: MoveList,
}

impl<B: Board> Driven<B> {
    /// `position` on the representation `B`.
    pub fn new(position: &Position, passing: Passing) -> Driven<B> {
        Driven::on(B::from_position(position), passing)
    }

    /// `board` as it stands.
    pub fn on(board: B, passing: Passing) -> Driven<B> {
        Driven { board, passing, scratch: MoveList::new() }
    }

    /// A key of the whole position.
    fn hashed(&self) -> u64 {
        // The standard library's hasher made by `new` has fixed keys: the
        // same key for the same position throughout a count.
        let mut hasher = std::hash::DefaultHasher::new();
        self.board.position().hash(&mut hasher);
        hasher.finish()
    }
}

impl<B: Board> Game for Driven<B> {
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
        self.hashed()
    }

    fn notation(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn count_leaves(&self, _: &mut Vec<Move>) -> u64 {
        let mut list = MoveList::new();
        count_moves(&mut self.board.clone(), self.passing, &mut list)
    }
}

impl<B: Board> GameMut for Driven<B> {
    type Move = Move;
    type Undo = B::Undo;

    fn legal_moves(&mut self, moves: &mut Vec<Move>) {
        generate(&mut self.board, self.passing, &mut self.scratch);
        moves.clear();
        moves.extend_from_slice(self.scratch.as_slice());
    }

    fn make(&mut self, mv: Move) -> B::Undo {
        self.board.make(mv)
    }

    fn unmake(&mut self, mv: Move, undo: B::Undo) {
        self.board.unmake(mv, undo);
    }

    fn key(&self) -> u64 {
        self.hashed()
    }

    fn notation(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn count_leaves(&mut self, _: &mut Vec<Move>) -> u64 {
        count_moves(&mut self.board, self.passing, &mut self.scratch)
    }
}
