//! The random-tree experiment split into batches of trees whose figures
//! merge exactly.
//!
//! Tree `i` of a run depends only on the seed and `i`, so the trees
//! `first..first + count` form a deterministic work unit. A run of `T`
//! trees in batches of `B` has `ceil(T / B)` units; unit `k` holds trees
//! `k·B ..` up to `B` of them. Each unit's [`Partial`] keeps only integers:
//! the counts of trees, sums and sums of squares (as decimal strings, being
//! `u128`), the least and most leaves, and the non-empty buckets of the HDR
//! histogram. Merging adds, takes minima and maxima, and adds buckets, so the
//! merged [`Sample`] equals the one-run sample exactly, histogram included.
//!
//! ```
//! use plybench::study::alphabeta::batches::{RandomParams, batches, merge, run_batch};
//! use plybench::study::alphabeta::run;
//!
//! let params = RandomParams { trees: 1000, batch_trees: 300, ..RandomParams::new(3, 4) };
//! let experiment = params.experiment()?;
//! let partials = batches(&params)?
//!     .iter()
//!     .map(|batch| run_batch(&experiment, batch))
//!     .collect::<Result<Vec<_>, _>>()?;
//! assert_eq!(partials.len(), 4);
//! assert_eq!(merge(&params, &partials)?, run(&experiment, 0, 1000)?);
//! # Ok::<(), plybench::Error>(())
//! ```

use serde::{Deserialize, Serialize};

use super::experiment::{Experiment, MAX_TRACKED, Sample, check_trees, run};
use super::records::random_table;
use crate::batch::{Completed, Job, Outcome, Unit};
use crate::engine::search::SearchError;
use crate::engine::search::algorithm::{Algorithm, AlgorithmKind};
use crate::engine::search::order::{Noisy, OrderKind};
use crate::engine::search::tree::{LeafValues, TreeShape, ValuesKind};
use crate::{Error, Result};

/// Trees per unit when none is asked for: large enough that a unit's
/// bookkeeping is negligible beside its searches, small enough that a
/// checkpoint is written every few seconds on deep trees.
pub const DEFAULT_BATCH_TREES: u64 = 4096;

/// Everything that defines an `alphabeta random` run, as given on the
/// command line. Real numbers are kept in JSON as the shortest decimal
/// text that reads back to the same `f64`, so a run read from a file is
/// the run that was written.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RandomParams {
    /// Children per node.
    pub branching: u32,
    /// Plies.
    pub depth: u32,
    /// Trees in the run.
    pub trees: u64,
    /// Seed of the family of trees.
    pub seed: u64,
    /// Move order.
    pub order: OrderKind,
    /// Correlation for the noisy order.
    #[serde(with = "float_text::option")]
    pub correlation: Option<f64>,
    /// Search algorithm.
    pub algorithm: AlgorithmKind,
    /// Leaf values.
    pub values: ValuesKind,
    /// Distinct values for discrete leaves.
    pub levels: u32,
    /// Aspiration window centre, a quantile of the leaf values.
    #[serde(with = "float_text")]
    pub window_centre: f64,
    /// Aspiration window half-width, a fraction of the value range.
    #[serde(with = "float_text")]
    pub window_half_width: f64,
    /// Trees per work unit.
    pub batch_trees: u64,
}

impl RandomParams {
    /// The command line's defaults for `b^d` trees: 10,000 trees, seed 1,
    /// alpha-beta in random order on continuous values, batches of
    /// [`DEFAULT_BATCH_TREES`].
    pub fn new(branching: u32, depth: u32) -> RandomParams {
        RandomParams {
            branching,
            depth,
            trees: 10_000,
            seed: 1,
            order: OrderKind::Random,
            correlation: None,
            algorithm: AlgorithmKind::Alphabeta,
            values: ValuesKind::Continuous,
            levels: 10,
            window_centre: 0.5,
            window_half_width: 0.1,
            batch_trees: DEFAULT_BATCH_TREES,
        }
    }

