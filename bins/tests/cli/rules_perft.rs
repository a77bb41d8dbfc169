//! `rules perft` and `rules bench` from the command line: counts by both
//! engines against the hand-written tic-tac-toe tree and a closed form,
//! the divide, the formats, and bad input.

use crate::common;

use std::process::{Command, Output};

use serde_json::Value;

fn rules(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rules")).args(args).output().expect("rules runs")
}

/// The JSON document of a successful run.
fn json(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    let out = rules(&all);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    common::stdout_json(&out.stdout)
}

/// The count of each engine's row, as text (counts are `u128`).
fn counts(rows: &Value) -> Vec<(String, String)> {
    rows.as_array()
        .expect("rows")
        .iter()
        .map(|r| (r["engine"].as_str().expect("engine").to_owned(), r["nodes"].to_string()))
        .collect()
}

/// A usage error: status 2 and one line on stderr naming `needle`.
fn refused(args: &[&str], needle: &str) {
    let out = rules(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: {err}");
}

#[test]
fn tictactoe_perft_by_both_engines_equals_the_hand_written_tree() {
    for depth in [1, 4, 9] {
        let rows = json(&["perft", "--game", "tictactoe", "--depth", &depth.to_string()]);
        let expected = plybench::engine::tictactoe::perft(depth).to_string();
        let got = counts(&rows);
        assert_eq!(got.len(), 2, "{rows}");
        for (engine, nodes) in got {
            assert_eq!(nodes, expected, "{engine} at depth {depth}");
        }
    }
}

#[test]
fn gomoku_on_a_small_board_counts_the_placements() {
    // No line of five fits in two plies: every ordered pair of empty squares.
    let rows = json(&["perft", "--game", "gomoku", "--position", "5/5/5/5/5 1", "--depth", "2"]);
    for (engine, nodes) in counts(&rows) {
        assert_eq!(nodes, (25 * 24).to_string(), "{engine}");
    }
}

#[test]
fn divide_sums_to_the_total() {
    let doc = json(&["perft", "--game", "tictactoe", "--depth", "3", "--engine", "compiled", "--divide"]);
    let total = counts(&doc["rules_perft"]);
    assert_eq!(total.len(), 1);
    let divide = doc["rules_divide"].as_array().expect("divide rows");
    assert_eq!(divide.len(), 9, "one row per empty square");
    let sum: u64 = divide.iter().map(|r| r["nodes"].as_u64().expect("a count")).sum();
    assert_eq!(sum.to_string(), total[0].1);
}

#[test]
fn every_format_prints_the_counts() {
    for format in ["table", "csv", "markdown"] {
        let out = rules(&["perft", "--game", "tictactoe", "--depth", "2", "--format", format]);
        assert!(out.status.success(), "{format}: {}", String::from_utf8_lossy(&out.stderr));
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("72"), "{format}: {text}");
    }
}

#[test]
fn a_rule_file_from_disk_is_read_and_its_errors_name_the_line() {
    let dir = std::env::temp_dir().join(format!("plybench-rules-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let good = dir.join("two.rules");
    std::fs::write(
        &good,
        "GAME * TWO.\nBOARD * 2, 1.\nPIECE * MAN, X.\nINITIAL * EMPTY = 0.\nALGORITHM * MOVES.\n\
         A. SCANNING * V. F.\n. IF * OCCUPY(V) = EMPTY. B, XA.\nB. MOVE * PUT, MAN, V.\n. GO TO * XA.\n\
         F. FINISHED *\n. END.\n",
    )
    .expect("write");
    let rows = json(&["perft", "--rules", good.to_str().expect("utf-8"), "--position", "2 1", "--depth", "2"]);
    for (engine, nodes) in counts(&rows) {
        assert_eq!(nodes, "2", "{engine}: two squares, then the one left");
    }
    let bad = dir.join("bad.rules");
    std::fs::write(&bad, "GAME * BAD.\nBOARD * 2, 1.\nALGORITHM * MOVES.\n. FROBNICATE * V.\n. END.\n").expect("write");
    // A misspelled keyword is named on its own line.
    refused(&["perft", "--rules", bad.to_str().expect("utf-8"), "--position", "2 1", "--depth", "1"], "bad.rules:4:");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_input_is_refused_in_one_line() {
    refused(&["perft", "--game", "chequers", "--depth", "2"], "--game");
    refused(&["perft", "--game", "tictactoe", "--position", "3/3/3 7", "--depth", "2"], "--position");
    refused(&["perft", "--game", "tictactoe", "--position", "Q2/3/3 1", "--depth", "2"], "--position");
    refused(&["perft", "--game", "tictactoe", "--depth", "65"], "--depth");
    refused(&["perft", "--depth", "2"], "--game");
    refused(&["bench", "--chess-depth", "9"], "--chess-depth");
    refused(&["bench", "--runs", "0"], "--runs");
}

#[test]
fn bench_puts_every_engine_beside_the_interpreter() {
    let rows = json(&["bench", "--chess-depth", "1", "--draughts-depth", "1", "--runs", "1"]);
    let rows = rows.as_array().expect("rows");
    for game in ["chess", "draughts"] {
        let of_game: Vec<&Value> = rows.iter().filter(|r| r["game"] == game).collect();
        assert!(of_game.len() >= 3, "{game}: {rows:#?}");
        let nodes: Vec<String> = of_game.iter().map(|r| r["nodes"].to_string()).collect();
        assert!(nodes.windows(2).all(|w| w[0] == w[1]), "{game}: every engine counts the same: {nodes:?}");
        assert!(
            of_game.iter().any(|r| r["engine"] == "rules interpreter" && r["ratio"].as_f64() == Some(1.0)),
            "{game}"
        );
    }
}

/// The native engine's cache for the tests: the test target's, shared with
/// the library's tests (the same source builds the same library).
fn native_cache() -> String {
    format!("{}/rules-native", env!("CARGO_TARGET_TMPDIR"))
}

#[test]
fn the_three_engines_agree_on_connect_four() {
    let cache = native_cache();
    let rows = json(&["perft", "--game", "connect4", "--depth", "4", "--engine", "all", "--native-cache", &cache]);
    let got = counts(&rows);
    let engines: Vec<&str> = got.iter().map(|(e, _)| e.as_str()).collect();
    assert_eq!(engines, ["interp", "compiled", "native"], "{rows}");
    for (engine, nodes) in &got {
        assert_eq!(nodes, "2401", "{engine}");
    }
    // The divide by the native engine: one row per empty square, summing
    // to the total.
    let doc = json(&[
        "perft",
        "--game",
        "tictactoe",
        "--depth",
        "3",
        "--engine",
        "native",
        "--divide",
        "--native-cache",
        &cache,
    ]);
    assert_eq!(counts(&doc["rules_perft"]), [("native".to_string(), "504".to_string())]);
    let divide = doc["rules_divide"].as_array().expect("divide rows");
    assert_eq!(divide.len(), 9);
    assert_eq!(divide.iter().map(|r| r["nodes"].as_u64().expect("a count")).sum::<u64>(), 504);
}

#[test]
fn a_missing_rustc_is_one_line_and_status_2() {
    let cache = format!("{}/rules-native-none", env!("CARGO_TARGET_TMPDIR"));
    let _ = std::fs::remove_dir_all(&cache);
    refused(
        &[
            "perft",
            "--game",
            "tictactoe",
            "--depth",
            "2",
            "--engine",
            "native",
            "--rustc",
            "/nonexistent/rustc",
            "--native-cache",
            &cache,
        ],
        "needs rustc",
    );
}
