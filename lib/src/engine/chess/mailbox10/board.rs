//! The 10x10 board itself: its cells, piece lists and state, and the
//! [`Board`] implementation (make/unmake here; generation in `legal` and
//! `movegen`, attack tests in `attack`).

use super::geometry::{
    BLACK, CELLS, EMPTY, EMPTY_BOARD, NO_EP, ROLE_MASK, SQUARE, WHITE, cell, color_of, piece, role_of,
};
use super::sink::MoveCounter;
use crate::engine::chess::board::side_past;
use crate::engine::chess::zobrist;
use crate::engine::chess::{
    Board, Castles, Castling, Color, Move, MoveKind, MoveList, Piece, Repr, Role, Setup, Square,
};

/// The length of a piece list: the most men a side can have on this board.
const LIST: usize = 16;

/// A chess position on the 10x10 extended array.
///
/// Equality compares the whole state, piece-list order included: a board
/// equals itself after any make/unmake pair.
///
/// ```
/// use plybench::engine::chess::{Board, Setup, perft, mailbox10::Mailbox10Board};
///
/// let mut board = Mailbox10Board::from_setup(&Setup::starting());
/// assert_eq!(perft(&mut board, 3), 8_902);
/// assert_eq!(board.to_setup(), Setup::starting());
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Mailbox10Board {
    /// The 100 cells.
    pub(super) cells: [u8; CELLS],
    /// For an occupied cell, its slot in its side's piece list; 0 elsewhere.
    pub(super) slot: [u8; CELLS],
    /// Each side's piece cells, king in slot 0; slots past `count` are stale.
    pub(super) list: [[u8; LIST]; 2],
    /// How many pieces each side has.
    pub(super) count: [u8; 2],
    pub(super) turn: Color,
    /// [`Castling`] bits.
    pub(super) castling: u8,
    /// The en passant target cell, or `NO_EP`.
    pub(super) en_passant: u8,
    /// The squares of the castling rights.
    pub(super) castles: Castles,
}

/// What [`Mailbox10Board::make`] saves for unmake.
#[derive(Clone, Copy, Debug)]
pub struct Mailbox10Undo {
    /// The captured piece's cell content, or `EMPTY`.
    captured: u8,
    /// The captured piece's slot in its side's list.
    captured_slot: u8,
    castling: u8,
    en_passant: u8,
}

impl std::fmt::Debug for Mailbox10Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Mailbox10Board({})", self.to_setup().to_fen())
    }
}

impl Mailbox10Board {
    /// The cell of `color`'s king.
    #[inline]
    pub(super) fn king(&self, color: Color) -> u8 {
        self.list[color.index()][0]
    }

    /// Moves the piece of list `side` from `from` to the empty cell `to`.
    #[inline]
    pub(super) fn relocate(&mut self, side: usize, from: u8, to: u8) {
        let (from, to) = (from as usize, to as usize);
        let s = self.slot[from];
        self.cells[to] = self.cells[from];
        self.cells[from] = EMPTY;
        self.slot[to] = s;
        self.slot[from] = 0;
        self.list[side][s as usize] = to as u8;
    }

    /// Moves `side`'s king and rook of a castle from `king`, `rook` to
    /// `king_to`, `rook_to` (either may already stand there), lists
    /// included; the same call with the squares swapped takes it back.
    #[cold]
    fn castle(&mut self, side: usize, [king, rook, king_to, rook_to]: [u8; 4]) {
        let [king, rook, king_to, rook_to] = [king, rook, king_to, rook_to].map(usize::from);
        let (king_slot, rook_slot) = (self.slot[king], self.slot[rook]);
        let (king_cell, rook_cell) = (self.cells[king], self.cells[rook]);
        self.cells[king] = EMPTY;
        self.cells[rook] = EMPTY;
        self.slot[king] = 0;
        self.slot[rook] = 0;
        self.cells[king_to] = king_cell;
        self.cells[rook_to] = rook_cell;
        self.slot[king_to] = king_slot;
        self.slot[rook_to] = rook_slot;
        self.list[side][king_slot as usize] = king_to as u8;
        self.list[side][rook_slot as usize] = rook_to as u8;
    }

    /// A castle's four cells: king, rook, and their destinations.
    fn castle_cells(m: Move) -> [u8; 4] {
        let (king_to, rook_to) = Castles::destinations(m);
        [cell(m.from()), cell(m.to()), cell(king_to), cell(rook_to)]
    }

    /// Takes the piece of list `side` off `at` (its cell is left as it is);
    /// returns the slot it had. The last piece of the list fills the slot.
    #[inline]
    pub(super) fn remove(&mut self, side: usize, at: u8) -> u8 {
        let s = self.slot[at as usize];
        let last_slot = self.count[side] - 1;
        let last = self.list[side][last_slot as usize];
        self.list[side][s as usize] = last;
        self.slot[last as usize] = s;
        self.slot[at as usize] = 0;
        self.count[side] = last_slot;
        s
    }

    /// Undoes [`Self::remove`]: `at` goes back into slot `s`, and the piece
    /// that filled it back to the end of the list.
    #[inline]
    pub(super) fn restore(&mut self, side: usize, at: u8, s: u8) {
        let end = self.count[side];
        let moved = self.list[side][s as usize];
        self.list[side][end as usize] = moved;
        self.slot[moved as usize] = end;
        self.list[side][s as usize] = at;
        self.slot[at as usize] = s;
        self.count[side] = end + 1;
    }

    /// The role of the piece on `at`, if any.
    #[inline]
    fn role_on(&self, at: u8) -> Option<Role> {
        let content = self.cells[at as usize];
        (content != EMPTY).then(|| role_of(content))
    }

