//! Every binary's `--format json`: one object, `schema_version` first,
//! the same layout whichever binary prints it.

use crate::common;

use std::process::Command;

use serde_json::Value;

/// Runs `binary ARGS --format json`, checks that it succeeded, and returns
/// the document as printed (and checked by [`common::stdout_json`]).
fn document(binary: &str, args: &[&str]) -> Value {
    let out = Command::new(binary).args(args).args(["--format", "json"]).output().expect("the binary runs");
    assert!(out.status.success(), "{binary} {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    common::stdout_json(&out.stdout);
    serde_json::from_slice(&out.stdout).expect("JSON")
}

fn keys(value: &Value) -> Vec<&str> {
    let mut keys: Vec<&str> = value.as_object().expect("an object").keys().map(String::as_str).collect();
    keys.sort_unstable();
    keys
}

#[test]
fn one_table_of_rows_is_its_id_title_and_rows() {
    for (binary, args, id) in [
        (env!("CARGO_BIN_EXE_kalah"), &["table", "--max-pits", "2"][..], "kalah_table"),
        (env!("CARGO_BIN_EXE_goban"), &["legal", "--size", "2"][..], "go_legal"),
        (
            env!("CARGO_BIN_EXE_alphabeta"),
            &["newborn", "--trees", "20", "--perfect-trees", "1"][..],
            "alphabeta_newborn",
        ),
    ] {
        let doc = document(binary, args);
        assert_eq!(keys(&doc), ["id", "rows", "schema_version", "title"], "{binary}");
        assert_eq!((doc["schema_version"].as_u64(), doc["id"].as_str()), (Some(common::SCHEMA_VERSION), Some(id)));
        assert!(!doc["rows"].as_array().expect("rows").is_empty());
    }
}

#[test]
fn a_record_carries_its_fields_beside_the_id() {
    let doc = document(env!("CARGO_BIN_EXE_alphabeta"), &["exact", "-b", "2", "-d", "2", "--trees", "10"]);
    assert_eq!(doc["id"], "alphabeta_exact");
    assert_eq!((doc["branching"].as_u64(), doc["depth"].as_u64()), (Some(2), Some(2)));
}

#[test]
fn a_result_object_gets_the_version_too() {
    let perft = document(env!("CARGO_BIN_EXE_perft"), &["--depth", "2"]);
    assert_eq!(perft["schema_version"], 1);
    assert_eq!(perft["results"][0]["nodes"], 400);
    let checkers = document(env!("CARGO_BIN_EXE_checkers"), &["perft", "--depth", "2"]);
    assert_eq!(checkers["schema_version"], 1);
    let rules = document(env!("CARGO_BIN_EXE_rules"), &["perft", "--game", "tictactoe", "--depth", "1", "--divide"]);
    assert_eq!(rules["schema_version"], 1);
}
