//! Seeded Monte Carlo: trials whose random numbers come from the seed and
//! the trial's number alone, counted in integers, so that an estimate is the
//! same on any machine and with any number of threads.
//!
//! ```
//! use plybench::engine::chance::sample::{Estimate, tally};
//!
//! // How often two cards from a fresh deck are a pair (exactly 1/17).
//! let counts = tally::<2>(1, 20_000, |rng| {
//!     let a = rng.below(52);
//!     let mut b = rng.below(51);
//!     if b >= a { b += 1 }
//!     usize::from(a / 4 == b / 4)
//! })?;
//! let pair = Estimate { hits: counts[1], samples: 20_000 };
//! assert!(pair.contains(1.0 / 17.0));
//! assert_eq!(counts, tally::<2>(1, 20_000, |rng| { let a = rng.below(52); let mut b = rng.below(51); if b >= a { b += 1 } usize::from(a / 4 == b / 4) })?);
//! # Ok::<(), plybench::engine::limit::LimitError>(())
//! ```

use rayon::prelude::*;

use crate::engine::limit::{LimitError, Quantity, check_range};
use crate::engine::rng::{SplitMix, tree_id};

/// The most trials one estimate accepts.
pub const MAX_SAMPLES: u64 = 1_000_000_000;

/// Trials per task handed to the thread pool; the split does not change
/// any count.
const CHUNK: u64 = 4096;

/// Checks a number of trials: 1 to [`MAX_SAMPLES`].
pub fn check_samples(samples: u64) -> Result<u64, LimitError> {
    check_range(Quantity::Other("samples"), samples, 1, MAX_SAMPLES, "")
}

/// The generator of trial `trial` under `seed`.
pub fn trial_rng(seed: u64, trial: u64) -> SplitMix {
    SplitMix::new(tree_id(seed, trial))
}

/// Runs `samples` trials of `trial`, each with its own generator, and
/// counts how many ended in each of `N` outcomes (the index it returns).
///
/// # Panics
///
/// If `trial` returns an index of `N` or more: a programming error.
pub fn tally<const N: usize>(
    seed: u64,
    samples: u64,
    trial: impl Fn(&mut SplitMix) -> usize + Sync,
) -> Result<[u64; N], LimitError> {
    check_samples(samples)?;
    let chunks = samples.div_ceil(CHUNK);
    Ok((0..chunks)
        .into_par_iter()
        .map(|c| {
            let mut counts = [0u64; N];
            for i in c * CHUNK..((c + 1) * CHUNK).min(samples) {
                counts[trial(&mut trial_rng(seed, i))] += 1;
            }
            counts
        })
        .reduce(
            || [0; N],
            |mut a, b| {
                for (x, y) in a.iter_mut().zip(b) {
                    *x += y;
                }
                a
            },
        ))
}

/// Sums of `K` integer measurements over the trials that gave one: their
/// number, sums and sums of squares, exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moments<const K: usize> {
    /// Trials run.
    pub trials: u64,
    /// Trials that gave a measurement.
    pub measured: u64,
    /// Sum of each measurement.
    pub sum: [u128; K],
    /// Sum of its square.
    pub sum_squares: [u128; K],
}

impl<const K: usize> Moments<K> {
    /// The mean of measurement `k`.
    pub fn mean(&self, k: usize) -> f64 {
        self.sum[k] as f64 / self.measured.max(1) as f64
    }

    /// The half-width of the normal 95% interval of the mean of
    /// measurement `k`.
    pub fn half_width(&self, k: usize) -> f64 {
        let n = self.measured as f64;
        if n < 2.0 {
            return f64::INFINITY;
        }
        let mean = self.mean(k);
        let variance = (self.sum_squares[k] as f64 - n * mean * mean) / (n - 1.0);
        1.96 * (variance.max(0.0) / n).sqrt()
    }
}

