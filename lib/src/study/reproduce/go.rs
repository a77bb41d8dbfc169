//! The Go study: Zobrist's influence figures, perft agreement of the
//! representations, and the counts of legal positions.

use super::plan::{Study, StudyReport};
use crate::Result;
use crate::engine::progress::Progress;
use crate::study::budget::Budget;
use crate::study::go::{influence, legal, perft};

pub(super) fn run(budget: Budget, progress: Progress<'_>) -> Result<StudyReport> {
    StudyReport::of_parts(Study::Go, &[influence::part, perft::part, legal::part], budget, progress)
}
