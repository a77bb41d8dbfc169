//! The 0x88 board: a 128-cell array, 16 cells per rank, of which the left
//! eight are the board.
//!
//! A square is `rank * 16 + file`. Stepping off the board in any direction
//! sets bit 3 (file overflow) or bit 7 (rank overflow), so `sq & 0x88 != 0`
//! tells an off-board square with one test and no border cells, and a move
//! of any offset from any square stays inside the 128 cells or goes below 0,
//! which the `u8` arithmetic turns into a number with bit 7 set.

use super::{Board, Castling, Color, Move, MoveKind, MoveList, Piece, Repr, Role, Setup, Square};

/// An empty cell.
const EMPTY: u8 = 0;
/// Colour bit of a cell's piece code: set for Black.
const BLACK: u8 = 8;
/// No square: off the board in every test.
const NO_SQUARE: u8 = 0x88;

const KNIGHT_STEPS: [i8; 8] = [33, 31, 18, 14, -14, -18, -31, -33];
const KING_STEPS: [i8; 8] = [1, 17, 16, 15, -1, -17, -16, -15];
const ROOK_STEPS: [i8; 4] = [1, 16, -1, -16];
const BISHOP_STEPS: [i8; 4] = [17, 15, -15, -17];

/// The piece code of a cell: 0 for empty, else role + 1, plus [`BLACK`].
#[inline]
const fn code(color: Color, role: Role) -> u8 {
    role as u8 + 1 + if matches!(color, Color::Black) { BLACK } else { 0 }
}

#[inline]
const fn role_of(code: u8) -> Role {
    Role::ALL[((code & 7) - 1) as usize]
}

#[inline]
const fn color_of(code: u8) -> Color {
    if code & BLACK != 0 { Color::Black } else { Color::White }
}

/// The 0x88 index of a neutral square.
#[inline]
const fn to_x88(s: Square) -> u8 {
    let i = s.index() as u8;
    i + (i & !7)
}

/// The neutral square of an on-board 0x88 index.
#[inline]
fn to_square(sq: u8) -> Square {
    Square::new((sq + (sq & 7)) >> 1).expect("an on-board 0x88 square")
}

#[inline]
const fn step(sq: u8, delta: i8) -> u8 {
    sq.wrapping_add(delta as u8)
}

#[inline]
const fn off_board(sq: u8) -> bool {
    sq & 0x88 != 0
}

/// The castling rights that survive a move touching `sq` (0x88 index).
const fn castle_mask(sq: u8) -> u8 {
    match sq {
        0x00 => !Castling::WHITE_QUEEN.bits(),
        0x07 => !Castling::WHITE_KING.bits(),
        0x04 => !(Castling::WHITE_KING.bits() | Castling::WHITE_QUEEN.bits()),
        0x70 => !Castling::BLACK_QUEEN.bits(),
        0x77 => !Castling::BLACK_KING.bits(),
        0x74 => !(Castling::BLACK_KING.bits() | Castling::BLACK_QUEEN.bits()),
        _ => 0xff,
    }
}

/// A chess position on a 0x88 board.
///
/// ```
/// use plybench::chess::{Board, Setup, perft, x88::X88Board};
///
/// let mut board = X88Board::from_setup(&Setup::starting());
/// assert_eq!(perft(&mut board, 2), 400);
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct X88Board {
    cells: [u8; 128],
    kings: [u8; 2],
    turn: Color,
    castling: u8,
    en_passant: u8,
}

/// What [`X88Board::make`] saves: the captured piece code, the castling
/// rights and the en passant square before the move.
#[derive(Clone, Copy, Debug)]
pub struct X88Undo {
    captured: u8,
    castling: u8,
    en_passant: u8,
}

impl std::fmt::Debug for X88Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "X88Board({})", self.to_setup().to_fen())
    }
}

impl X88Board {
    /// Whether a piece of `by` attacks the 0x88 square `sq`.
    fn attacked(&self, sq: u8, by: Color) -> bool {
        self.attackers(sq, by, true) != 0
    }

    /// The neutral-square set of `by`'s pieces attacking `sq`; with
    /// `first_only`, stops at the first one found.
    fn attackers(&self, sq: u8, by: Color, first_only: bool) -> u64 {
        let c = &self.cells;
        let mut found = 0u64;
        macro_rules! hit {
            ($s:expr) => {{
                found |= 1u64 << to_square($s).index();
                if first_only {
                    return found;
                }
            }};
        }
        let (pawn, pawn_steps) = match by {
            Color::White => (code(Color::White, Role::Pawn), [-15i8, -17]),
            Color::Black => (code(Color::Black, Role::Pawn), [15, 17]),
        };
        for d in pawn_steps {
            let s = step(sq, d);
            if !off_board(s) && c[s as usize] == pawn {
                hit!(s);
            }
        }
        let knight = code(by, Role::Knight);
        for d in KNIGHT_STEPS {
            let s = step(sq, d);
            if !off_board(s) && c[s as usize] == knight {
                hit!(s);
            }
        }
        let king = code(by, Role::King);
        for d in KING_STEPS {
            let s = step(sq, d);
            if !off_board(s) && c[s as usize] == king {
                hit!(s);
            }
        }
        let queen = code(by, Role::Queen);
        for (steps, slider) in [(ROOK_STEPS, code(by, Role::Rook)), (BISHOP_STEPS, code(by, Role::Bishop))] {
            for d in steps {
                let mut s = step(sq, d);
                while !off_board(s) {
                    let p = c[s as usize];
                    if p != EMPTY {
                        if p == slider || p == queen {
                            hit!(s);
                        }
                        break;
                    }
                    s = step(s, d);
                }
            }
        }
        found
    }

