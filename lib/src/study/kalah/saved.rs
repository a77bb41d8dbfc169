//! The file of a count by the dynamic program that saves itself as it goes
//! (`kalah count --spill-dir DIR --checkpoint FILE`), to be resumed after
//! an interruption (`kalah count --resume FILE`).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::engine::kalah::{DpCheckpoint, KalahError, Position};
use crate::report::write_atomic;
use crate::{Error, Result};

/// The `kind` of the file, which tells it from a batch's checkpoint.
pub const KIND: &str = "kalah_dp_checkpoint";

/// The file format's version: 2 since the runs it names are encoded
/// (`engine::spill`), not records of fixed size; a file of version 1 is
/// refused, since its runs cannot be read.
pub const SCHEMA_VERSION: u32 = 2;

/// A count by the dynamic program, saved part done.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedCount {
    /// [`SCHEMA_VERSION`].
    pub schema_version: u32,
    /// [`KIND`].
    pub kind: String,
    /// The opponent's pits, `p1` first (the mover's are the checkpoint's).
    pub opponent: Vec<u32>,
    /// The directory of the tables on disk.
    pub spill_dir: PathBuf,
    /// The starts of the names of the runs the count wrote there, before
    /// `-N.run` (one for each time it was resumed): those it no longer
    /// names are removed when it resumes.
    #[serde(default)]
    pub run_prefixes: Vec<String>,
    /// Where the count stands.
    pub checkpoint: DpCheckpoint,
}

impl SavedCount {
    /// The file of `checkpoint`, a count of `position` whose tables go to
    /// `spill_dir`.
    /// `spill_dir`, under the names of `run_prefixes`.
    pub fn new(
        position: &Position,
        spill_dir: &Path,
        run_prefixes: Vec<String>,
        checkpoint: DpCheckpoint,
    ) -> SavedCount {
        SavedCount {
            schema_version: SCHEMA_VERSION,
            kind: KIND.to_owned(),
            opponent: position.opponent().to_vec(),
            spill_dir: spill_dir.to_owned(),
            run_prefixes,
            checkpoint,
        }
    }

    /// Bytes of the runs the checkpoint names that are on disk: the room
    /// the count takes up again when it resumes.
    pub fn named_bytes(&self) -> u64 {
        let runs = self.checkpoint.current.iter().flat_map(|part| &part.runs);
        runs.filter_map(|run| std::fs::metadata(&run.path).ok()).map(|meta| meta.len()).sum()
    }

    /// Removes the runs an interrupted count left in its directory that
    /// the checkpoint does not name (a table it was writing when it
    /// stopped); returns how many.
    pub fn remove_strays(&self) -> Result<usize> {
        let named: Vec<&Path> =
            self.checkpoint.current.iter().flat_map(|part| part.runs.iter().map(|run| run.path.as_path())).collect();
        let entries = std::fs::read_dir(&self.spill_dir)
            .map_err(|error| Error::from(crate::io_error::IoError::read(&self.spill_dir, error)))?;
        let mut removed = 0;
        for entry in entries.flatten() {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            let ours = self.run_prefixes.iter().any(|prefix| {
                name.strip_prefix(prefix.as_str()).is_some_and(|rest| rest.starts_with('-') && rest.ends_with(".run"))
            });
            if ours && !named.contains(&entry.path().as_path()) && std::fs::remove_file(entry.path()).is_ok() {
                removed += 1;
            }
        }
        Ok(removed)
    }

    /// The position counted.
    pub fn position(&self) -> std::result::Result<Position, KalahError> {
        Position::new(self.checkpoint.own.clone(), self.opponent.clone())
    }

    /// Writes the file atomically.
    pub fn write(&self, path: &Path) -> Result<()> {
        let json = serde_json::to_vec_pretty(self).map_err(|error| Error::TooLarge(error.to_string()))?;
        write_atomic(path, &json)
    }

