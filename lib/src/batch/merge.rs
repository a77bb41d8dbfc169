//! Merging: checks that files hold one run with every unit exactly once,
//! sums them, and tabulates how evenly the shards shared the work.
//!
//! Batch files name their tool, and only the caller knows the tools: it
//! passes the sum of a tool's units as a [`Finish`] function, typically a
//! dispatch on the tool's name to [`finish_as`] of the tool's [`Job`].

use std::path::PathBuf;

use serde_json::Value;

use super::{BatchError, BatchFile, Completed, Job, Outcome, Unit, UnitRecord};
use crate::Result;
use crate::report::{Cell, Column, Table};

/// The result of a run from its tool's name, its parameters and all its
/// units, by index: what a merge needs to know of the tools. A tool it does
/// not know is refused ([`BatchError::UnknownTool`]).
pub type Finish<'a> = &'a dyn Fn(&str, &Value, &[UnitRecord]) -> Result<Outcome>;

/// Merged files: the run's result and the balance of its shards.
#[derive(Clone, Debug, PartialEq)]
pub struct Merged {
    /// The tool.
    pub tool: String,
    /// The run id the files share.
    pub run_id: String,
    /// The run's result, as the single-machine run prints it.
    pub outcome: Outcome,
    /// One row per file: shard, units, seconds.
    pub balance: Table,
    /// The spread of the files' seconds: min, mean, max, max/mean.
    pub spread: Table,
    /// Every unit, by index.
    pub units: Vec<UnitRecord>,
}

/// The smallest, mean and largest of some shards' seconds.
///
/// ```
/// use plybench::batch::merge::Spread;
///
/// let spread = Spread::of(&[1.0, 2.0, 3.0]);
/// assert_eq!((spread.min, spread.mean, spread.max), (1.0, 2.0, 3.0));
/// assert_eq!(spread.max_over_mean(), 1.5);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spread {
    /// The fastest shard's seconds.
    pub min: f64,
    /// The mean.
    pub mean: f64,
    /// The slowest shard's seconds.
    pub max: f64,
}

impl Spread {
    /// The spread of `seconds` (all zeros for none).
    pub fn of(seconds: &[f64]) -> Spread {
        if seconds.is_empty() {
            return Spread { min: 0.0, mean: 0.0, max: 0.0 };
        }
        let min = seconds.iter().copied().fold(f64::INFINITY, f64::min);
        let max = seconds.iter().copied().fold(0.0, f64::max);
        Spread { min, mean: seconds.iter().sum::<f64>() / seconds.len() as f64, max }
    }

    /// The slowest shard over the mean: 1 is perfect balance. 1 when nothing
    /// took any time.
    pub fn max_over_mean(&self) -> f64 {
        if self.mean > 0.0 { self.max / self.mean } else { 1.0 }
    }

    /// The round-robin shards `n` of a run whose units took `seconds` (by
    /// index) would take: how a split granularity balances, measured from
    /// one recorded run.
    ///
    /// ```
    /// use plybench::batch::merge::Spread;
    ///
    /// let spread = Spread::round_robin(&[4.0, 1.0, 1.0, 2.0], 2);
    /// assert_eq!((spread.min, spread.max), (3.0, 5.0));
    /// ```
    pub fn round_robin(seconds: &[f64], n: usize) -> Spread {
        let n = n.max(1);
        let mut shards = vec![0.0; n];
        for (i, s) in seconds.iter().enumerate() {
            shards[i % n] += s;
        }
        Spread::of(&shards)
    }

    fn cells(&self) -> Vec<Cell> {
        vec![
            Cell::float(self.min, 3),
            Cell::float(self.mean, 3),
            Cell::float(self.max, 3),
            Cell::float(self.max_over_mean(), 2),
        ]
    }
}

fn spread_columns() -> Vec<Column> {
    vec![
        Column::new("min_seconds", "Min s"),
        Column::new("mean_seconds", "Mean s"),
        Column::new("max_seconds", "Max s"),
        Column::new("max_over_mean", "Max/mean"),
    ]
}

/// Loads the files at `paths` and merges them ([`merge_loaded`]).
pub fn merge_files(paths: &[PathBuf], finish: Finish<'_>) -> Result<Merged> {
    let files = paths.iter().map(|p| Ok((p.display().to_string(), BatchFile::load(p)?))).collect::<Result<Vec<_>>>()?;
    merge_loaded(&files, finish)
}

/// Lists up to eight indices with their ids.
fn some_units(units: &[(usize, &str)]) -> String {
    let mut shown: Vec<String> = units.iter().take(8).map(|(i, id)| format!("{i} ({id})")).collect();
    if units.len() > 8 {
        shown.push(format!("... {} more", units.len() - 8));
    }
    shown.join(", ")
}

