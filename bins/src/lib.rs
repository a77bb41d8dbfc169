//! Plumbing shared by the plybench binaries: the `--format` flag, printing,
//! and turning errors into one line on stderr and an exit status.
//!
//! Exit statuses: 0 success, 1 a failure of the environment (I/O) or a
//! published figure not reproduced, 2 a usage error or bad input, 130 a
//! run interrupted by SIGINT or SIGTERM (its checkpoint saved).
//! Signals are handled here, not in the library: a batch run takes a
//! [`Cancel`] handle that the signal handler triggers, and a run that saves
//! itself at its own safe points watches [`STOP`] ([`stop_on_signal`]).

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard, OnceLock, PoisonError};

use plybench::Error;
use plybench::batch::{BatchError, Cancel, Job, Outcome, RunOptions, Shard};
use plybench::engine::limit::check_threads;
use plybench::quote::one_line;
use plybench::report::{Format, Shape, Table, check_file_writable};

pub mod generate;
pub mod progress;
pub mod resume;

/// Writes `text` to stdout. A closed pipe (`kalah table | head`) ends the
/// output quietly instead of panicking.
pub fn print(text: &str) -> anyhow::Result<()> {
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}

/// The version of the layout of what the binaries print with `--format
/// json`, written first in every document as `schema_version`. Within a
/// version fields are only added; a field that is renamed, removed or
/// changes meaning raises it. (The report files that `plybench reproduce`
/// and `perft deep --out` write carry their own version: see
/// `docs/report-schema.md`.)
pub const OUTPUT_SCHEMA_VERSION: u64 = 1;

/// The members that every JSON document printed on stdout starts with; no
/// table or result may use them as a field of its own.
const RESERVED: [&str; 3] = ["schema_version", "id", "title"];

/// Prints `tables` in `format`. Terminal and Markdown tables are separated
/// by a blank line; CSV prints each table with its header. JSON gets one
/// object, `schema_version` first:
/// - one table of rows: `id`, `title` and the rows as `rows`;
/// - one record: `id`, `title` and the record's fields;
/// - several tables: each under its id, in id order.
pub fn emit(tables: &[&Table], format: Format) -> anyhow::Result<()> {
    let text = match format {
        Format::Json => tables_json(tables, &[])?,
        _ => tables.iter().map(|t| t.render(format)).collect::<Vec<_>>().join("\n"),
    };
    print(&text)
}

/// The JSON document of [`emit`], with the `extra` tables after it, each
/// under its id. It is written from each table's own JSON: a
/// `serde_json::Value` cannot hold the counts past `u64` that the tables
/// keep exact.
fn tables_json(tables: &[&Table], extra: &[&Table]) -> anyhow::Result<String> {
    let trailing: Vec<(&str, String)> = extra.iter().map(|t| (t.id.as_str(), t.render(Format::Json))).collect();
    if let [one] = tables {
        let mut fields = vec![("id", serde_json::to_string(&one.id)?), ("title", serde_json::to_string(&one.title)?)];
        let body = one.render(Format::Json);
        return match one.shape {
            Shape::Rows => {
                fields.push(("rows", body));
                json_document(&fields, None, &trailing)
            }
            Shape::Object => {
                check_reserved(&one.id, one.columns.iter().map(|c| c.key.as_str()))?;
                json_document(&fields, Some(&body), &trailing)
            }
        };
    }
    let mut sorted = tables.to_vec();
    sorted.sort_by(|a, b| a.id.cmp(&b.id));
    check_reserved("the tables", sorted.iter().map(|t| t.id.as_str()))?;
    let members: Vec<(&str, String)> = sorted.iter().map(|t| (t.id.as_str(), t.render(Format::Json))).collect();
    json_document(&members, None, &trailing)
}

