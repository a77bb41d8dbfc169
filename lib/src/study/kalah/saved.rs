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

/// The file format's version.
pub const SCHEMA_VERSION: u32 = 1;

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
    /// Where the count stands.
    pub checkpoint: DpCheckpoint,
}

impl SavedCount {
    /// The file of `checkpoint`, a count of `position` whose tables go to
    /// `spill_dir`.
    pub fn new(position: &Position, spill_dir: &Path, checkpoint: DpCheckpoint) -> SavedCount {
        SavedCount {
            schema_version: SCHEMA_VERSION,
            kind: KIND.to_owned(),
            opponent: position.opponent().to_vec(),
            spill_dir: spill_dir.to_owned(),
            checkpoint,
        }
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
            return Err(bad(format!("has schema_version {version:?}; this program reads {SCHEMA_VERSION}")));
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
        let saved = SavedCount::new(&position, dir.path(), checkpoint);
        let path = dir.path().join("count.json");
        saved.write(&path).unwrap();
        assert_eq!(SavedCount::read(&path).unwrap(), Some(saved.clone()));
        assert_eq!(saved.position().unwrap(), position);

        let batch = dir.path().join("batch.json");
        std::fs::write(&batch, r#"{"schema_version": 1, "kind": "batch"}"#).unwrap();
        assert_eq!(SavedCount::read(&batch).unwrap(), None);
        for bad in [
            "not json",
            r#"{"schema_version": 2, "kind": "kalah_dp_checkpoint"}"#,
            r#"{"schema_version": 1, "kind": "kalah_dp_checkpoint"}"#,
        ] {
            std::fs::write(&batch, bad).unwrap();
            let error = SavedCount::read(&batch).unwrap_err();
            assert!(error.to_string().starts_with("the checkpoint"), "{bad}: {error}");
        }
    }
}
