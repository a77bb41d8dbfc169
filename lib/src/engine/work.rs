//! What a long run will cost, estimated before it starts, and the bound
//! past which it is refused.
//!
//! A command that can run for more than a few seconds estimates its
//! [`Work`] first: the units it will go through (leaves, positions, trees),
//! exact where they can be known cheaply and otherwise extrapolated (for a
//! game tree, from exact counts of its first plies: [`perft_leaves`]), and
//! the time they take at a reference speed of one core, measured on the
//! project's two-core machine. The binary tells a long estimate on a
//! terminal before it starts, and refuses, naming the flag to change, a run
//! that would take more than [`MAX_SECONDS`]: `goban perft --size 19
//! --depth 7` (about 8 × 10^17 leaves, decades) is refused at once instead
//! of running without a word.
//!
//! The Kalah counts have an estimate of their own, which also weighs
//! memory: `engine::kalah::estimate`.
//!
//! ```
//! use plybench::engine::work::{MAX_SECONDS, Work};
//!
//! let quick = Work::estimated(5e9, "leaves", 1e9);
//! assert!(quick.check().is_ok() && !quick.is_long()); // five seconds
//! let decades = Work::estimated(8e17, "leaves", 1e9);
//! assert!(decades.seconds > MAX_SECONDS);
//! assert_eq!(
//!     decades.check().unwrap_err().to_string(),
//!     "about 8.0e17 leaves, about 25 years at the reference speed of one core; a run may take at most a day"
//! );
//! ```

use std::fmt;

use crate::engine::limit::LimitError;

/// The longest run a command starts: a day at the reference speed.
pub const MAX_SECONDS: f64 = 86_400.0;

/// A run worth telling of before it starts: ten seconds or more at the
/// reference speed.
pub const LONG_SECONDS: f64 = 10.0;

/// The leaves a pilot count of [`perft_leaves`] may go through: a few
/// milliseconds of counting.
pub const PILOT_LEAVES: f64 = 5e6;

/// The cost of a run, estimated before it starts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Work {
    /// How many units the run goes through.
    pub amount: f64,
    /// What a unit is, in the plural: `leaves`, `positions`.
    pub unit: &'static str,
    /// Seconds at the reference speed of one core.
    pub seconds: f64,
    /// Whether `amount` is exact rather than estimated.
    pub exact: bool,
}

impl Work {
    /// `amount` units known exactly, at `per_second` units a second.
    pub fn exact(amount: f64, unit: &'static str, per_second: f64) -> Work {
        Work { amount, unit, seconds: amount / per_second, exact: true }
    }

    /// About `amount` units, at `per_second` units a second.
    pub fn estimated(amount: f64, unit: &'static str, per_second: f64) -> Work {
        Work { exact: false, ..Work::exact(amount, unit, per_second) }
    }

    /// The same work done `times` times (runs, representations).
    pub fn times(self, times: f64) -> Work {
        Work { amount: self.amount * times, seconds: self.seconds * times, ..self }
    }

    /// This work, then `other` (of the same unit): amounts and times
    /// added, exact if both are.
    pub fn plus(self, other: Work) -> Work {
        Work {
            amount: self.amount + other.amount,
            seconds: self.seconds + other.seconds,
            exact: self.exact && other.exact,
            ..self
        }
    }

    /// The same work spread over `threads` cores.
    pub fn on_threads(self, threads: usize) -> Work {
        Work { seconds: self.seconds / threads.max(1) as f64, ..self }
    }

    /// Whether the run is long enough to be told of before it starts
    /// ([`LONG_SECONDS`]).
    pub fn is_long(&self) -> bool {
        self.seconds >= LONG_SECONDS || self.seconds.is_nan()
    }

    /// The work, if it fits in [`MAX_SECONDS`].
    ///
    /// # Errors
    ///
    /// [`LimitError::TooLong`], whose message gives the estimate, when it
    /// does not (or the estimate is not a number).
    pub fn check(self) -> Result<Work, LimitError> {
        if self.seconds <= MAX_SECONDS { Ok(self) } else { Err(LimitError::TooLong { work: self.to_string() }) }
    }
}

impl fmt::Display for Work {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let about = if self.exact { "" } else { "about " };
        let (amount, time) = (amount(self.amount), duration(self.seconds));
        write!(f, "{about}{amount} {}, about {time} at the reference speed of one core", self.unit)
    }
}

