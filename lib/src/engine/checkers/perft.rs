//! The checkers perft entry points, generic over the representation: thin
//! wrappers of the generic driver ([`crate::engine::game`]) over
//! [`Driven`], with the checkers depth limit and `u64` counts.

use std::time::Instant;

use super::bell_table::TableBoard;
use super::bitboard::BitBoard;
use super::board::{Board, Counting, Repr};
use super::error::CheckersError;
use super::game::Driven;
use super::samuel::SamuelBoard;
use super::{Move, Position};
use crate::engine::game::{self, Driver, GameError};
use crate::engine::limit::{LimitError, Quantity, check_count, check_range};
use crate::engine::progress::Progress;
use crate::engine::table::PerftTable;
use crate::engine::work::{Work, perft_leaves};

/// The reference speed of each representation, in leaves a second of one
/// core, bulk counting from the opening at depth 10
/// (`reports/checkers_bench.csv`: 3.2, 9.4 and 13 × 10^7).
pub fn leaves_per_second(repr: Repr) -> f64 {
    match repr {
        Repr::Table => 3e7,
        Repr::Samuel => 9e7,
        Repr::Bitboard => 1.3e8,
    }
}

/// What perft of `position` to `depth` costs on each of `reprs`, without a
/// table: the leaves, counted outright while cheap and extrapolated beyond
/// ([`perft_leaves`]), and the time at each representation's
/// [`leaves_per_second`], summed.
///
/// ```
/// use plybench::engine::checkers::{Counting, Position, Repr, estimate};
///
/// let work = estimate(&Position::start(), 20, Counting::Paths, &[Repr::Bitboard]);
/// assert!(!work.exact && work.check().is_err()); // perft(20) of the opening: days of counting
/// assert_eq!(estimate(&Position::start(), 4, Counting::Paths, &Repr::ALL).amount, 1469.0);
/// ```
pub fn estimate(position: &Position, depth: u32, counting: Counting, reprs: &[Repr]) -> Work {
    let mut board = BitBoard::from_position(position);
    let (leaves, exact) = perft_leaves(depth, |d| perft(&mut board, d, counting));
    let seconds = reprs.iter().map(|&r| leaves / leaves_per_second(r)).sum();
    Work { amount: leaves, unit: "leaves", seconds, exact }
}

/// The deepest perft accepted: counts are `u64`. The published perft(28)
/// of the opening (about 1.64e19) still fits one; perft(29), at the growth
/// of the plies before it (about 4.7 a ply), would not.
pub const MAX_DEPTH: u32 = 28;

/// The number of move sequences of `depth` plies from `board`'s position:
/// the leaves of the game tree cut at `depth` (perft), counted by the
/// generic driver in place ([`game::perft_mut`] over [`Driven`]). Leaves
/// are counted without being played ("bulk counting"). A count that passes
/// `u64` reads `u64::MAX`, which [`run_perft`] and [`Counter::run`] refuse
/// ([`check_count`]); a position with many kings can pass it long before
/// [`MAX_DEPTH`].
///
/// ```
/// use plybench::engine::checkers::{Board, Counting, Position, bell_table::TableBoard, perft};
///
/// let mut board = TableBoard::from_position(&Position::start());
/// assert_eq!(perft(&mut board, 3, Counting::Paths), 302);
/// ```
pub fn perft<B: Board>(board: &mut B, depth: u32, counting: Counting) -> u64 {
    saturated(game::perft_mut(&mut Driven::on(board.clone(), counting), depth))
}

/// A count of the driver (`u128`) as a checkers count: `u64::MAX` past
/// `u64`.
fn saturated(nodes: u128) -> u64 {
    u64::try_from(nodes).unwrap_or(u64::MAX)
}

/// [`perft`] with a perft table: the same count, with every transposition
/// below two plies counted once while the table holds it. The table is
/// not emptied first; its keys are [`zobrist`](super::zobrist) keys, told
/// apart by the counting ([`game::perft_mut_in`] over [`Driven`]).
///
/// ```
/// use plybench::engine::checkers::{Board, Counting, Position, bitboard::BitBoard, perft, perft_hashed};
/// use plybench::engine::table::PerftTable;
///
/// let table = PerftTable::new(1)?;
/// let mut board = BitBoard::from_position(&Position::start());
/// assert_eq!(perft_hashed(&mut board, 8, Counting::Paths, &table), perft(&mut board, 8, Counting::Paths));
/// # Ok::<(), plybench::Error>(())
/// ```
pub fn perft_hashed<B: Board>(board: &mut B, depth: u32, counting: Counting, table: &PerftTable) -> u64 {
    saturated(game::perft_mut_in(&mut Driven::on(board.clone(), counting), depth, table))
}

/// Counts perft on worker threads and with a perft table, on any
/// representation: the generic [`Driver`] over [`Driven`], with the
/// checkers depth limit and `u64` counts. The counts are [`perft`]'s
/// whatever the number of threads and the size of the table. The table is
/// emptied before each count, so that no count reads another's entries (a
/// wrong representation would be hidden behind a right one's counts).
///
/// ```
/// use plybench::engine::checkers::{Counter, Counting, Position, Repr};
///
/// let mut counter = Counter::new(2, 1)?;
/// let run = counter.run(Repr::Table, &Position::start(), 9, Counting::Paths, false)?;
/// assert_eq!(run.nodes, 3_963_680); // Bik's perft(9)
/// # Ok::<(), plybench::Error>(())
/// ```
#[derive(Debug)]
pub struct Counter {
    driver: Driver,
}

