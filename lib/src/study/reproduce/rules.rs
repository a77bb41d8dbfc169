//! The rules study: the games' perft, agreement with the hand-written
//! generators and the speed table, and the analysis of the rules.

use super::plan::{Budget, Study, StudyReport};
use crate::Result;
use crate::engine::progress::Progress;
use crate::study::part::Part;
use crate::study::rules::{agree, analysis, games};

pub(super) fn run(budget: Budget, progress: Progress<'_>) -> Result<StudyReport> {
    let mut report =
        StudyReport { study: Study::Rules, tables: Vec::new(), plots: Vec::new(), reading: Vec::new(), seconds: 0.0 };
    let parts: [fn(Budget, Progress<'_>) -> Result<Part>; 3] = [games::part, agree::part, analysis::part];
    for part in parts {
        let Part { tables, plots, reading } = part(budget, progress)?;
        report.tables.extend(tables);
        report.plots.extend(plots);
        report.reading.extend(reading);
    }
    Ok(report)
}
