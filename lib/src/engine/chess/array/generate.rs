//! Move listing from the tables (Bell's `listmoves`) and the question his
//! `cutoff` answers: can a side's men take on a given square? It is asked
//! two ways: from the target outward for legality and castling
//! ([`ArrayBoard::attacked`]), and man by man through the piece list for
//! the set of checking men ([`ArrayBoard::reachers`]).

use super::lookup::{
    BISHOP_TABLE, BLACK_PAWN_TABLE, KING_TABLE, KNIGHT_TABLE, LEAPER_LEN, PAWN_LEN, ROOK_TABLE, SLIDER_LEN,
    WHITE_PAWN_TABLE, neutral,
};
use super::{ArrayBoard, BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK, bell};
use crate::engine::chess::{Move, MoveKind, MoveList};
use crate::engine::chess::{Role, Square};

/// The pawn table of side `side` (0 White, 1 Black).
#[inline(always)]
pub(super) fn pawn_table(side: usize) -> &'static [u8; PAWN_LEN] {
    if side == 0 { &WHITE_PAWN_TABLE } else { &BLACK_PAWN_TABLE }
}

/// The targets of a knight or king on `square`: the cells from the back
/// pointer up to the row's last move cell.
#[inline(always)]
pub(super) fn leaper_targets(table: &'static [u16; LEAPER_LEN], square: u8) -> &'static [u16] {
    let j = 9 * square as usize;
    &table[table[j] as usize..j]
}

impl ArrayBoard {
    /// Every pseudo-legal move of the side to move, men taken last in list
    /// order first, as Bell's `listmoves` runs; castling last, tested in
    /// full (not out of or through check).
    pub(super) fn pseudo_legal(&self, moves: &mut MoveList) {
        let us = self.turn.index();
        let list = &self.piece[us];
        for pointer in (1..=list[0] as usize).rev() {
            let square = list[pointer];
            if square == 0 {
                continue;
            }
            match self.men[us][square as usize] {
                PAWN => self.pawn_moves(square, moves),
                KNIGHT => self.leaper_moves(&KNIGHT_TABLE, square, moves),
                BISHOP => self.slider_moves(&BISHOP_TABLE, square, moves),
                ROOK => self.slider_moves(&ROOK_TABLE, square, moves),
                QUEEN => {
                    self.slider_moves(&ROOK_TABLE, square, moves);
                    self.slider_moves(&BISHOP_TABLE, square, moves);
                }
                _ => self.leaper_moves(&KING_TABLE, square, moves),
            }
        }
        self.castles(moves);
    }

    #[inline]
    fn leaper_moves(&self, table: &'static [u16; LEAPER_LEN], square: u8, moves: &mut MoveList) {
        let mine = &self.men[self.turn.index()];
        let from = neutral(square);
        for &t in leaper_targets(table, square) {
            let t = t as usize;
            if mine[t] != 0 {
                continue;
            }
            let kind = if self.entry[t] != 0 { MoveKind::Capture } else { MoveKind::Quiet };
            moves.push(Move::new(from, neutral(t as u8), kind));
        }
    }

    #[inline]
    fn slider_moves(&self, table: &[i8; SLIDER_LEN], square: u8, moves: &mut MoveList) {
        let them = 1 - self.turn.index();
        let from = neutral(square);
        for d in 0..4 {
            // Bell's `for i := s + k step k until terminal`.
            let k = table[d];
            let terminal = table[4 * square as usize + d] as u8;
            let mut i = square;
            while i != terminal {
                i = (i as i8 + k) as u8;
                let t = i as usize;
                if self.entry[t] != 0 {
                    if self.men[them][t] != 0 {
                        moves.push(Move::new(from, neutral(i), MoveKind::Capture));
                    }
                    break;
                }
                moves.push(Move::new(from, neutral(i), MoveKind::Quiet));
            }
        }
    }

    /// A pawn's pushes and captures, en passant included: the legal
    /// generator's pawn steps with every destination allowed.
    #[inline]
    fn pawn_moves(&self, square: u8, moves: &mut MoveList) {
        if self.pawn_steps(square, u64::MAX, moves) {
            moves.push(Move::new(neutral(square), neutral(self.en_passant), MoveKind::EnPassant));
        }
    }

    /// Castling of the side to move ([`Castles::generate`](crate::engine::chess::Castles::generate)).
    fn castles(&self, moves: &mut MoveList) {
        self.castles_with(|m| moves.push(m));
    }

    /// Whether a man of side `by` could take on `target`: Bell's `cutoff`
    /// question, answered from `target` outward with the same tables. A
    /// knight or king reaches `target` from exactly the squares its table
    /// lists for `target`; a pawn of `by` only from the two squares behind
    /// it diagonally, whose pawn-table row must name `target`; a slider is
    /// the first man met along a ray from `target`.
    #[inline]
    pub(super) fn attacked(&self, by: usize, target: u8) -> bool {
        self.attacked_ignoring(by, target, 0)
    }

    /// [`ArrayBoard::attacked`] as if `ignored` (0 for none) were empty:
    /// the king asks it of the squares he may step to, with himself taken
    /// off the board.
    #[inline(always)]
    pub(super) fn attacked_ignoring(&self, by: usize, target: u8, ignored: u8) -> bool {
        let men = &self.men[by];
        if leaper_targets(&KNIGHT_TABLE, target).iter().any(|&s| men[s as usize] == KNIGHT)
            || leaper_targets(&KING_TABLE, target).iter().any(|&s| men[s as usize] == KING)
        {
            return true;
        }
        let table = pawn_table(by);
        let back = if by == 0 { [-7, -9] } else { [7, 9] };
        for delta in back {
            let p = i16::from(target) + delta;
            if (9..=56).contains(&p) {
                let p = p as usize;
                if men[p] == PAWN && (table[4 * p + 2] == target || table[4 * p + 3] == target) {
                    return true;
                }
            }
        }
        self.first_met(&ROOK_TABLE, by, ROOK, target, ignored)
            || self.first_met(&BISHOP_TABLE, by, BISHOP, target, ignored)
    }

    /// Whether the first man met along some ray of `table` from `target` is
    /// side `by`'s `slider` or queen.
    #[inline(always)]
    fn first_met(&self, table: &[i8; SLIDER_LEN], by: usize, slider: u8, target: u8, ignored: u8) -> bool {
        for d in 0..4 {
            let k = table[d];
            let terminal = table[4 * target as usize + d] as u8;
            let mut i = target;
            while i != terminal {
                i = (i as i8 + k) as u8;
                let s = i as usize;
                if self.entry[s] != 0 && i != ignored {
                    let man = self.men[by][s];
                    if man == slider || man == QUEEN {
                        return true;
                    }
                    break;
                }
            }
        }
        false
    }

    /// The neutral-square set of `by`'s men that could take on `target`.
    pub(super) fn reachers(&self, by: usize, target: u8) -> u64 {
        let list = &self.piece[by];
        list[1..=list[0] as usize]
            .iter()
            .filter(|&&square| square != 0 && self.man_reaches(by, square, target))
            .fold(0, |set, &square| set | 1u64 << neutral(square).index())
    }

    /// Whether the man of side `by` on `square` could take on `target`.
    #[inline]
    fn man_reaches(&self, by: usize, square: u8, target: u8) -> bool {
        match self.men[by][square as usize] {
            PAWN => {
                let row = 4 * square as usize;
                let table = pawn_table(by);
                table[row + 2] == target || table[row + 3] == target
            }
            KNIGHT => leaper_targets(&KNIGHT_TABLE, square).contains(&(target as u16)),
            BISHOP => self.slider_reaches(&BISHOP_TABLE, square, target),
            ROOK => self.slider_reaches(&ROOK_TABLE, square, target),
            QUEEN => {
                self.slider_reaches(&ROOK_TABLE, square, target) || self.slider_reaches(&BISHOP_TABLE, square, target)
            }
            KING => leaper_targets(&KING_TABLE, square).contains(&(target as u16)),
            _ => false,
        }
    }

    /// Whether a slider on `square` moving as `table` reaches `target`:
    /// `target` must be a whole number `m` of increments along some ray,
    /// no further than its terminal square, with the `m - 1` squares
    /// before it empty. A square lies on at most one ray.
    #[inline]
    fn slider_reaches(&self, table: &[i8; SLIDER_LEN], square: u8, target: u8) -> bool {
        let diff = target as i8 - square as i8;
        for d in 0..4 {
            // The increment, and the number of squares to the terminal.
            let k = table[d];
            let n = (table[4 * square as usize + d] - square as i8) / k;
            if diff % k != 0 {
                continue;
            }
            let m = diff / k;
            if m <= 0 || m > n {
                continue;
            }
            let mut i = square as i8;
            for _ in 1..m {
                i += k;
                if self.men[0][i as usize] != 0 || self.men[1][i as usize] != 0 {
                    return false;
                }
            }
            return true;
        }
        false
    }
}

/// The moves a lone man of `role` has from `square` on an empty board, as
/// Bell's tables (Appendix 2) give them: the targets of a knight's or
/// king's row; the steps from the square to each terminal square of a
/// rook's or bishop's four rays; a queen both. A pawn's depend on more
/// than the board (0 here).
///
/// ```
/// use plybench::engine::chess::{Role, Square};
/// use plybench::engine::chess::array::table_moves;
///
/// // "The greatest number of moves a rook can have is 14" (Bell, §3.1).
/// assert!(Square::all().all(|s| table_moves(Role::Rook, s) == 14));
/// assert_eq!(table_moves(Role::Knight, "a1".parse()?), 2);
/// assert_eq!(table_moves(Role::Queen, "d4".parse()?), 27);
/// # Ok::<(), plybench::engine::chess::ParseSquareError>(())
/// ```
pub fn table_moves(role: Role, square: Square) -> usize {
    use super::lookup::{BISHOP_TABLE, KING_TABLE, KNIGHT_TABLE, ROOK_TABLE, SLIDER_LEN};
    let s = bell(square);
    let rays = |table: &[i8; SLIDER_LEN]| -> usize {
        (0..4).map(|d| ((table[4 * s as usize + d] as i16 - s as i16) / table[d] as i16) as usize).sum()
    };
    match role {
        Role::Pawn => 0,
        Role::Knight => leaper_targets(&KNIGHT_TABLE, s).len(),
        Role::King => leaper_targets(&KING_TABLE, s).len(),
        Role::Bishop => rays(&BISHOP_TABLE),
        Role::Rook => rays(&ROOK_TABLE),
        Role::Queen => rays(&ROOK_TABLE) + rays(&BISHOP_TABLE),
    }
}
