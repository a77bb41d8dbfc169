//! `perft mate` and `perft bench --mate`: keys in JSON, Bell's program and
//! its trace, the published problems and figures, bad input.

use crate::common::{self, perft, perft_json as json};

/// Bell's Fig. 3.3 (the scan's f1 label read as a bishop).
const FIG_3_3: &str = "5brk/4p1p1/4PpP1/5pp1/6P1/4p1PB/4P1PR/5BRK w - - 0 1";
/// Skuja, Wiener Schachzeitung 1934: the key castles.
const SKUJA: &str = "4k2r/5p1p/5Q2/8/8/4p3/8/R3K3 w Qk - 0 1";

#[test]
fn full_rules_keys_are_a_list_in_uci_on_every_representation() {
    let v = json(&["mate", "--fen", SKUJA, "--moves", "2", "--repr", "all"]);
    assert_eq!(v["keys"], serde_json::json!(["e1c1"]));
    assert_eq!(v["representations_agree"], true);
    assert_eq!(v["runs"].as_array().unwrap().len(), 4);
    assert_eq!(v["key_lengths"][0]["mates_in"], 2);
}

#[test]
fn bells_mode_prints_his_answer_flow_and_array() {
    let v = json(&["mate", "--bell", "--fen", FIG_3_3]);
    assert_eq!(v["keys"], serde_json::json!(["g4f5"]));
    assert_eq!(v["rules"], "without castling and en passant");
    let flow: Vec<String> = v["flow"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| format!("{} {}", r["depth"], r["move"].as_str().unwrap()))
        .collect();
    assert_eq!(flow[..4], ["1 P*P", "2 K-R2", "3 P*K", "2 P-N5"]);
    assert_eq!(v["moves_at_answer"].as_array().unwrap().len(), 6);
    assert!(v["notes"][0].as_str().unwrap().contains("omits castling and en passant"));
    // The table says so too.
    let text = String::from_utf8_lossy(&perft(&["mate", "--bell", "--fen", FIG_3_3]).stdout).into_owned();
    assert!(text.contains("omits castling and en passant"), "{text}");
}

#[test]
fn bells_mode_misses_the_castling_key() {
    let v = json(&["mate", "--bell", "--fen", SKUJA]);
    let keys: Vec<&str> = v["keys"].as_array().unwrap().iter().map(|k| k.as_str().unwrap()).collect();
    assert!(!keys.contains(&"e1c1"), "{keys:?}");
}

#[test]
fn the_problem_set_and_bells_figures_pass() {
    let out = perft(&["mate", "--problems", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stdout));
    let rows = common::stdout_json(&out.stdout);
    assert!(rows.as_array().unwrap().iter().all(|r| r["verdict"] == "match"));
    let out = perft(&["mate", "--figures", "--format", "csv"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("known discrepancy"));
}

#[test]
fn bad_input_is_refused_with_its_flag() {
    for (args, flag) in [
        (vec!["mate", "--fen", SKUJA, "--moves", "9"], "--moves"),
        (vec!["mate", "--fen", SKUJA, "--moves", "0"], "--moves"),
        (vec!["mate", "--bell", "--fen", SKUJA, "--moves", "3"], "--moves"),
        (vec!["mate", "--bell", "--fen", "4k2r/5p1p/5Q2/8/8/4p3/8/R3K3 b Qk - 0 1"], "--bell"),
        (vec!["mate", "--fen", "not a fen"], "--fen"),
    ] {
        let out = perft(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(flag) && err.lines().count() == 1, "{args:?}: {err}");
    }
}

#[test]
fn bench_mate_times_every_solver_beside_bells_figures() {
    let out = perft(&["bench", "--mate", "--seconds", "0", "--format", "csv"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    for program in ["plybench, array", "plybench, bitboard", "Bell's program, first answer", "ICL Atlas"] {
        assert!(text.contains(program), "{program}: {text}");
    }
}
