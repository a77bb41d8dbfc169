//! Chapter 2, "Two-Person Games": tic-tac-toe with Levy's evaluation
//! function 128·c3 − 63·n2 + 31·c2 − 15·n1 + 7·c1. The classes of first
//! moves (Figure 11), the 1-ply scores, the classes of replies and every S
//! of the 2-ply search (Figure 13) with the backed-up value, and his claims
//! about how many rows of each kind can stand together, checked on every
//! position reachable in play.

use crate::Result;
use crate::engine::progress::{Progress, Step};
use crate::engine::tictactoe_rows::{Board, LEVY_WEIGHTS, boards_with_legal_counts, positions_where, reachable};
use crate::report::Exact;
use crate::study::datasets::LEVY_CH02_TWO_PERSON_GAMES;
use crate::study::levy::chance::common::{int, set};
use crate::study::levy::dataset;
use crate::study::levy::figures::{Figure, chapter_table};
use crate::study::levy::{LevyPart, Settings};
use crate::study::part::Part;

use super::errors::engine_error;

const FILE: &str = "levy/ch02-two-person-games.json";

/// The part.
pub const PART: LevyPart = LevyPart { chapters: &[2], key: "ch02", title: "Two-Person Games", run };

/// Levy's letters for the squares (Figure 11): a..i in reading order.
fn letter(square: u8) -> String {
    char::from(b'a' + square - 1).to_string()
}

fn run(_: &Settings, progress: Progress<'_>) -> Result<Part> {
    progress.report(Step::label("levy ch. 2"));
    let chapter = dataset::read(LEVY_CH02_TWO_PERSON_GAMES, FILE)?;
    let mut figures = Vec::new();
    searches(&mut figures)?;
    row_claims(&mut figures);
    let table =
        chapter_table("levy_games_ch02", "Levy (1983) ch. 2: tic-tac-toe, 1 and 2 ply", &chapter, FILE, &figures)?;
    Ok(Part { tables: vec![table], plots: Vec::new(), reading: Vec::new() })
}

fn play(board: &Board, square: u8) -> Result<Board> {
    board.play(square).map_err(|e| engine_error("tic-tac-toe move", e))
}

fn searches(figures: &mut Vec<Figure>) -> Result<()> {
    let w = &LEVY_WEIGHTS;
    let classes = Board::EMPTY.move_classes();
    figures.push(Figure::new("first.classes", "", int(classes.len())));
    // Levy's order: centre, corners, edges.
    let class_of = |square: u8| classes.iter().find(|c| c.contains(&square)).cloned().unwrap_or_default();
    let (centre, corners, edges) = (class_of(5), class_of(1), class_of(2));
    figures.push(Figure::new("first.centre", "", set(centre.iter().map(|&s| letter(s)))));
    figures.push(Figure::new("first.corners", "", set(corners.iter().map(|&s| letter(s)))));
    figures.push(Figure::new("first.edges", "", set(edges.iter().map(|&s| letter(s)))));
    // Representatives: the centre (5), a corner (1), an edge (2).
    let firsts = [5u8, 1, 2];
    let mut backed = Vec::new();
    for (i, &first) in firsts.iter().enumerate() {
        let p = play(&Board::EMPTY, first)?;
        let n = i + 1;
        figures.push(Figure::new(format!("p{n}.c1"), "", int(p.rows_of(true)[1])));
        figures.push(Figure::new(format!("s{n}"), "", int(p.levy_score(w))));
        let replies = p.move_classes();
        figures.push(Figure::new(format!("p{n}.replies"), "", int(replies.len())));
        let scored: Vec<(u8, i32, [u32; 4], [u32; 4])> = replies
            .iter()
            .map(|class| {
                let q = play(&p, class[0]).expect("an empty square");
                (class[0], q.levy_score(w), q.rows_of(true), q.rows_of(false))
            })
            .collect();
        if first == 5 {
            // P11: O in a corner, P12: O on an edge.
            for (id, reply) in [("p11", 1u8), ("p12", 2u8)] {
                let q = play(&p, reply)?;
                let (s, c, o) = (q.levy_score(w), q.rows_of(true), q.rows_of(false));
                figures.push(Figure::new(format!("{id}.c1"), "", int(c[1])));
                figures.push(Figure::new(format!("{id}.n1"), "", int(o[1])));
                figures.push(Figure::new(format!("s{}", &id[1..]), "", int(s)));
                if id == "p12" {
                    // Levy quotes S12 twice more in the text.
                    figures.push(Figure::new("s12.quoted_choice", "", int(s)));
                    figures.push(Figure::new("s12.quoted_search", "", int(s)));
                }
            }
        } else {
            figures.push(
                Figure::new(format!("s{n}x"), "", set(scored.iter().map(|r| r.1.to_string()))).note(
                    scored
                        .iter()
                        .map(|(sq, s, c, o)| format!("O on {}: c1 {} n1 {} S {s}", letter(*sq), c[1], o[1]))
                        .collect::<Vec<_>>()
                        .join("; "),
                ),
            );
        }
        let min = scored.iter().map(|r| r.1).min().expect("replies exist");
        figures.push(Figure::new(format!("p{n}.backed_up"), "", int(min)));
        backed.push((first, min));
    }
    let (best, root) = backed.iter().copied().max_by_key(|&(sq, v)| (v, std::cmp::Reverse(sq))).expect("three moves");
    let one_ply_best =
        firsts.iter().copied().max_by_key(|&f| Board::EMPTY.play(f).map(|p| p.levy_score(w)).unwrap_or(i32::MIN));
    figures.push(Figure::new("ply1.choice", "", Exact::Text(letter(one_ply_best.unwrap_or(0)))));
    figures.push(Figure::new("root.backed_up", "", int(root)));
    figures.push(Figure::new("ply2.choice", "", Exact::Text(letter(best))));
    Ok(())
}

