//! The one format of checkpoint and shard files, `plybench-batch/1`, with
//! its checksum and the checks made when a file is read.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{Shard, Tool, UnitRecord};
use crate::{Error, Result};

/// The `format` field of every batch file.
pub const FORMAT: &str = "plybench-batch/1";

/// A checkpoint or shard file: which run it belongs to, which units it has
/// completed, and a checksum over all of it.
///
/// ```
/// use plybench::batch::{BatchFile, Tool};
/// use serde_json::json;
///
/// let file = BatchFile::new(Tool::Perft, vec!["perft".into()], json!({"depth": 3}), None, 20);
/// let text = file.to_text();
/// assert_eq!(BatchFile::parse("run.json", &text)?.run_id, file.run_id);
/// assert!(BatchFile::parse("run.json", &text.replace("\"units_total\": 20", "\"units_total\": 21")).is_err());
/// # Ok::<(), plybench::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BatchFile {
    /// Always [`FORMAT`].
    pub format: String,
    /// The tool whose run this is.
    pub tool: Tool,
    /// The command line that wrote the file.
    pub command: Vec<String>,
    /// The study parameters that define the run.
    pub params: Value,
    /// [`run_id`] of `tool` and `params`.
    pub run_id: String,
    /// The shard, or `None` for a whole run.
    pub shard: Option<Shard>,
    /// How many units the whole run has (every shard together).
    pub units_total: usize,
    /// The completed units, by index.
    pub units: Vec<UnitRecord>,
    /// Whether every unit of the shard (or of the run) is here.
    pub complete: bool,
    /// [`BatchFile::checksum_of_contents`] when the file was written.
    pub checksum: String,
}

/// The id of a run: FNV-1a (64 bits, hex) of the tool's name and the
/// canonical JSON of its parameters. Two files with the same id hold parts
/// of the same computation.
///
/// ```
/// use plybench::batch::{Tool, run_id};
/// use serde_json::json;
///
/// // Key order does not matter; values do.
/// assert_eq!(run_id(Tool::Perft, &json!({"a": 1, "b": 2})), run_id(Tool::Perft, &json!({"b": 2, "a": 1})));
/// assert_ne!(run_id(Tool::Perft, &json!({"a": 1})), run_id(Tool::Kalah, &json!({"a": 1})));
/// ```
pub fn run_id(tool: Tool, params: &Value) -> String {
    format!("{:016x}", fnv1a64(format!("{}\n{}", tool.name(), canonical(params)).as_bytes()))
}

/// FNV-1a, 64 bits.
fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// JSON with object keys sorted at every level and no spaces: the same
/// text for the same value, whatever order the keys came in.
pub fn canonical(value: &Value) -> String {
    let mut out = String::new();
    write_canonical(value, &mut out);
    out
}

fn write_canonical(value: &Value, out: &mut String) {
    match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            out.push('{');
            for (i, key) in keys.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&Value::String(key.clone()).to_string());
                out.push(':');
                write_canonical(&map[key], out);
            }
            out.push('}');
        }
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_canonical(item, out);
            }
            out.push(']');
        }
        scalar => {
            let _ = write!(out, "{scalar}");
        }
    }
}

impl BatchFile {
    /// A file of run (`tool`, `params`) with no unit completed yet.
    pub fn new(tool: Tool, command: Vec<String>, params: Value, shard: Option<Shard>, units_total: usize) -> BatchFile {
        let run_id = run_id(tool, &params);
        let mut file = BatchFile {
            format: FORMAT.to_owned(),
            tool,
            command,
            params,
            run_id,
            shard,
            units_total,
            units: Vec::new(),
            complete: false,
            checksum: String::new(),
        };
        file.complete = file.units_expected() == 0;
        file
    }

    /// How many units this file must hold to be complete: the shard's share
    /// of the run, or all of it.
    pub fn units_expected(&self) -> usize {
        self.shard.map_or(self.units_total, |s| s.len_of(self.units_total))
    }

    /// Whether unit `index` belongs to this file's shard.
    pub fn owns(&self, index: usize) -> bool {
        index < self.units_total && self.shard.is_none_or(|s| s.contains(index))
    }

    /// The checksum of everything but the `checksum` field: FNV-1a (64
    /// bits, hex) of the canonical JSON.
    pub fn checksum_of_contents(&self) -> String {
        let mut value = serde_json::to_value(self).expect("a batch file serializes");
        if let Value::Object(map) = &mut value {
            map.remove("checksum");
        }
        format!("{:016x}", fnv1a64(canonical(&value).as_bytes()))
    }

    /// The file's text: units sorted by index, `complete` and the checksum
    /// brought up to date.
    pub fn to_text(&self) -> String {
        let mut file = self.clone();
        file.units.sort_by_key(|u| u.index);
        file.complete = file.units.len() == file.units_expected();
        file.checksum = file.checksum_of_contents();
        serde_json::to_string_pretty(&file).expect("a batch file serializes") + "\n"
    }

