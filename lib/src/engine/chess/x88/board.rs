//! The 0x88 board itself: its cells, piece lists and state, and the
//! [`Board`] implementation (make/unmake here; generation in `legal` and
//! `movegen`, attack tests in `attack`).

use super::geometry::{EMPTY, NO_SQUARE, code, color_of, off_board, role_of, to_square, to_x88};
use super::sink::MoveCounter;
use crate::engine::chess::board::{pawn_on_back_rank, side_past};
use crate::engine::chess::zobrist;
use crate::engine::chess::{
    Board, Castles, Castling, Color, Move, MoveKind, MoveList, Piece, Repr, Role, Setup, Square,
};

/// The length of a piece list: the most men a side can have on this board.
const LIST: usize = 16;

/// A chess position on a 0x88 board.
///
/// ```
/// use plybench::engine::chess::{Board, Setup, perft, x88::X88Board};
///
/// let mut board = X88Board::from_setup(&Setup::starting());
/// assert_eq!(perft(&mut board, 2), 400);
/// ```
#[derive(Clone)]
pub struct X88Board {
    /// Piece codes ([`geometry::code`]), [`EMPTY`] for none.
    pub(super) cells: [u8; 128],
    /// For an occupied cell, the piece's place in its side's list; stale
    /// on empty cells.
    pub(super) slots: [u8; 128],
    /// Each side's men by square, the king at place 0; the first
    /// `counts[side]` are live.
    pub(super) lists: [[u8; LIST]; 2],
    /// How many men each side has.
    pub(super) counts: [u8; 2],
    pub(super) turn: Color,
    pub(super) castling: u8,
    pub(super) en_passant: u8,
    /// The squares of the castling rights.
    pub(super) castles: Castles,
}

/// What [`X88Board::make`] saves: the captured piece code and its place in
/// the piece list, the castling rights and the en passant square before
/// the move.
#[derive(Clone, Copy, Debug)]
pub struct X88Undo {
    captured: u8,
    slot: u8,
    castling: u8,
    en_passant: u8,
}

/// Equal when the positions and the piece lists' orders are: the stale
/// places of empty cells and dead list entries do not count.
impl PartialEq for X88Board {
    fn eq(&self, other: &X88Board) -> bool {
        self.cells == other.cells
            && self.turn == other.turn
            && self.castling == other.castling
            && self.en_passant == other.en_passant
            && self.counts == other.counts
            && (0..2).all(|c| {
                let n = self.counts[c] as usize;
                self.lists[c][..n] == other.lists[c][..n]
            })
    }
}

impl Eq for X88Board {}

impl std::fmt::Debug for X88Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "X88Board({})", self.to_setup().to_fen())
    }
}

impl X88Board {
    /// The 0x88 square of `color`'s king.
    #[inline]
    pub(super) fn king(&self, color: Color) -> u8 {
        self.lists[color.index()][0]
    }

    /// The live part of `color`'s piece list.
    #[inline]
    pub(super) fn men(&self, color: Color) -> &[u8] {
        let c = color.index();
        &self.lists[c][..self.counts[c] as usize]
    }

    /// Moves the piece on `from` to the empty cell `to`, list included.
    #[inline]
    pub(super) fn shift(&mut self, color: Color, from: u8, to: u8) {
        let slot = self.slots[from as usize];
        self.cells[to as usize] = self.cells[from as usize];
        self.cells[from as usize] = EMPTY;
        self.slots[to as usize] = slot;
        self.lists[color.index()][slot as usize] = to;
    }

    /// Moves `color`'s king and rook of a castle from `king`, `rook` to
    /// `king_to`, `rook_to` (either may already stand there), lists
    /// included; the same call with the squares swapped takes it back.
    #[cold]
    fn castle(&mut self, color: Color, [king, rook, king_to, rook_to]: [u8; 4]) {
        let (king_slot, rook_slot) = (self.slots[king as usize], self.slots[rook as usize]);
        let (king_code, rook_code) = (self.cells[king as usize], self.cells[rook as usize]);
        self.cells[king as usize] = EMPTY;
        self.cells[rook as usize] = EMPTY;
        self.cells[king_to as usize] = king_code;
        self.cells[rook_to as usize] = rook_code;
        self.slots[king_to as usize] = king_slot;
        self.slots[rook_to as usize] = rook_slot;
        self.lists[color.index()][king_slot as usize] = king_to;
        self.lists[color.index()][rook_slot as usize] = rook_to;
    }