/// Prints `value`, a JSON object, as a document of its own:
/// `schema_version` first, then the object's fields.
pub fn print_json(value: &serde_json::Value) -> anyhow::Result<()> {
    let serde_json::Value::Object(map) = value else {
        anyhow::bail!("internal error: a JSON result that is not an object");
    };
    check_reserved("the result", map.keys().map(String::as_str))?;
    print(&json_document(&[], Some(&serde_json::to_string_pretty(value)?), &[])?)
}

/// Prints a batch run's result (see `plybench::batch`) in `format`, then
/// `extra` tables: JSON is the result's document (its own, or its tables'
/// as [`emit`] prints them, the same a run without work units prints) with
/// each extra table added under its id; the other formats print the
/// result's tables and the extras one after the other.
pub fn emit_outcome(outcome: &Outcome, extra: &[&Table], format: Format) -> anyhow::Result<()> {
    if format == Format::Json {
        let Some(json) = &outcome.json else {
            return print(&tables_json(&outcome.tables.iter().collect::<Vec<_>>(), extra)?);
        };
        let mut json = json.clone();
        if let serde_json::Value::Object(map) = &mut json {
            for table in extra {
                map.insert(table.id.clone(), serde_json::to_value(table)?);
            }
        }
        return print_json(&json);
    }
    let tables: Vec<&Table> = outcome.tables.iter().chain(extra.iter().copied()).collect();
    emit(&tables, format)
}

/// One pretty JSON object: `schema_version`, then `fields` (each a name
/// and its value's JSON text), then the members of `object` (an object's
/// JSON text as `serde_json` pretty-prints it), then `trailing` (as
/// `fields`), each indented one level.
fn json_document(
    fields: &[(&str, String)],
    object: Option<&str>,
    trailing: &[(&str, String)],
) -> anyhow::Result<String> {
    let member = |(name, value): &(&str, String)| -> anyhow::Result<String> {
        Ok(format!("  {}: {}", serde_json::to_string(name)?, value.trim_end().replace('\n', "\n  ")))
    };
    let mut members = vec![format!("  \"schema_version\": {OUTPUT_SCHEMA_VERSION}")];
    for field in fields {
        members.push(member(field)?);
    }
    if let Some(object) = object {
        let inner = object.trim().strip_prefix('{').and_then(|o| o.strip_suffix('}'));
        let inner = inner.ok_or_else(|| anyhow::anyhow!("internal error: a JSON record that is not an object"))?;
        // The members of a pretty-printed object are already one level in.
        if !inner.trim().is_empty() {
            members.push(inner.trim_matches('\n').to_owned());
        }
    }
    for field in trailing {
        members.push(member(field)?);
    }
    Ok(format!("{{\n{}\n}}\n", members.join(",\n")))
}

/// Fails, naming `what`, when one of `names` is a member every document
/// already has: a programming error, caught by the tests of each output.
fn check_reserved<'a>(what: &str, mut names: impl Iterator<Item = &'a str>) -> anyhow::Result<()> {
    match names.find(|name| RESERVED.contains(name)) {
        Some(name) => anyhow::bail!("internal error: {what} has a field named {name}, which the JSON output reserves"),
        None => Ok(()),
    }
}

