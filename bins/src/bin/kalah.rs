//! `kalah`: Bell's (1972) continuation-move counts, stack depths and
//! clearing patterns. All logic is in `plybench::kalah`.

use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use plybench::kalah::sweep::{longest_on_pits, pattern_for_counters};
use plybench::kalah::tables::{self, TableOptions};
use plybench::kalah::trace::trace;
use plybench::kalah::{CountOptions, Method, Position, Rules, ScanOrder, count, is_small, parse_counts};
use plybench::progress;
use plybench_cli::{FormatArg, emit, parse_args, run};

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
                let options = CountOptions {
                    rules,
                    method: args.method.method(),
                    terminal_positions: match args.terminals {
                        Terminals::Auto => is_small(&position),
                        Terminals::Always => true,
                        Terminals::Never => false,
                    },
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
                let figures = count(&position, options, &bar)?;
                bar.finish_and_clear();
                let table = tables::count_table(&position, &figures, options);
                match &trace_table {
                    Some(trace) => emit(&[trace, &table], format)?,
                    None => emit(&[&table], format)?,
                }
            }
            Command::Table(args) => {
                let bar = progress::bar(args.max_pits as u64, "pits");
                let options = TableOptions {
                    max_pits: args.max_pits,
                    terminal_max_pits: args.terminal_max_pits,
                    method: args.method.method(),
                };
                let table = tables::board_test_table(options, &bar)?;
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
                let table = tables::reproduce_table(&bar)?;
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
