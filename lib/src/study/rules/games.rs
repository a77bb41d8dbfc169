//! SKELETON: tic-tac-toe and go-moku perft, interpreter against compiler on them (core helper).

use crate::Result;
use crate::engine::progress::Progress;
use crate::study::part::Part;
use crate::study::reproduce::Budget;

/// This part of the rules study at a budget.
pub fn part(_budget: Budget, _progress: Progress<'_>) -> Result<Part> {
    Ok(Part::default())
}
