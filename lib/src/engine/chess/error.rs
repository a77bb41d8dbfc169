//! The errors of the chess engine.

use super::{Color, ParseSquareError, Square};
use crate::engine::limit::LimitError;
use crate::engine::table::TableError;
use crate::quote::quote;

/// What can go wrong in the chess engine. Messages give the reason only:
/// the caller adds which input it came from.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChessError {
    /// A FEN that cannot be parsed, or describes a position that cannot be
    /// played from.
    #[error(transparent)]
    Fen(#[from] FenError),
    /// Text that is not a square name.
    #[error(transparent)]
    Square(#[from] ParseSquareError),
    /// A move that is not written in UCI notation.
    #[error("{} is not UCI notation; expected e.g. e2e4, or e7e8q for a promotion", quote(.uci))]
    NotUci {
        /// The text.
        uci: String,
    },
    /// A move in UCI notation that is not legal in the position.
    #[error("{uci} is not legal in {position}; legal moves: {}", if .legal.is_empty() { "none".to_owned() } else { .legal.join(" ") })]
    IllegalMove {
        /// The move.
        uci: String,
        /// The position: placement, side, castling and en passant fields.
        position: String,
        /// The legal moves, sorted.
        legal: Vec<String>,
    },
    /// A clock of the position would pass `u32::MAX`.
    #[error("the {clock} passes {} after {after}", u32::MAX)]
    ClockOverflow {
        /// `halfmove clock` or `fullmove number`.
        clock: &'static str,
        /// The move that would take it past.
        after: String,
    },
    /// A representation name that is not one of the four.
    #[error("{} is not a representation; expected one of array, mailbox10, x88, bitboard", quote(.name))]
    UnknownRepr {
        /// The name given.
        name: String,
    },
    /// A transposition table that cannot be made.
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
    /// A depth, thread count or table size out of range (boxed, to keep
    /// this error small).
    #[error(transparent)]
    Limit(Box<LimitError>),
    /// A position that cannot arise in a game, beyond what a representation
    /// was built to hold.
    #[error("{repr} cannot hold this position: {why}; count it on bitboard")]
    CannotHold {
        /// The representation's name.
        repr: &'static str,
        /// What it cannot hold.
        why: String,
    },
    /// A position Bell's two-move program cannot take
    /// ([`super::array::bell`]).
    #[error("Bell's two-move program cannot take this position: {why}")]
    BellProgram {
        /// Why.
        why: String,
    },
    /// A position that cannot arise in a game, whose men could have more
    /// moves in one position of the count than a move list holds.
    #[error(
        "this position's men could have up to {moves} moves in one position within {depth} {}, more than a move list holds ({max}); {}",
        if *.depth == 1 { "ply" } else { "plies" },
        if *.deepest > 0 { format!("count it to depth {} or less", .deepest) } else { "it cannot be counted".to_owned() }
    )]
    TooManyMoves {
        /// The most moves the men could have (an upper bound).
        moves: usize,
        /// The depth of the count.
        depth: u32,
        /// What a move list holds.
        max: usize,
        /// The deepest count that stays within a move list (0: none).
        deepest: u32,
    },
}

impl ChessError {
    /// Whether this is the refusal of a position that cannot arise in a
    /// game but is well defined for move generation
    /// ([`FenError::is_impossible`]): the caller may offer to count it.
    pub fn is_impossible(&self) -> bool {
        matches!(self, ChessError::Fen(e) if e.is_impossible())
    }
}

impl From<LimitError> for ChessError {
    fn from(error: LimitError) -> ChessError {
        ChessError::Limit(Box::new(error))
    }
}

