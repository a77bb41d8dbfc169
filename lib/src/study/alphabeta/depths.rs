//! Beyond the book: leaves examined against depth, for each move order,
//! beside the theory. Plot-ready in CSV or JSON.

use super::experiment::{Experiment, LEAVES_PER_SECOND, check_trees, run_budget};
use crate::Result;
use crate::engine::progress::{Progress, Step};
use crate::engine::search::SearchError;
use crate::engine::search::algorithm::Algorithm;
use crate::engine::search::order::{Noisy, OrderKind};
use crate::engine::search::theory::{
    effective_branching, knuth_moore_minimum, levy_approximation, minimax_leaves, pearl_branching,
};
use crate::engine::search::tree::{LeafValues, TreeShape};
use crate::engine::work::Work;
use crate::report::{Cell, Column, Table};

/// What to tabulate.
#[derive(Clone, Debug, PartialEq)]
pub struct DepthSettings {
    /// Branching factors.
    pub branchings: Vec<u32>,
    /// Largest depth (every depth from 1 is tabulated).
    pub max_depth: u32,
    /// Move orders.
    pub orders: Vec<OrderKind>,
    /// The correlation of the noisy order, if it is among them.
    pub correlation: f64,
    /// Most trees per cell.
    pub trees: u64,
    /// Stop adding trees to a cell once this many leaves were examined.
    pub leaf_budget: u64,
    /// Sorting orders (perfect, worst, noisy) search every child's subtree
    /// to sort it; cells with more than this many leaves (`b^d`) are
    /// skipped for them.
    pub sorted_max_leaves: u64,
    /// Seed.
    pub seed: u64,
}

impl Default for DepthSettings {
    fn default() -> Self {
        DepthSettings {
            branchings: vec![2, 4, 8, 16],
            max_depth: 8,
            orders: vec![OrderKind::Random, OrderKind::Noisy, OrderKind::Perfect],
            correlation: 0.5,
            trees: 1000,
            leaf_budget: 20_000_000,
            sorted_max_leaves: 1 << 20,
            seed: 1,
        }
    }
}

impl DepthSettings {
    /// The number of cells: branchings × depths × orders.
    pub fn cells(&self) -> u64 {
        self.branchings.len() as u64 * u64::from(self.max_depth) * self.orders.len() as u64
    }

    /// What [`depth_table`] costs with these settings: in each cell, the
    /// trees searched until the leaf budget or the trees run out (the first
    /// batch of eight is searched whatever the budget), sorting orders
    /// skipped past their bound. Call after [`DepthSettings::check`].
    ///
    /// ```
    /// use plybench::study::alphabeta::depths::DepthSettings;
    ///
    /// assert!(DepthSettings::default().work().check().is_ok());
    /// let huge = DepthSettings { leaf_budget: u64::MAX, trees: u64::MAX, ..DepthSettings::default() };
    /// assert!(huge.work().check().is_err());
    /// ```
    pub fn work(&self) -> Work {
        let mut work = Work::exact(0.0, "leaf values", LEAVES_PER_SECOND);
        for &b in &self.branchings {
            for d in 1..=self.max_depth {
                let Ok(shape) = TreeShape::new(b, d) else { continue };
                for &order in &self.orders {
                    if order.sorts() && shape.leaves() > self.sorted_max_leaves {
                        continue;
                    }
                    let experiment = Experiment {
                        order,
                        correlation: self.correlation,
                        ..Experiment::random_order_alpha_beta(shape, self.seed)
                    };
                    let per_tree = experiment.leaves_per_tree().max(1.0);
                    let budgeted = (2.0 * self.leaf_budget as f64 / per_tree).ceil().max(8.0);
                    let trees = (self.trees as f64).min(budgeted);
                    work = work.plus(experiment.work(trees as u64));
                }
            }
        }
        work
    }

