//! Real game trees (chess, Kalah) built whole as [`FixedTree`]s and searched
//! in several move orders: minimax once, alpha-beta in each order, and
//! alpha-beta in the perfect order.

use super::algorithm::{Algorithm, Searched, search_unchecked};
use super::error::SearchError;
use super::order::Natural;
use super::tree::{FixedTree, GameTree};

/// The most nodes a real game tree may have.
pub const MAX_TREE_NODES: usize = 5_000_000;

/// One search of a real tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderCount {
    /// The move order as reports name it; `any` for minimax, which visits
    /// the same nodes in every order, and `perfect` for best move first.
    pub order: String,
    /// The search.
    pub algorithm: Algorithm,
    /// Its value and nodes.
    pub searched: Searched,
}

/// The searches of one real tree in every move order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderComparison {
    /// Minimax first, then alpha-beta in each order, then alpha-beta in the
    /// perfect order.
    pub rows: Vec<OrderCount>,
    /// The most children of any node.
    pub widest: usize,
}

/// Searches `generated` (the tree in its generated order) with minimax, each
/// tree of `ordered` (its name and the same tree in another order, built
/// one at a time) with alpha-beta, and `generated` perfectly ordered with
/// alpha-beta.
///
/// # Errors
///
/// The first error building an ordered tree.
pub fn compare_orders(
    generated: &FixedTree,
    ordered: impl IntoIterator<Item = Result<(String, FixedTree), SearchError>>,
) -> Result<OrderComparison, SearchError> {
    let row = |order: String, tree: &FixedTree, algorithm: Algorithm| OrderCount {
        order,
        algorithm,
        searched: search_unchecked(tree, &Natural, algorithm),
    };
    let mut rows = vec![row("any".to_owned(), generated, Algorithm::Minimax)];
    for built in ordered {
        let (order, tree) = built?;
        rows.push(row(order, &tree, Algorithm::AlphaBeta));
    }
    rows.push(row("perfect".to_owned(), &generated.perfectly_ordered(), Algorithm::AlphaBeta));
    Ok(OrderComparison { rows, widest: generated.max_degree() })
}
