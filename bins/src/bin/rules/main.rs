//! `rules`: Pitrat's (1971) language for the rules of board games. Perft
//! over any game a rule file describes, interpreted or compiled; the speed
//! table against plybench's own generators; what the program finds in the
//! rules. All logic is in `plybench::engine::rules` and `plybench::study::rules`.

mod analyze;
mod bench;
mod perft;
mod source;

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use plybench::report::Format;
use plybench_cli::{parse_args, run};

/// Pitrat's rules language (1971): perft over described games, interpreter
/// against compiler, conditions found in the rules.
#[derive(Parser)]
#[command(name = "rules", version, long_about = None)]
struct Cli {
    /// Output format.
    #[arg(long, value_enum, default_value_t, global = true)]
    format: Format,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves of a described game's tree to a depth.
    Perft(perft::PerftArgs),
    /// Speed table: interpreter against compiler, and against plybench's generators.
    Bench(bench::BenchArgs),
    /// The conjugués, necessary conditions and modifications of a position's moves.
    Conditions(analyze::ConditionsArgs),
    /// The conjugué of every transfer statement: Pitrat's search beside the immediate post-dominator.
    Conjugues(analyze::ConjuguesArgs),
    /// The immediate threats of a position and the opponent's replies (games with a RESULT algorithm).
    Threats(analyze::ThreatsArgs),
}

fn main() -> ExitCode {
    run(|| {
        let cli: Cli = parse_args();
        match cli.command {
            Command::Perft(args) => perft::run(args, cli.format),
            Command::Bench(args) => bench::run(args, cli.format),
            Command::Conditions(args) => analyze::run(args, cli.format),
            Command::Conjugues(args) => analyze::conjugues(args, cli.format),
            Command::Threats(args) => analyze::threats(args, cli.format),
        }
    })
}
