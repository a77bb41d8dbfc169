//! The `alphabeta` binary: its JSON contracts and its handling of bad input.

use crate::common;

use std::process::{Command, Output};

use serde_json::Value;

fn alphabeta(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_alphabeta")).args(args).output().expect("alphabeta runs")
}

fn json(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    let out = alphabeta(&all);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    common::stdout_json(&out.stdout)
}

fn has_keys(v: &Value, keys: &[&str]) {
    for key in keys {
        assert!(v.get(key).is_some(), "missing {key} in {v}");
    }
}

#[test]
fn random_contract() {
    let v = json(&["random", "--branching", "4", "--depth", "3", "--trees", "500", "--seed", "7"]);
    has_keys(
        &v,
        &[
            "branching",
            "depth",
            "trees",
            "order",
            "algorithm",
            "mean_leaves",
            "ci95_leaves",
            "mean_nodes",
            "min_leaves",
            "max_leaves",
            "p50_leaves",
            "p99_leaves",
            "minimax_leaves",
            "knuth_moore_minimum",
            "effective_branching",
        ],
    );
    assert_eq!((v["branching"].as_u64(), v["depth"].as_u64(), v["trees"].as_u64()), (Some(4), Some(3), Some(500)));
    assert_eq!((v["order"].as_str(), v["algorithm"].as_str()), (Some("random"), Some("alphabeta")));
    assert_eq!((v["minimax_leaves"].as_u64(), v["knuth_moore_minimum"].as_u64()), (Some(64), Some(19)));
    let mean = v["mean_leaves"].as_f64().unwrap();
    assert!(mean > 19.0 && mean < 64.0);
    assert!((v["effective_branching"].as_f64().unwrap() - mean.powf(1.0 / 3.0)).abs() < 1e-9);
    // Same seed, same numbers.
    assert_eq!(v, json(&["random", "--branching", "4", "--depth", "3", "--trees", "500", "--seed", "7"]));
}

#[test]
fn random_orders_and_algorithms() {
    let perfect = json(&["random", "-b", "3", "-d", "4", "--trees", "20", "--order", "perfect"]);
    assert_eq!((perfect["min_leaves"].as_u64(), perfect["max_leaves"].as_u64()), (Some(17), Some(17)));
    let minimax = json(&["random", "-b", "3", "-d", "4", "--trees", "5", "--algorithm", "minimax"]);
    assert_eq!(minimax["mean_leaves"].as_f64(), Some(81.0));
    assert_eq!(minimax["mean_nodes"].as_f64(), Some(3.0 + 9.0 + 27.0 + 81.0));
    for args in [
        ["--order", "worst", "--algorithm", "f1"],
        ["--order", "noisy", "--correlation", "-0.5"],
        ["--algorithm", "aspiration", "--values", "discrete"],
        ["--algorithm", "negascout", "--order", "random"],
    ] {
        let mut all = vec!["random", "-b", "3", "-d", "3", "--trees", "50"];
        all.extend(args);
        let v = json(&all);
        assert!(v["mean_leaves"].as_f64().unwrap() >= 5.0, "{args:?}");
    }
}

#[test]
fn newborn_contract() {
    let v = json(&["newborn", "--trees", "2000", "--perfect-trees", "3"]);
    let rows = v.as_array().expect("rows");
    assert_eq!(rows.len(), 8);
    for row in rows {
        has_keys(
            row,
            &[
                "branching",
                "depth",
                "published_random",
                "measured_random",
                "ci95",
                "verdict_random",
                "published_optimal",
                "levy_approximation",
                "knuth_moore_exact",
                "measured_perfect",
                "verdict_optimal",
                "trees",
            ],
        );
        // Perfect order always examines the Knuth-Moore minimum.
        assert_eq!(row["measured_perfect"], row["knuth_moore_exact"]);
        assert_eq!(row["trees"].as_u64(), Some(2000));
    }
    let first = &rows[0];
    assert_eq!((first["branching"].as_u64(), first["depth"].as_u64()), (Some(2), Some(2)));
    assert_eq!(first["verdict_random"], "match");
}

