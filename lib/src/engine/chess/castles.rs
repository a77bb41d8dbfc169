//! Castling as Chess960 defines it, which standard chess is a case of: the
//! squares of each right's king and rook, the rights a move takes away, and
//! the castles of a position, for every representation.
//!
//! A right belongs to one rook: `K` to the rook on the king's side, `Q` to
//! the one on the queen's side, on files that the `Setup` records (h and
//! a in standard chess). Castling puts the king on the g or c file and the
//! rook on the f or d file. Every square between the king and its
//! destination and between the rook and its destination must be empty but
//! for those two; the king must not be in check, nor cross or land on an
//! attacked square. A castle is written in a [`Move`] as the king taking its
//! own rook (`to` is the rook's square), which is unambiguous even when the
//! king already stands on its destination.
//!
//! Castling is rare, so none of this is in a hot loop: a make touches it
//! only through [`Castles::keep`], two lookups in a table of 64 squares.

use super::{Color, Move, MoveKind, Piece, Role, Square};

/// The squares of a position's castling rights, fixed for a whole game:
/// rights are only ever lost, and each is tied to its rook's home square.
///
/// Every board holds one, built from the `Setup` it was made from, and
/// hands it back in [`Board::to_setup`](super::Board::to_setup).
///
/// Two are equal when their notation is: the squares never change during a
/// game, and those of a right no longer held are stale (a board rebuilt
/// from its own setup has forgotten them), so boards compare by their
/// rights and pieces alone.
#[derive(Clone, Copy, Debug)]
pub struct Castles {
    /// The rook's home square of each right, in [`super::Castling`] bit
    /// order (`K`, `Q`, `k`, `q`); the standard a or h file for a right not
    /// held.
    rooks: [u8; 4],
    /// Each colour's king home square (e1, e8 when it holds no right).
    kings: [u8; 2],
    /// For each square, the rights (as [`super::Castling::bits`]) that
    /// survive a move from or to it: all but those whose king or rook
    /// stands there at home.
    keeps: [u8; 64],
    /// Whether castles are written king-takes-rook (`e1h1`).
    chess960: bool,
}

impl PartialEq for Castles {
    fn eq(&self, other: &Castles) -> bool {
        self.chess960 == other.chess960
    }
}

impl Eq for Castles {}

impl Castles {
    /// Standard chess's squares, with no right held.
    pub const STANDARD: Castles =
        Castles { rooks: [7, 0, 63, 56], kings: [4, 60], keeps: [0b1111; 64], chess960: false };

    /// The castles of a position holding `held` rights (as
    /// [`super::Castling::bits`]) with their rooks on `rook_files` (in the
    /// same order) and the kings on `kings` (White's, Black's).
    pub(super) fn new(held: u8, rook_files: [u8; 4], kings: [Square; 2], chess960: bool) -> Castles {
        let mut castles = Castles { rooks: [7, 0, 63, 56], kings: [4, 60], keeps: [0b1111; 64], chess960 };
        for (i, rook) in castles.rooks.iter_mut().enumerate() {
            if held & 1 << i != 0 {
                let rank = if i < 2 { 0 } else { 7 };
                *rook = rank * 8 + rook_files[i];
                castles.keeps[usize::from(*rook)] &= !(1 << i);
            }
        }
        for color in Color::ALL {
            if held >> (2 * color.index()) & 0b11 != 0 {
                let king = kings[color.index()].index();
                castles.kings[color.index()] = king as u8;
                castles.keeps[king] &= !(0b11 << (2 * color.index()));
            }
        }
        castles
    }

    /// Whether castles are written in Chess960's notation (king takes rook).
    #[inline]
    pub fn chess960(&self) -> bool {
        self.chess960
    }

    /// The file of the rook of right `i` ([`super::Castling`] bit order).
    #[inline]
    pub(super) fn rook_file(&self, i: usize) -> u8 {
        self.rooks[i] & 7
    }

    /// The rights (as [`super::Castling::bits`]) that survive a move from
    /// `from` to `to` (square indices): a move of a king or rook from its
    /// home square, or a capture on a rook's, costs the rights tied to it.
    #[inline(always)]
    pub fn keep(&self, from: usize, to: usize) -> u8 {
        self.keeps[from & 63] & self.keeps[to & 63]
    }

