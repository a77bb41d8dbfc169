//! A real game tree: Kalah, searched with alpha-beta in different move
//! orders, to show on a real tree the effect measured on random ones.
//!
//! Rules (Levy 1983, chapter 4, and Bell 1972, §3.3): each player has `N`
//! pits and a kalah; a move sows one pit's stones anticlockwise into the
//! following pits and the mover's own kalah, skipping the opponent's kalah.
//! A last stone in the mover's kalah gives another move; a last stone in an
//! empty pit of the mover's side captures the opposite pit's stones, which
//! go with the capturing stone into the mover's kalah (when the opposite pit
//! is empty nothing is captured). When either side has no stones left in
//! its pits the game ends and each side puts its remaining stones in its
//! kalah. The sowing is the Kalah engine's ([`crate::engine::kalah`]), with
//! captures ([`Rules::captures`]).
//!
//! As in Bell's stacker, a *move* of the tree is a whole turn: a sequence of
//! sowings ending when the last stone does not reach the kalah. Turns then
//! alternate and the tree fits [`GameTree`](super::GameTree). The value at
//! the search horizon is the difference of the kalahs, first player minus
//! second.
//!
//! Move orders compared:
//!
//! - `generated`: depth-first over the pits, the pit next to the kalah (P1)
//!   first: Bell's right-to-left scan;
//! - `better-last`: turns sorted by the stones they put in the mover's
//!   kalah, fewest first. Bell notes that his right-to-left stacker outputs
//!   "the better moves (in terms of filling the kalah) last";
//! - `better-first`: the same sort, most first (ordering by 1-ply look-ahead);
//! - `random`: a seeded shuffle at every node;
//! - `perfect`: best turn first by true minimax value.

use super::error::SearchError;
use super::real_tree::{MAX_TREE_NODES, OrderComparison, compare_orders};
use super::tree::{FixedTree, Spec};
use crate::engine::kalah::{Landing, Pit, Rules, sow};
use crate::engine::rng::{SplitMix, mix};

/// The most pits per side of a Kalah tree.
pub const MAX_TREE_PITS: usize = 8;

/// The most stones per pit at the start of a Kalah tree.
pub const MAX_TREE_STONES: u16 = 20;

/// The rules of the tree: captures on.
const RULES: Rules = Rules { captures: true };

/// The counts a position is hashed from for the random order:
/// `2 * MAX_TREE_PITS + 2`, both rows and both kalahs padded with zeros.
const KEY_COUNTS: usize = 2 * MAX_TREE_PITS + 2;

/// A position between turns, seen by the player to move: the Kalah engine's
/// flat board (the mover's `P1..PN`, the mover's kalah, the opponent's
/// `p1..pN`), of which the first `2N + 1` counts are used, and the
/// opponent's kalah, which sowing never reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Game {
    pits: usize,
    board: [u32; 2 * MAX_TREE_PITS + 1],
    opponent_kalah: u32,
}

impl Game {
    /// The opening: `pits` pits a side holding `stones` each.
    fn opening(pits: usize, stones: u16) -> Result<Game, SearchError> {
        if pits == 0 || pits > MAX_TREE_PITS {
            return Err(SearchError::KalahPits { pits, max: MAX_TREE_PITS });
        }
        if stones == 0 || stones > MAX_TREE_STONES {
            return Err(SearchError::KalahStones { stones, max: MAX_TREE_STONES });
        }
        let mut board = [0; 2 * MAX_TREE_PITS + 1];
        for i in 0..pits {
            board[i] = u32::from(stones);
            board[pits + 1 + i] = u32::from(stones);
        }
        Ok(Game { pits, board, opponent_kalah: 0 })
    }

    /// The mover's kalah.
    fn kalah(&self) -> u32 {
        self.board[self.pits]
    }

    /// The mover's pits, `P1` first.
    fn own(&self) -> &[u32] {
        &self.board[..self.pits]
    }

