//! The generic perft driver: one count of move sequences (perft), divide,
//! worker threads and the shared table for every game that implements
//! [`Game`].
//!
//! A game gives its positions, its legal moves and a 64-bit key; the driver
//! does the rest:
//!
//! - [`perft`] and [`divide`]: the plain count on the calling thread, no
//!   table.
//! - [`Driver`]: the same counts on worker threads (rayon) and with a
//!   [`PerftTable`] shared by every thread, telling a [`Progress`] of each
//!   task done. The counts do not depend on the number of threads nor on
//!   the table: the tree is cut into tasks at a fixed ply, each task's count
//!   is exact (a table entry is checked against its whole key and depth),
//!   and the counts are summed in task order.
//! - [`GameMut`]: the same for a game played in place (make and unmake
//!   instead of a copy per move), by [`perft_mut`], [`divide_mut`],
//!   [`Driver::perft_mut`] and [`Driver::divide_mut`]. Checkers and Go
//!   count this way; Othello, shogi and backgammon by copy ([`Game`]).
//!
//! Counts are `u128`: no game here comes near it, and no sum can wrap. The
//! table holds counts below 2^56 (larger ones are computed again, never
//! cut). Each worker allocates its move buffers, one per ply left, once per
//! count; nothing is allocated inside the walk.
//!
//! ```
//! use plybench::engine::game::{Driver, Game, divide, perft};
//! use plybench::engine::progress::Progress;
//!
//! /// A toy game: a pile of `n` counters, take one or two; the player who
//! /// cannot move has lost.
//! #[derive(Clone, Copy)]
//! struct Pile(u8);
//!
//! impl Game for Pile {
//!     type Move = u8;
//!     fn legal_moves(&self, moves: &mut Vec<u8>) {
//!         moves.clear();
//!         moves.extend((1..=2).filter(|&take| take <= self.0));
//!     }
//!     fn play(&self, take: u8) -> Pile {
//!         Pile(self.0 - take)
//!     }
//!     fn key(&self) -> u64 {
//!         u64::from(self.0).wrapping_mul(0x9E37_79B9_7F4A_7C15)
//!     }
//!     fn notation(&self, take: u8) -> String {
//!         format!("take {take}")
//!     }
//! }
//!
//! // The sequences of 1s and 2s: Fibonacci numbers.
//! assert_eq!(perft(&Pile(10), 4), 16);
//! let split = divide(&Pile(10), 4);
//! assert_eq!((split[0].1, split[1].1), (8, 8));
//! let mut driver = Driver::new(2, 1)?;
//! assert_eq!(driver.perft(&Pile(40), 30, Progress::NONE)?, perft(&Pile(40), 30));
//! # Ok::<(), plybench::engine::game::GameError>(())
//! ```

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use rayon::ThreadPool;

use crate::engine::limit::{LimitError, Quantity, check_range, check_threads};
use crate::engine::progress::{Progress, Step};
use crate::engine::table::{PerftTable, TableError};

/// A game position for the generic perft driver (`engine::game`).
pub trait Game: Clone + Send + Sync {
    /// A move, small and copyable. At a chance node (backgammon), a move is an outcome of the dice.
    type Move: Copy + Send + Sync + Eq + std::fmt::Debug;
    /// Clears `moves` and writes the legal moves of the position into it. A position with no
    /// legal move is a leaf of every deeper count. A game with a forced pass (Othello) returns
    /// the pass as a move.
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);
    /// The position after `mv`, which is one of `legal_moves`.
    fn play(&self, mv: Self::Move) -> Self;
    /// A 64-bit key of the position, side to move included (Zobrist), for the shared table.
    fn key(&self) -> u64;
    /// `mv` in the game's usual notation (for divide).
    fn notation(&self, mv: Self::Move) -> String;
    /// How many leaves one ply below: the number of legal moves, by default. Override to
    /// count faster (bulk counting), or for chance nodes, which weigh nothing.
    fn count_leaves(&self, moves: &mut Vec<Self::Move>) -> u64 {
        self.legal_moves(moves);
        moves.len() as u64
    }
}

