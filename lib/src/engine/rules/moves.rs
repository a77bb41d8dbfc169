//! The moves a rule file outputs: squares as Pitrat's pairs, sub-moves, and
//! a move as the sub-moves of one `MOVE` statement, held in place.
//!
//! ```
//! use plybench::engine::rules::moves::{RuleMove, Square, Sub};
//!
//! let mut mv = RuleMove::new();
//! assert!(mv.push(Sub::Travel(Square::new(2, 2), Square::new(7, 7))));
//! assert_eq!(mv.to_string(), "TRAVEL, (2, 2), (7, 7).");
//! ```

/// A square: abscissa and ordinate, from 1 (Pitrat's pairs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// The abscissa (column), from 1.
    pub x: i8,
    /// The ordinate (row), from 1.
    pub y: i8,
}

/// The most sub-moves one move may hold (a king's jumps in draughts with
/// every capture and travel, and the indicatifs it sets).
pub const MAX_SUBS: usize = 40;

/// One sub-move with its squares and values resolved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Sub {
    /// Nothing: the filler of a move's unused places.
    #[default]
    None,
    /// The piece on the first square goes to the second.
    Travel(Square, Square),
    /// The enemy piece on the square is removed.
    Capture(Square),
    /// A friendly piece of the nature is put on the square.
    Put(u8, Square),
    /// The friendly piece on the square becomes the nature.
    Promotion(u8, Square),
    /// Indicatif `id` (its index in the header) of `player` (1 or 2; 0 for
    /// an indicatif of the game) takes `value`.
    Indic {
        /// The indicatif's index in the header.
        id: u8,
        /// Whose value: 1, 2, or 0 for one value for the game.
        player: u8,
        /// The new value.
        value: i64,
    },
}

/// A move as a `MOVE` statement outputs it: its sub-moves in order, held in
/// place (no allocation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RuleMove {
    len: u8,
    subs: [Sub; MAX_SUBS],
}

impl Default for RuleMove {
    fn default() -> Self {
        RuleMove { len: 0, subs: [Sub::None; MAX_SUBS] }
    }
}

impl RuleMove {
    /// The empty move (extension 1 starts from it).
    pub fn new() -> Self {
        Self::default()
    }

    /// Appends a sub-move; `false` if the move is full.
    pub fn push(&mut self, sub: Sub) -> bool {
        if usize::from(self.len) == MAX_SUBS {
            return false;
        }
        self.subs[usize::from(self.len)] = sub;
        self.len += 1;
        true
    }

    /// The sub-moves, in order.
    pub fn subs(&self) -> &[Sub] {
        &self.subs[..usize::from(self.len)]
    }
}

impl Square {
    /// The square at abscissa `x`, ordinate `y` (from 1).
    pub fn new(x: i8, y: i8) -> Self {
        Square { x, y }
    }
}

impl std::fmt::Display for Square {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

impl std::fmt::Display for Sub {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Sub::None => Ok(()),
            Sub::Travel(a, b) => write!(f, "TRAVEL, {a}, {b}"),
            Sub::Capture(a) => write!(f, "CAPTURE, {a}"),
            Sub::Put(n, a) => write!(f, "PUT, {n}, {a}"),
            Sub::Promotion(n, a) => write!(f, "PROMOTION, {n}, {a}"),
            Sub::Indic { id, player, value } => write!(f, "INDIC, #{id}, {value}, {player}"),
        }
    }
}

impl std::fmt::Display for RuleMove {
    /// The sub-moves as the paper prints them: `CAPTURE, (7, 7). TRAVEL, (2, 2), (7, 7).`
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, sub) in self.subs().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{sub}.")?;
        }
        Ok(())
    }
}
