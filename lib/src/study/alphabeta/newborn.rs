//! Levy's Figures 16 (Newborn's expected counts in random order) and 17
//! (optimal order), read from `datasets/alphabeta/levy-1983-newborn.json`
//! and reproduced.
//!
//! The model: uniform trees, independent continuous leaf values, alpha-beta
//! (at depths 2 and 3 deep cutoffs cannot occur, so F1 and F2 agree), the
//! moves of every node in a random order, counting terminal nodes examined.

use serde::Deserialize;

use super::experiment::{Experiment, LEAVES_PER_SECOND, Precision, Sample, run, run_adaptive};
use crate::engine::progress::{Progress, Step};
use crate::engine::search::exact::{self, Fraction};
use crate::engine::search::order::OrderKind;
use crate::engine::search::theory::{effective_branching, knuth_moore_minimum, levy_approximation, pearl_branching};
use crate::engine::search::tree::TreeShape;
use crate::engine::work::Work;
use crate::report::{Cell, Column, Table, Verdict};
use crate::{Error, Result};

const DATASET: &str = crate::study::datasets::ALPHABETA_NEWBORN;
const NAME: &str = "alphabeta/levy-1983-newborn.json";

/// One row of Figure 16.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq)]
pub struct Figure16Row {
    /// `b`.
    pub branching: u32,
    /// Plies.
    pub depth: u32,
    /// `b^d` as printed.
    pub total: u64,
    /// The expected leaves examined, as printed (2 decimals).
    pub expected: f64,
}

/// One row of Figure 17.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq)]
pub struct Figure17Row {
    /// `b`.
    pub branching: u32,
    /// Plies.
    pub depth: u32,
    /// Random order, as printed (copied from Figure 16).
    pub random: f64,
    /// Optimal order, as printed.
    pub optimal: f64,
}

#[derive(Deserialize)]
struct Figure<R> {
    #[serde(rename = "where")]
    place: String,
    rows: Vec<R>,
}

#[derive(Deserialize)]
struct Dataset {
    figure_16: Figure<Figure16Row>,
    figure_17: Figure<Figure17Row>,
    known_discrepancies: Vec<KnownDiscrepancy>,
}

/// A printed figure the dataset lists as a misprint, a truncation or an
/// approximation, with the evidence. Its row's verdict is
/// [`Verdict::Known`] instead of [`Verdict::Differs`].
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct KnownDiscrepancy {
    /// 16 or 17.
    pub figure: u32,
    /// `b`.
    pub branching: u32,
    /// Plies.
    pub depth: u32,
    /// `misprint`, `truncation` or `approximation`.
    pub kind: String,
    /// Why, with the commands that show it.
    pub evidence: String,
}

/// Levy's two figures and where they are printed.
#[derive(Clone, Debug, PartialEq)]
pub struct NewbornFigures {
    /// Figure 16 rows.
    pub figure_16: Vec<Figure16Row>,
    /// Where Figure 16 is.
    pub figure_16_source: String,
    /// Figure 17 rows.
    pub figure_17: Vec<Figure17Row>,
    /// Where Figure 17 is.
    pub figure_17_source: String,
    /// Printed figures known to be wrong or approximate.
    pub known_discrepancies: Vec<KnownDiscrepancy>,
}

impl NewbornFigures {
    /// Turns `differs` into `known discrepancy` for a figure the dataset
    /// lists; other verdicts pass through.
    pub fn classify(&self, verdict: Verdict, figure: u32, branching: u32, depth: u32) -> Verdict {
        let listed =
            self.known_discrepancies.iter().any(|k| k.figure == figure && k.branching == branching && k.depth == depth);
        if verdict == Verdict::Differs && listed { Verdict::Known } else { verdict }
    }
}

/// Reads the dataset shipped with plybench.
///
/// ```
/// let published = plybench::study::alphabeta::newborn::published()?;
/// assert_eq!(published.figure_16.len(), 8);
/// # Ok::<(), plybench::Error>(())
/// ```
pub fn published() -> Result<NewbornFigures> {
    let data: Dataset = serde_json::from_str(DATASET).map_err(|e| Error::Dataset { name: NAME, why: e.to_string() })?;
    Ok(NewbornFigures {
        figure_16: data.figure_16.rows,
        figure_16_source: data.figure_16.place,
        figure_17: data.figure_17.rows,
        figure_17_source: data.figure_17.place,
        known_discrepancies: data.known_discrepancies,
    })
}

