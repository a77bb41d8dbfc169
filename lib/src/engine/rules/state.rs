//! A position of a game described by a rule file: the board, the
//! indicatifs and the player to move; and the moves the rules output.

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
