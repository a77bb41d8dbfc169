//! [`Bitboard`]: a set of squares in one 64-bit word, bit `i` for square `i`.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use crate::engine::chess::Square;

/// Every square as a value, so that an index known to be below 64 becomes a
/// [`Square`] without a check.
pub(super) const SQUARES: [Square; 64] = {
    let mut all = [match Square::new(0) {
        Some(s) => s,
        None => panic!("square 0 exists"),
    }; 64];
    let mut i = 0;
    while i < 64 {
        all[i] = match Square::new(i as u8) {
            Some(s) => s,
            None => panic!("squares 0..64 exist"),
        };
        i += 1;
    }
    all
};

/// The square of an index below 64 (higher bits are ignored).
#[inline(always)]
pub(super) const fn square(index: u32) -> Square {
    SQUARES[(index & 63) as usize]
}

/// A set of squares: bit `i` stands for the square of index `i` (a1 = 0,
/// h8 = 63), the same numbering as [`Board::checkers`](crate::engine::chess::Board::checkers).
///
/// Iterating yields the squares in increasing order, lowest bit first.
///
/// ```
/// use plybench::engine::chess::Square;
/// use plybench::engine::chess::bitboard::Bitboard;
///
/// let e4: Square = "e4".parse()?;
/// let set = Bitboard::EMPTY.with(e4) | Bitboard(1);
/// assert_eq!(set.len(), 2);
/// assert!(set.contains(e4));
/// let names: Vec<String> = set.into_iter().map(|s| s.to_string()).collect();
/// assert_eq!(names, ["a1", "e4"]);
/// # Ok::<(), plybench::engine::chess::ParseSquareError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No square.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// Every square.
    pub const FULL: Bitboard = Bitboard(!0);

    /// The set holding only `square`.
    #[inline]
    pub const fn from_square(square: Square) -> Bitboard {
        Bitboard(1 << square.index())
    }

    /// This set with `square` added.
    #[inline]
    pub const fn with(self, square: Square) -> Bitboard {
        Bitboard(self.0 | 1 << square.index())
    }

    /// Whether `square` is in the set.
    #[inline]
    pub const fn contains(self, square: Square) -> bool {
        self.0 >> square.index() & 1 != 0
    }

    /// The number of squares in the set.
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest square of the set, if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 { None } else { Some(square(self.0.trailing_zeros())) }
    }
}

impl Iterator for Bitboard {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        let first = self.first()?;
        self.0 &= self.0 - 1;
        Some(first)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bitboard {}

macro_rules! binary {
    ($trait:ident, $method:ident, $assign:ident, $assign_method:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;

            #[inline]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }

        impl $assign for Bitboard {
            #[inline]
            fn $assign_method(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

binary!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
binary!(BitOr, bitor, BitOrAssign, bitor_assign, |);
binary!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;

    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

/// Eight lines of eight, the eighth rank on top, `x` for a member.
impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8).rev() {
            for file in 0..8 {
                f.write_str(if self.0 >> (rank * 8 + file) & 1 != 0 { "x" } else { "." })?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iterates_in_order_and_counts() {
        let set = Bitboard(0x8000_0000_0000_0101);
        let indices: Vec<usize> = set.map(Square::index).collect();
        assert_eq!(indices, [0, 8, 63]);
        assert_eq!(set.len(), 3);
        assert_eq!(set.size_hint(), (3, Some(3)));
        assert_eq!(Bitboard::EMPTY.first(), None);
        assert_eq!(!Bitboard::EMPTY, Bitboard::FULL);
        assert_eq!(
            format!("{:?}", Bitboard(1)),
            "......../......../......../......../......../......../......../x......."
        );
    }

    #[test]
    fn squares_table_is_the_identity() {
        for (i, s) in SQUARES.iter().enumerate() {
            assert_eq!(s.index(), i);
        }
    }
}
