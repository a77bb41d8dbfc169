//! Perft agreement: `chess.rules` and `draughts.rules`, run by the
//! interpreter, against plybench's hand-written representations (the four
//! chess boards on the standard and edge-case suites, the three checkers
//! boards on the opening), one row per position, depth and representation,
//! each with the command that gives it.

use crate::Result;
use crate::engine::checkers::{self, Counting};
use crate::engine::chess::{self, Setup, dispatch};
use crate::engine::progress::{Progress, Step};
use crate::engine::rules::ast::Program;
use crate::engine::rules::bridge;
use crate::engine::rules::compile::Compiled;
use crate::engine::rules::games;
use crate::engine::rules::interp::Interpreter;
use crate::engine::rules::limits::Limits;
use crate::engine::rules::native::{Native, NativeOptions};
use crate::engine::rules::parse::parse;
use crate::engine::rules::perft::{self, Buffers, Interpreted};
use crate::engine::rules::state::State;
use crate::report::{Cell, Column, Comparison, Published, Table};
use crate::study::budget::Budget;
use crate::study::datasets::{PERFT_EDGE_CASES, PERFT_STANDARD};
use crate::study::part::Part;

fn program(name: &str) -> Result<Program> {
    let game = games::find(name).ok_or_else(|| crate::Error::invalid("rule file", format!("{name} is not shipped")))?;
    Ok(parse(game.file, game.text)?)
}

fn rules_perft(program: &Program, text: &str, depth: u32) -> Result<u128> {
    let mut state = State::from_text(program, text)?;
    let mut rules = Interpreted::new(Interpreter::new(program)?);
    Ok(perft::perft(&mut rules, &mut state, depth, &mut Buffers::default())?)
}

fn compiled_perft(program: &Program, text: &str, depth: u32) -> Result<u128> {
    let mut state = State::from_text(program, text)?;
    let mut rules = Compiled::new(program)?;
    Ok(perft::perft(&mut rules, &mut state, depth, &mut Buffers::default())?)
}

fn table() -> Table {
    Table::new(
        "rules_agreement",
        "Perft of the rule files (interpreted) against the hand-written representations",
        vec![
            Column::new("game", "rule file"),
            Column::new("position", "position"),
            Column::new("depth", "depth"),
            Column::new("repr", "representation"),
            Column::new("computed", "rules perft"),
            Column::new("published", "representation's perft"),
            Column::new("source", "source"),
            Column::new("verdict", "verdict"),
            Column::new("command", "command"),
        ],
    )
}

#[allow(clippy::too_many_arguments)]
fn row(table: &mut Table, game: &str, name: &str, command: String, depth: u32, repr: &str, rules: u128, hand: u128) {
    let comparison = Comparison::new(Some(rules), Some(&Published { value: hand, source: format!("plybench {repr}") }));
    let [computed, published, source, verdict] = comparison.cells();
    table.push(vec![
        Cell::from(game),
        Cell::from(name),
        Cell::from(depth),
        Cell::from(repr),
        computed,
        published,
        source,
        verdict,
        Cell::from(command),
    ]);
}

fn suite(limit: usize) -> Result<Vec<(String, Setup)>> {
    let mut out = Vec::new();
    for (file, text) in [("standard", PERFT_STANDARD), ("edge", PERFT_EDGE_CASES)] {
        let lines = text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#'));
        for (i, line) in lines.enumerate().take(limit) {
            let fen = line.split(';').next().unwrap_or_default().trim();
            out.push((format!("{file} {}", i + 1), Setup::from_fen(fen)?));
        }
    }
    Ok(out)
}

