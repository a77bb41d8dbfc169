//! Squares, piece codes and the 0x88 difference tables.
//!
//! The difference of two on-board 0x88 squares, `to - from`, is one number
//! per (file step, rank step) pair: no two pairs share it, because the
//! file step (-7..=7) never reaches into the next rank's 16. So a table of
//! 239 entries indexed by `to - from + 119` tells, for any two squares,
//! which kinds of piece could go from one to the other on an empty board
//! ([`REACH`]) and, when they are on a line, the unit step that walks the
//! line ([`LINE_STEP`]). These two tables are all the geometry the attack
//! test, the check and pin search and the move generator need.

use crate::engine::chess::{Color, Role, Square};

/// An empty cell.
pub(super) const EMPTY: u8 = 0;
/// Colour bit of a cell's piece code: set for Black.
pub(super) const BLACK: u8 = 8;
/// No square: off the board in every test.
pub(super) const NO_SQUARE: u8 = 0x88;

pub(super) const KNIGHT_STEPS: [i8; 8] = [33, 31, 18, 14, -14, -18, -31, -33];
pub(super) const KING_STEPS: [i8; 8] = [1, 17, 16, 15, -1, -17, -16, -15];
pub(super) const ROOK_STEPS: [i8; 4] = [1, 16, -1, -16];
pub(super) const BISHOP_STEPS: [i8; 4] = [17, 15, -15, -17];

/// The piece code of a cell: 0 for empty, else role + 1, plus [`BLACK`].
#[inline]
pub(super) const fn code(color: Color, role: Role) -> u8 {
    role as u8 + 1 + if matches!(color, Color::Black) { BLACK } else { 0 }
}

/// The kind of piece in a code, `code & 7`, as the generators match on it.
pub(super) mod kind {
    /// A pawn.
    pub(in super::super) const PAWN: u8 = 1;
    /// A knight.
    pub(in super::super) const KNIGHT: u8 = 2;
    /// A bishop.
    pub(in super::super) const BISHOP: u8 = 3;
    /// A rook.
    pub(in super::super) const ROOK: u8 = 4;
    /// A queen.
    pub(in super::super) const QUEEN: u8 = 5;
}

/// The role of a non-empty piece code.
#[inline]
pub(super) const fn role_of(code: u8) -> Role {
    Role::ALL[((code & 7) - 1) as usize]
}

/// The colour of a non-empty piece code.
#[inline]
pub(super) const fn color_of(code: u8) -> Color {
    if code & BLACK != 0 { Color::Black } else { Color::White }
}

/// The 0x88 index of a neutral square.
#[inline]
pub(super) const fn to_x88(s: Square) -> u8 {
    let i = s.index() as u8;
    i + (i & !7)
}

/// The neutral square of every 0x88 index (a1 for the off-board ones,
/// which no caller asks for).
const TO_SQUARE: [Square; 128] = {
    let mut table = [match Square::new(0) {
        Some(s) => s,
        None => unreachable!(),
    }; 128];
    let mut sq = 0;
    while sq < 128 {
        if sq & 0x88 == 0 {
            table[sq] = match Square::new(((sq + (sq & 7)) >> 1) as u8) {
                Some(s) => s,
                None => unreachable!(),
            };
        }
        sq += 1;
    }
    table
};

/// The neutral square of an on-board 0x88 index.
#[inline]
pub(super) const fn to_square(sq: u8) -> Square {
    TO_SQUARE[(sq & 0x7f) as usize]
}

/// `sq` moved by `delta`; off the board shows as bit 3 or bit 7.
#[inline]
pub(super) const fn step(sq: u8, delta: i8) -> u8 {
    sq.wrapping_add(delta as u8)
}

/// The one-test border check of the 0x88 board.
#[inline]
pub(super) const fn off_board(sq: u8) -> bool {
    sq & 0x88 != 0
}

/// [`REACH`] bit: a white pawn captures this way.
pub(super) const WHITE_PAWN: u8 = 1;
/// [`REACH`] bit: a black pawn captures this way.
pub(super) const BLACK_PAWN: u8 = 2;
/// [`REACH`] bit: a knight's jump.
pub(super) const KNIGHT: u8 = 4;
/// [`REACH`] bit: a diagonal line (bishop, queen).
pub(super) const DIAGONAL: u8 = 8;
/// [`REACH`] bit: a file or rank (rook, queen).
pub(super) const STRAIGHT: u8 = 16;
/// [`REACH`] bit: one king step.
pub(super) const KING: u8 = 32;

