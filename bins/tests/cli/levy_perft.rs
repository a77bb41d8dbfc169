//! `levy perft`: the generic driver on Othello, both boards and any
//! thread count agreeing, divide, every format, and bad input; and
//! `levy --chapter 13`.

use crate::common::{levy, levy_json as json};

use serde_json::Value;

/// The rows of table `id`: `common::stdout_json` gives one table as its
/// rows, several as a map of their ids.
fn rows<'a>(v: &'a Value, id: &str) -> &'a Value {
    if v.is_array() { v } else { &v[id] }
}

fn nodes(args: &[&str]) -> u64 {
    rows(&json(args), "levy_perft")[0]["nodes"].as_u64().expect("a count")
}

#[test]
fn both_boards_and_any_thread_count_give_one_count() {
    let bits = nodes(&["perft", "--game", "othello", "--depth", "6"]);
    assert_eq!(nodes(&["perft", "--game", "othello-array", "--depth", "6", "--hash", "0"]), bits);
    assert_eq!(nodes(&["perft", "--game", "othello", "--depth", "6", "--threads", "3", "--hash", "1"]), bits);
    assert_eq!(nodes(&["perft", "--game", "othello", "--depth", "0"]), 1);
}

#[test]
fn divide_names_the_first_moves_and_sums_to_the_count() {
    let v = json(&["perft", "--game", "othello", "--depth", "5", "--divide", "--threads", "2"]);
    let divide = v["levy_perft_divide"].as_array().expect("the divide");
    let moves: Vec<&str> = divide.iter().map(|r| r["move"].as_str().unwrap()).collect();
    assert_eq!(moves, ["d3", "c4", "f5", "e6"]);
    let sum: u64 = divide.iter().map(|r| r["nodes"].as_u64().unwrap()).sum();
    assert_eq!(sum, rows(&v, "levy_perft")[0]["nodes"].as_u64().unwrap());
    for format in ["table", "csv", "markdown"] {
        let out = levy(&["perft", "--game", "othello", "--depth", "2", "--divide", "--format", format]);
        assert!(out.status.success(), "{format}");
        assert!(String::from_utf8(out.stdout).unwrap().contains("e6"), "{format}");
    }
}

#[test]
fn bad_input_exits_2_with_one_line() {
    for (args, names) in [
        (&["perft", "--game", "othello", "--depth", "300"][..], "--depth"),
        (&["perft", "--game", "othello", "--depth", "3", "--threads", "0"][..], "--threads"),
        (&["perft", "--game", "othello", "--depth", "3", "--hash", "99999999"][..], "--hash"),
        (&["perft", "--game", "chess", "--depth", "3"][..], "othello"),
        (&["perft", "--game", "othello"][..], "--depth"),
        (&["perft", "--game", "othello", "--depth", "2", "--chapter", "13"][..], "--chapter"),
    ] {
        let out = levy(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(names), "{args:?}: {err}");
    }
}

#[test]
fn chapter_13_still_runs_without_the_subcommand() {
    let v = json(&["--quick", "--chapter", "13"]);
    let rows = rows(&v, "levy_ch13").as_array().expect("the chapter's table");
    let row = |id: &str| rows.iter().find(|r| r["id"] == id).unwrap_or_else(|| panic!("no row {id}"));
    assert_eq!(row("a124004.8")["verdict"], "match");
    assert_eq!(row("start.first_moves")["verdict"], "known discrepancy");
    assert_eq!(row("game3.legal")["exact"], "yes");
}

#[test]
fn shogi_and_backgammon_count_through_the_same_driver() {
    // Shogi from the start: 25,470 at depth 3 (the published count).
    assert_eq!(nodes(&["perft", "--game", "shogi", "--depth", "3"]), 25_470);
    assert_eq!(nodes(&["perft", "--game", "shogi", "--depth", "3", "--threads", "2", "--hash", "0"]), 25_470);
    // Backgammon: the first ply is the 21 distinct throws; threads change nothing.
    assert_eq!(nodes(&["perft", "--game", "backgammon", "--depth", "1"]), 21);
    let one = nodes(&["perft", "--game", "backgammon", "--depth", "3", "--hash", "0"]);
    assert_eq!(nodes(&["perft", "--game", "backgammon", "--depth", "3", "--threads", "2"]), one);
}
