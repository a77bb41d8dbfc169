//! Work units: the independent pieces a long run is split into.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One unit of a run: its place in the run's fixed enumeration and a
/// stable id that people can read (`e2e4 e7e5` for a perft prefix).
///
/// ```
/// use plybench::batch::Unit;
///
/// let unit = Unit::new(3, "b1c3");
/// assert_eq!((unit.index, unit.id.as_str()), (3, "b1c3"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    /// Position in the enumeration, from 0.
    pub index: usize,
    /// The id: what the unit computes, in the study's own notation.
    pub id: String,
}

impl Unit {
    /// The unit at `index` with id `id`.
    pub fn new(index: usize, id: impl Into<String>) -> Unit {
        Unit { index, id: id.into() }
    }

    /// The units of a run from their ids, in enumeration order.
    pub fn enumerate<I: IntoIterator<Item = String>>(ids: I) -> Vec<Unit> {
        ids.into_iter().enumerate().map(|(index, id)| Unit { index, id }).collect()
    }
}

/// A completed unit as a batch file records it: the result is the study's
/// part (see [`super::Job::Part`]) as JSON, so that a file can be read and
/// checked before its study is known.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UnitRecord {
    /// Position in the enumeration, from 0.
    pub index: usize,
    /// The unit's id.
    pub id: String,
    /// Wall-clock seconds the unit took.
    pub seconds: f64,
    /// The unit's result.
    pub result: Value,
}

/// A completed unit with its result decoded: what [`super::Job::finish`]
/// sums.
#[derive(Clone, Debug, PartialEq)]
pub struct Completed<P> {
    /// The unit.
    pub unit: Unit,
    /// Wall-clock seconds it took.
    pub seconds: f64,
    /// Its result.
    pub part: P,
}
