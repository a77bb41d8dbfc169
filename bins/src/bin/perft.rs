//! `perft`: chess move-generation counts over four board representations.
//! All logic is in `plybench::engine::chess` (the counts) and
//! `plybench::study::perft` (published figures, tables, verdicts); this
//! binary parses flags, names the flag of any value the library refuses,
//! and turns the verdicts into an exit status.
//!
//! Besides its subcommands, `perft` speaks the perftree convention,
//! `perft <depth> "<fen>" ["<moves>"]`, so that perftree can debug it
//! against Stockfish.

use std::path::Path;
use std::process::ExitCode;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand, ValueEnum};
use plybench::Error;
use plybench::batch::Shard;
use plybench::bounded::read_text;
use plybench::engine::chess::dispatch::{Counter, check_countable, check_depth, estimate};
use plybench::engine::chess::play::play_moves;
use plybench::engine::chess::{ChessError, Repr, Setup, Validation};
use plybench::engine::limit::check_threads;
use plybench::engine::progress::Progress;
use plybench::engine::table::check_table_mb;
use plybench::quote::quote;
use plybench::report::{Format, Tally, check_dir_writable};
use plybench::study::perft::bench::{BenchPosition, Mode, bench_position, check_seconds, default_positions};
use plybench::study::perft::check::{CheckRow, check, check_table};
use plybench::study::perft::deep::{check_shallower, run_deep};
use plybench::study::perft::program::{self, Protocol, check_timeout};
use plybench::study::perft::program_error::ProgramError;
use plybench::study::perft::results::{
    Detail, perft_report, perft_report_counted, run_suite_job_counted, suite_jobs, suite_table,
};
use plybench::study::perft::split::{PerftParams, PerftSplit, check_split_depth};
use plybench::study::perft::suite::{bad_line_error, parse_suite, read_suite};
use plybench_cli::progress;
use plybench_cli::resume::{Resume, list};
use plybench_cli::{Flag, FlagError, Usage, emit, parse_args_with_matches, print, print_json, run, run_batch, tell};

#[path = "perft/mate.rs"]
mod mate;

/// Chess perft over Bell's array, the 10x10 mailbox, 0x88 and bitboards.
#[derive(Parser)]
#[command(name = "perft", version, long_about = None, args_conflicts_with_subcommands = true)]
#[command(
    after_help = "Perftree convention: perft <depth> \"<fen>\" [\"<moves>\"] prints `move count` lines, a blank line and the total."
)]
struct Cli {
    /// Output format.
    #[arg(long, value_enum, default_value_t, global = true)]
    format: Format,
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    perft: PerftArgs,
}

#[derive(Subcommand)]
enum Command {
    /// Runs every position of an EPD suite (`<fen> ;D1 20 ;D2 400 ...`) against its counts. Exits 1 on any mismatch.
    Suite(SuiteArgs),
    /// Times the four representations on the same positions: a table per position and mode (nodes, median run, nodes/s, ratio to bitboard). Exits 1 if a count is wrong.
    Bench(BenchArgs),
    /// The deep counts (startpos perft 7 and 8, Kiwipete perft 6), timed against their goals and published values; writes perft-deep.json and perft-deep.md. Exits 1 if a count is wrong.
    Deep(DeepArgs),
    /// Checks another program's perft against plybench's (bitboard); on a mismatch, descends by divide to the position where the move lists differ and names the missing or extra moves. Exits 1 on a mismatch or a failing engine.
    Check(CheckArgs),
    /// Mate in N: every key (UCI) under the full rules, or, with --bell, Bell's own two-move program with its flow and array; --problems checks the published problem set, --figures Bell's figures. Exits 1 if a published figure differs.
    Mate(mate::MateArgs),
}

