//! Samuel's representation (Bell 1972, §3.2, Figs. 3.9 and 3.10; Cochran
//! 1971, §V.C).
//!
//! Squares are numbered 1..35 with the ghost squares 9, 18 and 27 left
//! out, and square `n` is bit `n - 1` of a 36-bit word (bit 35, square 36,
//! is the spare ghost). One word each holds Black's men, White's men,
//! Black's kings and White's kings. With the ghost squares every step adds
//! or subtracts 4 or 5 and every jump 8 or 10, so one shift of the empty
//! squares and one AND find all pieces that can move one way at once. A
//! capture is found by shifting both the enemy word (the jumped square) and
//! the empty word (the landing square): testing only the landing square
//! would let a piece on 4 "jump" +10 to 14 over the ghost square 9.

use super::board::{Board, Repr};
use super::{Color, Move, Position, Square};

/// The 36 bits of Samuel's word.
pub const WORD: u64 = (1 << 36) - 1;
/// The ghost squares 9, 18, 27 and 36: never empty, never occupied.
pub const GHOSTS: u64 = 1 << 8 | 1 << 17 | 1 << 26 | 1 << 35;
/// Squares 32..35, where Black's men are crowned.
const BLACK_CROWN: u64 = 0xF << 31;
/// Squares 1..4, where White's men are crowned.
const WHITE_CROWN: u64 = 0xF;

/// Bell's empty-squares word for the opening position (Fig. 3.10): squares
/// 14..22 (without the ghost 18).
///
/// ```
/// use plybench::engine::checkers::{Board, Position, samuel::SamuelBoard};
///
/// let b = SamuelBoard::from_position(&Position::start());
/// let empty: Vec<u32> = (1..=36).filter(|n| b.empty() >> (n - 1) & 1 == 1).collect();
/// assert_eq!(empty, [14, 15, 16, 17, 19, 20, 21, 22]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SamuelBoard {
    black_men: u64,
    white_men: u64,
    black_kings: u64,
    white_kings: u64,
    side: Color,
}

/// What [`SamuelBoard::unmake`](Board::unmake) needs.
#[derive(Clone, Copy, Debug)]
pub struct SamuelUndo {
    captured_men: u64,
    captured_kings: u64,
    crowned: bool,
}

/// Samuel's bit of standard square `s`.
fn sbit(s: Square) -> u64 {
    1 << (s.cochran() - 1)
}

/// The standard square of Samuel's bit index `i` (never a ghost).
fn square_of(i: u32) -> Square {
    Square::from_index(i - i / 9)
}

/// Samuel's word of a standard 32-bit mask.
fn to_word(mut mask: u32) -> u64 {
    let mut w = 0;
    while mask != 0 {
        w |= sbit(Square::from_index(mask.trailing_zeros()));
        mask &= mask - 1;
    }
    w
}

/// The standard 32-bit mask of Samuel's word.
fn to_mask(mut word: u64) -> u32 {
    let mut m = 0;
    while word != 0 {
        m |= square_of(word.trailing_zeros()).bit();
        word &= word - 1;
    }
    m
}

/// One of the four directions: the offset and which way it shifts.
#[derive(Clone, Copy)]
struct Way {
    offset: u32,
    up: bool,
    code: u32,
}

const WAYS: [Way; 4] = [
    Way { offset: 5, up: true, code: 0 },
    Way { offset: 4, up: true, code: 1 },
    Way { offset: 5, up: false, code: 2 },
    Way { offset: 4, up: false, code: 3 },
];

impl Way {
    /// Moves every bit of `w` one step this way.
    fn step(self, w: u64, n: u32) -> u64 {
        if self.up { (w << (self.offset * n)) & WORD } else { w >> (self.offset * n) }
    }

    /// Brings the squares `n` steps this way back to the squares they are
    /// seen from: `w` shifted against the direction.
    fn back(self, w: u64, n: u32) -> u64 {
        if self.up { w >> (self.offset * n) } else { (w << (self.offset * n)) & WORD }
    }
}

/// The mover's view of a position.
struct Sides {
    men: u64,
    kings: u64,
    enemy: u64,
    empty: u64,
    crown: u64,
    forward_up: bool,
}

impl SamuelBoard {
    /// The empty squares: all four words OR-ed, the ghosts added, and the
    /// result complemented within the 36-bit word.
    pub fn empty(&self) -> u64 {
        !(self.black_men | self.white_men | self.black_kings | self.white_kings | GHOSTS) & WORD
    }

    fn sides(&self) -> Sides {
        let empty = self.empty();
        match self.side {
            Color::Black => Sides {
                men: self.black_men,
                kings: self.black_kings,
                enemy: self.white_men | self.white_kings,
                empty,
                crown: BLACK_CROWN,
                forward_up: true,
            },
            Color::White => Sides {
                men: self.white_men,
                kings: self.white_kings,
                enemy: self.black_men | self.black_kings,
                empty,
                crown: WHITE_CROWN,
                forward_up: false,
            },
        }
    }

    /// Continues a capture of the piece that left `origin` and stands on
    /// `at`, recording every finished path.
    #[allow(clippy::too_many_arguments)]
    fn extend(
        &self,
        s: &Sides,
        origin: u64,
        at: u64,
        king: bool,
        captured: u64,
        dirs: u32,
        jumps: u8,
        out: &mut Vec<Move>,
    ) {
        let mut extended = false;
        if king || at & s.crown == 0 {
            let empty = s.empty | origin;
            for way in WAYS {
                if !king && way.up != s.forward_up {
                    continue;
                }
                let over = way.step(at, 1) & s.enemy & !captured;
                let land = way.step(over, 1) & empty;
                if land != 0 {
                    extended = true;
                    let dirs = dirs | way.code << (2 * u32::from(jumps));
                    self.extend(s, origin, land, king, captured | over, dirs, jumps + 1, out);
                }
            }
        }
        if !extended {
            out.push(Move {
                from: square_of(origin.trailing_zeros()),
                to: square_of(at.trailing_zeros()),
                captured: to_mask(captured),
                jumps,
                dirs,
            });
        }
    }
}