/// Settings of a reproduction run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Seed of the random trees.
    pub seed: u64,
    /// `None`: as many trees as the precision target needs; `Some(t)`:
    /// exactly `t` trees per row.
    pub trees: Option<u64>,
    /// The adaptive target and budget.
    pub precision: Precision,
    /// Trees searched in perfect order per row; each must examine exactly
    /// the Knuth-Moore minimum.
    pub perfect_trees: u64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            seed: 1983,
            trees: None,
            precision: Precision { relative_ci: 0.001, min_trees: 20_000, max_trees: 20_000_000 },
            perfect_trees: 200,
        }
    }
}

impl Settings {
    /// What [`reproduce`] costs with these settings: the trees of each row
    /// in random order (at least the adaptive run's first batch when the
    /// trees are not given) and in perfect order.
    ///
    /// ```
    /// use plybench::study::alphabeta::newborn::Settings;
    ///
    /// assert!(Settings::default().work()?.check().is_ok());
    /// let forever = Settings { perfect_trees: u64::MAX, ..Settings::default() };
    /// assert!(forever.work()?.check().is_err());
    /// # Ok::<(), plybench::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::Dataset`] if the published figures cannot be read.
    pub fn work(&self) -> Result<Work> {
        let mut work = Work::exact(0.0, "leaf values", LEAVES_PER_SECOND);
        for row in &published()?.figure_16 {
            let random = Experiment::random_order_alpha_beta(TreeShape::new(row.branching, row.depth)?, self.seed);
            let perfect = Experiment { order: OrderKind::Perfect, ..random };
            let trees = self.trees.unwrap_or(self.precision.min_trees);
            work = work.plus(random.work(trees)).plus(perfect.work(self.perfect_trees.max(1)));
        }
        Ok(work)
    }
}

/// A reproduced row of Figures 16 and 17.
#[derive(Clone, Debug)]
pub struct Row {
    /// `b`.
    pub branching: u32,
    /// `d`.
    pub depth: u32,
    /// Figure 16's expectation.
    pub published_random: f64,
    /// Random order, measured.
    pub random: Sample,
    /// The exact expectation (depth 2: the closed form; depth 3: by
    /// enumeration for b = 2, by the integral beyond).
    pub exact_random: Option<f64>,
    /// The same as a fraction, where it fits in 128 bits.
    pub exact_fraction: Option<Fraction>,
    /// The verdict on the random-order expectation.
    pub verdict_random: Verdict,
    /// Figure 17's optimal column.
    pub published_optimal: f64,
    /// `2√N − 1`.
    pub levy_approximation: f64,
    /// `b^⌈d/2⌉ + b^⌊d/2⌋ − 1`.
    pub knuth_moore: u128,
    /// Perfect order, measured.
    pub perfect: Sample,
    /// The verdict on the optimal column.
    pub verdict_optimal: Verdict,
}

/// Half a unit in the last printed digit of Figure 16 (two decimals).
const ROUNDING: f64 = 0.005;

/// Whether `published` agrees with `measured ± ci95`, allowing for the
/// book's rounding to two decimals.
pub fn agrees(published: f64, measured: f64, ci95: f64) -> bool {
    (published - measured).abs() <= ci95 + ROUNDING
}

