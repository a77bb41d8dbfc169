//! Dominoes: the double-six set of 28 tiles, the chain and its two open
//! ends, the plays a hand has, and the two-handed endgame once the boneyard
//! is empty, searched to the end with and without alpha-beta.
//!
//! The simple game of Levy (1983, ch. 18): a double is laid across its end
//! and leaves that end's number open; a player who cannot play draws from
//! the boneyard until he can, and passes when it is empty; the first to play
//! his last tile wins the pips left in the other hand. When neither can play
//! the hand is blocked: the player with fewer tiles wins the other's pips
//! (Levy: "the user would then have many fewer dominoes than the program, in
//! which case … the computer would lose the hand"), then the one with fewer
//! pips; equal hands score nothing.
//!
//! ```
//! use plybench::engine::chance::dominoes::{Line, Tile, Tiles};
//!
//! assert_eq!(Tile::ALL.len(), 28);
//! let hand: Tiles = "6-4 6-1 5-3 5-0 3-3 3-0 2-1".parse()?;
//! let line = Line::start("5-5".parse()?);
//! let plays: Vec<String> = line.plays(hand).map(|p| p.tile.to_string()).collect();
//! assert_eq!(plays, ["5-3", "5-0"]);
//! # Ok::<(), plybench::engine::chance::ChanceError>(())
//! ```

use std::fmt;
use std::str::FromStr;

use super::ChanceError;
use rustc_hash::FxHashMap;

use crate::engine::rng::SplitMix;

/// A domino: two numbers 0 to 6, the larger first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tile {
    high: u8,
    low: u8,
}

impl Tile {
    /// The 28 tiles in Levy's listing: 6-6, 6-5 … 6-0, 5-5 … 0-0.
    pub const ALL: [Tile; 28] = {
        let mut all = [Tile { high: 0, low: 0 }; 28];
        let mut i = 0;
        let mut high = 6;
        loop {
            let mut low = high;
            loop {
                all[i] = Tile { high, low };
                i += 1;
                if low == 0 {
                    break;
                }
                low -= 1;
            }
            if high == 0 {
                break;
            }
            high -= 1;
        }
        all
    };

    /// The tile of `a` and `b` (0 to 6), in either order.
    pub fn new(a: u8, b: u8) -> Result<Tile, ChanceError> {
        if a > 6 || b > 6 {
            return Err(ChanceError::BadTile(format!("{a}-{b}")));
        }
        Ok(Tile { high: a.max(b), low: a.min(b) })
    }

    /// The larger number.
    pub const fn high(self) -> u8 {
        self.high
    }

    /// The smaller number.
    pub const fn low(self) -> u8 {
        self.low
    }

    /// Whether both numbers are the same.
    pub const fn is_double(self) -> bool {
        self.high == self.low
    }

    /// The pips on the tile.
    pub const fn pips(self) -> u32 {
        (self.high + self.low) as u32
    }

    /// Whether the tile shows `n`.
    pub const fn shows(self, n: u8) -> bool {
        self.high == n || self.low == n
    }

    /// The tile's bit in a [`Tiles`] set.
    pub const fn bit(self) -> u32 {
        (self.high as u32 * (self.high as u32 + 1)) / 2 + self.low as u32
    }

    const fn from_bit(bit: u32) -> Tile {
        let mut high = 0;
        while (high + 1) * (high + 2) / 2 <= bit {
            high += 1;
        }
        Tile { high: high as u8, low: (bit - high * (high + 1) / 2) as u8 }
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.high, self.low)
    }
}

impl FromStr for Tile {
    type Err = ChanceError;

    /// `6-4` (or `4-6`).
    fn from_str(text: &str) -> Result<Tile, ChanceError> {
        let bad = || ChanceError::BadTile(text.to_owned());
        let (a, b) = text.trim().split_once('-').ok_or_else(bad)?;
        let number = |s: &str| s.parse::<u8>().ok().filter(|&n| n <= 6).ok_or_else(bad);
        Tile::new(number(a)?, number(b)?)
    }
}

/// A set of tiles, one bit per tile.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tiles(u32);

impl Tiles {
    /// No tile.
    pub const EMPTY: Tiles = Tiles(0);
    /// The whole set.
    pub const SET: Tiles = Tiles((1 << 28) - 1);

    /// The set's bits.
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// Whether `tile` is in the set.
    pub const fn contains(self, tile: Tile) -> bool {
        self.0 >> tile.bit() & 1 == 1
    }

    /// The set with `tile` added.
    #[must_use]
    pub const fn with(self, tile: Tile) -> Tiles {
        Tiles(self.0 | 1 << tile.bit())
    }

