//! `rules conditions`, `rules conjugues` and `rules threats`: the paper's
//! condition lists and modifications from the command line, the conjugués,
//! the threats of Figs. 9 and 12, and bad input.

use crate::common;

use std::process::{Command, Output};

use serde_json::Value;

fn rules(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rules")).args(args).output().expect("rules runs")
}

fn json(args: &[&str]) -> Vec<Value> {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    let out = rules(&all);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    let value: Value = common::stdout_json(&out.stdout);
    value.as_array().expect("rows").clone()
}

fn row<'a>(rows: &'a [Value], output: &str) -> &'a Value {
    rows.iter().find(|r| r["output"] == output).unwrap_or_else(|| panic!("no {output} in {rows:#?}"))
}

/// A usage error: status 2 and one line on stderr.
fn refused(args: &[&str], needle: &str) {
    let out = rules(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: {err}");
}

#[test]
fn bishop_captures_knight_with_five_conditions_and_three_changes() {
    let rows = json(&["conditions", "--game", "pitrat-chess", "--position", "8/8/8/3n4/8/8/B7/2R5 1"]);
    let bishop = row(&rows, "CAPTURE, (4, 5). TRAVEL, (1, 2), (4, 5).");
    assert_eq!(
        bishop["conditions"],
        "OCCUPY(1, 2) = FRIEND; NATURE(1, 2) = BISHOP; OCCUPY(2, 3) = EMPTY; OCCUPY(3, 4) = EMPTY; OCCUPY(4, 5) = ENEMY"
    );
    assert_eq!(
        bishop["changes"],
        "OCCUPY(4, 5) becomes FRIEND; NATURE(4, 5) becomes BISHOP; OCCUPY(1, 2) becomes EMPTY"
    );
    let rook = row(&rows, "TRAVEL, (3, 1), (1, 1).");
    assert_eq!(
        rook["conditions"],
        "OCCUPY(3, 1) = FRIEND; NATURE(3, 1) = ROOK; OCCUPY(2, 1) = EMPTY; OCCUPY(1, 1) = EMPTY"
    );
    assert!(rows.iter().all(|r| r["modifications"] == 0));
}

#[test]
fn modifications_give_the_rooks_captures_behind_the_bishop() {
    let rows = json(&[
        "conditions",
        "--game",
        "pitrat-chess",
        "--position",
        "7k/7q/7b/7R/6B1/8/8/8 1",
        "--modifications",
        "2",
    ]);
    let queen = row(&rows, "CAPTURE, (8, 7). TRAVEL, (8, 5), (8, 7).");
    assert_eq!(queen["modifications"], 1);
    assert_eq!(
        queen["conditions"],
        "OCCUPY(8, 5) = FRIEND; NATURE(8, 5) = ROOK; OCCUPY(8, 6) becomes EMPTY; OCCUPY(8, 7) = ENEMY"
    );
    assert_eq!(row(&rows, "CAPTURE, (8, 8). TRAVEL, (8, 5), (8, 8).")["modifications"], 2);
    assert_eq!(row(&rows, "CAPTURE, (8, 5). TRAVEL, (7, 4), (8, 5).")["modifications"], 1);
    assert!(rows.iter().all(|r| r["modifications"].as_u64().unwrap() <= 2));
}

#[test]
fn conjugues_agree_with_the_post_dominators() {
    let rows = json(&["conjugues", "--game", "pitrat-chess"]);
    assert!(rows.len() >= 7);
    assert!(rows.iter().all(|r| r["verdict"] == "match"), "{rows:#?}");
    assert!(rows.iter().any(|r| r["conjugue"] == "XCQ"));
}

#[test]
fn threats_of_figures_9_and_12() {
    let fig9 = json(&["threats", "--game", "tictactoe-moving", "--position", "X1X/xxX/2x 1"]);
    let couple = fig9
        .iter()
        .find(|r| r["q"] == "TRAVEL, (3, 3), (2, 3)." && r["r"] == "TRAVEL, (3, 2), (3, 3).")
        .unwrap_or_else(|| panic!("Fig. 9's couple not found: {fig9:#?}"));
    assert_eq!(couple["refuted_by"], Value::Null, "{couple}");
    let fig12 = json(&["threats", "--game", "tictactoe-moving", "--position", "X2/xXX/1xx 1"]);
    let refuted = fig12.iter().find(|r| r["q"] == "TRAVEL, (2, 2), (2, 3).").expect("Fig. 12's Q");
    assert_eq!(refuted["refuted_by"], "TRAVEL, (1, 2), (1, 1).");
}

#[test]
fn bad_input_is_refused_in_one_line() {
    refused(&["threats", "--game", "pitrat-chess"], "RESULT");
    refused(&["threats", "--game", "tictactoe", "--position", "4/3/3 1"], "--position");
    refused(&["conditions", "--game", "chequers"], "--game");
    refused(&["conditions", "--game", "pitrat-chess", "--position", "8/8 3"], "--position");
    refused(&["conditions", "--game", "tictactoe", "--max-runs", "0"], "--max-runs");
    refused(&["conditions"], "--game");
    refused(&["conjugues", "--game", "pitrat-chess", "--algorithm", "result"], "--algorithm");
}
