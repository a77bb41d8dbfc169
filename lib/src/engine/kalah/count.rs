//! Counting continuation moves: the figures of Bell's board test.

use std::time::Instant;

use crate::engine::progress::Progress;
use rayon::prelude::*;
use rustc_hash::FxHashSet;

use super::dp::{self, OnDisk};
use super::error::KalahError;
use super::key::{KeyKind, StateKey, with_key};
use super::memo;
use super::position::{Pit, Position, ScanOrder};
use super::sow::{Rules, sow};
use super::stack::{self, Observer, Scan, Silent, StackRun};
use crate::engine::memory::MemoryLimit;

/// How the counts are obtained. The methods are exact; stack and memo share
/// only the sowing rule, and the dynamic program shares nothing with them
/// but the rule written out in its own terms, so their agreement is a check
/// on each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum Method {
    /// Bell's explicit stack: every move sequence is played out. Cost grows
    /// with the number of sequences.
    Stack,
    /// Memoization over the mover's pits: each distinct row of pits is
    /// solved once. Cost grows with the number of distinct rows.
    Memo,
    /// A dynamic program over the pits, laps included: polynomial in the
    /// pits for the board test. Counts move sequences and laps only (no
    /// stack heights, no distinct terminal positions).
    Dp,
}

impl Method {
    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Method::Stack => "stack",
            Method::Memo => "memo",
            Method::Dp => "dp",
        }
    }

    /// The method chosen when none is asked for: the stacker while the tree
    /// is small enough to walk in well under a second, the dynamic program
    /// beyond.
    ///
    /// The number of sequences is not known in advance, so the choice goes
    /// by the counters the mover holds: in Bell's board test twelve pits
    /// (78 counters, 1,745,463 sequences) is about where the stacker stops
    /// being instant on two cores. When the dynamic program refuses the
    /// position (see [`count`]), the count falls back on
    /// [`Method::auto_without_dp`].
    /// Past [`MAX_DP_SECONDS`](super::MAX_DP_SECONDS) of estimated work
    /// the old choice stands too, and its own estimate decides.
    pub fn auto(position: &Position) -> Method {
        if !is_small(position) && dp::seconds(position.own_counters()) <= dp::MAX_DP_SECONDS {
            Method::Dp
        } else {
            Method::auto_without_dp(position)
        }
    }

    /// The method chosen before the dynamic program existed, and still when
    /// it does not apply (split runs, distinct terminal positions, stack
    /// heights): the stacker for small positions, memoization beyond.
    pub fn auto_without_dp(position: &Position) -> Method {
        if is_small(position) { Method::Stack } else { Method::Memo }
    }

    /// The method a count with `options` uses: the one asked for, or
    /// [`Method::auto`] ([`Method::auto_without_dp`] when distinct terminal
    /// positions are asked for, which the dynamic program does not see).
    pub fn chosen(position: &Position, options: CountOptions) -> Method {
        options.method.unwrap_or_else(|| {
            if options.terminal_positions { Method::auto_without_dp(position) } else { Method::auto(position) }
        })
    }

    /// Whether the method reports Bell's stack heights and distinct
    /// terminal positions (the dynamic program does neither).
    pub fn sees_stacks(self) -> bool {
        self != Method::Dp
    }
}

impl std::str::FromStr for Method {
    type Err = KalahError;

    fn from_str(s: &str) -> Result<Self, KalahError> {
        match s {
            "stack" => Ok(Method::Stack),
            "memo" => Ok(Method::Memo),
            "dp" => Ok(Method::Dp),
            _ => Err(KalahError::UnknownMethod(s.to_owned())),
        }
    }
}

/// The most counters the mover may hold for a position to count as small:
/// the 12-pit board test. Small positions are counted with the stacker by
/// default, and their distinct terminal positions are counted by default.
pub const SMALL_POSITION_COUNTERS: u64 = 78;

/// Whether `position` is small (see [`SMALL_POSITION_COUNTERS`]).
pub fn is_small(position: &Position) -> bool {
    position.own_counters() <= SMALL_POSITION_COUNTERS
}

