//! `levy`: the figures of Levy's *Computer Gamesmanship* (1983), each
//! computed exactly beside the printed one, chapter by chapter; and
//! `levy perft`, the generic perft driver on the book's games. All logic
//! is in `plybench::study::levy` and `plybench::engine::game`.

use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use plybench::engine::game::{Driver, Game};
use plybench::engine::limit::check_threads;
use plybench::engine::othello::{ArrayBoard, Othello};
use plybench::engine::progress::Progress;
use plybench::engine::table::check_table_mb;
use plybench::report::{Cell, Column, Format, Table, Tally};
use plybench::study::budget::Budget;
use plybench::study::levy::{Settings, parts};
use plybench_cli::{Flag, emit, parse_args, run};

/// Levy (1983), Computer Gamesmanship: every figure of the chapters covered, computed exactly, with a verdict.
#[derive(Parser)]
#[command(name = "levy", version, long_about = None, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    study: StudyArgs,
}

#[derive(Subcommand)]
enum Command {
    /// Counts the move sequences of a game from its start (perft), with the generic driver.
    Perft(PerftArgs),
}

#[derive(Args)]
struct StudyArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
    /// Only these chapters (repeat the flag or separate with commas): 1 to 18 (chapters 3 and 4 are one part).
    #[arg(long, value_delimiter = ',', value_name = "N")]
    chapter: Vec<u32>,
    /// Seed of every Monte Carlo estimate; the same seed gives the same numbers on any machine and thread count.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Trials of each Monte Carlo estimate (default: 200,000; 20,000 with --quick; 2,000,000 with --full).
    #[arg(long)]
    samples: Option<u64>,
    /// The quick budget: fewer trials, shallower perft, and the 15-million-deal showdown left out.
    #[arg(long, conflicts_with = "full")]
    quick: bool,
    /// The full budget: more trials, Othello perft to depth 11.
    #[arg(long)]
    full: bool,
}

/// The games `levy perft` counts.
#[derive(Clone, Copy, ValueEnum)]
enum GameName {
    /// Othello from the standard start, on the bitboard (a forced pass is a move).
    Othello,
    /// Othello on the array board, the bitboard's oracle (slow).
    OthelloArray,
    /// Shogi from the start position (drops and each promotion choice are moves).
    Shogi,
    /// Backgammon from the opening: plies alternate a throw (21 chance moves) and a play (distinct positions).
    Backgammon,
}

impl GameName {
    fn name(self) -> &'static str {
        match self {
            GameName::Othello => "othello",
            GameName::OthelloArray => "othello-array",
            GameName::Shogi => "shogi",
            GameName::Backgammon => "backgammon",
        }
    }
}

#[derive(Args)]
struct PerftArgs {
    /// The game.
    #[arg(long, value_enum)]
    game: GameName,
    /// Plies to count.
    #[arg(long)]
    depth: u32,
    /// Worker threads; the counts do not depend on them.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Size of the shared perft table in MiB (0: none).
    #[arg(long, default_value_t = 16, value_name = "MIB")]
    hash: u64,
    /// Also print the count under each root move.
    #[arg(long)]
    divide: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

fn main() -> ExitCode {
    run(|| {
        let cli: Cli = parse_args();
        match cli.command {
            Some(Command::Perft(args)) => perft_command(&args),
            None => study(&cli.study),
        }
    })
}

fn study(cli: &StudyArgs) -> anyhow::Result<ExitCode> {
    let budget = match (cli.quick, cli.full) {
        (true, _) => Budget::Quick,
        (_, true) => Budget::Full,
        _ => Budget::Default,
    };
    let mut settings = Settings::new(budget, cli.seed);
    if let Some(samples) = cli.samples {
        settings = settings.with_samples(samples).flag("--samples")?;
    }
    let selected = parts::select(&cli.chapter).flag("--chapter")?;
    let mut tables: Vec<Table> = Vec::new();
    for part in selected {
        tables.extend((part.run)(&settings, Progress::NONE)?.tables);
    }
    emit(&tables.iter().collect::<Vec<_>>(), cli.format)?;
    Ok(if Tally::of(&tables).passed() { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

/// `levy perft`: one match arm per game (a game joins by a variant of
/// [`GameName`] and an arm here).
fn perft_command(args: &PerftArgs) -> anyhow::Result<ExitCode> {
    check_threads(args.threads).flag("--threads")?;
    check_table_mb(args.hash).flag("--hash")?;
    plybench::engine::game::check_depth(args.depth).flag("--depth")?;
    let tables = match args.game {
        GameName::Othello => count_game(&Othello::start(), args)?,
        GameName::OthelloArray => count_game(&ArrayBoard::start(), args)?,
        GameName::Shogi => count_game(&plybench::engine::shogi::Position::start(), args)?,
        GameName::Backgammon => count_game(&plybench::engine::backgammon::Position::start(), args)?,
    };
    emit(&tables.iter().collect::<Vec<_>>(), args.format)?;
    Ok(ExitCode::SUCCESS)
}

/// Counts `root` as `args` ask: the count, and the divide when asked.
fn count_game<G: Game>(root: &G, args: &PerftArgs) -> anyhow::Result<Vec<Table>> {
    let mut driver = Driver::new(args.threads, args.hash)?;
    let split = driver.divide(root, args.depth, Progress::NONE)?;
    let nodes: u128 = if args.depth == 0 { 1 } else { split.iter().map(|&(_, n)| n).sum() };
    let mut count = Table::new(
        "levy_perft",
        "perft: move sequences from the start",
        vec![
            Column::new("game", "Game"),
            Column::new("depth", "Depth"),
            Column::new("threads", "Threads"),
            Column::new("hash_mib", "Table MiB"),
            Column::new("nodes", "Nodes"),
        ],
    );
    count.push(vec![
        args.game.name().into(),
        Cell::UInt(args.depth.into()),
        Cell::UInt(args.threads as u128),
        Cell::UInt(args.hash.into()),
        Cell::UInt(nodes),
    ]);
    let mut tables = vec![count];
    if args.divide {
        let mut divide = Table::new(
            "levy_perft_divide",
            "perft divide: the count under each root move",
            vec![Column::new("move", "Move"), Column::new("nodes", "Nodes")],
        );
        for (mv, n) in split {
            divide.push(vec![root.notation(mv).into(), Cell::UInt(n)]);
        }
        tables.push(divide);
    }
    Ok(tables)
}