    /// Reads a file's text (`name` is for messages) and checks it: the
    /// format, the checksum, the run id, and units that belong to the
    /// shard, each once.
    pub fn parse(name: &str, text: &str) -> Result<BatchFile> {
        let bad = |why: String| Error::invalid("batch file", format!("{name}: {why}"));
        let value: Value = serde_json::from_str(text).map_err(|e| bad(format!("not JSON ({e})")))?;
        if value.get("format").and_then(Value::as_str) != Some(FORMAT) {
            return Err(bad(format!("not a plybench batch file (no \"format\": \"{FORMAT}\")")));
        }
        let file: BatchFile = serde_json::from_value(value).map_err(|e| bad(format!("malformed ({e})")))?;
        if file.checksum != file.checksum_of_contents() {
            return Err(bad("checksum mismatch: the file was altered or truncated; rerun its units".to_owned()));
        }
        if file.run_id != run_id(file.tool, &file.params) {
            return Err(bad("its run_id does not match its tool and params".to_owned()));
        }
        let mut seen = BTreeSet::new();
        for unit in &file.units {
            if !file.owns(unit.index) {
                return Err(bad(format!("unit {} does not belong to this run or shard", unit.index)));
            }
            if !seen.insert(unit.index) {
                return Err(bad(format!("unit {} is recorded twice", unit.index)));
            }
        }
        if file.complete != (file.units.len() == file.units_expected()) {
            return Err(bad("its \"complete\" flag does not match its units".to_owned()));
        }
        Ok(file)
    }

    /// [`BatchFile::parse`] of the file at `path`.
    pub fn load(path: &Path) -> Result<BatchFile> {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path)
            .map_err(|e| Error::invalid("batch file", format!("cannot read {name}: {e}")))?;
        BatchFile::parse(&name, &text)
    }

    /// Refuses a file (`name` is for messages) that is not of the run
    /// `expected` describes: another tool, other parameters, another shard.
    pub fn check_same_run(&self, name: &str, expected: &BatchFile) -> Result<()> {
        if self.tool != expected.tool || self.run_id != expected.run_id {
            return Err(Error::invalid(
                "--resume",
                format!(
                    "{name} belongs to another run ({} {}, run_id {}); this command is run_id {}: give the same parameters or another file",
                    self.tool.name(),
                    canonical(&self.params),
                    self.run_id,
                    expected.run_id
                ),
            ));
        }
        if self.shard != expected.shard || self.units_total != expected.units_total {
            let show = |s: Option<Shard>| s.map_or("none".to_owned(), |s| s.to_string());
            return Err(Error::invalid(
                "--resume",
                format!("{name} is shard {}, not {}: give the same --shard", show(self.shard), show(expected.shard)),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn sample() -> BatchFile {
        let mut file = BatchFile::new(
            Tool::Perft,
            vec!["perft".into(), "--depth".into(), "3".into()],
            json!({"fen": "8/8/8/8/8/8/8/K6k w - - 0 1", "depth": 3}),
            Some(Shard::new(2, 3).unwrap()),
            10,
        );
        for index in [4, 1] {
            file.units.push(UnitRecord {
                index,
                id: format!("u{index}"),
                seconds: 0.1 + index as f64 / 7.0,
                result: json!({"nodes": [index * 1000]}),
            });
        }
        file
    }

    #[test]
    fn a_file_reads_back_as_written() {
        let file = sample();
        let back = BatchFile::parse("f", &file.to_text()).unwrap();
        assert_eq!(back.units.iter().map(|u| u.index).collect::<Vec<_>>(), [1, 4]);
        assert_eq!(back.units[1].seconds, file.units[0].seconds);
        assert!(!back.complete);
        assert_eq!(back.to_text(), file.to_text());
    }

    #[test]
    fn the_checksum_rejects_any_change() {
        let text = sample().to_text();
        for (from, to) in
            [("4000", "4001"), ("\"u4\"", "\"u5\""), ("\"depth\": 3", "\"depth\": 4"), ("perft\",", "kalah\",")]
        {
            assert!(text.contains(from), "{from}");
            let err = BatchFile::parse("f.json", &text.replacen(from, to, 1)).unwrap_err().to_string();
            assert!(err.contains("checksum mismatch") && !err.contains('\n'), "{err}");
        }
        let truncated = &text[..text.len() / 2];
        assert!(BatchFile::parse("f.json", truncated).unwrap_err().to_string().contains("not JSON"));
        assert!(BatchFile::parse("f.json", "{}").unwrap_err().to_string().contains("not a plybench batch file"));
    }

    #[test]
    fn a_file_must_be_consistent_even_with_a_fresh_checksum() {
        let mut file = sample();
        file.units.push(file.units[0].clone());
        let err = BatchFile::parse("f", &file.to_text()).unwrap_err().to_string();
        assert!(err.contains("unit 4 is recorded twice"), "{err}");
        let mut file = sample();
        file.units[0].index = 5; // shard 2/3 owns 1, 4, 7
        let err = BatchFile::parse("f", &file.to_text()).unwrap_err().to_string();
        assert!(err.contains("unit 5 does not belong"), "{err}");
        let mut file = sample();
        file.run_id = "0".repeat(16);
        let err = BatchFile::parse("f", &file.to_text()).unwrap_err().to_string();
        assert!(err.contains("run_id does not match"), "{err}");
    }

    #[test]
    fn another_run_is_refused() {
        let file = sample();
        let mut other = sample();
        other.params = json!({"fen": "8/8/8/8/8/8/8/K6k w - - 0 1", "depth": 4});
        other.run_id = run_id(other.tool, &other.params);
        let err = other.check_same_run("old.json", &file).unwrap_err().to_string();
        assert!(err.contains("old.json belongs to another run") && !err.contains('\n'), "{err}");
        let mut shard = sample();
        shard.shard = Some(Shard::new(1, 3).unwrap());
        assert!(shard.check_same_run("s", &file).unwrap_err().to_string().contains("is shard 1/3, not 2/3"));
        assert!(sample().check_same_run("s", &file).is_ok());
    }

    #[test]
    fn canonical_json_sorts_keys() {
        assert_eq!(
            canonical(&json!({"b": [1, {"d": null, "c": "x"}], "a": 1.5})),
            r#"{"a":1.5,"b":[1,{"c":"x","d":null}]}"#
        );
    }
}
