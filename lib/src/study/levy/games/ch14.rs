//! Chapter 14, "Go-Moku (and Renju)": the threats of Figure 51 as the text
//! places them, the counts W1 of Levy's evaluation function on his
//! examples, the edge refinement C = 1/(1 + vacant points to the edge), the
//! ways a 2-row can become a 5-row, and the 4-ply tree from the empty board
//! (the position his estimate is made on: "with 361 intersections").

use crate::Result;
use crate::engine::gomoku::{Board, DIRECTIONS, Point, Stone, minimal_leaves};
use crate::engine::progress::{Progress, Step};
use crate::report::Exact;
use crate::study::datasets::LEVY_CH14_GO_MOKU;
use crate::study::levy::chance::common::{int, ratio, set};
use crate::study::levy::dataset;
use crate::study::levy::figures::{Figure, chapter_table};
use crate::study::levy::{LevyPart, Settings};
use crate::study::part::Part;

use super::errors::engine_error;

const FILE: &str = "levy/ch14-go-moku.json";

/// The part.
pub const PART: LevyPart = LevyPart { chapters: &[14], key: "ch14", title: "Go-Moku (and Renju)", run };

/// The board Levy's figures use.
const SIZE: usize = 19;

fn run(_: &Settings, progress: Progress<'_>) -> Result<Part> {
    progress.report(Step::label("levy ch. 14"));
    let chapter = dataset::read(LEVY_CH14_GO_MOKU, FILE)?;
    let mut figures = Vec::new();
    threats(&mut figures)?;
    evaluation(&mut figures)?;
    tree(&mut figures)?;
    let table = chapter_table("levy_games_ch14", "Levy (1983) ch. 14: go-moku", &chapter, FILE, &figures)?;
    Ok(Part { tables: vec![table], plots: Vec::new(), reading: Vec::new() })
}

fn board(white: &str, black: &str) -> Result<Board> {
    let mut b = Board::new(SIZE).map_err(|e| engine_error("go-moku board", e))?;
    b.place_all(white, Stone::White).map_err(|e| engine_error("go-moku position", e))?;
    b.place_all(black, Stone::Black).map_err(|e| engine_error("go-moku position", e))?;
    Ok(b)
}

fn points(list: &[Point]) -> Exact {
    set(list.iter().map(Point::to_string))
}

fn threats(figures: &mut Vec<Figure>) -> Result<()> {
    figures.push(Figure::new("board.points", "", int(SIZE * SIZE)));
    // (a) Black's open four N7-Q7: the points where Black makes five.
    let four = board("", "N7 O7 P7 Q7")?;
    figures.push(Figure::new("fig51.four_completions", "", points(&four.fives(Stone::Black))));
    // (b) White's open three C6-E6: the points making an open four.
    let three = board("C6 D6 E6", "")?;
    let row = three.open_fours(Stone::White);
    figures.push(Figure::new("fig51.three_to_open_four", "", points(&row)));
    // (c) F5 and G4 added: a diagonal three E6-F5-G4 as well.
    let double = board("C6 D6 E6 F5 G4", "")?;
    let diagonal_only = board("E6 F5 G4", "")?;
    let diagonal = diagonal_only.open_fours(Stone::White);
    figures.push(Figure::new("fig51.diagonal_to_open_four", "", points(&diagonal)));
    // No single black stone stops both threes: after each black reply,
    // White still has a point making an open four.
    let unstoppable = double.empty_points().iter().all(|&p| {
        let mut b = double.clone();
        b.place(p, Stone::Black).is_ok() && !b.open_fours(Stone::White).is_empty()
    });
    figures.push(Figure::new("fig51.double_threat", "", Exact::Flag(unstoppable)));
    // The horizontal three C1-D1-E1 on the edge row.
    let edge = board("C1 D1 E1", "")?;
    figures.push(Figure::new("c1.threat_points", "", points(&edge.open_fours(Stone::White))));
    let after_b1 = board("C1 D1 E1 F1", "B1")?;
    figures.push(Figure::new("c1.counter_after_f1", "", points(&after_b1.fives(Stone::White))));
    let after_f1 = board("B1 C1 D1 E1", "F1")?;
    figures.push(Figure::new("c1.counter_after_b1", "", points(&after_f1.fives(Stone::White))));
    Ok(())
}

