//! The extension point: a job whose run splits into work units, and what a
//! finished run prints.

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::{Completed, Unit};
use crate::Result;
use crate::report::{Table, Tally};

/// What a finished run prints: the same tables and JSON whether it ran on
/// one machine, resumed from a checkpoint, or was merged from shards.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// The tables, for the table, CSV and Markdown formats. Their verdicts
    /// decide [`Outcome::passed`].
    pub tables: Vec<Table>,
    /// The JSON document, for the JSON format; `None`: the tables' own
    /// document, the one a run without work units prints (`id`, `title`
    /// and the fields of a single table, each table under its id for
    /// several).
    pub json: Option<Value>,
}

impl Outcome {
    /// Whether every figure agrees with its published value: the verdicts
    /// of the tables, by the one rule [`Tally::passed`] (the exit status: 0
    /// if so, 1 if not).
    pub fn passed(&self) -> bool {
        Tally::of(&self.tables).passed()
    }
}

/// A computation that splits into independent work units whose results sum
/// exactly. Everything is resolved at compile time: the driver
/// [`super::run`] and [`super::merge::finish_as`] are generic over it.
///
/// The contract:
/// - [`Job::units`] depends on the parameters only, so that every process
///   of a run enumerates the same units in the same order;
/// - [`Job::run_unit`] depends on the parameters and the unit only (never
///   on threads or timing), so a unit computed anywhere gives one result;
/// - [`Job::finish`] is exact: integer sums, no float that depends on the
///   order of summation in any count.
pub trait Job {
    /// The tool's name, written in batch files (`"tool": "perft"`) and
    /// hashed into the run id. Each job has its own.
    const TOOL: &'static str;
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