#[test]
fn exact_contract() {
    let v = json(&["exact", "--branching", "2", "--depth", "2", "--trees", "1000"]);
    has_keys(&v, &["branching", "depth", "numerator", "denominator", "value"]);
    assert_eq!((v["numerator"].as_u64(), v["denominator"].as_u64()), (Some(11), Some(3)));
    assert!((v["value"].as_f64().unwrap() - 11.0 / 3.0).abs() < 1e-12);
    let v = json(&["exact", "-b", "2", "-d", "3", "--trees", "1000"]);
    assert_eq!((v["numerator"].as_u64(), v["denominator"].as_u64()), (Some(719), Some(105)));
    // Past 128 bits or by integration: the value without a fraction.
    for (b, d) in [("16", "2"), ("8", "3")] {
        let v = json(&["exact", "-b", b, "-d", d, "--trees", "100"]);
        assert!(v["numerator"].is_null() && v["denominator"].is_null() && v["value"].as_f64().unwrap() > 100.0);
    }
    // Depth 4 by polynomials: F2 and F1 as fractions, side by side.
    let v = json(&["exact", "-b", "2", "-d", "4", "--trees", "2000"]);
    has_keys(&v, &["fraction", "decimal", "f1_value", "f1_fraction", "f1_decimal", "f1_minus_f2", "monte_carlo_f1"]);
    assert_eq!((v["numerator"].as_u64(), v["denominator"].as_u64()), (Some(77503), Some(6435)));
    assert_eq!((v["fraction"].as_str(), v["f1_fraction"].as_str()), (Some("77503/6435"), Some("344530/27027")));
    assert_eq!(v["decimal"].as_str(), Some("12.043978243978243978"));
    assert_eq!(v["method"].as_str(), Some("polynomials in the window"));
    // A fraction too long to print: its decimal and digit counts.
    let v = json(&["exact", "-b", "4", "-d", "4", "--trees", "200"]);
    assert!(v["fraction"].is_null() && v["numerator"].is_null());
    assert_eq!(v["decimal"].as_str(), Some("112.73844001853010527"));
    assert_eq!((v["numerator_digits"].as_u64(), v["denominator_digits"].as_u64()), (Some(108), Some(106)));
    assert!(v["f1_numerator_digits"].as_u64().unwrap() > 80);
}

#[test]
fn tictactoe_contract() {
    let v = json(&["tictactoe", "--order", "natural", "--minimax"]);
    let row = &v.as_array().expect("rows")[0];
    has_keys(row, &["order", "killer", "window", "symmetry", "leaves", "nodes", "value"]);
    assert_eq!(
        (row["leaves"].as_u64(), row["nodes"].as_u64(), row["value"].as_i64()),
        (Some(255_168), Some(549_945), Some(0))
    );
    let all = json(&["tictactoe", "--order", "all", "--symmetry"]);
    let rows = all.as_array().unwrap();
    assert_eq!(rows.len(), 7);
    assert!(rows.iter().all(|r| r["value"] == 0 && r["symmetry"] == true));
    let both = json(&["tictactoe", "--killer", "--window"]);
    assert_eq!((both[0]["killer"].as_bool(), both[0]["window"].as_bool()), (Some(true), Some(true)));
}

