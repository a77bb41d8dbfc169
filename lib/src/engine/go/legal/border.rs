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
    /// filled empty, black and white, as [`Border::successors`] gives them.
    ///
    /// Most fills touch no chain without a liberty: the point above and the
    /// point to the left are off the board, empty or live stones. Those are
    /// made on the key itself, by replacing the point's three bits and
    /// moving the colour bit of the point after it; the others are decoded.
    #[inline]
    pub fn successors_of_key(key: u64, width: usize, col: usize) -> [Option<u64>; 3] {
        let code = |i: usize| ((key >> (3 * i)) & 7) as u8;
        let up = code(col);
        let left = if col > 0 { code(col - 1) } else { OFF };
        if up >= HUNGRY || left >= HUNGRY {
            return Border::decode(key, width, col).successors(col);
        }
        let next_bump = if col + 1 == width { 0 } else { col + 1 };
        // The point's bits cleared, and its colour bit: bit 60 for column 0,
        // bit 61 for the bump.
        let colour_bit = if col == 0 { FIRST_COLOUR } else { BUMP_COLOUR };
        let mut base = key & !(7 << (3 * col)) & !(1 << colour_bit);
        // A first stone of a chain without a liberty right after the point
        // took its colour from the point above (a live stone of the other
        // colour); with the bump past it, its colour goes in bit 61.
        let mut in_use = if col == 0 { 0 } else { (1 << FIRST_COLOUR) & Self::first_hungry(key, 0) };
        if next_bump != 0 {
            let after = code(next_bump);
            if after & (HUNGRY | HAS_LEFT) == HUNGRY {
                base |= u64::from((up & 1) ^ 1) << BUMP_COLOUR;
                in_use |= 1 << BUMP_COLOUR;
            }
        }
        let with = |code: u8, extra: u64, in_use: u64| {
            let k = base | (u64::from(code) << (3 * col)) | extra;
            let swapped = k ^ ((k >> 1) & !(k >> 2) & LOW_BITS) ^ in_use;
            k.min(swapped)
        };
        let stone = |colour: u8| {
            if up == EMPTY || left == EMPTY || up == live(colour) || left == live(colour) {
                with(live(colour), 0, in_use)
            } else if col == 0 {
                // A chain of one stone in column 0: its colour in bit 60.
                with(HUNGRY, u64::from(colour) << FIRST_COLOUR, in_use | 1 << FIRST_COLOUR)
            } else {
                // Its left neighbour is a live stone of the other colour.
                with(HUNGRY, 0, in_use)
            }
        };
        [Some(with(EMPTY, 0, in_use)), Some(stone(0)), Some(stone(1))]
    }

    /// All ones when point `i` of `key` is the first stone of a chain
    /// without a liberty, else zero.
    #[inline]
    fn first_hungry(key: u64, i: usize) -> u64 {
        if (key >> (3 * i)) & u64::from(HUNGRY | HAS_LEFT) == u64::from(HUNGRY) { !0 } else { 0 }
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
        let mut fast = 0;
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
                    fast += usize::from(up < hungry && left < hungry);
                    next.extend(slow.into_iter().flatten());
                }
                layer = next;
            }
        }
        // The fast path was taken, with chains without a liberty elsewhere
        // on the border among them.
        assert!(fast > 10_000, "{fast}");
    }

    #[test]
    fn final_states_have_no_hungry_stone() {
        assert!(Border::is_final(border("x.o").key(0), 3));
        assert!(!Border::is_final(border("xA.").key(0), 3));
    }
}