#[derive(Args)]
struct CheckArgs {
    /// The program to check, with its arguments, split into words as a shell would (run without a shell).
    #[arg(long, value_name = "CMD")]
    engine: String,
    /// perftree: `CMD <depth> "<fen>" ["<moves>"]` per divide; uci: `position fen ...` and `go perft D`.
    #[arg(long, value_enum, default_value_t)]
    protocol: Protocol,
    /// The position, as FEN.
    #[arg(long, default_value = Setup::STARTING_FEN, conflicts_with = "suite")]
    fen: String,
    /// Moves to play first, in UCI notation.
    #[arg(long, num_args = 1.., conflicts_with = "suite")]
    moves: Vec<String>,
    /// Plies (1 to 15). With --suite, the deepest: each line at the deepest depth it lists, up to this.
    #[arg(long, default_value_t = 4, allow_negative_numbers = true)]
    depth: u32,
    /// An EPD suite (`<fen> ;D1 20 ...`): check every line.
    #[arg(long, value_name = "FILE")]
    suite: Option<std::path::PathBuf>,
    /// Seconds the engine may take over each answer; past them it is killed and the check fails (exit 1).
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0, allow_negative_numbers = true)]
    timeout: f64,
}

#[derive(Args)]
struct DeepArgs {
    /// Transposition table size in MiB (0 = none).
    #[arg(long, default_value_t = DEEP_HASH_MB, allow_negative_numbers = true)]
    hash: u64,
    /// Threads (default: every logical core).
    #[arg(long, allow_negative_numbers = true)]
    threads: Option<usize>,
    /// Directory for perft-deep.json and perft-deep.md.
    #[arg(long, default_value = "reports")]
    out: std::path::PathBuf,
    /// Run every count this many plies shallower (0 to 5), for a quick check; the time goals then do not apply.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    shallower: u32,
    /// Which representation.
    #[arg(long, value_parser = reprs(), default_value = "bitboard")]
    repr: Reprs,
}

/// The table size `perft deep` uses unless told: the best found on the
/// reference machine (see README).
const DEEP_HASH_MB: u64 = 128;

#[derive(Args)]
struct BenchArgs {
    /// Only this mode (default: both).
    #[arg(long, value_enum)]
    mode: Option<Mode>,
    /// An EPD suite (`<fen> ;D1 20 ...`); each position runs at the deepest depth it lists. Default: the standard positions, at the deepest published count up to 5 million leaves.
    #[arg(long)]
    positions: Option<std::path::PathBuf>,
    /// Time budget per representation, position and mode, in seconds (at least 3 runs each).
    #[arg(long, default_value_t = 1.0, allow_negative_numbers = true)]
    seconds: f64,
    /// Time the published two-move problems instead of perft: the mate solver on each representation and Bell's program (per problem, beside Bell's own timings).
    #[arg(long, conflicts_with_all = ["mode", "positions"])]
    mate: bool,
    /// With --mate: a UCI engine timed beside them with `go mate 2` (e.g. stockfish), its best moves checked against the published keys.
    #[arg(long, value_name = "CMD", requires = "mate")]
    engine: Option<String>,
    /// With --engine: seconds the engine may take over each problem.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0, allow_negative_numbers = true, requires = "engine")]
    timeout: f64,
}

/// The representations a `--repr` value names: one, or all four. (A type
/// alias, so that clap takes the whole list as the flag's one value.)
type Reprs = Vec<Repr>;

/// The parser of `--repr`: `all`, then the names of [`Repr`], listed as
/// possible values.
fn reprs() -> impl TypedValueParser<Value = Reprs> {
    let all = PossibleValue::new("all").help("All four representations, side by side");
    let names = std::iter::once(all).chain(Repr::value_variants().iter().filter_map(ValueEnum::to_possible_value));
    PossibleValuesParser::new(names).map(|name| match Repr::from_str(&name, false) {
        Ok(repr) => vec![repr],
        Err(_) => Repr::ALL.to_vec(),
    })
}

