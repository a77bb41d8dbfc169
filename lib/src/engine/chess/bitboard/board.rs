//! The bitboard board itself: the piece sets, the mailbox and the state,
//! and the [`Board`] implementation (make/unmake here; generation in
//! `movegen`).

use super::attacks::{BISHOP_RAYS, KNIGHT as KNIGHT_ATTACKS, ROOK_RAYS, bit};
use super::magic;
use super::pext::Pext;
use super::set::Bitboard;
use super::sink::MoveCounter;
use crate::engine::chess::cpu::Flavour;
use crate::engine::chess::zobrist;
use crate::engine::chess::{
    Board, CastlePath, Castles, Castling, Color, Move, MoveKind, MoveList, Piece, Repr, Role, Setup, Square,
};

pub(super) const PAWN: usize = Role::Pawn.index();
pub(super) const KNIGHT: usize = Role::Knight.index();
pub(super) const BISHOP: usize = Role::Bishop.index();
pub(super) const ROOK: usize = Role::Rook.index();
pub(super) const QUEEN: usize = Role::Queen.index();
pub(super) const KING: usize = Role::King.index();
/// The mailbox entry of an empty square.
pub(super) const NO_ROLE: u8 = 6;
/// The en passant field when there is no en passant square.
pub(super) const NO_SQUARE: u8 = 64;

/// A chess position as bitboards.
///
/// ```
/// use plybench::engine::chess::{Board, Color, Role, Setup, bitboard::BitboardBoard};
///
/// let board = BitboardBoard::from_setup(&Setup::starting());
/// assert_eq!(board.pieces(Color::White, Role::Pawn).len(), 8);
/// assert_eq!(board.occupied().len(), 32);
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct BitboardBoard {
    /// `pieces[color][role]`: the squares of `color`'s pieces of `role`.
    pub(super) pieces: [[u64; 6]; 2],
    /// Each colour's pieces.
    pub(super) colors: [u64; 2],
    /// Both colours' pieces.
    pub(super) occupied: u64,
    /// The role index of the piece on each square, or [`NO_ROLE`].
    pub(super) mailbox: [u8; 64],
    pub(super) turn: Color,
    /// Castling rights as in [`Castling::bits`].
    pub(super) castling: u8,
    /// The en passant square's index, or [`NO_SQUARE`].
    pub(super) en_passant: u8,
    /// The squares of the castling rights.
    pub(super) castles: Castles,
    /// Each right's [`Castles::path`], looked up by the generator.
    pub(super) paths: CastlePaths,
}

/// The [`Castles::path`] of each right, worked out once: they are fixed
/// for the game, so, like [`Castles`], they take no part in equality.
#[derive(Clone, Copy, Debug)]
pub(super) struct CastlePaths {
    pub(super) paths: [CastlePath; 4],
    /// For each right, the squares from which a knight, a bishop and a
    /// rook reach a square its king crosses, on the empty board: the
    /// castling squares' share of the generator's attacks near the king.
    pub(super) near: [[u64; 3]; 4],
}

impl CastlePaths {
    fn new(castles: &Castles) -> CastlePaths {
        let paths = [0, 1, 2, 3].map(|i| castles.path(i));
        let near = paths.map(|path| {
            let mut near = [0; 3];
            let mut crossed = path.king_path;
            while crossed != 0 {
                let sq = crossed.trailing_zeros() as usize;
                near[0] |= KNIGHT_ATTACKS[sq];
                near[1] |= BISHOP_RAYS[sq];
                near[2] |= ROOK_RAYS[sq];
                crossed &= crossed - 1;
            }
            near
        });
        CastlePaths { paths, near }
    }
}

impl PartialEq for CastlePaths {
    fn eq(&self, _: &CastlePaths) -> bool {
        true
    }
}

impl Eq for CastlePaths {}

/// What [`BitboardBoard::make`](Board::make) saves: the role index of the
/// captured piece (6 for none), and the castling rights and en passant
/// square before the move.
#[derive(Clone, Copy, Debug)]
pub struct BitboardUndo {
    captured: u8,
    castling: u8,
    en_passant: u8,
}

