//! Bell's table-driven board: squares 1 to 64 on two one-colour boards,
//! piece lists, and six tables that hold every move a man can make from
//! every square.
//!
//! Source: A. G. Bell, *Games Playing with Computers* (1972), chapter 3,
//! section 3.1 "Chess" (its parts "Notation", "The tables", "Listing the
//! moves" and "Making a move"), its Algol program (Appendix 1) and its
//! tables (Appendix 2).
//!
//! # Squares
//!
//! Bell numbers the squares 1 (a1) to 64 (h8), rank by rank from White's
//! side (his Fig. 3.1(a)), and adds a 65th, a no-man's land that is always
//! empty: the pawn tables send a capture that would leave the board there,
//! so it finds no victim and needs no edge test. A neutral [`Square`] is
//! turned into Bell's number (index + 1) on the way in and back on the way
//! out; inside, only Bell's numbers are used.
//!
//! # Men on two boards
//!
//! White's and Black's men stand on separate 66-cell boards (his
//! `whitemen` and `blackmen`, Fig. 3.1(c), (d); "Notation") holding his
//! man codes
//! pawn 1, knight 2, bishop 3, rook 4, queen 5, king 6, or 0. A move to a
//! square the mover's board marks is refused; a move to a square the other
//! board marks is a capture. Each side also keeps Bell's piece list
//! (`whitepiece`, `blackpiece`, Fig. 3.1(e), (f)): the number of men at
//! index 0, then the square of each, a1 first as in his figure. The
//! generator runs down this list, last man first, as Bell's `listmoves`
//! does ("Listing the moves"), so it never scans empty squares; a unit test
//! reproduces his Fig. 3.2, the move list of Fig. 3.1(b), in his order.
//! Bell leaves a captured man's entry pointing at the square where he fell
//! and skips it while that square is empty on his board, which would list
//! a comrade twice once he steps onto that square; here a captured man's entry is set to 0
//! (a square that is always empty), and a third board records which list
//! entry each man has, so that a move or a capture updates the list in one
//! step and takeback restores it exactly.
//!
//! # Six tables
//!
//! ("The tables".) The knight and king tables hold nine cells per square:
//! up to eight targets packed to the right, zero padding on the left, and a
//! back pointer to the first target, so the targets of a knight on `s` are
//! the cells from index `table[9s]` to `9s - 1`, with no test for the
//! edge. The rook
//! and bishop tables hold the four direction increments and, per square,
//! the last square on the board in each direction; a ray is then a counted
//! loop that stops early at the first man. The queen is a rook and then a
//! bishop. The two pawn tables hold the single step, the double step (the
//! pawn's own square when it is no longer on its starting rank: always
//! occupied, so never taken) and the two capture squares (65 when off the
//! board). All six are built by `const fn` at compile time from the rules,
//! and a unit test compares them with Appendix 2 entry by entry.
//!
//! # Legality
//!
//! Bell's generator is pseudo-legal: it lists moves that may leave the
//! mover's king attacked, and his `makemove` rejects a move when, after it,
//! the opponent's `listmoves` finds it can take the king (his `cutoff`).
//! [`Board::pseudo_legal_moves`] is that generator (the like-for-like perft
//! driver plays each move and asks [`Board::mover_king_attacked`]), and
//! the question is answered from the king's square outward with the same
//! tables, which are symmetric: a knight or king of the opponent stands on
//! a square the knight or king table lists for the king's square; an
//! opponent's pawn stands on one of the two squares diagonally behind it,
//! and its own pawn-table row names the king's square; a rook, bishop or
//! queen is the first man met along a ray of the rook or bishop table.
//! Castling asks it of each square of the king's path.
//!
//! Playing every move only to take most of them back is what made this
//! board slow, so [`Board::legal_moves`] and [`Board::count_legal`] use
//! the same symmetry once per node instead (module `legal`): walking the
//! eight rays out of the king finds the checking sliders and the pinned
//! men (a man of the mover with an opponent's slider behind him on the
//! ray), and the knight and pawn tables find the other checkers. Moves are
//! then listed by the same table walks as Bell's, each kept only if its
//! destination is allowed: anywhere when not in check, the checker or a
//! square between him and the king when in check, only the pin ray for a
//! pinned man; in double check the king alone moves, to squares the
//! opponent does not reach once he has left his own (a slider's ray goes
//! through the square he vacates). Only en passant, which takes two men
//! off one rank, is still played and tested. Perft's last ply counts the
//! moves without listing them, and the best-mode driver copies the board
//! (240 bytes) rather than taking moves back.
//!
//! [`Board::checkers`] asks the question Bell's way, man by man through
//! the opponent's piece list, and collects every man that can take the
//! king; for a sliding man it first checks, from the terminal squares,
//! whether the king's square lies on one of its rays at all. A unit test
//! checks that both ways agree on every square of every position of a
//! walk. Bell's generator also stops at a move that takes the king; here
//! the side to move never can, since every position is legal, so the
//! generator needs no such exit.
//!
//! A square is empty when neither side's board holds a man there, which
//! the third board (the list entries) tells in one look: its entry is 0.
//! Rays are walked as Bell's Algol walks them, `for i := s + k step k
//! until terminal`, with no division to count the steps.
//!
//! # What Bell leaves out
//!
//! His program omits castling and en passant (he refers to the original
//! paper for both), and promotes by making the same listed move four times,
//! as queen, rook, bishop and knight in turn. Here:
//! - castling needs the right, empty squares between king and rook, and
//!   no square of the king's path (its own square included) reachable by
//!   an opponent's man before the move;
//! - the en passant square is kept in Bell's numbering; a pawn whose
//!   capture square from its table equals it takes the pawn beside it, and
//!   the king-capture test after the move catches the rare pin along the
//!   rank;
//! - a pawn reaching the last rank (Bell's test `to > 56 or to < 9`) yields
//!   four moves, one per promotion piece.
//!
//! # Bell's program
//!
//! [`bell`] is the program these tables were made for: Bell's solver of
//! two-move mates (his Appendix 1), with his own arrays and his
//! `listmoves`, `makemove` and `reversemove`, traced as his Figs. 3.4 and
//! 3.5 show it.
//!
//! ```
//! use plybench::engine::chess::{Board, Setup, array::ArrayBoard, perft};
//!
//! let mut board = ArrayBoard::from_setup(&Setup::starting());
//! assert_eq!(perft(&mut board, 3), 8_902);
//! ```

