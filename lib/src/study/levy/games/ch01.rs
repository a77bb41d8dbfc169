//! Chapter 1, "One-Person Games": the 8-puzzle of Figure 1 (the tiles that
//! can move, Levy's table of moves, the Manhattan scores S0, S1, ... of the
//! positions he evaluates, his ties, his 15-move sequence and the shortest
//! solution by breadth-first search) and Nim from 7-5-3-1 (the column
//! totals of Figure 2, the winner by exhaustive search beside the rule,
//! the exceptions he names).

use crate::Result;
use crate::engine::nim::{self, Ending, Solver};
use crate::engine::progress::{Progress, Step};
use crate::engine::puzzle::{NEIGHBOURS, Puzzle, best_first};
use crate::report::Exact;
use crate::study::datasets::LEVY_CH01_ONE_PERSON_GAMES;
use crate::study::levy::chance::common::{int, set};
use crate::study::levy::dataset;
use crate::study::levy::figures::{Figure, chapter_table};
use crate::study::levy::{LevyPart, Settings};
use crate::study::part::Part;

use super::errors::engine_error;

const FILE: &str = "levy/ch01-one-person-games.json";

/// The part.
pub const PART: LevyPart = LevyPart { chapters: &[1], key: "ch01", title: "One-Person Games", run };

/// Figure 1: the starting and target configurations.
const START: &str = "3_8/257/146";
const TARGET: &str = "123/4_5/678";
/// The tiles moved in Levy's solution (line 236).
const LEVY_SEQUENCE: [u8; 15] = [3, 2, 1, 4, 6, 7, 8, 3, 2, 1, 4, 6, 7, 8, 5];
/// Figure 2's piles.
const PILES: [u32; 4] = [7, 5, 3, 1];
/// Positions a best-first search may put on its tree.
const BEST_FIRST_LIMIT: usize = 200_000;

fn run(_: &Settings, progress: Progress<'_>) -> Result<Part> {
    progress.report(Step::label("levy ch. 1"));
    let chapter = dataset::read(LEVY_CH01_ONE_PERSON_GAMES, FILE)?;
    let mut figures = Vec::new();
    eight_puzzle(&mut figures)?;
    nim_figures(&mut figures);
    let table = chapter_table("levy_games_ch01", "Levy (1983) ch. 1: the 8-puzzle and Nim", &chapter, FILE, &figures)?;
    Ok(Part { tables: vec![table], plots: Vec::new(), reading: Vec::new() })
}

fn tiles(list: impl IntoIterator<Item = u8>) -> Exact {
    set(list.into_iter().map(|t| t.to_string()))
}

fn eight_puzzle(figures: &mut Vec<Figure>) -> Result<()> {
    let parse = |text: &str| text.parse::<Puzzle>().map_err(|e| engine_error("8-puzzle position", e));
    let slide = |p: &Puzzle, tile: u8| p.slide(tile).map_err(|e| engine_error("8-puzzle move", e));
    let start = parse(START)?;
    let target = parse(TARGET)?;
    let score = |p: &Puzzle| int(p.manhattan(&target, true));

    let after = start.replay(&LEVY_SEQUENCE).map_err(|e| engine_error("Levy's sequence", e))?;
    figures.push(
        Figure::new("sequence.reaches_target", "", Exact::Flag(after == target))
            .note(format!("{} moves end in {after}.", LEVY_SEQUENCE.len())),
    );
    figures.push(Figure::new("start.movable", "", tiles(start.movable())));
    for vacant in 1..=4 {
        figures.push(Figure::new(
            format!("fig3.vacant{vacant}"),
            "",
            set(NEIGHBOURS[vacant - 1].iter().map(|s| (s + 1).to_string())),
        ));
    }
    // S0, and how it splits: how many pieces (the space among them) are
    // one place from home, how many two.
    let distances: Vec<u32> = (0..9)
        .map(|sq| {
            let tile = start.tile(sq);
            let home = (0..9).find(|&h| target.tile(h) == tile).expect("every tile has a home");
            ((sq / 3).abs_diff(home / 3) + (sq % 3).abs_diff(home % 3)) as u32
        })
        .collect();
    figures.push(Figure::new("s0.one_place", "", int(distances.iter().filter(|&&d| d == 1).count())));
    figures.push(Figure::new("s0.two_places", "", int(distances.iter().filter(|&&d| d == 2).count())));
    figures.push(Figure::new("s0", "", score(&start)).note(format!(
        "Without the space: {} (the space moves with every tile, so counting it adds a term that changes by one each move).",
        start.manhattan(&target, false)
    )));
    // Levy's m1, m2, m3 move the 3, 5 and 8 (S3 = 18 is the 8's).
    let [m1, m2, m3] = [3u8, 5, 8];
    let p1 = slide(&start, m1)?;
    for (id, tile) in [("s1", m1), ("s2", m2), ("s3", m3)] {
        figures.push(Figure::new(id, "", score(&slide(&start, tile)?)));
    }
    figures.push(Figure::new("p1.movable", "", tiles(p1.movable())));
    let p11 = slide(&p1, 2)?;
    figures.push(Figure::new("s11", "", score(&p11)));
    figures.push(Figure::new("fig5", "", Exact::Text(p11.to_string())));
    let p11_moves: Vec<u8> = p11.movable().into_iter().filter(|&t| t != 2).collect();
    figures.push(Figure::new("p11.moves", "", tiles(p11_moves.iter().copied())));
    for (id, tile) in [("s111", p11_moves[0]), ("s112", p11_moves[1])] {
        figures.push(Figure::new(id, "", score(&slide(&p11, tile)?)));
    }
    figures.push(Figure::new("target.score", "", score(&target)));
    // The shortest solution, by breadth-first search.
    let shortest = start.shortest(&target).ok_or_else(|| engine_error("8-puzzle", "the target cannot be reached"))?;
    let one: Vec<String> = shortest.moves.iter().map(u8::to_string).collect();
    figures.push(
        Figure::new(
            "shortest.length",
            "Moves of the shortest solution of Figure 1 (breadth-first search)",
            int(shortest.length),
        )
        .note(format!(
            "{} shortest solutions; one: {}. Levy's sequence of {} is one of them: {}. {} positions generated.",
            shortest.solutions,
            one.join(","),
            LEVY_SEQUENCE.len(),
            if shortest.length as usize == LEVY_SEQUENCE.len() { "yes" } else { "no" },
            shortest.positions_seen
        )),
    );
    figures.push(Figure::new(
        "shortest.levy_is_shortest",
        "Levy's 15-move sequence is a shortest solution",
        Exact::Flag(after == target && shortest.length as usize == LEVY_SEQUENCE.len()),
    ));
    for (id, weight, label) in [
        (
            "best_first.manhattan",
            0,
            "Moves in the solution found by Levy's best-first search on S (ties: first generated)",
        ),
        (
            "best_first.manhattan_plus_m",
            1,
            "Moves in the solution found with the score S + M (his 'shortest solution' score)",
        ),
    ] {
        match best_first(&start, &target, weight, BEST_FIRST_LIMIT) {
            Some(found) => figures.push(
                Figure::new(id, label, int(found.moves.len()))
                    .note(format!("{} positions expanded, {} generated.", found.expanded, found.generated)),
            ),
            None => {
                figures.push(Figure::skipped(id, label, format!("no solution within {BEST_FIRST_LIMIT} positions")))
            }
        }
    }
    Ok(())
}

