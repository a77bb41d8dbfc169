//! Writing a run's report directory: `report.md`, `run.json`, one JSON and
//! one CSV file per table, one SVG per plot. Every JSON file carries the
//! [`SCHEMA_VERSION`] (see [`crate::study::schema`]). Every file is written
//! to a temporary directory inside the output directory first and renamed
//! into place only when all of them are ready, so a failure leaves no
//! partial report.
//!
//! A report directory says exactly what one run produced: `run.json` lists
//! every file the run wrote (`files`), and a new run into the same
//! directory removes the files the previous run listed that it does not
//! write itself, so that `reproduce --only go` then `--only rules` leaves
//! no file of the Go study behind. Files no run listed (other tools'
//! reports, notes, a report written before the list existed) are left as
//! they are.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::plan::StudyReport;
use super::summary_table;
use crate::io_error::IoError;
use crate::report::{Format, Table};
use crate::study::schema::{SCHEMA_VERSION, TableDocument};
use crate::{Error, Result};

/// Where and how a run was made, for the report's header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunInfo {
    /// The command line.
    pub command: String,
    /// `quick`, `default` or `full`.
    pub budget: String,
    /// The seed.
    pub seed: u64,
    /// The commit (and whether the tree had changes), if known.
    pub commit: String,
    /// The processor, cores and operating system.
    pub machine: String,
    /// The compiler that built the binary.
    pub compiler: String,
    /// When the run started (UTC, RFC 3339).
    pub started: String,
    /// The worker threads.
    pub threads: usize,
}

impl RunInfo {
    /// The machine this process runs on: processor model, logical cores, OS.
    pub fn this_machine() -> String {
        let model = crate::report::machine::cpu_model().unwrap_or_else(|| "unknown processor".to_owned());
        let cores = crate::report::machine::logical_cores();
        format!("{model}, {cores} logical cores, {} {}", std::env::consts::OS, std::env::consts::ARCH)
    }

    /// The commit of the working directory, from git, with `-dirty` when it
    /// has uncommitted changes; `unknown` without git.
    pub fn this_commit() -> String {
        let git = |args: &[&str]| {
            std::process::Command::new("git")
                .args(args)
                .output()
                .ok()
                .filter(|o| o.status.success())
                .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        };
        match git(&["rev-parse", "--short=12", "HEAD"]) {
            Some(hash) => {
                let dirty = git(&["status", "--porcelain", "--untracked-files=no"]).is_some_and(|s| !s.is_empty());
                if dirty { format!("{hash}-dirty") } else { hash }
            }
            None => "unknown".to_owned(),
        }
    }
}

/// The Markdown report.
pub fn markdown(info: &RunInfo, reports: &[StudyReport]) -> String {
    let mut md = String::from("# plybench: reproduction report\n\n");
    let _ = writeln!(md, "| | |\n|---|---|");
    let _ = writeln!(md, "| command | `{}` |", info.command.replace('|', "\\|"));
    let _ = writeln!(md, "| budget | {} |", info.budget);
    let _ = writeln!(md, "| seed | {} |", info.seed);
    let _ = writeln!(md, "| threads | {} |", info.threads);
    let _ = writeln!(md, "| commit | {} |", info.commit);
    let _ = writeln!(md, "| machine | {} |", info.machine);
    let _ = writeln!(md, "| compiler | {} |", info.compiler);
    let _ = writeln!(md, "| started | {} |\n", info.started);
    md.push_str(
        "Every published figure is printed beside the computed one with its source and a verdict. Each table is \
         also written as `<id>.json` and `<id>.csv` beside this file, and the run's header as `run.json`; \
         `plybench compare OLD NEW` compares two such directories.\n\n",
    );
    md.push_str("## Summary\n\n");
    md.push_str(&summary_table(reports).render(Format::Markdown));
    for report in reports {
        let _ = write!(md, "\n## {}\n\n", report.study.title());
        for paragraph in &report.reading {
            md.push_str(paragraph);
            md.push_str("\n\n");
        }
        for plot in &report.plots {
            let _ = write!(
                md,
                "![{}]({}.svg)\n\n*Figure: {} (`{}.svg`).*\n\n",
                plot.title(),
                plot.id(),
                plot.title(),
                plot.id()
            );
        }
        for table in &report.tables {
            md.push_str(&table.render(Format::Markdown));
            let _ = write!(md, "\n(`{0}.json`, `{0}.csv`)\n\n", table.id);
        }
    }
    md
}

