//! Hostile input (issue 32): every case that once gave a wrong number, an
//! unbounded buffer, a run without a word, a misleading output or a
//! contradiction taken silently, run against the binaries. Each case must
//! now end the way the README promises: the right figure, or one short
//! line on stderr naming the problem and its fix, with exit status 2 (1
//! for a failing program), within seconds, under a memory cap where memory
//! is the point.

use crate::common;

use std::io;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use serde_json::Value;

/// The address space a capped child may use: enough for any of these runs
/// (thread stacks and allocator arenas included), far below what an
/// unbounded buffer reaches in the seconds a test lasts.
const MEMORY_CAP: u64 = 1 << 30;

/// The longest a refusal may take: they come before any computing.
const PROMPT: Duration = Duration::from_secs(10);

fn bin(name: &str) -> &'static str {
    match name {
        "perft" => env!("CARGO_BIN_EXE_perft"),
        "alphabeta" => env!("CARGO_BIN_EXE_alphabeta"),
        "checkers" => env!("CARGO_BIN_EXE_checkers"),
        "goban" => env!("CARGO_BIN_EXE_goban"),
        "kalah" => env!("CARGO_BIN_EXE_kalah"),
        "plybench" => env!("CARGO_BIN_EXE_plybench"),
        "rules" => env!("CARGO_BIN_EXE_rules"),
        other => panic!("no binary {other}"),
    }
}

/// Runs `program` with `args` in `dir` under [`MEMORY_CAP`] (the limit is
/// set in the child before it starts the binary, so its own children
/// inherit it).
fn run_in(dir: &Path, program: &str, args: &[&str]) -> (Output, Duration) {
    let mut command = Command::new(bin(program));
    command.args(args).current_dir(dir);
    // SAFETY: setrlimit is async-signal-safe, and the closure touches
    // nothing but the limit it sets.
    unsafe {
        command.pre_exec(|| {
            let limit = libc::rlimit { rlim_cur: MEMORY_CAP as libc::rlim_t, rlim_max: MEMORY_CAP as libc::rlim_t };
            if libc::setrlimit(libc::RLIMIT_AS, &limit) == 0 { Ok(()) } else { Err(io::Error::last_os_error()) }
        });
    }
    let start = Instant::now();
    let out = command.output().expect("the binary runs");
    (out, start.elapsed())
}