/// Merges loaded files (each with a name for messages): refuses files of
/// different runs, units recorded twice and units missing, each with one
/// line naming the files or units; then sums the units with `finish` (the
/// tool's [`Job::finish`]) and tabulates the balance.
pub fn merge_loaded(files: &[(String, BatchFile)], finish: Finish<'_>) -> Result<Merged> {
    let Some((first_name, first)) = files.first() else {
        return Err(BatchError::NoFiles.into());
    };
    let mut owner: Vec<Option<usize>> = vec![None; first.units_total];
    let mut duplicated = Vec::new();
    for (f, (name, file)) in files.iter().enumerate() {
        if file.tool != first.tool || file.run_id != first.run_id || file.units_total != first.units_total {
            return Err(BatchError::MixedRuns {
                file: name.clone(),
                run: format!("{} run_id {}", file.tool, file.run_id),
                first: format!("{first_name} ({} run_id {})", first.tool, first.run_id),
            }
            .into());
        }
        for unit in &file.units {
            match owner[unit.index] {
                Some(g) => duplicated.push((unit.index, unit.id.as_str(), g, f)),
                None => owner[unit.index] = Some(f),
            }
        }
    }
    if let Some(&(_, _, g, f)) = duplicated.first() {
        let units: Vec<(usize, &str)> = duplicated.iter().map(|&(i, id, _, _)| (i, id)).collect();
        return Err(BatchError::Duplicated {
            count: duplicated.len(),
            file: files[g].0.clone(),
            other: files[f].0.clone(),
            units: some_units(&units),
        }
        .into());
    }
    let missing: Vec<usize> = (0..first.units_total).filter(|&i| owner[i].is_none()).collect();
    if !missing.is_empty() {
        let n = first.shard.map_or(1, |s| s.n());
        let absent: Vec<String> = (1..=n)
            .filter(|&k| !files.iter().any(|(_, f)| f.shard.is_none_or(|s| s.k() == k && s.n() == n)))
            .map(|k| format!("{k}/{n}"))
            .collect();
        let all_shards_of_n = files.iter().all(|(_, f)| f.shard.is_some_and(|s| s.n() == n));
        let shown = missing.iter().take(8).map(usize::to_string).collect::<Vec<_>>().join(", ");
        let more = if missing.len() > 8 { format!(", ... {} more", missing.len() - 8) } else { String::new() };
        return Err(BatchError::Missing {
            missing: missing.len(),
            total: first.units_total,
            indices: format!("{shown}{more}"),
            absent_shards: if all_shards_of_n { absent } else { Vec::new() },
        }
        .into());
    }
    let mut units: Vec<UnitRecord> = files.iter().flat_map(|(_, f)| f.units.iter().cloned()).collect();
    units.sort_by_key(|u| u.index);
    let outcome = finish(&first.tool, &first.params, &units)?;
    let (balance, spread) = balance_tables(files);
    Ok(Merged { tool: first.tool.clone(), run_id: first.run_id.clone(), outcome, balance, spread, units })
}

/// [`Job::finish`] of job `J` on recorded units: decodes the parameters
/// and each unit's result.
pub fn finish_as<J: Job>(params: &Value, units: &[UnitRecord]) -> Result<Outcome> {
    let tool = J::TOOL;
    let params: J::Params =
        serde_json::from_value(params.clone()).map_err(|source| BatchError::BadParams { tool, source })?;
    let parts = units
        .iter()
        .map(|u| {
            let part = serde_json::from_value(u.result.clone()).map_err(|source| BatchError::BadResult {
                index: u.index,
                id: u.id.clone(),
                tool,
                source,
            })?;
            Ok(Completed { unit: Unit::new(u.index, u.id.clone()), seconds: u.seconds, part })
        })
        .collect::<Result<Vec<_>, BatchError>>()?;
    J::finish(&params, parts)
}

/// The per-file table and the spread of the files' seconds.
fn balance_tables(files: &[(String, BatchFile)]) -> (Table, Table) {
    let mut balance = Table::new(
        "balance",
        "Work per shard (seconds: the sum of the unit times)",
        vec![
            Column::new("file", "File"),
            Column::new("shard", "Shard"),
            Column::new("units", "Units"),
            Column::new("seconds", "Seconds"),
        ],
    );
    let mut seconds = Vec::with_capacity(files.len());
    for (name, file) in files {
        let s: f64 = file.units.iter().map(|u| u.seconds).sum();
        seconds.push(s);
        balance.push(vec![
            Cell::Text(name.clone()),
            Cell::Text(file.shard.map_or("all".to_owned(), |s| s.to_string())),
            Cell::UInt(file.units.len() as u128),
            Cell::float(s, 3),
        ]);
    }
    let spread = Spread::of(&seconds);
    let mut columns = vec![Column::new("shards", "Shards")];
    columns.extend(spread_columns());
    let mut table = Table::new("spread", "Spread of the shards' seconds", columns);
    let mut row = vec![Cell::UInt(files.len() as u128)];
    row.extend(spread.cells());
    table.push(row);
    table.note("The slowest shard sets the wall-clock time; max/mean is 1 for a perfect balance.");
    (balance, table)
}

/// How the units' recorded seconds would spread over `n` round-robin
/// shards, for each `n` in `shards`: the balance of the split granularity,
/// measured from one complete run.
pub fn round_robin_table(units: &[UnitRecord], shards: &[usize]) -> Table {
    let seconds: Vec<f64> = units.iter().map(|u| u.seconds).collect();
    let mut columns = vec![Column::new("shards", "Shards"), Column::new("units_per_shard", "Units/shard")];
    columns.extend(spread_columns());
    let mut table = Table::new("round_robin", "Shard seconds if the recorded units were split K/N", columns);
    for &n in shards {
        let mut row = vec![Cell::UInt(n as u128), Cell::float(seconds.len() as f64 / n.max(1) as f64, 1)];
        row.extend(Spread::round_robin(&seconds, n).cells());
        table.push(row);
    }
    table.note("Computed from the unit times in the files, as if shard K of N ran the units with index % N == K-1.");
    table
}
