//! The errors of the shogi engine.

use crate::quote::quote;

/// What can go wrong in the shogi engine. Messages give the reason only:
/// the caller adds which input it came from.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShogiError {
    /// Text that is not an SFEN position, or one whose position breaks a
    /// rule.
    #[error("{} is not a shogi position: {problem}", quote(.text))]
    Sfen {
        /// The text as given.
        text: String,
        /// What is wrong with it.
        problem: SfenProblem,
    },
    /// Text that is not a USI move, or a move the position does not allow.
    #[error("{} is not a legal move here: {why}; write e.g. 7g7f, 8h2b+ or P*5e", quote(.text))]
    Move {
        /// The text as given.
        text: String,
        /// What is wrong with it.
        why: &'static str,
    },
    /// A perft depth past the engine's bound.
    #[error("perft depth {depth} is past the shogi engine's bound of {max}")]
    Depth {
        /// The depth asked for.
        depth: u32,
        /// The deepest the engine counts.
        max: u32,
    },
}

/// What is wrong with an SFEN position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SfenProblem {
    /// Not three or four fields separated by spaces.
    #[error("it has {0} fields; expected board, side, hands and an optional move number, e.g. {START}")]
    Fields(usize),
    /// Not nine ranks separated by `/`.
    #[error("the board has {0} ranks; expected 9 separated by /")]
    Ranks(usize),
    /// A rank that does not fill nine squares.
    #[error("rank {rank} covers {width} squares; each rank covers 9")]
    RankWidth {
        /// The rank's letter.
        rank: char,
        /// The squares it covers.
        width: usize,
    },
    /// A character that is no piece.
    #[error("{0:?} is not a piece letter (PLNSGBRK, lower case for White, + before a promoted piece)")]
    Piece(char),
    /// `+` before a piece that does not promote, or before nothing.
    #[error("+ stands before {0:?}, which does not promote")]
    Promotion(char),
    /// A side that is neither `b` nor `w`.
    #[error("the side to move is {0:?}; expected b or w")]
    Side(String),
    /// A hand field that cannot be read.
    #[error("the hands {0:?} cannot be read; expected - or counts and letters, e.g. RG2Pb3p")]
    Hand(String),
    /// A move number that is not a positive integer.
    #[error("the move number {0:?} is not a positive integer")]
    MoveNumber(String),
    /// A side without exactly one king.
    #[error("{side} has {kings} kings; each side has exactly one")]
    Kings {
        /// `black` or `white`.
        side: &'static str,
        /// The kings found.
        kings: usize,
    },
    /// More pieces of a kind than a set holds.
    #[error("there are {count} {kind}s (promoted ones and those in hand included); a set holds {max}")]
    TooMany {
        /// The unpromoted kind.
        kind: &'static str,
        /// The pieces found.
        count: usize,
        /// The pieces of the set.
        max: u8,
    },
    /// An unpromoted pawn, lance or knight that could never move again.
    #[error("the {side} {kind} on {square} could never move; it must be promoted there")]
    DeadPiece {
        /// `black` or `white`.
        side: &'static str,
        /// `pawn`, `lance` or `knight`.
        kind: &'static str,
        /// The square, USI.
        square: String,
    },
    /// Two unpromoted pawns of a side on one file.
    #[error("{side} has two unpromoted pawns on file {file} (nifu)")]
    TwoPawns {
        /// `black` or `white`.
        side: &'static str,
        /// The file, 1..=9.
        file: u8,
    },
    /// A hand holding a king.
    #[error("a king cannot be held in hand")]
    KingInHand,
    /// The side that has just moved is in check.
    #[error("the side not to move is in check")]
    OpponentInCheck,
}

/// The SFEN of the start position, for messages.
const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
