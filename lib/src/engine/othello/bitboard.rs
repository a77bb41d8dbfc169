//! The bitboard: one `u64` for the side to move's discs, one for the
//! other's; moves found eight directions at once by shifts.

use super::{Move, START_BLACK, START_WHITE, key};
use crate::engine::game::Game;

/// Files b to g: a disc there has neighbours east and west on its own
/// rank (a shift east or west must not carry over to the next rank).
const INNER_FILES: u64 = 0x7E7E_7E7E_7E7E_7E7E;

/// The eight directions: a shift left (towards h8) or right, its amount,
/// and the squares an opponent's disc may stand on to be flanked that way.
const DIRECTIONS: [(bool, u32, u64); 8] = [
    (true, 1, INNER_FILES),  // east
    (false, 1, INNER_FILES), // west
    (true, 8, !0),           // north
    (false, 8, !0),          // south
    (true, 9, INNER_FILES),  // north-east
    (false, 9, INNER_FILES), // south-west
    (true, 7, INNER_FILES),  // north-west
    (false, 7, INNER_FILES), // south-east
];

#[inline(always)]
fn shift(x: u64, left: bool, amount: u32) -> u64 {
    if left { x << amount } else { x >> amount }
}

/// The squares where the side with `mine` can play against `theirs`.
#[inline]
pub(super) fn moves(mine: u64, theirs: u64) -> u64 {
    let empty = !(mine | theirs);
    let mut found = 0;
    for (left, amount, mask) in DIRECTIONS {
        let flankable = theirs & mask;
        // Runs of their discs starting next to one of mine (at most six).
        let mut run = shift(mine, left, amount) & flankable;
        for _ in 0..5 {
            run |= shift(run, left, amount) & flankable;
        }
        found |= shift(run, left, amount) & empty;
    }
    found
}

/// Their discs flipped by a disc of mine on `square`.
#[inline]
fn flips(mine: u64, theirs: u64, square: u8) -> u64 {
    let placed = 1u64 << square;
    let mut flipped = 0;
    for (left, amount, mask) in DIRECTIONS {
        let flankable = theirs & mask;
        let mut line = 0;
        let mut x = shift(placed, left, amount);
        while x & flankable != 0 {
            line |= x;
            x = shift(x, left, amount);
        }
        if x & mine != 0 {
            flipped |= line;
        }
    }
    flipped
}

/// An Othello position as two bitboards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Othello {
    /// The side to move's discs.
    mine: u64,
    /// The other side's discs.
    theirs: u64,
    /// Whether Black is to move.
    black_to_move: bool,
}

impl Othello {
    /// The standard start: White on d4 and e5, Black on d5 and e4, Black to
    /// move.
    pub fn start() -> Othello {
        Othello::from_discs(START_BLACK, START_WHITE, true)
    }

    /// The position with Black's discs on `black`, White's on `white`
    /// (a disc on both counts as Black's).
    pub fn from_discs(black: u64, white: u64, black_to_move: bool) -> Othello {
        let white = white & !black;
        if black_to_move {
            Othello { mine: black, theirs: white, black_to_move }
        } else {
            Othello { mine: white, theirs: black, black_to_move }
        }
    }

    /// Black's discs.
    pub fn black(&self) -> u64 {
        if self.black_to_move { self.mine } else { self.theirs }
    }

    /// White's discs.
    pub fn white(&self) -> u64 {
        if self.black_to_move { self.theirs } else { self.mine }
    }

    /// Whether Black is to move.
    pub fn black_to_move(&self) -> bool {
        self.black_to_move
    }

    /// The squares the side to move can play on (no pass).
    pub fn move_squares(&self) -> u64 {
        moves(self.mine, self.theirs)
    }

    /// Whether neither side can move: the game is over.
    pub fn is_over(&self) -> bool {
        moves(self.mine, self.theirs) == 0 && moves(self.theirs, self.mine) == 0
    }

    /// The discs of each side, Black's first.
    pub fn disc_counts(&self) -> (u32, u32) {
        (self.black().count_ones(), self.white().count_ones())
    }

    /// The position with the other side to move and the same discs.
    pub(super) fn passed(&self) -> Othello {
        Othello { mine: self.theirs, theirs: self.mine, black_to_move: !self.black_to_move }
    }
}

impl Game for Othello {
    type Move = Move;

    fn legal_moves(&self, list: &mut Vec<Move>) {
        list.clear();
        let mut squares = moves(self.mine, self.theirs);
        if squares == 0 {
            if moves(self.theirs, self.mine) != 0 {
                list.push(Move::PASS);
            }
            return;
        }
        while squares != 0 {
            list.push(Move(squares.trailing_zeros() as u8));
            squares &= squares - 1;
        }
    }

    fn play(&self, mv: Move) -> Othello {
        match mv.index() {
            None => self.passed(),
            Some(square) => {
                let flipped = flips(self.mine, self.theirs, square);
                Othello {
                    mine: self.theirs & !flipped,
                    theirs: self.mine | flipped | 1 << square,
                    black_to_move: !self.black_to_move,
                }
            }
        }
    }

    fn key(&self) -> u64 {
        key(self.black(), self.white(), self.black_to_move)
    }

    fn notation(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn count_leaves(&self, _: &mut Vec<Move>) -> u64 {
        let squares = moves(self.mine, self.theirs);
        if squares != 0 { u64::from(squares.count_ones()) } else { u64::from(moves(self.theirs, self.mine) != 0) }
    }
}
