//! What a count will cost, estimated before it starts.
//!
//! The explicit stack plays out every move sequence, so its work is the
//! number of sequences; memoization holds one row of pits per distinct
//! reachable row, so its work and memory are the number of rows. Neither is
//! known before counting, and a random-probe estimate of the tree (Knuth's)
//! is useless here: most sequences lie on rare long chains of
//! continuations, and a thousand probes of the 15-pit board test guess 1%
//! of the true count.
//!
//! The estimate therefore counts exactly, by memoization, the positions made
//! of the mover's first pits `P1..Pm` only (for Bell's board test, the
//! board tests on fewer pits), for `m = 1, 2, …` while they stay small, and
//! extrapolates the growth from the last two to all `N` pits. On the board
//! test the growth is steady (×3.40 to ×3.43 sequences and ×3.0 to ×3.1
//! rows a pit from 10 pits on), so the estimate from 11 pits is within a few
//! percent for sequences and about 25% low for rows at 18 pits. A position
//! whose far pits hold most of its counters grows differently, and its
//! estimate is rougher. When the first pits are the whole position, the
//! figures are exact.
//!
//! The pilot counts take a few hundredths of a second. The opponent's pits
//! and captures change no figure here: they never decide a continuation.

use std::fmt;

use super::count::{CountOptions, Method};
use super::dp;
use super::error::KalahError;
use super::key::{KeyKind, with_key};
use super::memo;
use super::position::Position;
use crate::engine::limit::LimitError;
use crate::engine::memory::MemoryLimit;
use crate::engine::progress::Progress;

/// The most move sequences one run of the explicit stack is allowed to play
/// out: about 15 hours at [`STACK_SEQUENCES_PER_SECOND`]. The 22-pit board
/// test (about 3.6 × 10^11) passes, the 24-pit one (about 4.2 × 10^12) does
/// not.
pub const MAX_STACK_SEQUENCES: f64 = 1e12;

/// The stacker's speed on the 12-pit board test, in move sequences a
/// second, on the two-core machine of `reports/kalah/speed.md` (1,745,463
/// sequences in 90 ms). Used only to put the estimate in hours.
pub const STACK_SEQUENCES_PER_SECOND: f64 = 19e6;

/// Memoization's speed on the 18-pit board test, in rows of pits a second,
/// on the same machine (about 110 million rows in 278 s).
pub const MEMO_ROWS_PER_SECOND: f64 = 4e5;

/// The pilot counts stop before one that could hold more rows than this.
const PILOT_ROWS: f64 = 50_000.0;

/// The memory a pilot count may plan to hold.
const PILOT_MEMORY: MemoryLimit = MemoryLimit::from_bytes(256 << 20);

/// An estimate worth telling the user: ten seconds or more, or a gibibyte.
const LARGE_SECONDS: f64 = 10.0;
const LARGE_BYTES: f64 = (1u64 << 30) as f64;

/// How an [`Estimate`] was obtained.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Basis {
    /// The pilot counts reached the whole position: the figures are exact.
    Exact,
    /// Extrapolated from exact counts of the mover's first `pits` pits.
    Extrapolated {
        /// The pits of the largest pilot count.
        pits: usize,
    },
}

/// What a count of one position will cost, estimated before it starts
/// ([`estimate`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The method the count would use.
    pub method: Method,
    /// Move sequences: what the explicit stack plays out.
    pub sequences: f64,
    /// Distinct rows of pits: what memoization holds.
    pub rows: f64,
    /// Memory the count could hold, in bytes: memoization's rows (memo
    /// only), and the distinct terminal boards, at most one a sequence,
    /// when they are counted.
    pub bytes: f64,
    /// Wall-clock seconds at the reference speeds
    /// ([`STACK_SEQUENCES_PER_SECOND`], [`MEMO_ROWS_PER_SECOND`]).
    pub seconds: f64,
    /// Whether the figures are exact or extrapolated.
    pub basis: Basis,
    /// Seconds the explicit stack would take, whichever method is chosen.
    stack_seconds: f64,
    /// Bytes memoization would hold, whichever method is chosen.
    memo_bytes: f64,
    /// The position's pits.
    pits: usize,
}

