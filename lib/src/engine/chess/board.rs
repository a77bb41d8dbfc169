//! What a board representation must provide for perft, and the names of the
//! four representations.

use std::fmt;
use std::str::FromStr;

use super::cpu::Flavour;
use super::{ChessError, Color, Move, MoveList, Role, Setup, Square};

/// A chess board: a representation with its own move generator and
/// make/unmake. The perft driver is generic over it, so every call below is
/// resolved at compile time.
///
/// Implementations are built from a [`Setup`], which is always checked (no
/// public constructor skips the check), and must hand back one with the same
/// placement, side to move, castling rights and en passant square. Equality is bit-for-bit: after `unmake(m, make(m))` the board
/// compares equal to what it was.
///
/// Every strictly checked setup can be played from. Of the positions that
/// cannot arise in a game ([`Setup::impossibility`]), a board is built only
/// from those [`Board::holds`] accepts.
pub trait Board: Clone + PartialEq + fmt::Debug {
    /// Which representation this is.
    const REPR: Repr;

    /// What [`Board::make`] saves for [`Board::unmake`].
    type Undo: Copy;

    /// Whether the best-mode perft driver should copy the board and make
    /// the move on the copy (copy-make) instead of make/unmake: worth it
    /// when the board is small and unmake has much to restore.
    /// [`super::perft_like_for_like`] always uses make/unmake.
    const COPY_MAKE: bool = false;

    /// The board of a setup (every [`Setup`] is a checked one; one that
    /// cannot arise in a game must pass [`Board::holds`] first).
    fn from_setup(setup: &Setup) -> Self;

    /// Whether this board can be built from `setup`, and if not, what it
    /// cannot hold (the reason of a [`ChessError::CannotHold`]). Every
    /// strictly checked setup is held; of the positions only
    /// [`Validation::Relaxed`](super::Validation::Relaxed) accepts, a board
    /// may refuse those beyond its piece lists or tables.
    fn holds(setup: &Setup) -> Result<(), String> {
        let _ = setup;
        Ok(())
    }

    /// The position, as a neutral setup (clocks may be reset).
    fn to_setup(&self) -> Setup;

    /// The side to move.
    fn turn(&self) -> Color;

    /// Replaces `moves` with every legal move, in any order.
    fn legal_moves(&mut self, moves: &mut MoveList);

    /// Replaces `moves` with every pseudo-legal move, in any order: moves
    /// that obey the pieces' rules of movement but may leave the mover's own
    /// king attacked. Castling is listed only when fully legal (the king is
    /// not in check and crosses no attacked square). Played with
    /// [`Board::make`] and rejected with [`Board::mover_king_attacked`],
    /// these give the legal moves: the like-for-like perft driver.
    fn pseudo_legal_moves(&mut self, moves: &mut MoveList);

    /// Whether the king of the side that has just moved (not the side to
    /// move) is attacked: after [`Board::make`] of a pseudo-legal move, the
    /// move was illegal.
    fn mover_king_attacked(&self) -> bool;

    /// The number of legal moves: perft's last ply. Representations that can
    /// count without listing override it.
    #[inline]
    fn count_legal(&mut self) -> u64 {
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        moves.len() as u64
    }

    /// [`Board::legal_moves`] in the instruction flavour of a count
    /// ([`super::cpu`]). Only representations that have a use for an
    /// instruction (the bitboard's `pext`) override it; the flavour's other
    /// instructions reach every representation anyway, as the perft driver
    /// that calls this is compiled with them.
    #[inline(always)]
    fn legal_moves_in<F: Flavour>(&mut self, moves: &mut MoveList, flavour: F) {
        let _ = flavour;
        self.legal_moves(moves);
    }

