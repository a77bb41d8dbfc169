//! Monte Carlo over many random trees, in parallel, with statistics.
//!
//! Tree `i` of a run is drawn from `(seed, i)` alone, and the per-tree
//! counts are combined by integer addition (sums, sums of squares and
//! histogram buckets), which does not depend on the order of combination:
//! the same seed gives the same figures with any number of threads.

use hdrhistogram::Histogram;
use rayon::prelude::*;

use crate::Result;
use crate::engine::progress::{Progress, Step};
use crate::engine::search::SearchError;
use crate::engine::search::algorithm::{Algorithm, Counts, search_unchecked};
use crate::engine::search::order::{MoveOrder, Natural, Noisy, OrderKind, Perfect, Worst};
use crate::engine::search::theory::pearl_branching;
use crate::engine::search::tree::{LeafValues, RandomTree, TreeShape};
use crate::engine::work::Work;

/// The reference speed of the random-tree searches: leaf values a second
/// of one core (a minimax of twenty 8^8 trees, 3.4 × 10^8 leaves, takes
/// about 3 core-seconds).
pub const LEAVES_PER_SECOND: f64 = 1e8;

/// What to measure: a family of random trees, a move order and an
/// algorithm.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Experiment {
    /// The trees' shape.
    pub shape: TreeShape,
    /// How leaves get their values.
    pub values: LeafValues,
    /// The move order.
    pub order: OrderKind,
    /// The correlation of the noisy order's estimate with the true value,
    /// in `[-1, 1]`; the other orders ignore it.
    pub correlation: f64,
    /// The search.
    pub algorithm: Algorithm,
    /// The seed of the family of trees.
    pub seed: u64,
}

impl Experiment {
    /// Alpha-beta in random order on continuous independent leaf values:
    /// the model of the exact expectations and of Newborn's figures.
    pub fn random_order_alpha_beta(shape: TreeShape, seed: u64) -> Experiment {
        Experiment {
            shape,
            values: LeafValues::Continuous,
            order: OrderKind::Random,
            correlation: 0.0,
            algorithm: Algorithm::AlphaBeta,
            seed,
        }
    }

    /// The leaf values one tree costs, estimated: every leaf for minimax;
    /// `d` times every leaf for the orders that sort the children by their
    /// subtrees' values (perfect, worst, noisy), which value each subtree
    /// again at each ply; for alpha-beta and its variants in random order,
    /// twice Pearl's asymptotic growth to the depth, and never more than
    /// minimax.
    pub fn leaves_per_tree(&self) -> f64 {
        let (b, d) = (self.shape.branching, self.shape.depth);
        let every = f64::from(b).powi(d as i32);
        match (self.algorithm, self.order) {
            (Algorithm::Minimax, OrderKind::Random) => every,
            (_, OrderKind::Perfect | OrderKind::Worst | OrderKind::Noisy) => f64::from(d) * every,
            (_, OrderKind::Random) => every.min(2.0 * pearl_branching(b).powi(d as i32)),
        }
    }

    /// What searching `trees` trees costs, at [`LEAVES_PER_SECOND`] on each
    /// of rayon's threads (exact for minimax in random order).
    ///
    /// ```
    /// use plybench::engine::search::TreeShape;
    /// use plybench::study::alphabeta::Experiment;
    ///
    /// let newborn = Experiment::random_order_alpha_beta(TreeShape::new(4, 3)?, 1);
    /// assert!(newborn.work(200).check().is_ok());
    /// assert!(newborn.work(u64::MAX).check().is_err()); // centuries
    /// # Ok::<(), plybench::engine::search::SearchError>(())
    /// ```
    pub fn work(&self, trees: u64) -> Work {
        let leaves = self.leaves_per_tree() * trees as f64;
        let work = if self.algorithm == Algorithm::Minimax && self.order == OrderKind::Random {
            Work::exact(leaves, "leaf values", LEAVES_PER_SECOND)
        } else {
            Work::estimated(leaves, "leaf values", LEAVES_PER_SECOND)
        };
        work.on_threads(rayon::current_num_threads())
    }

    /// The move order as reports name it: `random`, `perfect`, `worst` or
    /// `noisy(r)`.
    pub fn order_label(&self) -> String {
        self.order.label(self.correlation)
    }
}

