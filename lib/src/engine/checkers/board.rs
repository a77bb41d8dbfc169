//! The interface every representation implements, resolved at compile time.

use std::fmt;
use std::str::FromStr;

use super::error::CheckersError;
use super::{Move, Position};

/// How perft counts a multiple capture that reaches the same final position
/// by more than one path (Bell 1972, Fig. 3.7: four final positions reached
/// by more paths than that).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Counting {
    /// Every path is a move of its own. This is the convention of the
    /// published perft counts ("the move generator does not eliminate
    /// duplicate captures", Bik 2012) and of Bell's generator, which does
    /// not eliminate superfluous paths either.
    #[default]
    Paths,
    /// Paths with the same start, end and captured pieces are one move:
    /// every distinct resulting position counts once.
    Results,
}

impl Counting {
    /// Both conventions.
    pub const ALL: [Counting; 2] = [Counting::Paths, Counting::Results];

    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            Counting::Paths => "paths",
            Counting::Results => "results",
        }
    }
}

impl FromStr for Counting {
    type Err = CheckersError;

    fn from_str(s: &str) -> Result<Self, CheckersError> {
        Counting::ALL.into_iter().find(|c| c.name() == s).ok_or_else(|| CheckersError::UnknownCounting(s.to_owned()))
    }
}

/// The three board representations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Repr {
    /// Bell's table-driven 32-square generator with an explicit capture stack.
    Table,
    /// Samuel's 36-bit words with ghost squares, all moves of a kind by one shift.
    Samuel,
    /// A modern 32-bit bitboard.
    Bitboard,
}

impl Repr {
    /// All three, slowest first.
    pub const ALL: [Repr; 3] = [Repr::Table, Repr::Samuel, Repr::Bitboard];

    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            Repr::Table => "table",
            Repr::Samuel => "samuel",
            Repr::Bitboard => "bitboard",
        }
    }
}

impl fmt::Display for Repr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Repr {
    type Err = CheckersError;

    fn from_str(s: &str) -> Result<Self, CheckersError> {
        Repr::ALL.into_iter().find(|r| r.name() == s).ok_or_else(|| CheckersError::UnknownRepr(s.to_owned()))
    }
}

/// A board representation: position setup, legal move generation in the
/// shared [`Move`] type, and make/unmake.
///
/// Moves are generated with compulsory capture (only captures when one
/// exists), every multi-capture taken to its end, and a man's move ending
/// when it is crowned. Every path of a multi-capture is a move of its own.
pub trait Board: Clone + Send + Sync {
    /// Which representation this is.
    const REPR: Repr;
    /// What [`Board::unmake`] needs to restore the position.
    type Undo: Copy;

    /// Sets up `position`.
    fn from_position(position: &Position) -> Self;
    /// The position held.
    fn position(&self) -> Position;
    /// Clears `moves` and fills it with every legal move.
    fn generate(&self, moves: &mut Vec<Move>);
    /// Plays `mv`, which must be one of [`Board::generate`]'s moves.
    fn make(&mut self, mv: &Move) -> Self::Undo;
    /// Takes back `mv`, played by [`Board::make`] which returned `undo`.
    fn unmake(&mut self, mv: &Move, undo: Self::Undo);

    /// The number of legal moves under `counting`: perft's leaves, counted
    /// without playing them. `scratch` is working space.
    fn count_moves(&self, scratch: &mut Vec<Move>, counting: Counting) -> u64 {
        self.generate(scratch);
        count_list(scratch, counting)
    }
}

/// The moves of `list` under `counting`. For [`Counting::Results`] the list
/// is sorted and reduced to one move per resulting position.
pub fn count_list(list: &mut Vec<Move>, counting: Counting) -> u64 {
    if counting == Counting::Results {
        distinct_results(list);
    }
    list.len() as u64
}

/// Keeps one move per resulting position (same start, end and captures).
/// Only multi-captures can collide, so lists without one are left alone.
pub fn distinct_results(list: &mut Vec<Move>) {
    if list.iter().any(|m| m.jumps >= 2) {
        list.sort_unstable();
        list.dedup_by_key(|m| m.result_key());
    }
}
