//! Where the generator's target sets go: the move list takes them apart
//! move by move, the counter only counts their bits (bulk counting at
//! perft's last ply); a third sink, in `children.rs`, plays each move as
//! it comes.

use super::attacks::{RANK_1, RANK_8};
use super::set::square;
use crate::engine::chess::{Move, MoveKind, MoveList, Role};

/// The promotion ranks: a pawn reaching one promotes.
pub(super) const PROMOTION_RANKS: u64 = RANK_1 | RANK_8;

/// Where the generator's moves go.
pub(super) trait Sink {
    /// Moves of the piece on `from` to each square of `targets`; those on
    /// `enemies` are captures.
    fn piece(&mut self, from: usize, targets: u64, enemies: u64);

    /// Pawn moves of one kind (quiet, double push or capture) to each square
    /// of `targets`, each from the square `delta` behind it. Moves to the
    /// last rank are four promotions.
    fn pawns(&mut self, targets: u64, delta: i32, kind: MoveKind);

    /// One move.
    fn one(&mut self, m: Move);
}

/// A sink that takes each target set apart into its moves: the move list
/// and the player of children share the taking apart.
pub(super) trait EachMove {
    /// One move.
    fn each(&mut self, m: Move);
}

impl<T: EachMove> Sink for T {
    #[inline(always)]
    fn piece(&mut self, from: usize, targets: u64, enemies: u64) {
        let f = square(from as u32);
        let mut captures = targets & enemies;
        while captures != 0 {
            self.each(Move::new(f, square(captures.trailing_zeros()), MoveKind::Capture));
            captures &= captures - 1;
        }
        let mut quiet = targets & !enemies;
        while quiet != 0 {
            self.each(Move::new(f, square(quiet.trailing_zeros()), MoveKind::Quiet));
            quiet &= quiet - 1;
        }
    }

    #[inline(always)]
    fn pawns(&mut self, targets: u64, delta: i32, kind: MoveKind) {
        let mut plain = targets & !PROMOTION_RANKS;
        while plain != 0 {
            let to = plain.trailing_zeros();
            self.each(Move::new(square((to as i32 - delta) as u32), square(to), kind));
            plain &= plain - 1;
        }
        promotions(targets & PROMOTION_RANKS, delta, kind, |m| self.each(m));
    }

    #[inline(always)]
    fn one(&mut self, m: Move) {
        self.each(m);
    }
}

impl EachMove for MoveList {
    #[inline(always)]
    fn each(&mut self, m: Move) {
        self.push(m);
    }
}

/// Each promotion (four a pawn) to a square of `promoting`, from the
/// square `delta` behind it, a capture when `kind` is, handed to `each`.
#[inline(always)]
pub(super) fn promotions(mut promoting: u64, delta: i32, kind: MoveKind, mut each: impl FnMut(Move)) {
    let capture = matches!(kind, MoveKind::Capture);
    while promoting != 0 {
        let to = promoting.trailing_zeros();
        let (f, t) = (square((to as i32 - delta) as u32), square(to));
        for role in Role::PROMOTIONS {
            if let Some(kind) = MoveKind::promotion(role, capture) {
                each(Move::new(f, t, kind));
            }
        }
        promoting &= promoting - 1;
    }
}

/// Counts moves without listing them.
pub(super) struct MoveCounter(pub(super) u64);

impl Sink for MoveCounter {
    #[inline(always)]
    fn piece(&mut self, _from: usize, targets: u64, _enemies: u64) {
        self.0 += u64::from(targets.count_ones());
    }

    #[inline(always)]
    fn pawns(&mut self, targets: u64, _delta: i32, _kind: MoveKind) {
        self.0 += u64::from((targets & !PROMOTION_RANKS).count_ones())
            + 4 * u64::from((targets & PROMOTION_RANKS).count_ones());
    }

    #[inline(always)]
    fn one(&mut self, _m: Move) {
        self.0 += 1;
    }
}
