//! The errors of the search engine.

/// What can go wrong in the search engine. Messages give the reason only:
/// the caller adds which input it came from.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SearchError {
    /// A branching factor below 2.
    #[error("{0}; a game tree needs at least 2 moves per node")]
    TooFewMoves(u32),
    /// A branching factor above the largest supported.
    #[error("{branching}; at most {max} is supported")]
    TooManyMoves {
        /// The branching asked for.
        branching: u32,
        /// The largest supported ([`MAX_BRANCHING`](super::MAX_BRANCHING)).
        max: usize,
    },
    /// A search of no plies.
    #[error("0; search at least 1 ply")]
    NoDepth,
    /// A uniform tree whose leaves do not fit in 64 bits.
    #[error("{branching}^{depth} leaves do not fit in 64 bits; lower the branching or the depth")]
    TooManyLeaves {
        /// Children per node.
        branching: u32,
        /// Plies.
        depth: u32,
    },
    /// A sorting move order asked for on nodes with more children than it
    /// can sort.
    #[error("a node with {degree} children; ordered searches sort at most {max}")]
    TooManyToSort {
        /// The node's children.
        degree: usize,
        /// The most a sorting order sorts ([`MAX_SORTED`](super::order::MAX_SORTED)).
        max: usize,
    },
    /// A correlation outside `[-1, 1]` for the noisy move order.
    #[error("{0}; it must lie in [-1, 1]")]
    Correlation(f64),
    /// The noisy move order without its correlation.
    #[error("missing; the noisy move order needs one")]
    NoCorrelation,
    /// A correlation given for a move order other than the noisy one, which
    /// alone takes one.
    #[error("{0} is given for the {1} move order, which takes none; only the noisy order does")]
    CorrelationNotNoisy(f64, &'static str),
    /// Discrete leaf values with fewer than 2 levels.
    #[error("{0}; discrete values need at least 2 levels")]
    TooFewLevels(u32),
    /// An aspiration window centred outside the leaf values.
    #[error("{0}; it must lie in [0, 1]")]
    WindowCentre(f64),
    /// An aspiration window of no width, or wider than the leaf values.
    #[error("{0}; it must lie in (0, 1]")]
    WindowHalfWidth(f64),
    /// An experiment over no trees.
    #[error("0; search at least one tree")]
    NoTrees,
    /// Work units of no trees.
    #[error("0; a batch needs at least one tree")]
    NoBatchTrees,
    /// An enumeration by relative order past its limit of runs, or whose
    /// sum outgrows 128 bits.
    #[error(
        "exact enumeration of {branching}^{depth} needs more than {max_runs} search runs (the limit); \
         depth 2 has a closed form, and larger trees get exact values from polynomials in the window"
    )]
    EnumerationTooLong {
        /// Children per node.
        branching: u32,
        /// Plies.
        depth: u32,
        /// The limit ([`MAX_ENUMERATION_RUNS`](super::exact::MAX_ENUMERATION_RUNS)).
        max_runs: u64,
    },
    /// A tree too large for the exact polynomial method.
    #[error(
        "{branching}^{depth} has {leaves} leaves; exact values by polynomials take at most {max_leaves} leaves \
         (lower the depth or the branching, or estimate it by Monte Carlo on random trees)"
    )]
    PolynomialTooLarge {
        /// Children per node.
        branching: u32,
        /// Plies.
        depth: u32,
        /// `branching^depth`.
        leaves: u64,
        /// The limit ([`MAX_POLYNOMIAL_LEAVES`](super::window_poly::MAX_POLYNOMIAL_LEAVES)).
        max_leaves: u64,
    },
    /// A Kalah board with no pits, or more than the tree accepts.
    #[error("{pits}; use 1 to {max}")]
    KalahPits {
        /// Pits per side asked for.
        pits: usize,
        /// The most accepted ([`MAX_TREE_PITS`](super::kalah_tree::MAX_TREE_PITS)).
        max: usize,
    },
    /// A Kalah board with no stones per pit, or more than the tree accepts.
    #[error("{stones}; use 1 to {max}")]
    KalahStones {
        /// Stones per pit asked for.
        stones: u16,
        /// The most accepted ([`MAX_TREE_STONES`](super::kalah_tree::MAX_TREE_STONES)).
        max: u16,
    },
    /// A Kalah tree of no turns.
    #[error("0; search at least 1 turn")]
    NoTurns,
    /// A chess tree of no plies, or more than the tree accepts.
    #[error("{depth}; use 1 to {max} plies")]
    ChessDepth {
        /// Plies asked for.
        depth: u32,
        /// The most accepted ([`MAX_CHESS_DEPTH`](super::chess_tree::MAX_CHESS_DEPTH)).
        max: u32,
    },
    /// A real game tree with more nodes than a tree may hold.
    #[error("a {game} tree of more than {max_nodes} nodes; lower the depth")]
    TreeTooLarge {
        /// The game, as a reader names it (`chess`, `Kalah`).
        game: &'static str,
        /// The limit ([`MAX_TREE_NODES`](super::real_tree::MAX_TREE_NODES)).
        max_nodes: usize,
    },
}
