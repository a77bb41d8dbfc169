//! Verdicts: how a computed figure stands against its published one.
//!
//! A verdict is data. It travels in a [`Cell::Verdict`](super::Cell) inside
//! the tables, and [`Tally`] counts the verdicts of any set of tables, so
//! that one rule, [`Tally::passed`], decides pass or fail for every binary
//! and for `plybench reproduce`.

use std::fmt;

use super::{Cell, Table};

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
    /// budget of this run).
    NotComputed,
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
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Verdicts counted over tables.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Computed equals published.
    pub matches: usize,
    /// Differs from a published value listed as a known discrepancy.
    pub known: usize,
    /// Differs from a published value: a failure.
    pub differs: usize,
    /// Published but not computed at this budget.
    pub not_computed: usize,
}

impl Tally {
    /// Counts every verdict cell of `tables`, in any column.
    ///
    /// ```
    /// use plybench::report::{Cell, Column, Table, Tally, Verdict};
    ///
    /// let mut table = Table::new("t", "T", vec![Column::new("n", "N"), Column::new("verdict", "Verdict")]);
    /// table.push(vec![Cell::from(912u64), Verdict::Match.into()]);
    /// table.push(vec![Cell::from(911u64), Verdict::Known.into()]);
    /// let tally = Tally::of([&table]);
    /// assert_eq!((tally.matches, tally.known, tally.differs), (1, 1, 0));
    /// assert!(tally.passed());
    /// ```
    pub fn of<'a>(tables: impl IntoIterator<Item = &'a Table>) -> Tally {
        let mut tally = Tally::default();
        for cell in tables.into_iter().flat_map(|t| t.rows.iter().flatten()) {
            if let Cell::Verdict(verdict) = cell {
                tally.add(*verdict);
            }
        }
        tally
    }

    /// Counts one verdict.
    pub fn add(&mut self, verdict: Verdict) {
        match verdict {
            Verdict::Match => self.matches += 1,
            Verdict::Known => self.known += 1,
            Verdict::Differs => self.differs += 1,
            Verdict::NotComputed => self.not_computed += 1,
            Verdict::NoPublishedValue => {}
        }
    }

    /// The one rule of pass and fail: a run passes when no computed figure
    /// differs from its published value, except the known discrepancies
    /// that `datasets/` lists with their evidence.
    pub fn passed(&self) -> bool {
        self.differs == 0
    }
}

impl std::ops::Add for Tally {
    type Output = Tally;

    fn add(self, other: Tally) -> Tally {
        Tally {
            matches: self.matches + other.matches,
            known: self.known + other.known,
            differs: self.differs + other.differs,
            not_computed: self.not_computed + other.not_computed,
        }
    }
}

impl FromIterator<Verdict> for Tally {
    fn from_iter<I: IntoIterator<Item = Verdict>>(verdicts: I) -> Tally {
        let mut tally = Tally::default();
        verdicts.into_iter().for_each(|v| tally.add(v));
        tally
    }
}