/// A game position played in place, for games whose make/unmake is cheaper
/// than a copy per move (checkers, Go): the same counts as [`Game`], by
/// [`perft_mut`], [`divide_mut`], [`Driver::perft_mut`] and
/// [`Driver::divide_mut`].
///
/// The walk plays each move with [`GameMut::make`] and takes it back with
/// [`GameMut::unmake`], so one position serves the whole subtree; a task of
/// a threaded count starts from its own copy.
pub trait GameMut: Clone + Send + Sync {
    /// A move, small and copyable.
    type Move: Copy + Send + Sync + Eq + std::fmt::Debug;
    /// What [`GameMut::unmake`] needs to restore the position.
    type Undo;
    /// Clears `moves` and writes the legal moves of the position into it
    /// (see [`Game::legal_moves`]). `&mut self` for representations that
    /// generate with working space of their own.
    fn legal_moves(&mut self, moves: &mut Vec<Self::Move>);
    /// Plays `mv`, which is one of `legal_moves`.
    fn make(&mut self, mv: Self::Move) -> Self::Undo;
    /// Takes back `mv`, played by [`GameMut::make`] which returned `undo`.
    fn unmake(&mut self, mv: Self::Move, undo: Self::Undo);
    /// A 64-bit key of the position, side to move included (see
    /// [`Game::key`]). Asked only with a table.
    fn key(&self) -> u64;
    /// `mv` in the game's usual notation (for divide).
    fn notation(&self, mv: Self::Move) -> String;
    /// How many leaves one ply below (see [`Game::count_leaves`]).
    fn count_leaves(&mut self, moves: &mut Vec<Self::Move>) -> u64 {
        self.legal_moves(moves);
        moves.len() as u64
    }
}

/// The deepest count the driver accepts: the table keeps depths up to 255,
/// and no game here is counted anywhere near it.
pub const MAX_DEPTH: u32 = 255;

/// Moves a buffer holds before it grows (it grows once, at the first
/// position with more, and keeps its size for the rest of the count).
const BUFFER_MOVES: usize = 64;

