//! The 8-puzzle: eight numbered tiles and a space on a 3×3 tray (Levy 1983,
//! ch. 1).
//!
//! Squares are numbered 1..9 in reading order, as in Levy's Figure 3; a
//! move slides a tile next to the space (horizontally or vertically) into
//! it, and is named by the tile. The *Manhattan distance* of a position to
//! a target is the sum over the tiles of the rows and columns between each
//! tile and its square in the target; Levy counts the space as a ninth tile
//! ("do not forget it"), [`Puzzle::manhattan`] does so when asked.
//!
//! ```
//! use plybench::engine::puzzle::Puzzle;
//!
//! let start: Puzzle = "3_8/257/146".parse()?;
//! let target: Puzzle = "123/4_5/678".parse()?;
//! assert_eq!(start.movable(), [3, 5, 8]);
//! assert_eq!(start.manhattan(&target, true), 16);
//! # Ok::<(), plybench::engine::puzzle::PuzzleError>(())
//! ```

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::fmt;
use std::str::FromStr;

/// A position the puzzle cannot take, or a move it cannot play.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    /// The text is not three rows of three of the tiles 1..8 and one space.
    #[error("`{0}` is not an 8-puzzle position: write three rows of 1-8 and one `_`, separated by `/` (`3_8/257/146`)")]
    BadPosition(String),
    /// The tile is not next to the space.
    #[error("tile {tile} cannot move in {position}: it is not next to the space")]
    CannotMove {
        /// The tile asked for.
        tile: u8,
        /// The position, written as [`Puzzle`]'s `Display`.
        position: String,
    },
}

/// The squares next to each square (0-based), in increasing order: Levy's
/// table of moves (Figure 3), built at compile time.
pub const NEIGHBOURS: [&[usize]; 9] = {
    const fn row(square: usize) -> usize {
        square / 3
    }
    // Written out: a `const` table of slices cannot be built by a loop.
    let table: [&[usize]; 9] =
        [&[1, 3], &[0, 2, 4], &[1, 5], &[0, 4, 6], &[1, 3, 5, 7], &[2, 4, 8], &[3, 7], &[4, 6, 8], &[5, 7]];
    // Check at compile time that each listed square is one step away.
    let mut s = 0;
    while s < 9 {
        let mut k = 0;
        while k < table[s].len() {
            let n = table[s][k];
            let (dr, dc) = (row(s).abs_diff(row(n)), (s % 3).abs_diff(n % 3));
            assert!(dr + dc == 1);
            k += 1;
        }
        s += 1;
    }
    table
};

/// A position: the tile on each square, 0 for the space.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    tiles: [u8; 9],
}

impl Puzzle {
    /// The square (0-based) of the space.
    pub fn space(&self) -> usize {
        self.tiles.iter().position(|&t| t == 0).expect("a checked position has a space")
    }

    /// The tile on `square` (0-based), 0 for the space.
    pub fn tile(&self, square: usize) -> u8 {
        self.tiles[square]
    }

    /// The tiles that can move, smallest first (the order in which Levy
    /// names them).
    pub fn movable(&self) -> Vec<u8> {
        let mut tiles: Vec<u8> = NEIGHBOURS[self.space()].iter().map(|&s| self.tiles[s]).collect();
        tiles.sort_unstable();
        tiles
    }

    /// The position after `tile` slides into the space.
    pub fn slide(&self, tile: u8) -> Result<Puzzle, PuzzleError> {
        let space = self.space();
        let from = NEIGHBOURS[space]
            .iter()
            .copied()
            .find(|&s| self.tiles[s] == tile && tile != 0)
            .ok_or_else(|| PuzzleError::CannotMove { tile, position: self.to_string() })?;
        let mut tiles = self.tiles;
        tiles.swap(space, from);
        Ok(Puzzle { tiles })
    }

    /// The position after the tiles `moves`, slid in turn.
    pub fn replay(&self, moves: &[u8]) -> Result<Puzzle, PuzzleError> {
        moves.iter().try_fold(*self, |p, &t| p.slide(t))
    }

    /// The sum over the tiles of their rows and columns from their squares
    /// in `target`; the space counted as a tile when `with_space`.
    pub fn manhattan(&self, target: &Puzzle, with_space: bool) -> u32 {
        let mut home = [0usize; 9];
        for (square, &t) in target.tiles.iter().enumerate() {
            home[usize::from(t)] = square;
        }
        self.tiles
            .iter()
            .enumerate()
            .filter(|&(_, &t)| with_space || t != 0)
            .map(|(square, &t)| {
                let h = home[usize::from(t)];
                ((square / 3).abs_diff(h / 3) + (square % 3).abs_diff(h % 3)) as u32
            })
            .sum()
    }

