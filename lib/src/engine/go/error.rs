//! The errors of the Go engine.

use crate::engine::limit::LimitError;

/// A Go position, point, board size or count the Go engine cannot take.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GoError {
    /// A board side of 0 or more than 19 lines.
    #[error("{cols}x{rows} is not a board size; each side is 1 to 19 lines")]
    BadSize {
        /// Columns asked for.
        cols: u32,
        /// Rows asked for.
        rows: u32,
    },
    /// Text that is not a point in GTP notation.
    #[error("`{0}` is not a point; write a column letter A to T without I and a line number, e.g. K10")]
    NotAPoint(String),
    /// A point past the edge of the board.
    #[error("{point} lies off the {size} board")]
    PointOutside {
        /// The point as written.
        point: String,
        /// The board, e.g. `9x9`.
        size: String,
    },
    /// Text that is not a position in the text form.
    #[error("not a position (line {line}): {why}")]
    NotAPosition {
        /// The line, from 1 (0: the whole text).
        line: usize,
        /// What is wrong, and the fix.
        why: String,
    },
    /// A chain without a breathing space, which the rules remove.
    #[error("the chain through {point} has no breathing space; remove it or free a neighbour")]
    ChainWithoutLiberty {
        /// A stone of the chain.
        point: String,
    },
    /// A ko point that the simple-ko rule cannot have left.
    #[error("{point} cannot be the ko point: {why}")]
    BadKo {
        /// The point.
        point: String,
        /// The rule broken.
        why: &'static str,
    },
    /// More than two passes in a row.
    #[error("{0} passes in a row; the game ends after 2")]
    TooManyPasses(u32),
    /// A name that is neither a position file nor a named position.
    #[error("`{name}` is neither a file nor a named position; use {known}")]
    UnknownPosition {
        /// The name given.
        name: String,
        /// The names known, comma-separated.
        known: String,
    },
    /// A name that is not a representation.
    #[error("`{0}` is not a representation; use array or bitboard")]
    UnknownRepr(String),
    /// A size past what a computation accepts.
    #[error(transparent)]
    Limit(#[from] LimitError),
}