/// Runs `samples` trials of `trial`, which measures `K` integers or gives
/// up (`None`, e.g. a game that ended before the position wanted), and sums
/// what they measured.
pub fn moments<const K: usize>(
    seed: u64,
    samples: u64,
    trial: impl Fn(&mut SplitMix) -> Option<[u64; K]> + Sync,
) -> Result<Moments<K>, LimitError> {
    check_samples(samples)?;
    let chunks = samples.div_ceil(CHUNK);
    let zero = Moments { trials: 0, measured: 0, sum: [0; K], sum_squares: [0; K] };
    Ok((0..chunks)
        .into_par_iter()
        .map(|c| {
            let mut m = zero;
            for i in c * CHUNK..((c + 1) * CHUNK).min(samples) {
                m.trials += 1;
                if let Some(values) = trial(&mut trial_rng(seed, i)) {
                    m.measured += 1;
                    for (k, v) in values.into_iter().enumerate() {
                        m.sum[k] += u128::from(v);
                        m.sum_squares[k] += u128::from(v) * u128::from(v);
                    }
                }
            }
            m
        })
        .reduce(
            || zero,
            |mut a, b| {
                a.trials += b.trials;
                a.measured += b.measured;
                for k in 0..K {
                    a.sum[k] += b.sum[k];
                    a.sum_squares[k] += b.sum_squares[k];
                }
                a
            },
        ))
}

/// A probability estimated as `hits` out of `samples` trials.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Estimate {
    /// Trials in which the event happened.
    pub hits: u64,
    /// Trials.
    pub samples: u64,
}

impl Estimate {
    /// The estimate, `hits / samples`.
    pub fn mean(&self) -> f64 {
        self.hits as f64 / self.samples.max(1) as f64
    }

    /// Wilson's 95% interval (z = 1.96) of the probability.
    pub fn interval(&self) -> (f64, f64) {
        let n = self.samples.max(1) as f64;
        let p = self.mean();
        let z = 1.96f64;
        let z2 = z * z;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
        ((centre - half).max(0.0), (centre + half).min(1.0))
    }

    /// Whether `p` lies in the 95% interval.
    pub fn contains(&self, p: f64) -> bool {
        let (low, high) = self.interval();
        (low..=high).contains(&p)
    }
}

/// Moves `k` items chosen uniformly at random to the front of `items`
/// (a partial Fisher-Yates shuffle), in place.
pub fn choose_front<T>(items: &mut [T], k: usize, rng: &mut SplitMix) {
    let n = items.len();
    for i in 0..k.min(n) {
        items.swap(i, i + rng.below(n - i));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tallies_do_not_depend_on_the_thread_count() {
        let trial = |rng: &mut SplitMix| rng.below(6);
        let wide = tally::<6>(9, 50_000, trial).unwrap();
        let narrow = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap()
            .install(|| tally::<6>(9, 50_000, trial).unwrap());
        assert_eq!(wide, narrow);
        assert_eq!(wide.iter().sum::<u64>(), 50_000);
        for &c in &wide {
            assert!(Estimate { hits: c, samples: 50_000 }.contains(1.0 / 6.0), "{wide:?}");
        }
        assert!(tally::<2>(1, 0, |_| 0).is_err());
    }

    #[test]
    fn moments_of_a_die() {
        let m = moments::<1>(3, 60_000, |rng| Some([rng.below(6) as u64 + 1])).unwrap();
        assert_eq!((m.trials, m.measured), (60_000, 60_000));
        assert!((m.mean(0) - 3.5).abs() < m.half_width(0) * 2.0);
    }

    #[test]
    fn wilson_intervals() {
        let none = Estimate { hits: 0, samples: 100 };
        assert_eq!(none.interval().0, 0.0);
        assert!(none.contains(0.0) && !none.contains(0.05));
        let half = Estimate { hits: 500, samples: 1000 };
        let (low, high) = half.interval();
        assert!(low < 0.5 && high > 0.5 && high - low < 0.07);
    }
}
