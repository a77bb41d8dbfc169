//! The `plybench` driver: the report it writes, its exit status and its
//! handling of bad input.

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
    let printed: serde_json::Value = serde_json::from_slice(&run.stdout).expect("stdout is JSON");
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
                serde_json::from_str::<serde_json::Value>(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
                assert!(path.with_extension("csv").exists(), "{name} has no CSV twin");
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
