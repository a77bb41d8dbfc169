//! A count of legal positions split by moduli: each unit counts the board
//! modulo one prime ([`count_positions_modulo`]), and the finish recovers the
//! exact count by the Chinese remainder theorem. What `goban legal
//! --checkpoint`, `--resume` and `--shard` run, and `plybench merge`
//! finishes: each prime of a large board can run on its own machine.
//!
//! ```
//! use plybench::batch::{RunOptions, Shard, run};
//! use plybench::study::go::legal::moduli::{LegalModuli, Params};
//! use plybench::study::tools::merge_loaded;
//!
//! let params = Params::new(7, 7)?; // two primes
//! let shard = |k| RunOptions { shard: Some(Shard::new(k, 2).unwrap()), threads: 1, ..RunOptions::default() };
//! let one = run::<LegalModuli>(&params, &shard(1))?.file;
//! let two = run::<LegalModuli>(&params, &shard(2))?.file;
//! let merged = merge_loaded(&[("1.json".into(), one), ("2.json".into(), two)])?;
//! let row = &merged.outcome.tables[0].rows[0];
//! assert_eq!(row[2].to_string(), "83677847847984287628595");
//! # Ok::<(), plybench::Error>(())
//! ```

use std::path::PathBuf;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::legal_table;
use crate::batch::{self, Completed, Job, Outcome};
use crate::engine::go::GoError;
use crate::engine::go::legal::ring::crt;
use crate::engine::go::legal::snapshot::read_header;
use crate::engine::go::legal::{
    Arithmetic, LegalCount, LegalResidue, Saving, Storage, check_board, count_positions_modulo,
    count_positions_modulo_saved, moduli_for, resume_positions_modulo,
};
use crate::engine::memory::MemoryLimit;
use crate::engine::progress::Progress;
use crate::{Error, Result};

/// The board of a count by moduli, and how many primes it takes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Params {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// Primes: their product exceeds 3^(rows·cols).
    pub moduli: usize,
    /// The memory limit of each unit: the run's limit shared by the units
    /// that run at once. Not recorded in the batch file: a resumed run or
    /// another shard sets its own.
    #[serde(skip)]
    pub memory: MemoryLimit,
    /// Where each unit saves its states as it goes, if anywhere. Not
    /// recorded either: it changes no count.
    #[serde(skip)]
    pub snapshots: Option<UnitSnapshots>,
}

/// Where the units of a run save their border states as they go, so that
/// a unit stopped (a killed process, a scheduler's pre-emption) goes on
/// from its last snapshot when the run resumes, rather than from the
/// empty board: the unit of prime K saves to `{stem}.modulus-K.snapshot`
/// after a point once `every` has passed since its last save, and removes
/// it when it completes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitSnapshots {
    /// The path the units' snapshot names start with: the run's batch file.
    pub stem: PathBuf,
    /// The least time between two saves of a unit.
    pub every: Duration,
}

impl UnitSnapshots {
    /// The snapshot of the unit of prime `index`.
    ///
    /// ```
    /// use std::time::Duration;
    /// use plybench::study::go::legal::moduli::UnitSnapshots;
    ///
    /// let snapshots = UnitSnapshots { stem: "run.json".into(), every: Duration::from_secs(600) };
    /// assert_eq!(snapshots.path(3).to_str(), Some("run.json.modulus-3.snapshot"));
    /// ```
    pub fn path(&self, index: usize) -> PathBuf {
        let mut name = self.stem.as_os_str().to_owned();
        name.push(format!(".{}.snapshot", unit_id(index)));
        PathBuf::from(name)
    }
}

impl Params {
    /// The count of a `rows`×`cols` board by as many primes as it needs.
    pub fn new(rows: usize, cols: usize) -> Result<Params> {
        check_board(rows, cols)?;
        Ok(Params { rows, cols, moduli: moduli_for(rows, cols), memory: MemoryLimit::default(), snapshots: None })
    }

