//! Running perft on a representation chosen at run time.
//!
//! The choice is made once, at the top: each arm of the `match` calls the
//! driver monomorphized for one board type, so nothing below it dispatches
//! dynamically.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use crate::engine::progress::{Progress, Step};

use super::array::ArrayBoard;
use super::bitboard::BitboardBoard;
use super::hash::PerftTable;
use super::mailbox10::Mailbox10Board;
use super::x88::X88Board;
use super::{
    Board, Move, MoveList, PerftStats, Repr, Setup, Split, divide, perft, perft_parallel, perft_split, perft_stats,
};
use crate::{Error, Result};

/// The deepest perft the tools accept. Every count up to it fits in `u64`
/// for any position that a run could finish (the initial position's
/// perft(13), about 2 x 10^18, is the deepest below 2^64, and would take
/// centuries).
pub const MAX_DEPTH: u32 = 15;

/// Calls `$body` with `$board` bound to `$setup` on representation `$repr`.
macro_rules! with_board {
    ($repr:expr, $setup:expr, |$board:ident| $body:expr) => {
        match $repr {
            Repr::Array => {
                let mut $board = ArrayBoard::from_setup($setup);
                $body
            }
            Repr::Mailbox10 => {
                let mut $board = Mailbox10Board::from_setup($setup);
                $body
            }
            Repr::X88 => {
                let mut $board = X88Board::from_setup($setup);
                $body
            }
            Repr::Bitboard => {
                let mut $board = BitboardBoard::from_setup($setup);
                $body
            }
        }
    };
}

/// Checks a perft depth: 1 to [`MAX_DEPTH`].
pub fn check_depth(depth: u32) -> Result<u32> {
    if (1..=MAX_DEPTH).contains(&depth) {
        Ok(depth)
    } else {
        Err(Error::invalid(
            "depth",
            format!("{depth}; perft needs a depth from 1 to {MAX_DEPTH} (deeper counts could not finish)"),
        ))
    }
}

/// One timed perft.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Timed<T> {
    /// What was computed.
    pub value: T,
    /// Wall-clock seconds.
    pub seconds: f64,
}

fn timed<T>(f: impl FnOnce() -> Result<T>) -> Result<Timed<T>> {
    let start = Instant::now();
    let value = f()?;
    Ok(Timed { value, seconds: start.elapsed().as_secs_f64() })
}

/// Perft of `setup` to `depth` on `repr`, timed.
pub fn perft_on(repr: Repr, setup: &Setup, depth: u32) -> Result<Timed<u64>> {
    check_depth(depth)?;
    timed(|| Ok(with_board!(repr, setup, |board| perft(&mut board, depth))))
}

/// The most threads the tools accept.
pub const MAX_THREADS: usize = 1024;

/// Checks a thread count: 1 to [`MAX_THREADS`].
pub fn check_threads(threads: usize) -> Result<usize> {
    if (1..=MAX_THREADS).contains(&threads) {
        Ok(threads)
    } else {
        Err(Error::invalid("threads", format!("{threads}; expected 1 to {MAX_THREADS}")))
    }
}

/// Perft of `setup` to `depth` on `repr` with `threads` threads, timed.
/// One thread is [`perft`]; more split the tree with [`perft_parallel`]
/// on a pool of that many threads. The count does not depend on `threads`.
///
/// ```
/// use plybench::engine::chess::run::perft_threads_on;
/// use plybench::engine::chess::{Repr, Setup};
///
/// let kiwipete = Setup::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")?;
/// assert_eq!(perft_threads_on(Repr::X88, &kiwipete, 3, 2)?.value, 97_862);
/// # Ok::<(), plybench::Error>(())
/// ```
pub fn perft_threads_on(repr: Repr, setup: &Setup, depth: u32, threads: usize) -> Result<Timed<u64>> {
    check_depth(depth)?;
    check_threads(threads)?;
    if threads == 1 {
        return perft_on(repr, setup, depth);
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Error::invalid("threads", format!("{threads}: cannot start the thread pool ({e})")))?;
    #[allow(unused_mut)] // with_board! binds the board mutably; the parallel driver copies it
    let count = || with_board!(repr, setup, |board| perft_parallel(&board, depth));
    timed(|| Ok(pool.install(count)))
}

