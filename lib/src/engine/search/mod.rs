//! Alpha-beta: how many nodes it examines on random and ordered trees,
//! against the published tables and the theory.
//!
//! Sources: D. Levy, *Computer Gamesmanship* (1983), chapter 3 "Games with
//! big trees" (Figures 14-17, Newborn's expected counts) and chapter 4
//! "Speeding up the search" (ordering, killer heuristic, window; Tasks 3
//! and 4); D. E. Knuth and R. W. Moore, "An analysis of alpha-beta pruning"
//! (1975) for F1, F2 and the minimal tree; J. Pearl (1982) for the
//! asymptotic branching factor.
//!
//! - [`tree`]: the [`GameTree`] trait, implicit [`RandomTree`]s whose leaf
//!   values come from the seed and the path, and small [`FixedTree`]s.
//! - [`order`]: move orders ([`Natural`], [`Perfect`], [`Worst`],
//!   [`Noisy`]).
//! - [`search`](mod@search): minimax, alpha-beta F2 and F1, aspiration, NegaScout, with
//!   their node counts.
//! - [`experiment`]: Monte Carlo over many trees with rayon and an HDR
//!   histogram.
//! - [`batches`]: the experiment split into batches of trees that merge
//!   exactly, for checkpoints and shards.
//! - [`theory`]: `b^d`, Knuth-Moore, Levy's `2√N − 1`, Pearl's `ξ/(1−ξ)`.
//! - [`exact`]: expected counts as exact fractions.
//! - [`depths`]: leaves against depth for each order, beyond the book.
//! - [`newborn`]: Levy's Figures 16 and 17, read from `datasets/alphabeta/`.
//! - [`kalah_tree`]: a real game tree (Kalah turns) searched in several
//!   move orders, Bell's "better moves last" among them.
//! - [`tictactoe`]: the full tic-tac-toe tree with Levy's orders, killer
//!   and window.
//! - [`tables`]: what the `alphabeta` binary prints.
//!
//! ```
//! use plybench::engine::search::{Algorithm, LeafValues, Perfect, RandomTree, Shape, knuth_moore_minimum, search};
//!
//! let shape = Shape::new(4, 3)?;
//! let tree = RandomTree::new(shape, LeafValues::Continuous, 7, 0);
//! let outcome = search(&tree, &Perfect, Algorithm::AlphaBeta)?;
//! assert_eq!(Some(u128::from(outcome.counts.leaves)), knuth_moore_minimum(4, 3));
//! # Ok::<(), plybench::Error>(())
//! ```

pub mod chess_tree;
mod error;
pub mod exact;
pub mod kalah_tree;
pub mod order;

pub mod algorithm;
pub mod theory;
pub mod tree;

pub use error::SearchError;
pub use order::{MoveOrder, Natural, Noisy, OrderKind, Perfect, Worst};

pub use algorithm::{Algorithm, Counts, INFINITY, Outcome, search};
pub use theory::{
    effective_branching, knuth_moore_minimum, levy_approximation, minimax_leaves, pearl_branching, pearl_xi,
};
pub use tree::{FixedTree, GameTree, LeafValues, MAX_BRANCHING, MAX_DEPTH, RandomNode, RandomTree, Shape, Spec};