fn nim_figures(figures: &mut Vec<Figure>) {
    figures.push(Figure::new(
        "nim.binary",
        "",
        Exact::Text(PILES.iter().map(|p| format!("{p:b}")).collect::<Vec<_>>().join(" ")),
    ));
    let totals = nim::column_totals(&PILES);
    figures.push(Figure::new(
        "nim.totals",
        "",
        Exact::Text(totals.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")),
    ));
    figures.push(Figure::new("nim.all_even", "", Exact::Flag(nim::rule_says_mover_loses(&PILES))));
    let mut misere = Solver::new(Ending::LastTakerLoses);
    let mut normal = Solver::new(Ending::LastTakerWins);
    let loses = !misere.mover_wins(&PILES);
    figures.push(Figure::new("nim.mover_loses", "", Exact::Flag(loses)).note(format!(
        "By exhaustive search ({} positions); the nim-sum is {}.",
        misere.positions(),
        nim::nim_sum(&PILES)
    )));
    figures.push(Figure::new(
        "nim.mover_loses_normal",
        "From 7-5-3-1 in the other version (the last match wins), the player to move loses (exhaustive search)",
        Exact::Flag(!normal.mover_wins(&PILES)),
    ));
    // The rule against the search, on every position below 7-5-3-1.
    let below = nim::positions_below(&PILES);
    let mut exceptions = Vec::new();
    let mut formula_agrees = true;
    for piles in &below {
        let wins = misere.mover_wins(piles);
        formula_agrees &= wins == nim::formula_mover_wins(piles, Ending::LastTakerLoses);
        formula_agrees &= normal.mover_wins(piles) == nim::formula_mover_wins(piles, Ending::LastTakerWins);
        if wins == nim::rule_says_mover_loses(piles) {
            exceptions.push(piles.iter().map(u32::to_string).collect::<Vec<_>>().join("-"));
        }
    }
    let all_small = below.iter().filter(|p| p.iter().all(|&k| k <= 1)).count();
    figures.push(
        Figure::new(
            "nim.exceptions_below",
            "Positions below 7-5-3-1 where the rule of even totals misjudges the last-match-loses game (search)",
            int(exceptions.len()),
        )
        .note(format!(
            "{}; every one has no pile of more than one match ({} such positions below 7-5-3-1, the empty one included), \
             and every such position is one.",
            if exceptions.is_empty() { "none".to_owned() } else { exceptions.join(", ") },
            all_small
        )),
    );
    figures.push(Figure::new(
        "nim.formula_agrees",
        "Search and the nim-sum formula (misère exception included) agree on every position below 7-5-3-1, both versions",
        Exact::Flag(formula_agrees),
    ));
    figures.push(
        Figure::new("nim.exception_1111", "", Exact::Flag(misere.mover_wins(&[1, 1, 1, 1])))
            .note("The totals are 4, even: the rule says the mover loses."),
    );
    let singles: Vec<u32> = (2..=7).filter(|&n| misere.mover_wins(&[n])).collect();
    figures.push(
        Figure::new("nim.exception_single", "", Exact::Flag(singles.len() == 6))
            .note("Checked for a pile of 2 to 7 matches: take all but one."),
    );
    figures.push(
        Figure::new(
            "nim.single_contradicts_rule",
            "A single pile of two or more is an exception to the rule of even totals",
            Exact::Flag((2..=7).any(|n| misere.mover_wins(&[n]) == nim::rule_says_mover_loses(&[n]))),
        )
        .note(
            "Its totals are never all even (the top bit of the pile counts 1), so the rule does not call it lost: \
             Levy's second 'exception' agrees with the rule. The exceptions are the positions with no pile above \
             one match, e.g. a single match (the rule: odd total, not lost; in fact the mover must take it and loses).",
        ),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_part_builds_its_table() {
        let part = (PART.run)(&Settings::new(crate::study::budget::Budget::Quick, 1), Progress::NONE).unwrap();
        assert_eq!(part.tables.len(), 1);
    }
}
