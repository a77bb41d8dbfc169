//! Running perft on a representation chosen at run time.
//!
//! The choice is made once, at the top: each arm of the `match` in
//! `with_board!` calls the driver monomorphized for one board type, so
//! nothing below it dispatches dynamically. The only call through a
//! pointer is the [`Progress`] callback of a [`Counter`], once per root
//! move.
//!
//! Depths and thread counts are checked here, through
//! [`crate::engine::limit`]; timing and reporting are the studies'.

use std::sync::atomic::{AtomicU64, Ordering};

use rayon::ThreadPool;

use super::array::ArrayBoard;
use super::bitboard::BitboardBoard;
use super::cpu::{Cpu, on_flavour};
use super::mailbox10::Mailbox10Board;
use super::x88::X88Board;
use super::{
    Board, ChessError, Color, MAX_MOVES, Move, MoveList, PerftStats, Repr, Role, Setup, Split, divide, perft,
    perft_like_for_like, perft_parallel, perft_split, perft_stats,
};
use crate::engine::limit::{LimitError, Quantity, check_count, check_range, check_threads};
use crate::engine::progress::{Progress, Step};
use crate::engine::table::PerftTable;
use crate::engine::work::{Work, perft_leaves};

/// The reference speed of each representation, in leaves a second of one
/// core without a table: the initial position at depth 5
/// (`reports/perft_speed.csv`, mode `best`: 1.6, 1.7, 2.0 and 7.5 × 10^8).
/// A table (`--hash`) can make a deep count many times faster.
pub fn leaves_per_second(repr: Repr) -> f64 {
    match repr {
        Repr::Array => 1.6e8,
        Repr::Mailbox10 => 1.7e8,
        Repr::X88 => 2e8,
        Repr::Bitboard => 7.5e8,
    }
}

/// What perft of `setup` to `depth` costs on each of `reprs`, on one
/// thread without a table: the leaves, counted outright while cheap and
/// extrapolated beyond ([`perft_leaves`]), and the time at each
/// representation's [`leaves_per_second`], summed. The pilot counts run on
/// the first of `reprs` that can count the position.
///
/// ```
/// use plybench::engine::chess::dispatch::estimate;
/// use plybench::engine::chess::{Repr, Setup};
///
/// let nine = estimate(&Setup::starting(), 9, &[Repr::Bitboard]);
/// // From perft(5) and perft(4): 26% under the true 2,439,530,234,167.
/// assert!(!nine.exact && nine.amount > 1.5e12 && nine.amount < 2.5e12);
/// assert_eq!(estimate(&Setup::starting(), 3, &Repr::ALL).amount, 8_902.0);
/// ```
pub fn estimate(setup: &Setup, depth: u32, reprs: &[Repr]) -> Work {
    let pilot = reprs.iter().copied().find(|&r| check_countable(r, setup, 1).is_ok()).unwrap_or(Repr::Bitboard);
    let mut counter = Counter { threads: 1, ..Counter::default() };
    let (leaves, exact) = perft_leaves(depth, |d| counter.count(pilot, setup, d).unwrap_or(0));
    let seconds = reprs.iter().map(|&r| leaves / leaves_per_second(r)).sum();
    Work { amount: leaves, unit: "leaves", seconds, exact }
}

/// The deepest perft accepted. The initial position's perft(13), about
/// 2 x 10^18, is its deepest below 2^64; a position with many more moves,
/// counted with a table, can pass 2^64 sooner. The drivers add with
/// saturation and every function here refuses a count that reached
/// `u64::MAX` ([`check_count`]), so no count is ever printed wrapped.
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