/// What to count and how.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CountOptions {
    /// The most memory memoization and the distinct-terminal count may plan
    /// to hold; a count that could need more is refused before it starts
    /// the layer that would pass it.
    pub memory: MemoryLimit,
    /// Whether captures apply.
    pub rules: Rules,
    /// The method, or `None` to let [`Method::auto`] choose (and
    /// [`Method::auto_without_dp`] when distinct terminal positions are
    /// asked for, or the dynamic program refuses the position).
    pub method: Option<Method>,
    /// Whether to count distinct terminal boards too. This keeps every
    /// distinct board in memory, so it is optional.
    pub terminal_positions: bool,
    /// Threads of the dynamic program ([`Method::Dp`]); 0 and 1 both mean
    /// one. The other methods run on one thread here (a count in work units
    /// runs its units in parallel instead). The count does not depend on it.
    pub threads: usize,
}

/// The figures for one position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Count {
    /// Paths through the continuation tree: what Bell's stacker outputs,
    /// repeats included. Kept in `u128`: the board test passes `u64` near
    /// 35 pits, and memoization reaches that far.
    pub sequences: u128,
    /// Distinct terminal boards (mover's pits, both kalahs' contents and the
    /// opponent's pits), if asked for.
    pub terminal_positions: Option<u64>,
    /// The highest Bell's stack grows when scanning `P1` first (not known
    /// to the dynamic program).
    pub max_stack_right_to_left: Option<usize>,
    /// The highest it grows when scanning `PN` first.
    pub max_stack_left_to_right: Option<usize>,
    /// Laps among the continuations (dynamic program only).
    pub laps: Option<LapStats>,
    /// The method used.
    pub method: Method,
    /// Distinct rows of own pits solved (memoization only).
    pub states: Option<usize>,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// The number of move sequences from `position`, by the automatic method.
///
/// Fails only when memoization would not fit in memory
/// ([`KalahError::is_memory`]), or the count overflows `u128`.
///
/// ```
/// use plybench::engine::kalah::{Position, count_sequences};
///
/// assert_eq!(count_sequences(&Position::board_test(6)?)?, 912);
/// # Ok::<(), plybench::engine::kalah::KalahError>(())
/// ```
pub fn count_sequences(position: &Position) -> Result<u128, KalahError> {
    count(position, CountOptions::default(), Progress::NONE).map(|c| c.sequences)
}

/// What the dynamic program finds of laps: continuations from a pit
/// holding `j + k(2N + 1)` counters, which go round the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LapStats {
    /// Move sequences with at least one lap.
    pub sequences_with_laps: u128,
    /// The most laps in one move sequence.
    pub max_laps: usize,
    /// Skeletons solved: distinct lists of laps (the sizes `k`, in order)
    /// that some sequence has, the empty list included.
    pub skeletons: usize,
    /// The most states of the program at one pit.
    pub max_states: usize,
    /// Skeletons whose last pits (up to four) were walked instead of
    /// stored, because the table after one of them would not fit in the
    /// memory limit: slower, but within it.
    pub walked_tails: usize,
    /// Pit steps of the dynamic program whose table went to disk.
    pub spilled_steps: usize,
}

/// Counts move sequences, stack heights and, optionally, distinct terminal
/// positions from `position`.
///
/// ```
/// use plybench::engine::progress::Progress;
/// use plybench::engine::kalah::{count, CountOptions, Method, Position};
///
/// let position: Position = "3,2,1".parse()?;
/// for method in [Method::Stack, Method::Memo] {
///     let options = CountOptions { method: Some(method), terminal_positions: true, ..Default::default() };
///     let figures = count(&position, options, Progress::NONE)?;
///     assert_eq!(figures.sequences, 11);
///     assert_eq!(figures.terminal_positions, Some(11));
///     assert_eq!((figures.max_stack_right_to_left, figures.max_stack_left_to_right), (Some(3), Some(5)));
/// }
/// // The dynamic program counts the sequences and laps only.
/// let options = CountOptions { method: Some(Method::Dp), ..Default::default() };
/// let figures = count(&position, options, Progress::NONE)?;
/// assert_eq!((figures.sequences, figures.max_stack_right_to_left), (11, None));
/// assert_eq!(figures.laps.map(|laps| laps.sequences_with_laps), Some(0));
/// # Ok::<(), plybench::engine::kalah::KalahError>(())
/// ```
///
/// # Errors
///
/// [`KalahError::Limit`] when memoization, the dynamic program or the
/// distinct terminal positions could need more than
/// [`CountOptions::memory`]; [`KalahError::Overflow`] past `u128`
/// sequences; for [`Method::Dp`] asked for by name,
/// [`KalahError::DpTerminals`] with distinct terminal positions and
/// [`KalahError::TooManySkeletons`] for a position whose laps take too many
/// shapes (`auto` falls back on [`Method::auto_without_dp`] then).
pub fn count(position: &Position, options: CountOptions, progress: Progress<'_>) -> Result<Count, KalahError> {
    count_on_disk(position, options, None, progress)
}

