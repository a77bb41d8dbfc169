//! SKELETON: `go influence` (to be written).

use std::process::ExitCode;

use clap::Args;
use plybench::report::Format;

#[derive(Args)]
pub struct InfluenceArgs {}

pub fn run(_args: InfluenceArgs, _format: Format) -> anyhow::Result<ExitCode> {
    anyhow::bail!("go influence is not built yet")
}
