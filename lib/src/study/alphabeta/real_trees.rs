//! The real game trees' tables: a chess tree and a Kalah tree searched with
//! alpha-beta in several move orders (the trees and searches are
//! [`chess_tree`]'s and [`kalah_tree`]'s).

use crate::Result;
use crate::engine::chess::Setup;
use crate::engine::search::{OrderComparison, chess_tree, kalah_tree};
use crate::report::{Cell, Column, Table};

/// A table of one row per search of `comparison`.
fn order_table(id: &str, title: &str, comparison: &OrderComparison) -> Table {
    let mut table = Table::new(
        id,
        title,
        vec![
            Column::new("order", "Order"),
            Column::new("algorithm", "Algorithm"),
            Column::new("leaves", "Leaves"),
            Column::new("nodes", "Nodes"),
            Column::new("value", "Value"),
        ],
    );
    for row in &comparison.rows {
        let counts = row.searched.counts;
        table.push(vec![
            Cell::from(row.order.as_str()),
            Cell::from(row.algorithm.name()),
            Cell::from(counts.leaves),
            Cell::from(counts.nodes()),
            Cell::Int(row.searched.value),
        ]);
    }
    table
}

/// Alpha-beta leaves and nodes for every order on the tree of `depth` plies
/// from `setup` ([`chess_tree::by_order`]).
///
/// ```
/// use plybench::engine::chess::Setup;
/// use plybench::study::alphabeta::real_trees::chess_table;
///
/// let table = chess_table(&Setup::starting(), 2, 1)?;
/// // minimax examines all 400 leaves of perft(2).
/// assert_eq!(table.rows[0][2], plybench::report::Cell::from(400u64));
/// # Ok::<(), plybench::Error>(())
/// ```
///
/// # Errors
///
/// As [`chess_tree::tree`].
pub fn chess_table(setup: &Setup, depth: u32, seed: u64) -> Result<Table> {
    let comparison = chess_tree::by_order(setup, depth, seed)?;
    let title = format!("Chess, {depth} plies from {}: alpha-beta by move order", setup.to_fen());
    let mut table = order_table("alphabeta_chess", &title, &comparison);
    table.note(
        "Leaves are scored by material from the root mover's side (1, 3, 3, 5, 9); mate ±1000, stalemate 0. Moves from \
         plybench's bitboard generator. Leaves = positions evaluated (perft of the depth, plus games ended before \
         it); nodes = positions visited but the root.",
    );
    Ok(table)
}

/// Alpha-beta leaves and nodes for every order on the tree of `depth` turns
/// from the opening of `pits` pits of `stones` stones
/// ([`kalah_tree::by_order`]).
///
/// # Errors
///
/// As [`kalah_tree::tree`].
pub fn kalah_table(pits: usize, stones: u16, depth: u32, seed: u64) -> Result<Table> {
    let comparison = kalah_tree::by_order(pits, stones, depth, seed)?;
    let title =
        format!("Kalah, {pits} pits of {stones} stones, {depth} turns from the opening: alpha-beta by move order");
    let mut table = order_table("alphabeta_kalah", &title, &comparison);
    table.note(
        "A move is a whole turn (a sequence of sowings, as in Bell's stacker); captures on; value = first player's kalah \
         minus second's after the last turn searched. Leaves = positions evaluated; nodes = positions visited but the root.",
    );
    table.note(format!("The widest node has {} turns.", comparison.widest));
    Ok(table)
}