/// Estimates the work and memory of `count(position, options)` from exact
/// counts of the position's first pits (see the module's documentation).
///
/// ```
/// use plybench::engine::kalah::{CountOptions, Method, Position, estimate};
///
/// let small = estimate(&Position::board_test(6)?, CountOptions::default());
/// assert_eq!(small.sequences, 912.0); // six pits are counted outright
/// let stack = CountOptions { method: Some(Method::Stack), ..CountOptions::default() };
/// let thirty = estimate(&Position::board_test(30)?, stack);
/// assert!(thirty.sequences > 1e15 && thirty.check(Default::default()).is_err());
/// # Ok::<(), plybench::engine::kalah::KalahError>(())
/// ```
pub fn estimate(position: &Position, options: CountOptions) -> Estimate {
    let method = Method::chosen(position, options);
    let own = position.own();
    let n = own.len();
    // (pits, sequences, rows) of each pilot count.
    let mut pilots: Vec<(usize, f64, f64)> = Vec::new();
    for m in 1..=n {
        if let [.., (_, _, before), (_, _, last)] = pilots[..]
            && last * growth(before, last) > PILOT_ROWS
        {
            break;
        }
        let part = &own[..m];
        let kind = KeyKind::for_values(m, part.iter().map(|&c| u64::from(c)).sum());
        match with_key!(kind, memo::count(part, PILOT_MEMORY, Progress::NONE)) {
            Ok(run) => pilots.push((m, run.sequences as f64, run.states as f64)),
            Err(_) => break,
        }
    }
    let (sequences, rows, basis) = match pilots[..] {
        [] => (f64::INFINITY, f64::INFINITY, Basis::Extrapolated { pits: 0 }),
        [.., (m, sequences, rows)] if m == n => (sequences, rows, Basis::Exact),
        [(m, sequences, rows)] => (sequences, rows, Basis::Extrapolated { pits: m }),
        [.., (_, s0, r0), (m, s1, r1)] => {
            let more = (n - m) as i32;
            (s1 * growth(s0, s1).powi(more), r1 * growth(r0, r1).powi(more), Basis::Extrapolated { pits: m })
        }
    };
    let memo_bytes = rows * memo::memo_row_bytes(KeyKind::for_values(n, position.own_counters()), n);
    let terminal_bytes = if options.terminal_positions {
        let width = 2 * n + 1;
        let counters = position.own_counters() + position.opponent().iter().map(|&c| u64::from(c)).sum::<u64>();
        sequences * memo::board_bytes(KeyKind::for_values(width, counters), width)
    } else {
        0.0
    };
    let stack_seconds = sequences / STACK_SEQUENCES_PER_SECOND;
    let (bytes, seconds) = match method {
        Method::Stack => (terminal_bytes, stack_seconds),
        Method::Memo => (memo_bytes + terminal_bytes, rows / MEMO_ROWS_PER_SECOND),
        Method::Dp => (0.0, dp::seconds(position.own_counters())),
    };
    Estimate { method, sequences, rows, bytes, seconds, basis, stack_seconds, memo_bytes, pits: n }
}

/// The growth from one pilot count to the next, at least 1 (a pit more
/// never makes a count smaller in the estimate).
fn growth(before: f64, after: f64) -> f64 {
    if before > 0.0 && after > before { after / before } else { 1.0 }
}

impl Estimate {
    /// Whether the estimate is worth telling before the count starts: ten
    /// seconds or more, or a gibibyte of memory or more.
    pub fn is_large(&self) -> bool {
        self.seconds >= LARGE_SECONDS || self.bytes >= LARGE_BYTES
    }

    /// Whether the count could pass the memory `limit`; it then stops with
    /// [`KalahError::Limit`] when it comes to the layer that would (see
    /// [`check`](Self::check) for the counts refused before they start).
    pub fn may_pass(&self, limit: MemoryLimit) -> bool {
        self.bytes > limit.bytes() as f64
    }

    /// Refuses a count that cannot finish, before it starts:
    ///
    /// - [`KalahError::BeyondMemory`] when it would hold more than the
    ///   largest memory limit accepted ([`MemoryLimit::MAX_BYTES`]);
    /// - [`KalahError::Limit`] (memory) when it would hold more than twice
    ///   `limit`. Nearer the limit the estimate could be wrong either way,
    ///   so the count starts, and its own check refuses the layer that would
    ///   pass the limit;
    /// - [`KalahError::TooManySequences`] when the explicit stack would play
    ///   out more than [`MAX_STACK_SEQUENCES`];
    /// - [`KalahError::DpTooLong`] when the dynamic program would take more
    ///   than [`MAX_DP_SECONDS`](super::MAX_DP_SECONDS). It holds little
    ///   memory, and checks its states against the limit as it goes.
    pub fn check(&self, limit: MemoryLimit) -> Result<(), KalahError> {
        if self.bytes > MemoryLimit::MAX_BYTES as f64 {
            return Err(KalahError::BeyondMemory {
                estimate: self.to_string(),
                most: bytes(MemoryLimit::MAX_BYTES as f64),
            });
        }
        if self.bytes > 2.0 * limit.bytes() as f64 {
            const MIB: f64 = (1u64 << 20) as f64;
            let stack = if self.method == Method::Memo && self.sequences <= MAX_STACK_SEQUENCES {
                format!("count by the explicit stack ({}), ", duration(self.stack_seconds))
            } else {
                String::new()
            };
            return Err(KalahError::Limit(LimitError::Memory {
                needed_mib: (self.bytes / MIB).ceil() as u64,
                limit_mib: limit.bytes() >> 20,
                why: format!("; {self}: raise the memory limit, {stack}or count a smaller position"),
            }));
        }
        if self.method == Method::Dp && self.seconds > dp::MAX_DP_SECONDS {
            return Err(KalahError::DpTooLong { estimate: self.to_string(), most: duration(dp::MAX_DP_SECONDS) });
        }
        if self.method == Method::Stack && self.sequences > MAX_STACK_SEQUENCES {
            let memo_fits = self.memo_bytes <= limit.bytes() as f64;
            let fix = if memo_fits {
                format!("count by memoization (about {}) or count a smaller position", bytes(self.memo_bytes))
            } else {
                format!("count a smaller position (memoization would need about {})", bytes(self.memo_bytes))
            };
            return Err(KalahError::TooManySequences {
                estimate: self.to_string(),
                most: format!(
                    "{} ({})",
                    approx(MAX_STACK_SEQUENCES),
                    duration(MAX_STACK_SEQUENCES / STACK_SEQUENCES_PER_SECOND)
                ),
                fix,
                memo_fits,
            });
        }
        Ok(())
    }
}

