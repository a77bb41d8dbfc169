//! The tic-tac-toe tables: the whole game tree searched as in Levy's Tasks
//! 3 and 4 (the searches are [`crate::engine::tictactoe`]'s), the full
//! tree's size beside its published values
//! (`datasets/alphabeta/tictactoe.json`).
//!
//! Two conventions of counting nodes meet here. Levy's tasks count the moves
//! made, the root excluded: 549,945 for the full tree, the table's `nodes`.
//! The figure usually quoted, 549,946, counts one node per call of the
//! search function, the root included: the table's `nodes_with_root`, which
//! is compared with it.

use serde::Deserialize;

use crate::engine::tictactoe::{TicSearch, count, tasks};
use crate::report::{Cell, Column, Comparison, Published, Table};
use crate::{Error, Result};

const DATASET: &str = crate::study::datasets::ALPHABETA_TICTACTOE;
const NAME: &str = "alphabeta/tictactoe.json";

/// What a published figure counts.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Quantity {
    /// Positions of the tree, the root included.
    NodesWithRoot,
    /// Games: leaves of the tree.
    Games,
}

/// One published size of the full tree.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct Figure {
    /// What it counts.
    pub quantity: Quantity,
    /// Whether it is counted up to symmetry (moves to a position symmetric
    /// to an earlier sibling's dropped).
    pub symmetry: bool,
    /// The value as published.
    pub value: u64,
    /// A short reference, shown in the table.
    #[serde(rename = "where")]
    pub place: String,
    /// The full reference, with the words quoted.
    pub source: String,
    /// How the source counts.
    pub convention: String,
}

#[derive(Deserialize)]
struct Dataset {
    figures: Vec<Figure>,
}

/// Reads the dataset shipped with plybench.
///
/// ```
/// use plybench::study::alphabeta::tictactoe::{Quantity, published};
///
/// let figures = published()?;
/// let nodes = figures.iter().find(|f| f.quantity == Quantity::NodesWithRoot && !f.symmetry).unwrap();
/// assert_eq!(nodes.value, 549_946);
/// # Ok::<(), plybench::Error>(())
/// ```
///
/// # Errors
///
/// [`Error::Dataset`] if the file is malformed.
pub fn published() -> Result<Vec<Figure>> {
    let data: Dataset = serde_json::from_str(DATASET).map_err(|e| Error::Dataset { name: NAME, why: e.to_string() })?;
    Ok(data.figures)
}

/// The published figure for `quantity` that applies to `search`: only a
/// minimax search walks the whole tree.
fn figure<'a>(figures: &'a [Figure], search: &TicSearch, quantity: Quantity) -> Option<&'a Figure> {
    figures.iter().find(|f| search.minimax && f.quantity == quantity && f.symmetry == search.symmetry)
}

fn comparison(computed: u64, figure: Option<&Figure>) -> Comparison<u64> {
    let published = figure.map(|f| Published { value: f.value, source: f.place.clone() });
    Comparison::new(Some(computed), published.as_ref())
}

