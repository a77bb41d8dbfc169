//! One command for every study: runs each at a chosen budget and gathers
//! its tables, plots and a short reading, with a tally of verdicts.
//!
//! A study reports through its tables alone: [`Tally::of`] counts the
//! verdict cells of every table, and [`Tally::passed`] decides the run. A
//! `differs` verdict fails it; a `known discrepancy` (a published value
//! listed in `datasets/` as a misprint, approximation or disputed figure,
//! with the evidence) does not.

mod alphabeta;
mod checkers;
mod go;
mod kalah;
mod levy;
mod perft;
mod plan;
mod rules;
mod write;

use std::time::Instant;

use crate::Result;
use crate::engine::progress::{Progress, Step};
use crate::report::{Table, Tally};

pub use plan::{Options, Study, StudyReport, parse_studies};
pub use write::{RunInfo, markdown, report_files, run_json, utc_now, write_report};

/// Runs one study. `progress` is told what is being computed.
pub fn run_study(study: Study, options: &Options, progress: Progress<'_>) -> Result<StudyReport> {
    let start = Instant::now();
    progress.report(Step::label(study.name()));
    let mut report = match study {
        Study::Kalah => kalah::run(options.budget, progress)?,
        Study::Perft => perft::run(options.budget, progress)?,
        Study::Alphabeta => alphabeta::run(options.budget, options.seed, progress)?,
        Study::Checkers => checkers::run(options.budget, progress)?,
        Study::Go => go::run(options.budget, progress)?,
        Study::Rules => rules::run(options.budget, progress)?,
        Study::Levy => levy::run(options.budget, options.seed, progress)?,
    };
    report.seconds = start.elapsed().as_secs_f64();
    Ok(report)
}

/// The summary table: one row per study and a total.
pub fn summary_table(reports: &[StudyReport]) -> Table {
    use crate::report::{Cell, Column};
    let mut table = Table::new(
        "summary",
        "Summary: published figures reproduced",
        vec![
            Column::new("study", "Study"),
            Column::new("matches", "Matches"),
            Column::new("known_discrepancies", "Known discrepancies"),
            Column::new("failures", "Failures"),
            Column::new("not_computed", "Not computed"),
            Column::new("seconds", "Seconds"),
        ],
    );
    let mut total = Tally::default();
    let mut seconds = 0.0;
    for r in reports {
        let t = Tally::of(&r.tables);
        total = total + t;
        seconds += r.seconds;
        table.push(vec![
            r.study.name().into(),
            (t.matches as u64).into(),
            (t.known as u64).into(),
            (t.differs as u64).into(),
            (t.not_computed as u64).into(),
            Cell::float(r.seconds, 1),
        ]);
    }
    table.push(vec![
        "total".into(),
        (total.matches as u64).into(),
        (total.known as u64).into(),
        (total.differs as u64).into(),
        (total.not_computed as u64).into(),
        Cell::float(seconds, 1),
    ]);
    table.note(
        "A known discrepancy is a published value that datasets/ lists as a misprint, approximation or disputed figure, \
         with its evidence; it is reported and does not fail the run. A failure does.",
    );
    table
}
