//! What a run of the `levy` study is asked to do.

use crate::Result;
use crate::engine::chance::sample::check_samples;
use crate::study::budget::Budget;

/// The budget, the seed of every random experiment, and the trials of each
/// Monte Carlo estimate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// How much work: the quick budget leaves out the exact showdowns that
    /// take more than a moment.
    pub budget: Budget,
    /// The seed of every Monte Carlo estimate: the same seed gives the same
    /// numbers on any machine and thread count.
    pub seed: u64,
    /// Trials of each Monte Carlo estimate.
    pub samples: u64,
}

impl Settings {
    /// The settings of `budget` with `seed`: 20,000 trials per estimate
    /// for the quick budget, 200,000 by default, 2,000,000 for the full.
    pub fn new(budget: Budget, seed: u64) -> Settings {
        let samples = match budget {
            Budget::Quick => 20_000,
            Budget::Default => 200_000,
            Budget::Full => 2_000_000,
        };
        Settings { budget, seed, samples }
    }

    /// These settings with `samples` trials per estimate, checked.
    pub fn with_samples(self, samples: u64) -> Result<Settings> {
        Ok(Settings { samples: check_samples(samples)?, ..self })
    }

    /// Games sampled for an estimate whose trials each search a game tree
    /// to the end: a hundredth of [`Settings::samples`], at least 100.
    pub fn tree_samples(&self) -> u64 {
        (self.samples / 100).max(100)
    }
}
