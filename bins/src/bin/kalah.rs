//! `kalah`: Bell's (1972) continuation-move counts, stack depths and
//! clearing patterns. All logic is in `plybench::engine::kalah`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use plybench::Error;
use plybench::batch::Shard;
use plybench::engine::kalah::sweep::{longest_on_pits, pattern_for_counters};
use plybench::engine::kalah::trace::trace;
use plybench::engine::kalah::{CountOptions, Method, Position, Rules, ScanOrder, count, is_small, parse_counts};
use plybench::engine::memory::MemoryLimit;
use plybench::engine::progress::Progress;
use plybench::report::Format;
use plybench::study::kalah::tables::{self, TableOptions};
use plybench::study::kalah::units::{KalahSplit, Params};
use plybench_cli::progress;
use plybench_cli::{FormatArg, emit, parse_args, run, run_batch};

/// Kalah continuation moves after Bell (1972), section 3.3.
#[derive(Parser)]
#[command(version, long_about = None)]
struct Cli {
    /// Output format.
    #[arg(long, value_enum, default_value_t, global = true)]
    format: FormatArg,
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

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
enum MethodArg {
    /// The explicit stack for small positions, memoization beyond.
    #[default]
    Auto,
    /// Bell's explicit stack: every sequence played out.
    Stack,
    /// Memoization over the mover's pits.
    Memo,
}

impl MethodArg {
    fn method(self) -> Option<Method> {
        match self {
            MethodArg::Auto => None,
            MethodArg::Stack => Some(Method::Stack),
            MethodArg::Memo => Some(Method::Memo),
        }
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
enum ScanArg {
    /// P1 first (Bell's choice).
    #[default]
    RightToLeft,
    /// PN first.
    LeftToRight,
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
#[command(group = clap::ArgGroup::new("start").required(true))]
struct CountArgs {
    /// Bell's board test on N pits: pit Pi holds i counters.
    #[arg(long, group = "start")]
    pits: Option<usize>,
    /// The mover's pits, PN first, e.g. 3,2,1.
    #[arg(long, group = "start", allow_hyphen_values = true)]
    position: Option<String>,
    /// The opponent's pits p1..pN as drawn above the mover's (default: empty).
    #[arg(long, allow_hyphen_values = true)]
    opponent: Option<String>,
    /// Scan order of the trace.
    #[arg(long, value_enum, default_value_t)]
    scan: ScanArg,
    /// Apply rule 1: a capture ends the move. Changes terminal boards, never the number of sequences.
    #[arg(long)]
    captures: bool,
    /// Print the stack activity step by step, as in Bell's figure.
    #[arg(long)]
    trace: bool,
    /// Counting method.
    #[arg(long, value_enum, default_value_t)]
    method: MethodArg,
    /// Whether to count distinct terminal positions.
    #[arg(long, value_enum, default_value_t)]
    terminals: Terminals,
    /// Memory the count may plan to hold, in GiB (default: 14 or 3/4 of the machine's memory, whichever is less).
    #[arg(long, value_name = "GIB")]
    max_memory: Option<MemoryLimit>,
    /// Record each completed work unit (a subtree) in FILE, rewritten atomically at least every 2 s; Ctrl-C or SIGTERM saves it and exits 130.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["resume", "trace"])]
    checkpoint: Option<PathBuf>,
    /// Continue the run recorded in FILE (give the same options); the counts equal an uninterrupted run's.
    #[arg(long, value_name = "FILE", conflicts_with = "trace")]
    resume: Option<PathBuf>,
    /// Compute only units i with i % N == K-1 and write them to the --checkpoint file; `plybench merge` sums the N files.
    #[arg(long, value_name = "K/N", conflicts_with = "trace")]
    shard: Option<Shard>,
    /// Work units are the subtrees below the point where the mover has sown C counters out of his pits (default: the deepest cut, up to one counter per pit, with at most 10,000 units).
    #[arg(long, value_name = "C", conflicts_with = "trace")]
    split_counters: Option<u64>,
    /// Units counted at once in a checkpointed or sharded run (default: every core).
    #[arg(long)]
    threads: Option<usize>,
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
    #[arg(long, value_enum, default_value_t)]
    method: MethodArg,
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
fn count_batch(args: &CountArgs, position: &Position, rules: Rules, format: Format) -> anyhow::Result<ExitCode> {
    if args.shard.is_some() && args.checkpoint.is_none() && args.resume.is_none() {
        return Err(Error::invalid("--shard", "needs --checkpoint FILE (or --resume FILE) to write its part to").into());
    }
    if args.terminals == Terminals::Always {
        return Err(Error::invalid(
            "--terminals",
            "always cannot be split into work units (distinct boards of different subtrees overlap); count them in one run without --checkpoint, --resume, --shard or --split-counters",
        )
        .into());
    }
    let threads = match args.threads {
        Some(threads) => threads,
        None => std::thread::available_parallelism().map_or(1, usize::from),
    };
    let params = Params::new(position, rules, args.method.method(), args.split_counters)?;
    run_batch::<KalahSplit>(&params, args.checkpoint.clone(), args.resume.clone(), args.shard, threads, format)?;
    Ok(ExitCode::SUCCESS)
}

fn main() -> ExitCode {
    run(|| {
        let cli: Cli = parse_args();
        let format = cli.format.into();
        match cli.command {
            Command::Count(args) => {
                let mut position = match (&args.position, args.pits) {
                    (Some(text), _) => text.parse::<Position>()?,
                    (None, Some(pits)) => Position::board_test(pits)?,
                    (None, None) => unreachable!("clap requires --pits or --position"),
                };
                if let Some(opponent) = &args.opponent {
                    position = Position::new(position.own().to_vec(), parse_counts(opponent, "--opponent")?)?;
                }
                let rules = Rules { captures: args.captures };
                if args.checkpoint.is_some()
                    || args.resume.is_some()
                    || args.shard.is_some()
                    || args.split_counters.is_some()
                {
                    return count_batch(&args, &position, rules, format);
                }
                let options = CountOptions {
                    rules,
                    method: args.method.method(),
                    terminal_positions: match args.terminals {
                        Terminals::Auto => is_small(&position),
                        Terminals::Always => true,
                        Terminals::Never => false,
                    },
                    memory: args.max_memory.unwrap_or_default(),
                };
                let order = match args.scan {
                    ScanArg::RightToLeft => ScanOrder::RightToLeft,
                    ScanArg::LeftToRight => ScanOrder::LeftToRight,
                };
                let trace_table = if args.trace {
                    Some(tables::trace_table(&position, order, &trace(&position, order, rules)?))
                } else {
                    None
                };
                let bar = progress::bar(0, "counting");
                let on_step = progress::follow(&bar);
                let figures = count(&position, options, Progress::new(&on_step))?;
                bar.finish_and_clear();
                let table = tables::count_table(&position, &figures, options);
                match &trace_table {
                    Some(trace) => emit(&[trace, &table], format)?,
                    None => emit(&[&table], format)?,
                }
            }
            Command::Table(args) => {
                let bar = progress::bar(args.max_pits as u64, "pits");
                let on_step = progress::follow(&bar);
                let options = TableOptions {
                    max_pits: args.max_pits,
                    terminal_max_pits: args.terminal_max_pits,
                    method: args.method.method(),
                    memory: args.max_memory.unwrap_or_default(),
                };
                let table = tables::board_test_table(options, Progress::new(&on_step))?;
                bar.finish_and_clear();
                emit(&[&table], format)?;
            }
            Command::Sweep(args) => {
                let sweep = match (args.counters, args.pits) {
                    (Some(counters), _) => pattern_for_counters(counters)?,
                    (None, Some(pits)) => longest_on_pits(pits)?,
                    (None, None) => unreachable!("clap requires --counters or --pits"),
                };
                emit(&[&tables::sweep_table(&sweep, args.moves)], format)?;
            }
            Command::Reproduce => {
                let bar = progress::bar(0, "figures");
                let on_step = progress::follow(&bar);
                let table = tables::reproduce_table(Progress::new(&on_step))?;
                bar.finish_and_clear();
                emit(&[&table], format)?;
                if !tables::all_match(&table) {
                    return Ok(ExitCode::FAILURE);
                }
            }
        }
        Ok(ExitCode::SUCCESS)
    })
}
