//! The `perft` binary: its output formats, its JSON contracts and its
//! handling of bad input.

use crate::common;

use std::process::{Command, Output};

use serde_json::Value;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
/// The line of a published suite that issue 16 reports: Black has 17 men.
const SEVENTEEN_MEN: &str = "rnbqkbnr/ppppp1pp/7n/4Pp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";

/// A file of `bins/tests/fixtures/`.
fn fixture(name: &str) -> String {
    format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// `perft suite ARGS --format json`: the exit status and the rows.
fn suite_rows(args: &[&str]) -> (Option<i32>, Vec<Value>) {
    let mut all = vec!["suite"];
    all.extend(args);
    all.extend(["--format", "json"]);
    let out = perft(&all);
    assert!(!out.stdout.is_empty(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    let rows = common::stdout_json(&out.stdout);
    (out.status.code(), rows.as_array().expect("an array of rows").clone())
}

fn perft(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_perft")).args(args).output().expect("perft runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn json(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    let out = perft(&all);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    common::stdout_json(&out.stdout)
}

#[test]
fn perft_contract_lists_every_representation() {
    let v = json(&["--depth", "3"]);
    assert_eq!(v["fen"], START);
    assert_eq!(v["depth"], 3);
    let results = v["results"].as_array().unwrap();
    let reprs: Vec<&str> = results.iter().map(|r| r["repr"].as_str().unwrap()).collect();
    assert_eq!(reprs, ["array", "mailbox10", "x88", "bitboard"]);
    for r in results {
        for key in ["repr", "nodes", "seconds", "nps", "published", "source", "verdict"] {
            assert!(r.get(key).is_some(), "missing {key} in {r}");
        }
        assert_eq!(r["nodes"], 8902);
        assert_eq!(r["verdict"], "match");
    }
    assert_eq!(v["representations_agree"], true);
}

#[test]
fn moves_are_played_first() {
    let v = json(&["--depth", "1", "--repr", "x88", "--moves", "e2e4", "e7e5", "g1f3"]);
    assert_eq!(v["fen"], "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    assert_eq!(v["results"][0]["nodes"], 29);
}

#[test]
fn divide_prints_like_stockfish() {
    let out = perft(&["--depth", "2", "--divide", "--repr", "x88"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 22, "{text}");
    assert_eq!(lines[0], "a2a3: 20");
    assert!(lines[..20].iter().all(|l| l.ends_with(": 20")), "{text}");
    assert_eq!(lines[20], "");
    assert_eq!(lines[21], "Nodes searched: 400");

    let v = json(&["--depth", "2", "--divide"]);
    let divide = v["divide"].as_array().unwrap();
    assert_eq!(divide.len(), 20);
    assert_eq!(divide[0], serde_json::json!({"move": "a2a3", "nodes": 20}));
}

#[test]
fn perftree_convention() {
    let out = perft(&["2", KIWIPETE, "e1g1 a8b8"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = stdout(&out);
    let (divide, total) = text.split_once("\n\n").expect("a blank line before the total");
    let sum: u64 = divide.lines().map(|l| l.split(' ').nth(1).unwrap().parse::<u64>().unwrap()).sum();
    assert!(divide.lines().all(|l| l.len() >= 6 && l.split(' ').count() == 2), "{text}");
    assert_eq!(total.trim().parse::<u64>().unwrap(), sum);

    let out = perft(&["1", START]);
    assert_eq!(stdout(&out).lines().last(), Some("20"));
}

#[test]
fn stats_contract_and_verdicts() {
    let v = json(&["--depth", "3", "--stats", "--fen", KIWIPETE]);
    let stats = v["stats"].as_array().unwrap();
    assert_eq!(stats.len(), 3);
    for key in [
        "depth",
        "nodes",
        "captures",
        "en_passant",
        "castles",
        "promotions",
        "checks",
        "discovered_checks",
        "double_checks",
        "checkmates",
        "verdict",
    ] {
        assert!(stats[2].get(key).is_some(), "missing {key}");
    }
    assert_eq!(stats[2]["nodes"], 97862);
    assert!(stats.iter().all(|s| s["verdict"] == "match"), "{v}");

    let table = stdout(&perft(&["--depth", "2", "--stats", "--repr", "x88"]));
    assert!(table.contains("discovered checks") && table.contains("match"), "{table}");
}

#[test]
fn suites_report_every_position_depth_and_representation() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.epd");
    std::fs::write(&good, format!("# two positions\n{START} ;D1 20 ;D2 400 ;D3 8902\n{KIWIPETE} ;D1 48 ;D2 2039\n"))
        .unwrap();
    let out = perft(&["suite", good.to_str().unwrap(), "--max-depth", "2", "--format", "json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let rows: Value = common::stdout_json(&out.stdout);
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 4 * 4, "two depths of two positions on four representations");
    for key in ["fen", "depth", "expected", "repr", "nodes", "verdict"] {
        assert!(rows[0].get(key).is_some(), "missing {key}");
    }
    assert!(rows.iter().all(|r| r["verdict"] == "match"));

    let bad = dir.path().join("bad.epd");
    std::fs::write(&bad, format!("{START} ;D1 20 ;D2 401\n")).unwrap();
    let out = perft(&["suite", bad.to_str().unwrap(), "--repr", "x88", "--format", "csv"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains(",differs,"), "{}", stdout(&out));
}

/// Every dialect of the fixture reads, with LF or CRLF line endings.
#[test]
fn suites_read_the_epd_dialects_of_other_projects() {
    let lf = fixture("epd-dialects.epd");
    let dir = tempfile::tempdir().unwrap();
    let crlf = dir.path().join("crlf.epd");
    let text = std::fs::read_to_string(&lf).unwrap();
    std::fs::write(&crlf, format!("\u{feff}{}", text.replace('\n', "\r\n"))).unwrap();
    for file in [lf.as_str(), crlf.to_str().unwrap()] {
        let (code, rows) = suite_rows(&[file, "--repr", "x88"]);
        assert_eq!(code, Some(0), "{file}: {rows:?}");
        let lines: std::collections::BTreeSet<u64> = rows.iter().map(|r| r["line"].as_u64().unwrap()).collect();
        assert_eq!(lines.len(), 6, "six positions, one per dialect: {lines:?}");
        assert_eq!(rows.len(), 3 + 2 + 3 + 3 + 2 + 2);
        assert!(rows.iter().all(|r| r["verdict"] == "match" && r.get("problem").is_none()), "{rows:?}");
    }
}

/// Issue 16: a bad line is reported with its number and reason, the rest
/// of the suite runs, and the exit status is 1.
#[test]
fn a_bad_line_is_reported_and_the_rest_of_the_suite_runs() {
    let suite = fixture("foreign-suite.epd");
    let (code, rows) = suite_rows(&[&suite, "--repr", "x88"]);
    assert_eq!(code, Some(1), "{rows:?}");
    let bad: Vec<&Value> = rows.iter().filter(|r| r["verdict"] == "invalid input").collect();
    assert_eq!(bad.iter().map(|r| r["line"].as_u64().unwrap()).collect::<Vec<_>>(), [8, 10]);
    assert_eq!(bad[0]["problem"], "node count \"10x38\" is not a whole number");
    assert_eq!(bad[1]["fen"], format!("{SEVENTEEN_MEN} ;D5 11139762"));
    assert_eq!(
        bad[1]["problem"],
        "invalid FEN: black has 17 men and 8 pawns; at most 16 and 8; --allow-impossible counts it"
    );
    for key in ["depth", "expected", "repr", "nodes", "seconds"] {
        assert!(bad[0][key].is_null(), "{key}: {}", bad[0]);
    }
    // The other lines ran, in file order, bad lines in their place.
    let lines: Vec<u64> = rows.iter().map(|r| r["line"].as_u64().unwrap()).collect();
    assert_eq!(lines, [6, 6, 6, 7, 7, 7, 8, 9, 9, 9, 10]);
    assert!(rows.iter().filter(|r| r["verdict"] != "invalid input").all(|r| r["verdict"] == "match"));
    assert!(rows.iter().filter(|r| r["verdict"] == "match").all(|r| r["problem"].is_null()));
    // The table names the bad lines too.
    let out = perft(&["suite", &suite, "--repr", "x88", "--max-depth", "1"]);
    assert_eq!(out.status.code(), Some(1));
    let table = stdout(&out);
    assert!(table.contains("invalid input") && table.contains("line(s) not read"), "{table}");
}

/// Issue 16: `--allow-impossible` counts the 17-men line, on the
/// representations that can hold it; the others say why. Its suite
/// publishes 11139762 at depth 5, where plybench and shakmaty both count
/// 10442284 (`lib/tests/suite/chess_impossible.rs`): the verdict is `differs`.
#[test]
fn allow_impossible_counts_the_seventeen_men_line() {
    let dir = tempfile::tempdir().unwrap();
    let suite = dir.path().join("impossible.epd");
    std::fs::write(&suite, format!("{START} ;D1 20 ;D2 400\n{SEVENTEEN_MEN} ;D1 31 ;D2 540\n")).unwrap();
    let suite = suite.to_str().unwrap();
    let (code, rows) = suite_rows(&[suite, "--allow-impossible"]);
    assert_eq!(code, Some(0), "{rows:?}");
    let line2: Vec<&Value> = rows.iter().filter(|r| r["line"] == 2).collect();
    assert_eq!(line2.len(), 2 * 4);
    for r in &line2 {
        if r["repr"] == "bitboard" {
            assert_eq!((&r["verdict"], &r["problem"]), (&"match".into(), &Value::Null), "{r}");
        } else {
            assert_eq!(r["verdict"], "not computed", "{r}");
            assert!(r["nodes"].is_null(), "{r}");
            let problem = r["problem"].as_str().unwrap();
            assert!(problem.contains("cannot hold this position") && problem.contains("16 men a side"), "{r}");
        }
    }
    // Without the flag the line is bad, and the exit status says so.
    let (code, rows) = suite_rows(&[suite]);
    assert_eq!(code, Some(1));
    assert_eq!(rows.iter().filter(|r| r["verdict"] == "invalid input").count(), 1);

    let (code, rows) =
        suite_rows(&[&fixture("foreign-suite.epd"), "--allow-impossible", "--repr", "bitboard", "--max-depth", "5"]);
    assert_eq!(code, Some(1));
    let counted = rows.iter().find(|r| r["line"] == 10).expect("line 10 counted");
    assert_eq!(
        (&counted["depth"], &counted["nodes"], &counted["verdict"]),
        (&5.into(), &10442284.into(), &"differs".into())
    );

    // A single position, likewise.
    let out = perft(&["--fen", SEVENTEEN_MEN, "--depth", "2", "--allow-impossible", "--format", "json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: Value = common::stdout_json(&out.stdout);
    assert_eq!(v["results"].as_array().unwrap().len(), 1);
    assert_eq!((&v["results"][0]["repr"], &v["results"][0]["nodes"]), (&"bitboard".into(), &540.into()));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().filter(|l| l.starts_with("perft: not counted: ")).count(), 3, "{err}");
}

#[test]
fn bad_input_gets_one_line_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let epd = dir.path().join("broken.epd");
    // A suite none of whose lines can be read is not a suite.
    std::fs::write(&epd, format!("# nothing readable\n\n{START} ;D2 four hundred\n{SEVENTEEN_MEN} ;D1 31\n")).unwrap();
    let epd = epd.to_str().unwrap();
    let cases: &[(&[&str], &str)] = &[
        (&["--fen", "8/8/8/8/8/8/8/K6k w - - 0"], "field"),
        (&["--fen", "8/8/8/8/8/8/8/K6x w - - 0 1"], "piece letter"),
        (&["--fen", "8/8/8/8/8/8/8/K7k w - - 0 1"], "covers 9"),
        (&["--fen", "8/8/8/8/8/8/8/K7 w - - 0 1"], "black kings"),
        (&["--fen", "k7/8/8/8/8/8/8/KK6 w - - 0 1"], "white kings"),
        (
            &["--fen", "k7/8/8/8/8/8/8/K5P1 w - - 0 1"],
            "pawn on g1; pawns cannot stand on the first or last rank; --allow-impossible counts it",
        ),
        (&["--fen", SEVENTEEN_MEN], "black has 17 men and 8 pawns; at most 16 and 8; --allow-impossible counts it"),
        (&["--fen", SEVENTEEN_MEN, "--allow-impossible", "--repr", "array"], "invalid --repr: array cannot hold"),
        (&["--fen", SEVENTEEN_MEN, "--allow-impossible", "--depth", "9"], "invalid --depth: this position's men"),
        (&["--fen", SEVENTEEN_MEN, "--allow-impossible", "--split-depth", "1"], "invalid --allow-impossible"),
        (&["--fen", "k6R/8/8/8/8/8/8/K6P w - - 0 1", "--allow-impossible"], "in check"),
        (&["--fen", "k6R/8/8/8/8/8/8/K7 w - - 0 1"], "in check"),
        (&["--fen", "k7/8/8/8/8/8/8/K6R b K - 0 1"], "castling right K"),
        (&["--fen", "k7/8/8/8/8/8/8/K6R b - e3 0 1"], "en passant"),
        (&["--moves", "e2e5"], "not legal"),
        (&["--moves", "e2e4", "x"], "not UCI"),
        (&["--depth", "0"], "depth"),
        (&["--depth", "99"], "depth"),
        (&["--depth", "-1"], "depth"),
        (&["--threads", "0"], "threads"),
        (&["--threads", "-2"], "threads"),
        (&["--threads", "many"], "many"),
        (&["--repr", "quantum"], "quantum"),
        (&["--colour", "white"], "--colour"),
        (&["suite", epd], "line 3: operation \"D2 four hundred\""),
        (&["suite", "/nonexistent/suite.epd"], "cannot read"),
        (&["suite", epd, "--max-depth", "0"], "max-depth"),
        (&["3", "not a fen"], "FEN"),
        (&["3"], "perftree"),
        (&["0", START], "depth"),
    ];
    for (args, needle) in cases {
        let out = perft(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    for (args, _) in cases {
        let err = String::from_utf8_lossy(&perft(args).stderr).into_owned();
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn bench_contract_gives_a_table_per_position_and_mode() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bench.epd");
    std::fs::write(&file, format!("{START} ;D1 20 ;D2 400\n{KIWIPETE} ;D1 48 ;D2 2039\n")).unwrap();
    let v = json(&["bench", "--positions", file.to_str().unwrap(), "--seconds", "0"]);
    assert_eq!(v["seconds"], 0.0);
    let benches = v["benches"].as_array().unwrap();
    let shape: Vec<(&str, &str, u64)> = benches
        .iter()
        .map(|b| (b["mode"].as_str().unwrap(), b["fen"].as_str().unwrap(), b["depth"].as_u64().unwrap()))
        .collect();
    assert_eq!(
        shape,
        [(("like-for-like"), START, 2), ("best", START, 2), ("like-for-like", KIWIPETE, 2), ("best", KIWIPETE, 2)]
    );
    for b in benches {
        assert_eq!(b["counts_ok"], true);
        let results = b["results"].as_array().unwrap();
        let reprs: Vec<&str> = results.iter().map(|r| r["repr"].as_str().unwrap()).collect();
        assert_eq!(reprs, ["array", "mailbox10", "x88", "bitboard"]);
        for r in results {
            for key in ["repr", "nodes", "runs", "median_seconds", "nps", "ratio_to_bitboard"] {
                assert!(r.get(key).is_some(), "missing {key} in {r}");
            }
            assert_eq!(r["nodes"], b["expected"]);
            assert!(r["runs"].as_u64().unwrap() >= 3);
            assert!(r["nps"].as_f64().unwrap() > 0.0);
        }
        assert_eq!(results[3]["ratio_to_bitboard"], 1.0);
    }

    let v = json(&["bench", "--positions", file.to_str().unwrap(), "--seconds", "0", "--mode", "best"]);
    assert!(v["benches"].as_array().unwrap().iter().all(|b| b["mode"] == "best"));

    let wrong = dir.path().join("wrong.epd");
    std::fs::write(&wrong, format!("{START} ;D2 401\n")).unwrap();
    let out = perft(&["bench", "--positions", wrong.to_str().unwrap(), "--seconds", "0", "--mode", "best"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("COUNTS WRONG"), "{}", stdout(&out));
}

#[test]
fn bench_bad_input_gets_one_line_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let broken = dir.path().join("broken.epd");
    std::fs::write(&broken, format!("{START} ;D1 twenty\n")).unwrap();
    let deep = dir.path().join("deep.epd");
    std::fs::write(&deep, format!("{START} ;D1 20 ;D16 1\n")).unwrap();
    let cases: &[(&[&str], &str)] = &[
        (&["bench", "--mode", "fast"], "fast"),
        (&["bench", "--seconds", "-1"], "seconds"),
        (&["bench", "--seconds", "NaN"], "seconds"),
        (&["bench", "--seconds", "soon"], "soon"),
        (&["bench", "--positions", "/nonexistent/p.epd"], "cannot read"),
        (&["bench", "--positions", broken.to_str().unwrap()], "line 1"),
        (&["bench", "--positions", deep.to_str().unwrap()], "depth"),
    ];
    for (args, needle) in cases {
        let out = perft(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn threads_do_not_change_the_counts() {
    let one = json(&["--fen", KIWIPETE, "--depth", "4"]);
    for threads in ["2", "5"] {
        let many = json(&["--fen", KIWIPETE, "--depth", "4", "--threads", threads]);
        for (a, b) in one["results"].as_array().unwrap().iter().zip(many["results"].as_array().unwrap()) {
            assert_eq!(a["nodes"], 4_085_603);
            assert_eq!(a["nodes"], b["nodes"], "{threads} threads");
            assert_eq!(b["verdict"], "match");
        }
    }
}

/// Chess960 position 0 of python-chess's suite, in Shredder-FEN.
const CHESS960_0: &str = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 9";

#[test]
fn chess960_positions_count_and_castle_king_takes_rook() {
    // Shredder-FEN is read, counted on every representation and matched
    // with the published figure.
    let v = json(&["--fen", CHESS960_0, "--depth", "3"]);
    assert_eq!(v["fen"], CHESS960_0);
    for r in v["results"].as_array().unwrap() {
        assert_eq!(r["nodes"], 12189, "{r}");
        assert_eq!(r["verdict"], "match", "{r}");
    }
    // The standard start in Chess960 notation: castling is the king taking
    // its rook, in --moves (either notation) and in the divide.
    let italian = ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"];
    for castle in ["e1h1", "e1g1"] {
        let mut args = vec!["--chess960", "--depth", "1", "--repr", "x88", "--moves"];
        args.extend(italian);
        args.push(castle);
        let v = json(&args);
        assert_eq!(v["fen"], "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b ha - 5 4", "{castle}");
    }
    let mut args = vec!["--chess960", "--depth", "1", "--divide", "--repr", "bitboard", "--moves"];
    args.extend(italian);
    let text = stdout(&perft(&args));
    assert!(text.lines().any(|l| l == "e1h1: 1"), "{text}");
    assert!(!text.lines().any(|l| l.starts_with("e1g1")), "{text}");
    // Without --chess960 the same castle is e1g1.
    let mut args = vec!["--depth", "1", "--divide", "--repr", "bitboard", "--moves"];
    args.extend(italian);
    let text = stdout(&perft(&args));
    assert!(text.lines().any(|l| l == "e1g1: 1"), "{text}");
    // An X-FEN position whose king is off the e file is Chess960 by itself.
    let text = stdout(&perft(&["1", "2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1"]));
    assert!(text.lines().any(|l| l == "d1e1 1"), "{text}");
}

#[test]
fn a_bad_castling_field_gets_one_line_and_exit_2() {
    for (fen, needle) in [
        ("4k3/8/8/8/8/8/8/R3K1NR w G - 0 1", "invalid --fen: castling right G needs a white rook on g1"),
        ("4k3/8/8/8/8/8/8/R3K2R w E - 0 1", "names the file of the white king"),
        ("4k3/8/8/8/8/8/8/R3K2R w K1 - 0 1", "Shredder-FEN"),
    ] {
        let out = perft(&["--fen", fen, "--depth", "1"]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{fen}: {err}");
        assert_eq!(err.lines().count(), 1, "{fen}: {err}");
        assert!(err.contains(needle), "{fen}: {err}");
    }
}

#[test]
fn the_chess960_suite_runs() {
    let (code, rows) = suite_rows(&[&chess960_suite(), "--max-depth", "2", "--repr", "bitboard"]);
    assert_eq!(code, Some(0));
    assert_eq!(rows.len(), 966 * 2);
    assert!(rows.iter().all(|r| r["verdict"] == "match"), "{rows:?}");
}

/// `datasets/perft/chess960.epd`.
fn chess960_suite() -> String {
    format!("{}/../datasets/perft/chess960.epd", env!("CARGO_MANIFEST_DIR"))
}
