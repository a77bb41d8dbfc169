//! Game trees as the searches see them: a root, children by index, and a
//! value at each terminal node; and the true minimax value of a node.

use super::error::SearchError;
use crate::engine::rng::{child_id, mix, tree_id};

/// A bound beyond any leaf value (leaves lie within `±2^62`).
pub const INFINITY: i64 = i64::MAX;

/// A game tree searched from its root, where the first player (MAX) moves.
///
/// Implementations are cheap handles: a node is a small `Copy` value and
/// children are produced on demand, so no tree is ever stored whole.
pub trait GameTree {
    /// A node: enough to produce its children and, at a terminal node, its
    /// value.
    type Node: Copy;

    /// The root.
    fn root(&self) -> Self::Node;

    /// The number of children; 0 for a terminal node.
    fn degree(&self, node: Self::Node) -> usize;

    /// Child `index` (`0..degree`) in the tree's own, generated order.
    fn child(&self, node: Self::Node, index: usize) -> Self::Node;

    /// The value of a terminal node from MAX's point of view. Values lie
    /// strictly between `-2^62` and `2^62` so that negation and the search
    /// bounds can never overflow.
    fn value(&self, node: Self::Node) -> i64;

    /// A key that identifies the node, used to draw estimation noise.
    fn key(&self, node: Self::Node) -> u64;

    /// The largest degree of any node (a bound is enough).
    fn max_degree(&self) -> usize;
}

/// The kinds of leaf values, by name: what a command line or a run file
/// chooses ([`LeafValues`] adds the levels).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum ValuesKind {
    /// Continuous leaf values (no ties).
    #[default]
    Continuous,
    /// A given number of distinct values (levels), with ties.
    Discrete,
}

/// The minimax value of `node` from MAX's point of view, `max_to_move`
/// saying whose move it is there: plain minimax over the subtree, found by
/// an uncounted full-window alpha-beta search in the tree's own order, which
/// gives the exact value at a fraction of minimax's cost.
///
/// ```
/// use plybench::engine::search::{FixedTree, GameTree, Spec, true_value};
///
/// // MAX picks the better of two MIN nodes: min(8, 5) = 5 against min(3, 9) = 3.
/// let tree = FixedTree::new(&Spec::node(vec![Spec::leaves(&[8, 5]), Spec::leaves(&[3, 9])]));
/// assert_eq!(true_value(&tree, tree.root(), true), 5);
/// assert_eq!(true_value(&tree, tree.child(tree.root(), 1), false), 3);
/// ```
pub fn true_value<T: GameTree>(tree: &T, node: T::Node, max_to_move: bool) -> i64 {
    /// Fail-soft alpha-beta in negamax form: the value for the side to move.
    fn negamax<T: GameTree>(tree: &T, node: T::Node, max_to_move: bool, alpha: i64, beta: i64) -> i64 {
        let degree = tree.degree(node);
        if degree == 0 {
            let value = tree.value(node);
            return if max_to_move { value } else { -value };
        }
        let mut best = -INFINITY;
        for index in 0..degree {
            let v = -negamax(tree, tree.child(node, index), !max_to_move, -beta, -alpha.max(best));
            if v > best {
                best = v;
                if best >= beta {
                    break;
                }
            }
        }
        best
    }
    let value = negamax(tree, node, max_to_move, -INFINITY, INFINITY);
    if max_to_move { value } else { -value }
}

/// How the leaves of a [`RandomTree`] get their values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LeafValues {
    /// Independent values uniform over `0..2^62`: a continuous
    /// distribution for every practical purpose (two leaves of one tree tie
    /// with probability below `N^2 / 2^63`).
    Continuous,
    /// Independent values uniform over `0..levels`: ties are common.
    Discrete {
        /// The number of distinct values, at least 2.
        levels: u32,
    },
}

impl LeafValues {
    /// The value of the leaf whose identifier is `id`.
    #[inline]
    pub fn draw(self, id: u64) -> i64 {
        let bits = mix(id ^ 0x2545_F491_4F6C_DD1D);
        match self {
            LeafValues::Continuous => (bits >> 2) as i64,
            LeafValues::Discrete { levels } => ((u128::from(bits) * u128::from(levels)) >> 64) as i64,
        }
    }

    /// The leaf value at quantile `q` of the distribution (`0 <= q <= 1`),
    /// used to place an aspiration window.
    pub fn at_quantile(self, q: f64) -> i64 {
        let top = match self {
            LeafValues::Continuous => (1u64 << 62) as f64,
            LeafValues::Discrete { levels } => f64::from(levels),
        };
        (q.clamp(0.0, 1.0) * top) as i64
    }

