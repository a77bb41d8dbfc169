//! `kalah`: Bell's (1972) continuation-move counts, stack depths and
//! clearing patterns. All logic is in `plybench::engine::kalah`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand, ValueEnum};
use plybench::Error;
use plybench::batch::Shard;
use plybench::engine::kalah::sweep::{longest_on_pits, pattern_for_counters};
use plybench::engine::kalah::trace::trace;
use plybench::engine::kalah::{
    CountOptions, DpCheckpoint, Estimate, KalahError, Method, OnDisk, Position, Rules, ScanOrder, count_on_disk,
    estimate, is_small, parse_counts,
};
use plybench::engine::limit::check_threads;
use plybench::engine::memory::MemoryLimit;
use plybench::engine::progress::Progress;
use plybench::engine::spill::{Spill, available_bytes};
use plybench::report::{Format, Tally};
use plybench::study::kalah::results::{self, TERMINALS_NOT_COUNTED, TableOptions, check_table_pits};
use plybench::study::kalah::saved::SavedCount;
use plybench::study::kalah::units::{KalahSplit, Params};
use plybench_cli::progress;
use plybench_cli::resume::{Resume, list, named};
use plybench_cli::{Flag, FlagError, Usage, applies, emit, parse_args_with_matches, run, run_batch};

/// Kalah continuation moves after Bell (1972), section 3.3.
#[derive(Parser)]
#[command(name = "kalah", version, long_about = None)]
struct Cli {
    /// Output format.
    #[arg(long, value_enum, default_value_t, global = true)]
    format: Format,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count move sequences, terminal positions and stack depths of one position.
    Count(CountArgs),
    /// Bell's board test for 1..N pits, beside his published table.
    Table(TableArgs),
    /// Clearing patterns: positions that go entirely into the kalah.
    Sweep(SweepArgs),
    /// Every Kalah figure Bell publishes, computed, with a verdict. Exits 1 if any differs.
    Reproduce,
}

