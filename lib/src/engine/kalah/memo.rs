//! Counting by memoization over the mover's pits.
//!
//! The opponent's pits and the kalahs never affect which moves continue: a
//! continuation depends only on the counts in the mover's own pits. So the
//! number of move sequences below a position, and how high Bell's stack grows
//! while generating them, are functions of the mover's pits alone, and each
//! distinct row of pits needs to be solved once however many paths reach it.
//!
//! Every continuation puts at least one counter in the kalah, so the number
//! of counters left in the mover's pits strictly falls along every path. The
//! states are therefore solved in layers by that number, with no recursion:
//! first discovered from the top layer down, then evaluated from the bottom
//! layer up. Within a layer the states are independent and are processed in
//! parallel (rayon); the result does not depend on the number of threads.
//!
//! Stack heights follow from the children: if a position's continuations are
//! stacked in the order `c1, …, ck`, Bell's stacker unstacks `ck` first with
//! `k - 1` positions beneath it, so the stack above the position's own level
//! reaches `h = max(k, max_j (j - 1 + h(cj)))`.

use std::collections::BTreeMap;

use rayon::prelude::*;
use rustc_hash::{FxHashMap, FxHashSet};

use super::error::KalahError;
use super::key::{KeyKind, StateKey, with_key};
use super::position::Pit;
use super::sow::{Rules, sow};
use crate::engine::limit::LimitError;
use crate::engine::memory::MemoryLimit;
use crate::engine::progress::{Progress, Step};

/// What is known of one row of own pits. Kept small, as there are hundreds
/// of millions of them at 18 pits: the `u128` count is split in two words
/// so that the node needs no 16-byte alignment.
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    /// Move sequences from here, low and high 64 bits.
    sequences: [u64; 2],
    /// Stack height reached above this position's level, right-to-left scan.
    height_right_to_left: u32,
    /// The same for the left-to-right scan.
    height_left_to_right: u32,
}

impl Node {
    fn sequences(&self) -> u128 {
        u128::from(self.sequences[0]) | (u128::from(self.sequences[1]) << 64)
    }

    /// A row with no continuation: every non-empty pit is one terminal
    /// move, and nothing is ever stacked.
    fn leaf(own: &[u32]) -> Node {
        let terminals = own.iter().filter(|&&c| c > 0).count() as u64;
        Node { sequences: [terminals, 0], ..Node::default() }
    }
}

/// Whether any move from the row `own` continues. Rows without one are not
/// stored: their node is [`Node::leaf`], found by looking.
#[inline]
fn has_continuation(own: &[u32]) -> bool {
    let cycle = 2 * own.len() + 1;
    let nonempty = own.iter().filter(|&&c| c > 0).count();
    own.iter().enumerate().any(|(index, &c)| {
        // The last counter falls in the kalah; emptying the side ends the move.
        c > 0 && c as usize % cycle == index + 1 && !(nonempty == 1 && c == 1)
    })
}

/// What a memoized run found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct MemoRun {
    pub sequences: u128,
    pub max_stack_right_to_left: usize,
    pub max_stack_left_to_right: usize,
    /// Distinct rows of own pits solved.
    pub states: usize,
}

/// Bytes one stored row of `n` counts costs, hash table overhead and a
/// boxed key's own allocation included.
fn bytes_per_row<K: StateKey>(n: usize, value_bytes: usize) -> usize {
    std::mem::size_of::<K>() + value_bytes + K::heap_bytes(n) + 16
}

/// Bytes one stored row of `n` counts typically takes, for estimates made
/// before a count: the hash table's slot and control byte at its mean load
/// (7/12: tables grow when 7/8 full, to twice the size), plus a boxed key's
/// own allocation. The 16-pit board test measures 70 bytes a row.
fn typical_row_bytes<K: StateKey>(n: usize, value_bytes: usize) -> f64 {
    (std::mem::size_of::<K>() + value_bytes + 1) as f64 * 12.0 / 7.0 + K::heap_bytes(n) as f64
}

/// [`typical_row_bytes`] of a memoized row of `n` pits keyed as `kind`.
pub(crate) fn memo_row_bytes(kind: KeyKind, n: usize) -> f64 {
    with_key!(kind, typical_row_bytes(n, std::mem::size_of::<Node>()))
}

/// [`typical_row_bytes`] of a board of `width` counts in a set of boards
/// keyed as `kind`.
pub(crate) fn board_bytes(kind: KeyKind, width: usize) -> f64 {
    with_key!(kind, typical_row_bytes(width, 0))
}

