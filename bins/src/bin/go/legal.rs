//! SKELETON: `go legal` (to be written).

use std::process::ExitCode;

use clap::Args;
use plybench::report::Format;

#[derive(Args)]
pub struct LegalArgs {}

pub fn run(_args: LegalArgs, _format: Format) -> anyhow::Result<ExitCode> {
    anyhow::bail!("go legal is not built yet")
}
