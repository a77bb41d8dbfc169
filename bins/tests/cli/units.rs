//! `kalah count` and `alphabeta random` in work units, end to end: a run
//! killed part-way (SIGTERM and SIGKILL) and resumed gives the figures of
//! an uninterrupted run (by `--resume FILE` alone, as the interrupted run
//! says, and with every flag again), and shards 1..3 of 3 merged by `plybench merge`
//! give the figures of the single run, compared as JSON.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

#[derive(Clone, Copy)]
enum Tool {
    Kalah,
    Alphabeta,
}

impl Tool {
    fn binary(self) -> &'static str {
        match self {
            Tool::Kalah => env!("CARGO_BIN_EXE_kalah"),
            Tool::Alphabeta => env!("CARGO_BIN_EXE_alphabeta"),
        }
    }

    /// A run of several seconds in either profile on one thread (the
    /// checkpoint is rewritten every 2 s): the board test counted by the
    /// explicit stack (13 pits in debug, 15 pits and 68,861,603 sequences,
    /// about 3 s of CPU, in release), or thousands of 8^6 trees in batches.
    fn long_run(self) -> Vec<&'static str> {
        match self {
            Tool::Kalah => {
                let pits = if cfg!(debug_assertions) { "13" } else { "15" };
                vec!["count", "--pits", pits, "--method", "stack", "--threads", "1"]
            }
            Tool::Alphabeta => {
                let trees = if cfg!(debug_assertions) { "4000" } else { "12000" };
                let batch = if cfg!(debug_assertions) { "50" } else { "200" };
                vec!["random", "-b", "8", "-d", "6", "--trees", trees, "--batch-trees", batch, "--threads", "1"]
            }
        }
    }

    /// A small run for shards.
    fn small_run(self) -> Vec<&'static str> {
        match self {
            Tool::Kalah => vec!["count", "--pits", "10"],
            Tool::Alphabeta => vec!["random", "-b", "4", "-d", "5", "--trees", "3000", "--batch-trees", "250"],
        }
    }

    /// The same run without work units, for comparison: Kalah's distinct
    /// terminal positions do not split, so the plain run leaves them out too;
    /// `--batch-trees`, which applies to work units only, is dropped.
    fn plain(self, run: &[&str]) -> Value {
        let mut args = run.to_vec();
        match self {
            Tool::Kalah => args.extend(["--terminals", "never"]),
            Tool::Alphabeta => {
                if let Some(at) = args.iter().position(|a| *a == "--batch-trees") {
                    args.drain(at..at + 2);
                }
            }
        }
        json_of(&self.run(&args))
    }

    fn run(self, args: &[&str]) -> Output {
        Command::new(self.binary()).args(args).args(["--format", "json"]).output().expect("the binary runs")
    }
}

fn json_of(out: &Output) -> Value {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    common::stdout_json(&out.stdout)
}

/// The figures of a result: every field but the time taken.
fn figures(v: &Value) -> Value {
    let mut v = v.clone();
    if let Value::Object(map) = &mut v {
        map.remove("seconds");
    }
    v
}

/// The fields `single` has, taken from `merged` (which adds the balance
/// tables).
fn same_fields(merged: &Value, single: &Value) -> Value {
    let keys = single.as_object().expect("a record").keys();
    Value::Object(keys.map(|k| (k.clone(), merged[k].clone())).collect())
}

fn path_arg(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 temporary path")
}

fn units_in(path: &Path) -> Option<Value> {
    let file: Value = serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()?;
    (!file["units"].as_array()?.is_empty()).then_some(file)
}

