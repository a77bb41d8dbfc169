//! The searches: minimax, alpha-beta with and without deep cutoffs
//! (Knuth and Moore's F2 and F1), alpha-beta inside an aspiration window,
//! and NegaScout/PVS. All are written in negamax form and fail-soft.
//!
//! What is counted: a *leaf* each time a terminal node is evaluated, an
//! *interior* node each time a node with children is entered (the root
//! included). A subtree searched twice (a re-search after a failed
//! aspiration window or a failed null-window test) is counted twice.

use super::error::SearchError;
use super::order::{MAX_SORTED, MoveOrder};
use super::tree::{GameTree, INFINITY, LeafValues};

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

/// The search algorithms, by name: what a command line or a run file
/// chooses ([`Algorithm`] adds the aspiration window).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum AlgorithmKind {
    /// No pruning.
    Minimax,
    /// Alpha-beta with deep cutoffs (Knuth-Moore F2).
    #[default]
    Alphabeta,
    /// Alpha-beta without deep cutoffs (Knuth-Moore F1).
    F1,
    /// Alpha-beta in an aspiration window, re-searched on failure.
    Aspiration,
    /// NegaScout / principal variation search.
    Negascout,
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
    /// The algorithm of `kind`. An aspiration window is placed on the
    /// distribution of `values`: centred at the quantile `window_centre`
    /// (in `[0, 1]`), `window_half_width` (in `(0, 1]`) of the value range
    /// either side, and open on a side that reaches past the values. The
    /// window is checked only for [`AlgorithmKind::Aspiration`].
    ///
    /// ```
    /// use plybench::engine::search::{Algorithm, AlgorithmKind, LeafValues};
    ///
    /// let values = LeafValues::Discrete { levels: 10 };
    /// let window = Algorithm::new(AlgorithmKind::Aspiration, values, 0.5, 0.1)?;
    /// assert_eq!(window, Algorithm::Aspiration { low: 4, high: 6 });
    /// assert!(Algorithm::new(AlgorithmKind::Aspiration, values, 0.5, 0.0).is_err());
    /// # Ok::<(), plybench::engine::search::SearchError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`SearchError::WindowCentre`] or [`SearchError::WindowHalfWidth`]
    /// for a window outside those ranges.
    pub fn new(
        kind: AlgorithmKind,
        values: LeafValues,
        window_centre: f64,
        window_half_width: f64,
    ) -> Result<Algorithm, SearchError> {
        Ok(match kind {
            AlgorithmKind::Minimax => Algorithm::Minimax,
            AlgorithmKind::Alphabeta => Algorithm::AlphaBeta,
            AlgorithmKind::F1 => Algorithm::AlphaBetaF1,
            AlgorithmKind::Negascout => Algorithm::NegaScout,
            AlgorithmKind::Aspiration => {
                let (c, h) = (window_centre, window_half_width);
                if !(0.0..=1.0).contains(&c) {
                    return Err(SearchError::WindowCentre(c));
                }
                if !(h > 0.0 && h <= 1.0) {
                    return Err(SearchError::WindowHalfWidth(h));
                }
                let low = if c - h <= 0.0 { -INFINITY } else { values.at_quantile(c - h) };
                let high = if c + h >= 1.0 { INFINITY } else { values.at_quantile(c + h) };
                Algorithm::Aspiration { low, high }
            }
        })
    }

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

/// What one search found: the root's value and the nodes it visited.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Searched {
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
/// let searched = search(&tree, &Natural, Algorithm::AlphaBeta)?;
/// assert_eq!((searched.value, searched.counts.leaves), (8, 5));
/// # Ok::<(), plybench::engine::search::SearchError>(())
/// ```
///
/// # Errors
///
/// [`SearchError::TooManyToSort`] when a sorting order is asked for on a
/// tree whose nodes have more than [`MAX_SORTED`] children.
pub fn search<T: GameTree, O: MoveOrder>(tree: &T, order: &O, algorithm: Algorithm) -> Result<Searched, SearchError> {
    if !O::NATURAL && tree.max_degree() > MAX_SORTED {
        return Err(SearchError::TooManyToSort { degree: tree.max_degree(), max: MAX_SORTED });
    }
    Ok(search_unchecked(tree, order, algorithm))
}

/// [`search`] without the size check; the caller guarantees that sorting
/// orders only meet nodes of at most [`MAX_SORTED`] children.
#[inline]
pub(crate) fn search_unchecked<T: GameTree, O: MoveOrder>(tree: &T, order: &O, algorithm: Algorithm) -> Searched {
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
    Searched { value, counts: searcher.counts }
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