#[derive(Args)]
struct PerftArgs {
    /// The position, as FEN (6 fields, or the first 4).
    #[arg(long, default_value = Setup::STARTING_FEN)]
    fen: String,
    /// Plies to search (1 to 15).
    #[arg(long, default_value_t = 5, allow_negative_numbers = true)]
    depth: u32,
    /// Which representation(s).
    #[arg(long, value_parser = reprs(), default_value = "all")]
    repr: Reprs,
    /// Moves to play first, in UCI notation (e2e4 e7e5 ...).
    #[arg(long, num_args = 1..)]
    moves: Vec<String>,
    /// One line per root move, then the total, as Stockfish's `go perft` prints them.
    #[arg(long, conflicts_with = "stats")]
    divide: bool,
    /// Captures, en passant, castles, promotions, checks, discovered and double checks, checkmates, per depth.
    #[arg(long)]
    stats: bool,
    /// Threads for the leaf count: the tree is split at the root and below (rayon). Counts do not depend on it.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true)]
    threads: usize,
    /// Record each completed work unit (a move prefix) in FILE, rewritten atomically at least every 2 s; Ctrl-C or SIGTERM saves it and exits 130.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["resume", "divide", "stats"])]
    checkpoint: Option<std::path::PathBuf>,
    /// Continue the run recorded in FILE, with its position, depth, representations, split and shard (a flag given beside it must agree); the counts equal an uninterrupted run's.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["divide", "stats"])]
    resume: Option<std::path::PathBuf>,
    /// Compute only units i with i % N == K-1 and write them to the --checkpoint file (default: perft-shard-K-of-N.json); `plybench merge` sums the N files.
    #[arg(long, value_name = "K/N")]
    shard: Option<Shard>,
    /// Work units are the legal move prefixes of this many plies (default: the fewest plies giving at least 100 units).
    #[arg(long, value_name = "S", conflicts_with_all = ["divide", "stats"])]
    split_depth: Option<u32>,
    /// Transposition table for the leaf count, in MiB (0 = none). Counts do not depend on it.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    hash: u64,
    /// Count a position that cannot arise in a game but is well defined for move generation (more than 16 men or 8 pawns a side, pawns on the first or last rank), on the representations that can hold it.
    #[arg(long)]
    allow_impossible: bool,
    /// Chess960 notation: castles written as the king taking its rook (e1h1), in --moves and the divide, and the FEN's castling field as rook files (HAha). Chosen automatically when the FEN needs it (rook files in the castling field, a king or castling rook off its standard square).
    #[arg(long)]
    chess960: bool,
}

#[derive(Args)]
struct SuiteArgs {
    /// The EPD file.
    file: std::path::PathBuf,
    /// Skip depths above this (1 to 15).
    #[arg(long, default_value_t = 5, allow_negative_numbers = true)]
    max_depth: u32,
    /// Which representation(s).
    #[arg(long, value_parser = reprs(), default_value = "all")]
    repr: Reprs,
    /// Transposition table in MiB (0 = none), emptied before each count.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    hash: u64,
    /// Count the positions that cannot arise in a game but are well defined for move generation (more than 16 men or 8 pawns a side, pawns on the first or last rank) instead of reporting their lines as bad.
    #[arg(long)]
    allow_impossible: bool,
}

/// The counter of `--threads` and `--hash`, each checked by the library
/// and refused under its own flag.
fn counter(threads: usize, hash: u64) -> anyhow::Result<Counter<'static>> {
    let threads = check_threads(threads).flag("--threads")?;
    check_table_mb(hash).flag("--hash")?;
    Ok(Counter::new(threads, hash).flag("--hash")?)
}

/// The fix offered for a position refused only because it cannot arise in
/// a game.
const ALLOW_IMPOSSIBLE: &str = "--allow-impossible counts it";

/// How strictly `--allow-impossible` says positions are checked.
fn validation(allow_impossible: bool) -> Validation {
    if allow_impossible { Validation::Relaxed } else { Validation::Strict }
}

