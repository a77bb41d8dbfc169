//! A real game tree: Kalah, searched with alpha-beta in different move
//! orders, to show on a real tree the effect measured on random ones.
//!
//! Rules (Levy 1983, chapter 4, and Bell 1972, §3.3): each player has `N`
//! pits and a kalah; a move sows one pit's stones anticlockwise into the
//! following pits and the mover's own kalah, skipping the opponent's kalah.
//! A last stone in the mover's kalah gives another move; a last stone in an
//! empty pit of the mover's side captures the opposite pit's stones, which
//! go with the capturing stone into the mover's kalah (when the opposite pit
//! is empty nothing is captured). When the side to move has no stones in
//! its pits the game ends and the other side puts its remaining stones in
//! its kalah.
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

use super::algorithm::{Algorithm, search_unchecked};
use super::order::Natural;
use super::tree::{FixedTree, Spec};
use crate::engine::rng::{SplitMix, mix};
use crate::report::{Cell, Column, Table};
use crate::{Error, Result};

/// The most pits per side.
pub const MAX_PITS: usize = 8;

/// A Kalah board: `pits[0..n]` the mover's pits (P1 = index `n − 1`, next
/// to the kalah), `pits[n]` the mover's kalah, `pits[n+1..2n+1]` the
/// opponent's pits, `pits[2n+1]` the opponent's kalah.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    n: usize,
    cells: [u16; 2 * MAX_PITS + 2],
}

impl Board {
    /// The opening position: `pits` pits a side holding `stones` each.
    pub fn start(pits: usize, stones: u16) -> Result<Board> {
        if pits == 0 || pits > MAX_PITS {
            return Err(Error::invalid("--pits", format!("{pits}; use 1 to {MAX_PITS}")));
        }
        if stones == 0 || stones > 20 {
            return Err(Error::invalid("--stones", format!("{stones}; use 1 to 20")));
        }
        let mut cells = [0; 2 * MAX_PITS + 2];
        for i in 0..pits {
            cells[i] = stones;
            cells[pits + 1 + i] = stones;
        }
        Ok(Board { n: pits, cells })
    }

    fn kalah(&self) -> usize {
        self.n
    }

    fn opposite(&self, i: usize) -> usize {
        2 * self.n - i
    }

    fn own_stones(&self) -> u16 {
        self.cells[..self.n].iter().sum()
    }

    /// The same board seen by the other player.
    fn flipped(&self) -> Board {
        let n = self.n;
        let mut cells = [0; 2 * MAX_PITS + 2];
        cells[..=n].copy_from_slice(&self.cells[n + 1..=2 * n + 1]);
        cells[n + 1..=2 * n + 1].copy_from_slice(&self.cells[..=n]);
        Board { n, cells }
    }

    /// Sows pit `i` of the mover; returns whether the last stone reached
    /// the mover's kalah.
    fn sow(&mut self, i: usize) -> bool {
        let n = self.n;
        let ring = 2 * n + 1; // every cell but the opponent's kalah
        let mut stones = self.cells[i];
        self.cells[i] = 0;
        let mut at = i;
        while stones > 0 {
            at = (at + 1) % ring;
            self.cells[at] += 1;
            stones -= 1;
        }
        if at == n {
            return true;
        }
        if at < n && self.cells[at] == 1 && self.cells[self.opposite(at)] > 0 {
            let captured = self.cells[self.opposite(at)] + 1;
            self.cells[self.opposite(at)] = 0;
            self.cells[at] = 0;
            self.cells[n] += captured;
        }
        false
    }

    /// Ends the game if either side's pits are empty: the other side's
    /// stones go to its kalah. Returns whether the game is over.
    fn settle(&mut self) -> bool {
        let n = self.n;
        let own = self.own_stones();
        let other: u16 = self.cells[n + 1..=2 * n].iter().sum();
        if own > 0 && other > 0 {
            return false;
        }
        for i in 0..n {
            self.cells[n] += std::mem::take(&mut self.cells[i]);
            self.cells[2 * n + 1] += std::mem::take(&mut self.cells[n + 1 + i]);
        }
        true
    }

    /// Every turn from this board: the positions after it, seen by the
    /// player who moves next (flipped), with the stones the turn added to
    /// the mover's kalah. Depth-first, P1 first.
    fn turns(&self, out: &mut Vec<(Board, u16, bool)>) {
        let start_kalah = self.cells[self.kalah()];
        let mut stack = vec![*self];
        while let Some(board) = stack.pop() {
            // Push in reverse so that P1 (index n - 1) is expanded first.
            let mut continuations = Vec::new();
            for i in (0..board.n).rev() {
                if board.cells[i] == 0 {
                    continue;
                }
                let mut next = board;
                let again = next.sow(i);
                let over = next.settle();
                if again && !over {
                    continuations.push(next);
                } else {
                    let gain = next.cells[next.kalah()] - start_kalah;
                    out.push((next.flipped(), gain, over));
                }
            }
            stack.extend(continuations.into_iter().rev());
        }
    }

