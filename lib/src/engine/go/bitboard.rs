//! Bitboards: each colour is a set of points, point `row * cols + col` at
//! that bit of six 64-bit words (384 bits, enough for 361 points).
//!
//! The neighbours of a set are four shifts masked at the edges; a chain is
//! the fixed point of "the set and its neighbours, within the colour"
//! (shift-and-flood); its breathing spaces are its neighbours within the
//! empty points. A legal stone is any empty point with an empty neighbour,
//! found for the whole board by one set operation; the few enclosed points
//! left are tried one by one: legal if the union of the own chains around
//! it breathes elsewhere, or if an enemy chain around it breathes only
//! there.

use super::board::{Board, Repr};
use super::point::{Color, MAX_POINTS, Move, MoveList, Size};
use super::position::Position;

/// The words of a set of points.
const WORDS: usize = 6;

/// A set of points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bits([u64; WORDS]);

impl Bits {
    /// The empty set.
    pub const EMPTY: Bits = Bits([0; WORDS]);

    /// The set of index `i` alone.
    #[inline]
    pub fn single(i: usize) -> Bits {
        let mut b = Bits::EMPTY;
        b.0[i / 64] = 1 << (i % 64);
        b
    }

    /// Whether index `i` is in the set.
    #[inline]
    pub fn contains(self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The number of points.
    #[inline]
    pub fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// The lowest index in the set, if any.
    #[inline]
    pub fn first(self) -> Option<usize> {
        self.0.iter().enumerate().find(|(_, w)| **w != 0).map(|(k, w)| k * 64 + w.trailing_zeros() as usize)
    }

    /// Union.
    #[inline]
    pub fn or(self, o: Bits) -> Bits {
        Bits(std::array::from_fn(|k| self.0[k] | o.0[k]))
    }

    /// Intersection.
    #[inline]
    pub fn and(self, o: Bits) -> Bits {
        Bits(std::array::from_fn(|k| self.0[k] & o.0[k]))
    }

    /// Difference: the points of `self` not in `o`.
    #[inline]
    pub fn and_not(self, o: Bits) -> Bits {
        Bits(std::array::from_fn(|k| self.0[k] & !o.0[k]))
    }

    /// Every index moved up by `n` (1 to 63); bits past 383 are lost.
    #[inline]
    fn shl(self, n: u32) -> Bits {
        Bits(std::array::from_fn(|k| {
            let carry = if k == 0 { 0 } else { self.0[k - 1] >> (64 - n) };
            (self.0[k] << n) | carry
        }))
    }

    /// Every index moved down by `n` (1 to 63); bits below 0 are lost.
    #[inline]
    fn shr(self, n: u32) -> Bits {
        Bits(std::array::from_fn(|k| {
            let carry = if k + 1 == WORDS { 0 } else { self.0[k + 1] << (64 - n) };
            (self.0[k] >> n) | carry
        }))
    }

    /// The indices in increasing order.
    #[inline]
    pub fn iter(self) -> impl Iterator<Item = usize> {
        (0..WORDS).flat_map(move |k| {
            let mut w = self.0[k];
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let i = k * 64 + w.trailing_zeros() as usize;
                    w &= w - 1;
                    i
                })
            })
        })
    }
}

/// The masks of one board size.
#[derive(Clone, Copy, Debug)]
struct Geometry {
    cols: u32,
    /// Every point of the board.
    on: Bits,
    /// Every point but column A: where a shift up by one may land.
    not_first: Bits,
    /// Every point but the last column: where a shift down by one may land.
    not_last: Bits,
}

impl Geometry {
    fn new(size: Size) -> Geometry {
        let (mut on, mut not_first, mut not_last) = (Bits::EMPTY, Bits::EMPTY, Bits::EMPTY);
        for p in size.all_points() {
            let i = Bits::single(size.index(p));
            on = on.or(i);
            if p.col() != 0 {
                not_first = not_first.or(i);
            }
            if p.col() + 1 != size.cols() {
                not_last = not_last.or(i);
            }
        }
        Geometry { cols: size.cols() as u32, on, not_first, not_last }
    }

    /// The points next to some point of `s`, on the board.
    #[inline]
    fn neighbours(&self, s: Bits) -> Bits {
        let east = s.shl(1).and(self.not_first);
        let west = s.shr(1).and(self.not_last);
        let north = s.shl(self.cols).and(self.on);
        let south = s.shr(self.cols);
        east.or(west).or(north).or(south)
    }

    /// The points of `within` connected to `seed` (a subset of it).
    #[inline]
    fn flood(&self, seed: Bits, within: Bits) -> Bits {
        let mut f = seed;
        loop {
            let g = f.or(self.neighbours(f)).and(within);
            if g == f {
                return f;
            }
            f = g;
        }
    }
}

/// No ko point.
const NO_KO: u16 = u16::MAX;

/// The board as two sets of points.
#[derive(Clone)]
pub struct BitBoard {
    size: Size,
    geo: Geometry,
    /// Black's stones, then White's.
    stones: [Bits; 2],
    /// 0 for Black, 1 for White.
    to_move: usize,
    ko: u16,
    passes: u8,
}

/// What [`BitBoard::unmake`](Board::unmake) needs: the captured points, the
/// ko point and the passes before the move.
#[derive(Clone, Copy, Debug)]
pub struct BitUndo {
    captured: Bits,
    ko: u16,
    passes: u8,
}

