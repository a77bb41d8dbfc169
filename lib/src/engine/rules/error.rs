//! The errors of the rules engine: a rule file that cannot be read, a run
//! that goes wrong, a position that does not fit the rules.

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
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: `{}`", self.file, self.line, self.statement)
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
    /// A position whose text does not fit the rules (`docs/rules.md`,
    /// "Positions").
    #[error("position `{text}`: {why}")]
    Position {
        /// The position as given.
        text: String,
        /// What is wrong, and how to write it.
        why: String,
    },
}
