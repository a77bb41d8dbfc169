//! The perft driver: leaf counts of the legal-move tree, divided by root
//! move or broken down by kind of move, for any [`Board`].

use rayon::prelude::*;

use super::cpu::drive::Drive;
use super::cpu::{Cpu, on_flavour};
use super::stats::PerftStats;
use super::{Board, Move, MoveList};
use crate::engine::table::PerftTable;

/// The number of leaves of the legal-move tree `depth` plies deep.
///
/// The last ply is counted, not played ([`Board::count_legal`]): "bulk
/// counting". Boards that ask for it ([`Board::COPY_MAKE`]) are copied
/// and the move made on the copy. `perft(b, 0)` is 1. Sums saturate: a
/// count that passes `u64` reads `u64::MAX`, which
/// [`check_count`](crate::engine::limit::check_count) refuses (every
/// driver of this file does the same). Debug builds check at every interior node
/// that unmake restores the board bit for bit.
///
/// The count runs on the fastest instruction path the CPU has
/// ([`Cpu::detect`], once per call): [`perft_with`] chooses it.
///
/// ```
/// use plybench::engine::chess::{Setup, perft, x88::X88Board, Board};
///
/// let mut board = X88Board::from_setup(&Setup::starting());
/// assert_eq!(perft(&mut board, 3), 8_902);
/// ```
pub fn perft<B: Board>(board: &mut B, depth: u32) -> u64 {
    perft_with(board, depth, Cpu::detect())
}

/// [`perft`] on the instruction path `cpu`. The count is the same on every
/// path; only the speed differs.
pub fn perft_with<B: Board>(board: &mut B, depth: u32, cpu: Cpu) -> u64 {
    on_flavour!(cpu, |f| f.perft(board, depth))
}

/// Below this many plies left, [`perft_parallel`] and
/// [`perft_parallel_hashed`] count sequentially. A task then counts at
/// least four plies (197,281 leaves from the opening), so
/// cloning boards and rayon's bookkeeping stay a small share of the work,
/// and the hashed count keeps the sequential driver's child keys and
/// prefetch for all but the top plies; a tree of 7 plies still splits into
/// thousands of tasks. Measured in `reports/profiles/bitboard.md` ("The
/// size of a parallel task"): 3 made two threads do 6 % more work than one
/// on perft(7) and the hashed perft(8) on two threads 1.9 times slower.
pub const SEQUENTIAL_BELOW: u32 = 5;

/// [`perft`] split over rayon's threads: at the root and at every node with
/// at least [`SEQUENTIAL_BELOW`] plies left, each legal move's subtree is a
/// task, on its own copy of the board (copy-make); rayon's work stealing
/// balances them. The count is a sum, so it is the same with any number of
/// threads. Runs on the current rayon pool: wrap it in
/// `ThreadPool::install` to choose the thread count.
///
/// ```
/// use plybench::engine::chess::{Setup, perft_parallel, bitboard::BitboardBoard, Board};
///
/// let board = BitboardBoard::from_setup(&Setup::starting());
/// assert_eq!(perft_parallel(&board, 4), 197_281);
/// ```
pub fn perft_parallel<B: Board + Send + Sync>(board: &B, depth: u32) -> u64 {
    on_flavour!(Cpu::detect(), |f| parallel_in(board, depth, f))
}

/// [`perft_parallel`] in one flavour, chosen by the caller.
fn parallel_in<B: Board + Send + Sync, F: Drive>(board: &B, depth: u32, flavour: F) -> u64 {
    if depth < SEQUENTIAL_BELOW {
        return flavour.perft(&mut board.clone(), depth);
    }
    let mut moves = MoveList::new();
    board.clone().legal_moves_in(&mut moves, flavour);
    moves
        .as_slice()
        .par_iter()
        .map(|&m| {
            let mut child = board.clone();
            child.make(m);
            parallel_in(&child, depth - 1, flavour)
        })
        .reduce(|| 0, u64::saturating_add)
}

