//! Bell's table-driven generator (Bell 1972, §3.2, Fig. 3.8).
//!
//! The board is an array of 32 squares. One table gives, for every square
//! and each of the four directions, the neighbouring square ("normal move")
//! and the square two steps away ("capture move"); zero marks the edge.
//! The generator first looks for captures: for each diagonal neighbour
//! holding an enemy piece it tests the square behind it. Once a capture is
//! found, normal moves are no longer recorded (the huffing rule). A
//! multiple capture is followed with an explicit stack, as Bell recommends
//! over recursion: each partial capture is pushed, and a branch that cannot
//! be extended is a finished move.

use super::board::{Board, Repr};
use super::position::{BLACK_CROWN, WHITE_CROWN};
use super::{Color, Dir, Move, Position, Square};

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const KING: u8 = 4;

/// The square one step from standard square `n` in direction `d`
/// (`nw ne sw se`), or 0 off the board.
const fn neighbour(n: usize, d: usize) -> u8 {
    let i = n as i32 - 1;
    let row = i / 4;
    let file = 2 * (i % 4) + if row % 2 == 0 { 1 } else { 0 };
    let (dr, df) = match d {
        0 => (1, 1),
        1 => (1, -1),
        2 => (-1, -1),
        _ => (-1, 1),
    };
    let (r, f) = (row + dr, file + df);
    if r < 0 || r > 7 || f < 0 || f > 7 {
        return 0;
    }
    (r * 4 + f / 2 + 1) as u8
}

const fn build(jump: bool) -> [[u8; 4]; 33] {
    let mut t = [[0u8; 4]; 33];
    let mut n = 1;
    while n <= 32 {
        let mut d = 0;
        while d < 4 {
            let one = neighbour(n, d);
            t[n][d] = if !jump || one == 0 { one } else { neighbour(one as usize, d) };
            d += 1;
        }
        n += 1;
    }
    t
}

/// Bell's Fig. 3.8, normal-move half: `NORMAL[n]` is `[nw, ne, sw, se]`.
pub const NORMAL: [[u8; 4]; 33] = build(false);
/// Bell's Fig. 3.8, capture half: `CAPTURE[n]` is `[nwd, ned, swd, sed]`.
pub const CAPTURE: [[u8; 4]; 33] = build(true);

/// The deepest the capture stack can grow: four branches from the start,
/// then at most two siblings left behind per jump, for twelve jumps.
const STACK: usize = 4 + 2 * 12 + 4;

#[derive(Clone, Copy, Default)]
struct Frame {
    at: u8,
    jumps: u8,
    captured: u32,
    dirs: u32,
}

/// Bell's representation: one byte per square, squares 1..=32 (0 unused).
///
/// ```
/// use plybench::engine::checkers::{Board, Position, bell_table::TableBoard};
///
/// let board = TableBoard::from_position(&Position::start());
/// let mut moves = Vec::new();
/// board.generate(&mut moves);
/// assert_eq!(moves.len(), 7);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableBoard {
    cells: [u8; 33],
    side: Color,
}

/// What [`TableBoard::unmake`](Board::unmake) needs.
#[derive(Clone, Copy, Debug)]
pub struct TableUndo {
    piece: u8,
    captured_kings: u32,
}