/// The `alphabeta tictactoe` table, one row per search: leaves, nodes and
/// value, then the nodes with the root and the games (leaves) beside their
/// published values for the minimax rows.
///
/// ```
/// use plybench::engine::tictactoe::{TicOrder, TicSearch};
/// use plybench::report::{Cell, Verdict};
/// use plybench::study::alphabeta::tictactoe::table;
///
/// let minimax =
///     TicSearch { order: TicOrder::Natural, seed: 0, killer: false, window: false, symmetry: false, minimax: true };
/// let table = table(&[minimax])?;
/// assert_eq!(table.rows[0][5], Cell::from(255_168u64));
/// assert_eq!(table.rows[0][8], Cell::from(549_946u64));
/// assert_eq!(table.rows[0][11], Cell::Verdict(Verdict::Match));
/// # Ok::<(), plybench::Error>(())
/// ```
///
/// # Errors
///
/// [`Error::Dataset`] if the published figures are malformed.
pub fn table(searches: &[TicSearch]) -> Result<Table> {
    let figures = published()?;
    let mut table = Table::new(
        "alphabeta_tictactoe",
        "Tic-tac-toe, the whole game tree from the empty board (Levy 1983, Tasks 3 and 4)",
        vec![
            Column::new("algorithm", "Algorithm"),
            Column::new("order", "Order"),
            Column::new("killer", "Killer"),
            Column::new("window", "Window ±0.9"),
            Column::new("symmetry", "Symmetry"),
            Column::new("leaves", "Leaves"),
            Column::new("nodes", "Nodes"),
            Column::new("value", "Value"),
            Column::new("nodes_with_root", "Nodes with root"),
            Column::new("published_nodes_with_root", "Published"),
            Column::new("nodes_source", "Source"),
            Column::new("nodes_verdict", "Verdict"),
            Column::new("published_games", "Published games"),
            Column::new("games_source", "Source"),
            Column::new("games_verdict", "Verdict"),
        ],
    );
    let mut cited = Vec::new();
    for search in searches {
        let c = count(*search);
        let nodes_figure = figure(&figures, search, Quantity::NodesWithRoot);
        let games_figure = figure(&figures, search, Quantity::Games);
        cited.extend(nodes_figure.into_iter().chain(games_figure));
        let [_, nodes_published, nodes_source, nodes_verdict] = comparison(c.nodes_with_root, nodes_figure).cells();
        let [_, games_published, games_source, games_verdict] = comparison(c.leaves, games_figure).cells();
        table.push(vec![
            Cell::from(if search.minimax { "minimax" } else { "alphabeta" }),
            Cell::from(search.order.label(search.seed)),
            Cell::from(search.killer),
            Cell::from(search.window),
            Cell::from(search.symmetry),
            Cell::from(c.leaves),
            Cell::from(c.nodes),
            Cell::Int(i64::from(c.value)),
            Cell::from(c.nodes_with_root),
            nodes_published,
            nodes_source,
            nodes_verdict,
            games_published,
            games_source,
            games_verdict,
        ]);
    }
    table.note(
        "Conventions: X moves first and maximises; the game ends at a win or a full board; scores +1/0/−1 for X; \
         fail-soft negamax (fail-hard visits the same nodes); leaves = terminal positions evaluated; nodes = positions \
         visited except the root; killer = last cutoff move at the same ply, tried first; window = root searched with \
         (−0.9, +0.9).",
    );
    table.note(
        "Nodes with root = positions visited, the root included, once per search of it: the calls of the search \
         function. Levy's tasks count moves made (nodes, 549,945 for the full tree); the figure usually quoted, \
         549,946, counts the calls, the root's included. Only minimax walks the whole tree, so only its rows have \
         published values; games are its leaves.",
    );
    cited.sort_by_key(|f| (f.quantity == Quantity::Games, f.symmetry));
    cited.dedup_by(|a, b| a == b);
    for f in cited {
        let what = match (f.quantity, f.symmetry) {
            (Quantity::NodesWithRoot, _) => "nodes with the root",
            (Quantity::Games, false) => "games",
            (Quantity::Games, true) => "games up to symmetry",
        };
        table.note(format!("{} {what}: {}", f.value, f.source));
    }
    Ok(table)
}

/// Every variant of Tasks 3 and 4 ([`tasks`]): minimax, then alpha-beta in
/// the orders 1..9, centre-corners-edges and random, then killer, window
/// and both.
///
/// # Errors
///
/// As [`table`].
pub fn tasks_table(symmetry: bool, seed: u64) -> Result<Table> {
    table(&tasks(symmetry, seed))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::tictactoe::TicOrder;
    use crate::report::{Tally, Verdict};

    #[test]
    fn the_dataset_names_a_source_for_every_figure() {
        let figures = published().unwrap();
        assert_eq!(figures.len(), 3);
        for f in &figures {
            assert!(!f.place.is_empty() && f.source.len() > f.place.len() && !f.convention.is_empty(), "{f:?}");
        }
    }

    #[test]
    fn only_minimax_rows_are_compared_and_all_of_them_match() {
        for symmetry in [false, true] {
            let table = tasks_table(symmetry, 1).unwrap();
            let tally = Tally::of([&table]);
            // Minimax: nodes with root and games without symmetry, games only with it.
            assert_eq!((tally.matches, tally.differs), (if symmetry { 1 } else { 2 }, 0), "symmetry {symmetry}");
            for row in &table.rows[1..] {
                assert_eq!(row[11], Cell::Verdict(Verdict::NoPublishedValue));
                assert_eq!(row[14], Cell::Verdict(Verdict::NoPublishedValue));
            }
        }
    }

    #[test]
    fn the_full_tree_is_the_same_in_every_order() {
        let minimax = TicSearch {
            order: TicOrder::Random,
            seed: 9,
            killer: false,
            window: false,
            symmetry: false,
            minimax: true,
        };
        let table = table(&[minimax]).unwrap();
        assert_eq!(table.rows[0][8], Cell::from(549_946u64));
        assert_eq!(table.rows[0][11], Cell::Verdict(Verdict::Match));
        assert_eq!(table.notes.iter().filter(|n| n.starts_with("255168 games: OEIS A061526")).count(), 1);
    }
}
