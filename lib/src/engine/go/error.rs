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
}
