//! SKELETON: `rules perft` (to be written).

use std::process::ExitCode;

use clap::Args;
use plybench::report::Format;

#[derive(Args)]
pub struct PerftArgs {}

pub fn run(_args: PerftArgs, _format: Format) -> anyhow::Result<ExitCode> {
    anyhow::bail!("rules perft is not built yet")
}
