//! The move every representation produces, and a fixed-capacity move list.
//!
//! A [`Move`] is 16 bits, after the encoding Eppstein's notes describe:
//! six bits of origin, six of destination, four of kind. The kind tells
//! captures, the two castles, en passant, double pawn pushes and the
//! promotion piece apart, so make/unmake needs no board lookup to know what
//! a move does, and no move needs more than one word.

use std::fmt;

use super::{Role, Square};

/// What a move does, beyond going from one square to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum MoveKind {
    /// A move to an empty square (not a castle, not a pawn's double step).
    Quiet = 0,
    /// A pawn's two-square first move.
    DoublePush = 1,
    /// Castling on the king's side, encoded as the king taking its own rook
    /// (e1h1), written e1g1 in standard chess.
    CastleKing = 2,
    /// Castling on the queen's side (e1a1, written e1c1 in standard chess).
    CastleQueen = 3,
    /// A capture on the destination square.
    Capture = 4,
    /// A pawn taking en passant; the captured pawn is beside the destination.
    EnPassant = 5,
    /// Promotion to a knight.
    PromoteKnight = 8,
    /// Promotion to a bishop.
    PromoteBishop = 9,
    /// Promotion to a rook.
    PromoteRook = 10,
    /// Promotion to a queen.
    PromoteQueen = 11,
    /// Capture and promotion to a knight.
    CapturePromoteKnight = 12,
    /// Capture and promotion to a bishop.
    CapturePromoteBishop = 13,
    /// Capture and promotion to a rook.
    CapturePromoteRook = 14,
    /// Capture and promotion to a queen.
    CapturePromoteQueen = 15,
}

impl MoveKind {
    const FROM_BITS: [Option<MoveKind>; 16] = [
        Some(MoveKind::Quiet),
        Some(MoveKind::DoublePush),
        Some(MoveKind::CastleKing),
        Some(MoveKind::CastleQueen),
        Some(MoveKind::Capture),
        Some(MoveKind::EnPassant),
        None,
        None,
        Some(MoveKind::PromoteKnight),
        Some(MoveKind::PromoteBishop),
        Some(MoveKind::PromoteRook),
        Some(MoveKind::PromoteQueen),
        Some(MoveKind::CapturePromoteKnight),
        Some(MoveKind::CapturePromoteBishop),
        Some(MoveKind::CapturePromoteRook),
        Some(MoveKind::CapturePromoteQueen),
    ];

    /// The promotion kind for `role`, with or without a capture. `None` for
    /// pawn and king, which no pawn becomes.
    #[inline]
    pub const fn promotion(role: Role, capture: bool) -> Option<MoveKind> {
        let base = match role {
            Role::Knight => 8,
            Role::Bishop => 9,
            Role::Rook => 10,
            Role::Queen => 11,
            Role::Pawn | Role::King => return None,
        };
        MoveKind::FROM_BITS[base + if capture { 4 } else { 0 }]
    }
}

/// A move: origin, destination and [`MoveKind`] in 16 bits.
///
/// ```
/// use plybench::engine::chess::{Move, MoveKind, Role, Square};
///
/// let e7: Square = "e7".parse()?;
/// let d8: Square = "d8".parse()?;
/// let m = Move::new(e7, d8, MoveKind::CapturePromoteKnight);
/// assert!(m.is_capture());
/// assert_eq!(m.promotion(), Some(Role::Knight));
/// assert_eq!(m.to_string(), "e7d8n"); // UCI notation
/// # Ok::<(), plybench::engine::chess::ParseSquareError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u16);

impl Move {
    /// A move from `from` to `to` of the given kind.
    #[inline]
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move(from.index() as u16 | (to.index() as u16) << 6 | (kind as u16) << 12)
    }

    /// The origin square.
    #[inline]
    pub const fn from(self) -> Square {
        match Square::new((self.0 & 63) as u8) {
            Some(s) => s,
            None => unreachable!(),
        }
    }

    /// The destination square. For castling, the castling rook's square
    /// (the king takes its own rook, as Chess960 notation writes it).
    #[inline]
    pub const fn to(self) -> Square {
        match Square::new((self.0 >> 6 & 63) as u8) {
            Some(s) => s,
            None => unreachable!(),
        }
    }

    /// The kind.
    #[inline]
    pub const fn kind(self) -> MoveKind {
        match MoveKind::FROM_BITS[(self.0 >> 12) as usize] {
            Some(kind) => kind,
            // `Move::new` is the only constructor and takes a MoveKind.
            None => MoveKind::Quiet,
        }
    }

    /// Whether the move takes a piece (en passant included).
    #[inline]
    pub const fn is_capture(self) -> bool {
        let k = self.0 >> 12;
        k == 4 || k == 5 || k >= 12
    }

    /// Whether the move is a castle.
    #[inline]
    pub const fn is_castle(self) -> bool {
        let k = self.0 >> 12;
        k == 2 || k == 3
    }

    /// Whether the move is an en passant capture.
    #[inline]
    pub const fn is_en_passant(self) -> bool {
        self.0 >> 12 == 5
    }

    /// The piece a pawn promotes to, if the move is a promotion.
    #[inline]
    pub const fn promotion(self) -> Option<Role> {
        match (self.0 >> 12) & 0b1011 {
            8 => Some(Role::Knight),
            9 => Some(Role::Bishop),
            10 => Some(Role::Rook),
            11 => Some(Role::Queen),
            _ => None,
        }
    }

    /// The raw 16 bits.
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }
}

impl Move {
    /// The move in UCI notation: castles as the king's move (`e1g1`) in
    /// standard chess, as the king taking its rook (`e1h1`) when `chess960`.
    #[inline]
    pub const fn uci(self, chess960: bool) -> Uci {
        Uci { m: self, chess960 }
    }
}

/// A [`Move`] in UCI notation ([`Move::uci`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Uci {
    m: Move,
    chess960: bool,
}

impl fmt::Display for Uci {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = self.m;
        let to = match m.kind() {
            MoveKind::CastleKing if !self.chess960 => Square::from_coords(6, m.from().rank()).unwrap_or(m.to()),
            MoveKind::CastleQueen if !self.chess960 => Square::from_coords(2, m.from().rank()).unwrap_or(m.to()),
            _ => m.to(),
        };
        write!(f, "{}{to}", m.from())?;
        match m.promotion() {
            Some(role) => write!(f, "{}", role.char()),
            None => Ok(()),
        }
    }
}

/// UCI notation of standard chess: `e2e4`, `e7e8q`, castling as the
/// king's move `e1g1` ([`Move::uci`] writes Chess960's).
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.uci(false).fmt(f)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}/{:?}", self.kind())
    }
}

/// The most moves a list holds. No legal chess position has more than 218
/// legal moves; pseudo-legal lists stay below this too.
pub const MAX_MOVES: usize = 256;

/// A list of moves on the stack: no allocation in move generation.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub const fn new() -> MoveList {
        MoveList { moves: [Move(0); MAX_MOVES], len: 0 }
    }

    /// Appends a move.
    ///
    /// # Panics
    ///
    /// Past [`MAX_MOVES`], which no chess position reaches.
    #[inline]
    pub fn push(&mut self, m: Move) {
        self.moves[self.len] = m;
        self.len += 1;
    }

    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps only the moves for which `keep` is true (order preserved).
    #[inline]
    pub fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            let m = self.moves[i];
            if keep(m) {
                self.moves[kept] = m;
                kept += 1;
            }
        }
        self.len = kept;
    }

    /// The number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the list is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// The moves as a mutable slice (for sorting).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];

    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}
