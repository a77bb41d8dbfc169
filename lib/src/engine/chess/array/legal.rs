//! Legal move listing from Bell's tables, without playing the moves.
//!
//! Once per node the king looks outward along the eight rays of the rook
//! and bishop tables, and at the squares its knight table and the pawn
//! table name ([`ArrayBoard::guard`]): a man of the opponent first met on a
//! ray that moves along it gives check, and a man of the mover first met
//! with such a man of the opponent behind him is pinned to the squares of
//! that ray. Every man then moves as Bell's `listmoves` moves him, but a
//! move is kept only if its destination is a square the guard allows: all
//! of them when nothing is wrong, the checker and the squares between him
//! and the king when in check, the pin ray for a pinned man. In double
//! check only the king moves. The king may step to a square only if no man
//! of the opponent reaches it once the king has left his square (so a
//! slider's ray passes through it). En passant, which removes two men from
//! one rank, is still played, tested and taken back; it is rare.
//!
//! Bits in the guard's sets are Bell's squares less one (a1 is bit 0), the
//! same numbering as [`crate::engine::chess::Square`].

use super::generate::{leaper_targets, pawn_table};
use super::lookup::{BISHOP_TABLE, KING_TABLE, KNIGHT_TABLE, ROOK_TABLE, SLIDER_LEN, neutral};
use super::{ArrayBoard, BISHOP, KNIGHT, PAWN, QUEEN, ROOK};
use crate::engine::chess::{Board, Move, MoveKind, MoveList, Role};

/// Where listed moves go: a move list, or a counter (perft's last ply).
pub(super) trait Sink {
    /// Takes one legal move.
    fn put(&mut self, m: Move);
}

impl Sink for MoveList {
    #[inline(always)]
    fn put(&mut self, m: Move) {
        self.push(m);
    }
}

/// A [`Sink`] that only counts.
pub(super) struct Counter(pub(super) u64);

impl Sink for Counter {
    #[inline(always)]
    fn put(&mut self, _: Move) {
        self.0 += 1;
    }
}

/// The bit of one of Bell's board squares (1..=64).
#[inline(always)]
pub(super) const fn bit(square: u8) -> u64 {
    1u64 << (square.wrapping_sub(1) & 63)
}

/// What the king sees from his square: checks and pins.
pub(super) struct Guard {
    /// The number of men giving check.
    checks: u32,
    /// Where a man other than the king may move: every square when not in
    /// check, else the checker's square and the squares between him and
    /// the king.
    target: u64,
    /// The mover's pinned men.
    pinned: u64,
    /// Each pinned man's square and the squares he may still move to: his
    /// ray from the king to the pinning man, that man included.
    pins: [(u8, u64); 8],
    /// How many of `pins` are used.
    pin_count: usize,
}

impl Guard {
    /// The squares the man on `square` may move to.
    #[inline(always)]
    fn allowed(&self, square: u8) -> u64 {
        if self.pinned & bit(square) == 0 {
            return self.target;
        }
        let mut line = 0;
        for &(s, ray) in &self.pins[..self.pin_count] {
            if s == square {
                line = ray;
            }
        }
        self.target & line
    }
}

impl ArrayBoard {
    /// Checks and pins against the side to move, seen from its king.
    #[inline]
    pub(super) fn guard(&self) -> Guard {
        let us = self.turn.index();
        let them = 1 - us;
        let theirs = &self.men[them];
        let king = self.king[us];
        let mut guard = Guard { checks: 0, target: 0, pinned: 0, pins: [(0, 0); 8], pin_count: 0 };
        for &s in leaper_targets(&KNIGHT_TABLE, king) {
            if theirs[s as usize] == KNIGHT {
                guard.checks += 1;
                guard.target |= bit(s as u8);
            }
        }
        // An opponent's pawn that could take the king stands diagonally in
        // front of him, and his own table row names the king's square.
        let table = pawn_table(them);
        let ahead: [i16; 2] = if us == 0 { [7, 9] } else { [-7, -9] };
        for delta in ahead {
            let p = i16::from(king) + delta;
            if (9..=56).contains(&p) {
                let p = p as usize;
                if theirs[p] == PAWN && (table[4 * p + 2] == king || table[4 * p + 3] == king) {
                    guard.checks += 1;
                    guard.target |= bit(p as u8);
                }
            }
        }
        self.look(&ROOK_TABLE, ROOK, king, &mut guard);
        self.look(&BISHOP_TABLE, BISHOP, king, &mut guard);
        if guard.checks == 0 {
            guard.target = !0;
        }
        guard
    }

