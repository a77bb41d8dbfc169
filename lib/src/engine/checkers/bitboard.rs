//! A modern 32-bit bitboard: bit `i` is standard square `i + 1`.
//!
//! Rows alternate between two shapes, so a step is a shift by 4 and, by
//! row parity, by 3 or 5, with masks for the edge files. All pieces that can
//! move or capture one way are found at once; perft counts its leaves by
//! population count without generating them when no capture is possible.

use super::board::{Board, Counting, Repr, count_list};
use super::position::{BLACK_CROWN, WHITE_CROWN};
use super::{Color, Move, Position, Square};

/// Rows 0, 2, 4, 6.
const EVEN: u32 = 0x0F0F_0F0F;
/// Rows 1, 3, 5, 7.
const ODD: u32 = 0xF0F0_F0F0;
/// The first square of each row.
const COL0: u32 = 0x1111_1111;
/// The last square of each row.
const COL3: u32 = 0x8888_8888;

/// Moves every bit of `b` one step in direction `d` (`nw ne sw se`).
#[inline(always)]
fn step(b: u32, d: u32) -> u32 {
    match d {
        0 => ((b & EVEN & !COL3) << 5) | ((b & ODD) << 4),
        1 => ((b & EVEN) << 4) | ((b & ODD & !COL0) << 3),
        2 => ((b & EVEN) >> 4) | ((b & ODD & !COL0) >> 5),
        _ => ((b & EVEN & !COL3) >> 3) | ((b & ODD) >> 4),
    }
}

/// The direction opposite `d`.
#[inline(always)]
fn opposite(d: u32) -> u32 {
    d ^ 2
}

/// The bitboard.
///
/// ```
/// use plybench::engine::checkers::{Board, Counting, Position, bitboard::BitBoard};
///
/// let b = BitBoard::from_position(&Position::start());
/// assert_eq!(b.count_moves(&mut Vec::new(), Counting::Paths), 7);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BitBoard {
    black: u32,
    white: u32,
    kings: u32,
    side: Color,
}

struct Sides {
    own: u32,
    enemy: u32,
    empty: u32,
    /// Pieces that may go in directions 0 and 1, and in 2 and 3.
    movers: [u32; 2],
    crown: u32,
}

impl BitBoard {
    #[inline(always)]
    fn sides(&self) -> Sides {
        let empty = !(self.black | self.white);
        match self.side {
            Color::Black => Sides {
                own: self.black,
                enemy: self.white,
                empty,
                movers: [self.black, self.black & self.kings],
                crown: BLACK_CROWN,
            },
            Color::White => Sides {
                own: self.white,
                enemy: self.black,
                empty,
                movers: [self.white & self.kings, self.white],
                crown: WHITE_CROWN,
            },
        }
    }

    /// Pieces able to capture in direction `d`.
    #[inline(always)]
    fn jumpers(s: &Sides, d: u32) -> u32 {
        let back = opposite(d);
        s.movers[(d >> 1) as usize] & step(step(s.empty, back) & s.enemy, back)
    }

    #[allow(clippy::too_many_arguments)]
    fn extend(s: &Sides, origin: u32, at: u32, king: bool, captured: u32, dirs: u32, jumps: u8, out: &mut Vec<Move>) {
        let mut extended = false;
        if king || at & s.crown == 0 {
            let empty = s.empty | origin;
            for d in 0..4 {
                if !king && s.movers[(d >> 1) as usize] & origin == 0 {
                    continue;
                }
                let over = step(at, d) & s.enemy & !captured;
                let land = step(over, d) & empty;
                if land != 0 {
                    extended = true;
                    let dirs = dirs | d << (2 * u32::from(jumps));
                    Self::extend(s, origin, land, king, captured | over, dirs, jumps + 1, out);
                }
            }
        }
        if !extended {
            out.push(Move {
                from: Square::from_index(origin.trailing_zeros()),
                to: Square::from_index(at.trailing_zeros()),
                captured,
                jumps,
                dirs,
            });
        }
    }
}

impl Board for BitBoard {
    const REPR: Repr = Repr::Bitboard;
    type Undo = BitBoard;

    fn from_position(p: &Position) -> Self {
        BitBoard { black: p.black, white: p.white, kings: p.kings, side: p.side }
    }

    fn position(&self) -> Position {
        Position { black: self.black, white: self.white, kings: self.kings, side: self.side }
    }

    fn generate(&self, out: &mut Vec<Move>) {
        out.clear();
        let s = self.sides();
        for d in 0..4 {
            let mut jumpers = Self::jumpers(&s, d);
            while jumpers != 0 {
                let from = jumpers & jumpers.wrapping_neg();
                jumpers ^= from;
                let over = step(from, d);
                let land = step(over, d);
                Self::extend(&s, from, land, self.kings & from != 0, over, d, 1, out);
            }
        }
        if !out.is_empty() {
            return;
        }
        for d in 0..4 {
            let mut moving = s.movers[(d >> 1) as usize] & step(s.empty, opposite(d));
            while moving != 0 {
                let from = moving & moving.wrapping_neg();
                moving ^= from;
                let to = step(from, d);
                out.push(Move::simple(
                    Square::from_index(from.trailing_zeros()),
                    Square::from_index(to.trailing_zeros()),
                ));
            }
        }
        debug_assert!(s.own != 0 || out.is_empty());
    }

    #[inline]
    fn count_moves(&self, scratch: &mut Vec<Move>, counting: Counting) -> u64 {
        let s = self.sides();
        if (0..4).all(|d| Self::jumpers(&s, d) == 0) {
            (0..4).map(|d| u64::from((s.movers[(d >> 1) as usize] & step(s.empty, opposite(d))).count_ones())).sum()
        } else {
            self.generate(scratch);
            count_list(scratch, counting)
        }
    }

    #[inline]
    fn make(&mut self, mv: &Move) -> BitBoard {
        let undo = *self;
        // A king's capture may end where it began (`from == to`): clear, then set.
        let (from, to) = (mv.from.bit(), mv.to.bit());
        match self.side {
            Color::Black => {
                self.black = (self.black & !from) | to;
                self.white &= !mv.captured;
            }
            Color::White => {
                self.white = (self.white & !from) | to;
                self.black &= !mv.captured;
            }
        }
        if self.kings & from != 0 {
            self.kings = (self.kings & !from) | to;
        } else if to & self.side.crown_row() != 0 {
            self.kings |= to;
        }
        self.kings &= !mv.captured;
        self.side = self.side.other();
        undo
    }

    #[inline]
    fn unmake(&mut self, _mv: &Move, undo: BitBoard) {
        *self = undo;
    }
}