/// [`count()`], with a directory where the dynamic program's tables that
/// would pass [`CountOptions::memory`] go as sorted runs instead of
/// refusing the count, and its checkpoints ([`OnDisk`]; other methods do
/// not use it).
///
/// ```
/// use plybench::engine::kalah::{CountOptions, Method, OnDisk, Position, count, count_on_disk};
/// use plybench::engine::memory::MemoryLimit;
/// use plybench::engine::progress::Progress;
/// use plybench::engine::spill::Spill;
///
/// let dir = tempfile::tempdir().unwrap();
/// let spill = Spill::new(dir.path(), 1 << 30);
/// // 34 pits: the largest table holds 46,790 states, over 2 MiB.
/// let position = Position::board_test(34)?;
/// let options = CountOptions { method: Some(Method::Dp), ..Default::default() };
/// let small = CountOptions { memory: MemoryLimit::from_bytes(1 << 20), ..options };
/// let disk = OnDisk { spill: &spill, resume: None, save: None };
/// let on_disk = count_on_disk(&position, small, Some(disk), Progress::NONE)?;
/// assert_eq!(on_disk.sequences, count(&position, options, Progress::NONE)?.sequences);
/// assert!(on_disk.laps.unwrap().spilled_steps > 0);
/// # Ok::<(), plybench::engine::kalah::KalahError>(())
/// ```
///
/// # Errors
///
/// As [`count()`]; [`KalahError::Spill`] when the runs would pass the
/// disk budget or cannot be written or read, [`KalahError::Checkpoint`] for
/// a checkpoint of another position, and the error of a checkpoint that
/// cannot be saved.
pub fn count_on_disk<'d>(
    position: &Position,
    options: CountOptions,
    disk: Option<OnDisk<'d>>,
    progress: Progress<'d>,
) -> Result<Count, KalahError> {
    let started = Instant::now();
    let mut method = Method::chosen(position, options);
    if method == Method::Dp {
        if options.terminal_positions {
            return Err(KalahError::DpTerminals);
        }
        match dp::count(position.own(), options.memory, options.threads, disk, progress) {
            Ok(run) => {
                return Ok(Count {
                    sequences: run.sequences,
                    terminal_positions: None,
                    max_stack_right_to_left: None,
                    max_stack_left_to_right: None,
                    laps: Some(LapStats {
                        sequences_with_laps: run.lap_sequences,
                        max_laps: run.max_laps,
                        skeletons: run.skeletons,
                        max_states: run.max_states,
                        walked_tails: run.walked_tails,
                        spilled_steps: run.spilled_steps,
                    }),
                    method,
                    states: None,
                    seconds: started.elapsed().as_secs_f64(),
                });
            }
            Err(KalahError::TooManySkeletons { .. }) if options.method.is_none() => {
                method = Method::auto_without_dp(position);
            }
            Err(error) => return Err(error),
        }
    }
    let n = position.pits();
    let board = position.flat_board();
    let own_kind = KeyKind::for_values(n, position.own_counters());
    let board_kind = KeyKind::for_values(board.len(), total_counters(position));
    let mut result = match method {
        Method::Stack => {
            let (right_to_left, terminals) =
                with_key!(board_kind, stack_split(&board, n, ScanOrder::RightToLeft, options, SPLIT_DEPTH));
            let (left_to_right, _) = with_key!(
                board_kind,
                stack_split(
                    &board,
                    n,
                    ScanOrder::LeftToRight,
                    CountOptions { terminal_positions: false, ..options },
                    SPLIT_DEPTH
                )
            );
            debug_assert_eq!(right_to_left.sequences, left_to_right.sequences);
            Count {
                sequences: right_to_left.sequences,
                terminal_positions: options.terminal_positions.then_some(terminals as u64),
                max_stack_right_to_left: Some(right_to_left.max_stack),
                max_stack_left_to_right: Some(left_to_right.max_stack),
                laps: None,
                method,
                states: None,
                seconds: 0.0,
            }
        }
        Method::Dp => unreachable!("the dynamic program returned above"),
        Method::Memo => {
            let run = with_key!(own_kind, memo::count(position.own(), options.memory, progress))?;
            let terminal_positions = if options.terminal_positions {
                Some(with_key!(
                    board_kind,
                    memo::distinct_terminals(&board, n, options.rules, options.memory, progress)
                )? as u64)
            } else {
                None
            };
            Count {
                sequences: run.sequences,
                terminal_positions,
                max_stack_right_to_left: Some(run.max_stack_right_to_left),
                max_stack_left_to_right: Some(run.max_stack_left_to_right),
                laps: None,
                method,
                states: Some(run.states),
                seconds: 0.0,
            }
        }
    };
    result.seconds = started.elapsed().as_secs_f64();
    Ok(result)
}

