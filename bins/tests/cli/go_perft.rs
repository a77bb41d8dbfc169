//! `goban perft` and `goban bench`: their JSON contract, the published counts,
//! the named and file positions, and bad input (one line, exit 2).

use crate::common;

use std::process::{Command, Output};

use serde_json::Value;

fn go(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_goban")).args(args).output().expect("goban runs")
}

fn json(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    let out = go(&all);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    common::stdout_json(&out.stdout)
}

fn refused(args: &[&str], says: &str) {
    let out = go(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(says), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?}");
}

#[test]
fn perft_of_9x9_matches_mckenzie_on_both_representations() {
    let v = json(&["perft", "--size", "9", "--depth", "3", "--pass", "excluded"]);
    let rows = v.as_array().expect("one table: its rows");
    assert_eq!(rows.len(), 2);
    for (row, repr) in rows.iter().zip(["array", "bitboard"]) {
        assert_eq!(row["repr"], repr);
        assert_eq!(row["nodes"], 511_920);
        assert_eq!(row["published"], 511_920);
        assert_eq!(row["verdict"], "match");
        assert_eq!(row["passing"], "excluded");
    }
}

#[test]
fn pass_counts_as_a_move_by_default() {
    // 25 stones and a pass; then 24 + pass after a stone, 25 + pass after a pass.
    let v = json(&["perft", "--size", "5", "--depth", "2", "--repr", "bitboard"]);
    assert_eq!(v[0]["nodes"], 25 * 25 + 26);
    assert_eq!(v[0]["verdict"], "no published value");
    let v = json(&["perft", "--cols", "7", "--rows", "3", "--depth", "1", "--repr", "array"]);
    assert_eq!(v[0]["nodes"], 22);
}

#[test]
fn named_positions_and_divide() {
    // Bell's Fig. 3.12 configuration: White's E5 is among the legal moves.
    let v = json(&["perft", "--position", "bell-four-chains", "--depth", "1", "--divide"]);
    let divide = v["go_divide"].as_array().expect("divide");
    assert!(divide.iter().any(|d| d["move"] == "E5"));
    assert_eq!(divide.last().unwrap()["move"], "pass");
    let total: u64 = divide.iter().map(|d| d["nodes"].as_u64().unwrap()).sum();
    assert_eq!(v["go_perft"][0]["nodes"], total);
    // The ko point is not a move.
    let v = json(&["perft", "--position", "ko-5x5", "--depth", "1", "--divide", "--repr", "array"]);
    let moves: Vec<&str> = v["go_divide"].as_array().unwrap().iter().map(|d| d["move"].as_str().unwrap()).collect();
    assert!(!moves.contains(&"B3") && moves.contains(&"E5"), "{moves:?}");
    // After a pass, a pass ends the game: it is a move, and nothing follows it.
    let v = json(&["perft", "--position", "after-pass-4x3", "--depth", "2", "--divide"]);
    let pass = v["go_divide"].as_array().unwrap().iter().find(|d| d["move"] == "pass").cloned().unwrap();
    assert_eq!(pass["nodes"], 0);
}

#[test]
fn position_files_are_read_and_checked() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.txt");
    std::fs::write(&good, "# a corner\n. . .\nX . .\n. X .\nto-move white\n").unwrap();
    let v = json(&["perft", "--position", good.to_str().unwrap(), "--depth", "1"]);
    // Seven empty points but A1 is suicide for White; and the pass.
    assert_eq!(v[0]["nodes"], 7);
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "X O\nO .\n").unwrap();
    refused(&["perft", "--position", bad.to_str().unwrap(), "--depth", "1"], "no breathing space");
}

#[test]
fn bench_gives_a_speed_table() {
    let v = json(&["bench", "--size", "5", "--depth", "2", "--repeats", "1"]);
    let rows = v.as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["nodes"], rows[1]["nodes"]);
    assert_eq!(rows[0]["ratio"], 1.0);
    for format in ["table", "csv", "markdown"] {
        let out = go(&["bench", "--size", "3", "--depth", "2", "--repeats", "1", "--format", format]);
        assert!(out.status.success() && !out.stdout.is_empty(), "{format}");
    }
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    refused(&["perft", "--size", "20", "--depth", "1"], "invalid --size");
    refused(&["perft", "--size", "0", "--depth", "1"], "invalid --size");
    refused(&["perft", "--size", "19", "--depth", "8"], "invalid --depth");
    refused(&["perft", "--cols", "3", "--depth", "1"], "needs --rows");
    refused(&["perft", "--size", "3", "--cols", "3", "--rows", "3", "--depth", "1"], "not both");
    refused(&["perft", "--position", "no-such-position", "--depth", "1"], "invalid --position");
    refused(&["perft", "--size", "9", "--position", "ko-5x5", "--depth", "1"], "drop the size flags");
    refused(&["perft", "--depth", "1", "--repr", "mailbox"], "mailbox");
    refused(&["bench", "--size", "5", "--repeats", "0"], "invalid --repeats");
}