    /// The opponent's pits, `p1` first.
    fn opponent(&self) -> &[u32] {
        &self.board[self.pits + 1..=2 * self.pits]
    }

    /// Sows the mover's pit `Pi` (not empty) by the engine's rule; returns
    /// whether the last stone reached the mover's kalah.
    fn sow(&mut self, pit: usize) -> bool {
        let n = self.pits;
        let pit = Pit::new(pit).expect("a tree's pits are numbered 1 to 8");
        sow(&mut self.board[..=2 * n], n, pit, RULES).landing == Landing::Kalah
    }

    /// Ends the game if either side's pits are empty: each side's stones go
    /// to its kalah. Returns whether the game is over.
    fn settle(&mut self) -> bool {
        let n = self.pits;
        if self.own().iter().any(|&c| c > 0) && self.opponent().iter().any(|&c| c > 0) {
            return false;
        }
        let own: u32 = self.board[..n].iter_mut().map(std::mem::take).sum();
        let opponent: u32 = self.board[n + 1..=2 * n].iter_mut().map(std::mem::take).sum();
        self.board[n] += own;
        self.opponent_kalah += opponent;
        true
    }

    /// The same position seen by the other player.
    fn flipped(&self) -> Game {
        let n = self.pits;
        let mut board = [0; 2 * MAX_TREE_PITS + 1];
        board[..n].copy_from_slice(self.opponent());
        board[n] = self.opponent_kalah;
        board[n + 1..=2 * n].copy_from_slice(self.own());
        Game { pits: n, board, opponent_kalah: self.kalah() }
    }

    /// Every turn from this position: the positions after it, seen by the
    /// player who moves next (flipped), with the stones the turn added to
    /// the mover's kalah and whether the game is over. Depth-first, `P1`
    /// first: at each step the turns that end are listed in pit order, then
    /// the sowings that give another move are followed in pit order.
    fn turns(&self, out: &mut Vec<(Game, u32, bool)>) {
        let start_kalah = self.kalah();
        let mut stack = vec![*self];
        while let Some(game) = stack.pop() {
            let mut continuations = Vec::new();
            for pit in 1..=game.pits {
                if game.own()[pit - 1] == 0 {
                    continue;
                }
                let mut next = game;
                let again = next.sow(pit);
                let over = next.settle();
                if again && !over {
                    continuations.push(next);
                } else {
                    out.push((next.flipped(), next.kalah() - start_kalah, over));
                }
            }
            // Pushed in reverse so that the lowest pit is expanded first.
            stack.extend(continuations.into_iter().rev());
        }
    }

    /// First player's kalah minus second player's, `first` saying whether
    /// the mover in this position is the first player.
    fn score(&self, first: bool) -> i64 {
        let diff = i64::from(self.kalah()) - i64::from(self.opponent_kalah);
        if first { diff } else { -diff }
    }

    /// The key of the random order's shuffle at this position: `seed` mixed
    /// with the counts of the mover's pits `PN..P1`, the mover's kalah, the
    /// opponent's pits `pN..p1` and the opponent's kalah, one at a time, then
    /// with zeros up to [`KEY_COUNTS`] counts.
    fn shuffle_key(&self, seed: u64) -> u64 {
        let counts = self
            .own()
            .iter()
            .rev()
            .chain([&self.board[self.pits]])
            .chain(self.opponent().iter().rev())
            .chain([&self.opponent_kalah])
            .copied()
            .chain(std::iter::repeat(0))
            .take(KEY_COUNTS);
        counts.fold(seed, |key, count| mix(key ^ u64::from(count)))
    }
}

/// The move orders of the Kalah experiment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KalahOrder {
    /// Depth-first, P1 first.
    Generated,
    /// Fewest stones to the kalah first.
    BetterLast,
    /// Most stones to the kalah first.
    BetterFirst,
    /// Shuffled, from the seed and the position.
    Random(u64),
}

