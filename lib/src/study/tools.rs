//! The tools whose runs split into work units ([`crate::batch`]): the list,
//! and the dispatch a merge of batch files needs, resolved at compile time.
//!
//! [`crate::batch`] names no study: a batch file records its tool's name
//! ([`Job::TOOL`]), and a merge calls [`finish_records`] with it.
//!
//! ```
//! use plybench::batch::{RunOptions, Shard, run};
//! use plybench::study::tools::merge_loaded;
//! use plybench::study::perft::split::{PerftParams, PerftSplit};
//! use plybench::engine::chess::{Repr, Setup};
//!
//! // perft(3) of the initial position, split after one ply, in two shards.
//! let params = PerftParams::new(&Setup::starting(), 3, &[Repr::Bitboard], Some(1))?;
//! let shard = |k| RunOptions { shard: Some(Shard::new(k, 2).unwrap()), threads: 1, ..RunOptions::default() };
//! let one = run::<PerftSplit>(&params, &shard(1))?.file;
//! let two = run::<PerftSplit>(&params, &shard(2))?.file;
//! let merged = merge_loaded(&[("1.json".into(), one), ("2.json".into(), two)])?;
//! assert_eq!(merged.outcome.json.as_ref().map(|json| json["results"][0]["nodes"].clone()), Some(8_902.into()));
//! # Ok::<(), plybench::Error>(())
//! ```

use std::path::PathBuf;

use serde_json::Value;

use crate::Result;
use crate::batch::merge::{self, Merged, finish_as};
use crate::batch::{BatchError, BatchFile, Job, Outcome, UnitRecord};
use crate::study::alphabeta::batches::RandomSplit;
use crate::study::go::legal::moduli::LegalModuli;
use crate::study::kalah::units::KalahSplit;
use crate::study::perft::split::PerftSplit;

/// The tools whose runs can be checkpointed and sharded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tool {
    /// Chess perft: units are the legal move prefixes of a fixed length
    /// ([`PerftSplit`]).
    Perft,
    /// Bell's Kalah count: units are subtrees ([`KalahSplit`]).
    Kalah,
    /// Alpha-beta on random trees: units are batches of trees
    /// ([`RandomSplit`]).
    Alphabeta,
    /// Legal Go positions by residues: units are primes
    /// ([`LegalModuli`]).
    GoLegal,
}

impl Tool {
    /// Every tool.
    pub const ALL: [Tool; 4] = [Tool::Perft, Tool::Kalah, Tool::Alphabeta, Tool::GoLegal];

    /// The tool's name, as in batch files and on the command line: its
    /// job's [`Job::TOOL`].
    ///
    /// ```
    /// assert_eq!(plybench::study::tools::Tool::Alphabeta.name(), "alphabeta");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Tool::Perft => PerftSplit::TOOL,
            Tool::Kalah => KalahSplit::TOOL,
            Tool::Alphabeta => RandomSplit::TOOL,
            Tool::GoLegal => LegalModuli::TOOL,
        }
    }

    /// The tool named `name`.
    pub fn from_name(name: &str) -> Result<Tool, BatchError> {
        Tool::ALL.into_iter().find(|t| t.name() == name).ok_or_else(|| BatchError::UnknownTool {
            tool: name.to_owned(),
            known: Tool::ALL.iter().map(|t| t.name()).collect(),
        })
    }
}

/// The result of run (`tool`, `params`) from all its units, by index: the
/// dispatch on the tool, resolved at compile time. A [`merge::Finish`] for
/// [`crate::batch::merge`].
pub fn finish_records(tool: &str, params: &Value, units: &[UnitRecord]) -> Result<Outcome> {
    match Tool::from_name(tool)? {
        Tool::Perft => finish_as::<PerftSplit>(params, units),
        Tool::Kalah => finish_as::<KalahSplit>(params, units),
        Tool::Alphabeta => finish_as::<RandomSplit>(params, units),
        Tool::GoLegal => finish_as::<LegalModuli>(params, units),
    }
}

