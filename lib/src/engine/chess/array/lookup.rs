//! Bell's six driving tables (Appendix 2), built in code at compile time
//! rather than read in, with the layout his Algol program indexes.
//!
//! Squares are Bell's numbers: 1 (a1) to 64 (h8), rank by rank from White's
//! side, and 65 for the no-man's land that no man ever occupies.

use crate::engine::chess::Square;

/// Bell's no-man's land: the target of a pawn capture that would leave the
/// board. Neither side's board ever holds a man there.
pub(super) const NO_MANS_LAND: u8 = 65;

/// Bell's number of a neutral square (a1 = 1).
#[inline]
pub(super) const fn bell(s: Square) -> u8 {
    s.index() as u8 + 1
}

/// The neutral square of one of Bell's board squares (1..=64).
#[inline]
pub(super) const fn neutral(square: u8) -> Square {
    match Square::new(square.wrapping_sub(1)) {
        Some(s) => s,
        None => panic!("Bell's board squares are 1..=64"),
    }
}

/// Bell's square `df` files and `dr` ranks from `square`, if on the board.
const fn offset(square: usize, df: i8, dr: i8) -> Option<u8> {
    let file = ((square - 1) % 8) as i8 + df;
    let rank = ((square - 1) / 8) as i8 + dr;
    if file >= 0 && file < 8 && rank >= 0 && rank < 8 { Some((rank * 8 + file + 1) as u8) } else { None }
}

/// The knight's eight leaps in the order of Appendix 2(a): clockwise from
/// two files west and one rank north (+6, +15, +17, +10, -6, -15, -17, -10).
const KNIGHT_LEAPS: [(i8, i8); 8] = [(-2, 1), (-1, 2), (1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1)];

/// The king's eight steps in the order of Appendix 2(b), which lists the
/// targets in ascending order (-9, -8, -7, -1, +1, +7, +8, +9).
const KING_STEPS: [(i8, i8); 8] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];

/// The length of a knight or king table: Bell's `[1:576]`, with index 0
/// unused so that his indices stand as they are.
pub(super) const LEAPER_LEN: usize = 9 * 64 + 1;

/// A knight or king table (Appendix 2(a), (b)). Row `s` is the nine cells
/// `9s-8 ..= 9s`. The targets are packed at the right-hand end of the first
/// eight cells, zeros pad the left, and the ninth cell is Bell's back
/// pointer: the index of the first target, so the targets of `s` are the
/// cells `table[9s] .. 9s`.
const fn leaper_table(steps: &[(i8, i8); 8]) -> [u16; LEAPER_LEN] {
    let mut table = [0u16; LEAPER_LEN];
    let mut square = 1;
    while square <= 64 {
        let mut targets = [0u8; 8];
        let mut n = 0;
        let mut k = 0;
        while k < 8 {
            if let Some(t) = offset(square, steps[k].0, steps[k].1) {
                targets[n] = t;
                n += 1;
            }
            k += 1;
        }
        let first = 9 * square - n;
        let mut i = 0;
        while i < n {
            table[first + i] = targets[i] as u16;
            i += 1;
        }
        table[9 * square] = first as u16;
        square += 1;
    }
    table
}

/// The length of a rook or bishop table: Bell's `[0:259]`.
pub(super) const SLIDER_LEN: usize = 4 + 4 * 64;

/// A rook or bishop table (Appendix 2(c), (d)). Cells 0..4 hold the four
/// increments; row `s` (cells `4s .. 4s+4`) holds, for each increment, the
/// last square on the board in that direction, or `s` itself when the first
/// step already leaves the board. `(terminal - s) / increment` is then the
/// length of the ray, possibly zero, as Algol's `for i := s + k step k until
/// terminal` runs.
const fn slider_table(directions: &[(i8, i8); 4]) -> [i8; SLIDER_LEN] {
    let mut table = [0i8; SLIDER_LEN];
    let mut d = 0;
    while d < 4 {
        table[d] = directions[d].1 * 8 + directions[d].0;
        d += 1;
    }
    let mut square = 1;
    while square <= 64 {
        let mut d = 0;
        while d < 4 {
            let mut terminal = square as u8;
            while let Some(next) = offset(terminal as usize, directions[d].0, directions[d].1) {
                terminal = next;
            }
            table[4 * square + d] = terminal as i8;
            d += 1;
        }
        square += 1;
    }
    table
}

/// The length of a pawn table: Bell's `[36:227]`, rows 9..=56 only, with
/// cells below 36 unused so that his indices stand.
pub(super) const PAWN_LEN: usize = 4 * 57;

/// A pawn table (Appendix 2(e), (f)) for pawns moving `dr` ranks forward
/// (+1 for White, -1 for Black) and starting on rank `start` (0-based).
/// Row `s` (cells `4s .. 4s+4`): the square one step ahead; the square two
/// ahead from the starting rank, else `s` itself, which the pawn occupies,
/// so that the double step is always refused; the captures at `s + 7dr` and
/// `s + 9dr`, or [`NO_MANS_LAND`] where that leaves the board.
const fn pawn_table(dr: i8, start: usize) -> [u8; PAWN_LEN] {
    let mut table = [0u8; PAWN_LEN];
    let mut square = 9;
    while square <= 56 {
        let row = 4 * square;
        table[row] = match offset(square, 0, dr) {
            Some(t) => t,
            None => NO_MANS_LAND,
        };
        table[row + 1] = if (square - 1) / 8 == start {
            match offset(square, 0, 2 * dr) {
                Some(t) => t,
                None => NO_MANS_LAND,
            }
        } else {
            square as u8
        };
        // +7 is a file west for White and a file east for Black; +9 the other.
        table[row + 2] = match offset(square, -dr, dr) {
            Some(t) => t,
            None => NO_MANS_LAND,
        };
        table[row + 3] = match offset(square, dr, dr) {
            Some(t) => t,
            None => NO_MANS_LAND,
        };
        square += 1;
    }
    table
}

/// Appendix 2(a): knight moves, with back pointers.
pub(super) static KNIGHT_TABLE: [u16; LEAPER_LEN] = leaper_table(&KNIGHT_LEAPS);
/// Appendix 2(b): king moves, with back pointers.
pub(super) static KING_TABLE: [u16; LEAPER_LEN] = leaper_table(&KING_STEPS);
/// Appendix 2(c): rook terminal squares, east, west, north, south.
pub(super) static ROOK_TABLE: [i8; SLIDER_LEN] = slider_table(&[(1, 0), (-1, 0), (0, 1), (0, -1)]);
/// Appendix 2(d): bishop terminal squares, north-east, south-west,
/// north-west, south-east.
pub(super) static BISHOP_TABLE: [i8; SLIDER_LEN] = slider_table(&[(1, 1), (-1, -1), (-1, 1), (1, -1)]);
/// Appendix 2(e): white pawns.
pub(super) static WHITE_PAWN_TABLE: [u8; PAWN_LEN] = pawn_table(1, 1);
/// Appendix 2(f): black pawns.
pub(super) static BLACK_PAWN_TABLE: [u8; PAWN_LEN] = pawn_table(-1, 6);