/// The [`REACH`] bits a piece code moves by: what a piece attacks along.
pub(super) const CODE_REACH: [u8; 16] = {
    let mut table = [0u8; 16];
    let mut c = 0;
    while c < 2 {
        let black = if c == 1 { BLACK as usize } else { 0 };
        table[black + 1] = if c == 0 { WHITE_PAWN } else { BLACK_PAWN };
        table[black + 2] = KNIGHT;
        table[black + 3] = DIAGONAL;
        table[black + 4] = STRAIGHT;
        table[black + 5] = DIAGONAL | STRAIGHT;
        table[black + 6] = KING;
        c += 1;
    }
    table
};

/// Whether the pieces of these [`REACH`] bits slide (need a clear path).
pub(super) const SLIDES: u8 = DIAGONAL | STRAIGHT;

/// The index of the difference `to - from` in [`REACH`] and [`LINE_STEP`].
#[inline]
pub(super) const fn diff(from: u8, to: u8) -> usize {
    (to as usize + 119) - from as usize
}

/// For each difference `to - from` (offset by 119): the [`REACH`] bits of
/// the moves that go from `from` to `to` on an empty board.
pub(super) const REACH: [u8; 239] = {
    let mut table = [0u8; 239];
    let mut dr: i32 = -7;
    while dr <= 7 {
        let mut df: i32 = -7;
        while df <= 7 {
            let d = (dr * 16 + df + 119) as usize;
            let mut bits = 0;
            if (df == 1 || df == -1) && dr == 1 {
                bits |= WHITE_PAWN;
            }
            if (df == 1 || df == -1) && dr == -1 {
                bits |= BLACK_PAWN;
            }
            if df * df + dr * dr == 5 {
                bits |= KNIGHT;
            }
            if (df != 0 || dr != 0) && (df == dr || df == -dr) {
                bits |= DIAGONAL;
            }
            if (df != 0) != (dr != 0) {
                bits |= STRAIGHT;
            }
            if (df != 0 || dr != 0) && df * df <= 1 && dr * dr <= 1 {
                bits |= KING;
            }
            table[d] = bits;
            df += 1;
        }
        dr += 1;
    }
    table
};

/// For each difference `to - from` (offset by 119) of two squares on a
/// line: the unit step from `from` towards `to`; 0 off the lines.
pub(super) const LINE_STEP: [i8; 239] = {
    let mut table = [0i8; 239];
    let mut dr: i32 = -7;
    while dr <= 7 {
        let mut df: i32 = -7;
        while df <= 7 {
            if (df != 0 || dr != 0) && (df == 0 || dr == 0 || df == dr || df == -dr) {
                let sf = if df > 0 {
                    1
                } else if df < 0 {
                    -1
                } else {
                    0
                };
                let sr = if dr > 0 {
                    1
                } else if dr < 0 {
                    -1
                } else {
                    0
                };
                table[(dr * 16 + df + 119) as usize] = (sr * 16 + sf) as i8;
            }
            df += 1;
        }
        dr += 1;
    }
    table
};

/// For each difference `king - from` (offset by 119): the [`REACH`] bits
/// of the moves from `from` to any square a king on `king` may step or
/// castle to (its eight neighbours and two squares along its rank). A
/// piece whose kind of move misses these bits cannot attack any of them,
/// so the king's targets need not test it.
pub(super) const NEAR_KING: [u8; 239] = {
    let mut table = [0u8; 239];
    let around: [i32; 10] = [1, 17, 16, 15, -1, -17, -16, -15, 2, -2];
    let mut d = 0;
    while d < 239 {
        let mut bits = 0;
        let mut i = 0;
        while i < around.len() {
            let e = d as i32 + around[i];
            if e >= 0 && e < 239 {
                bits |= REACH[e as usize];
            }
            i += 1;
        }
        table[d] = bits;
        d += 1;
    }
    table
};

/// The colour bit ([`BLACK`] or 0) of `color`'s piece codes.
#[inline]
pub(super) const fn color_bit(color: Color) -> u8 {
    if matches!(color, Color::Black) { BLACK } else { 0 }
}
