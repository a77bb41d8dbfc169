//! The `plybench` driver: the report it writes, its exit status and its
//! handling of bad input.

use crate::common;

use std::process::{Command, Output};

fn plybench(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_plybench")).args(args).output().expect("plybench runs")
}

#[test]
fn quick_run_writes_a_parseable_report() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("report");
    let run = plybench(&["reproduce", "--quick", "--out", out.to_str().unwrap(), "--format", "json"]);
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let printed: serde_json::Value = common::stdout_json(&run.stdout);
    assert_eq!(printed["summary"].as_array().unwrap().last().unwrap()["failures"], 0);

    let report = std::fs::read_to_string(out.join("report.md")).unwrap();
    for needle in ["## Summary", "| seed | 1 |", "| commit |", "| machine |"] {
        assert!(report.contains(needle), "report.md lacks {needle}");
    }
    let mut jsons = 0;
    let mut svgs = 0;
    for entry in std::fs::read_dir(&out).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        assert!(!name.starts_with('.'), "a staging file was left behind: {name}");
        let text = std::fs::read_to_string(&path).unwrap();
        match path.extension().and_then(|e| e.to_str()) {
            Some("json") => {
                let value: serde_json::Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
                assert_eq!(value["schema_version"], 1, "{name}");
                assert!(name == "run.json" || path.with_extension("csv").exists(), "{name} has no CSV twin");
                jsons += 1;
            }
            Some("csv") => {
                let width = text.lines().next().unwrap().split(',').count();
                assert!(width > 1, "{name}");
            }
            Some("svg") => {
                assert!(text.starts_with("<svg") && text.trim_end().ends_with("</svg>"), "{name}");
                assert!(report.contains(&format!("({name})")), "report.md does not show {name}");
                svgs += 1;
            }
            _ => assert_eq!(name, "report.md"),
        }
    }
    assert!(jsons >= 5 && svgs >= 2, "{jsons} JSON files, {svgs} plots");
}

#[test]
fn only_runs_the_named_studies() {
    let run = plybench(&["reproduce", "--quick", "--only", "kalah", "--no-write", "--format", "csv"]);
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let text = String::from_utf8_lossy(&run.stdout);
    assert!(text.contains("kalah,") && !text.contains("perft,"), "{text}");
}

