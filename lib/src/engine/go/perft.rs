//! The perft driver, generic over the representation.

use std::time::Instant;

use super::array::ArrayBoard;
use super::bitboard::BitBoard;
use super::board::{Board, Passing, Repr, count_moves, generate};
use super::error::GoError;
use super::point::{Move, MoveList, Size};
use super::position::Position;
use crate::engine::limit::{LimitError, Quantity, check_range};

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
    let mut lists = lists(depth);
    walk(board, depth, passing, &mut lists)
}

/// One move list per ply left, made before the count starts.
fn lists(depth: u32) -> Vec<MoveList> {
    (0..depth.max(1)).map(|_| MoveList::new()).collect()
}

fn walk<B: Board>(board: &mut B, depth: u32, passing: Passing, lists: &mut [MoveList]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let Some((list, rest)) = lists.split_first_mut() else {
        return 0;
    };
    if depth == 1 {
        return count_moves(board, passing, list);
    }
    generate(board, passing, list);
    let mut nodes = 0;
    for i in 0..list.len() {
        let mv = list.get(i);
        if B::COPY_MAKE {
            let mut child = board.clone();
            child.make(mv);
            nodes += walk(&mut child, depth - 1, passing, rest);
        } else {
            let undo = board.make(mv);
            nodes += walk(board, depth - 1, passing, rest);
            board.unmake(mv, undo);
        }
    }
    nodes
}

/// Perft of each root move ("divide"), in generation order: the stones
/// row by row from A1, then the pass.
pub fn divide<B: Board>(board: &mut B, depth: u32, passing: Passing) -> Vec<(Move, u64)> {
    let mut root = MoveList::new();
    generate(board, passing, &mut root);
    let mut lists = lists(depth);
    root.as_slice()
        .iter()
        .map(|&mv| {
            let undo = board.make(mv);
            let n = walk(board, depth.saturating_sub(1), passing, &mut lists);
            board.unmake(mv, undo);
            (mv, n)
        })
        .collect()
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

fn timed<B: Board>(position: &Position, depth: u32, passing: Passing, with_divide: bool) -> PerftRun {
    let mut board = B::from_position(position);
    let start = Instant::now();
    let (nodes, divide) = if with_divide {
        let d = divide(&mut board, depth, passing);
        let total = if depth == 0 { 1 } else { d.iter().map(|(_, n)| n).sum() };
        (total, Some(d))
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
    check_depth(position.size(), depth)?;
    Ok(match repr {
        Repr::Array => timed::<ArrayBoard>(position, depth, passing, with_divide),
        Repr::Bitboard => timed::<BitBoard>(position, depth, passing, with_divide),
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
