//! Alpha-beta and its relatives: the searches, the trees they run on
//! (random, written out, real games), the nodes they visit, and the theory
//! of those counts.
//!
//! Sources: D. Levy, *Computer Gamesmanship* (1983), chapter 3 "Games with
//! big trees" (Figures 14-17, Newborn's expected counts) and chapter 4
//! "Speeding up the search" (ordering, killer heuristic, window; Tasks 3
//! and 4); D. E. Knuth and R. W. Moore, "An analysis of alpha-beta pruning"
//! (1975) for F1, F2 and the minimal tree; J. Pearl (1982) for the
//! asymptotic branching factor.
//!
//! - [`tree`]: the [`GameTree`] trait, implicit [`RandomTree`]s whose leaf
//!   values come from the seed and the path, small [`FixedTree`]s, and the
//!   [`true_value`] of a node.
//! - [`order`]: move orders ([`Natural`], [`Perfect`], [`Worst`],
//!   [`Noisy`]) and their names ([`OrderKind`]).
//! - [`algorithm`]: minimax, alpha-beta F2 and F1, aspiration, NegaScout,
//!   with their node counts ([`search`]).
//! - [`theory`]: `b^d`, Knuth-Moore, Levy's `2√N − 1`, Pearl's `ξ/(1−ξ)`.
//! - [`exact`]: expected counts as exact fractions.
//! - [`window_poly`]: the same at any depth, F1 and F2, as polynomials in
//!   the search window.
//! - [`real_tree`]: real game trees searched in several move orders:
//!   [`chess_tree`] (plies from a position) and [`kalah_tree`] (Kalah turns,
//!   Bell's "better moves last" among the orders).
//! - [`SearchError`]: what the engine refuses.
//!
//! The Monte Carlo experiments over many trees, Newborn's table and the
//! reports are the alpha-beta study's (`study::alphabeta`); the full
//! tic-tac-toe tree is [`crate::engine::tictactoe`].
//!
//! ```
//! use plybench::engine::search::{Algorithm, LeafValues, Perfect, RandomTree, TreeShape, knuth_moore_minimum, search};
//!
//! let shape = TreeShape::new(4, 3)?;
//! let tree = RandomTree::new(shape, LeafValues::Continuous, 7, 0);
//! let searched = search(&tree, &Perfect, Algorithm::AlphaBeta)?;
//! assert_eq!(Some(u128::from(searched.counts.leaves)), knuth_moore_minimum(4, 3));
//! # Ok::<(), plybench::engine::search::SearchError>(())
//! ```

pub mod algorithm;
pub mod chess_tree;
mod error;
pub mod exact;
pub mod kalah_tree;
pub mod order;
pub mod real_tree;
pub mod theory;
pub mod tree;
pub mod window_poly;

pub use algorithm::{Algorithm, AlgorithmKind, Counts, Searched, search};
pub use error::SearchError;
pub use order::{MoveOrder, Natural, Noisy, OrderKind, Perfect, Worst};
pub use real_tree::{OrderComparison, OrderCount};
pub use theory::{
    effective_branching, knuth_moore_minimum, levy_approximation, minimax_leaves, pearl_branching, pearl_xi,
};
pub use tree::{
    FixedTree, GameTree, INFINITY, LeafValues, MAX_BRANCHING, MAX_TREE_DEPTH, RandomNode, RandomTree, Spec, TreeShape,
    ValuesKind, true_value,
};
