//! SKELETON: `rules bench` (to be written).

use std::process::ExitCode;

use clap::Args;
use plybench::report::Format;

#[derive(Args)]
pub struct BenchArgs {}

pub fn run(_args: BenchArgs, _format: Format) -> anyhow::Result<ExitCode> {
    anyhow::bail!("rules bench is not built yet")
}
