//! Verdicts: how a computed figure stands against its published one.
//!
//! A verdict is data. It travels in a [`Cell::Verdict`](super::Cell) inside
//! the tables, and [`Tally`](super::Tally) counts the verdicts of any set of
//! tables, so that one rule, [`Tally::passed`](super::Tally::passed),
//! decides pass or fail for every binary and for `plybench reproduce`.

use std::fmt;

/// How a computed figure compares with its published counterpart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Computed and published agree exactly.
    Match,
    /// Computed and published disagree. The report says why, with evidence,
    /// where the reason is known; the computed value is never adjusted.
    Differs,
    /// Computed and published disagree, and the published value is listed in
    /// `datasets/` as a known misprint, approximation or disputed figure,
    /// with the evidence. Reported, but not a failure.
    Known,
    /// The literature gives no value to compare with.
    NoPublishedValue,
    /// A published value exists but was not computed (too costly for the
    /// budget of this run, or beyond what a representation can hold).
    NotComputed,
    /// The input that holds a published value could not be read (a
    /// malformed line of a suite, a position refused by the checks), so the
    /// value was not checked. A failure: nothing was reproduced.
    InvalidInput,
}

impl Verdict {
    /// The stable name used in every output format.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Match => "match",
            Verdict::Differs => "differs",
            Verdict::Known => "known discrepancy",
            Verdict::NoPublishedValue => "no published value",
            Verdict::NotComputed => "not computed",
            Verdict::InvalidInput => "invalid input",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
