//! `goban legal` and `goban games`: Tromp's counts of legal positions by the
//! border program, and the game counts of tiny boards, each beside its
//! published value.

use std::process::ExitCode;

use clap::Args;
use plybench::Error;
use plybench::engine::go::GoError;
use plybench::engine::go::legal::games::{check_games_board, count_games};
use plybench::engine::go::legal::{check_board, count_legal};
use plybench::engine::limit::check_threads;
use plybench::engine::memory::MemoryLimit;
use plybench::engine::progress::Progress;
use plybench::report::{Format, Tally};
use plybench::study::go::legal::{games_table, legal_table};
use plybench_cli::{Flag, FlagError, Usage, emit, progress};

#[derive(Args)]
pub struct LegalArgs {
    /// Side of a square board, or a range of sides such as 1-7 (one row each).
    #[arg(long, conflicts_with_all = ["rows", "cols"])]
    size: Option<String>,
    /// Rows of a rectangular board (with --cols).
    #[arg(long, requires = "cols")]
    rows: Option<usize>,
    /// Columns of a rectangular board (with --rows).
    #[arg(long, requires = "rows")]
    cols: Option<usize>,
    /// Threads; the counts do not depend on them.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true)]
    threads: usize,
    /// Memory limit for the border states, in GiB (default: 14 or 3/4 of the machine).
    #[arg(long)]
    max_memory: Option<MemoryLimit>,
}

#[derive(Args)]
pub struct GamesArgs {
    /// Rows of the board.
    #[arg(long)]
    rows: usize,
    /// Columns of the board (rows × columns at most 4).
    #[arg(long)]
    cols: usize,
    /// Threads; the counts do not depend on them.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true)]
    threads: usize,
}

/// The boards asked for, and the flag they came from.
fn boards(args: &LegalArgs) -> anyhow::Result<(Vec<(usize, usize)>, &'static str)> {
    if let (Some(rows), Some(cols)) = (args.rows, args.cols) {
        check_board(rows, cols).flag("--rows/--cols")?;
        return Ok((vec![(rows, cols)], "--rows/--cols"));
    }
    let Some(text) = args.size.as_deref() else {
        return Err(Usage("give --size N (or a range such as 1-7), or --rows M --cols N".into()).into());
    };
    let side = |s: &str| {
        s.trim()
            .parse::<usize>()
            .map_err(|_| Usage::flag("--size", format!("{text:?}; expected a side such as 7 or a range such as 1-7")))
    };
    let (from, to) = match text.split_once('-') {
        Some((a, b)) => (side(a)?, side(b)?),
        None => (side(text)?, side(text)?),
    };
    if from > to {
        return Err(Usage::flag("--size", format!("{text:?}; the range must run upwards")).into());
    }
    for n in [from, to] {
        check_board(n, n).flag("--size")?;
    }
    Ok(((from..=to).map(|n| (n, n)).collect(), "--size"))
}

/// Names the flag to change when a count is refused.
fn name_flag(error: Error, board_flag: &'static str) -> anyhow::Error {
    match error {
        e @ Error::Go(GoError::LegalMemory { .. }) => FlagError::new("--max-memory", e).into(),
        e @ Error::Go(GoError::LegalBoard { .. }) => FlagError::new(board_flag, e).into(),
        e => e.into(),
    }
}

pub fn run(args: LegalArgs, format: Format) -> anyhow::Result<ExitCode> {
    let threads = check_threads(args.threads).flag("--threads")?;
    let (boards, flag) = boards(&args)?;
    let memory = args.max_memory.unwrap_or_default();
    let mut runs = Vec::new();
    for &(rows, cols) in &boards {
        let bar = progress::bar(0, &format!("{rows}x{cols}"));
        let on_step = progress::follow(&bar);
        let run = count_legal(rows, cols, threads, memory, Progress::new(&on_step)).map_err(|e| name_flag(e, flag));
        bar.finish_and_clear();
        runs.push(run?);
    }
    let table = legal_table("go_legal", "Legal Go positions", &boards, &runs)?;
    emit(&[&table], format)?;
    Ok(if Tally::of([&table]).passed() { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

pub fn run_games(args: GamesArgs, format: Format) -> anyhow::Result<ExitCode> {
    let threads = check_threads(args.threads).flag("--threads")?;
    check_games_board(args.rows, args.cols).flag("--rows/--cols")?;
    let bar = progress::spinner(&format!("games on {}x{}", args.rows, args.cols));
    let run = count_games(args.rows, args.cols, threads);
    bar.finish_and_clear();
    let table = games_table(&[(args.rows, args.cols)], &[run?])?;
    emit(&[&table], format)?;
    Ok(if Tally::of([&table]).passed() { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}
