//! Levy (1983) ch. 8-9 on the engines: the checkers and chess figures with
//! their verdicts, and every printed game score replayed.

use plybench::engine::chess::Setup;
use plybench::engine::chess::coordinate::{Written, parse_score, replay, resolve};
use plybench::engine::progress::Progress;
use plybench::report::{Cell, Table, Tally};
use plybench::study::budget::Budget;
use plybench::study::levy::{Settings, parts};

fn tables(chapter: u32) -> Vec<Table> {
    let settings = Settings::new(Budget::Quick, 1);
    parts::select(&[chapter]).unwrap().iter().flat_map(|p| (p.run)(&settings, Progress::NONE).unwrap().tables).collect()
}

fn verdict(table: &Table, id: &str) -> String {
    let ids: Vec<String> = table.column("id").unwrap().map(Cell::text).collect();
    let at = ids.iter().position(|i| i == id).unwrap_or_else(|| panic!("no row {id}"));
    table.column("verdict").unwrap().nth(at).unwrap().text()
}

#[test]
fn chapters_8_and_9_have_no_figure_that_differs() {
    for chapter in [8, 9] {
        let tables = tables(chapter);
        let tally = Tally::of(&tables);
        assert_eq!(tally.differs, 0, "chapter {chapter}: {tally:?}");
        assert!(tally.passed(), "chapter {chapter}: {tally:?}");
    }
}

#[test]
fn the_known_discrepancies_are_found_by_the_program() {
    let nine = tables(9);
    for id in ["shannon.years", "bernstein.h4_move_number", "stean.bishop_24", "challenger.h4_move_number"] {
        assert_eq!(verdict(&nine[0], id), "known discrepancy", "{id}");
    }
    for id in ["bernstein.leaves", "stean.threat_29", "mike.repetition_85", "schach.only_15", "machack.forced_mate"] {
        assert_eq!(verdict(&nine[0], id), "match", "{id}");
    }
    let eight = tables(8);
    assert_eq!(verdict(&eight[0], "forward.moves"), "match");
    assert_eq!(verdict(&eight[0], "cramp.white_nearby"), "known discrepancy");
}

#[test]
fn every_game_is_replayed_to_its_last_move() {
    let nine = tables(9);
    let replay = &nine[1];
    let verdicts: Vec<String> = replay.column("verdict").unwrap().map(Cell::text).collect();
    assert!(verdicts.iter().all(|v| v == "legal" || v == "read"), "{verdicts:?}");
    assert_eq!(verdicts.iter().filter(|v| *v == "read").count(), 3, "two scan repairs and one promotion");
    let ids: Vec<String> = replay.column("id").unwrap().map(Cell::text).collect();
    // Chess Challenger v Boris: 44 moves, the last White's mate.
    assert!(ids.contains(&"challenger.87".to_owned()) && !ids.contains(&"challenger.88".to_owned()));
}

/// An independent check of the reader: the game of MacHack VI, whose
/// moves, written in UCI by hand from the score, must be what the reader
/// resolves.
#[test]
fn the_reader_agrees_with_a_hand_translation() {
    let score = parse_score(
        "1 e2–e4 c7–c5 2 d2–d4 c5–d4 3 d1–d4 ... b8–c6 4 d4–d3 g8–f6 5 b1–c3 g7–g6 6 g1–f3 d7–d6 7 c1–f4 e7–e5 \
         8 f4–g3 a7–a6 9 e1–c1 b7–b5",
    )
    .unwrap();
    let moves: Vec<Written> = score.moves.into_iter().map(Result::unwrap).collect();
    let uci = "e2e4 c7c5 d2d4 c5d4 d1d4 b8c6 d4d3 g8f6 b1c3 g7g6 g1f3 d7d6 c1f4 e7e5 f4g3 a7a6 e1c1 b7b5";
    let plies = replay(&Setup::starting(), &moves);
    let played: Vec<String> = plies.iter().map(|p| p.played.as_ref().unwrap().uci(false).to_string()).collect();
    assert_eq!(played.join(" "), uci);
    // Queen's-side castling is the king's move e1-c1.
    assert!(plies[16].played.as_ref().unwrap().is_castle());
    // The same score from a wrong position fails at once, with readings.
    let wrong = resolve(&plies[5].after, &moves[5]).unwrap_err().to_string();
    assert!(wrong.contains("cannot be played"), "{wrong}");
}