/// The `--method` values: `auto` (`None`, the method chosen for each
/// position by `Method::auto`) or a method's name.
fn method_arg() -> impl TypedValueParser<Value = Option<Method>> {
    let auto = PossibleValue::new("auto").help(
        "The explicit stack for small positions, the dynamic program beyond (memoization for split runs, distinct terminal positions, or positions the dynamic program refuses)",
    );
    let methods = Method::value_variants().iter().filter_map(ValueEnum::to_possible_value);
    PossibleValuesParser::new(std::iter::once(auto).chain(methods))
        .map(|name| <Method as ValueEnum>::from_str(&name, false).ok())
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
enum Terminals {
    /// Count them when the position is small (at most 78 counters, the 12-pit board test).
    #[default]
    Auto,
    /// Always count them (keeps every distinct terminal board in memory).
    Always,
    /// Never count them.
    Never,
}

#[derive(Args)]
#[command(group = clap::ArgGroup::new("start").required(true).multiple(true))]
struct CountArgs {
    /// Bell's board test on N pits: pit Pi holds i counters.
    #[arg(long, group = "start", conflicts_with = "position")]
    pits: Option<usize>,
    /// The mover's pits, PN first, e.g. 3,2,1.
    #[arg(long, group = "start", allow_hyphen_values = true)]
    position: Option<String>,
    /// The opponent's pits p1..pN as drawn above the mover's (default: empty).
    #[arg(long, allow_hyphen_values = true)]
    opponent: Option<String>,
    /// Scan order of the trace (with --trace only).
    #[arg(long, value_enum, default_value_t)]
    scan: ScanOrder,
    /// Apply rule 1: a capture ends the move. Changes terminal boards, never the number of sequences.
    #[arg(long)]
    captures: bool,
    /// Print the stack activity step by step, as in Bell's figure.
    #[arg(long)]
    trace: bool,
    /// Counting method.
    // The full path keeps clap from reading `Option` as "the flag may be
    // left out": `auto` is its `None`.
    #[arg(long, value_parser = method_arg(), default_value = "auto")]
    method: std::option::Option<Method>,
    /// Whether to count distinct terminal positions.
    #[arg(long, value_enum, default_value_t)]
    terminals: Terminals,
    /// Print the laps among the continuations (sequences with a lap, most laps in one); counts by the dynamic program.
    #[arg(long, conflicts_with_all = ["trace", "shard", "split_counters"])]
    lap_stats: bool,
    /// Memory the count may plan to hold, in GiB (default: 14 or 3/4 of the machine's memory, whichever is less).
    #[arg(long, value_name = "GIB")]
    max_memory: Option<MemoryLimit>,
    /// Record each completed work unit (a subtree) in FILE, rewritten atomically at least every 2 s; Ctrl-C or SIGTERM saves it and exits 130. With --spill-dir: the dynamic program's progress, saved after each skeleton and each table on disk.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["resume", "trace"])]
    checkpoint: Option<PathBuf>,
    /// Continue the run recorded in FILE, with its position, rules, method, cut and shard (a flag given beside it must agree), or the dynamic program's count saved there; the counts equal an uninterrupted run's.
    #[arg(long, value_name = "FILE", group = "start", conflicts_with = "trace")]
    resume: Option<PathBuf>,
    /// Compute only units i with i % N == K-1 and write them to the --checkpoint file (default: kalah-shard-K-of-N.json); `plybench merge` sums the N files.
    #[arg(long, value_name = "K/N", conflicts_with = "trace")]
    shard: Option<Shard>,
    /// Work units are the subtrees below the point where the mover has sown C counters out of his pits (default: the deepest cut, up to one counter per pit, with at most 10,000 units).
    #[arg(long, value_name = "C", conflicts_with = "trace")]
    split_counters: Option<u64>,
    /// Threads: units counted at once in a checkpointed or sharded run, or the dynamic program's threads (default: every core). Counts do not depend on it.
    #[arg(long)]
    threads: Option<usize>,
    /// Directory where the dynamic program's tables that would pass --max-memory go, as sorted runs removed once read; the count is the same. A resumed count takes the one it recorded by default.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["trace", "shard", "split_counters"])]
    spill_dir: Option<PathBuf>,
    /// Disk the runs in --spill-dir may hold at once, in GiB (default: the directory's free space less 1 GiB).
    #[arg(long, value_name = "GIB", value_parser = gib)]
    max_disk: Option<u64>,
}

/// A size in GiB, as bytes: positive, at most 1 PiB.
fn gib(text: &str) -> Result<u64, String> {
    const MOST: f64 = (1u64 << 50) as f64;
    match text.trim().parse::<f64>() {
        Ok(gib) if gib > 0.0 && gib * (1u64 << 30) as f64 <= MOST => Ok((gib * (1u64 << 30) as f64) as u64),
        Ok(_) => Err("expected a size in GiB above 0 and at most 1048576 (1 PiB), e.g. 40 or 2.5".to_owned()),
        Err(_) => Err(format!("{text:?} is not a number of GiB; write e.g. 40 or 2.5")),
    }
}

/// The directory and disk budget of `--spill-dir` (or the one a resumed
/// count recorded) and `--max-disk`, checked before the count starts: a
/// directory one can write to, with the room asked for. `adopted` bytes
/// there already, the tables a resumed count takes up, are part of the
/// room. Runs a checkpoint will name are `durable`.
fn spill_dir(dir: &Path, max_disk: Option<u64>, durable: bool, adopted: u64) -> anyhow::Result<Spill> {
    const GIB: u64 = 1 << 30;
    if !dir.is_dir() {
        return Err(Usage::flag(
            "--spill-dir",
            format!("{} is not a directory; create it or name another", dir.display()),
        )
        .into());
    }
    // The directory exists, so this only writes and removes a probe.
    plybench::report::check_dir_writable(dir).flag("--spill-dir")?;
    let free = available_bytes(dir).map_err(|error| Usage::flag("--spill-dir", error))?.saturating_add(adopted);
    let gib = |bytes: u64| bytes as f64 / GIB as f64;
    let budget = match max_disk {
        Some(asked) if asked > free => {
            return Err(Usage::flag(
                "--max-disk",
                format!(
                    "{:.1} GiB asked, but {} has {:.1} GiB free (with the tables resumed); lower it or free room",
                    gib(asked),
                    dir.display(),
                    gib(free)
                ),
            )
            .into());
        }
        Some(asked) => asked,
        None => free.saturating_sub(GIB),
    };
    Ok(if durable { Spill::durable(dir, budget) } else { Spill::new(dir, budget) })
}

/// A count by the dynamic program that saves itself to `file`, from the
/// start or from `resume`.
struct Saving {
    file: PathBuf,
    resume: Option<DpCheckpoint>,
    /// The names of the runs of the count before it was resumed.
    run_prefixes: Vec<String>,
    /// Bytes of the tables on disk the resumed count takes up.
    adopted_bytes: u64,
}

/// Whether the count saves itself (`--spill-dir` with `--checkpoint`, or
/// the file `saved` of `--resume`), and the directory of its tables on
/// disk: `--spill-dir`, or the one the file recorded.
fn dp_saving(
    args: &CountArgs,
    position: &Position,
    saved: Option<SavedCount>,
) -> anyhow::Result<(Option<Saving>, Option<PathBuf>)> {
    if args.shard.is_some() || args.split_counters.is_some() {
        let flag = if args.shard.is_some() { "--shard" } else { "--split-counters" };
        return Err(Usage::flag(
            flag,
            "splits a count into work units, which a count with --spill-dir is not; drop one",
        )
        .into());
    }
    let spill_path = args.spill_dir.clone().or_else(|| saved.as_ref().map(|saved| saved.spill_dir.clone()));
    if args.max_disk.is_some() && spill_path.is_none() {
        return Err(Usage::flag("--max-disk", "bounds the tables in --spill-dir; add --spill-dir DIR").into());
    }
    let Some(saved) = saved else {
        return Ok((
            args.checkpoint.clone().map(|file| Saving {
                file,
                resume: None,
                run_prefixes: Vec::new(),
                adopted_bytes: 0,
            }),
            spill_path,
        ));
    };
    if (args.pits.is_some() || args.position.is_some()) && own_pits(args)?.own() != position.own() {
        return Err(Usage::flag(
            "--resume",
            "the file counts another position than the one given; drop --pits/--position or give the file's",
        )
        .into());
    }
    // The table the count was writing when it stopped is not named: it goes.
    saved.remove_strays().flag("--resume")?;
    let file = args.resume.clone().expect("a saved count was read from --resume");
    let adopted_bytes = saved.named_bytes();
    Ok((
        Some(Saving { file, resume: Some(saved.checkpoint), run_prefixes: saved.run_prefixes, adopted_bytes }),
        spill_path,
    ))
}

#[derive(Args)]
struct TableArgs {
    /// Largest number of pits.
    #[arg(long, default_value_t = 12)]
    max_pits: usize,
    /// Count distinct terminal positions up to this many pits.
    #[arg(long, default_value_t = 12)]
    terminal_max_pits: usize,
    /// Counting method.
    // The full path keeps clap from reading `Option` as "the flag may be
    // left out": `auto` is its `None`.
    #[arg(long, value_parser = method_arg(), default_value = "auto")]
    method: std::option::Option<Method>,
    /// Memory each count may plan to hold, in GiB (default: 14 or 3/4 of the machine's memory, whichever is less).
    #[arg(long, value_name = "GIB")]
    max_memory: Option<MemoryLimit>,
}

#[derive(Args)]
#[command(group = clap::ArgGroup::new("size").required(true))]
struct SweepArgs {
    /// The unique clearable pattern of C counters.
    #[arg(long, group = "size")]
    counters: Option<u64>,
    /// The longest clearing chain that fits on N pits.
    #[arg(long, group = "size")]
    pits: Option<usize>,
    /// List the pits played.
    #[arg(long)]
    moves: bool,
}

/// `kalah count --checkpoint/--resume/--shard/--split-counters`: the count
/// in work units (`plybench::batch`), recorded in a file as they complete.
/// `start` is the position and rules of the flags; `None` for a run resumed
/// from its file (`matches`: the subcommand's, to check the flags given).
fn count_batch(
    args: &CountArgs,
    start: Option<(&Position, Rules)>,
    matches: &clap::ArgMatches,
    format: Format,
) -> anyhow::Result<ExitCode> {
    if args.method == Some(Method::Dp) {
        return Err(FlagError::new("--method", KalahError::DpNotSplit).into());
    }
    if args.lap_stats || args.max_disk.is_some() {
        let flag = if args.lap_stats { "--lap-stats" } else { "--max-disk" };
        return Err(Usage::flag(flag, "serves the dynamic program; a count in work units has no laps or tables on disk (add --spill-dir to save the dynamic program's count instead)").into());
    }
    if args.terminals == Terminals::Always {
        return Err(Usage::flag("--terminals",
            "always cannot be split into work units (distinct boards of different subtrees overlap); count them in one run without --checkpoint, --resume, --shard or --split-counters",
        )
        .into());
    }
    let threads = match args.threads {
        Some(threads) => threads,
        None => std::thread::available_parallelism().map_or(1, usize::from),
    };
    match (start, &args.resume) {
        (_, Some(path)) => {
            let resume = resumed(args, path, matches)?;
            let path = Some(resume.path.clone());
            run_batch::<KalahSplit>(&resume.params, None, path, resume.shard, threads, format)?;
        }
        (Some((position, rules)), None) => {
            // A split run is resumable and can be spread over machines, so its
            // estimate is told but nothing is refused.
            tell(&estimate(position, CountOptions { method: args.method, ..CountOptions::default() }), None);
            let params = Params::new(position, rules, args.method, args.split_counters).flag("--split-counters")?;
            run_batch::<KalahSplit>(&params, args.checkpoint.clone(), None, args.shard, threads, format)?;
        }
        (None, None) => unreachable!("clap requires --pits, --position or --resume"),
    }
    Ok(ExitCode::SUCCESS)
}

/// The run `--resume FILE` continues: the one the file records, each flag
/// given beside it checked against it.
fn resumed<'a>(args: &CountArgs, path: &Path, matches: &'a clap::ArgMatches) -> anyhow::Result<Resume<'a, Params>> {
    let resume = Resume::load::<KalahSplit>(path, matches)?;
    let recorded = &resume.params;
    if let Some(flag) = ["--pits", "--position"].into_iter().find(|f| resume.given(f)) {
        let own = own_pits(args)?.own_pn_first();
        resume.check(flag, own == recorded.position, list(&own), list(&recorded.position))?;
    }
    if let Some(opponent) = &args.opponent {
        let opponent = parse_counts(opponent).flag("--opponent")?;
        resume.agree("--opponent", list(&opponent), list(&recorded.opponent))?;
    }
    resume.agree("--captures", args.captures, recorded.captures)?;
    if resume.given("--method") {
        // `auto` is the method auto chooses for the recorded position.
        let method = match args.method {
            Some(method) => method,
            None => Method::auto_without_dp(&recorded.start()?),
        };
        resume.agree("--method", named(&method), named(&recorded.method))?;
    }
    resume.agree("--split-counters", args.split_counters.unwrap_or_default(), recorded.split_counters)?;
    resume.agree_shard(args.shard)?;
    Ok(resume)
}