    /// Values of `kind`, with `levels` distinct values when discrete.
    ///
    /// # Errors
    ///
    /// [`SearchError::TooFewLevels`] for discrete values of fewer than 2
    /// levels.
    pub fn new(kind: ValuesKind, levels: u32) -> Result<LeafValues, SearchError> {
        match kind {
            ValuesKind::Continuous => Ok(LeafValues::Continuous),
            ValuesKind::Discrete if levels < 2 => Err(SearchError::TooFewLevels(levels)),
            ValuesKind::Discrete => Ok(LeafValues::Discrete { levels }),
        }
    }

    /// A short name for reports.
    pub fn name(self) -> String {
        match self {
            LeafValues::Continuous => "continuous".to_owned(),
            LeafValues::Discrete { levels } => format!("discrete({levels})"),
        }
    }
}

/// The largest branching factor of a [`RandomTree`]; the ordered searches
/// sort children on the stack in arrays of this size.
pub const MAX_BRANCHING: usize = 64;

/// The largest depth of a [`RandomTree`].
pub const MAX_TREE_DEPTH: u32 = 64;

/// The shape of a uniform tree: every interior node has `branching`
/// children and every leaf is `depth` plies below the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TreeShape {
    /// Children per interior node, `2..=64`.
    pub branching: u32,
    /// Plies from the root to every leaf, `1..=64`.
    pub depth: u32,
}

impl TreeShape {
    /// Checks the sizes: branching at least 2 (and at most
    /// [`MAX_BRANCHING`]), depth at least 1, and `b^d` within 64 bits (the
    /// counters and histograms are 64-bit).
    ///
    /// ```
    /// use plybench::engine::search::{SearchError, TreeShape};
    ///
    /// assert!(TreeShape::new(16, 8).is_ok());
    /// assert_eq!(TreeShape::new(1, 3), Err(SearchError::TooFewMoves(1)));
    /// assert_eq!(TreeShape::new(4, 0), Err(SearchError::NoDepth));
    /// assert!(TreeShape::new(16, 16).is_err()); // 16^16 = 2^64
    /// ```
    ///
    /// # Errors
    ///
    /// [`SearchError::TooFewMoves`], [`SearchError::TooManyMoves`],
    /// [`SearchError::NoDepth`] or [`SearchError::TooManyLeaves`].
    pub fn new(branching: u32, depth: u32) -> Result<TreeShape, SearchError> {
        if branching < 2 {
            return Err(SearchError::TooFewMoves(branching));
        }
        if branching as usize > MAX_BRANCHING {
            return Err(SearchError::TooManyMoves { branching, max: MAX_BRANCHING });
        }
        if depth == 0 {
            return Err(SearchError::NoDepth);
        }
        if depth > MAX_TREE_DEPTH || u64::from(branching).checked_pow(depth).is_none() {
            return Err(SearchError::TooManyLeaves { branching, depth });
        }
        Ok(TreeShape { branching, depth })
    }

    /// `b^d`, the number of leaves.
    pub fn leaves(self) -> u64 {
        u64::from(self.branching).pow(self.depth)
    }
}

/// A node of a [`RandomTree`]: its identifier and its ply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RandomNode {
    /// A hash of the seed, the tree number and the path from the root.
    pub id: u64,
    /// Plies below the root.
    pub ply: u32,
}

/// An implicit uniform tree with independent random leaf values.
///
/// Nothing is stored: a node is its path hash, a leaf value is drawn from
/// that hash, so a tree of 16^8 leaves costs no memory and any subtree can
/// be visited again with the same values.
///
/// ```
/// use plybench::engine::search::{GameTree, LeafValues, RandomTree, TreeShape};
///
/// let tree = RandomTree::new(TreeShape::new(3, 2)?, LeafValues::Continuous, 42, 0);
/// let leaf = tree.child(tree.child(tree.root(), 1), 2);
/// assert_eq!(tree.degree(leaf), 0);
/// assert_eq!(tree.value(leaf), tree.value(tree.child(tree.child(tree.root(), 1), 2)));
/// # Ok::<(), plybench::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RandomTree {
    shape: TreeShape,
    values: LeafValues,
    root: u64,
}

impl RandomTree {
    /// Tree number `index` of the family drawn from `seed`.
    pub fn new(shape: TreeShape, values: LeafValues, seed: u64, index: u64) -> Self {
        RandomTree { shape, values, root: tree_id(seed, index) }
    }

    /// The tree's shape.
    pub fn shape(&self) -> TreeShape {
        self.shape
    }
}

impl GameTree for RandomTree {
    type Node = RandomNode;

    #[inline]
    fn root(&self) -> RandomNode {
        RandomNode { id: self.root, ply: 0 }
    }

    #[inline]
    fn degree(&self, node: RandomNode) -> usize {
        if node.ply >= self.shape.depth { 0 } else { self.shape.branching as usize }
    }

    #[inline]
    fn child(&self, node: RandomNode, index: usize) -> RandomNode {
        RandomNode { id: child_id(node.id, index), ply: node.ply + 1 }
    }

