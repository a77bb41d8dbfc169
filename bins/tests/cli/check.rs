//! `perft check`: another program's perft beside plybench's, run against
//! the deliberately wrong fixture (`bins/tests/fixtures/perft_fixture.rs`)
//! in both protocols, against `perft` itself, and against Stockfish when it
//! is installed.

use crate::common;

use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

const PERFT: &str = env!("CARGO_BIN_EXE_perft");
/// The fixture, an example of this package. `cargo test` builds it into
/// `target/<profile>/examples/`, beside the `deps/` that holds this test, as
/// `perft_fixture-<hash>` (the newest build is the one of this run).
fn fixture_path() -> String {
    let exe = std::env::current_exe().expect("the test knows its own path");
    let examples =
        exe.parent().and_then(Path::parent).expect("the test runs from target/<profile>/deps").join("examples");
    let newest = std::fs::read_dir(&examples)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|entry| {
            let name = entry.file_name().to_string_lossy().into_owned();
            name.strip_prefix("perft_fixture-").is_some_and(|rest| !rest.contains('.') || rest.ends_with(".exe"))
        })
        .max_by_key(|entry| entry.metadata().and_then(|m| m.modified()).ok());
    let fixture = newest.unwrap_or_else(|| {
        panic!(
            "no perft_fixture-* in {}: `cargo test` builds it unless a target is named (then add `--example perft-fixture`)",
            examples.display()
        )
    });
    fixture.path().display().to_string()
}
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn perft(args: &[&str]) -> Output {
    Command::new(PERFT).args(args).output().expect("perft runs")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The fixture's command line with `bug` in `protocol`.
fn fixture(bug: &str, protocol: &str) -> String {
    let uci = if protocol == "uci" { " --uci" } else { "" };
    format!("{} --bug {bug}{uci}", fixture_path())
}

/// `perft check` of `engine` on `fen` to `depth` in `protocol`, as JSON,
/// with its exit status.
fn check(engine: &str, protocol: &str, fen: &str, depth: u32) -> (i32, Value) {
    let depth = depth.to_string();
    let out = perft(&[
        "check",
        "--engine",
        engine,
        "--protocol",
        protocol,
        "--fen",
        fen,
        "--depth",
        &depth,
        "--format",
        "json",
    ]);
    assert!(!out.stdout.is_empty(), "no output: {}", stderr(&out));
    let value = common::stdout_json(&out.stdout);
    (out.status.code().expect("an exit status"), value)
}

/// The one row of a single-position check, after checking the columns.
fn row(value: &Value) -> &Value {
    let rows = value.as_array().expect("an array of rows");
    assert_eq!(rows.len(), 1, "{value:#}");
    let row = &rows[0];
    let mut keys: Vec<&str> = row.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort();
    let mut expected = [
        "fen",
        "depth",
        "nodes",
        "engine_nodes",
        "verdict",
        "finding",
        "path",
        "divergence_fen",
        "missing",
        "extra",
        "differing",
    ];
    expected.sort();
    assert_eq!(keys, expected);
    row
}

#[test]
fn a_correct_engine_agrees_in_both_protocols() {
    for protocol in ["perftree", "uci"] {
        let (code, value) = check(&fixture("none", protocol), protocol, START, 3);
        let row = row(&value);
        assert_eq!(code, 0, "{protocol}: {value:#}");
        assert_eq!((row["nodes"].as_u64(), row["engine_nodes"].as_u64()), (Some(8_902), Some(8_902)));
        assert_eq!(row["verdict"], "match");
        for key in ["finding", "path", "divergence_fen", "missing", "extra", "differing"] {
            assert_eq!(row[key], Value::Null, "{key}");
        }
    }
}

#[test]
fn perft_itself_passes_its_own_check_through_the_perftree_convention() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let (code, value) = check(PERFT, "perftree", kiwipete, 3);
    assert_eq!((code, row(&value)["nodes"].as_u64()), (0, Some(97_862)), "{value:#}");
}

