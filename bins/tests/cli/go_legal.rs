//! `goban legal` and `goban games`: counts beside the published ones, JSON
//! contracts, and bad input refused with exit status 2.

use crate::common;

use std::process::{Command, Output};

use serde_json::Value;

fn go(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_goban")).args(args).output().expect("goban runs")
}

fn json(args: &[&str]) -> Vec<Value> {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    let out = go(&all);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    let v: Value = common::stdout_json(&out.stdout);
    v.as_array().expect("an array of rows").clone()
}

fn refused(args: &[&str], flag: &str) {
    let out = go(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert_eq!(stderr.trim().lines().count(), 1, "{args:?}: {stderr}");
    assert!(stderr.contains(flag), "{args:?} should name {flag}: {stderr}");
    assert!(out.stdout.is_empty());
}

#[test]
fn squares_match_oeis_a094777() {
    let rows = json(&["legal", "--size", "1-5", "--threads", "2"]);
    let counts: Vec<u64> = rows.iter().map(|r| r["computed"].as_u64().unwrap()).collect();
    assert_eq!(counts, [1, 57, 12675, 24318165, 414295148741]);
    for r in &rows {
        assert_eq!(r["verdict"], "match", "{r}");
        assert_eq!(r["source"], "OEIS A094777");
        for key in ["rows", "cols", "computed", "published", "source", "verdict", "states", "seconds"] {
            assert!(r.get(key).is_some(), "missing {key} in {r}");
        }
    }
}

#[test]
fn a_count_past_64_bits_stays_exact() {
    let rows = json(&["legal", "--size", "7"]);
    // serde_json reads a u128 past u64 as a float unless asked; compare the text.
    let out = go(&["legal", "--size", "7", "--format", "csv"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("rows,cols,computed,published,source,verdict,states,seconds"), "{text}");
    assert!(text.contains("7,7,83677847847984287628595,83677847847984287628595,OEIS A094777,match,"), "{text}");
    assert_eq!(rows[0]["verdict"], "match");
}

#[test]
fn rectangles_either_way_round() {
    let a = json(&["legal", "--rows", "2", "--cols", "5"]);
    let b = json(&["legal", "--rows", "5", "--cols", "2"]);
    assert_eq!(a[0]["computed"], 35117);
    assert_eq!(a[0]["verdict"], "match");
    assert_eq!(
        (b[0]["computed"].clone(), b[0]["verdict"].clone()),
        (a[0]["computed"].clone(), a[0]["verdict"].clone())
    );
    assert!(b[0]["source"].as_str().unwrap().contains("turned"));
    // An almost square board, from Tromp and Farnebäck's table.
    let almost = json(&["legal", "--rows", "4", "--cols", "3"]);
    assert_eq!((almost[0]["computed"].as_u64(), almost[0]["verdict"].as_str()), (Some(321_689), Some("match")));
    // Unpublished here: computed, with no verdict against anything.
    let c = json(&["legal", "--rows", "3", "--cols", "5"]);
    assert_eq!(c[0]["verdict"], "no published value");
    assert!(c[0]["published"].is_null());
}

#[test]
fn game_counts_match_tromp_and_farneback() {
    let rows = json(&["games", "--rows", "1", "--cols", "3", "--threads", "2"]);
    assert_eq!((rows[0]["games"].as_u64(), rows[0]["verdict"].as_str()), (Some(907), Some("match")));
    let rows = json(&["games", "--rows", "1", "--cols", "1"]);
    assert_eq!((rows[0]["games"].as_u64(), rows[0]["longest"].as_u64()), (Some(1), Some(2)));
}

#[test]
fn bad_input_is_refused_with_the_flag() {
    refused(&["legal", "--size", "0"], "--size");
    refused(&["legal", "--size", "20"], "--size");
    refused(&["legal", "--size", "19"], "--max-memory");
    refused(&["legal", "--size", "5-3"], "--size");
    refused(&["legal", "--size", "seven"], "--size");
    refused(&["legal", "--rows", "20", "--cols", "20"], "--rows/--cols");
    refused(&["legal", "--size", "3", "--modulus", "16"], "--modulus");
    refused(&["legal", "--size", "3-4", "--shard", "1/2"], "--size");
    refused(&["legal", "--size", "3", "--threads", "0"], "--threads");
    refused(&["legal", "--size", "9", "--max-memory", "0.001"], "--max-memory");
    refused(&["legal"], "--size");
    // Work units keep to their share of the limit.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("units.json");
    let file = file.to_str().unwrap();
    refused(&["legal", "--size", "9", "--checkpoint", file, "--max-memory", "0.001", "--threads", "2"], "--max-memory");
    refused(&["games", "--rows", "2", "--cols", "3"], "--rows/--cols");
    refused(&["games", "--rows", "1", "--cols", "2", "--threads", "0"], "--threads");
}

#[test]
fn shards_by_moduli_merge_into_the_exact_count() {
    let dir = tempfile::tempdir().unwrap();
    let file = |k: u32| dir.path().join(format!("s{k}.json"));
    for k in 1..=2 {
        let shard = format!("{k}/2");
        let path = file(k);
        let out = go(&["legal", "--size", "7", "--shard", &shard, "--checkpoint", path.to_str().unwrap()]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
    let out = Command::new(env!("CARGO_BIN_EXE_plybench"))
        .args(["merge", "--format", "csv"])
        .args([file(1), file(2)])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("7,7,83677847847984287628595,83677847847984287628595,OEIS A094777,match,"), "{text}");
    // One residue alone: the count modulo the second prime.
    let rows = json(&["legal", "--size", "7", "--modulus", "1"]);
    let p = rows[0]["modulus"].as_u64().unwrap();
    let expected = 83_677_847_847_984_287_628_595u128 % u128::from(p);
    assert_eq!(u128::from(rows[0]["residue"].as_u64().unwrap()), expected);
    assert_eq!(rows[0]["moduli_needed"], 2);
}

/// Runs `goban` with `args`, sends it SIGINT once `wait_for` exists, and
/// returns what it did.
fn interrupted_once(args: &[&str], wait_for: &std::path::Path, then: std::time::Duration) -> Output {
    use std::process::Stdio;
    use std::time::{Duration, Instant};
    let child = Command::new(env!("CARGO_BIN_EXE_goban"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("goban starts");
    let start = Instant::now();
    while !wait_for.exists() {
        assert!(start.elapsed() < Duration::from_secs(120), "no {} in 120 s", wait_for.display());
        std::thread::sleep(Duration::from_millis(5));
    }
    std::thread::sleep(then);
    let status = Command::new("kill").args(["-INT", &child.id().to_string()]).status().expect("kill runs");
    assert!(status.success());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130), "{}", String::from_utf8_lossy(&out.stderr));
    out
}

/// Runs `goban` with `args`, which save a count to the snapshot `file`
/// after every point, and interrupts it once the first snapshot is
/// there: it must stop saved, and say how to resume.
fn interrupt(args: &[&str], file: &str) {
    let all = [args, &["--snapshot", file, "--snapshot-minutes", "0", "--format", "json"]].concat();
    let out = interrupted_once(&all, std::path::Path::new(file), std::time::Duration::ZERO);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains(&format!("resume with --resume {file}")), "{stderr}");
    assert!(out.stdout.is_empty() && std::path::Path::new(file).exists());
}

#[test]
fn a_count_saved_as_it_goes_is_interrupted_and_resumed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("9x9.snapshot");
    let file = path.to_str().unwrap();
    interrupt(&["legal", "--size", "9"], file);
    // A new count may not write over it; a board other than its own is refused.
    refused(&["legal", "--size", "9", "--snapshot", file], "--snapshot");
    refused(&["legal", "--resume", file, "--size", "8"], "--size");
    let out = go(&["legal", "--resume", file, "--threads", "2", "--format", "csv"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let exact =
        "9,9,103919148791293834318983090438798793469,103919148791293834318983090438798793469,OEIS A094777,match,";
    assert!(text.contains(exact), "{text}");
    assert!(!path.exists(), "the snapshot of a complete count is removed");
}

#[test]
fn one_primes_job_saved_as_it_goes_is_interrupted_and_resumed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("9x9.p1.snapshot");
    let file = path.to_str().unwrap();
    interrupt(&["legal", "--size", "9", "--modulus", "1"], file);
    // The job's snapshot names its prime itself.
    refused(&["legal", "--resume", file, "--modulus", "1"], "--modulus");
    let rows = json(&["legal", "--resume", file, "--threads", "2"]);
    assert!(!path.exists(), "the snapshot of a complete job is removed");
    let p = rows[0]["modulus"].as_u64().unwrap();
    let expected = 103_919_148_791_293_834_318_983_090_438_798_793_469u128 % u128::from(p);
    assert_eq!((rows[0]["modulus_index"].as_u64(), rows[0]["rows"].as_u64()), (Some(1), Some(9)));
    assert_eq!(u128::from(rows[0]["residue"].as_u64().unwrap()), expected);
}

#[test]
fn a_run_in_units_goes_on_within_a_prime_after_an_interruption() {
    use plybench::engine::go::legal::snapshot::read_header;
    let dir = tempfile::tempdir().unwrap();
    let run = dir.path().join("run.json");
    let unit = dir.path().join("run.json.modulus-0.snapshot");
    let args = ["legal", "--size", "9", "--checkpoint", run.to_str().unwrap(), "--snapshot-minutes", "0"];
    let out = interrupted_once(&args, &unit, std::time::Duration::ZERO);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("0 of 3 units saved"), "{stderr}");
    let header = read_header(&unit).expect("the unit's last snapshot is whole");
    assert!(header.alone && header.modulus == Some(0) && header.residues.is_empty());
    assert!((1..81).contains(&header.point) && header.history.len() == header.point, "{header:?}");
    // A unit's snapshot damaged: the resumed run stops with one line that
    // names it, exit 2, and leaves it as it was.
    let whole = std::fs::read(&unit).unwrap();
    std::fs::write(&unit, &whole[..whole.len() - 1]).unwrap();
    let out = go(&["legal", "--resume", run.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains(unit.to_str().unwrap()) && stderr.trim().lines().count() == 1, "{stderr}");
    assert_eq!(std::fs::read(&unit).unwrap().len(), whole.len() - 1);
    std::fs::write(&unit, &whole).unwrap();
    let out = go(&["legal", "--resume", run.to_str().unwrap(), "--format", "csv"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let exact =
        "9,9,103919148791293834318983090438798793469,103919148791293834318983090438798793469,OEIS A094777,match,";
    assert!(text.contains(exact), "{text}");
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left, ["run.json"], "the units' snapshots are removed as they complete");
}

#[test]
fn units_told_not_to_save_leave_no_snapshot_when_interrupted() {
    // Units of 11x11 take many seconds each; they would save after their
    // first point (--snapshot-minutes 0) but for the flag.
    let dir = tempfile::tempdir().unwrap();
    let run = dir.path().join("run.json");
    let file = run.to_str().unwrap();
    let args = ["legal", "--size", "11", "--checkpoint", file, "--snapshot-minutes", "0", "--no-unit-snapshots"];
    interrupted_once(&args, &run, std::time::Duration::from_secs(2));
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left, ["run.json"]);
    refused(&["legal", "--size", "3", "--snapshot", file, "--no-unit-snapshots"], "--no-unit-snapshots");
}

#[test]
fn bad_snapshots_and_flags_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s");
    let file = path.to_str().unwrap();
    refused(&["legal", "--size", "3-4", "--snapshot", file], "--size");
    refused(&["legal", "--size", "3", "--snapshot", file, "--snapshot-minutes", "-1"], "--snapshot-minutes");
    refused(&["legal", "--size", "3", "--snapshot", file, "--modulus", "16"], "--modulus");
    assert!(!path.exists(), "a job refused leaves no snapshot");
    // A file that starts as a snapshot but is cut short.
    let mut bytes = plybench::engine::go::legal::snapshot::MAGIC.to_vec();
    bytes.extend([40, 0, 0, 0]);
    std::fs::write(&path, bytes).unwrap();
    refused(&["legal", "--resume", file], "--resume");
    assert!(path.exists(), "a bad snapshot is left as it was");
}

#[test]
fn layers_on_disk_count_the_same_and_leave_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("7x7.snapshot");
    let file = path.to_str().unwrap();
    let on_disk = json(&["legal", "--size", "7", "--snapshot", file, "--snapshot-minutes", "0", "--layers-on-disk"]);
    let in_memory = json(&["legal", "--size", "7"]);
    assert_eq!(on_disk[0]["computed"], in_memory[0]["computed"]);
    assert_eq!(on_disk[0]["verdict"], "match");
    // Neither the snapshot nor the layer file beside it is left.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    // The layers go beside a snapshot, or nowhere.
    refused(&["legal", "--size", "7", "--layers-on-disk"], "--layers-on-disk");
}
