//! Legal move generation with check and pin masks.
//!
//! Nothing is played to test legality. The generator first finds the
//! pieces giving check and our pieces pinned to our king, then:
//!
//! - the king goes to neighbouring squares no enemy piece attacks, judged
//!   with the king taken off the board so that it cannot hide behind itself
//!   on a slider's ray;
//! - in double check nothing else moves;
//! - in single check the other pieces must land on the *check mask*: the
//!   checker's square or a square between it and the king;
//! - a pinned piece stays on the line through its king and its pinner;
//! - en passant, which removes two pieces from one rank, is tested by
//!   looking along the king's lines with both pawns gone and the capturer
//!   arrived: this catches the pin along the rank that no pin mask shows;
//! - castling needs the right, the empty path, no check, and no attack on
//!   the squares the king crosses.
//!
//! The king's destinations and the squares a castling king crosses are
//! judged from one set: the attacks of every enemy piece that could reach
//! one of those squares on an empty board (the others are skipped). Checks
//! and pins come from one pass over the enemy sliders on the empty board's
//! lines through our king: the squares between tell, with no lookup into
//! the large attack table, whether one gives check (none occupied) or pins
//! (one of ours alone). Knights and pawns give check by table. The board's
//! own `checkers` uses the same pass.
//!
//! The generator hands whole target sets to a [`Sink`]: the move list takes
//! them apart move by move, the counter only counts their bits. That is how
//! [`Board::count_legal`](crate::engine::chess::Board::count_legal) counts the last
//! ply of perft without listing it. A third sink plays each move as it is
//! found, on a copy of the board, and hands the position after it on:
//! [`Board::sum_children_in`](crate::engine::chess::Board::sum_children_in),
//! perft's inner nodes without a move list.

use super::attacks::{
    BETWEEN, BISHOP_NEAR, BISHOP_RAYS, FILE_A, FILE_H, KING, KNIGHT, KNIGHT_NEAR, LINE, PAWN, RANK_1, ROOK_NEAR,
    ROOK_RAYS, bit,
};
use super::board::{BISHOP, BitboardBoard, KING as KING_ROLE, KNIGHT as KNIGHT_ROLE, PAWN as PAWN_ROLE, QUEEN, ROOK};
use super::magic::SliderAttacks;
use super::set::square;
use super::sink::Sink;
use crate::engine::chess::{Move, MoveKind};

/// Whether one of `sliders` attacks along `attacks` (computed only when
/// one of them stands on `rays`, the empty board's lines through the
/// square).
#[inline(always)]
fn slider_attack(rays: u64, sliders: u64, attacks: impl FnOnce() -> u64) -> bool {
    rays & sliders != 0 && attacks() & sliders != 0
}

impl BitboardBoard {
    /// Whether a piece of `them` attacks `sq` when `occupied` is occupied.
    #[inline(always)]
    pub(super) fn attacked<A: SliderAttacks>(&self, sq: usize, them: usize, occupied: u64, sliders: A) -> bool {
        let sq = sq & 63;
        let p = &self.pieces[them & 1];
        (KNIGHT[sq] & p[KNIGHT_ROLE]) != 0
            || (PAWN[(them ^ 1) & 1][sq] & p[PAWN_ROLE]) != 0
            || (KING[sq] & p[KING_ROLE]) != 0
            || slider_attack(BISHOP_RAYS[sq], p[BISHOP] | p[QUEEN], || sliders.bishop(sq, occupied))
            || slider_attack(ROOK_RAYS[sq], p[ROOK] | p[QUEEN], || sliders.rook(sq, occupied))
    }