#[test]
fn dropped_en_passant_is_named_where_the_pawn_could_take() {
    for protocol in ["perftree", "uci"] {
        // Only after a2a4 can the b4 pawn take en passant.
        let (code, value) = check(&fixture("en-passant", protocol), protocol, "4k3/8/8/8/1p6/8/P7/4K3 w - - 0 1", 3);
        let row = row(&value);
        assert_eq!(code, 1, "{protocol}: {value:#}");
        assert_eq!(row["verdict"], "differs");
        assert_eq!(row["finding"], "moves differ");
        assert_eq!(row["path"], json!(["a2a4"]));
        assert_eq!(row["divergence_fen"], "4k3/8/8/8/Pp6/8/8/4K3 b - a3 0 1");
        assert_eq!((&row["missing"], &row["extra"]), (&json!(["b4a3"]), &json!([])));
        assert_eq!(row["nodes"].as_u64().unwrap() - row["engine_nodes"].as_u64().unwrap(), 5);
    }
    // Two plies down, in the wiki's position 3: after a5a4 c7c5, b5xc6.
    let (code, value) =
        check(&fixture("en-passant", "perftree"), "perftree", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4);
    let row = row(&value);
    assert_eq!(code, 1);
    assert_eq!((row["nodes"].as_u64(), row["engine_nodes"].as_u64()), (Some(43_238), Some(43_087)));
    assert_eq!(row["path"], json!(["a5a4", "c7c5"]));
    assert_eq!(row["divergence_fen"], "8/8/3p4/1Pp4r/KR3p1k/8/4P1P1/8 w - c6 0 2");
    assert_eq!(row["missing"], json!(["b5c6"]));
}

#[test]
fn castling_out_of_check_is_named_as_an_extra_move() {
    for protocol in ["perftree", "uci"] {
        // a1xa8 checks the black king, which may no longer castle.
        let (code, value) =
            check(&fixture("castle-out-of-check", protocol), protocol, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 3);
        let row = row(&value);
        assert_eq!(code, 1, "{protocol}: {value:#}");
        assert_eq!((row["nodes"].as_u64(), row["engine_nodes"].as_u64()), (Some(13_744), Some(13_792)));
        assert_eq!(row["path"], json!(["a1a8"]));
        assert_eq!(row["divergence_fen"], "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
        assert_eq!((&row["missing"], &row["extra"]), (&json!([]), &json!(["e8g8"])));
    }
}

#[test]
fn missing_underpromotions_are_named() {
    for protocol in ["perftree", "uci"] {
        let (code, value) = check(&fixture("underpromotion", protocol), protocol, "4k3/8/1P6/8/8/8/8/4K3 w - - 0 1", 3);
        let row = row(&value);
        assert_eq!(code, 1, "{protocol}: {value:#}");
        assert_eq!(row["path"], json!(["b6b7", "e8d7"]));
        assert_eq!(row["divergence_fen"], "8/1P1k4/8/8/8/8/8/4K3 w - - 1 2");
        assert_eq!(row["missing"], json!(["b7b8b", "b7b8n", "b7b8r"]));
        assert_eq!(row["extra"], json!([]));
    }
}

#[test]
fn every_format_tells_the_divergence() {
    let engine = fixture("castle-out-of-check", "perftree");
    let run = |format: &str| {
        let out = perft(&[
            "check",
            "--engine",
            &engine,
            "--fen",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "--depth",
            "2",
            "--format",
            format,
        ]);
        assert_eq!(out.status.code(), Some(1), "{format}: {}", stderr(&out));
        stdout(&out)
    };
    let table = run("table");
    assert!(table.contains("After a1a8 (R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1), depth 1"), "{table}");
    assert!(table.contains("the engine lists e8g8, which plybench does not"), "{table}");
    let markdown = run("markdown");
    assert!(markdown.contains("| differs | moves differ | a1a8 | R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1 |  | e8g8 |"));
    assert!(markdown.contains("- After a1a8"), "{markdown}");
    let csv = run("csv");
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "fen,depth,nodes,engine_nodes,verdict,finding,path,divergence_fen,missing,extra,differing");
    assert_eq!(
        lines[1],
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1,2,568,570,differs,moves differ,a1a8,R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1,,e8g8,"
    );
}

