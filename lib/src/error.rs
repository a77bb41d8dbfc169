//! The library's error type: one variant per domain.
//!
//! Engines fail with the error of their own domain ([`ChessError`], [`ChanceError`],
//! [`CheckersError`], [`GameError`], [`GoError`], [`BackgammonError`], [`KalahError`], [`RulesError`],
//! [`SearchError`], [`LimitError`],
//! [`TableError`]);
//! batch runs with [`BatchError`]; reading and writing files with
//! [`IoError`]; an external program that `perft check` drives with
//! [`ProgramError`]. The studies return [`Error`], into which each converts.
//!
//! A message gives the reason and, where there is one, the fix. It does not
//! repeat its source error (callers print the chain) and names no
//! command-line flag: the binary that read the value knows its flag and
//! adds it.

use crate::io_error::{IoError, Operation};

use crate::batch::BatchError;
use crate::engine::backgammon::BackgammonError;
use crate::engine::chance::ChanceError;
use crate::engine::checkers::CheckersError;
use crate::engine::chess::ChessError;
use crate::engine::game::GameError;
use crate::engine::go::GoError;
use crate::engine::kalah::KalahError;
use crate::engine::limit::LimitError;
use crate::engine::rules::RulesError;
use crate::engine::search::SearchError;
use crate::engine::shogi::ShogiError;
use crate::engine::table::TableError;
use crate::study::perft::program_error::ProgramError;

/// Everything that can go wrong in plybench.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A chess position, move or count the chess engine cannot take.
    #[error(transparent)]
    Chess(#[from] ChessError),
    /// A draughts position, move or game record the checkers engine cannot take.
    #[error(transparent)]
    Checkers(#[from] CheckersError),
    /// A shogi position, move or depth the shogi engine cannot take.
    #[error(transparent)]
    Shogi(#[from] ShogiError),
    /// A backgammon position or throw the backgammon engine cannot take.
    #[error(transparent)]
    Backgammon(#[from] BackgammonError),
    /// A Go position, point or size the Go engine cannot take.
    #[error(transparent)]
    Go(#[from] GoError),
    /// A rule file, run or position the rules engine cannot take.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// A card, deal, hand or tile the chance engine cannot take.
    #[error(transparent)]
    Chance(#[from] ChanceError),
    /// A Kalah position or count the Kalah engine cannot take.
    #[error(transparent)]
    Kalah(#[from] KalahError),
    /// A tree or search the search engine cannot take.
    #[error(transparent)]
    Search(#[from] SearchError),
    /// A count the generic perft driver cannot make.
    #[error(transparent)]
    Game(#[from] GameError),
    /// A size past what a computation accepts.
    #[error(transparent)]
    Limit(#[from] LimitError),
    /// A perft table that cannot be made.
    #[error(transparent)]
    Table(#[from] TableError),
    /// A batch file or run that cannot be used.
    #[error(transparent)]
    Batch(#[from] BatchError),
    /// A file that could not be read or written.
    #[error(transparent)]
    Io(#[from] IoError),
    /// An external perft program, checked by `perft check`, that failed.
    #[error(transparent)]
    Program(#[from] ProgramError),
    /// Input given to a study that it cannot use. `what` names the input in
    /// the study's words (never a flag), `why` what is wrong and the fix.
    #[error("invalid {what}: {why}")]
    InvalidInput {
        /// The input, e.g. `suite file`.
        what: String,
        /// What is wrong, and how to put it right.
        why: String,
    },
    /// A requested computation would not fit: a count past the integer type,
    /// or a size past the limits the algorithm supports.
    #[error("too large: {0}")]
    TooLarge(String),
    /// A dataset shipped with plybench could not be read. This is a bug in
    /// the repository, not in the input.
    #[error("dataset {name} is malformed: {why}")]
    Dataset {
        /// The dataset's file name.
        name: &'static str,
        /// What is wrong with it.
        why: String,
    },
}

impl Error {
    /// Shorthand for [`Error::InvalidInput`].
    pub fn invalid(what: impl Into<String>, why: impl Into<String>) -> Self {
        Error::InvalidInput { what: what.into(), why: why.into() }
    }

    /// Whether the error is the user's to fix (bad input, a size that cannot
    /// fit, a file named that cannot be read) rather than the environment's
    /// or a bug's. Binaries exit with status 2 for these and 1 for the others.
    pub fn is_usage(&self) -> bool {
        match self {
            Error::Chess(_)
            | Error::Checkers(_)
            | Error::Shogi(_)
            | Error::Go(_)
            | Error::Backgammon(_)
            | Error::Rules(_)
            | Error::Kalah(_)
            | Error::Chance(_)
            | Error::Search(_)
            | Error::Limit(_)
            | Error::Table(_)
            | Error::InvalidInput { .. }
            | Error::TooLarge(_) => true,
            Error::Batch(e) => e.is_usage(),
            Error::Io(e) => e.operation == Operation::Read,
            Error::Program(e) => e.is_usage(),
            Error::Game(e) => !matches!(e, GameError::ThreadPool { .. }),
            Error::Dataset { .. } => false,
        }
    }
}

/// `Result` with [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;
