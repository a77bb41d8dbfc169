//! Zobrist keys: a 64-bit hash of a position, the exclusive-or of one
//! random number per (piece, square) occupied, one for the side to move,
//! one per set of castling rights and one per en passant file.
//!
//! The numbers come from a fixed seed through [`crate::engine::rng::mix`] and are
//! computed at compile time, so every run and every thread sees the same
//! keys. [`zobrist`] hashes a [`Setup`]; [`super::Board::zobrist`] hashes a
//! board through its `to_setup`. Every representation also works out a
//! child's key from the move ([`super::Board::key_after`]) with the
//! crate-private `key_after` here: the board reads the men on the move's
//! origin and destination, its castling rights and its en passant square
//! (a `Before`), and the change of the key is worked out once, for all
//! four, from the same private parts (`piece`, `castling`, `en_passant`,
//! `black`) that [`zobrist`] hashes, so that both ways compute one hash.

use super::castles::Castles;
use super::{Color, Move, MoveKind, Role, Setup, Square};
use crate::engine::rng::mix;

/// The seed of the key tables.
pub const SEED: u64 = 0x706C_7962_656E_6368; // "plybench"

/// The random numbers of the hash.
struct Keys {
    /// `[piece][square]`, piece = colour * 6 + role.
    pieces: [[u64; 64]; 12],
    /// One per value of the four castling bits.
    castling: [u64; 16],
    /// One per file of the en passant square.
    en_passant: [u64; 8],
    /// Xored in when black is to move.
    black: u64,
    /// `[right][file]`: xored in for each right held whose rook is not on
    /// standard chess's file (Chess960), so that rights on different rooks
    /// hash apart and standard positions keep their keys.
    rook_files: [[u64; 8]; 4],
}

