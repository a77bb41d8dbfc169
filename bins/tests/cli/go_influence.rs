//! `goban influence`: Fig. 3.14 at K10, several stones, diagrams, Bell's
//! ±17–33 remark, Fig. 3.16, every format, and bad input.

use crate::common;

use std::process::{Command, Output};

use serde_json::Value;

fn go(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_goban")).args(args).output().expect("goban runs")
}

fn json(args: &[&str]) -> Value {
    let mut all = vec!["influence"];
    all.extend(args);
    all.extend(["--format", "json"]);
    let out = go(&all);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    common::stdout_json(&out.stdout)
}

/// The value at `point` (e.g. "K10") of the map table in JSON.
fn at(map: &Value, point: &str) -> i64 {
    let column = point[..1].to_ascii_lowercase();
    let row: u64 = point[1..].parse().unwrap();
    let line = map.as_array().unwrap().iter().find(|r| r["row"] == row).expect("row");
    line[column.as_str()].as_i64().expect("value")
}

/// A usage error: status 2 and one line on stderr.
fn refused(args: &[&str], needle: &str) {
    let out = go(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: {err}");
    assert!(out.stdout.is_empty());
}

#[test]
fn k10_matches_fig_3_14() {
    let out = go(&["influence", "--stone", "K10"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Fig. 3.14") && text.contains("1,2,6,10,62,10,6,2,1"), "{text}");
    assert!(!text.contains("differs"));
    let v = json(&["--stone", "K10"]);
    let fig = v["go_influence_fig3_14"].as_array().expect("fig 3.14 table");
    assert_eq!(fig.len(), 10);
    assert!(fig.iter().all(|r| r["verdict"] == "match"), "{fig:?}");
    let map = &v["go_influence_map"];
    assert_eq!(at(map, "K10"), 62);
    assert_eq!(at(map, "K14"), 1);
    assert_eq!(at(map, "K15"), 0);
    assert_eq!(at(map, "L11"), 8);
}

#[test]
fn a_white_stone_or_a_clipped_one_is_not_compared() {
    let v = json(&["--white", "K10"]);
    assert!(v.get("go_influence_fig3_14").is_none());
    // The map is the table itself when it is the only one.
    assert_eq!(at(&v, "K10"), -62);
    let v = json(&["--stone", "A1"]);
    assert_eq!(at(&v, "A1"), 56);
}

#[test]
fn several_stones_and_diagrams_agree() {
    let v = json(&["--black", "K10,D4", "--white", "Q16"]);
    let mut diagram = String::new();
    for row in (1..=19).rev() {
        for col in "ABCDEFGHJKLMNOPQRST".chars() {
            diagram.push(match (col, row) {
                ('K', 10) | ('D', 4) => 'X',
                ('Q', 16) => 'O',
                _ => '.',
            });
        }
        diagram.push('\n');
    }
    let path = std::env::temp_dir().join(format!("go-influence-{}.txt", std::process::id()));
    std::fs::write(&path, diagram).unwrap();
    let w = json(&["--position", path.to_str().unwrap()]);
    std::fs::remove_file(&path).ok();
    assert_eq!(v, w);
    assert_eq!(at(&v, "Q16"), -62);
}

#[test]
fn every_format_prints() {
    for format in ["table", "markdown", "csv", "json"] {
        let out = go(&["influence", "--stone", "K10", "--format", format]);
        assert!(out.status.success(), "{format}");
        assert!(String::from_utf8_lossy(&out.stdout).contains("62"), "{format}");
    }
}

#[test]
fn bells_remark_holds_on_random_positions() {
    let v = json(&["--random", "300", "--seed", "7"]);
    let row = &v.as_array().expect("one table")[0];
    assert_eq!(row["count"], 300);
    assert_eq!(row["computed"], 0);
    assert_eq!(row["verdict"], "match");
    assert!(row["max_empty"].as_i64().unwrap() <= 16 && row["min_stone"].as_i64().unwrap() >= 34);
    assert_eq!(v, json(&["--random", "300", "--seed", "7"]));
    let dense = json(&["--random", "50", "--seed", "7", "--density", "0.9"]);
    assert_ne!(v, dense);
}

#[test]
fn fig_3_16_is_reconstructed() {
    let v = json(&["--figure", "3.16"]);
    let summary = &v["go_influence_fig3_16_summary"];
    assert_eq!(summary["printed_in_gap"], 0);
    assert_eq!(summary["black_moves"], summary["white_moves"]);
    assert_eq!(summary["differs"], 0);
    assert_eq!(summary["matches"], 357);
    assert_eq!(summary["known"], 4);
    assert_eq!(summary["edits"], "E19: empty -> black");
}

#[test]
fn bad_input_is_one_line_and_status_2() {
    refused(&["influence", "--stone", "I5"], "invalid --stone");
    refused(&["influence", "--stone", "Z99"], "not a point");
    refused(&["influence", "--stone", "K20"], "is not a point");
    refused(&["influence", "--black", "K10,K10"], "more than one stone");
    refused(&["influence", "--black", "K10", "--white", "K10"], "invalid --white");
    refused(&["influence"], "give a position");
    refused(&["influence", "--stone", "K10", "--random", "5"], "not several");
    refused(&["influence", "--random", "5", "--density", "2"], "invalid --density");
    refused(&["influence", "--stone", "K10", "--density", "0.5"], "--random");
    refused(&["influence", "--position", "/nonexistent/board.txt"], "board.txt");
}
