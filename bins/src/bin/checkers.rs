//! `checkers`: English draughts perft in Bell's table-driven form, Samuel's
//! 36-bit words and a modern bitboard; replay of game records. All logic is
//! in `plybench::engine::checkers`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use plybench::engine::checkers::replay::{parse_games, replay};
use plybench::engine::checkers::{Counting, Numbering, Position, Repr, check_depth};
use plybench::report::{Format, Verdict};
use plybench::study::checkers::tables::{PerftRequest, bench_table, perft_report, replay_table};
use plybench_cli::{FormatArg, emit, print, run};

/// English draughts perft and game replay after Bell (1972) and Cochran (1971).
#[derive(Parser)]
#[command(version, about, long_about = None)]
struct Cli {
    /// Output format.
    #[arg(long, value_enum, default_value_t, global = true)]
    format: FormatArg,
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

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
enum CountingArg {
    /// Every path of a multiple capture (the published convention).
    #[default]
    Paths,
    /// One move per distinct resulting position.
    Results,
    /// Both, side by side.
    Both,
}

#[derive(Args)]
struct PerftArgs {
    /// Plies.
    #[arg(long)]
    depth: u32,
    /// table, samuel, bitboard or all.
    #[arg(long, default_value = "all")]
    repr: String,
    /// Position in PDN FEN, e.g. B:W21,22,K30:B1,2,K9 (default: the opening).
    #[arg(long, allow_hyphen_values = true)]
    fen: Option<String>,
    /// How a multiple capture with several paths to one position counts.
    #[arg(long, value_enum, default_value_t)]
    counting: CountingArg,
    /// Also list the count under each root move.
    #[arg(long)]
    divide: bool,
}

#[derive(Args)]
struct BenchArgs {
    /// Plies.
    #[arg(long, default_value_t = 9)]
    depth: u32,
    /// Position in PDN FEN (default: the opening).
    #[arg(long, allow_hyphen_values = true)]
    fen: Option<String>,
    /// Runs per representation; the fastest is kept.
    #[arg(long, default_value_t = 3)]
    repeats: u32,
}

#[derive(Args)]
struct ReplayArgs {
    /// A PDN-like game record (one or more games).
    file: PathBuf,
    /// Square numbering of the record: standard or cochran (default: the Numbering tag, else standard).
    #[arg(long)]
    numbering: Option<String>,
}

fn reprs(arg: &str) -> plybench::Result<Vec<Repr>> {
    if arg == "all" { Ok(Repr::ALL.to_vec()) } else { Ok(vec![arg.parse()?]) }
}

fn position(fen: Option<&str>) -> plybench::Result<Position> {
    fen.map_or(Ok(Position::start()), str::parse)
}

fn main() -> ExitCode {
    run(|| {
        let cli = Cli::parse();
        let format: Format = cli.format.into();
        match cli.command {
            Command::Perft(args) => {
                let reprs = reprs(&args.repr)?;
                let position = position(args.fen.as_deref())?;
                check_depth(args.depth)?;
                let countings = match args.counting {
                    CountingArg::Paths => vec![Counting::Paths],
                    CountingArg::Results => vec![Counting::Results],
                    CountingArg::Both => Counting::ALL.to_vec(),
                };
                let report =
                    perft_report(PerftRequest { position, depth: args.depth, reprs, countings, divide: args.divide })?;
                if format == Format::Json {
                    print(&(serde_json::to_string_pretty(&report.json())? + "\n"))?;
                } else {
                    let tables = report.tables();
                    emit(&tables.iter().collect::<Vec<_>>(), format)?;
                }
                let differs = report.comparison.as_ref().is_some_and(|c| c.verdict == Verdict::Differs);
                if !report.agree || differs {
                    return Ok(ExitCode::FAILURE);
                }
            }
            Command::Bench(args) => {
                let position = position(args.fen.as_deref())?;
                check_depth(args.depth)?;
                emit(&[&bench_table(&position, args.depth, args.repeats)?], format)?;
            }
            Command::Replay(args) => {
                let numbering = args.numbering.as_deref().map(str::parse::<Numbering>).transpose()?;
                let text = std::fs::read_to_string(&args.file).map_err(|e| {
                    plybench::Error::invalid("FILE", format!("cannot read {}: {e}", args.file.display()))
                })?;
                let games = parse_games(&text, numbering)?;
                let replays: Vec<_> = games.iter().map(replay).collect();
                emit(&[&replay_table(&replays)], format)?;
            }
        }
        Ok(ExitCode::SUCCESS)
    })
}