/// The mover's pits of `--position` or `--pits`, the opponent's empty.
fn own_pits(args: &CountArgs) -> anyhow::Result<Position> {
    Ok(match (&args.position, args.pits) {
        (Some(text), _) => text.parse::<Position>().flag("--position")?,
        (None, Some(pits)) => Position::board_test(pits).flag("--pits")?,
        (None, None) => unreachable!("clap requires --pits, --position or --resume"),
    })
}

/// Names `--max-memory` when a count stopped at its memory limit, and
/// `--max-disk` at its disk budget; any other error goes through as it is.
fn memory_flag(error: impl Into<Error>) -> anyhow::Error {
    let error = error.into();
    match &error {
        Error::Kalah(kalah) if kalah.is_memory() => FlagError::new("--max-memory", error).into(),
        Error::Kalah(kalah) if kalah.is_disk() => FlagError::new("--max-disk", error).into(),
        _ => error.into(),
    }
}

/// Prints a large estimate on stderr when it is a terminal, with a warning
/// when the count could pass the memory `limit`.
fn tell(estimate: &Estimate, limit: Option<MemoryLimit>) {
    if !estimate.is_large() || !progress::is_terminal() {
        return;
    }
    match limit {
        Some(limit) if estimate.may_pass(limit) => eprintln!(
            "kalah: estimate: {estimate}; more than the memory limit of {limit}, so the count may stop there \
             (raise it with --max-memory GIB)"
        ),
        _ => eprintln!("kalah: estimate: {estimate}"),
    }
}