/// Checks a number of trees to search: at least one.
///
/// # Errors
///
/// [`SearchError::NoTrees`] for 0.
pub fn check_trees(trees: u64) -> Result<u64, SearchError> {
    if trees == 0 { Err(SearchError::NoTrees) } else { Ok(trees) }
}

/// The precision of the histogram of leaves: 3 significant figures. Every
/// count below 2048 has a bucket of its own; above, a bucket spans less
/// than 1/1024 of its values.
pub const SIGNIFICANT_FIGURES: u8 = 3;

/// The largest count the histogram holds: `i64::MAX / 2`, as far as
/// hdrhistogram's auto-resizing promises to track (above, the top of a
/// bucket can fall below the count recorded).
pub(super) const MAX_TRACKED: u64 = (i64::MAX / 2) as u64;

/// Counts over a number of trees.
///
/// The leaves of each tree go into an HDR histogram of
/// [`SIGNIFICANT_FIGURES`] that grows with the largest count recorded, so
/// that no count is clamped whatever its size; the percentiles
/// ([`Sample::percentile_leaves`]) are read from it.
///
/// Two samples are equal when every count and every histogram bucket is.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// Trees searched.
    pub trees: u64,
    pub(super) sum_leaves: u128,
    pub(super) sum_leaves_sq: u128,
    pub(super) sum_nodes: u128,
    pub(super) sum_interior: u128,
    /// Fewest leaves examined in one tree.
    pub min_leaves: u64,
    /// Most leaves examined in one tree.
    pub max_leaves: u64,
    pub(super) histogram: Histogram<u64>,
    /// Trees whose leaves the histogram cannot hold (past `i64::MAX / 2`,
    /// which no search reaches in a lifetime): while there is one, no
    /// percentile is given rather than a wrong one.
    pub(super) untracked: u64,
}

impl Sample {
    pub(super) fn empty() -> Sample {
        Sample {
            trees: 0,
            sum_leaves: 0,
            sum_leaves_sq: 0,
            sum_nodes: 0,
            sum_interior: 0,
            min_leaves: u64::MAX,
            max_leaves: 0,
            histogram: Sample::new_histogram(),
            untracked: 0,
        }
    }

    /// An empty histogram of leaves: auto-resizing, [`SIGNIFICANT_FIGURES`].
    pub(super) fn new_histogram() -> Histogram<u64> {
        Histogram::new(SIGNIFICANT_FIGURES).expect("3 significant figures is a valid precision")
    }

    pub(super) fn add(mut self, counts: Counts) -> Sample {
        self.trees += 1;
        let leaves = counts.leaves;
        self.sum_leaves += u128::from(leaves);
        self.sum_leaves_sq += u128::from(leaves) * u128::from(leaves);
        self.sum_nodes += u128::from(counts.nodes());
        self.sum_interior += u128::from(counts.interior);
        self.min_leaves = self.min_leaves.min(leaves);
        self.max_leaves = self.max_leaves.max(leaves);
        // `record` grows the histogram to the count; `saturating_record`
        // would clamp it to the current range and lose it. Past the range
        // hdrhistogram promises, its buckets wrap: such a count is set apart.
        if leaves > MAX_TRACKED || self.histogram.record(leaves).is_err() {
            self.untracked += 1;
        }
        self
    }

    /// The sample of both samples' trees. Every figure is an integer sum,
    /// minimum or maximum, or a sum of histogram buckets, so merging is
    /// exact and does not depend on the order.
    pub fn merge(mut self, other: Sample) -> Sample {
        self.trees += other.trees;
        self.sum_leaves += other.sum_leaves;
        self.sum_leaves_sq += other.sum_leaves_sq;
        self.sum_nodes += other.sum_nodes;
        self.sum_interior += other.sum_interior;
        self.min_leaves = self.min_leaves.min(other.min_leaves);
        self.max_leaves = self.max_leaves.max(other.max_leaves);
        self.histogram.add(&other.histogram).expect("auto-resizing histograms always merge");
        self.untracked += other.untracked;
        self
    }

