//! The `kalah` binary: its JSON contract and its handling of bad input.

use crate::common;

use std::process::{Command, Output};

use serde_json::Value;

fn kalah(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kalah")).args(args).output().expect("kalah runs")
}

fn json(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    let out = kalah(&all);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    common::stdout_json(&out.stdout)
}

#[test]
fn count_contract() {
    let v = json(&["count", "--pits", "6"]);
    for key in [
        "pits",
        "position",
        "move_sequences",
        "terminal_positions",
        "max_stack_right_to_left",
        "max_stack_left_to_right",
        "seconds",
    ] {
        assert!(v.get(key).is_some(), "missing {key} in {v}");
    }
    assert_eq!(v["move_sequences"], 912);
    assert_eq!(v["terminal_positions"], 912);
    assert_eq!(v["position"], serde_json::json!([6, 5, 4, 3, 2, 1]));
    assert_eq!((v["max_stack_right_to_left"].as_u64(), v["max_stack_left_to_right"].as_u64()), (Some(6), Some(35)));
}

#[test]
fn count_by_position_and_method() {
    for method in ["stack", "memo"] {
        let v = json(&["count", "--position", "3,2,1", "--method", method]);
        assert_eq!(v["move_sequences"], 11);
        assert_eq!(v["method"], method);
    }
}

#[test]
fn trace_in_json_holds_both_tables() {
    let v = json(&["count", "--position", "3,2,1", "--trace"]);
    let trace = v["kalah_trace"].as_array().expect("trace rows");
    assert_eq!(trace[0]["scan"], "ccc");
    assert_eq!(trace[0]["stack"], "320 302 032");
    assert_eq!(v["kalah_count"]["move_sequences"], 11);
}

#[test]
fn table_contract() {
    let v = json(&["table", "--max-pits", "11", "--terminal-max-pits", "10"]);
    let rows = v.as_array().unwrap();
    assert_eq!(rows.len(), 11);
    for key in [
        "pits",
        "move_sequences",
        "terminal_positions",
        "published",
        "verdict",
        "max_stack_right_to_left",
        "max_stack_left_to_right",
        "method",
        "seconds",
    ] {
        assert!(rows[0].get(key).is_some(), "missing {key}");
    }
    assert!(rows[..10].iter().all(|r| r["verdict"] == "match" && r["published"] == r["move_sequences"]));
    assert_eq!(rows[10]["published"], Value::Null);
    assert_eq!(rows[10]["verdict"], "no published value");
    assert_eq!(rows[10]["terminal_positions"], Value::Null, "not computed past --terminal-max-pits");
}

#[test]
fn sweep_contract() {
    let v = json(&["sweep", "--pits", "50"]);
    for key in ["counters", "pits", "pattern", "moves", "cleared", "min_counters_needing_pits"] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    assert_eq!(v["moves"], 839);
    assert_eq!(v["cleared"], true);
    assert_eq!(v["pattern"][0], 50);
    let v = json(&["sweep", "--counters", "5", "--moves"]);
    assert_eq!(v["pattern"], serde_json::json!([3, 1, 1]));
    assert_eq!(v["move_list"], serde_json::json!([1, 3, 1, 2, 1]));
}

#[test]
fn reproduce_matches_every_published_figure() {
    let v = json(&["reproduce"]);
    let rows = v.as_array().unwrap();
    // Bell's worked examples add a reconstruction (no published value) and
    // two lines of a stack trace the scan damaged (known discrepancies).
    for row in rows {
        let verdict = row["verdict"].as_str().unwrap();
        assert!(["match", "known discrepancy", "no published value"].contains(&verdict), "{row}");
    }
    assert!(rows.iter().filter(|r| r["verdict"] == "match").count() >= 17 + 24, "{v}");
    assert_eq!(rows.iter().filter(|r| r["verdict"] == "known discrepancy").count(), 2, "{v}");
}

#[test]
fn every_format_renders() {
    for format in ["table", "json", "csv", "markdown"] {
        let out = kalah(&["table", "--max-pits", "4", "--format", format]);
        assert!(out.status.success(), "{format}");
        assert!(String::from_utf8_lossy(&out.stdout).contains("56"), "{format}");
    }
    let csv = String::from_utf8(kalah(&["table", "--max-pits", "2", "--format", "csv"]).stdout).unwrap();
    assert!(csv.starts_with("pits,move_sequences,terminal_positions,published,source,verdict,"));
}

