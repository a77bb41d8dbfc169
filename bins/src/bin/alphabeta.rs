//! `alphabeta`: node counts of alpha-beta on random and ordered trees,
//! after Levy (1983), Newborn, Knuth and Moore, and Pearl. All logic is in
//! `plybench::engine::search` and `plybench::study::alphabeta`; this binary
//! parses the flags and names the one whose value the library refused.

use std::process::ExitCode;

use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::{Args, Parser, Subcommand, ValueEnum};
use plybench::Error;
use plybench::batch::Shard;
use plybench::engine::chess::Setup;
use plybench::engine::limit::check_threads;
use plybench::engine::progress::Progress;
use plybench::engine::search::exact::expected_leaves;
use plybench::engine::search::{Algorithm, AlgorithmKind, OrderKind, SearchError, TreeShape, ValuesKind};
use plybench::engine::tictactoe::{TicOrder, TicSearch};
use plybench::report::{Format, Tally};
use plybench::study::alphabeta::batches::{DEFAULT_BATCH_TREES, RandomParams, RandomSplit};
use plybench::study::alphabeta::depths::{DepthSettings, depth_table};
use plybench::study::alphabeta::newborn::{self, Settings};
use plybench::study::alphabeta::real_trees::{chess_table, kalah_table};
use plybench::study::alphabeta::records::{exact_table, random_table};
use plybench::study::alphabeta::{Experiment, check_trees, run, run_reporting, tictactoe};
use plybench_cli::resume::{Resume, named};
use plybench_cli::{Flag, Usage, applies, emit, parse_args_with_matches, progress, run as run_main, run_batch, tell};

/// Alpha-beta node counts on random trees and tic-tac-toe.
#[derive(Parser)]
#[command(name = "alphabeta", version, long_about = None)]
struct Cli {
    /// Output format.
    #[arg(long, value_enum, default_value_t, global = true)]
    format: Format,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Search random uniform trees and report node counts beside the theory.
    Random(RandomArgs),
    /// Levy's Figures 16 and 17 (Newborn), reproduced with verdicts and the evidence for each `differs`.
    Newborn(NewbornArgs),
    /// The exact expected leaf count of alpha-beta in random order, as a fraction, with and without deep cutoffs.
    Exact(ExactArgs),
    /// Leaves against depth for each move order (plot-ready with --format csv or json).
    Depths(DepthArgs),
    /// A real tree: Kalah turns from the opening, alpha-beta in several move orders.
    Kalah(KalahArgs),
    /// A real tree: chess plies from a position, alpha-beta with random against captures-first order.
    Chess(ChessArgs),
    /// The full tic-tac-toe tree: minimax and alpha-beta with Levy's orders, killer and window; minimax beside the published sizes (exits 1 if one differs).
    Tictactoe(TicArgs),
}

#[derive(Args)]
struct RandomArgs {
    /// Children per node (at least 2).
    #[arg(long, short = 'b', required_unless_present = "resume")]
    branching: Option<u32>,
    /// Plies (at least 1).
    #[arg(long, short = 'd', required_unless_present = "resume")]
    depth: Option<u32>,
    /// Number of trees.
    #[arg(long, default_value_t = 10_000)]
    trees: u64,
    /// Seed of the trees.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Move order.
    #[arg(long, value_enum, default_value_t)]
    order: OrderKind,
    /// Correlation of the estimate with the true value, for --order noisy (and only it), in [-1, 1].
    #[arg(long, allow_hyphen_values = true)]
    correlation: Option<f64>,
    /// Search algorithm.
    #[arg(long, value_enum, default_value_t)]
    algorithm: AlgorithmKind,
    /// Leaf values.
    #[arg(long, value_enum, default_value_t)]
    values: ValuesKind,
    /// Distinct leaf values, for --values discrete (and only it; at least 2).
    #[arg(long, default_value_t = 10)]
    levels: u32,
    /// Aspiration window centre, for --algorithm aspiration, as a quantile of the leaf values in [0, 1].
    #[arg(long, default_value_t = 0.5)]
    window_centre: f64,
    /// Aspiration window half-width, for --algorithm aspiration, as a fraction of the leaf-value range.
    #[arg(long, default_value_t = 0.1)]
    window_half_width: f64,
    /// Trees per work unit of a checkpointed, resumed or sharded run (and only of one).
    #[arg(long, default_value_t = DEFAULT_BATCH_TREES)]
    batch_trees: u64,
    /// Record each completed work unit (a batch of trees) in FILE, rewritten atomically at least every 2 s; Ctrl-C or SIGTERM saves it and exits 130.
    #[arg(long, value_name = "FILE", conflicts_with = "resume")]
    checkpoint: Option<std::path::PathBuf>,
    /// Continue the run recorded in FILE, with its trees, search and shard (a flag given beside it must agree); the figures equal an uninterrupted run's.
    #[arg(long, value_name = "FILE")]
    resume: Option<std::path::PathBuf>,
    /// Compute only units i with i % N == K-1 and write them to the --checkpoint file (default: alphabeta-shard-K-of-N.json); `plybench merge` sums the N files.
    #[arg(long, value_name = "K/N")]
    shard: Option<Shard>,
    /// Threads: batches searched at once in a checkpointed or sharded run, trees searched at once otherwise (default: every core). Counts do not depend on it.
    #[arg(long)]
    threads: Option<usize>,
}

