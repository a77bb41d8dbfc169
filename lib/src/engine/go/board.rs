//! The interface every representation implements, resolved at compile time,
//! and the perft convention about passing.

use std::fmt;
use std::str::FromStr;

use super::error::GoError;
use super::point::{Move, MoveList};
use super::position::Position;

/// The representations of the board: [`super::array`] and
/// [`super::bitboard`].
///
/// The variants' documentation is the binaries' help text for `--repr`,
/// so it holds no links.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Repr {
    /// Zobrist's bordered array: (w+2)×(h+2) cells with a border value,
    /// chains and their breathing spaces found by flood fill with an
    /// explicit stack.
    Array,
    /// Bitboards: each colour a set of points in six 64-bit words, chains
    /// by shift-and-flood, breathing spaces by set operations.
    Bitboard,
}

impl Repr {
    /// Both, the array first.
    pub const ALL: [Repr; 2] = [Repr::Array, Repr::Bitboard];

    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            Repr::Array => "array",
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
    type Err = GoError;

    fn from_str(s: &str) -> Result<Self, GoError> {
        Repr::ALL.into_iter().find(|r| r.name() == s).ok_or_else(|| GoError::UnknownRepr(s.to_owned()))
    }
}

/// Whether perft counts a pass as a move.
///
/// With [`Passing::Allowed`] (the default, Bell's rules) a pass is a move
/// at every node of a game not yet over; two passes in a row end the game,
/// and the position they leave has no moves, so a path that ends the game
/// before the depth counts nothing (like a mate in chess perft). With
/// [`Passing::Excluded`] only stones are counted, the convention of the
/// one published Go perft (McKenzie 2005); a position without a legal
/// stone then has no moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Passing {
    /// A pass is a move; two in a row end the game.
    #[default]
    Allowed,
    /// Only stones are moves.
    Excluded,
}

impl Passing {
    /// Both conventions.
    pub const ALL: [Passing; 2] = [Passing::Allowed, Passing::Excluded];

    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            Passing::Allowed => "allowed",
            Passing::Excluded => "excluded",
        }
    }
}

impl fmt::Display for Passing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A board representation: setup from a checked [`Position`], the legal
/// stones of the side to move, and make/unmake of stones and passes.
///
/// The rules are Bell's (1972, §3.4): a stone goes on an empty point; the
/// opponent's chains left without a breathing space are removed; a stone
/// that leaves its own chain without one is refused unless it captures
/// (suicide); a stone may not retake at once a lone stone that has just
/// taken a lone stone (simple ko); a pass is always legal while the game
/// lasts, and two passes in a row end it.
///
/// Both representations make and unmake in place: the undo record is a
/// fixed-size set of the captured points, so nothing is allocated.
pub trait Board: Clone + Send + Sync {
    /// Which representation this is.
    const REPR: Repr;
    /// What [`Board::unmake`] needs to restore the position.
    type Undo: Copy;

    /// Sets up `position`.
    fn from_position(position: &Position) -> Self;
    /// The position held.
    fn position(&self) -> Position;
    /// Whether two passes in a row ended the game.
    fn is_over(&self) -> bool;
    /// Clears `moves` and fills it with every legal stone of the side to
    /// move, row by row from A1 (no pass; see [`generate`]).
    fn generate_plays(&mut self, moves: &mut MoveList);
    /// The number of legal stones of the side to move. `scratch` is
    /// working space.
    fn count_plays(&mut self, scratch: &mut MoveList) -> u64 {
        self.generate_plays(scratch);
        scratch.len() as u64
    }
    /// Plays `mv`, a move of [`generate`]'s list.
    fn make(&mut self, mv: Move) -> Self::Undo;
    /// Takes back `mv`, played by [`Board::make`] which returned `undo`.
    fn unmake(&mut self, mv: Move, undo: Self::Undo);
}

/// Clears `moves` and fills it with every legal move of `board` under
/// `passing`: the legal stones, then the pass if it is a move. A game over
/// has none.
#[inline]
pub fn generate<B: Board>(board: &mut B, passing: Passing, moves: &mut MoveList) {
    if board.is_over() {
        moves.clear();
        return;
    }
    board.generate_plays(moves);
    if passing == Passing::Allowed {
        moves.push(Move::Pass);
    }
}

/// The number of legal moves of `board` under `passing` (see [`generate`]).
#[inline]
pub fn count_moves<B: Board>(board: &mut B, passing: Passing, scratch: &mut MoveList) -> u64 {
    if board.is_over() {
        return 0;
    }
    board.count_plays(scratch) + u64::from(passing == Passing::Allowed)
}
