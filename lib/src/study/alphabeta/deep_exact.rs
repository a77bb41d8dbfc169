//! Exact expectations beyond Newborn's table: alpha-beta with deep cutoffs
//! (F2) and without (F1) at depth 4 and more, by polynomials in the search
//! window (`engine::search::window_poly`), beside a Monte Carlo of each on
//! the same random trees. Levy's Figure 16 (Newborn) stops at 3-ply, so
//! these rows have no published value and no verdict.

use super::experiment::{Experiment, run};
use crate::Result;
use crate::engine::search::algorithm::Algorithm;
use crate::engine::search::exact::expected_leaves;
use crate::engine::search::theory::{knuth_moore_minimum, levy_approximation};
use crate::engine::search::tree::TreeShape;
use crate::engine::search::window_poly;
use crate::report::{Cell, Column, Table};

/// The shapes of the report: b = 2 at depths 4 to 6, b = 3 and 4 at depth 4.
pub const SHAPES: [(u32, u32); 5] = [(2, 4), (2, 5), (2, 6), (3, 4), (4, 4)];

/// Fractions longer than this are shown by their digit counts.
const LONGEST_SHOWN_FRACTION: usize = 40;

/// The table of exact F2 and F1 expectations for `shapes`, each beside a
/// Monte Carlo of `trees` random trees from `seed`.
///
/// # Errors
///
/// A shape past the limits of the trees or of the polynomial method, or
/// no trees.
pub fn deep_exact_table(shapes: &[(u32, u32)], trees: u64, seed: u64) -> Result<Table> {
    let mut table = Table::new(
        "alphabeta_deep_exact",
        "Beyond Newborn's table: exact expected leaves of alpha-beta in random order, with (F2) and without (F1) \
         deep cutoffs",
        vec![
            Column::new("branching", "b"),
            Column::new("depth", "d"),
            Column::new("total_leaves", "b^d"),
            Column::new("published", "Newborn (Levy Fig. 16)"),
            Column::new("exact_f2", "Exact F2"),
            Column::new("fraction_f2", "F2 fraction"),
            Column::new("measured_f2", "Measured F2"),
            Column::new("ci95_f2", "± 95% CI"),
            Column::new("exact_f1", "Exact F1"),
            Column::new("measured_f1", "Measured F1"),
            Column::new("ci95_f1", "± 95% CI"),
            Column::new("f1_minus_f2", "F1 − F2"),
            Column::new("knuth_moore_exact", "Knuth-Moore"),
            Column::new("levy_approximation", "2√N−1"),
        ],
    );
    let mut within = 0;
    for &(b, d) in shapes {
        let shape = TreeShape::new(b, d)?;
        let exact = expected_leaves(shape)?;
        let experiment = Experiment::random_order_alpha_beta(shape, seed);
        let f2 = run(&experiment, 0, trees)?;
        let f1 = run(&Experiment { algorithm: Algorithm::AlphaBetaF1, ..experiment }, 0, trees)?;
        within += usize::from((f2.mean_leaves() - exact.value).abs() <= f2.ci95_leaves());
        within += usize::from((f1.mean_leaves() - exact.f1_value).abs() <= f1.ci95_leaves());
        let fraction = exact.rational.as_ref().map(|q| {
            let text = q.to_string();
            if text.len() <= LONGEST_SHOWN_FRACTION {
                text
            } else {
                format!("{} / {} digits", q.numer().to_string().len(), q.denom().to_string().len())
            }
        });
        table.push(vec![
            Cell::from(b),
            Cell::from(d),
            Cell::from(shape.leaves()),
            Cell::from(if d <= 3 { "see Figure 16" } else { "no published value" }),
            Cell::opt(exact.rational.as_ref().map(|q| window_poly::decimal(q, 12))),
            Cell::opt(fraction),
            Cell::float(f2.mean_leaves(), 3),
            Cell::float(f2.ci95_leaves(), 3),
            Cell::opt(exact.f1_rational.as_ref().map(|q| window_poly::decimal(q, 12))),
            Cell::float(f1.mean_leaves(), 3),
            Cell::float(f1.ci95_leaves(), 3),
            Cell::float(exact.f1_value - exact.value, 4),
            Cell::opt(knuth_moore_minimum(b, d)),
            Cell::float(levy_approximation(b, d), 3),
        ]);
    }
    table.note(
        "Exact: polynomials in the search window, built from the leaves up (docs/alphabeta.md); 12 significant \
         digits; `alphabeta exact -b B -d D` prints each with its fraction (digit counts when long) and 20 digits.",
    );
    table.note(
        "Levy's Figure 16 (Newborn 1977) gives 2- and 3-ply only: these rows are context, without a verdict. \
         Deep cutoffs first occur at depth 4, so F1 − F2 > 0 from there on.",
    );
    table.note(format!(
        "Monte Carlo: {trees} random trees a row (seed {seed}), F1 and F2 on the same trees; {within} of {} \
         estimates within their 95% CI of the exact value (about 95% expected).",
        2 * shapes.len()
    ));
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_exact_and_measured() {
        let table = deep_exact_table(&[(2, 4)], 2_000, 3).unwrap();
        let row = &table.rows[0];
        assert_eq!(row[4].text(), "12.0439782440");
        assert_eq!(row[5].text(), "77503/6435");
        assert_eq!(row[8].text(), "12.7476227476");
        assert_eq!(row[3].text(), "no published value");
        assert!(deep_exact_table(&[(2, 9)], 10, 3).is_err());
    }
}
