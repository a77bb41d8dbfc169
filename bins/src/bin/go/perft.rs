//! SKELETON: `go perft` and `go bench` (to be written).

use std::process::ExitCode;

use clap::Args;
use plybench::report::Format;

#[derive(Args)]
pub struct PerftArgs {}

#[derive(Args)]
pub struct BenchArgs {}

pub fn run_perft(_args: PerftArgs, _format: Format) -> anyhow::Result<ExitCode> {
    anyhow::bail!("go perft is not built yet")
}

pub fn run_bench(_args: BenchArgs, _format: Format) -> anyhow::Result<ExitCode> {
    anyhow::bail!("go bench is not built yet")
}