    /// The four rays of `table` out of the king: checks by and pins to the
    /// opponent's `slider` or queen.
    #[inline(always)]
    fn look(&self, table: &[i8; SLIDER_LEN], slider: u8, king: u8, guard: &mut Guard) {
        let us = self.turn.index();
        let theirs = &self.men[1 - us];
        for d in 0..4 {
            let k = table[d];
            let terminal = table[4 * king as usize + d] as u8;
            let mut i = king;
            let mut line = 0u64;
            let mut shield = 0u8;
            while i != terminal {
                i = (i as i8 + k) as u8;
                line |= bit(i);
                let s = i as usize;
                if self.entry[s] == 0 {
                    continue;
                }
                let man = theirs[s];
                if man == 0 {
                    // One of ours: the first may be pinned, a second shields.
                    if shield != 0 {
                        break;
                    }
                    shield = i;
                    continue;
                }
                if man == slider || man == QUEEN {
                    if shield == 0 {
                        guard.checks += 1;
                        guard.target |= line;
                    } else {
                        guard.pinned |= bit(shield);
                        guard.pins[guard.pin_count] = (shield, line);
                        guard.pin_count += 1;
                    }
                }
                break;
            }
        }
    }

    /// Every legal move of the side to move into `out`.
    pub(super) fn legal<S: Sink>(&mut self, out: &mut S) {
        let guard = self.guard();
        let us = self.turn.index();
        self.king_steps(out);
        if guard.checks > 1 {
            return;
        }
        let mut en_passant = [0u8; 2];
        let mut takers = 0;
        let king = self.king[us];
        let count = self.piece[us][0] as usize;
        for pointer in 1..=count {
            let square = self.piece[us][pointer];
            if square == 0 || square == king {
                continue;
            }
            let allowed = guard.allowed(square);
            match self.men[us][square as usize] {
                PAWN => {
                    if self.pawn_steps(square, allowed, out) {
                        en_passant[takers] = square;
                        takers += 1;
                    }
                }
                KNIGHT => {
                    if guard.pinned & bit(square) == 0 {
                        self.knight_leaps(square, allowed, out);
                    }
                }
                BISHOP => self.slides(&BISHOP_TABLE, square, allowed, out),
                ROOK => self.slides(&ROOK_TABLE, square, allowed, out),
                _ => {
                    self.slides(&ROOK_TABLE, square, allowed, out);
                    self.slides(&BISHOP_TABLE, square, allowed, out);
                }
            }
        }
        if guard.checks == 0 {
            self.castle_into(out);
        }
        for &from in &en_passant[..takers] {
            let m = Move::new(neutral(from), neutral(self.en_passant), MoveKind::EnPassant);
            let undo = self.make(m);
            let legal = !self.mover_king_attacked();
            self.unmake(m, undo);
            if legal {
                out.put(m);
            }
        }
    }

    /// The king's steps to squares no man of the opponent reaches once he
    /// has left his own.
    #[inline(always)]
    fn king_steps<S: Sink>(&self, out: &mut S) {
        let us = self.turn.index();
        let them = 1 - us;
        let king = self.king[us];
        let from = neutral(king);
        for &t in leaper_targets(&KING_TABLE, king) {
            let t = t as u8;
            if self.men[us][t as usize] != 0 || self.attacked_past(them, t, king) {
                continue;
            }
            let kind = if self.men[them][t as usize] != 0 { MoveKind::Capture } else { MoveKind::Quiet };
            out.put(Move::new(from, neutral(t), kind));
        }
    }

