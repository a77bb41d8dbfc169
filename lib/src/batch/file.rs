//! The one format of checkpoint and shard files, `plybench-batch/1`, with
//! its checksum and the checks made when a file is read.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{BatchError, Job, Shard, UnitRecord};
use crate::Result;
use crate::io_error::IoError;

/// The `format` field of every batch file.
pub const FORMAT: &str = "plybench-batch/1";

/// The most units a run may have.
pub const MAX_UNITS_TOTAL: usize = 10_000_000;

/// A checkpoint or shard file: which run it belongs to, which units it has
/// completed, and a checksum over all of it.
///
/// ```
/// use plybench::batch::BatchFile;
/// use serde_json::json;
///
/// let file = BatchFile::new("perft", vec!["perft".into()], json!({"depth": 3}), None, 20);
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
    /// The tool whose run this is: a [`Job::TOOL`](super::Job::TOOL).
    pub tool: String,
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
/// use plybench::batch::run_id;
/// use serde_json::json;
///
/// // Key order does not matter; values do.
/// assert_eq!(run_id("perft", &json!({"a": 1, "b": 2})), run_id("perft", &json!({"b": 2, "a": 1})));
/// assert_ne!(run_id("perft", &json!({"a": 1})), run_id("kalah", &json!({"a": 1})));
/// ```
pub fn run_id(tool: &str, params: &Value) -> String {
    format!("{:016x}", fnv1a64(format!("{tool}\n{}", canonical(params)).as_bytes()))
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
    pub fn new(tool: &str, command: Vec<String>, params: Value, shard: Option<Shard>, units_total: usize) -> BatchFile {
        let run_id = run_id(tool, &params);
        let mut file = BatchFile {
            format: FORMAT.to_owned(),
            tool: tool.to_owned(),
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
    pub fn parse(name: &str, text: &str) -> Result<BatchFile, BatchError> {
        let file = || name.to_owned();
        let value: Value = serde_json::from_str(text).map_err(|source| BatchError::NotJson { file: file(), source })?;
        if value.get("format").and_then(Value::as_str) != Some(FORMAT) {
            return Err(BatchError::NotBatchFile { file: file(), format: FORMAT });
        }
        let parsed: BatchFile =
            serde_json::from_value(value).map_err(|source| BatchError::Malformed { file: file(), source })?;
        if parsed.checksum != parsed.checksum_of_contents() {
            return Err(BatchError::Tampered { file: file() });
        }
        if parsed.units_total > MAX_UNITS_TOTAL {
            return Err(BatchError::ClaimsTooManyUnits {
                file: file(),
                units: parsed.units_total,
                max: MAX_UNITS_TOTAL,
            });
        }
        if parsed.run_id != run_id(&parsed.tool, &parsed.params) {
            return Err(BatchError::RunIdMismatch { file: file() });
        }
        let mut seen = BTreeSet::new();
        for unit in &parsed.units {
            if !parsed.owns(unit.index) {
                return Err(BatchError::ForeignUnit { file: file(), index: unit.index });
            }
            if !seen.insert(unit.index) {
                return Err(BatchError::UnitTwice { file: file(), index: unit.index });
            }
        }
        if parsed.complete != (parsed.units.len() == parsed.units_expected()) {
            return Err(BatchError::CompleteMismatch { file: file() });
        }
        Ok(parsed)
    }

    /// [`BatchFile::parse`] of the file at `path`.
    pub fn load(path: &Path) -> Result<BatchFile> {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|source| IoError::read(path, source))?;
        Ok(BatchFile::parse(&name, &text)?)
    }

    /// The parameters of the run, as job `J`'s: what continues the run
    /// from this file alone. Refuses a file of another tool
    /// ([`BatchError::OtherTool`]; `name` is for messages) and parameters
    /// that do not decode ([`BatchError::BadParams`]).
    ///
    /// ```
    /// use plybench::batch::BatchFile;
    /// use plybench::study::perft::split::{PerftParams, PerftSplit};
    /// use plybench::engine::chess::{Repr, Setup};
    ///
    /// let params = PerftParams::new(&Setup::starting(), 3, &[Repr::X88], Some(1))?;
    /// let file = BatchFile::new("perft", vec![], serde_json::to_value(&params).unwrap(), None, 20);
    /// assert_eq!(file.params_of::<PerftSplit>("run.json")?, params);
    /// let other = BatchFile::new("kalah", vec![], file.params.clone(), None, 20);
    /// assert!(other.params_of::<PerftSplit>("k.json").unwrap_err().to_string().contains("k.json holds a run of kalah, not of perft"));
    /// # Ok::<(), plybench::Error>(())
    /// ```
    pub fn params_of<J: Job>(&self, name: &str) -> Result<J::Params, BatchError> {
        if self.tool != J::TOOL {
            return Err(BatchError::OtherTool { file: name.to_owned(), tool: self.tool.clone(), expected: J::TOOL });
        }
        serde_json::from_value(self.params.clone()).map_err(|source| BatchError::BadParams { tool: J::TOOL, source })
    }

    /// Refuses a file (`name` is for messages) that is not of the run
    /// `expected` describes: another tool, other parameters, another shard.
    pub fn check_same_run(&self, name: &str, expected: &BatchFile) -> Result<(), BatchError> {
        if self.tool != expected.tool || self.run_id != expected.run_id {
            return Err(BatchError::OtherRun {
                file: name.to_owned(),
                run: format!("{} {}, run_id {}", self.tool, canonical(&self.params), self.run_id),
                expected: expected.run_id.clone(),
            });
        }
        if self.shard != expected.shard || self.units_total != expected.units_total {
            let show = |s: Option<Shard>| s.map_or("none".to_owned(), |s| s.to_string());
            return Err(BatchError::OtherShard {
                file: name.to_owned(),
                shard: show(self.shard),
                expected: show(expected.shard),
            });
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
            "perft",
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
        other.run_id = run_id(&other.tool, &other.params);
        let err = other.check_same_run("old.json", &file).unwrap_err().to_string();
        assert!(err.contains("old.json belongs to another run") && !err.contains('\n'), "{err}");
        let mut shard = sample();
        shard.shard = Some(Shard::new(1, 3).unwrap());
        assert!(shard.check_same_run("s", &file).unwrap_err().to_string().contains("is shard 1/3, not 2/3"));
        assert!(sample().check_same_run("s", &file).is_ok());
    }

    /// A job whose parameters are one number, to read files as.
    struct Depth;

    impl Job for Depth {
        const TOOL: &'static str = "perft";
        type Params = u32;
        type Part = u64;
        fn units(_: &u32) -> Result<Vec<String>> {
            Ok(Vec::new())
        }
        fn run_unit(_: &u32, _: &crate::batch::Unit) -> Result<u64> {
            Ok(0)
        }
        fn finish(_: &u32, _: Vec<crate::batch::Completed<u64>>) -> Result<crate::batch::Outcome> {
            Ok(crate::batch::Outcome { tables: Vec::new(), json: None })
        }
    }

    #[test]
    fn params_are_read_as_the_tool_s_own() {
        let file = BatchFile::new("perft", vec![], json!(7), None, 3);
        assert_eq!(file.params_of::<Depth>("f").unwrap(), 7);
        let err = sample().params_of::<Depth>("s.json").unwrap_err().to_string();
        assert_eq!(err, "invalid batch file: its params are not those of a perft run");
        let other = BatchFile::new("kalah", vec![], json!(7), None, 3);
        let err = other.params_of::<Depth>("k.json").unwrap_err().to_string();
        assert_eq!(err, "k.json holds a run of kalah, not of perft; resume it with kalah");
    }

    #[test]
    fn canonical_json_sorts_keys() {
        assert_eq!(
            canonical(&json!({"b": [1, {"d": null, "c": "x"}], "a": 1.5})),
            r#"{"a":1.5,"b":[1,{"c":"x","d":null}]}"#
        );
    }
}
