//! Reading a report directory: its `run.json` and one table per JSON file,
//! with each column's kind.
//!
//! Files of schema version 1 describe their columns themselves. Files
//! written before the schema had a version (an array of row objects per
//! table, and `perft-deep.json` without `columns`) are read with the kinds
//! that [`crate::study::schema`] declares for their table.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::{Map, Value};

use crate::io_error::IoError;
use crate::study::schema::{ColumnSchema, Kind, SCHEMA_VERSION, declared_columns};
use crate::{Error, Result};

/// One row: field name to value.
pub type Row = Map<String, Value>;

/// One table of a report.
#[derive(Clone, Debug, PartialEq)]
pub struct TableFile {
    /// The table's id (`perft_published`).
    pub id: String,
    /// The file's `schema_version`; 0 for a file written before versions.
    pub schema_version: u64,
    /// The columns, each with its kind.
    pub columns: Vec<ColumnSchema>,
    /// The rows.
    pub rows: Vec<Row>,
}

impl TableFile {
    /// The column whose key is `key`.
    pub fn column(&self, key: &str) -> Option<&ColumnSchema> {
        self.columns.iter().find(|c| c.key == key)
    }
}

/// A report directory as read.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ReportDir {
    /// The directory.
    pub path: PathBuf,
    /// `run.json`: the run's command, budget, seed, commit, machine and
    /// start time; `None` in reports written before it existed.
    pub run: Option<Row>,
    /// The tables, by file name (`perft_published.json`).
    pub tables: BTreeMap<String, TableFile>,
}

impl ReportDir {
    /// A text field of `run.json`, if present.
    pub fn run_field(&self, field: &str) -> Option<String> {
        let value = self.run.as_ref()?.get(field)?;
        Some(value.as_str().map_or_else(|| value.to_string(), str::to_owned))
    }
}

const FIX: &str = "give a directory written by `plybench reproduce --out DIR`";
const REWRITE: &str = "write the report again with `plybench reproduce --out DIR`";

/// Reads every `*.json` file of `dir` (not its subdirectories). A
/// directory that cannot be read or holds no JSON file, a file that is not
/// JSON or not a report table, or one written by a newer schema, is an
/// [`Error::InvalidInput`] or a read [`IoError`].
pub fn read_report_dir(dir: &Path) -> Result<ReportDir> {
    let bad_dir = |why: String| Error::invalid("report directory", format!("{}: {why}; {FIX}", dir.display()));
    let entries = std::fs::read_dir(dir).map_err(|e| bad_dir(e.to_string()))?;
    let mut paths = Vec::new();
    for entry in entries {
        let path = entry.map_err(|e| bad_dir(e.to_string()))?.path();
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        if path.is_file() && name.ends_with(".json") && !name.starts_with('.') {
            paths.push((name, path));
        }
    }
    if paths.is_empty() {
        return Err(bad_dir("holds no .json file".to_owned()));
    }
    paths.sort();
    let mut report = ReportDir { path: dir.to_owned(), ..ReportDir::default() };
    for (name, path) in paths {
        let text = std::fs::read_to_string(&path).map_err(|e| IoError::read(&path, e))?;
        let stem = name.trim_end_matches(".json");
        match parse_file(stem, &text)
            .map_err(|why| Error::invalid("report file", format!("{}: {why}", path.display())))?
        {
            Document::Run(run) => report.run = Some(run),
            Document::Table(table) => {
                report.tables.insert(name, table);
            }
        }
    }
    Ok(report)
}

/// `text` with every integer past `u64` (a count of 20 digits or more,
/// such as Kalah's sequences past 48 pits, which the report files write
/// digit for digit) turned into a JSON string of its digits. `serde_json`
/// reads such a number as an `f64`, keeping 16 of its digits: two counts
/// that differ in the last ones would compare equal. As text they compare
/// exactly, and show every digit.
pub fn big_integers_as_text(text: &str) -> std::borrow::Cow<'_, str> {
    let bytes = text.as_bytes();
    let mut out: Option<String> = None;
    let (mut i, mut copied) = (0, 0);
    let mut in_string = false;
    while i < bytes.len() {
        let b = bytes[i];
        if in_string {
            match b {
                b'\\' => i += 1,
                b'"' => in_string = false,
                _ => {}
            }
            i += 1;
            continue;
        }
        if b == b'"' {
            in_string = true;
            i += 1;
            continue;
        }
        if b.is_ascii_digit() || b == b'-' {
            let start = i;
            i += 1;
            while i < bytes.len() && (bytes[i].is_ascii_digit() || b".eE+-".contains(&bytes[i])) {
                i += 1;
            }
            let token = &text[start..i];
            let integer = token.trim_start_matches('-');
            if integer.len() >= 20 && integer.bytes().all(|d| d.is_ascii_digit()) && integer.parse::<u64>().is_err() {
                let out = out.get_or_insert_with(|| String::with_capacity(text.len() + 16));
                out.push_str(&text[copied..start]);
                out.push('"');
                out.push_str(token);
                out.push('"');
                copied = i;
            }
            continue;
        }
        i += 1;
    }
    match out {
        Some(mut out) => {
            out.push_str(&text[copied..]);
            std::borrow::Cow::Owned(out)
        }
        None => std::borrow::Cow::Borrowed(text),
    }
}