/// Checks that `repr` can count `setup` to `depth`. Every position the
/// strict check accepts can be counted. One that cannot arise in a game
/// ([`Setup::impossibility`]) must be held by the representation
/// ([`Board::holds`]), and its men must not be able to have more moves in
/// any position of the count than a [`MoveList`] holds: the 218 moves that
/// bound a game's positions do not bound such a position's.
///
/// ```
/// use plybench::engine::chess::dispatch::{check_countable, perft_on};
/// use plybench::engine::chess::{Repr, Setup, Validation};
///
/// let fen = "rnbqkbnr/ppppp1pp/7n/4Pp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
/// let setup = Setup::from_fen_with(fen, Validation::Relaxed)?;
/// assert!(check_countable(Repr::Bitboard, &setup, 5).is_ok());
/// assert!(check_countable(Repr::Array, &setup, 5).unwrap_err().to_string().contains("16 men a side"));
/// assert_eq!(perft_on(Repr::Bitboard, &setup, 1)?, 31);
/// # Ok::<(), plybench::Error>(())
/// ```
pub fn check_countable(repr: Repr, setup: &Setup, depth: u32) -> Result<(), ChessError> {
    if setup.impossibility().is_none() {
        return Ok(());
    }
    let held = match repr {
        Repr::Array => ArrayBoard::holds(setup),
        Repr::Mailbox10 => Mailbox10Board::holds(setup),
        Repr::X88 => X88Board::holds(setup),
        Repr::Bitboard => BitboardBoard::holds(setup),
    };
    held.map_err(|why| ChessError::CannotHold { repr: repr.name(), why })?;
    let moves = max_moves_within(setup, depth);
    if moves > MAX_MOVES {
        let deepest = (1..depth).rev().find(|&d| max_moves_within(setup, d) <= MAX_MOVES).unwrap_or(0);
        return Err(ChessError::TooManyMoves { moves, depth, max: MAX_MOVES, deepest });
    }
    Ok(())
}

/// An upper bound on the moves of any position that a count of `setup` to
/// `depth` lists (its leaves included, for the statistics' checkmates).
///
/// A man has at most as many pseudo-legal moves as his kind can have on an
/// empty board: a queen 27, a rook 14, a bishop 13, a knight 8, a king 8
/// and two castles, a pawn 12 (three squares, four promotions each). Men
/// are never added, and a pawn becomes a queen at best, but only by a move
/// of his side: before a side lists its moves at ply `k` it has made at
/// most `k / 2` of them.
pub fn max_moves_within(setup: &Setup, depth: u32) -> usize {
    let most = |role: Role| match role {
        Role::Pawn => 12,
        Role::Knight => 8,
        Role::Bishop => 13,
        Role::Rook => 14,
        Role::Queen => 27,
        Role::King => 10,
    };
    let side = |color: Color, promotions: u32| {
        let men = setup.board().iter().flatten().filter(|p| p.color == color);
        let pawns = men.clone().filter(|p| p.role == Role::Pawn).count();
        men.map(|p| most(p.role)).sum::<usize>()
            + pawns.min(promotions as usize) * (most(Role::Queen) - most(Role::Pawn))
    };
    // The side to move lists at plies 0, 2, 4 ..., the other at 1, 3 ....
    let mover = side(setup.turn(), depth / 2);
    let other = if depth >= 1 { side(setup.turn().other(), (depth - 1) / 2) } else { 0 };
    mover.max(other)
}

/// Checks a perft depth: 1 to [`MAX_DEPTH`].
///
/// ```
/// use plybench::engine::chess::dispatch::check_depth;
///
/// assert_eq!(check_depth(5)?, 5);
/// assert_eq!(check_depth(16).unwrap_err().to_string(), "16; expected 1 to 15; deeper counts could not finish");
/// # Ok::<(), plybench::engine::limit::LimitError>(())
/// ```
pub fn check_depth(depth: u32) -> Result<u32, LimitError> {
    check_range(Quantity::Depth, depth, 1, MAX_DEPTH, "; deeper counts could not finish")
}

/// Every key of mate in `moves` of `setup` on `repr` under `rules`
/// ([`super::mate::solve`]).
///
/// ```
/// use plybench::engine::chess::dispatch::mate_on;
/// use plybench::engine::chess::mate::Rules;
/// use plybench::engine::chess::{Repr, Setup};
/// use plybench::engine::progress::Progress;
///
/// let setup = Setup::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")?;
/// let found = mate_on(Repr::X88, &setup, 1, Rules::Full, Progress::NONE)?;
/// assert_eq!(found.uci_keys(false), ["a1a8"]);
/// # Ok::<(), plybench::Error>(())
/// ```
///
/// # Errors
///
/// A length outside 1 to [`super::mate::MAX_MATE_MOVES`], or a position
/// `repr` cannot hold ([`check_countable`] to the search's depth).
pub fn mate_on(
    repr: Repr,
    setup: &Setup,
    moves: u32,
    rules: super::mate::Rules,
    progress: Progress<'_>,
) -> Result<super::mate::MateSearch, ChessError> {
    super::mate::check_mate_moves(moves)?;
    check_countable(repr, setup, 2 * moves - 1)?;
    Ok(with_board!(repr, setup, |board| super::mate::solve(&mut board, moves, rules, progress)?))
}

