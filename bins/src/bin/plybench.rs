//! `plybench`: runs every study and writes the comparison report. All logic
//! is in `plybench::study::reproduce`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use plybench::batch::merge::round_robin_table;
use plybench::engine::limit::check_threads;
use plybench::engine::progress::Progress;
use plybench::report::{Format, Table, Tally, check_dir_writable};
use plybench::study::budget::Budget;
use plybench::study::compare::{Options as CompareOptions, compare_dirs, parse_threshold};
use plybench::study::reproduce::{
    Options, RunInfo, Study, parse_studies, run_study, summary_table, utc_now, write_report,
};
use plybench::study::tools::merge_files;
use plybench_cli::progress;
use plybench_cli::{Flag, Usage, emit, emit_outcome, name_batch_flags, parse_args, run};

/// Reproduces every published figure of the toolkit's studies and writes the comparison report.
#[derive(Parser)]
#[command(name = "plybench", version, long_about = None)]
struct Cli {
    /// Output format of the tables printed on stdout.
    #[arg(long, value_enum, default_value_t, global = true)]
    format: Format,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Runs the studies, prints their tables and a summary, and writes the report. Exits 1 if a published figure is not reproduced.
    Reproduce(ReproduceArgs),
    /// Compares two report directories (written by `reproduce --out`): counts or verdicts that changed, speeds that moved beyond the threshold, files, rows and columns on one side only. Exits 1 if a count or verdict changed.
    Compare(CompareArgs),
    /// Sums the shard or checkpoint files of one run (`perft --shard K/N --checkpoint FILE`) into the single-machine result, with the balance of the shards. Refuses files of other runs, and units missing or given twice.
    Merge(MergeArgs),
}

#[derive(Args)]
struct MergeArgs {
    /// The files: every shard of one run, each once.
    #[arg(required = true, value_name = "FILES")]
    files: Vec<PathBuf>,
    /// Also tabulate how the recorded unit times would spread over N round-robin shards, for N in this range (e.g. 2-8).
    #[arg(long, value_name = "MIN-MAX")]
    as_shards: Option<String>,
}

#[derive(Args)]
struct CompareArgs {
    /// The old report directory (e.g. the last run on main).
    #[arg(value_name = "OLD_DIR")]
    old: PathBuf,
    /// The new report directory.
    #[arg(value_name = "NEW_DIR")]
    new: PathBuf,
    /// Report a speed that moved by more than this percentage of its old value.
    #[arg(long, default_value = "10%", value_name = "PERCENT")]
    threshold: String,
    /// Also exit 1 when a speed fell beyond the threshold (a speed-up never fails).
    #[arg(long)]
    fail_on_speed: bool,
}

#[derive(Args)]
struct ReproduceArgs {
    /// A subset for CI (under two minutes on two cores).
    #[arg(long, conflicts_with = "full")]
    quick: bool,
    /// The deep runs (may take an hour).
    #[arg(long)]
    full: bool,
    /// Only these studies, comma-separated: kalah, perft, alphabeta, checkers, go, rules, levy.
    #[arg(long)]
    only: Option<String>,
    /// The report directory: report.md, one JSON and CSV file per table, SVG plots. Created, and checked to be writable, before any study runs.
    #[arg(long, default_value = "reports")]
    out: PathBuf,
    /// Do not write a report, only print.
    #[arg(long, conflicts_with = "out")]
    no_write: bool,
    /// Seed of every random experiment.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (default: one per core). Counts do not depend on it.
    #[arg(long)]
    threads: Option<usize>,
}

fn main() -> ExitCode {
    run(|| {
        let cli: Cli = parse_args();
        match cli.command {
            Command::Reproduce(args) => reproduce(&args, cli.format),
            Command::Compare(args) => compare(&args, cli.format),
            Command::Merge(args) => merge(&args, cli.format),
        }
    })
}

fn reproduce(args: &ReproduceArgs, format: Format) -> anyhow::Result<ExitCode> {
    let budget = match (args.quick, args.full) {
        (true, _) => Budget::Quick,
        (_, true) => Budget::Full,
        _ => Budget::Default,
    };
    let studies = match &args.only {
        Some(list) => parse_studies(list).flag("--only")?,
        None => Study::ALL.to_vec(),
    };
    if let Some(threads) = args.threads {
        let threads = check_threads(threads).flag("--threads")?;
        rayon::ThreadPoolBuilder::new().num_threads(threads).build_global()?;
    }
    // Fail before the studies run, not after.
    if !args.no_write {
        check_dir_writable(&args.out).flag("--out")?;
    }
    let options = Options { budget, seed: args.seed, studies };
    let info = RunInfo {
        command: std::env::args().collect::<Vec<_>>().join(" "),
        budget: budget.name().to_owned(),
        seed: args.seed,
        commit: RunInfo::this_commit(),
        machine: RunInfo::this_machine(),
        compiler: plybench::report::machine::compiler().to_owned(),
        started: utc_now(),
        threads: rayon::current_num_threads(),
    };
    let bar = progress::spinner("plybench reproduce");
    let on_step = progress::follow(&bar);
    let mut reports = Vec::new();
    for &study in &options.studies {
        reports.push(run_study(study, &options, Progress::new(&on_step))?);
    }
    bar.finish_and_clear();
    let summary = summary_table(&reports);
    let tables: Vec<&Table> = reports.iter().flat_map(|r| &r.tables).chain(std::iter::once(&summary)).collect();
    emit(&tables, format)?;
    if !args.no_write {
        let written = write_report(&args.out, &info, &reports).flag("--out")?;
        if progress::is_terminal() {
            eprintln!("plybench: wrote {} files into {}", written.len(), args.out.display());
        }
    }
    let tally = reports.iter().fold(Tally::default(), |t, r| t + Tally::of(&r.tables));
    Ok(if tally.passed() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

fn compare(args: &CompareArgs, format: Format) -> anyhow::Result<ExitCode> {
    let threshold = parse_threshold(&args.threshold).flag("--threshold")?;
    let diff = compare_dirs(&args.old, &args.new, &CompareOptions { threshold })?;
    emit(&[&diff.table(), &diff.summary()], format)?;
    Ok(if diff.failed(args.fail_on_speed) { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

fn merge(args: &MergeArgs, format: Format) -> anyhow::Result<ExitCode> {
    let range = args.as_shards.as_deref().map(parse_range).transpose()?;
    let merged = merge_files(&args.files).map_err(name_batch_flags)?;
    let mut extra = vec![&merged.balance, &merged.spread];
    let round_robin = range.map(|(lo, hi)| {
        let shards: Vec<usize> = (lo..=hi).collect();
        round_robin_table(&merged.units, &shards)
    });
    extra.extend(round_robin.as_ref());
    emit_outcome(&merged.outcome, &extra, format)?;
    Ok(if merged.outcome.passed() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// `2-8` (or `4`): a range of shard counts, 1 to 1000.
fn parse_range(text: &str) -> Result<(usize, usize), Usage> {
    let bad =
        || Usage::flag("--as-shards", format!("{text:?}; expected MIN-MAX with 1 <= MIN <= MAX <= 1000, e.g. 2-8"));
    let number = |t: &str| t.parse::<usize>().ok().filter(|n| (1..=1000).contains(n)).ok_or_else(bad);
    let (lo, hi) = match text.split_once('-') {
        Some((lo, hi)) => (number(lo)?, number(hi)?),
        None => (number(text)?, number(text)?),
    };
    if lo > hi {
        return Err(bad());
    }
    Ok((lo, hi))
}