    /// Reads `path` if it holds a saved count; `None` if it is a file of
    /// another kind (a batch's checkpoint).
    pub fn read(path: &Path) -> Result<Option<SavedCount>> {
        let text = crate::bounded::read_text(path)?;
        let bad = |why: String| Error::from(KalahError::Checkpoint { why });
        let value: serde_json::Value =
            serde_json::from_str(&text).map_err(|error| bad(format!("is not valid JSON: {error}")))?;
        if value.get("kind").and_then(|kind| kind.as_str()) != Some(KIND) {
            return Ok(None);
        }
        let version = value.get("schema_version").and_then(|version| version.as_u64());
        if version != Some(u64::from(SCHEMA_VERSION)) {
            let found = version.map_or("no schema_version".to_owned(), |version| format!("schema_version {version}"));
            return Err(bad(format!(
                "has {found}, but this program reads {SCHEMA_VERSION} only; resume it with the plybench that wrote it, or count again"
            )));
        }
        let saved: SavedCount = serde_json::from_value(value).map_err(|error| bad(format!("is damaged: {error}")))?;
        saved.position().map_err(|error| bad(format!("names no position: {error}")))?;
        Ok(Some(saved))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::kalah::{PartSolved, RunFile, SolvedSkeleton};

    #[test]
    fn a_saved_count_reads_back_and_other_files_are_told_apart() {
        let dir = tempfile::tempdir().unwrap();
        let position = Position::board_test(4).unwrap();
        let checkpoint = DpCheckpoint {
            own: position.own().to_vec(),
            solved: vec![SolvedSkeleton { laps: vec![], chains: u128::MAX, nonempty: 7, ending_at_lap: 1 }],
            current: Some(PartSolved {
                laps: vec![1],
                pit: 2,
                runs: vec![RunFile { path: dir.path().join("a.run"), records: 3 }],
            }),
            max_states: 9,
            walked_tails: 0,
            spilled_steps: 1,
        };
        let saved = SavedCount::new(&position, dir.path(), vec!["plybench-1-2".to_owned()], checkpoint);
        let path = dir.path().join("count.json");
        saved.write(&path).unwrap();
        assert_eq!(SavedCount::read(&path).unwrap(), Some(saved.clone()));
        assert_eq!(saved.position().unwrap(), position);
        // Of the runs in the directory, only those of the count that it
        // does not name go.
        for name in ["a.run", "plybench-1-2-0.run", "plybench-1-2-1.run", "plybench-1-3-0.run"] {
            std::fs::write(dir.path().join(name), b"").unwrap();
        }
        let mut named = saved.clone();
        named.checkpoint.current.as_mut().unwrap().runs[0].path = dir.path().join("plybench-1-2-1.run");
        std::fs::write(dir.path().join("plybench-1-2-1.run"), [0u8; 12]).unwrap();
        assert_eq!(named.named_bytes(), 12, "the room a resumed count takes up");
        assert_eq!(named.remove_strays().unwrap(), 1);
        assert!(!dir.path().join("plybench-1-2-0.run").exists());
        for kept in ["a.run", "plybench-1-2-1.run", "plybench-1-3-0.run", "count.json"] {
            assert!(dir.path().join(kept).exists(), "{kept}");
        }

        let batch = dir.path().join("batch.json");
        std::fs::write(&batch, r#"{"schema_version": 1, "kind": "batch"}"#).unwrap();
        assert_eq!(SavedCount::read(&batch).unwrap(), None);
        for bad in [
            "not json",
            // Version 1 named runs of fixed-size records.
            r#"{"schema_version": 1, "kind": "kalah_dp_checkpoint"}"#,
            r#"{"schema_version": 3, "kind": "kalah_dp_checkpoint"}"#,
            r#"{"schema_version": 2, "kind": "kalah_dp_checkpoint"}"#,
        ] {
            std::fs::write(&batch, bad).unwrap();
            let error = SavedCount::read(&batch).unwrap_err();
            assert!(error.to_string().starts_with("the checkpoint"), "{bad}: {error}");
        }
    }
}
