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
use crate::engine::rules::games;
use crate::engine::rules::interp::Interpreter;
use crate::engine::rules::parse::parse;
use crate::engine::rules::perft::{self, Buffers, Interpreted};
use crate::engine::rules::state::State;
use crate::report::{Cell, Column, Comparison, Published, Table};
use crate::study::datasets::{PERFT_EDGE_CASES, PERFT_STANDARD};
use crate::study::part::Part;
use crate::study::reproduce::Budget;

fn program(name: &str) -> Result<Program> {
    let game = games::find(name).ok_or_else(|| crate::Error::invalid("rule file", format!("{name} is not shipped")))?;
    Ok(parse(game.file, game.text)?)
}

fn rules_perft(program: &Program, text: &str, depth: u32) -> Result<u128> {
    let mut state = State::from_text(program, text)?;
    let mut rules = Interpreted::new(Interpreter::new(program)?);
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
fn row(table: &mut Table, game: &str, name: &str, text: &str, depth: u32, repr: &str, rules: u128, hand: u128) {
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
        Cell::from(format!("rules bench --game {game} --position '{text}' --depth {depth} --runs 1")),
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
/// default every suite position to depth 2 and the opening to depth 7;
/// full depth 3 and depth 10.
pub fn part(budget: Budget, progress: Progress<'_>) -> Result<Part> {
    let (limit, chess_depth, checkers_depth) = match budget {
        Budget::Quick => (2, 2, 5),
        Budget::Default => (usize::MAX, 2, 7),
        Budget::Full => (usize::MAX, 3, 10),
    };
    let mut table = table();
    let chess_rules = program("chess")?;
    let positions = suite(limit)?;
    let total = positions.len() as u64 + 1;
    for (done, (name, setup)) in positions.iter().enumerate() {
        let text = bridge::chess::position_text(setup);
        let rules = rules_perft(&chess_rules, &text, chess_depth)?;
        for repr in chess::Repr::ALL {
            let hand = dispatch::perft_on(repr, setup, chess_depth)?;
            row(&mut table, "chess", name, &text, chess_depth, repr.name(), rules, u128::from(hand));
        }
        progress.report(Step { label: "rules agreement: chess", done: done as u64 + 1, total, nodes: rules });
    }
    let draughts = program("draughts")?;
    let opening = checkers::Position::start();
    let text = bridge::checkers::position_text(&opening);
    let rules = rules_perft(&draughts, &text, checkers_depth)?;
    for repr in checkers::Repr::ALL {
        let run = checkers::run_perft(repr, &opening, checkers_depth, Counting::Paths, false)?;
        row(&mut table, "draughts", "opening", &text, checkers_depth, repr.name(), rules, u128::from(run.nodes));
    }
    progress.report(Step { label: "rules agreement: draughts", done: total, total, nodes: rules });
    table.note("Every path of a multiple capture is a move (checkers --counting paths), as draughts.rules counts.");
    Ok(Part {
        tables: vec![table],
        plots: Vec::new(),
        reading: vec![format!(
            "The rule files agree with every hand-written representation on {} rows: chess to depth {chess_depth}, \
             draughts from the opening to depth {checkers_depth}.",
            positions.len() * chess::Repr::ALL.len() + checkers::Repr::ALL.len()
        )],
    })
}
