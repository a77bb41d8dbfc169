//! `rules perft`: perft over any game a rule file describes, by the
//! interpreter, the compiled form or both side by side (they must agree),
//! with the divide under each root move if asked. All logic is in
//! `plybench::study::rules::games` and `plybench::engine::rules::perft`.

use std::process::ExitCode;

use clap::{Args, ValueEnum};
use plybench::report::{Format, Tally};
use plybench::study::rules::games::{Engine, PerftSpec, perft_tables};
use plybench_cli::{Usage, emit};

use crate::source::{self, LimitArgs, NativeArgs, RuleFile};

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
    /// The compiled form as native code, built by rustc (cached) and loaded.
    Native,
    /// The interpreter, the compiled form and the native code, side by side.
    All,
}

#[derive(Args)]
pub struct PerftArgs {
    #[command(flatten)]
    file: RuleFile,
    /// The position, as docs/rules.md writes it (default: the start the rule file declares).
    #[arg(long)]
    position: Option<String>,
    /// Plies to count.
    #[arg(long)]
    depth: u32,
    /// Which form of the rules counts.
    #[arg(long, value_enum, default_value = "both")]
    engine: Engines,
    /// Also the count under each root move, by the first engine, in the game's usual notation.
    #[arg(long)]
    divide: bool,
    #[command(flatten)]
    limits: LimitArgs,
    #[command(flatten)]
    native: NativeArgs,
}

pub fn run(args: PerftArgs, format: Format) -> anyhow::Result<ExitCode> {
    if args.depth > MAX_DEPTH {
        return Err(Usage::flag("--depth", format!("{}; expected 0 to {MAX_DEPTH}", args.depth)).into());
    }
    let limits = args.limits.perft(args.depth)?;
    let program = args.file.load()?;
    let state = source::position(&args.position, &program)?;
    let engines: &[Engine] = match args.engine {
        Engines::Interp => &[Engine::Interp],
        Engines::Compiled => &[Engine::Compiled],
        Engines::Both => &[Engine::Interp, Engine::Compiled],
        Engines::Native => &[Engine::Native],
        Engines::All => &[Engine::Interp, Engine::Compiled, Engine::Native],
    };
    let native = args.native.options();
    let key = args.file.key(&program);
    let spec = PerftSpec {
        program: &program,
        key: &key,
        state: &state,
        depth: args.depth,
        engines,
        divide: args.divide,
        limits,
        native: Some(&native),
    };
    let tables = perft_tables(spec).map_err(|e| args.file.blame(e))?;
    let passed = Tally::of(&tables).passed();
    emit(&tables.iter().collect::<Vec<_>>(), format)?;
    Ok(if passed { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}