/// Divide of `setup` to `depth` on `repr`, timed.
pub fn divide_on(repr: Repr, setup: &Setup, depth: u32) -> Result<Timed<Vec<(Move, u64)>>> {
    check_depth(depth)?;
    timed(|| Ok(with_board!(repr, setup, |board| divide(&mut board, depth))))
}

/// Statistics of `setup` for depths 1 to `depth` on `repr`, timed.
pub fn stats_on(repr: Repr, setup: &Setup, depth: u32) -> Result<Timed<Vec<PerftStats>>> {
    check_depth(depth)?;
    timed(|| Ok(with_board!(repr, setup, |board| perft_stats(&mut board, depth))))
}

/// How a leaf count runs: threads, transposition table, progress.
#[derive(Debug, Default)]
pub struct Counter<'p> {
    /// Worker threads (1 = this thread only).
    pub threads: usize,
    /// The transposition table, if any; emptied before each count.
    pub table: Option<PerftTable>,
    /// Told of each root move counted: root moves done of all, nodes so far.
    pub progress: Progress<'p>,
}

impl Counter<'static> {
    /// `threads` threads and a table of `hash_mb` mebibytes (none for 0).
    ///
    /// ```
    /// use plybench::engine::chess::run::Counter;
    /// use plybench::engine::chess::{Repr, Setup};
    ///
    /// let mut counter = Counter::new(2, 1)?;
    /// assert_eq!(counter.count(Repr::Bitboard, &Setup::starting(), 4)?.value, 197_281);
    /// assert!(Counter::new(0, 1).is_err());
    /// # Ok::<(), plybench::Error>(())
    /// ```
    pub fn new(threads: usize, hash_mb: u64) -> Result<Counter<'static>> {
        let threads = check_threads(threads)?;
        let table = if hash_mb == 0 { None } else { Some(PerftTable::new(hash_mb)?) };
        Ok(Counter { threads, table, progress: Progress::NONE })
    }
}

impl<'p> Counter<'p> {
    /// Reports each root move counted to `progress`.
    pub fn with_progress<'q>(self, progress: Progress<'q>) -> Counter<'q> {
        Counter { threads: self.threads, table: self.table, progress }
    }

    /// The table's size in mebibytes (0 without one).
    pub fn hash_mb(&self) -> f64 {
        self.table.as_ref().map_or(0.0, |t| t.bytes() as f64 / f64::from(1 << 20))
    }

    /// Perft of `setup` to `depth` on `repr`, timed (emptying the table is
    /// not timed). The count does not depend on the threads or the table.
    #[allow(unused_mut)] // with_board! binds the board mutably; the split driver copies it
    pub fn count(&mut self, repr: Repr, setup: &Setup, depth: u32) -> Result<Timed<u64>> {
        check_depth(depth)?;
        if let Some(table) = self.table.as_mut() {
            table.clear();
        }
        let split = Split { parallel: self.threads > 1, table: self.table.as_ref() };
        let roots = with_board!(repr, setup, |board| {
            let mut moves = MoveList::new();
            board.legal_moves(&mut moves);
            moves.len() as u64
        });
        let (nodes, done) = (AtomicU64::new(0), AtomicU64::new(0));
        let progress = self.progress;
        let done = |subtree: u64| {
            let nodes = nodes.fetch_add(subtree, Ordering::Relaxed) + subtree;
            let done = done.fetch_add(1, Ordering::Relaxed) + 1;
            progress.report(Step { label: "root moves", done, total: roots, nodes: u128::from(nodes) });
        };
        let result = if self.threads == 1 {
            timed(|| Ok(with_board!(repr, setup, |board| perft_split(&board, depth, split, done))))
        } else {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(self.threads).build().map_err(|e| {
                Error::invalid("threads", format!("{}: cannot start the thread pool ({e})", self.threads))
            })?;
            let count = || with_board!(repr, setup, |board| perft_split(&board, depth, split, done));
            timed(|| Ok(pool.install(count)))
        };
        result
    }
}
