//! The errors of batch runs.

use crate::quote::quote;
use std::path::PathBuf;

/// What can go wrong in a batch run. Messages give the reason only: the
/// caller adds which input it came from, and the command line's words for
/// the fix (which flag to give instead).
#[derive(Debug, thiserror::Error)]
pub enum BatchError {
    /// A file that is not JSON.
    #[error("invalid batch file: {file}: not JSON")]
    NotJson {
        /// The file.
        file: String,
        /// What the JSON parser said.
        #[source]
        source: serde_json::Error,
    },
    /// A JSON file without the batch format's marker.
    #[error("invalid batch file: {file}: not a plybench batch file (no \"format\": \"{format}\")")]
    NotBatchFile {
        /// The file.
        file: String,
        /// The marker expected ([`super::FORMAT`]).
        format: &'static str,
    },
    /// A batch file whose fields do not have the format's shape.
    #[error("invalid batch file: {file}: malformed")]
    Malformed {
        /// The file.
        file: String,
        /// What the JSON decoder said.
        #[source]
        source: serde_json::Error,
    },
    /// A file whose checksum does not match its contents: altered or
    /// truncated after it was written.
    #[error("invalid batch file: {file}: checksum mismatch: the file was altered or truncated; rerun its units")]
    Tampered {
        /// The file.
        file: String,
    },
    /// A file that claims more units than a run may have.
    #[error("invalid batch file: {file}: it claims {units} units, past the limit of {max}")]
    ClaimsTooManyUnits {
        /// The file.
        file: String,
        /// The units it claims.
        units: usize,
        /// The limit ([`super::MAX_UNITS_TOTAL`]).
        max: usize,
    },
    /// A file whose run id is not that of its tool and parameters.
    #[error("invalid batch file: {file}: its run_id does not match its tool and params")]
    RunIdMismatch {
        /// The file.
        file: String,
    },
    /// A file recording a unit that is not of its run or shard.
    #[error("invalid batch file: {file}: unit {index} does not belong to this run or shard")]
    ForeignUnit {
        /// The file.
        file: String,
        /// The unit's index.
        index: usize,
    },
    /// A file recording a unit twice.
    #[error("invalid batch file: {file}: unit {index} is recorded twice")]
    UnitTwice {
        /// The file.
        file: String,
        /// The unit's index.
        index: usize,
    },
    /// A file whose `complete` flag contradicts its units.
    #[error("invalid batch file: {file}: its \"complete\" flag does not match its units")]
    CompleteMismatch {
        /// The file.
        file: String,
    },
    /// A file to resume that holds another run (other tool or parameters).
    #[error(
        "{file} belongs to another run ({run}); this command is run_id {expected}: give the same parameters or another file"
    )]
    OtherRun {
        /// The file.
        file: String,
        /// Its tool, parameters (canonical JSON) and run id:
        /// `perft {"depth":3}, run_id 0123456789abcdef`.
        run: String,
        /// The run id of the run asked for.
        expected: String,
    },
    /// A file to resume that another tool wrote.
    #[error("{file} holds a run of {tool}, not of {expected}; resume it with {tool}")]
    OtherTool {
        /// The file.
        file: String,
        /// Its tool.
        tool: String,
        /// The tool asked to resume it.
        expected: &'static str,
    },
    /// A file to resume that holds another shard of the run.
    #[error("{file} is shard {shard}, not {expected}: give the same shard")]
    OtherShard {
        /// The file.
        file: String,
        /// Its shard (`K/N`, or `none` for a whole run).
        shard: String,
        /// The shard asked for.
        expected: String,
    },
    /// A new checkpoint would overwrite a file, which may be a run to resume.
    #[error("{} exists", .path.display())]
    Exists {
        /// The file.
        path: PathBuf,
    },
    /// A run asked both to start a new checkpoint and to resume one.
    #[error("a run either starts a new checkpoint or resumes one, not both")]
    CheckpointAndResume,
    /// A run of more units than any run may have.
    #[error("too large: {units} units, past the limit of {max}")]
    TooManyUnits {
        /// The units of the run.
        units: usize,
        /// The limit ([`super::MAX_UNITS_TOTAL`]).
        max: usize,
    },
    /// A shard spec that is not `K/N`.
    #[error("{}; expected K/N with 1 <= K <= N, e.g. 2/8", quote(.text))]
    ShardSyntax {
        /// What was given.
        text: String,
    },
    /// A shard count of 0 or past [`super::MAX_SHARDS`].
    #[error("{k}/{n}: N must be from 1 to {max}")]
    ShardCount {
        /// The shard number.
        k: u32,
        /// The shard count.
        n: u32,
        /// The limit ([`super::MAX_SHARDS`]).
        max: u32,
    },
    /// A shard number outside 1..=N.
    #[error("{k}/{n}: K must be from 1 to N={n}")]
    ShardNumber {
        /// The shard number.
        k: u32,
        /// The shard count.
        n: u32,
    },
    /// A merge of no file.
    #[error("invalid merge: no files given; name the shard or checkpoint files of one run")]
    NoFiles,
    /// A merge of files of different runs.
    #[error("invalid merge: {file} belongs to another run ({run}) than {first}")]
    MixedRuns {
        /// The file that differs.
        file: String,
        /// Its tool and run id: `perft run_id 0123456789abcdef`.
        run: String,
        /// The first file, with its tool and run id:
        /// `s1.json (perft run_id 0123456789abcdef)`.
        first: String,
    },
    /// A merge in which units are recorded by two files.
    #[error(
        "invalid merge: {count} units are recorded twice, e.g. in {file} and {other}: units {units}; give each shard once"
    )]
    Duplicated {
        /// How many units are recorded twice.
        count: usize,
        /// A file that records one of them.
        file: String,
        /// Another file that records it.
        other: String,
        /// Some of them: index and id.
        units: String,
    },
    /// A merge in which units are missing.
    #[error(
        "invalid merge: {missing} of {total} units are missing (indices {indices}): {}",
        if absent_shards.is_empty() { "a file is missing or incomplete".to_owned() } else { format!("shards {} are not given", absent_shards.join(", ")) }
    )]
    Missing {
        /// How many units are missing.
        missing: usize,
        /// The units of the run.
        total: usize,
        /// Some of the missing indices.
        indices: String,
        /// The shards (`K/N`) of which no file is given, when every file is
        /// a shard of the same count; empty otherwise (a file is then
        /// missing or incomplete).
        absent_shards: Vec<String>,
    },
    /// A file of a tool whose runs the caller cannot finish.
    #[error("invalid batch file: its tool is {tool:?}; expected one of {}", .known.join(", "))]
    UnknownTool {
        /// The file's tool.
        tool: String,
        /// The tools known.
        known: Vec<&'static str>,
    },
    /// Parameters that do not decode as the tool's.
    #[error("invalid batch file: its params are not those of a {tool} run")]
    BadParams {
        /// The tool.
        tool: &'static str,
        /// What the JSON decoder said.
        #[source]
        source: serde_json::Error,
    },
    /// A unit's result that does not decode as the tool's.
    #[error("invalid batch file: unit {index} ({id}) has no valid {tool} result")]
    BadResult {
        /// The unit's index.
        index: usize,
        /// The unit's id.
        id: String,
        /// The tool.
        tool: &'static str,
        /// What the JSON decoder said.
        #[source]
        source: serde_json::Error,
    },
    /// A unit recorded that is not pending: a bug of the caller.
    #[error("unit {index} is not a pending unit of this run")]
    NotPending {
        /// The unit's index.
        index: usize,
    },
    /// A job's parameters or unit result that cannot be written as JSON: a
    /// bug of the job.
    #[error("the {what} cannot be written as JSON")]
    Serialize {
        /// `parameters` or `unit result`.
        what: &'static str,
        /// What the JSON encoder said.
        #[source]
        source: serde_json::Error,
    },
    /// The thread pool could not be started.
    #[error("cannot start a pool of {threads} threads")]
    ThreadPool {
        /// The threads asked for.
        threads: usize,
        /// What rayon said.
        #[source]
        source: rayon::ThreadPoolBuildError,
    },
    /// The run was cancelled (see [`super::Cancel`]); its checkpoint holds the
    /// units completed.
    #[error(
        "interrupted: {done} of {total} units {}",
        match path { Some(path) => format!("saved to {}", path.display()), None => "done, none saved".to_owned() }
    )]
    Interrupted {
        /// Units completed and saved.
        done: usize,
        /// Units of the run or shard.
        total: usize,
        /// The checkpoint they are saved in, if the run has one.
        path: Option<PathBuf>,
    },
}

impl BatchError {
    /// Whether the error is the user's to fix (a file from another run, a
    /// tampered file, a shard that does not fit) rather than the
    /// environment's or a bug's. An interruption is neither: binaries exit
    /// with status 130 for it.
    pub fn is_usage(&self) -> bool {
        !matches!(
            self,
            BatchError::NotPending { .. }
                | BatchError::Serialize { .. }
                | BatchError::ThreadPool { .. }
                | BatchError::Interrupted { .. }
        )
    }
}
