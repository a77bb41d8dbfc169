//! Perft suites in the common EPD convention: `<fen> ;D1 20 ;D2 400 ...`.
//!
//! A line holds a FEN (four or six fields) and then, separated by `;`, one
//! `D<depth> <nodes>` operation per depth. Blank lines and lines starting with
//! `#` are skipped, so a suite can say where its numbers come from.

use crate::engine::chess::Setup;
use crate::{Error, Result};

/// The deepest perft a suite may ask for: deeper trees overflow nothing
/// (counts are `u128`) but could not be searched in any lifetime.
pub const MAX_SUITE_DEPTH: u32 = 20;

/// One position of a suite with its published counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteEntry {
    /// The line it came from, counting from 1.
    pub line: usize,
    /// The FEN as written.
    pub fen: String,
    /// The position.
    pub setup: Setup,
    /// `(depth, nodes)` pairs, in the order given.
    pub expected: Vec<(u32, u128)>,
}

/// Parses a suite. `name` (a file name) is used in error messages, which
/// give the line number.
///
/// ```
/// use plybench::study::perft::suite::parse_suite;
///
/// let suite = parse_suite("start", "# comment\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400\n")?;
/// assert_eq!(suite[0].line, 2);
/// assert_eq!(suite[0].expected, vec![(1, 20), (2, 400)]);
///
/// let error = parse_suite("bad.epd", "8/8/8/8/8/8/8/K6k w - - ;D1 x").unwrap_err();
/// assert!(error.to_string().contains("bad.epd line 1"));
/// # Ok::<(), plybench::Error>(())
/// ```
pub fn parse_suite(name: &str, text: &str) -> Result<Vec<SuiteEntry>> {
    let mut entries = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = || format!("{name} line {}", i + 1);
        let mut parts = line.split(';');
        let fen = parts.next().unwrap_or_default().trim();
        let setup = Setup::from_fen(fen).map_err(|e| Error::invalid(at(), format!("invalid FEN: {e}")))?;
        let mut expected = Vec::new();
        for op in parts.map(str::trim).filter(|op| !op.is_empty()) {
            let mut words = op.split_ascii_whitespace();
            let (Some(key), Some(value), None) = (words.next(), words.next(), words.next()) else {
                return Err(Error::invalid(at(), format!("operation {op:?}; expected D<depth> <nodes>, e.g. D3 8902")));
            };
            let depth = key
                .strip_prefix('D')
                .and_then(|d| d.parse::<u32>().ok())
                .filter(|d| (1..=MAX_SUITE_DEPTH).contains(d))
                .ok_or_else(|| {
                    Error::invalid(at(), format!("{key:?} is not a depth; expected D1 to D{MAX_SUITE_DEPTH}"))
                })?;
            let nodes = value
                .parse::<u128>()
                .map_err(|_| Error::invalid(at(), format!("node count {value:?} is not a whole number")))?;
            expected.push((depth, nodes));
        }
        if expected.is_empty() {
            return Err(Error::invalid(at(), "no ;D<depth> <nodes> operation after the FEN"));
        }
        entries.push(SuiteEntry { line: i + 1, fen: fen.to_owned(), setup, expected });
    }
    if entries.is_empty() {
        return Err(Error::invalid(name, "no positions; expected lines like <fen> ;D1 20 ;D2 400"));
    }
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unreadable_lines_are_named() {
        let cases = [
            ("8/8/8/8/8/8/8/K6k w - - ;D1", "line 1"),
            ("\n8/8/8/8/8/8/8/K6k w - - ;D0 3", "\"D0\""),
            ("8/8/8/8/8/8/8/K6k w - - ;D99 3", "D1 to D20"),
            ("8/8/8/8/8/8/8/K6k w - -", "no ;D"),
            ("8/8/8/8/8/8/8/K6 w - - ;D1 3", "line 1"),
            ("# only a comment", "no positions"),
        ];
        for (text, needle) in cases {
            let message = parse_suite("s.epd", text).unwrap_err().to_string();
            assert!(message.contains(needle), "{text:?}: {message}");
        }
    }
}