fn run(program: &str, args: &[&str]) -> (Output, Duration) {
    run_in(Path::new("."), program, args)
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Asserts that `out` is one short line on stderr, with no control
/// character, holding `needle`, and exit status `code`.
fn one_line(out: &Output, code: i32, needle: &str) {
    let text = stderr(out);
    assert_eq!(out.status.code(), Some(code), "{text}");
    assert!(text.ends_with('\n') && text.matches('\n').count() == 1, "not one line: {text:?}");
    let line = text.trim_end_matches('\n');
    assert!(!line.chars().any(char::is_control), "a control character reached the terminal: {line:?}");
    assert!(line.chars().count() <= 1000, "{} characters: {line}", line.chars().count());
    assert!(line.contains(needle), "{needle:?} not in {line}");
}

/// A refusal: one line naming `needle`, exit 2, before any computing.
fn refused(program: &str, args: &[&str], needle: &str) {
    let (out, took) = run(program, args);
    one_line(&out, 2, needle);
    assert!(took < PROMPT, "{program} {args:?} took {took:?} to refuse");
}

fn json_of(program: &str, args: &[&str]) -> Value {
    let (out, _) = run(program, args);
    assert!(out.status.success(), "{program} {args:?}: {}", stderr(&out));
    common::stdout_json(&out.stdout)
}

// 1. A wrong number, printed as right.

#[test]
fn a_percentile_of_2048_leaves_or_more_is_the_count_itself() {
    let minimax = ["random", "-b", "2", "-d", "11", "--algorithm", "minimax", "--trees", "10", "--format", "json"];
    let v = json_of("alphabeta", &minimax);
    assert_eq!((v["min_leaves"].as_u64(), v["max_leaves"].as_u64()), (Some(2048), Some(2048)));
    assert_eq!((v["p50_leaves"].as_u64(), v["p99_leaves"].as_u64()), (Some(2048), Some(2048)));
    // 46^2 = 2116 was the first count past the histogram's first range.
    let v = json_of(
        "alphabeta",
        &["random", "-b", "46", "-d", "2", "--algorithm", "minimax", "--trees", "3", "--format", "json"],
    );
    assert_eq!((v["p50_leaves"].as_u64(), v["p99_leaves"].as_u64()), (Some(2116), Some(2116)));
    // The table and CSV show the same figure.
    let (out, _) = run("alphabeta", &minimax[..minimax.len() - 2]);
    let table = String::from_utf8_lossy(&out.stdout);
    let median = table.lines().find(|l| l.contains("Median leaves")).expect("a median row");
    assert!(median.contains("2048") && !median.contains("│ 2 "), "{median}");
}

#[test]
fn percentiles_stay_within_min_and_max_through_checkpoints_shards_and_merge() {
    let dir = tempfile::tempdir().unwrap();
    let base =
        ["random", "-b", "7", "-d", "5", "--trees", "300", "--seed", "3", "--batch-trees", "50", "--format", "json"];
    let plain = json_of(
        "alphabeta",
        &base.iter().filter(|a| !["--batch-trees", "50"].contains(a)).copied().collect::<Vec<_>>(),
    );
    for field in ["p50_leaves", "p99_leaves"] {
        let p = plain[field].as_u64().unwrap();
        assert!((plain["min_leaves"].as_u64().unwrap()..=plain["max_leaves"].as_u64().unwrap()).contains(&p));
    }
    // A checkpointed run prints the very document of a plain run, id and title included.
    let checkpoint = dir.path().join("run.json");
    let mut args = base.to_vec();
    args.extend(["--checkpoint", checkpoint.to_str().unwrap()]);
    let (out, _) = run("alphabeta", &args);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    let document: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(document["id"], "alphabeta_random", "{text}");
    assert!(document["title"].as_str().is_some_and(|t| t.contains("7^5")), "{text}");
    assert_eq!(common::stdout_json(&out.stdout), plain);
    // Two shards merged: the same record, with the shards' balance beside it.
    let shards: Vec<String> = (1..=2).map(|k| dir.path().join(format!("s{k}.json")).display().to_string()).collect();
    for (k, file) in shards.iter().enumerate() {
        let shard = format!("{}/2", k + 1);
        let mut args = base.to_vec();
        args.extend(["--shard", &shard, "--checkpoint", file]);
        let (out, _) = run("alphabeta", &args);
        assert!(out.status.success(), "{}", stderr(&out));
    }
    let merged = json_of("plybench", &["merge", &shards[0], &shards[1], "--format", "json"]);
    assert!(
        merged.get("merge_balance").is_some() || merged.as_object().unwrap().len() > plain.as_object().unwrap().len()
    );
    for (key, value) in plain.as_object().unwrap() {
        assert_eq!(&merged[key], value, "{key} differs after the merge");
    }
}

#[test]
fn compare_reads_counts_past_u64_digit_for_digit() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, count: &str| {
        let report = dir.path().join(name);
        std::fs::create_dir_all(&report).unwrap();
        let table = format!(
            r#"{{"schema_version": 1, "id": "kalah_big", "title": "t", "columns": [{{"key": "pits", "kind": "key"}}, {{"key": "sequences", "kind": "exact"}}], "rows": [{{"pits": 48, "sequences": {count}}}], "notes": []}}"#
        );
        std::fs::write(report.join("kalah_big.json"), table).unwrap();
        report.display().to_string()
    };
    let old = write("old", "18668347193605702648325905");
    let new = write("new", "18668347193605702648325906");
    let (out, _) = run("plybench", &["compare", &old, &new, "--format", "csv"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "a count changed in its last digit: {stdout}{}", stderr(&out));
    assert!(stdout.contains("18668347193605702648325905,18668347193605702648325906"), "{stdout}");
    let (out, _) = run("plybench", &["compare", &old, &old]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

// 2. Resources without bound.

#[test]
fn an_engine_that_never_stops_writing_is_stopped_and_named() {
    for protocol in ["perftree", "uci"] {
        let (out, took) = run("perft", &["check", "--engine", "yes 20", "--protocol", protocol, "--depth", "1"]);
        one_line(&out, 1, "--engine \"yes 20\": the engine wrote more than 1048576 bytes");
        assert!(took < PROMPT, "{protocol}: {took:?}");
    }
    // One endless line, without a line end.
    let endless_line = "sh -c \"tr '\\\\0' x < /dev/zero\"";
    let (out, took) = run("perft", &["check", "--engine", endless_line, "--depth", "1"]);
    one_line(&out, 1, "a line longer than 65536 bytes");
    assert!(took < PROMPT, "{took:?}");
}

#[test]
fn an_engine_flooding_its_stderr_is_timed_out_with_the_end_of_it_only() {
    let (out, took) = run("perft", &["check", "--engine", "sh -c \"yes flood >&2\"", "--depth", "1", "--timeout", "1"]);
    one_line(&out, 1, "gave no answer");
    assert!(took < PROMPT, "{took:?}");
}

#[test]
fn a_huge_or_raw_input_is_quoted_short_and_escaped() {
    let fen = "r".repeat(100_000);
    let (out, _) = run("perft", &["--fen", &fen, "--depth", "1"]);
    one_line(&out, 2, "(100000 characters)");
    assert!(out.stderr.len() < 400, "{} bytes", out.stderr.len());
    let (out, _) = run("perft", &["--fen", "8/8/8/8/8/8/8/K6k w - - 0 1\u{1b}[2J\u{7}", "--depth", "1"]);
    one_line(&out, 2, "\\u{1b}[2J\\u{7}");
    for (program, args) in [
        ("checkers", vec!["perft", "--depth", "1", "--fen", &fen]),
        ("kalah", vec!["count", "--position", &fen]),
        ("goban", vec!["influence", "--stone", &fen]),
        ("alphabeta", vec!["chess", "--fen", &fen]),
        ("plybench", vec!["reproduce", "--no-write", "--only", &fen]),
    ] {
        let (out, _) = run(program, &args);
        one_line(&out, 2, "(100000 characters)");
    }
}

#[test]
fn files_with_raw_newlines_nul_bytes_or_huge_lines_give_one_short_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str, bytes: &[u8]| {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        path.display().to_string()
    };
    let unclosed = path("unclosed.pdn", b"[Event \"x\n\n1. 11-15 *\n");
    let (out, _) = run("checkers", &["replay", &unclosed]);
    one_line(&out, 2, "malformed tag");
    let nul = path("nul.pdn", b"[Event \"x\"]\n1. 11-15\0 22-18 *\n");
    let (out, _) = run("checkers", &["replay", &nul]);
    one_line(&out, 2, "\"11-15\\0\"");
    let mut long = b"[Event \"".to_vec();
    long.extend(std::iter::repeat_n(b'x', 100_000));
    let long = path("long.pdn", &long);
    let (out, _) = run("checkers", &["replay", &long]);
    one_line(&out, 2, "characters) after the [");
    let epd = format!("{} ;D1 20\n8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3;\0\n", "p".repeat(100_000));
    let epd = path("bad.epd", epd.as_bytes());
    let (out, _) = run("perft", &["suite", &epd]);
    one_line(&out, 2, "(100000 characters)");
    let binary = path("binary.epd", b"\xff\xfe\0\0");
    let (out, _) = run("perft", &["suite", &binary]);
    one_line(&out, 2, "not UTF-8 text");
}

// 3. Long runs that say nothing: refused at once, naming the flag.

#[test]
fn runs_that_cannot_finish_are_refused_at_once_with_the_flag_to_change() {
    let max = u64::MAX.to_string();
    let cases: [(&str, Vec<&str>, &str); 10] = [
        ("goban", vec!["perft", "--size", "19", "--depth", "7"], "invalid --depth: about 8.0e17 leaves"),
        ("goban", vec!["bench", "--size", "19", "--depth", "6"], "invalid --depth: about 2.2e15 leaves"),
        ("goban", vec!["influence", "--random", &max], "invalid --random: 1.8e19 positions"),
        ("goban", vec!["bench", "--size", "3", "--depth", "2", "--repeats", "4294967295"], "invalid --repeats"),
        ("alphabeta", vec!["newborn", "--trees", "10", "--perfect-trees", &max], "invalid --perfect-trees"),
        ("alphabeta", vec!["random", "-b", "8", "-d", "8", "--trees", &max], "invalid --trees"),
        ("alphabeta", vec!["exact", "-b", "2", "-d", "3", "--trees", &max], "invalid --trees"),
        ("alphabeta", vec!["depths", "--trees", &max, "--leaf-budget", &max], "invalid --leaf-budget"),
        ("checkers", vec!["perft", "--depth", "28"], "invalid --depth"),
        ("checkers", vec!["bench", "--depth", "20"], "invalid --depth"),
    ];
    for (program, args, needle) in &cases {
        refused(program, args, needle);
    }
    refused(
        "goban",
        &["perft", "--size", "19", "--depth", "7"],
        "62 years at the reference speed of one core; a run may take at most a day",
    );
}

// 4. Output that can mislead.

#[test]
fn output_paths_are_checked_before_any_computing() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a-file");
    std::fs::write(&file, "mine").unwrap();
    let (file, tmp) = (file.display().to_string(), dir.path().display().to_string());
    // perft deep counts for minutes: the refusal must come first.
    refused("perft", &["deep", "--out", &file], "invalid --out: cannot write");
    let missing = dir.path().join("no/such/dir/run.json").display().to_string();
    for checkpoint in [&tmp, &missing] {
        refused("perft", &["--depth", "3", "--checkpoint", checkpoint], "invalid --checkpoint: cannot write");
        refused("kalah", &["count", "--pits", "4", "--checkpoint", checkpoint], "invalid --checkpoint");
        refused("alphabeta", &["random", "-b", "2", "-d", "2", "--checkpoint", checkpoint], "invalid --checkpoint");
    }
    // The directory is no longer offered as a file to resume.
    let (out, _) = run("perft", &["--depth", "3", "--checkpoint", &tmp]);
    assert!(!stderr(&out).contains("--resume"), "{}", stderr(&out));
    refused("goban", &["influence", "--figure", "3.16", "--svg", &tmp], "invalid --svg: cannot write");
    assert_eq!(std::fs::read_to_string(dir.path().join("a-file")).unwrap(), "mine");
}

#[test]
fn a_report_directory_holds_exactly_the_last_runs_files() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("report");
    std::fs::create_dir(&out).unwrap();
    std::fs::write(out.join("notes.md"), "mine").unwrap();
    let reproduce = |study: &str| {
        let (run, _) = run(
            "plybench",
            &["reproduce", "--quick", "--only", study, "--out", out.to_str().unwrap(), "--format", "csv"],
        );
        assert!(run.status.success(), "{study}: {}", stderr(&run));
    };
    reproduce("checkers");
    let names = || -> Vec<String> {
        let mut names: Vec<String> =
            std::fs::read_dir(&out).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        names.sort();
        names
    };
    assert!(names().iter().any(|n| n.starts_with("checkers_")), "{:?}", names());
    reproduce("kalah");
    let after = names();
    assert!(!after.iter().any(|n| n.starts_with("checkers_")), "stale files of the first run: {after:?}");
    assert!(after.iter().any(|n| n.starts_with("kalah_")) && after.contains(&"notes.md".to_owned()), "{after:?}");
    let run: Value = serde_json::from_str(&std::fs::read_to_string(out.join("run.json")).unwrap()).unwrap();
    let listed: Vec<&str> = run["files"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
    let present: Vec<&str> = after.iter().map(String::as_str).filter(|n| *n != "notes.md").collect();
    assert_eq!(listed, present, "run.json lists exactly the run's files");
    assert_eq!(run["studies"], serde_json::json!(["kalah"]));
}

// 5. Contradictory input.

#[test]
fn contradictory_flags_are_refused_with_one_line_naming_the_conflict() {
    let dir = tempfile::tempdir().unwrap();
    let epd = dir.path().join("twice.epd");
    std::fs::write(&epd, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 20 ;D1 20\n").unwrap();
    let epd = epd.display().to_string();
    let cases: &[(&str, &[&str], &str)] = &[
        (
            "rules",
            &["conditions", "--game", "tictactoe", "--only", "3"],
            "invalid --only: 3 modifications, but --modifications is 0",
        ),
        (
            "alphabeta",
            &["random", "-b", "2", "-d", "3", "--correlation", "0.5"],
            "invalid --correlation: 0.5 is given for the random move order",
        ),
        ("checkers", &["bench", "--depth", "3", "--repeats", "0"], "invalid --repeats: 0; expected 1 to 1000"),
        (
            "goban",
            &["bench", "--size", "3", "--depth", "2", "--repeats", "0"],
            "invalid --repeats: 0; expected 1 to 1000",
        ),
        ("perft", &["suite", &epd, "--max-depth", "1"], "D1 is given twice (20 and 20)"),
        ("perft", &["check", "--engine", "true", "--suite", &epd], "D1 is given twice"),
        ("goban", &["influence", "--random", "0"], "invalid --random: 0; expected 1"),
        (
            "alphabeta",
            &["random", "-b", "2", "-d", "3", "--levels", "4"],
            "invalid --levels: it applies to --values discrete only",
        ),
        (
            "alphabeta",
            &["random", "-b", "2", "-d", "3", "--window-centre", "0.3"],
            "invalid --window-centre: it applies to --algorithm aspiration only",
        ),
        ("alphabeta", &["random", "-b", "2", "-d", "3", "--batch-trees", "10"], "invalid --batch-trees"),
        ("alphabeta", &["tictactoe", "--order", "all", "--killer"], "invalid --killer: --order all runs every variant"),
        ("alphabeta", &["tictactoe", "--seed", "5"], "invalid --seed: it seeds --order random"),
        ("goban", &["influence", "--stone", "K10", "--all"], "invalid --all"),
        ("goban", &["influence", "--stone", "K10", "--seed", "3"], "invalid --seed"),
        ("goban", &["influence", "--random", "5", "--svg", "map.svg"], "invalid --svg: --random draws no map"),
        (
            "kalah",
            &["count", "--pits", "3", "--scan", "left-to-right"],
            "invalid --scan: it orders the steps of --trace only",
        ),
    ];
    for (program, args, needle) in cases {
        let (out, took) = run_in(dir.path(), program, args);
        one_line(&out, 2, needle);
        assert!(took < PROMPT, "{program} {args:?}: {took:?}");
    }
    assert!(!dir.path().join("map.svg").exists());
    // The flags are taken where they apply.
    for (program, args) in [
        (
            "alphabeta",
            &["random", "-b", "2", "-d", "3", "--trees", "20", "--order", "noisy", "--correlation", "0.5"][..],
        ),
        ("alphabeta", &["random", "-b", "2", "-d", "3", "--trees", "20", "--values", "discrete", "--levels", "4"]),
        ("alphabeta", &["tictactoe", "--order", "random", "--seed", "5"]),
        ("kalah", &["count", "--pits", "3", "--trace", "--scan", "left-to-right"]),
        ("rules", &["conditions", "--game", "tictactoe", "--modifications", "1", "--only", "1"]),
    ] {
        let (out, _) = run(program, args);
        assert!(out.status.success(), "{program} {args:?}: {}", stderr(&out));
    }
}

#[test]
fn a_suite_line_with_a_depth_twice_is_reported_and_fails_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let epd = dir.path().join("mixed.epd");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    std::fs::write(&epd, format!("{start} ;D1 20\n{start} ;D2 400 ;D2 401\n")).unwrap();
    let (out, _) = run("perft", &["suite", epd.to_str().unwrap(), "--repr", "bitboard", "--format", "csv"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("D2 is given twice (400 and 401)") && stdout.contains("invalid input"), "{stdout}");
}