    /// Mean leaves examined per tree.
    pub fn mean_leaves(&self) -> f64 {
        self.sum_leaves as f64 / self.trees as f64
    }

    /// Mean nodes visited per tree, the root excluded (see
    /// [`Counts::nodes`]).
    pub fn mean_nodes(&self) -> f64 {
        self.sum_nodes as f64 / self.trees as f64
    }

    /// Mean interior nodes entered per tree, the root included.
    pub fn mean_interior(&self) -> f64 {
        self.sum_interior as f64 / self.trees as f64
    }

    /// The sample standard deviation of the leaves examined.
    pub fn sd_leaves(&self) -> f64 {
        if self.trees < 2 {
            return 0.0;
        }
        let n = self.trees as f64;
        // Exact integer sums, so the subtraction loses nothing before the
        // conversion.
        let centred = self.sum_leaves_sq as f64 - (self.sum_leaves as f64) * (self.sum_leaves as f64) / n;
        (centred.max(0.0) / (n - 1.0)).sqrt()
    }

    /// Half the width of the 95% confidence interval of the mean leaves
    /// (normal approximation: `1.96·s/√n`).
    pub fn ci95_leaves(&self) -> f64 {
        1.96 * self.sd_leaves() / (self.trees as f64).sqrt()
    }

    /// The `p`-th percentile of the leaves examined per tree, `p` in
    /// `1..=100`: the least count `x` such that at least `p`% of the trees
    /// examined at most `x` leaves (the nearest-rank definition: the value
    /// of rank `ceil(p·n/100)` in the sorted counts of the `n` trees).
    ///
    /// It is read from the HDR histogram of [`SIGNIFICANT_FIGURES`]: exact
    /// for counts below 2048; above, the top of the histogram's bucket of
    /// the exact value, which is at most 1/1024 (under 0.1%) above it. It is
    /// never outside [`Sample::min_leaves`], [`Sample::max_leaves`]: the top
    /// of a bucket past the largest count is the largest count. `None` for
    /// `p` outside `1..=100`, an empty sample, or a count the histogram
    /// cannot hold (past `i64::MAX / 2`, about 4.6 × 10^18).
    ///
    /// ```
    /// use plybench::engine::search::{Algorithm, LeafValues, OrderKind, TreeShape};
    /// use plybench::study::alphabeta::{Experiment, run};
    ///
    /// let minimax = Experiment {
    ///     algorithm: Algorithm::Minimax,
    ///     ..Experiment::random_order_alpha_beta(TreeShape::new(2, 11)?, 1)
    /// };
    /// let sample = run(&minimax, 0, 10)?;
    /// // Minimax examines every one of the 2^11 leaves of every tree.
    /// assert_eq!((sample.min_leaves, sample.max_leaves), (2048, 2048));
    /// assert_eq!((sample.percentile_leaves(50), sample.percentile_leaves(99)), (Some(2048), Some(2048)));
    /// # Ok::<(), plybench::Error>(())
    /// ```
    pub fn percentile_leaves(&self, p: u32) -> Option<u64> {
        if !(1..=100).contains(&p) || self.trees == 0 || self.untracked > 0 {
            return None;
        }
        // In integers: a rank from a float product can be off by one.
        let rank = (u128::from(p) * u128::from(self.trees)).div_ceil(100);
        let mut below = 0u128;
        for bucket in self.histogram.iter_recorded() {
            below += u128::from(bucket.count_at_value());
            if below >= rank {
                let top = bucket.value_iterated_to();
                return Some(top.clamp(self.min_leaves, self.max_leaves));
            }
        }
        None
    }
}

fn run_with<O: MoveOrder>(experiment: &Experiment, order: &O, first: u64, count: u64) -> Sample {
    (first..first + count)
        .into_par_iter()
        .fold(Sample::empty, |sample, index| {
            let tree = RandomTree::new(experiment.shape, experiment.values, experiment.seed, index);
            sample.add(search_unchecked(&tree, order, experiment.algorithm).counts)
        })
        .reduce(Sample::empty, Sample::merge)
}