    /// The set with `tile` removed.
    #[must_use]
    pub const fn without(self, tile: Tile) -> Tiles {
        Tiles(self.0 & !(1 << tile.bit()))
    }

    /// The tiles of this set not in `other`.
    #[must_use]
    pub const fn minus(self, other: Tiles) -> Tiles {
        Tiles(self.0 & !other.0)
    }

    /// The tiles in either set.
    #[must_use]
    pub const fn union(self, other: Tiles) -> Tiles {
        Tiles(self.0 | other.0)
    }

    /// How many tiles.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The pips on all the tiles.
    pub fn pips(self) -> u32 {
        self.iter().map(Tile::pips).sum()
    }

    /// The tiles showing `n`.
    pub fn showing(self, n: u8) -> Tiles {
        self.iter().filter(|t| t.shows(n)).fold(Tiles::EMPTY, Tiles::with)
    }

    /// The tiles, 0-0 first.
    pub fn iter(self) -> impl Iterator<Item = Tile> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let bit = bits.trailing_zeros();
                bits &= bits - 1;
                Tile::from_bit(bit)
            })
        })
    }
}

impl FromStr for Tiles {
    type Err = ChanceError;

    /// Tiles separated by spaces or commas; a tile given twice is refused.
    fn from_str(text: &str) -> Result<Tiles, ChanceError> {
        let mut set = Tiles::EMPTY;
        for word in text.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty()) {
            let tile: Tile = word.parse()?;
            if set.contains(tile) {
                return Err(ChanceError::DuplicateTile(tile.to_string()));
            }
            set = set.with(tile);
        }
        Ok(set)
    }
}

impl fmt::Display for Tiles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, tile) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{tile}")?;
        }
        Ok(())
    }
}

/// A play: a tile laid at one end of the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Play {
    /// The tile.
    pub tile: Tile,
    /// The line after it.
    pub line: Line,
}

/// The line of play: empty, or its two open ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Line {
    ends: Option<(u8, u8)>,
}

impl Line {
    /// No tile down yet.
    pub const EMPTY: Line = Line { ends: None };

    /// The line of one tile.
    pub fn start(tile: Tile) -> Line {
        Line { ends: Some((tile.high, tile.low)) }
    }

    /// The open ends, if a tile is down.
    pub fn ends(self) -> Option<(u8, u8)> {
        self.ends
    }

    /// The line after `tile` is laid at the end showing `at`, or `None` if
    /// it cannot go there.
    pub fn lay(self, tile: Tile, at: u8) -> Option<Line> {
        let (a, b) = self.ends?;
        if !tile.shows(at) {
            return None;
        }
        let open = if tile.high == at { tile.low } else { tile.high };
        if a == at {
            Some(Line { ends: Some((open, b)) })
        } else if b == at {
            Some(Line { ends: Some((a, open)) })
        } else {
            None
        }
    }

    /// Every distinct play from `hand`: a tile that fits both ends counts
    /// twice when the two lines differ, once when they are the same (both
    /// ends showing one number). Heaviest tiles first (see [`HEAVIEST_FIRST`]).
    pub fn plays(self, hand: Tiles) -> impl Iterator<Item = Play> {
        let mut plays = [Play { tile: Tile::ALL[0], line: self }; 56];
        let n = self.plays_into(hand, &mut plays);
        plays.into_iter().take(n)
    }

    /// [`Line::plays`] written into `out`; returns how many.
    pub fn plays_into(self, hand: Tiles, out: &mut [Play; 56]) -> usize {
        let mut count = 0;
        for tile in HEAVIEST_FIRST {
            if !hand.contains(tile) {
                continue;
            }
            match self.ends {
                None => {
                    out[count] = Play { tile, line: Line::start(tile) };
                    count += 1;
                }
                Some((a, b)) => {
                    if let Some(line) = self.lay(tile, a) {
                        out[count] = Play { tile, line };
                        count += 1;
                    }
                    if b != a
                        && let Some(line) = self.lay(tile, b)
                    {
                        out[count] = Play { tile, line };
                        count += 1;
                    }
                }
            }
        }
        count
    }

    /// Whether `hand` has a play.
    pub fn fits(self, hand: Tiles) -> bool {
        match self.ends {
            None => !hand.is_empty(),
            Some((a, b)) => hand.iter().any(|t| t.shows(a) || t.shows(b)),
        }
    }
}

/// The 28 tiles, most pips first, then the higher tile first: the order in
/// which plays are listed and tried.
pub const HEAVIEST_FIRST: [Tile; 28] = {
    let mut order = Tile::ALL;
    let mut i = 1;
    while i < 28 {
        let mut j = i;
        while j > 0 && order[j - 1].pips() < order[j].pips() {
            let t = order[j - 1];
            order[j - 1] = order[j];
            order[j] = t;
            j -= 1;
        }
        i += 1;
    }
    order
};

