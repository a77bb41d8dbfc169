//! SKELETON: the legal part of the Go study (to be written).

use super::Part;
use crate::Result;
use crate::engine::progress::Progress;
use crate::study::reproduce::Budget;

/// The legal part of the Go study at a budget.
pub fn part(_budget: Budget, _progress: Progress<'_>) -> Result<Part> {
    Ok(Part::default())
}