/// [`perft`] with a transposition table: at every node with at least two
/// plies left, the count of the position ([`Board::zobrist`]) at that
/// depth is looked up in `table` before it is counted, and stored after.
/// The count is exactly [`perft`]'s whatever the table's size: entries are
/// checked against the whole key and the depth.
///
/// ```
/// use plybench::engine::table::PerftTable;
/// use plybench::engine::chess::{Setup, perft_hashed, bitboard::BitboardBoard, Board};
///
/// let table = PerftTable::new(1)?;
/// let mut board = BitboardBoard::from_setup(&Setup::starting());
/// assert_eq!(perft_hashed(&mut board, 5, &table), 4_865_609);
/// # Ok::<(), plybench::Error>(())
/// ```
pub fn perft_hashed<B: Board>(board: &mut B, depth: u32, table: &PerftTable) -> u64 {
    let key = board.zobrist();
    on_flavour!(Cpu::detect(), |f| f.perft_hashed(board, depth, key, table))
}

/// [`perft_parallel`] with a transposition table shared by every thread,
/// used as [`perft_hashed`] uses it. The count does not depend on the
/// number of threads nor on the table's size.
///
/// ```
/// use plybench::engine::table::PerftTable;
/// use plybench::engine::chess::{Setup, perft_parallel_hashed, x88::X88Board, Board};
///
/// let table = PerftTable::new(1)?;
/// let board = X88Board::from_setup(&Setup::starting());
/// assert_eq!(perft_parallel_hashed(&board, 4, &table), 197_281);
/// # Ok::<(), plybench::Error>(())
/// ```
pub fn perft_parallel_hashed<B: Board + Send + Sync>(board: &B, depth: u32, table: &PerftTable) -> u64 {
    on_flavour!(Cpu::detect(), |f| parallel_hashed_in(board, depth, board.zobrist(), table, f))
}

/// [`perft_parallel_hashed`] in one flavour, chosen by the caller; `key`
/// is the board's [`Board::zobrist`].
fn parallel_hashed_in<B: Board + Send + Sync, F: Drive>(
    board: &B,
    depth: u32,
    key: u64,
    table: &PerftTable,
    flavour: F,
) -> u64 {
    if depth < SEQUENTIAL_BELOW {
        return flavour.perft_hashed(&mut board.clone(), depth, key, table);
    }
    if let Some(nodes) = table.probe(key, depth) {
        return nodes;
    }
    let mut moves = MoveList::new();
    board.clone().legal_moves_in(&mut moves, flavour);
    let nodes = moves
        .as_slice()
        .par_iter()
        .map(|&m| {
            let mut child = board.clone();
            let child_key = board.key_after(m, key);
            child.make(m);
            let child_key = child_key.unwrap_or_else(|| child.zobrist());
            parallel_hashed_in(&child, depth - 1, child_key, table, flavour)
        })
        .reduce(|| 0, u64::saturating_add);
    table.store(key, depth, nodes);
    nodes
}

/// How [`perft_split`] counts each root move's subtree.
#[derive(Clone, Copy, Debug, Default)]
pub struct Split<'a> {
    /// Root moves, and the nodes below them, on rayon's threads
    /// ([`perft_parallel`]) instead of one ([`perft`]).
    pub parallel: bool,
    /// A transposition table ([`perft_hashed`]).
    pub table: Option<&'a PerftTable>,
}