    /// The experiment these parameters describe, checked.
    ///
    /// # Errors
    ///
    /// The [`SearchError`] of the parameter at fault: a shape out of range
    /// ([`TreeShape::new`]), no trees or batches of no trees, a correlation
    /// outside `[-1, 1]`, missing for the noisy order or given for another,
    /// fewer than 2
    /// levels, or a window outside the value range ([`Algorithm::new`]).
    pub fn experiment(&self) -> Result<Experiment, SearchError> {
        let shape = TreeShape::new(self.branching, self.depth)?;
        check_trees(self.trees)?;
        if self.batch_trees == 0 {
            return Err(SearchError::NoBatchTrees);
        }
        if let Some(r) = self.correlation {
            Noisy::new(r)?;
        }
        let correlation = match (self.order, self.correlation) {
            (OrderKind::Noisy, None) => return Err(SearchError::NoCorrelation),
            (OrderKind::Noisy, Some(r)) => r,
            (order, Some(r)) => return Err(SearchError::CorrelationNotNoisy(r, order.name())),
            (_, None) => 0.0,
        };
        let values = LeafValues::new(self.values, self.levels)?;
        let algorithm = Algorithm::new(self.algorithm, values, self.window_centre, self.window_half_width)?;
        Ok(Experiment { shape, values, order: self.order, correlation, algorithm, seed: self.seed })
    }
}

/// One work unit: a range of tree indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Batch {
    /// The first tree.
    pub first: u64,
    /// How many trees.
    pub count: u64,
}

impl Batch {
    /// The unit's stable name, e.g. `trees 4096..8191` (both ends included).
    pub fn id(&self) -> String {
        format!("trees {}..{}", self.first, self.first + self.count - 1)
    }
}

/// The batches of a run, in order.
///
/// # Errors
///
/// As [`RandomParams::experiment`].
pub fn batches(params: &RandomParams) -> Result<Vec<Batch>> {
    params.experiment()?;
    let units = params.trees.div_ceil(params.batch_trees);
    Ok((0..units).map(|k| nth(params, k)).collect())
}

/// Batch number `index` (from 0) of a run.
///
/// # Errors
///
/// As [`RandomParams::experiment`], and [`Error::InvalidInput`] if the run
/// has no such batch.
pub fn batch_at(params: &RandomParams, index: usize) -> Result<Batch> {
    params.experiment()?;
    let units = params.trees.div_ceil(params.batch_trees);
    match u64::try_from(index) {
        Ok(k) if k < units => Ok(nth(params, k)),
        _ => Err(Error::invalid("unit", format!("{index}; the run has {units} batches"))),
    }
}

fn nth(params: &RandomParams, k: u64) -> Batch {
    let first = k * params.batch_trees;
    Batch { first, count: params.batch_trees.min(params.trees - first) }
}

/// Searches one batch.
///
/// # Errors
///
/// As [`run`].
pub fn run_batch(experiment: &Experiment, batch: &Batch) -> Result<Partial> {
    Ok(Partial::from(&run(experiment, batch.first, batch.count)?))
}

/// The sample of a whole run from its batches' partial results, given in
/// batch order.
///
/// # Errors
///
/// [`Error::InvalidInput`] if the number of partials or the trees of one
/// differ from the batches of `params`, or a partial is inconsistent.
pub fn merge(params: &RandomParams, partials: &[Partial]) -> Result<Sample> {
    let batches = batches(params)?;
    if batches.len() != partials.len() {
        return Err(Error::invalid(
            "unit results",
            format!("{} given but the run has {} batches; merge every batch once", partials.len(), batches.len()),
        ));
    }
    let mut sample = Sample::empty();
    for (batch, partial) in batches.iter().zip(partials) {
        if partial.trees != batch.count {
            return Err(Error::invalid(
                "unit results",
                format!("batch `{}` holds {} trees, not {}", batch.id(), partial.trees, batch.count),
            ));
        }
        sample = sample.merge(partial.sample()?);
    }
    Ok(sample)
}