/// Runs job `J` in work units (`--checkpoint`, `--resume`, `--shard`)
/// with `threads` units at once and prints the result: the job's tables
/// for a whole run, the shard's summary for a shard. Returns whether the
/// result agrees with its published values (always true for a shard).
///
/// Checks `--threads` (1 to 1024). A shard given no file writes to
/// [`default_shard_file`], which it names on stderr. With a file, SIGINT
/// and SIGTERM save it, print how to resume on stderr and exit with status
/// 130 ([`INTERRUPTED`]).
pub fn run_batch<J: Job>(
    params: &J::Params,
    mut checkpoint: Option<PathBuf>,
    resume: Option<PathBuf>,
    shard: Option<Shard>,
    threads: usize,
    format: Format,
) -> anyhow::Result<bool> {
    if let (Some(shard), None, None) = (shard, &checkpoint, &resume) {
        let path = default_shard_file(J::TOOL, shard);
        let name = path.display();
        if path.exists() {
            return Err(Usage::flag(
                "--shard",
                format!("{name} exists (the default file of shard {shard}); continue it with --resume {name}, remove it, or give --checkpoint FILE"),
            )
            .into());
        }
        let _ = writeln!(io::stderr(), "{}: shard {shard} writes to {name}", program_name());
        checkpoint = Some(path);
    }
    let threads = check_threads(threads).flag("--threads")?;
    if let Some(path) = &checkpoint
        && !path.is_file()
    {
        // Before any unit is computed; an existing file is refused below,
        // with how to continue it.
        check_file_writable(path).flag("--checkpoint")?;
    }
    let cancel = Cancel::new();
    if checkpoint.is_some() || resume.is_some() {
        save_on_signal(&cancel)?;
    }
    let options = RunOptions { checkpoint, resume, shard, threads, command: std::env::args().collect(), cancel };
    let finished = plybench::batch::run::<J>(params, &options).map_err(name_batch_flags)?;
    match &finished.outcome {
        Some(outcome) => {
            emit_outcome(outcome, &[], format)?;
            Ok(outcome.passed())
        }
        None => {
            emit(&[&finished.summary_table()], format)?;
            Ok(true)
        }
    }
}

/// The file a shard writes to when given no `--checkpoint`:
/// `<tool>-shard-K-of-N.json` in the current directory.
pub fn default_shard_file(tool: &str, shard: Shard) -> PathBuf {
    PathBuf::from(format!("{tool}-shard-{}-of-{}.json", shard.k(), shard.n()))
}

/// Says which flag a batch error came from, and gives the fix in the
/// command line's words. Other errors pass unchanged.
pub fn name_batch_flags(error: Error) -> anyhow::Error {
    let Error::Batch(batch) = &error else {
        return error.into();
    };
    match batch {
        BatchError::Exists { path } => {
            let path = path.display();
            Usage::flag("--checkpoint", format!("{path} exists; continue it with --resume {path}, or remove it")).into()
        }
        BatchError::Missing { absent_shards, .. } if absent_shards.is_empty() => {
            Usage(format!("{error} (resume it with --resume FILE)")).into()
        }
        BatchError::OtherRun { .. } | BatchError::OtherShard { .. } | BatchError::OtherTool { .. } => {
            FlagError::new("--resume", error).into()
        }
        BatchError::CheckpointAndResume => FlagError::new("--checkpoint", error).into(),
        _ => error.into(),
    }
}

/// The exit status after an interruption (128 + SIGINT, as shells report it).
pub const INTERRUPTED: u8 = 130;

/// Held while the process prints its last words on an interruption, so
/// that the signal handler and the main thread never both print.
static EXITING: Mutex<()> = Mutex::new(());

/// The run the signal handler stops, and whether the handler is installed.
static ACTIVE: Mutex<Option<Cancel>> = Mutex::new(None);
static INSTALLED: OnceLock<Result<(), String>> = OnceLock::new();

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// From now on, SIGINT and SIGTERM cancel the run of `cancel`, which saves
/// its checkpoint at once (even mid-unit); the handler then prints
/// `interrupted: N of U units saved to FILE; resume with --resume FILE` on
/// stderr and exits with status [`INTERRUPTED`]. The handler is installed
/// once per process.
pub fn save_on_signal(cancel: &Cancel) -> anyhow::Result<()> {
    *lock(&ACTIVE) = Some(cancel.clone());
    install_handler()
}

fn install_handler() -> anyhow::Result<()> {
    INSTALLED
        .get_or_init(|| ctrlc::set_handler(on_signal).map_err(|e| e.to_string()))
        .clone()
        .map_err(|e| anyhow::anyhow!("cannot install the signal handler ({e})"))
}

