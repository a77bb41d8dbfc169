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

/// The state of one border point after decoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Point {
    Off,
    Empty,
    /// A stone whose chain has a liberty, of colour 0 (black) or 1.
    Live(u8),
    /// A stone of a chain without a liberty: colour and chain label.
    Hungry(u8, u8),
}

/// A decoded border: the points of one state, with chain labels.
#[derive(Clone, Copy, Debug)]
pub struct Border {
    points: [Point; MAX_WIDTH],
    width: usize,
}

impl Border {
    /// The border before the first point: every point off the board.
    pub fn initial(width: usize) -> Border {
        Border { points: [Point::Off; MAX_WIDTH], width }
    }

    /// Decodes `key` for a border of `width` points whose next point to
    /// fill is in column `bump`. The labels of the chains are the columns
    /// of their first stones.
    pub fn decode(key: u64, width: usize, bump: usize) -> Border {
        let mut points = [Point::Off; MAX_WIDTH];
        // Open chains (label, colour): the innermost is on top.
        let mut open = [(0u8, 0u8); MAX_WIDTH];
        let mut depth = 0;
        let mut left_colour = 0u8;
        for (i, point) in points.iter_mut().enumerate().take(width) {
            let code = ((key >> (3 * i)) & 7) as u8;
            *point = match code {
                OFF => Point::Off,
                EMPTY => Point::Empty,
                2 | 3 => Point::Live(code - LIVE),
                _ => {
                    let (label, colour) = if code & HAS_LEFT != 0 {
                        let (label, colour) = open[depth - 1];
                        if code & HAS_RIGHT == 0 {
                            depth -= 1;
                        }
                        (label, colour)
                    } else {
                        let colour = if i == 0 {
                            (key >> FIRST_COLOUR) as u8 & 1
                        } else if i == bump {
                            (key >> BUMP_COLOUR) as u8 & 1
                        } else {
                            left_colour ^ 1
                        };
                        if code & HAS_RIGHT != 0 {
                            open[depth] = (i as u8, colour);
                            depth += 1;
                        }
                        (i as u8, colour)
                    };
                    Point::Hungry(colour, label)
                }
            };
            if let Point::Live(c) | Point::Hungry(c, _) = *point {
                left_colour = c;
            }
        }
        Border { points, width }
    }

    /// The key of this border when the next point to fill is in column
    /// `bump`: the smaller of its key and its colour swap's.
    pub fn key(&self, bump: usize) -> u64 {
        let mut key = 0u64;
        // The column where each label was last seen, to link the stones of
        // a chain.
        let mut last = [u8::MAX; 2 * MAX_WIDTH + 2];
        let mut swap_bits = 0u64;
        for i in 0..self.width {
            let code = match self.points[i] {
                Point::Off => OFF,
                Point::Empty => EMPTY,
                Point::Live(c) => LIVE + c,
                Point::Hungry(c, label) => {
                    let seen = last[label as usize];
                    last[label as usize] = i as u8;
                    if seen == u8::MAX {
                        // A first stone: its colour goes in a bit where the
                        // left neighbour does not give it.
                        let bit = if i == 0 {
                            Some(FIRST_COLOUR)
                        } else if i == bump {
                            Some(BUMP_COLOUR)
                        } else {
                            None
                        };
                        if let Some(bit) = bit {
                            key |= u64::from(c) << bit;
                            swap_bits |= 1 << bit;
                        }
                        HUNGRY
                    } else {
                        key |= u64::from(HAS_RIGHT) << (3 * seen as usize);
                        HUNGRY | HAS_LEFT
                    }
                }
            };
            key |= u64::from(code) << (3 * i);
        }
        // Live stones are 010 and 011: swap bit 0 where bit 1 is set and
        // bit 2 is not.
        let swapped = key ^ ((key >> 1) & !(key >> 2) & LOW_BITS) ^ swap_bits;
        key.min(swapped)
    }

    /// Whether no chain lacks a liberty: a complete board in this state is
    /// legal.
    pub fn is_final(key: u64, width: usize) -> bool {
        (0..width).all(|i| (key >> (3 * i)) & 4 == 0)
    }

    /// The successors of this border when the point in column `col` is
    /// filled empty, black and white, as keys for the next point's bump;
    /// `None` where a chain dies.
    pub fn successors(&self, col: usize) -> [Option<u64>; 3] {
        let next_bump = if col + 1 == self.width { 0 } else { col + 1 };
        let up = self.points[col];
        let left = if col > 0 { self.points[col - 1] } else { Point::Off };
        let mut out = [None; 3];

        let mut empty = *self;
        empty.liberate(up);
        empty.liberate(left);
        empty.points[col] = Point::Empty;
        out[0] = Some(empty.key(next_bump));

        for colour in 0..2u8 {
            out[1 + colour as usize] = self.with_stone(col, colour, up, left).map(|b| b.key(next_bump));
        }
        out
    }

    /// This border with a stone of `colour` in column `col`; `None` when
    /// the enemy chain above loses its last border stone without a liberty.
    fn with_stone(&self, col: usize, colour: u8, up: Point, left: Point) -> Option<Border> {
        if let Point::Hungry(c, label) = up
            && c != colour
            && !self.points[..self.width]
                .iter()
                .enumerate()
                .any(|(i, p)| i != col && *p == Point::Hungry(c, label))
        {
            return None;
        }
        let mut next = *self;
        let gives_liberty = |p: Point| p == Point::Empty || p == Point::Live(colour);
        if gives_liberty(up) || gives_liberty(left) {
            for p in [up, left] {
                if matches!(p, Point::Hungry(c, _) if c == colour) {
                    next.liberate(p);
                }
            }
            next.points[col] = Point::Live(colour);
        } else {
            // A new chain, or the own chains above and to the left merged,
            // under a label no chain uses (labels are columns below
            // MAX_WIDTH; the key does not depend on them).
            let merged = Point::Hungry(colour, MAX_WIDTH as u8 + 1);
            for p in [up, left] {
                if matches!(p, Point::Hungry(c, _) if c == colour) {
                    for q in &mut next.points[..self.width] {
                        if *q == p {
                            *q = merged;
                        }
                    }
                }
            }
            next.points[col] = merged;
        }
        Some(next)
    }

    /// Every stone of the chain of `p` gets a liberty (nothing unless `p`
    /// is a stone of a chain without one).
    fn liberate(&mut self, p: Point) {
        if let Point::Hungry(colour, _) = p {
            for q in &mut self.points[..self.width] {
                if *q == p {
                    *q = Point::Live(colour);
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
                '#' => Point::Off,
                '.' => Point::Empty,
                'x' => Point::Live(0),
                'o' => Point::Live(1),
                'A'..='Z' => Point::Hungry(0, ch as u8 - b'A'),
                _ => Point::Hungry(1, ch as u8 - b'a' + 10),
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
            .map(|p| match *p {
                Point::Off => '#',
                Point::Empty => '.',
                Point::Live(0) => 'x',
                Point::Live(_) => 'o',
                Point::Hungry(c, label) => {
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
    fn final_states_have_no_hungry_stone() {
        assert!(Border::is_final(border("x.o").key(0), 3));
        assert!(!Border::is_final(border("xA.").key(0), 3));
    }
}