/// Searches trees `first..first + count` of the experiment's family.
///
/// ```
/// use plybench::engine::search::{Algorithm, LeafValues, OrderKind, TreeShape};
/// use plybench::study::alphabeta::{Experiment, run};
///
/// let experiment = Experiment {
///     shape: TreeShape::new(2, 2)?,
///     values: LeafValues::Continuous,
///     order: OrderKind::Random,
///     correlation: 0.0,
///     algorithm: Algorithm::AlphaBeta,
///     seed: 1,
/// };
/// let sample = run(&experiment, 0, 30_000)?;
/// assert!((sample.mean_leaves() - 11.0 / 3.0).abs() < 3.0 * sample.ci95_leaves());
/// # Ok::<(), plybench::Error>(())
/// ```
///
/// # Errors
///
/// [`SearchError::NoTrees`] for no trees, [`SearchError::Correlation`] for
/// the noisy order with a correlation outside `[-1, 1]`.
pub fn run(experiment: &Experiment, first: u64, count: u64) -> Result<Sample> {
    check_trees(count)?;
    Ok(match experiment.order {
        OrderKind::Random => run_with(experiment, &Natural, first, count),
        OrderKind::Perfect => run_with(experiment, &Perfect, first, count),
        OrderKind::Worst => run_with(experiment, &Worst, first, count),
        OrderKind::Noisy => run_with(experiment, &Noisy::new(experiment.correlation)?, first, count),
    })
}

/// [`run`], telling `progress` of the trees searched: the trees go in a
/// hundred slices, one after the other, each searched in parallel, and the
/// slices' samples merge exactly (integer sums and histogram buckets), so
/// the sample is the one [`run`] gives.
///
/// # Errors
///
/// As [`run`].
pub fn run_reporting(experiment: &Experiment, first: u64, count: u64, progress: Progress<'_>) -> Result<Sample> {
    check_trees(count)?;
    if !progress.is_some() {
        return run(experiment, first, count);
    }
    let slice = count.div_ceil(100).max(1);
    let mut sample = Sample::empty();
    let mut done = 0;
    progress.report(Step { label: "trees", done, total: count, nodes: 0 });
    while done < count {
        let n = slice.min(count - done);
        sample = sample.merge(run(experiment, first + done, n)?);
        done += n;
        progress.report(Step { label: "trees", done, total: count, nodes: sample.sum_leaves });
    }
    Ok(sample)
}

/// How many trees an adaptive run may use.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Precision {
    /// The target: the 95% confidence half-width at most this fraction of
    /// the mean (0.001 is ±0.1%).
    pub relative_ci: f64,
    /// Trees in the first batch.
    pub min_trees: u64,
    /// Never more trees than this, precise or not.
    pub max_trees: u64,
}

/// Searches trees in batches until the confidence interval is as narrow as
/// `precision` asks, or the tree budget is spent.
///
/// Batch sizes depend only on the figures already measured, which depend
/// only on the seed, so an adaptive run is as reproducible as a fixed one.
pub fn run_adaptive(experiment: &Experiment, precision: Precision) -> Result<Sample> {
    let mut sample = run(experiment, 0, precision.min_trees.max(2).min(precision.max_trees.max(2)))?;
    loop {
        let target = precision.relative_ci * sample.mean_leaves();
        if sample.ci95_leaves() <= target || sample.trees >= precision.max_trees {
            return Ok(sample);
        }
        let needed = if target > 0.0 { (1.96 * sample.sd_leaves() / target).powi(2) * 1.05 } else { f64::MAX };
        let more = (needed.ceil() as u64)
            .saturating_sub(sample.trees)
            .max(sample.trees / 4)
            .max(1)
            .min(precision.max_trees - sample.trees);
        let next = run(experiment, sample.trees, more)?;
        sample = sample.merge(next);
    }
}

/// Searches trees in doubling batches until `max_trees` trees are done or
/// the leaves examined reach `leaf_budget`, whichever comes first. Like
/// [`run_adaptive`], the number of trees depends only on the seed.
pub fn run_budget(experiment: &Experiment, max_trees: u64, leaf_budget: u64) -> Result<Sample> {
    let mut sample = run(experiment, 0, max_trees.min(8))?;
    while sample.trees < max_trees && sample.sum_leaves < u128::from(leaf_budget) {
        let more = sample.trees.min(max_trees - sample.trees);
        let next = run(experiment, sample.trees, more)?;
        sample = sample.merge(next);
    }
    Ok(sample)
}