    /// The pieces of the side not to move that give check to `us`'s king
    /// on `king`, and `us`'s pieces pinned to it, from one look along the
    /// king's lines: an enemy slider on them with nothing between gives
    /// check, with one of our pieces alone between pins it. No slider's
    /// attack set is looked up; knights, pawns and the king check by table.
    #[inline(always)]
    pub(super) fn checks_and_pins(&self, king: usize, us: usize) -> (u64, u64) {
        let (king, us) = (king & 63, us & 1);
        let theirs = &self.pieces[us ^ 1];
        let occupied = self.occupied;
        let straight = theirs[ROOK] | theirs[QUEEN];
        let diagonal = theirs[BISHOP] | theirs[QUEEN];
        let mut snipers = (ROOK_RAYS[king] & straight) | (BISHOP_RAYS[king] & diagonal);
        let mut checkers = (KNIGHT[king] & theirs[KNIGHT_ROLE])
            | (PAWN[us][king] & theirs[PAWN_ROLE])
            | (KING[king] & theirs[KING_ROLE]);
        let mut pinned = 0;
        while snipers != 0 {
            let sniper = snipers.trailing_zeros() as usize & 63;
            let blockers = BETWEEN[king][sniper] & occupied;
            if blockers == 0 {
                checkers |= bit(sniper);
            } else if blockers & (blockers - 1) == 0 {
                pinned |= blockers & self.colors[us];
            }
            snipers &= snipers - 1;
        }
        (checkers, pinned)
    }

    /// The squares next to `king` and those a castling king crosses that a
    /// piece of `them` attacks when `occupied` is occupied, with some
    /// squares further away: the attacks of every piece that reaches one
    /// of those squares on the empty board ([`KNIGHT_NEAR`], [`BISHOP_NEAR`],
    /// [`ROOK_NEAR`] for the king's neighbours, `crossing` as
    /// [`Self::open_castles`] gives it for the castling squares), and of
    /// the pawns and king, whose sets are a shift or a lookup. The others
    /// are skipped.
    #[inline(always)]
    fn attacks_near<A: SliderAttacks>(
        &self,
        king: usize,
        crossing: [u64; 3],
        them: usize,
        occupied: u64,
        sliders: A,
    ) -> u64 {
        let king = king & 63;
        let knight_near = KNIGHT_NEAR[king] | crossing[0];
        let bishop_near = BISHOP_NEAR[king] | crossing[1];
        let rook_near = ROOK_NEAR[king] | crossing[2];
        let p = &self.pieces[them & 1];
        let pawns = p[PAWN_ROLE];
        let mut attacked = if them == 0 {
            ((pawns & !FILE_A) << 7) | ((pawns & !FILE_H) << 9)
        } else {
            ((pawns & !FILE_A) >> 9) | ((pawns & !FILE_H) >> 7)
        };
        attacked |= KING[p[KING_ROLE].trailing_zeros() as usize & 63];
        let mut knights = p[KNIGHT_ROLE] & knight_near;
        while knights != 0 {
            attacked |= KNIGHT[knights.trailing_zeros() as usize & 63];
            knights &= knights - 1;
        }
        let mut diagonal = (p[BISHOP] | p[QUEEN]) & bishop_near;
        while diagonal != 0 {
            attacked |= sliders.bishop(diagonal.trailing_zeros() as usize, occupied);
            diagonal &= diagonal - 1;
        }
        let mut straight = (p[ROOK] | p[QUEEN]) & rook_near;
        while straight != 0 {
            attacked |= sliders.rook(straight.trailing_zeros() as usize, occupied);
            straight &= straight - 1;
        }
        attacked
    }

    /// Every legal move, handed to `sink`, slider attacks from `sliders`.
    #[inline(always)]
    pub(super) fn generate<S: Sink, A: SliderAttacks>(&self, sink: &mut S, sliders: A) {
        self.generate_with::<S, A, true>(sink, sliders);
    }

