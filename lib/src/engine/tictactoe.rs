//! The full tic-tac-toe game tree from the empty board, searched as in
//! Levy's Tasks 3 and 4 (1983, chapters 3 and 4).
//!
//! Conventions, so that the counts can be reproduced:
//!
//! - Squares are numbered 1..9 in reading order (Levy's Figure 18a).
//! - X (the program, MAX) moves first. A game ends as soon as a player
//!   completes a line, or when the board is full. Scores are from X's side:
//!   +1 win, 0 draw, −1 loss; no bonus for winning sooner.
//! - Alpha-beta is fail-soft, in negamax form; with plain alpha-beta
//!   fail-hard visits exactly the same nodes (a child gets the same window
//!   either way), so the counts hold for both.
//! - *Leaves* are terminal positions evaluated (a win or a full board);
//!   *nodes* are all positions visited except the root, i.e. moves made, as
//!   Levy counts them. *Nodes with the root* count the root too, once for
//!   each search of it (a window's re-search visits it again): the
//!   convention of the figure usually quoted for the full tree, one node per
//!   call of the search function, 549,946.
//! - Killer heuristic, Levy's simplest form: one killer per ply, the move
//!   (square) that produced the last cutoff at that ply; at the next node of
//!   that ply it is tried first if the square is free.
//! - Window: the root is searched with (−0.9, +0.9) instead of (−∞, +∞);
//!   were the value to fall outside, it would be searched again with the
//!   open side, and the re-search counted.
//! - Symmetry (optional): at each node, a move is skipped when the position
//!   it leads to is one of the eight rotations and reflections of a
//!   position reached by an earlier move from the same node.

use crate::engine::rng::{SplitMix, mix};

/// Square sets as 9-bit masks, square 1 = bit 0.
pub(crate) const LINES: [u16; 8] = [0o007, 0o070, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124];

/// Scores are kept in tenths so that the window ±0.9 is an integer.
const WIN: i32 = 10;
const BOUND: i32 = 1000;

/// The eight symmetries of the board as square permutations (0-based).
pub(crate) const SYMMETRIES: [[u8; 9]; 8] = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8],
    [6, 3, 0, 7, 4, 1, 8, 5, 2],
    [8, 7, 6, 5, 4, 3, 2, 1, 0],
    [2, 5, 8, 1, 4, 7, 0, 3, 6],
    [2, 1, 0, 5, 4, 3, 8, 7, 6],
    [6, 7, 8, 3, 4, 5, 0, 1, 2],
    [0, 3, 6, 1, 4, 7, 2, 5, 8],
    [8, 5, 2, 7, 4, 1, 6, 3, 0],
];

/// Levy's move order: centre, corners, edges (squares 5 1 3 7 9 2 4 6 8).
pub const LEVY_ORDER: [u8; 9] = [4, 0, 2, 6, 8, 1, 3, 5, 7];
/// Reading order, squares 1..9.
pub const NATURAL_ORDER: [u8; 9] = [0, 1, 2, 3, 4, 5, 6, 7, 8];

/// The order in which moves are generated.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum TicOrder {
    /// Squares 1..9 in reading order.
    Natural,
    /// Levy's order: centre, corners, edges (5 1 3 7 9 2 4 6 8).
    #[default]
    Levy,
    /// A random order at every node, from the seed.
    Random,
}

impl TicOrder {
    /// The stable name used in reports; the random order's includes its
    /// `seed`.
    ///
    /// ```
    /// use plybench::engine::tictactoe::TicOrder;
    ///
    /// assert_eq!(TicOrder::Levy.label(7), "centre-corners-edges");
    /// assert_eq!(TicOrder::Random.label(7), "random(seed 7)");
    /// ```
    pub fn label(self, seed: u64) -> String {
        match self {
            TicOrder::Natural => "1..9".to_owned(),
            TicOrder::Levy => "centre-corners-edges".to_owned(),
            TicOrder::Random => format!("random(seed {seed})"),
        }
    }
}