#[test]
fn bad_input_gets_one_line_and_status_2() {
    let cases: &[&[&str]] = &[
        &["count", "--position", ""],
        &["count", "--position", "3,-2,1"],
        &["count", "--position", "-3"],
        &["count", "--position", "3,x,1"],
        &["count", "--position", "3,,1"],
        &["count", "--pits", "0"],
        &["count", "--pits", "-1"],
        &["count", "--pits", "banana"],
        &["count", "--pits", "99999999999999999999999"],
        &["count", "--pits", "1000"],
        &["count", "--position", "99999999999"],
        &["count", "--pits", "3", "--position", "3,2,1"],
        &["count"],
        &["count", "--pits", "3", "--frobnicate"],
        &["count", "--position", "3,2,1", "--opponent", "1,2"],
        &["count", "--pits", "14", "--trace"],
        &["table", "--max-pits", "0"],
        &["table", "--max-pits", "500"],
        &["sweep", "--pits", "0"],
        &["sweep", "--counters", "0"],
        &["sweep", "--pits", "5", "--counters", "3"],
        &["sweep", "--pits", "100000"],
        &["--format", "yaml", "table"],
        &["explode"],
        &["count", "--pits", "3", "--max-memory", "0"],
        &["count", "--pits", "3", "--max-memory", "lots"],
        &["count", "--pits", "14", "--method", "memo", "--max-memory", "0.0001"],
        &["table", "--max-pits", "14", "--method", "memo", "--max-memory", "0.0001"],
        &["table", "--max-pits", "41"],
        &["count", "--pits", "30", "--method", "dp", "--max-memory", "0.0001"],
        &["count", "--pits", "60", "--method", "dp"],
        &["count", "--pits", "14", "--method", "dp", "--terminals", "always"],
        &["count", "--pits", "14", "--method", "dp", "--checkpoint", "never-written.json"],
        &["count", "--pits", "14", "--method", "memo", "--lap-stats"],
    ];
    for args in cases {
        let out = kalah(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?} wrote to stdout");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(stderr.contains("error"), "{args:?}: {stderr}");
    }
}

#[test]
fn bad_input_messages_name_the_problem() {
    let err = |args: &[&str]| String::from_utf8_lossy(&kalah(args).stderr).into_owned();
    assert!(err(&["count", "--position", "3,-2,1"]).contains("negative"));
    assert!(err(&["count", "--pits", "0"]).contains("at least 1"));
    assert!(err(&["count", "--position", "3,x,1"]).contains("not a whole number"));
    assert_eq!(err(&["count", "--position", "3,x,1"]).lines().count(), 1);
}