/// Why the first move `uci` of `setup` does not force mate in `moves` on
/// `repr` under `rules` ([`super::mate::refutation`]), the move found among
/// the legal ones.
///
/// # Errors
///
/// As [`mate_on`]; a move that is not legal here.
pub fn refutation_on(
    repr: Repr,
    setup: &Setup,
    uci: &str,
    moves: u32,
    rules: super::mate::Rules,
) -> Result<super::mate::Refutation, ChessError> {
    super::mate::check_mate_moves(moves)?;
    check_countable(repr, setup, 2 * moves - 1)?;
    with_board!(repr, setup, |board| {
        let m = board.find_move(uci)?;
        Ok(super::mate::refutation(&mut board, m, moves, rules)?)
    })
}

/// A pool of `threads` worker threads.
fn pool(threads: usize) -> Result<ThreadPool, ChessError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| ChessError::ThreadPool { threads, why: e.to_string() })
}

/// [`perft`] of `setup` to `depth` on `repr`.
///
/// ```
/// use plybench::engine::chess::dispatch::perft_on;
/// use plybench::engine::chess::{Repr, Setup};
///
/// assert_eq!(perft_on(Repr::Array, &Setup::starting(), 3)?, 8_902);
/// assert!(perft_on(Repr::Array, &Setup::starting(), 0).is_err());
/// # Ok::<(), plybench::Error>(())
/// ```
pub fn perft_on(repr: Repr, setup: &Setup, depth: u32) -> Result<u64, ChessError> {
    check_depth(depth)?;
    check_countable(repr, setup, depth)?;
    Ok(check_count(with_board!(repr, setup, |board| perft(&mut board, depth)), depth)?)
}

/// [`perft_like_for_like`] of `setup` to `depth` on `repr`.
pub fn like_for_like_on(repr: Repr, setup: &Setup, depth: u32) -> Result<u64, ChessError> {
    check_depth(depth)?;
    check_countable(repr, setup, depth)?;
    Ok(check_count(with_board!(repr, setup, |board| perft_like_for_like(&mut board, depth)), depth)?)
}

/// Perft of `setup` to `depth` on `repr` with `threads` threads. One
/// thread is [`perft`]; more split the tree with [`perft_parallel`] on a
/// pool of that many threads. The count does not depend on `threads`.
///
/// ```
/// use plybench::engine::chess::dispatch::perft_threads_on;
/// use plybench::engine::chess::{Repr, Setup};
///
/// let kiwipete = Setup::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")?;
/// assert_eq!(perft_threads_on(Repr::X88, &kiwipete, 3, 2)?, 97_862);
/// # Ok::<(), plybench::Error>(())
/// ```
pub fn perft_threads_on(repr: Repr, setup: &Setup, depth: u32, threads: usize) -> Result<u64, ChessError> {
    check_depth(depth)?;
    check_threads(threads)?;
    check_countable(repr, setup, depth)?;
    if threads == 1 {
        return perft_on(repr, setup, depth);
    }
    #[allow(unused_mut)] // with_board! binds the board mutably; the parallel driver copies it
    let count = || with_board!(repr, setup, |board| perft_parallel(&board, depth));
    Ok(check_count(pool(threads)?.install(count), depth)?)
}

/// [`divide`] of `setup` to `depth` on `repr`.
pub fn divide_on(repr: Repr, setup: &Setup, depth: u32) -> Result<Vec<(Move, u64)>, ChessError> {
    check_depth(depth)?;
    check_countable(repr, setup, depth)?;
    let split = with_board!(repr, setup, |board| divide(&mut board, depth));
    // Each subtree, and their total, must fit.
    split.iter().try_fold(0u64, |total, &(_, nodes)| {
        total.checked_add(check_count(nodes, depth)?).ok_or(LimitError::CountOverflow { depth })
    })?;
    Ok(split)
}

