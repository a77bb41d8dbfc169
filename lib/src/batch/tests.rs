//! The batch layer on a job of its own, with no engine: the sum of the
//! squares of `0..n`, one unit per number, checked against its closed form.

use std::sync::Mutex;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::merge::{Merged, finish_as, merge_loaded};
use super::{BatchError, BatchFile, Cancel, Completed, Job, Outcome, RunOptions, Shard, Unit, UnitRecord, run};
use crate::report::{Cell, Column, Table, Verdict};
use crate::{Error, Result};

#[derive(Clone, Debug, Serialize, Deserialize)]
struct SquaresParams {
    n: u64,
    /// The published sum, when it is not the closed form (to make a run fail).
    published: Option<u64>,
}

fn params(n: u64) -> SquaresParams {
    SquaresParams { n, published: None }
}

/// The run (by `n`) and unit that cancel a handle when the unit runs, for
/// the interruption test: no other test runs that `n`.
static CANCEL_AT: Mutex<Option<(u64, usize, Cancel)>> = Mutex::new(None);

struct Squares;

impl Job for Squares {
    const TOOL: &'static str = "squares";
    type Params = SquaresParams;
    type Part = u64;

    fn units(params: &SquaresParams) -> Result<Vec<String>> {
        Ok((0..params.n).map(|i| i.to_string()).collect())
    }

    fn run_unit(params: &SquaresParams, unit: &Unit) -> Result<u64> {
        let at = CANCEL_AT.lock().unwrap().clone();
        if let Some((n, index, cancel)) = at
            && (n, index) == (params.n, unit.index)
        {
            cancel.cancel()?;
        }
        let i: u64 = unit.id.parse().map_err(|_| Error::invalid("unit", unit.id.clone()))?;
        Ok(i * i)
    }

    fn finish(params: &SquaresParams, parts: Vec<Completed<u64>>) -> Result<Outcome> {
        let sum: u64 = parts.iter().map(|c| c.part).sum();
        let n = params.n;
        let published = params.published.unwrap_or(n.saturating_sub(1) * n * (2 * n).saturating_sub(1) / 6);
        let verdict = if sum == published { Verdict::Match } else { Verdict::Differs };
        let mut table = Table::new("squares", "Squares", vec![Column::new("sum", "Sum"), Column::new("verdict", "V")]);
        table.push(vec![Cell::from(sum), verdict.into()]);
        Ok(Outcome { tables: vec![table], json: Some(json!({ "sum": sum, "units": parts.len() })) })
    }
}

fn finish(tool: &str, params: &Value, units: &[UnitRecord]) -> Result<Outcome> {
    match tool {
        Squares::TOOL => finish_as::<Squares>(params, units),
        _ => Err(BatchError::UnknownTool { tool: tool.to_owned(), known: vec![Squares::TOOL] }.into()),
    }
}

fn merge(files: &[(String, BatchFile)]) -> Result<Merged> {
    merge_loaded(files, &finish)
}

fn one_thread() -> RunOptions {
    RunOptions { threads: 1, ..RunOptions::default() }
}

fn shards(n: u64, count: u32) -> Vec<(String, BatchFile)> {
    (1..=count)
        .map(|k| {
            let options = RunOptions { shard: Some(Shard::new(k, count).unwrap()), ..one_thread() };
            (format!("s{k}.json"), run::<Squares>(&params(n), &options).unwrap().file)
        })
        .collect()
}

fn batch_error(result: Result<impl std::fmt::Debug>) -> BatchError {
    match result {
        Err(Error::Batch(error)) => error,
        other => panic!("expected a batch error, got {other:?}"),
    }
}

#[test]
fn a_whole_run_sums_its_units_and_its_verdicts_decide() {
    let finished = run::<Squares>(&params(10), &RunOptions { threads: 3, ..RunOptions::default() }).unwrap();
    let outcome = finished.outcome.unwrap();
    assert_eq!(outcome.json, Some(json!({"sum": 285, "units": 10})));
    assert!(outcome.passed());
    assert_eq!((finished.computed, finished.file.tool.as_str(), finished.file.complete), (10, "squares", true));
    let wrong = SquaresParams { n: 10, published: Some(286) };
    assert!(!run::<Squares>(&wrong, &one_thread()).unwrap().outcome.unwrap().passed());
}

#[test]
fn shards_merge_into_the_whole_run() {
    let merged = merge(&shards(10, 3)).unwrap();
    assert_eq!(merged.outcome.json.unwrap()["sum"], 285);
    assert_eq!((merged.tool.as_str(), merged.units.len(), merged.balance.rows.len()), ("squares", 10, 3));
    let shard = run::<Squares>(&params(10), &RunOptions { shard: Some(Shard::new(2, 3).unwrap()), ..one_thread() });
    let shard = shard.unwrap();
    assert!(shard.outcome.is_none());
    assert_eq!(shard.file.units.iter().map(|u| u.index).collect::<Vec<_>>(), [1, 4, 7]);
}