impl std::fmt::Debug for BitboardBoard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "BitboardBoard({})", self.to_setup().to_fen())
    }
}

impl BitboardBoard {
    /// The squares of `color`'s pieces of `role`.
    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        Bitboard(self.pieces[color.index()][role.index()])
    }

    /// The squares of `color`'s pieces.
    #[inline]
    pub fn color(&self, color: Color) -> Bitboard {
        Bitboard(self.colors[color.index()])
    }

    /// The occupied squares.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        Bitboard(self.occupied)
    }

    /// Adds or removes (`squares` is toggled) pieces of one colour and role.
    #[inline(always)]
    fn toggle(&mut self, color: usize, role: usize, squares: u64) {
        self.pieces[color][role] ^= squares;
        self.colors[color] ^= squares;
        self.occupied ^= squares;
    }

    /// Plays a move of the piece of `role` on `from` to `to` that neither
    /// castles, nor promotes, nor takes en passant, taking what stands on
    /// `to` when `CAPTURE`, and leaving `en_passant` as the en passant
    /// square: the shape of most moves, played with no move kind to decode.
    #[inline(always)]
    pub(super) fn play_plain<const CAPTURE: bool>(
        &mut self,
        from: usize,
        to: usize,
        role: u8,
        en_passant: u8,
    ) -> BitboardUndo {
        let (from, to) = (from & 63, to & 63);
        let us = self.turn.index();
        let captured = if CAPTURE { self.mailbox[to] } else { NO_ROLE };
        let undo = BitboardUndo { captured, castling: self.castling, en_passant: self.en_passant };
        if CAPTURE {
            self.toggle(us ^ 1, captured as usize, bit(to));
        }
        self.toggle(us, role as usize, bit(from) | bit(to));
        self.mailbox[from] = NO_ROLE;
        self.mailbox[to] = role;
        if self.castling != 0 {
            self.castling &= self.castles.keep(from, to);
        }
        self.en_passant = en_passant;
        self.turn = self.turn.other();
        undo
    }

    /// Takes back what [`Self::play_plain`] played, with the same
    /// squares, role and `CAPTURE`, from the `undo` it returned.
    #[inline(always)]
    pub(super) fn unplay_plain<const CAPTURE: bool>(&mut self, from: usize, to: usize, role: u8, undo: BitboardUndo) {
        let (from, to) = (from & 63, to & 63);
        self.turn = self.turn.other();
        let us = self.turn.index();
        self.toggle(us, role as usize, bit(from) | bit(to));
        if CAPTURE {
            self.toggle(us ^ 1, undo.captured as usize, bit(to));
        }
        self.mailbox[from] = role;
        self.mailbox[to] = undo.captured;
        self.castling = undo.castling;
        self.en_passant = undo.en_passant;
    }

    /// Plays or takes back (the same bits toggle both ways) the piece
    /// movements of `m` by `us`; `role` is the piece that stands on the
    /// origin before the move, `captured` the role on the destination.
    #[inline(always)]
    fn toggle_move(&mut self, m: Move, us: usize, role: usize, captured: u8) {
        let from = m.from().index();
        let to = m.to().index();
        let them = us ^ 1;
        if captured != NO_ROLE {
            self.toggle(them, captured as usize, bit(to));
        }
        match m.kind() {
            MoveKind::Quiet | MoveKind::DoublePush | MoveKind::Capture => {
                self.toggle(us, role, bit(from) | bit(to));
            }
            MoveKind::EnPassant => {
                self.toggle(us, PAWN, bit(from) | bit(to));
                self.toggle(them, PAWN, bit(to ^ 8));
            }
            MoveKind::CastleKing | MoveKind::CastleQueen => {
                // The king takes its own rook; either may already stand on
                // its destination, so the bits are exclusive-ored.
                let (king_to, rook_to) = Castles::destinations(m);
                self.toggle(us, KING, bit(from) ^ bit(king_to.index()));
                self.toggle(us, ROOK, bit(to) ^ bit(rook_to.index()));
            }
            _ => {
                let promoted = m.promotion().map_or(QUEEN, Role::index);
                self.toggle(us, PAWN, bit(from));
                self.toggle(us, promoted, bit(to));
            }
        }
    }
}