/// How many plies of the continuation tree the stacker splits into parallel
/// tasks. The counts do not depend on it.
const SPLIT_DEPTH: usize = 3;

fn total_counters(position: &Position) -> u64 {
    position.own_counters() + position.opponent().iter().map(|&c| u64::from(c)).sum::<u64>()
}

/// An observer that keeps the distinct terminal boards.
struct Outputs<K>(FxHashSet<K>);

impl<K: StateKey> Observer for Outputs<K> {
    #[inline]
    fn scanned(&mut self, _pit: Pit, scan: Scan, board: &[u32]) {
        if scan == Scan::Terminal {
            self.0.insert(K::pack(board));
        }
    }
}

/// Bell's stacker, with the first `depth` plies split into parallel tasks.
/// Returns the run and the number of distinct terminal boards (0 unless
/// `options.terminal_positions`).
///
/// Splitting keeps Bell's stack arithmetic: a position whose continuations
/// are stacked as `c1, …, ck` reaches `max(k, max_j (j - 1 + h(cj)))`,
/// where `h(cj)` is the height reached by a stacker started at `cj`.
fn stack_split<K: StateKey>(
    board: &[u32],
    n: usize,
    order: ScanOrder,
    options: CountOptions,
    depth: usize,
) -> (StackRun, usize) {
    let (run, outputs) = split_inner::<K>(board, n, order, options, depth);
    (run, outputs.len())
}

fn split_inner<K: StateKey>(
    board: &[u32],
    n: usize,
    order: ScanOrder,
    options: CountOptions,
    depth: usize,
) -> (StackRun, FxHashSet<K>) {
    if depth == 0 {
        return if options.terminal_positions {
            let mut outputs = Outputs(FxHashSet::default());
            let run = stack::run(board, n, order, options.rules, &mut outputs);
            (run, outputs.0)
        } else {
            (stack::run(board, n, order, options.rules, &mut Silent), FxHashSet::default())
        };
    }
    let mut stacked = Vec::new();
    let mut terminals = FxHashSet::default();
    let mut sequences = 0u128;
    for pit in stack::scan_pits(n, order) {
        if board[pit.index()] == 0 {
            continue;
        }
        let mut child = board.to_vec();
        if sow(&mut child, n, pit, options.rules).continues {
            stacked.push(child);
        } else {
            sequences += 1;
            if options.terminal_positions {
                terminals.insert(K::pack(&child));
            }
        }
    }
    let below: Vec<(StackRun, FxHashSet<K>)> =
        stacked.par_iter().map(|child| split_inner::<K>(child, n, order, options, depth - 1)).collect();
    let mut max_stack = stacked.len();
    for (j, (run, outputs)) in below.into_iter().enumerate() {
        sequences += run.sequences;
        max_stack = max_stack.max(j + run.max_stack);
        let (mut larger, smaller) =
            if terminals.len() >= outputs.len() { (terminals, outputs) } else { (outputs, terminals) };
        larger.extend(smaller);
        terminals = larger;
    }
    (StackRun { sequences, max_stack }, terminals)
}