/// The `i`-th number of the seeded stream.
const fn key(i: u64) -> u64 {
    mix(mix(SEED) ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

const fn make_keys() -> Keys {
    let mut keys =
        Keys { pieces: [[0; 64]; 12], castling: [0; 16], en_passant: [0; 8], black: 0, rook_files: [[0; 8]; 4] };
    let mut i = 0u64;
    let mut piece = 0;
    while piece < 12 {
        let mut square = 0;
        while square < 64 {
            keys.pieces[piece][square] = key(i);
            i += 1;
            square += 1;
        }
        piece += 1;
    }
    // Rights are hashed as a set: no rights hash to zero.
    let mut rights = 1;
    while rights < 16 {
        keys.castling[rights] = key(i);
        i += 1;
        rights += 1;
    }
    let mut file = 0;
    while file < 8 {
        keys.en_passant[file] = key(i);
        i += 1;
        file += 1;
    }
    keys.black = key(i);
    i += 1;
    let mut right = 0;
    while right < 4 {
        let mut file = 0;
        while file < 8 {
            keys.rook_files[right][file] = key(i);
            i += 1;
            file += 1;
        }
        right += 1;
    }
    keys
}

static KEYS: Keys = make_keys();

/// The Zobrist key of a position: placement, side to move, castling rights
/// (with their rooks' files in Chess960) and the file of the en passant
/// square where a pawn could take on it. The clocks are not hashed (perft
/// counts do not depend on them), nor is an en passant square no pawn
/// could take on: the position plays the same without it.
///
/// ```
/// use plybench::engine::chess::Setup;
/// use plybench::engine::chess::zobrist::zobrist;
///
/// let start = Setup::starting();
/// let after = Setup::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")?;
/// assert_ne!(zobrist(&start), zobrist(&after));
/// // The clocks do not count.
/// let later = Setup::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 30")?;
/// assert_eq!(zobrist(&start), zobrist(&later));
/// // No black pawn beside e4 could take on e3: the square is not hashed.
/// let no_ep = Setup::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")?;
/// assert_eq!(zobrist(&after), zobrist(&no_ep));
/// // A black pawn on d4 could: it is.
/// let takes = Setup::from_fen("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")?;
/// let no_take = Setup::from_fen("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")?;
/// assert_ne!(zobrist(&takes), zobrist(&no_take));
/// # Ok::<(), plybench::Error>(())
/// ```
pub fn zobrist(setup: &Setup) -> u64 {
    let mut hash = 0;
    for (square, piece) in setup.board().iter().enumerate() {
        if let Some(p) = piece {
            hash ^= self::piece(p.color.index(), p.role.index(), square);
        }
    }
    hash ^= castling_with(setup.castling().bits(), |right| setup.rook_file(right));
    let pawn_at =
        |color: Color, square: Square| setup.board()[square.index()] == Some(super::Piece { color, role: Role::Pawn });
    hash ^= en_passant(takeable(setup.en_passant(), setup.turn(), pawn_at));
    if setup.turn() == Color::Black {
        hash ^= black();
    }
    hash
}

/// The part of the key of a piece of colour index `color` and role index
/// `role` on square index `square`.
#[inline(always)]
fn piece(color: usize, role: usize, square: usize) -> u64 {
    KEYS.pieces[color * 6 + role][square]
}

/// The part of the key of the castling rights `rights` ([`super::Castling::bits`]),
/// with the files of their rooks in `castles`.
#[inline]
fn castling(rights: u8, castles: &Castles) -> u64 {
    castling_with(rights, |right| castles.rook_file(right))
}

fn castling_with(rights: u8, rook_file: impl Fn(usize) -> u8) -> u64 {
    let mut hash = KEYS.castling[usize::from(rights & 15)];
    for (right, standard) in [7, 0, 7, 0].into_iter().enumerate() {
        let file = rook_file(right);
        if rights & 1 << right != 0 && file != standard {
            hash ^= KEYS.rook_files[right][usize::from(file & 7)];
        }
    }
    hash
}

/// The part of the key of the en passant square `square` (its file), or 0
/// for none. Only a square that [`takeable`] keeps is hashed.
#[inline(always)]
fn en_passant(square: Option<Square>) -> u64 {
    square.map_or(0, |s| KEYS.en_passant[usize::from(s.file())])
}

/// The en passant square `square` if a pawn of `taker` (the side to move
/// there) stands where it could take on it, as `pawn_at(color, square)`
/// tells; else none. Every board keeps the square after every double
/// push, but where no pawn stands beside the pushed one the position
/// plays exactly as without it: hashing it there would key one position
/// two ways, and perft would count again what the table already holds. A
/// pawn beside it that is pinned still keys the square: the rule needs no
/// legality, and only ever tells apart positions that may differ.
#[inline(always)]
fn takeable(square: Option<Square>, taker: Color, pawn_at: impl Fn(Color, Square) -> bool) -> Option<Square> {
    let ep = square?;
    // The taker's pawn stands one rank behind the square, as seen from
    // its side, on a neighbouring file.
    let rank = if taker == Color::White { ep.rank().wrapping_sub(1) } else { ep.rank() + 1 };
    let beside = [ep.file().wrapping_sub(1), ep.file() + 1];
    beside.into_iter().filter_map(|file| Square::from_coords(file, rank)).any(|s| pawn_at(taker, s)).then_some(ep)
}

/// The part of the key of black to move.
#[inline(always)]
fn black() -> u64 {
    KEYS.black
}

/// What a board knows before a move, besides the move, that the key after
/// it depends on: the input of [`key_after`], read by each representation
/// from its own data.
pub(crate) struct Before<'a, P: Fn(Color, Square) -> bool> {
    /// The side to move.
    pub(crate) turn: Color,
    /// The role of the man on the move's origin.
    pub(crate) moved: Role,
    /// The role of the man on the move's destination, if any. Only a
    /// capture other than en passant takes it; a castle's destination is
    /// the mover's own rook, which [`key_after`] moves instead.
    pub(crate) target: Option<Role>,
    /// The castling rights, as [`super::Castling::bits`].
    pub(crate) castling: u8,
    /// The en passant square, if any, hashed or not.
    pub(crate) en_passant: Option<Square>,
    /// The squares of the castling rights.
    pub(crate) castles: &'a Castles,
    /// Whether a pawn of a colour stands on a square, before the move:
    /// the en passant square is hashed only where a pawn could take on it.
    pub(crate) pawn_at: P,
}

/// The key after the legal move `m` from a position of key `key` that
/// `before` describes, worked out from the move without playing it: the
/// men it moves, takes and promotes, the rights it takes away, the en
/// passant square it clears and makes, and the side to move. It equals
/// [`zobrist`] of the position after `m`.
#[inline(always)]
pub(crate) fn key_after<P: Fn(Color, Square) -> bool>(key: u64, m: Move, before: &Before<'_, P>) -> u64 {
    let pawn_at = &before.pawn_at;
    // A double push leaves no man beside its destination changed, so the
    // board before the move tells who could take after it.
    key ^ black()
        ^ placement_change(m, before)
        ^ en_passant(takeable(before.en_passant, before.turn, pawn_at))
        ^ en_passant(takeable(en_passant_after(m), before.turn.other(), pawn_at))
        ^ castling_change(m, before.castling, before.castles)
}

/// The change of the key that the men moved, taken and promoted by `m`
/// make.
#[inline(always)]
fn placement_change<P: Fn(Color, Square) -> bool>(m: Move, before: &Before<'_, P>) -> u64 {
    let (from, to) = (m.from().index(), m.to().index());
    let us = before.turn.index();
    let ours = |role: Role, square: usize| piece(us, role.index(), square);
    let captured = if m.is_capture() && !m.is_en_passant() { before.target } else { None };
    let taken = captured.map_or(0, |role| piece(us ^ 1, role.index(), to));
    taken
        ^ match m.kind() {
            MoveKind::Quiet | MoveKind::DoublePush | MoveKind::Capture => {
                ours(before.moved, from) ^ ours(before.moved, to)
            }
            // The pawn taken stands beside the destination, on the origin's rank.
            MoveKind::EnPassant => {
                ours(Role::Pawn, from) ^ ours(Role::Pawn, to) ^ piece(us ^ 1, Role::Pawn.index(), to ^ 8)
            }
            MoveKind::CastleKing | MoveKind::CastleQueen => {
                // The king takes its own rook; a king or rook already on
                // its destination cancels out.
                let (king_to, rook_to) = Castles::destinations(m);
                ours(Role::King, from)
                    ^ ours(Role::King, king_to.index())
                    ^ ours(Role::Rook, to)
                    ^ ours(Role::Rook, rook_to.index())
            }
            _ => ours(Role::Pawn, from) ^ ours(m.promotion().unwrap_or(Role::Queen), to),
        }
}

/// The en passant square `m` leaves behind: the square a double push
/// passed over, or none.
#[inline(always)]
fn en_passant_after(m: Move) -> Option<Square> {
    if m.kind() == MoveKind::DoublePush { Square::new(((m.from().index() + m.to().index()) / 2) as u8) } else { None }
}

/// The change of the key of the castling rights `rights` (with their
/// rooks in `castles`) that `m` makes: none unless it moves a king or rook
/// from its home square or takes a rook on its home square.
#[inline(always)]
fn castling_change(m: Move, rights: u8, castles: &Castles) -> u64 {
    if rights == 0 {
        return 0;
    }
    let after = rights & castles.keep(m.from().index(), m.to().index());
    if after == rights { 0 } else { castling(rights, castles) ^ castling(after, castles) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_nonzero() {
        let mut all: Vec<u64> = KEYS.pieces.iter().flatten().copied().collect();
        all.extend(&KEYS.castling[1..]);
        all.extend(KEYS.en_passant);
        all.push(KEYS.black);
        all.extend(KEYS.rook_files.iter().flatten());
        assert!(all.iter().all(|&k| k != 0));
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
    }

    #[test]
    fn each_field_changes_the_key() {
        let start = Setup::starting();
        let base = zobrist(&start);
        let fen = |fen: &str| Setup::from_fen(fen).unwrap();
        // The side, the castling rights, one square emptied: each alone.
        let turn = fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
        let castling = fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w K - 0 1");
        let empty = fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1");
        for other in [turn, castling, empty] {
            assert_ne!(zobrist(&other), base);
        }
    }
}