impl BitboardBoard {
    /// The role index of the piece `m` takes on its destination, or
    /// [`NO_ROLE`] (en passant takes beside it; castling takes nothing).
    #[inline(always)]
    fn captured_by(&self, m: Move) -> u8 {
        if m.is_capture() && !m.is_en_passant() { self.mailbox[m.to().index()] } else { NO_ROLE }
    }

    /// The en passant square `m` leaves behind: the square a double push
    /// passed over, or none.
    #[inline(always)]
    fn en_passant_after(m: Move) -> u8 {
        if matches!(m.kind(), MoveKind::DoublePush) {
            passed_square(m.from().index(), m.to().index())
        } else {
            NO_SQUARE
        }
    }
}

/// The square a pawn's double push from `from` to `to` passes over: the
/// en passant square it leaves.
#[inline(always)]
pub(super) fn passed_square(from: usize, to: usize) -> u8 {
    ((from + to) / 2) as u8
}

impl Board for BitboardBoard {
    const REPR: Repr = Repr::Bitboard;
    type Undo = BitboardUndo;

    fn from_setup(setup: &Setup) -> Self {
        let mut board = BitboardBoard {
            pieces: [[0; 6]; 2],
            colors: [0; 2],
            occupied: 0,
            mailbox: [NO_ROLE; 64],
            turn: setup.turn(),
            castling: setup.castling().bits(),
            en_passant: setup.en_passant().map_or(NO_SQUARE, |s| s.index() as u8),
            castles: setup.castles(),
            paths: CastlePaths::new(&setup.castles()),
        };
        for s in Square::all() {
            if let Some(p) = setup.piece_at(s) {
                board.toggle(p.color.index(), p.role.index(), bit(s.index()));
                board.mailbox[s.index()] = p.role.index() as u8;
            }
        }
        board
    }