/// Fails if holding `stored` rows plus `children_of` rows' worth of children
/// could exceed `limit`. Before a layer is expanded the worst case (every
/// row in it stacking a child from every pit) is checked, so a run that
/// cannot fit stops with an error instead of being killed: with the
/// default 14 GiB the 18-pit board test (about 110 million rows) fits, the
/// 19-pit one does not.
fn check_budget<K: StateKey>(
    limit: MemoryLimit,
    stored: usize,
    children_of: usize,
    n: usize,
    value_bytes: usize,
    what: &str,
) -> Result<(), LimitError> {
    let planned = stored.saturating_add(children_of.saturating_mul(n));
    let bytes = u64::try_from(planned.saturating_mul(bytes_per_row::<K>(n, value_bytes))).unwrap_or(u64::MAX);
    if bytes <= limit.bytes() {
        return Ok(());
    }
    const MIB: u64 = 1 << 20;
    Err(LimitError::Memory {
        needed_mib: bytes.div_ceil(MIB),
        limit_mib: limit.bytes() / MIB,
        why: format!("; {what} could hold {planned} rows of pits: raise the memory limit or count a smaller position"),
    })
}

type Layers<K, V> = BTreeMap<u64, FxHashMap<K, V>>;

fn total(own: &[u32]) -> u64 {
    own.iter().map(|&c| u64::from(c)).sum()
}

/// Scratch space for one worker: a full board and a copy of the own pits.
struct Scratch {
    board: Vec<u32>,
    own: Vec<u32>,
}

impl Scratch {
    fn new(n: usize) -> Scratch {
        Scratch { board: vec![0; 2 * n + 1], own: vec![0; n] }
    }

    /// Plays `pit` from `self.own` (which must hold counters there) and
    /// returns whether the move continues; the mover's pits after it are in
    /// `self.board[..n]`.
    #[inline]
    fn play(&mut self, n: usize, pit: Pit) -> bool {
        self.board[..n].copy_from_slice(&self.own);
        // Only the own pits are read back; clear the rest so that laps
        // cannot pile counters up there across plays.
        self.board[n..].fill(0);
        sow(&mut self.board, n, pit, Rules::default()).continues
    }
}

/// Counts the move sequences from the mover's pits `own` (`P1` first), and
/// the stack heights of both scan orders.
pub(crate) fn count<K: StateKey>(
    own: &[u32],
    limit: MemoryLimit,
    progress: Progress<'_>,
) -> Result<MemoRun, KalahError> {
    let n = own.len();
    let pit = |i| Pit::new(i).expect("pit numbers stay in range");
    let mut layers: Layers<K, Node> = BTreeMap::new();
    let mut root = own.to_vec();
    canonicalize(&mut root);
    let own = &root[..];
    layers.entry(total(own)).or_default().insert(K::pack(own), Node::default());

    // Discover every reachable row of pits, top layer first.
    let mut done = 0;
    let mut next = layers.keys().next_back().copied();
    let mut stored = 1;
    while let Some(t) = next {
        check_budget::<K>(limit, stored, layers[&t].len(), n, std::mem::size_of::<Node>(), "memoization")?;
        let children: Vec<(u64, K)> = layers[&t]
            .par_iter()
            .map_init(
                || Scratch::new(n),
                |scratch, (key, _)| {
                    key.unpack(&mut scratch.own);
                    let mut found = Vec::new();
                    for i in 1..=n {
                        if scratch.own[i - 1] > 0 && scratch.play(n, pit(i)) {
                            canonicalize(&mut scratch.board[..n]);
                            let child = &scratch.board[..n];
                            if has_continuation(child) {
                                found.push((total(child), K::pack(child)));
                            }
                        }
                    }
                    found
                },
            )
            .flatten()
            .collect();
        for (t, key) in children {
            layers.entry(t).or_default().entry(key).or_default();
        }
        stored = layers.values().map(FxHashMap::len).sum();
        done += 1;
        progress.report(Step { label: "layers", done, total: 2 * layers.len() as u64, nodes: stored as u128 });
        next = layers.range(..t).next_back().map(|(&t, _)| t);
    }

    // Solve the layers bottom up: every child lies in a lower layer.
    let totals: Vec<u64> = layers.keys().copied().collect();
    for t in totals {
        let solved: Vec<(K, Node)> = layers[&t]
            .par_iter()
            .map_init(
                || Scratch::new(n),
                |scratch, (key, _)| -> Result<(K, Node), KalahError> {
                    key.unpack(&mut scratch.own);
                    let mut node = Node::default();
                    let mut sequences = 0u128;
                    let mut children = 0u32; // stacked so far, right to left
                    let mut left_to_right: Vec<u32> = Vec::new();
                    for i in 1..=n {
                        if scratch.own[i - 1] == 0 {
                            continue;
                        }
                        if !scratch.play(n, pit(i)) {
                            sequences += 1;
                            continue;
                        }
                        canonicalize(&mut scratch.board[..n]);
                        let child = &scratch.board[..n];
                        let found = if has_continuation(child) {
                            layers[&total(child)][&K::pack(child)]
                        } else {
                            Node::leaf(child)
                        };
                        sequences = sequences.checked_add(found.sequences()).ok_or(KalahError::Overflow)?;
                        node.height_right_to_left =
                            node.height_right_to_left.max(children + found.height_right_to_left);
                        children += 1;
                        left_to_right.push(found.height_left_to_right);
                    }
                    node.height_right_to_left = node.height_right_to_left.max(children);
                    // Left to right stacks PN first: reverse the P1-first list.
                    for (j, h) in left_to_right.iter().rev().enumerate() {
                        node.height_left_to_right = node.height_left_to_right.max(j as u32 + h);
                    }
                    node.height_left_to_right = node.height_left_to_right.max(children);
                    node.sequences = [sequences as u64, (sequences >> 64) as u64];
                    Ok((key.clone(), node))
                },
            )
            .collect::<Result<_, KalahError>>()?;
        let layer = layers.get_mut(&t).expect("layer exists");
        for (key, node) in solved {
            layer.insert(key, node);
        }
        done += 1;
        progress.report(Step { label: "layers", done, total: 2 * layers.len() as u64, nodes: 0 });
    }

    let root = layers[&total(own)][&K::pack(own)];
    Ok(MemoRun {
        sequences: root.sequences(),
        max_stack_right_to_left: root.height_right_to_left as usize,
        max_stack_left_to_right: root.height_left_to_right as usize,
        states: layers.values().map(FxHashMap::len).sum(),
    })
}