    /// Every pseudo-legal move: legal but for leaving the own king attacked.
    /// Castling is checked in full here (no castling out of or through check).
    fn pseudo_legal(&self, moves: &mut MoveList) {
        let us = self.turn;
        let them = us.other();
        let c = &self.cells;
        let mine = |p: u8| p != EMPTY && color_of(p) == us;
        let theirs = |p: u8| p != EMPTY && color_of(p) == them;
        for from in 0..128u8 {
            if off_board(from) || !mine(c[from as usize]) {
                continue;
            }
            let role = role_of(c[from as usize]);
            let f = to_square(from);
            match role {
                Role::Pawn => self.pawn_moves(from, moves),
                Role::Knight | Role::King => {
                    let steps = if role == Role::Knight { KNIGHT_STEPS } else { KING_STEPS };
                    for d in steps {
                        let to = step(from, d);
                        if off_board(to) {
                            continue;
                        }
                        let target = c[to as usize];
                        if target == EMPTY {
                            moves.push(Move::new(f, to_square(to), MoveKind::Quiet));
                        } else if theirs(target) {
                            moves.push(Move::new(f, to_square(to), MoveKind::Capture));
                        }
                    }
                }
                Role::Bishop | Role::Rook | Role::Queen => {
                    let steps: &[i8] = match role {
                        Role::Bishop => &BISHOP_STEPS,
                        Role::Rook => &ROOK_STEPS,
                        _ => &KING_STEPS,
                    };
                    for &d in steps {
                        let mut to = step(from, d);
                        while !off_board(to) {
                            let target = c[to as usize];
                            if target == EMPTY {
                                moves.push(Move::new(f, to_square(to), MoveKind::Quiet));
                            } else {
                                if theirs(target) {
                                    moves.push(Move::new(f, to_square(to), MoveKind::Capture));
                                }
                                break;
                            }
                            to = step(to, d);
                        }
                    }
                }
            }
        }
        self.castles(moves);
    }

    fn pawn_moves(&self, from: u8, moves: &mut MoveList) {
        let c = &self.cells;
        let us = self.turn;
        let (forward, start_rank, last_rank): (i8, u8, u8) = match us {
            Color::White => (16, 1, 7),
            Color::Black => (-16, 6, 0),
        };
        let f = to_square(from);
        let add = |to: u8, capture: bool, moves: &mut MoveList| {
            let t = to_square(to);
            if to >> 4 == last_rank {
                for role in Role::PROMOTIONS {
                    moves.push(Move::new(f, t, MoveKind::promotion(role, capture).expect("a promotion role")));
                }
            } else {
                moves.push(Move::new(f, t, if capture { MoveKind::Capture } else { MoveKind::Quiet }));
            }
        };
        let one = step(from, forward);
        if !off_board(one) && c[one as usize] == EMPTY {
            add(one, false, moves);
            let two = step(one, forward);
            if from >> 4 == start_rank && c[two as usize] == EMPTY {
                moves.push(Move::new(f, to_square(two), MoveKind::DoublePush));
            }
        }
        for side in [-1i8, 1] {
            let to = step(one, side);
            if off_board(to) {
                continue;
            }
            let target = c[to as usize];
            if target != EMPTY && color_of(target) != us {
                add(to, true, moves);
            } else if to == self.en_passant {
                moves.push(Move::new(f, to_square(to), MoveKind::EnPassant));
            }
        }
    }

    fn castles(&self, moves: &mut MoveList) {
        let us = self.turn;
        let them = us.other();
        let base: u8 = if us == Color::White { 0x00 } else { 0x70 };
        let king = base + 4;
        let c = &self.cells;
        let can = |side: Castling| self.castling & side.bits() != 0;
        let empty = |squares: &[u8]| squares.iter().all(|&s| c[(base + s) as usize] == EMPTY);
        let safe = |squares: &[u8]| squares.iter().all(|&s| !self.attacked(base + s, them));
        if can(Castling::right(us, true)) && empty(&[5, 6]) && safe(&[4, 5, 6]) {
            moves.push(Move::new(to_square(king), to_square(base + 6), MoveKind::CastleKing));
        }
        if can(Castling::right(us, false)) && empty(&[1, 2, 3]) && safe(&[4, 3, 2]) {
            moves.push(Move::new(to_square(king), to_square(base + 2), MoveKind::CastleQueen));
        }
    }
}