/// Why a count cannot be made.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    /// A depth or thread count out of range.
    #[error(transparent)]
    Limit(#[from] LimitError),
    /// A table that cannot be made.
    #[error(transparent)]
    Table(#[from] TableError),
    /// A pool of worker threads that cannot be started.
    #[error("cannot start a pool of {threads} threads ({why})")]
    ThreadPool {
        /// The threads asked for.
        threads: usize,
        /// What the operating system said.
        why: String,
    },
}

/// Checks a requested depth: 0 to [`MAX_DEPTH`].
///
/// ```
/// use plybench::engine::game::check_depth;
///
/// assert_eq!(check_depth(11)?, 11);
/// assert!(check_depth(256).is_err());
/// # Ok::<(), plybench::engine::limit::LimitError>(())
/// ```
pub fn check_depth(depth: u32) -> Result<u32, LimitError> {
    check_range(Quantity::Depth, depth, 0, MAX_DEPTH, "; the perft table keeps depths up to 255")
}

/// One move buffer per ply left, at least one.
fn buffers<M>(depth: u32) -> Vec<Vec<M>> {
    (0..depth.max(1)).map(|_| Vec::with_capacity(BUFFER_MOVES)).collect()
}

/// The number of move sequences of `depth` plies from `root` (perft), on
/// the calling thread and without a table. A position without moves ends
/// every sequence through it: it counts 1 at depth 0 and 0 deeper.
pub fn perft<G: Game>(root: &G, depth: u32) -> u128 {
    walk(root, depth, None, &mut buffers(depth))
}

/// Perft of each root move ("divide"), in the order of
/// [`Game::legal_moves`].
pub fn divide<G: Game>(root: &G, depth: u32) -> Vec<(G::Move, u128)> {
    let mut moves = Vec::new();
    root.legal_moves(&mut moves);
    let mut lists = buffers(depth);
    moves.iter().map(|&mv| (mv, walk(&root.play(mv), depth.saturating_sub(1), None, &mut lists))).collect()
}

/// [`perft`] of a [`GameMut`] position, played in place: `root` is the
/// same position again when the count ends.
pub fn perft_mut<M: GameMut>(root: &mut M, depth: u32) -> u128 {
    walk_mut(root, depth, None, &mut buffers(depth))
}

/// [`perft_mut`] with `table`, which the caller keeps (it is not emptied
/// first: entries of an earlier count of the same game stay good). The
/// same count, each transposition counted once while the table holds it.
pub fn perft_mut_in<M: GameMut>(root: &mut M, depth: u32, table: &PerftTable) -> u128 {
    walk_mut(root, depth, Some(table), &mut buffers(depth))
}

/// [`divide`] of a [`GameMut`] position, played in place.
pub fn divide_mut<M: GameMut>(root: &mut M, depth: u32) -> Vec<(M::Move, u128)> {
    divide_mut_with(root, depth, Progress::NONE)
}

/// [`divide_mut`], telling `progress` of each root move counted
/// (`Step { label: "perft", done, total, nodes }`, once before the first).
pub fn divide_mut_with<M: GameMut>(root: &mut M, depth: u32, progress: Progress<'_>) -> Vec<(M::Move, u128)> {
    let mut moves = Vec::new();
    root.legal_moves(&mut moves);
    let mut lists = buffers(depth);
    let total = moves.len() as u64;
    let mut nodes = 0u128;
    progress.report(Step { label: "perft", done: 0, total, nodes: 0 });
    moves
        .iter()
        .enumerate()
        .map(|(done, &mv)| {
            let undo = root.make(mv);
            let n = walk_mut(root, depth.saturating_sub(1), None, &mut lists);
            root.unmake(mv, undo);
            nodes += n;
            progress.report(Step { label: "perft", done: done as u64 + 1, total, nodes });
            (mv, n)
        })
        .collect()
}

/// The walk: bulk counting one ply above the leaves, and the table looked
/// up before, and filled after, every node with two plies or more left.
fn walk<G: Game>(position: &G, depth: u32, table: Option<&PerftTable>, lists: &mut [Vec<G::Move>]) -> u128 {
    if depth == 0 {
        return 1;
    }
    let Some((list, rest)) = lists.split_first_mut() else {
        return 0;
    };
    if depth == 1 {
        return u128::from(position.count_leaves(list));
    }
    let key = match table {
        Some(table) => {
            let key = position.key();
            if let Some(nodes) = table.probe(key, depth) {
                return u128::from(nodes);
            }
            key
        }
        None => 0,
    };
    position.legal_moves(list);
    let mut nodes = 0u128;
    for &mv in list.iter() {
        nodes += walk(&position.play(mv), depth - 1, table, rest);
    }
    if let Some(table) = table
        && let Ok(count) = u64::try_from(nodes)
    {
        table.store(key, depth, count);
    }
    nodes
}

/// [`walk`] in place: each move made, counted below and taken back.
fn walk_mut<M: GameMut>(position: &mut M, depth: u32, table: Option<&PerftTable>, lists: &mut [Vec<M::Move>]) -> u128 {
    let key = if table.is_some() && depth >= 2 { position.key() } else { 0 };
    walk_keyed(position, depth, key, table, lists)
}

/// Children whose table buckets a node fetches before it walks them, so
/// that their cache misses overlap; a position with more moves keys the
/// rest as it goes.
const AHEAD: usize = 48;

/// [`walk_mut`] of a position whose key (with a table, two plies or more
/// left) is `key`. With a table, a node with three plies or more left keys
/// its children first (make, key, unmake) and fetches their buckets.
fn walk_keyed<M: GameMut>(
    position: &mut M,
    depth: u32,
    key: u64,
    table: Option<&PerftTable>,
    lists: &mut [Vec<M::Move>],
) -> u128 {
    if depth == 0 {
        return 1;
    }
    let Some((list, rest)) = lists.split_first_mut() else {
        return 0;
    };
    if depth == 1 {
        return u128::from(position.count_leaves(list));
    }
    let Some(table) = table else {
        position.legal_moves(list);
        let mut nodes = 0u128;
        for &mv in list.iter() {
            let undo = position.make(mv);
            nodes += walk_keyed(position, depth - 1, 0, None, rest);
            position.unmake(mv, undo);
        }
        return nodes;
    };
    if let Some(nodes) = table.probe(key, depth) {
        return u128::from(nodes);
    }
    position.legal_moves(list);
    // The children probe the table when they have two plies or more left.
    let keyed = depth > 2;
    let mut keys = [0u64; AHEAD];
    let ahead = if keyed { list.len().min(AHEAD) } else { 0 };
    for (slot, &mv) in keys.iter_mut().zip(&list[..ahead]) {
        let undo = position.make(mv);
        *slot = position.key();
        position.unmake(mv, undo);
        table.prefetch(*slot);
    }
    let mut nodes = 0u128;
    for (i, &mv) in list.iter().enumerate() {
        let undo = position.make(mv);
        let child = match keys.get(i) {
            Some(&key) if i < ahead => key,
            _ if keyed => position.key(),
            _ => 0,
        };
        nodes += walk_keyed(position, depth - 1, child, Some(table), rest);
        position.unmake(mv, undo);
    }
    if let Ok(count) = u64::try_from(nodes) {
        table.store(key, depth, count);
    }
    nodes
}

/// A position the threaded driver splits and counts: a [`Game`] by copy
/// ([`Copying`]) or a [`GameMut`] in place ([`InPlace`]).
trait Tree: Clone + Send + Sync {
    type Move: Copy + Send + Sync + Eq + std::fmt::Debug;
    fn moves(&mut self, moves: &mut Vec<Self::Move>);
    fn child(&self, mv: Self::Move) -> Self;
    fn count(&mut self, depth: u32, table: Option<&PerftTable>, lists: &mut [Vec<Self::Move>]) -> u128;
}

/// A [`Game`] for the threaded driver.
#[derive(Clone)]
struct Copying<G>(G);

impl<G: Game> Tree for Copying<G> {
    type Move = G::Move;
    fn moves(&mut self, moves: &mut Vec<G::Move>) {
        self.0.legal_moves(moves);
    }
    fn child(&self, mv: G::Move) -> Self {
        Copying(self.0.play(mv))
    }
    fn count(&mut self, depth: u32, table: Option<&PerftTable>, lists: &mut [Vec<G::Move>]) -> u128 {
        walk(&self.0, depth, table, lists)
    }
}

/// A [`GameMut`] for the threaded driver.
#[derive(Clone)]
struct InPlace<M>(M);

impl<M: GameMut> Tree for InPlace<M> {
    type Move = M::Move;
    fn moves(&mut self, moves: &mut Vec<M::Move>) {
        self.0.legal_moves(moves);
    }
    fn child(&self, mv: M::Move) -> Self {
        let mut child = self.0.clone();
        child.make(mv);
        InPlace(child)
    }
    fn count(&mut self, depth: u32, table: Option<&PerftTable>, lists: &mut [Vec<M::Move>]) -> u128 {
        walk_mut(&mut self.0, depth, table, lists)
    }
}

/// Tasks per thread a threaded count aims at, so that a thread that ends
/// early finds work left.
const TASKS_PER_THREAD: usize = 16;

/// Below this many plies left at the split, a count stays on one thread:
/// the tasks would be too small to pay for themselves.
pub const SEQUENTIAL_BELOW: u32 = 4;

/// One subtree counted by a worker: the position after some plies from
/// the root, the root move it descends from, and its plies left.
struct Task<G> {
    position: G,
    root_move: usize,
}

/// Perft on worker threads and with a shared table. See the module
/// documentation for why the counts are those of [`perft`].
#[derive(Debug)]
pub struct Driver {
    pool: Option<ThreadPool>,
    threads: usize,
    table: Option<PerftTable>,
}

impl Driver {
    /// `threads` workers (1: the calling thread alone) and a table of
    /// `table_mb` mebibytes (0: none).
    ///
    /// # Errors
    ///
    /// [`GameError::Limit`] for a thread count out of range,
    /// [`GameError::Table`] for a table that cannot be made,
    /// [`GameError::ThreadPool`] when the threads cannot start.
    pub fn new(threads: usize, table_mb: u64) -> Result<Driver, GameError> {
        let threads = check_threads(threads)?;
        let table = if table_mb == 0 { None } else { Some(PerftTable::new(table_mb)?) };
        let pool = if threads == 1 {
            None
        } else {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .map_err(|e| GameError::ThreadPool { threads, why: e.to_string() })?;
            Some(pool)
        };
        Ok(Driver { pool, threads, table })
    }

    /// The worker threads.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The table's size in bytes (0 without one).
    pub fn table_bytes(&self) -> usize {
        self.table.as_ref().map_or(0, PerftTable::bytes)
    }

    /// The number of move sequences of `depth` plies from `root`: the count
    /// of [`perft`], on this driver's threads and table.
    ///
    /// # Errors
    ///
    /// [`GameError::Limit`] past [`MAX_DEPTH`].
    pub fn perft<G: Game>(&mut self, root: &G, depth: u32, progress: Progress<'_>) -> Result<u128, GameError> {
        Ok(total(&self.count(Copying(root.clone()), depth, progress)?, depth))
    }

    /// [`Driver::perft`] of a [`GameMut`] position, played in place.
    ///
    /// # Errors
    ///
    /// [`GameError::Limit`] past [`MAX_DEPTH`].
    pub fn perft_mut<M: GameMut>(&mut self, root: &M, depth: u32, progress: Progress<'_>) -> Result<u128, GameError> {
        Ok(total(&self.count(InPlace(root.clone()), depth, progress)?, depth))
    }

    /// Perft of each root move, in the order of [`Game::legal_moves`], on
    /// this driver's threads and table.
    ///
    /// # Errors
    ///
    /// [`GameError::Limit`] past [`MAX_DEPTH`].
    pub fn divide<G: Game>(
        &mut self,
        root: &G,
        depth: u32,
        progress: Progress<'_>,
    ) -> Result<Vec<(G::Move, u128)>, GameError> {
        // At depth 0 each root move counts 0: the root itself is the one
        // sequence.
        self.count(Copying(root.clone()), depth, progress)
    }

    /// [`Driver::divide`] of a [`GameMut`] position, played in place.
    ///
    /// # Errors
    ///
    /// [`GameError::Limit`] past [`MAX_DEPTH`].
    pub fn divide_mut<M: GameMut>(
        &mut self,
        root: &M,
        depth: u32,
        progress: Progress<'_>,
    ) -> Result<Vec<(M::Move, u128)>, GameError> {
        self.count(InPlace(root.clone()), depth, progress)
    }

    /// The count of each root move (`depth` ≥ 1); empty at depth 0 or when
    /// the root has no move.
    fn count<T: Tree>(
        &mut self,
        mut root: T,
        depth: u32,
        progress: Progress<'_>,
    ) -> Result<Vec<(T::Move, u128)>, GameError> {
        check_depth(depth)?;
        if let Some(table) = &mut self.table {
            table.ready_for_count();
        }
        let mut root_moves = Vec::new();
        root.moves(&mut root_moves);
        if depth == 0 || root_moves.is_empty() {
            return Ok(root_moves.into_iter().map(|mv| (mv, 0)).collect());
        }
        let (tasks, left) = split(&root, &root_moves, depth, self.threads);
        let table = self.table.as_ref();
        let done = AtomicUsize::new(0);
        let nodes = AtomicU64::new(0);
        let total = tasks.len() as u64;
        let next = AtomicUsize::new(0);
        progress.report(Step { label: "perft", done: 0, total, nodes: 0 });
        // Each worker takes tasks in turn until none is left, with its
        // buffers made once; a task's count goes to the task's slot.
        let work = || {
            let mut lists = buffers::<T::Move>(left);
            let mut counted = Vec::new();
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(task) = tasks.get(i) else { break };
                let n = task.position.clone().count(left, table, &mut lists);
                counted.push((i, n));
                let sum = nodes.fetch_add(u64::try_from(n).unwrap_or(u64::MAX), Ordering::Relaxed);
                let finished = done.fetch_add(1, Ordering::Relaxed) as u64 + 1;
                progress.report(Step {
                    label: "perft",
                    done: finished,
                    total,
                    nodes: u128::from(sum.saturating_add(u64::try_from(n).unwrap_or(u64::MAX))),
                });
            }
            counted
        };
        let counted: Vec<Vec<(usize, u128)>> = match &self.pool {
            Some(pool) => pool.broadcast(|_| work()),
            None => vec![work()],
        };
        let mut by_task = vec![0u128; tasks.len()];
        for (i, n) in counted.into_iter().flatten() {
            by_task[i] = n;
        }
        let mut split: Vec<(T::Move, u128)> = root_moves.iter().map(|&mv| (mv, 0)).collect();
        for (task, n) in tasks.iter().zip(by_task) {
            split[task.root_move].1 += n;
        }
        Ok(split)
    }
}

