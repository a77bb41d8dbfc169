//! The checkpoint writer: records completed units and rewrites the file
//! atomically, at most every [`Checkpoint::INTERVAL`] and at the end.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::{BatchError, BatchFile, UnitRecord};
use crate::Result;
use crate::report::{check_file_writable, write_atomic};

/// A run's record of completed units, kept in memory and, when it has a
/// path, on disk.
///
/// ```
/// use plybench::batch::{BatchFile, Checkpoint, UnitRecord};
/// use serde_json::json;
///
/// let dir = tempfile::tempdir()?;
/// let path = dir.path().join("run.json");
/// let file = BatchFile::new("perft", vec![], json!({"depth": 1}), None, 2);
/// let mut checkpoint = Checkpoint::create(&path, file.clone())?;
/// checkpoint.record(UnitRecord { index: 1, id: "b".into(), seconds: 0.5, result: json!(7) })?;
/// checkpoint.flush()?;
/// let resumed = Checkpoint::resume(&path, &file)?;
/// assert_eq!(resumed.done().collect::<Vec<_>>(), [1]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Checkpoint {
    path: Option<PathBuf>,
    file: BatchFile,
    done: BTreeSet<usize>,
    last_write: Instant,
}

impl Checkpoint {
    /// The most time between a unit's completion and its being on disk.
    pub const INTERVAL: Duration = Duration::from_secs(2);

    /// A new checkpoint at `path`, written at once. Refuses a path that
    /// cannot be written (a directory, a missing directory), and to
    /// overwrite an existing file (it may be a run to resume).
    pub fn create(path: &Path, file: BatchFile) -> Result<Checkpoint> {
        check_file_writable(path)?;
        if path.exists() {
            return Err(BatchError::Exists { path: path.to_owned() }.into());
        }
        let mut checkpoint =
            Checkpoint { path: Some(path.to_owned()), file, done: BTreeSet::new(), last_write: Instant::now() };
        checkpoint.flush()?;
        Ok(checkpoint)
    }

    /// The checkpoint at `path`, which must be of the run `expected`
    /// describes (same tool, parameters and shard).
    pub fn resume(path: &Path, expected: &BatchFile) -> Result<Checkpoint> {
        let mut file = BatchFile::load(path)?;
        file.check_same_run(&path.display().to_string(), expected)?;
        file.command = expected.command.clone();
        let done = file.units.iter().map(|u| u.index).collect();
        Ok(Checkpoint { path: Some(path.to_owned()), file, done, last_write: Instant::now() })
    }

    /// A checkpoint kept in memory only.
    pub fn in_memory(file: BatchFile) -> Checkpoint {
        Checkpoint { path: None, file, done: BTreeSet::new(), last_write: Instant::now() }
    }

    /// The file, if any.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The record as it stands.
    pub fn file(&self) -> &BatchFile {
        &self.file
    }

    /// The indices of the completed units.
    pub fn done(&self) -> impl Iterator<Item = usize> + '_ {
        self.done.iter().copied()
    }

    /// How many units are completed.
    pub fn len(&self) -> usize {
        self.done.len()
    }

    /// Whether no unit is completed.
    pub fn is_empty(&self) -> bool {
        self.done.is_empty()
    }

    /// Records a completed unit, and rewrites the file if the last write is
    /// [`Checkpoint::INTERVAL`] old. A unit recorded twice, or not of this
    /// run or shard, is a bug of the caller and refused.
    pub fn record(&mut self, unit: UnitRecord) -> Result<()> {
        if !self.file.owns(unit.index) || !self.done.insert(unit.index) {
            return Err(BatchError::NotPending { index: unit.index }.into());
        }
        self.file.units.push(unit);
        if self.last_write.elapsed() >= Self::INTERVAL {
            self.flush()?;
        }
        Ok(())
    }

    /// Writes the file now (atomically: a temporary file, then a rename).
    pub fn flush(&mut self) -> Result<()> {
        self.file.units.sort_by_key(|u| u.index);
        self.file.complete = self.file.units.len() == self.file.units_expected();
        if let Some(path) = &self.path {
            write_atomic(path, self.file.to_text().as_bytes())?;
        }
        self.last_write = Instant::now();
        Ok(())
    }

    /// Flushes and gives back the record.
    pub fn finish(&mut self) -> Result<BatchFile> {
        self.flush()?;
        self.file.checksum = self.file.checksum_of_contents();
        Ok(self.file.clone())
    }
}
