//! `levy`: the figures of Levy's *Computer Gamesmanship* (1983), each
//! computed exactly beside the printed one, chapter by chapter. All logic is
//! in `plybench::study::levy`.

use std::process::ExitCode;

use clap::Parser;
use plybench::engine::progress::Progress;
use plybench::report::{Format, Table, Tally};
use plybench::study::budget::Budget;
use plybench::study::levy::{Settings, parts};
use plybench_cli::{Flag, emit, parse_args, run};

/// Levy (1983), Computer Gamesmanship: every figure of the chapters on chance, computed exactly, with a verdict.
#[derive(Parser)]
#[command(name = "levy", version, long_about = None)]
struct Cli {
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
    /// Only these chapters (repeat the flag or separate with commas): 6, 7, 8, 9, 11, 12, 15, 16, 18.
    #[arg(long, value_delimiter = ',', value_name = "N")]
    chapter: Vec<u32>,
    /// Seed of every Monte Carlo estimate; the same seed gives the same numbers on any machine and thread count.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Trials of each Monte Carlo estimate (default: 200,000; 20,000 with --quick; 2,000,000 with --full).
    #[arg(long)]
    samples: Option<u64>,
    /// The quick budget: fewer trials, and the 15-million-deal showdown left out.
    #[arg(long, conflicts_with = "full")]
    quick: bool,
    /// The full budget: more trials.
    #[arg(long)]
    full: bool,
}

fn main() -> ExitCode {
    run(|| {
        let cli: Cli = parse_args();
        let budget = match (cli.quick, cli.full) {
            (true, _) => Budget::Quick,
            (_, true) => Budget::Full,
            _ => Budget::Default,
        };
        let mut settings = Settings::new(budget, cli.seed);
        if let Some(samples) = cli.samples {
            settings = settings.with_samples(samples).flag("--samples")?;
        }
        let selected = parts::select(&cli.chapter).flag("--chapter")?;
        let mut tables: Vec<Table> = Vec::new();
        for part in selected {
            tables.extend((part.run)(&settings, Progress::NONE)?.tables);
        }
        emit(&tables.iter().collect::<Vec<_>>(), cli.format)?;
        Ok(if Tally::of(&tables).passed() { ExitCode::SUCCESS } else { ExitCode::FAILURE })
    })
}