/// Starts the long run with `--checkpoint path`, waits until the file has
/// some units, and stops it with `signal`.
fn interrupt(tool: Tool, path: &Path, signal: &str) -> Output {
    let child = Command::new(tool.binary())
        .args(tool.long_run())
        .args(["--checkpoint", path_arg(path), "--format", "json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let start = Instant::now();
    while units_in(path).is_none() {
        assert!(start.elapsed() < Duration::from_secs(120), "no unit recorded in 120 s");
        std::thread::sleep(Duration::from_millis(50));
    }
    let status = Command::new("kill").args([signal, &child.id().to_string()]).status().expect("kill runs");
    assert!(status.success());
    child.wait_with_output().expect("the binary ends")
}

/// Resumes the run saved at `path` with `args` (which name the file) and
/// checks that it ends with the `uninterrupted` figures.
fn resume_and_compare(tool: Tool, path: &Path, args: &[&str], uninterrupted: &Value) {
    let saved: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(saved["complete"], false, "the run ended before it was interrupted: make it longer");
    let saved_units = saved["units"].as_array().unwrap().len();
    assert!(saved_units > 0 && saved_units < saved["units_total"].as_u64().unwrap() as usize);
    let resumed = json_of(&tool.run(args));
    assert_eq!(figures(&resumed), figures(uninterrupted));
    let done: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(done["complete"], true);
}

fn interrupted_runs_resume_to_the_uninterrupted_figures(tool: Tool) {
    let dir = tempfile::tempdir().unwrap();
    let plain = tool.plain(&tool.long_run());

    let term = dir.path().join("term.json");
    let out = interrupt(tool, &term, "-TERM");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    let line = stderr.trim_end();
    let name = term.display().to_string();
    assert!(!line.contains('\n'), "{stderr}");
    assert!(line.starts_with("interrupted: ") && line.ends_with(&format!("resume with --resume {name}")), "{line}");
    assert!(out.stdout.is_empty());
    // Exactly what the line says, beside the subcommand: the file holds the
    // run's parameters.
    let subcommand = tool.long_run()[0];
    resume_and_compare(tool, &term, &[subcommand, "--resume", &name], &plain);

    // With every flag of the run again: they agree with the file.
    let kill = dir.path().join("kill.json");
    let out = interrupt(tool, &kill, "-KILL");
    assert_eq!(out.status.code(), None);
    let mut all = tool.long_run();
    all.extend(["--resume", path_arg(&kill)]);
    resume_and_compare(tool, &kill, &all, &plain);
}

#[test]
fn an_interrupted_kalah_count_resumes_to_the_uninterrupted_figures() {
    interrupted_runs_resume_to_the_uninterrupted_figures(Tool::Kalah);
}

#[test]
fn an_interrupted_alphabeta_run_resumes_to_the_uninterrupted_figures() {
    interrupted_runs_resume_to_the_uninterrupted_figures(Tool::Alphabeta);
}

fn shard(tool: Tool, dir: &Path, k: u32, n: u32) -> PathBuf {
    let path = dir.join(format!("{}-{k}-of-{n}.json", tool.binary().rsplit('/').next().unwrap()));
    let spec = format!("{k}/{n}");
    let mut args = tool.small_run();
    args.extend(["--shard", &spec, "--checkpoint", path_arg(&path)]);
    let summary = json_of(&tool.run(&args));
    assert_eq!(summary["shard"], spec);
    assert_eq!(summary["complete"], true);
    path
}

fn merge(files: &[PathBuf]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_plybench"))
        .arg("merge")
        .args(files)
        .args(["--format", "json"])
        .output()
        .expect("plybench runs")
}

fn shards_merge_into_the_single_run(tool: Tool) -> Value {
    let dir = tempfile::tempdir().unwrap();
    let single = tool.plain(&tool.small_run());
    let files: Vec<PathBuf> = (1..=3).map(|k| shard(tool, dir.path(), k, 3)).collect();
    let merged = json_of(&merge(&files));
    assert_eq!(figures(&same_fields(&merged, &single)), figures(&single));
    assert_eq!(merged["balance"].as_array().unwrap().len(), 3);
    let missing = merge(&files[..2]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("units are missing"));
    merged
}

#[test]
fn kalah_shards_merge_into_the_single_count() {
    let merged = shards_merge_into_the_single_run(Tool::Kalah);
    assert_eq!(merged["move_sequences"], 149_117); // Bell (1972), board test, 10 pits
    assert_eq!(merged["terminal_positions"], Value::Null);
}

#[test]
fn alphabeta_shards_merge_into_the_single_run() {
    let merged = shards_merge_into_the_single_run(Tool::Alphabeta);
    assert_eq!(merged["trees"], 3000);
}

fn refused(out: &Output, what: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains(what), "expected {what:?} in {stderr}");
}

#[test]
fn what_cannot_be_split_is_refused_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("k.json");
    let kalah = |more: &[&str]| {
        let mut args = vec!["count", "--pits", "6"];
        args.extend(more);
        Tool::Kalah.run(&args)
    };
    refused(&kalah(&["--terminals", "always", "--checkpoint", path_arg(&file)]), "--terminals");
    assert!(!file.exists());
    refused(&kalah(&["--shard", "3/2", "--checkpoint", path_arg(&file)]), "--shard");
    refused(&Tool::Kalah.run(&["count", "--pits", "30", "--split-counters", "90"]), "units");
    refused(&kalah(&["--trace", "--checkpoint", path_arg(&file)]), "--trace");
    let ab = |more: &[&str]| {
        let mut args = vec!["random", "-b", "3", "-d", "3", "--trees", "100"];
        args.extend(more);
        Tool::Alphabeta.run(&args)
    };
    refused(&ab(&["--batch-trees", "0", "--checkpoint", path_arg(&file)]), "--batch-trees");

    // A Kalah checkpoint cannot be resumed as another position.
    json_of(&kalah(&["--checkpoint", path_arg(&file)]));
    refused(&Tool::Kalah.run(&["count", "--pits", "7", "--resume", path_arg(&file)]), "invalid --pits");
}
