//! The perft driver, generic over the representation.

use std::time::Instant;

use super::bell_table::TableBoard;
use super::bitboard::BitBoard;
use super::board::{Board, Counting, Repr, distinct_results};
use super::samuel::SamuelBoard;
use super::{Move, Position};
use crate::engine::limit::{LimitError, Quantity, check_range};

/// The deepest perft accepted: counts are `u64`, and the published
/// perft(28) of the opening (about 1.6e19) no longer fits one.
pub const MAX_DEPTH: u32 = 27;

/// The number of move sequences of `depth` plies from `board`'s position:
/// the leaves of the game tree cut at `depth` (perft). Leaves are counted
/// without being played ("bulk counting").
///
/// ```
/// use plybench::engine::checkers::{Board, Counting, Position, bell_table::TableBoard, perft};
///
/// let mut board = TableBoard::from_position(&Position::start());
/// assert_eq!(perft(&mut board, 3, Counting::Paths), 302);
/// ```
pub fn perft<B: Board>(board: &mut B, depth: u32, counting: Counting) -> u64 {
    let mut lists: Vec<Vec<Move>> = (0..depth.max(1)).map(|_| Vec::with_capacity(64)).collect();
    walk(board, depth, counting, &mut lists)
}

fn walk<B: Board>(board: &mut B, depth: u32, counting: Counting, lists: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let Some((list, rest)) = lists.split_first_mut() else {
        return 0;
    };
    if depth == 1 {
        return board.count_moves(list, counting);
    }
    board.generate(list);
    if counting == Counting::Results {
        distinct_results(list);
    }
    let mut nodes = 0;
    for mv in list.iter() {
        let undo = board.make(mv);
        nodes += walk(board, depth - 1, counting, rest);
        board.unmake(mv, undo);
    }
    nodes
}

/// Perft of each root move ("divide"), in generation order.
pub fn divide<B: Board>(board: &mut B, depth: u32, counting: Counting) -> Vec<(Move, u64)> {
    let mut root = Vec::new();
    board.generate(&mut root);
    if counting == Counting::Results {
        distinct_results(&mut root);
    }
    let mut lists: Vec<Vec<Move>> = (0..depth.max(1)).map(|_| Vec::with_capacity(64)).collect();
    root.iter()
        .map(|mv| {
            let undo = board.make(mv);
            let n = walk(board, depth.saturating_sub(1), counting, &mut lists);
            board.unmake(mv, undo);
            (*mv, n)
        })
        .collect()
}

/// One timed perft run.
#[derive(Clone, Debug, PartialEq)]
pub struct PerftRun {
    /// The representation.
    pub repr: Repr,
    /// How multi-captures were counted.
    pub counting: Counting,
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

/// Checks a requested depth: 0 to [`MAX_DEPTH`].
///
/// ```
/// use plybench::engine::checkers::check_depth;
///
/// assert_eq!(check_depth(27)?, 27);
/// assert!(check_depth(28).unwrap_err().to_string().contains("u64"));
/// # Ok::<(), plybench::engine::limit::LimitError>(())
/// ```
pub fn check_depth(depth: u32) -> Result<u32, LimitError> {
    check_range(Quantity::Depth, depth, 0, MAX_DEPTH, "; perft counts are u64 and perft(28) of the opening exceeds it")
}

fn timed<B: Board>(position: &Position, depth: u32, counting: Counting, with_divide: bool) -> PerftRun {
    let mut board = B::from_position(position);
    let start = Instant::now();
    let (nodes, divide) = if with_divide {
        let d = divide(&mut board, depth, counting);
        let total = if depth == 0 { 1 } else { d.iter().map(|(_, n)| n).sum() };
        (total, Some(d))
    } else {
        (perft(&mut board, depth, counting), None)
    };
    PerftRun { repr: B::REPR, counting, nodes, seconds: start.elapsed().as_secs_f64(), divide }
}

/// Runs perft with the representation `repr`, timed. The generic driver is
/// monomorphized for each representation: no dynamic dispatch in the count.
///
/// ```
/// use plybench::engine::checkers::{Counting, Position, Repr, run_perft};
///
/// let run = run_perft(Repr::Samuel, &Position::start(), 4, Counting::Paths, false)?;
/// assert_eq!(run.nodes, 1469);
/// # Ok::<(), plybench::engine::limit::LimitError>(())
/// ```
///
/// # Errors
///
/// [`LimitError`] past [`MAX_DEPTH`] (see [`check_depth`]).
pub fn run_perft(
    repr: Repr,
    position: &Position,
    depth: u32,
    counting: Counting,
    with_divide: bool,
) -> Result<PerftRun, LimitError> {
    check_depth(depth)?;
    Ok(match repr {
        Repr::Table => timed::<TableBoard>(position, depth, counting, with_divide),
        Repr::Samuel => timed::<SamuelBoard>(position, depth, counting, with_divide),
        Repr::Bitboard => timed::<BitBoard>(position, depth, counting, with_divide),
    })
}

/// The legal moves of `position` as generated by `repr`.
pub fn legal_moves(repr: Repr, position: &Position) -> Vec<Move> {
    let mut moves = Vec::new();
    match repr {
        Repr::Table => TableBoard::from_position(position).generate(&mut moves),
        Repr::Samuel => SamuelBoard::from_position(position).generate(&mut moves),
        Repr::Bitboard => BitBoard::from_position(position).generate(&mut moves),
    }
    moves
}

/// `position` after `mv` (which must be legal there).
pub fn play(position: &Position, mv: &Move) -> Position {
    let mut b = BitBoard::from_position(position);
    b.make(mv);
    b.position()
}
