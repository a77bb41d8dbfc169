//! Perft suites: EPD files of positions with their published leaf counts.
//!
//! A line holds a FEN (the four EPD fields, or six with the clocks) and
//! then operations, each ended or separated by `;`. `D<depth> <nodes>`
//! gives a count; other operations (`id "..."`, `c0 "..."`, `bm Nf3`, ...)
//! are read and skipped, `id` kept as the position's name. The dialects
//! of published suites all read:
//!
//! ```text
//! rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400
//! rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - D1 20; D2 400; id "start";
//! rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; D1 20; D2 400;
//! ```
//!
//! Blank lines and lines starting with `#` are skipped, so a suite can say
//! where its numbers come from; CRLF line endings and a byte order mark
//! are accepted.
//!
//! [`read_suite`] reads every line it can and reports each one it cannot,
//! with its number and the reason, so that one bad line does not stop a
//! suite. [`parse_suite`] is strict: the first bad line is its error.

use crate::engine::chess::{Setup, Validation};
use crate::quote::quote;
use crate::{Error, Result};

/// The deepest perft a suite may ask for: deeper trees overflow nothing
/// (counts are `u128`) but could not be searched in any lifetime.
pub const MAX_SUITE_DEPTH: u32 = 20;

/// One position of a suite with its published counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteEntry {
    /// The line it came from, counting from 1.
    pub line: usize,
    /// The FEN as written, its fields separated by one space.
    pub fen: String,
    /// The position.
    pub setup: Setup,
    /// `(depth, nodes)` pairs, in the order given.
    pub expected: Vec<(u32, u128)>,
    /// The position's name, from an `id` operation.
    pub id: Option<String>,
}

/// A line of a suite that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadLine {
    /// The line, counting from 1.
    pub line: usize,
    /// The line as written (without its line ending and surrounding blanks).
    pub text: String,
    /// What is wrong with it, and the fix where there is one.
    pub problem: String,
    /// Whether its position was refused only because it cannot arise in a
    /// game ([`ChessError::is_impossible`](crate::engine::chess::ChessError::is_impossible)):
    /// [`Validation::Relaxed`] would read it.
    pub impossible: bool,
}

/// A suite as read by [`read_suite`]: the lines read, and those that
/// could not be.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Suite {
    /// The positions, in file order.
    pub entries: Vec<SuiteEntry>,
    /// The lines that could not be read, in file order.
    pub bad: Vec<BadLine>,
}

/// Reads a suite line by line, with positions checked as `validation`
/// says. A line that cannot be read is kept in [`Suite::bad`] with its
/// reason, and the others are read on. `name` (a file name) is used in
/// the error, which is only for a suite with no line of positions at all.
///
/// ```
/// use plybench::engine::chess::Validation;
/// use plybench::study::perft::suite::read_suite;
///
/// let text = "# from a suite\r\n\
///     8/8/8/8/8/8/8/K6k w - - ;D1 3\r\n\
///     8/8/8/8/8/8/8/K6k w - - ;D1 x\r\n\
///     rnbqkbnr/ppppp1pp/7n/4Pp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3 ;D1 31\r\n\
///     4k3/8/8/8/8/8/8/4K3 w - - D1 5; D2 25; id \"kings\";\r\n";
/// let suite = read_suite("s.epd", text, Validation::Strict)?;
/// assert_eq!(suite.entries.iter().map(|e| e.line).collect::<Vec<_>>(), [2, 5]);
/// assert_eq!(suite.entries[1].id.as_deref(), Some("kings"));
/// assert_eq!(suite.bad[0].line, 3);
/// assert_eq!(suite.bad[0].problem, "node count \"x\" is not a whole number");
/// assert!(suite.bad[1].impossible);
///
/// let relaxed = read_suite("s.epd", text, Validation::Relaxed)?;
/// assert_eq!(relaxed.entries.len(), 3);
/// # Ok::<(), plybench::Error>(())
/// ```
pub fn read_suite(name: &str, text: &str, validation: Validation) -> Result<Suite> {
    let mut suite = Suite::default();
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        match read_line(line, validation) {
            Ok((fen, setup, expected, id)) => {
                suite.entries.push(SuiteEntry { line: i + 1, fen, setup, expected, id });
            }
            Err((problem, impossible)) => {
                suite.bad.push(BadLine { line: i + 1, text: line.to_owned(), problem, impossible });
            }
        }
    }
    if suite.entries.is_empty() && suite.bad.is_empty() {
        return Err(Error::invalid(name, "no positions; expected lines like <fen> ;D1 20 ;D2 400"));
    }
    Ok(suite)
}