    /// Every legal move (`LEGAL`) or every pseudo-legal move (not `LEGAL`:
    /// no check or pin mask, the king to any square not its own side's,
    /// castling still fully tested), handed to `sink`.
    #[inline(always)]
    pub(super) fn generate_with<S: Sink, A: SliderAttacks, const LEGAL: bool>(&self, sink: &mut S, sliders: A) {
        let us = self.turn.index();
        let them = us ^ 1;
        let own = self.colors[us];
        let enemies = self.colors[them];
        let occupied = self.occupied;
        let mine = &self.pieces[us];
        let king = mine[KING_ROLE].trailing_zeros() as usize & 63;
        // The squares the king crosses in the castles still open.
        let (open, crossing, crossing_near) = self.open_castles(us);
        let (checkers, target, pinned, attacked) = if LEGAL {
            let (checkers, pinned) = self.checks_and_pins(king, us);
            // The king: to squares not attacked once it has left its own.
            // One set of the attacks near the king costs less than a test
            // of each square (reports/profiles/bitboard.md). Taking the king
            // off the board changes no attack on the castling squares unless
            // the king is in check, when it cannot castle.
            let candidates = KING[king] & !own;
            let attacked = if candidates | crossing == 0 {
                0
            } else {
                self.attacks_near(king, crossing_near, them, occupied ^ bit(king), sliders)
            };
            sink.piece(king, candidates & !attacked, enemies);
            if checkers & checkers.wrapping_sub(1) != 0 {
                return; // double check
            }
            let target =
                if checkers == 0 { !own } else { BETWEEN[king][checkers.trailing_zeros() as usize & 63] | checkers };
            (checkers, target, pinned, attacked)
        } else {
            sink.piece(king, KING[king] & !own, enemies);
            let attacked =
                if crossing == 0 { 0 } else { self.attacks_near(king, crossing_near, them, occupied, sliders) };
            (0, !own, 0, attacked)
        };

        let mut knights = mine[KNIGHT_ROLE] & !pinned;
        while knights != 0 {
            let from = knights.trailing_zeros() as usize & 63;
            sink.piece(from, KNIGHT[from] & target, enemies);
            knights &= knights - 1;
        }
        let mut bishops = mine[BISHOP] | mine[QUEEN];
        while bishops != 0 {
            let from = bishops.trailing_zeros() as usize & 63;
            let mut to = sliders.bishop(from, occupied) & target;
            if pinned & bit(from) != 0 {
                to &= LINE[king][from];
            }
            sink.piece(from, to, enemies);
            bishops &= bishops - 1;
        }
        let mut rooks = mine[ROOK] | mine[QUEEN];
        while rooks != 0 {
            let from = rooks.trailing_zeros() as usize & 63;
            let mut to = sliders.rook(from, occupied) & target;
            if pinned & bit(from) != 0 {
                to &= LINE[king][from];
            }
            sink.piece(from, to, enemies);
            rooks &= rooks - 1;
        }

        self.pawn_moves::<S, A, LEGAL>(sink, king, target, pinned, checkers, sliders);

        if open == 0 || checkers != 0 || !LEGAL && self.attacked(king, them, occupied, sliders) {
            return; // no castling open, or none out of check
        }
        self.castles(sink, open, attacked, sliders);
    }