/// A two-handed endgame: the boneyard is empty and both hands are known.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Endgame {
    /// The two hands.
    pub hands: [Tiles; 2],
    /// The line.
    pub line: Line,
    /// The player to move, 0 or 1.
    pub to_move: usize,
}

/// The size of the full game tree of an endgame, every line of play
/// counted (a position reached by two lines counts twice); counts saturate
/// at `u64::MAX`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TreeCount {
    /// Terminal nodes: lines of play to the end.
    pub leaves: u64,
    /// Inner nodes: a play or a pass to make.
    pub inner: u64,
    /// Children summed over the inner nodes (a pass is one child).
    pub children: u64,
    /// The longest line, in plays and passes.
    pub depth: u32,
}

impl Endgame {
    /// The endgame with `hands`, `line` and player `to_move` to play.
    pub fn new(hands: [Tiles; 2], line: Line, to_move: usize) -> Endgame {
        Endgame { hands, line, to_move: to_move & 1 }
    }

    /// The score for player 0 if the hand is over: positive when player 0
    /// wins, the pips of the loser's hand.
    pub fn result(&self) -> Option<i32> {
        let pips = |p: usize| self.hands[p].pips() as i32;
        if self.hands[0].is_empty() {
            return Some(pips(1));
        }
        if self.hands[1].is_empty() {
            return Some(-pips(0));
        }
        if !self.line.fits(self.hands[0]) && !self.line.fits(self.hands[1]) {
            let (n0, n1) = (self.hands[0].len(), self.hands[1].len());
            return Some(match n0.cmp(&n1).then(pips(0).cmp(&pips(1))) {
                std::cmp::Ordering::Less => pips(1),
                std::cmp::Ordering::Greater => -pips(0),
                std::cmp::Ordering::Equal => 0,
            });
        }
        None
    }

    /// The positions after each play or, when the player to move has none,
    /// after his pass; in the order of [`Line::plays`].
    fn children(&self, out: &mut [Endgame; 56]) -> usize {
        let mover = self.to_move;
        let mut plays = [Play { tile: Tile::ALL[0], line: self.line }; 56];
        let count = self.line.plays_into(self.hands[mover], &mut plays);
        let mut n = 0;
        for play in &plays[..count] {
            let mut next = *self;
            next.hands[mover] = next.hands[mover].without(play.tile);
            next.line = play.line;
            next.to_move = 1 - mover;
            out[n] = next;
            n += 1;
        }
        if n == 0 {
            let mut next = *self;
            next.to_move = 1 - mover;
            out[0] = next;
            n = 1;
        }
        n
    }

    /// Every line of play to the end: the full minimax tree. The counts
    /// below a position depend on the position alone, so each distinct
    /// position is expanded once (a table keyed by the position) and its
    /// counts added wherever it recurs.
    pub fn full_tree(&self) -> TreeCount {
        let mut memo = FxHashMap::default();
        self.walk(&mut memo)
    }

    /// The position packed into 64 bits: both hands, the ends, the mover.
    fn key(&self) -> u64 {
        let ends = self.line.ends.map_or(63, |(a, b)| u64::from(a) * 7 + u64::from(b));
        u64::from(self.hands[0].0) | u64::from(self.hands[1].0) << 28 | ends << 56 | (self.to_move as u64) << 62
    }

    fn walk(&self, memo: &mut FxHashMap<u64, TreeCount>) -> TreeCount {
        if self.result().is_some() {
            return TreeCount { leaves: 1, inner: 0, children: 0, depth: 0 };
        }
        if let Some(&count) = memo.get(&self.key()) {
            return count;
        }
        let mut children = [*self; 56];
        let n = self.children(&mut children);
        let mut count = TreeCount { leaves: 0, inner: 1, children: n as u64, depth: 0 };
        for child in &children[..n] {
            let below = child.walk(memo);
            count.leaves = count.leaves.saturating_add(below.leaves);
            count.inner = count.inner.saturating_add(below.inner);
            count.children = count.children.saturating_add(below.children);
            count.depth = count.depth.max(below.depth + 1);
        }
        memo.insert(self.key(), count);
        count
    }

    /// The minimax value for player 0 and the leaves alpha-beta examines,
    /// the plays tried heaviest first.
    pub fn alphabeta(&self) -> (i32, u64) {
        let mut leaves = 0;
        let value = self.ab(i32::MIN + 1, i32::MAX, &mut leaves);
        (value, leaves)
    }

