//! Long runs in pieces, end to end: `perft --checkpoint` killed part-way
//! (SIGTERM and SIGKILL) and resumed (by the command the interrupted run
//! prints, and with every flag again), `perft --shard K/N` merged by
//! `plybench merge`, each compared with an uninterrupted run; and every
//! file that does not belong refused with status 2 and one line.

use crate::common;

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// A run of several seconds in either profile (the checkpoint is written
/// every 2 s): Kiwipete perft(5) (193 million leaves) on all four
/// representations, about 7 s in release (perft(4) in debug), split into
/// its 2039 two-ply prefixes.
fn long_run() -> Vec<&'static str> {
    let depth = if cfg!(debug_assertions) { "4" } else { "5" };
    vec!["--depth", depth, "--fen", KIWIPETE, "--repr", "all", "--split-depth", "2", "--threads", "1"]
}

fn perft(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_perft")).args(args).output().expect("perft runs")
}

fn merge(files: &[&Path]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_plybench"))
        .arg("merge")
        .args(files)
        .args(["--format", "json"])
        .output()
        .expect("plybench runs")
}

fn json_of(out: &Output) -> Value {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    common::stdout_json(&out.stdout)
}

fn with(args: &[&str], more: &[&str]) -> Vec<String> {
    args.iter().chain(more).map(|s| (*s).to_owned()).collect()
}