/// What a JSON file of a report holds.
#[derive(Clone, Debug, PartialEq)]
pub enum Document {
    /// `run.json`.
    Run(Row),
    /// A table.
    Table(TableFile),
}

/// Parses the text of `<stem>.json`. The error is the reason alone.
pub fn parse_file(stem: &str, text: &str) -> Result<Document, String> {
    let text = big_integers_as_text(text);
    let value: Value = serde_json::from_str(&text).map_err(|e| format!("not JSON ({e}); {REWRITE}"))?;
    match value {
        Value::Object(map) if map.contains_key("schema_version") => {
            let version = &map["schema_version"];
            let version =
                version.as_u64().ok_or_else(|| format!("schema_version {version} is not a version number"))?;
            if version > SCHEMA_VERSION {
                return Err(format!(
                    "schema_version {version} is newer than this plybench reads ({SCHEMA_VERSION}); compare with a \
                     newer plybench"
                ));
            }
            parse_versioned(version, map)
        }
        other => parse_unversioned(stem, other),
    }
}

fn parse_versioned(version: u64, mut map: Map<String, Value>) -> Result<Document, String> {
    let id = match map.get("id") {
        Some(Value::String(id)) => id.clone(),
        _ => return Err("no \"id\" string: not a plybench report file".to_owned()),
    };
    if id == "run" {
        return Ok(Document::Run(map));
    }
    let columns = match map.get("columns") {
        Some(Value::Array(columns)) => columns.iter().map(column).collect::<Result<Vec<_>, _>>()?,
        _ => return Err(format!("table {id} has no \"columns\" array")),
    };
    // A table's rows are under `rows`; perft-deep.json keeps them under `counts`.
    let rows = map.remove("rows").or_else(|| map.remove("counts"));
    let rows = match rows {
        Some(rows) => rows_of(&id, rows)?,
        None => return Err(format!("table {id} has no \"rows\" array")),
    };
    Ok(Document::Table(TableFile { id, schema_version: version, columns, rows }))
}

/// One entry of `columns`: `key`, `kind`, and optionally `header` and `noise`.
fn column(value: &Value) -> Result<ColumnSchema, String> {
    let text = |field: &str| value.get(field).and_then(Value::as_str);
    let key = text("key").ok_or_else(|| format!("column {value} has no \"key\""))?;
    let kind = text("kind").ok_or_else(|| format!("column {key} has no \"kind\""))?;
    let kind = Kind::from_name(kind).ok_or_else(|| {
        let names: Vec<&str> = Kind::ALL.iter().map(|k| k.name()).collect();
        format!("column {key} has kind {kind:?}; expected one of {}", names.join(", "))
    })?;
    Ok(ColumnSchema {
        key: key.to_owned(),
        header: text("header").map(str::to_owned),
        kind,
        noise: text("noise").map(str::to_owned),
    })
}

fn rows_of(id: &str, rows: Value) -> Result<Vec<Row>, String> {
    let Value::Array(rows) = rows else {
        return Err(format!("the rows of table {id} are not an array"));
    };
    rows.into_iter()
        .enumerate()
        .map(|(i, row)| match row {
            Value::Object(row) => Ok(row),
            other => Err(format!("row {} of table {id} is not an object: {other}", i + 1)),
        })
        .collect()
}