    fn ab(&self, mut alpha: i32, mut beta: i32, leaves: &mut u64) -> i32 {
        if let Some(score) = self.result() {
            *leaves += 1;
            return score;
        }
        let mut children = [*self; 56];
        let n = self.children(&mut children);
        let maximizing = self.to_move == 0;
        let mut best = if maximizing { i32::MIN + 1 } else { i32::MAX };
        for child in &children[..n] {
            let value = child.ab(alpha, beta, leaves);
            if maximizing {
                best = best.max(value);
                alpha = alpha.max(best);
            } else {
                best = best.min(value);
                beta = beta.min(best);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// The minimax value for player 0, without pruning.
    pub fn minimax(&self) -> i32 {
        if let Some(score) = self.result() {
            return score;
        }
        let mut children = [*self; 56];
        let n = self.children(&mut children);
        let values = children[..n].iter().map(Endgame::minimax);
        if self.to_move == 0 { values.max().unwrap_or(0) } else { values.min().unwrap_or(0) }
    }
}

/// The endgame a random two-handed game reaches: seven tiles each, the
/// holder of the highest double laying it (a random player and tile when no
/// double is dealt), then random plays, drawing from the boneyard until a
/// tile fits, until the boneyard is empty at the start of a turn. `None`
/// when a hand goes out first.
pub fn random_endgame(rng: &mut SplitMix) -> Option<Endgame> {
    let mut order = Tile::ALL;
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
    let mut hands = [Tiles::EMPTY; 2];
    for (i, tile) in order[..14].iter().enumerate() {
        hands[i % 2] = hands[i % 2].with(*tile);
    }
    let mut boneyard = 14;
    let highest_double = (0..=6u8).rev().find_map(|n| {
        let double = Tile { high: n, low: n };
        (0..2).find(|&p| hands[p].contains(double)).map(|p| (p, double))
    });
    let (first, tile) = highest_double.unwrap_or_else(|| {
        let p = rng.below(2);
        let k = rng.below(hands[p].len() as usize);
        (p, hands[p].iter().nth(k).expect("seven tiles"))
    });
    hands[first] = hands[first].without(tile);
    let mut line = Line::start(tile);
    let mut to_move = 1 - first;
    let mut plays = [Play { tile, line }; 56];
    loop {
        if hands[0].is_empty() || hands[1].is_empty() {
            return None;
        }
        if boneyard == 0 {
            return Some(Endgame::new(hands, line, to_move));
        }
        while boneyard > 0 && !line.fits(hands[to_move]) {
            boneyard -= 1;
            hands[to_move] = hands[to_move].with(order[14 + boneyard]);
        }
        let n = line.plays_into(hands[to_move], &mut plays);
        if n > 0 {
            let play = plays[rng.below(n)];
            hands[to_move] = hands[to_move].without(play.tile);
            line = play.line;
        }
        to_move = 1 - to_move;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rng::SplitMix;

    #[test]
    fn the_set_has_each_pair_once() {
        let mut seen = Tiles::EMPTY;
        for tile in Tile::ALL {
            assert!(!seen.contains(tile));
            seen = seen.with(tile);
            assert_eq!(Tile::from_bit(tile.bit()), tile);
            assert_eq!(tile.to_string().parse::<Tile>().unwrap(), tile);
        }
        assert_eq!(seen, Tiles::SET);
        assert_eq!(Tiles::SET.pips(), 168);
        assert_eq!(Tiles::SET.showing(6).len(), 7);
        assert!("7-1".parse::<Tile>().is_err());
        assert!("6-6 6-6".parse::<Tiles>().is_err());
    }

    #[test]
    fn plays_on_a_line() {
        let line = Line::start("6-1".parse().unwrap());
        let hand: Tiles = "6-1".parse().unwrap();
        // 6-1 against ends 6 and 1: two different lines.
        assert_eq!(line.plays(hand).count(), 2);
        let doubled = Line::start("5-5".parse().unwrap());
        assert_eq!(doubled.plays("5-3".parse().unwrap()).count(), 1, "both ends show 5: one line");
        let after = doubled.lay("5-3".parse().unwrap(), 5).unwrap();
        assert_eq!(after.ends(), Some((3, 5)));
        assert_eq!(after.lay("6-6".parse().unwrap(), 6), None);
    }

    #[test]
    fn alphabeta_keeps_the_minimax_value_and_examines_no_more_leaves() {
        let mut rng = SplitMix::new(7);
        let mut checked = 0;
        while checked < 40 {
            let Some(end) = random_endgame(&mut rng) else { continue };
            let full = end.full_tree();
            let (value, leaves) = end.alphabeta();
            assert_eq!(value, end.minimax());
            assert!(leaves <= full.leaves);
            assert!(full.inner > 0 || full.leaves == 1);
            checked += 1;
        }
    }
}