#[cfg(test)]
pub(super) mod tests {
    use proptest::prelude::*;

    use super::*;

    pub(crate) fn sample_of(values: &[u64]) -> Sample {
        values.iter().fold(Sample::empty(), |s, &leaves| s.add(Counts { leaves, interior: 1 }))
    }

    /// Every percentile of `sample` against the sorted `values`: the exact
    /// nearest-rank value below 2048, at most 1/1024 above it beyond, and
    /// never outside min..max.
    pub(crate) fn check_percentiles(sample: &Sample, values: &[u64]) -> Result<(), TestCaseError> {
        let mut sorted = values.to_vec();
        sorted.sort_unstable();
        let n = sorted.len() as u64;
        for p in 1..=100u32 {
            let rank = (u64::from(p) * n).div_ceil(100);
            let exact = sorted[rank as usize - 1];
            let got = sample.percentile_leaves(p).expect("a percentile of a sample");
            prop_assert!(got >= exact && got - exact <= exact / 1024, "p{}: {} for {} of {:?}", p, got, exact, sorted);
            if exact < 2048 {
                prop_assert_eq!(got, exact, "p{} below 2048 is exact", p);
            }
            prop_assert!((sorted[0]..=sorted[sorted.len() - 1]).contains(&got));
        }
        prop_assert_eq!(sample.percentile_leaves(0), None);
        prop_assert_eq!(sample.percentile_leaves(101), None);
        Ok(())
    }

    /// Counts whose magnitudes spread from 1 to 2^61: a random width, then a
    /// random value of that width.
    pub(crate) fn counts() -> impl Strategy<Value = Vec<u64>> {
        let count = (0u32..=61, any::<u64>()).prop_map(|(bits, x)| 1 + (x >> 3) % (1 << bits));
        prop::collection::vec(count, 1..300)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]
        #[test]
        fn percentiles_agree_with_a_sort_of_the_counts(values in counts(), cut in any::<prop::sample::Index>()) {
            let sample = sample_of(&values);
            prop_assert_eq!(sample.min_leaves, *values.iter().min().unwrap());
            check_percentiles(&sample, &values)?;
            // Merged from two parts, as batches are (through their files:
            // the tests of `batches`).
            let (a, b) = values.split_at(cut.index(values.len() + 1));
            let merged = sample_of(a).merge(sample_of(b));
            check_percentiles(&merged, &values)?;
            prop_assert_eq!(merged, sample);
        }

        #[test]
        fn one_repeated_count_is_every_percentile(count in 1u64..(1 << 61), trees in 1usize..50) {
            let sample = sample_of(&vec![count; trees]);
            for p in [1, 50, 99, 100] {
                prop_assert_eq!(sample.percentile_leaves(p), Some(count));
            }
        }
    }

    #[test]
    fn counts_past_the_first_histogram_range_are_not_clamped() {
        // The fault of issue 32: 2048 leaves came out as a median of 2.
        let sample = sample_of(&[2048; 10]);
        assert_eq!(sample.percentile_leaves(50), Some(2048));
        let sample = sample_of(&[3, 2116, 1 << 40, 1 << 61]);
        assert_eq!(sample.percentile_leaves(25), Some(3));
        // 2116 lies in the bucket 2116..=2117 (buckets of 2 from 2048): its top.
        assert_eq!(sample.percentile_leaves(50), Some(2117));
        assert_eq!(sample.percentile_leaves(100), Some(1 << 61));
        // Past the last count, the top of its bucket is the count itself.
        assert_eq!(sample_of(&[5, MAX_TRACKED]).percentile_leaves(100), Some(MAX_TRACKED));
    }

    #[test]
    fn a_count_the_histogram_cannot_hold_leaves_no_percentile() {
        // No search reaches such a count; were one recorded, no percentile
        // is given, through merges too.
        let sample = sample_of(&[5, MAX_TRACKED + 1]);
        assert_eq!((sample.untracked, sample.percentile_leaves(50)), (1, None));
        assert_eq!(sample_of(&[5]).merge(sample).percentile_leaves(1), None);
    }
}