    #[inline(always)]
    fn pawn_moves<S: Sink, A: SliderAttacks, const LEGAL: bool>(
        &self,
        sink: &mut S,
        king: usize,
        target: u64,
        pinned: u64,
        checkers: u64,
        sliders: A,
    ) {
        let us = self.turn.index();
        let them = us ^ 1;
        let pawns = self.pieces[us][PAWN_ROLE];
        let enemies = self.colors[them];
        let empty = !self.occupied;
        let white = us == 0;
        let forward = |set: u64| if white { set << 8 } else { set >> 8 };
        let up: i32 = if white { 8 } else { -8 };
        // Third rank from our side: where a single push may continue.
        let third = if white { RANK_1 << 16 } else { RANK_1 << 40 };

        let free = pawns & !pinned;
        // A pawn pinned along the king's file may still push along it.
        let pushers = free | (pawns & pinned & (FILE_A << (king % 8)));
        let one = forward(pushers) & empty;
        let two = forward(one & third) & empty & target;
        sink.pawns(one & target, up, MoveKind::Quiet);
        sink.pawns(two, 2 * up, MoveKind::DoublePush);

        // Captures towards the a-file and towards the h-file.
        let (west, east) = if white {
            ((free & !FILE_A) << 7, (free & !FILE_H) << 9)
        } else {
            ((free & !FILE_A) >> 9, (free & !FILE_H) >> 7)
        };
        let takeable = enemies & target;
        sink.pawns(west & takeable, if white { 7 } else { -9 }, MoveKind::Capture);
        sink.pawns(east & takeable, if white { 9 } else { -7 }, MoveKind::Capture);
        // Pinned pawns off the king's file take only along their pin.
        let mut diagonal = pawns & pinned & !(FILE_A << (king % 8));
        while diagonal != 0 {
            let from = diagonal.trailing_zeros() as usize & 63;
            let mut to = PAWN[us][from] & takeable & LINE[king][from];
            while to != 0 {
                let t = to.trailing_zeros() as usize & 63;
                sink.pawns(bit(t), t as i32 - from as i32, MoveKind::Capture);
                to &= to - 1;
            }
            diagonal &= diagonal - 1;
        }

        if self.en_passant < 64 {
            let ep = self.en_passant as usize;
            let victim = ep ^ 8;
            // A knight's check, or a slider's the capture cannot block, rules it out.
            if target & (bit(ep) | bit(victim)) == 0 && checkers != 0 {
                return;
            }
            let theirs = &self.pieces[them];
            let straight = theirs[ROOK] | theirs[QUEEN];
            let diagonal = theirs[BISHOP] | theirs[QUEEN];
            let mut takers = PAWN[them][ep] & pawns;
            while takers != 0 {
                let from = takers.trailing_zeros() as usize & 63;
                let after = (self.occupied ^ bit(from) ^ bit(victim)) | bit(ep);
                if !LEGAL || sliders.rook(king, after) & straight == 0 && sliders.bishop(king, after) & diagonal == 0 {
                    sink.one(Move::new(square(from as u32), square(ep as u32), MoveKind::EnPassant));
                }
                takers &= takers - 1;
            }
        }
    }

    /// The castles of `us` whose right it holds and whose path is empty (a
    /// bit for each side, as in its two bits of [`Castling::bits`]), and
    /// the squares its king crosses in them, its destination included (none
    /// when it already stands there, as it may in Chess960), and where a
    /// knight, a bishop and a rook reach those squares from on the empty
    /// board ([`CastlePaths`]).
    ///
    /// [`CastlePaths`]: super::board::CastlePaths
    /// [`Castling::bits`]: crate::engine::chess::Castling::bits
    #[inline(always)]
    fn open_castles(&self, us: usize) -> (u8, u64, [u64; 3]) {
        let rights = self.castling >> (2 * us) & 3;
        let (mut open, mut crossing, mut near) = (0, 0, [0; 3]);
        if rights != 0 {
            for side in 0..2 {
                let path = &self.paths.paths[2 * us + side];
                if rights & 1 << side != 0 && self.occupied & path.empty == 0 {
                    open |= 1 << side;
                    crossing |= path.king_path;
                    let path_near = &self.paths.near[2 * us + side];
                    near = [near[0] | path_near[0], near[1] | path_near[1], near[2] | path_near[2]];
                }
            }
        }
        (open, crossing, near)
    }

    /// The castles `open` ([`Self::open_castles`]) of the side to move,
    /// which is not in check; the enemy attacks the squares of `attacked`
    /// (those the king crosses among them).
    #[inline(always)]
    fn castles<S: Sink, A: SliderAttacks>(&self, sink: &mut S, open: u8, attacked: u64, sliders: A) {
        let us = self.turn.index();
        let them = us ^ 1;
        let occupied = self.occupied;
        for side in 0..2 {
            if open & 1 << side == 0 {
                continue;
            }
            let path = &self.paths.paths[2 * us + side];
            let mut safe = path.king_path & attacked == 0;
            // A rook on the b file shields the c file from the a file: look
            // along the rank from where the king lands, king and rook moved.
            if safe && path.rook & 7 == 1 {
                let after = occupied ^ bit(path.king) ^ bit(path.rook) | bit(path.king_to) | bit(path.rook_to);
                let theirs = &self.pieces[them];
                safe = sliders.rook(path.king_to, after) & (theirs[ROOK] | theirs[QUEEN]) == 0;
            }
            if safe {
                let kind = if side == 0 { MoveKind::CastleKing } else { MoveKind::CastleQueen };
                sink.one(Move::new(square(path.king as u32), square(path.rook as u32), kind));
            }
        }
    }
}