/// A batch's figures, integers only. Serialized with the `u128` sums as
/// decimal strings and the histogram as `[value, count]` pairs, one per
/// non-empty bucket (the value is the bucket's highest equivalent value).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Partial {
    /// Trees searched.
    pub trees: u64,
    /// Sum of leaves examined.
    #[serde(with = "crate::decimal")]
    pub sum_leaves: u128,
    /// Sum of the squares of leaves examined.
    #[serde(with = "crate::decimal")]
    pub sum_leaves_sq: u128,
    /// Sum of nodes visited.
    #[serde(with = "crate::decimal")]
    pub sum_nodes: u128,
    /// Sum of interior nodes entered.
    #[serde(with = "crate::decimal")]
    pub sum_interior: u128,
    /// Fewest leaves in one tree.
    pub min_leaves: u64,
    /// Most leaves in one tree.
    pub max_leaves: u64,
    /// Non-empty histogram buckets: `[value, count]`.
    pub histogram: Vec<[u64; 2]>,
    /// Trees whose leaves the histogram cannot hold (see [`Sample`]);
    /// written only when there are any.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub untracked: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl From<&Sample> for Partial {
    fn from(sample: &Sample) -> Partial {
        Partial {
            trees: sample.trees,
            sum_leaves: sample.sum_leaves,
            sum_leaves_sq: sample.sum_leaves_sq,
            sum_nodes: sample.sum_nodes,
            sum_interior: sample.sum_interior,
            min_leaves: sample.min_leaves,
            max_leaves: sample.max_leaves,
            histogram: sample.histogram.iter_recorded().map(|v| [v.value_iterated_to(), v.count_at_value()]).collect(),
            untracked: sample.untracked,
        }
    }
}

impl Partial {
    /// The sample back, histogram rebuilt bucket by bucket.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidInput`] if the buckets do not hold `trees` trees, a
    /// bucket lies outside the least and most leaves, or these contradict
    /// each other.
    pub fn sample(&self) -> Result<Sample> {
        let bad = |why: String| Error::invalid("unit result", why);
        let mut histogram = Sample::new_histogram();
        let mut recorded = self.untracked;
        for &[value, count] in &self.histogram {
            if value > MAX_TRACKED {
                return Err(bad(format!(
                    "histogram value {value} is past what a histogram holds; the file is damaged"
                )));
            }
            histogram.record_n(value, count).map_err(|e| bad(format!("histogram value {value}: {e:?}")))?;
            recorded = recorded.checked_add(count).ok_or_else(|| bad("histogram counts overflow".to_owned()))?;
            let (low, high) = (histogram.lowest_equivalent(value), histogram.highest_equivalent(value));
            if high < self.min_leaves || low > self.max_leaves {
                return Err(bad(format!(
                    "histogram value {value} lies outside leaves {}..{}; the file is damaged",
                    self.min_leaves, self.max_leaves
                )));
            }
        }
        if recorded != self.trees || self.trees == 0 || self.min_leaves > self.max_leaves {
            return Err(bad(format!(
                "{} trees, {recorded} in the histogram, leaves {}..{}; the file is damaged",
                self.trees, self.min_leaves, self.max_leaves
            )));
        }
        Ok(Sample {
            trees: self.trees,
            sum_leaves: self.sum_leaves,
            sum_leaves_sq: self.sum_leaves_sq,
            sum_nodes: self.sum_nodes,
            sum_interior: self.sum_interior,
            min_leaves: self.min_leaves,
            max_leaves: self.max_leaves,
            histogram,
            untracked: self.untracked,
        })
    }
}

/// The split experiment as a [`Job`]: what a checkpointed, resumed or
/// sharded run of the random-tree experiment, and a merge of its shards,
/// run.
///
/// ```
/// use plybench::study::alphabeta::batches::{RandomParams, RandomSplit};
/// use plybench::batch::{RunOptions, Shard, run};
/// use plybench::study::tools::merge_loaded;
///
/// let params = RandomParams { trees: 500, batch_trees: 100, ..RandomParams::new(3, 3) };
/// let shard = |k| -> plybench::Result<RunOptions> {
///     Ok(RunOptions { shard: Some(Shard::new(k, 2)?), threads: 1, ..RunOptions::default() })
/// };
/// let one = run::<RandomSplit>(&params, &shard(1)?)?.file;
/// let two = run::<RandomSplit>(&params, &shard(2)?)?.file;
/// let merged = merge_loaded(&[("1.json".into(), one), ("2.json".into(), two)])?;
/// let record = serde_json::to_value(&merged.outcome.tables[0]).unwrap();
/// assert_eq!(record["trees"], 500);
/// # Ok::<(), plybench::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct RandomSplit;