impl KalahOrder {
    /// The stable name used in reports.
    pub fn name(self) -> String {
        match self {
            KalahOrder::Generated => "generated (P1 first)".to_owned(),
            KalahOrder::BetterLast => "better-last".to_owned(),
            KalahOrder::BetterFirst => "better-first".to_owned(),
            KalahOrder::Random(seed) => format!("random(seed {seed})"),
        }
    }
}

fn build(game: &Game, first: bool, depth: u32, order: KalahOrder, nodes: &mut usize) -> Result<Spec, SearchError> {
    *nodes += 1;
    if *nodes > MAX_TREE_NODES {
        return Err(SearchError::TreeTooLarge { game: "Kalah", max_nodes: MAX_TREE_NODES });
    }
    if depth == 0 {
        return Ok(Spec::Leaf(game.score(first)));
    }
    let mut turns = Vec::new();
    game.turns(&mut turns);
    match order {
        KalahOrder::Generated => {}
        KalahOrder::BetterLast => turns.sort_by_key(|t| t.1),
        KalahOrder::BetterFirst => turns.sort_by_key(|t| std::cmp::Reverse(t.1)),
        KalahOrder::Random(seed) => {
            let mut rng = SplitMix::new(game.shuffle_key(seed));
            for i in (1..turns.len()).rev() {
                turns.swap(i, rng.below(i + 1));
            }
        }
    }
    let mut children = Vec::with_capacity(turns.len());
    for (next, _, over) in turns {
        children.push(if over {
            *nodes += 1;
            Spec::Leaf(next.score(!first))
        } else {
            build(&next, !first, depth - 1, order, nodes)?
        });
    }
    Ok(Spec::Node(children))
}

/// The tree of `depth` turns from the opening of `pits` pits of `stones`
/// stones, the first player to move, with turns in `order`.
///
/// # Errors
///
/// [`SearchError::KalahPits`], [`SearchError::KalahStones`] or
/// [`SearchError::NoTurns`] for a board or depth out of range,
/// [`SearchError::TreeTooLarge`] past [`MAX_TREE_NODES`] nodes.
pub fn tree(pits: usize, stones: u16, depth: u32, order: KalahOrder) -> Result<FixedTree, SearchError> {
    let game = Game::opening(pits, stones)?;
    if depth == 0 {
        return Err(SearchError::NoTurns);
    }
    let mut nodes = 0;
    Ok(FixedTree::new(&build(&game, true, depth, order, &mut nodes)?))
}

/// Minimax, then alpha-beta in the generated, better-last, better-first and
/// random (from `seed`) orders, then in the perfect order, on the tree of
/// `depth` turns from the opening of `pits` pits of `stones` stones.
///
/// ```
/// use plybench::engine::search::kalah_tree::by_order;
///
/// let searches = by_order(4, 3, 3, 1)?;
/// let perfect = searches.rows.last().unwrap().searched;
/// assert!(searches.rows.iter().all(|r| r.searched.value == perfect.value));
/// assert!(searches.rows.iter().all(|r| r.searched.counts.leaves >= perfect.counts.leaves));
/// # Ok::<(), plybench::engine::search::SearchError>(())
/// ```
///
/// # Errors
///
/// As [`tree`].
pub fn by_order(pits: usize, stones: u16, depth: u32, seed: u64) -> Result<OrderComparison, SearchError> {
    let generated = tree(pits, stones, depth, KalahOrder::Generated)?;
    let orders = [KalahOrder::Generated, KalahOrder::BetterLast, KalahOrder::BetterFirst, KalahOrder::Random(seed)];
    compare_orders(&generated, orders.into_iter().map(|order| Ok((order.name(), tree(pits, stones, depth, order)?))))
}

#[cfg(test)]
mod tests {
    use super::super::algorithm::{Algorithm, search_unchecked};
    use super::super::order::Natural;
    use super::*;

