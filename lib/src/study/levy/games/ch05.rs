//! Chapter 5, "More Complex Evaluation Functions": Michie's boxes (the
//! matchboxes of MENACE), counted on every position of tic-tac-toe
//! reachable in play under each convention of which positions get a box;
//! the square values of Figure 22; the pawn Levy's two-feature function
//! gives up for mobility.

use crate::Result;
use crate::engine::progress::{Progress, Step};
use crate::engine::tictactoe_rows::{Convention, reachable};
use crate::report::Exact;
use crate::study::datasets::LEVY_CH05_EVALUATION;
use crate::study::levy::chance::common::{int, set};
use crate::study::levy::dataset;
use crate::study::levy::figures::{Figure, chapter_table};
use crate::study::levy::{LevyPart, Settings};
use crate::study::part::Part;

const FILE: &str = "levy/ch05-evaluation-functions.json";

/// The part.
pub const PART: LevyPart = LevyPart { chapters: &[5], key: "ch05", title: "More Complex Evaluation Functions", run };

/// Levy's material weight and the mobility it gives a pawn for (line 997).
const WMA: i32 = 3;
const MOBILITY_GAINED: i32 = 4;

fn run(_: &Settings, progress: Progress<'_>) -> Result<Part> {
    progress.report(Step::label("levy ch. 5"));
    let chapter = dataset::read(LEVY_CH05_EVALUATION, FILE)?;
    let mut figures = Vec::new();
    menace(&mut figures);
    squares(&mut figures);
    figures.push(
        Figure::new("wma.sacrifice", "", Exact::Flag(MOBILITY_GAINED - WMA > 0))
            .note("WMa × Ma + Mo changes by -3 + 4 = +1."),
    );
    let table = chapter_table("levy_games_ch05", "Levy (1983) ch. 5: Michie's boxes", &chapter, FILE, &figures)?;
    Ok(Part { tables: vec![table], plots: Vec::new(), reading: Vec::new() })
}

fn menace(figures: &mut Vec<Figure>) {
    let all = reachable();
    let base = Convention { first_player: true, symmetry: true, forced_last_move: false, finished: false };
    let (by_marks, total) = base.boxes(&all);
    let per_ply: Vec<String> =
        by_marks.iter().enumerate().filter(|&(_, &n)| n > 0).map(|(k, n)| format!("{n} with {k} marks")).collect();
    figures.push(Figure::new("menace.boxes", "", int(total)).note(format!(
        "Positions X may face, reachable in play, the game not over, at least two empty squares, symmetric ones once: {}.",
        per_ply.join(", ")
    )));
    let variants: [(&str, &str, Convention); 7] = [
        (
            "menace.with_forced_last_move",
            "Boxes if the positions with one empty square (a forced move) get a box too",
            Convention { forced_last_move: true, ..base },
        ),
        (
            "menace.without_symmetry",
            "Boxes without symmetry (every reachable position X may face, at least two empty squares)",
            Convention { symmetry: false, ..base },
        ),
        (
            "menace.without_symmetry_with_forced",
            "Boxes without symmetry, positions with one empty square included",
            Convention { symmetry: false, forced_last_move: true, ..base },
        ),
        (
            "menace.with_finished",
            "Boxes if finished positions with X to move (O has won, or the board is full) get one too, forced moves included",
            Convention { finished: true, forced_last_move: true, ..base },
        ),
        (
            "menace.second_player",
            "Boxes for a machine moving second (O), symmetric positions once",
            Convention { first_player: false, ..base },
        ),
        (
            "menace.second_player_without_symmetry",
            "Boxes for a machine moving second, without symmetry",
            Convention { first_player: false, symmetry: false, ..base },
        ),
        (
            "menace.second_player_with_finished",
            "Boxes for a machine moving second, finished positions included",
            Convention { first_player: false, finished: true, forced_last_move: true, ..base },
        ),
    ];
    for (id, label, convention) in variants {
        figures.push(Figure::new(id, label, int(convention.boxes(&all).1)));
    }
    let without_empty = total - by_marks[0];
    figures.push(Figure::new(
        "menace.without_empty_board",
        "Boxes if the empty board (the first move) gets none",
        int(without_empty),
    ));
}

/// Figure 22's square values, rebuilt from the text: 4 for the four central
/// squares, 3 for the next ring, 2 for the next, 1 on the edge.
fn squares(figures: &mut Vec<Figure>) {
    let value = |file: i32, rank: i32| {
        let ring = |x: i32| if x < 4 { x } else { 7 - x };
        ring(file).min(ring(rank)) + 1
    };
    let mut count = [0u32; 5];
    for file in 0..8 {
        for rank in 0..8 {
            count[value(file, rank) as usize] += 1;
        }
    }
    figures.push(Figure::new("fig22.centre", "", int(count[4])));
    figures.push(Figure::new(
        "fig22.rings",
        "Squares valued 4, 3, 2 and 1 (the rings of Figure 22 as the text describes them)",
        set([4, 3, 2, 1].iter().map(|&v| format!("{v}: {}", count[v]))),
    ));
}
