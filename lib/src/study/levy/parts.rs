//! The parts of the `levy` study, in chapter order.

use super::{LevyPart, ch10, ch13, ch17, chance, games, scores};
use crate::{Error, Result};

/// Every part of the study, in chapter order.
pub fn all() -> Vec<LevyPart> {
    let mut parts: Vec<LevyPart> = chance::PARTS.to_vec();
    parts.push(ch13::PART);
    parts.push(ch17::PART);
    parts.push(ch10::PART);
    parts.extend(scores::PARTS);
    parts.extend(games::PARTS);
    parts.sort_by_key(|p| p.chapters[0]);
    parts
}

/// The chapters some part covers, in order.
pub fn chapters() -> Vec<u32> {
    let mut chapters: Vec<u32> = all().iter().flat_map(|p| p.chapters.iter().copied()).collect();
    chapters.sort_unstable();
    chapters.dedup();
    chapters
}

/// The parts covering `chapters`, in chapter order; all parts when
/// `chapters` is empty. A chapter no part covers is refused, with the list
/// of those that are.
///
/// ```
/// use plybench::study::levy::parts::select;
///
/// assert_eq!(select(&[12])?.len(), 1);
/// assert!(select(&[19]).unwrap_err().to_string().contains("chapters 1, 2, 3, 4, 5, 6, 7"));
/// # Ok::<(), plybench::Error>(())
/// ```
pub fn select(chapters: &[u32]) -> Result<Vec<LevyPart>> {
    let parts = all();
    if chapters.is_empty() {
        return Ok(parts);
    }
    let known = self::chapters();
    if let Some(missing) = chapters.iter().find(|c| !known.contains(c)) {
        let list: Vec<String> = known.iter().map(u32::to_string).collect();
        return Err(Error::invalid(
            "chapter",
            format!("chapter {missing} has no part in the levy study; the study covers chapters {}", list.join(", ")),
        ));
    }
    Ok(parts.into_iter().filter(|p| p.chapters.iter().any(|c| chapters.contains(c))).collect())
}
