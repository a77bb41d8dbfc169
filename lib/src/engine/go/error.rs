//! The errors of the Go engine.

use crate::engine::limit::LimitError;
use crate::quote::quote;

/// A Go position, point, board size or count the Go engine cannot take.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GoError {
    /// The same point given two stones.
    #[error("{point} is given more than one stone; give each point at most one")]
    Occupied {
        /// The point's name.
        point: String,
    },
    /// A board diagram that cannot be read.
    #[error("diagram line {line}: {why}")]
    Diagram {
        /// The line, counted from 1.
        line: usize,
        /// What is wrong with it.
        why: String,
    },
    /// A stone density outside 0 to 1.
    #[error("density {0} is not a fraction; give a number from 0 to 1, e.g. 0.5")]
    Density(String),
    /// A table of influence magnitudes of the wrong size.
    #[error("an influence map has 361 values, one per point; {0} were given")]
    MapSize(usize),
    /// A board whose legal positions cannot be counted.
    #[error("a {rows}x{cols} board cannot be counted: {why}")]
    LegalBoard {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
        /// Why, and what to count instead.
        why: String,
    },
    /// The border states of a count could pass the memory limit.
    #[error(
        "counting the {rows}x{cols} board could need {:.1} GiB of border states, more than the limit of {:.1} GiB; raise the limit or count a narrower board",
        *needed as f64 / (1u64 << 30) as f64,
        *limit as f64 / (1u64 << 30) as f64
    )]
    LegalMemory {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
        /// Bytes the states could need.
        needed: u64,
        /// Bytes allowed.
        limit: u64,
    },
    /// A count passed the limbs planned for it, or a part of a layer
    /// outgrew its table (2^32 states): neither happens within the bound
    /// 3^points and the memory limits, so it means a fault of the program.
    #[error(
        "the count of the {rows}x{cols} board passed what the program planned for it (its bound or a table's size); please report it"
    )]
    LegalOverflow {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
    },
    /// A snapshot of a count that cannot be written, read or resumed.
    #[error("snapshot {path} {why}")]
    LegalSnapshot {
        /// The file.
        path: String,
        /// What went wrong, and the fix.
        why: String,
    },
    /// A count stopped when asked, saved to its snapshot.
    #[error("the count stopped after point {point} of {points}, saved to {path}")]
    LegalStopped {
        /// The snapshot file.
        path: String,
        /// Points filled.
        point: usize,
        /// Points of the board.
        points: usize,
    },
    /// A board whose games cannot be enumerated.
    #[error("the games of a {rows}x{cols} board cannot be counted: {why}")]
    GamesBoard {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
        /// Why, and what to count instead.
        why: String,
    },
    /// A board side of 0 or more than 19 lines.
    #[error("{cols}x{rows} is not a board size; each side is 1 to 19 lines")]
    BadSize {
        /// Columns asked for.
        cols: u32,
        /// Rows asked for.
        rows: u32,
    },
    /// Text that is not a point in GTP notation.
    #[error("{} is not a point; write a column letter A to T without I and a line number, e.g. K10", quote(.0))]
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
    /// An SGF record that cannot be read.
    #[error("SGF line {line}: {why}")]
    Sgf {
        /// The line, from 1 (0: the whole text).
        line: usize,
        /// What is wrong, and the fix.
        why: String,
    },
    /// A move of a game record that the rules refuse.
    #[error("move {number} of the record ({color} {point}) is illegal: {why}")]
    RecordMove {
        /// The move's number, from 1.
        number: usize,
        /// Its colour.
        color: &'static str,
        /// Its point.
        point: String,
        /// The rule it breaks.
        why: &'static str,
    },
    /// A move number past the end of a game record.
    #[error("the record has {moves} moves, so there is no position after move {asked}; give 0 to {moves}")]
    MoveNumber {
        /// The number asked for.
        asked: usize,
        /// The moves of the record's main line.
        moves: usize,
    },
    /// A move number given with a position that is not a game record.
    #[error("a move number applies to an SGF game record, and this position is a diagram; drop the move number")]
    MoveOfDiagram,
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
    #[error("{} is neither a file nor a named position; use {known}", quote(.name))]
    UnknownPosition {
        /// The name given.
        name: String,
        /// The names known, comma-separated.
        known: String,
    },
    /// A name that is not a representation.
    #[error("{} is not a representation; use array or bitboard", quote(.0))]
    UnknownRepr(String),
    /// A size past what a computation accepts.
    #[error(transparent)]
    Limit(#[from] LimitError),
}
