//! Bell's stack-activity figure, reproduced step by step.
//!
//! Each [`TraceRow`] is one line of Bell's figure: the stack level a position
//! was unstacked from, the position, the mark of each pit (`c` stacked, `*`
//! output, `-` empty) in Bell's left-to-right order `PN … P1`, the whole stack
//! after the scan, and the positions output. Positions show the mover's pits
//! only, `PN` first, as Bell prints them.

use super::count::count_sequences;
use super::error::KalahError;
use super::position::{Pit, Position, ScanOrder};
use super::sow::Rules;
use super::stack::{self, Observer, Scan};

/// The most rows a trace may have: a trace is for reading.
pub const MAX_TRACE_ROWS: usize = 100_000;

/// One line of the figure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceRow {
    /// The stack level the position was taken from (`S3` is 3); `None` for
    /// the starting position.
    pub unstacked_from: Option<usize>,
    /// The mover's pits, `PN` first.
    pub start: Vec<u32>,
    /// One mark per pit, `PN` first: `c`, `*` or `-`.
    pub marks: String,
    /// The stack after the scan, bottom first; each entry `PN` first.
    pub stack: Vec<Vec<u32>>,
    /// The positions output by the scan, in scan order.
    pub outputs: Vec<Vec<u32>>,
}

/// Writes a row of pits the way Bell does: digits run together when every
/// count is a single digit (`032`), separated by commas otherwise.
pub fn format_pits(pits_pn_first: &[u32]) -> String {
    if pits_pn_first.iter().all(|&c| c < 10) {
        pits_pn_first.iter().map(|c| c.to_string()).collect()
    } else {
        pits_pn_first.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(",")
    }
}

/// Records the figure, up to [`MAX_TRACE_ROWS`] lines.
struct Recorder {
    n: usize,
    rows: Vec<TraceRow>,
    marks: Vec<char>,
    /// The most lines kept.
    limit: usize,
    /// Set once the figure outgrows the limit; later lines are not kept.
    overflowed: bool,
}

impl Recorder {
    fn pn_first(&self, board: &[u32]) -> Vec<u32> {
        board[..self.n].iter().rev().copied().collect()
    }
}

impl Observer for Recorder {
    fn start(&mut self, board: &[u32], unstacked_from: Option<usize>) {
        if self.rows.len() == self.limit {
            self.overflowed = true;
        }
        if self.overflowed {
            return;
        }
        self.marks = vec![' '; self.n];
        let start = self.pn_first(board);
        self.rows.push(TraceRow {
            unstacked_from,
            start,
            marks: String::new(),
            stack: Vec::new(),
            outputs: Vec::new(),
        });
    }

    fn scanned(&mut self, pit: Pit, scan: Scan, board: &[u32]) {
        if self.overflowed {
            return;
        }
        self.marks[self.n - pit.number()] = scan.mark();
        if scan == Scan::Terminal {
            let output = self.pn_first(board);
            self.rows.last_mut().expect("a scan follows a start").outputs.push(output);
        }
    }

    fn finished(&mut self, stack: &[u32]) {
        if self.overflowed {
            return;
        }
        let width = 2 * self.n + 1;
        let entries = stack.chunks(width).map(|board| self.pn_first(board)).collect();
        let row = self.rows.last_mut().expect("a finish follows a start");
        row.marks = self.marks.iter().collect();
        row.stack = entries;
    }
}

/// Runs Bell's stacker on `position` and returns every line of its figure.
///
/// ```
/// use plybench::engine::kalah::{trace::trace, Position, Rules, ScanOrder};
///
/// let rows = trace(&"3,2,1".parse()?, ScanOrder::RightToLeft, Rules::default())?;
/// // Bell's first line: 321, marks ccc, stack 320 302 032.
/// assert_eq!(rows[0].marks, "ccc");
/// assert_eq!(rows[0].stack, vec![vec![3, 2, 0], vec![3, 0, 2], vec![0, 3, 2]]);
/// // The second line unstacks 032 from level 3 and outputs 030 and 003.
/// assert_eq!(rows[1].unstacked_from, Some(3));
/// assert_eq!(rows[1].outputs, vec![vec![0, 3, 0], vec![0, 0, 3]]);
/// # Ok::<(), plybench::engine::kalah::KalahError>(())
/// ```
///
/// # Errors
///
/// [`KalahError::TraceTooLong`] past [`MAX_TRACE_ROWS`] lines; as
/// [`count_sequences`], which decides whether to run.
pub fn trace(position: &Position, order: ScanOrder, rules: Rules) -> Result<Vec<TraceRow>, KalahError> {
    trace_with_limit(position, order, rules, MAX_TRACE_ROWS)
}

fn trace_with_limit(
    position: &Position,
    order: ScanOrder,
    rules: Rules,
    limit: usize,
) -> Result<Vec<TraceRow>, KalahError> {
    // Each terminal output sits on some line, so a figure with more
    // sequences than lines allowed is refused before it is run. One with few
    // sequences but long chains of continuations is cut off by the recorder
    // and refused after.
    let sequences = count_sequences(position)?;
    if sequences > (limit * position.pits()) as u128 {
        return Err(too_long(position, limit));
    }
    let n = position.pits();
    let mut recorder = Recorder { n, rows: Vec::new(), marks: Vec::new(), limit, overflowed: false };
    stack::run(&position.flat_board(), n, order, rules, &mut recorder);
    if recorder.overflowed {
        return Err(too_long(position, limit));
    }
    Ok(recorder.rows)
}

fn too_long(position: &Position, limit: usize) -> KalahError {
    KalahError::TraceTooLong { position: position.to_string(), limit }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_chains_are_refused_not_recorded() {
        // The six-pit clearing pattern: 243 sequences on 127 lines. With a
        // limit of 50 lines the count passes the check made before the run
        // (243 <= 50 x 6 pits), so only the recorder can catch it.
        let position: Position = "6,4,2,3,1,1".parse().unwrap();
        let sequences = count_sequences(&position).unwrap();
        let limit = 50;
        assert!(sequences <= (limit * position.pits()) as u128, "the pre-check must not fire");
        let full = trace_with_limit(&position, ScanOrder::RightToLeft, Rules::default(), 1000).unwrap();
        assert!(full.len() > limit);
        let err = trace_with_limit(&position, ScanOrder::RightToLeft, Rules::default(), limit).unwrap_err();
        assert!(err.to_string().contains("would exceed 50 lines"), "{err}");
    }

    #[test]
    fn bells_figure_fits() {
        let rows = trace(&"3,2,1".parse().unwrap(), ScanOrder::LeftToRight, Rules::default()).unwrap();
        assert_eq!(rows.len(), 12);
        assert_eq!(rows.iter().map(|r| r.stack.len()).max(), Some(5));
    }
}