/// Reproduces every row of Figure 16 and Figure 17.
///
/// `progress` is told of each row done.
///
/// # Errors
///
/// [`SearchError::NoTrees`](crate::engine::search::SearchError::NoTrees)
/// for `Some(0)` trees; [`Error::Dataset`] if the dataset is malformed.
pub fn reproduce(settings: Settings, progress: Progress<'_>) -> Result<Vec<Row>> {
    let published = published()?;
    let total = published.figure_16.len() as u64;
    let mut rows = Vec::with_capacity(published.figure_16.len());
    for (done, fig16) in published.figure_16.iter().enumerate() {
        let shape = TreeShape::new(fig16.branching, fig16.depth)?;
        let fig17 = published
            .figure_17
            .iter()
            .find(|r| r.branching == fig16.branching && r.depth == fig16.depth)
            .ok_or_else(|| Error::Dataset { name: NAME, why: format!("no Figure 17 row for {fig16:?}") })?;
        let experiment = Experiment::random_order_alpha_beta(shape, settings.seed);
        let random = match settings.trees {
            Some(trees) => run(&experiment, 0, trees)?,
            None => run_adaptive(&experiment, settings.precision)?,
        };
        let perfect = run(&Experiment { order: OrderKind::Perfect, ..experiment }, 0, settings.perfect_trees.max(1))?;
        let exact = exact::expected_leaves(shape).ok();
        let exact_fraction = exact.as_ref().and_then(|e| e.fraction);
        let exact_random = exact.as_ref().map(|e| e.value);
        let verdict_random = match exact_random {
            // The exact value decides; the Monte Carlo is checked against
            // it separately.
            Some(e) => verdict(agrees(fig16.expected, e, 0.0)),
            None => verdict(agrees(fig16.expected, random.mean_leaves(), random.ci95_leaves())),
        };
        let knuth_moore = knuth_moore_minimum(shape.branching, shape.depth)
            .ok_or_else(|| Error::TooLarge("Knuth-Moore minimum past 128 bits".into()))?;
        let perfect_exact = perfect.min_leaves == perfect.max_leaves && u128::from(perfect.min_leaves) == knuth_moore;
        let verdict_optimal =
            if perfect_exact && fig17.optimal == knuth_moore as f64 { Verdict::Match } else { Verdict::Differs };
        rows.push(Row {
            branching: shape.branching,
            depth: shape.depth,
            published_random: fig16.expected,
            random,
            exact_random,
            exact_fraction,
            verdict_random: published.classify(verdict_random, 16, shape.branching, shape.depth),
            published_optimal: fig17.optimal,
            levy_approximation: levy_approximation(shape.branching, shape.depth),
            knuth_moore,
            perfect,
            verdict_optimal: published.classify(verdict_optimal, 17, shape.branching, shape.depth),
        });
        progress.report(Step { label: "rows", done: done as u64 + 1, total, nodes: 0 });
    }
    Ok(rows)
}

/// The two differing characters when `a` and `b` have the same length and
/// differ in exactly one place.
fn one_digit_apart(a: &str, b: &str) -> Option<(char, char)> {
    if a.len() != b.len() {
        return None;
    }
    let mut diffs = a.chars().zip(b.chars()).filter(|(x, y)| x != y);
    let first = diffs.next()?;
    if diffs.next().is_some() { None } else { Some(first) }
}

fn verdict(agree: bool) -> Verdict {
    if agree { Verdict::Match } else { Verdict::Differs }
}

/// The `alphabeta newborn` table: one row per (b, d).
pub fn table(rows: &[Row]) -> Table {
    let mut table = Table::new(
        "alphabeta_newborn",
        "Levy (1983) Figures 16-17: leaves alpha-beta examines, random and optimal order, beside the measurement",
        vec![
            Column::new("branching", "b"),
            Column::new("depth", "d"),
            Column::new("published_random", "Fig. 16 random"),
            Column::new("measured_random", "Measured random"),
            Column::new("ci95", "± 95% CI"),
            Column::new("trees", "Trees"),
            Column::new("exact_random", "Exact"),
            Column::new("verdict_random", "Verdict random"),
            Column::new("published_optimal", "Fig. 17 optimal"),
            Column::new("levy_approximation", "2√N−1"),
            Column::new("knuth_moore_exact", "Knuth-Moore"),
            Column::new("measured_perfect", "Measured perfect"),
            Column::new("verdict_optimal", "Verdict optimal"),
            Column::new("pearl_branching", "Pearl ξ/(1−ξ)"),
            Column::new("effective_branching", "N^(1/d) random"),
        ],
    );
    for row in rows {
        let perfect = if row.perfect.min_leaves == row.perfect.max_leaves {
            Cell::from(row.perfect.min_leaves)
        } else {
            Cell::float(row.perfect.mean_leaves(), 3)
        };
        table.push(vec![
            Cell::from(row.branching),
            Cell::from(row.depth),
            Cell::float(row.published_random, 2),
            Cell::float(row.random.mean_leaves(), 3),
            Cell::float(row.random.ci95_leaves(), 3),
            Cell::from(row.random.trees),
            Cell::opt(row.exact_random.map(|e| Cell::float(e, 4))),
            row.verdict_random.into(),
            Cell::float(row.published_optimal, 3),
            Cell::float(row.levy_approximation, 3),
            Cell::from(row.knuth_moore),
            perfect,
            row.verdict_optimal.into(),
            Cell::float(pearl_branching(row.branching), 3),
            Cell::float(effective_branching(row.random.mean_leaves(), row.depth), 3),
        ]);
    }
    for note in notes(rows) {
        table.note(note);
    }
    table
}