/// [`perft_stats`] of `setup` for depths 1 to `depth` on `repr`.
pub fn stats_on(repr: Repr, setup: &Setup, depth: u32) -> Result<Vec<PerftStats>, ChessError> {
    check_depth(depth)?;
    check_countable(repr, setup, depth)?;
    Ok(with_board!(repr, setup, |board| perft_stats(&mut board, depth)))
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
    /// `threads` threads and a table of `table_mb` mebibytes (none for 0).
    ///
    /// ```
    /// use plybench::engine::chess::dispatch::Counter;
    /// use plybench::engine::chess::{Repr, Setup};
    ///
    /// let mut counter = Counter::new(2, 1)?;
    /// assert_eq!(counter.count(Repr::Bitboard, &Setup::starting(), 4)?, 197_281);
    /// assert!(Counter::new(0, 1).is_err());
    /// # Ok::<(), plybench::Error>(())
    /// ```
    pub fn new(threads: usize, table_mb: u64) -> Result<Counter<'static>, ChessError> {
        let threads = check_threads(threads)?;
        let table = if table_mb == 0 { None } else { Some(PerftTable::new(table_mb)?) };
        Ok(Counter { threads, table, progress: Progress::NONE })
    }
}

impl<'p> Counter<'p> {
    /// Reports each root move counted to `progress`.
    pub fn with_progress<'q>(self, progress: Progress<'q>) -> Counter<'q> {
        Counter { threads: self.threads, table: self.table, progress }
    }

    /// Perft of `setup` to `depth` on `repr`. The count does not depend on
    /// the threads or the table. The same as [`Counter::prepare`] then
    /// [`Ready::count`].
    pub fn count(&mut self, repr: Repr, setup: &Setup, depth: u32) -> Result<u64, ChessError> {
        self.prepare(repr, setup, depth)?.count()
    }

    /// Everything a count does before counting: checks the depth, empties
    /// the table, starts the threads and lists the root moves. What is
    /// left, [`Ready::count`], is the count alone, for a caller to time.
    pub fn prepare<'a>(&'a mut self, repr: Repr, setup: &'a Setup, depth: u32) -> Result<Ready<'a, 'p>, ChessError> {
        check_depth(depth)?;
        check_countable(repr, setup, depth)?;
        if let Some(table) = self.table.as_mut() {
            table.ready_for_count();
        }
        let pool = if self.threads == 1 { None } else { Some(pool(self.threads)?) };
        // In the flavour the count will run in, so that the root touches
        // no slider table the count does not use (the magic search was
        // half of a short count's start-up on BMI2 machines).
        let cpu = Cpu::detect();
        let roots = with_board!(repr, setup, |board| {
            let mut moves = MoveList::new();
            on_flavour!(cpu, |f| board.legal_moves_in(&mut moves, f));
            moves.len() as u64
        });
        Ok(Ready { counter: self, repr, setup, depth, pool, roots })
    }
}

/// A count made ready by [`Counter::prepare`].
#[derive(Debug)]
pub struct Ready<'a, 'p> {
    counter: &'a Counter<'p>,
    repr: Repr,
    setup: &'a Setup,
    depth: u32,
    pool: Option<ThreadPool>,
    roots: u64,
}

impl Ready<'_, '_> {
    /// The leaf count.
    ///
    /// # Errors
    ///
    /// [`ChessError::Limit`] if the count passes `u64`.
    #[allow(unused_mut)] // with_board! binds the board mutably; the split driver copies it
    pub fn count(self) -> Result<u64, ChessError> {
        let Ready { counter, repr, setup, depth, pool, roots } = self;
        let split = Split { parallel: pool.is_some(), table: counter.table.as_ref() };
        let (nodes, done) = (AtomicU64::new(0), AtomicU64::new(0));
        let progress = counter.progress;
        // The bar has its length before the first root move ends, which at
        // depth 9 takes a while.
        progress.report(Step { label: "root moves", done: 0, total: roots, nodes: 0 });
        let done = |subtree: u64| {
            let nodes = nodes.fetch_add(subtree, Ordering::Relaxed) + subtree;
            let done = done.fetch_add(1, Ordering::Relaxed) + 1;
            progress.report(Step { label: "root moves", done, total: roots, nodes: u128::from(nodes) });
        };
        let count = || with_board!(repr, setup, |board| perft_split(&board, depth, split, done));
        let nodes = match pool {
            None => count(),
            Some(pool) => pool.install(count),
        };
        Ok(check_count(nodes, depth)?)
    }
}
