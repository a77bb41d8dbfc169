//! `rules perft`: perft over any game a rule file describes, by the
//! interpreter, the compiled form or both side by side (they must agree),
//! with the divide under each root move if asked. All logic is in
//! `plybench::study::rules::games` and `plybench::engine::rules::perft`.

use std::process::ExitCode;

use clap::{Args, ValueEnum};
use plybench::engine::rules::state::State;
use plybench::report::{Format, Tally};
use plybench::study::rules::games::{Engine, perft_tables};
use plybench_cli::{Flag, Usage, emit};

use crate::source::{self, RuleFile};

/// The deepest perft `rules perft` accepts: the per-ply move buffers are
/// allocated for every ply, and no described game is searched deeper in
/// reasonable time.
const MAX_DEPTH: u32 = 64;

/// Which form of the rules counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Engines {
    /// The interpreter, which walks the statements as parsed.
    Interp,
    /// The compiled form.
    Compiled,
    /// Both, side by side; they must agree.
    Both,
}

#[derive(Args)]
pub struct PerftArgs {
    #[command(flatten)]
    file: RuleFile,
    /// The position, as docs/rules.md writes it (default: the game's start).
    #[arg(long)]
    position: Option<String>,
    /// Plies to count.
    #[arg(long)]
    depth: u32,
    /// Which form of the rules counts.
    #[arg(long, value_enum, default_value = "both")]
    engine: Engines,
    /// Also the count under each root move, by the first engine.
    #[arg(long)]
    divide: bool,
}

pub fn run(args: PerftArgs, format: Format) -> anyhow::Result<ExitCode> {
    if args.depth > MAX_DEPTH {
        return Err(Usage::flag("--depth", format!("{}; expected 0 to {MAX_DEPTH}", args.depth)).into());
    }
    let (program, start) = args.file.load()?;
    let position = source::position(&args.position, start)?;
    let state = State::from_text(&program, &position).flag("--position")?;
    let engines: &[Engine] = match args.engine {
        Engines::Interp => &[Engine::Interp],
        Engines::Compiled => &[Engine::Compiled],
        Engines::Both => &[Engine::Interp, Engine::Compiled],
    };
    let tables = perft_tables(&program, &state, &position, args.depth, engines, args.divide).flag(args.file.flag())?;
    let passed = Tally::of(&tables).passed();
    emit(&tables.iter().collect::<Vec<_>>(), format)?;
    Ok(if passed { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}
