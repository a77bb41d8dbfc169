//! Zobrist's bordered array: the board inside a larger array whose edge
//! holds a border value, so that a neighbour is always `index ± 1` or
//! `index ± STRIDE` and never needs a bounds test (Bell 1972, Fig. 3.13:
//! "board is extended to 21 × 21 to save testing for nodes off the actual
//! board").
//!
//! Chains and their breathing spaces are found by flood fill with an
//! explicit stack and visit stamps. Move generation takes an empty point
//! with an empty neighbour as legal at once; only the others (a point
//! whose neighbours are all stones or border) need the chains: the board is
//! then labelled once, each chain with its number of breathing spaces, and
//! the point is legal if it joins a chain of its own with another breathing
//! space or takes the last one of an enemy chain.

use super::board::{Board, Repr};
use super::point::{Color, MAX_POINTS, Move, MoveList, Point, Size};
use super::position::Position;

/// The array's row length: 19 points and a border on each side.
const STRIDE: usize = 21;
/// The array's cells: 21 × 21.
const CELLS: usize = STRIDE * STRIDE;

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const BORDER: u8 = 3;

/// No chain label.
const UNLABELLED: u16 = u16::MAX;

/// The four neighbours of a cell.
const DIRS: [isize; 4] = [-1, 1, -(STRIDE as isize), STRIDE as isize];