    /// The legal move written `uci` (`e2e4`, `e7e8q`, `e1g1`).
    ///
    /// A castle is written as the position's notation writes it
    /// ([`Setup::chess960`]): the king's move (`e1g1`) in standard chess, the
    /// king taking its rook (`e1h1`) in Chess960; the other notation is also
    /// understood when no other move is written so.
    ///
    /// ```
    /// use plybench::engine::chess::{Board, Setup, x88::X88Board};
    ///
    /// let mut board = X88Board::from_setup(&Setup::starting());
    /// assert_eq!(board.find_move("g1f3")?.to_string(), "g1f3");
    /// assert!(board.find_move("e2e5").is_err());
    /// # Ok::<(), plybench::Error>(())
    /// ```
    fn find_move(&mut self, uci: &str) -> Result<Move, ChessError> {
        let well_formed = matches!(
            uci.as_bytes(),
            [b'a'..=b'h', b'1'..=b'8', b'a'..=b'h', b'1'..=b'8']
                | [b'a'..=b'h', b'1'..=b'8', b'a'..=b'h', b'1'..=b'8', b'n' | b'b' | b'r' | b'q']
        );
        if !well_formed {
            return Err(ChessError::NotUci { uci: uci.to_owned() });
        }
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        let chess960 = self.to_setup().chess960();
        let written = |m: &&Move, chess960: bool| m.uci(chess960).to_string() == uci;
        let exact = moves.iter().find(|m| written(m, chess960));
        let other = || moves.iter().find(|m| m.is_castle() && written(m, !chess960));
        exact.or_else(other).copied().ok_or_else(|| {
            let mut legal: Vec<String> = moves.iter().map(|m| m.uci(chess960).to_string()).collect();
            legal.sort();
            ChessError::IllegalMove {
                uci: uci.to_owned(),
                position: self.to_setup().to_fen().rsplitn(3, ' ').last().unwrap_or_default().to_owned(),
                legal,
            }
        })
    }

    /// [`Board::count_legal`] in the instruction flavour of a count, as
    /// [`Board::legal_moves_in`].
    #[inline(always)]
    fn count_legal_in<F: Flavour>(&mut self, flavour: F) -> u64 {
        let _ = flavour;
        self.count_legal()
    }

    /// The sum of `child` over the positions after each legal move, in the
    /// instruction flavour of a count (as [`Board::legal_moves_in`]): each
    /// move is played, `child` is handed the board after it, and the move
    /// is taken back (or played on a copy, for [`Board::COPY_MAKE`]). The
    /// inner nodes of the perft drivers. The default lists the moves first;
    /// a representation may play each as its generator finds it.
    #[inline(always)]
    fn sum_children_in<F: Flavour>(&mut self, flavour: F, mut child: impl FnMut(&mut Self) -> u64) -> u64 {
        let mut moves = MoveList::new();
        self.legal_moves_in(&mut moves, flavour);
        moves.iter().fold(0, |nodes, &m| nodes.saturating_add(played(self, m, &mut child)))
    }

    /// Plays `m`, which must be legal here.
    fn make(&mut self, m: Move) -> Self::Undo;

    /// Takes back `m`, played by `make`, which returned `undo`.
    fn unmake(&mut self, m: Move, undo: Self::Undo);

    /// The squares (bit `i` for [`super::Square`] index `i`) of the pieces
    /// that give check to the side to move.
    fn checkers(&self) -> u64;

    /// [`Board::checkers`] in the instruction flavour of a count, as
    /// [`Board::legal_moves_in`]: the bitboard looks its sliders up in the
    /// same tables as its generator, so that a count does not keep two sets
    /// of attack tables in cache.
    #[inline(always)]
    fn checkers_in<F: Flavour>(&self, flavour: F) -> u64 {
        let _ = flavour;
        self.checkers()
    }

    /// Whether the side to move is in check.
    #[inline]
    fn is_check(&self) -> bool {
        self.checkers() != 0
    }

    /// The Zobrist key of the position ([`super::zobrist::zobrist`] of
    /// [`Board::to_setup`]): what the perft transposition table is keyed
    /// by. A representation may override it with a key kept up to date by
    /// make/unmake, provided equal positions get equal keys.
    #[inline]
    fn zobrist(&self) -> u64 {
        super::zobrist::zobrist(&self.to_setup())
    }