fn row_claims(figures: &mut Vec<Figure>) {
    let all = reachable();
    let legal = boards_with_legal_counts();
    // One side has a 3-row: the other side's 2-rows, and its 1-rows when it
    // has two 2-rows; on every board with legal numbers of marks, and on
    // the positions reachable in play (where the game stops at the 3-row).
    let facing_3row = |boards: &[Board]| {
        let (mut max_2rows, mut max_1rows) = (0, 0);
        for b in boards {
            for x in [true, false] {
                if b.rows_of(x)[3] > 0 {
                    let other = b.rows_of(!x);
                    max_2rows = max_2rows.max(other[2]);
                    if other[2] >= 2 {
                        max_1rows = max_1rows.max(other[1]);
                    }
                }
            }
        }
        (max_2rows, max_1rows)
    };
    let (legal_2rows, legal_1rows) = facing_3row(&legal);
    let (play_2rows, _) = facing_3row(&all);
    figures.push(Figure::new("rows.at_most_two_2rows_facing_3row", "", Exact::Flag(legal_2rows <= 2)).note(format!(
        "At most {legal_2rows} on the {} boards with legal numbers of marks; at most {play_2rows} in positions reached in \
         play, where the game ends at the 3-row.",
        legal.len()
    )));
    figures.push(Figure::new(
        "rows.max_2rows_facing_3row_in_play",
        "The most 2-rows a side has facing a 3-row, in positions reached in play",
        int(play_2rows),
    ));
    figures.push(Figure::new("rows.1rows_beside_3row_and_two_2rows", "", int(legal_1rows)));
    // No 3-rows, one side only has 2-rows: the other side's 1-rows, in
    // positions reached in play.
    let mut max_1rows = 0;
    let mut example = None;
    for b in positions_where(&all, false, |_| true) {
        for x in [true, false] {
            let (own, other) = (b.rows_of(x), b.rows_of(!x));
            if own[2] > 0 && other[2] == 0 && other[1] > max_1rows {
                max_1rows = other[1];
                example = Some(b);
            }
        }
    }
    figures.push(Figure::new("rows.max_1rows_facing_2row", "", int(max_1rows)).note(format!(
        "e.g. {} (rows of X, O and empty squares): reached in play.",
        example.map(|b| b.to_string()).unwrap_or_default()
    )));
    let w = &LEVY_WEIGHTS;
    figures.push(Figure::new("weights.k3_over_2k2", "", Exact::Flag(w.k3 > 2 * w.k2_opponent)));
    figures.push(Figure::new("weights.k2p_over_2k1", "", Exact::Flag(w.k2_opponent > 2 * w.k1)));
    figures.push(Figure::new("weights.k2_over_2k1p", "", Exact::Flag(w.k2 > 2 * w.k1_opponent)));
    figures.push(Figure::new("weights.factor", "", int(max_1rows)).note(format!(
        "With his own bound, one 2-row outweighs the opponent's 1-rows only if k2 > {max_1rows} × k1'; \
                 31 > {} is {}.",
        max_1rows * 15,
        31 > max_1rows as i32 * 15
    )));
    // The range of the scores (Levy: check that they cannot overflow).
    let scores: Vec<i32> = all.iter().map(|b| b.levy_score(w)).collect();
    let (lo, hi) = (scores.iter().min().copied().unwrap_or(0), scores.iter().max().copied().unwrap_or(0));
    figures.push(Figure::new("score.max", "The largest score of any reachable position (X's side)", int(hi)));
    figures.push(Figure::new("score.min", "The smallest score of any reachable position", int(lo)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_follow_reading_order() {
        assert_eq!(letter(1), "a");
        assert_eq!(letter(5), "e");
        assert_eq!(letter(9), "i");
    }
}
