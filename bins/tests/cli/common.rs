//! Reading what a binary prints with `--format json`, shared by the
//! integration tests (`bins/tests/cli/`, one test crate).

use std::process::{Command, Output};

use serde_json::Value;

/// Runs the `levy` binary with `args`.
#[allow(dead_code)]
pub fn levy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_levy")).args(args).output().expect("levy runs")
}

/// Runs `levy` with `args` and `--format json`, requires success, and
/// reads the document as [`stdout_json`] does.
#[allow(dead_code)]
pub fn levy_json(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    let out = levy(&all);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    stdout_json(&out.stdout)
}

/// Runs the `perft` binary with `args`.
#[allow(dead_code)] // not every test file runs perft
pub fn perft(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_perft")).args(args).output().expect("perft runs")
}

/// Runs `perft` with `args` and `--format json`, requires exit 0, and reads
/// the document as [`stdout_json`] does.
#[allow(dead_code)]
pub fn perft_json(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    let out = perft(&all);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    stdout_json(&out.stdout)
}

/// The layout version every document printed on stdout starts with.
pub const SCHEMA_VERSION: u64 = 1;

/// Parses `stdout` as one JSON document, checks that `schema_version` comes
/// first and is [`SCHEMA_VERSION`], and returns what the document carries:
/// the rows of a single table of rows; otherwise the object without
/// `schema_version`, `id` and `title`.
///
/// # Panics
///
/// If stdout is not such a document: that is the test failing.
#[allow(dead_code)] // not every test file reads JSON
pub fn stdout_json(stdout: &[u8]) -> Value {
    let text = std::str::from_utf8(stdout).expect("stdout is UTF-8");
    assert!(
        text.starts_with("{\n  \"schema_version\": "),
        "the document does not start with schema_version: {}",
        &text[..text.len().min(200)]
    );
    let mut value: Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {text}"));
    let map = value.as_object_mut().expect("the document is an object");
    assert_eq!(map.remove("schema_version").and_then(|v| v.as_u64()), Some(SCHEMA_VERSION));
    let table = map.contains_key("id") && map.contains_key("title");
    if table {
        assert!(map["id"].is_string() && map["title"].is_string(), "id and title are strings");
        if map.len() == 3
            && let Some(rows) = map.get("rows").filter(|rows| rows.is_array())
        {
            return rows.clone();
        }
        map.remove("id");
        map.remove("title");
    }
    value
}