    /// Shares `limit` among `units_at_once` units running side by side.
    pub fn share_memory(&mut self, limit: MemoryLimit, units_at_once: usize) {
        self.memory = MemoryLimit::from_bytes(limit.bytes() / units_at_once.max(1) as u64);
    }
}

/// One unit's result: the count modulo its prime.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Residue {
    /// The prime.
    pub modulus: u64,
    /// The count modulo the prime.
    pub residue: u64,
    /// The most border states held after any one point.
    pub max_states: usize,
}

/// The unit of prime `index`.
fn unit_id(index: usize) -> String {
    format!("modulus-{index}")
}

/// The count by moduli as a [`Job`].
#[derive(Clone, Copy, Debug)]
pub struct LegalModuli;

impl Job for LegalModuli {
    const TOOL: &'static str = "go-legal";
    type Params = Params;
    type Part = Residue;

    fn units(params: &Params) -> Result<Vec<String>> {
        check_board(params.rows, params.cols)?;
        if params.moduli != moduli_for(params.rows, params.cols) {
            return Err(Error::invalid(
                "batch file",
                format!(
                    "a {}x{} board takes {} moduli, not {}",
                    params.rows,
                    params.cols,
                    moduli_for(params.rows, params.cols),
                    params.moduli
                ),
            ));
        }
        Ok((0..params.moduli).map(unit_id).collect())
    }

    fn run_unit(params: &Params, unit: &batch::Unit) -> Result<Residue> {
        // Units run side by side on the run's threads, one thread each,
        // each within its share of the memory.
        let run = match &params.snapshots {
            None => count_positions_modulo(params.rows, params.cols, unit.index, 1, params.memory, Progress::NONE)?,
            Some(snapshots) => saved_unit(params, unit.index, snapshots)?,
        };
        Ok(Residue { modulus: run.modulus, residue: run.residue, max_states: run.max_states })
    }

    fn finish(params: &Params, parts: Vec<Completed<Residue>>) -> Result<Outcome> {
        for done in &parts {
            if done.unit.id != unit_id(done.unit.index) {
                return Err(Error::invalid(
                    "batch file",
                    format!("unit {} is `{}`, expected `{}`", done.unit.index, done.unit.id, unit_id(done.unit.index)),
                ));
            }
        }
        let residues: Vec<(u64, u64)> = parts.iter().map(|d| (d.part.residue, d.part.modulus)).collect();
        let run = LegalCount {
            rows: params.rows,
            cols: params.cols,
            count: crt(&residues),
            max_states: parts.iter().map(|d| d.part.max_states).max().unwrap_or(0),
            width: params.rows.min(params.cols),
            arithmetic: Arithmetic::Moduli(parts.len()),
            seconds: parts.iter().map(|d| d.seconds).sum(),
        };
        let mut table = legal_table("go_legal", "Legal Go positions", &[(params.rows, params.cols)], &[run])?;
        table.note(format!(
            "Recovered by the Chinese remainder theorem from {} counts modulo the largest primes below 2^64 (work \
             units); seconds are the sum of the units' times.",
            parts.len()
        ));
        Ok(Outcome { tables: vec![table], json: None })
    }
}

