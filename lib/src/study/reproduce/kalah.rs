//! The Kalah study: Bell's board-test table and its extension, the stack
//! depths and the clearing patterns.

use crate::engine::progress::Progress;

use super::plan::{Study, StudyReport};
use crate::Result;
use crate::report::Table;
use crate::report::Tally;
use crate::report::plot::{LinePlot, Plot, Series, SeriesStyle};
use crate::study::budget::Budget;
use crate::study::kalah::results::{TableOptions, board_test_table, reproduce_table};

/// Pits of the board-test table, and up to which the distinct terminal
/// positions are counted, for each budget. Past the terminal positions the
/// rows are counted by the dynamic program: 30 pits in under a second, 35
/// in about ten (see `reports/kalah/dp.md`). Distinct terminal positions
/// need every board in memory: 13 pits take seconds.
fn sizes(budget: Budget) -> (usize, usize) {
    match budget {
        Budget::Quick => (12, 12),
        Budget::Default => (30, 13),
        Budget::Full => (35, 13),
    }
}

pub(super) fn run(budget: Budget, _progress: Progress<'_>) -> Result<StudyReport> {
    let (max_pits, terminal_max_pits) = sizes(budget);
    let board_test = board_test_table(
        TableOptions { max_pits, terminal_max_pits, method: None, memory: Default::default() },
        Progress::NONE,
    )?;
    let figures = reproduce_table(Progress::NONE)?;
    let plot = terminal_plot(&board_test);
    let tally = Tally::of(&[board_test.clone(), figures.clone()]);
    let sequences: Vec<f64> =
        board_test.column("move_sequences").map(|c| c.filter_map(|v| v.as_f64()).collect()).unwrap_or_default();
    let growth = match sequences.as_slice() {
        [.., a, b] if *a > 0.0 => format!("{:.2}", b / a),
        _ => "?".to_owned(),
    };
    let reading = vec![
        format!(
            "Bell's board test (pit Pi holds i counters) is counted for 1 to {max_pits} pits. His ten published \
             counts and the other figures of his §3.3 (stack depths, clearing patterns) give {} matches and {} \
             failures. Past ten pits the counts are new; the last step grows {growth} times per pit.",
            tally.matches, tally.differs
        ),
        "The notes under the board-test table say where move sequences and distinct terminal boards part, since \
         Bell counts the first and his text speaks of the second."
            .to_owned(),
    ];
    Ok(StudyReport { study: Study::Kalah, tables: vec![board_test, figures], plots: vec![plot], reading, seconds: 0.0 })
}

fn terminal_plot(table: &Table) -> Plot {
    let column = |key: &str| -> Vec<Option<f64>> {
        table.column(key).map(|c| c.map(|cell| cell.as_f64()).collect()).unwrap_or_default()
    };
    let pits = column("pits");
    let pairs = |values: Vec<Option<f64>>| -> Vec<(f64, f64)> {
        pits.iter().zip(values).filter_map(|(p, v)| Some(((*p)?, v?))).collect()
    };
    Plot::Line(LinePlot {
        id: "kalah_terminal_positions".into(),
        title: "Kalah board test: terminal positions against pits".into(),
        x_label: "pits per side (N)".into(),
        y_label: "terminal positions (move sequences)".into(),
        log_y: true,
        series: vec![
            Series::new("computed (plybench)", pairs(column("move_sequences")), SeriesStyle::LineMarkers),
            Series::new("published (Bell 1972, §3.3)", pairs(column("published")), SeriesStyle::Markers),
        ],
    })
}