    #[inline]
    fn value(&self, node: RandomNode) -> i64 {
        self.values.draw(node.id)
    }

    #[inline]
    fn key(&self, node: RandomNode) -> u64 {
        node.id
    }

    fn max_degree(&self) -> usize {
        self.shape.branching as usize
    }
}

/// A small tree written out in full, for the book's figures and tests.
///
/// ```
/// use plybench::engine::search::{FixedTree, GameTree, Spec};
///
/// // Levy's Figure 14 in miniature: MAX chooses between two MIN nodes.
/// let tree = FixedTree::new(&Spec::node(vec![Spec::leaves(&[8, 5]), Spec::leaves(&[3, 9])]));
/// assert_eq!(tree.degree(tree.root()), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FixedTree {
    /// `children[i]` lists the children of node `i`; node 0 is the root.
    children: Vec<Vec<usize>>,
    values: Vec<i64>,
    max_degree: usize,
}

/// The description of a [`FixedTree`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Spec {
    /// A terminal node with its value for MAX.
    Leaf(i64),
    /// An interior node with its children in search order.
    Node(Vec<Spec>),
}

impl Spec {
    /// An interior node.
    pub fn node(children: Vec<Spec>) -> Spec {
        Spec::Node(children)
    }

    /// An interior node whose children are the leaves `values`.
    pub fn leaves(values: &[i64]) -> Spec {
        Spec::Node(values.iter().map(|&v| Spec::Leaf(v)).collect())
    }
}

impl FixedTree {
    /// Builds the tree described by `spec`.
    pub fn new(spec: &Spec) -> Self {
        let mut tree = FixedTree { children: Vec::new(), values: Vec::new(), max_degree: 0 };
        tree.add(spec);
        tree
    }

    fn add(&mut self, spec: &Spec) -> usize {
        let index = self.children.len();
        self.children.push(Vec::new());
        self.values.push(0);
        match spec {
            Spec::Leaf(v) => self.values[index] = *v,
            Spec::Node(kids) => {
                let ids: Vec<usize> = kids.iter().map(|k| self.add(k)).collect();
                self.max_degree = self.max_degree.max(ids.len());
                self.children[index] = ids;
            }
        }
        index
    }

    /// The same tree with the children of every node sorted best first by
    /// true minimax value (stable: ties keep their order), MAX moving at the
    /// root. Searched in its natural order it is a perfectly ordered tree,
    /// whatever its degrees; the values are found in one pass, bottom-up.
    ///
    /// ```
    /// use plybench::engine::search::{Algorithm, FixedTree, GameTree, Natural, Spec, search};
    ///
    /// let tree = FixedTree::new(&Spec::node(vec![Spec::leaves(&[1, 2]), Spec::leaves(&[9, 5])]));
    /// let sorted = tree.perfectly_ordered();
    /// // MAX's best move (value 5) comes first, and under it MIN's best reply (5).
    /// assert_eq!(sorted.value(sorted.child(sorted.child(sorted.root(), 0), 0)), 5);
    /// assert_eq!(search(&sorted, &Natural, Algorithm::AlphaBeta)?.counts.leaves, 3);
    /// # Ok::<(), plybench::Error>(())
    /// ```
    pub fn perfectly_ordered(&self) -> FixedTree {
        let n = self.children.len();
        // Parents precede their children in the arena, so a reverse sweep
        // sees every child before its parent. Depth parity comes from a
        // forward sweep.
        let mut max_to_move = vec![true; n];
        for node in 0..n {
            for &c in &self.children[node] {
                max_to_move[c] = !max_to_move[node];
            }
        }
        let mut value = self.values.clone();
        for node in (0..n).rev() {
            let kids = &self.children[node];
            if kids.is_empty() {
                continue;
            }
            let values = kids.iter().map(|&c| value[c]);
            value[node] = if max_to_move[node] { values.max() } else { values.min() }.unwrap_or(0);
        }
        let mut sorted = self.clone();
        for (kids, &max) in sorted.children.iter_mut().zip(&max_to_move) {
            if max {
                kids.sort_by_key(|&c| std::cmp::Reverse(value[c]));
            } else {
                kids.sort_by_key(|&c| value[c]);
            }
        }
        sorted
    }

    /// The number of terminal nodes.
    pub fn leaf_count(&self) -> usize {
        self.children.iter().filter(|c| c.is_empty()).count()
    }
}

impl GameTree for FixedTree {
    type Node = usize;

    fn root(&self) -> usize {
        0
    }

    fn degree(&self, node: usize) -> usize {
        self.children[node].len()
    }

    fn child(&self, node: usize, index: usize) -> usize {
        self.children[node][index]
    }

    fn value(&self, node: usize) -> i64 {
        self.values[node]
    }

    fn key(&self, node: usize) -> u64 {
        mix(node as u64)
    }

    fn max_degree(&self) -> usize {
        self.max_degree
    }
}
