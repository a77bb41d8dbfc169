//! The 10x10 array: cell numbering, cell contents and the tables built from
//! them at compile time.
//!
//! Cell `c` lies on array row `c / 10` and column `c % 10`; rows and columns
//! 1 to 8 are the board, row and column 0 and 9 the border. A neutral square
//! on file `f` and rank `r` (both 0..8) is cell `(r + 1) * 10 + (f + 1)`, so
//! a1 = 11, h1 = 18, a8 = 81, h8 = 88.

use crate::engine::chess::{Color, Role, Square};

/// The number of cells in the array.
pub(super) const CELLS: usize = 100;

/// An empty square.
pub(super) const EMPTY: u8 = 0;
/// The colour bit of White's pieces.
pub(super) const WHITE: u8 = 0b01_000;
/// The colour bit of Black's pieces.
pub(super) const BLACK: u8 = 0b10_000;
/// Both colour bits: the border cell. It reads as "someone's piece" to every
/// blocking test and as "not the enemy's piece" to every capture test.
pub(super) const BORDER: u8 = WHITE | BLACK;
/// The colour bits of a cell.
pub(super) const SIDE_MASK: u8 = WHITE | BLACK;
/// The role bits of a cell: `role + 1` for a piece, 0 for empty or border.
pub(super) const ROLE_MASK: u8 = 0b111;

/// No en passant square: cell 0 is a border cell, never a pawn's target.
pub(super) const NO_EP: u8 = 0;

/// Steps along files and ranks: east, north, west, south.
pub(super) const ORTHOGONAL: [i8; 4] = [1, 10, -1, -10];
/// Steps along diagonals.
pub(super) const DIAGONAL: [i8; 4] = [11, 9, -9, -11];
/// The king's eight steps.
pub(super) const KING_STEPS: [i8; 8] = [1, 11, 10, 9, -1, -11, -10, -9];

/// The colour bit of `color`.
#[inline]
pub(super) const fn side(color: Color) -> u8 {
    WHITE << color as u8
}

/// The cell content of `color`'s `role`.
#[inline]
pub(super) const fn piece(color: Color, role: Role) -> u8 {
    side(color) | (role as u8 + 1)
}

/// The role of an occupied cell's content.
#[inline]
pub(super) const fn role_of(content: u8) -> Role {
    Role::ALL[((content & ROLE_MASK) - 1) as usize]
}

/// The colour of an occupied cell's content.
#[inline]
pub(super) const fn color_of(content: u8) -> Color {
    if content & BLACK != 0 { Color::Black } else { Color::White }
}

/// The cell of a neutral square.
#[inline]
pub(super) const fn cell(s: Square) -> u8 {
    cell_of_index(s.index() as u8)
}

/// The cell of the neutral square index `i` (0..64).
#[inline]
pub(super) const fn cell_of_index(i: u8) -> u8 {
    i + 11 + 2 * (i >> 3)
}

/// `cell + step`. Every caller steps from a board cell by at most one row
/// and one column, or makes a pawn's double step forward from its second
/// rank, so the result is inside the array (see the module docs); knights
/// never step, they use [`JUMPS`].
#[inline]
pub(super) const fn step(cell: u8, step: i8) -> u8 {
    cell.wrapping_add_signed(step)
}

/// Whether cell `c` (any number) is one of the 64 board cells.
const fn on_board(c: usize) -> bool {
    c < CELLS && c / 10 >= 1 && c / 10 <= 8 && c % 10 >= 1 && c % 10 <= 8
}

/// The neutral square of each board cell (a1 for border cells, which no
/// caller asks for).
pub(super) const SQUARE: [Square; CELLS] = {
    let mut table = [match Square::new(0) {
        Some(s) => s,
        None => unreachable!(),
    }; CELLS];
    let mut c = 0;
    while c < CELLS {
        if on_board(c) {
            let index = ((c / 10 - 1) * 8 + (c % 10 - 1)) as u8;
            table[c] = match Square::new(index) {
                Some(s) => s,
                None => unreachable!(),
            };
        }
        c += 1;
    }
    table
};

/// The empty board: border cells hold [`BORDER`], board cells [`EMPTY`].
pub(super) const EMPTY_BOARD: [u8; CELLS] = {
    let mut cells = [BORDER; CELLS];
    let mut c = 0;
    while c < CELLS {
        if on_board(c) {
            cells[c] = EMPTY;
        }
        c += 1;
    }
    cells
};

/// The cells a knight on a cell reaches, listed first, then padding.
#[derive(Clone, Copy)]
pub(super) struct Jumps {
    len: u8,
    cells: [u8; 8],
}

impl Jumps {
    /// The reachable board cells.
    #[inline]
    pub(super) fn cells(&self) -> &[u8] {
        &self.cells[..self.len as usize]
    }
}

/// The knight's targets of every cell, built from file and rank arithmetic
/// (never from cell offsets), so each entry is a board cell. Empty for
/// border cells. A knight attacks a cell from exactly the cells it reaches
/// from it, so the same table answers "which knights attack this square".
pub(super) const JUMPS: [Jumps; CELLS] = {
    const DELTAS: [(i32, i32); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
    let mut table = [Jumps { len: 0, cells: [0; 8] }; CELLS];
    let mut c = 0;
    while c < CELLS {
        if on_board(c) {
            let (file, rank) = ((c % 10) as i32, (c / 10) as i32);
            let mut k = 0;
            while k < 8 {
                let (f, r) = (file + DELTAS[k].0, rank + DELTAS[k].1);
                if f >= 1 && f <= 8 && r >= 1 && r <= 8 {
                    let j = &mut table[c];
                    j.cells[j.len as usize] = (r * 10 + f) as u8;
                    j.len += 1;
                }
                k += 1;
            }
        }
        c += 1;
    }
    table
};

/// The rank (0..8) of each cell; 0xff for border cells.
pub(super) const RANK: [u8; CELLS] = {
    let mut table = [0xff; CELLS];
    let mut c = 0;
    while c < CELLS {
        if on_board(c) {
            table[c] = (c / 10 - 1) as u8;
        }
        c += 1;
    }
    table
};

/// The file (0..8) of each cell; 0xff for border cells.
pub(super) const FILE: [u8; CELLS] = {
    let mut table = [0xff; CELLS];
    let mut c = 0;
    while c < CELLS {
        if on_board(c) {
            table[c] = (c % 10 - 1) as u8;
        }
        c += 1;
    }
    table
};

/// The unit step from board cell `from` towards board cell `to` if they
/// share a file, rank or diagonal (and differ); 0 otherwise.
#[inline]
pub(super) fn direction(from: u8, to: u8) -> i8 {
    let (from, to) = (from as usize, to as usize);
    let dr = RANK[to] as i8 - RANK[from] as i8;
    let df = FILE[to] as i8 - FILE[from] as i8;
    if dr == 0 || df == 0 || dr.abs() == df.abs() { dr.signum() * 10 + df.signum() } else { 0 }
}