/// This part of the rules study at a budget: quick checks two positions of
/// each chess suite to depth 2 and the checkers opening to depth 5;
/// default every suite position to depth 2 and the opening to depth 6;
/// full depth 3 and depth 10.
pub fn part(budget: Budget, progress: Progress<'_>) -> Result<Part> {
    let (limit, chess_depth, checkers_depth) = match budget {
        Budget::Quick => (2, 2, 5),
        Budget::Default => (usize::MAX, 2, 6),
        Budget::Full => (usize::MAX, 3, 10),
    };
    let mut table = table();
    let chess_rules = program("chess")?;
    let positions = suite(limit)?;
    let total = positions.len() as u64 + 1;
    for (done, (name, setup)) in positions.iter().enumerate() {
        let rules = rules_perft(&chess_rules, &bridge::chess::position_text(setup), chess_depth)?;
        for repr in chess::Repr::ALL {
            let hand = dispatch::perft_on(repr, setup, chess_depth)?;
            let command = format!("perft --fen '{}' --depth {chess_depth} --repr {}", setup.to_fen(), repr.name());
            row(&mut table, "chess", name, command, chess_depth, repr.name(), rules, u128::from(hand));
        }
        progress.report(Step { label: "rules agreement: chess", done: done as u64 + 1, total, nodes: rules });
    }
    let draughts = program("draughts")?;
    let opening = checkers::Position::start();
    let text = bridge::checkers::position_text(&opening);
    let rules = rules_perft(&draughts, &text, checkers_depth)?;
    for repr in checkers::Repr::ALL {
        let run = checkers::run_perft(repr, &opening, checkers_depth, Counting::Paths, false)?;
        let command = format!("checkers perft --depth {checkers_depth} --repr {} --counting paths", repr.name());
        row(&mut table, "draughts", "opening", command, checkers_depth, repr.name(), rules, u128::from(run.nodes));
    }
    progress.report(Step { label: "rules agreement: draughts", done: total, total, nodes: rules });
    table.note(
        "The command gives the representation's count; the rule file's is `plybench reproduce --only rules` \
         (the position in rules text is the bridge's: engine::rules::bridge).",
    );
    table.note("Every path of a multiple capture is a move (checkers --counting paths), as draughts.rules counts.");
    let (chess_bench, draughts_bench, runs) = match budget {
        Budget::Quick => (2, 4, 1),
        Budget::Default => (2, 5, 3),
        Budget::Full => (3, 8, 5),
    };
    let bench =
        bench_table(BenchSpec { chess_depth: chess_bench, draughts_depth: draughts_bench, runs, native: None })?;
    Ok(Part {
        tables: vec![table, bench],
        plots: Vec::new(),
        reading: vec![format!(
            "The rule files agree with every hand-written representation on {} rows: chess to depth {chess_depth}, \
             draughts from the opening to depth {checkers_depth}.",
            positions.len() * chess::Repr::ALL.len() + checkers::Repr::ALL.len()
        )],
    })
}

/// One published speed ratio of `datasets/rules/speed.json`.
#[derive(Clone, Debug, serde::Deserialize)]
pub struct Anchor {
    /// Its name: `pitrat_compiler`, `rbg_over_ludii_chess`.
    pub id: String,
    /// What was measured against what.
    pub what: String,
    /// The ratio as published (approximate).
    pub ratio: f64,
    /// Where it is printed.
    pub source: String,
}

#[derive(serde::Deserialize)]
struct Anchors {
    anchors: Vec<Anchor>,
}

/// The published speed ratios the bench table quotes.
pub fn anchors() -> Result<Vec<Anchor>> {
    let parsed: Anchors = serde_json::from_str(crate::study::datasets::RULES_SPEED)
        .map_err(|e| crate::Error::Dataset { name: "rules/speed.json", why: e.to_string() })?;
    Ok(parsed.anchors)
}

/// What `rules bench` measures: the depths and how many runs each engine
/// gets (the median is kept).
#[derive(Clone, Debug)]
pub struct BenchSpec {
    /// Perft depth of chess from the initial position.
    pub chess_depth: u32,
    /// Perft depth of draughts from the opening.
    pub draughts_depth: u32,
    /// Runs of each engine; the median time is reported.
    pub runs: usize,
    /// rustc and the cache of the native engine: its rows, when given.
    pub native: Option<NativeOptions>,
}

fn native_perft(rules: &mut Native<'_>, program: &Program, text: &str, depth: u32) -> Result<u128> {
    let mut state = State::from_text(program, text)?;
    Ok(perft::perft(rules, &mut state, depth, &mut Buffers::default())?)
}

