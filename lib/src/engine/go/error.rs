//! The errors of the Go engine.

/// A Go position, point, board size or count the Go engine cannot take.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GoError {
    /// A point name that is not a point of the 19×19 board.
    #[error("\"{text}\" is not a point: {why}; write a column A to T without I and a row 1 to 19, e.g. K10")]
    Point {
        /// The text as given.
        text: String,
        /// What is wrong with it.
        why: &'static str,
    },
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
    /// A count passed 128 bits.
    #[error("the count of the {rows}x{cols} board passed 128 bits; count a smaller board")]
    LegalOverflow {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
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
}
