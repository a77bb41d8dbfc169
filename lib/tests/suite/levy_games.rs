//! The game chapters of the `levy` study without perft (1, 2, 3-4, 5, 14):
//! every printed figure reproduced or explained at the quick budget, and
//! the engines against second, independent computations.

use plybench::engine::gomoku::{Board as Gomoku, Stone};
use plybench::engine::nim::{Ending, Solver, formula_mover_wins, positions_below};
use plybench::engine::progress::Progress;
use plybench::engine::puzzle::Puzzle;
use plybench::engine::tictactoe_rows::{Board, LEVY_WEIGHTS, reachable};
use plybench::report::{Cell, Tally};
use plybench::study::budget::Budget;
use plybench::study::levy::{Settings, games, parts};

fn game_tables() -> Vec<plybench::report::Table> {
    let settings = Settings::new(Budget::Quick, 1);
    games::PARTS.iter().flat_map(|p| (p.run)(&settings, Progress::NONE).expect("the part runs").tables).collect()
}

#[test]
fn every_printed_figure_of_the_game_chapters_is_reproduced_or_explained() {
    let tables = game_tables();
    let tally = Tally::of(&tables);
    assert!(tally.passed(), "{tally:?}");
    assert_eq!(tally.differs, 0, "{tally:?}");
    assert!(tally.matches >= 90, "{tally:?}");
    assert!(tally.known >= 8, "{tally:?}");
    let ids: Vec<String> = tables.iter().map(|t| t.id.clone()).collect();
    assert_eq!(ids, ["levy_games_ch01", "levy_games_ch02", "levy_games_ch03", "levy_games_ch05", "levy_games_ch14"]);
    for chapter in [1, 2, 3, 4, 5, 14] {
        assert_eq!(parts::select(&[chapter]).unwrap().len(), 1, "chapter {chapter}");
    }
}

fn value_of(tables: &[plybench::report::Table], table: &str, id: &str) -> String {
    let t = tables.iter().find(|t| t.id == table).expect("the table");
    let ids: Vec<String> = t.column("id").unwrap().map(Cell::text).collect();
    let row = ids.iter().position(|i| i == id).unwrap_or_else(|| panic!("{id} in {table}"));
    t.column("exact").unwrap().nth(row).map(Cell::text).unwrap()
}

/// IDA* with the Manhattan distance of the tiles (the space left out, so
/// admissible): a second search for the shortest solution of Figure 1.
fn ida_star(start: Puzzle, target: &Puzzle) -> u32 {
    fn search(p: Puzzle, target: &Puzzle, g: u32, bound: u32, last: u8) -> Result<u32, u32> {
        let f = g + p.manhattan(target, false);
        if f > bound {
            return Err(f);
        }
        if p == *target {
            return Ok(g);
        }
        let mut next_bound = u32::MAX;
        for tile in p.movable() {
            if tile == last {
                continue;
            }
            match search(p.slide(tile).unwrap(), target, g + 1, bound, tile) {
                Ok(found) => return Ok(found),
                Err(b) => next_bound = next_bound.min(b),
            }
        }
        Err(next_bound)
    }
    let mut bound = start.manhattan(target, false);
    loop {
        match search(start, target, 0, bound, 0) {
            Ok(length) => return length,
            Err(next) => bound = next,
        }
    }
}

#[test]
fn the_shortest_solution_agrees_with_ida_star() {
    let start: Puzzle = "3_8/257/146".parse().unwrap();
    let target: Puzzle = "123/4_5/678".parse().unwrap();
    let bfs = start.shortest(&target).unwrap();
    assert_eq!(ida_star(start, &target), bfs.length);
    assert_eq!(start.replay(&bfs.moves).unwrap(), target);
    let tables = game_tables();
    assert_eq!(value_of(&tables, "levy_games_ch01", "shortest.length"), bfs.length.to_string());
}

#[test]
fn nim_search_and_formula_agree_on_larger_games() {
    for ending in [Ending::LastTakerLoses, Ending::LastTakerWins] {
        let mut solver = Solver::new(ending);
        for piles in positions_below(&[9, 7, 5, 3, 2]) {
            assert_eq!(solver.mover_wins(&piles), formula_mover_wins(&piles, ending), "{piles:?}");
        }
    }
}

/// Levy's score, written again from the squares rather than the masks.
fn score_by_squares(b: &Board) -> i32 {
    let text = b.to_string().replace('/', "");
    let cells: Vec<char> = text.chars().collect();
    let lines = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
    let mut score = 0;
    for line in lines {
        let xs = line.iter().filter(|&&i| cells[i] == 'X').count();
        let os = line.iter().filter(|&&i| cells[i] == 'O').count();
        score += match (xs, os) {
            (3, 0) => 128,
            (0, 2) => -63,
            (2, 0) => 31,
            (0, 1) => -15,
            (1, 0) => 7,
            _ => 0,
        };
    }
    score
}

#[test]
fn levys_score_agrees_with_a_second_count_on_every_position() {
    let all = reachable();
    assert_eq!(all.len(), 5478);
    for b in &all {
        assert_eq!(b.levy_score(&LEVY_WEIGHTS), score_by_squares(b), "{b}");
    }
}

#[test]
fn go_moku_threats_by_brute_force() {
    // An open four is four in a row with both ends free: check the engine's
    // points against placing the stone and scanning the row by hand.
    let mut b = Gomoku::new(19).unwrap();
    b.place_all("C6 D6 E6", Stone::White).unwrap();
    for p in b.empty_points() {
        let mut after = b.clone();
        after.place(p, Stone::White).unwrap();
        let row: String = (0..19)
            .map(|c| match after.at(plybench::engine::gomoku::Point { col: c, row: 5 }) {
                Some(Stone::White) => 'W',
                Some(Stone::Black) => 'B',
                None => '.',
            })
            .collect();
        let open_four_in_row = row.contains(".WWWW.") && !row.contains("WWWWW");
        assert_eq!(b.open_fours(Stone::White).contains(&p), open_four_in_row, "{p}");
    }
}

/// Prints the tables (`cargo test --test suite levy_games::show -- --ignored
/// --nocapture`), for reading the rows while working on a chapter.
#[test]
#[ignore = "prints the tables for reading; asserts nothing"]
fn show_the_tables() {
    for table in game_tables() {
        println!("{}", table.render(plybench::report::Format::Csv));
    }
}
