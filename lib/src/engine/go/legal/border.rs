//! The border state of the legal-position program in one 64-bit key: three
//! bits a point, and two colour bits for the points whose colour cannot be
//! read from their left neighbour.
//!
//! The border is the last `width` points filled, one per column. Before the
//! point of column `bump` is filled, border points `0..bump` lie on the
//! current row and `bump..width` on the row above, so every two neighbours
//! on the border are neighbours on the board except the pair
//! (`bump - 1`, `bump`). A point is one of:
//!
//! | code | meaning |
//! |------|---------|
//! | 0 | off the board (above the first row) |
//! | 1 | empty |
//! | 2, 3 | a black or white stone whose chain has a liberty |
//! | 4 + flags | a stone whose chain has none yet ("hungry") |
//!
//! The hungry chains on the border never cross (the filled part of the
//! board is planar and the border is its edge), so the chains are recorded
//! as nested brackets: flag 1 says another stone of the chain lies to the
//! left on the border, flag 2 one to the right. The colour of a hungry
//! stone is not stored: a later stone of a chain has its chain's colour,
//! and the first stone of a chain has the colour opposite to its left
//! neighbour on the board, which cannot be empty (the stone would have a
//! liberty), nor a stone of its colour (the two would be one chain, or the
//! stone would have a liberty through it). Only two first stones have no
//! left neighbour on the board, the one in column 0 and the one in column
//! `bump`; their colours are bits 60 and 61 (0 when they are not first
//! stones of hungry chains). A border of 19 points takes 57 bits.
//!
//! Swapping the colours of every stone maps legal positions to legal
//! positions, so a state and its colour swap have the same completions;
//! [`Border::key`] returns the smaller of the two keys, which halves the
//! states.

/// The widest border: 19 points of three bits, and the two colour bits.
pub const MAX_WIDTH: usize = 19;

const OFF: u8 = 0;
const EMPTY: u8 = 1;
/// A stone with a liberty: `LIVE + colour` (0 black, 1 white).
const LIVE: u8 = 2;
const HUNGRY: u8 = 4;
const HAS_LEFT: u8 = 1;
const HAS_RIGHT: u8 = 2;

/// The colour of the first stone in column 0.
const FIRST_COLOUR: u32 = 60;
/// The colour of the first stone of a chain in column `bump`.
const BUMP_COLOUR: u32 = 61;

/// Bit 0 of every 3-bit point, for the colour swap of the live stones.
const LOW_BITS: u64 = 0o1111111111111111111;

/// A decoded border point: 0 off, 1 empty, 2 + colour a live stone, and
/// `HUNGRY + 2·label + colour` a stone of the chain `label` without a
/// liberty. The colour of a stone is its low bit.
type Point = u8;

const fn live(colour: u8) -> Point {
    LIVE + colour
}

const fn hungry(colour: u8, label: u8) -> Point {
    HUNGRY + 2 * label + colour
}

/// A label no decoded chain has (decoded labels are columns).
const MERGED: u8 = MAX_WIDTH as u8;

/// A decoded border: the points of one state, with chain labels.
#[derive(Clone, Copy, Debug)]
pub struct Border {
    points: [Point; MAX_WIDTH],
    width: usize,
}

impl Border {
    /// The border before the first point: every point off the board.
    pub fn initial(width: usize) -> Border {
        Border { points: [OFF; MAX_WIDTH], width }
    }