/// `1,234` below a million, `8.0e17` beyond.
fn amount(x: f64) -> String {
    if !x.is_finite() {
        return "more than 1e308".to_owned();
    }
    if x < 1e6 {
        let n = x.round() as u64;
        let digits = n.to_string();
        let mut out = String::new();
        for (i, d) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push(',');
            }
            out.push(d);
        }
        return out;
    }
    format!("{x:.1e}")
}

/// `5 s`, `3 min`, `2.5 h`, `4 days`, `25 years`.
fn duration(seconds: f64) -> String {
    const DAY: f64 = 86_400.0;
    match seconds {
        s if !s.is_finite() => "for ever".to_owned(),
        s if s < 1.0 => "a second".to_owned(),
        s if s < 120.0 => format!("{s:.0} s"),
        s if s < 7200.0 => format!("{:.0} min", s / 60.0),
        s if s < 2.0 * DAY => format!("{:.1} h", s / 3600.0),
        s if s < 730.0 * DAY => format!("{:.0} days", s / DAY),
        s if s < 1e4 * 365.25 * DAY => format!("{:.0} years", s / (365.25 * DAY)),
        s => format!("{:.1e} years", s / (365.25 * DAY)),
    }
}

/// The leaves of a game tree `depth` plies deep, from `count(d)`, the exact
/// leaves at depth `d`: counted outright while a count stays under
/// [`PILOT_LEAVES`] (then the figure is exact), otherwise extrapolated from
/// the growth of the last two counts. Returns the leaves and whether they
/// are exact.
///
/// A constant growth overestimates Go, whose branching falls by one a ply,
/// and underestimates chess from the opening, whose branching grows: from
/// perft(5), the extrapolated perft(9) is 26% under the true count.
///
/// ```
/// use plybench::engine::work::perft_leaves;
///
/// // A uniform tree of branching 20.
/// let (leaves, exact) = perft_leaves(9, |d| 20u64.pow(d));
/// assert_eq!((leaves, exact), (20f64.powi(9), false));
/// assert_eq!(perft_leaves(3, |d| 20u64.pow(d)), (8000.0, true));
/// ```
pub fn perft_leaves(depth: u32, mut count: impl FnMut(u32) -> u64) -> (f64, bool) {
    let (mut before, mut last) = (1.0_f64, 1.0_f64);
    for d in 1..=depth {
        let growth = if d == 1 { 1.0 } else { last / before };
        if d > 1 && last * growth > PILOT_LEAVES {
            return (last * growth.powi((depth - d + 1) as i32), false);
        }
        (before, last) = (last, count(d) as f64);
    }
    (last, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_and_durations_read_as_a_person_writes_them() {
        assert_eq!(amount(999_999.0), "999,999");
        assert_eq!(amount(1234.0), "1,234");
        assert_eq!(amount(2.44e12), "2.4e12");
        assert_eq!(duration(30.0), "30 s");
        assert_eq!(duration(600.0), "10 min");
        assert_eq!(duration(9000.0), "2.5 h");
        assert_eq!(duration(10.0 * 86_400.0), "10 days");
        assert_eq!(duration(f64::INFINITY), "for ever");
    }

    #[test]
    fn work_past_a_day_or_not_a_number_is_refused() {
        assert!(Work::exact(86_400.0, "positions", 1.0).check().is_ok());
        assert!(Work::exact(86_401.0, "positions", 1.0).check().is_err());
        assert!(Work::estimated(f64::INFINITY, "leaves", 1.0).check().is_err());
        assert!(Work { seconds: f64::NAN, ..Work::exact(1.0, "x", 1.0) }.check().is_err());
        assert!(Work::exact(1e6, "trees", 1e6).times(20.0).is_long());
        assert!(!Work::exact(1e6, "trees", 1e6).times(15.0).on_threads(2).is_long());
    }

    #[test]
    fn a_pilot_stops_before_a_long_count_and_extrapolates() {
        let mut asked = Vec::new();
        let (leaves, exact) = perft_leaves(10, |d| {
            asked.push(d);
            30u64.pow(d)
        });
        // 30^4 = 810,000 is counted; 30^5 would pass the pilot's bound.
        assert_eq!(asked, [1, 2, 3, 4]);
        assert!(!exact && (leaves / 30f64.powi(10) - 1.0).abs() < 1e-9);
        // A tree that ends early is exact, and zero.
        assert_eq!(perft_leaves(12, |d| if d > 2 { 0 } else { 5 }), (0.0, true));
        assert_eq!(perft_leaves(0, |_| unreachable!()), (1.0, true));
    }
}