impl fmt::Display for Estimate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.method {
            Method::Stack => write!(
                f,
                "the explicit stack would play out about {} move sequences, {} at {} a second on two cores",
                approx(self.sequences),
                duration(self.seconds),
                approx(STACK_SEQUENCES_PER_SECOND)
            )?,
            Method::Dp => {
                // Its time is fitted to the board test's, not extrapolated.
                return write!(
                    f,
                    "the dynamic program over {} pits would take {} on two cores (fitted to the board test)",
                    self.pits,
                    duration(self.seconds)
                );
            }
            Method::Memo => write!(
                f,
                "memoization would hold about {} rows of pits in about {}, {} at {} rows a second on two cores",
                approx(self.rows),
                bytes(self.memo_bytes),
                duration(self.seconds),
                approx(MEMO_ROWS_PER_SECOND)
            )?,
        }
        let terminals = self.bytes - if self.method == Method::Memo { self.memo_bytes } else { 0.0 };
        if terminals > 0.0 {
            write!(f, ", and the distinct terminal positions up to {}", bytes(terminals))?;
        }
        match self.basis {
            Basis::Exact => write!(f, " (counted exactly)"),
            Basis::Extrapolated { pits } => write!(f, " (extrapolated from its first {pits} pits)"),
        }
    }
}

/// A count in words, two significant digits: `912`, `6.5 thousand`,
/// `110 million`, `6.5e15`.
fn approx(x: f64) -> String {
    if !x.is_finite() {
        return "too many to say".to_owned();
    }
    let scaled = |value: f64, unit: &str| {
        if value < 9.95 { format!("{value:.1} {unit}") } else { format!("{value:.0} {unit}") }
    };
    match x {
        x if x < 1e3 => format!("{x:.0}"),
        x if x < 1e6 => scaled(x / 1e3, "thousand"),
        x if x < 1e9 => scaled(x / 1e6, "million"),
        x if x < 1e12 => scaled(x / 1e9, "billion"),
        x if x < 1e15 => scaled(x / 1e12, "trillion"),
        x => format!("{x:.1e}"),
    }
}

/// `about` a time in the largest unit that keeps a whole number above one,
/// or `under a second`.
fn duration(seconds: f64) -> String {
    if !seconds.is_finite() {
        return "longer than anyone can wait".to_owned();
    }
    if seconds < 1.0 {
        return "under a second".to_owned();
    }
    format!("about {}", long_duration(seconds))
}

fn long_duration(seconds: f64) -> String {
    const MINUTE: f64 = 60.0;
    const HOUR: f64 = 3600.0;
    const DAY: f64 = 24.0 * HOUR;
    const YEAR: f64 = 365.25 * DAY;
    match seconds {
        s if s < 2.0 * MINUTE => format!("{s:.0} seconds"),
        s if s < 2.0 * HOUR => format!("{:.0} minutes", s / MINUTE),
        s if s < 2.0 * DAY => format!("{:.0} hours", s / HOUR),
        s if s < 2.0 * YEAR => format!("{:.0} days", s / DAY),
        s => format!("{} years", approx(s / YEAR)),
    }
}

