//! The errors of the checkers engine.

use crate::quote::quote;
use std::fmt;

use crate::engine::game::GameError;
use crate::engine::limit::LimitError;
use crate::engine::table::TableError;

/// What can go wrong in the checkers engine. Messages give the reason only:
/// the caller adds which input it came from.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CheckersError {
    /// A square holding a piece of each colour.
    #[error("square {square} holds both a black and a white piece")]
    SharedSquare {
        /// The square, in the standard numbering.
        square: u32,
    },
    /// A king on a square without a piece.
    #[error("square {square} is marked as a king but holds no piece")]
    KingWithoutPiece {
        /// The square, in the standard numbering.
        square: u32,
    },
    /// More than twelve pieces of one colour.
    #[error("{side} has {pieces} pieces; a side has at most 12")]
    TooManyPieces {
        /// `black` or `white`.
        side: &'static str,
        /// The pieces found.
        pieces: u32,
    },
    /// A man on the row where his side's men are crowned.
    #[error("a {side} man on square {square} stands on its own crowning row; write it as a king (K{square})")]
    ManOnCrowningRow {
        /// `black` or `white`.
        side: &'static str,
        /// The square, in the standard numbering.
        square: u32,
    },
    /// Text that is not PDN FEN.
    #[error("{} is not PDN FEN ({problem}); expected e.g. B:W21,22,K30:B1,2,K9", quote(.text))]
    NotFen {
        /// The text as given.
        text: String,
        /// What is wrong with it.
        problem: FenProblem,
    },
    /// PDN FEN whose position breaks a rule of [`Position::new`](super::Position::new).
    #[error("{} is not a legal position", quote(.text))]
    IllegalFen {
        /// The text as given.
        text: String,
        /// The rule broken.
        #[source]
        source: Box<CheckersError>,
    },
    /// A square number that a numbering does not have.
    #[error("{number} is outside 1..{last} of {numbering} numbering")]
    SquareOutside {
        /// The number written.
        number: u32,
        /// The highest number of the numbering.
        last: u32,
        /// The numbering, as the message names it: `the standard` or
        /// `Cochran's`.
        numbering: &'static str,
    },
    /// A ghost square of Cochran's numbering.
    #[error("{number} is a ghost square of Cochran's numbering (9, 18, 27, 36 do not exist)")]
    GhostSquare {
        /// The number written.
        number: u32,
    },
    /// A name that is not a [`Numbering`](super::Numbering).
    #[error("{} is not a numbering; use standard or cochran", quote(.0))]
    UnknownNumbering(String),
    /// A name that is not a [`Counting`](super::Counting).
    #[error("{} is not a counting; use paths or results", quote(.0))]
    UnknownCounting(String),
    /// A name that is not a [`Repr`](super::Repr).
    #[error("{} is not a representation; use table, samuel or bitboard", quote(.0))]
    UnknownRepr(String),
    /// A comment of a game record that is never closed.
    #[error("the comment opened at byte {at} is never closed")]
    UnclosedComment {
        /// Where the comment opens.
        at: usize,
    },
    /// A tag of a game record that cannot be read.
    #[error("malformed tag at byte {at} ({} after the [); write [Name \"value\"]", quote(.body))]
    MalformedTag {
        /// The tag's text after `[`.
        body: String,
        /// Where the tag opens.
        at: usize,
    },
    /// A tag of a game record whose value cannot be used.
    #[error("the {tag} tag cannot be used")]
    BadTag {
        /// The tag's name, e.g. `FEN`.
        tag: &'static str,
        /// Why its value was refused.
        #[source]
        source: Box<CheckersError>,
    },
    /// A token of a game record that is neither a move nor a move number.
    #[error("{} is neither a move number, a move such as 9-14 or 16x23, nor ?", quote(.0))]
    BadToken(String),
    /// A game record without moves.
    #[error("no moves found")]
    NoMoves,
    /// A size past what a computation accepts.
    #[error(transparent)]
    Limit(#[from] LimitError),
    /// A perft table that cannot be made.
    #[error(transparent)]
    Table(#[from] TableError),
    /// A pool of worker threads that cannot be started.
    #[error("cannot start a pool of {threads} threads ({why})")]
    ThreadPool {
        /// The threads asked for.
        threads: usize,
        /// What the operating system said.
        why: String,
    },
}

/// The generic driver's errors as the checkers engine's, variant for
/// variant.
impl From<GameError> for CheckersError {
    fn from(e: GameError) -> CheckersError {
        match e {
            GameError::Limit(e) => CheckersError::Limit(e),
            GameError::Table(e) => CheckersError::Table(e),
            GameError::ThreadPool { threads, why } => CheckersError::ThreadPool { threads, why },
        }
    }
}

/// Why a text is not PDN FEN (see [`CheckersError::NotFen`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenProblem {
    /// Not three fields separated by `:`.
    Fields,
    /// A side to move other than `B` or `W`.
    Side(String),
    /// A field that does not start with `B` or `W`.
    Field(String),
    /// The same colour given twice.
    ColourTwice,
    /// A range such as `5-3`.
    RangeBackwards(String),
    /// An item that is not a square number.
    NotASquare(String),
    /// A square number outside 1..32.
    SquareOutside(u32),
    /// A square listed twice.
    SquareTwice(u32),
}

impl fmt::Display for FenProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenProblem::Fields => f.write_str("it needs three fields separated by ':'"),
            FenProblem::Side(side) => write!(f, "side to move {} is neither B nor W", quote(side)),
            FenProblem::Field(field) => write!(f, "field {} does not start with B or W", quote(field)),
            FenProblem::ColourTwice => f.write_str("the same colour is given twice"),
            FenProblem::RangeBackwards(range) => write!(f, "range {} runs backwards", quote(range)),
            FenProblem::NotASquare(item) => write!(f, "{} is not a square number", quote(item)),
            FenProblem::SquareOutside(n) => write!(f, "square {n} is outside 1..32"),
            FenProblem::SquareTwice(n) => write!(f, "square {n} is listed twice"),
        }
    }
}