#[test]
fn bad_input_gets_one_line_and_exit_2() {
    let file = tempfile::NamedTempFile::new().unwrap();
    let not_a_dir = file.path().join("report");
    let cases: &[(&[&str], &str)] = &[
        (&["reproduce", "--only", "chess"], "unknown study"),
        (&["reproduce", "--only", "kalah,kalah"], "twice"),
        (&["reproduce", "--quick", "--full"], "--full"),
        (&["reproduce", "--threads", "0", "--no-write"], "--threads"),
        (&["reproduce", "--quick", "--only", "kalah", "--out", not_a_dir.to_str().unwrap()], "--out"),
        (&["reprodcue"], "reprodcue"),
    ];
    for (args, needle) in cases {
        let run = plybench(args);
        let err = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
    assert!(!not_a_dir.exists());
}

#[test]
fn an_unwritable_out_directory_is_refused_before_any_study_runs() {
    use std::time::{Duration, Instant};
    let file = tempfile::NamedTempFile::new().unwrap();
    let not_a_dir = file.path().join("reports");
    // The default budget computes for minutes; the refusal must come first.
    let mut child = Command::new(env!("CARGO_BIN_EXE_plybench"))
        .args(["reproduce", "--out", not_a_dir.to_str().unwrap()])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("plybench runs");
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("reproduce computed its studies before checking --out");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let run = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "{err}");
    assert!(run.stdout.is_empty(), "tables were printed: no study should have run");
    assert!(err.starts_with("plybench: error: invalid --out: cannot write") && err.contains("reports"), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
}

// `plybench compare`: synthetic report directories written here, and one real run.

/// A table file of schema version 1.
fn table_file(id: &str, columns: &[(&str, &str)], rows: serde_json::Value) -> String {
    let columns: Vec<serde_json::Value> =
        columns.iter().map(|(key, kind)| serde_json::json!({"key": key, "kind": kind})).collect();
    let mut columns = serde_json::Value::from(columns);
    if let Some(nps) = columns.as_array_mut().unwrap().iter_mut().find(|c| c["key"] == "nps") {
        nps["noise"] = "spread".into();
    }
    serde_json::json!({"schema_version": 1, "id": id, "title": id, "columns": columns, "rows": rows, "notes": []})
        .to_string()
}

/// A small report: two published counts with verdicts and one speed row.
fn synthetic_report(dir: &std::path::Path, kiwipete: u64, verdict: &str, nps: f64) {
    std::fs::create_dir_all(dir).unwrap();
    let published = table_file(
        "perft_published",
        &[("position", "key"), ("depth", "key"), ("computed", "exact"), ("verdict", "verdict"), ("source", "info")],
        serde_json::json!([
            {"position": "initial", "depth": 3, "computed": 8902, "verdict": "match", "source": "wiki"},
            {"position": "kiwipete", "depth": 2, "computed": kiwipete, "verdict": verdict, "source": "wiki"},
        ]),
    );
    let speed = table_file(
        "perft_speed",
        &[("repr", "key"), ("nodes", "exact"), ("spread", "info"), ("nps", "speed"), ("median_seconds", "info")],
        serde_json::json!([{"repr": "bitboard", "nodes": 197281, "spread": 0.02, "nps": nps, "median_seconds": 0.01}]),
    );
    std::fs::write(dir.join("perft_published.json"), published).unwrap();
    std::fs::write(dir.join("perft_speed.json"), speed).unwrap();
    std::fs::write(dir.join("perft_speed.csv"), "not read").unwrap();
}

fn compare(old: &std::path::Path, new: &std::path::Path, extra: &[&str]) -> (Option<i32>, String, String) {
    let mut args = vec!["compare", old.to_str().unwrap(), new.to_str().unwrap()];
    args.extend_from_slice(extra);
    let run = plybench(&args);
    (run.status.code(), String::from_utf8_lossy(&run.stdout).into_owned(), String::from_utf8_lossy(&run.stderr).into())
}

#[test]
fn compare_a_report_with_itself_finds_nothing_in_every_format() {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("r");
    synthetic_report(&report, 2039, "match", 1.0e8);
    let (code, stdout, stderr) = compare(&report, &report, &["--format", "json"]);
    assert_eq!(code, Some(0), "{stderr}");
    let json = common::stdout_json(stdout.as_bytes());
    assert_eq!(json["compare"], serde_json::json!([]));
    let summary = &json["compare_summary"];
    assert_eq!((summary["files_compared"].as_u64(), summary["rows_compared"].as_u64()), (Some(2), Some(3)));
    assert_eq!((summary["changed"].as_u64(), summary["counts_agree"].as_bool()), (Some(0), Some(true)));
    for format in ["table", "csv", "markdown"] {
        let (code, stdout, stderr) = compare(&report, &report, &["--format", format]);
        assert_eq!(code, Some(0), "{format}: {stderr}");
        assert!(stdout.contains("Files compared") || stdout.contains("files_compared"), "{format}: {stdout}");
    }
}

#[test]
fn compare_fails_on_a_changed_count_and_names_it() {
    let dir = tempfile::tempdir().unwrap();
    let (old, new) = (dir.path().join("old"), dir.path().join("new"));
    synthetic_report(&old, 2039, "match", 1.0e8);
    synthetic_report(&new, 2040, "match", 1.0e8);
    let (code, stdout, stderr) = compare(&old, &new, &["--format", "csv"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stdout.contains(
            "perft_published.json,perft_published,\"position=kiwipete, depth=2\",computed,exact,2039,2040,,,,changed"
        ),
        "{stdout}"
    );
    let (code, stdout, _) = compare(&old, &new, &[]);
    assert_eq!(code, Some(1));
    assert!(stdout.contains("position=kiwipete, depth=2") && stdout.contains("changed"), "{stdout}");
}

#[test]
fn compare_fails_on_a_changed_verdict() {
    let dir = tempfile::tempdir().unwrap();
    let (old, new) = (dir.path().join("old"), dir.path().join("new"));
    synthetic_report(&old, 2039, "match", 1.0e8);
    synthetic_report(&new, 2039, "differs", 1.0e8);
    let (code, stdout, stderr) = compare(&old, &new, &["--format", "csv"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stdout.contains(",verdict,verdict,match,differs,,,,changed"), "{stdout}");
}

#[test]
fn a_slower_speed_warns_and_fails_only_when_asked() {
    let dir = tempfile::tempdir().unwrap();
    let (old, new) = (dir.path().join("old"), dir.path().join("new"));
    synthetic_report(&old, 2039, "match", 1.0e8);
    synthetic_report(&new, 2039, "match", 0.8e8);
    let (code, stdout, stderr) = compare(&old, &new, &["--format", "csv"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stdout.contains("perft_speed.json,perft_speed,repr=bitboard,nps,speed,100000000,80000000,-20.0,2.0,2.0,slower"),
        "{stdout}"
    );
    assert_eq!(compare(&old, &new, &["--fail-on-speed"]).0, Some(1));
    assert_eq!(compare(&old, &new, &["--fail-on-speed", "--threshold", "25%"]).0, Some(0), "20% is within 25%");
    assert_eq!(compare(&new, &old, &["--fail-on-speed"]).0, Some(0), "a speed-up never fails");
}

#[test]
fn compare_lists_a_file_missing_on_either_side() {
    let dir = tempfile::tempdir().unwrap();
    let (old, new) = (dir.path().join("old"), dir.path().join("new"));
    synthetic_report(&old, 2039, "match", 1.0e8);
    synthetic_report(&new, 2039, "match", 1.0e8);
    std::fs::remove_file(new.join("perft_speed.json")).unwrap();
    let (code, stdout, stderr) = compare(&old, &new, &["--format", "csv"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains("perft_speed.json,perft_speed,,,,,,,,,only in old"), "{stdout}");
    let (_, stdout, _) = compare(&new, &old, &["--format", "csv"]);
    assert!(stdout.contains("perft_speed.json,perft_speed,,,,,,,,,only in new"), "{stdout}");
}

#[test]
fn compare_refuses_what_is_not_a_report_with_one_line_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good");
    synthetic_report(&good, 2039, "match", 1.0e8);
    let garbage = dir.path().join("garbage");
    synthetic_report(&garbage, 2039, "match", 1.0e8);
    std::fs::write(garbage.join("perft_speed.json"), "{\"schema_version\": 1, \"id\": ").unwrap();
    let empty = dir.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    let newer = dir.path().join("newer");
    std::fs::create_dir(&newer).unwrap();
    std::fs::write(newer.join("t.json"), r#"{"schema_version": 99, "id": "t"}"#).unwrap();
    let absent = dir.path().join("absent");
    let cases: &[(&std::path::Path, &[&str], &str)] = &[
        (&garbage, &[], "perft_speed.json: not JSON"),
        (&empty, &[], "holds no .json file"),
        (&absent, &[], "absent"),
        (&newer, &[], "newer than this plybench"),
        (&good, &["--threshold", "fast"], "--threshold"),
        (&good, &["--threshold=-5%"], "--threshold"),
    ];
    for (new, extra, needle) in cases {
        let (code, _, stderr) = compare(&good, new, extra);
        assert_eq!(code, Some(2), "{new:?} {extra:?}: {stderr}");
        assert!(stderr.contains(needle), "{new:?} {extra:?}: {stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
    }
    let run = plybench(&["compare", good.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("NEW_DIR"), "the missing argument is named: {stderr}");
}

#[test]
fn a_real_quick_report_compares_equal_to_itself() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("kalah");
    let run = plybench(&["reproduce", "--quick", "--only", "kalah", "--out", out.to_str().unwrap(), "--format", "csv"]);
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let (code, stdout, stderr) = compare(&out, &out, &["--format", "json", "--fail-on-speed", "--threshold", "0"]);
    assert_eq!(code, Some(0), "{stderr}");
    let json = common::stdout_json(stdout.as_bytes());
    assert_eq!(json["compare"], serde_json::json!([]));
    let summary = &json["compare_summary"];
    assert_eq!(summary["files_compared"].as_u64(), Some(3), "summary, kalah_table and kalah_bell: {summary}");
    assert!(summary["rows_compared"].as_u64().unwrap() >= 12 + 19, "{summary}");
    assert_eq!((summary["old_budget"].as_str(), summary["new_budget"].as_str()), (Some("quick"), Some("quick")));

    // A count changed by hand is found and named.
    let edited = dir.path().join("edited");
    std::fs::create_dir(&edited).unwrap();
    for entry in std::fs::read_dir(&out).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, edited.join(path.file_name().unwrap())).unwrap();
    }
    let table = std::fs::read_to_string(edited.join("kalah_table.json")).unwrap();
    let table = table.replacen("\"move_sequences\": 11,", "\"move_sequences\": 12,", 1);
    std::fs::write(edited.join("kalah_table.json"), table).unwrap();
    let (code, stdout, _) = compare(&out, &edited, &["--format", "csv"]);
    assert_eq!(code, Some(1), "{stdout}");
    assert!(stdout.contains("kalah_table.json,kalah_table,pits=3,move_sequences,exact,11,12,,,,changed"), "{stdout}");
}