/// Set by the first SIGINT or SIGTERM after [`stop_on_signal`]: the run
/// saves itself at its next safe point and stops.
pub static STOP: AtomicBool = AtomicBool::new(false);

/// Whether a signal sets [`STOP`] rather than exiting.
static STOP_ON_SIGNAL: AtomicBool = AtomicBool::new(false);

/// From now on, the first SIGINT or SIGTERM sets [`STOP`] and says on
/// stderr that the run is saving; the run then stops at its next safe
/// point, and the caller exits with [`INTERRUPTED`]. A second signal exits
/// at once, without saving.
pub fn stop_on_signal() -> anyhow::Result<()> {
    STOP_ON_SIGNAL.store(true, Ordering::SeqCst);
    install_handler()
}

fn on_signal() {
    if STOP_ON_SIGNAL.load(Ordering::SeqCst) && !STOP.swap(true, Ordering::SeqCst) {
        let _ = writeln!(io::stderr(), "stopping: saving at the next safe point (signal again to quit without saving)");
        return;
    }
    let _exiting = lock(&EXITING);
    let active = lock(&ACTIVE).clone();
    let line = match active.map(|cancel| cancel.cancel()) {
        Some(Ok(Some(interrupted))) => interrupted_line(&interrupted),
        Some(Ok(None)) | None => "interrupted".to_owned(),
        Some(Err(e)) => format!("interrupted: the checkpoint could not be saved: {:#}", anyhow::Error::from(e)),
    };
    let _ = writeln!(io::stderr(), "{line}");
    std::process::exit(INTERRUPTED.into());
}

/// What an interrupted run prints on stderr: how many units are saved and
/// how to resume.
fn interrupted_line(error: &BatchError) -> String {
    match error {
        BatchError::Interrupted { done, total, path: Some(path) } => {
            let path = path.display();
            format!("interrupted: {done} of {total} units saved to {path}; resume with --resume {path}")
        }
        BatchError::Interrupted { done, total, path: None } => {
            format!("interrupted: {done} of {total} units done, none saved (no --checkpoint)")
        }
        other => format!("interrupted: {other}"),
    }
}

/// A usage error worded by the binary: a flag that needs another, or the
/// library's reason with the command line's fix. Exit status 2.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct Usage(pub String);

impl Usage {
    /// `invalid FLAG: WHY`.
    pub fn flag(flag: &str, why: impl std::fmt::Display) -> Usage {
        Usage(format!("invalid {flag}: {why}"))
    }
}

/// A value of one command-line flag that the library refused. The message
/// names the flag, then the library's reason: `invalid --pits: 300 pits; at
/// most 255 are supported`. Exit status 2.
#[derive(Debug, thiserror::Error)]
#[error("invalid {flag}")]
pub struct FlagError {
    /// The flag, e.g. `--pits`.
    pub flag: &'static str,
    /// What the library said of its value (boxed: the library's error is
    /// large, and this one travels in every `Result` of a flag's value).
    #[source]
    pub source: Box<Error>,
}

impl FlagError {
    /// The library refused `flag`'s value with `error`.
    pub fn new(flag: &'static str, error: impl Into<Error>) -> FlagError {
        FlagError { flag, source: Box::new(error.into()) }
    }
}

