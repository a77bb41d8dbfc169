//! The rules study: the games' perft, agreement with the hand-written
//! generators and the speed table, the analysis of the rules, the chess
//! problems of Figs. 6 and 8, and the search for a win of Figs. 5, 13 and 14.

use super::plan::{Study, StudyReport};
use crate::Result;
use crate::engine::progress::Progress;
use crate::study::budget::Budget;
use crate::study::rules::{agree, analysis, by_ply, figures, games, win_search};

pub(super) fn run(budget: Budget, progress: Progress<'_>) -> Result<StudyReport> {
    StudyReport::of_parts(
        Study::Rules,
        &[games::part, by_ply::part, agree::part, analysis::part, figures::part, win_search::part],
        budget,
        progress,
    )
}