/// Why a FEN was refused. Messages say what is wrong and, where there is
/// one, the fix.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// Neither six fields nor four.
    #[error(
        "{count} field(s) in {}; expected 6 (placement, side, castling, en passant, halfmove, fullmove) or the first 4",
        quote(.fen)
    )]
    FieldCount {
        /// The fields found.
        count: usize,
        /// The FEN.
        fen: String,
    },
    /// The placement does not have eight ranks.
    #[error("{count} ranks in {}; expected 8 separated by /", quote(.placement))]
    RankCount {
        /// The ranks found.
        count: usize,
        /// The placement field.
        placement: String,
    },
    /// A character that is neither a piece letter nor a digit 1-8.
    #[error("{found:?} on rank {rank}; expected a piece letter (PNBRQK, pnbrqk) or a digit 1-8")]
    PieceLetter {
        /// The character.
        found: char,
        /// The rank, 1 to 8.
        rank: usize,
    },
    /// A rank that does not cover eight squares.
    #[error("rank {rank} ({}) covers {squares} squares; it must cover 8", quote(.text))]
    RankWidth {
        /// The rank, 1 to 8.
        rank: usize,
        /// The rank's text.
        text: String,
        /// The squares it covers.
        squares: usize,
    },
    /// A side to move other than `w` or `b`.
    #[error("side to move {}; expected w or b", quote(.found))]
    Side {
        /// The field.
        found: String,
    },
    /// A castling field with a letter outside `KQkq`.
    #[error(
        "castling field {}; expected - or letters from KQkq, or rook files (Shredder-FEN: A-H for white, a-h for black)",
        quote(.field)
    )]
    CastlingField {
        /// The field.
        field: String,
    },
    /// A castling field naming a right twice.
    #[error("castling field {} repeats {letter}", quote(.field))]
    CastlingRepeat {
        /// The field.
        field: String,
        /// The repeated letter.
        letter: char,
    },
    /// An en passant field that is neither `-` nor a square.
    #[error("en passant field {}; expected - or a square", quote(.field))]
    EnPassantField {
        /// The field.
        field: String,
    },
    /// A clock that is not a whole number.
    #[error("{name} {} is not a whole number", quote(.field))]
    Number {
        /// `halfmove clock` or `fullmove number`.
        name: &'static str,
        /// The field.
        field: String,
    },
    /// Not exactly one king of a colour.
    #[error("{count} {} kings; a position needs exactly one", color_name(*.color))]
    Kings {
        /// The colour.
        color: Color,
        /// The kings found.
        count: usize,
    },
    /// More men or pawns than a side can have.
    #[error("{} has {men} men and {pawns} pawns; at most 16 and 8", color_name(*.color))]
    TooManyMen {
        /// The colour.
        color: Color,
        /// Its men.
        men: usize,
        /// Its pawns.
        pawns: usize,
    },
    /// A pawn on the first or last rank.
    #[error("pawn on {square}; pawns cannot stand on the first or last rank")]
    PawnOnBackRank {
        /// Where.
        square: Square,
    },
    /// A castling right without its king and rook at home.
    #[error("castling right {letter} {problem}; remove {letter} from the castling field")]
    CastlingRight {
        /// The right's letter.
        letter: char,
        /// What is missing, such as `needs a white rook on h1`.
        problem: String,
    },
    /// A rook file in the castling field that names no right.
    #[error("castling field {}: {letter} {problem}", quote(.field))]
    CastlingFile {
        /// The field.
        field: String,
        /// The file letter.
        letter: char,
        /// Why it names no right.
        problem: String,
    },
    /// An en passant square that no double step can have made.
    #[error(
        "en passant square {square} is impossible: no {} pawn has just made a double step past it; use -",
        color_name(*.mover)
    )]
    EnPassantImpossible {
        /// The square.
        square: Square,
        /// The side whose pawn would have moved.
        mover: Color,
    },
    /// The side not to move is in check.
    #[error("the side not to move is in check (king on {king}); the position cannot arise")]
    OpponentInCheck {
        /// Its king's square.
        king: Square,
    },
}

impl FenError {
    /// Whether the position is refused only because it cannot arise in a
    /// game (too many men or pawns, a pawn on the first or last rank), and
    /// is well defined for move generation:
    /// [`Validation::Relaxed`](super::Validation::Relaxed) accepts it.
    pub fn is_impossible(&self) -> bool {
        matches!(self, FenError::TooManyMen { .. } | FenError::PawnOnBackRank { .. })
    }
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}