/// The position of `--fen` after `--moves`, in Chess960 notation when
/// `--chess960` says so (or the FEN needs it).
fn position(args: &PerftArgs, validation: Validation) -> anyhow::Result<Setup> {
    position_of(&args.fen, &args.moves, args.chess960, validation)
}

/// The position of `fen` after `moves`, read as [`position`] reads them.
fn position_of(fen: &str, moves: &[String], chess960: bool, validation: Validation) -> anyhow::Result<Setup> {
    let mut setup = Setup::from_fen_with(fen, validation).map_err(|e| match e.is_impossible() {
        true => anyhow::Error::from(Usage::flag("--fen", format!("{e}; {ALLOW_IMPOSSIBLE}"))),
        false => FlagError::new("--fen", e).into(),
    })?;
    if chess960 {
        setup = setup.with_chess960();
    }
    Ok(play_moves(&setup, moves).flag("--moves")?)
}

/// The representations of `--repr` that can count `setup` to `depth`. A
/// position that cannot arise in a game may be beyond some: each left out
/// is named on stderr, and if none is left, `--repr` is refused.
fn countable_reprs(setup: &Setup, depth: u32, reprs: &[Repr]) -> anyhow::Result<Vec<Repr>> {
    let mut kept = Vec::new();
    let mut refusals = Vec::new();
    for &repr in reprs {
        match check_countable(repr, setup, depth) {
            Ok(()) => kept.push(repr),
            Err(e @ ChessError::CannotHold { .. }) => refusals.push(e),
            Err(e) => return Err(FlagError::new("--depth", e).into()),
        }
    }
    if kept.is_empty() {
        let why = refusals.iter().map(ToString::to_string).collect::<Vec<_>>().join("; ");
        return Err(Usage::flag("--repr", why).into());
    }
    for refusal in refusals {
        eprintln!("perft: not counted: {refusal}");
    }
    Ok(kept)
}

fn main() -> ExitCode {
    run(|| {
        let args: Vec<String> = std::env::args().collect();
        if args.get(1).is_some_and(|a| !a.is_empty() && a.bytes().all(|b| b.is_ascii_digit())) {
            return perftree(&args[1..]);
        }
        let (cli, matches) = parse_args_with_matches::<Cli>();
        let format = cli.format;
        match cli.command {
            Some(Command::Suite(args)) => suite(&args, format),
            Some(Command::Bench(args)) => bench(&args, format),
            Some(Command::Deep(args)) => deep(&args, format),
            Some(Command::Check(args)) => check_engine(&args, format),
            Some(Command::Mate(args)) => mate::run(&args, format),
            None => perft(&cli.perft, &matches, format),
        }
    })
}

fn perft(args: &PerftArgs, matches: &clap::ArgMatches, format: Format) -> anyhow::Result<ExitCode> {
    if args.checkpoint.is_some() || args.resume.is_some() || args.shard.is_some() || args.split_depth.is_some() {
        return perft_batch(args, matches, format);
    }
    let depth = check_depth(args.depth).flag("--depth")?;
    let setup = position(args, validation(args.allow_impossible))?;
    let reprs = countable_reprs(&setup, depth, &args.repr)?;
    let detail = match (args.divide, args.stats) {
        (true, _) => Detail::Divide,
        (_, true) => Detail::Stats,
        _ => Detail::Nodes,
    };
    let counter = counter(args.threads, args.hash)?;
    // Told, never refused: a table (--hash) can make a deep count many
    // times faster than the estimate, which assumes none.
    tell(&estimate(&setup, depth, &reprs).on_threads(args.threads));
    let bar = progress::root_moves_bar(depth);
    let on_step = progress::follow(&bar);
    let mut counter = counter.with_progress(Progress::new(&on_step));
    let report = perft_report_counted(&setup, depth, &reprs, detail, &mut counter)?;
    bar.finish_and_clear();
    let tables = report.tables();
    match format {
        Format::Json => print_json(&report.to_json())?,
        Format::Table if detail == Detail::Divide => {
            print(&report.divide_text().unwrap_or_default())?;
            if !report.representations_agree() {
                eprintln!("perft: the representations disagree (see the bracketed counts)");
            }
        }
        _ => emit(&tables.iter().collect::<Vec<_>>(), format)?,
    }
    Ok(exit_code(Tally::of(&tables).passed()))
}

