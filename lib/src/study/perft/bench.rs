//! `perft bench`: the four representations timed on the same positions, in
//! two modes.
//!
//! - [`Mode::LikeForLike`] runs
//!   [`perft_like_for_like`](crate::engine::chess::perft_like_for_like) on
//!   every representation: pseudo-legal generation, make, a test of the
//!   mover's king, unmake, at every node including the last ply. The
//!   algorithm is the same, so the differences come from the representation.
//! - [`Mode::Best`] runs [`perft`](crate::engine::chess::perft), each
//!   representation at its best: every one finds the checkers and the pinned
//!   pieces once per node and generates only legal moves (en passant alone
//!   is played and tested), and counts the last ply without playing it. The
//!   bitboard builds check and pin masks from magic lookups and counts its
//!   target sets; Bell's array walks its Appendix 2 tables from the king;
//!   0x88 uses its square-difference table; the 10x10 mailbox walks the
//!   king's lines.
//!
//! Each representation runs until it has spent the time budget and at least
//! [`MIN_RUNS`] times; the table gives the median run.
//!
//! ```
//! use plybench::study::perft::bench::{BenchPosition, Mode, bench_position};
//! use plybench::engine::chess::{Repr, Setup};
//!
//! let position = BenchPosition::new(Setup::starting(), 3, Some(8_902));
//! let bench = bench_position(&position, Mode::LikeForLike, 0.0)?;
//! assert!(bench.results.iter().all(|r| r.nodes == 8_902 && r.runs >= 3));
//! assert_eq!(bench.results[3].repr, Repr::Bitboard);
//! assert_eq!(bench.results[3].ratio_to_bitboard, 1.0);
//! assert!(bench.passed());
//! # Ok::<(), plybench::Error>(())
//! ```

use crate::quote::quote;
use std::fmt;
use std::str::FromStr;
use std::time::Instant;

use serde_json::{Value, json};

use super::published::standard_suite;
use super::suite::SuiteEntry;
use crate::engine::chess::dispatch::{check_depth, like_for_like_on, perft_on};
use crate::engine::chess::{ChessError, Repr, Setup};
use crate::report::{Cell, Column, Table, Tally, Verdict};
use crate::{Error, Result};

/// Every representation runs at least this many times.
pub const MIN_RUNS: usize = 3;

/// At most this many runs per representation, however short.
pub const MAX_RUNS: usize = 1_000;

/// The largest time budget accepted, in seconds per representation.
pub const MAX_SECONDS: f64 = 3_600.0;

/// The default positions use the deepest published count up to this many
/// nodes.
pub const DEFAULT_NODE_BUDGET: u128 = 5_000_000;

/// How the representations are compared. With the `cli` feature it is a
/// `clap::ValueEnum`, under the same names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Mode {
    /// The same algorithm everywhere: pseudo-legal generation, make/unmake,
    /// king-in-check test, no bulk counting.
    #[cfg_attr(feature = "cli", value(name = "like-for-like"))]
    LikeForLike,
    /// Each representation as fast as it goes: legal generation and bulk
    /// counting where it has them (the perft driver).
    #[cfg_attr(feature = "cli", value(name = "best"))]
    Best,
}

impl Mode {
    /// Both, in the order tables list them.
    pub const ALL: [Mode; 2] = [Mode::LikeForLike, Mode::Best];

    /// The stable name used on the command line and in JSON.
    pub const fn name(self) -> &'static str {
        match self {
            Mode::LikeForLike => "like-for-like",
            Mode::Best => "best",
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Mode {
    type Err = Error;

    fn from_str(s: &str) -> Result<Mode> {
        Mode::ALL
            .into_iter()
            .find(|m| m.name() == s)
            .ok_or_else(|| Error::invalid("mode", format!("{}; expected like-for-like or best", quote(s))))
    }
}

/// A position to time, at one depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchPosition {
    /// The position.
    pub setup: Setup,
    /// The depth.
    pub depth: u32,
    /// The published count at that depth, if known: every run is checked
    /// against it.
    pub expected: Option<u128>,
}

impl BenchPosition {
    /// A position at `depth`, with its published count if known.
    pub fn new(setup: Setup, depth: u32, expected: Option<u128>) -> Self {
        BenchPosition { setup, depth, expected }
    }