    fn to_setup(&self) -> Setup {
        let mut board = [None; 64];
        for s in Square::all() {
            let role = self.mailbox[s.index()];
            if role != NO_ROLE {
                let color = if self.colors[0] & bit(s.index()) != 0 { Color::White } else { Color::Black };
                board[s.index()] = Some(Piece::new(color, Role::ALL[role as usize]));
            }
        }
        Setup::from_board(
            board,
            self.turn,
            Castling::from_bits(self.castling),
            Square::new(self.en_passant),
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
        self.generate(moves, &*magic::SLIDERS);
    }

    #[inline]
    fn count_legal(&mut self) -> u64 {
        let mut counter = MoveCounter(0);
        self.generate(&mut counter, &*magic::SLIDERS);
        counter.0
    }

    /// With `pext` slider attacks in the BMI2 flavour, magic ones otherwise.
    #[inline(always)]
    fn legal_moves_in<F: Flavour>(&mut self, moves: &mut MoveList, flavour: F) {
        moves.clear();
        match flavour.bmi2() {
            Some(bmi2) => self.generate(moves, Pext::new(bmi2)),
            None => self.generate(moves, &*magic::SLIDERS),
        }
    }

    /// As [`BitboardBoard::legal_moves_in`].
    #[inline(always)]
    fn count_legal_in<F: Flavour>(&mut self, flavour: F) -> u64 {
        let mut counter = MoveCounter(0);
        match flavour.bmi2() {
            Some(bmi2) => self.generate(&mut counter, Pext::new(bmi2)),
            None => self.generate(&mut counter, &*magic::SLIDERS),
        }
        counter.0
    }

    /// Each move is played as the generator finds it (no move list), on a
    /// copy of the board the generator does not read (`children.rs`).
    #[inline(always)]
    fn sum_children_in<F: Flavour>(&mut self, flavour: F, child: impl FnMut(&mut Self) -> u64) -> u64 {
        self.sum_children(flavour, child)
    }

    #[inline]
    fn pseudo_legal_moves(&mut self, moves: &mut MoveList) {
        moves.clear();
        self.generate_with::<_, _, false>(moves, &*magic::SLIDERS);
    }

    #[inline]
    fn mover_king_attacked(&self) -> bool {
        let mover = self.turn.other().index();
        let king = self.pieces[mover][KING].trailing_zeros() as usize;
        self.attacked(king, mover ^ 1, self.occupied, &*magic::SLIDERS)
    }

    #[inline(always)]
    fn make(&mut self, m: Move) -> BitboardUndo {
        let from = m.from().index();
        let to = m.to().index();
        match m.kind() {
            MoveKind::Quiet => return self.play_plain::<false>(from, to, self.mailbox[from], NO_SQUARE),
            MoveKind::Capture => return self.play_plain::<true>(from, to, self.mailbox[from], NO_SQUARE),
            MoveKind::DoublePush => return self.play_plain::<false>(from, to, PAWN as u8, Self::en_passant_after(m)),
            _ => {}
        }
        let us = self.turn.index();
        let role = self.mailbox[from];
        let captured = self.captured_by(m);
        let undo = BitboardUndo { captured, castling: self.castling, en_passant: self.en_passant };
        self.toggle_move(m, us, role as usize, captured);
        self.mailbox[from] = NO_ROLE;
        if m.is_castle() {
            let (king_to, rook_to) = Castles::destinations(m);
            self.mailbox[to] = NO_ROLE;
            self.mailbox[king_to.index()] = KING as u8;
            self.mailbox[rook_to.index()] = ROOK as u8;
        } else {
            self.mailbox[to] = m.promotion().map_or(role, |r| r.index() as u8);
            if m.is_en_passant() {
                self.mailbox[to ^ 8] = NO_ROLE;
            }
        }
        if self.castling != 0 {
            self.castling &= self.castles.keep(from, to);
        }
        self.en_passant = Self::en_passant_after(m);
        self.turn = self.turn.other();
        undo
    }

    #[inline(always)]
    fn unmake(&mut self, m: Move, undo: BitboardUndo) {
        let from = m.from().index();
        let to = m.to().index();
        match m.kind() {
            MoveKind::Quiet | MoveKind::DoublePush => {
                return self.unplay_plain::<false>(from, to, self.mailbox[to], undo);
            }
            MoveKind::Capture => return self.unplay_plain::<true>(from, to, self.mailbox[to], undo),
            _ => {}
        }
        self.turn = self.turn.other();
        let us = self.turn.index();
        if m.is_castle() {
            let (king_to, rook_to) = Castles::destinations(m);
            self.toggle_move(m, us, KING, NO_ROLE);
            self.mailbox[king_to.index()] = NO_ROLE;
            self.mailbox[rook_to.index()] = NO_ROLE;
            self.mailbox[from] = KING as u8;
            self.mailbox[to] = ROOK as u8;
        } else {
            let role = if m.promotion().is_some() { PAWN as u8 } else { self.mailbox[to] };
            self.toggle_move(m, us, role as usize, undo.captured);
            self.mailbox[from] = role;
            self.mailbox[to] = undo.captured;
            if m.is_en_passant() {
                self.mailbox[to ^ 8] = PAWN as u8;
            }
        }
        self.castling = undo.castling;
        self.en_passant = undo.en_passant;
    }

    /// From the move's parts, without playing it: the mailbox tells the
    /// men on the move's squares, and the working out is the one all four
    /// representations share ([`zobrist`]).
    #[inline(always)]
    fn key_after(&self, m: Move, key: u64) -> Option<u64> {
        let before = zobrist::Before {
            turn: self.turn,
            moved: Role::ALL[usize::from(self.mailbox[m.from().index()])],
            target: Role::ALL.get(usize::from(self.mailbox[m.to().index()])).copied(),
            castling: self.castling,
            en_passant: Square::new(self.en_passant),
            castles: &self.castles,
            pawn_at: |color: Color, square: Square| self.pieces[color.index()][PAWN] & 1 << square.index() != 0,
        };
        Some(zobrist::key_after(key, m, &before))
    }

    /// With no slider lookup (the generator's `checks_and_pins`), so the
    /// same in every flavour: the trait's `checkers_in` suffices.
    #[inline(always)]
    fn checkers(&self) -> u64 {
        let us = self.turn.index();
        self.checks_and_pins(self.pieces[us][KING].trailing_zeros() as usize, us).0
    }
}