    /// A knight's leaps to allowed squares not held by his own side.
    #[inline(always)]
    fn knight_leaps<S: Sink>(&self, square: u8, allowed: u64, out: &mut S) {
        let us = self.turn.index();
        let from = neutral(square);
        for &t in leaper_targets(&KNIGHT_TABLE, square) {
            let t = t as u8;
            if self.men[us][t as usize] != 0 || allowed & bit(t) == 0 {
                continue;
            }
            let kind = if self.entry[t as usize] != 0 { MoveKind::Capture } else { MoveKind::Quiet };
            out.put(Move::new(from, neutral(t), kind));
        }
    }

    /// A slider's moves along the four rays of `table` to allowed squares.
    #[inline(always)]
    fn slides<S: Sink>(&self, table: &[i8; SLIDER_LEN], square: u8, allowed: u64, out: &mut S) {
        let them = 1 - self.turn.index();
        let from = neutral(square);
        for d in 0..4 {
            let k = table[d];
            let terminal = table[4 * square as usize + d] as u8;
            let mut i = square;
            while i != terminal {
                i = (i as i8 + k) as u8;
                let t = i as usize;
                if self.entry[t] != 0 {
                    if self.men[them][t] != 0 && allowed & bit(i) != 0 {
                        out.put(Move::new(from, neutral(i), MoveKind::Capture));
                    }
                    break;
                }
                if allowed & bit(i) != 0 {
                    out.put(Move::new(from, neutral(i), MoveKind::Quiet));
                }
            }
        }
    }

    /// A pawn's allowed steps and captures. Returns whether he could take
    /// en passant, which the caller tests by playing it.
    #[inline(always)]
    pub(super) fn pawn_steps<S: Sink>(&self, square: u8, allowed: u64, out: &mut S) -> bool {
        let us = self.turn.index();
        let theirs = &self.men[1 - us];
        let table = pawn_table(us);
        let row = 4 * square as usize;
        let from = neutral(square);
        let put = |to: u8, capture: bool, out: &mut S| {
            if !(9..=56).contains(&to) {
                for role in Role::PROMOTIONS {
                    if let Some(kind) = MoveKind::promotion(role, capture) {
                        out.put(Move::new(from, neutral(to), kind));
                    }
                }
            } else {
                out.put(Move::new(from, neutral(to), if capture { MoveKind::Capture } else { MoveKind::Quiet }));
            }
        };
        let one = table[row];
        if self.entry[one as usize] == 0 {
            if allowed & bit(one) != 0 {
                put(one, false, out);
            }
            // The pawn's own square when off its starting rank: never empty.
            let two = table[row + 1];
            if self.entry[two as usize] == 0 && allowed & bit(two) != 0 {
                out.put(Move::new(from, neutral(two), MoveKind::DoublePush));
            }
        }
        let mut takes = false;
        for target in [table[row + 2], table[row + 3]] {
            if theirs[target as usize] != 0 {
                if allowed & bit(target) != 0 {
                    put(target, true, out);
                }
            } else if target == self.en_passant {
                takes = true;
            }
        }
        takes
    }

    /// Castling, when not in check ([`Castles::generate`](crate::engine::chess::Castles::generate)).
    #[inline]
    fn castle_into<S: Sink>(&self, out: &mut S) {
        if self.castling >> (2 * self.turn.index()) & 0b11 != 0 {
            self.castles_with(|m| out.put(m));
        }
    }

    /// [`ArrayBoard::attacked`] with the man on `past` taken off the board.
    #[inline(always)]
    fn attacked_past(&self, by: usize, target: u8, past: u8) -> bool {
        self.attacked_ignoring(by, target, past)
    }

    /// The number of legal moves, counted without listing them.
    pub(super) fn count_moves(&mut self) -> u64 {
        let mut counter = Counter(0);
        self.legal(&mut counter);
        counter.0
    }

    /// Every legal move, listed.
    pub(super) fn list_moves(&mut self, moves: &mut MoveList) {
        moves.clear();
        self.legal(moves);
    }
}
