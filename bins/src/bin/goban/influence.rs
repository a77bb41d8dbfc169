//! `goban influence`: Zobrist's influence map of a position (Bell 1972,
//! Fig. 3.13), beside Fig. 3.14 for a lone black stone; the reconstruction
//! of Figs. 3.15/3.16; Bell's ±17–33 remark on random positions.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use plybench::engine::go::Size;
use plybench::engine::go::influence::Search;
use plybench::engine::go::influence::{BLACK, Position, WHITE, influence};
use plybench::engine::go::sgf::setup_record;
use plybench::engine::progress::Progress;
use plybench::io_error::IoError;
use plybench::report::{Format, Table, Tally, check_file_writable};
use plybench::study::go::influence::{
    claim_table, fig_3_14_table, fig_3_16, fig_3_16_points, fig_3_16_summary, gap_random, heat_map, map_table,
    position_table, random_work, score_table, single_centred_stone,
};
use plybench_cli::{Flag, Usage, applies, emit, progress, tell};

/// A figure of Bell's §3.4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Figure {
    /// Fig. 3.14: one black stone at K10.
    #[value(name = "3.14")]
    Fig314,
    /// Figs. 3.15/3.16: the game's final position, reconstructed from the scanned map.
    #[value(name = "3.16")]
    Fig316,
}

#[derive(Args)]
pub struct InfluenceArgs {
    /// One black stone, GTP-style (e.g. K10; columns A-T without I, rows 1-19).
    #[arg(long)]
    stone: Option<String>,
    /// Black stones, comma-separated (e.g. K10,D4).
    #[arg(long)]
    black: Option<String>,
    /// White stones, comma-separated (e.g. Q16).
    #[arg(long)]
    white: Option<String>,
    /// A position file of 19x19: rows of . X O, top line (row 19) first, or an SGF game record.
    #[arg(long)]
    position: Option<PathBuf>,
    /// With an SGF record: the position after this many moves of its main line (default: the end).
    #[arg(long = "move", value_name = "N", requires = "position")]
    after_move: Option<usize>,
    /// Also write the position as an SGF record (file format 4) to this file, to open in any Go program.
    #[arg(long, value_name = "FILE")]
    sgf: Option<PathBuf>,
    /// One of Bell's figures.
    #[arg(long, value_enum)]
    figure: Option<Figure>,
    /// Test Bell's remark (no value in ±17..33) on this many random positions (at least 1).
    #[arg(long)]
    random: Option<u64>,
    /// Seed of the random positions, and of the reconstruction's search for --figure 3.16 (and only of these).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Stone density of the random positions, 0 to 1 (default: each position its own, uniform in 0..1).
    #[arg(long, allow_negative_numbers = true)]
    density: Option<f64>,
    /// With --figure 3.16, list every point, not only those that do not match.
    #[arg(long)]
    all: bool,
    /// Also write the map as a heat map (SVG) to this file (not with --random, which draws no map).
    #[arg(long)]
    svg: Option<PathBuf>,
}

