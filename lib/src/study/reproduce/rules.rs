//! The rules study: the games' perft, agreement with the hand-written
//! generators and the speed table, the analysis of the rules, and the chess
//! problems of Figs. 6 and 8.

use super::plan::{Budget, Study, StudyReport};
use crate::Result;
use crate::engine::progress::Progress;
use crate::study::rules::{agree, analysis, figures, games};

pub(super) fn run(budget: Budget, progress: Progress<'_>) -> Result<StudyReport> {
    StudyReport::of_parts(Study::Rules, &[games::part, agree::part, analysis::part, figures::part], budget, progress)
}
