//! `rules bench`: the rules language against plybench's own generators,
//! chess and draughts side by side in one run. All logic is in
//! `plybench::study::rules::agree`.

use std::process::ExitCode;

use clap::Args;
use plybench::report::Format;
use plybench::study::rules::agree::{BenchSpec, bench_table};
use plybench_cli::{Usage, emit};

use crate::source::NativeArgs;

/// Flags of `rules bench`.
#[derive(Args)]
pub struct BenchArgs {
    /// Perft depth of chess from the initial position (1 to 5).
    #[arg(long, default_value_t = 3)]
    chess_depth: u32,
    /// Perft depth of draughts from the opening (1 to 12).
    #[arg(long, default_value_t = 6)]
    draughts_depth: u32,
    /// Runs of each engine; the median time is reported.
    #[arg(long, default_value_t = 3)]
    runs: usize,
    /// Also the native code's rows (built by rustc, cached, before the clock starts).
    #[arg(long)]
    native: bool,
    #[command(flatten)]
    native_args: NativeArgs,
}

pub fn run(args: BenchArgs, format: Format) -> anyhow::Result<ExitCode> {
    if !(1..=5).contains(&args.chess_depth) {
        return Err(Usage::flag("--chess-depth", format!("{}; expected 1 to 5", args.chess_depth)).into());
    }
    if !(1..=12).contains(&args.draughts_depth) {
        return Err(Usage::flag("--draughts-depth", format!("{}; expected 1 to 12", args.draughts_depth)).into());
    }
    if args.runs == 0 {
        return Err(Usage::flag("--runs", "0; expected at least 1").into());
    }
    let spec = BenchSpec {
        chess_depth: args.chess_depth,
        draughts_depth: args.draughts_depth,
        runs: args.runs,
        native: args.native.then(|| args.native_args.options()),
    };
    emit(&[&bench_table(spec)?], format)?;
    Ok(ExitCode::SUCCESS)
}
