//! Move orders: the sequence in which a search visits the children of a
//! node.
//!
//! Every order is a type, so the searches are compiled once per order with
//! no dynamic dispatch. [`Natural`] costs nothing; the others compute the
//! true minimax value of every child (a full search of its subtree, not
//! counted in the node counts: it stands for knowledge the searcher is
//! assumed to have) and sort on it.

use super::error::SearchError;
use super::tree::{GameTree, true_value};
use crate::engine::rng::normal;

/// The largest number of children an ordered (non-natural) move order can
/// sort at one node.
pub const MAX_SORTED: usize = super::tree::MAX_BRANCHING;

/// A move order.
pub trait MoveOrder: Sync {
    /// True for the tree's own order, which needs no arranging.
    const NATURAL: bool;

    /// Writes into `out` (of length `degree(node)`) the child indices in the
    /// order they are to be searched. `max_to_move` says whose move it is
    /// at `node`.
    fn arrange<T: GameTree>(&self, tree: &T, node: T::Node, max_to_move: bool, out: &mut [u16]);
}

/// The tree's own generated order. For a random tree this is a random
/// order: Newborn's model.
#[derive(Clone, Copy, Debug, Default)]
pub struct Natural;

impl MoveOrder for Natural {
    const NATURAL: bool = true;

    fn arrange<T: GameTree>(&self, _: &T, _: T::Node, _: bool, out: &mut [u16]) {
        for (i, slot) in out.iter_mut().enumerate() {
            *slot = i as u16;
        }
    }
}

/// Children's true values from the mover's point of view.
fn mover_values<T: GameTree>(tree: &T, node: T::Node, max_to_move: bool, values: &mut [f64]) {
    for (i, v) in values.iter_mut().enumerate() {
        let value = true_value(tree, tree.child(node, i), !max_to_move);
        *v = if max_to_move { value as f64 } else { -(value as f64) };
    }
}

/// Sorts `out` by `keys`, highest first; ties keep the natural order.
fn sort_descending(keys: &[f64], out: &mut [u16]) {
    for (i, slot) in out.iter_mut().enumerate() {
        *slot = i as u16;
    }
    out.sort_by(|&a, &b| keys[usize::from(b)].total_cmp(&keys[usize::from(a)]));
}

/// Best child first at every node, by true minimax value: the order of
/// Knuth and Moore's minimal tree.
#[derive(Clone, Copy, Debug, Default)]
pub struct Perfect;

impl MoveOrder for Perfect {
    const NATURAL: bool = false;

    fn arrange<T: GameTree>(&self, tree: &T, node: T::Node, max_to_move: bool, out: &mut [u16]) {
        let mut keys = [0.0f64; MAX_SORTED];
        let keys = &mut keys[..out.len()];
        mover_values(tree, node, max_to_move, keys);
        sort_descending(keys, out);
    }
}

/// Worst child first at every node.
#[derive(Clone, Copy, Debug, Default)]
pub struct Worst;

impl MoveOrder for Worst {
    const NATURAL: bool = false;

    fn arrange<T: GameTree>(&self, tree: &T, node: T::Node, max_to_move: bool, out: &mut [u16]) {
        let mut keys = [0.0f64; MAX_SORTED];
        let keys = &mut keys[..out.len()];
        mover_values(tree, node, max_to_move, keys);
        for k in keys.iter_mut() {
            *k = -*k;
        }
        sort_descending(keys, out);
    }
}

/// Children sorted by an estimate whose correlation with their true value
/// is `correlation` (Levy's "ordering by short look-ahead").
///
/// Among the siblings of one node the true values are standardised to mean
/// 0 and variance 1 (`z`), and the estimate is `r·z + √(1−r²)·e` with `e`
/// an independent standard normal drawn from the child's key. `r = 1` is
/// [`Perfect`], `r = −1` is [`Worst`], `r = 0` a random shuffle.
#[derive(Clone, Copy, Debug)]
pub struct Noisy {
    correlation: f64,
}

impl Noisy {
    /// An order with the given correlation, in `[-1, 1]`.
    ///
    /// # Errors
    ///
    /// [`SearchError::Correlation`] outside `[-1, 1]` (NaN included).
    pub fn new(correlation: f64) -> Result<Noisy, SearchError> {
        if !(-1.0..=1.0).contains(&correlation) {
            return Err(SearchError::Correlation(correlation));
        }
        Ok(Noisy { correlation })
    }

    /// The correlation.
    pub fn correlation(self) -> f64 {
        self.correlation
    }
}

impl MoveOrder for Noisy {
    const NATURAL: bool = false;

    fn arrange<T: GameTree>(&self, tree: &T, node: T::Node, max_to_move: bool, out: &mut [u16]) {
        let mut keys = [0.0f64; MAX_SORTED];
        let keys = &mut keys[..out.len()];
        mover_values(tree, node, max_to_move, keys);
        let n = keys.len() as f64;
        let mean = keys.iter().sum::<f64>() / n;
        let sd = (keys.iter().map(|k| (k - mean) * (k - mean)).sum::<f64>() / n).sqrt();
        let r = self.correlation;
        let noise = (1.0 - r * r).max(0.0).sqrt();
        for (i, k) in keys.iter_mut().enumerate() {
            let z = if sd > 0.0 { (*k - mean) / sd } else { 0.0 };
            *k = r * z + noise * normal(tree.key(tree.child(node, i)));
        }
        sort_descending(keys, out);
    }
}

/// The move orders of random trees, by name: what a command line or a run
/// file chooses ([`Natural`], [`Perfect`], [`Worst`], [`Noisy`]). The noisy
/// order takes its correlation besides.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum OrderKind {
    /// The natural generated order of a random tree.
    #[default]
    Random,
    /// Best child first, by true minimax value.
    Perfect,
    /// Worst child first.
    Worst,
    /// Sorted by an estimate with the given correlation to the true value.
    Noisy,
}

impl OrderKind {
    /// The stable name used in run files: `random`, `perfect`, `worst`,
    /// `noisy`.
    pub fn name(self) -> &'static str {
        match self {
            OrderKind::Random => "random",
            OrderKind::Perfect => "perfect",
            OrderKind::Worst => "worst",
            OrderKind::Noisy => "noisy",
        }
    }

    /// The stable name used in reports, with the correlation of the noisy
    /// order: `noisy(0.5)`.
    ///
    /// ```
    /// use plybench::engine::search::OrderKind;
    ///
    /// assert_eq!(OrderKind::Noisy.label(0.5), "noisy(0.5)");
    /// assert_eq!(OrderKind::Perfect.label(0.5), "perfect");
    /// ```
    pub fn label(self, correlation: f64) -> String {
        match self {
            OrderKind::Noisy => format!("noisy({correlation})"),
            other => other.name().to_owned(),
        }
    }

    /// Whether the order sorts children by searching their subtrees
    /// (every order but the natural one).
    pub fn sorts(self) -> bool {
        self != OrderKind::Random
    }
}