fn code(color: Color) -> u8 {
    match color {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

#[inline]
fn nb(a: usize, d: isize) -> usize {
    a.wrapping_add_signed(d)
}

/// The bordered array with its working space.
#[derive(Clone)]
pub struct ArrayBoard {
    size: Size,
    cells: [u8; CELLS],
    /// The side to move: [`BLACK`] or [`WHITE`].
    to_move: u8,
    /// The cell the side to move may not play on (0, a border cell: none).
    ko: u16,
    passes: u8,
    /// The cells of the board, row by row from A1.
    interior: [u16; MAX_POINTS],
    // Working space of the floods.
    mark: [u32; CELLS],
    epoch: u32,
    list: [u16; MAX_POINTS],
    label: [u16; CELLS],
    liberties: [u16; MAX_POINTS],
}

/// What [`ArrayBoard::unmake`](Board::unmake) needs: the captured cells as
/// a bit set over the array, the ko point and the passes before the move.
#[derive(Clone, Copy, Debug)]
pub struct ArrayUndo {
    captured: [u64; 7],
    ko: u16,
    passes: u8,
}

impl ArrayBoard {
    fn cell(point: Point) -> usize {
        (point.row() + 1) * STRIDE + point.col() + 1
    }

    fn point(cell: usize) -> Point {
        // Cells of the board only: the point exists.
        Point::new((cell % STRIDE - 1) as u32, (cell / STRIDE - 1) as u32).unwrap_or_else(|_| unreachable!())
    }

    /// A fresh stamp for a flood's visit marks.
    #[inline]
    fn next_epoch(&mut self) -> u32 {
        if self.epoch == u32::MAX {
            self.mark = [0; CELLS];
            self.epoch = 0;
        }
        self.epoch += 1;
        self.epoch
    }

    /// Labels every chain and counts its distinct breathing spaces.
    fn label_chains(&mut self) {
        let n = self.size.points();
        for k in 0..n {
            self.label[usize::from(self.interior[k])] = UNLABELLED;
        }
        let mut chains = 0u16;
        for k in 0..n {
            let a = usize::from(self.interior[k]);
            let color = self.cells[a];
            if color == EMPTY || self.label[a] != UNLABELLED {
                continue;
            }
            let epoch = self.next_epoch();
            let id = chains;
            chains += 1;
            self.label[a] = id;
            self.list[0] = a as u16;
            let (mut head, mut len, mut libs) = (0usize, 1usize, 0u16);
            while head < len {
                let x = usize::from(self.list[head]);
                head += 1;
                for d in DIRS {
                    let y = nb(x, d);
                    let c = self.cells[y];
                    if c == color && self.label[y] == UNLABELLED {
                        self.label[y] = id;
                        self.list[len] = y as u16;
                        len += 1;
                    } else if c == EMPTY && self.mark[y] != epoch {
                        self.mark[y] = epoch;
                        libs += 1;
                    }
                }
            }
            self.liberties[usize::from(id)] = libs;
        }
    }

    /// Whether the empty cell `a` (with no empty neighbour) is legal for
    /// `me`, the chains being labelled.
    #[inline]
    fn legal_enclosed(&self, a: usize, me: u8) -> bool {
        DIRS.iter().any(|&d| {
            let y = nb(a, d);
            let c = self.cells[y];
            if c == EMPTY || c == BORDER {
                return false;
            }
            let libs = self.liberties[usize::from(self.label[y])];
            if c == me { libs >= 2 } else { libs == 1 }
        })
    }

    /// Calls `legal` with every legal cell of the side to move, in order.
    #[inline]
    fn scan(&mut self, mut legal: impl FnMut(usize)) {
        let me = self.to_move;
        let ko = usize::from(self.ko);
        let mut labelled = false;
        for k in 0..self.size.points() {
            let a = usize::from(self.interior[k]);
            if self.cells[a] != EMPTY || a == ko {
                continue;
            }
            if DIRS.iter().any(|&d| self.cells[nb(a, d)] == EMPTY) {
                legal(a);
                continue;
            }
            if !labelled {
                self.label_chains();
                labelled = true;
            }
            if self.legal_enclosed(a, me) {
                legal(a);
            }
        }
    }

    /// If the chain through `start` (a stone) has no breathing space, lists
    /// its cells in `self.list` and returns their number; else 0.
    fn chain_without_liberty(&mut self, start: usize) -> usize {
        let color = self.cells[start];
        let epoch = self.next_epoch();
        self.mark[start] = epoch;
        self.list[0] = start as u16;
        let (mut head, mut len) = (0usize, 1usize);
        while head < len {
            let x = usize::from(self.list[head]);
            head += 1;
            for d in DIRS {
                let y = nb(x, d);
                let c = self.cells[y];
                if c == EMPTY {
                    return 0;
                }
                if c == color && self.mark[y] != epoch {
                    self.mark[y] = epoch;
                    self.list[len] = y as u16;
                    len += 1;
                }
            }
        }
        len
    }
}

impl Board for ArrayBoard {
    const REPR: Repr = Repr::Array;
    type Undo = ArrayUndo;

    fn from_position(position: &Position) -> Self {
        let size = position.size();
        let mut cells = [BORDER; CELLS];
        let mut interior = [0u16; MAX_POINTS];
        for (k, p) in size.all_points().enumerate() {
            let a = Self::cell(p);
            interior[k] = a as u16;
            cells[a] = position.at(p).map_or(EMPTY, code);
        }
        ArrayBoard {
            size,
            cells,
            to_move: code(position.to_move()),
            ko: position.ko().map_or(0, |p| Self::cell(p) as u16),
            passes: position.passes(),
            interior,
            mark: [0; CELLS],
            epoch: 0,
            list: [0; MAX_POINTS],
            label: [UNLABELLED; CELLS],
            liberties: [0; MAX_POINTS],
        }
    }

    fn position(&self) -> Position {
        let mut cells = [None; MAX_POINTS];
        for (cell, &a) in cells.iter_mut().zip(&self.interior[..self.size.points()]) {
            *cell = match self.cells[usize::from(a)] {
                BLACK => Some(Color::Black),
                WHITE => Some(Color::White),
                _ => None,
            };
        }
        let to_move = if self.to_move == BLACK { Color::Black } else { Color::White };
        let ko = (self.ko != 0).then(|| Self::point(usize::from(self.ko)));
        Position::from_parts(self.size, cells, to_move, ko, self.passes)
    }

    #[inline]
    fn is_over(&self) -> bool {
        self.passes >= 2
    }

    fn generate_plays(&mut self, moves: &mut MoveList) {
        moves.clear();
        self.scan(|a| moves.push(Move::Play(Self::point(a))));
    }

    fn count_plays(&mut self, _scratch: &mut MoveList) -> u64 {
        let mut n = 0;
        self.scan(|_| n += 1);
        n
    }

    fn make(&mut self, mv: Move) -> ArrayUndo {
        let mut undo = ArrayUndo { captured: [0; 7], ko: self.ko, passes: self.passes };
        let me = self.to_move;
        let opp = BLACK + WHITE - me;
        self.to_move = opp;
        let Move::Play(point) = mv else {
            self.ko = 0;
            self.passes += 1;
            return undo;
        };
        self.passes = 0;
        let a = Self::cell(point);
        self.cells[a] = me;
        let (mut taken, mut last) = (0usize, 0usize);
        for d in DIRS {
            let y = nb(a, d);
            if self.cells[y] != opp {
                continue;
            }
            let n = self.chain_without_liberty(y);
            for k in 0..n {
                let x = usize::from(self.list[k]);
                self.cells[x] = EMPTY;
                undo.captured[x / 64] |= 1 << (x % 64);
            }
            if n > 0 {
                taken += n;
                last = y;
            }
        }
        self.ko = 0;
        if taken == 1 {
            let lone = DIRS.iter().all(|&d| self.cells[nb(a, d)] != me);
            let breaths = DIRS.iter().filter(|&&d| self.cells[nb(a, d)] == EMPTY).count();
            if lone && breaths == 1 {
                self.ko = last as u16;
            }
        }
        undo
    }

    fn unmake(&mut self, mv: Move, undo: ArrayUndo) {
        let opp = self.to_move;
        self.to_move = BLACK + WHITE - opp;
        self.ko = undo.ko;
        self.passes = undo.passes;
        if let Move::Play(point) = mv {
            self.cells[Self::cell(point)] = EMPTY;
            for (w, &word) in undo.captured.iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let x = w * 64 + bits.trailing_zeros() as usize;
                    self.cells[x] = opp;
                    bits &= bits - 1;
                }
            }
        }
    }
}