#[derive(Args)]
struct NewbornArgs {
    /// Trees per row; by default as many as a 95% CI of ±0.1% needs.
    #[arg(long)]
    trees: Option<u64>,
    /// Seed of the trees.
    #[arg(long, default_value_t = 1983)]
    seed: u64,
    /// Trees per row in perfect order (each must give the Knuth-Moore minimum).
    #[arg(long, default_value_t = 200)]
    perfect_trees: u64,
}

#[derive(Args)]
struct DepthArgs {
    /// Branching factors, comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "2,4,8,16")]
    branching: Vec<u32>,
    /// Largest depth.
    #[arg(long, default_value_t = 8)]
    max_depth: u32,
    /// Most trees per cell.
    #[arg(long, default_value_t = 1000)]
    trees: u64,
    /// Stop adding trees to a cell after this many leaves.
    #[arg(long, default_value_t = 20_000_000)]
    leaf_budget: u64,
    /// Skip sorting orders on trees with more leaves than this.
    #[arg(long, default_value_t = 1 << 20)]
    sorted_max_leaves: u64,
    /// Correlation of the noisy order shown.
    #[arg(long, default_value_t = 0.5, allow_hyphen_values = true)]
    correlation: f64,
    /// Seed of the trees.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

#[derive(Args)]
struct ChessArgs {
    /// The position (FEN); Kiwipete by default, a middlegame rich in captures.
    #[arg(long, default_value = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")]
    fen: String,
    /// Plies searched (1 to 6; the tree is built in memory, at most 5 million nodes).
    #[arg(long, default_value_t = 3)]
    depth: u32,
    /// Seed of the random order.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

#[derive(Args)]
struct KalahArgs {
    /// Pits per side (1 to 8).
    #[arg(long, default_value_t = 6)]
    pits: usize,
    /// Stones per pit at the start (Levy's example: 5).
    #[arg(long, default_value_t = 5)]
    stones: u16,
    /// Turns searched.
    #[arg(long, default_value_t = 5)]
    depth: u32,
    /// Seed of the random order.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

#[derive(Args)]
struct ExactArgs {
    /// Children per node (at least 2).
    #[arg(long, short = 'b')]
    branching: u32,
    /// Plies (at least 1).
    #[arg(long, short = 'd')]
    depth: u32,
    /// Trees of the Monte Carlo estimate printed alongside.
    #[arg(long, default_value_t = 100_000)]
    trees: u64,
    /// Seed of the Monte Carlo trees.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// The `--order` values of `tictactoe`: each [`TicOrder`], and `all`.
fn tic_orders() -> PossibleValuesParser {
    let orders = TicOrder::value_variants().iter().filter_map(ValueEnum::to_possible_value);
    PossibleValuesParser::new(
        orders.chain([PossibleValue::new(ALL_TASKS).help("Every variant of Levy's Tasks 3 and 4, one row each")]),
    )
}

/// The `--order` value of `tictactoe` that asks for every task.
const ALL_TASKS: &str = "all";

#[derive(Args)]
struct TicArgs {
    /// Move order.
    #[arg(long, default_value = "levy", value_parser = tic_orders())]
    order: String,
    /// Try the last move that caused a cutoff at the same ply first (one killer per ply).
    #[arg(long)]
    killer: bool,
    /// Start with the window (-0.9, +0.9) instead of (-inf, +inf).
    #[arg(long)]
    window: bool,
    /// Skip moves leading to a position symmetric to one of an earlier sibling.
    #[arg(long)]
    symmetry: bool,
    /// Full minimax instead of alpha-beta.
    #[arg(long)]
    minimax: bool,
    /// Seed of --order random.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

impl RandomArgs {
    /// The run's parameters, as the library checks and records them.
    fn params(&self) -> RandomParams {
        RandomParams {
            branching: self.branching.expect("clap requires --branching without --resume"),
            depth: self.depth.expect("clap requires --depth without --resume"),
            trees: self.trees,
            seed: self.seed,
            order: self.order,
            correlation: self.correlation,
            algorithm: self.algorithm,
            values: self.values,
            levels: self.levels,
            window_centre: self.window_centre,
            window_half_width: self.window_half_width,
            batch_trees: self.batch_trees,
        }
    }

