//! The Go perft entry points, generic over the representation: thin
//! wrappers of the generic driver ([`crate::engine::game`]) over
//! [`Driven`], with the Go depth limit and `u64` counts.

use std::time::Instant;

use super::array::ArrayBoard;
use super::bitboard::BitBoard;
use super::board::{Board, Passing, Repr, generate};
use super::error::GoError;
use super::game::Driven;
use super::point::{Move, MoveList, Size};
use super::position::Position;
use crate::engine::game;
use crate::engine::limit::{LimitError, Quantity, check_range};
use crate::engine::progress::{Progress, Step};
use crate::engine::work::{Work, perft_leaves};

/// The reference speed of each representation, in leaves a second of one
/// core: the bitboards on the empty 9×9 and 19×19 boards count 0.8 to 3.8 ×
/// 10^9 leaves a second, the array 0.7 to 0.9 × 10^9
/// (`reports/go_bench.csv`). Crowded positions, with fewer leaves under
/// each node, count fewer a second.
pub fn leaves_per_second(repr: Repr) -> f64 {
    match repr {
        Repr::Array => 7e8,
        Repr::Bitboard => 1e9,
    }
}

/// What perft of `position` to `depth` under `passing` costs on each of
/// `reprs`: the leaves, counted outright while cheap and extrapolated
/// beyond ([`perft_leaves`]), and the time at each representation's
/// [`leaves_per_second`], summed.
///
/// ```
/// use plybench::engine::go::{Passing, Position, Repr, Size, estimate};
///
/// let work = estimate(&Position::empty(Size::square(19)?), 7, Passing::Allowed, &[Repr::Bitboard]);
/// assert!(work.amount > 7e17 && work.check().is_err()); // decades
/// let small = estimate(&Position::empty(Size::square(9)?), 2, Passing::Allowed, &Repr::ALL);
/// assert_eq!((small.amount, small.exact), (81.0 * 81.0 + 82.0, true)); // counted outright
/// # Ok::<(), plybench::engine::go::GoError>(())
/// ```
pub fn estimate(position: &Position, depth: u32, passing: Passing, reprs: &[Repr]) -> Work {
    let mut board = BitBoard::from_position(position);
    let (leaves, exact) = perft_leaves(depth, |d| perft(&mut board, d, passing));
    let seconds = reprs.iter().map(|&r| leaves / leaves_per_second(r)).sum();
    Work { amount: leaves, unit: "leaves", seconds, exact }
}

/// The deepest perft accepted on a board of `size`: the largest `d` with
/// `(points + 1)^d` within `u64`, since no node has more than one move per
/// point and a pass. 7 on 19×19, 10 on 9×9, 13 on 5×5.
///
/// ```
/// use plybench::engine::go::{Size, max_depth};
///
/// assert_eq!(max_depth(Size::square(19)?), 7);
/// assert_eq!(max_depth(Size::square(9)?), 10);
/// # Ok::<(), plybench::engine::go::GoError>(())
/// ```
pub fn max_depth(size: Size) -> u32 {
    let branching = size.points() as u128 + 1;
    let mut depth = 0;
    let mut bound: u128 = 1;
    while bound * branching <= u128::from(u64::MAX) {
        bound *= branching;
        depth += 1;
    }
    depth
}

/// Checks a requested depth on a board of `size`: 0 to [`max_depth`].
///
/// # Errors
///
/// [`LimitError`] past [`max_depth`].
pub fn check_depth(size: Size, depth: u32) -> Result<u32, LimitError> {
    check_range(
        Quantity::Depth,
        depth,
        0,
        max_depth(size),
        "; counts are u64, and a node has up to one move per point and a pass",
    )
}

/// The number of move sequences of `depth` moves from `board`'s position
/// under `passing` (perft): the leaves of the game tree cut at `depth`. A
/// game ended by two passes has no moves, so a sequence that ends it early
/// counts nothing. Leaves are counted without being played.
///
/// ```
/// use plybench::engine::go::{Board, Passing, Position, Size, bitboard::BitBoard, perft};
///
/// let mut board = BitBoard::from_position(&Position::empty(Size::square(9)?));
/// // 81 stones and a pass, then 80 + pass after a stone and 81 + pass after a pass.
/// assert_eq!(perft(&mut board, 2, Passing::Allowed), 81 * 81 + 82);
/// assert_eq!(perft(&mut board, 4, Passing::Excluded), 39_929_136); // McKenzie (2005)
/// # Ok::<(), plybench::engine::go::GoError>(())
/// ```
pub fn perft<B: Board>(board: &mut B, depth: u32, passing: Passing) -> u64 {
    saturated(game::perft_mut(&mut Driven::on(board.clone(), passing), depth))
}

/// A count of the driver (`u128`) as a Go count: `u64::MAX` past `u64`
/// (which [`max_depth`] keeps counts from reaching).
fn saturated(nodes: u128) -> u64 {
    u64::try_from(nodes).unwrap_or(u64::MAX)
}

