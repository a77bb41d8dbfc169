//! The Go study: Zobrist's influence figures, perft agreement of the
//! representations, and the counts of legal positions.

use super::plan::{Budget, Study, StudyReport};
use crate::Result;
use crate::engine::progress::Progress;
use crate::study::go::{influence, legal, perft};
use crate::study::part::Part;

pub(super) fn run(budget: Budget, progress: Progress<'_>) -> Result<StudyReport> {
    let mut report =
        StudyReport { study: Study::Go, tables: Vec::new(), plots: Vec::new(), reading: Vec::new(), seconds: 0.0 };
    let parts: [fn(Budget, Progress<'_>) -> Result<Part>; 3] = [influence::part, perft::part, legal::part];
    for part in parts {
        let Part { tables, plots, reading } = part(budget, progress)?;
        report.tables.extend(tables);
        report.plots.extend(plots);
        report.reading.extend(reading);
    }
    Ok(report)
}