impl Job for RandomSplit {
    const TOOL: &'static str = "alphabeta";
    type Params = RandomParams;
    type Part = Partial;

    fn units(params: &RandomParams) -> Result<Vec<String>> {
        Ok(batches(params)?.iter().map(Batch::id).collect())
    }

    fn run_unit(params: &RandomParams, unit: &Unit) -> Result<Partial> {
        let batch = batch_at(params, unit.index)?;
        if batch.id() != unit.id {
            return Err(Error::invalid(
                "unit",
                format!("{} is `{}` in this run, not `{}`", unit.index, batch.id(), unit.id),
            ));
        }
        run_batch(&params.experiment()?, &batch)
    }

    fn finish(params: &RandomParams, parts: Vec<Completed<Partial>>) -> Result<Outcome> {
        let partials: Vec<Partial> = parts.into_iter().map(|done| done.part).collect();
        let sample = merge(params, &partials)?;
        let table = random_table(&params.experiment()?, &sample);
        // Printed as the record it is, as a run without work units prints it.
        Ok(Outcome { tables: vec![table], json: None })
    }
}

/// `f64` as its shortest round-trip decimal text.
mod float_text {
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(value: &f64, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(value)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<f64, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(|_| D::Error::custom(format!("`{text}` is not a number")))
    }

    pub mod option {
        use super::*;

        pub fn serialize<S: Serializer>(value: &Option<f64>, serializer: S) -> Result<S::Ok, S::Error> {
            match value {
                Some(v) => serializer.collect_str(v),
                None => serializer.serialize_none(),
            }
        }

        pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<f64>, D::Error> {
            Option::<String>::deserialize(deserializer)?
                .map(|text| text.parse().map_err(|_| D::Error::custom(format!("`{text}` is not a number"))))
                .transpose()
        }
    }
}

#[cfg(test)]
mod tests {
    use hdrhistogram::Histogram;
    use proptest::prelude::*;

    use super::super::experiment::tests as experiment_tests;
    use super::*;

    /// A histogram built the way [`Sample`] builds one.
    fn histogram_of(values: &[u64]) -> Histogram<u64> {
        let mut h = Sample::new_histogram();
        values.iter().for_each(|&v| h.record(v).unwrap());
        h
    }

    fn partials(params: &RandomParams) -> Vec<Partial> {
        let experiment = params.experiment().unwrap();
        batches(params).unwrap().iter().map(|b| run_batch(&experiment, b).unwrap()).collect()
    }

    #[test]
    fn batches_cover_every_tree_once() {
        let params = RandomParams { trees: 10, batch_trees: 4, ..RandomParams::new(2, 2) };
        let ids: Vec<String> = batches(&params).unwrap().iter().map(Batch::id).collect();
        assert_eq!(ids, ["trees 0..3", "trees 4..7", "trees 8..9"]);
        assert_eq!(batch_at(&params, 2).unwrap(), Batch { first: 8, count: 2 });
        assert!(batch_at(&params, 3).is_err());
    }

    #[test]
    fn merged_batches_equal_one_run_for_every_order_and_algorithm() {
        let orders = [
            (OrderKind::Random, None),
            (OrderKind::Perfect, None),
            (OrderKind::Worst, None),
            (OrderKind::Noisy, Some(0.3)),
        ];
        let algorithms = [
            AlgorithmKind::Minimax,
            AlgorithmKind::Alphabeta,
            AlgorithmKind::F1,
            AlgorithmKind::Aspiration,
            AlgorithmKind::Negascout,
        ];
        for (order, correlation) in orders {
            for algorithm in algorithms {
                for values in [ValuesKind::Continuous, ValuesKind::Discrete] {
                    let params = RandomParams {
                        trees: 300,
                        batch_trees: 64,
                        seed: 9,
                        order,
                        correlation,
                        algorithm,
                        values,
                        ..RandomParams::new(3, 4)
                    };
                    let whole = run(&params.experiment().unwrap(), 0, params.trees).unwrap();
                    let merged = merge(&params, &partials(&params)).unwrap();
                    assert_eq!(merged, whole, "{order:?} {algorithm:?} {values:?}");
                    assert_eq!(merged.percentile_leaves(99), whole.percentile_leaves(99));
                    assert_eq!(merged.ci95_leaves().to_bits(), whole.ci95_leaves().to_bits());
                }
            }
        }
    }

