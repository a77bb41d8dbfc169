//! The `checkers` binary: its JSON contract and its handling of bad input.

use crate::common;

use std::process::{Command, Output};

use serde_json::Value;

fn checkers(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_checkers")).args(args).output().expect("checkers runs")
}

fn json(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    let out = checkers(&all);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    common::stdout_json(&out.stdout)
}

fn dataset(name: &str) -> String {
    format!("{}/../datasets/checkers/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn perft_contract() {
    let v = json(&["perft", "--depth", "6"]);
    assert_eq!(v["depth"], 6);
    assert_eq!(v["fen"], "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
    let results = v["results"].as_array().expect("results");
    assert_eq!(results.len(), 3);
    for (r, name) in results.iter().zip(["table", "samuel", "bitboard"]) {
        assert_eq!(r["repr"], name);
        assert_eq!(r["nodes"], 36768);
        assert!(r["seconds"].as_f64().is_some() && r["nps"].as_f64().is_some(), "{r}");
    }
    assert_eq!(v["published"], 36768);
    assert_eq!(v["verdict"], "match");
    assert!(v["source"].as_str().unwrap().contains("Bik"));
    assert_eq!(v["agree"], true);
}

#[test]
fn perft_one_repr_with_divide_and_fen() {
    let v = json(&["perft", "--depth", "3", "--repr", "samuel", "--divide"]);
    assert_eq!(v["results"].as_array().unwrap().len(), 1);
    let divide = v["divide"].as_array().unwrap();
    assert_eq!(divide.len(), 7);
    assert_eq!(divide.iter().map(|d| d["nodes"].as_u64().unwrap()).sum::<u64>(), 302);
    // Not the opening: no published value.
    let v = json(&["perft", "--depth", "2", "--fen", "W:W21,K30:B1,K9"]);
    assert_eq!(v["fen"], "W:W21,K30:B1,K9");
    assert!(v.get("verdict").is_none());
}

#[test]
fn perft_counts_paths_and_results_of_bells_figure() {
    let v = json(&["perft", "--depth", "1", "--counting", "both", "--fen", "B:W9,10,11,17,18,19,25,26,27:BK29"]);
    let results = v["results"].as_array().unwrap();
    assert_eq!(results.len(), 6);
    let nodes = |counting: &str| {
        results.iter().filter(|r| r["counting"] == counting).map(|r| r["nodes"].as_u64().unwrap()).collect::<Vec<_>>()
    };
    assert_eq!(nodes("results"), [4, 4, 4]);
    let paths = nodes("paths");
    assert!(paths.iter().all(|&p| p == paths[0] && p > 4), "{paths:?}");
}

#[test]
fn bench_contract() {
    let v = json(&["bench", "--depth", "5", "--repeats", "1"]);
    let rows = v.as_array().unwrap();
    assert_eq!(rows.len(), 3);
    for key in ["repr", "depth", "nodes", "seconds", "nps", "ratio"] {
        assert!(rows[0].get(key).is_some(), "missing {key}");
    }
    assert!(rows.iter().all(|r| r["nodes"] == 7361));
}

#[test]
fn replay_finds_cochrans_damaged_moves() {
    let v = json(&["replay", &dataset("cochran-1971-appendix-a.pdn")]);
    let rows = v.as_array().unwrap();
    let first = |game: &str| {
        rows.iter().find(|r| r["first"] == true && r["game"].as_str().unwrap().ends_with(game)).expect(game).clone()
    };
    let g4 = first("Game 4");
    assert_eq!(
        (g4["move_number"].as_u64(), g4["side"].as_str(), g4["recorded"].as_str()),
        (Some(14), Some("black"), Some("8-18"))
    );
    assert!(g4["fault"].as_str().unwrap().contains("ghost"));
    let g5 = first("Game 5");
    assert_eq!(
        (g5["move_number"].as_u64(), g5["side"].as_str(), g5["recorded"].as_str()),
        (Some(12), Some("white"), Some("24-20"))
    );
    assert!(g5["repair"].is_string());
}

fn fails_with_one_line(args: &[&str]) {
    let out = checkers(args);
    assert_eq!(out.status.code(), Some(2), "{args:?} must exit 2");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: one line, got {err:?}");
    assert!(out.stdout.is_empty(), "{args:?}");
}

#[test]
fn threads_and_hash_give_the_published_count() {
    let plain = json(&["perft", "--depth", "9", "--repr", "bitboard"]);
    let fast = json(&["perft", "--depth", "9", "--threads", "2", "--hash", "8"]);
    assert_eq!((fast["threads"].as_u64(), fast["hash_mb"].as_u64()), (Some(2), Some(8)));
    assert_eq!(fast["verdict"], "match", "{fast}");
    assert_eq!(fast["results"].as_array().unwrap().len(), 3);
    for run in fast["results"].as_array().unwrap() {
        assert_eq!(run["nodes"], plain["results"][0]["nodes"], "{run}");
    }
    let err =
        String::from_utf8_lossy(&checkers(&["perft", "--depth", "3", "--hash", "99999999999"]).stderr).into_owned();
    assert!(err.contains("--hash"), "{err}");
}

#[test]
fn bad_input_exits_2_with_one_line() {
    for fen in [
        "B:W21,22",     // malformed
        "Q:W21:B1",     // side
        "B:W21:B1,x",   // not a number
        "B:W21:B30",    // black man on its crowning row
        "B:W2:B10",     // white man on its crowning row
        "B:W21:B33",    // outside 1..32
        "B:W21:B0",     // outside 1..32
        "B:W21,22:B22", // overlap
        "B:W21,21:B1",  // listed twice
    ] {
        fails_with_one_line(&["perft", "--depth", "1", "--fen", fen]);
    }
    fails_with_one_line(&["perft", "--depth", "1", "--repr", "bitmap"]);
    fails_with_one_line(&["perft", "--depth", "29"]);
    fails_with_one_line(&["perft", "--depth", "3", "--threads", "0"]);
    fails_with_one_line(&["perft", "--depth", "3", "--hash", "99999999999"]);
    fails_with_one_line(&["replay", "/nonexistent/record.pdn"]);
    fails_with_one_line(&["replay", &dataset("cochran-1971-appendix-a.pdn"), "--numbering", "samuel"]);
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["perft"][..],
        &["perft", "--depth", "x"],
        &["perft", "--depth", "-1"],
        &["explode"],
        &["--format", "yaml", "bench"],
    ] {
        let out = checkers(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn replay_rejects_malformed_records() {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in
        [("a.pdn", "1. 12-16 hello *"), ("b.pdn", "[Event \"x\" 1. 9-13"), ("c.pdn", "{ never closed"), ("d.pdn", "")]
    {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        fails_with_one_line(&["replay", path.to_str().unwrap()]);
    }
}
