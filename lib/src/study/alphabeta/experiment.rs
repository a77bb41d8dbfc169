//! Monte Carlo over many random trees, in parallel, with statistics.
//!
//! Tree `i` of a run is drawn from `(seed, i)` alone, and the per-tree
//! counts are combined by integer addition (sums, sums of squares and
//! histogram buckets), which does not depend on the order of combination:
//! the same seed gives the same figures with any number of threads.

use hdrhistogram::Histogram;
use rayon::prelude::*;

use crate::Result;
use crate::engine::search::SearchError;
use crate::engine::search::algorithm::{Algorithm, Counts, search_unchecked};
use crate::engine::search::order::{MoveOrder, Natural, Noisy, OrderKind, Perfect, Worst};
use crate::engine::search::tree::{LeafValues, RandomTree, TreeShape};

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

/// Counts over a number of trees.
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
            histogram: Histogram::new(3).expect("3 significant figures is a valid precision"),
        }
    }

    fn add(mut self, counts: Counts) -> Sample {
        self.trees += 1;
        let leaves = counts.leaves;
        self.sum_leaves += u128::from(leaves);
        self.sum_leaves_sq += u128::from(leaves) * u128::from(leaves);
        self.sum_nodes += u128::from(counts.nodes());
        self.sum_interior += u128::from(counts.interior);
        self.min_leaves = self.min_leaves.min(leaves);
        self.max_leaves = self.max_leaves.max(leaves);
        self.histogram.saturating_record(leaves);
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

    /// The `q`-quantile (`0..=1`) of leaves examined, from the HDR
    /// histogram (3 significant figures).
    pub fn quantile_leaves(&self, q: f64) -> u64 {
        self.histogram.value_at_quantile(q)
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
