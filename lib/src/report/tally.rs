//! Verdicts counted over tables, and the one rule of pass and fail.

use super::{Cell, Table, Verdict};

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
    /// Published, in input that could not be read: a failure.
    pub invalid: usize,
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
            Verdict::InvalidInput => self.invalid += 1,
            Verdict::NoPublishedValue => {}
        }
    }

    /// The one rule of pass and fail: a run passes when no computed figure
    /// differs from its published value, except the known discrepancies
    /// that `datasets/` lists with their evidence, and no published figure
    /// sat in input that could not be read.
    ///
    /// ```
    /// use plybench::report::{Tally, Verdict};
    ///
    /// assert!([Verdict::Match, Verdict::NotComputed].into_iter().collect::<Tally>().passed());
    /// assert!(![Verdict::Match, Verdict::InvalidInput].into_iter().collect::<Tally>().passed());
    /// ```
    pub fn passed(&self) -> bool {
        self.differs == 0 && self.invalid == 0
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
            invalid: self.invalid + other.invalid,
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