    /// Decodes `key` for a border of `width` points whose next point to
    /// fill is in column `bump`. The labels of the chains are the columns
    /// of their first stones.
    #[inline]
    pub fn decode(key: u64, width: usize, bump: usize) -> Border {
        let mut points = [OFF; MAX_WIDTH];
        for (i, point) in points.iter_mut().enumerate().take(width) {
            *point = ((key >> (3 * i)) & 7) as u8;
        }
        // Then the hungry stones, left to right; the open chains are kept
        // innermost on top.
        let mut hungry_bits = key & (LOW_BITS << 2) & ((1 << (3 * width)) - 1);
        let mut open = [0u8; MAX_WIDTH];
        let mut depth = 0;
        while hungry_bits != 0 {
            let i = hungry_bits.trailing_zeros() as usize / 3;
            hungry_bits &= hungry_bits - 1;
            let code = points[i];
            points[i] = if code & HAS_LEFT != 0 {
                let p = open[depth - 1];
                if code & HAS_RIGHT == 0 {
                    depth -= 1;
                }
                p
            } else {
                let colour = if i == 0 {
                    (key >> FIRST_COLOUR) as u8 & 1
                } else if i == bump {
                    (key >> BUMP_COLOUR) as u8 & 1
                } else {
                    // The left neighbour, already decoded, is a stone of
                    // the other colour.
                    (points[i - 1] & 1) ^ 1
                };
                let p = hungry(colour, i as u8);
                if code & HAS_RIGHT != 0 {
                    open[depth] = p;
                    depth += 1;
                }
                p
            };
        }
        Border { points, width }
    }

    /// The key of this border when the next point to fill is in column
    /// `bump`: the smaller of its key and its colour swap's.
    #[inline]
    pub fn key(&self, bump: usize) -> u64 {
        let mut key = 0u64;
        // Labels seen, and the column where each was last seen, to link
        // the stones of a chain.
        let mut seen = 0u64;
        let mut last = [0u8; 2 * MAX_WIDTH + 2];
        let mut swap_bits = 0u64;
        for (i, &p) in self.points[..self.width].iter().enumerate() {
            let code = if p < HUNGRY {
                p
            } else {
                let chain = (p - HUNGRY) as usize;
                let before = last[chain] as usize;
                last[chain] = i as u8;
                if seen & (1 << chain) == 0 {
                    seen |= 1 << chain;
                    // A first stone: its colour goes in a bit where the
                    // left neighbour does not give it.
                    if i == 0 || i == bump {
                        let bit = if i == 0 { FIRST_COLOUR } else { BUMP_COLOUR };
                        key |= u64::from(p & 1) << bit;
                        swap_bits |= 1 << bit;
                    }
                    HUNGRY
                } else {
                    key |= u64::from(HAS_RIGHT) << (3 * before);
                    HUNGRY | HAS_LEFT
                }
            };
            key |= u64::from(code) << (3 * i);
        }
        // Live stones are 010 and 011: swap bit 0 where bit 1 is set and
        // bit 2 is not.
        let swapped = key ^ ((key >> 1) & !(key >> 2) & LOW_BITS) ^ swap_bits;
        key.min(swapped)
    }

    /// The successors of the state `key` when the point in column `col` is
    /// filled empty, black and white, as [`Border::successors`] gives them,
    /// but made on the border's sets of columns (`Planes`, below) rather than on
    /// its points: no branch depends on the state but the one pass over its
    /// stones without a liberty.
    #[inline]
    pub fn successors_of_key(key: u64, width: usize, col: usize) -> [Option<u64>; 3] {
        Planes::decode(key, col).successors(col, width)
    }

    /// Whether no chain lacks a liberty: a complete board in this state is
    /// legal.
    pub fn is_final(key: u64, width: usize) -> bool {
        (0..width).all(|i| (key >> (3 * i)) & 4 == 0)
    }

    /// The successors of this border when the point in column `col` is
    /// filled empty, black and white, as keys for the next point's bump;
    /// `None` where a chain dies.
    #[inline]
    pub fn successors(&self, col: usize) -> [Option<u64>; 3] {
        let next_bump = if col + 1 == self.width { 0 } else { col + 1 };
        let up = self.points[col];
        let left = if col > 0 { self.points[col - 1] } else { OFF };
        let mut empty = *self;
        empty.liberate(up);
        empty.liberate(left);
        empty.points[col] = EMPTY;
        [
            Some(empty.key(next_bump)),
            self.with_stone(col, 0, up, left).map(|b| b.key(next_bump)),
            self.with_stone(col, 1, up, left).map(|b| b.key(next_bump)),
        ]
    }

