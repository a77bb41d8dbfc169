//! The extension point: a study whose run splits into work units, and the
//! tools that have one.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{Completed, Unit};
use crate::report::Table;
use crate::{Error, Result};

/// The tools whose runs can be checkpointed and sharded. A batch file names
/// its tool; `plybench merge` dispatches on it at compile time
/// ([`super::merge::finish_records`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Tool {
    /// Chess perft: units are the legal move prefixes of a fixed length.
    Perft,
    /// Bell's Kalah count: units are subtrees.
    Kalah,
    /// Alpha-beta on random trees: units are batches of trees.
    Alphabeta,
}

impl Tool {
    /// Every tool.
    pub const ALL: [Tool; 3] = [Tool::Perft, Tool::Kalah, Tool::Alphabeta];

    /// The tool's name, as in batch files and on the command line.
    ///
    /// ```
    /// assert_eq!(plybench::batch::Tool::Alphabeta.name(), "alphabeta");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Tool::Perft => "perft",
            Tool::Kalah => "kalah",
            Tool::Alphabeta => "alphabeta",
        }
    }

    /// The tool named `name`.
    pub fn from_name(name: &str) -> Result<Tool> {
        Tool::ALL
            .into_iter()
            .find(|t| t.name() == name)
            .ok_or_else(|| Error::invalid("tool", format!("{name:?}; expected one of perft, kalah, alphabeta")))
    }
}

/// What a finished run prints: the same tables and JSON whether it ran on
/// one machine, resumed from a checkpoint, or was merged from shards.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// The tables, for the table, CSV and Markdown formats.
    pub tables: Vec<Table>,
    /// The JSON document, for the JSON format.
    pub json: Value,
    /// Whether every figure agrees with its published value (the exit
    /// status: 0 if so, 1 if not).
    pub ok: bool,
}

/// A study that splits into independent work units whose results sum
/// exactly. Everything is resolved at compile time: the driver
/// [`super::run`] and [`super::merge::finish_records`] are generic over it.
///
/// The contract:
/// - [`Study::units`] depends on the parameters only, so that every process
///   of a run enumerates the same units in the same order;
/// - [`Study::run_unit`] depends on the parameters and the unit only (never
///   on threads or timing), so a unit computed anywhere gives one result;
/// - [`Study::finish`] is exact: integer sums, no float that depends on the
///   order of summation in any count.
pub trait Study {
    /// The tool, named in batch files.
    const TOOL: Tool;
    /// The parameters that define the run: hashed into the run id, written
    /// in every batch file.
    type Params: Serialize + DeserializeOwned + Sync;
    /// One unit's result.
    type Part: Serialize + DeserializeOwned + Send;

    /// The units' ids, in enumeration order.
    fn units(params: &Self::Params) -> Result<Vec<String>>;

    /// Computes one unit.
    fn run_unit(params: &Self::Params, unit: &Unit) -> Result<Self::Part>;

    /// The run's result from the parts of every unit, given in index order.
    fn finish(params: &Self::Params, parts: Vec<Completed<Self::Part>>) -> Result<Outcome>;
}
