//! Two report directories compared: what a change to the code moved.
//!
//! `plybench compare OLD NEW` pairs the tables of two directories written
//! by `plybench reproduce --out` (and `perft deep --out`) by file, their
//! rows by their [`Kind::Key`] columns, and compares each field by its kind
//! ([`crate::study::schema`]):
//!
//! - [`Kind::Exact`] and [`Kind::Verdict`]: any difference is a
//!   [`Status::Changed`], a failure. Integers compare exactly, reals to a
//!   relative 10⁻⁹ (the last bits of a mean can differ between platforms'
//!   maths libraries);
//! - [`Kind::Speed`]: a move beyond the threshold, relative to the old
//!   value, is [`Status::Slower`] or [`Status::Faster`], a warning, shown
//!   with the noise of each measurement when the table gives it;
//! - [`Kind::Info`] and [`Kind::Key`]: not compared.
//!
//! A file, row or column present on one side only is listed
//! ([`Status::OnlyInOld`], [`Status::OnlyInNew`]) and is not a failure by
//! itself: the summary table's counts of matches, which every report has,
//! change when a study loses figures.

mod read;

use crate::quote::quote;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde_json::Value;

use crate::report::{Cell, Column, Table};
use crate::study::schema::{ColumnSchema, Kind};
use crate::{Error, Result};

pub use read::{Document, ReportDir, Row, TableFile, parse_file, read_report_dir};

/// The default threshold of a speed change: 10 %.
pub const DEFAULT_THRESHOLD: f64 = 0.10;

/// Reals within this relative distance are equal.
const REAL_TOLERANCE: f64 = 1e-9;

/// How two reports are compared.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Options {
    /// A speed that moved by more than this fraction of its old value is
    /// reported (0.1 for 10 %).
    pub threshold: f64,
}

impl Default for Options {
    fn default() -> Self {
        Options { threshold: DEFAULT_THRESHOLD }
    }
}

/// Parses a threshold: a percentage, `10%` or `10`, from 0 to 1000.
/// Returns a fraction.
///
/// ```
/// use plybench::study::compare::parse_threshold;
///
/// assert_eq!(parse_threshold("10%")?, 0.1);
/// assert_eq!(parse_threshold("2.5")?, 0.025);
/// assert!(parse_threshold("-3%").is_err());
/// assert!(parse_threshold("ten").is_err());
/// # Ok::<(), plybench::Error>(())
/// ```
pub fn parse_threshold(text: &str) -> Result<f64> {
    let number = text.trim().strip_suffix('%').unwrap_or(text.trim()).trim();
    match number.parse::<f64>() {
        Ok(percent) if (0.0..=1000.0).contains(&percent) => Ok(percent / 100.0),
        _ => Err(Error::invalid(
            "threshold",
            format!("{}; expected a percentage from 0% to 1000%, such as 10% or 25", quote(text)),
        )),
    }
}

/// What happened to one thing between the two reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Status {
    /// A count or a verdict differs: a failure.
    Changed,
    /// A speed fell by more than the threshold: a warning.
    Slower,
    /// A speed rose by more than the threshold.
    Faster,
    /// A file, row or column of the old report is not in the new one.
    OnlyInOld,
    /// A file, row or column of the new report is not in the old one.
    OnlyInNew,
}

impl Status {
    /// The stable name used in every output format.
    pub fn name(self) -> &'static str {
        match self {
            Status::Changed => "changed",
            Status::Slower => "slower",
            Status::Faster => "faster",
            Status::OnlyInOld => "only in old",
            Status::OnlyInNew => "only in new",
        }
    }
}

/// One difference between the reports.
#[derive(Clone, Debug, PartialEq)]
pub struct Change {
    /// The file (`perft_published.json`).
    pub file: String,
    /// The table's id.
    pub table: String,
    /// The row, as its key fields (`position=kiwipete, depth=3`); `None`
    /// for a whole file or column.
    pub row: Option<String>,
    /// The field (column key); `None` for a whole file or row.
    pub field: Option<String>,
    /// The field's kind, for a field or column.
    pub kind: Option<Kind>,
    /// The old value.
    pub old: Option<Value>,
    /// The new value.
    pub new: Option<Value>,
    /// For a speed: new over old, minus one.
    pub change: Option<f64>,
    /// For a speed: the old measurement's relative noise, when given.
    pub old_noise: Option<f64>,
    /// For a speed: the new measurement's relative noise, when given.
    pub new_noise: Option<f64>,
    /// What happened.
    pub status: Status,
}