impl Board for X88Board {
    const REPR: Repr = Repr::X88;
    type Undo = X88Undo;

    fn from_setup(setup: &Setup) -> Self {
        let mut board = X88Board {
            cells: [EMPTY; 128],
            kings: [0; 2],
            turn: setup.turn,
            castling: setup.castling.bits(),
            en_passant: NO_SQUARE,
        };
        for s in Square::all() {
            if let Some(p) = setup.piece_at(s) {
                board.cells[to_x88(s) as usize] = code(p.color, p.role);
                if p.role == Role::King {
                    board.kings[p.color.index()] = to_x88(s);
                }
            }
        }
        board.en_passant = setup.en_passant.map_or(NO_SQUARE, to_x88);
        board
    }

    fn to_setup(&self) -> Setup {
        let mut board = [None; 64];
        for s in Square::all() {
            let p = self.cells[to_x88(s) as usize];
            if p != EMPTY {
                board[s.index()] = Some(Piece::new(color_of(p), role_of(p)));
            }
        }
        Setup::from_parts(
            board,
            self.turn,
            Castling::from_bits(self.castling),
            (!off_board(self.en_passant)).then(|| to_square(self.en_passant)),
        )
    }

    #[inline]
    fn turn(&self) -> Color {
        self.turn
    }

    fn legal_moves(&mut self, moves: &mut MoveList) {
        moves.clear();
        self.pseudo_legal(moves);
        let us = self.turn;
        moves.retain(|m| {
            let undo = self.make(m);
            let legal = !self.attacked(self.kings[us.index()], us.other());
            self.unmake(m, undo);
            legal
        });
    }

    fn pseudo_legal_moves(&mut self, moves: &mut MoveList) {
        moves.clear();
        self.pseudo_legal(moves);
    }

    #[inline]
    fn mover_king_attacked(&self) -> bool {
        self.attacked(self.kings[self.turn.other().index()], self.turn)
    }

    fn make(&mut self, m: Move) -> X88Undo {
        let from = to_x88(m.from());
        let to = to_x88(m.to());
        let us = self.turn;
        let piece = self.cells[from as usize];
        let undo = X88Undo { captured: self.cells[to as usize], castling: self.castling, en_passant: self.en_passant };
        self.cells[to as usize] = piece;
        self.cells[from as usize] = EMPTY;
        self.en_passant = NO_SQUARE;
        match m.kind() {
            MoveKind::DoublePush => self.en_passant = (from + to) / 2,
            MoveKind::EnPassant => {
                let victim = if us == Color::White { to - 16 } else { to + 16 };
                self.cells[victim as usize] = EMPTY;
            }
            MoveKind::CastleKing => {
                self.cells[(to + 1) as usize] = EMPTY;
                self.cells[(to - 1) as usize] = code(us, Role::Rook);
            }
            MoveKind::CastleQueen => {
                self.cells[(to - 2) as usize] = EMPTY;
                self.cells[(to + 1) as usize] = code(us, Role::Rook);
            }
            _ => {
                if let Some(role) = m.promotion() {
                    self.cells[to as usize] = code(us, role);
                }
            }
        }
        if role_of(piece) == Role::King {
            self.kings[us.index()] = to;
        }
        self.castling &= castle_mask(from) & castle_mask(to);
        self.turn = us.other();
        undo
    }

    fn unmake(&mut self, m: Move, undo: X88Undo) {
        let from = to_x88(m.from());
        let to = to_x88(m.to());
        let us = self.turn.other();
        let mut piece = self.cells[to as usize];
        if m.promotion().is_some() {
            piece = code(us, Role::Pawn);
        }
        self.cells[from as usize] = piece;
        self.cells[to as usize] = undo.captured;
        match m.kind() {
            MoveKind::EnPassant => {
                let victim = if us == Color::White { to - 16 } else { to + 16 };
                self.cells[victim as usize] = code(us.other(), Role::Pawn);
            }
            MoveKind::CastleKing => {
                self.cells[(to - 1) as usize] = EMPTY;
                self.cells[(to + 1) as usize] = code(us, Role::Rook);
            }
            MoveKind::CastleQueen => {
                self.cells[(to + 1) as usize] = EMPTY;
                self.cells[(to - 2) as usize] = code(us, Role::Rook);
            }
            _ => {}
        }
        if role_of(piece) == Role::King {
            self.kings[us.index()] = from;
        }
        self.castling = undo.castling;
        self.en_passant = undo.en_passant;
        self.turn = us;
    }

    fn checkers(&self) -> u64 {
        self.attackers(self.kings[self.turn.index()], self.turn.other(), false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_conversions_round_trip() {
        for s in Square::all() {
            let x = to_x88(s);
            assert!(!off_board(x));
            assert_eq!(to_square(x), s);
        }
        assert!(off_board(step(0x07, 1)));
        assert!(off_board(step(0x00, -1)));
        assert!(off_board(step(0x70, 33)));
    }
}
