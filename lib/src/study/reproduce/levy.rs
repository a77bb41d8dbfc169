//! The `levy` study: the parts of Levy's *Computer Gamesmanship* (1983), in
//! chapter order, at the run's budget and seed.

use super::plan::{Study, StudyReport};
use crate::Result;
use crate::engine::progress::Progress;
use crate::study::budget::Budget;
use crate::study::levy::{Settings, parts};

pub(super) fn run(budget: Budget, seed: u64, progress: Progress<'_>) -> Result<StudyReport> {
    let settings = Settings::new(budget, seed);
    let mut report = StudyReport::empty(Study::Levy);
    for part in parts::all() {
        report.push((part.run)(&settings, progress)?);
    }
    Ok(report)
}