/// Replaces the counts of dead pits by the smallest dead count, when that
/// cannot change the continuation tree.
///
/// Counters move only towards `P1` unless a pit laps the board, and a
/// continuation that laps needs `i + 2N + 1` counters in pit `Pi`. Pit `Pi`
/// can never hold more than the counters now in `Pi` and above, `S_i`. So if
/// `S_i < i + 2N + 1` for every `i`, no continuation will ever lap; then a
/// pit holding more than `i` counters can never hold exactly `i` again (it
/// only fills until it is played, and playing it ends the move). Its exact
/// count is irrelevant to which moves continue: `i + 1` stands for all such
/// counts, and positions that differ only there share one memo entry.
#[inline]
pub(crate) fn canonicalize(own: &mut [u32]) {
    let n = own.len() as u64;
    let mut above = 0u64;
    for (index, &c) in own.iter().enumerate().rev() {
        above += u64::from(c);
        // Pit P(index + 1) continues after a lap with index + 1 + 2N + 1 counters.
        let lapping_continuation = index as u64 + 2 * n + 2;
        if above >= lapping_continuation {
            return;
        }
    }
    for (index, c) in own.iter_mut().enumerate() {
        let i = index as u32 + 1;
        if *c > i {
            *c = i + 1;
        }
    }
}

/// Counts the distinct terminal boards reachable from the flat `board`
/// (mover's pits, kalah, opponent's pits) by visiting each distinct
/// intermediate board once.
///
/// Returns the number of distinct terminal boards.
pub(crate) fn distinct_terminals<K: StateKey>(
    board: &[u32],
    n: usize,
    rules: Rules,
    limit: MemoryLimit,
    progress: Progress<'_>,
) -> Result<usize, KalahError> {
    let pit = |i| Pit::new(i).expect("pit numbers stay in range");
    let mut layers: Layers<K, ()> = BTreeMap::new();
    let mut terminals: FxHashSet<K> = FxHashSet::default();
    layers.entry(total(&board[..n])).or_default().insert(K::pack(board), ());
    let mut done = 0;
    let mut next = layers.keys().next_back().copied();
    while let Some(t) = next {
        let stored = terminals.len() + layers.values().map(FxHashMap::len).sum::<usize>();
        check_budget::<K>(limit, stored, layers[&t].len(), 2 * n + 1, 0, "counting distinct terminal positions")?;
        let layer = layers.remove(&t).expect("layer exists");
        let found: Vec<(Option<u64>, K)> = layer
            .par_iter()
            .map_init(
                || (vec![0; 2 * n + 1], vec![0; 2 * n + 1]),
                |(parent, child), (key, ())| {
                    key.unpack(parent);
                    let mut found = Vec::new();
                    for i in 1..=n {
                        if parent[i - 1] == 0 {
                            continue;
                        }
                        child.copy_from_slice(parent);
                        let continues = sow(child, n, pit(i), rules).continues;
                        found.push((continues.then(|| total(&child[..n])), K::pack(child)));
                    }
                    found
                },
            )
            .flatten()
            .collect();
        for (layer, key) in found {
            match layer {
                Some(t) => {
                    layers.entry(t).or_default().insert(key, ());
                }
                None => {
                    terminals.insert(key);
                }
            }
        }
        done += 1;
        let total = done + layers.len() as u64;
        progress.report(Step { label: "layers", done, total, nodes: terminals.len() as u128 });
        next = layers.keys().next_back().copied();
    }
    Ok(terminals.len())
}