    /// The king's and the rook's destinations of castle `m` (a move whose
    /// `to` is the rook's square).
    #[inline]
    pub fn destinations(m: Move) -> (Square, Square) {
        let rank = m.from().rank();
        let (king, rook) = if m.kind() == MoveKind::CastleKing { (6, 5) } else { (2, 3) };
        (square(king, rank), square(rook, rank))
    }

    /// The squares of right `i` ([`super::Castling`] bit order) for a
    /// bitboard: the king's and rook's squares and destinations, the squares
    /// that must be empty (all those between each piece and its destination,
    /// but the two pieces), and the king's path (from its square, excluded,
    /// to its destination).
    #[inline]
    pub fn path(&self, i: usize) -> CastlePath {
        let king = usize::from(self.kings[i / 2]);
        let rook = usize::from(self.rooks[i]);
        let base = king & 56;
        let (king_to, rook_to) = if i.is_multiple_of(2) { (base + 6, base + 5) } else { (base + 2, base + 3) };
        // The bits from the lower square to the higher, both included; for
        // h8 (63) the shift gives 0, and the wrapping difference is still
        // the mask.
        let span = |a: usize, b: usize| (2u64 << a.max(b)).wrapping_sub(1u64 << a.min(b));
        let pieces = 1u64 << king | 1u64 << rook;
        CastlePath {
            king,
            rook,
            king_to,
            rook_to,
            empty: (span(king, king_to) | span(rook, rook_to)) & !pieces,
            king_path: span(king, king_to) & !(1u64 << king),
        }
    }

    /// Calls `push` with every legal castle of `us`, holding `rights` (the
    /// board's [`super::Castling::bits`]), on a board described by
    /// `piece_at` and `attacked` (whether the opponent attacks a square on
    /// the board as it stands).
    ///
    /// The path squares are tested on the board as it stands; where the
    /// king lands is also scanned along the rank with king and rook moved,
    /// for a rook on the b file shields the c file from the a file.
    #[inline(never)]
    pub fn generate(
        &self,
        us: Color,
        rights: u8,
        piece_at: impl Fn(Square) -> Option<Piece>,
        attacked: impl Fn(Square) -> bool,
        mut push: impl FnMut(Move),
    ) {
        let side = us.index();
        let rights = rights >> (2 * side) & 0b11;
        if rights == 0 {
            return;
        }
        let king = self.kings[side];
        let rank = king / 8;
        let king_file = king & 7;
        for (bit, kind) in [(1, MoveKind::CastleKing), (2, MoveKind::CastleQueen)] {
            if rights & bit == 0 {
                continue;
            }
            let rook = self.rooks[2 * side + bit as usize - 1];
            let rook_file = rook & 7;
            let (king_to, rook_to) = if kind == MoveKind::CastleKing { (6, 5) } else { (2, 3) };
            let free = |a: u8, b: u8| {
                (a.min(b)..=a.max(b)).all(|f| f == king_file || f == rook_file || piece_at(square(f, rank)).is_none())
            };
            if !free(king_file, king_to) || !free(rook_file, rook_to) {
                continue;
            }
            if (king_file.min(king_to)..=king_file.max(king_to)).any(|f| attacked(square(f, rank))) {
                continue;
            }
            // After the castle, along the rank: the squares the king and rook
            // left are empty, the rook's destination is ours.
            let exposed = [-1i8, 1].into_iter().any(|step| {
                let mut f = king_to as i8 + step;
                while (0..8).contains(&f) {
                    let file = f as u8;
                    f += step;
                    if file == rook_to {
                        return false;
                    }
                    if file == king_file || file == rook_file {
                        continue;
                    }
                    return piece_at(square(file, rank))
                        .is_some_and(|p| p.color != us && matches!(p.role, Role::Rook | Role::Queen));
                }
                false
            });
            if !exposed {
                push(Move::new(square(king_file, rank), square(rook_file, rank), kind));
            }
        }
    }
}

/// The squares of one castling right ([`Castles::path`]), as indices and
/// bit sets.
#[derive(Clone, Copy, Debug)]
pub struct CastlePath {
    /// The king's square.
    pub king: usize,
    /// The rook's square.
    pub rook: usize,
    /// The king's destination.
    pub king_to: usize,
    /// The rook's destination.
    pub rook_to: usize,
    /// The squares that must be empty.
    pub empty: u64,
    /// The squares the king crosses or lands on, its own excluded.
    pub king_path: u64,
}

#[inline]
fn square(file: u8, rank: u8) -> Square {
    Square::new(rank * 8 + file).expect("a square on the board")
}
