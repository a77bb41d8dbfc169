//! `perft mate`: mate in N, every key, under the full rules on any
//! representation, or by Bell's two-move program with its trace; the
//! published problem set and Bell's figures. And `perft bench --mate`: the
//! representations, Bell's program and a UCI engine timed on the set.

use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use plybench::engine::chess::array::bell::{self, BellOptions, BellRun};
use plybench::engine::chess::dispatch::mate_on;
use plybench::engine::chess::mate::{MateSearch, Rules, check_mate_moves};
use plybench::engine::chess::{Repr, Setup, Validation};
use plybench::engine::progress::Progress;
use plybench::report::{Cell, Column, Format, Table, Tally};
use plybench::study::perft::bench::check_seconds;
use plybench::study::perft::mate::{
    bell_table, fig_3_4_table, fig_3_5_table, flow_rows, peer_table, problems_table, solve_set, speed_table,
    time_engine, time_set,
};
use plybench::study::perft::program::check_timeout;
use plybench_cli::{Flag, Usage, emit, print_json, progress};

use super::{Reprs, exit_code, position_of, reprs};

/// The words every output of Bell's mode carries.
const BELL_RULES: &str =
    "Bell's program omits castling and en passant (Bell 1972, §3.1), whatever the position allows.";

#[derive(Args)]
pub(super) struct MateArgs {
    /// The position, as FEN (6 fields, or the first 4).
    #[arg(long, required_unless_present_any = ["problems", "figures"], conflicts_with_all = ["problems", "figures"])]
    fen: Option<String>,
    /// Moves to mate in, the mating move counted (1 to 8; Bell's program: 2).
    #[arg(long, default_value_t = 2, allow_negative_numbers = true)]
    moves: u32,
    /// Bell's own program (1972, Appendix 1) on his table-driven array: White to move, mate in two, no castling, no en passant; prints its flow (Fig. 3.4) and its array `moves` at the answer (Fig. 3.5).
    #[arg(long, conflicts_with = "repr")]
    bell: bool,
    /// Which representation(s) the full-rules solver runs on.
    #[arg(long, value_parser = reprs(), default_value = "bitboard")]
    repr: Reprs,
    /// With --bell: the most rows of the flow printed (0 for none).
    #[arg(long, default_value_t = 200, requires = "bell")]
    flow_rows: usize,
    /// The published two-move problems (datasets/perft/mate-problems.json), solved on every representation and by Bell's program, against their published keys. Exits 1 if a key differs.
    #[arg(long, conflicts_with = "figures")]
    problems: bool,
    /// Bell's figures of his mate program (Figs. 3.1 to 3.6, his rook, his flow and array), computed against the book. Exits 1 if one differs.
    #[arg(long)]
    figures: bool,
}

pub(super) fn run(args: &MateArgs, format: Format) -> anyhow::Result<ExitCode> {
    if args.problems {
        return problems(format);
    }
    if args.figures {
        let tables = [bell_table()?, fig_3_4_table()?, fig_3_5_table()?];
        emit(&tables.iter().collect::<Vec<_>>(), format)?;
        return Ok(exit_code(Tally::of(&tables).passed()));
    }
    let fen = args.fen.as_deref().unwrap_or(Setup::STARTING_FEN);
    let setup = position_of(fen, &[], false, Validation::Strict)?;
    if args.bell {
        if args.moves != 2 {
            return Err(Usage::flag("--moves", format!("{}; Bell's program solves mates in 2 only", args.moves)).into());
        }
        return bell_mode(&setup, args.flow_rows, format);
    }
    let moves = check_mate_moves(args.moves).flag("--moves")?;
    full(&setup, moves, &args.repr, format)
}