impl Change {
    fn whole(file: &str, table: &str, status: Status) -> Change {
        Change {
            file: file.to_owned(),
            table: table.to_owned(),
            row: None,
            field: None,
            kind: None,
            old: None,
            new: None,
            change: None,
            old_noise: None,
            new_noise: None,
            status,
        }
    }
}

/// The comparison of two report directories.
#[derive(Clone, Debug, PartialEq)]
pub struct ReportDiff {
    /// The old report.
    pub old: ReportDir,
    /// The new report.
    pub new: ReportDir,
    /// The threshold of speeds, a fraction.
    pub threshold: f64,
    /// Every difference, file by file.
    pub changes: Vec<Change>,
    /// Files in both reports.
    pub files: usize,
    /// Rows paired between the reports.
    pub rows: usize,
    /// Values compared (exact, verdict and speed fields of paired rows).
    pub values: usize,
}

/// Reads and compares two report directories.
pub fn compare_dirs(old: &Path, new: &Path, options: &Options) -> Result<ReportDiff> {
    Ok(compare(read_report_dir(old)?, read_report_dir(new)?, options))
}

/// Compares two reports already read.
pub fn compare(old: ReportDir, new: ReportDir, options: &Options) -> ReportDiff {
    let mut diff =
        ReportDiff { old, new, threshold: options.threshold, changes: Vec::new(), files: 0, rows: 0, values: 0 };
    let names: BTreeSet<&String> = diff.old.tables.keys().chain(diff.new.tables.keys()).collect();
    let mut changes = Vec::new();
    for name in names {
        match (diff.old.tables.get(name), diff.new.tables.get(name)) {
            (Some(old), Some(new)) => {
                diff.files += 1;
                let (rows, values) = compare_tables(name, old, new, options.threshold, &mut changes);
                diff.rows += rows;
                diff.values += values;
            }
            (Some(old), None) => changes.push(Change::whole(name, &old.id, Status::OnlyInOld)),
            (None, Some(new)) => changes.push(Change::whole(name, &new.id, Status::OnlyInNew)),
            (None, None) => {}
        }
    }
    diff.changes = changes;
    diff
}

/// Compares one table; returns the rows paired and the values compared.
fn compare_tables(
    file: &str,
    old: &TableFile,
    new: &TableFile,
    threshold: f64,
    out: &mut Vec<Change>,
) -> (usize, usize) {
    let table = new.id.as_str();
    let change = |row: Option<String>, field: Option<&str>, kind: Option<Kind>, status: Status| Change {
        row,
        field: field.map(str::to_owned),
        kind,
        ..Change::whole(file, table, status)
    };
    for column in &old.columns {
        if new.column(&column.key).is_none() {
            out.push(change(None, Some(&column.key), Some(column.kind), Status::OnlyInOld));
        }
    }
    for column in &new.columns {
        if old.column(&column.key).is_none() {
            out.push(change(None, Some(&column.key), Some(column.kind), Status::OnlyInNew));
        }
    }
    // The columns of both sides, with the new side's kind.
    let shared: Vec<(&ColumnSchema, &ColumnSchema)> =
        new.columns.iter().filter_map(|n| old.column(&n.key).map(|o| (o, n))).collect();
    let keys: Vec<&str> = shared.iter().filter(|(_, n)| n.kind == Kind::Key).map(|(_, n)| n.key.as_str()).collect();
    let old_rows = label_rows(&old.rows, &keys);
    let new_rows = label_rows(&new.rows, &keys);
    let new_index: BTreeMap<&str, usize> = new_rows.iter().enumerate().map(|(i, l)| (l.as_str(), i)).collect();
    let old_labels: BTreeSet<&str> = old_rows.iter().map(String::as_str).collect();
    let (mut paired, mut values) = (0, 0);
    for (o, label) in old_rows.iter().enumerate() {
        let Some(&n) = new_index.get(label.as_str()) else {
            out.push(change(Some(label.clone()), None, None, Status::OnlyInOld));
            continue;
        };
        paired += 1;
        let (old_row, new_row) = (&old.rows[o], &new.rows[n]);
        for (old_column, column) in &shared {
            let key = column.key.as_str();
            let (a, b) = (old_row.get(key).unwrap_or(&Value::Null), new_row.get(key).unwrap_or(&Value::Null));
            match column.kind {
                Kind::Exact | Kind::Verdict => {
                    values += 1;
                    if !same(a, b) {
                        out.push(Change {
                            old: Some(a.clone()),
                            new: Some(b.clone()),
                            ..change(Some(label.clone()), Some(key), Some(column.kind), Status::Changed)
                        });
                    }
                }
                Kind::Speed => {
                    let (Some(x), Some(y)) = (a.as_f64(), b.as_f64()) else { continue };
                    values += 1;
                    if !(x > 0.0 && x.is_finite() && y.is_finite()) {
                        continue;
                    }
                    let moved = y / x - 1.0;
                    if moved.abs() > threshold {
                        let noise = |row: &Row, c: &ColumnSchema| c.noise.as_ref().and_then(|k| row.get(k)?.as_f64());
                        out.push(Change {
                            old: Some(a.clone()),
                            new: Some(b.clone()),
                            change: Some(moved),
                            old_noise: noise(old_row, old_column),
                            new_noise: noise(new_row, column),
                            ..change(
                                Some(label.clone()),
                                Some(key),
                                Some(Kind::Speed),
                                if moved < 0.0 { Status::Slower } else { Status::Faster },
                            )
                        });
                    }
                }
                Kind::Key | Kind::Info => {}
            }
        }
    }
    for label in new_rows.iter().filter(|l| !old_labels.contains(l.as_str())) {
        out.push(change(Some(label.clone()), None, None, Status::OnlyInNew));
    }
    (paired, values)
}

