//! The driver: runs the pending units of a job on a thread pool,
//! recording each in the checkpoint as it completes.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use rayon::prelude::*;

use super::cancel::{lock, save};
use super::{BatchError, BatchFile, Cancel, Checkpoint, Job, MAX_UNITS_TOTAL, Outcome, Shard, Unit, UnitRecord, merge};
use crate::report::{Cell, Table};
use crate::{Error, Result};

/// How a batch run is driven; none of it changes the result.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// Record completed units in this new file.
    pub checkpoint: Option<PathBuf>,
    /// Continue the run recorded in this file, writing on to it.
    pub resume: Option<PathBuf>,
    /// Compute only this shard's units.
    pub shard: Option<Shard>,
    /// Units computed at once. The caller checks it (the binaries accept 1
    /// to 1024); 0 lets the thread pool choose one per core.
    pub threads: usize,
    /// The command line, written into the file.
    pub command: Vec<String>,
    /// Stops the run from another thread, with its checkpoint saved.
    pub cancel: Cancel,
}

/// A finished batch run.
#[derive(Clone, Debug, PartialEq)]
pub struct Finished {
    /// The record of every unit of the run or shard.
    pub file: BatchFile,
    /// The file it was written to, if any.
    pub path: Option<PathBuf>,
    /// Units computed by this process (the others came from the file
    /// resumed).
    pub computed: usize,
    /// The result, for a whole run; `None` for a shard, whose part is merged
    /// with the others ([`merge::merge_loaded`]).
    pub outcome: Option<Outcome>,
}

impl Finished {
    /// What a shard run prints: tool, run id, shard, units and seconds.
    pub fn summary_table(&self) -> Table {
        let file = &self.file;
        let seconds: f64 = file.units.iter().map(|u| u.seconds).sum();
        Table::record(
            "batch_shard",
            &format!("{} shard {}", file.tool, file.shard.map_or("-".to_owned(), |s| s.to_string())),
            vec![
                ("tool", "Tool", Cell::Text(file.tool.clone())),
                ("run_id", "Run id", Cell::Text(file.run_id.clone())),
                ("shard", "Shard", Cell::opt(file.shard.map(|s| s.to_string()))),
                ("units", "Units done", Cell::UInt(file.units.len() as u128)),
                ("units_computed", "Computed now", Cell::UInt(self.computed as u128)),
                ("units_total", "Units in the run", Cell::UInt(file.units_total as u128)),
                ("seconds", "Unit seconds", Cell::float(seconds, 3)),
                ("complete", "Complete", Cell::Bool(file.complete)),
                ("file", "File", Cell::opt(self.path.as_ref().map(|p| p.display().to_string()))),
            ],
        )
    }
}

/// Why the workers stopped before the last unit.
enum Stop {
    /// [`Cancel::cancel`] was called.
    Cancelled,
    /// A unit failed (boxed: an error is large beside the other variant).
    Failed(Box<Error>),
}

impl From<Error> for Stop {
    fn from(error: Error) -> Stop {
        Stop::Failed(Box::new(error))
    }
}

/// Runs job `J` with `params`: enumerates the units, skips those a
/// resumed file has, computes the rest of the shard (or run) on
/// `options.threads` threads, records each in the checkpoint, and for a
/// whole run sums the units through [`merge::merge_loaded`], the code path
/// of a merge.
///
/// [`RunOptions::cancel`] stops it: the checkpoint is saved and the run
/// returns [`BatchError::Interrupted`].
pub fn run<J: Job>(params: &J::Params, options: &RunOptions) -> Result<Finished> {
    let units = Unit::enumerate(J::units(params)?);
    if units.len() > MAX_UNITS_TOTAL {
        return Err(BatchError::TooManyUnits { units: units.len(), max: MAX_UNITS_TOTAL }.into());
    }
    let value = serde_json::to_value(params).map_err(|source| BatchError::Serialize { what: "parameters", source })?;
    let fresh = BatchFile::new(J::TOOL, options.command.clone(), value, options.shard, units.len());
    let checkpoint = match (&options.checkpoint, &options.resume) {
        (Some(_), Some(_)) => return Err(BatchError::CheckpointAndResume.into()),
        (Some(path), None) => Checkpoint::create(path, fresh)?,
        (None, Some(path)) => Checkpoint::resume(path, &fresh)?,
        (None, None) => Checkpoint::in_memory(fresh),
    };
    let path = checkpoint.path().map(ToOwned::to_owned);
    let done: BTreeSet<usize> = checkpoint.done().collect();
    let pending: Vec<&Unit> =
        units.iter().filter(|u| checkpoint.file().owns(u.index) && !done.contains(&u.index)).collect();
    let checkpoint = Arc::new(Mutex::new(checkpoint));
    let attached = options.cancel.attach(Arc::clone(&checkpoint));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads)
        .build()
        .map_err(|source| BatchError::ThreadPool { threads: options.threads, source })?;
    let computed = pending.len();
    let result = pool.install(|| {
        pending.par_iter().with_max_len(1).try_for_each(|unit| {
            if options.cancel.is_cancelled() {
                return Err(Stop::Cancelled);
            }
            let start = Instant::now();
            let part = J::run_unit(params, unit)?;
            let seconds = start.elapsed().as_secs_f64();
            let result = serde_json::to_value(part)
                .map_err(|source| Error::from(BatchError::Serialize { what: "unit result", source }))?;
            lock(&checkpoint).record(UnitRecord { index: unit.index, id: unit.id.clone(), seconds, result })?;
            Ok(())
        })
    });
    drop(attached);
    let mut checkpoint = lock(&checkpoint);
    match result {
        Err(Stop::Failed(error)) => return Err(*error),
        Err(Stop::Cancelled) => return Err(save(&mut checkpoint)?.into()),
        Ok(()) => {}
    }
    let file = checkpoint.finish()?;
    drop(checkpoint);
    let outcome = match file.shard {
        Some(_) => None,
        None => {
            let name = path.as_ref().map_or("the run".to_owned(), |p| p.display().to_string());
            let finish =
                |_: &str, params: &serde_json::Value, units: &[UnitRecord]| merge::finish_as::<J>(params, units);
            Some(merge::merge_loaded(&[(name, file.clone())], &finish)?.outcome)
        }
    };
    Ok(Finished { file, path, computed, outcome })
}