/// Perft counted root move by root move, calling `done(nodes)` as each
/// root move's subtree is finished (from whichever thread finished it): the
/// hook of a progress bar. The total is that of [`perft`], whatever `split`
/// says. The instruction path is chosen once, here ([`Cpu::detect`]).
///
/// ```
/// use std::sync::atomic::{AtomicU64, Ordering};
/// use plybench::engine::chess::{Setup, Split, perft_split, array::ArrayBoard, Board};
///
/// let finished = AtomicU64::new(0);
/// let board = ArrayBoard::from_setup(&Setup::starting());
/// let nodes = perft_split(&board, 3, Split::default(), |_| {
///     finished.fetch_add(1, Ordering::Relaxed);
/// });
/// assert_eq!((nodes, finished.into_inner()), (8_902, 20));
/// ```
pub fn perft_split<B, F>(board: &B, depth: u32, split: Split<'_>, done: F) -> u64
where
    B: Board + Send + Sync,
    F: Fn(u64) + Sync,
{
    on_flavour!(Cpu::detect(), |f| split_in(board, depth, split, done, f))
}

/// [`perft_split`] in one flavour, chosen by the caller.
fn split_in<B, F, C>(board: &B, depth: u32, split: Split<'_>, done: F, flavour: C) -> u64
where
    B: Board + Send + Sync,
    F: Fn(u64) + Sync,
    C: Drive,
{
    if depth == 0 {
        return 1;
    }
    let mut moves = MoveList::new();
    board.clone().legal_moves_in(&mut moves, flavour);
    let subtree = |&m: &Move| {
        let mut child = board.clone();
        child.make(m);
        let nodes = match (split.parallel, split.table) {
            (false, None) => flavour.perft(&mut child, depth - 1),
            (false, Some(table)) => {
                let key = child.zobrist();
                flavour.perft_hashed(&mut child, depth - 1, key, table)
            }
            (true, None) => parallel_in(&child, depth - 1, flavour),
            (true, Some(table)) => parallel_hashed_in(&child, depth - 1, child.zobrist(), table, flavour),
        };
        done(nodes);
        nodes
    };
    if split.parallel {
        moves.as_slice().par_iter().map(subtree).reduce(|| 0, u64::saturating_add)
    } else {
        moves.iter().map(subtree).fold(0, u64::saturating_add)
    }
}

/// The same count as [`perft`] by the textbook algorithm, identical for
/// every representation: pseudo-legal generation
/// ([`Board::pseudo_legal_moves`]), then make, a test of the mover's king
/// ([`Board::mover_king_attacked`]) and unmake for every move, the last ply
/// included (no bulk counting). Timing it compares representations, not
/// generators.
///
/// ```
/// use plybench::engine::chess::{Setup, perft_like_for_like, array::ArrayBoard, Board};
///
/// let mut board = ArrayBoard::from_setup(&Setup::starting());
/// assert_eq!(perft_like_for_like(&mut board, 3), 8_902);
/// ```
pub fn perft_like_for_like<B: Board>(board: &mut B, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = MoveList::new();
    board.pseudo_legal_moves(&mut moves);
    let mut nodes = 0;
    for &m in moves.iter() {
        let undo = board.make(m);
        if !board.mover_king_attacked() {
            nodes = u64::saturating_add(nodes, perft_like_for_like(board, depth - 1));
        }
        board.unmake(m, undo);
    }
    nodes
}

/// Perft split by root move: one `(move, leaves)` pair per legal move,
/// sorted by UCI notation (Chess960's where the position is written so), as
/// Stockfish's `go perft` prints them.
pub fn divide<B: Board>(board: &mut B, depth: u32) -> Vec<(Move, u64)> {
    let chess960 = board.to_setup().chess960();
    let cpu = Cpu::detect();
    let mut moves = MoveList::new();
    on_flavour!(cpu, |f| board.legal_moves_in(&mut moves, f));
    let mut split: Vec<(Move, u64)> = moves
        .iter()
        .map(|&m| {
            let undo = board.make(m);
            let nodes = perft_with(board, depth.saturating_sub(1), cpu);
            board.unmake(m, undo);
            (m, nodes)
        })
        .collect();
    split.sort_by_key(|(m, _)| m.uci(chess960).to_string());
    split
}

/// [`PerftStats`] for every depth from 1 to `depth`. Every node is played,
/// so this is much slower than [`perft`]. Runs on the fastest instruction
/// path the CPU has, as [`perft`] does; [`perft_stats_with`] chooses it.
pub fn perft_stats<B: Board>(board: &mut B, depth: u32) -> Vec<PerftStats> {
    perft_stats_with(board, depth, Cpu::detect())
}

/// [`perft_stats`] on the instruction path `cpu`. The counts are the same
/// on every path.
///
/// ```
/// use plybench::engine::chess::cpu::{Cpu, CpuPath};
/// use plybench::engine::chess::{Board, Setup, perft_stats_with, bitboard::BitboardBoard};
///
/// let board = BitboardBoard::from_setup(&Setup::starting());
/// for cpu in CpuPath::ALL.into_iter().filter_map(Cpu::for_path) {
///     let stats = perft_stats_with(&mut board.clone(), 4, cpu);
///     assert_eq!((stats[3].nodes, stats[3].checks, stats[3].checkmates), (197_281, 469, 8));
/// }
/// ```
pub fn perft_stats_with<B: Board>(board: &mut B, depth: u32, cpu: Cpu) -> Vec<PerftStats> {
    let mut stats: Vec<PerftStats> = (1..=depth).map(|d| PerftStats { depth: d, ..PerftStats::default() }).collect();
    if !stats.is_empty() {
        on_flavour!(cpu, |f| f.stats(board, &mut stats, 0));
    }
    stats
}
