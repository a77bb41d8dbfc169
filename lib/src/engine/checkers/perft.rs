//! The perft driver, generic over the representation.

use std::time::Instant;

use rayon::ThreadPool;
use rayon::prelude::*;

use super::bell_table::TableBoard;
use super::bitboard::BitBoard;
use super::board::{Board, Counting, Repr, distinct_results};
use super::error::CheckersError;
use super::samuel::SamuelBoard;
use super::zobrist::{change, key};
use super::{Move, Position};
use crate::engine::limit::{LimitError, Quantity, check_count, check_range, check_threads};
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
/// the leaves of the game tree cut at `depth` (perft). Leaves are counted
/// without being played ("bulk counting"). Sums saturate: a count that
/// passes `u64` reads `u64::MAX`, which [`run_perft`] and [`Counter::run`]
/// refuse ([`check_count`]); a position with many kings can pass it long
/// before [`MAX_DEPTH`].
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
        nodes = u64::saturating_add(nodes, walk(board, depth - 1, counting, rest));
        board.unmake(mv, undo);
    }
    nodes
}

/// Below this many plies left, a count on several threads goes on in one.
/// A task then counts at least six plies (about 10^5 leaves from the
/// opening, draughts having some eight moves a position): at 4, tasks of
/// three plies spent a tenth of the time in `malloc`, `free` (each task's
/// move lists) and rayon, and two threads used 1.3 times the CPU of one
/// (`reports/checkers/hashed.md`, "Tasks of six plies").
pub const SEQUENTIAL_BELOW: u32 = 7;

/// How [`walk_hashed`] counts: the convention, the table if any, and
/// whether subtrees near the root are split over rayon's threads.
#[derive(Clone, Copy)]
struct Hashing<'t> {
    counting: Counting,
    table: Option<&'t PerftTable>,
    parallel: bool,
}

/// The key a count starts from: the position's, told apart by the
/// convention, so that one table may serve both without mixing their
/// counts. Moves change it by [`change`], which keeps the difference.
fn root_key(at: &Position, counting: Counting) -> u64 {
    match counting {
        Counting::Paths => key(at),
        // "results" in ASCII.
        Counting::Results => key(at) ^ 0x0072_6573_756C_7473,
    }
}

/// One move list per ply left, made once per task.
/// Children whose table buckets are fetched ahead; a position with more
/// moves (checkers has rarely more than 30) fetches the rest as it goes.
const AHEAD: usize = 48;

fn lists(depth: u32) -> Vec<Vec<Move>> {
    (0..depth.max(1)).map(|_| Vec::with_capacity(64)).collect()
}

/// [`walk`] with the Zobrist key of the position held by `board`, kept up
/// to date move by move from `at` (the same position), and a table looked
/// up before every node with two plies or more left and filled after it.
/// The table does not change the count: an entry is checked against the
/// whole key and the depth (see [`PerftTable`]).
fn walk_hashed<B: Board + Send + Sync>(
    board: &mut B,
    at: &Position,
    key: u64,
    depth: u32,
    how: Hashing<'_>,
    lists: &mut [Vec<Move>],
) -> u64 {
    // Without a table the key and the position are of no use: below the
    // split, the plain walk counts (it neither plays the move on `at` nor
    // works out the key's change).
    let split = how.parallel && depth >= SEQUENTIAL_BELOW;
    if depth < 2 || (how.table.is_none() && !split) {
        return walk(board, depth, how.counting, lists);
    }
    if let Some(nodes) = how.table.and_then(|t| t.probe(key, depth)) {
        return nodes;
    }
    let Some((list, rest)) = lists.split_first_mut() else {
        return 0;
    };
    board.generate(list);
    if how.counting == Counting::Results {
        distinct_results(list);
    }
    let nodes = if split {
        let parent: &B = board;
        list.par_iter()
            .map(|mv| {
                let mut child = parent.clone();
                child.make(mv);
                let next = play(at, mv);
                walk_hashed(&mut child, &next, key ^ change(at, &next), depth - 1, how, &mut self::lists(depth - 1))
            })
            .reduce(|| 0, u64::saturating_add)
    } else {
        // The children that probe the table (two plies or more left) have
        // their buckets fetched first, so that the misses overlap.
        let mut keys = [0u64; AHEAD];
        let ahead = match how.table {
            Some(table) if depth > 2 => {
                for (slot, mv) in keys.iter_mut().zip(list.iter()) {
                    *slot = key ^ change(at, &play(at, mv));
                    table.prefetch(*slot);
                }
                list.len().min(AHEAD)
            }
            _ => 0,
        };
        let mut nodes = 0;
        for (i, mv) in list.iter().enumerate() {
            let next = play(at, mv);
            let next_key = if i < ahead { keys[i] } else { key ^ change(at, &next) };
            let undo = board.make(mv);
            nodes = u64::saturating_add(nodes, walk_hashed(board, &next, next_key, depth - 1, how, rest));
            board.unmake(mv, undo);
        }
        nodes
    };
    if let Some(table) = how.table {
        table.store(key, depth, nodes);
    }
    nodes
}

