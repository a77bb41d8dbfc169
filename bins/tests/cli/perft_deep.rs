//! `perft --hash` and `perft deep`: counts unchanged by the table, the
//! report files and their JSON contract, and bad input exiting 2.

use crate::common::{self, perft, perft_json as json};

use serde_json::Value;

const STANDARD: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../datasets/perft/standard.epd");
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

#[test]
fn the_table_does_not_change_the_counts() {
    for hash in ["0", "1", "16"] {
        for threads in ["1", "2"] {
            let v = json(&["--fen", KIWIPETE, "--depth", "3", "--hash", hash, "--threads", threads]);
            for r in v["results"].as_array().unwrap() {
                assert_eq!(r["nodes"], 97_862, "--hash {hash} --threads {threads}: {r}");
                assert_eq!(r["verdict"], "match");
            }
        }
    }
}

#[test]
fn suites_take_a_table() {
    let out = perft(&["suite", STANDARD, "--max-depth", "3", "--hash", "1", "--format", "json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: Value = common::stdout_json(&out.stdout);
    let rows = v.as_array().unwrap();
    assert!(rows.len() >= 7 * 3 * 4, "{} rows", rows.len());
    assert!(rows.iter().all(|r| r["verdict"] == "match"));
}

#[test]
fn deep_writes_its_report_and_keeps_the_contract() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().join("out");
    let out_str = out_dir.to_str().unwrap();
    let v = json(&["deep", "--shallower", "4", "--hash", "1", "--threads", "2", "--out", out_str]);
    let mut file: Value =
        serde_json::from_str(&std::fs::read_to_string(out_dir.join("perft-deep.json")).unwrap()).unwrap();
    // The file adds the report schema: its version, its id and the kind of each field of `counts`.
    let map = file.as_object_mut().unwrap();
    assert_eq!(map.remove("schema_version").and_then(|v| v.as_u64()), Some(1));
    assert_eq!(map.remove("id").unwrap(), "perft_deep");
    let columns = map.remove("columns").unwrap();
    let kinds: Vec<(&str, &str)> =
        columns.as_array().unwrap().iter().map(|c| (c["key"].as_str().unwrap(), c["kind"].as_str().unwrap())).collect();
    let count_fields: Vec<&String> = v["counts"][0].as_object().unwrap().keys().collect();
    assert_eq!(kinds.len(), count_fields.len(), "{kinds:?}");
    assert!(count_fields.iter().all(|f| kinds.iter().any(|(k, _)| k == f)), "{kinds:?}");
    for (key, kind) in
        [("name", "key"), ("nodes", "exact"), ("nps", "speed"), ("verdict", "verdict"), ("seconds", "info")]
    {
        assert!(kinds.contains(&(key, kind)), "{key}: {kinds:?}");
    }
    assert_eq!(v, file, "stdout and the file agree");
    let md = std::fs::read_to_string(out_dir.join("perft-deep.md")).unwrap();
    assert!(md.contains("| cpu |") && md.contains("startpos-8"), "{md}");
    for key in ["repr", "threads", "hash_mb", "shallower", "command", "machine", "load_before", "load_after", "counts"]
    {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    for key in ["cpu", "cores", "rustc", "os"] {
        assert!(v["machine"].get(key).is_some(), "missing machine.{key}");
    }
    assert_eq!(v["repr"], "bitboard");
    assert_eq!((v["threads"].as_u64(), v["hash_mb"].as_u64(), v["shallower"].as_u64()), (Some(2), Some(1), Some(4)));
    assert!(v["command"].as_str().unwrap().contains("--shallower 4"));
    let counts = v["counts"].as_array().unwrap();
    let got: Vec<(&str, u64, u64)> = counts
        .iter()
        .map(|c| (c["name"].as_str().unwrap(), c["depth"].as_u64().unwrap(), c["nodes"].as_u64().unwrap()))
        .collect();
    assert_eq!(got, [("startpos-7", 3, 8_902), ("startpos-8", 4, 197_281), ("kiwipete-6", 2, 2_039)]);
    for c in counts {
        for key in ["fen", "seconds", "nps", "goal_seconds", "within_goal", "published", "source", "verdict"] {
            assert!(c.get(key).is_some(), "missing {key} in {c}");
        }
        assert_eq!(c["verdict"], "match");
        assert_eq!(c["published"], c["nodes"]);
        assert!(c["within_goal"].is_null(), "goals apply at full depth only");
    }
    assert_eq!(v["all_match"], true);
}

#[test]
fn bad_input_gets_one_line_and_exit_2() {
    let cases: &[(&[&str], &str)] = &[
        (&["--hash", "-1"], "--hash"),
        (&["--hash", "lots"], "lots"),
        (&["--hash", "99999999999"], "--hash"),
        (&["--hash", "1048576", "--depth", "1"], "--hash"),
        (&["suite", STANDARD, "--hash", "-5"], "--hash"),
        (&["deep", "--hash", "-1"], "--hash"),
        (&["deep", "--threads", "0"], "--threads"),
        (&["deep", "--shallower", "6"], "--shallower"),
        (&["deep", "--shallower", "x"], "x"),
        (&["deep", "--repr", "all", "--shallower", "5"], "--repr"),
    ];
    for (args, needle) in cases {
        let out = perft(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}
