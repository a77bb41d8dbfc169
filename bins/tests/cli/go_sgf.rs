//! SGF records from another program (GNU Go, `bins/tests/fixtures/`) read
//! by every `goban` subcommand that takes a position: the main line played
//! on the board gives the same perft and the same influence map as the
//! diagram of the same position (written here by hand from the record),
//! `--move N` stops the record early, and bad records or move numbers are
//! one line and exit 2. Also the text form's own errors, which name their
//! line.

use crate::common;

use std::path::PathBuf;
use std::process::{Command, Output};

use serde_json::Value;

fn goban(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_goban")).args(args).output().expect("goban runs")
}

fn json(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    let out = goban(&all);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    common::stdout_json(&out.stdout)
}

fn refused(args: &[&str], says: &[&str]) {
    let out = goban(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    for word in says {
        assert!(err.contains(word), "{args:?}: `{word}` not in {err}");
    }
    assert!(out.stdout.is_empty(), "{args:?}");
}

fn fixture(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(name).display().to_string()
}

/// `text` in a file of its own, kept while the test runs.
fn file(dir: &tempfile::TempDir, name: &str, text: &str) -> String {
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

/// The node counts of `goban perft` on a position, one per representation.
fn perft_nodes(position: &str, extra: &[&str]) -> Vec<Value> {
    let mut args = vec!["perft", "--position", position, "--depth", "2"];
    args.extend(extra);
    let v = json(&args);
    let rows = v.as_array().expect("one table of rows");
    assert_eq!(rows.len(), 2, "both representations");
    rows.iter().map(|row| row["nodes"].clone()).collect()
}

/// The end of the 9x9 game: GNU Go's three handicap stones C7 G7 C3, then
/// W E5, B G4, W D4, B C5, W F4, B G3, W E3, B C4, W B5, B B6; White to move.
const NINE_END: &str = "\
9 . . . . . . . . .
8 . . . . . . . . .
7 . . X . . . X . .
6 . X . . . . . . .
5 . O X . O . . . .
4 . . X O . O X . .
3 . . X . O . X . .
2 . . . . . . . . .
1 . . . . . . . . .
  A B C D E F G H J
to-move white
";

#[test]
fn a_game_record_gives_the_perft_of_its_final_diagram() {
    let dir = tempfile::tempdir().unwrap();
    let diagram = file(&dir, "end.txt", NINE_END);
    let from_sgf = perft_nodes(&fixture("gnugo-handicap-9x9.sgf"), &[]);
    assert_eq!(from_sgf, perft_nodes(&diagram, &[]));
    assert!(from_sgf[0].as_u64().unwrap() > 1_000, "{from_sgf:?}");
    // Black to move instead: another count, so the side to move was read.
    let black = file(&dir, "black.txt", &NINE_END.replace("to-move white", "to-move black"));
    assert_ne!(from_sgf, perft_nodes(&black, &[]));
}

#[test]
fn move_zero_is_the_handicap_setup_with_white_to_move() {
    let dir = tempfile::tempdir().unwrap();
    let handicap = "\
. . . . . . . . .
. . . . . . . . .
. . X . . . X . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . X . . . . . .
. . . . . . . . .
. . . . . . . . .
to-move white
";
    let diagram = file(&dir, "handicap.txt", handicap);
    assert_eq!(perft_nodes(&fixture("gnugo-handicap-9x9.sgf"), &["--move", "0"]), perft_nodes(&diagram, &[]));
    // After White's first move, E5, Black is to move.
    let first = file(
        &dir,
        "first.txt",
        &handicap
            .replace(
                ". . . . . . . . .\n. . . . . . . . .\n. . X . . . . . .",
                ". . . . O . . . .\n. . . . . . . . .\n. . X . . . . . .",
            )
            .replace("to-move white", "to-move black"),
    );
    assert_eq!(perft_nodes(&fixture("gnugo-handicap-9x9.sgf"), &["--move", "1"]), perft_nodes(&first, &[]));
}

#[test]
fn variations_and_comments_are_skipped_for_the_main_line() {
    // GNU Go's reading tree: the main line is B B4, W A5, B A4, W A6 from the
    // game's final position, its setup in the root; Black to move after it.
    let main_line = NINE_END
        .replace("6 . X . . .", "6 O X . . .")
        .replace("5 . O X", "5 O O X")
        .replace("4 . . X O", "4 X X X O")
        .replace("to-move white", "to-move black");
    let dir = tempfile::tempdir().unwrap();
    let diagram = file(&dir, "main-line.txt", &main_line);
    assert_eq!(perft_nodes(&fixture("gnugo-reading-variations.sgf"), &[]), perft_nodes(&diagram, &[]));
}

/// The influence map `goban influence` prints: its one table, or the one
/// named `go_influence_map` among several.
fn influence_map(args: &[&str]) -> Value {
    let mut all = vec!["influence"];
    all.extend(args);
    let v = json(&all);
    let map = if v.is_array() { v } else { v["go_influence_map"].clone() };
    assert_eq!(map.as_array().map(Vec::len), Some(19), "{args:?}: 19 rows");
    map
}

#[test]
fn influence_reads_a_record_as_it_reads_stone_lists() {
    // GNU Go's four handicap stones D16 Q16 D4 Q4, then W K10, B Q10, W C10,
    // B M3, W K16, B H17, W K4, B H3.
    let from_sgf = influence_map(&["--position", &fixture("gnugo-handicap-19x19.sgf")]);
    let from_lists = influence_map(&["--black", "D16,Q16,D4,Q4,Q10,M3,H17,H3", "--white", "K10,C10,K16,K4"]);
    assert_eq!(from_sgf, from_lists);
    let early = influence_map(&["--position", &fixture("gnugo-handicap-19x19.sgf"), "--move", "1"]);
    assert_eq!(early, influence_map(&["--black", "D16,Q16,D4,Q4", "--white", "K10"]));
    assert_ne!(early, from_sgf);
    refused(&["influence", "--position", &fixture("gnugo-handicap-9x9.sgf")], &["--position", "9x9", "19x19"]);
}

#[test]
fn figure_3_16_is_written_as_sgf_and_reads_back() {
    let dir = tempfile::tempdir().unwrap();
    let sgf = dir.path().join("fig316.sgf").display().to_string();
    let figure = influence_map(&["--figure", "3.16", "--sgf", &sgf]);
    let text = std::fs::read_to_string(&sgf).unwrap();
    assert!(text.starts_with("(;FF[4]GM[1]") && text.contains("SZ[19]") && text.contains("Bell"), "{text}");
    assert_eq!(influence_map(&["--position", &sgf]), figure);
}

#[test]
fn bad_records_and_move_numbers_are_one_line() {
    let nine = fixture("gnugo-handicap-9x9.sgf");
    refused(&["perft", "--position", &nine, "--move", "11", "--depth", "1"], &["--move", "10 moves"]);
    refused(&["perft", "--move", "1", "--depth", "1"], &["--move", "SGF"]);
    refused(&["perft", "--position", "ko-5x5", "--move", "1", "--depth", "1"], &["--move"]);
    let dir = tempfile::tempdir().unwrap();
    let diagram = file(&dir, "end.txt", NINE_END);
    refused(&["perft", "--position", &diagram, "--move", "1", "--depth", "1"], &["--move", "diagram"]);
    let record = std::fs::read_to_string(&nine).unwrap();
    let occupied = file(&dir, "occupied.sgf", &record.replace(";B[gf]", ";B[ee]"));
    refused(&["perft", "--position", &occupied, "--depth", "1"], &["move 2", "black E5", "holds a stone"]);
    let open = file(&dir, "open.sgf", record.trim_end().trim_end_matches(')'));
    refused(&["perft", "--position", &open, "--depth", "1"], &["--position", "not closed"]);
    let chess = file(&dir, "chess.sgf", &record.replace("GM[1]", "GM[3]"));
    refused(&["perft", "--position", &chess, "--depth", "1"], &["GM", "other than Go"]);
    let nul = file(&dir, "nul.sgf", "(;SZ[9]\u{0}\u{7};B[aa])");
    let out = goban(&["perft", "--position", &nul, "--depth", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!out.stderr.iter().any(|&b| b == 0 || b == 7), "control bytes reach the terminal");
}

#[test]
fn the_text_form_names_the_line_of_each_error() {
    let dir = tempfile::tempdir().unwrap();
    let ragged = file(&dir, "ragged.txt", "# a 3x3 board\n. . .\n. .\n. . .\n");
    refused(&["perft", "--position", &ragged, "--depth", "1"], &["line 3", "2 points", "first row has 3"]);
    let twice = file(&dir, "twice.txt", ". . .\n. . .\nto-move white\nto-move black\n");
    refused(&["perft", "--position", &twice, "--depth", "1"], &["line 4", "second `to-move`"]);
    let numbered = file(&dir, "numbered.txt", "2 . X .\n2 . . .\n");
    refused(&["perft", "--position", &numbered, "--depth", "1"], &["line 2", "row 1"]);
}