/// Sentences explaining every `differs`, with the evidence.
pub fn notes(rows: &[Row]) -> Vec<String> {
    let mut notes = vec![
        "Model: uniform trees, independent continuous leaf values, alpha-beta in the natural (random) order; \
         leaves = terminal nodes evaluated. Measured perfect order = best move first by true value, on every tree searched."
            .to_owned(),
        "Verdict random: match when |published − measured| ≤ CI + 0.005 (the book rounds to 2 decimals); where an exact value \
         is known it decides instead."
            .to_owned(),
    ];
    let fractions: Vec<String> = rows
        .iter()
        .filter(|r| r.exact_random.is_some())
        .map(|r| match r.exact_fraction {
            Some(f) => format!("b={} d={}: {f}", r.branching, r.depth),
            None => format!(
                "b={} d={}: {:.4} (no fraction: float closed form or integral)",
                r.branching,
                r.depth,
                r.exact_random.unwrap_or(f64::NAN)
            ),
        })
        .collect();
    let checked: Vec<&Row> = rows.iter().filter(|r| r.exact_random.is_some()).collect();
    if !checked.is_empty() {
        let within = checked
            .iter()
            .filter(|r| (r.random.mean_leaves() - r.exact_random.unwrap_or(f64::NAN)).abs() <= r.random.ci95_leaves())
            .count();
        notes.push(format!(
            "Monte Carlo against the exact values: within the 95% CI in {within} of {} rows (about 95% expected).",
            checked.len()
        ));
    }
    if !fractions.is_empty() {
        notes.push(format!(
            "Exact expectations (2-ply closed form; 3-ply by enumeration for b=2, by integration beyond): {}.",
            fractions.join("; ")
        ));
    }
    for row in rows {
        if matches!(row.verdict_random, Verdict::Differs | Verdict::Known) {
            let measured = row.exact_random.unwrap_or(row.random.mean_leaves());
            let gap = row.published_random - measured;
            let sigmas = if row.exact_random.is_none() && row.random.ci95_leaves() > 0.0 {
                format!(", {:.1} times the 95% CI half-width", gap.abs() / row.random.ci95_leaves())
            } else {
                String::new()
            };
            let rounded = format!("{measured:.2}");
            let printed = format!("{:.2}", row.published_random);
            let truncated = format!("{:.2}", (measured * 100.0).floor() / 100.0);
            let digit_slip = if printed == truncated {
                format!(
                    "; the book's figure is the exact value truncated ({truncated}), where its other entries are rounded"
                )
            } else {
                one_digit_apart(&printed, &rounded).map_or(String::new(), |(p, r)| {
                    format!("; only one digit differs ({p} printed for {r}): probably a misprint")
                })
            };
            notes.push(format!(
                "b={} d={}: Figure 16 prints {:.2}, the {} is {:.4} (rounds to {rounded}; gap {:+.3}{sigmas}{digit_slip}).",
                row.branching,
                row.depth,
                row.published_random,
                if row.exact_random.is_some() { "exact value" } else { "measurement" },
                measured,
                gap,
            ));
        }
        if matches!(row.verdict_optimal, Verdict::Differs | Verdict::Known) {
            let approx = row.levy_approximation;
            let why = if (row.published_optimal - approx).abs() < 0.0005 {
                format!("it is Levy's approximation 2√N−1 = {approx:.3}, not the exact minimal tree")
            } else if (row.published_optimal - approx).abs() < 0.01 {
                format!(
                    "it is meant as Levy's approximation 2√N−1, which is {approx:.4}, not {} (an arithmetic slip of {:.4}), \
                     and in any case not the exact minimal tree",
                    row.published_optimal,
                    approx - row.published_optimal
                )
            } else if (row.published_optimal - (approx + 1.0)).abs() < 0.01 {
                format!(
                    "it is 2√N = {:.3} without the −1 of the book's own footnote (2√N−1 = {approx:.3}): a slip in the book",
                    approx + 1.0
                )
            } else {
                "the book's value matches neither formula".to_owned()
            };
            notes.push(format!(
                "b={} d={}: Figure 17 prints {}; Knuth-Moore's exact minimal tree is {} and perfect order measured {}; {why}.",
                row.branching,
                row.depth,
                row.published_optimal,
                row.knuth_moore,
                if row.perfect.min_leaves == row.perfect.max_leaves {
                    row.perfect.min_leaves.to_string()
                } else {
                    format!("{:.3} on average", row.perfect.mean_leaves())
                },
            ));
        }
    }
    notes
}