/// Each row's label: its key fields (`depth=3, repr=x88`), or its number
/// when the table has no key; a label seen before gets `(#2)`, `(#3)`...
fn label_rows(rows: &[Row], keys: &[&str]) -> Vec<String> {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    rows.iter()
        .enumerate()
        .map(|(i, row)| {
            let label = if keys.is_empty() {
                format!("#{}", i + 1)
            } else {
                let parts: Vec<String> =
                    keys.iter().map(|k| format!("{k}={}", text(row.get(*k).unwrap_or(&Value::Null)))).collect();
                parts.join(", ")
            };
            let count = seen.entry(label.clone()).or_insert(0);
            *count += 1;
            if *count > 1 { format!("{label} (#{count})") } else { label }
        })
        .collect()
}

/// A value as people read it: strings without quotes, the rest as JSON.
fn text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Whether two values are the same: integers exactly, reals to
/// [`REAL_TOLERANCE`], lists and objects element by element.
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            if let (Some(x), Some(y)) = (x.as_u64(), y.as_u64()) {
                return x == y;
            }
            if let (Some(x), Some(y)) = (x.as_i64(), y.as_i64()) {
                return x == y;
            }
            match (x.as_f64(), y.as_f64()) {
                (Some(x), Some(y)) => x == y || (x - y).abs() <= REAL_TOLERANCE * x.abs().max(y.abs()),
                _ => false,
            }
        }
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y)),
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

/// A JSON value as a table cell; reals keep the digits they were written
/// with, except speeds, shown as whole numbers.
fn cell(value: &Value, kind: Option<Kind>) -> Cell {
    match value {
        Value::Null => Cell::Null,
        Value::Bool(b) => Cell::Bool(*b),
        Value::Number(n) => match (n.as_u64(), n.as_i64(), n.as_f64()) {
            (Some(u), _, _) => Cell::from(u),
            (None, Some(i), _) => Cell::Int(i),
            (None, None, Some(f)) if kind == Some(Kind::Speed) => Cell::float(f, 0),
            (None, None, Some(f)) => {
                let written = f.to_string();
                let decimals = written.split_once('.').map_or(0, |(_, d)| d.len().min(17));
                Cell::float(f, decimals as u8)
            }
            _ => Cell::Text(n.to_string()),
        },
        Value::String(s) => Cell::Text(s.clone()),
        Value::Array(items) => Cell::List(items.iter().map(|v| cell(v, kind)).collect()),
        Value::Object(_) => Cell::Text(value.to_string()),
    }
}

impl ReportDiff {
    /// How many changes have `status`.
    pub fn count(&self, status: Status) -> usize {
        self.changes.iter().filter(|c| c.status == status).count()
    }

    /// Whether no count or verdict changed.
    pub fn counts_agree(&self) -> bool {
        self.count(Status::Changed) == 0
    }

    /// Whether the comparison fails: a count or verdict changed, or, when
    /// `speed_fails`, a speed fell beyond the threshold. A speed-up never
    /// fails.
    pub fn failed(&self, speed_fails: bool) -> bool {
        !self.counts_agree() || (speed_fails && self.count(Status::Slower) > 0)
    }

