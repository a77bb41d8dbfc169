//! The tic-tac-toe tables: the whole game tree searched as in Levy's Tasks
//! 3 and 4 (the searches are [`crate::engine::tictactoe`]'s).

use crate::engine::tictactoe::{TicSearch, count, tasks};
use crate::report::{Cell, Column, Table};

/// The `alphabeta tictactoe` table, one row per search.
///
/// ```
/// use plybench::engine::tictactoe::{TicOrder, TicSearch};
/// use plybench::study::alphabeta::tictactoe::table;
///
/// let minimax =
///     TicSearch { order: TicOrder::Natural, seed: 0, killer: false, window: false, symmetry: false, minimax: true };
/// let table = table(&[minimax]);
/// assert_eq!(table.rows[0][5], plybench::report::Cell::from(255_168u64));
/// ```
pub fn table(searches: &[TicSearch]) -> Table {
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
        ],
    );
    for &search in searches {
        let c = count(search);
        table.push(vec![
            Cell::from(if search.minimax { "minimax" } else { "alphabeta" }),
            Cell::from(search.order.label(search.seed)),
            Cell::from(search.killer),
            Cell::from(search.window),
            Cell::from(search.symmetry),
            Cell::from(c.leaves),
            Cell::from(c.nodes),
            Cell::Int(i64::from(c.value)),
        ]);
    }
    table.note(
        "Conventions: X moves first and maximises; the game ends at a win or a full board; scores +1/0/−1 for X; \
         fail-soft negamax (fail-hard visits the same nodes); leaves = terminal positions evaluated; nodes = positions \
         visited except the root; killer = last cutoff move at the same ply, tried first; window = root searched with \
         (−0.9, +0.9).",
    );
    table
}

/// Every variant of Tasks 3 and 4 ([`tasks`]): minimax, then alpha-beta in
/// the orders 1..9, centre-corners-edges and random, then killer, window
/// and both.
pub fn tasks_table(symmetry: bool, seed: u64) -> Table {
    table(&tasks(symmetry, seed))
}
