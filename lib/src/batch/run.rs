//! The driver: runs the pending units of a study on a thread pool,
//! recording each in the checkpoint as it completes.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use rayon::prelude::*;

use super::signal::{SaveOnSignal, lock};
use super::{BatchFile, Checkpoint, Outcome, Shard, Study, Unit, UnitRecord, merge};
use crate::report::{Cell, Table};
use crate::{Error, Result};

/// The most threads a batch run accepts.
pub const MAX_THREADS: usize = 1024;

/// How a batch run is driven; none of it changes the result.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RunOptions {
    /// Record completed units in this new file (`--checkpoint FILE`).
    pub checkpoint: Option<PathBuf>,
    /// Continue the run recorded in this file, writing on to it (`--resume FILE`).
    pub resume: Option<PathBuf>,
    /// Compute only this shard's units (`--shard K/N`).
    pub shard: Option<Shard>,
    /// Units computed at once (1 to [`MAX_THREADS`]).
    pub threads: usize,
    /// The command line, written into the file.
    pub command: Vec<String>,
}

/// A finished batch run.
#[derive(Clone, Debug, PartialEq)]
pub struct Finished {
    /// The record of every unit of the run or shard.
    pub file: BatchFile,
    /// The file it was written to, if any.
    pub path: Option<PathBuf>,
    /// Units computed by this process (the others came from `--resume`).
    pub computed: usize,
    /// The result, for a whole run; `None` for a shard, whose part is merged
    /// with the others by `plybench merge`.
    pub outcome: Option<Outcome>,
}

impl Finished {
    /// What a shard run prints: tool, run id, shard, units and seconds.
    pub fn summary_table(&self) -> Table {
        let file = &self.file;
        let seconds: f64 = file.units.iter().map(|u| u.seconds).sum();
        Table::record(
            "batch_shard",
            &format!("{} shard {}", file.tool.name(), file.shard.map_or("-".to_owned(), |s| s.to_string())),
            vec![
                ("tool", "Tool", Cell::Text(file.tool.name().to_owned())),
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

/// Runs study `S` with `params`: enumerates the units, skips those a
/// resumed file has, computes the rest of the shard (or run) on
/// `options.threads` threads, records each in the checkpoint, and for a
/// whole run sums the units through [`merge::merge_loaded`], the code path
/// of `plybench merge`.
///
/// While it runs, SIGINT and SIGTERM save the checkpoint and exit with
/// status 130 (see [`super::signal`]).
pub fn run<S: Study>(params: &S::Params, options: &RunOptions) -> Result<Finished> {
    if !(1..=MAX_THREADS).contains(&options.threads) {
        return Err(Error::invalid("--threads", format!("{}; expected 1 to {MAX_THREADS}", options.threads)));
    }
    let units = Unit::enumerate(S::units(params)?);
    let value = serde_json::to_value(params).map_err(|e| Error::invalid("parameters", e.to_string()))?;
    let fresh = BatchFile::new(S::TOOL, options.command.clone(), value, options.shard, units.len());
    let checkpoint = match (&options.checkpoint, &options.resume) {
        (Some(_), Some(_)) => {
            return Err(Error::invalid(
                "--checkpoint",
                "give --checkpoint FILE to start or --resume FILE to continue, not both",
            ));
        }
        (Some(path), None) => Checkpoint::create(path, fresh)?,
        (None, Some(path)) => Checkpoint::resume(path, &fresh)?,
        (None, None) => Checkpoint::in_memory(fresh),
    };
    let path = checkpoint.path().map(ToOwned::to_owned);
    let done: std::collections::BTreeSet<usize> = checkpoint.done().collect();
    let pending: Vec<&Unit> =
        units.iter().filter(|u| checkpoint.file().owns(u.index) && !done.contains(&u.index)).collect();
    let checkpoint = Arc::new(Mutex::new(checkpoint));
    let guard = path.is_some().then(|| SaveOnSignal::new(Arc::clone(&checkpoint))).transpose()?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads)
        .build()
        .map_err(|e| Error::invalid("--threads", format!("{}: cannot start the thread pool ({e})", options.threads)))?;
    let computed = pending.len();
    pool.install(|| {
        pending.par_iter().with_max_len(1).try_for_each(|unit| {
            let start = Instant::now();
            let part = S::run_unit(params, unit)?;
            let seconds = start.elapsed().as_secs_f64();
            let result = serde_json::to_value(part).map_err(|e| Error::invalid("unit result", e.to_string()))?;
            lock(&checkpoint).record(UnitRecord { index: unit.index, id: unit.id.clone(), seconds, result })
        })
    })?;
    drop(guard);
    let checkpoint = Arc::try_unwrap(checkpoint)
        .map_err(|_| Error::invalid("checkpoint", "still in use after the run"))?
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let file = checkpoint.finish()?;
    let outcome = match file.shard {
        Some(_) => None,
        None => {
            let name = path.as_ref().map_or("the run".to_owned(), |p| p.display().to_string());
            Some(merge::merge_loaded(&[(name, file.clone())])?.outcome)
        }
    };
    Ok(Finished { file, path, computed, outcome })
}