/// Bytes in MiB, GiB or TiB.
fn bytes(bytes: f64) -> String {
    const MIB: f64 = (1u64 << 20) as f64;
    const GIB: f64 = (1u64 << 30) as f64;
    const TIB: f64 = (1u64 << 40) as f64;
    match bytes {
        b if b < GIB => format!("{:.0} MiB", b / MIB),
        b if b < TIB => format!("{:.1} GiB", b / GIB),
        b if b < 1000.0 * TIB => format!("{:.1} TiB", b / TIB),
        b => format!("{} TiB", approx(b / TIB)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board_test(pits: usize, method: Method) -> Estimate {
        let options = CountOptions { method: Some(method), ..CountOptions::default() };
        estimate(&Position::board_test(pits).unwrap(), options)
    }

    #[test]
    fn small_positions_are_counted_exactly() {
        let e = board_test(10, Method::Stack);
        assert_eq!((e.sequences, e.rows, e.basis), (149_117.0, 12_455.0, Basis::Exact));
        assert!(!e.is_large() && e.check(MemoryLimit::default()).is_ok());
        let position: Position = "4,4,4,4,4,4".parse().unwrap();
        assert_eq!(estimate(&position, CountOptions::default()).basis, Basis::Exact);
    }

    #[test]
    fn the_board_test_is_extrapolated_close_to_its_known_counts() {
        // Exact: 20,250,285 sequences and 1,092,638 rows at 14 pits;
        // 2,713,174,953 sequences at 18 pits.
        let e = board_test(14, Method::Memo);
        assert!(matches!(e.basis, Basis::Extrapolated { pits } if pits < 14));
        assert!((e.sequences / 20_250_285.0 - 1.0).abs() < 0.05, "{}", e.sequences);
        assert!((e.rows / 1_092_638.0 - 1.0).abs() < 0.15, "{}", e.rows);
        let e = board_test(18, Method::Stack);
        assert!((e.sequences / 2_713_174_953.0 - 1.0).abs() < 0.1, "{}", e.sequences);
        assert!(e.is_large() && e.check(MemoryLimit::default()).is_ok());
    }

    #[test]
    fn the_stack_is_refused_past_its_limit_and_memoization_offered_when_it_fits() {
        let error = board_test(30, Method::Stack).check(MemoryLimit::default()).unwrap_err();
        assert!(matches!(error, KalahError::TooManySequences { memo_fits: false, .. }), "{error}");
        let text = error.to_string();
        assert!(text.contains("move sequences") && text.contains("smaller position"), "{text}");
        // Were memoization to fit, it is the fix offered.
        let e = Estimate { memo_bytes: 1e9, ..board_test(24, Method::Stack) };
        assert!(e.sequences > MAX_STACK_SEQUENCES);
        let error = e.check(MemoryLimit::default()).unwrap_err();
        assert!(matches!(error, KalahError::TooManySequences { memo_fits: true, .. }), "{error}");
        assert!(error.to_string().contains("count by memoization (about 954 MiB)"), "{error}");
    }

    #[test]
    fn memoization_is_refused_past_twice_the_limit_or_past_any_limit() {
        let e = board_test(20, Method::Memo);
        let error = e.check(MemoryLimit::from_bytes(1 << 30)).unwrap_err();
        assert!(error.is_memory(), "{error}");
        let text = error.to_string();
        assert!(text.contains("rows of pits") && text.contains("explicit stack"), "{text}");
        // Near the limit the count starts, and its own check decides.
        let limit = MemoryLimit::from_bytes((e.bytes / 1.5) as u64);
        assert!(e.may_pass(limit) && e.check(limit).is_ok());
        let error = board_test(200, Method::Memo).check(MemoryLimit::default()).unwrap_err();
        assert!(matches!(error, KalahError::BeyondMemory { .. }), "{error}");
    }

    #[test]
    fn counting_terminal_positions_adds_their_memory() {
        let position = Position::board_test(16).unwrap();
        let without = estimate(&position, CountOptions { method: Some(Method::Stack), ..CountOptions::default() });
        let with = estimate(
            &position,
            CountOptions { method: Some(Method::Stack), terminal_positions: true, ..CountOptions::default() },
        );
        assert_eq!(without.bytes, 0.0);
        assert!(with.bytes > 1e9 && with.to_string().contains("terminal positions"), "{with}");
    }

    #[test]
    fn words() {
        assert_eq!(approx(912.0), "912");
        assert_eq!(approx(6_543.0), "6.5 thousand");
        assert_eq!(approx(110e6), "110 million");
        assert_eq!(approx(6.5e15), "6.5e15");
        assert_eq!(duration(0.2), "under a second");
        assert_eq!(duration(3.0 * 3600.0), "about 3 hours");
        assert_eq!(duration(1e12), "about 32 thousand years");
        assert_eq!(bytes(1.5 * (1u64 << 30) as f64), "1.5 GiB");
        assert_eq!(bytes(2.0 * (1u64 << 40) as f64), "2.0 TiB");
        assert_eq!(bytes(1e40), "9.1e27 TiB");
    }
}