#[test]
fn tictactoe_counts_the_root_beside_the_published_sizes() {
    let v = json(&["tictactoe", "--minimax"]);
    let row = &v.as_array().expect("rows")[0];
    // The fields of before are kept; the comparison is added beside them.
    assert_eq!(row["nodes"], 549_945);
    assert_eq!(
        (&row["nodes_with_root"], &row["published_nodes_with_root"], &row["nodes_verdict"]),
        (&Value::from(549_946), &Value::from(549_946), &Value::from("match"))
    );
    assert!(row["nodes_source"].as_str().is_some_and(|s| s.contains("tic-tac-toe-minimax")), "{row}");
    assert_eq!((&row["published_games"], &row["games_verdict"]), (&Value::from(255_168), &Value::from("match")));
    assert_eq!(row["games_source"], "OEIS A061526");
    // Up to symmetry only the games are published.
    let reduced = &json(&["tictactoe", "--minimax", "--symmetry"])[0];
    assert_eq!((&reduced["leaves"], &reduced["games_verdict"]), (&Value::from(26_830), &Value::from("match")));
    assert_eq!(reduced["nodes_verdict"], "no published value");
    // Alpha-beta visits part of the tree: nothing to compare.
    let pruned = &json(&["tictactoe"])[0];
    assert_eq!(pruned["nodes_with_root"].as_u64(), pruned["nodes"].as_u64().map(|n| n + 1));
    assert!(pruned["published_nodes_with_root"].is_null() && pruned["games_verdict"] == "no published value");
    // The table explains the convention and cites its sources.
    let text = String::from_utf8(alphabeta(&["tictactoe", "--order", "all"]).stdout).unwrap();
    assert!(text.contains("Nodes with root") && text.contains("549,946") && text.contains("https://oeis.org/A061526"));
}

#[test]
fn kalah_contract() {
    let v = json(&["kalah", "--pits", "4", "--stones", "3", "--depth", "3"]);
    let rows = v.as_array().expect("rows");
    assert_eq!(rows.len(), 6);
    for row in rows {
        has_keys(row, &["order", "algorithm", "leaves", "nodes", "value"]);
        assert_eq!(row["value"], rows[0]["value"]);
        assert!(row["leaves"].as_u64() <= rows[0]["leaves"].as_u64());
    }
    let perfect = rows.iter().find(|r| r["order"] == "perfect").expect("perfect row");
    assert!(rows.iter().all(|r| r["leaves"].as_u64() >= perfect["leaves"].as_u64()));
}

#[test]
fn depths_contract() {
    let v = json(&["depths", "--branching", "2,4", "--max-depth", "3", "--trees", "50"]);
    let rows = v.as_array().expect("rows");
    assert_eq!(rows.len(), 2 * 3 * 3);
    for row in rows {
        has_keys(
            row,
            &["branching", "depth", "order", "trees", "mean_leaves", "knuth_moore_minimum", "effective_branching"],
        );
        if row["order"] == "perfect" {
            assert_eq!(row["mean_leaves"].as_f64(), row["knuth_moore_minimum"].as_f64());
        }
    }
}

#[test]
fn formats() {
    for format in ["table", "csv", "markdown"] {
        let out = alphabeta(&["tictactoe", "--format", format]);
        assert!(out.status.success() && !out.stdout.is_empty(), "{format}");
    }
}