    /// This border with a stone of `colour` in column `col`; `None` when
    /// the enemy chain above loses its last border stone without a liberty.
    #[inline]
    fn with_stone(&self, col: usize, colour: u8, up: Point, left: Point) -> Option<Border> {
        let points = &self.points[..self.width];
        if up >= HUNGRY && up & 1 != colour && !points.iter().enumerate().any(|(i, &p)| i != col && p == up) {
            return None;
        }
        let mut next = *self;
        let own = |p: Point| p >= HUNGRY && p & 1 == colour;
        if up == EMPTY || left == EMPTY || up == live(colour) || left == live(colour) {
            if own(up) {
                next.liberate(up);
            }
            if own(left) {
                next.liberate(left);
            }
            next.points[col] = live(colour);
        } else {
            // A new chain, or the own chains above and to the left merged,
            // under a label no chain uses (the key does not depend on it).
            let merged = hungry(colour, MERGED);
            for q in &mut next.points[..self.width] {
                if (own(up) && *q == up) || (own(left) && *q == left) {
                    *q = merged;
                }
            }
            next.points[col] = merged;
        }
        Some(next)
    }

    /// Every stone of the chain of `p` gets a liberty (nothing unless `p`
    /// is a stone of a chain without one).
    #[inline]
    fn liberate(&mut self, p: Point) {
        if p >= HUNGRY {
            for q in &mut self.points[..self.width] {
                if *q == p {
                    *q = live(p & 1);
                }
            }
        }
    }
}

/// Bit `i` of `set` moved to bit `3 i` (the inverse of [`gather`]).
#[inline]
const fn spread(set: u32) -> u64 {
    let mut x = set as u64 & 0x1f_ffff;
    x = (x | x << 32) & 0x001f_0000_0000_ffff;
    x = (x | x << 16) & 0x001f_0000_ff00_00ff;
    x = (x | x << 8) & 0x100f_00f0_0f00_f00f;
    x = (x | x << 4) & 0x10c3_0c30_c30c_30c3;
    (x | x << 2) & 0x1249_2492_4924_9249
}

/// Bits `3 i` of `bits` gathered into bit `i` (for `i` below 19).
#[inline]
const fn gather(bits: u64) -> u32 {
    let mut x = bits & 0x0049_2492_4924_9249;
    x = (x | x >> 2) & 0x10c3_0c30_c30c_30c3;
    x = (x | x >> 4) & 0x100f_00f0_0f00_f00f;
    x = (x | x >> 8) & 0x001f_0000_ff00_00ff;
    x = (x | x >> 16) & 0x001f_0000_0000_ffff;
    ((x | x >> 32) & 0x1f_ffff) as u32
}

/// `yes` where `condition` holds, else `no`, without a branch.
#[inline]
fn pick(condition: bool, yes: u32, no: u32) -> u32 {
    let mask = 0u32.wrapping_sub(u32::from(condition));
    (yes & mask) | (no & !mask)
}

/// A border as sets of columns, one bit a column: the form in which the
/// successors of a state are made without a branch on its points.
///
/// The key's three bit planes are gathered into sets (empty points, live
/// stones of each colour, stones without a liberty and those of them with
/// a stone of their chain to the left or the right), and the colour of
/// every stone without a liberty is found in one pass over those stones.
/// Only the chains of the point filled (`up`) and of its left neighbour
/// (`left`) can change, so they are the only chains kept whole.
#[derive(Clone, Copy, Debug)]
struct Planes {
    empty: u32,
    /// Live stones, black and white.
    live: [u32; 2],
    /// Stones of chains without a liberty.
    hungry: u32,
    /// Of those, the stones with a stone of their chain to the left.
    has_left: u32,
    /// Of those, the stones with a stone of their chain to the right.
    has_right: u32,
    /// Of those, the white stones.
    white: u32,
    /// The chain without a liberty of the point to be filled (no column
    /// when that point is not such a stone), and of its left neighbour.
    up: u32,
    left: u32,
}

