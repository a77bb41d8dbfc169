//! The records of one random-tree experiment and of one exact expectation
//! (what `alphabeta random` and `alphabeta exact` print). Field keys are
//! stable: reports and CI depend on them.

use super::experiment::{Experiment, Sample};
use crate::engine::search::algorithm::Algorithm;
use num_rational::BigRational;

use crate::engine::search::exact::Exact;
use crate::engine::search::theory::{
    effective_branching, knuth_moore_minimum, levy_approximation, minimax_leaves, pearl_branching,
};
use crate::engine::search::window_poly;
use crate::report::{Cell, Table};

/// The `alphabeta random` record.
pub fn random_table(experiment: &Experiment, sample: &Sample) -> Table {
    let shape = experiment.shape;
    let (b, d) = (shape.branching, shape.depth);
    let mean = sample.mean_leaves();
    let mut table = Table::record(
        "alphabeta_random",
        &format!(
            "{} in {} order on {b}^{d} random trees ({} leaf values)",
            experiment.algorithm.name(),
            experiment.order_label(),
            experiment.values.name()
        ),
        vec![
            ("branching", "b", Cell::from(b)),
            ("depth", "d", Cell::from(d)),
            ("trees", "Trees", Cell::from(sample.trees)),
            ("seed", "Seed", Cell::from(experiment.seed)),
            ("order", "Order", Cell::from(experiment.order_label())),
            ("algorithm", "Algorithm", Cell::from(experiment.algorithm.name())),
            ("values", "Leaf values", Cell::from(experiment.values.name())),
            ("mean_leaves", "Mean leaves", Cell::float(mean, 3)),
            ("ci95_leaves", "± 95% CI", Cell::float(sample.ci95_leaves(), 3)),
            ("mean_nodes", "Mean nodes (root excluded)", Cell::float(sample.mean_nodes(), 3)),
            ("mean_interior", "Mean interior nodes (root included)", Cell::float(sample.mean_interior(), 3)),
            ("min_leaves", "Min leaves", Cell::from(sample.min_leaves)),
            ("max_leaves", "Max leaves", Cell::from(sample.max_leaves)),
            ("p50_leaves", "Median leaves", Cell::opt(sample.percentile_leaves(50))),
            ("p99_leaves", "99th percentile leaves", Cell::opt(sample.percentile_leaves(99))),
            ("minimax_leaves", "b^d", Cell::opt(minimax_leaves(b, d))),
            ("knuth_moore_minimum", "Knuth-Moore minimum", Cell::opt(knuth_moore_minimum(b, d))),
            ("levy_approximation", "Levy 2√N−1", Cell::float(levy_approximation(b, d), 3)),
            ("effective_branching", "Effective branching N^(1/d)", Cell::float(effective_branching(mean, d), 4)),
            ("pearl_branching", "Pearl ξ/(1−ξ)", Cell::float(pearl_branching(b), 4)),
        ],
    );
    table.note("Leaves: terminal nodes evaluated. Nodes: every node visited but the root (re-searches count again).");
    table.note(PERCENTILES);
    if let Algorithm::Aspiration { low, high } = experiment.algorithm {
        table.note(format!(
            "Aspiration window ({low}, {high}) in leaf-value units, re-searched when the value falls outside."
        ));
    }
    table
}

/// What the percentile fields are, as a table note.
pub const PERCENTILES: &str = "Percentiles: the p-th percentile is the least count x such that at least p% of the \
     trees examined at most x leaves (nearest rank, ceil(p·n/100) of n). It is read from an HDR histogram of 3 \
     significant figures: exact below 2048 leaves, above that the top of the exact value's bucket, at most 1/1024 \
     (under 0.1%) higher, and never outside min..max.";

/// Fractions longer than this are given by their digit counts only.
const LONGEST_PRINTED_FRACTION: usize = 80;

/// Significant digits of the `decimal` fields.
const DECIMAL_DIGITS: u32 = 20;