    /// A suite line, at the deepest depth it lists.
    pub fn from_suite_entry(entry: &SuiteEntry) -> Result<Self> {
        let &(depth, nodes) = entry.expected.iter().max_by_key(|(d, _)| *d).expect("a suite line lists a depth");
        check_depth(depth).map_err(|e| Error::invalid(format!("suite line {}", entry.line), format!("depth {e}")))?;
        Ok(BenchPosition::new(entry.setup.clone(), depth, Some(nodes)))
    }
}

/// The default positions: the chessprogramming wiki's standard positions
/// (`datasets/perft/standard.epd`), each at the deepest depth whose
/// published count is at most [`DEFAULT_NODE_BUDGET`].
///
/// ```
/// let positions = plybench::study::perft::bench::default_positions()?;
/// assert_eq!(positions[0].depth, 5); // the initial position, 4,865,609 leaves
/// assert_eq!(positions[1].depth, 4); // Kiwipete, 4,085,603 leaves
/// # Ok::<(), plybench::Error>(())
/// ```
pub fn default_positions() -> Result<Vec<BenchPosition>> {
    Ok(standard_suite()?
        .iter()
        .filter_map(|entry| {
            let &(depth, nodes) =
                entry.expected.iter().filter(|(_, n)| *n <= DEFAULT_NODE_BUDGET).max_by_key(|(d, _)| *d)?;
            Some(BenchPosition::new(entry.setup.clone(), depth, Some(nodes)))
        })
        .collect())
}

/// Checks a time budget: finite, 0 to [`MAX_SECONDS`].
pub fn check_seconds(seconds: f64) -> Result<f64> {
    if seconds.is_finite() && (0.0..=MAX_SECONDS).contains(&seconds) {
        Ok(seconds)
    } else {
        Err(Error::invalid("time budget", format!("{seconds}; expected 0 to {MAX_SECONDS} seconds")))
    }
}

/// One representation's timing.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchResult {
    /// The representation.
    pub repr: Repr,
    /// Leaves counted (the same in every run).
    pub nodes: u64,
    /// How many runs were timed.
    pub runs: usize,
    /// The median run, in seconds.
    pub median_seconds: f64,
    /// The fastest run, in seconds.
    pub min_seconds: f64,
    /// The slowest run, in seconds.
    pub max_seconds: f64,
    /// The median absolute deviation of the runs from their median, in
    /// seconds: the noise of the measurement.
    pub mad_seconds: f64,
    /// Nodes per second of the median run.
    pub nps: f64,
    /// `nps` divided by the bitboard's `nps`: above 1 is faster than the
    /// bitboard.
    pub ratio_to_bitboard: f64,
}

impl BenchResult {
    /// The noise of the measurement, relative to it: the median absolute
    /// deviation of the runs over their median (0 when nothing was timed).
    pub fn spread(&self) -> f64 {
        if self.median_seconds > 0.0 { self.mad_seconds / self.median_seconds } else { 0.0 }
    }
}

/// The four representations timed on one position in one mode.
#[derive(Clone, Debug, PartialEq)]
pub struct Bench {
    /// What was timed.
    pub position: BenchPosition,
    /// How.
    pub mode: Mode,
    /// One result per representation, in [`Repr::ALL`] order.
    pub results: Vec<BenchResult>,
}

/// One untimed count of `setup` to `depth` on `repr` in `mode`.
pub fn count(repr: Repr, setup: &Setup, depth: u32, mode: Mode) -> Result<u64, ChessError> {
    match mode {
        Mode::LikeForLike => like_for_like_on(repr, setup, depth),
        Mode::Best => perft_on(repr, setup, depth),
    }
}

fn median(mut seconds: Vec<f64>) -> f64 {
    seconds.sort_by(f64::total_cmp);
    let n = seconds.len();
    if n % 2 == 1 { seconds[n / 2] } else { (seconds[n / 2 - 1] + seconds[n / 2]) / 2.0 }
}

/// Times every representation on `position` in `mode`, each for at least
/// `seconds` and [`MIN_RUNS`] runs.
pub fn bench_position(position: &BenchPosition, mode: Mode, seconds: f64) -> Result<Bench> {
    check_depth(position.depth)?;
    let mut results = Vec::with_capacity(Repr::ALL.len());
    for repr in Repr::ALL {
        let started = Instant::now();
        let mut times = Vec::new();
        let mut nodes = 0;
        while times.len() < MIN_RUNS || (started.elapsed().as_secs_f64() < seconds && times.len() < MAX_RUNS) {
            let start = Instant::now();
            nodes = count(repr, &position.setup, position.depth, mode)?;
            times.push(start.elapsed().as_secs_f64());
        }
        let runs = times.len();
        let min_seconds = times.iter().copied().fold(f64::INFINITY, f64::min);
        let max_seconds = times.iter().copied().fold(0.0, f64::max);
        let median_seconds = median(times.clone());
        let mad_seconds = median(times.iter().map(|t| (t - median_seconds).abs()).collect());
        let nps = if median_seconds > 0.0 { nodes as f64 / median_seconds } else { 0.0 };
        results.push(BenchResult {
            repr,
            nodes,
            runs,
            median_seconds,
            min_seconds,
            max_seconds,
            mad_seconds,
            nps,
            ratio_to_bitboard: 0.0,
        });
    }
    let bitboard = results.iter().find(|r| r.repr == Repr::Bitboard).map_or(0.0, |r| r.nps);
    for r in &mut results {
        r.ratio_to_bitboard = if bitboard > 0.0 { r.nps / bitboard } else { 0.0 };
    }
    Ok(Bench { position: position.clone(), mode, results })
}

