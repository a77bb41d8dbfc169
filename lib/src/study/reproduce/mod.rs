//! One command for every study: runs each at a chosen budget and gathers
//! its tables, plots and a short reading, with a tally of verdicts.
//!
//! The tally reads every column whose key starts with `verdict` in every
//! table, so a study reports through its tables alone. A `differs` verdict
//! fails the run; a `known discrepancy` (a published value listed in
//! `datasets/` as a misprint, approximation or disputed figure, with the
//! evidence) does not.

mod alphabeta;
mod checkers;
mod kalah;
mod perft;
mod write;

use std::fmt;
use std::str::FromStr;
use std::time::Instant;

use crate::engine::progress::{Progress, Step};
use crate::report::plot::Plot;
use crate::report::{Table, Tally};
use crate::{Error, Result};

pub use write::{RunInfo, markdown, report_files, utc_now, write_report};

/// How much work a run may do.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Budget {
    /// A subset for CI: under two minutes on two cores.
    Quick,
    /// Every published figure that fits in about three minutes on two cores.
    #[default]
    Default,
    /// Deep runs: may take an hour.
    Full,
}

impl Budget {
    /// `quick`, `default` or `full`.
    pub fn name(self) -> &'static str {
        match self {
            Budget::Quick => "quick",
            Budget::Default => "default",
            Budget::Full => "full",
        }
    }
}

/// A study of the toolkit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Study {
    /// Bell's Kalah counts.
    Kalah,
    /// Chess perft over four representations.
    Perft,
    /// Alpha-beta node counts.
    Alphabeta,
    /// Draughts perft and Cochran's games.
    Checkers,
}

impl Study {
    /// Every study, in report order.
    pub const ALL: [Study; 4] = [Study::Kalah, Study::Perft, Study::Alphabeta, Study::Checkers];

    /// The name used by `--only`.
    pub fn name(self) -> &'static str {
        match self {
            Study::Kalah => "kalah",
            Study::Perft => "perft",
            Study::Alphabeta => "alphabeta",
            Study::Checkers => "checkers",
        }
    }

    /// The heading of the study in the report.
    pub fn title(self) -> &'static str {
        match self {
            Study::Kalah => "Kalah: Bell's continuation moves (1972, §3.3)",
            Study::Perft => "Chess perft: four board representations",
            Study::Alphabeta => "Alpha-beta: Newborn's table, the minimal tree, real game trees (Levy 1983)",
            Study::Checkers => "Checkers: draughts perft in three representations, Cochran's games (Bell 1972, §3.2)",
        }
    }
}

impl fmt::Display for Study {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Study {
    type Err = Error;

    fn from_str(s: &str) -> Result<Study> {
        Study::ALL.into_iter().find(|st| st.name() == s).ok_or_else(|| {
            let names: Vec<&str> = Study::ALL.iter().map(|s| s.name()).collect();
            Error::invalid(
                "--only",
                format!("unknown study {s:?}; expected a comma-separated list of {}", names.join(", ")),
            )
        })
    }
}

/// Parses `--only kalah,perft`: at least one study, none twice.
pub fn parse_studies(list: &str) -> Result<Vec<Study>> {
    let mut studies = Vec::new();
    for name in list.split(',').map(str::trim) {
        let study: Study = name.parse()?;
        if studies.contains(&study) {
            return Err(Error::invalid("--only", format!("{name} is listed twice")));
        }
        studies.push(study);
    }
    studies.sort();
    Ok(studies)
}

/// What a run is asked to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// How much work.
    pub budget: Budget,
    /// The seed of every random experiment.
    pub seed: u64,
    /// The studies to run, in report order.
    pub studies: Vec<Study>,
}

/// What one study produced.
#[derive(Clone, Debug)]
pub struct StudyReport {
    /// Which study.
    pub study: Study,
    /// Its tables, published figures beside computed ones.
    pub tables: Vec<Table>,
    /// Its plots.
    pub plots: Vec<Plot>,
    /// A short reading of the results, one paragraph per entry.
    pub reading: Vec<String>,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// Runs one study. `progress` is told what is being computed.
pub fn run_study(study: Study, options: &Options, progress: Progress<'_>) -> Result<StudyReport> {
    let start = Instant::now();
    progress.report(Step::label(study.name()));
    let mut report = match study {
        Study::Kalah => kalah::run(options.budget, progress)?,
        Study::Perft => perft::run(options.budget, progress)?,
        Study::Alphabeta => alphabeta::run(options.budget, options.seed, progress)?,
        Study::Checkers => checkers::run(options.budget, progress)?,
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