#[test]
fn a_count_past_its_memory_limit_is_refused_up_front_naming_the_flag() {
    // 14 pits by memoization holds about a million rows of pits, far past
    // 100 KiB: the run must stop with the flag's name as soon as a layer
    // could pass the limit, before it allocates that layer.
    let out = kalah(&["count", "--pits", "14", "--method", "memo", "--max-memory", "0.0001"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("--max-memory") && stderr.contains("memoization"), "{stderr}");
    // The same count with room to spare succeeds.
    let ok = json(&["count", "--pits", "8", "--method", "memo", "--max-memory", "1"]);
    assert!(ok.is_object() || ok.is_array(), "{ok}");
}

/// Runs `kalah args`, failing the test instead of hanging if the binary has
/// not answered within a minute (a refusal takes a fraction of a second).
fn kalah_within_a_minute(args: &[&str]) -> Output {
    use std::time::{Duration, Instant};
    let mut child = Command::new(env!("CARGO_BIN_EXE_kalah"))
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("kalah runs");
    let started = Instant::now();
    while child.try_wait().expect("kalah can be waited for").is_none() {
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("{args:?} was not refused: it ran for a minute");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("kalah's output")
}

fn refusal(args: &[&str]) -> String {
    let out = kalah_within_a_minute(args);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(out.stdout.is_empty(), "{args:?} wrote to stdout");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    stderr
}

#[test]
fn a_stack_count_that_cannot_finish_is_refused_with_its_estimate() {
    // About 7 × 10^15 sequences, years of work; memoization cannot hold the
    // position either, so the flag to change is --pits.
    let stderr = refusal(&["count", "--pits", "30", "--method", "stack"]);
    assert!(stderr.starts_with("kalah: error: invalid --pits: the explicit stack would play out about"), "{stderr}");
    assert!(stderr.contains("years") && stderr.contains("count a smaller position"), "{stderr}");
    // The same for a position given pit by pit names --position.
    let position: Vec<String> = (1..=30).rev().map(|i| i.to_string()).collect();
    let stderr = refusal(&["count", "--position", &position.join(","), "--method", "stack"]);
    assert!(stderr.contains("invalid --position"), "{stderr}");
}

#[test]
fn a_count_past_any_memory_is_refused_before_it_starts() {
    // --pits 200 by the default method (memoization) needs astronomically
    // many rows: refused at once, whatever --max-memory says.
    for args in [&["count", "--pits", "200"][..], &["count", "--pits", "200", "--max-memory", "1024"]] {
        let stderr = refusal(args);
        assert!(stderr.contains("invalid --pits") && stderr.contains("more than any memory limit"), "{stderr}");
    }
}

#[test]
fn a_count_past_twice_its_memory_limit_is_refused_before_it_starts_offering_the_stack() {
    // 20 pits by memoization: about 700 million rows, some 60 GiB.
    let stderr = refusal(&["count", "--pits", "20", "--method", "memo"]);
    assert!(stderr.contains("invalid --max-memory") && stderr.contains("rows of pits"), "{stderr}");
    assert!(stderr.contains("count by the explicit stack (about"), "{stderr}");
}

#[test]
fn the_dynamic_program_is_auto_past_small_positions_and_names_its_flags() {
    // 20 pits: memoization would need some 60 GiB; the dynamic program
    // takes a fraction of a second.
    let v = json(&["count", "--pits", "20"]);
    assert_eq!((v["move_sequences"].as_u64(), v["method"].as_str()), (Some(31_101_221_721), Some("dp")));
    assert!(v["max_stack_right_to_left"].is_null() && v["terminal_positions"].is_null(), "{v}");
    let out = kalah(&["count", "--pits", "13", "--lap-stats", "--format", "json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("\"sequences_with_laps\"") && text.contains("\"max_laps\""), "{text}");
    let stderr = refusal(&["count", "--pits", "30", "--method", "dp", "--max-memory", "0.0001"]);
    assert!(stderr.contains("invalid --max-memory") && stderr.contains("dynamic program"), "{stderr}");
    let stderr = refusal(&["count", "--pits", "60", "--method", "dp"]);
    assert!(stderr.contains("invalid --pits") && stderr.contains("dynamic program"), "{stderr}");
    let stderr = refusal(&["count", "--pits", "14", "--method", "dp", "--terminals", "always"]);
    assert!(stderr.contains("invalid --terminals"), "{stderr}");
    let stderr = refusal(&["count", "--pits", "14", "--method", "dp", "--shard", "1/2"]);
    assert!(stderr.contains("invalid --method"), "{stderr}");
    let stderr = refusal(&["count", "--pits", "14", "--method", "stack", "--lap-stats"]);
    assert!(stderr.contains("invalid --lap-stats"), "{stderr}");
}

#[test]
fn a_count_near_its_memory_limit_starts_and_stops_at_the_layer_that_would_pass_it() {
    // 13 pits by memoization: estimated at about 23 MiB, within twice a
    // 15 MiB limit, so it starts; its own check then stops it.
    let stderr = refusal(&["count", "--pits", "13", "--method", "memo", "--max-memory", "0.015"]);
    assert!(stderr.contains("invalid --max-memory") && stderr.contains("could hold"), "{stderr}");
}

#[test]
fn an_estimate_is_not_printed_when_stderr_is_not_a_terminal() {
    let out = kalah(&["count", "--pits", "12", "--method", "memo", "--format", "json"]);
    assert!(out.status.success());
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
}

/// Every table of a JSON output: the output itself, or the tables it
/// holds by their ids.
fn tables(value: &Value) -> Vec<&Value> {
    let mut all = vec![value];
    if let Value::Object(fields) = value {
        all.extend(fields.values().filter(|field| field.is_object()));
    }
    all
}

#[test]
fn a_dp_count_spilled_to_disk_equals_the_count_in_memory() {
    let dir = tempfile::tempdir().unwrap();
    let spill = dir.path().to_str().unwrap();
    let field = |value: &Value, key: &str| tables(value).into_iter().find_map(|table| table.get(key).cloned());
    let memory = json(&["count", "--pits", "34", "--method", "dp", "--lap-stats"]);
    // 1 MiB holds a few tables of 34 pits, not the largest (46,790 states, 2.3 MB).
    let disk = json(&["count", "--pits", "34", "--lap-stats", "--max-memory", "0.001", "--spill-dir", spill]);
    assert_eq!(field(&disk, "move_sequences"), field(&memory, "move_sequences"));
    assert_eq!(field(&disk, "max_states"), field(&memory, "max_states"));
    assert_eq!(field(&memory, "spilled_steps"), Some(Value::from(0)));
    assert!(field(&disk, "spilled_steps").and_then(|steps| steps.as_u64()).is_some_and(|steps| steps > 0), "{disk}");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "the runs are removed");

    // Past the disk budget: one line naming --max-disk, and no run left.
    let out = kalah(&["count", "--pits", "34", "--max-memory", "0.002", "--spill-dir", spill, "--max-disk", "0.0001"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("--max-disk") && stderr.lines().count() == 1, "{stderr}");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "the runs are removed");
}

#[test]
fn bad_spill_flags_are_refused_naming_the_flag() {
    let dir = tempfile::tempdir().unwrap();
    let spill = dir.path().to_str().unwrap();
    let missing = dir.path().join("missing");
    let missing = missing.to_str().unwrap();
    let cases: [(&[&str], &str); 5] = [
        (&["count", "--pits", "30", "--spill-dir", missing], "--spill-dir"),
        (&["count", "--pits", "30", "--spill-dir", spill, "--max-disk", "0"], "--max-disk"),
        (&["count", "--pits", "30", "--spill-dir", spill, "--max-disk", "1048576"], "--max-disk"),
        (&["count", "--pits", "30", "--max-disk", "5"], "--spill-dir"),
        (&["count", "--pits", "12", "--method", "memo", "--spill-dir", spill], "--spill-dir"),
    ];
    for (args, flag) in cases {
        let out = kalah(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(flag), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?} wrote to stdout");
    }
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "no probe is left behind");
}