impl Bench {
    /// One verdict per representation: its count against the published
    /// one, and [`Verdict::Differs`] for all when the representations
    /// disagree (at least one of them is wrong, published count or not).
    pub fn verdicts(&self) -> impl Iterator<Item = Verdict> + '_ {
        let agree = self.results.windows(2).all(|w| w[0].nodes == w[1].nodes);
        let expected = self.position.expected;
        self.results.iter().map(move |r| match expected {
            _ if !agree => Verdict::Differs,
            None => Verdict::NoPublishedValue,
            Some(e) if u128::from(r.nodes) == e => Verdict::Match,
            Some(_) => Verdict::Differs,
        })
    }

    /// Whether every representation counted the published number of leaves
    /// (or, when none is known, the same number): [`Tally::passed`] of
    /// [`Bench::verdicts`].
    pub fn passed(&self) -> bool {
        self.verdicts().collect::<Tally>().passed()
    }

    /// The table: one row per representation.
    pub fn table(&self) -> Table {
        let mut table = Table::new(
            "bench",
            &format!("{} perft({}) of {}", self.mode, self.position.depth, self.position.setup.to_fen()),
            vec![
                Column::new("repr", "Representation"),
                Column::new("nodes", "Nodes"),
                Column::new("runs", "Runs"),
                Column::new("median_seconds", "Median s"),
                Column::new("nps", "Nodes/s"),
                Column::new("ratio_to_bitboard", "x bitboard"),
            ],
        );
        for r in &self.results {
            table.push(vec![
                Cell::Text(r.repr.name().to_owned()),
                Cell::UInt(u128::from(r.nodes)),
                Cell::UInt(r.runs as u128),
                Cell::float(r.median_seconds, 4),
                Cell::float(r.nps, 0),
                Cell::float(r.ratio_to_bitboard, 3),
            ]);
        }
        if !self.passed() {
            table.note(format!(
                "COUNTS WRONG: expected {} leaves on every representation",
                self.position.expected.map_or_else(|| "the same number of".to_owned(), |e| e.to_string())
            ));
        }
        table
    }

    /// The JSON object of this bench.
    pub fn to_json(&self) -> Value {
        json!({
            "mode": self.mode.name(),
            "fen": self.position.setup.to_fen(),
            "depth": self.position.depth,
            "expected": self.position.expected.and_then(|e| u64::try_from(e).ok()),
            "counts_ok": self.passed(),
            "results": self.results.iter().map(|r| json!({
                "repr": r.repr.name(),
                "nodes": r.nodes,
                "runs": r.runs,
                "median_seconds": r.median_seconds,
                "nps": r.nps,
                "ratio_to_bitboard": r.ratio_to_bitboard,
            })).collect::<Vec<_>>(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_parse_and_name() {
        for mode in Mode::ALL {
            assert_eq!(mode.name().parse::<Mode>().unwrap(), mode);
        }
        assert!("fast".parse::<Mode>().unwrap_err().to_string().contains("like-for-like or best"));
    }

    #[test]
    fn a_bench_gives_the_spread_of_its_runs() {
        let position = BenchPosition::new(Setup::from_fen(Setup::STARTING_FEN).unwrap(), 2, Some(400));
        let bench = bench_position(&position, Mode::Best, 0.0).unwrap();
        for r in &bench.results {
            assert!(r.runs >= MIN_RUNS, "{r:?}");
            assert!(r.min_seconds <= r.median_seconds && r.median_seconds <= r.max_seconds, "{r:?}");
            assert!(r.mad_seconds <= r.max_seconds - r.min_seconds, "{r:?}");
            assert!((0.0..=1.0).contains(&r.spread()), "{r:?}");
        }
    }

    #[test]
    fn medians() {
        assert_eq!(median(vec![3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(vec![4.0, 1.0, 2.0, 3.0]), 2.5);
    }

    #[test]
    fn budgets_are_checked() {
        assert!(check_seconds(0.0).is_ok());
        assert!(check_seconds(-1.0).unwrap_err().to_string().contains("expected 0 to 3600 seconds"));
        for bad in [-1.0, f64::NAN, f64::INFINITY, 1e9] {
            assert!(check_seconds(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_wrong_expectation_is_flagged() {
        let position = BenchPosition::new(Setup::starting(), 2, Some(401));
        let bench = bench_position(&position, Mode::Best, 0.0).unwrap();
        assert!(!bench.passed());
        assert!(bench.table().render(crate::report::Format::Table).contains("COUNTS WRONG"));
        let right = BenchPosition { expected: Some(400), ..position };
        assert!(bench_position(&right, Mode::LikeForLike, 0.0).unwrap().passed());
    }
}
