//! The searches: minimax, alpha-beta with and without deep cutoffs
//! (Knuth and Moore's F2 and F1), alpha-beta inside an aspiration window,
//! and NegaScout/PVS. All are written in negamax form and fail-soft.
//!
//! What is counted: a *leaf* each time a terminal node is evaluated, an
//! *interior* node each time a node with children is entered (the root
//! included). A subtree searched twice (a re-search after a failed
//! aspiration window or a failed null-window test) is counted twice.

use super::order::{MAX_SORTED, MoveOrder, Natural};
use super::tree::GameTree;
use crate::{Error, Result};

/// A bound beyond any leaf value (leaves lie within `±2^62`).
pub const INFINITY: i64 = i64::MAX;

/// Nodes a search visited.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Counts {
    /// Terminal nodes evaluated.
    pub leaves: u64,
    /// Interior nodes entered, the root included.
    pub interior: u64,
}

impl Counts {
    /// Every node visited except the root: the number of moves made during
    /// the search (`leaves + interior − 1`). This is the convention in
    /// which the full tic-tac-toe tree has 549,945 nodes.
    pub fn nodes(self) -> u64 {
        (self.leaves + self.interior).saturating_sub(1)
    }
}

/// The search algorithms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// Every node, no pruning.
    Minimax,
    /// Alpha-beta with deep cutoffs (Knuth-Moore F2).
    AlphaBeta,
    /// Alpha-beta without deep cutoffs: each node is given only its
    /// parent's bound (Knuth-Moore F1).
    AlphaBetaF1,
    /// F2 started inside the window `(low, high)`, searched again with an
    /// open side when the value falls outside.
    Aspiration {
        /// The window's lower bound.
        low: i64,
        /// The window's upper bound.
        high: i64,
    },
    /// NegaScout/PVS: the first child with the full window, the others with
    /// a null window, searched again when the test fails high.
    NegaScout,
}

impl Algorithm {
    /// The stable name used in reports.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax",
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::AlphaBetaF1 => "alphabeta-f1",
            Algorithm::Aspiration { .. } => "aspiration",
            Algorithm::NegaScout => "negascout",
        }
    }
}

/// The outcome of one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The root's minimax value, from MAX's point of view.
    pub value: i64,
    /// Nodes visited.
    pub counts: Counts,
}

/// Searches `tree` from its root with `algorithm`, visiting children in
/// `order`.
///
/// ```
/// use plybench::engine::search::{Algorithm, FixedTree, Natural, Spec, search};
///
/// // Levy's Figure 15: 5 of the 8 leaves, root value 8.
/// let tree = FixedTree::new(&Spec::node(vec![
///     Spec::node(vec![Spec::leaves(&[8, 7]), Spec::leaves(&[9, 1])]),
///     Spec::node(vec![Spec::leaves(&[3, 2]), Spec::leaves(&[4, 6])]),
/// ]));
/// let outcome = search(&tree, &Natural, Algorithm::AlphaBeta)?;
/// assert_eq!((outcome.value, outcome.counts.leaves), (8, 5));
/// # Ok::<(), plybench::Error>(())
/// ```
///
/// # Errors
///
/// [`Error::TooLarge`] when a sorting order is asked for on a tree whose
/// nodes have more than [`MAX_SORTED`] children.
pub fn search<T: GameTree, O: MoveOrder>(tree: &T, order: &O, algorithm: Algorithm) -> Result<Outcome> {
    if !O::NATURAL && tree.max_degree() > MAX_SORTED {
        return Err(Error::TooLarge(format!(
            "a node with {} children; ordered searches sort at most {MAX_SORTED}",
            tree.max_degree()
        )));
    }
    Ok(search_unchecked(tree, order, algorithm))
}

/// [`search`] without the size check; the caller guarantees that sorting
/// orders only meet nodes of at most [`MAX_SORTED`] children.
#[inline]
pub(crate) fn search_unchecked<T: GameTree, O: MoveOrder>(tree: &T, order: &O, algorithm: Algorithm) -> Outcome {
    let mut searcher = Searcher { tree, order, counts: Counts::default() };
    let root = tree.root();
    let value = match algorithm {
        Algorithm::Minimax => searcher.minimax(root, true),
        Algorithm::AlphaBeta => searcher.f2(root, true, -INFINITY, INFINITY),
        Algorithm::AlphaBetaF1 => searcher.f1(root, true, INFINITY),
        Algorithm::Aspiration { low, high } => {
            let v = searcher.f2(root, true, low, high);
            if v <= low {
                searcher.f2(root, true, -INFINITY, v.saturating_add(1))
            } else if v >= high {
                searcher.f2(root, true, v.saturating_sub(1), INFINITY)
            } else {
                v
            }
        }
        Algorithm::NegaScout => searcher.negascout(root, true, -INFINITY, INFINITY),
    };
    Outcome { value, counts: searcher.counts }
}