/// `run.json`: the run's header as data, for `plybench compare`.
///
/// ```
/// use plybench::study::reproduce::{RunInfo, run_json};
///
/// let info = RunInfo {
///     command: "plybench reproduce --quick".into(),
///     budget: "quick".into(),
///     seed: 1,
///     commit: "0123456789ab".into(),
///     machine: "a machine".into(),
///     compiler: "rustc 1.95.0".into(),
///     started: "2026-01-01T00:00:00Z".into(),
///     threads: 2,
/// };
/// let json: serde_json::Value = serde_json::from_str(&run_json(&info, &[], &["run.json".to_owned()]))?;
/// assert_eq!((json["schema_version"].as_u64(), json["id"].as_str()), (Some(1), Some("run")));
/// assert_eq!((json["budget"].as_str(), json["files"][0].as_str()), (Some("quick"), Some("run.json")));
/// # Ok::<(), serde_json::Error>(())
/// ```
pub fn run_json(info: &RunInfo, reports: &[StudyReport], files: &[String]) -> String {
    #[derive(serde::Serialize)]
    struct Run<'a> {
        schema_version: u64,
        id: &'a str,
        plybench_version: &'a str,
        command: &'a str,
        budget: &'a str,
        seed: u64,
        threads: usize,
        studies: Vec<&'a str>,
        commit: &'a str,
        machine: &'a str,
        compiler: &'a str,
        started: &'a str,
        files: &'a [String],
    }
    let run = Run {
        schema_version: SCHEMA_VERSION,
        id: "run",
        plybench_version: env!("CARGO_PKG_VERSION"),
        command: &info.command,
        budget: &info.budget,
        seed: info.seed,
        threads: info.threads,
        studies: reports.iter().map(|r| r.study.name()).collect(),
        commit: &info.commit,
        machine: &info.machine,
        compiler: &info.compiler,
        started: &info.started,
        files,
    };
    serde_json::to_string_pretty(&run).expect("the run's header serializes") + "\n"
}

/// The files of a report: name and contents, `run.json` (which lists them
/// all, itself included) first.
pub fn report_files(info: &RunInfo, reports: &[StudyReport]) -> Result<Vec<(String, Vec<u8>)>> {
    let mut files = Vec::new();
    let summary = summary_table(reports);
    let tables: Vec<&Table> = std::iter::once(&summary).chain(reports.iter().flat_map(|r| &r.tables)).collect();
    for table in tables {
        files.push((format!("{}.json", table.id), TableDocument(table).to_json().into_bytes()));
        files.push((format!("{}.csv", table.id), table.render(Format::Csv).into_bytes()));
    }
    for plot in reports.iter().flat_map(|r| &r.plots) {
        files.push((format!("{}.svg", plot.id()), plot.to_svg()?.into_bytes()));
    }
    files.push(("report.md".to_owned(), markdown(info, reports).into_bytes()));
    let mut names: Vec<String> =
        std::iter::once(RUN_FILE.to_owned()).chain(files.iter().map(|(n, _)| n.clone())).collect();
    names.sort();
    files.insert(0, (RUN_FILE.to_owned(), run_json(info, reports, &names).into_bytes()));
    Ok(files)
}

/// The file that describes a run and lists its files.
const RUN_FILE: &str = "run.json";

/// The files that the report in `dir` lists in its `run.json`, if it has
/// one that lists them; file names only (a name with a path in it is not
/// one this module writes, and is never returned).
fn listed_files(dir: &Path) -> Vec<String> {
    let Ok(text) = crate::bounded::read_text(&dir.join(RUN_FILE)) else { return Vec::new() };
    let Ok(run) = serde_json::from_str::<serde_json::Value>(&text) else { return Vec::new() };
    if run.get("id").and_then(|id| id.as_str()) != Some("run") {
        return Vec::new();
    }
    let names = run.get("files").and_then(|files| files.as_array()).into_iter().flatten();
    names
        .filter_map(|name| name.as_str())
        .filter(|name| !name.is_empty() && Path::new(name).file_name() == Some(std::ffi::OsStr::new(name)))
        .map(str::to_owned)
        .collect()
}

