//! SKELETON: the conjugués, the condition lists and modifications of Pitrat's examples, the threats (analysis helper).

use crate::Result;
use crate::engine::progress::Progress;
use crate::study::part::Part;
use crate::study::reproduce::Budget;

/// This part of the rules study at a budget.
pub fn part(_budget: Budget, _progress: Progress<'_>) -> Result<Part> {
    Ok(Part::default())
}