impl BitBoard {
    /// The legal stones of the side to move, as a set.
    #[inline]
    fn legal(&self) -> Bits {
        let own = self.stones[self.to_move];
        let opp = self.stones[1 - self.to_move];
        let empty = self.geo.on.and_not(own.or(opp));
        let mut candidates = empty;
        if self.ko != NO_KO {
            candidates = candidates.and_not(Bits::single(usize::from(self.ko)));
        }
        let mut legal = candidates.and(self.geo.neighbours(empty));
        for i in candidates.and_not(legal).iter() {
            if self.legal_enclosed(i, own, opp, empty) {
                legal = legal.or(Bits::single(i));
            }
        }
        legal
    }

    /// Whether the empty point `i`, whose neighbours are all stones, is
    /// legal for the owner of `own`.
    fn legal_enclosed(&self, i: usize, own: Bits, opp: Bits, empty: Bits) -> bool {
        let here = Bits::single(i);
        let around = self.geo.neighbours(here);
        let friends = around.and(own);
        if !friends.is_empty() {
            // A friend that breathes elsewhere by itself settles it without a flood.
            if !self.geo.neighbours(friends).and(empty).and_not(here).is_empty() {
                return true;
            }
            let chains = self.geo.flood(friends, own);
            if !self.geo.neighbours(chains).and(empty).and_not(here).is_empty() {
                return true;
            }
        }
        let mut done = Bits::EMPTY;
        for q in around.and(opp).iter() {
            let stone = Bits::single(q);
            // A stone that breathes elsewhere by itself keeps its chain alive.
            if done.contains(q) || !self.geo.neighbours(stone).and(empty).and_not(here).is_empty() {
                continue;
            }
            let chain = self.geo.flood(stone, opp);
            if self.geo.neighbours(chain).and(empty) == here {
                return true;
            }
            done = done.or(chain);
        }
        false
    }
}

impl Board for BitBoard {
    const REPR: Repr = Repr::Bitboard;
    type Undo = BitUndo;

    fn from_position(position: &Position) -> Self {
        let size = position.size();
        let mut stones = [Bits::EMPTY; 2];
        for (p, c) in position.stones() {
            let k = usize::from(c == Color::White);
            stones[k] = stones[k].or(Bits::single(size.index(p)));
        }
        BitBoard {
            size,
            geo: Geometry::new(size),
            stones,
            to_move: usize::from(position.to_move() == Color::White),
            ko: position.ko().map_or(NO_KO, |p| size.index(p) as u16),
            passes: position.passes(),
        }
    }

    fn position(&self) -> Position {
        let mut cells = [None; MAX_POINTS];
        for (k, cell) in cells.iter_mut().enumerate().take(self.size.points()) {
            if self.stones[0].contains(k) {
                *cell = Some(Color::Black);
            } else if self.stones[1].contains(k) {
                *cell = Some(Color::White);
            }
        }
        let to_move = if self.to_move == 0 { Color::Black } else { Color::White };
        let ko = (self.ko != NO_KO).then(|| self.size.point(usize::from(self.ko)));
        Position::from_parts(self.size, cells, to_move, ko, self.passes)
    }

    #[inline]
    fn is_over(&self) -> bool {
        self.passes >= 2
    }

    fn generate_plays(&mut self, moves: &mut MoveList) {
        moves.clear();
        for i in self.legal().iter() {
            moves.push(Move::Play(self.size.point(i)));
        }
    }

    fn count_plays(&mut self, _scratch: &mut MoveList) -> u64 {
        u64::from(self.legal().count())
    }

    fn make(&mut self, mv: Move) -> BitUndo {
        let mut undo = BitUndo { captured: Bits::EMPTY, ko: self.ko, passes: self.passes };
        let me = self.to_move;
        self.to_move = 1 - me;
        let Move::Play(point) = mv else {
            self.ko = NO_KO;
            self.passes += 1;
            return undo;
        };
        self.passes = 0;
        let here = Bits::single(self.size.index(point));
        let own = self.stones[me].or(here);
        let mut opp = self.stones[1 - me];
        let empty = self.geo.on.and_not(own.or(opp));
        let around = self.geo.neighbours(here);
        let mut done = Bits::EMPTY;
        for q in around.and(opp).iter() {
            let stone = Bits::single(q);
            if done.contains(q) || !self.geo.neighbours(stone).and(empty).is_empty() {
                continue;
            }
            let chain = self.geo.flood(stone, opp);
            if self.geo.neighbours(chain).and(empty).is_empty() {
                undo.captured = undo.captured.or(chain);
            }
            done = done.or(chain);
        }
        opp = opp.and_not(undo.captured);
        self.stones[me] = own;
        self.stones[1 - me] = opp;
        self.ko = NO_KO;
        if undo.captured.count() == 1 && around.and(own).is_empty() {
            let empty = self.geo.on.and_not(own.or(opp));
            if around.and(empty) == undo.captured {
                self.ko = undo.captured.first().map_or(NO_KO, |i| i as u16);
            }
        }
        undo
    }

    fn unmake(&mut self, mv: Move, undo: BitUndo) {
        let me = 1 - self.to_move;
        self.to_move = me;
        self.ko = undo.ko;
        self.passes = undo.passes;
        if let Move::Play(point) = mv {
            self.stones[me] = self.stones[me].and_not(Bits::single(self.size.index(point)));
            self.stones[1 - me] = self.stones[1 - me].or(undo.captured);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_do_not_wrap() {
        for size in [Size::new(19, 19).unwrap(), Size::new(5, 3).unwrap(), Size::new(1, 4).unwrap()] {
            let geo = Geometry::new(size);
            for p in size.all_points() {
                let got: Vec<usize> = geo.neighbours(Bits::single(size.index(p))).iter().collect();
                let mut want: Vec<usize> = size.neighbours(p).map(|q| size.index(q)).collect();
                want.sort_unstable();
                assert_eq!(got, want, "{size} {p}");
            }
        }
    }
}