/// Names the flag whose value a library call refused: each check is made
/// once, in the library, and each binary says which flag it came from.
pub trait Flag<T> {
    /// Wraps an error in a [`FlagError`] for `flag`.
    fn flag(self, flag: &'static str) -> Result<T, FlagError>;
}

impl<T, E: Into<Error>> Flag<T> for Result<T, E> {
    fn flag(self, flag: &'static str) -> Result<T, FlagError> {
        self.map_err(|e| FlagError::new(flag, e))
    }
}

/// Refuses `flag` when it was given on the command line of `matches` but
/// does not apply to the run (`applies` false): `invalid --levels: it
/// applies to --values discrete only`. A flag left at its default never
/// counts; `why` says when the flag applies, and the fix.
pub fn applies(matches: &clap::ArgMatches, flag: &str, applies: bool, why: &str) -> Result<(), Usage> {
    if applies || !resume::given(matches, flag) {
        return Ok(());
    }
    Err(Usage::flag(flag, why))
}

/// Tells the estimate of a long run on stderr, when stderr is a terminal
/// and the run takes ten seconds or more
/// ([`Work::is_long`](plybench::engine::work::Work::is_long)).
pub fn tell(work: &plybench::engine::work::Work) {
    if work.is_long() && progress::is_terminal() {
        let _ = writeln!(io::stderr(), "{}: estimate: {work}", program_name());
    }
}

/// Whether `error` is the user's to fix: exit status 2.
fn is_usage(error: &anyhow::Error) -> bool {
    error.downcast_ref::<FlagError>().is_some()
        || error.downcast_ref::<Usage>().is_some()
        || error.downcast_ref::<Error>().is_some_and(Error::is_usage)
}

/// Runs a binary's `main`, printing any error as one line on stderr.
/// Usage errors and bad input exit with status 2, an interrupted batch run
/// with [`INTERRUPTED`] (saying how to resume), anything else with 1.
pub fn run(main: impl FnOnce() -> anyhow::Result<ExitCode>) -> ExitCode {
    match main() {
        Ok(code) => code,
        Err(error) => {
            if let Some(Error::Batch(interrupted @ BatchError::Interrupted { .. })) = error.downcast_ref::<Error>() {
                let _exiting = lock(&EXITING);
                let _ = writeln!(io::stderr(), "{}", interrupted_line(interrupted));
                return ExitCode::from(INTERRUPTED);
            }
            let name = std::env::args()
                .next()
                .and_then(|p| std::path::Path::new(&p).file_name().map(|f| f.to_string_lossy().into_owned()));
            // One line, whatever the message echoes: control characters
            // escaped, an over-long message cut in the middle.
            let message = one_line(&format!("{error:#}"));
            let _ = writeln!(io::stderr(), "{}: error: {message}", name.as_deref().unwrap_or("plybench"));
            ExitCode::from(if is_usage(&error) { 2 } else { 1 })
        }
    }
}

/// The name the binary was called by (`perft`), for messages.
fn program_name() -> String {
    std::env::args()
        .next()
        .and_then(|p| std::path::Path::new(&p).file_name().map(|f| f.to_string_lossy().into_owned()))
        .unwrap_or_else(|| "plybench".to_owned())
}

/// Parses the command line like `T::parse()`, but reports a usage error as
/// one line on stderr (the problem, the accepted values when clap lists
/// them, and a pointer to `--help`) and exits with status 2. `--help` and
/// `--version` print as usual.
pub fn parse_args<T: clap::Parser>() -> T {
    parse_args_with_matches::<T>().0
}

/// [`parse_args`], with clap's matches too: they tell a flag given on the
/// command line from one left at its default
/// ([`resume::given`]).
pub fn parse_args_with_matches<T: clap::Parser>() -> (T, clap::ArgMatches) {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    match generate::requested(&args) {
        Ok(None) => {}
        Ok(Some(kind)) => {
            let mut out = io::stdout().lock();
            match generate::write(kind, T::command(), &program_name(), &mut out).and_then(|()| out.flush()) {
                Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
                    let _ = writeln!(io::stderr(), "{}: error: cannot write to stdout: {e}", program_name());
                    std::process::exit(1)
                }
                _ => std::process::exit(0),
            }
        }
        Err(message) => usage_exit(&message),
    }
    let parsed = generate::with_flag(T::command()).try_get_matches_from(args).and_then(|matches| {
        let args = T::from_arg_matches(&matches).map_err(|e| e.format(&mut T::command()))?;
        Ok((args, matches))
    });
    match parsed {
        Ok(parsed) => parsed,
        Err(e) if matches!(e.kind(), clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion) => {
            e.exit()
        }
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => e.exit(),
        Err(e) => {
            let rendered = e.render().to_string();
            let mut lines = rendered.lines().map(str::trim).filter(|l| !l.is_empty());
            let first = lines.next().unwrap_or("invalid arguments");
            let mut message = first.strip_prefix("error: ").unwrap_or(first).to_owned();
            if message.ends_with(':') {
                // The arguments missing, one a line: listed on this one.
                let missing: Vec<&str> = lines.by_ref().take_while(|l| !l.starts_with("Usage:")).collect();
                message.push(' ');
                message.push_str(&missing.join(", "));
            }
            if let Some(values) = lines.find(|l| l.starts_with("[possible values:")) {
                message.push(' ');
                message.push_str(values);
            }
            usage_exit(&message)
        }
    }
}