fn evaluation(figures: &mut Vec<Figure>) -> Result<()> {
    let w1 = |white: &str, black: &str| board(white, black).map(|b| int(b.features(Stone::White)[1]));
    figures.push(Figure::new("w1.d1_blocked", "", w1("D1", "A1 F1 D5")?));
    figures.push(Figure::new("w1.d1_without_a1", "", w1("D1", "F1 D5")?));
    figures.push(Figure::new("w1.d1_without_a1_d5", "", w1("D1", "F1")?));
    figures.push(Figure::new("w1.e1", "", w1("E1", "")?));
    figures.push(Figure::new("w1.j1", "", w1("J1", "")?));
    // The diagonals of five from E1 end on J5 and A5.
    let e1: Point = "E1".parse().map_err(|e| engine_error("go-moku point", e))?;
    let ends: Vec<Point> = DIRECTIONS[2..]
        .iter()
        .map(|d| Point { col: (e1.col as i32 + 4 * d.0) as usize, row: (e1.row as i32 + 4 * d.1) as usize })
        .collect();
    figures.push(Figure::new("e1.diagonal_ends", "", points(&ends)));
    // The windows of five holding the stones, on an empty line.
    let b = board("E1 D1", "")?;
    let d1: Point = "D1".parse().map_err(|e| engine_error("go-moku point", e))?;
    figures.push(Figure::new("rows.two_adjacent_ways", "", int(b.windows(d1, 2, (1, 0), Stone::Black))));
    let gap = board("E1 G1", "")?;
    figures.push(Figure::new("rows.one_gap_ways", "", int(gap.windows(e1, 3, (1, 0), Stone::Black))));
    // C for a black stone on D1: 1/(1 + vacant points between the stone and
    // its nearest edge point), per direction (the nearer of the two ways
    // along it). Levy counts the points strictly between: A1 is the edge
    // point, "two vacant intersections away" (B1 and C1); a stone on the
    // edge has none.
    let lone = board("", "D1")?;
    let c = |d: (i32, i32)| {
        let to_edge = lone.free_run(d1, d, Stone::White).min(lone.free_run(d1, (-d.0, -d.1), Stone::White));
        ratio(1, i64::from(to_edge.saturating_sub(1)) + 1)
    };
    figures.push(
        Figure::new("c.d1_horizontal", "", c((1, 0)))
            .note("Counting the edge point A1 as well (three vacant points) would give 1/4."),
    );
    figures.push(Figure::new("c.d1_vertical", "", c((0, 1))));
    figures.push(Figure::new("c.d1_diagonal_right", "", c((1, 1))));
    figures.push(Figure::new("c.d1_diagonal_left", "", c((-1, 1))));
    Ok(())
}

fn tree(figures: &mut Vec<Figure>) -> Result<()> {
    let n = (SIZE * SIZE) as u128;
    let branching: Vec<u128> = (0..4).map(|k| n - k).collect();
    let minimal = minimal_leaves(&branching);
    figures.push(
        Figure::new("tree.minimal_at_least_quarter_million", "", Exact::Flag(minimal >= 250_000))
            .note(format!("361 × 359 + 360 × 358 - 1 = {minimal}.")),
    );
    figures.push(Figure::new(
        "tree.minimal",
        "Leaves of the minimal 4-ply alpha-beta tree from the empty board (perfect ordering)",
        int(minimal),
    ));
    let full: u128 = branching.iter().product();
    figures.push(Figure::new("tree.full", "Leaves of the full 4-ply tree from the empty board", int(full)));
    // Forward pruning: the best 10% of the 361 moves, then 8% of 360.
    figures.push(Figure::new("prune.ply1", "", ratio(361 * 10, 100)));
    figures.push(Figure::new("prune.ply2", "Replies kept at the second ply (8% of 360)", ratio(360 * 8, 100)));
    Ok(())
}