/// What to search: the move order and Levy's refinements.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TicSearch {
    /// Move order.
    pub order: TicOrder,
    /// The seed of the random order (unused by the others).
    pub seed: u64,
    /// Killer heuristic, one per ply.
    pub killer: bool,
    /// Root window (−0.9, +0.9).
    pub window: bool,
    /// Symmetry reduction among siblings.
    pub symmetry: bool,
    /// Minimax (no pruning; killer and window then change nothing).
    pub minimax: bool,
}

/// The result of one search of the whole tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TicCount {
    /// Terminal positions evaluated.
    pub leaves: u64,
    /// Positions visited, the root excluded: moves made.
    pub nodes: u64,
    /// Positions visited, the root included once for each search of it:
    /// the calls of the search function. `nodes` plus one, or plus two
    /// when a window failed and the root was searched again.
    pub nodes_with_root: u64,
    /// The value of the empty board for X: +1, 0 or −1.
    pub value: i32,
}

pub(crate) fn won(stones: u16) -> bool {
    LINES.iter().filter(|&&line| stones & line == line).count() > 0
}

pub(crate) fn transform(stones: u16, symmetry: &[u8; 9]) -> u16 {
    let mut out = 0;
    for (square, &image) in symmetry.iter().enumerate() {
        if stones & (1 << square) != 0 {
            out |= 1 << image;
        }
    }
    out
}

/// The smallest encoding of the position over the eight symmetries.
fn canonical(mover: u16, other: u16) -> u32 {
    SYMMETRIES.iter().map(|s| (u32::from(transform(mover, s)) << 9) | u32::from(transform(other, s))).min().unwrap_or(0)
}

struct Searcher {
    options: TicSearch,
    killers: [Option<u8>; 10],
    leaves: u64,
    nodes: u64,
    calls: u64,
}

impl Searcher {
    /// Moves in search order into `out`; returns how many.
    fn moves(&self, mover: u16, other: u16, ply: usize, out: &mut [u8; 9]) -> usize {
        let empty = !(mover | other) & 0o777;
        let mut order = match self.options.order {
            TicOrder::Natural => NATURAL_ORDER,
            TicOrder::Levy => LEVY_ORDER,
            TicOrder::Random => {
                let mut order = NATURAL_ORDER;
                let seed = self.options.seed;
                let mut rng = SplitMix::new(mix(seed ^ (u64::from(mover) << 9 | u64::from(other))));
                for i in (1..9).rev() {
                    order.swap(i, rng.below(i + 1));
                }
                order
            }
        };
        if self.options.killer
            && let Some(killer) = self.killers[ply]
            && empty & (1 << killer) != 0
            && let Some(at) = order.iter().position(|&s| s == killer)
        {
            order[..=at].rotate_right(1);
        }
        let mut n = 0;
        let mut seen = [0u32; 9];
        for &square in &order {
            if empty & (1 << square) == 0 {
                continue;
            }
            if self.options.symmetry {
                // After the move the roles swap: the next mover is `other`.
                let key = canonical(other, mover | 1 << square);
                if seen[..n].contains(&key) {
                    continue;
                }
                seen[n] = key;
            }
            out[n] = square;
            n += 1;
        }
        n
    }

    /// Negamax value for the side to move (`mover`), in tenths.
    fn search(&mut self, mover: u16, other: u16, ply: usize, alpha: i32, beta: i32) -> i32 {
        self.calls += 1;
        if won(other) {
            self.leaves += 1;
            return -WIN;
        }
        if (mover | other) == 0o777 {
            self.leaves += 1;
            return 0;
        }
        let mut moves = [0u8; 9];
        let n = self.moves(mover, other, ply, &mut moves);
        let mut best = -BOUND;
        for &square in &moves[..n] {
            self.nodes += 1;
            let v = -self.search(other, mover | 1 << square, ply + 1, -beta, -alpha.max(best));
            if v > best {
                best = v;
                if !self.options.minimax && best >= beta {
                    self.killers[ply] = Some(square);
                    break;
                }
            }
        }
        best
    }
}