fn color_bit(c: Color) -> u8 {
    match c {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

fn directions(piece: u8) -> &'static [usize] {
    if piece & KING != 0 {
        &[0, 1, 2, 3]
    } else if piece & BLACK != 0 {
        &[0, 1]
    } else {
        &[2, 3]
    }
}

fn crowns(piece: u8, square: usize) -> bool {
    let bit = 1u32 << (square - 1);
    piece & KING == 0 && bit & if piece & BLACK != 0 { BLACK_CROWN } else { WHITE_CROWN } != 0
}

fn sq(n: usize) -> Square {
    Square::from_index(n as u32 - 1)
}

impl TableBoard {
    /// Follows every capture of the piece on `from` with an explicit stack,
    /// appending each finished path to `out`.
    fn captures_from(&self, from: usize, piece: u8, enemy: u8, out: &mut Vec<Move>) {
        let dirs = directions(piece);
        let mut stack = [Frame::default(); STACK];
        stack[0] = Frame { at: from as u8, ..Frame::default() };
        let mut top = 1;
        while top > 0 {
            top -= 1;
            let f = stack[top];
            let at = usize::from(f.at);
            let mut extended = false;
            // A man that has just been crowned ends his move.
            if f.jumps == 0 || !crowns(piece, at) {
                for &d in dirs {
                    let over = usize::from(NORMAL[at][d]);
                    let land = usize::from(CAPTURE[at][d]);
                    if land != 0
                        && self.cells[over] & enemy != 0
                        && f.captured & (1 << (over - 1)) == 0
                        && (self.cells[land] == EMPTY || land == from)
                    {
                        stack[top] = Frame {
                            at: land as u8,
                            jumps: f.jumps + 1,
                            captured: f.captured | 1 << (over - 1),
                            dirs: f.dirs | (d as u32) << (2 * u32::from(f.jumps)),
                        };
                        top += 1;
                        extended = true;
                    }
                }
            }
            if !extended && f.jumps > 0 {
                out.push(Move { from: sq(from), to: sq(at), captured: f.captured, jumps: f.jumps, dirs: f.dirs });
            }
        }
    }
}

impl Board for TableBoard {
    const REPR: Repr = Repr::Table;
    type Undo = TableUndo;

    fn from_position(p: &Position) -> Self {
        let mut cells = [EMPTY; 33];
        for (n, cell) in cells.iter_mut().enumerate().skip(1) {
            let bit = 1u32 << (n - 1);
            let king = if p.kings & bit != 0 { KING } else { 0 };
            if p.black & bit != 0 {
                *cell = BLACK | king;
            } else if p.white & bit != 0 {
                *cell = WHITE | king;
            }
        }
        TableBoard { cells, side: p.side }
    }

    fn position(&self) -> Position {
        let (mut black, mut white, mut kings) = (0, 0, 0);
        for n in 1..=32 {
            let c = self.cells[n];
            let bit = 1u32 << (n - 1);
            if c & BLACK != 0 {
                black |= bit;
            }
            if c & WHITE != 0 {
                white |= bit;
            }
            if c & KING != 0 {
                kings |= bit;
            }
        }
        Position { black, white, kings, side: self.side }
    }

    fn generate(&self, out: &mut Vec<Move>) {
        out.clear();
        let me = color_bit(self.side);
        let enemy = color_bit(self.side.other());
        let mut capturing = false;
        for n in 1..=32 {
            let piece = self.cells[n];
            if piece & me == 0 {
                continue;
            }
            let dirs = directions(piece);
            let can_capture = dirs.iter().any(|&d| {
                let land = usize::from(CAPTURE[n][d]);
                land != 0 && self.cells[usize::from(NORMAL[n][d])] & enemy != 0 && self.cells[land] == EMPTY
            });
            if can_capture {
                if !capturing {
                    out.clear();
                    capturing = true;
                }
                self.captures_from(n, piece, enemy, out);
            } else if !capturing {
                for &d in dirs {
                    let to = usize::from(NORMAL[n][d]);
                    if to != 0 && self.cells[to] == EMPTY {
                        out.push(Move::simple(sq(n), sq(to)));
                    }
                }
            }
        }
    }

    fn make(&mut self, mv: &Move) -> TableUndo {
        let (from, to) = (mv.from.number() as usize, mv.to.number() as usize);
        let piece = self.cells[from];
        self.cells[from] = EMPTY;
        self.cells[to] = if crowns(piece, to) { piece | KING } else { piece };
        let mut captured_kings = 0;
        let mut rest = mv.captured;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if self.cells[i + 1] & KING != 0 {
                captured_kings |= 1 << i;
            }
            self.cells[i + 1] = EMPTY;
        }
        self.side = self.side.other();
        TableUndo { piece, captured_kings }
    }

    fn unmake(&mut self, mv: &Move, undo: TableUndo) {
        self.side = self.side.other();
        let enemy = color_bit(self.side.other());
        self.cells[mv.to.number() as usize] = EMPTY;
        self.cells[mv.from.number() as usize] = undo.piece;
        let mut rest = mv.captured;
        while rest != 0 {
            let i = rest.trailing_zeros();
            rest &= rest - 1;
            let king = if undo.captured_kings & (1 << i) != 0 { KING } else { 0 };
            self.cells[i as usize + 1] = enemy | king;
        }
    }
}

/// Keeps [`Dir`]'s codes and the table's column order in step.
const _: () = assert!(Dir::Plus5 as usize == 0 && Dir::Minus4 as usize == 3);

#[cfg(test)]
mod tests {
    use super::*;

    /// Bell's Fig. 3.8 as printed, every row (`-` marks the edge).
    const FIG_3_8: [&str; 32] = [
        "1 6 5 - - 10 - - -",
        "2 7 6 - - 11 9 - -",
        "3 8 7 - - 12 10 - -",
        "4 - 8 - - - 11 - -",
        "5 9 - - 1 14 - - -",
        "6 10 9 1 2 15 13 - -",
        "7 11 10 2 3 16 14 - -",
        "8 12 11 3 4 - 15 - -",
        "9 14 13 5 6 18 - - 2",
        "10 15 14 6 7 19 17 1 3",
        "11 16 15 7 8 20 18 2 4",
        "12 - 16 8 - - 19 3 -",
        "13 17 - - 9 22 - - 6",
        "14 18 17 9 10 23 21 5 7",
        "15 19 18 10 11 24 22 6 8",
        "16 20 19 11 12 - 23 7 -",
        "17 22 21 13 14 26 - - 10",
        "18 23 22 14 15 27 25 9 11",
        "19 24 23 15 16 28 26 10 12",
        "20 - 24 16 - - 27 11 -",
        "21 25 - - 17 30 - - 14",
        "22 26 25 17 18 31 29 13 15",
        "23 27 26 18 19 32 30 14 16",
        "24 28 27 19 20 - 31 15 -",
        "25 30 29 21 22 - - - 18",
        "26 31 30 22 23 - - 17 19",
        "27 32 31 23 24 - - 18 20",
        "28 - 32 24 - - - 19 -",
        "29 - - - 25 - - - 22",
        "30 - - 25 26 - - 21 23",
        "31 - - 26 27 - - 22 24",
        "32 - - 27 28 - - 23 -",
    ];

    #[test]
    fn matches_bells_printed_table() {
        for (k, line) in FIG_3_8.iter().enumerate() {
            let cells: Vec<u8> = line.split_whitespace().map(|c| c.parse().unwrap_or(0)).collect();
            assert_eq!(cells.len(), 9, "{line}");
            let n = usize::from(cells[0]);
            assert_eq!(n, k + 1);
            assert_eq!(NORMAL[n], cells[1..5], "normal moves of {n}");
            assert_eq!(CAPTURE[n], cells[5..], "captures of {n}");
        }
    }
}