/// A file written before `schema_version`: a table is an array of rows
/// named by its file, and `perft-deep.json` an object with `counts`. Its
/// columns and their kinds come from the schema's declaration of the table.
fn parse_unversioned(stem: &str, value: Value) -> Result<Document, String> {
    let (id, rows) = match value {
        Value::Array(_) => (stem.to_owned(), value),
        Value::Object(mut map) if stem == "perft-deep" && map.contains_key("counts") => {
            ("perft_deep".to_owned(), map.remove("counts").unwrap_or_default())
        }
        _ => return Err("no schema_version, and not a table of plybench reproduce or perft deep".to_owned()),
    };
    let Some(declared) = declared_columns(&id) else {
        return Err(format!("no schema_version, and {id} is not a table this plybench knows; {REWRITE}"));
    };
    let rows = rows_of(&id, rows)?;
    let present = |key: &str| rows.iter().any(|r| r.contains_key(key));
    let mut columns: Vec<ColumnSchema> =
        declared.iter().filter(|(key, _)| present(key)).map(|(key, _)| ColumnSchema::of(&id, key, None)).collect();
    for row in &rows {
        for key in row.keys() {
            if !columns.iter().any(|c| &c.key == key) {
                columns.push(ColumnSchema::of(&id, key, None));
            }
        }
    }
    Ok(Document::Table(TableFile { id, schema_version: 0, columns, rows }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_past_u64_are_read_digit_for_digit() {
        let text = r#"{"n": 18668347193605702648325905, "s": "a \" 12345678901234567890123", "x": 1.5e30, "m": -7}"#;
        assert_eq!(
            big_integers_as_text(text),
            r#"{"n": "18668347193605702648325905", "s": "a \" 12345678901234567890123", "x": 1.5e30, "m": -7}"#
        );
        assert_eq!(
            big_integers_as_text("[18446744073709551615, 18446744073709551616]"),
            "[18446744073709551615, \"18446744073709551616\"]"
        );
        assert!(matches!(big_integers_as_text("[1, 2.5]"), std::borrow::Cow::Borrowed(_)));
    }

    fn table(doc: Result<Document, String>) -> TableFile {
        match doc.unwrap() {
            Document::Table(t) => t,
            other => panic!("not a table: {other:?}"),
        }
    }

    #[test]
    fn a_versioned_table_describes_its_columns() {
        let text = r#"{"schema_version": 1, "id": "t", "title": "T",
            "columns": [{"key": "n", "kind": "key"}, {"key": "nps", "kind": "speed", "noise": "spread"}],
            "rows": [{"n": 1, "nps": 5.0}], "notes": []}"#;
        let t = table(parse_file("t", text));
        assert_eq!((t.id.as_str(), t.schema_version, t.rows.len()), ("t", 1, 1));
        assert_eq!(t.column("nps").unwrap().kind, Kind::Speed);
        assert_eq!(t.column("nps").unwrap().noise.as_deref(), Some("spread"));
    }

    #[test]
    fn an_unversioned_table_takes_the_declared_kinds() {
        let t = table(parse_file("kalah_table", r#"[{"pits": 1, "move_sequences": 1, "seconds": 0.1, "extra": 3}]"#));
        assert_eq!(t.schema_version, 0);
        let kinds: Vec<(&str, Kind)> = t.columns.iter().map(|c| (c.key.as_str(), c.kind)).collect();
        assert_eq!(
            kinds,
            [("pits", Kind::Key), ("move_sequences", Kind::Exact), ("seconds", Kind::Info), ("extra", Kind::Exact)]
        );
        let deep = table(parse_file("perft-deep", r#"{"repr": "bitboard", "counts": [{"name": "startpos-7"}]}"#));
        assert_eq!((deep.id.as_str(), deep.rows.len()), ("perft_deep", 1));
    }

    #[test]
    fn run_json_is_the_run() {
        let doc = parse_file("run", r#"{"schema_version": 1, "id": "run", "budget": "quick"}"#).unwrap();
        assert!(matches!(doc, Document::Run(run) if run["budget"] == "quick"));
    }

    #[test]
    fn bad_files_say_why() {
        let cases = [
            ("t", "{ not json", "not JSON"),
            ("t", r#"{"schema_version": 99, "id": "t"}"#, "newer than this plybench"),
            ("t", r#"{"schema_version": "1", "id": "t"}"#, "not a version number"),
            ("t", r#"{"schema_version": 1, "columns": []}"#, "no \"id\""),
            ("t", r#"{"schema_version": 1, "id": "t", "rows": []}"#, "no \"columns\""),
            ("t", r#"{"schema_version": 1, "id": "t", "columns": []}"#, "no \"rows\""),
            (
                "t",
                r#"{"schema_version": 1, "id": "t", "columns": [{"key": "a", "kind": "count"}], "rows": []}"#,
                "expected one of key",
            ),
            ("t", r#"{"schema_version": 1, "id": "t", "columns": [{"kind": "key"}], "rows": []}"#, "no \"key\""),
            (
                "t",
                r#"{"schema_version": 1, "id": "t", "columns": [], "rows": [1]}"#,
                "row 1 of table t is not an object",
            ),
            ("t", r#"{"schema_version": 1, "id": "t", "columns": [], "rows": {}}"#, "not an array"),
            ("mystery", r#"[{"a": 1}]"#, "not a table this plybench knows"),
            ("mystery", r#"{"a": 1}"#, "not a table of plybench"),
            ("mystery", "42", "not a table of plybench"),
        ];
        for (stem, text, needle) in cases {
            let error = parse_file(stem, text).unwrap_err();
            assert!(error.contains(needle), "{text}: {error}");
        }
    }

    #[test]
    fn directories_that_are_not_reports_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let error = read_report_dir(dir.path()).unwrap_err().to_string();
        assert!(error.contains("holds no .json file") && error.contains("plybench reproduce --out"), "{error}");
        let missing = dir.path().join("absent");
        let error = read_report_dir(&missing).unwrap_err();
        assert!(error.is_usage() && error.to_string().contains("absent"), "{error}");
        std::fs::write(dir.path().join("broken.json"), "[1,").unwrap();
        let error = read_report_dir(dir.path()).unwrap_err();
        assert!(error.is_usage() && error.to_string().contains("broken.json: not JSON"), "{error}");
    }
}