    /// A castle's four squares: king, rook, and their destinations.
    fn castle_squares(m: Move) -> [u8; 4] {
        let (king_to, rook_to) = Castles::destinations(m);
        [to_x88(m.from()), to_x88(m.to()), to_x88(king_to), to_x88(rook_to)]
    }

    /// Takes `color`'s piece on `sq` out of its list (its cell is left to
    /// the caller): the last piece fills its place, which is returned.
    #[inline]
    pub(super) fn remove(&mut self, color: Color, sq: u8) -> u8 {
        let c = color.index();
        let slot = self.slots[sq as usize];
        let last = self.counts[c] - 1;
        let moved = self.lists[c][last as usize];
        self.lists[c][slot as usize] = moved;
        self.slots[moved as usize] = slot;
        self.counts[c] = last;
        slot
    }

    /// The role of the piece on `sq`, if any.
    #[inline]
    fn role_on(&self, sq: u8) -> Option<Role> {
        let p = self.cells[sq as usize];
        (p != EMPTY).then(|| role_of(p))
    }

    /// Undoes [`X88Board::remove`]: puts `sq` back at `slot` and the piece
    /// that filled it back at the end, so the list is as it was.
    #[inline]
    pub(super) fn restore(&mut self, color: Color, sq: u8, slot: u8) {
        let c = color.index();
        let n = self.counts[c];
        let moved = self.lists[c][slot as usize];
        self.lists[c][n as usize] = moved;
        self.slots[moved as usize] = n;
        self.lists[c][slot as usize] = sq;
        self.slots[sq as usize] = slot;
        self.counts[c] = n + 1;
    }
}

impl Board for X88Board {
    const REPR: Repr = Repr::X88;
    type Undo = X88Undo;
    const COPY_MAKE: bool = false;

    fn from_setup(setup: &Setup) -> Self {
        let mut board = X88Board {
            cells: [EMPTY; 128],
            slots: [0; 128],
            lists: [[NO_SQUARE; LIST]; 2],
            counts: [1, 1],
            turn: setup.turn(),
            castling: setup.castling().bits(),
            en_passant: setup.en_passant().map_or(NO_SQUARE, to_x88),
            castles: setup.castles(),
        };
        for s in Square::all() {
            if let Some(p) = setup.piece_at(s) {
                let sq = to_x88(s);
                let c = p.color.index();
                board.cells[sq as usize] = code(p.color, p.role);
                let slot = if p.role == Role::King {
                    0
                } else {
                    board.counts[c] += 1;
                    board.counts[c] - 1
                };
                board.lists[c][slot as usize] = sq;
                board.slots[sq as usize] = slot;
            }
        }
        board
    }

    /// The piece lists hold 16 men a side, and a pawn's step forward is
    /// taken to stay on the board: no pawn may stand on its last rank.
    fn holds(setup: &Setup) -> Result<(), String> {
        let why = if let Some((color, men)) = side_past(setup, LIST) {
            format!("its piece lists hold {LIST} men a side and {} has {men}", color.name())
        } else if let Some(square) = pawn_on_back_rank(setup, true) {
            format!(
                "its pawn moves take a pawn's step forward to stay on the board, and the pawn on {square} would leave it"
            )
        } else {
            return Ok(());
        };
        Err(why)
    }

    fn to_setup(&self) -> Setup {
        let mut board = [None; 64];
        for s in Square::all() {
            let p = self.cells[to_x88(s) as usize];
            if p != EMPTY {
                board[s.index()] = Some(Piece::new(color_of(p), role_of(p)));
            }
        }
        Setup::from_board(
            board,
            self.turn,
            Castling::from_bits(self.castling),
            (!off_board(self.en_passant)).then(|| to_square(self.en_passant)),
            &self.castles,
        )
    }

    #[inline]
    fn turn(&self) -> Color {
        self.turn
    }

    fn legal_moves(&mut self, moves: &mut MoveList) {
        moves.clear();
        self.legal(moves);
    }

    #[inline]
    fn count_legal(&mut self) -> u64 {
        let mut counter = MoveCounter(0);
        self.legal(&mut counter);
        counter.0
    }