/// The `alphabeta exact` record: F2 (alpha-beta with deep cutoffs) and F1
/// (without) side by side, each with its Monte Carlo estimate.
pub fn exact_table(branching: u32, depth: u32, exact: &Exact, monte_carlo: &Sample, monte_carlo_f1: &Sample) -> Table {
    let printed = |q: &Option<BigRational>| {
        q.as_ref().map(|q| q.to_string()).filter(|text| text.len() <= LONGEST_PRINTED_FRACTION)
    };
    let decimal = |q: &Option<BigRational>| q.as_ref().map(|q| window_poly::decimal(q, DECIMAL_DIGITS));
    let digits = |q: &Option<BigRational>, numerator: bool| {
        q.as_ref().map(|q| if numerator { q.numer() } else { q.denom() }.to_string().len() as u64)
    };
    let mut table = Table::record(
        "alphabeta_exact",
        &format!("Exact expected leaves of alpha-beta in random order, {branching}^{depth}"),
        vec![
            ("branching", "b", Cell::from(branching)),
            ("depth", "d", Cell::from(depth)),
            ("numerator", "Numerator", Cell::opt(exact.fraction.map(|f| f.numerator))),
            ("denominator", "Denominator", Cell::opt(exact.fraction.map(|f| f.denominator))),
            ("value", "Value", Cell::float(exact.value, 6)),
            ("method", "Method", Cell::from(exact.method.name())),
            ("monte_carlo", "Monte Carlo mean", Cell::float(monte_carlo.mean_leaves(), 4)),
            ("monte_carlo_ci95", "Monte Carlo ± 95% CI", Cell::float(monte_carlo.ci95_leaves(), 4)),
            ("monte_carlo_trees", "Monte Carlo trees", Cell::from(monte_carlo.trees)),
            ("fraction", "F2 fraction", Cell::opt(printed(&exact.rational))),
            ("decimal", "F2 decimal", Cell::opt(decimal(&exact.rational))),
            ("numerator_digits", "F2 numerator digits", Cell::opt(digits(&exact.rational, true))),
            ("denominator_digits", "F2 denominator digits", Cell::opt(digits(&exact.rational, false))),
            ("f1_value", "F1 value (no deep cutoffs)", Cell::float(exact.f1_value, 6)),
            ("f1_fraction", "F1 fraction", Cell::opt(printed(&exact.f1_rational))),
            ("f1_decimal", "F1 decimal", Cell::opt(decimal(&exact.f1_rational))),
            ("f1_numerator_digits", "F1 numerator digits", Cell::opt(digits(&exact.f1_rational, true))),
            ("f1_denominator_digits", "F1 denominator digits", Cell::opt(digits(&exact.f1_rational, false))),
            ("f1_minus_f2", "F1 − F2 (saved by deep cutoffs)", Cell::float(exact.f1_value - exact.value, 6)),
            ("monte_carlo_f1", "F1 Monte Carlo mean", Cell::float(monte_carlo_f1.mean_leaves(), 4)),
            ("monte_carlo_f1_ci95", "F1 Monte Carlo ± 95% CI", Cell::float(monte_carlo_f1.ci95_leaves(), 4)),
        ],
    );
    match (&exact.rational, exact.fraction) {
        (Some(q), _) if printed(&exact.rational).is_some() => {
            table.note(format!("Exact value {q} = {}.", window_poly::decimal(q, DECIMAL_DIGITS)))
        }
        (Some(q), _) => table.note(format!(
            "Exact value: a fraction of {} / {} digits (numerator / denominator) = {}.",
            q.numer().to_string().len(),
            q.denom().to_string().len(),
            window_poly::decimal(q, DECIMAL_DIGITS)
        )),
        (None, Some(fraction)) => table.note(format!("Exact value {fraction} = {:.6}.", exact.value)),
        (None, None) => table.note(format!(
            "No fraction (it would not fit in 128 bits, or the method is numerical): {} gives {:.6}.",
            exact.method.name(),
            exact.value
        )),
    }
    if depth <= 3 {
        table.note("Below depth 4 deep cutoffs cannot occur: F1 examines the same leaves as F2 on every tree.");
    }
    table.note(
        "F2: alpha-beta with deep cutoffs; F1: each node gives its child only its own best (Knuth and Moore). Monte \
         Carlo: random trees, continuous leaf values, random order; the same trees for F1 and F2.",
    );
    table
}