fn median_seconds(runs: usize, mut f: impl FnMut() -> Result<u128>) -> Result<(u128, f64)> {
    let mut times = Vec::with_capacity(runs);
    let mut nodes = 0;
    for _ in 0..runs.max(1) {
        let start = std::time::Instant::now();
        nodes = f()?;
        times.push(start.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    Ok((nodes, times[times.len() / 2]))
}

/// The speed table of `rules bench`: for chess (from the initial position)
/// and draughts (from the opening), side by side in one run, the rule
/// file's perft by the interpreter, by the compiled form, and the hand-written representations'
/// (`bitboard` and `x88`; `bitboard` and `table`), each the median of
/// `spec.runs` runs, with its speed relative to the interpreter beside the
/// published anchors (Pitrat's compiler ~20x his interpreter; the RBG
/// reasoner ~37x Ludii on chess).
pub fn bench_table(spec: BenchSpec) -> Result<Table> {
    let anchors = anchors()?;
    let quote = |id: &str| anchors.iter().find(|a| a.id == id).map(|a| format!("~{}x: {}", a.ratio, a.what));
    let mut table = Table::new(
        "rules_bench",
        "The rules language against plybench's own generators (perft, median of runs)",
        vec![
            Column::new("game", "game"),
            Column::new("engine", "engine"),
            Column::new("depth", "depth"),
            Column::new("nodes", "nodes"),
            Column::new("seconds", "seconds (median)"),
            Column::new("nps", "nodes/s"),
            Column::new("ratio", "speed / interpreter"),
            Column::new("anchor", "published anchor"),
            Column::new("command", "command"),
        ],
    );
    let command = |game: &str, depth: u32| {
        format!(
            "rules bench --chess-depth {} --draughts-depth {} --runs {}",
            if game == "chess" { depth } else { spec.chess_depth },
            if game == "draughts" { depth } else { spec.draughts_depth },
            spec.runs
        )
    };
    let mut push =
        |game: &str, engine: &str, depth: u32, nodes: u128, seconds: f64, base: f64, anchor: Option<String>| {
            let nps = if seconds > 0.0 { nodes as f64 / seconds } else { 0.0 };
            let ratio = if base > 0.0 { nps / base } else { 1.0 };
            table.push(vec![
                Cell::from(game),
                Cell::from(engine),
                Cell::from(depth),
                Cell::from(nodes),
                Cell::float(seconds, 3),
                Cell::float(nps, 0),
                Cell::float(ratio, 1),
                Cell::from(anchor.unwrap_or_default()),
                Cell::from(command(game, depth)),
            ]);
            nps
        };
    // Chess.
    let chess_rules = program("chess")?;
    let start = Setup::starting();
    let text = bridge::chess::position_text(&start);
    let d = spec.chess_depth;
    let (nodes, secs) = median_seconds(spec.runs, || rules_perft(&chess_rules, &text, d))?;
    let base = push("chess", "rules interpreter", d, nodes, secs, 0.0, None);
    let base = if base > 0.0 { base } else { f64::MIN_POSITIVE };
    let (n, s) = median_seconds(spec.runs, || compiled_perft(&chess_rules, &text, d))?;
    push("chess", "rules compiled", d, n, s, base, quote("pitrat_compiler"));
    if let Some(options) = &spec.native {
        // Built (or found in the cache) before the clock starts.
        let mut native = Native::new(&chess_rules, Limits::default(), options)?;
        let (n, s) = median_seconds(spec.runs, || native_perft(&mut native, &chess_rules, &text, d))?;
        push("chess", "rules native", d, n, s, base, quote("pitrat_compiler"));
    }
    for repr in [chess::Repr::Bitboard, chess::Repr::X88] {
        let (n, s) = median_seconds(spec.runs, || Ok(u128::from(dispatch::perft_on(repr, &start, d)?)))?;
        push("chess", repr.name(), d, n, s, base, quote("rbg_over_ludii_chess"));
    }
    // Draughts.
    let draughts = program("draughts")?;
    let opening = checkers::Position::start();
    let text = bridge::checkers::position_text(&opening);
    let d = spec.draughts_depth;
    let (nodes, secs) = median_seconds(spec.runs, || rules_perft(&draughts, &text, d))?;
    let base = push("draughts", "rules interpreter", d, nodes, secs, 0.0, None);
    let base = if base > 0.0 { base } else { f64::MIN_POSITIVE };
    let (n, s) = median_seconds(spec.runs, || compiled_perft(&draughts, &text, d))?;
    push("draughts", "rules compiled", d, n, s, base, quote("pitrat_compiler"));
    if let Some(options) = &spec.native {
        let mut native = Native::new(&draughts, Limits::default(), options)?;
        let (n, s) = median_seconds(spec.runs, || native_perft(&mut native, &draughts, &text, d))?;
        push("draughts", "rules native", d, n, s, base, quote("pitrat_compiler"));
    }
    for repr in [checkers::Repr::Bitboard, checkers::Repr::Table] {
        let (n, s) = median_seconds(spec.runs, || {
            Ok(u128::from(checkers::run_perft(repr, &opening, d, Counting::Paths, false)?.nodes))
        })?;
        push("draughts", repr.name(), d, n, s, base, quote("rbg_over_ludii_chess"));
    }
    for a in &anchors {
        table.note(format!("~{}x, {}: {}", a.ratio, a.what, a.source));
    }
    table.note(
        "ratio of the rules compiled and native rows: over interpreted (Pitrat's ~20x); of the other rows: \
         the hand-written generator over the interpreter (divide by the compiled row's ratio for \
         hand-written over compiled, beside the RBG ~37x).",
    );
    table.note("ratio: the engine's nodes per second over the rules interpreter's on the same game and depth.");
    Ok(table)
}