/// The minimax value of `node` from MAX's point of view, `max_to_move`
/// saying whose move it is there. Found by an uncounted full-window
/// alpha-beta search in the natural order, which gives the exact value at a
/// fraction of minimax's cost.
pub(crate) fn true_value<T: GameTree>(tree: &T, node: T::Node, max_to_move: bool) -> i64 {
    let mut searcher = Searcher { tree, order: &Natural, counts: Counts::default() };
    signed(searcher.f2(node, max_to_move, -INFINITY, INFINITY), max_to_move)
}

struct Searcher<'a, T, O> {
    tree: &'a T,
    order: &'a O,
    counts: Counts,
}

/// The value of a terminal node from the mover's point of view.
#[inline]
fn signed(value: i64, max_to_move: bool) -> i64 {
    if max_to_move { value } else { -value }
}

macro_rules! for_each_child {
    ($self:ident, $node:ident, $max:ident, |$child:ident| $body:block) => {{
        let degree = $self.tree.degree($node);
        let mut order_buf = [0u16; MAX_SORTED];
        if !O::NATURAL {
            $self.order.arrange($self.tree, $node, $max, &mut order_buf[..degree]);
        }
        for k in 0..degree {
            let index = if O::NATURAL { k } else { usize::from(order_buf[k]) };
            let $child = $self.tree.child($node, index);
            $body
        }
    }};
}

impl<T: GameTree, O: MoveOrder> Searcher<'_, T, O> {
    fn minimax(&mut self, node: T::Node, max: bool) -> i64 {
        if self.tree.degree(node) == 0 {
            self.counts.leaves += 1;
            return signed(self.tree.value(node), max);
        }
        self.counts.interior += 1;
        let mut best = -INFINITY;
        for_each_child!(self, node, max, |child| {
            best = best.max(-self.minimax(child, !max));
        });
        best
    }

    fn f2(&mut self, node: T::Node, max: bool, alpha: i64, beta: i64) -> i64 {
        if self.tree.degree(node) == 0 {
            self.counts.leaves += 1;
            return signed(self.tree.value(node), max);
        }
        self.counts.interior += 1;
        let mut best = -INFINITY;
        for_each_child!(self, node, max, |child| {
            let v = -self.f2(child, !max, -beta, -alpha.max(best));
            if v > best {
                best = v;
                if best >= beta {
                    break;
                }
            }
        });
        best
    }

    fn f1(&mut self, node: T::Node, max: bool, bound: i64) -> i64 {
        if self.tree.degree(node) == 0 {
            self.counts.leaves += 1;
            return signed(self.tree.value(node), max);
        }
        self.counts.interior += 1;
        let mut best = -INFINITY;
        for_each_child!(self, node, max, |child| {
            let v = -self.f1(child, !max, -best);
            if v > best {
                best = v;
                if best >= bound {
                    break;
                }
            }
        });
        best
    }

    fn negascout(&mut self, node: T::Node, max: bool, alpha: i64, beta: i64) -> i64 {
        if self.tree.degree(node) == 0 {
            self.counts.leaves += 1;
            return signed(self.tree.value(node), max);
        }
        self.counts.interior += 1;
        let mut best = -INFINITY;
        let mut alpha = alpha;
        let mut first = true;
        for_each_child!(self, node, max, |child| {
            let v = if first {
                first = false;
                -self.negascout(child, !max, -beta, -alpha)
            } else {
                let scout = -self.negascout(child, !max, -alpha - 1, -alpha);
                if scout > alpha && scout < beta && self.tree.degree(child) > 0 {
                    -self.negascout(child, !max, -beta, -scout)
                } else {
                    scout
                }
            };
            if v > best {
                best = v;
                if best >= beta {
                    break;
                }
                alpha = alpha.max(best);
            }
        });
        best
    }
}