/// `perft --checkpoint/--resume/--shard/--split-depth`: the leaf count in
/// work units (`plybench::batch`), recorded in a file as they complete.
fn perft_batch(args: &PerftArgs, matches: &clap::ArgMatches, format: Format) -> anyhow::Result<ExitCode> {
    if args.hash != 0 {
        return Err(Usage::flag(
            "--hash",
            "work units (--checkpoint, --resume, --shard, --split-depth) are counted without a table; drop --hash",
        )
        .into());
    }
    if args.allow_impossible {
        return Err(Usage::flag(
            "--allow-impossible",
            "work units (--checkpoint, --resume, --shard, --split-depth) take only positions that can arise in a game",
        )
        .into());
    }
    if let Some(path) = &args.resume {
        let resume = resumed(args, path, matches)?;
        let ok = run_batch::<PerftSplit>(
            &resume.params,
            None,
            Some(resume.path.clone()),
            resume.shard,
            args.threads,
            format,
        )?;
        return Ok(exit_code(ok));
    }
    let depth = check_depth(args.depth).flag("--depth")?;
    let setup = position(args, Validation::Strict)?;
    if let Some(split_depth) = args.split_depth {
        check_split_depth(split_depth, depth).flag("--split-depth")?;
    }
    let params = PerftParams::new(&setup, depth, &args.repr, args.split_depth)?;
    let ok = run_batch::<PerftSplit>(
        &params,
        args.checkpoint.clone(),
        args.resume.clone(),
        args.shard,
        args.threads,
        format,
    )?;
    Ok(exit_code(ok))
}

/// The run `--resume FILE` continues: the one the file records, each flag
/// given beside it checked against it.
fn resumed<'a>(
    args: &PerftArgs,
    path: &Path,
    matches: &'a clap::ArgMatches,
) -> anyhow::Result<Resume<'a, PerftParams>> {
    let resume = Resume::load::<PerftSplit>(path, matches)?;
    let recorded = &resume.params;
    let (fen, moves) = (resume.given("--fen"), resume.given("--moves"));
    if fen || moves {
        let flag = match (fen, moves) {
            (true, false) => "--fen",
            (false, true) => "--moves",
            _ => "--fen and --moves",
        };
        let given = position(args, Validation::Strict)?.to_fen();
        resume.check(flag, given == recorded.fen, format!("{given:?}"), format!("{:?}", recorded.fen))?;
    }
    resume.agree("--depth", args.depth, recorded.depth)?;
    let reprs: Vec<&str> = args.repr.iter().map(|r| r.name()).collect();
    resume.agree("--repr", list(&reprs), list(&recorded.reprs))?;
    resume.agree("--split-depth", args.split_depth.unwrap_or_default(), recorded.split_depth)?;
    resume.agree_shard(args.shard)?;
    Ok(resume)
}