/// The leaf count of each representation: what must not change.
fn counts(v: &Value) -> Vec<(String, u64)> {
    v["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|r| (r["repr"].as_str().unwrap().to_owned(), r["nodes"].as_u64().unwrap()))
        .collect()
}

fn units_in(path: &Path) -> Option<Value> {
    let file: Value = serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()?;
    (!file["units"].as_array()?.is_empty()).then_some(file)
}

/// Starts the long run with `--checkpoint path`, waits until the file has
/// some units, and stops it with `signal`; returns its output.
fn interrupt(path: &Path, signal: &str) -> Output {
    let args = with(&long_run(), &["--checkpoint", path.to_str().unwrap(), "--format", "json"]);
    let child = Command::new(env!("CARGO_BIN_EXE_perft"))
        .args(&args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("perft starts");
    let start = Instant::now();
    while units_in(path).is_none() {
        assert!(start.elapsed() < Duration::from_secs(120), "no unit recorded in 120 s");
        std::thread::sleep(Duration::from_millis(50));
    }
    let status = Command::new("kill").args([signal, &child.id().to_string()]).status().expect("kill runs");
    assert!(status.success());
    child.wait_with_output().expect("perft ends")
}

/// Resumes the run saved at `path` with `args` (which name the file) and
/// checks that it ends with the `uninterrupted` counts.
fn resume_and_compare(path: &Path, args: &[&str], uninterrupted: &[(String, u64)]) {
    let saved: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(saved["complete"], false, "the run ended before it was interrupted: make it longer");
    let saved_units = saved["units"].as_array().unwrap().len();
    assert!(saved_units > 0 && saved_units < saved["units_total"].as_u64().unwrap() as usize);
    let resumed = perft(&with(args, &["--format", "json"]).iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(counts(&json_of(&resumed)), uninterrupted);
    let done: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(done["complete"], true);
}

#[test]
fn an_interrupted_run_resumes_to_the_uninterrupted_counts() {
    let dir = tempfile::tempdir().unwrap();
    let plain = counts(&json_of(&perft(
        &with(&long_run(), &["--format", "json"]).iter().map(String::as_str).collect::<Vec<_>>(),
    )));
    assert!(plain.iter().all(|(_, n)| *n == if cfg!(debug_assertions) { 4_085_603 } else { 193_690_690 }));

    // SIGTERM: the checkpoint is saved, one line says how to resume, status 130.
    let term = dir.path().join("term.json");
    let out = interrupt(&term, "-TERM");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    let line = stderr.trim_end();
    assert!(!line.contains('\n'), "{stderr}");
    let name = term.display().to_string();
    assert!(
        line.starts_with("interrupted: ")
            && line.ends_with(&format!("units saved to {name}; resume with --resume {name}")),
        "{line}"
    );
    assert!(out.stdout.is_empty());
    // Exactly what the line says: the file alone holds the run's parameters.
    let told = line.rsplit_once("resume with ").unwrap().1;
    assert_eq!(told, format!("--resume {name}"));
    resume_and_compare(&term, &["--resume", &name], &plain);

    // SIGKILL: no chance to save; the last atomic write is what resumes,
    // here with every flag of the run again (they agree with the file).
    let kill = dir.path().join("kill.json");
    let out = interrupt(&kill, "-KILL");
    assert_eq!(out.status.code(), None);
    let all = with(&long_run(), &["--resume", kill.to_str().unwrap()]);
    resume_and_compare(&kill, &all.iter().map(String::as_str).collect::<Vec<_>>(), &plain);
}

/// Kiwipete perft(3) split after two plies: 2039 units.
const SMALL: [&str; 8] = ["--depth", "3", "--fen", KIWIPETE, "--repr", "x88", "--split-depth", "2"];

fn shard(dir: &Path, k: u32, n: u32, run: &[&str]) -> std::path::PathBuf {
    let path = dir.join(format!("shard-{k}-of-{n}.json"));
    let spec = format!("{k}/{n}");
    let out = perft(
        &with(run, &["--shard", &spec, "--checkpoint", path.to_str().unwrap(), "--format", "json"])
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
    );
    let summary = json_of(&out);
    assert_eq!(summary["shard"], spec);
    assert_eq!(summary["complete"], true);
    path
}

fn refused(out: &Output, what: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains(what), "expected {what:?} in {stderr}");
}

#[test]
fn shards_merge_into_the_single_run_and_strays_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let single =
        json_of(&perft(&with(&SMALL[..6], &["--format", "json"]).iter().map(String::as_str).collect::<Vec<_>>()));
    let files: Vec<_> = (1..=3).map(|k| shard(dir.path(), k, 3, &SMALL)).collect();
    let paths: Vec<&Path> = files.iter().map(|p| p.as_path()).collect();
    let merged = json_of(&merge(&paths));
    assert_eq!(counts(&merged), counts(&single));
    assert_eq!(counts(&merged), [("x88".to_owned(), 97_862)]);
    assert_eq!(merged["fen"], single["fen"]);
    assert_eq!(merged["results"][0]["verdict"], "match");
    let balance = merged["balance"].as_array().unwrap();
    assert_eq!(balance.iter().map(|r| r["units"].as_u64().unwrap()).collect::<Vec<_>>(), [680, 680, 679]);
    assert!(merged["spread"][0]["max_over_mean"].as_f64().unwrap() >= 1.0);

    // Missing, duplicated and foreign shards.
    refused(&merge(&paths[..2]), "679 of 2039 units are missing");
    refused(&merge(&[paths[0], paths[1], paths[2], paths[1]]), "recorded twice");
    let mut other_run = SMALL.to_vec();
    other_run[1] = "2";
    other_run[7] = "1";
    let foreign = dir.path().join("foreign");
    std::fs::create_dir(&foreign).unwrap();
    let stray = shard(&foreign, 3, 3, &other_run);
    refused(&merge(&[paths[0], paths[1], &stray]), "belongs to another run");

    // A tampered file fails its checksum; so does a truncated one.
    let text = std::fs::read_to_string(paths[2]).unwrap();
    let tampered = dir.path().join("tampered.json");
    let first_count = text.find("\"nodes\": [").unwrap() + "\"nodes\": [".len();
    let mut bytes = text.clone().into_bytes();
    let at = first_count + text[first_count..].find(|c: char| c.is_ascii_digit()).unwrap();
    bytes[at] = if bytes[at] == b'9' { b'1' } else { bytes[at] + 1 };
    std::fs::write(&tampered, bytes).unwrap();
    refused(&merge(&[paths[0], paths[1], &tampered]), "checksum mismatch");
    std::fs::write(&tampered, &text[..text.len() / 2]).unwrap();
    refused(&merge(&[paths[0], paths[1], &tampered]), "not JSON");

    // Resuming a shard with other parameters is refused too, naming the
    // first flag that contradicts the file.
    let out = perft(
        &with(&other_run, &["--shard", "3/3", "--resume", paths[2].to_str().unwrap()])
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
    );
    refused(&out, &format!("invalid --depth: {} records 3, not 2", paths[2].display()));
    let out = perft(
        &with(&SMALL, &["--shard", "2/3", "--resume", paths[2].to_str().unwrap()])
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
    );
    refused(&out, "records shard 3/3, not shard 2/3");
}

#[test]
fn bad_batch_options_exit_2_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let existing = dir.path().join("exists.json");
    std::fs::write(&existing, "{}").unwrap();
    let e = existing.to_str().unwrap();
    for (args, what) in [
        (vec!["--depth", "3", "--shard", "0/3", "--checkpoint", "x.json"], "--shard"),
        (vec!["--depth", "3", "--split-depth", "3"], "--split-depth"),
        (vec!["--depth", "3", "--checkpoint", e], "exists; continue it with --resume"),
        (vec!["--depth", "3", "--resume", e], "not a plybench batch file"),
        (vec!["--depth", "3", "--checkpoint", e, "--resume", e], "cannot be used with"),
        (vec!["--depth", "3", "--checkpoint", "y.json", "--divide"], "cannot be used with"),
    ] {
        refused(&perft(&args), what);
    }
    let out = Command::new(env!("CARGO_BIN_EXE_plybench")).args(["merge", "--as-shards", "9-2", e]).output().unwrap();
    refused(&out, "--as-shards");
    let out = Command::new(env!("CARGO_BIN_EXE_plybench")).args(["merge", "nowhere.json"]).output().unwrap();
    refused(&out, "cannot read nowhere.json");
}