impl Board for SamuelBoard {
    const REPR: Repr = Repr::Samuel;
    type Undo = SamuelUndo;

    fn from_position(p: &Position) -> Self {
        SamuelBoard {
            black_men: to_word(p.black & !p.kings),
            white_men: to_word(p.white & !p.kings),
            black_kings: to_word(p.black & p.kings),
            white_kings: to_word(p.white & p.kings),
            side: p.side,
        }
    }

    fn position(&self) -> Position {
        Position {
            black: to_mask(self.black_men | self.black_kings),
            white: to_mask(self.white_men | self.white_kings),
            kings: to_mask(self.black_kings | self.white_kings),
            side: self.side,
        }
    }

    fn generate(&self, out: &mut Vec<Move>) {
        out.clear();
        let s = self.sides();
        // Captures of one kind, all at once: a piece whose neighbour this way
        // is an enemy and whose square two steps this way is empty.
        for way in WAYS {
            let movers = if way.up == s.forward_up { s.men | s.kings } else { s.kings };
            let mut jumpers = movers & way.back(s.enemy, 1) & way.back(s.empty, 2);
            while jumpers != 0 {
                let from = jumpers & jumpers.wrapping_neg();
                jumpers ^= from;
                let over = way.step(from, 1);
                let land = way.step(from, 2);
                self.extend(&s, from, land, s.kings & from != 0, over, way.code, 1, out);
            }
        }
        if !out.is_empty() {
            return;
        }
        for way in WAYS {
            let movers = if way.up == s.forward_up { s.men | s.kings } else { s.kings };
            let mut moving = movers & way.back(s.empty, 1);
            while moving != 0 {
                let from = moving & moving.wrapping_neg();
                moving ^= from;
                let to = way.step(from, 1);
                out.push(Move::simple(square_of(from.trailing_zeros()), square_of(to.trailing_zeros())));
            }
        }
    }

    fn make(&mut self, mv: &Move) -> SamuelUndo {
        let (from, to) = (sbit(mv.from), sbit(mv.to));
        let captured = if mv.captured == 0 { 0 } else { to_word(mv.captured) };
        let (men, kings, enemy_men, enemy_kings, crown) = match self.side {
            Color::Black => {
                (&mut self.black_men, &mut self.black_kings, &mut self.white_men, &mut self.white_kings, BLACK_CROWN)
            }
            Color::White => {
                (&mut self.white_men, &mut self.white_kings, &mut self.black_men, &mut self.black_kings, WHITE_CROWN)
            }
        };
        let mut crowned = false;
        // A king's capture may end where it began (`from == to`): clear, then set.
        if *kings & from != 0 {
            *kings = (*kings & !from) | to;
        } else if to & crown != 0 {
            *men ^= from;
            *kings |= to;
            crowned = true;
        } else {
            *men = (*men & !from) | to;
        }
        let undo = SamuelUndo { captured_men: *enemy_men & captured, captured_kings: *enemy_kings & captured, crowned };
        *enemy_men &= !captured;
        *enemy_kings &= !captured;
        self.side = self.side.other();
        undo
    }

    fn unmake(&mut self, mv: &Move, undo: SamuelUndo) {
        self.side = self.side.other();
        let (from, to) = (sbit(mv.from), sbit(mv.to));
        let (men, kings, enemy_men, enemy_kings) = match self.side {
            Color::Black => (&mut self.black_men, &mut self.black_kings, &mut self.white_men, &mut self.white_kings),
            Color::White => (&mut self.white_men, &mut self.white_kings, &mut self.black_men, &mut self.black_kings),
        };
        if undo.crowned {
            *kings ^= to;
            *men |= from;
        } else if *kings & to != 0 {
            *kings = (*kings & !to) | from;
        } else {
            *men = (*men & !to) | from;
        }
        *enemy_men |= undo.captured_men;
        *enemy_kings |= undo.captured_kings;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bell's worked example (Fig. 3.10 and the text after it): in the
    /// opening position, shifting EMPTY SQUARES 4 left and AND-ing with
    /// BLACK MEN leaves the men on 10, 11, 12 and 13.
    #[test]
    fn bells_shift_example() {
        let b = SamuelBoard::from_position(&Position::start());
        let ne = b.black_men & WAYS[1].back(b.empty(), 1);
        let squares: Vec<u32> = (1..=36).filter(|n| ne >> (n - 1) & 1 == 1).collect();
        assert_eq!(squares, [10, 11, 12, 13]);
    }

    /// Cochran's trap: from square 4 (or 5) a +10 (or +8) shift lands on
    /// 14 (or 13) through the ghost square 9. Only checking the jumped
    /// square, which no enemy can occupy, rules it out.
    #[test]
    fn no_jump_through_a_ghost() {
        // Standard 4 and 5 are Cochran 4 and 5; Cochran 13 and 14 are empty.
        let p: Position = "B:W32:B4,5".parse().unwrap();
        let mut moves = Vec::new();
        SamuelBoard::from_position(&p).generate(&mut moves);
        let mut text: Vec<String> = moves.iter().map(ToString::to_string).collect();
        text.sort();
        assert_eq!(text, ["4-8", "5-9"]);
    }
}