fn finish(tables: &[Table], format: Format) -> anyhow::Result<ExitCode> {
    emit(&tables.iter().collect::<Vec<_>>(), format)?;
    Ok(if Tally::of(tables).passed() { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

/// Writes `position` as an SGF setup record to `path`, if given.
fn write_sgf(path: &Option<PathBuf>, position: &Position, comment: &str) -> anyhow::Result<()> {
    if let Some(path) = path {
        let record = setup_record(Size::STANDARD, position.stones(), None, comment);
        plybench::report::write_atomic(path, record.as_bytes())?;
    }
    Ok(())
}

fn write_svg(path: &Option<PathBuf>, plot: plybench::report::plot::Plot) -> anyhow::Result<()> {
    if let Some(path) = path {
        let svg = plot.to_svg()?;
        std::fs::write(path, svg).map_err(|e| plybench::Error::from(IoError::write(path, e)))?;
    }
    Ok(())
}

pub fn run(args: InfluenceArgs, matches: &clap::ArgMatches, format: Format) -> anyhow::Result<ExitCode> {
    let given = [
        args.stone.is_some(),
        args.black.is_some() || args.white.is_some(),
        args.position.is_some(),
        args.figure.is_some(),
        args.random.is_some(),
    ];
    match given.iter().filter(|&&g| g).count() {
        0 => {
            return Err(Usage(
                "give a position: --stone K10, --black/--white lists, --position FILE, --figure 3.14|3.16, or --random N"
                    .into(),
            )
            .into());
        }
        1 => {}
        _ => {
            return Err(Usage(
                "give one of --stone, --black/--white, --position, --figure and --random, not several".into(),
            )
            .into());
        }
    }
    if args.sgf.is_some() && args.random.is_some() {
        return Err(Usage::flag("--sgf", "writes one position, and --random makes many; drop one of them").into());
    }
    if args.density.is_some() && args.random.is_none() {
        return Err(Usage::flag("--density", "it applies to --random only; add --random N").into());
    }
    let reconstruction = args.figure == Some(Figure::Fig316);
    applies(matches, "--all", reconstruction, "it lists the points of --figure 3.16 only")?;
    applies(
        matches,
        "--seed",
        reconstruction || args.random.is_some(),
        "it seeds --random and the reconstruction of --figure 3.16 only",
    )?;
    if let Some(path) = &args.svg {
        if args.random.is_some() {
            return Err(Usage::flag("--svg", "--random draws no map; drop --svg, or give a position").into());
        }
        // Before the map is computed (the reconstruction takes seconds).
        check_file_writable(path).flag("--svg")?;
    }
    if let Some(count) = args.random {
        if let Some(d) = args.density {
            Position::random(args.seed, 0, d).flag("--density")?;
        }
        tell(&random_work(count).flag("--random")?);
        let bar = progress::bar(count, "positions");
        let on_step = progress::follow(&bar);
        let test = gap_random(args.seed, count, args.density, Progress::new(&on_step))?;
        bar.finish_and_clear();
        let name = match args.density {
            Some(d) => format!("random positions, seed {}, density {d}", args.seed),
            None => format!("random positions, seed {}, density uniform in 0..1", args.seed),
        };
        let counterexample = test.counterexample.clone();
        let mut tables = vec![claim_table(&[(name, test)])?];
        if let Some(p) = counterexample {
            tables.push(position_table("go_influence_counterexample", "the first position with a value in 17..33", &p));
        }
        return finish(&tables, format);
    }
    if args.figure == Some(Figure::Fig316) {
        let search = Search { seed: args.seed, ..Search::default() };
        let result = fig_3_16(search)?;
        let map = map_table("go_influence_map", "Zobrist's map of the reconstructed position", &result.map);
        let tables = vec![
            position_table(
                "go_influence_fig3_15",
                "Figs. 3.15/3.16: the reconstructed final position (X Black, O White)",
                &result.position,
            ),
            map,
            fig_3_16_summary(&result)?,
            fig_3_16_points(&result, args.all)?,
            score_table(&result)?,
        ];
        write_sgf(
            &args.sgf,
            &result.position,
            "Bell (1972), Figs. 3.15/3.16: the final position of the game, reconstructed by plybench from the \
             scanned influence map (goban influence --figure 3.16)",
        )?;
        write_svg(
            &args.svg,
            heat_map(
                "go_influence_fig3_16",
                "Figs. 3.15/3.16 reconstructed: Zobrist's map",
                &result.position,
                &result.map,
            ),
        )?;
        return finish(&tables, format);
    }
    let mut position = Position::empty();
    if let Some(stone) = &args.stone {
        position.place(stone, BLACK).flag("--stone")?;
        if position.count(BLACK) != 1 {
            return Err(Usage::flag("--stone", "give one point; use --black for several").into());
        }
    }
    if args.figure == Some(Figure::Fig314) {
        position.place("K10", BLACK)?;
    }
    if let Some(list) = &args.black {
        position.place(list, BLACK).flag("--black")?;
    }
    if let Some(list) = &args.white {
        position.place(list, WHITE).flag("--white")?;
    }
    if let Some(path) = &args.position {
        position = Position::from_go(&crate::file::read(path, args.after_move)?).flag("--position")?;
    }
    write_sgf(&args.sgf, &position, "a position given to goban influence")?;
    let map = influence(&position);
    let mut tables = vec![map_table("go_influence_map", "Zobrist's influence map (Bell 1972, Fig. 3.13)", &map)];
    match single_centred_stone(&position) {
        Some(stone) => tables.push(fig_3_14_table(&map, stone)?),
        None => tables[0].note(
            "Fig. 3.14 is compared only for a lone black stone on the fifth line or further in, where the pattern is not clipped.",
        ),
    }
    write_svg(&args.svg, heat_map("go_influence_map", "Zobrist's influence map", &position, &map))?;
    finish(&tables, format)
}