    /// Checks the settings before any tree is searched.
    ///
    /// # Errors
    ///
    /// [`SearchError::NoTrees`] for no trees; [`SearchError::NoDepth`] for
    /// a largest depth of 0; [`SearchError::TooFewMoves`] or
    /// [`SearchError::TooManyMoves`] for a branching out of range;
    /// [`SearchError::TooManyLeaves`] when a branching at the largest depth
    /// does not fit; [`SearchError::Correlation`] for the noisy order with a
    /// correlation outside `[-1, 1]`.
    pub fn check(&self) -> Result<(), SearchError> {
        check_trees(self.trees)?;
        if self.max_depth == 0 {
            return Err(SearchError::NoDepth);
        }
        for &b in &self.branchings {
            TreeShape::new(b, 1)?;
            TreeShape::new(b, self.max_depth)?;
        }
        if self.orders.contains(&OrderKind::Noisy) {
            Noisy::new(self.correlation)?;
        }
        Ok(())
    }
}

/// Leaves of alpha-beta (F2) against depth, one row per (b, d, order).
///
/// `progress` is told of each cell done, out of [`DepthSettings::cells`].
///
/// # Errors
///
/// As [`DepthSettings::check`].
pub fn depth_table(settings: &DepthSettings, progress: Progress<'_>) -> Result<Table> {
    settings.check()?;
    let cells = settings.cells();
    let mut done = 0;
    let mut table = Table::new(
        "alphabeta_depths",
        "Leaves alpha-beta (F2) examines against depth, by move order, beside the theory",
        vec![
            Column::new("branching", "b"),
            Column::new("depth", "d"),
            Column::new("order", "Order"),
            Column::new("trees", "Trees"),
            Column::new("mean_leaves", "Mean leaves"),
            Column::new("ci95_leaves", "± 95% CI"),
            Column::new("minimax_leaves", "b^d"),
            Column::new("knuth_moore_minimum", "Knuth-Moore"),
            Column::new("levy_approximation", "2√N−1"),
            Column::new("effective_branching", "N^(1/d)"),
            Column::new("pearl_branching", "Pearl ξ/(1−ξ)"),
        ],
    );
    for &b in &settings.branchings {
        for d in 1..=settings.max_depth {
            let shape = TreeShape::new(b, d)?;
            for &order in &settings.orders {
                let skip = order.sorts() && shape.leaves() > settings.sorted_max_leaves;
                let sample = if skip {
                    None
                } else {
                    let experiment = Experiment {
                        shape,
                        values: LeafValues::Continuous,
                        order,
                        correlation: settings.correlation,
                        algorithm: Algorithm::AlphaBeta,
                        seed: settings.seed,
                    };
                    Some(run_budget(&experiment, settings.trees, settings.leaf_budget)?)
                };
                table.push(vec![
                    Cell::from(b),
                    Cell::from(d),
                    Cell::from(order.label(settings.correlation)),
                    Cell::opt(sample.as_ref().map(|s| s.trees)),
                    Cell::opt(sample.as_ref().map(|s| Cell::float(s.mean_leaves(), 3))),
                    Cell::opt(sample.as_ref().map(|s| Cell::float(s.ci95_leaves(), 3))),
                    Cell::opt(minimax_leaves(b, d)),
                    Cell::opt(knuth_moore_minimum(b, d)),
                    Cell::float(levy_approximation(b, d), 3),
                    Cell::opt(sample.as_ref().map(|s| Cell::float(effective_branching(s.mean_leaves(), d), 4))),
                    Cell::float(pearl_branching(b), 4),
                ]);
                done += 1;
                progress.report(Step { label: "cells", done, total: cells, nodes: 0 });
            }
        }
    }
    table.note(format!(
        "Up to {} trees per cell, fewer once {} leaves were examined; sorting orders skipped (—) past b^d = {}.",
        settings.trees, settings.leaf_budget, settings.sorted_max_leaves
    ));
    table.note("Pearl's ξ/(1−ξ) is the limit of N^(1/d) for random order as d grows; at these depths it is approached from above.");
    Ok(table)
}
