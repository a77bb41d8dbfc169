//! `checkers`: English draughts perft in Bell's table-driven form, Samuel's
//! 36-bit words and a modern bitboard; replay of game records. All logic is
//! in `plybench::engine::checkers`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand, ValueEnum};
use plybench::bounded::read_text;
use plybench::engine::checkers::replay::{parse_games, replay};
use plybench::engine::checkers::{CheckersError, Counting, Numbering, Position, Repr, check_depth, estimate};
use plybench::engine::limit::{check_repeats, check_threads};
use plybench::engine::progress::Progress;
use plybench::engine::table::check_table_mb;
use plybench::report::{Format, Tally};
use plybench::study::checkers::results::{CheckersPerftRequest, bench_table, perft_report, replay_table};
use plybench_cli::{Flag, FlagError, emit, parse_args, print_json, progress, run, tell};

/// English draughts perft and game replay after Bell (1972) and Cochran (1971).
#[derive(Parser)]
#[command(name = "checkers", version, long_about = None)]
struct Cli {
    /// Output format.
    #[arg(long, value_enum, default_value_t, global = true)]
    format: Format,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves of the game tree to a depth, in one or all representations.
    Perft(PerftArgs),
    /// Speed table: nodes per second of each representation and the ratio to Bell's table.
    Bench(BenchArgs),
    /// Replay game records; report each damaged move and the legal move that repairs it.
    Replay(ReplayArgs),
}

/// A value parser for a list of `T`: one value's name, or `every` for
/// all of them (`all`, `both`), described by `help`.
fn one_or_every<T: ValueEnum + Clone + Send + Sync + 'static>(
    every: &'static str,
    help: &'static str,
) -> impl TypedValueParser<Value = Vec<T>> {
    let names = T::value_variants().iter().filter_map(ValueEnum::to_possible_value);
    PossibleValuesParser::new(names.chain([PossibleValue::new(every).help(help)])).map(move |name| {
        if name == every { T::value_variants().to_vec() } else { T::from_str(&name, false).into_iter().collect() }
    })
}

#[derive(Args)]
struct PerftArgs {
    /// Plies.
    #[arg(long)]
    depth: u32,
    /// Representation, or all three.
    // The full path keeps clap from reading `Vec` as "the flag may be
    // repeated": one value stands for a list.
    #[arg(long, value_parser = one_or_every::<Repr>("all", "All three, slowest first"), default_value = "all")]
    repr: std::vec::Vec<Repr>,
    /// Position in PDN FEN, e.g. B:W21,22,K30:B1,2,K9 (default: the opening).
    #[arg(long, allow_hyphen_values = true)]
    fen: Option<String>,
    /// How a multiple capture with several paths to one position counts.
    #[arg(long, value_parser = one_or_every::<Counting>("both", "Both, side by side"), default_value = "paths")]
    counting: std::vec::Vec<Counting>,
    /// Also list the count under each root move.
    #[arg(long)]
    divide: bool,
    /// Threads: the tree is split at the root and below (rayon). Counts do not depend on it.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true)]
    threads: usize,
    /// Perft table in MiB (0 = none), keyed by Zobrist keys. Counts do not depend on it.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    hash: u64,
}

#[derive(Args)]
struct BenchArgs {
    /// Plies.
    #[arg(long, default_value_t = 9)]
    depth: u32,
    /// Position in PDN FEN (default: the opening).
    #[arg(long, allow_hyphen_values = true)]
    fen: Option<String>,
    /// Runs per representation (1 to 1000); the fastest is kept.
    #[arg(long, default_value_t = 3)]
    repeats: u32,
}

#[derive(Args)]
struct ReplayArgs {
    /// A PDN-like game record (one or more games).
    file: PathBuf,
    /// Square numbering of the record (default: the Numbering tag, else standard).
    #[arg(long, value_enum, ignore_case = true)]
    numbering: Option<Numbering>,
}

fn position(fen: Option<&str>) -> Result<Position, CheckersError> {
    fen.map_or(Ok(Position::start()), str::parse)
}

fn main() -> ExitCode {
    run(|| {
        let cli: Cli = parse_args();
        let format = cli.format;
        match cli.command {
            Command::Perft(args) => {
                let position = position(args.fen.as_deref()).flag("--fen")?;
                let depth = check_depth(args.depth).flag("--depth")?;
                let threads = check_threads(args.threads).flag("--threads")?;
                check_table_mb(args.hash).flag("--hash")?;
                // Each counting counts the tree once per representation.
                let work = estimate(&position, depth, Counting::Paths, &args.repr)
                    .times(args.counting.len() as f64)
                    .on_threads(threads);
                // Refused only without a table, which can make a deep count
                // many times faster than the estimate.
                let work = if args.hash == 0 { work.check().flag("--depth")? } else { work };
                tell(&work);
                let spinner = progress::spinner(&format!("perft({depth})"));
                let request = CheckersPerftRequest {
                    position,
                    depth,
                    reprs: args.repr,
                    countings: args.counting,
                    divide: args.divide,
                    threads,
                    table_mb: args.hash,
                };
                let report = perft_report(request).map_err(|e| match e {
                    // The only error of a count past its checked flags: the table.
                    e @ plybench::Error::Checkers(CheckersError::Table(_)) => FlagError::new("--hash", e).into(),
                    e => anyhow::Error::from(e),
                })?;
                spinner.finish_and_clear();
                let tables = report.tables();
                if format == Format::Json {
                    print_json(&report.json())?;
                } else {
                    emit(&tables.iter().collect::<Vec<_>>(), format)?;
                }
                if !Tally::of(&tables).passed() {
                    return Ok(ExitCode::FAILURE);
                }
            }
            Command::Bench(args) => {
                let position = position(args.fen.as_deref()).flag("--fen")?;
                let depth = check_depth(args.depth).flag("--depth")?;
                let repeats = check_repeats(args.repeats).flag("--repeats")?;
                let once = estimate(&position, depth, Counting::Paths, &Repr::ALL).check().flag("--depth")?;
                tell(&once.times(f64::from(repeats)).check().flag("--repeats")?);
                let bar = progress::bar(Repr::ALL.len() as u64 * u64::from(repeats), "runs");
                let on_step = progress::follow(&bar);
                let table = bench_table(&position, depth, repeats, Progress::new(&on_step))?;
                bar.finish_and_clear();
                emit(&[&table], format)?;
            }
            Command::Replay(args) => {
                let text = read_text(&args.file).map_err(plybench::Error::from)?;
                let games = parse_games(&text, args.numbering).flag("FILE")?;
                let replays: Vec<_> = games.iter().map(replay).collect();
                emit(&[&replay_table(&replays)], format)?;
            }
        }
        Ok(ExitCode::SUCCESS)
    })
}