#[test]
fn a_suite_is_checked_line_by_line() {
    let dir = tempfile::tempdir().unwrap();
    let suite = dir.path().join("s.epd");
    std::fs::write(
        &suite,
        format!(
            "# start, a promotion and Kiwipete\n{START} ;D1 20 ;D2 400 ;D3 8902\n\
             4k3/1P6/8/8/8/8/8/4K3 w - - 0 1 ;D1 9\n\
             r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 ;D1 48 ;D2 2039\n"
        ),
    )
    .unwrap();
    for protocol in ["perftree", "uci"] {
        let out = perft(&[
            "check",
            "--engine",
            &fixture("underpromotion", protocol),
            "--protocol",
            protocol,
            "--suite",
            suite.to_str().unwrap(),
            "--depth",
            "2",
            "--format",
            "json",
        ]);
        assert_eq!(out.status.code(), Some(1), "{protocol}: {}", stderr(&out));
        let value: Value = common::stdout_json(&out.stdout);
        let rows = value.as_array().unwrap();
        let summary: Vec<(u64, u64, &str)> = rows
            .iter()
            .map(|r| (r["line"].as_u64().unwrap(), r["depth"].as_u64().unwrap(), r["verdict"].as_str().unwrap()))
            .collect();
        assert_eq!(summary, [(2, 2, "match"), (3, 1, "differs"), (4, 2, "match")]);
        assert_eq!(rows[1]["path"], json!([]));
        assert_eq!(rows[1]["missing"], json!(["b7b8b", "b7b8n", "b7b8r"]));
        assert_eq!(rows[2]["nodes"], 2_039);
    }
}

#[test]
fn a_hanging_engine_is_stopped_at_the_time_limit() {
    for protocol in ["perftree", "uci"] {
        let engine = format!("{} --hang", fixture("none", protocol));
        let begun = Instant::now();
        let out = perft(&["check", "--engine", &engine, "--protocol", protocol, "--depth", "2", "--timeout", "0.5"]);
        assert!(begun.elapsed() < Duration::from_secs(20), "{protocol}: {:?}", begun.elapsed());
        assert_eq!(out.status.code(), Some(1), "{protocol}");
        let message = stderr(&out);
        assert!(message.contains("gave no answer") && message.contains("within 0.5 s"), "{message}");
        assert!(message.contains("--timeout"), "{message}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn an_engine_that_fails_or_babbles_is_an_error_not_a_verdict() {
    // `false` exits 1 at once; `echo` writes its arguments back.
    let out = perft(&["check", "--engine", "false", "--depth", "1"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("the engine ended with exit status: 1"), "{}", stderr(&out));
    let out = perft(&["check", "--engine", "echo hello", "--depth", "1"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("which is not a `move count` line"), "{}", stderr(&out));
    // A perftree program is no UCI engine: it ends without `uciok`.
    let out = perft(&["check", "--engine", &fixture("none", "perftree"), "--protocol", "uci"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("on `uci`"), "{}", stderr(&out));
}

#[test]
fn bad_input_exits_2_naming_the_flag() {
    let cases: [(&[&str], &str); 8] = [
        (&["check", "--engine", "", "--depth", "1"], "invalid --engine: the engine command is empty"),
        (&["check", "--engine", "/nonexistent/engine"], "invalid --engine: cannot start the engine"),
        (&["check", "--engine", "./x 'y"], "unclosed quote"),
        (&["check", "--engine", "x", "--depth", "0"], "invalid --depth"),
        (&["check", "--engine", "x", "--timeout", "-1"], "invalid --timeout"),
        (&["check", "--engine", "x", "--fen", "8/8 w"], "invalid --fen"),
        (&["check", "--engine", "x", "--suite", "/nonexistent.epd"], "invalid --suite"),
        (&["check", "--engine", "x", "--suite", "s.epd", "--fen", START], "cannot be used with"),
    ];
    for (args, needle) in cases {
        let out = perft(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        let message = stderr(&out);
        assert!(message.contains(needle), "{args:?}: {message}");
        assert_eq!(message.trim_end().lines().count(), 1, "{args:?}: {message}");
    }
}

/// Stockfish's `go perft` against plybench's, when Stockfish is on the
/// PATH (skipped otherwise).
#[test]
fn stockfish_agrees_over_uci_when_installed() {
    if Command::new("stockfish").stdin(std::process::Stdio::null()).output().is_err() {
        eprintln!("stockfish is not installed: skipped");
        return;
    }
    for (fen, depth) in [
        (START, 4),
        ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4),
    ] {
        let (code, value) = check("stockfish", "uci", fen, depth);
        assert_eq!(code, 0, "{fen}: {value:#}");
        assert_eq!(row(&value)["verdict"], "match");
    }
}
