//! What one part of a study gives the report (the Go and rules studies are
//! built of parts).

use crate::report::Table;
use crate::report::plot::Plot;

/// The tables, plots and reading of one part of a study.
#[derive(Clone, Debug, Default)]
pub struct Part {
    /// Tables, published figures beside computed ones.
    pub tables: Vec<Table>,
    /// Plots.
    pub plots: Vec<Plot>,
    /// A short reading, one paragraph per entry.
    pub reading: Vec<String>,
}
