//! The move type shared by every representation.

use std::fmt;

use super::{Dir, Square};

/// The most jumps one move can make: there are only 12 opposing pieces.
pub const MAX_JUMPS: u32 = 12;

/// A move: where the piece starts and ends, the squares it captures and,
/// for a capture, the path as a sequence of directions.
///
/// Two captures with the same `from`, `to` and `captured` lead to the same
/// position; they differ only in their `path` (the order in which the
/// pieces were taken). Perft counts both by default, as the published
/// counts do (see [`Counting`](super::Counting)).
///
/// ```
/// use plybench::engine::checkers::{Move, Square};
///
/// let m = Move::simple(Square::new(9).unwrap(), Square::new(13).unwrap());
/// assert_eq!(m.to_string(), "9-13");
/// assert!(!m.is_capture());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    /// The starting square.
    pub from: Square,
    /// The final square.
    pub to: Square,
    /// The captured squares as a 32-bit mask (bit `i` is square `i + 1`).
    pub captured: u32,
    /// Number of jumps (0 for a simple move).
    pub jumps: u8,
    /// The direction of jump `k` in bits `2k..2k+2` (see [`Dir::code`]).
    pub dirs: u32,
}

impl Move {
    /// A one-step move.
    pub fn simple(from: Square, to: Square) -> Move {
        Move { from, to, captured: 0, jumps: 0, dirs: 0 }
    }

    /// Whether the move captures.
    pub fn is_capture(&self) -> bool {
        self.jumps > 0
    }

    /// The directions of the jumps, in order.
    pub fn path_dirs(&self) -> impl Iterator<Item = Dir> + '_ {
        (0..u32::from(self.jumps)).map(|k| Dir::from_code(self.dirs >> (2 * k)))
    }

    /// The landing squares of the jumps, in order (empty for a simple move).
    pub fn landings(&self) -> Vec<Square> {
        let mut at = self.from;
        let mut out = Vec::with_capacity(usize::from(self.jumps));
        for d in self.path_dirs() {
            // A recorded jump always stays on the board.
            if let Some(land) = at.step(d).and_then(|over| over.step(d)) {
                at = land;
                out.push(at);
            }
        }
        out
    }

    /// The key that identifies the resulting position: equal for two paths
    /// of one capture.
    pub fn result_key(&self) -> (Square, Square, u32) {
        (self.from, self.to, self.captured)
    }
}

impl fmt::Display for Move {
    /// `9-13` for a move, `9x18x27` with every landing for a capture.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_capture() {
            write!(f, "{}", self.from)?;
            for s in self.landings() {
                write!(f, "x{s}")?;
            }
            Ok(())
        } else {
            write!(f, "{}-{}", self.from, self.to)
        }
    }
}