    /// Whether `target` can be reached: the permutation taking one to the
    /// other, the space included, has the parity of the space's distance.
    pub fn can_reach(&self, target: &Puzzle) -> bool {
        let mut perm = [0usize; 9];
        let mut home = [0usize; 9];
        for (square, &t) in target.tiles.iter().enumerate() {
            home[usize::from(t)] = square;
        }
        for (square, &t) in self.tiles.iter().enumerate() {
            perm[square] = home[usize::from(t)];
        }
        let mut seen = [false; 9];
        let mut transpositions = 0;
        for start in 0..9 {
            let mut len = 0;
            let mut s = start;
            while !seen[s] {
                seen[s] = true;
                s = perm[s];
                len += 1;
            }
            transpositions += len.max(1) - 1;
        }
        let (a, b) = (self.space(), target.space());
        let distance = (a / 3).abs_diff(b / 3) + (a % 3).abs_diff(b % 3);
        transpositions % 2 == distance % 2
    }

    fn key(&self) -> u64 {
        self.tiles.iter().fold(0, |k, &t| (k << 4) | u64::from(t))
    }

    fn from_key(mut key: u64) -> Puzzle {
        let mut tiles = [0u8; 9];
        for t in tiles.iter_mut().rev() {
            *t = (key & 15) as u8;
            key >>= 4;
        }
        Puzzle { tiles }
    }

    /// The shortest solutions from this position to `target`, by
    /// breadth-first search over every position reachable (at most 9!/2 =
    /// 181,440); `None` when `target` cannot be reached.
    pub fn shortest(&self, target: &Puzzle) -> Option<Shortest> {
        if !self.can_reach(target) {
            return None;
        }
        // For each position: its distance, the number of shortest paths to
        // it, and one predecessor with the tile moved.
        let mut seen: HashMap<u64, (u32, u64, u64, u8)> = HashMap::new();
        seen.insert(self.key(), (0, 1, 0, 0));
        let mut layer = vec![*self];
        let mut positions = 1u64;
        let goal = target.key();
        let mut depth = 0;
        while !seen.contains_key(&goal) {
            let mut next = Vec::new();
            depth += 1;
            for p in &layer {
                let paths = seen[&p.key()].1;
                for tile in p.movable() {
                    let q = p.slide(tile).expect("a movable tile slides");
                    match seen.entry(q.key()) {
                        Entry::Vacant(e) => {
                            e.insert((depth, paths, p.key(), tile));
                            next.push(q);
                            positions += 1;
                        }
                        Entry::Occupied(mut e) if e.get().0 == depth => e.get_mut().1 += paths,
                        Entry::Occupied(_) => {}
                    }
                }
            }
            layer = next;
        }
        let (length, solutions, _, _) = seen[&goal];
        let mut moves = Vec::new();
        let mut key = goal;
        while key != self.key() {
            let (_, _, parent, tile) = seen[&key];
            moves.push(tile);
            key = parent;
        }
        moves.reverse();
        debug_assert_eq!(Puzzle::from_key(goal), *target);
        Some(Shortest { length, solutions, moves, positions_seen: positions })
    }
}

/// What [`Puzzle::shortest`] finds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shortest {
    /// Moves of a shortest solution.
    pub length: u32,
    /// How many different shortest solutions there are.
    pub solutions: u64,
    /// One of them: the tiles in the order moved.
    pub moves: Vec<u8>,
    /// Positions generated before the target was reached.
    pub positions_seen: u64,
}

impl FromStr for Puzzle {
    type Err = PuzzleError;

    /// Three rows of three, separated by `/`, the space as `_` or `0`.
    fn from_str(text: &str) -> Result<Puzzle, PuzzleError> {
        let bad = || PuzzleError::BadPosition(text.to_owned());
        let rows: Vec<&str> = text.trim().split('/').collect();
        if rows.len() != 3 || rows.iter().any(|r| r.chars().count() != 3) {
            return Err(bad());
        }
        let mut tiles = [0u8; 9];
        let mut seen = [false; 9];
        for (square, c) in rows.concat().chars().enumerate() {
            let t = match c {
                '_' | '0' => 0,
                '1'..='8' => c as u8 - b'0',
                _ => return Err(bad()),
            };
            if std::mem::replace(&mut seen[usize::from(t)], true) {
                return Err(bad());
            }
            tiles[square] = t;
        }
        Ok(Puzzle { tiles })
    }
}

impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (square, &t) in self.tiles.iter().enumerate() {
            if square > 0 && square % 3 == 0 {
                f.write_str("/")?;
            }
            if t == 0 { f.write_str("_")? } else { write!(f, "{t}")? }
        }
        Ok(())
    }
}