/// [`perft`] with a perft table: the same count, with every transposition
/// below two plies counted once while the table holds it.
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
pub fn perft_hashed<B: Board + Send + Sync>(board: &mut B, depth: u32, counting: Counting, table: &PerftTable) -> u64 {
    let at = board.position();
    let how = Hashing { counting, table: Some(table), parallel: false };
    walk_hashed(board, &at, root_key(&at, counting), depth, how, &mut lists(depth))
}

/// Counts perft on worker threads and with a perft table, on any
/// representation: the counts are [`perft`]'s whatever the number of
/// threads and the size of the table. The table is emptied before each
/// count, so that no count reads another's entries (a wrong representation
/// would be hidden behind a right one's counts).
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
    pool: Option<ThreadPool>,
    table: Option<PerftTable>,
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
        let threads = check_threads(threads)?;
        let table = if table_mb == 0 { None } else { Some(PerftTable::new(table_mb)?) };
        let pool = if threads == 1 {
            None
        } else {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .map_err(|e| CheckersError::ThreadPool { threads, why: e.to_string() })?;
            Some(pool)
        };
        Ok(Counter { pool, table })
    }

    /// The table's size in bytes (0 without one).
    pub fn table_bytes(&self) -> usize {
        self.table.as_ref().map_or(0, PerftTable::bytes)
    }

    /// [`run_perft`] on this counter's threads and table.
    ///
    /// # Errors
    ///
    /// [`CheckersError::Limit`] past [`MAX_DEPTH`].
    pub fn run(
        &mut self,
        repr: Repr,
        position: &Position,
        depth: u32,
        counting: Counting,
        with_divide: bool,
    ) -> Result<PerftRun, CheckersError> {
        if self.table.is_none() && self.pool.is_none() {
            // The plain driver: no key to keep, no task to split.
            return Ok(run_perft(repr, position, depth, counting, with_divide)?);
        }
        check_depth(depth)?;
        if let Some(table) = &mut self.table {
            table.ready_for_count();
        }
        let how = Hashing { counting, table: self.table.as_ref(), parallel: self.pool.is_some() };
        let run = || match repr {
            Repr::Table => counted::<TableBoard>(position, depth, how, with_divide),
            Repr::Samuel => counted::<SamuelBoard>(position, depth, how, with_divide),
            Repr::Bitboard => counted::<BitBoard>(position, depth, how, with_divide),
        };
        let run = match &self.pool {
            Some(pool) => pool.install(run),
            None => run(),
        };
        check_count(run.nodes, depth)?;
        Ok(run)
    }
}

/// One timed count with [`walk_hashed`]; the divide's root moves in
/// generation order.
fn counted<B: Board + Send + Sync>(position: &Position, depth: u32, how: Hashing<'_>, with_divide: bool) -> PerftRun {
    let mut board = B::from_position(position);
    let start = Instant::now();
    let at = board.position();
    let (nodes, divide) = if with_divide {
        let mut root = Vec::new();
        board.generate(&mut root);
        if how.counting == Counting::Results {
            distinct_results(&mut root);
        }
        let mut lists = lists(depth);
        let divide: Vec<(Move, u64)> = root
            .iter()
            .map(|mv| {
                let next = play(&at, mv);
                let undo = board.make(mv);
                let n = walk_hashed(
                    &mut board,
                    &next,
                    root_key(&next, how.counting),
                    depth.saturating_sub(1),
                    how,
                    &mut lists,
                );
                board.unmake(mv, undo);
                (*mv, n)
            })
            .collect();
        let total = if depth == 0 { 1 } else { divide.iter().fold(0, |total, &(_, n)| u64::saturating_add(total, n)) };
        (total, Some(divide))
    } else {
        (walk_hashed(&mut board, &at, root_key(&at, how.counting), depth, how, &mut lists(depth)), None)
    };
    PerftRun { repr: B::REPR, counting: how.counting, nodes, seconds: start.elapsed().as_secs_f64(), divide }
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