impl Planes {
    /// Decodes `key` before the point of column `bump` is filled.
    #[inline]
    fn decode(key: u64, bump: usize) -> Planes {
        let [b0, b1, b2] = [gather(key), gather(key >> 1), gather(key >> 2)];
        let (hungry, has_left, has_right) = (b2, b2 & b0, b2 & b1);
        let stones = !b2 & b1;
        let live = [stones & !b0, stones & b0];
        // The chains in one pass over their stones, left to right: the open
        // chains (a stone of theirs still to come) on a stack, innermost on
        // top; a stone with its chain to the left continues the top chain.
        let mut chains = [0u32; 32];
        let mut colours = 0u32;
        let mut stack = [0u8; 32];
        let (mut depth, mut fresh) = (0usize, 0usize);
        let mut white = 0u32;
        let (mut at_bump, mut before_bump) = (0usize, 0usize);
        let (first_colour, bump_colour) = ((key >> FIRST_COLOUR) as u32 & 1, (key >> BUMP_COLOUR) as u32 & 1);
        let mut todo = hungry;
        while todo != 0 {
            let i = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let continued = (has_left >> i) as usize & 1;
            let top = usize::from(stack[depth.wrapping_sub(1) % stack.len()]);
            let chain = if continued == 1 { top } else { fresh };
            // A first stone's colour is opposite to its left neighbour's
            // (decoded already), but in column 0 and at the bump. Chosen by
            // masks: which case comes is a coin toss to the predictor.
            let neighbour = !((live[1] | white) >> (i.wrapping_sub(1) % 32)) & 1;
            let first = pick(i == 0, first_colour, pick(i == bump, bump_colour, neighbour));
            let colour = pick(continued == 1, colours >> (chain % 32) & 1, first);
            fresh += 1 - continued;
            chains[chain % 32] |= 1 << i;
            colours |= colour << chain;
            white |= colour << i;
            let under = depth.wrapping_sub(continued) % stack.len();
            stack[under] = chain as u8;
            depth = under + ((has_right >> i) as usize & 1);
            if i == bump {
                at_bump = chain;
            }
            if i + 1 == bump {
                before_bump = chain;
            }
        }
        let chain_at = |i: usize, chain: usize| if hungry >> i & 1 == 1 { chains[chain % 32] } else { 0 };
        Planes {
            empty: !b2 & b0 & !b1,
            live,
            hungry,
            has_left,
            has_right,
            white,
            up: chain_at(bump, at_bump),
            left: if bump > 0 { chain_at(bump - 1, before_bump) } else { 0 },
        }
    }

    /// Removes the chain `chain` (columns) from the stones without a
    /// liberty.
    #[inline]
    fn without(&mut self, chain: u32) {
        self.hungry &= !chain;
        self.has_left &= !chain;
        self.has_right &= !chain;
        self.white &= !chain;
    }

    /// Adds `chain` (columns, not empty) as a chain without a liberty.
    #[inline]
    fn with_chain(&mut self, chain: u32, colour: u32) {
        let last = 1u32 << (31 - chain.leading_zeros());
        self.hungry |= chain;
        self.has_left |= chain & chain.wrapping_sub(1);
        self.has_right |= chain & !last;
        self.white |= chain & 0u32.wrapping_sub(colour);
    }

    /// The successors when the point of column `col` is filled empty, black
    /// and white.
    #[inline]
    fn successors(&self, col: usize, width: usize) -> [Option<u64>; 3] {
        let next_bump = if col + 1 == width { 0 } else { col + 1 };
        let at = 1u32 << col;
        let beside = at | (at >> 1);
        let (up, left) = (self.up, self.left);
        let up_colour = self.white >> col & 1;
        let left_colour = if col > 0 { self.white >> (col - 1) & 1 } else { 0 };
        // The point's old content gone; a chain of the point above loses it.
        let mut base = *self;
        base.empty &= !at;
        base.live[0] &= !at;
        base.live[1] &= !at;
        base.without(up);
        let rest = up & !at;
        if rest != 0 {
            base.with_chain(rest, up_colour);
        }
        // Empty: the chains above and to the left get a liberty.
        let mut empty = base;
        empty.without(left);
        empty.without(rest);
        empty.live[up_colour as usize] |= rest;
        empty.live[left_colour as usize] |= left & !at;
        empty.empty |= at;
        let stone = |colour: u32| {
            if up == at && up_colour != colour {
                // The enemy chain above loses its last stone on the border.
                return None;
            }
            let own_up = if up_colour == colour { rest } else { 0 };
            let own_left = if left_colour == colour { left } else { 0 };
            let mut next = base;
            next.without(own_up | own_left);
            if (self.empty | self.live[colour as usize]) & beside != 0 {
                next.live[colour as usize] |= own_up | own_left | at;
            } else {
                next.with_chain(own_up | own_left | at, colour);
            }
            Some(next.key(next_bump))
        };
        [Some(empty.key(next_bump)), stone(0), stone(1)]
    }