impl Counter {
    /// `threads` workers (1: the calling thread alone) and a table of
    /// `table_mb` mebibytes (0: none).
    ///
    /// # Errors
    ///
    /// [`CheckersError::Limit`] for a thread count out of range,
    /// [`CheckersError::Table`] for a table that cannot be made,
    /// [`CheckersError::ThreadPool`] when the threads cannot start.
    pub fn new(threads: usize, table_mb: u64) -> Result<Counter, CheckersError> {
        Ok(Counter { driver: Driver::new(threads, table_mb)? })
    }

    /// The table's size in bytes (0 without one).
    pub fn table_bytes(&self) -> usize {
        self.driver.table_bytes()
    }

    /// [`run_perft`] on this counter's threads and table.
    ///
    /// # Errors
    ///
    /// [`CheckersError::Limit`] past [`MAX_DEPTH`], or when the count
    /// passes `u64`.
    pub fn run(
        &mut self,
        repr: Repr,
        position: &Position,
        depth: u32,
        counting: Counting,
        with_divide: bool,
    ) -> Result<PerftRun, CheckersError> {
        check_depth(depth)?;
        let driver = &mut self.driver;
        let run = match repr {
            Repr::Table => counted::<TableBoard>(driver, position, depth, counting, with_divide)?,
            Repr::Samuel => counted::<SamuelBoard>(driver, position, depth, counting, with_divide)?,
            Repr::Bitboard => counted::<BitBoard>(driver, position, depth, counting, with_divide)?,
        };
        check_count(run.nodes, depth)?;
        Ok(run)
    }
}

/// One timed count on `driver`; the divide's root moves in generation
/// order.
fn counted<B: Board>(
    driver: &mut Driver,
    position: &Position,
    depth: u32,
    counting: Counting,
    with_divide: bool,
) -> Result<PerftRun, GameError> {
    let mut root = Driven::<B>::new(position, counting);
    let start = Instant::now();
    let (nodes, divide) = if with_divide {
        // At depth 0 each root move is one sequence, as in [`divide`] (the
        // driver's divide counts the root alone).
        let split = if depth == 0 {
            game::divide_mut(&mut root, 0)
        } else {
            driver.divide_mut(&root, depth, Progress::NONE)?
        };
        let divide: Vec<(Move, u64)> = split.into_iter().map(|(mv, n)| (mv, saturated(n))).collect();
        let total = if depth == 0 { 1 } else { divide.iter().fold(0, |total, &(_, n)| u64::saturating_add(total, n)) };
        (total, Some(divide))
    } else {
        (saturated(driver.perft_mut(&root, depth, Progress::NONE)?), None)
    };
    Ok(PerftRun { repr: B::REPR, counting, nodes, seconds: start.elapsed().as_secs_f64(), divide })
}

/// Perft of each root move ("divide"), in generation order
/// ([`game::divide_mut`] over [`Driven`]).
pub fn divide<B: Board>(board: &mut B, depth: u32, counting: Counting) -> Vec<(Move, u64)> {
    let split = game::divide_mut(&mut Driven::on(board.clone(), counting), depth);
    split.into_iter().map(|(mv, n)| (mv, saturated(n))).collect()
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
/// assert_eq!(check_depth(28)?, 28);
/// assert!(check_depth(29).unwrap_err().to_string().contains("u64"));
/// # Ok::<(), plybench::engine::limit::LimitError>(())
/// ```
pub fn check_depth(depth: u32) -> Result<u32, LimitError> {
    check_range(
        Quantity::Depth,
        depth,
        0,
        MAX_DEPTH,
        "; perft counts are u64, which perft(28) of the opening fits and perft(29) would pass",
    )
}

fn timed<B: Board>(position: &Position, depth: u32, counting: Counting, with_divide: bool) -> PerftRun {
    let mut board = B::from_position(position);
    let start = Instant::now();
    let (nodes, divide) = if with_divide {
        let d = divide(&mut board, depth, counting);
        let total = if depth == 0 { 1 } else { d.iter().fold(0, |total, &(_, n)| u64::saturating_add(total, n)) };
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
/// [`LimitError`] past [`MAX_DEPTH`] (see [`check_depth`]), or when the
/// count passes `u64`.
pub fn run_perft(
    repr: Repr,
    position: &Position,
    depth: u32,
    counting: Counting,
    with_divide: bool,
) -> Result<PerftRun, LimitError> {
    check_depth(depth)?;
    let run = match repr {
        Repr::Table => timed::<TableBoard>(position, depth, counting, with_divide),
        Repr::Samuel => timed::<SamuelBoard>(position, depth, counting, with_divide),
        Repr::Bitboard => timed::<BitBoard>(position, depth, counting, with_divide),
    };
    check_count(run.nodes, depth)?;
    Ok(run)
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