    /// The differences, one row each: `file`, `table`, `row`, `field`,
    /// `kind`, `old`, `new`, `change_percent`, `old_noise_percent`,
    /// `new_noise_percent`, `status`.
    pub fn table(&self) -> Table {
        let mut table = Table::new(
            "compare",
            &format!("Changes from {} to {}", self.old.path.display(), self.new.path.display()),
            vec![
                Column::new("file", "File"),
                Column::new("table", "Table"),
                Column::new("row", "Row"),
                Column::new("field", "Field"),
                Column::new("kind", "Kind"),
                Column::new("old", "Old"),
                Column::new("new", "New"),
                Column::new("change_percent", "Change %"),
                Column::new("old_noise_percent", "Old noise %"),
                Column::new("new_noise_percent", "New noise %"),
                Column::new("status", "Status"),
            ],
        );
        let percent = |f: Option<f64>| f.map_or(Cell::Null, |f| Cell::float(100.0 * f, 1));
        for c in &self.changes {
            table.push(vec![
                c.file.as_str().into(),
                c.table.as_str().into(),
                Cell::opt(c.row.clone()),
                Cell::opt(c.field.clone()),
                Cell::opt(c.kind.map(Kind::name)),
                c.old.as_ref().map_or(Cell::Null, |v| cell(v, c.kind)),
                c.new.as_ref().map_or(Cell::Null, |v| cell(v, c.kind)),
                percent(c.change),
                percent(c.old_noise),
                percent(c.new_noise),
                c.status.name().into(),
            ]);
        }
        let threshold = 100.0 * self.threshold;
        if self.changes.is_empty() {
            table.note(format!(
                "No difference: {} files, {} rows, {} values compared; no speed moved beyond {threshold}%.",
                self.files, self.rows, self.values
            ));
        }
        table.note(format!(
            "changed: a count or verdict differs, a failure. slower, faster: a speed moved beyond {threshold}% of \
             its old value, a warning; noise is the median absolute deviation of the timed runs over their median, \
             where the report gives it. only in old, only in new: a file, row or column on one side only."
        ));
        let (old_budget, new_budget) = (self.old.run_field("budget"), self.new.run_field("budget"));
        if let (Some(o), Some(n)) = (&old_budget, &new_budget)
            && o != n
        {
            table.note(format!(
                "OLD ran at the {o} budget and NEW at the {n} budget: rows on one side only are expected."
            ));
        }
        if let (Some(o), Some(n)) = (self.old.run_field("machine"), self.new.run_field("machine"))
            && o != n
        {
            table
                .note(format!("OLD ran on {o} and NEW on {n}: their speeds compare the machines as much as the code."));
        }
        if let (Some(o), Some(n)) = (self.old.run_field("compiler"), self.new.run_field("compiler"))
            && o != n
        {
            table.note(format!("OLD was built by {o} and NEW by {n}: their speeds compare the compilers too."));
        }
        table
    }

    /// One record: the two reports (path, commit, budget, machine, compiler), the
    /// threshold, what was compared and how many changes of each status.
    pub fn summary(&self) -> Table {
        let run = |dir: &ReportDir, field: &str| Cell::opt(dir.run_field(field));
        let count = |status: Status| Cell::from(self.count(status) as u64);
        Table::record(
            "compare_summary",
            "Comparison",
            vec![
                ("old", "Old report", self.old.path.display().to_string().into()),
                ("new", "New report", self.new.path.display().to_string().into()),
                ("old_commit", "Old commit", run(&self.old, "commit")),
                ("new_commit", "New commit", run(&self.new, "commit")),
                ("old_budget", "Old budget", run(&self.old, "budget")),
                ("new_budget", "New budget", run(&self.new, "budget")),
                ("old_machine", "Old machine", run(&self.old, "machine")),
                ("new_machine", "New machine", run(&self.new, "machine")),
                ("old_compiler", "Old compiler", run(&self.old, "compiler")),
                ("new_compiler", "New compiler", run(&self.new, "compiler")),
                ("threshold_percent", "Speed threshold %", Cell::float(100.0 * self.threshold, 1)),
                ("files_compared", "Files compared", (self.files as u64).into()),
                ("rows_compared", "Rows compared", (self.rows as u64).into()),
                ("values_compared", "Values compared", (self.values as u64).into()),
                ("changed", "Counts or verdicts changed", count(Status::Changed)),
                ("slower", "Speeds slower", count(Status::Slower)),
                ("faster", "Speeds faster", count(Status::Faster)),
                ("only_in_old", "Only in old", count(Status::OnlyInOld)),
                ("only_in_new", "Only in new", count(Status::OnlyInNew)),
                ("counts_agree", "Counts agree", self.counts_agree().into()),
            ],
        )
    }
}

#[cfg(test)]
mod tests;