    #[test]
    fn partials_round_trip_through_json_exactly() {
        let params = RandomParams { trees: 200, batch_trees: 200, ..RandomParams::new(4, 5) };
        let partial = partials(&params).remove(0);
        let text = serde_json::to_string(&partial).unwrap();
        let back: Partial = serde_json::from_str(&text).unwrap();
        assert_eq!(back, partial);
        assert_eq!(back.sample().unwrap(), run(&params.experiment().unwrap(), 0, 200).unwrap());
    }

    #[test]
    fn params_round_trip_through_json_exactly() {
        let params = RandomParams {
            order: OrderKind::Noisy,
            correlation: Some(0.1 + 0.2),
            window_centre: 1.0 / 3.0,
            ..RandomParams::new(5, 3)
        };
        let text = serde_json::to_string(&params).unwrap();
        assert!(text.contains("\"0.30000000000000004\""), "{text}");
        assert_eq!(serde_json::from_str::<RandomParams>(&text).unwrap(), params);
    }

    #[test]
    fn wrong_or_damaged_partials_are_refused() {
        let params = RandomParams { trees: 50, batch_trees: 20, ..RandomParams::new(2, 3) };
        let mut found = partials(&params);
        assert!(merge(&params, &found[..2]).is_err());
        found.swap(0, 2);
        assert!(merge(&params, &found).is_err(), "a batch of 10 trees in the place of one of 20");
        let mut damaged = found[1].clone();
        damaged.histogram.pop();
        assert!(damaged.sample().is_err());
        assert!(batches(&RandomParams { batch_trees: 0, ..params.clone() }).is_err());
        assert!(batches(&RandomParams { trees: 0, ..params }).is_err());
    }

    #[test]
    fn histogram_buckets_rebuild_to_an_equal_histogram() {
        let values: Vec<u64> = (0..5000).map(|i| (i * i * 7919) % 1_000_003).collect();
        let h = histogram_of(&values);
        let sample = Sample { trees: values.len() as u64, histogram: h.clone(), ..Sample::empty() };
        let rebuilt = Partial::from(&Sample { min_leaves: 0, max_leaves: 1_000_002, ..sample }).sample().unwrap();
        // hdrhistogram's equality compares the left side's buckets: check both ways.
        assert_eq!(rebuilt.histogram, h);
        assert_eq!(h, rebuilt.histogram);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]
        #[test]
        fn percentiles_survive_a_units_file(values in experiment_tests::counts()) {
            let sample = experiment_tests::sample_of(&values);
            let json = serde_json::to_string(&Partial::from(&sample)).unwrap();
            let back = serde_json::from_str::<Partial>(&json).unwrap().sample().unwrap();
            experiment_tests::check_percentiles(&back, &values)?;
            prop_assert_eq!(back, sample);
        }
    }

    #[test]
    fn a_count_the_histogram_cannot_hold_stays_apart_in_a_units_file() {
        let sample = experiment_tests::sample_of(&[5, MAX_TRACKED + 1]);
        let back = Partial::from(&sample).sample().unwrap();
        assert_eq!((back.untracked, back.percentile_leaves(50)), (1, None));
        let mut damaged = Partial::from(&experiment_tests::sample_of(&[5, 9]));
        damaged.histogram[1][0] = 1 << 40;
        assert!(damaged.sample().unwrap_err().to_string().contains("outside leaves 5..9"));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        #[test]
        fn any_batch_size_merges_to_the_one_run_sample(
            trees in 1u64..120,
            batch in 1u64..130,
            seed in any::<u64>(),
            branching in 2u32..5,
            depth in 1u32..5,
        ) {
            let params = RandomParams { trees, batch_trees: batch, seed, ..RandomParams::new(branching, depth) };
            let whole = run(&params.experiment().unwrap(), 0, trees).unwrap();
            prop_assert_eq!(merge(&params, &partials(&params)).unwrap(), whole);
        }
    }
}