    /// The checked experiment, a refused value named by its flag.
    fn experiment(&self) -> anyhow::Result<Experiment> {
        let params = self.params();
        flagged(params.experiment(), |error| match error {
            SearchError::NoTrees => Some("--trees"),
            SearchError::NoBatchTrees => Some("--batch-trees"),
            SearchError::Correlation(_) | SearchError::NoCorrelation | SearchError::CorrelationNotNoisy(..) => {
                Some("--correlation")
            }
            SearchError::TooFewLevels(_) => Some("--levels"),
            SearchError::WindowCentre(_) => Some("--window-centre"),
            SearchError::WindowHalfWidth(_) => Some("--window-half-width"),
            other => shape_flag(other),
        })
    }
}

/// Refuses the flags of `random` given for a run they do not apply to:
/// `--levels` without discrete values, the window without aspiration,
/// `--batch-trees` without work units. (`--correlation` without the noisy
/// order is refused by the library, which records it.)
fn check_applies(args: &RandomArgs, matches: &clap::ArgMatches) -> Result<(), Usage> {
    applies(
        matches,
        "--levels",
        args.values == ValuesKind::Discrete,
        "it applies to --values discrete only; add --values discrete or drop --levels",
    )?;
    let aspiration = args.algorithm == AlgorithmKind::Aspiration;
    for flag in ["--window-centre", "--window-half-width"] {
        applies(matches, flag, aspiration, "it applies to --algorithm aspiration only")?;
    }
    let units = args.checkpoint.is_some() || args.resume.is_some() || args.shard.is_some();
    applies(
        matches,
        "--batch-trees",
        units,
        "it applies to a run in work units (--checkpoint, --resume or --shard) only",
    )
}

/// The flag of a refused tree shape: `--branching` or `--depth`.
fn shape_flag(error: &SearchError) -> Option<&'static str> {
    match error {
        SearchError::TooFewMoves(_) | SearchError::TooManyMoves { .. } => Some("--branching"),
        SearchError::NoDepth | SearchError::TooManyLeaves { .. } => Some("--depth"),
        _ => None,
    }
}

/// Names the flag whose value the library refused: `flag_of` picks it from
/// the search error; other errors, and search errors it does not place,
/// pass as they are.
fn flagged<T, E: Into<Error>>(
    result: Result<T, E>,
    flag_of: impl Fn(&SearchError) -> Option<&'static str>,
) -> anyhow::Result<T> {
    match result.map_err(Into::into) {
        Ok(value) => Ok(value),
        Err(Error::Search(error)) => match flag_of(&error) {
            Some(flag) => Ok(Err::<T, _>(error).flag(flag)?),
            None => Err(Error::Search(error).into()),
        },
        Err(error) => Err(error.into()),
    }
}

/// `alphabeta random --checkpoint/--resume/--shard`: the experiment in
/// batches of trees (`plybench::batch`), recorded in a file as they
/// complete. `matches` (the subcommand's) tell the flags given beside
/// `--resume`.
fn random_batch(args: &RandomArgs, matches: &clap::ArgMatches, format: Format) -> anyhow::Result<ExitCode> {
    let threads = match args.threads {
        Some(threads) => check_threads(threads).flag("--threads")?,
        None => std::thread::available_parallelism().map_or(1, usize::from),
    };
    let ok = match &args.resume {
        Some(path) => {
            let resume = resumed(args, path, matches)?;
            run_batch::<RandomSplit>(&resume.params, None, Some(resume.path.clone()), resume.shard, threads, format)?
        }
        None => {
            args.experiment()?;
            run_batch::<RandomSplit>(&args.params(), args.checkpoint.clone(), None, args.shard, threads, format)?
        }
    };
    Ok(if ok { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// The run `--resume FILE` continues: the one the file records, each flag
/// given beside it checked against it.
fn resumed<'a>(
    args: &RandomArgs,
    path: &std::path::Path,
    matches: &'a clap::ArgMatches,
) -> anyhow::Result<Resume<'a, RandomParams>> {
    let resume = Resume::load::<RandomSplit>(path, matches)?;
    let recorded = &resume.params;
    resume.agree("--branching", args.branching.unwrap_or_default(), recorded.branching)?;
    resume.agree("--depth", args.depth.unwrap_or_default(), recorded.depth)?;
    resume.agree("--trees", args.trees, recorded.trees)?;
    resume.agree("--seed", args.seed, recorded.seed)?;
    resume.agree("--order", named(&args.order), named(&recorded.order))?;
    let show = |r: Option<f64>| r.map_or("none".to_owned(), |r| r.to_string());
    resume.agree("--correlation", show(args.correlation), show(recorded.correlation))?;
    resume.agree("--algorithm", named(&args.algorithm), named(&recorded.algorithm))?;
    resume.agree("--values", named(&args.values), named(&recorded.values))?;
    resume.agree("--levels", args.levels, recorded.levels)?;
    resume.agree("--window-centre", args.window_centre, recorded.window_centre)?;
    resume.agree("--window-half-width", args.window_half_width, recorded.window_half_width)?;
    resume.agree("--batch-trees", args.batch_trees, recorded.batch_trees)?;
    resume.agree_shard(args.shard)?;
    Ok(resume)
}

fn main() -> ExitCode {
    run_main(|| {
        let (cli, matches) = parse_args_with_matches::<Cli>();
        let format = cli.format;
        let sub = |name: &str| matches.subcommand_matches(name).expect("the subcommand's matches");
        match cli.command {
            Command::Random(args) => {
                let matches = sub("random");
                if args.resume.is_none() {
                    check_applies(&args, matches)?;
                }
                if args.checkpoint.is_some() || args.resume.is_some() || args.shard.is_some() {
                    return random_batch(&args, matches, format);
                }
                let experiment = args.experiment()?;
                let pool = match args.threads {
                    Some(threads) => Some(
                        rayon::ThreadPoolBuilder::new()
                            .num_threads(check_threads(threads).flag("--threads")?)
                            .build()?,
                    ),
                    None => None,
                };
                let search = || -> anyhow::Result<_> {
                    let work = experiment.work(args.trees).check().flag("--trees")?;
                    tell(&work);
                    let bar = progress::bar(args.trees, "trees");
                    let on_step = progress::follow(&bar);
                    let sample = run_reporting(&experiment, 0, args.trees, Progress::new(&on_step))?;
                    bar.finish_and_clear();
                    Ok(sample)
                };
                let sample = match &pool {
                    Some(pool) => pool.install(search)?,
                    None => search()?,
                };
                emit(&[&random_table(&experiment, &sample)], format)?;
            }
            Command::Newborn(args) => {
                if let Some(trees) = args.trees {
                    check_trees(trees).flag("--trees")?;
                }
                check_trees(args.perfect_trees).flag("--perfect-trees")?;
                let settings = Settings {
                    seed: args.seed,
                    trees: args.trees,
                    perfect_trees: args.perfect_trees,
                    ..Settings::default()
                };
                // Whichever count makes the run too long is the flag to change.
                Settings { perfect_trees: 1, ..settings }.work()?.check().flag("--trees")?;
                tell(&settings.work()?.check().flag("--perfect-trees")?);
                let bar = progress::bar(8, "rows");
                let on_step = progress::follow(&bar);
                let rows = newborn::reproduce(settings, Progress::new(&on_step))?;
                bar.finish_and_clear();
                let table = newborn::table(&rows);
                emit(&[&table], format)?;
                if !Tally::of([&table]).passed() {
                    return Ok(ExitCode::from(1));
                }
            }
            Command::Depths(args) => {
                let settings = DepthSettings {
                    branchings: args.branching,
                    max_depth: args.max_depth,
                    orders: vec![OrderKind::Random, OrderKind::Noisy, OrderKind::Perfect],
                    correlation: args.correlation,
                    trees: args.trees,
                    leaf_budget: args.leaf_budget,
                    sorted_max_leaves: args.sorted_max_leaves,
                    seed: args.seed,
                };
                flagged(settings.check(), |error| match error {
                    SearchError::NoTrees => Some("--trees"),
                    SearchError::NoDepth | SearchError::TooManyLeaves { .. } => Some("--max-depth"),
                    SearchError::TooFewMoves(_) | SearchError::TooManyMoves { .. } => Some("--branching"),
                    SearchError::Correlation(_) => Some("--correlation"),
                    _ => None,
                })?;
                let work = settings.work().check();
                let flag = if plybench_cli::resume::given(sub("depths"), "--leaf-budget") {
                    "--leaf-budget"
                } else {
                    "--trees"
                };
                tell(&work.flag(flag)?);
                let bar = progress::bar(settings.cells(), "cells");
                let on_step = progress::follow(&bar);
                let table = depth_table(&settings, Progress::new(&on_step))?;
                bar.finish_and_clear();
                emit(&[&table], format)?;
            }
            Command::Chess(args) => {
                let setup = Setup::from_fen(&args.fen).flag("--fen")?;
                let table = flagged(chess_table(&setup, args.depth, args.seed), |error| match error {
                    SearchError::ChessDepth { .. } | SearchError::TreeTooLarge { .. } => Some("--depth"),
                    _ => None,
                })?;
                emit(&[&table], format)?;
            }
            Command::Kalah(args) => {
                let table = flagged(kalah_table(args.pits, args.stones, args.depth, args.seed), |error| match error {
                    SearchError::KalahPits { .. } => Some("--pits"),
                    SearchError::KalahStones { .. } => Some("--stones"),
                    SearchError::NoTurns | SearchError::TreeTooLarge { .. } => Some("--depth"),
                    _ => None,
                })?;
                emit(&[&table], format)?;
            }
            Command::Exact(args) => {
                let shape = flagged(TreeShape::new(args.branching, args.depth), shape_flag)?;
                check_trees(args.trees).flag("--trees")?;
                let experiment = Experiment::random_order_alpha_beta(shape, args.seed);
                let f1 = Experiment { algorithm: Algorithm::AlphaBetaF1, ..experiment };
                tell(&experiment.work(args.trees).plus(f1.work(args.trees)).check().flag("--trees")?);
                let exact = flagged(expected_leaves(shape), |error| match error {
                    SearchError::PolynomialTooLarge { .. } | SearchError::EnumerationTooLong { .. } => Some("--depth"),
                    _ => None,
                })?;
                let sample = run(&experiment, 0, args.trees)?;
                let f1 = run(&f1, 0, args.trees)?;
                emit(&[&exact_table(args.branching, args.depth, &exact, &sample, &f1)], format)?;
            }
            Command::Tictactoe(args) => {
                let matches = sub("tictactoe");
                let all = args.order == ALL_TASKS;
                for flag in ["--killer", "--window", "--minimax"] {
                    applies(matches, flag, !all, "--order all runs every variant of Tasks 3 and 4; drop it")?;
                }
                let random = all || args.order == named(&TicOrder::Random);
                applies(matches, "--seed", random, "it seeds --order random (or all) only")?;
                let table = if all {
                    tictactoe::tasks_table(args.symmetry, args.seed)?
                } else {
                    let order = TicOrder::from_str(&args.order, false).map_err(anyhow::Error::msg)?;
                    tictactoe::table(&[TicSearch {
                        order,
                        seed: args.seed,
                        killer: args.killer,
                        window: args.window,
                        symmetry: args.symmetry,
                        minimax: args.minimax,
                    }])?
                };
                emit(&[&table], format)?;
                if !Tally::of([&table]).passed() {
                    return Ok(ExitCode::from(1));
                }
            }
        }
        Ok(ExitCode::SUCCESS)
    })
}
