//! Published perft counts, read from `datasets/checkers/perft.json`.
//!
//! The file is compiled in, but nothing in the computing path reads it: the
//! counts are only compared with.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;

use crate::report::Published;
use crate::{Error, Result};

const FILE: &str = "perft.json";
const TEXT: &str = crate::study::datasets::CHECKERS_PERFT;

/// The dataset, as stored.
#[derive(Clone, Debug, Deserialize)]
pub struct PerftData {
    /// The position counted (the opening).
    pub position: String,
    /// The counting convention of the published numbers.
    pub counting: String,
    /// Source keys and their citations.
    pub sources: BTreeMap<String, String>,
    /// The counts.
    pub counts: Vec<PublishedCount>,
    /// Per-move counts.
    pub divide: Vec<PublishedDivide>,
    /// Bell's Fig. 3.7.
    pub bell_fig_3_7: BellFigure,
}

/// One published count.
#[derive(Clone, Copy, Debug, Deserialize)]
pub struct PublishedCount {
    /// Depth in plies.
    pub depth: u32,
    /// Leaves.
    pub nodes: u64,
    /// Position of its source in [`PerftData::sources`].
    #[serde(skip)]
    pub source_index: usize,
}

/// Published per-move counts at one depth.
#[derive(Clone, Debug, Deserialize)]
pub struct PublishedDivide {
    /// Depth in plies.
    pub depth: u32,
    /// Key into [`PerftData::sources`].
    pub source: String,
    /// Leaves under each opening move, keyed `from-to`.
    pub moves: BTreeMap<String, u64>,
}

/// Bell's multiple-capture example.
#[derive(Clone, Debug, Deserialize)]
pub struct BellFigure {
    /// Where in the book.
    #[serde(rename = "where")]
    pub location: String,
    /// Bell's words.
    pub quote: String,
    /// "only four distinct final positions".
    pub distinct_results: u64,
    /// plybench's reconstruction of the position, PDN FEN.
    pub position: String,
    /// How the position was reconstructed.
    pub reconstruction: String,
}

#[derive(Deserialize)]
struct Raw {
    position: String,
    counting: String,
    sources: BTreeMap<String, String>,
    counts: Vec<RawCount>,
    divide: Vec<PublishedDivide>,
    bell_fig_3_7: BellFigure,
}

#[derive(Deserialize)]
struct RawCount {
    depth: u32,
    nodes: u64,
    source: String,
}

/// The dataset, parsed once.
///
/// ```
/// let data = plybench::study::checkers::published::data()?;
/// assert_eq!(data.counts[0].nodes, 7);
/// # Ok::<(), plybench::Error>(())
/// ```
pub fn data() -> Result<&'static PerftData> {
    static DATA: OnceLock<std::result::Result<PerftData, String>> = OnceLock::new();
    DATA.get_or_init(|| parse().map_err(|e| e.to_string()))
        .as_ref()
        .map_err(|why| Error::Dataset { name: FILE, why: why.clone() })
}

fn parse() -> Result<PerftData> {
    let raw: Raw = serde_json::from_str(TEXT).map_err(|e| Error::Dataset { name: FILE, why: e.to_string() })?;
    let keys: Vec<&String> = raw.sources.keys().collect();
    let mut counts = Vec::with_capacity(raw.counts.len());
    for c in raw.counts {
        let source_index = keys
            .iter()
            .position(|k| **k == c.source)
            .ok_or_else(|| Error::Dataset { name: FILE, why: format!("unknown source `{}`", c.source) })?;
        counts.push(PublishedCount { depth: c.depth, nodes: c.nodes, source_index });
    }
    Ok(PerftData {
        position: raw.position,
        counting: raw.counting,
        sources: raw.sources,
        counts,
        divide: raw.divide,
        bell_fig_3_7: raw.bell_fig_3_7,
    })
}

/// The published perft count of the opening at `depth`, with its citation.
pub fn opening(depth: u32) -> Result<Option<Published<u64>>> {
    let d = data()?;
    Ok(d.counts.iter().find(|c| c.depth == depth).map(|c| Published {
        value: c.nodes,
        source: d.sources.values().nth(c.source_index).cloned().unwrap_or_default(),
    }))
}

/// The published count under each opening move at `depth`, keyed
/// `from-to`, with its citation: the divide of the opening.
pub fn opening_divide(depth: u32) -> Result<Option<(&'static BTreeMap<String, u64>, String)>> {
    let d = data()?;
    Ok(d.divide
        .iter()
        .find(|div| div.depth == depth)
        .map(|div| (&div.moves, d.sources.get(&div.source).cloned().unwrap_or_default())))
}

#[cfg(test)]
mod tests {
    #[test]
    fn dataset_parses_and_divides_add_up() {
        let d = super::data().unwrap();
        for div in &d.divide {
            let total: u64 = div.moves.values().sum();
            let count = d.counts.iter().find(|c| c.depth == div.depth).unwrap();
            assert_eq!(total, count.nodes, "divide at depth {}", div.depth);
        }
    }
}
