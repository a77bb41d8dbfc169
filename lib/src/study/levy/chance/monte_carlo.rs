//! The seeded Monte Carlo beside an exact value: one table per chapter,
//! each row an estimate with its 95% interval and whether the exact value
//! lies in it.

use num_rational::BigRational;
use num_traits::ToPrimitive;

use crate::engine::chance::sample::{Estimate, Moments};
use crate::report::{Cell, Column, Table, decimal_text_significant};

/// What was estimated.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Sampled {
    /// A probability: hits out of trials (Wilson's interval).
    Probability(Estimate),
    /// The mean of a measurement over the trials that gave one (normal
    /// interval): its mean, half-width and the trials measured and run.
    Mean {
        /// The sample mean.
        mean: f64,
        /// The half-width of its 95% interval.
        half_width: f64,
        /// Trials that gave a measurement.
        measured: u64,
        /// Trials run.
        trials: u64,
    },
}

impl Sampled {
    /// The mean of measurement `k` of `moments`.
    pub fn mean<const K: usize>(moments: &Moments<K>, k: usize) -> Sampled {
        Sampled::Mean {
            mean: moments.mean(k),
            half_width: moments.half_width(k),
            measured: moments.measured,
            trials: moments.trials,
        }
    }

    fn interval(&self) -> (f64, f64) {
        match *self {
            Sampled::Probability(e) => e.interval(),
            Sampled::Mean { mean, half_width, .. } => (mean - half_width, mean + half_width),
        }
    }
}

/// One estimate beside the exact value, if there is one.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// Unique in the table.
    pub id: &'static str,
    /// What is estimated.
    pub quantity: String,
    /// The exact value, when it is known.
    pub exact: Option<BigRational>,
    /// The estimate.
    pub sampled: Sampled,
}

/// The table `id` of `rows`, seeded with `seed`.
pub fn table(id: &str, title: &str, rows: &[Row], seed: u64) -> Table {
    let mut table = Table::new(
        id,
        title,
        vec![
            Column::new("id", "Id"),
            Column::new("quantity", "Quantity"),
            Column::new("exact", "Exact"),
            Column::new("exact_decimal", "Exact (decimal)"),
            Column::new("trials", "Trials"),
            Column::new("measured", "Hits or measured"),
            Column::new("estimate", "Estimate"),
            Column::new("ci95_low", "95% low"),
            Column::new("ci95_high", "95% high"),
            Column::new("within", "Exact within"),
        ],
    );
    for row in rows {
        let (low, high) = row.sampled.interval();
        let (trials, measured, estimate) = match row.sampled {
            Sampled::Probability(e) => (e.samples, e.hits, e.mean()),
            Sampled::Mean { mean, measured, trials, .. } => (trials, measured, mean),
        };
        let exact_f64 = row.exact.as_ref().and_then(ToPrimitive::to_f64);
        table.push(vec![
            row.id.into(),
            row.quantity.as_str().into(),
            Cell::opt(
                row.exact.as_ref().map(|x| {
                    if x.is_integer() { x.numer().to_string() } else { format!("{}/{}", x.numer(), x.denom()) }
                }),
            ),
            Cell::opt(row.exact.as_ref().map(|x| decimal_text_significant(x, 6, 0))),
            trials.into(),
            measured.into(),
            Cell::float(estimate, 6),
            Cell::float(low, 6),
            Cell::float(high, 6),
            Cell::opt(exact_f64.map(|x| low <= x && x <= high)),
        ]);
    }
    table.note(format!(
        "Seed {seed}: trial i draws its numbers from the seed and i alone, and the counts are integers summed in any \
         order, so the same seed gives the same estimates on any machine and any number of threads. Intervals: \
         Wilson's for a probability, the normal one for a mean; about one row in twenty may miss the exact value \
         by chance."
    ));
    table
}
