//! Bell's published Kalah figures, read from `datasets/kalah/bell-1972.json`.
//!
//! The file is compiled in, so the binaries need no data directory, but the
//! figures live only there: nothing in the computing path reads them.

use std::sync::OnceLock;

use serde::Deserialize;

use crate::report::Published;
use crate::{Error, Result};

const FILE: &str = "bell-1972.json";
const TEXT: &str = crate::study::datasets::KALAH_BELL;

/// The dataset, as stored.
#[derive(Clone, Debug, Deserialize)]
pub struct Bell {
    /// The book, for citations.
    pub source: String,
    /// The board-test table.
    pub board_test: BoardTest,
    /// Stack depths quoted in the text.
    pub stack_depth: StackDepth,
    /// Clearing patterns.
    pub clearing: Clearing,
}

/// Bell's table of moves per number of pits.
#[derive(Clone, Debug, Deserialize)]
pub struct BoardTest {
    /// Where in the book.
    #[serde(rename = "where")]
    pub location: String,
    /// The rows.
    pub rows: Vec<BoardTestRow>,
    /// Bell's Fortran timing.
    pub timing: Timing,
}

/// One row of the board-test table.
#[derive(Clone, Copy, Debug, Deserialize)]
pub struct BoardTestRow {
    /// Number of pits.
    pub pits: usize,
    /// Terminal positions or moves.
    pub moves: u128,
}

/// A timing Bell reports.
#[derive(Clone, Debug, Deserialize)]
pub struct Timing {
    /// Number of pits.
    pub pits: usize,
    /// Seconds taken.
    pub seconds: f64,
    /// The machine.
    pub machine: String,
}

/// Stack depths Bell quotes.
#[derive(Clone, Debug, Deserialize)]
pub struct StackDepth {
    /// Where in the book.
    #[serde(rename = "where")]
    pub location: String,
    /// Depths for given positions and scans.
    pub examples: Vec<StackExample>,
}

/// One quoted stack depth.
#[derive(Clone, Debug, Deserialize)]
pub struct StackExample {
    /// The position, `PN` first.
    pub position: String,
    /// `right-to-left` or `left-to-right`.
    pub scan: String,
    /// The depth.
    pub max_stack: usize,
    /// Bell's words.
    pub quote: String,
}

/// Clearing patterns.
#[derive(Clone, Debug, Deserialize)]
pub struct Clearing {
    /// Where in the book.
    #[serde(rename = "where")]
    pub location: String,
    /// The small examples: only their move lists are legible.
    pub small: Vec<SmallClearing>,
    /// The 50-pit pattern.
    pub fifty_pits: FiftyPits,
}

/// A small clearing example.
#[derive(Clone, Debug, Deserialize)]
pub struct SmallClearing {
    /// The pits played, in order.
    pub play: Vec<usize>,
}

/// The 50-pit clearing pattern.
#[derive(Clone, Debug, Deserialize)]
pub struct FiftyPits {
    /// Number of pits.
    pub pits: usize,
    /// Continuation moves to clear it.
    pub moves: u64,
    /// The pattern, `P50` first.
    pub pattern_pn_first: Vec<u32>,
}

/// The dataset, parsed once.
///
/// ```
/// let bell = plybench::study::kalah::bell::published()?;
/// assert_eq!(bell.board_test.rows.len(), 10);
/// # Ok::<(), plybench::Error>(())
/// ```
pub fn published() -> Result<&'static Bell> {
    static PARSED: OnceLock<Result<Bell, String>> = OnceLock::new();
    PARSED
        .get_or_init(|| serde_json::from_str(TEXT).map_err(|e| e.to_string()))
        .as_ref()
        .map_err(|why| Error::Dataset { name: FILE, why: why.clone() })
}

impl Bell {
    /// Bell's figure for `pits` pits in the board test, if he gives one.
    pub fn board_test_moves(&self, pits: usize) -> Option<Published<u128>> {
        self.board_test
            .rows
            .iter()
            .find(|row| row.pits == pits)
            .map(|row| Published { value: row.moves, source: self.board_test.location.clone() })
    }
}
