//! The oracle: an array of 64 squares, each move found by walking from
//! every empty square in the eight directions, as the rules say it.

use super::{Move, START_BLACK, START_WHITE, key};
use crate::engine::game::Game;

/// What stands on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Square {
    Empty,
    Black,
    White,
}

/// The eight directions as (file, rank) steps.
const STEPS: [(i8, i8); 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (-1, 1), (1, -1)];

/// An Othello position as an array of squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ArrayBoard {
    squares: [Square; 64],
    black_to_move: bool,
}

impl ArrayBoard {
    /// The standard start (see [`super::Othello::start`]).
    pub fn start() -> ArrayBoard {
        ArrayBoard::from_discs(START_BLACK, START_WHITE, true)
    }

    /// The position with Black's discs on `black`, White's on `white`
    /// (a disc on both counts as Black's).
    pub fn from_discs(black: u64, white: u64, black_to_move: bool) -> ArrayBoard {
        let mut squares = [Square::Empty; 64];
        for (i, square) in squares.iter_mut().enumerate() {
            if black >> i & 1 != 0 {
                *square = Square::Black;
            } else if white >> i & 1 != 0 {
                *square = Square::White;
            }
        }
        ArrayBoard { squares, black_to_move }
    }

    /// The discs of `colour`, as a bitboard.
    fn discs(&self, colour: Square) -> u64 {
        self.squares.iter().enumerate().filter(|&(_, &s)| s == colour).fold(0, |b, (i, _)| b | 1 << i)
    }

    /// Black's discs.
    pub fn black(&self) -> u64 {
        self.discs(Square::Black)
    }

    /// White's discs.
    pub fn white(&self) -> u64 {
        self.discs(Square::White)
    }

    fn colours(black_to_move: bool) -> (Square, Square) {
        if black_to_move { (Square::Black, Square::White) } else { (Square::White, Square::Black) }
    }

    /// The squares of their discs that a disc of the mover's on `at` flanks
    /// along `step`.
    fn line(&self, at: usize, step: (i8, i8), black_to_move: bool) -> Vec<usize> {
        let (mine, theirs) = Self::colours(black_to_move);
        let (mut file, mut rank) = ((at % 8) as i8, (at / 8) as i8);
        let mut line = Vec::new();
        loop {
            file += step.0;
            rank += step.1;
            if !(0..8).contains(&file) || !(0..8).contains(&rank) {
                return Vec::new();
            }
            let square = (rank * 8 + file) as usize;
            match self.squares[square] {
                s if s == theirs => line.push(square),
                s if s == mine && !line.is_empty() => return line,
                _ => return Vec::new(),
            }
        }
    }

    /// The squares where the given side can play, in index order.
    fn placements(&self, black_to_move: bool) -> Vec<Move> {
        (0..64)
            .filter(|&at| {
                self.squares[at] == Square::Empty && STEPS.iter().any(|&s| !self.line(at, s, black_to_move).is_empty())
            })
            .map(|at| Move(at as u8))
            .collect()
    }
}

impl Game for ArrayBoard {
    type Move = Move;

    fn legal_moves(&self, list: &mut Vec<Move>) {
        list.clear();
        list.extend(self.placements(self.black_to_move));
        if list.is_empty() && !self.placements(!self.black_to_move).is_empty() {
            list.push(Move::PASS);
        }
    }

    fn play(&self, mv: Move) -> ArrayBoard {
        let mut next = *self;
        next.black_to_move = !self.black_to_move;
        if let Some(at) = mv.index() {
            let at = usize::from(at);
            let (mine, _) = Self::colours(self.black_to_move);
            for step in STEPS {
                for square in self.line(at, step, self.black_to_move) {
                    next.squares[square] = mine;
                }
            }
            next.squares[at] = mine;
        }
        next
    }

    fn key(&self) -> u64 {
        key(self.black(), self.white(), self.black_to_move)
    }

    fn notation(&self, mv: Move) -> String {
        mv.to_string()
    }
}