#[test]
fn bad_input_exits_2_with_one_line() {
    let cases: &[&[&str]] = &[
        &["random", "--branching", "1", "--depth", "3"],
        &["random", "--branching", "2", "--depth", "0"],
        &["random", "--branching", "16", "--depth", "16"],
        &["random", "--branching", "65", "--depth", "2"],
        &["random", "--branching", "3", "--depth", "3", "--trees", "0"],
        &["random", "-b", "3", "-d", "3", "--order", "noisy", "--correlation", "1.5"],
        &["random", "-b", "3", "-d", "3", "--order", "noisy", "--correlation", "-2"],
        &["random", "-b", "3", "-d", "3", "--order", "noisy"],
        &["random", "-b", "3", "-d", "3", "--values", "discrete", "--levels", "1"],
        &["random", "-b", "3", "-d", "3", "--algorithm", "aspiration", "--window-half-width", "0"],
        &["random", "-b", "3", "-d", "3", "--algorithm", "aspiration", "--window-centre", "2"],
        &["random", "-b", "x", "-d", "3"],
        &["random", "-b", "3", "-d", "3", "--order", "sideways"],
        &["newborn", "--trees", "0"],
        &["newborn", "--perfect-trees", "0"],
        &["exact", "--branching", "1", "--depth", "2"],
        &["exact", "--branching", "2", "--depth", "0"],
        &["exact", "--branching", "2", "--depth", "9"],
        &["exact", "--branching", "5", "--depth", "4"],
        &["exact", "-b", "2", "-d", "2", "--trees", "0"],
        &["tictactoe", "--order", "sideways"],
        &["kalah", "--pits", "0"],
        &["kalah", "--pits", "9"],
        &["kalah", "--stones", "0"],
        &["kalah", "--stones", "21"],
        &["kalah", "--depth", "0"],
        &["kalah", "--depth", "12"],
        &["chess", "--depth", "0"],
        &["chess", "--depth", "7"],
        &["chess", "--fen", "bad fen"],
        &["depths", "--max-depth", "0"],
        &["depths", "--trees", "0"],
        &["depths", "--branching", "1"],
        &["depths", "--correlation", "2"],
        &["nonsense"],
    ];
    for args in cases {
        let out = alphabeta(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?} wrote to stdout");
        assert!(!stderr.contains("panicked") && stderr.contains("error"), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    }
    let out = alphabeta(&["exact", "--branching", "2", "--depth", "9"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("at most 256 leaves"));
}

#[test]
fn refused_values_name_their_flag() {
    let cases: &[(&[&str], &str)] = &[
        (&["random", "--branching", "1", "--depth", "3"], "invalid --branching: 1;"),
        (&["random", "--branching", "65", "--depth", "2"], "invalid --branching: 65;"),
        (&["random", "--branching", "2", "--depth", "0"], "invalid --depth: 0;"),
        (&["random", "--branching", "16", "--depth", "16"], "invalid --depth: 16^16"),
        (&["random", "-b", "3", "-d", "3", "--trees", "0"], "invalid --trees: 0;"),
        (&["random", "-b", "3", "-d", "3", "--order", "noisy"], "invalid --correlation: missing"),
        (&["random", "-b", "3", "-d", "3", "--correlation", "1.5"], "invalid --correlation: 1.5;"),
        (&["random", "-b", "3", "-d", "3", "--values", "discrete", "--levels", "1"], "invalid --levels: 1;"),
        (
            &["random", "-b", "3", "-d", "3", "--algorithm", "aspiration", "--window-centre", "2"],
            "invalid --window-centre: 2;",
        ),
        (
            &["random", "-b", "3", "-d", "3", "--algorithm", "aspiration", "--window-half-width", "0"],
            "invalid --window-half-width: 0;",
        ),
        (
            &["random", "-b", "3", "-d", "3", "--batch-trees", "0", "--checkpoint", "unused.json"],
            "invalid --batch-trees: 0;",
        ),
        (&["random", "-b", "3", "-d", "3", "--threads", "0", "--checkpoint", "unused.json"], "invalid --threads: 0;"),
        (&["newborn", "--perfect-trees", "0"], "invalid --perfect-trees: 0;"),
        (&["exact", "-b", "2", "-d", "9"], "invalid --depth: 2^9"),
        (&["kalah", "--pits", "9"], "invalid --pits: 9;"),
        (&["kalah", "--stones", "21"], "invalid --stones: 21;"),
        (&["kalah", "--depth", "12"], "invalid --depth: a Kalah tree"),
        (&["chess", "--depth", "7"], "invalid --depth: 7;"),
        (&["chess", "--fen", "bad fen"], "invalid --fen: "),
        (&["depths", "--max-depth", "0"], "invalid --max-depth: 0;"),
        (&["depths", "--branching", "2,65"], "invalid --branching: 65;"),
        (&["depths", "--correlation", "2"], "invalid --correlation: 2;"),
    ];
    for (args, needle) in cases {
        let out = alphabeta(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
        // The flag is named once, by the binary; the reason names none.
        assert_eq!(stderr.matches("--").count(), 1, "{args:?}: {stderr}");
    }
}

#[test]
fn chess_tree_orders() {
    let out = Command::new(env!("CARGO_BIN_EXE_alphabeta"))
        .args(["chess", "--depth", "2", "--format", "json"])
        .output()
        .expect("alphabeta runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let rows: serde_json::Value = common::stdout_json(&out.stdout);
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 5);
    assert_eq!(rows[0]["algorithm"], "minimax");
    assert_eq!(rows[0]["leaves"], 2039, "Kiwipete perft(2)");
    assert!(rows.iter().all(|r| r["value"] == rows[0]["value"]));
}
