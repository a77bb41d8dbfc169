//! The errors of the rules engine: a rule file that cannot be read, a run
//! that goes wrong or past its budget, a position that does not fit the
//! rules.
//!
//! A message quotes its input through [`excerpt`]: at most
//! [`EXCERPT_CHARS`] characters, control characters escaped, so that a
//! statement of a megabyte or a NUL byte in a rule file gives one short
//! line on a terminal.

/// The most characters of its input an error quotes.
pub const EXCERPT_CHARS: usize = 60;

/// `text` as an error quotes it: control characters (and backslashes)
/// escaped as Rust writes them (`\n`, `\u{0}`, `\u{1b}`), at most
/// [`EXCERPT_CHARS`] characters of that, and `…` when it was cut.
///
/// ```
/// use plybench::engine::rules::error::excerpt;
///
/// assert_eq!(excerpt("A. GO TO * A."), "A. GO TO * A.");
/// assert_eq!(excerpt("a\0b\n"), "a\\u{0}b\\n");
/// assert_eq!(excerpt(&"x".repeat(100)).chars().count(), 61);
/// ```
pub fn excerpt(text: &str) -> String {
    escaped(text, EXCERPT_CHARS)
}

/// The first `max` characters of `text`, escaped as [`excerpt`] escapes them.
fn escaped(text: &str, max: usize) -> String {
    let mut out = String::new();
    let mut written = 0;
    for c in text.chars() {
        let piece: String = if c.is_control() || c == '\\' { c.escape_default().collect() } else { c.to_string() };
        let n = piece.chars().count();
        if written + n > max {
            out.push('…');
            break;
        }
        written += n;
        out.push_str(&piece);
    }
    out
}

/// Where in a rule file: the file, the line and the statement's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    /// The file's name.
    pub file: String,
    /// The line, from 1.
    pub line: u32,
    /// The statement as written.
    pub statement: String,
}

impl std::fmt::Display for Location {
    /// `file:line: \`statement\``, the statement quoted by [`excerpt`],
    /// the file's name escaped the same way (up to 200 characters); a
    /// location without a statement omits it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", escaped(&self.file, 200), self.line)?;
        if !self.statement.is_empty() {
            write!(f, ": `{}`", excerpt(&self.statement))?;
        }
        Ok(())
    }
}

/// A rule file, run or position the rules engine cannot take.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// A statement or declaration that cannot be parsed.
    #[error("{at}: {why}")]
    Parse {
        /// Where.
        at: Location,
        /// What is wrong, and how to write it.
        why: String,
    },
    /// A run that went wrong: a type error, an unknown label, `TRAVEL`
    /// from an empty square.
    #[error("{at}: {why}")]
    Run {
        /// The statement that failed.
        at: Location,
        /// What went wrong, with the variables' values.
        why: String,
    },
    /// A run that took more steps than its budget
    /// ([`Limits::steps`](super::limits::Limits::steps)): a loop that
    /// never ends, most likely.
    #[error(
        "{at}: {what} ran past its budget of {steps} steps {place}: a loop that never ends? If it does end, raise \
         the budget"
    )]
    Steps {
        /// The statement about to run when the budget ran out (boxed, to
        /// keep the error small on the paths that return it).
        at: Box<Location>,
        /// `the MOVES algorithm`, `the RESULT algorithm`, or `the analysis
        /// of the MOVES algorithm` (whose work on its stored conditions
        /// counts against the same budget).
        what: String,
        /// `at label A`, or `after label A` for a statement without one.
        place: String,
        /// The budget.
        steps: u64,
    },
    /// A run that output more moves than one list may hold
    /// ([`Limits::moves`](super::limits::Limits::moves)).
    #[error(
        "{at}: the {algorithm} algorithm output more than {moves} moves in one run {place}, the most the memory \
         limit allows a list of moves: a MOVE in a loop that never ends? If not, raise the memory limit"
    )]
    Moves {
        /// The `MOVE` statement that would have gone past the limit.
        at: Box<Location>,
        /// `MOVES` (or `RESULT`, whose moves are not kept but counted).
        algorithm: &'static str,
        /// `at label A`, or `after label A`.
        place: String,
        /// The most moves one run may output.
        moves: usize,
    },
    /// An analysis that would hold more than its memory limit.
    #[error(
        "{what} would hold more than {limit_mib} MiB, the memory limit; lower the modifications or the runs, or \
         raise the limit"
    )]
    Memory {
        /// What holds the memory, e.g. `the analysis of modifications`.
        what: String,
        /// The limit, in MiB.
        limit_mib: u64,
    },
    /// The native code of a rule file could not be built or loaded.
    #[error("{0}")]
    Native(#[from] super::native::error::NativeError),
    /// A position whose text does not fit the rules (`docs/rules.md`,
    /// "Positions").
    #[error("position `{}`: {why}", excerpt(.text))]
    Position {
        /// The position as given.
        text: String,
        /// What is wrong, and how to write it.
        why: String,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_or_raw_input_is_quoted_short_and_escaped() {
        let at = Location {
            file: "x.rules".into(),
            line: 3,
            statement: format!("A. IF * {}\u{1b}[2J", "1 + ".repeat(5000)),
        };
        let line = RulesError::Parse { at, why: "too deep".into() }.to_string();
        assert!(line.len() < 150, "{line}");
        assert!(!line.chars().any(char::is_control), "{line:?}");
        assert!(line.starts_with("x.rules:3: `A. IF * 1 + 1 + "), "{line}");
        let position = RulesError::Position { text: "\0".repeat(10_000), why: "bad".into() }.to_string();
        assert!(position.len() < 150 && !position.contains('\0'), "{position:?}");
    }
}