pub mod bell;
mod generate;
pub use generate::table_moves;
mod legal;
mod lookup;

#[cfg(test)]
mod appendix2;
#[cfg(test)]
mod tests;

use super::board::{pawn_on_back_rank, side_past};
use super::zobrist;
use super::{Board, Castles, Castling, Color, Move, MoveKind, MoveList, Piece, Repr, Role, Setup, Square};
use lookup::{bell, neutral};

/// Bell's code for a pawn.
const PAWN: u8 = 1;
/// Bell's code for a knight.
const KNIGHT: u8 = 2;
/// Bell's code for a bishop.
const BISHOP: u8 = 3;
/// Bell's code for a rook.
const ROOK: u8 = 4;
/// Bell's code for a queen.
const QUEEN: u8 = 5;
/// Bell's code for a king.
const KING: u8 = 6;

/// Cells of a board: index 0 (always empty, the square of a captured man's
/// list entry), squares 1..=64, and the no-man's land 65.
const CELLS: usize = 66;
/// A piece list: the number of men, then up to 16 squares.
const LIST: usize = 17;

/// Bell's code of a role (pawn 1 .. king 6).
#[inline]
const fn code(role: Role) -> u8 {
    role.index() as u8 + 1
}

/// The role of one of Bell's codes.
#[inline]
const fn role_of(code: u8) -> Role {
    Role::ALL[(code - 1) as usize]
}

/// A chess position on Bell's two 64-square boards with piece lists.
///
/// ```
/// use plybench::engine::chess::{Board, MoveList, Setup, array::ArrayBoard};
///
/// let kiwipete = Setup::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")?;
/// let mut board = ArrayBoard::from_setup(&kiwipete);
/// let mut moves = MoveList::new();
/// board.legal_moves(&mut moves);
/// assert_eq!(moves.len(), 48);
/// assert_eq!(board.to_setup().to_fen(), kiwipete.to_fen());
/// # Ok::<(), plybench::Error>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct ArrayBoard {
    /// Bell's `whitemen` and `blackmen`: each side's man codes by square.
    men: [[u8; CELLS]; 2],
    /// Bell's `whitepiece` and `blackpiece`: the number of men, then each
    /// man's square (0 once captured).
    piece: [[u8; LIST]; 2],
    /// For each occupied square, the man's index in his side's piece list;
    /// 0 for an empty square.
    entry: [u8; CELLS],
    /// Each side's king square.
    king: [u8; 2],
    turn: Color,
    /// Castling rights, as [`Castling::bits`].
    castling: u8,
    /// The en passant square, or 0.
    en_passant: u8,
    /// The squares of the castling rights.
    castles: Castles,
}

