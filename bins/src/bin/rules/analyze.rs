//! SKELETON: `rules analyze` (to be written).

use std::process::ExitCode;

use clap::Args;
use plybench::report::Format;

#[derive(Args)]
pub struct ConditionsArgs {}

pub fn run(_args: ConditionsArgs, _format: Format) -> anyhow::Result<ExitCode> {
    anyhow::bail!("rules analyze is not built yet")
}