/// `perft <depth> "<fen>" ["<moves>"]`: divide lines `move count`, a blank
/// line, then the total, on one representation (bitboard).
fn perftree(args: &[String]) -> anyhow::Result<ExitCode> {
    let usage = || Usage::flag("arguments", "perftree convention is: perft <depth> \"<fen>\" [\"<moves>\"]");
    let (depth, fen, moves) = match args {
        [d, fen] => (d, fen, ""),
        [d, fen, moves] => (d, fen, moves.as_str()),
        _ => return Err(usage().into()),
    };
    let depth = check_depth(depth.parse().map_err(|_| usage())?).flag("depth")?;
    let moves: Vec<&str> = moves.split_ascii_whitespace().collect();
    let setup = play_moves(&Setup::from_fen(fen).flag("FEN")?, &moves).flag("moves")?;
    let report = perft_report(&setup, depth, &[Repr::Bitboard], Detail::Divide)?;
    let mut out = String::new();
    for (m, n) in report.runs[0].divide.iter().flatten() {
        out.push_str(&format!("{} {n}\n", m.uci(setup.chess960())));
    }
    out.push_str(&format!("\n{}\n", report.runs[0].nodes));
    print(&out)?;
    Ok(ExitCode::SUCCESS)
}

fn suite(args: &SuiteArgs, format: Format) -> anyhow::Result<ExitCode> {
    check_depth(args.max_depth).flag("--max-depth")?;
    let name = args.file.display().to_string();
    let text = read_text(&args.file).map_err(Error::from)?;
    let mut suite = read_suite(&name, &text, validation(args.allow_impossible))?;
    for bad in suite.bad.iter_mut().filter(|bad| bad.impossible) {
        bad.problem = format!("{}; {ALLOW_IMPOSSIBLE}", bad.problem);
    }
    if suite.entries.is_empty() {
        // Not one line could be read: not a suite (or not one of positions this run accepts).
        return Err(bad_line_error(&name, &suite.bad[0]).into());
    }
    let mut counter = counter(1, args.hash)?;
    let jobs = suite_jobs(&suite.entries, args.max_depth, &args.repr);
    let bar = progress::bar(jobs.len() as u64, "perft suite");
    let mut rows = Vec::with_capacity(jobs.len());
    for job in jobs {
        rows.push(run_suite_job_counted(&suite.entries, job, &mut counter)?);
        bar.inc(1);
    }
    bar.finish_and_clear();
    let table = suite_table(&name, &rows, &suite.bad);
    emit(&[&table], format)?;
    Ok(exit_code(Tally::of([&table]).passed()))
}

/// `perft check`: the engine's divide beside plybench's, position by
/// position; the descent to where they part is the library's.
fn check_engine(args: &CheckArgs, format: Format) -> anyhow::Result<ExitCode> {
    let depth = check_depth(args.depth).flag("--depth")?;
    let timeout = check_timeout(args.timeout).flag("--timeout")?;
    let mut bad_lines = false;
    let positions: Vec<(Option<usize>, Setup, u32)> = match &args.suite {
        Some(path) => {
            let name = path.display().to_string();
            let text = read_text(path).flag("--suite")?;
            let suite = read_suite(&name, &text, Validation::Strict).flag("--suite")?;
            if suite.entries.is_empty() {
                return Err(FlagError::new("--suite", bad_line_error(&name, &suite.bad[0])).into());
            }
            // A line that cannot be read is told and counts as a failure; the others are checked.
            for bad in &suite.bad {
                eprintln!("perft check: {name}:{}: skipped: {}", bad.line, bad.problem);
            }
            bad_lines = !suite.bad.is_empty();
            suite
                .entries
                .into_iter()
                .map(|e| {
                    let deepest = e.expected.iter().map(|&(d, _)| d).max().unwrap_or(depth);
                    (Some(e.line), e.setup, deepest.min(depth))
                })
                .collect()
        }
        None => vec![(None, position_of(&args.fen, &args.moves, false, Validation::Strict)?, depth)],
    };
    // A failure of the engine names it: the command as given.
    let engine_error = |error: Error| -> anyhow::Error {
        let engine = format!("--engine {}", quote(&args.engine));
        match error {
            Error::Program(e) if e.is_usage() => FlagError::new("--engine", e).into(),
            Error::Program(e @ ProgramError::Timeout { .. }) => {
                anyhow::anyhow!("{engine}: {e} (--timeout gives it longer)")
            }
            other => anyhow::Error::from(other).context(engine),
        }
    };
    let mut engine = program::start(&args.engine, args.protocol, timeout).map_err(|e| engine_error(e.into()))?;
    let bar = progress::bar(positions.len() as u64, "perft check");
    let mut rows = Vec::with_capacity(positions.len());
    for (line, setup, depth) in positions {
        let check = check(&mut *engine, &setup, depth).map_err(engine_error)?;
        rows.push(CheckRow { line, check });
        bar.inc(1);
    }
    bar.finish_and_clear();
    drop(engine);
    let table = check_table(&args.engine, &rows, args.suite.is_some());
    emit(&[&table], format)?;
    Ok(exit_code(Tally::of([&table]).passed() && !bad_lines))
}