#[test]
fn a_dp_count_saved_as_it_goes_resumes_after_a_kill() {
    use std::time::{Duration, Instant};
    let dir = tempfile::tempdir().unwrap();
    let runs = dir.path().join("runs");
    std::fs::create_dir(&runs).unwrap();
    let file = dir.path().join("count.json");
    let (runs_arg, file_arg) = (runs.to_str().unwrap(), file.to_str().unwrap());
    let sequences = |value: &Value| tables(value)[0]["move_sequences"].clone();
    let reference = sequences(&json(&["count", "--pits", "36", "--method", "dp"]));

    // Stopped by SIGKILL once its file names a table on disk (4 MiB holds
    // the small tables of 36 pits, not the largest).
    let mut child = Command::new(env!("CARGO_BIN_EXE_kalah"))
        .args(["count", "--pits", "36", "--threads", "1", "--max-memory", "0.004"])
        .args(["--spill-dir", runs_arg, "--checkpoint", file_arg])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    loop {
        let saved = std::fs::read_to_string(&file).ok().and_then(|text| serde_json::from_str::<Value>(&text).ok());
        if saved.is_some_and(|saved| !saved["checkpoint"]["current"].is_null()) {
            break;
        }
        assert!(child.try_wait().unwrap().is_none(), "the count ended before it saved a table on disk");
        assert!(started.elapsed() < Duration::from_secs(120), "no table on disk saved within two minutes");
        std::thread::sleep(Duration::from_millis(2));
    }
    child.kill().unwrap();
    child.wait().unwrap();

    let resumed = json(&["count", "--resume", file_arg]);
    assert_eq!(sequences(&resumed), reference);
    assert_eq!(std::fs::read_dir(&runs).unwrap().count(), 0, "every run is removed, strays included");
    // The finished file prints its count again.
    assert_eq!(sequences(&json(&["count", "--resume", file_arg])), reference);
    // Another position beside it, or another method, is refused.
    for args in [
        &["count", "--resume", file_arg, "--pits", "35"][..],
        &["count", "--resume", file_arg, "--method", "memo"],
        &["count", "--pits", "12", "--method", "memo", "--spill-dir", runs_arg, "--checkpoint", file_arg],
        &["count", "--pits", "30", "--spill-dir", runs_arg, "--shard", "1/2"],
        &["count", "--pits", "12", "--method", "memo", "--checkpoint", file_arg, "--max-disk", "1"],
    ] {
        let out = kalah(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    }
}
