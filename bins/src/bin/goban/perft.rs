//! `goban perft` and `goban bench`: Go perft in the bordered array and the
//! bitboards, and the speed table. All logic is in
//! `plybench::engine::go` and `plybench::study::go::perft`.

use std::path::Path;
use std::process::ExitCode;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args, ValueEnum};
use plybench::engine::go::{GoError, Passing, Position, Repr, Size, check_depth, estimate};
use plybench::engine::limit::check_repeats;
use plybench::engine::progress::Progress;
use plybench::report::{Format, Tally};
use plybench::study::go::perft::{GoPerftRequest, bench_table, named_position, perft_report_with};
use plybench_cli::{Flag, Usage, emit, progress, tell};

/// A value parser for a list of representations: one name, or `all`.
fn one_or_all() -> impl TypedValueParser<Value = Vec<Repr>> {
    let names = Repr::value_variants().iter().filter_map(ValueEnum::to_possible_value);
    PossibleValuesParser::new(names.chain([PossibleValue::new("all").help("Both, the array first")]))
        .map(|name| if name == "all" { Repr::ALL.to_vec() } else { Repr::from_str(&name, false).into_iter().collect() })
}

/// The board and the position, shared by both subcommands.
#[derive(Args)]
pub struct BoardArgs {
    /// Board size N for an N×N board (1 to 19).
    #[arg(long, allow_negative_numbers = true)]
    size: Option<u32>,
    /// Rows of a rectangular board (with --cols).
    #[arg(long, allow_negative_numbers = true)]
    rows: Option<u32>,
    /// Columns of a rectangular board (with --rows).
    #[arg(long, allow_negative_numbers = true)]
    cols: Option<u32>,
    /// A position file (rows of . X O, then `to-move`, `ko`, `passes` lines), an SGF
    /// game record, or a named position of datasets/go/positions.txt (e.g. ko-5x5,
    /// bell-four-chains); default: the empty board.
    #[arg(long)]
    position: Option<String>,
    /// With an SGF record: the position after this many moves of its main line
    /// (default: the end).
    #[arg(long = "move", value_name = "N")]
    after_move: Option<usize>,
    /// Whether a pass is a move (allowed: two passes end the game).
    #[arg(long, value_enum, default_value_t)]
    pass: Passing,
}

impl BoardArgs {
    /// The position and its label.
    fn resolve(&self) -> anyhow::Result<(Position, String)> {
        let size = match (self.size, self.cols, self.rows) {
            (Some(_), Some(_), _) | (Some(_), _, Some(_)) => {
                return Err(Usage("give either --size or --cols and --rows, not both".into()).into());
            }
            (None, Some(c), Some(r)) => Some(Size::new(c, r).flag("--cols")?),
            (None, Some(_), None) => return Err(Usage::flag("--cols", "needs --rows too").into()),
            (None, None, Some(_)) => return Err(Usage::flag("--rows", "needs --cols too").into()),
            (Some(n), None, None) => Some(Size::square(n).flag("--size")?),
            (None, None, None) => None,
        };
        let Some(name) = &self.position else {
            if self.after_move.is_some() {
                return Err(Usage::flag("--move", "applies to an SGF record given with --position").into());
            }
            return Ok((Position::empty(size.unwrap_or(Size::square(9)?)), "empty".into()));
        };
        let position = if Path::new(name).is_file() {
            crate::file::read(Path::new(name), self.after_move)?
        } else if self.after_move.is_some() {
            return Err(Usage::flag("--move", "applies to an SGF record given with --position").into());
        } else {
            named_position(name, size.unwrap_or(Size::square(9)?)).flag("--position")?
        };
        if let Some(size) = size
            && size != position.size()
        {
            let why = format!("the position is {}, the size asked is {size}; drop the size flags", position.size());
            return Err(Usage::flag("--position", why).into());
        }
        Ok((position, name.clone()))
    }
}

#[derive(Args)]
pub struct PerftArgs {
    #[command(flatten)]
    board: BoardArgs,
    /// Plies.
    #[arg(long, allow_negative_numbers = true)]
    depth: u32,
    /// Representation, or all.
    // The full path keeps clap from reading `Vec` as "the flag may be repeated".
    #[arg(long, value_parser = one_or_all(), default_value = "all")]
    repr: std::vec::Vec<Repr>,
    /// Also list the count under each root move.
    #[arg(long)]
    divide: bool,
}

#[derive(Args)]
pub struct BenchArgs {
    #[command(flatten)]
    board: BoardArgs,
    /// Plies.
    #[arg(long, default_value_t = 4, allow_negative_numbers = true)]
    depth: u32,
    /// Runs per representation (1 to 1000); the fastest is kept.
    #[arg(long, default_value_t = 3)]
    repeats: u32,
}

fn depth(position: &Position, depth: u32) -> Result<u32, plybench_cli::FlagError> {
    check_depth(position.size(), depth).map_err(GoError::from).flag("--depth")
}

pub fn run_perft(args: PerftArgs, format: Format) -> anyhow::Result<ExitCode> {
    let (position, label) = args.board.resolve()?;
    let depth = depth(&position, args.depth)?;
    tell(&estimate(&position, depth, args.board.pass, &args.repr).check().flag("--depth")?);
    let request =
        GoPerftRequest { position, label, depth, reprs: args.repr, passing: args.board.pass, divide: args.divide };
    let bar = progress::bar(0, "root moves");
    let on_step = progress::follow(&bar);
    let tables = perft_report_with(request, Progress::new(&on_step))?.tables();
    bar.finish_and_clear();
    emit(&tables.iter().collect::<Vec<_>>(), format)?;
    Ok(if Tally::of(&tables).passed() { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

pub fn run_bench(args: BenchArgs, format: Format) -> anyhow::Result<ExitCode> {
    let (position, label) = args.board.resolve()?;
    let depth = depth(&position, args.depth)?;
    let repeats = check_repeats(args.repeats).flag("--repeats")?;
    let once = estimate(&position, depth, args.board.pass, &Repr::ALL).check().flag("--depth")?;
    tell(&once.times(f64::from(repeats)).check().flag("--repeats")?);
    let bar = progress::bar(Repr::ALL.len() as u64 * u64::from(repeats), "runs");
    let on_step = progress::follow(&bar);
    let table = bench_table(&position, &label, depth, args.board.pass, repeats, Progress::new(&on_step))?;
    bar.finish_and_clear();
    emit(&[&table], format)?;
    Ok(ExitCode::SUCCESS)
}