/// Perft of each root move ("divide"), in generation order: the stones
/// row by row from A1, then the pass.
pub fn divide<B: Board>(board: &mut B, depth: u32, passing: Passing) -> Vec<(Move, u64)> {
    divide_with(board, depth, passing, Progress::NONE)
}

/// [`divide`], telling `progress` of each root move counted, labelled with
/// the representation's name ([`game::divide_mut_with`] over [`Driven`]).
pub fn divide_with<B: Board>(board: &mut B, depth: u32, passing: Passing, progress: Progress<'_>) -> Vec<(Move, u64)> {
    let relabel = |step: Step<'_>| progress.report(Step { label: B::REPR.name(), ..step });
    let progress = if progress.is_some() { Progress::new(&relabel) } else { Progress::NONE };
    let split = game::divide_mut_with(&mut Driven::on(board.clone(), passing), depth, progress);
    split.into_iter().map(|(mv, n)| (mv, saturated(n))).collect()
}

/// One timed perft run.
#[derive(Clone, Debug, PartialEq)]
pub struct PerftRun {
    /// The representation.
    pub repr: Repr,
    /// Whether a pass was a move.
    pub passing: Passing,
    /// The leaf count.
    pub nodes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Per-move counts when asked for.
    pub divide: Option<Vec<(Move, u64)>>,
}

impl PerftRun {
    /// Leaves per second (0 when too fast to time).
    pub fn nps(&self) -> f64 {
        if self.seconds > 0.0 { self.nodes as f64 / self.seconds } else { 0.0 }
    }
}

fn timed<B: Board>(
    position: &Position,
    depth: u32,
    passing: Passing,
    with_divide: bool,
    progress: Progress<'_>,
) -> PerftRun {
    let mut board = B::from_position(position);
    let start = Instant::now();
    // Counted root move by root move when asked to divide, or to tell the
    // progress of a count that can take long.
    let by_root = with_divide || (depth >= 2 && progress.is_some());
    let (nodes, divide) = if by_root {
        let d = divide_with(&mut board, depth, passing, progress);
        let total = if depth == 0 { 1 } else { d.iter().map(|(_, n)| n).sum() };
        (total, with_divide.then_some(d))
    } else {
        (perft(&mut board, depth, passing), None)
    };
    PerftRun { repr: B::REPR, passing, nodes, seconds: start.elapsed().as_secs_f64(), divide }
}

/// Runs perft with the representation `repr`, timed. The generic driver is
/// monomorphized for each representation: the `match` is made once, and
/// nothing in the count is dispatched dynamically.
///
/// ```
/// use plybench::engine::go::{Passing, Position, Repr, Size, run_perft};
///
/// let empty = Position::empty(Size::square(5)?);
/// let run = run_perft(Repr::Array, &empty, 3, Passing::Allowed, false)?;
/// assert_eq!(run.nodes, run_perft(Repr::Bitboard, &empty, 3, Passing::Allowed, false)?.nodes);
/// # Ok::<(), plybench::engine::go::GoError>(())
/// ```
///
/// # Errors
///
/// [`GoError::Limit`] past [`max_depth`].
pub fn run_perft(
    repr: Repr,
    position: &Position,
    depth: u32,
    passing: Passing,
    with_divide: bool,
) -> Result<PerftRun, GoError> {
    run_perft_with(repr, position, depth, passing, with_divide, Progress::NONE)
}

/// [`run_perft`], telling `progress` of each root move counted (labelled
/// with the representation's name).
///
/// # Errors
///
/// [`GoError::Limit`] past [`max_depth`].
pub fn run_perft_with(
    repr: Repr,
    position: &Position,
    depth: u32,
    passing: Passing,
    with_divide: bool,
    progress: Progress<'_>,
) -> Result<PerftRun, GoError> {
    check_depth(position.size(), depth)?;
    Ok(match repr {
        Repr::Array => timed::<ArrayBoard>(position, depth, passing, with_divide, progress),
        Repr::Bitboard => timed::<BitBoard>(position, depth, passing, with_divide, progress),
    })
}

/// The legal moves of `position` under `passing`, as generated by `repr`.
pub fn legal_moves(repr: Repr, position: &Position, passing: Passing) -> Vec<Move> {
    fn of<B: Board>(position: &Position, passing: Passing) -> Vec<Move> {
        let mut list = MoveList::new();
        generate(&mut B::from_position(position), passing, &mut list);
        list.as_slice().to_vec()
    }
    match repr {
        Repr::Array => of::<ArrayBoard>(position, passing),
        Repr::Bitboard => of::<BitBoard>(position, passing),
    }
}

/// `position` after `mv`, or `None` when `mv` is not legal there (a pass
/// is legal while the game lasts).
pub fn play(position: &Position, mv: Move) -> Option<Position> {
    if !legal_moves(Repr::Bitboard, position, Passing::Allowed).contains(&mv) {
        return None;
    }
    let mut board = BitBoard::from_position(position);
    board.make(mv);
    Some(board.position())
}
