//! Perft's inner nodes without a move list: a sink that plays each move
//! as the generator finds it, hands the position after it on, and takes
//! it back.

use super::BitboardBoard;
use super::board::{NO_SQUARE, PAWN as PAWN_ROLE, passed_square};
use super::magic;
use super::pext::Pext;
use super::sink::{PROMOTION_RANKS, Sink, promotions};
use crate::engine::chess::cpu::Flavour;
use crate::engine::chess::{Board, Move, MoveKind};

/// The pawn's role index, as the mailbox holds it.
const PAWN: u8 = PAWN_ROLE as u8;

impl BitboardBoard {
    /// [`Board::sum_children_in`]: the generator's moves are played, as
    /// it finds them, on a copy of the board it does not read.
    #[inline(always)]
    pub(super) fn sum_children<F: Flavour>(&self, flavour: F, child: impl FnMut(&mut Self) -> u64) -> u64 {
        let mut children = Children { board: self.clone(), child, nodes: 0 };
        match flavour.bmi2() {
            Some(bmi2) => self.generate(&mut children, Pext::new(bmi2)),
            None => self.generate(&mut children, &*magic::SLIDERS),
        }
        debug_assert_eq!(children.board, *self, "a move played by the children's sink was not taken back");
        children.nodes
    }
}

/// Plays each move on its own copy of the board as the generator finds
/// it, hands the board after it to `child`, takes it back, and sums what
/// `child` returns: a node of perft with no move list. Moves of one piece
/// that neither castle, nor promote, nor take en passant are played from
/// what the generator knows of them ([`BitboardBoard::play_plain`]); the
/// others as moves.
struct Children<C> {
    board: BitboardBoard,
    child: C,
    nodes: u64,
}

impl<C: FnMut(&mut BitboardBoard) -> u64> Children<C> {
    #[inline(always)]
    fn plain<const CAPTURE: bool>(&mut self, from: usize, to: usize, role: u8, en_passant: u8) {
        let undo = self.board.play_plain::<CAPTURE>(from, to, role, en_passant);
        self.nodes = self.nodes.saturating_add((self.child)(&mut self.board));
        self.board.unplay_plain::<CAPTURE>(from, to, role, undo);
    }

    #[inline(always)]
    fn played(&mut self, m: Move) {
        let undo = self.board.make(m);
        self.nodes = self.nodes.saturating_add((self.child)(&mut self.board));
        self.board.unmake(m, undo);
    }
}

impl<C: FnMut(&mut BitboardBoard) -> u64> Sink for Children<C> {
    #[inline(always)]
    fn piece(&mut self, from: usize, targets: u64, enemies: u64) {
        let role = self.board.mailbox[from & 63];
        let mut captures = targets & enemies;
        while captures != 0 {
            self.plain::<true>(from, captures.trailing_zeros() as usize, role, NO_SQUARE);
            captures &= captures - 1;
        }
        let mut quiet = targets & !enemies;
        while quiet != 0 {
            self.plain::<false>(from, quiet.trailing_zeros() as usize, role, NO_SQUARE);
            quiet &= quiet - 1;
        }
    }

    #[inline(always)]
    fn pawns(&mut self, targets: u64, delta: i32, kind: MoveKind) {
        let mut plain = targets & !PROMOTION_RANKS;
        while plain != 0 {
            let to = plain.trailing_zeros() as usize;
            let from = (to as i32 - delta) as usize;
            match kind {
                MoveKind::Capture => self.plain::<true>(from, to, PAWN, NO_SQUARE),
                MoveKind::DoublePush => self.plain::<false>(from, to, PAWN, passed_square(from, to)),
                _ => self.plain::<false>(from, to, PAWN, NO_SQUARE),
            }
            plain &= plain - 1;
        }
        promotions(targets & PROMOTION_RANKS, delta, kind, |m| self.played(m));
    }

    #[inline(always)]
    fn one(&mut self, m: Move) {
        self.played(m);
    }
}