/// Loads the batch files at `paths` and merges them, whatever their tool
/// ([`merge::merge_files`] with [`finish_records`]): what `plybench merge`
/// runs.
pub fn merge_files(paths: &[PathBuf]) -> Result<Merged> {
    merge::merge_files(paths, &finish_records)
}

/// Merges loaded batch files (each with a name for messages), whatever
/// their tool ([`merge::merge_loaded`] with [`finish_records`]).
pub fn merge_loaded(files: &[(String, BatchFile)]) -> Result<Merged> {
    merge::merge_loaded(files, &finish_records)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::batch::merge::round_robin_table;
    use crate::batch::{RunOptions, Shard, run, run_id};
    use crate::engine::chess::{Repr, Setup};
    use crate::report::Cell;
    use crate::study::perft::split::PerftParams;

    /// Shards of a small perft run (start position, depth 2, split 1), each
    /// unit's count computed for real.
    fn shards(n: u32) -> Vec<(String, BatchFile)> {
        let params = PerftParams::new(&Setup::starting(), 2, &[Repr::X88], Some(1)).unwrap();
        (1..=n)
            .map(|k| {
                let options =
                    RunOptions { shard: Some(Shard::new(k, n).unwrap()), threads: 1, ..RunOptions::default() };
                (format!("s{k}.json"), run::<PerftSplit>(&params, &options).unwrap().file)
            })
            .collect()
    }

    #[test]
    fn shards_merge_into_the_whole_count() {
        let merged = merge_loaded(&shards(3)).unwrap();
        assert_eq!(merged.outcome.json.as_ref().unwrap()["results"][0]["nodes"], json!(400));
        assert_eq!(merged.units.len(), 20);
        assert_eq!(merged.balance.rows.len(), 3);
        assert!(merged.outcome.passed());
    }

    #[test]
    fn missing_duplicated_and_foreign_files_are_named() {
        let three = shards(3);
        let err = merge_loaded(&three[..2]).unwrap_err().to_string();
        assert!(err.contains("6 of 20 units are missing") && err.contains("shards 3/3 are not given"), "{err}");
        let twice = [three.clone(), vec![three[1].clone()]].concat();
        let err = merge_loaded(&twice).unwrap_err().to_string();
        assert!(err.contains("7 units are recorded twice") && err.contains("s2.json and s2.json"), "{err}");
        let mut foreign = three.clone();
        let other = &shards(2)[0].1;
        let mut alien = other.clone();
        alien.params["depth"] = json!(3);
        alien.run_id = run_id(&alien.tool, &alien.params);
        foreign[2] = ("alien.json".to_owned(), alien);
        let err = merge_loaded(&foreign).unwrap_err().to_string();
        assert!(err.contains("alien.json belongs to another run"), "{err}");
        let err = merge_loaded(&[]).unwrap_err().to_string();
        assert!(err.contains("no files given") && !err.contains('\n'), "{err}");
    }

    #[test]
    fn round_robin_spreads_the_recorded_seconds() {
        let merged = merge_loaded(&shards(2)).unwrap();
        let table = round_robin_table(&merged.units, &[1, 2, 20]);
        assert_eq!(table.rows.len(), 3);
        assert_eq!(table.rows[0][5], Cell::float(1.0, 2));
    }

    #[test]
    fn every_tool_is_named_once_and_an_unknown_one_is_refused() {
        for tool in Tool::ALL {
            assert_eq!(Tool::from_name(tool.name()).unwrap(), tool);
        }
        assert_eq!(Tool::ALL.map(Tool::name), ["perft", "kalah", "alphabeta", "go-legal"]);
        let err = finish_records("go", &json!({}), &[]).unwrap_err();
        assert!(err.is_usage());
        assert_eq!(
            err.to_string(),
            "invalid batch file: its tool is \"go\"; expected one of perft, kalah, alphabeta, go-legal"
        );
    }
}
