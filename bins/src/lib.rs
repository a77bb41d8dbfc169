//! Plumbing shared by the plybench binaries: the `--format` flag, printing,
//! and turning errors into one line on stderr and an exit status.
//!
//! Exit statuses: 0 success, 1 a failure of the environment (I/O) or a
//! published figure not reproduced, 2 a usage error or bad input.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::ValueEnum;
use plybench::report::{Format, Table};

pub mod progress;

/// The `--format` values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// A terminal table.
    #[default]
    Table,
    /// JSON with stable snake_case fields.
    Json,
    /// CSV with a header row.
    Csv,
    /// A Markdown table.
    Markdown,
}

impl From<FormatArg> for Format {
    fn from(arg: FormatArg) -> Format {
        match arg {
            FormatArg::Table => Format::Table,
            FormatArg::Json => Format::Json,
            FormatArg::Csv => Format::Csv,
            FormatArg::Markdown => Format::Markdown,
        }
    }
}

/// Writes `text` to stdout. A closed pipe (`kalah table | head`) ends the
/// output quietly instead of panicking.
pub fn print(text: &str) -> anyhow::Result<()> {
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}

/// Prints `tables` in `format`. Terminal and Markdown tables are separated
/// by a blank line; JSON gets one document: the table itself when there is
/// one, an object keyed by table id otherwise. CSV prints each table with
/// its header.
pub fn emit(tables: &[&Table], format: Format) -> anyhow::Result<()> {
    let text = match (format, tables) {
        (Format::Json, [one]) => one.render(format),
        (Format::Json, many) => {
            let map: serde_json::Map<String, serde_json::Value> = many
                .iter()
                .map(|t| Ok((t.id.clone(), serde_json::to_value(t)?)))
                .collect::<Result<_, serde_json::Error>>()?;
            serde_json::to_string_pretty(&map)? + "\n"
        }
        (_, tables) => tables.iter().map(|t| t.render(format)).collect::<Vec<_>>().join("\n"),
    };
    print(&text)
}

/// Prints a batch run's result (see `plybench::batch`) in `format`, then
/// `extra` tables: JSON is the result's document with each extra table
/// added under its id; the other formats print the result's tables and the
/// extras one after the other.
pub fn emit_outcome(outcome: &plybench::batch::Outcome, extra: &[&Table], format: Format) -> anyhow::Result<()> {
    if format == Format::Json {
        let mut json = outcome.json.clone();
        if let serde_json::Value::Object(map) = &mut json {
            for table in extra {
                map.insert(table.id.clone(), serde_json::to_value(table)?);
            }
        }
        return print(&(serde_json::to_string_pretty(&json)? + "\n"));
    }
    let tables: Vec<&Table> = outcome.tables.iter().chain(extra.iter().copied()).collect();
    emit(&tables, format)
}

/// Runs study `S` in work units (`--checkpoint`, `--resume`, `--shard`)
/// with `threads` units at once and prints the result: the study's tables
/// for a whole run, the shard's summary for a shard. Returns whether the
/// result agrees with its published values (always true for a shard).
pub fn run_batch<S: plybench::batch::Study>(
    params: &S::Params,
    checkpoint: Option<std::path::PathBuf>,
    resume: Option<std::path::PathBuf>,
    shard: Option<plybench::batch::Shard>,
    threads: usize,
    format: Format,
) -> anyhow::Result<bool> {
    let options =
        plybench::batch::RunOptions { checkpoint, resume, shard, threads, command: std::env::args().collect() };
    let finished = plybench::batch::run::<S>(params, &options)?;
    match &finished.outcome {
        Some(outcome) => {
            emit_outcome(outcome, &[], format)?;
            Ok(outcome.ok)
        }
        None => {
            emit(&[&finished.summary_table()], format)?;
            Ok(true)
        }
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
    /// What the library said of its value.
    #[source]
    pub source: plybench::Error,
}

/// Names the flag whose value a library call refused: each check is made
/// once, in the library, and each binary says which flag it came from.
pub trait Flag<T> {
    /// Wraps an error in a [`FlagError`] for `flag`.
    fn flag(self, flag: &'static str) -> Result<T, FlagError>;
}

impl<T, E: Into<plybench::Error>> Flag<T> for Result<T, E> {
    fn flag(self, flag: &'static str) -> Result<T, FlagError> {
        self.map_err(|e| FlagError { flag, source: e.into() })
    }
}

/// Whether `error` is the user's to fix: exit status 2.
fn is_usage(error: &anyhow::Error) -> bool {
    error.downcast_ref::<FlagError>().is_some()
        || error.downcast_ref::<plybench::Error>().is_some_and(plybench::Error::is_usage)
}

/// Runs a binary's `main`, printing any error as one line on stderr.
/// Usage errors and bad input exit with status 2, anything else with 1.
pub fn run(main: impl FnOnce() -> anyhow::Result<ExitCode>) -> ExitCode {
    match main() {
        Ok(code) => code,
        Err(error) => {
            let name = std::env::args()
                .next()
                .and_then(|p| std::path::Path::new(&p).file_name().map(|f| f.to_string_lossy().into_owned()));
            let _ = writeln!(io::stderr(), "{}: error: {error:#}", name.as_deref().unwrap_or("plybench"));
            ExitCode::from(if is_usage(&error) { 2 } else { 1 })
        }
    }
}

/// Parses the command line like `T::parse()`, but reports a usage error as
/// one line on stderr (the problem, the accepted values when clap lists
/// them, and a pointer to `--help`) and exits with status 2. `--help` and
/// `--version` print as usual.
pub fn parse_args<T: clap::Parser>() -> T {
    match T::try_parse() {
        Ok(args) => args,
        Err(e) if matches!(e.kind(), clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion) => {
            e.exit()
        }
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => e.exit(),
        Err(e) => {
            let rendered = e.render().to_string();
            let mut lines = rendered.lines().map(str::trim).filter(|l| !l.is_empty());
            let first = lines.next().unwrap_or("invalid arguments");
            let mut message = first.strip_prefix("error: ").unwrap_or(first).to_owned();
            if let Some(values) = lines.find(|l| l.starts_with("[possible values:")) {
                message.push(' ');
                message.push_str(values);
            }
            let name = std::env::args()
                .next()
                .and_then(|p| std::path::Path::new(&p).file_name().map(|f| f.to_string_lossy().into_owned()))
                .unwrap_or_else(|| "plybench".to_owned());
            let _ = writeln!(io::stderr(), "{name}: error: {message} (see {name} --help)");
            std::process::exit(2)
        }
    }
}