/// The unit of prime `index`, saving itself as `snapshots` says, from its
/// snapshot if a run before this one left one.
fn saved_unit(params: &Params, index: usize, snapshots: &UnitSnapshots) -> Result<LegalResidue> {
    let path = snapshots.path(index);
    let saving = Saving { path: &path, every: snapshots.every, stop: None, storage: Storage::Memory };
    if !path.exists() {
        return count_positions_modulo_saved(params.rows, params.cols, index, 1, params.memory, Progress::NONE, saving);
    }
    let header = read_header(&path)?;
    if (header.rows, header.cols, header.modulus, header.alone) != (params.rows, params.cols, Some(index), true) {
        return Err(GoError::LegalSnapshot {
            path: path.display().to_string(),
            why: format!(
                "is not the snapshot of this run's unit {} ({}x{} modulo prime {index}); move it away",
                unit_id(index),
                params.rows,
                params.cols
            ),
        }
        .into());
    }
    resume_positions_modulo(saving, 1, params.memory, Progress::NONE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::{RunOptions, run};
    use crate::engine::go::legal::count_positions;

    #[test]
    fn a_run_by_moduli_gives_the_exact_count() {
        let params = Params::new(5, 6).unwrap();
        let options = RunOptions { threads: 2, ..RunOptions::default() };
        let outcome = run::<LegalModuli>(&params, &options).unwrap().outcome.unwrap();
        let exact = count_positions(5, 6, 1, MemoryLimit::default(), Progress::NONE).unwrap();
        assert_eq!(outcome.tables[0].rows[0][2].to_string(), exact.count.to_string());
    }

    #[test]
    fn a_unit_goes_on_from_the_snapshot_a_stopped_run_left() {
        use std::sync::atomic::AtomicBool;
        let dir = tempfile::tempdir().unwrap();
        let snapshots = UnitSnapshots { stem: dir.path().join("run.json"), every: Duration::ZERO };
        let params = Params { snapshots: Some(snapshots.clone()), ..Params::new(5, 6).unwrap() };
        let plain = count_positions_modulo(5, 6, 1, 1, MemoryLimit::default(), Progress::NONE).unwrap();
        // A unit that saves after every point completes, and removes its
        // snapshot.
        let unit = |index| batch::Unit::new(index, unit_id(index));
        let done = LegalModuli::run_unit(&params, &unit(1)).unwrap();
        assert_eq!((done.residue, done.max_states), (plain.residue, plain.max_states));
        assert!(!snapshots.path(1).exists());
        // A unit stopped after 7 points leaves its snapshot; the run that
        // resumes goes on from it.
        let stop = AtomicBool::new(true);
        let path = snapshots.path(1);
        let saving = Saving { path: &path, every: Duration::ZERO, stop: Some(&stop), storage: Storage::Memory };
        let d = MemoryLimit::default();
        for _ in 0..7 {
            let stopped = match read_header(&path) {
                Ok(_) => resume_positions_modulo(saving, 1, d, Progress::NONE),
                Err(_) => count_positions_modulo_saved(5, 6, 1, 1, d, Progress::NONE, saving),
            };
            assert!(matches!(stopped, Err(Error::Go(GoError::LegalStopped { .. }))));
        }
        assert_eq!(read_header(&path).unwrap().point, 7);
        let done = LegalModuli::run_unit(&params, &unit(1)).unwrap();
        assert_eq!((done.residue, done.max_states), (plain.residue, plain.max_states));
        assert!(!path.exists());
        // Another unit's snapshot under this unit's name is refused, and
        // left as it was.
        let saving = Saving { path: &path, every: Duration::ZERO, stop: Some(&stop), storage: Storage::Memory };
        assert!(count_positions_modulo_saved(5, 6, 0, 1, d, Progress::NONE, saving).is_err());
        let refused = LegalModuli::run_unit(&params, &unit(1)).unwrap_err();
        assert!(refused.to_string().contains("not the snapshot of this run's unit"), "{refused}");
        assert!(path.exists());
    }

    #[test]
    fn a_file_with_the_wrong_number_of_moduli_is_refused() {
        let params = Params { moduli: 3, ..Params::new(5, 5).unwrap() };
        assert!(LegalModuli::units(&params).is_err());
    }

    #[test]
    fn a_unit_keeps_to_its_share_of_the_memory() {
        let mut params = Params::new(9, 9).unwrap();
        params.share_memory(MemoryLimit::from_bytes(4 << 20), 2);
        assert_eq!(params.memory.bytes(), 2 << 20);
        let refused = LegalModuli::run_unit(&params, &batch::Unit::new(0, unit_id(0)));
        assert!(matches!(refused, Err(Error::Go(crate::engine::go::GoError::LegalMemory { .. }))), "{refused:?}");
    }
}