    fn pseudo_legal_moves(&mut self, moves: &mut MoveList) {
        moves.clear();
        self.pseudo_legal(moves);
    }

    #[inline]
    fn mover_king_attacked(&self) -> bool {
        self.attacked(self.king(self.turn.other()), self.turn)
    }

    #[inline]
    fn make(&mut self, m: Move) -> X88Undo {
        let from = to_x88(m.from());
        let to = to_x88(m.to());
        let us = self.turn;
        let them = us.other();
        if m.is_castle() {
            let undo = X88Undo { captured: EMPTY, slot: 0, castling: self.castling, en_passant: self.en_passant };
            self.castle(us, Self::castle_squares(m));
            self.en_passant = NO_SQUARE;
            self.castling &= self.castles.keep(m.from().index(), m.to().index());
            self.turn = them;
            return undo;
        }
        let captured = self.cells[to as usize];
        let mut undo = X88Undo { captured, slot: 0, castling: self.castling, en_passant: self.en_passant };
        if captured != EMPTY {
            undo.slot = self.remove(them, to);
        }
        self.shift(us, from, to);
        self.en_passant = NO_SQUARE;
        match m.kind() {
            MoveKind::Quiet | MoveKind::Capture => {}
            MoveKind::DoublePush => self.en_passant = (from + to) / 2,
            MoveKind::EnPassant => {
                let victim = if us == Color::White { to - 16 } else { to + 16 };
                undo.slot = self.remove(them, victim);
                self.cells[victim as usize] = EMPTY;
            }
            MoveKind::CastleKing | MoveKind::CastleQueen => {}
            _ => {
                if let Some(role) = m.promotion() {
                    self.cells[to as usize] = code(us, role);
                }
            }
        }
        if self.castling != 0 {
            self.castling &= self.castles.keep(m.from().index(), m.to().index());
        }
        self.turn = them;
        undo
    }

    #[inline]
    fn unmake(&mut self, m: Move, undo: X88Undo) {
        let from = to_x88(m.from());
        let to = to_x88(m.to());
        let them = self.turn;
        let us = them.other();
        if m.is_castle() {
            let [king, rook, king_to, rook_to] = Self::castle_squares(m);
            self.castle(us, [king_to, rook_to, king, rook]);
            self.castling = undo.castling;
            self.en_passant = undo.en_passant;
            self.turn = us;
            return;
        }
        self.shift(us, to, from);
        match m.kind() {
            MoveKind::Quiet | MoveKind::DoublePush => {}
            MoveKind::Capture => {
                self.cells[to as usize] = undo.captured;
                self.restore(them, to, undo.slot);
            }
            MoveKind::EnPassant => {
                let victim = if us == Color::White { to - 16 } else { to + 16 };
                self.cells[victim as usize] = code(them, Role::Pawn);
                self.restore(them, victim, undo.slot);
            }
            MoveKind::CastleKing | MoveKind::CastleQueen => {}
            _ => {
                self.cells[from as usize] = code(us, Role::Pawn);
                if undo.captured != EMPTY {
                    self.cells[to as usize] = undo.captured;
                    self.restore(them, to, undo.slot);
                }
            }
        }
        self.castling = undo.castling;
        self.en_passant = undo.en_passant;
        self.turn = us;
    }

    fn checkers(&self) -> u64 {
        self.attackers(self.king(self.turn), self.turn.other())
    }

    /// From the move's parts, without playing it: the cells tell the
    /// pieces on the move's squares, and the working out is the one all
    /// four representations share ([`zobrist`]).
    #[inline(always)]
    fn key_after(&self, m: Move, key: u64) -> Option<u64> {
        let before = zobrist::Before {
            turn: self.turn,
            moved: role_of(self.cells[to_x88(m.from()) as usize]),
            target: self.role_on(to_x88(m.to())),
            castling: self.castling,
            en_passant: (!off_board(self.en_passant)).then(|| to_square(self.en_passant)),
            castles: &self.castles,
            pawn_at: |color: Color, square: Square| {
                let content = self.cells[to_x88(square) as usize];
                content != EMPTY && color_of(content) == color && role_of(content) == Role::Pawn
            },
        };
        Some(zobrist::key_after(key, m, &before))
    }
}