    /// The key when the next point to fill is in column `bump`: the smaller
    /// of the border's and its colour swap's.
    #[inline]
    fn key(&self, bump: usize) -> u64 {
        let [black, white] = self.live;
        let mut key = spread(self.empty | white | self.has_left)
            | spread(black | white | self.has_right) << 1
            | spread(self.hungry) << 2;
        // The colours of first stones in column 0 and at the bump.
        let first = self.hungry & !self.has_left;
        let mut in_use = 0u64;
        if first & 1 != 0 {
            key |= u64::from(self.white & 1) << FIRST_COLOUR;
            in_use |= 1 << FIRST_COLOUR;
        }
        if bump != 0 && first >> bump & 1 != 0 {
            key |= u64::from(self.white >> bump & 1) << BUMP_COLOUR;
            in_use |= 1 << BUMP_COLOUR;
        }
        let swapped = key ^ ((key >> 1) & !(key >> 2) & LOW_BITS) ^ in_use;
        key.min(swapped)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A border from a string: `#` off, `.` empty, `x`/`o` live stones,
    /// `A`.. black and `a`.. white hungry stones (one letter a chain).
    fn border(text: &str) -> Border {
        let mut b = Border::initial(text.len());
        for (i, ch) in text.chars().enumerate() {
            b.points[i] = match ch {
                '#' => OFF,
                '.' => EMPTY,
                'x' => live(0),
                'o' => live(1),
                'A'..='Z' => hungry(0, ch as u8 - b'A'),
                _ => hungry(1, ch as u8 - b'a' + 10),
            };
        }
        b
    }

    fn show(b: &Border) -> String {
        // Each colour's chains lettered in order of first appearance, as
        // the tests write them.
        let mut names: [Vec<u8>; 2] = [Vec::new(), Vec::new()];
        b.points[..b.width]
            .iter()
            .map(|&p| match p {
                OFF => '#',
                EMPTY => '.',
                2 => 'x',
                3 => 'o',
                _ => {
                    let (c, label) = (p & 1, (p - HUNGRY) / 2);
                    let seen = &mut names[c as usize];
                    let n = seen.iter().position(|&x| x == label).unwrap_or_else(|| {
                        seen.push(label);
                        seen.len() - 1
                    });
                    (if c == 0 { b'A' } else { b'a' } + n as u8) as char
                }
            })
            .collect()
    }

    /// The colours of `text` swapped.
    fn swap(text: &str) -> String {
        text.chars()
            .map(|c| match c {
                'x' => 'o',
                'o' => 'x',
                c if c.is_ascii_uppercase() => c.to_ascii_lowercase(),
                c if c.is_ascii_lowercase() => c.to_ascii_uppercase(),
                c => c,
            })
            .collect()
    }

    #[test]
    fn keys_decode_to_the_same_chains() {
        // Nested chains, chains of both colours, and first stones at the
        // bump whose left neighbour on the border is not their neighbour.
        for (text, bump) in [("AaBAbA", 0), ("AaBAbA", 3), ("x.AA", 2), ("aAAa", 0), ("oA#", 2), ("ABo", 1)] {
            let key = border(text).key(bump);
            let back = Border::decode(key, text.len(), bump);
            let shown = show(&back);
            // The key may stand for the colour swap.
            assert!(shown == text || shown == swap(text), "{text} at {bump}: {shown}");
            assert_eq!(back.key(bump), key, "{text}");
        }
    }

    #[test]
    fn a_state_and_its_colour_swap_share_a_key() {
        for text in ["xA.", "AaBA", "#x", "aAAa"] {
            for bump in 0..text.len() {
                assert_eq!(border(text).key(bump), border(&swap(text)).key(bump), "{text} at {bump}");
            }
        }
    }

    #[test]
    fn a_chain_dies_when_its_last_stone_leaves() {
        // Column 1 holds the only stone of a white chain without a liberty.
        let b = border("xax");
        let [empty, black, white] = b.successors(1);
        assert!(empty.is_some() && white.is_some());
        assert_eq!(black, None);
        // With another stone on the border the chain lives on.
        let b = border("aax");
        assert!(b.successors(1)[1].is_some());
    }

    #[test]
    fn successors_made_on_the_key_equal_the_decoded_ones() {
        // Every state reached on boards up to 7 wide and 6 rows deep.
        let (mut untouched, mut touched) = (0, 0);
        for width in 1..=7 {
            let mut layer = std::collections::BTreeSet::from([Border::initial(width).key(0)]);
            for point in 0..6 * width {
                let col = point % width;
                let mut next = std::collections::BTreeSet::new();
                for &key in &layer {
                    let slow = Border::decode(key, width, col).successors(col);
                    assert_eq!(Border::successors_of_key(key, width, col), slow, "{key:o}, width {width}, col {col}");
                    let up = (key >> (3 * col)) & 7;
                    let left = if col > 0 { (key >> (3 * (col - 1))) & 7 } else { 0 };
                    let hungry = u64::from(HUNGRY);
                    let changes_no_chain = up < hungry && left < hungry;
                    untouched += usize::from(changes_no_chain);
                    touched += usize::from(!changes_no_chain);
                    next.extend(slow.into_iter().flatten());
                }
                layer = next;
            }
        }
        // Both kinds of state were met many times: those whose fill
        // changes no chain without a liberty, and those whose fill does.
        assert!(untouched > 10_000, "{untouched}");
        assert!(touched > 10_000, "{touched}");
    }

    #[test]
    fn columns_spread_to_bit_planes_and_back() {
        for set in [0, 1, 0b101, 0x7_ffff, 0x4_0001, 0x5_5555, 0x2_aaaa] {
            let bits = spread(set);
            assert_eq!(bits & !LOW_BITS, 0, "{set:b}");
            assert_eq!(gather(bits), set, "{set:b}");
            // The other two planes and the colour bits are not gathered.
            assert_eq!(gather(bits << 1 | bits << 2 | 3 << FIRST_COLOUR), 0, "{set:b}");
        }
    }

    #[test]
    fn successors_on_wide_borders_equal_the_decoded_ones() {
        // Up to the widest border, where the colour bits sit just above
        // the points: 3,000 states of each layer, picked by hash, eight
        // rows deep.
        for width in [8, 12, 15, MAX_WIDTH] {
            let mut layer = vec![Border::initial(width).key(0)];
            for point in 0..8 * width {
                let col = point % width;
                let mut next = Vec::new();
                for &key in &layer {
                    let slow = Border::decode(key, width, col).successors(col);
                    assert_eq!(Border::successors_of_key(key, width, col), slow, "{key:o}, width {width}, col {col}");
                    next.extend(slow.into_iter().flatten());
                }
                next.sort_unstable_by_key(|&key| (crate::engine::go::legal::table::mix(key), key));
                next.dedup();
                next.truncate(3_000);
                layer = next;
            }
            assert!(layer.iter().any(|&key| !Border::is_final(key, width)), "width {width}");
        }
    }

    #[test]
    fn final_states_have_no_hungry_stone() {
        assert!(Border::is_final(border("x.o").key(0), 3));
        assert!(!Border::is_final(border("xA.").key(0), 3));
    }
}
