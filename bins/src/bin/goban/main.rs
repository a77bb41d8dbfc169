//! `goban`: Bell's §3.4. Zobrist's influence algorithm (Figs. 3.13 to 3.16),
//! Go perft in two representations, and the counts of legal positions.
//! All logic is in `plybench::engine::go` and `plybench::study::go`.

mod file;
mod influence;
mod legal;
mod perft;

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use plybench::report::Format;
use plybench_cli::{parse_args_with_matches, run};

/// Go after Bell (1972, §3.4): influence maps, perft, legal positions.
#[derive(Parser)]
#[command(name = "goban", version, long_about = None)]
struct Cli {
    /// Output format.
    #[arg(long, value_enum, default_value_t, global = true)]
    format: Format,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Zobrist's influence map of a position, beside Bell's Figs. 3.14 and 3.16.
    Influence(influence::InfluenceArgs),
    /// Count the leaves of the game tree to a depth, in one or every representation.
    Perft(perft::PerftArgs),
    /// Speed table: nodes per second of each representation.
    Bench(perft::BenchArgs),
    /// Count the legal positions of a board by a dynamic program over its border.
    Legal(legal::LegalArgs),
    /// Count the games of a tiny board under positional superko, beside Tromp and Farnebäck's.
    Games(legal::GamesArgs),
}

fn main() -> ExitCode {
    run(|| {
        let (cli, matches) = parse_args_with_matches::<Cli>();
        match cli.command {
            Command::Influence(args) => {
                let matches = matches.subcommand_matches("influence").expect("the influence subcommand's matches");
                influence::run(args, matches, cli.format)
            }
            Command::Perft(args) => perft::run_perft(args, cli.format),
            Command::Bench(args) => perft::run_bench(args, cli.format),
            Command::Legal(args) => {
                let matches = matches.subcommand_matches("legal").expect("the legal subcommand's matches");
                legal::run(args, matches, cli.format)
            }
            Command::Games(args) => legal::run_games(args, cli.format),
        }
    })
}