/// Searches the whole tree from the empty board.
///
/// ```
/// use plybench::engine::tictactoe::{TicOrder, TicSearch, count};
///
/// let minimax =
///     TicSearch { order: TicOrder::Natural, seed: 0, killer: false, window: false, symmetry: false, minimax: true };
/// let full = count(minimax);
/// assert_eq!((full.leaves, full.nodes, full.value), (255_168, 549_945, 0));
/// assert_eq!(full.nodes_with_root, 549_946);
/// ```
pub fn count(options: TicSearch) -> TicCount {
    let mut searcher = Searcher { options, killers: [None; 10], leaves: 0, nodes: 0, calls: 0 };
    let window = if options.window && !options.minimax { 9 } else { BOUND };
    let mut value = searcher.search(0, 0, 0, -window, window);
    if value <= -window && window < BOUND {
        value = searcher.search(0, 0, 0, -BOUND, value + 1);
    } else if value >= window && window < BOUND {
        value = searcher.search(0, 0, 0, value - 1, BOUND);
    }
    TicCount { leaves: searcher.leaves, nodes: searcher.nodes, nodes_with_root: searcher.calls, value: value / WIN }
}

/// Perft from the empty board: the positions `depth` plies deep, a game
/// ending (a line, a full board) before that depth contributing none. The
/// rules study compares its interpreter of Pitrat's language with it.
pub fn perft(depth: u32) -> u64 {
    fn go(mover: u16, other: u16, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if won(other) || (mover | other) == 0o777 {
            return 0;
        }
        (0..9).filter(|s| (mover | other) & (1 << s) == 0).map(|s| go(other, mover | 1 << s, depth - 1)).sum()
    }
    go(0, 0, depth)
}

/// Every variant of Levy's Tasks 3 and 4: minimax, then alpha-beta in the
/// orders 1..9, centre-corners-edges and random (from `seed`), then
/// centre-corners-edges with the killer heuristic, the window, and both;
/// each with or without `symmetry` reduction.
pub fn tasks(symmetry: bool, seed: u64) -> [TicSearch; 7] {
    let plain = |order, minimax| TicSearch { order, seed, killer: false, window: false, symmetry, minimax };
    let levy = TicOrder::Levy;
    [
        plain(TicOrder::Natural, true),
        plain(TicOrder::Natural, false),
        plain(levy, false),
        plain(TicOrder::Random, false),
        TicSearch { killer: true, ..plain(levy, false) },
        TicSearch { window: true, ..plain(levy, false) },
        TicSearch { killer: true, window: true, ..plain(levy, false) },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetries_are_permutations_that_keep_lines() {
        for s in &SYMMETRIES {
            let mut seen = [false; 9];
            for &i in s {
                seen[usize::from(i)] = true;
            }
            assert!(seen.iter().all(|&x| x));
            for &line in &LINES {
                assert!(LINES.contains(&transform(line, s)));
            }
        }
    }

    #[test]
    fn killer_rotates_into_first_place() {
        let mut searcher = Searcher {
            options: TicSearch {
                order: TicOrder::Levy,
                seed: 0,
                killer: true,
                window: false,
                symmetry: false,
                minimax: false,
            },
            killers: [None; 10],
            leaves: 0,
            nodes: 0,
            calls: 0,
        };
        searcher.killers[1] = Some(7);
        let mut out = [0u8; 9];
        let n = searcher.moves(1 << 4, 0, 1, &mut out);
        assert_eq!(&out[..n], &[7, 0, 2, 6, 8, 1, 3, 5]);
    }

    #[test]
    fn the_root_is_counted_once_per_search_of_it() {
        for search in tasks(false, 1).into_iter().chain(tasks(true, 1)) {
            let c = count(search);
            // Tic-tac-toe is a draw, inside the window: one search of the root.
            assert_eq!(c.nodes_with_root, c.nodes + 1, "{search:?}");
        }
    }
}