/// A best-first search as Levy describes it: the open position of lowest
/// score is expanded next (ties to the one generated first), a move never
/// undoes the move that led to its position, and a position already on the
/// tree is not added again. The score is the Manhattan distance (the space
/// counted) plus `moves_weight` times the moves made (0: Levy's first
/// search; 1: his "sum of Manhattan Distances + M").
pub fn best_first(start: &Puzzle, target: &Puzzle, moves_weight: u32, limit: usize) -> Option<BestFirst> {
    #[derive(Clone)]
    struct Node {
        puzzle: Puzzle,
        parent: usize,
        tile: u8,
        moves: u32,
    }
    let mut nodes = vec![Node { puzzle: *start, parent: usize::MAX, tile: 0, moves: 0 }];
    let mut on_tree: HashMap<u64, ()> = HashMap::from([(start.key(), ())]);
    // Open nodes: (score, order) kept in a heap of reversed keys.
    let mut open = std::collections::BinaryHeap::new();
    let score = |p: &Puzzle, m: u32| p.manhattan(target, true) + moves_weight * m;
    open.push(std::cmp::Reverse((score(start, 0), 0usize)));
    let mut expanded = 0;
    while let Some(std::cmp::Reverse((_, i))) = open.pop() {
        let node = nodes[i].clone();
        if node.puzzle == *target {
            let mut moves = Vec::new();
            let mut j = i;
            while j != 0 {
                moves.push(nodes[j].tile);
                j = nodes[j].parent;
            }
            moves.reverse();
            return Some(BestFirst { moves, expanded, generated: nodes.len() });
        }
        expanded += 1;
        for tile in node.puzzle.movable() {
            if tile == node.tile {
                continue;
            }
            let q = node.puzzle.slide(tile).expect("a movable tile slides");
            if on_tree.insert(q.key(), ()).is_some() {
                continue;
            }
            nodes.push(Node { puzzle: q, parent: i, tile, moves: node.moves + 1 });
            open.push(std::cmp::Reverse((score(&q, node.moves + 1), nodes.len() - 1)));
            if nodes.len() > limit {
                return None;
            }
        }
    }
    None
}

/// What [`best_first`] finds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestFirst {
    /// The solution found: the tiles in the order moved.
    pub moves: Vec<u8>,
    /// Positions expanded before the target was taken from the open list.
    pub expanded: usize,
    /// Positions put on the tree, the start included.
    pub generated: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(text: &str) -> Puzzle {
        text.parse().unwrap()
    }

    #[test]
    fn moves_follow_levys_table() {
        // Figure 3: vacant 1 -> 2,4; 2 -> 1,3,5; 3 -> 2,6; 4 -> 1,5,7.
        let one_based = |s: usize| NEIGHBOURS[s - 1].iter().map(|n| n + 1).collect::<Vec<_>>();
        assert_eq!(one_based(1), [2, 4]);
        assert_eq!(one_based(2), [1, 3, 5]);
        assert_eq!(one_based(3), [2, 6]);
        assert_eq!(one_based(4), [1, 5, 7]);
        assert_eq!(NEIGHBOURS.iter().map(|n| n.len()).sum::<usize>(), 24, "twelve adjacencies, both ways");
    }

    #[test]
    fn sliding_and_parsing() {
        let start = p("3_8/257/146");
        assert_eq!(start.to_string(), "3_8/257/146");
        assert_eq!(start.slide(3).unwrap(), p("_38/257/146"));
        assert!(start.slide(2).is_err());
        assert!("3_8/257/14".parse::<Puzzle>().is_err());
        assert!("338/257/14_".parse::<Puzzle>().is_err());
        assert!(!p("213/4_5/678").can_reach(&p("123/4_5/678")), "one swap is unreachable");
        assert!(p("1_3/425/678").can_reach(&p("123/4_5/678")));
    }

    #[test]
    fn breadth_first_agrees_with_a_brute_force_on_short_cases() {
        let target = p("123/4_5/678");
        // Every position within 6 moves of the target: BFS distance equals
        // the depth of an iterative-deepening search.
        fn idd(p: Puzzle, t: &Puzzle, depth: u32) -> bool {
            p == *t || (depth > 0 && p.movable().into_iter().any(|m| idd(p.slide(m).unwrap(), t, depth - 1)))
        }
        let mut frontier = vec![target];
        for _ in 0..6 {
            frontier =
                frontier.iter().flat_map(|q| q.movable().into_iter().map(move |m| q.slide(m).unwrap())).collect();
        }
        for q in frontier.iter().take(40) {
            let s = q.shortest(&target).unwrap();
            assert!(idd(*q, &target, s.length) && (s.length == 0 || !idd(*q, &target, s.length - 1)));
            assert_eq!(q.replay(&s.moves).unwrap(), target);
        }
    }

    #[test]
    fn the_manhattan_distance_changes_by_two_or_zero() {
        let target = p("123/4_5/678");
        let start = p("3_8/257/146");
        let s0 = start.manhattan(&target, true);
        for t in start.movable() {
            let d = start.slide(t).unwrap().manhattan(&target, true);
            assert!(d == s0 || d.abs_diff(s0) == 2);
        }
        assert_eq!(target.manhattan(&target, true), 0);
    }
}