/// Parses a suite strictly: every line must be read, and the first that
/// cannot be is the error, which names `name` (a file name) and the line.
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
    let suite = read_suite(name, text, Validation::Strict)?;
    match suite.bad.into_iter().next() {
        Some(bad) => Err(bad_line_error(name, &bad)),
        None => Ok(suite.entries),
    }
}

/// The error of a line that could not be read: `invalid NAME line N: WHY`.
pub fn bad_line_error(name: &str, bad: &BadLine) -> Error {
    Error::invalid(format!("{name} line {}", bad.line), bad.problem.clone())
}

/// What a line holds: the FEN as written, the position, its counts and its
/// `id`.
type Line = (String, Setup, Vec<(u32, u128)>, Option<String>);

/// Reads one line (trimmed, not blank, not a comment). Fails with the
/// problem and whether the position was refused only as impossible in a
/// game.
fn read_line(line: &str, validation: Validation) -> std::result::Result<Line, (String, bool)> {
    let mut segments = split_outside_quotes(line).into_iter();
    let head = segments.next().unwrap_or_default();
    // The FEN: its four fields, then the clocks if both are numbers. What
    // follows on the same segment is the first operation (`- D1 20;`).
    let mut fields = Vec::new();
    let mut rest = head.trim_start();
    while fields.len() < 6 {
        let Some(field) = rest.split_ascii_whitespace().next() else { break };
        let is_clock = field.bytes().all(|b| b.is_ascii_digit());
        if fields.len() >= 4 && !is_clock {
            break;
        }
        fields.push(field);
        rest = rest.trim_start()[field.len()..].trim_start();
    }
    if fields.len() == 5 {
        // One clock without the other: let the FEN parser say so.
        fields.extend(rest.split_ascii_whitespace().next());
        rest = "";
    }
    let fen = fields.join(" ");
    let setup = Setup::from_fen_with(&fen, validation).map_err(|e| (format!("invalid FEN: {e}"), e.is_impossible()))?;
    let mut expected = Vec::new();
    let mut id = None;
    for op in std::iter::once(rest).chain(segments).map(str::trim).filter(|op| !op.is_empty()) {
        let (opcode, operands) = op.split_once(|c: char| c.is_ascii_whitespace()).unwrap_or((op, ""));
        let operands = operands.trim();
        if let Some(depth) = opcode.strip_prefix('D').filter(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
        {
            let mut words = operands.split_ascii_whitespace();
            let (Some(value), None) = (words.next(), words.next()) else {
                return Err((format!("operation {}; expected D<depth> <nodes>, e.g. D3 8902", quote(op)), false));
            };
            let depth = depth.parse::<u32>().ok().filter(|d| (1..=MAX_SUITE_DEPTH).contains(d)).ok_or_else(|| {
                (format!("{} is not a depth; expected D1 to D{MAX_SUITE_DEPTH}", quote(opcode)), false)
            })?;
            let nodes = value
                .parse::<u128>()
                .map_err(|_| (format!("node count {} is not a whole number", quote(value)), false))?;
            if let Some(&(_, before)) = expected.iter().find(|&&(d, _)| d == depth) {
                let why = format!("D{depth} is given twice ({before} and {nodes}); give each depth once");
                return Err((why, false));
            }
            expected.push((depth, nodes));
        } else if is_opcode(opcode) {
            if opcode == "id" {
                id = Some(operands.trim_matches('"').to_owned());
            }
        } else {
            return Err((
                format!("operation {}; expected an opcode and its operands, e.g. D3 8902 or id \"name\"", quote(op)),
                false,
            ));
        }
    }
    if expected.is_empty() {
        return Err(("no ;D<depth> <nodes> operation after the FEN".to_owned(), false));
    }
    Ok((fen, setup, expected, id))
}

/// Whether `word` is an EPD opcode: a letter, then letters, digits and
/// underscores.
fn is_opcode(word: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_alphabetic()) && word.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// `line` split at each `;` that is not inside a double-quoted string.
fn split_outside_quotes(line: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut start = 0;
    let mut quoted = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' => quoted = !quoted,
            ';' if !quoted => {
                parts.push(&line[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&line[start..]);
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";

    #[test]
    fn unreadable_lines_are_named() {
        let cases = [
            ("8/8/8/8/8/8/8/K6k w - - ;D1", "line 1"),
            ("\n8/8/8/8/8/8/8/K6k w - - ;D0 3", "\"D0\""),
            ("8/8/8/8/8/8/8/K6k w - - ;D99 3", "D1 to D20"),
            ("8/8/8/8/8/8/8/K6k w - -", "no ;D"),
            ("8/8/8/8/8/8/8/K6 w - - ;D1 3", "line 1"),
            ("8/8/8/8/8/8/8/K6k w - - 0 ;D1 3", "5 field(s)"),
            ("8/8/8/8/8/8/8/K6k w - - ;20", "expected an opcode"),
            ("# only a comment", "no positions"),
        ];
        for (text, needle) in cases {
            let message = parse_suite("s.epd", text).unwrap_err().to_string();
            assert!(message.contains(needle), "{text:?}: {message}");
        }
    }

    /// Every dialect of published suites reads to the same counts.
    #[test]
    fn reads_the_dialects_of_published_suites() {
        let dialects = [
            format!("{START} 0 1 ;D1 20 ;D2 400"),
            format!("{START} ;D1 20 ;D2 400"),
            format!("{START} 0 1;D1 20;D2 400"),
            format!("{START} 0 1 ;D1 20; D2 400;"),
            format!("{START} D1 20; D2 400;"),
            format!("{START} D1 20; D2 400; id \"start; the initial position\";"),
            format!("{START} id \"start\"; D1 20; c0 \"a comment\"; bm e4; D2 400;"),
            format!("{START} hmvc 0; fmvn 1; D1 20; D2 400;"),
            format!("  {START}\t0 1   ;D1  20 ;  D2 400  "),
        ];
        for line in &dialects {
            for text in [line.clone(), format!("\u{feff}# a comment\r\n\r\n{line}\r\n")] {
                let suite = parse_suite("s.epd", &text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
                assert_eq!(suite.len(), 1, "{text:?}");
                assert_eq!(suite[0].expected, [(1, 20), (2, 400)], "{text:?}");
                assert_eq!(suite[0].setup, Setup::starting(), "{text:?}");
                assert_eq!(Setup::from_fen(&suite[0].fen).unwrap(), suite[0].setup, "{text:?}");
            }
        }
        let id = |line: &str| parse_suite("s.epd", line).unwrap()[0].id.clone();
        assert_eq!(id(&dialects[5]).as_deref(), Some("start; the initial position"));
        assert_eq!(id(&dialects[6]).as_deref(), Some("start"));
        assert_eq!(id(&dialects[0]), None);
    }

    #[test]
    fn a_bad_line_does_not_stop_the_others() {
        let text = format!(
            "{START} ;D1 20\n{START} ;D1 x\nnot a fen ;D1 3\n\n{START} ;D9 1 ;D2\nk6P/8/8/8/8/8/8/K7 w - - ;D1 3\n{START} ;D2 400\n"
        );
        let suite = read_suite("s.epd", &text, Validation::Strict).unwrap();
        assert_eq!(suite.entries.iter().map(|e| e.line).collect::<Vec<_>>(), [1, 7]);
        let bad: Vec<(usize, bool)> = suite.bad.iter().map(|b| (b.line, b.impossible)).collect();
        assert_eq!(bad, [(2, false), (3, false), (5, false), (6, true)]);
        assert!(suite.bad[1].problem.starts_with("invalid FEN: "), "{}", suite.bad[1].problem);
        assert_eq!(suite.bad[3].text, "k6P/8/8/8/8/8/8/K7 w - - ;D1 3");
        // Strict parsing stops at the first.
        assert_eq!(
            parse_suite("s.epd", &text).unwrap_err().to_string(),
            format!("invalid s.epd line 2: {}", suite.bad[0].problem)
        );
        // Relaxed reads the pawn on h8.
        let relaxed = read_suite("s.epd", &text, Validation::Relaxed).unwrap();
        assert_eq!(relaxed.entries.iter().map(|e| e.line).collect::<Vec<_>>(), [1, 6, 7]);
        // A suite of bad lines only is still read; one of nothing is not.
        assert_eq!(read_suite("s.epd", "x ;D1 1", Validation::Strict).unwrap().bad.len(), 1);
        assert!(read_suite("s.epd", "\r\n# nothing\r\n", Validation::Strict).is_err());
    }
}