    /// The Zobrist key after `m` (legal here), given this position's `key`,
    /// for a representation that works it out from the move before playing
    /// it; `None` (the default) leaves it to [`Board::zobrist`] after the
    /// move. The hashed perft drivers pass each child its key this way, so
    /// plain perft never pays for keeping one.
    #[inline(always)]
    fn key_after(&self, m: Move, key: u64) -> Option<u64> {
        let _ = (m, key);
        None
    }
}

/// One of the four board representations.
///
/// ```
/// use plybench::engine::chess::Repr;
///
/// let repr: Repr = "x88".parse()?;
/// assert_eq!(repr, Repr::X88);
/// assert_eq!(Repr::ALL.map(Repr::name), ["array", "mailbox10", "x88", "bitboard"]);
/// assert!("quantum".parse::<Repr>().is_err());
/// # Ok::<(), plybench::engine::chess::ChessError>(())
/// ```
///
/// With the `cli` feature it is a `clap::ValueEnum`, under the same names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Repr {
    /// Bell's table-driven 64-square array.
    #[cfg_attr(feature = "cli", value(name = "array"))]
    Array,
    /// The 10x10 extended array.
    #[cfg_attr(feature = "cli", value(name = "mailbox10"))]
    Mailbox10,
    /// The 0x88 board.
    #[cfg_attr(feature = "cli", value(name = "x88"))]
    X88,
    /// Bitboards with magic sliding attacks.
    #[cfg_attr(feature = "cli", value(name = "bitboard"))]
    Bitboard,
}

impl Repr {
    /// All four, in the order tables list them.
    pub const ALL: [Repr; 4] = [Repr::Array, Repr::Mailbox10, Repr::X88, Repr::Bitboard];

    /// The stable name used on the command line and in JSON.
    pub const fn name(self) -> &'static str {
        match self {
            Repr::Array => "array",
            Repr::Mailbox10 => "mailbox10",
            Repr::X88 => "x88",
            Repr::Bitboard => "bitboard",
        }
    }
}

impl fmt::Display for Repr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Repr {
    type Err = ChessError;

    fn from_str(s: &str) -> Result<Repr, ChessError> {
        Repr::ALL.into_iter().find(|r| r.name() == s).ok_or_else(|| ChessError::UnknownRepr { name: s.to_owned() })
    }
}

/// The first side of `setup` with more than `max` men, with its men.
pub(super) fn side_past(setup: &Setup, max: usize) -> Option<(Color, usize)> {
    Color::ALL.into_iter().map(|c| (c, setup.men(c))).find(|&(_, men)| men > max)
}

/// The first pawn of `setup` on its own last rank (a white pawn on the 8th,
/// a black pawn on the 1st) when `last_only`, else on either back rank.
pub(super) fn pawn_on_back_rank(setup: &Setup, last_only: bool) -> Option<Square> {
    Square::all().find(|&s| {
        setup.piece_at(s).is_some_and(|p| {
            let last = if p.color == Color::White { 7 } else { 0 };
            p.role == Role::Pawn && (s.rank() == last || (!last_only && s.rank() == 7 - last))
        })
    })
}

/// `child(board)` on the position after `m` (legal here), the board itself
/// unchanged afterwards: the move played on a copy for a
/// [`Board::COPY_MAKE`] representation, else made and taken back (debug
/// builds check that unmake restores the board bit for bit).
#[inline(always)]
pub(crate) fn played<B: Board>(board: &mut B, m: Move, child: impl FnOnce(&mut B) -> u64) -> u64 {
    if B::COPY_MAKE {
        let mut copy = board.clone();
        copy.make(m);
        return child(&mut copy);
    }
    #[cfg(debug_assertions)]
    let before = board.clone();
    let undo = board.make(m);
    let nodes = child(board);
    board.unmake(m, undo);
    #[cfg(debug_assertions)]
    debug_assert_eq!(*board, before, "make/unmake of {m} did not restore the board");
    nodes
}