    /// First player's kalah minus second player's, `first` saying whether
    /// the mover on this board is the first player.
    fn score(&self, first: bool) -> i64 {
        let diff = i64::from(self.cells[self.n]) - i64::from(self.cells[2 * self.n + 1]);
        if first { diff } else { -diff }
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

/// The most nodes a Kalah tree may have.
pub const MAX_NODES: usize = 5_000_000;

fn build(board: &Board, first: bool, depth: u32, order: KalahOrder, nodes: &mut usize) -> Result<Spec> {
    *nodes += 1;
    if *nodes > MAX_NODES {
        return Err(Error::TooLarge(format!("a Kalah tree of more than {MAX_NODES} nodes; lower --depth")));
    }
    if depth == 0 {
        return Ok(Spec::Leaf(board.score(first)));
    }
    let mut turns = Vec::new();
    board.turns(&mut turns);
    match order {
        KalahOrder::Generated => {}
        KalahOrder::BetterLast => turns.sort_by_key(|t| t.1),
        KalahOrder::BetterFirst => turns.sort_by_key(|t| std::cmp::Reverse(t.1)),
        KalahOrder::Random(seed) => {
            let mut key = seed;
            for c in &board.cells {
                key = mix(key ^ u64::from(*c));
            }
            let mut rng = SplitMix::new(key);
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

/// The tree of `depth` turns from `board`, the first player to move, with
/// turns in `order`.
pub fn tree(board: &Board, depth: u32, order: KalahOrder) -> Result<FixedTree> {
    if depth == 0 {
        return Err(Error::invalid("--depth", "0; search at least 1 turn"));
    }
    let mut nodes = 0;
    Ok(FixedTree::new(&build(board, true, depth, order, &mut nodes)?))
}

/// Alpha-beta leaves and nodes for every order on the tree of `depth` turns
/// from the opening of `pits` pits of `stones` stones.
pub fn kalah_table(pits: usize, stones: u16, depth: u32, seed: u64) -> Result<Table> {
    let board = Board::start(pits, stones)?;
    let mut table = Table::new(
        "alphabeta_kalah",
        &format!("Kalah, {pits} pits of {stones} stones, {depth} turns from the opening: alpha-beta by move order"),
        vec![
            Column::new("order", "Order"),
            Column::new("algorithm", "Algorithm"),
            Column::new("leaves", "Leaves"),
            Column::new("nodes", "Nodes"),
            Column::new("value", "Value"),
        ],
    );
    let generated = tree(&board, depth, KalahOrder::Generated)?;
    let minimax = search_unchecked(&generated, &Natural, Algorithm::Minimax);
    let mut push = |order: String, algorithm: &str, leaves: u64, nodes: u64, value: i64| {
        table.push(vec![
            Cell::from(order),
            Cell::from(algorithm),
            Cell::from(leaves),
            Cell::from(nodes),
            Cell::Int(value),
        ]);
    };
    push("any".into(), "minimax", minimax.counts.leaves, minimax.counts.nodes(), minimax.value);
    for order in [KalahOrder::Generated, KalahOrder::BetterLast, KalahOrder::BetterFirst, KalahOrder::Random(seed)] {
        let t = tree(&board, depth, order)?;
        let o = search_unchecked(&t, &Natural, Algorithm::AlphaBeta);
        push(order.name(), "alphabeta", o.counts.leaves, o.counts.nodes(), o.value);
    }
    let o = search_unchecked(&generated.perfectly_ordered(), &Natural, Algorithm::AlphaBeta);
    push("perfect".into(), "alphabeta", o.counts.leaves, o.counts.nodes(), o.value);
    table.note(
        "A move is a whole turn (a sequence of sowings, as in Bell's stacker); captures on; value = first player's kalah \
         minus second's after the last turn searched. Leaves = positions evaluated; nodes = positions visited but the root.",
    );
    table.note(format!("The widest node has {} turns.", {
        use super::tree::GameTree;
        generated.max_degree()
    }));
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sowing_and_extra_turns() {
        // 6 pits of 4: the pit at index 2 sows into 3, 4, 5 and the kalah (index 6).
        let mut board = Board::start(6, 4).unwrap();
        assert_eq!(board.cells[3], 4);
        assert!(board.sow(2));
        assert_eq!(board.cells[6], 1);
        // Stones are conserved.
        assert_eq!(board.cells.iter().sum::<u16>(), 48);
    }

    #[test]
    fn capture_takes_the_opposite_pit() {
        let mut board = Board::start(3, 1).unwrap();
        // Mover: pits [1, 0, 1], kalah 0; opponent [1, 1, 1].
        board.cells[1] = 0;
        assert!(!board.sow(0));
        // The stone landed in empty pit 1 and captured the opposite pit (index 5).
        assert_eq!((board.cells[1], board.cells[5], board.cells[3]), (0, 0, 2));
    }

    #[test]
    fn turns_conserve_stones_and_values_agree_across_orders() {
        let board = Board::start(4, 3).unwrap();
        let mut turns = Vec::new();
        board.turns(&mut turns);
        assert!(!turns.is_empty());
        for (next, _, _) in &turns {
            assert_eq!(next.cells.iter().sum::<u16>(), 24);
        }
        let values: Vec<i64> = [KalahOrder::Generated, KalahOrder::BetterFirst, KalahOrder::Random(3)]
            .iter()
            .map(|&o| search_unchecked(&tree(&board, 3, o).unwrap(), &Natural, Algorithm::Minimax).value)
            .collect();
        assert!(values.windows(2).all(|w| w[0] == w[1]), "{values:?}");
        // A perfectly ordered tree: same value, and no order examines fewer leaves.
        let generated = tree(&board, 3, KalahOrder::Generated).unwrap();
        let perfect = search_unchecked(&generated.perfectly_ordered(), &Natural, Algorithm::AlphaBeta);
        assert_eq!(perfect.value, values[0]);
        for order in [KalahOrder::Generated, KalahOrder::BetterLast, KalahOrder::BetterFirst, KalahOrder::Random(3)] {
            let o = search_unchecked(&tree(&board, 3, order).unwrap(), &Natural, Algorithm::AlphaBeta);
            assert!(o.counts.leaves >= perfect.counts.leaves, "{order:?}");
        }
    }
}
