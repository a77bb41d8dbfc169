//! The mailbox: an 11-by-13 array around the 9x9 board, with a wall two
//! ranks deep above and below (a knight jumps two ranks) and one file deep
//! at the sides, so that every step and slide stops on a wall without a
//! bounds test. Each cell is one byte: empty, wall, or a piece code.
//!
//! The tables here (steps, slides, Zobrist keys) are built at compile time.

use super::types::{Color, Kind, Square};
use crate::engine::rng::mix;

/// Cells of a rank of the mailbox.
pub const WIDTH: usize = 11;
/// Cells of the mailbox.
pub const CELLS: usize = WIDTH * 13;
/// An empty square.
pub const EMPTY: u8 = 0;
/// A cell off the board.
pub const WALL: u8 = 0xFF;

/// The eight neighbours, as offsets: up-left, up, up-right, left, right,
/// down-left, down, down-right, where up is toward rank `a`. Direction
/// `7 - i` is the opposite of direction `i`.
pub const DIRS: [isize; 8] = [-12, -11, -10, -1, 1, 10, 11, 12];

/// The code of a piece: 1 + kind, plus 16 for White.
#[inline]
pub const fn code(color: Color, kind: Kind) -> u8 {
    1 + kind as u8 + 16 * color as u8
}

/// The side of a piece code.
#[inline]
pub const fn color_of(code: u8) -> Color {
    if code & 16 == 0 { Color::Black } else { Color::White }
}

/// The kind of a piece code.
#[inline]
pub const fn kind_of(code: u8) -> Kind {
    Kind::from_index((code & 15) - 1)
}

/// Whether `cell` holds a piece of `color`.
#[inline]
pub const fn is_own(cell: u8, color: Color) -> bool {
    cell != EMPTY && cell != WALL && (cell & 16 == 0) == matches!(color, Color::Black)
}

/// The mailbox cell of a square.
#[inline]
pub const fn cell(sq: Square) -> usize {
    let i = sq.index();
    (i / 9 + 2) * WIDTH + i % 9 + 1
}

/// The square of a mailbox cell on the board.
#[inline]
pub const fn square(cell: usize) -> Square {
    match Square::new(SQUARE_OF[cell]) {
        Some(sq) => sq,
        None => panic!("a cell off the board"),
    }
}

/// The square index of each cell, 255 off the board.
const SQUARE_OF: [u8; CELLS] = {
    let mut t = [255u8; CELLS];
    let mut i = 0;
    while i < 81 {
        t[(i / 9 + 2) * WIDTH + i % 9 + 1] = i as u8;
        i += 1;
    }
    t
};

/// The rank (0 = `a`) of each cell on the board.
#[inline]
pub const fn rank(cell: usize) -> u8 {
    (cell / WIDTH - 2) as u8
}

/// The knight's two jumps for each side.
pub const KNIGHT_JUMPS: [[isize; 2]; 2] = [[-23, -21], [21, 23]];

const fn mirror(mask: u8) -> u8 {
    mask.reverse_bits()
}

/// Black's one-square steps of a kind, as a mask over [`DIRS`].
const fn black_steps(kind: Kind) -> u8 {
    const GOLD: u8 = 0b0101_1111;
    match kind {
        Kind::Pawn => 0b0000_0010,
        Kind::Silver => 0b1010_0111,
        Kind::Gold | Kind::ProPawn | Kind::ProLance | Kind::ProKnight | Kind::ProSilver => GOLD,
        Kind::King => 0xFF,
        Kind::Horse => 0b0101_1010,
        Kind::Dragon => 0b1010_0101,
        _ => 0,
    }
}

/// Black's slides of a kind, as a mask over [`DIRS`].
const fn black_slides(kind: Kind) -> u8 {
    match kind {
        Kind::Lance => 0b0000_0010,
        Kind::Bishop | Kind::Horse => 0b1010_0101,
        Kind::Rook | Kind::Dragon => 0b0101_1010,
        _ => 0,
    }
}

const fn per_code(slides: bool) -> [u8; 32] {
    let mut t = [0u8; 32];
    let mut k = 0;
    while k < 14 {
        let kind = Kind::from_index(k);
        let mask = if slides { black_slides(kind) } else { black_steps(kind) };
        t[code(Color::Black, kind) as usize] = mask;
        t[code(Color::White, kind) as usize] = mirror(mask);
        k += 1;
    }
    t
}

/// The one-square steps of each piece code, a mask over [`DIRS`].
pub const STEPS: [u8; 32] = per_code(false);
/// The slides of each piece code, a mask over [`DIRS`].
pub const SLIDES: [u8; 32] = per_code(true);

/// Zobrist keys of a piece code on a cell.
pub static PIECE_KEYS: [[u64; CELLS]; 32] = {
    let mut t = [[0u64; CELLS]; 32];
    let mut c = 0;
    while c < 32 {
        let mut i = 0;
        while i < CELLS {
            t[c][i] = mix(0x5_4F47_0000 ^ ((c as u64) << 8) ^ ((i as u64) << 16));
            i += 1;
        }
        c += 1;
    }
    t
};

/// Zobrist keys of `n` pieces of a hand kind held by a side: the key of a
/// hand is the xor over kinds of `HAND_KEYS[side][kind][count]`.
pub const HAND_KEYS: [[[u64; 19]; 7]; 2] = {
    let mut t = [[[0u64; 19]; 7]; 2];
    let mut s = 0;
    while s < 2 {
        let mut k = 0;
        while k < 7 {
            let mut n = 1;
            while n < 19 {
                t[s][k][n] = mix(0x4841_4E44_0000_0000 ^ ((s as u64) << 12) ^ ((k as u64) << 6) ^ n as u64);
                n += 1;
            }
            k += 1;
        }
        s += 1;
    }
    t
};

/// The key of White to move.
pub const WHITE_KEY: u64 = mix(0x5349_4445);

/// Whether two cells lie on one rank, file or diagonal.
#[inline]
pub fn aligned(a: usize, b: usize) -> bool {
    let (ra, fa) = ((a / WIDTH) as isize, (a % WIDTH) as isize);
    let (rb, fb) = ((b / WIDTH) as isize, (b % WIDTH) as isize);
    ra == rb || fa == fb || (ra - rb).abs() == (fa - fb).abs()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_of_white_mirror_black() {
        for d in 0..8 {
            assert_eq!(DIRS[d], -DIRS[7 - d]);
        }
        // A black silver steps up-left, up, up-right, down-left, down-right.
        let silver = STEPS[code(Color::Black, Kind::Silver) as usize];
        let dirs: Vec<isize> = (0..8).filter(|d| silver >> d & 1 == 1).map(|d| DIRS[d]).collect();
        assert_eq!(dirs, [-12, -11, -10, 10, 12]);
        let white = STEPS[code(Color::White, Kind::Silver) as usize];
        let dirs: Vec<isize> = (0..8).filter(|d| white >> d & 1 == 1).map(|d| DIRS[d]).collect();
        assert_eq!(dirs, [-12, -10, 10, 11, 12]);
        for sq in Square::all() {
            assert_eq!(square(cell(sq)), sq);
            assert_eq!(rank(cell(sq)), sq.rank());
        }
    }
}