/// The full-rules solver on each representation.
fn full(setup: &Setup, moves: u32, reprs: &[Repr], format: Format) -> anyhow::Result<ExitCode> {
    let mut runs: Vec<(Repr, MateSearch, f64)> = Vec::new();
    for &repr in reprs {
        let bar = progress::bar(0, &format!("mate in {moves}, {repr}"));
        let on_step = progress::follow(&bar);
        let start = Instant::now();
        let found = mate_on(repr, setup, moves, Rules::Full, Progress::new(&on_step)).flag("--fen")?;
        bar.finish_and_clear();
        runs.push((repr, found, start.elapsed().as_secs_f64()));
    }
    let chess960 = setup.chess960();
    let keys = runs[0].1.uci_keys(chess960);
    let agree = runs.iter().all(|(_, f, _)| f.uci_keys(chess960) == keys);
    if format == Format::Json {
        let details: Vec<_> = runs[0]
            .1
            .keys
            .iter()
            .map(|k| serde_json::json!({ "key": k.mv.uci(chess960).to_string(), "mates_in": k.mates_in }))
            .collect();
        print_json(&serde_json::json!({
            "fen": setup.to_fen(),
            "moves": moves,
            "rules": Rules::Full.name(),
            "keys": keys,
            "key_lengths": details,
            "representations_agree": agree,
            "runs": runs.iter().map(|(r, f, s)| serde_json::json!({
                "repr": r.name(),
                "keys": f.uci_keys(chess960),
                "nodes": f.nodes,
                "seconds": s,
            })).collect::<Vec<_>>(),
        }))?;
    } else {
        let mut table = Table::new(
            "perft_mate",
            &format!("Mate in {moves} for {}, full rules: every key", setup.turn().name()),
            vec![
                Column::new("repr", "Representation"),
                Column::new("keys", "Keys"),
                Column::new("mates_in", "Mates in"),
                Column::new("nodes", "Moves made"),
                Column::new("seconds", "Seconds"),
            ],
        );
        for (repr, found, seconds) in &runs {
            let lengths: Vec<String> = found.keys.iter().map(|k| k.mates_in.to_string()).collect();
            table.push(vec![
                Cell::from(repr.name()),
                Cell::from(join(&found.uci_keys(chess960))),
                Cell::from(lengths.join(" ")),
                Cell::from(found.nodes),
                Cell::float(*seconds, 4),
            ]);
        }
        table.note(format!("{}: {}", setup.to_fen(), if keys.len() > 1 { "more than one key (a cook)" } else { "" }));
        if !agree {
            table.note("THE REPRESENTATIONS DISAGREE");
        }
        emit(&[&table], format)?;
    }
    Ok(exit_code(agree))
}

fn join(keys: &[String]) -> String {
    if keys.is_empty() { "none".to_owned() } else { keys.join(" ") }
}