/// Names the flag to change when a count is refused before it starts: the
/// method when memoization would fit, the position otherwise; the memory
/// limit when raising it would let the count start.
fn estimate_flag(error: KalahError, args: &CountArgs) -> anyhow::Error {
    let position_flag = if args.position.is_some() { "--position" } else { "--pits" };
    match &error {
        KalahError::TooManySequences { memo_fits: true, .. } => FlagError::new("--method", error).into(),
        KalahError::TooManySequences { .. } | KalahError::BeyondMemory { .. } | KalahError::DpTooLong { .. } => {
            FlagError::new(position_flag, error).into()
        }
        _ => memory_flag(error),
    }
}

fn main() -> ExitCode {
    run(|| {
        let (cli, matches) = parse_args_with_matches::<Cli>();
        let format = cli.format;
        match cli.command {
            Command::Count(args) => {
                let matches = matches.subcommand_matches("count").expect("the count subcommand's matches");
                applies(matches, "--scan", args.trace, "it orders the steps of --trace only; add --trace")?;
                // A saved count of the dynamic program goes on here; a
                // batch's file, in work units.
                let saved = match &args.resume {
                    Some(file) => match SavedCount::read(file).flag("--resume")? {
                        Some(saved) => Some(saved),
                        None => return count_batch(&args, None, matches, format),
                    },
                    None => None,
                };
                let mut position = match &saved {
                    Some(saved) => saved.position().flag("--resume")?,
                    None => own_pits(&args)?,
                };
                if let Some(opponent) = &args.opponent {
                    let opponent = parse_counts(opponent).flag("--opponent")?;
                    position = Position::new(position.own().to_vec(), opponent).flag("--opponent")?;
                }
                let rules = Rules { captures: args.captures };
                let split = args.checkpoint.is_some() || args.shard.is_some() || args.split_counters.is_some();
                if split && saved.is_none() && args.spill_dir.is_none() {
                    return count_batch(&args, Some((&position, rules)), matches, format);
                }
                let (saving, spill_path) = dp_saving(&args, &position, saved)?;
                let method = match (args.method, args.lap_stats || saving.is_some()) {
                    (None, true) => Some(Method::Dp),
                    (Some(method), true) if method != Method::Dp => {
                        let (flag, why) = if saving.is_some() {
                            ("--method", "a count saved as it goes is the dynamic program's; pass --method dp or auto")
                        } else {
                            (
                                "--lap-stats",
                                "needs the dynamic program, which alone sees laps; pass --method dp or auto",
                            )
                        };
                        return Err(Usage::flag(flag, why).into());
                    }
                    (method, _) => method,
                };
                let dp = method == Some(Method::Dp);
                if args.spill_dir.is_some() && !matches!(method, None | Some(Method::Dp)) {
                    return Err(Usage::flag(
                        "--spill-dir",
                        "serves the dynamic program only; pass --method dp or auto",
                    )
                    .into());
                }
                let spill = match &spill_path {
                    Some(dir) => {
                        let adopted = saving.as_ref().map_or(0, |saving| saving.adopted_bytes);
                        Some(spill_dir(dir, args.max_disk, saving.is_some(), adopted)?)
                    }
                    None => None,
                };
                if let Some(saving) = &saving {
                    plybench::report::check_file_writable(&saving.file).flag("--checkpoint")?;
                }
                if dp && args.terminals == Terminals::Always {
                    return Err(FlagError::new("--terminals", KalahError::DpTerminals).into());
                }
                let options = CountOptions {
                    rules,
                    method,
                    terminal_positions: match args.terminals {
                        Terminals::Auto => !dp && is_small(&position),
                        Terminals::Always => true,
                        Terminals::Never => false,
                    },
                    memory: args.max_memory.unwrap_or_default(),
                    threads: match args.threads {
                        Some(threads) => check_threads(threads).flag("--threads")?,
                        None => std::thread::available_parallelism().map_or(1, usize::from),
                    },
                };
                let estimate = estimate(&position, options);
                estimate.check(options.memory).map_err(|error| estimate_flag(error, &args))?;
                tell(&estimate, Some(options.memory));
                let trace_table = if args.trace {
                    let rows = trace(&position, args.scan, rules).flag("--trace")?;
                    Some(results::trace_table(&position, args.scan, &rows))
                } else {
                    None
                };
                let bar = progress::bar(0, "counting");
                let on_step = progress::follow(&bar);
                let mut save = |checkpoint: &DpCheckpoint| -> Result<(), KalahError> {
                    let (Some(saving), Some(dir), Some(spill)) = (&saving, &spill_path, &spill) else {
                        return Ok(());
                    };
                    let mut prefixes = saving.run_prefixes.clone();
                    prefixes.push(spill.prefix().to_owned());
                    SavedCount::new(&position, dir, prefixes, checkpoint.clone())
                        .write(&saving.file)
                        .map_err(|error| KalahError::Checkpoint { why: format!("cannot be written: {error}") })
                };
                let disk = spill.as_ref().map(|spill| OnDisk {
                    spill,
                    resume: saving.as_ref().and_then(|saving| saving.resume.clone()),
                    save: if saving.is_some() { Some(&mut save) } else { None },
                });
                let figures = count_on_disk(&position, options, disk, Progress::new(&on_step)).map_err(memory_flag)?;
                bar.finish_and_clear();
                let mut table = results::count_table(&position, &figures, options);
                if let Some(saving) = &saving {
                    table.note(format!(
                        "Saved in {}: `kalah count --resume` on it prints this count.",
                        saving.file.display()
                    ));
                }
                if let Some(spill) = spill.filter(|spill| spill.written_bytes() > 0) {
                    table.note(format!(
                        "Tables past the memory limit went to {}: {:.2} GiB written, at most {:.2} GiB held at once.",
                        spill.dir().display(),
                        spill.written_bytes() as f64 / f64::from(1u32 << 30),
                        spill.peak_bytes() as f64 / f64::from(1u32 << 30),
                    ));
                }
                if figures.terminal_positions.is_none() {
                    let how = if figures.method.sees_stacks() {
                        "pass --terminals always to count them"
                    } else {
                        "the dynamic program sees no boards, and reports no stack heights either: pass --method memo or stack"
                    };
                    table.note(format!("{TERMINALS_NOT_COUNTED}; {how}."));
                }
                let laps = if args.lap_stats { results::lap_table(&position, &figures) } else { None };
                let mut tables = Vec::new();
                tables.extend(trace_table.as_ref());
                tables.push(&table);
                tables.extend(laps.as_ref());
                emit(&tables, format)?;
            }
            Command::Table(args) => {
                check_table_pits(args.max_pits).flag("--max-pits")?;
                let bar = progress::bar(args.max_pits as u64, "pits");
                let on_step = progress::follow(&bar);
                let options = TableOptions {
                    max_pits: args.max_pits,
                    terminal_max_pits: args.terminal_max_pits,
                    method: args.method,
                    memory: args.max_memory.unwrap_or_default(),
                };
                let table = results::board_test_table(options, Progress::new(&on_step)).map_err(memory_flag)?;
                bar.finish_and_clear();
                emit(&[&table], format)?;
            }
            Command::Sweep(args) => {
                let sweep = match (args.counters, args.pits) {
                    (Some(counters), _) => pattern_for_counters(counters).flag("--counters")?,
                    (None, Some(pits)) => longest_on_pits(pits).flag("--pits")?,
                    (None, None) => unreachable!("clap requires --counters or --pits"),
                };
                let mut table = results::sweep_table(&sweep, args.moves);
                if !args.moves {
                    table.note("Pass --moves to list the pits played.");
                }
                emit(&[&table], format)?;
            }
            Command::Reproduce => {
                let bar = progress::bar(0, "figures");
                let on_step = progress::follow(&bar);
                let table = results::reproduce_table(Progress::new(&on_step))?;
                bar.finish_and_clear();
                emit(&[&table], format)?;
                if !Tally::of([&table]).passed() {
                    return Ok(ExitCode::FAILURE);
                }
            }
        }
        Ok(ExitCode::SUCCESS)
    })
}