/// What [`ArrayBoard::make`] saves for the takeback.
#[derive(Clone, Copy, Debug)]
pub struct ArrayUndo {
    /// The captured man's code, or 0.
    captured: u8,
    /// The captured man's piece-list index, or 0.
    captured_entry: u8,
    castling: u8,
    en_passant: u8,
}

impl std::fmt::Debug for ArrayBoard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ArrayBoard({})", self.to_setup().to_fen())
    }
}

impl ArrayBoard {
    /// Puts a man of side `side` (0 White, 1 Black) with `code` on
    /// `square`, moving his list entry there.
    #[inline]
    fn place(&mut self, side: usize, code: u8, square: u8, entry: u8) {
        self.men[side][square as usize] = code;
        self.entry[square as usize] = entry;
        self.piece[side][entry as usize] = square;
    }

    /// Empties `square` of side `side`'s man, leaving his list entry as is.
    #[inline]
    fn lift(&mut self, side: usize, square: u8) {
        self.men[side][square as usize] = 0;
        self.entry[square as usize] = 0;
    }

    /// The man of either side on Bell's `square`, if any.
    fn man_at(&self, square: u8) -> Option<Piece> {
        Color::ALL.into_iter().find_map(|color| {
            let c = self.men[color.index()][square as usize];
            (c != 0).then(|| Piece::new(color, role_of(c)))
        })
    }

    /// The role of side `side`'s man on Bell's `square`, if any.
    #[inline]
    fn role_on(&self, side: usize, square: u8) -> Option<Role> {
        let c = self.men[side][square as usize];
        (c != 0).then(|| role_of(c))
    }

    /// Every castle of the side to move ([`Castles::generate`](crate::engine::chess::Castles::generate)), handed to
    /// `push`.
    fn castles_with(&self, push: impl FnMut(Move)) {
        let side = self.turn.index();
        let piece_at = |s: Square| self.man_at(bell(s));
        let attacked = |s: Square| self.attacked(1 - side, bell(s));
        self.castles.generate(self.turn, self.castling, piece_at, attacked, push);
    }

    /// Moves side `us`'s king and rook of a castle from `king`, `rook` to
    /// `king_to`, `rook_to` (Bell's squares; either may already stand
    /// there); the same call with the squares swapped takes it back.
    #[cold]
    fn castle(&mut self, us: usize, [king, rook, king_to, rook_to]: [u8; 4]) {
        let (king_entry, rook_entry) = (self.entry[king as usize], self.entry[rook as usize]);
        self.lift(us, king);
        self.lift(us, rook);
        self.place(us, KING, king_to, king_entry);
        self.place(us, ROOK, rook_to, rook_entry);
        self.king[us] = king_to;
    }

    /// A castle's four squares: king, rook, and their destinations.
    fn castle_squares(m: Move) -> [u8; 4] {
        let (king_to, rook_to) = Castles::destinations(m);
        [bell(m.from()), bell(m.to()), bell(king_to), bell(rook_to)]
    }
}

impl Board for ArrayBoard {
    const REPR: Repr = Repr::Array;
    type Undo = ArrayUndo;
    const COPY_MAKE: bool = true;

    fn from_setup(setup: &Setup) -> Self {
        let mut board = ArrayBoard {
            men: [[0; CELLS]; 2],
            piece: [[0; LIST]; 2],
            entry: [0; CELLS],
            king: [0; 2],
            turn: setup.turn(),
            castling: setup.castling().bits(),
            en_passant: setup.en_passant().map_or(0, bell),
            castles: setup.castles(),
        };
        // Men enter the lists a1 first, as in Bell's Fig. 3.1(e), (f).
        for s in Square::all() {
            if let Some(p) = setup.piece_at(s) {
                let side = p.color.index();
                let square = bell(s);
                let n = board.piece[side][0] + 1;
                board.piece[side][0] = n;
                board.place(side, code(p.role), square, n);
                if p.role == Role::King {
                    board.king[side] = square;
                }
            }
        }
        board
    }

    /// Bell's piece lists hold 16 men a side, and his pawn tables have rows
    /// for the second to the seventh rank only.
    fn holds(setup: &Setup) -> Result<(), String> {
        let why = if let Some((color, men)) = side_past(setup, LIST - 1) {
            format!("Bell's piece lists hold {} men a side and {} has {men}", LIST - 1, color.name())
        } else if let Some(square) = pawn_on_back_rank(setup, false) {
            format!("Bell's pawn tables have no row for the pawn on {square}")
        } else {
            return Ok(());
        };
        Err(why)
    }