/// The count of the whole tree from the counts of the root moves: 1 at
/// depth 0 (the root itself).
fn total<M>(split: &[(M, u128)], depth: u32) -> u128 {
    split.iter().map(|&(_, n)| n).sum::<u128>().max(u128::from(depth == 0))
}

/// Cuts the tree below `root` (`depth` ≥ 1) into tasks: the positions after
/// one ply, or after more while there are fewer than [`TASKS_PER_THREAD`]
/// tasks a thread and the tasks keep [`SEQUENTIAL_BELOW`] plies or more.
/// Returns the tasks and their plies left. A sequence that ends before the
/// split ply (a position without moves) leaves no task: it counts 0 at
/// that depth, as in the walk.
fn split<T: Tree>(root: &T, root_moves: &[T::Move], depth: u32, threads: usize) -> (Vec<Task<T>>, u32) {
    let mut tasks: Vec<Task<T>> =
        root_moves.iter().enumerate().map(|(i, &mv)| Task { position: root.child(mv), root_move: i }).collect();
    let mut left = depth - 1;
    let mut moves = Vec::new();
    while threads > 1 && tasks.len() < threads * TASKS_PER_THREAD && left > SEQUENTIAL_BELOW {
        let mut deeper = Vec::with_capacity(tasks.len() * 8);
        for task in &mut tasks {
            task.position.moves(&mut moves);
            deeper
                .extend(moves.iter().map(|&mv| Task { position: task.position.child(mv), root_move: task.root_move }));
        }
        tasks = deeper;
        left -= 1;
    }
    (tasks, left)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A toy game with transpositions, passes and ends: a row of `n` cells,
    /// each move fills an empty cell with the mover's colour (cells with an
    /// empty neighbour only, else the mover passes when the other side can
    /// still move); the game ends when the row is full.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    struct Row {
        cells: [u8; 7],
        black: bool,
    }

    const PASS: u8 = 99;

    impl Row {
        fn new() -> Row {
            Row { cells: [0; 7], black: true }
        }

        fn fills(&self, moves: &mut Vec<u8>) {
            moves.clear();
            for i in 0..self.cells.len() {
                let empty_beside =
                    (i > 0 && self.cells[i - 1] == 0) || (i + 1 < self.cells.len() && self.cells[i + 1] == 0);
                // Black fills any empty cell; white only those with an
                // empty neighbour.
                if self.cells[i] == 0 && (self.black || empty_beside) {
                    moves.push(i as u8);
                }
            }
        }
    }

    impl Game for Row {
        type Move = u8;
        fn legal_moves(&self, moves: &mut Vec<u8>) {
            self.fills(moves);
            if moves.is_empty() {
                let mut other = *self;
                other.black = !self.black;
                let mut theirs = Vec::new();
                other.fills(&mut theirs);
                if !theirs.is_empty() {
                    moves.push(PASS);
                }
            }
        }
        fn play(&self, mv: u8) -> Row {
            let mut next = *self;
            if mv != PASS {
                next.cells[usize::from(mv)] = if self.black { 1 } else { 2 };
            }
            next.black = !self.black;
            next
        }
        fn key(&self) -> u64 {
            let mut key = u64::from(self.black);
            for &c in &self.cells {
                key = key.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ u64::from(c);
            }
            key ^ key >> 29
        }
        fn notation(&self, mv: u8) -> String {
            if mv == PASS { "pass".to_owned() } else { format!("c{mv}") }
        }
    }

    /// Counts by brute recursion, no buffers, no bulk counting.
    fn naive(row: &Row, depth: u32) -> u128 {
        if depth == 0 {
            return 1;
        }
        let mut moves = Vec::new();
        row.legal_moves(&mut moves);
        moves.iter().map(|&mv| naive(&row.play(mv), depth - 1)).sum()
    }

    #[test]
    fn the_plain_walk_counts_what_brute_recursion_counts() {
        for depth in 0..=9 {
            assert_eq!(perft(&Row::new(), depth), naive(&Row::new(), depth), "depth {depth}");
        }
        // Ended games leave the count: past 7 fills and a few passes, nothing.
        assert_eq!(perft(&Row::new(), 1), 7);
        assert_eq!(perft(&Row::new(), 20), 0);
    }

    #[test]
    fn threads_and_tables_do_not_change_counts() {
        for depth in 0..=10 {
            let expected = naive(&Row::new(), depth);
            for threads in [1, 2, 3] {
                for mb in [0, 1] {
                    let mut driver = Driver::new(threads, mb).unwrap();
                    assert_eq!(
                        driver.perft(&Row::new(), depth, Progress::NONE).unwrap(),
                        expected,
                        "{depth} {threads} {mb}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_tiny_table_with_collisions_keeps_counts_exact() {
        let mut driver = Driver::new(2, 0).unwrap();
        driver.table = Some(PerftTable::with_entries(8).unwrap());
        for depth in [6, 8, 9] {
            assert_eq!(driver.perft(&Row::new(), depth, Progress::NONE).unwrap(), naive(&Row::new(), depth));
        }
    }

    #[test]
    fn divide_sums_to_perft_in_move_order() {
        let plain = divide(&Row::new(), 5);
        assert_eq!(plain.iter().map(|&(mv, _)| mv).collect::<Vec<_>>(), (0..7).collect::<Vec<_>>());
        assert_eq!(plain.iter().map(|&(_, n)| n).sum::<u128>(), perft(&Row::new(), 5));
        let mut driver = Driver::new(2, 1).unwrap();
        assert_eq!(driver.divide(&Row::new(), 5, Progress::NONE).unwrap(), plain);
        assert!(driver.divide(&Row::new(), 0, Progress::NONE).unwrap().iter().all(|&(_, n)| n == 0));
    }

    #[test]
    fn progress_is_told_of_every_task() {
        use std::sync::Mutex;
        let steps = Mutex::new(Vec::new());
        let on_step = |step: Step<'_>| steps.lock().unwrap().push((step.done, step.total));
        let mut driver = Driver::new(2, 0).unwrap();
        driver.perft(&Row::new(), 8, Progress::new(&on_step)).unwrap();
        let steps = steps.into_inner().unwrap();
        let total = steps[0].1;
        assert!(total > 7, "the tree is split below the root for two threads");
        assert_eq!(steps.len() as u64, total + 1);
        assert!(steps.iter().any(|&(done, _)| done == total));
    }

    /// [`Row`] played in place: the undo record is the row before the move.
    impl GameMut for Row {
        type Move = u8;
        type Undo = Row;
        fn legal_moves(&mut self, moves: &mut Vec<u8>) {
            Game::legal_moves(self, moves);
        }
        fn make(&mut self, mv: u8) -> Row {
            std::mem::replace(self, self.play(mv))
        }
        fn unmake(&mut self, _: u8, undo: Row) {
            *self = undo;
        }
        fn key(&self) -> u64 {
            Game::key(self)
        }
        fn notation(&self, mv: u8) -> String {
            Game::notation(self, mv)
        }
    }

    #[test]
    fn in_place_counts_are_the_copying_counts() {
        for depth in 0..=10 {
            let mut row = Row::new();
            assert_eq!(perft_mut(&mut row, depth), naive(&Row::new(), depth), "{depth}");
            assert_eq!(row, Row::new(), "the position is restored");
            assert_eq!(divide_mut(&mut row, depth), divide(&Row::new(), depth));
            let table = PerftTable::with_entries(8).unwrap();
            assert_eq!(perft_mut_in(&mut row, depth, &table), naive(&Row::new(), depth));
            for threads in [1, 3] {
                let mut driver = Driver::new(threads, 1).unwrap();
                assert_eq!(driver.perft_mut(&row, depth, Progress::NONE).unwrap(), naive(&Row::new(), depth));
                assert_eq!(
                    driver.divide_mut(&row, depth, Progress::NONE).unwrap(),
                    driver.divide(&Row::new(), depth, Progress::NONE).unwrap()
                );
            }
        }
    }

    #[test]
    fn depths_past_the_table_are_refused() {
        let mut driver = Driver::new(1, 0).unwrap();
        assert!(matches!(driver.perft(&Row::new(), 256, Progress::NONE), Err(GameError::Limit(_))));
    }
}