fn bench(args: &BenchArgs, format: Format) -> anyhow::Result<ExitCode> {
    if args.mate {
        return mate::bench(args.seconds, args.engine.as_deref(), args.timeout, format);
    }
    let seconds = check_seconds(args.seconds).flag("--seconds")?;
    let positions = match &args.positions {
        Some(path) => {
            let name = path.display().to_string();
            let text = read_text(path).flag("--positions")?;
            parse_suite(&name, &text)
                .and_then(|suite| suite.iter().map(BenchPosition::from_suite_entry).collect::<Result<Vec<_>, _>>())
                .flag("--positions")?
        }
        None => default_positions()?,
    };
    let modes = args.mode.map_or(Mode::ALL.to_vec(), |mode| vec![mode]);
    let bar = progress::bar((positions.len() * modes.len()) as u64, "perft bench");
    let mut benches = Vec::new();
    for position in &positions {
        for &mode in &modes {
            benches.push(bench_position(position, mode, seconds)?);
            bar.inc(1);
        }
    }
    bar.finish_and_clear();
    if format == Format::Json {
        let value = serde_json::json!({
            "seconds": seconds,
            "benches": benches.iter().map(|b| b.to_json()).collect::<Vec<_>>(),
        });
        print_json(&value)?;
    } else {
        let tables: Vec<_> = benches.iter().map(|b| b.table()).collect();
        emit(&tables.iter().collect::<Vec<_>>(), format)?;
    }
    Ok(exit_code(benches.iter().flat_map(|b| b.verdicts()).collect::<Tally>().passed()))
}

fn deep(args: &DeepArgs, format: Format) -> anyhow::Result<ExitCode> {
    let threads = args.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let shallower = check_shallower(args.shallower).flag("--shallower")?;
    let [repr] = args.repr[..] else {
        return Err(Usage::flag("--repr", "all; perft deep times one representation").into());
    };
    // Before the counts, which take minutes: a report that cannot be
    // written is refused now, not after them.
    check_dir_writable(&args.out).flag("--out")?;
    let command =
        std::env::args().map(|a| if a.contains(' ') { format!("'{a}'") } else { a }).collect::<Vec<_>>().join(" ");
    let bar = progress::root_moves_bar(u32::MAX);
    let on_step = progress::follow(&bar);
    let mut counter = counter(threads, args.hash)?.with_progress(Progress::new(&on_step));
    let report = run_deep(repr, &mut counter, args.hash, shallower, &command, |run| {
        if progress::is_terminal() {
            eprintln!(
                "perft deep: {} depth {}: {} nodes in {:.2} s",
                run.count.name, run.depth, run.nodes, run.seconds
            );
        }
    })?;
    bar.finish_and_clear();
    report.write(&args.out)?;
    let table = report.table();
    if format == Format::Json {
        print_json(&report.to_json())?;
    } else {
        emit(&[&table], format)?;
    }
    Ok(exit_code(Tally::of([&table]).passed()))
}

/// Exit status 0 for a run that passed, 1 for one whose figures differ.
fn exit_code(passed: bool) -> ExitCode {
    if passed { ExitCode::SUCCESS } else { ExitCode::from(1) }
}