    fn to_setup(&self) -> Setup {
        let mut board = [None; 64];
        for s in Square::all() {
            for color in Color::ALL {
                let c = self.men[color.index()][bell(s) as usize];
                if c != 0 {
                    board[s.index()] = Some(Piece::new(color, role_of(c)));
                }
            }
        }
        Setup::from_board(
            board,
            self.turn,
            Castling::from_bits(self.castling),
            (self.en_passant != 0).then(|| neutral(self.en_passant)),
            &self.castles,
        )
    }

    #[inline]
    fn turn(&self) -> Color {
        self.turn
    }

    fn legal_moves(&mut self, moves: &mut MoveList) {
        self.list_moves(moves);
    }

    #[inline]
    fn count_legal(&mut self) -> u64 {
        self.count_moves()
    }

    fn pseudo_legal_moves(&mut self, moves: &mut MoveList) {
        moves.clear();
        self.pseudo_legal(moves);
    }

    #[inline]
    fn mover_king_attacked(&self) -> bool {
        let to_move = self.turn.index();
        self.attacked(to_move, self.king[1 - to_move])
    }

    fn make(&mut self, m: Move) -> ArrayUndo {
        let us = self.turn.index();
        let them = 1 - us;
        let from = bell(m.from());
        let to = bell(m.to());
        let kind = m.kind();
        let mut undo =
            ArrayUndo { captured: 0, captured_entry: 0, castling: self.castling, en_passant: self.en_passant };
        if m.is_castle() {
            self.castle(us, Self::castle_squares(m));
            self.en_passant = 0;
            self.castling &= self.castles.keep(m.from().index(), m.to().index());
            self.turn = self.turn.other();
            return undo;
        }
        if m.is_capture() {
            let victim = match kind {
                MoveKind::EnPassant if us == 0 => to - 8,
                MoveKind::EnPassant => to + 8,
                _ => to,
            };
            undo.captured = self.men[them][victim as usize];
            undo.captured_entry = self.entry[victim as usize];
            self.piece[them][undo.captured_entry as usize] = 0;
            self.lift(them, victim);
        }
        let man = self.men[us][from as usize];
        let entry = self.entry[from as usize];
        self.lift(us, from);
        let placed = match m.promotion() {
            Some(role) => code(role),
            None => man,
        };
        self.place(us, placed, to, entry);
        if man == KING {
            self.king[us] = to;
        }
        self.en_passant = if kind == MoveKind::DoublePush { (from + to) / 2 } else { 0 };
        if self.castling != 0 {
            self.castling &= self.castles.keep(m.from().index(), m.to().index());
        }
        self.turn = self.turn.other();
        undo
    }

    fn unmake(&mut self, m: Move, undo: ArrayUndo) {
        self.turn = self.turn.other();
        let us = self.turn.index();
        let them = 1 - us;
        let from = bell(m.from());
        let to = bell(m.to());
        let kind = m.kind();
        if m.is_castle() {
            let [king, rook, king_to, rook_to] = Self::castle_squares(m);
            self.castle(us, [king_to, rook_to, king, rook]);
            self.castling = undo.castling;
            self.en_passant = undo.en_passant;
            return;
        }
        let entry = self.entry[to as usize];
        let man = if m.promotion().is_some() { PAWN } else { self.men[us][to as usize] };
        self.lift(us, to);
        self.place(us, man, from, entry);
        if man == KING {
            self.king[us] = from;
        }
        if undo.captured != 0 {
            let victim = match kind {
                MoveKind::EnPassant if us == 0 => to - 8,
                MoveKind::EnPassant => to + 8,
                _ => to,
            };
            self.place(them, undo.captured, victim, undo.captured_entry);
        }
        self.castling = undo.castling;
        self.en_passant = undo.en_passant;
    }

    fn checkers(&self) -> u64 {
        let us = self.turn.index();
        self.reachers(1 - us, self.king[us])
    }

    /// From the move's parts, without playing it: the two boards tell the
    /// men on the move's squares, and the working out is the one all four
    /// representations share ([`zobrist`]).
    #[inline(always)]
    fn key_after(&self, m: Move, key: u64) -> Option<u64> {
        let us = self.turn.index();
        let before = zobrist::Before {
            turn: self.turn,
            moved: role_of(self.men[us][bell(m.from()) as usize]),
            target: self.role_on(1 - us, bell(m.to())),
            castling: self.castling,
            en_passant: (self.en_passant != 0).then(|| neutral(self.en_passant)),
            castles: &self.castles,
            pawn_at: |color: Color, square: Square| self.role_on(color.index(), bell(square)) == Some(Role::Pawn),
        };
        Some(zobrist::key_after(key, m, &before))
    }
}