    fn stones(game: &Game) -> u32 {
        game.board.iter().sum::<u32>() + game.opponent_kalah
    }

    #[test]
    fn sowing_and_extra_turns() {
        // 6 pits of 4: P4 sows into P3, P2, P1 and the kalah (index 6).
        let mut game = Game::opening(6, 4).unwrap();
        assert_eq!(game.board[2], 4);
        assert!(game.sow(4));
        assert_eq!(game.board[6], 1);
        // Stones are conserved.
        assert_eq!(stones(&game), 48);
    }

    #[test]
    fn capture_takes_the_opposite_pit() {
        let mut game = Game::opening(3, 1).unwrap();
        // Mover: P3..P1 = 1, 0, 1, kalah 0; opponent 1, 1, 1.
        game.board[1] = 0;
        assert!(!game.sow(3));
        // The stone landed in the empty P2 and captured the opposite p2 (index 5).
        assert_eq!((game.board[1], game.board[5], game.board[3]), (0, 0, 2));
    }

    #[test]
    fn bad_boards_and_depths_are_refused() {
        assert_eq!(Game::opening(0, 4), Err(SearchError::KalahPits { pits: 0, max: 8 }));
        assert_eq!(Game::opening(9, 4), Err(SearchError::KalahPits { pits: 9, max: 8 }));
        assert_eq!(Game::opening(6, 21), Err(SearchError::KalahStones { stones: 21, max: 20 }));
        assert_eq!(tree(6, 4, 0, KalahOrder::Generated), Err(SearchError::NoTurns));
    }

    #[test]
    fn turns_conserve_stones_and_values_agree_across_orders() {
        let game = Game::opening(4, 3).unwrap();
        let mut turns = Vec::new();
        game.turns(&mut turns);
        assert!(!turns.is_empty());
        for (next, _, _) in &turns {
            assert_eq!(stones(next), 24);
        }
        let values: Vec<i64> = [KalahOrder::Generated, KalahOrder::BetterFirst, KalahOrder::Random(3)]
            .iter()
            .map(|&o| search_unchecked(&tree(4, 3, 3, o).unwrap(), &Natural, Algorithm::Minimax).value)
            .collect();
        assert!(values.windows(2).all(|w| w[0] == w[1]), "{values:?}");
        // A perfectly ordered tree: same value, and no order examines fewer leaves.
        let generated = tree(4, 3, 3, KalahOrder::Generated).unwrap();
        let perfect = search_unchecked(&generated.perfectly_ordered(), &Natural, Algorithm::AlphaBeta);
        assert_eq!(perfect.value, values[0]);
        for order in [KalahOrder::Generated, KalahOrder::BetterLast, KalahOrder::BetterFirst, KalahOrder::Random(3)] {
            let o = search_unchecked(&tree(4, 3, 3, order).unwrap(), &Natural, Algorithm::AlphaBeta);
            assert!(o.counts.leaves >= perfect.counts.leaves, "{order:?}");
        }
    }

    /// The counts of Levy's example board as published in plybench's reports
    /// before the tree used the Kalah engine's sowing: they must not change.
    #[test]
    fn levy_board_counts_are_unchanged() {
        let searches = by_order(6, 5, 5, 1).unwrap();
        let counts: Vec<(&str, u64, u64, i64)> = searches
            .rows
            .iter()
            .map(|r| (r.order.as_str(), r.searched.counts.leaves, r.searched.counts.nodes(), r.searched.value))
            .collect();
        assert_eq!(
            counts,
            [
                ("any", 44_695, 52_595, 5),
                ("generated (P1 first)", 3_819, 5_033, 5),
                ("better-last", 6_697, 8_440, 5),
                ("better-first", 1_064, 1_543, 5),
                ("random(seed 1)", 2_387, 3_226, 5),
                ("perfect", 619, 902, 5),
            ]
        );
    }
}