#[test]
fn missing_duplicated_foreign_and_unknown_files_are_named() {
    let three = shards(10, 3);
    let error = batch_error(merge(&three[..2]));
    assert!(
        matches!(&error, BatchError::Missing { missing: 3, total: 10, absent_shards, .. } if absent_shards == &["3/3"])
    );
    assert!(error.is_usage() && error.to_string().contains("3 of 10 units are missing"), "{error}");
    let whole = vec![("all.json".to_owned(), run::<Squares>(&params(10), &one_thread()).unwrap().file)];
    let mut partial = whole.clone();
    partial[0].1.units.pop();
    let error = batch_error(merge(&partial));
    assert!(error.to_string().ends_with("a file is missing or incomplete"), "{error}");
    let error = batch_error(merge(&[three.clone(), whole].concat()));
    assert!(error.to_string().contains("10 units are recorded twice"), "{error}");
    let error = batch_error(merge(&[three[0].clone(), shards(11, 3).remove(1), three[2].clone()]));
    assert!(error.to_string().contains("s2.json belongs to another run"), "{error}");
    assert!(matches!(batch_error(merge(&[])), BatchError::NoFiles));
    let mut foreign = three.clone();
    for (_, file) in &mut foreign {
        file.tool = "cubes".to_owned();
    }
    let error = batch_error(merge(&foreign));
    assert_eq!(error.to_string(), "invalid batch file: its tool is \"cubes\"; expected one of squares");
}

#[test]
fn a_cancelled_run_saves_its_checkpoint_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("run.json");
    let cancel = Cancel::new();
    *CANCEL_AT.lock().unwrap() = Some((13, 4, cancel.clone()));
    let options = RunOptions { checkpoint: Some(path.clone()), cancel, ..one_thread() };
    let error = batch_error(run::<Squares>(&params(13), &options));
    *CANCEL_AT.lock().unwrap() = None;
    let BatchError::Interrupted { done, total, path: Some(saved) } = &error else { panic!("{error:?}") };
    assert!((1..13).contains(done) && *total == 13 && saved == &path, "{error}");
    assert!(!error.is_usage());
    let file = BatchFile::load(&path).unwrap();
    assert_eq!((file.units.len(), file.complete), (*done, false));

    let resume = RunOptions { resume: Some(path.clone()), ..one_thread() };
    let finished = run::<Squares>(&params(13), &resume).unwrap();
    assert_eq!(finished.computed, 13 - done);
    assert_eq!(finished.outcome.unwrap().json.unwrap()["sum"], 650);
    assert!(BatchFile::load(&path).unwrap().complete);
}

#[test]
fn a_cancel_outside_a_run_saves_nothing() {
    let cancel = Cancel::new();
    assert!(cancel.cancel().unwrap().is_none());
    assert!(cancel.is_cancelled());
    let error = batch_error(run::<Squares>(&params(5), &RunOptions { cancel, ..one_thread() }));
    assert!(matches!(error, BatchError::Interrupted { done: 0, total: 5, path: None }), "{error:?}");
    assert_eq!(error.to_string(), "interrupted: 0 of 5 units done, none saved");
}

#[test]
fn files_of_other_runs_are_not_resumed_or_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("run.json");
    let shard = Some(Shard::new(1, 2).unwrap());
    run::<Squares>(&params(6), &RunOptions { checkpoint: Some(path.clone()), shard, ..one_thread() }).unwrap();

    let again = RunOptions { checkpoint: Some(path.clone()), ..one_thread() };
    assert!(matches!(batch_error(run::<Squares>(&params(6), &again)), BatchError::Exists { .. }));
    let both = RunOptions { resume: Some(path.clone()), ..again };
    assert!(matches!(batch_error(run::<Squares>(&params(6), &both)), BatchError::CheckpointAndResume));
    let resume = |shard| RunOptions { resume: Some(path.clone()), shard, ..one_thread() };
    let error = batch_error(run::<Squares>(&params(7), &resume(shard)));
    assert!(matches!(error, BatchError::OtherRun { .. }) && error.is_usage(), "{error:?}");
    assert!(error.to_string().contains("belongs to another run (squares {\"n\":6,\"published\":null}, run_id"));
    let error = batch_error(run::<Squares>(&params(6), &resume(Shard::new(2, 2).ok())));
    assert_eq!(error.to_string(), format!("{} is shard 1/2, not 2/2: give the same shard", path.display()));
    assert!(run::<Squares>(&params(6), &resume(shard)).unwrap().file.complete);
}

#[test]
fn messages_name_no_flag() {
    let errors: Vec<BatchError> = vec![
        BatchError::Exists { path: "run.json".into() },
        BatchError::CheckpointAndResume,
        "0/3".parse::<Shard>().unwrap_err(),
        "4/3".parse::<Shard>().unwrap_err(),
        "x".parse::<Shard>().unwrap_err(),
        BatchError::Missing { missing: 1, total: 2, indices: "1".into(), absent_shards: vec![] },
        BatchError::Interrupted { done: 1, total: 2, path: Some("run.json".into()) },
    ];
    for error in errors {
        assert!(!error.to_string().contains("--"), "{error}");
    }
}