/// Writes a usage error as one line on stderr, with a pointer to
/// `--help`, and exits with status 2.
fn usage_exit(message: &str) -> ! {
    let name = program_name();
    let _ = writeln!(io::stderr(), "{name}: error: {} (see {name} --help)", one_line(message));
    std::process::exit(2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use plybench::report::{Cell, Column};

    fn rows_table() -> Table {
        let mut table = Table::new("t_rows", "Rows", vec![Column::new("n", "N")]);
        table.push(vec![Cell::UInt(u128::MAX)]);
        table.push(vec![Cell::UInt(7)]);
        table
    }

    #[test]
    fn a_table_of_rows_is_a_versioned_document_with_its_rows_exact() {
        let text = tables_json(&[&rows_table()], &[]).unwrap();
        assert!(text.starts_with("{\n  \"schema_version\": 1,\n  \"id\": \"t_rows\",\n"), "{text}");
        // The count past u64 is written digit for digit.
        assert!(text.contains(&format!("\"n\": {}", u128::MAX)), "{text}");
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!((value["title"].as_str(), &value["rows"][1]["n"]), (Some("Rows"), &serde_json::json!(7)));
        assert_eq!(value.as_object().unwrap().len(), 4);
    }

    #[test]
    fn a_record_and_an_object_are_spliced_after_the_version() {
        let record =
            Table::record("t_rec", "Record", vec![("a", "A", Cell::UInt(1)), ("b", "B", Cell::Text("x".into()))]);
        let value: serde_json::Value = serde_json::from_str(&tables_json(&[&record], &[]).unwrap()).unwrap();
        assert_eq!(value, serde_json::json!({"schema_version": 1, "id": "t_rec", "title": "Record", "a": 1, "b": "x"}));
        let empty = json_document(&[], Some("{}"), &[]).unwrap();
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&empty).unwrap(),
            serde_json::json!({"schema_version": 1})
        );
        assert!(json_document(&[], Some("[1]"), &[]).is_err());
        let clash = Table::record("t_clash", "Clash", vec![("id", "Id", Cell::UInt(1))]);
        assert!(tables_json(&[&clash], &[]).unwrap_err().to_string().contains("field named id"));
    }

    #[test]
    fn several_tables_sit_under_their_ids() {
        let other = Table::record("t_other", "Other", vec![("c", "C", Cell::Null)]);
        let text = tables_json(&[&rows_table(), &other], &[]).unwrap();
        // The version first, then the tables in id order, whatever order they came in.
        let at = |needle: &str| text.find(needle).unwrap();
        assert!(at("\"schema_version\"") < at("\"t_other\"") && at("\"t_other\"") < at("\"t_rows\""), "{text}");
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(value["t_other"]["c"], serde_json::Value::Null);
        assert_eq!(value["t_rows"][1]["n"], 7);
    }

    #[test]
    fn a_field_named_like_a_member_of_every_document_is_refused() {
        assert!(check_reserved("x", ["a", "title"].into_iter()).unwrap_err().to_string().contains("title"));
        assert!(check_reserved("x", ["a", "b"].into_iter()).is_ok());
    }
}