/// Writes the report into `dir` (created if missing). All files are staged
/// in a temporary directory inside `dir` and renamed into place at the end,
/// `report.md` last; then the files that the previous report of `dir`
/// listed and this one does not write are removed (see the module's
/// documentation). Returns the paths written. A directory that cannot be
/// created or written fails with [`IoError`] (a write).
pub fn write_report(dir: &Path, info: &RunInfo, reports: &[StudyReport]) -> Result<Vec<PathBuf>> {
    let files = report_files(info, reports)?;
    let unwritable = |source: std::io::Error| Error::from(IoError::write(dir, source));
    std::fs::create_dir_all(dir).map_err(unwritable)?;
    let previous = listed_files(dir);
    let staging = tempfile::Builder::new().prefix(".plybench-report-").tempdir_in(dir).map_err(unwritable)?;
    for (name, contents) in &files {
        std::fs::write(staging.path().join(name), contents).map_err(unwritable)?;
    }
    let mut written = Vec::with_capacity(files.len());
    for (name, _) in &files {
        let target = dir.join(name);
        std::fs::rename(staging.path().join(name), &target).map_err(unwritable)?;
        written.push(target);
    }
    for stale in previous.iter().filter(|old| !files.iter().any(|(name, _)| name == *old)) {
        let path = dir.join(stale);
        match std::fs::remove_file(&path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(IoError::write(&path, e).into()),
            _ => {}
        }
    }
    Ok(written)
}

/// The current time, UTC, as RFC 3339 (`2026-11-21T03:14:15Z`).
pub fn utc_now() -> String {
    let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (days, rest) = (secs / 86_400, secs % 86_400);
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z", rest / 3600, rest % 3600 / 60, rest % 60)
}

#[cfg(test)]
mod tests {
    use super::super::plan::Study;
    use super::*;

    fn report(study: Study, table_id: &str) -> StudyReport {
        let mut table = Table::new(table_id, "A table", vec![crate::report::Column::new("n", "N")]);
        table.push(vec![crate::report::Cell::from(1u64)]);
        StudyReport { study, tables: vec![table], plots: Vec::new(), reading: Vec::new(), seconds: 0.0 }
    }

    fn info() -> RunInfo {
        RunInfo {
            command: "plybench reproduce".into(),
            budget: "quick".into(),
            seed: 1,
            commit: "c".into(),
            machine: "m".into(),
            compiler: "r".into(),
            started: "2026-01-01T00:00:00Z".into(),
            threads: 1,
        }
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> =
            std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        names.sort();
        names
    }

    #[test]
    fn a_second_run_into_a_directory_leaves_none_of_the_first_runs_files() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("notes.md"), "mine").unwrap();
        write_report(dir.path(), &info(), &[report(Study::Go, "go_only")]).unwrap();
        assert!(names(dir.path()).contains(&"go_only.csv".to_owned()));
        write_report(dir.path(), &info(), &[report(Study::Rules, "rules_only")]).unwrap();
        let after = names(dir.path());
        assert_eq!(
            after,
            ["notes.md", "report.md", "rules_only.csv", "rules_only.json", "run.json", "summary.csv", "summary.json"]
        );
        // run.json lists exactly the files of the run, itself included; the
        // file no run wrote stays.
        let run: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(dir.path().join("run.json")).unwrap()).unwrap();
        let listed: Vec<&str> = run["files"].as_array().unwrap().iter().map(|f| f.as_str().unwrap()).collect();
        assert_eq!(listed, after.iter().filter(|n| *n != "notes.md").map(String::as_str).collect::<Vec<_>>());
    }

    #[test]
    fn a_listed_name_with_a_path_is_never_removed() {
        let dir = tempfile::tempdir().unwrap();
        let outside = dir.path().join("keep.txt");
        std::fs::write(&outside, "x").unwrap();
        let inner = dir.path().join("out");
        std::fs::create_dir(&inner).unwrap();
        let forged = r#"{"id": "run", "files": ["../keep.txt", "/etc/passwd", ""]}"#;
        std::fs::write(inner.join("run.json"), forged).unwrap();
        assert!(listed_files(&inner).is_empty());
        write_report(&inner, &info(), &[report(Study::Go, "go_only")]).unwrap();
        assert!(outside.exists());
    }

    #[test]
    fn timestamps_look_like_rfc_3339() {
        let now = utc_now();
        assert_eq!(now.len(), 20, "{now}");
        assert!(now.starts_with("20") && now.ends_with('Z') && now.as_bytes()[10] == b'T');
    }
}