/// Bell's program with its trace.
fn bell_mode(setup: &Setup, flow_rows_wanted: usize, format: Format) -> anyhow::Result<ExitCode> {
    let start = Instant::now();
    let run = bell::run(setup, BellOptions { flow_rows: flow_rows_wanted, stop_at_first: false }).flag("--bell")?;
    let seconds = start.elapsed().as_secs_f64();
    let answers: Vec<String> = run.answers.iter().map(|m| m.uci().to_string()).collect();
    let rows = flow_rows(&run.flow);
    if format == Format::Json {
        print_json(&serde_json::json!({
            "fen": setup.to_fen(),
            "moves": 2,
            "program": "bell",
            "rules": Rules::WithoutCastlingAndEnPassant.name(),
            "keys": answers,
            "first_answer": answers.first(),
            "makes": run.makes,
            "listings": run.listings,
            "peak_cell": run.peak,
            "promotion_fixes": run.promotion_fixes,
            "seconds": seconds,
            "flow": rows.iter().map(|(d, m, k)| serde_json::json!({"depth": d, "move": m, "kind": k})).collect::<Vec<_>>(),
            "flow_truncated": run.flow_truncated,
            "moves_at_answer": listings_json(&run),
            "notes": [BELL_RULES],
        }))?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut summary = Table::record(
        "perft_mate_bell_run",
        "Bell's two-move program (Bell 1972, Appendix 1) on the array",
        vec![
            ("keys", "Answers (every first move it accepts)", Cell::from(join(&answers))),
            ("first_answer", "Its answer (the first)", Cell::opt(answers.first().cloned())),
            ("makes", "Moves made (makemove)", Cell::from(run.makes)),
            ("listings", "Lists written (listmoves)", Cell::from(run.listings)),
            ("peak_cell", "Highest cell of moves (Bell's: 500)", Cell::from(run.peak as u64)),
            ("seconds", "Seconds", Cell::float(seconds, 4)),
        ],
    );
    summary.note(BELL_RULES);
    let mut flow = Table::new(
        "perft_mate_bell_flow",
        "The flow of the solution (as Bell's Fig. 3.4)",
        vec![
            Column::new("step", "Step"),
            Column::new("depth", "Depth"),
            Column::new("move", "Move"),
            Column::new("kind", "Kind"),
        ],
    );
    for (i, (d, m, k)) in rows.iter().enumerate() {
        flow.push(vec![Cell::from(i + 1), Cell::from(u64::from(*d)), Cell::from(m.as_str()), Cell::from(*k)]);
    }
    if run.flow_truncated {
        flow.note(format!("Only the first {flow_rows_wanted} steps (--flow-rows)."));
    }
    flow.note(format!("Moves in Bell's short descriptive notation. {BELL_RULES}"));
    let mut array = Table::new(
        "perft_mate_bell_moves",
        "The array moves at the five depths at the first answer (as Bell's Fig. 3.5)",
        vec![
            Column::new("depth", "Depth"),
            Column::new("man", "Number of man"),
            Column::new("value", "Value"),
            Column::new("square", "Initial square"),
            Column::new("to", "To"),
            Column::new("back_to", "Back to"),
        ],
    );
    for l in run.answer_listings.iter().flatten() {
        for m in &l.men {
            let to: Vec<String> = m.to.iter().map(u8::to_string).collect();
            array.push(vec![
                Cell::from(u64::from(l.depth)),
                Cell::from(u64::from(m.man)),
                Cell::from(u64::from(m.value)),
                Cell::from(u64::from(m.square)),
                Cell::from(to.join(" ")),
                m.back_to.map_or(Cell::from("listing stopped: takes the king"), |b| Cell::Int(i64::from(b))),
            ]);
        }
    }
    if run.answer_listings.is_none() {
        array.note("No answer: the program accepts no first move.");
    }
    array.note(format!("Squares are Bell's numbers (a1 = 1, h8 = 64). {BELL_RULES}"));
    emit(&[&summary, &flow, &array], format)?;
    Ok(ExitCode::SUCCESS)
}

/// The lists at the first answer, as JSON.
fn listings_json(run: &BellRun) -> serde_json::Value {
    let Some(listings) = &run.answer_listings else { return serde_json::Value::Null };
    listings
        .iter()
        .flat_map(|l| {
            l.men.iter().map(move |m| {
                serde_json::json!({
                    "depth": l.depth, "man": m.man, "value": m.value, "square": m.square, "to": m.to, "back_to": m.back_to,
                })
            })
        })
        .collect()
}

/// The published problems.
fn problems(format: Format) -> anyhow::Result<ExitCode> {
    let bar = progress::spinner("mate problems");
    let solved = solve_set(&Repr::ALL)?;
    bar.finish_and_clear();
    let table = problems_table(&solved)?;
    emit(&[&table], format)?;
    Ok(exit_code(Tally::of([&table]).passed()))
}

/// `perft bench --mate`: the set timed on each representation, by Bell's
/// program, and by a UCI engine if one is named.
pub(super) fn bench(seconds: f64, engine: Option<&str>, timeout: f64, format: Format) -> anyhow::Result<ExitCode> {
    let seconds = check_seconds(seconds).flag("--seconds")?;
    let bar = progress::spinner("mate bench");
    let mut timings = time_set(seconds)?;
    let mut tables = Vec::new();
    if let Some(command) = engine {
        let timeout = check_timeout(timeout).flag("--timeout")?;
        let (timing, answers) = time_engine(command, timeout, seconds).flag("--engine")?;
        timings.push(timing);
        tables.push(peer_table(command, &answers));
    }
    bar.finish_and_clear();
    tables.insert(0, speed_table(&timings)?);
    emit(&tables.iter().collect::<Vec<_>>(), format)?;
    Ok(exit_code(Tally::of(&tables).passed()))
}
