//! `--resume FILE` alone, for `perft`, `kalah count` and `alphabeta
//! random`: a run continues with the parameters its file records and ends
//! with the figures of an uninterrupted run; a flag given beside it that
//! contradicts the file is refused with its name, one that agrees is
//! accepted. `--shard K/N` without `--checkpoint` writes to a default file
//! that it names, and `plybench merge` of the default files gives the whole
//! run. (Interrupted runs resumed by the line they print are tested in
//! `batch_cli.rs` and `units_cli.rs`.)

use crate::common;

use std::ffi::OsStr;
use std::path::Path;
use std::process::{Command, Output};

use plybench::batch::BatchFile;
use serde_json::Value;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// One tool's case: a small run in work units, flags that agree with it,
/// and flags that contradict it with the flag the refusal must name.
struct Case {
    tool: &'static str,
    binary: &'static str,
    /// The subcommand, if any.
    sub: &'static [&'static str],
    run: Vec<&'static str>,
    agree: Vec<Vec<&'static str>>,
    contradict: Vec<(Vec<&'static str>, &'static str)>,
}

fn perft() -> Case {
    Case {
        tool: "perft",
        binary: env!("CARGO_BIN_EXE_perft"),
        sub: &[],
        // Kiwipete perft(3) on the four representations, 48 units.
        run: vec!["--depth", "3", "--fen", KIWIPETE, "--repr", "all", "--split-depth", "1"],
        agree: vec![
            vec!["--depth", "3"],
            vec!["--fen", KIWIPETE],
            // The same position in its four-field form.
            vec!["--fen", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -"],
            vec!["--repr", "all", "--split-depth", "1"],
            vec!["--threads", "2", "--depth", "3", "--fen", KIWIPETE],
        ],
        contradict: vec![
            (vec!["--depth", "4"], "--depth"),
            (vec!["--fen", START], "--fen"),
            (vec!["--moves", "e2e4"], "--moves"),
            (vec!["--fen", KIWIPETE, "--moves", "e1g1"], "--fen and --moves"),
            (vec!["--repr", "x88"], "--repr"),
            (vec!["--split-depth", "2"], "--split-depth"),
            (vec!["--depth", "3", "--shard", "1/2"], "--shard"),
        ],
    }
}

fn kalah() -> Case {
    Case {
        tool: "kalah",
        binary: env!("CARGO_BIN_EXE_kalah"),
        sub: &["count"],
        // Bell's board test on 9 pits, 42,800 sequences, in 92 units.
        run: vec!["--pits", "9", "--split-counters", "3"],
        agree: vec![
            vec!["--pits", "9"],
            vec!["--position", "9,8,7,6,5,4,3,2,1", "--opponent", "0,0,0,0,0,0,0,0,0"],
            vec!["--method", "auto", "--split-counters", "3"],
            vec!["--method", "stack", "--terminals", "never", "--threads", "1"],
        ],
        contradict: vec![
            (vec!["--pits", "8"], "--pits"),
            (vec!["--position", "1,2,3"], "--position"),
            (vec!["--opponent", "1,0,0,0,0,0,0,0,0"], "--opponent"),
            (vec!["--captures"], "--captures"),
            (vec!["--method", "memo"], "--method"),
            (vec!["--split-counters", "2"], "--split-counters"),
            (vec!["--pits", "9", "--shard", "2/2"], "--shard"),
        ],
    }
}

fn alphabeta() -> Case {
    Case {
        tool: "alphabeta",
        binary: env!("CARGO_BIN_EXE_alphabeta"),
        sub: &["random"],
        // 600 trees 3^4 in the noisy order, in 12 batches.
        run: vec![
            "-b",
            "3",
            "-d",
            "4",
            "--trees",
            "600",
            "--batch-trees",
            "50",
            "--order",
            "noisy",
            "--correlation",
            "0.25",
            "--seed",
            "9",
        ],
        agree: vec![
            vec!["-b", "3", "--depth", "4"],
            vec!["--branching", "3", "-d", "4", "--trees", "600", "--seed", "9"],
            vec!["--order", "noisy", "--correlation", "0.250"],
            // Defaults given explicitly agree with the defaults recorded.
            vec!["--algorithm", "alphabeta", "--values", "continuous", "--levels", "10"],
            vec!["--window-centre", "0.5", "--window-half-width", "0.1", "--batch-trees", "50", "--threads", "1"],
        ],
        contradict: vec![
            (vec!["-b", "4"], "--branching"),
            (vec!["--depth", "5"], "--depth"),
            (vec!["--trees", "601"], "--trees"),
            (vec!["--seed", "1"], "--seed"),
            (vec!["--order", "random"], "--order"),
            (vec!["--correlation", "0.3"], "--correlation"),
            (vec!["--algorithm", "minimax"], "--algorithm"),
            (vec!["--values", "discrete"], "--values"),
            (vec!["--levels", "3"], "--levels"),
            (vec!["--window-centre", "0.4"], "--window-centre"),
            (vec!["--window-half-width", "0.2"], "--window-half-width"),
            (vec!["--batch-trees", "60"], "--batch-trees"),
            (vec!["--shard", "1/3"], "--shard"),
        ],
    }
}

impl Case {
    /// Runs the tool in `dir` with the subcommand, `args` and JSON output.
    fn run_in<S: AsRef<OsStr>>(&self, dir: &Path, args: &[S]) -> Output {
        Command::new(self.binary)
            .current_dir(dir)
            .args(self.sub)
            .args(args)
            .args(["--format", "json"])
            .output()
            .expect("the binary runs")
    }

    /// The small run with `more` flags.
    fn with(&self, more: &[&str]) -> Vec<String> {
        self.run.iter().chain(more).map(|s| (*s).to_owned()).collect()
    }
}

fn json_of(out: &Output) -> Value {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    common::stdout_json(&out.stdout)
}

/// The figures of a result: the JSON without the times taken.
fn figures(v: &Value) -> Value {
    match v {
        Value::Object(map) => Value::Object(
            map.iter()
                .filter(|(k, _)| !matches!(k.as_str(), "seconds" | "nps"))
                .map(|(k, v)| (k.clone(), figures(v)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(figures).collect()),
        other => other.clone(),
    }
}

fn refused(out: &Output, what: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains(what), "expected {what:?} in {stderr}");
}

fn path_arg(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 temporary path")
}

/// Writes to `to` the complete file `from` without every other unit: a
/// checkpoint as an interruption leaves it, half done.
fn half_done(from: &Path, to: &Path) {
    let mut file = BatchFile::load(from).expect("a batch file");
    let total = file.units.len();
    file.units = file.units.into_iter().step_by(2).collect();
    assert!(!file.units.is_empty() && file.units.len() < total);
    std::fs::write(to, file.to_text()).unwrap();
    assert!(!BatchFile::load(to).unwrap().complete);
}

fn resume_alone_and_check_the_flags(case: &Case) {
    let dir = tempfile::tempdir().unwrap();
    let full = dir.path().join("full.json");
    let uninterrupted = json_of(&case.run_in(dir.path(), &case.with(&["--checkpoint", path_arg(&full)])));

    // `--resume FILE` alone: the recorded run, finished.
    let part = dir.path().join("part.json");
    half_done(&full, &part);
    let resumed = json_of(&case.run_in(dir.path(), &["--resume", path_arg(&part)]));
    assert_eq!(figures(&resumed), figures(&uninterrupted), "{}", case.tool);
    let done = BatchFile::load(&part).unwrap();
    assert!(done.complete);
    assert_eq!(done.units.len(), BatchFile::load(&full).unwrap().units.len());

    // Flags that agree with the file are accepted.
    for flags in &case.agree {
        half_done(&full, &part);
        let mut args = vec!["--resume", path_arg(&part)];
        args.extend(flags);
        let resumed = json_of(&case.run_in(dir.path(), &args));
        assert_eq!(figures(&resumed), figures(&uninterrupted), "{} {flags:?}", case.tool);
    }

    // A flag that contradicts the file is refused by name; the file is left
    // as it was.
    half_done(&full, &part);
    let before = std::fs::read(&part).unwrap();
    for (flags, flag) in &case.contradict {
        let mut args = vec!["--resume", path_arg(&part)];
        args.extend(flags);
        let out = case.run_in(dir.path(), &args);
        refused(&out, &format!("invalid {flag}: {} records ", part.display()));
        refused(&out, &format!("drop {flag} to continue the recorded run"));
        assert_eq!(std::fs::read(&part).unwrap(), before, "{} {flags:?}", case.tool);
    }
}

#[test]
fn perft_resumes_from_its_file_alone() {
    resume_alone_and_check_the_flags(&perft());
}

#[test]
fn kalah_count_resumes_from_its_file_alone() {
    resume_alone_and_check_the_flags(&kalah());
}

#[test]
fn alphabeta_random_resumes_from_its_file_alone() {
    resume_alone_and_check_the_flags(&alphabeta());
}

fn merge_in(dir: &Path, files: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_plybench"))
        .current_dir(dir)
        .arg("merge")
        .args(files)
        .args(["--format", "json"])
        .output()
        .expect("plybench runs")
}

/// The fields `single` has, taken from `merged` (which adds the balance
/// tables).
fn same_fields(merged: &Value, single: &Value) -> Value {
    let keys = single.as_object().expect("a record").keys();
    Value::Object(keys.map(|k| (k.clone(), merged[k].clone())).collect())
}

fn default_shard_files_merge(case: &Case) {
    let dir = tempfile::tempdir().unwrap();
    let single = json_of(&case.run_in(dir.path(), &case.with(&["--checkpoint", "whole.json"])));
    let names: Vec<String> = (1..=2).map(|k| format!("{}-shard-{k}-of-2.json", case.tool)).collect();
    for (k, name) in names.iter().enumerate() {
        let spec = format!("{}/2", k + 1);
        let out = case.run_in(dir.path(), &case.with(&["--shard", spec.as_str()]));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(&format!("shard {spec} writes to {name}")), "{stderr}");
        let summary = json_of(&out);
        assert_eq!(summary["file"], name.as_str());
        assert_eq!(summary["complete"], true);
        assert!(dir.path().join(name).exists());
    }
    let merged = json_of(&merge_in(dir.path(), &[names[0].as_str(), names[1].as_str()]));
    assert_eq!(figures(&same_fields(&merged, &single)), figures(&single), "{}", case.tool);

    // A default file is never overwritten.
    let before = std::fs::read(dir.path().join(&names[0])).unwrap();
    let out = case.run_in(dir.path(), &case.with(&["--shard", "1/2"]));
    refused(&out, &format!("invalid --shard: {} exists", names[0]));
    refused(&out, &format!("continue it with --resume {}", names[0]));
    assert_eq!(std::fs::read(dir.path().join(&names[0])).unwrap(), before);

    // A shard file resumes alone too, as its shard; `--shard` that agrees
    // is accepted.
    let shard = dir.path().join(&names[1]);
    half_done(&shard, &dir.path().join("half.json"));
    std::fs::rename(dir.path().join("half.json"), &shard).unwrap();
    let summary = json_of(&case.run_in(dir.path(), &["--resume", names[1].as_str()]));
    assert_eq!((summary["shard"].as_str(), summary["complete"].as_bool()), (Some("2/2"), Some(true)));
    assert!(summary["units_computed"].as_u64().unwrap() > 0);
    let summary = json_of(&case.run_in(dir.path(), &["--resume", names[1].as_str(), "--shard", "2/2"]));
    assert_eq!(summary["units_computed"], 0);
    refused(&case.run_in(dir.path(), &["--resume", names[1].as_str(), "--shard", "1/2"]), "invalid --shard");
    let merged = json_of(&merge_in(dir.path(), &[names[0].as_str(), names[1].as_str()]));
    assert_eq!(figures(&same_fields(&merged, &single)), figures(&single), "{}", case.tool);
}

#[test]
fn perft_shards_without_checkpoint_write_default_files() {
    default_shard_files_merge(&perft());
}

#[test]
fn kalah_shards_without_checkpoint_write_default_files() {
    default_shard_files_merge(&kalah());
}

#[test]
fn alphabeta_shards_without_checkpoint_write_default_files() {
    default_shard_files_merge(&alphabeta());
}

#[test]
fn a_file_of_another_tool_or_none_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let perft = perft();
    json_of(&perft.run_in(dir.path(), &perft.with(&["--checkpoint", "p.json"])));
    let kalah = kalah();
    refused(
        &kalah.run_in(dir.path(), &["--resume", "p.json"]),
        "invalid --resume: p.json holds a run of perft, not of kalah",
    );
    let alphabeta = alphabeta();
    refused(&alphabeta.run_in(dir.path(), &["--resume", "p.json"]), "not of alphabeta; resume it with perft");
    refused(&perft.run_in(dir.path(), &["--resume", "nowhere.json"]), "cannot read nowhere.json");
    // Without --resume, what defines the run is required as before.
    refused(&kalah.run_in::<&str>(dir.path(), &[]), "--pits <PITS>|--position <POSITION>|--resume <FILE>");
    refused(&alphabeta.run_in(dir.path(), &["-b", "3"]), "--depth <DEPTH>");
}
