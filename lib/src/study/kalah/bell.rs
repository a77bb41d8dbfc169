//! Bell's published Kalah figures, read from `datasets/kalah/bell-1972.json`.
//!
//! The file is compiled in, so the binaries need no data directory, but the
//! figures live only there: nothing in the computing path reads them.

use serde::Deserialize;

use crate::Result;
use crate::report::Published;
use crate::study::datasets::Parsed;

const FILE: &str = "kalah/bell-1972.json";
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
    /// The worked example of continuation moves.
    pub continuation_example: ContinuationExample,
    /// The two stack-activity figures, line by line.
    pub traces: Traces,
}

/// Bell's example of continuation moves ("six terminal positions").
#[derive(Clone, Debug, Deserialize)]
pub struct ContinuationExample {
    /// Where in the book.
    #[serde(rename = "where")]
    pub location: String,
    /// Pits a side on Bell's board.
    pub pits: usize,
    /// What survives of the position's picture.
    pub position_note: String,
    /// The orders of pits played, as listed.
    pub orders: Vec<Vec<usize>>,
    /// Seed line of the list.
    pub orders_seed_line: usize,
    /// "a choice of six terminal positions".
    pub terminal_positions: u64,
    /// Bell's words.
    pub terminal_quote: String,
    /// Seed line of the quote.
    pub terminal_seed_line: usize,
    /// The first move that fills the kalah best.
    pub best_first_move: usize,
    /// Bell's words.
    pub best_quote: String,
    /// Seed line of the quote.
    pub best_seed_line: usize,
    /// Counters a sequence puts on the opponent's side.
    pub spill: Spill,
}

/// Bell's note that one order puts counters in an opponent's pit.
#[derive(Clone, Debug, Deserialize)]
pub struct Spill {
    /// The order of pits played.
    pub order: Vec<usize>,
    /// How many counters.
    pub counters: u32,
    /// The opponent's pit, `p1` .. `pN`.
    pub pit: String,
    /// As printed.
    pub quote: String,
    /// Seed line.
    pub seed_line: usize,
}

/// The stack-activity figures.
#[derive(Clone, Debug, Deserialize)]
pub struct Traces {
    /// Where in the book.
    #[serde(rename = "where")]
    pub location: String,
    /// The figures.
    pub figures: Vec<TraceFigure>,
    /// Lines known to differ, with the evidence.
    pub known: Vec<KnownTraceLine>,
}

/// One stack-activity figure.
#[derive(Clone, Debug, Deserialize)]
pub struct TraceFigure {
    /// The position, `PN` first.
    pub position: String,
    /// `right-to-left` or `left-to-right`.
    pub scan: String,
    /// Its lines, one per scan.
    pub lines: Vec<TraceLine>,
}

/// One line (one scan) of a figure.
#[derive(Clone, Debug, Deserialize)]
pub struct TraceLine {
    /// The scan's number, from 1.
    pub step: usize,
    /// Seed lines it is printed on.
    pub seed_lines: Vec<usize>,
    /// The outputs, pits only, `PN` first, in the order printed.
    pub outputs: Vec<String>,
}

/// A line of a figure known to differ from the computation.
#[derive(Clone, Debug, Deserialize)]
pub struct KnownTraceLine {
    /// Which figure.
    pub scan: String,
    /// Which line.
    pub step: usize,
    /// The evidence.
    pub why: String,
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
    static FIGURES: Parsed<Bell> = Parsed::json(FILE, TEXT);
    FIGURES.get()
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