    /// Adds a piece during setup.
    pub(super) fn put(&mut self, at: u8, p: Piece) {
        let side = p.color.index();
        let s = if p.role == Role::King {
            // The king takes slot 0; whatever was there goes to the end.
            let n = self.count[side];
            if n > 0 {
                let first = self.list[side][0];
                self.list[side][n as usize] = first;
                self.slot[first as usize] = n;
            }
            0
        } else {
            self.count[side]
        };
        self.list[side][s as usize] = at;
        self.slot[at as usize] = s;
        self.count[side] += 1;
        self.cells[at as usize] = piece(p.color, p.role);
    }
}

impl Board for Mailbox10Board {
    const REPR: Repr = Repr::Mailbox10;
    type Undo = Mailbox10Undo;

    fn from_setup(setup: &Setup) -> Self {
        let mut board = Mailbox10Board {
            cells: EMPTY_BOARD,
            slot: [0; CELLS],
            list: [[0; LIST]; 2],
            count: [0; 2],
            turn: setup.turn(),
            castling: setup.castling().bits(),
            en_passant: setup.en_passant().map_or(NO_EP, cell),
            castles: setup.castles(),
        };
        for s in Square::all() {
            if let Some(p) = setup.piece_at(s) {
                board.put(cell(s), p);
            }
        }
        board
    }

    /// The piece lists hold 16 men a side. Pawns may stand on any rank: a
    /// step off the board meets the border.
    fn holds(setup: &Setup) -> Result<(), String> {
        match side_past(setup, LIST) {
            Some((color, men)) => Err(format!("its piece lists hold {LIST} men a side and {} has {men}", color.name())),
            None => Ok(()),
        }
    }

    fn to_setup(&self) -> Setup {
        let mut board = [None; 64];
        for s in Square::all() {
            let content = self.cells[cell(s) as usize];
            if content != EMPTY {
                board[s.index()] = Some(Piece::new(color_of(content), role_of(content)));
            }
        }
        Setup::from_board(
            board,
            self.turn,
            Castling::from_bits(self.castling),
            (self.en_passant != NO_EP).then(|| SQUARE[self.en_passant as usize]),
            &self.castles,
        )
    }

    #[inline]
    fn turn(&self) -> Color {
        self.turn
    }

    #[inline]
    fn legal_moves(&mut self, moves: &mut MoveList) {
        moves.clear();
        self.generate(moves);
    }

    #[inline]
    fn count_legal(&mut self) -> u64 {
        let mut counter = MoveCounter(0);
        self.generate(&mut counter);
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

    fn make(&mut self, m: Move) -> Mailbox10Undo {
        let from = cell(m.from());
        let to = cell(m.to());
        let us = self.turn;
        let (own, enemy) = (us.index(), us.other().index());
        let mut undo =
            Mailbox10Undo { captured: EMPTY, captured_slot: 0, castling: self.castling, en_passant: self.en_passant };
        self.en_passant = NO_EP;
        if m.is_castle() {
            self.castle(own, Self::castle_cells(m));
            self.castling &= self.castles.keep(m.from().index(), m.to().index());
            self.turn = us.other();
            return undo;
        }
        match m.kind() {
            MoveKind::Quiet => {}
            MoveKind::DoublePush => self.en_passant = (from + to) / 2,
            MoveKind::EnPassant => {
                let victim = if us == Color::White { to - 10 } else { to + 10 };
                undo.captured = self.cells[victim as usize];
                undo.captured_slot = self.remove(enemy, victim);
                self.cells[victim as usize] = EMPTY;
            }
            _ => {
                if m.is_capture() {
                    undo.captured = self.cells[to as usize];
                    undo.captured_slot = self.remove(enemy, to);
                }
            }
        }
        self.relocate(own, from, to);
        if let Some(role) = m.promotion() {
            self.cells[to as usize] = piece(us, role);
        }
        if self.castling != 0 {
            self.castling &= self.castles.keep(m.from().index(), m.to().index());
        }
        self.turn = us.other();
        undo
    }

    fn unmake(&mut self, m: Move, undo: Mailbox10Undo) {
        let from = cell(m.from());
        let to = cell(m.to());
        let us = self.turn.other();
        let (own, enemy) = (us.index(), us.other().index());
        self.turn = us;
        self.castling = undo.castling;
        self.en_passant = undo.en_passant;
        if m.is_castle() {
            let [king, rook, king_to, rook_to] = Self::castle_cells(m);
            self.castle(own, [king_to, rook_to, king, rook]);
            return;
        }
        if m.promotion().is_some() {
            self.cells[to as usize] = (self.cells[to as usize] & !ROLE_MASK) | (Role::Pawn as u8 + 1);
        }
        self.relocate(own, to, from);
        match m.kind() {
            MoveKind::EnPassant => {
                let victim = if us == Color::White { to - 10 } else { to + 10 };
                self.cells[victim as usize] = undo.captured;
                self.restore(enemy, victim, undo.captured_slot);
            }
            _ => {
                if undo.captured != EMPTY {
                    self.cells[to as usize] = undo.captured;
                    self.restore(enemy, to, undo.captured_slot);
                }
            }
        }
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
            moved: role_of(self.cells[cell(m.from()) as usize]),
            target: self.role_on(cell(m.to())),
            castling: self.castling,
            en_passant: (self.en_passant != NO_EP).then(|| SQUARE[self.en_passant as usize]),
            castles: &self.castles,
            pawn_at: |color: Color, square: Square| {
                let content = self.cells[cell(square) as usize];
                content != EMPTY && color_of(content) == color && role_of(content) == Role::Pawn
            },
        };
        Some(zobrist::key_after(key, m, &before))
    }
}

// The colour bits must match `Color`'s order for `geometry::side`.
const _: () = assert!(WHITE << 1 == BLACK);
