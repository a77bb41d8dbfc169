//! What a reproduction run is asked to do: the budget, the studies, and
//! what each study gives back.

use crate::quote::quote;
use std::fmt;
use std::str::FromStr;

use crate::engine::progress::Progress;
use crate::report::Table;
use crate::report::plot::Plot;
use crate::study::budget::Budget;
use crate::study::part::Part;
use crate::{Error, Result};

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
    /// Zobrist's influence figures, Go perft and the counts of legal positions.
    Go,
    /// Pitrat's rules language: perft agreement, interpreter against compiler, conditions.
    Rules,
    /// Levy's Computer Gamesmanship (1983): the chapters on chance, every figure computed exactly.
    Levy,
}

impl Study {
    /// Every study, in report order.
    pub const ALL: [Study; 7] =
        [Study::Kalah, Study::Perft, Study::Alphabeta, Study::Checkers, Study::Go, Study::Rules, Study::Levy];

    /// The study's name, as in a list of studies to run.
    pub fn name(self) -> &'static str {
        match self {
            Study::Kalah => "kalah",
            Study::Perft => "perft",
            Study::Alphabeta => "alphabeta",
            Study::Checkers => "checkers",
            Study::Go => "go",
            Study::Rules => "rules",
            Study::Levy => "levy",
        }
    }

    /// The heading of the study in the report.
    pub fn title(self) -> &'static str {
        match self {
            Study::Kalah => "Kalah: Bell's continuation moves (1972, §3.3)",
            Study::Perft => "Chess perft: four board representations",
            Study::Alphabeta => "Alpha-beta: Newborn's table, the minimal tree, real game trees (Levy 1983)",
            Study::Checkers => "Checkers: draughts perft in three representations, Cochran's games (Bell 1972, §3.2)",
            Study::Rules => "Rules: Pitrat's general game-playing language (1971), interpreted and compiled",
            Study::Go => "Go: Zobrist's influence algorithm, Go perft, Tromp's legal positions (Bell 1972, §3.4)",
            Study::Levy => "Levy, Computer Gamesmanship (1983): cards, poker, bridge and dominoes, computed exactly",
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
                "list of studies",
                format!("unknown study {}; expected a comma-separated list of {}", quote(s), names.join(", ")),
            )
        })
    }
}

/// Parses a comma-separated list of studies (`kalah,perft`): at least
/// one study, none twice; in report order.
pub fn parse_studies(list: &str) -> Result<Vec<Study>> {
    let mut studies = Vec::new();
    for name in list.split(',').map(str::trim) {
        let study: Study = name.parse()?;
        if studies.contains(&study) {
            return Err(Error::invalid("list of studies", format!("{name} is listed twice")));
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

/// One part of a study, at a budget.
pub type PartFn = fn(Budget, Progress<'_>) -> Result<Part>;

impl StudyReport {
    /// The report of `study` made of `parts`, run in order: their tables,
    /// plots and readings one after the other (the caller times it).
    pub fn of_parts(study: Study, parts: &[PartFn], budget: Budget, progress: Progress<'_>) -> Result<StudyReport> {
        let mut report = StudyReport::empty(study);
        for part in parts {
            report.push(part(budget, progress)?);
        }
        Ok(report)
    }

    /// The report of `study` before any part is added.
    pub fn empty(study: Study) -> StudyReport {
        StudyReport { study, tables: Vec::new(), plots: Vec::new(), reading: Vec::new(), seconds: 0.0 }
    }

    /// Adds one part's tables, plots and reading after the others.
    pub fn push(&mut self, part: Part) {
        let Part { tables, plots, reading } = part;
        self.tables.extend(tables);
        self.plots.extend(plots);
        self.reading.extend(reading);
    }
}
