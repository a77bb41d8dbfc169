//! Chapters 3 and 4, "Games with Big Trees" and "Speeding Up the Search":
//! the counts in the text around the alpha-beta figures. Figures 14-17 and
//! Tasks 3-4 are the `alphabeta` study's (`datasets/alphabeta/`); here are
//! the tic-tac-toe leaf bound 12 × 7!, the chess and Go 4-ply estimates,
//! the optimal-order count 2·√N and its saving, and Figure 19's classes of
//! moves.

use num_rational::BigRational;

use crate::engine::progress::{Progress, Step};
use crate::engine::search::theory::knuth_moore_minimum;
use crate::engine::tictactoe_rows::{Board, games_below};
use crate::report::Exact;
use crate::study::datasets::LEVY_CH03_BIG_TREES;
use crate::study::levy::chance::common::{int, q};
use crate::study::levy::dataset;
use crate::study::levy::figures::{Figure, chapter_table};
use crate::study::levy::{LevyPart, Settings};
use crate::study::part::Part;
use crate::{Error, Result};

use super::errors::engine_error;

const FILE: &str = "levy/ch03-big-trees.json";

/// The part.
pub const PART: LevyPart =
    LevyPart { chapters: &[3, 4], key: "ch03", title: "Games with Big Trees; Speeding Up the Search", run };

/// Levy's chess branching factor (line 709).
const CHESS_BRANCHING: u32 = 36;
/// Points of a Go board.
const GO_POINTS: u128 = 361;

fn run(_: &Settings, progress: Progress<'_>) -> Result<Part> {
    progress.report(Step::label("levy ch. 3-4"));
    let chapter = dataset::read(LEVY_CH03_BIG_TREES, FILE)?;
    let mut figures = Vec::new();
    tictactoe_bound(&mut figures);
    estimates(&mut figures)?;
    figure_19(&mut figures)?;
    // Ch. 4's window: alpha at minus two pawns, beta at plus two.
    let (alpha, beta) = (-2, 2);
    figures.push(Figure::new("window.width", "", int(beta - alpha)));
    let table = chapter_table(
        "levy_games_ch03",
        "Levy (1983) ch. 3-4: the bounds and counts of the alpha-beta chapters",
        &chapter,
        FILE,
        &figures,
    )?;
    Ok(Part { tables: vec![table], plots: Vec::new(), reading: Vec::new() })
}

fn factorial(n: u64) -> u64 {
    (1..=n).product()
}

fn tictactoe_bound(figures: &mut Vec<Figure>) {
    // The positions after two plies, up to symmetry.
    let mut second = std::collections::BTreeMap::new();
    for first in Board::EMPTY.move_classes() {
        let p = Board::EMPTY.play(first[0]).expect("an empty square");
        for reply in p.move_classes() {
            let q = p.play(reply[0]).expect("an empty square");
            second.insert(q.canonical(), q);
        }
    }
    figures.push(Figure::new("ttt.ply2_positions", "", int(second.len())));
    let bound = second.len() as u64 * factorial(7);
    figures.push(Figure::new("ttt.leaf_bound", "", int(bound)));
    let games: u64 = second.values().map(|&b| games_below(b)).sum();
    figures.push(
        Figure::new("ttt.below_bound", "", Exact::Flag(games < bound))
            .note(format!("The games below the {} positions: {games}.", second.len())),
    );
    figures.push(Figure::new(
        "ttt.leaves_below_ply2",
        "Terminal positions of the game tree below the 12 positions at the second ply (each searched move by move)",
        int(games),
    ));
}

fn estimates(figures: &mut Vec<Figure>) -> Result<()> {
    let b = u128::from(CHESS_BRANCHING);
    let chess = b.pow(4);
    figures.push(Figure::new("chess.4ply", "", int(chess)).note(format!("{CHESS_BRANCHING}^4.")));
    let go: u128 = (0..4).map(|k| GO_POINTS - k).product();
    figures.push(
        Figure::new("go.4ply", "", int(go))
            .note(format!("361 × 360 × 359 × 358 from the empty board; 361^4 = {}.", GO_POINTS.pow(4))),
    );
    figures.push(Figure::new("chess.36_4", "", int(chess)));
    let levy = 2 * b * b;
    figures.push(Figure::new("chess.optimal", "", int(levy)));
    let minimal = knuth_moore_minimum(CHESS_BRANCHING, 4)
        .ok_or_else(|| Error::TooLarge("the minimal 4-ply chess tree".into()))?;
    figures.push(Figure::new(
        "chess.minimal",
        "Knuth and Moore's minimal tree, 36^2 + 36^2 - 1 (Levy's footnote: 2√N - 1)",
        int(minimal),
    ));
    let saving: BigRational = q(1, 1) - q(levy as i64, chess as i64);
    figures.push(
        Figure::new("chess.saving_over_99", "", Exact::Flag(saving > q(99, 100)))
            .note(format!("1 - 2592/1,679,616 = {}.", crate::report::decimal_text(&saving, 5))),
    );
    figures.push(Figure::new("chess.saving", "The saving of 2 × 36^2 leaves against 36^4", Exact::Value(saving)));
    Ok(())
}

fn figure_19(figures: &mut Vec<Figure>) -> Result<()> {
    let play = |b: &Board, s: u8| b.play(s).map_err(|e| engine_error("tic-tac-toe move", e));
    figures.push(Figure::new("fig19.first_classes", "", int(Board::EMPTY.move_classes().len())));
    let p1 = play(&Board::EMPTY, 5)?;
    figures.push(Figure::new("fig19.replies_centre", "", int(p1.move_classes().len())));
    let p11 = play(&p1, 1)?;
    let classes = p11.move_classes();
    figures.push(Figure::new("fig19.replies_p11", "", int(classes.len())));
    // Levy's four moves: 3, 9, 2 and 6, one in each class.
    let levy = [3u8, 9, 2, 6];
    let distinct = classes.iter().all(|c| levy.iter().filter(|s| c.contains(s)).count() == 1);
    figures.push(
        Figure::new("fig19.levy_moves_distinct", "", Exact::Flag(distinct))
            .note(format!("The classes: {}.", classes.iter().map(|c| format!("{c:?}")).collect::<Vec<_>>().join(", "))),
    );
    // Square 3 shares the top edge with square 1 (O's), not with 5 (X's).
    let top_edge = [1u8, 2, 3];
    let owner = if top_edge.contains(&1) && p11.o & 1 != 0 { "O" } else { "X" };
    figures.push(Figure::new("fig19.corner_shares_edge_with", "", Exact::Text(owner.into())));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn factorials() {
        assert_eq!(factorial(7), 5040);
        assert_eq!(factorial(0), 1);
    }
}
