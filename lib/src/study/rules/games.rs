//! Tic-tac-toe and go-moku described in Pitrat's language: the games and
//! perft of tic-tac-toe against plybench's hand-written tree and the
//! published 255,168 games; go-moku perft; the interpreter against the
//! compiled form (the same counts, and the speed ratio as measured).

use std::time::Instant;

use crate::Result;
use crate::engine::progress::Progress;
use crate::engine::rules::RulesError;
use crate::engine::rules::ast::Program;
use crate::engine::rules::compile::Compiled;
use crate::engine::rules::conditions::{Output, Words};
use crate::engine::rules::games;
use crate::engine::rules::interp::Interpreter;
use crate::engine::rules::limits::Limits;
use crate::engine::rules::native::{Native, NativeError, NativeOptions};
use crate::engine::rules::notation::Notation;
use crate::engine::rules::parse::parse;
use crate::engine::rules::perft::{Buffers, Interpreted, Rules, divide, perft, tree};
use crate::engine::rules::state::State;
use crate::engine::tictactoe;
use crate::report::{Cell, Column, Comparison, Published, Table, Verdict};
use crate::study::budget::Budget;
use crate::study::datasets::ALPHABETA_TICTACTOE;
use crate::study::part::Part;

/// Which form runs the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Engine {
    /// The interpreter, which walks the statements.
    Interp,
    /// The compiled form.
    Compiled,
    /// The compiled form as native code (rustc, loaded at run time).
    Native,
}

impl Engine {
    /// The name in tables and flags.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Interp => "interp",
            Engine::Compiled => "compiled",
            Engine::Native => "native",
        }
    }
}

/// One engine's perft: the count and the time.
#[derive(Clone, Copy, Debug)]
pub struct Run {
    /// Which engine.
    pub engine: Engine,
    /// The count.
    pub nodes: u128,
    /// Wall-clock seconds.
    pub seconds: f64,
}

fn timed<R: Rules>(rules: &mut R, state: &mut State, depth: u32) -> Result<(u128, f64)> {
    let start = Instant::now();
    let n = perft(rules, state, depth, &mut Buffers::default())?;
    Ok((n, start.elapsed().as_secs_f64()))
}

/// Perft of `state` to `depth` by each engine, every run kept to `limits`
/// (without the native engine, which needs [`NativeOptions`]).
pub fn runs(program: &Program, state: &State, depth: u32, engines: &[Engine], limits: Limits) -> Result<Vec<Run>> {
    runs_with(program, state, depth, engines, limits, None)
}

/// The native code of `program`, built with `native`'s rustc and cache.
pub fn native<'p>(program: &'p Program, limits: Limits, native: Option<&NativeOptions>) -> Result<Native<'p>> {
    let options = native.ok_or_else(|| {
        RulesError::Native(NativeError::Rustc {
            rustc: "rustc".into(),
            why: "no rustc and cache given to the native engine".into(),
        })
    })?;
    Ok(Native::new(program, limits, options)?)
}

/// Perft of `state` to `depth` by each engine, every run kept to `limits`,
/// the native engine built with `native`'s rustc and cache. The native
/// code is built (or found in the cache) before its run's clock starts.
pub fn runs_with(
    program: &Program,
    state: &State,
    depth: u32,
    engines: &[Engine],
    limits: Limits,
    native_options: Option<&NativeOptions>,
) -> Result<Vec<Run>> {
    let mut out = Vec::new();
    for &engine in engines {
        let mut state = state.clone();
        let (nodes, seconds) = match engine {
            Engine::Interp => {
                timed(&mut Interpreted::new(Interpreter::with_limits(program, limits)?), &mut state, depth)?
            }
            Engine::Compiled => timed(&mut Compiled::with_limits(program, limits)?, &mut state, depth)?,
            Engine::Native => timed(&mut native(program, limits, native_options)?, &mut state, depth)?,
        };
        out.push(Run { engine, nodes, seconds });
    }
    Ok(out)
}

/// What `rules perft` counts: a position of a described game, the depth,
/// the engines, and the limits of every run.
#[derive(Clone, Copy, Debug)]
pub struct PerftSpec<'a> {
    /// The rule file.
    pub program: &'a Program,
    /// The game's key, for its published counts and its notation: the
    /// shipped file's name, or the `GAME` name of a file read from disk in
    /// lower case (see [`super::published`]).
    pub key: &'a str,
    /// The position.
    pub state: &'a State,
    /// Plies.
    pub depth: u32,
    /// The engines, side by side; the divide is the first's.
    pub engines: &'a [Engine],
    /// Whether to add the count under each root move.
    pub divide: bool,
    /// The limits of every run.
    pub limits: Limits,
    /// rustc and the cache of the native engine, if it runs.
    pub native: Option<&'a NativeOptions>,
}

/// The tables of `rules perft`: one row per engine, beside the published
/// count where `datasets/` has one (`differs` also when the engines
/// disagree), then the divide by the first engine if asked for, its moves
/// in the game's usual notation ([`Notation`]).
pub fn perft_tables(spec: PerftSpec<'_>) -> Result<Vec<Table>> {
    let PerftSpec { program, key, state, depth, engines, limits, .. } = spec;
    let runs = runs_with(program, state, depth, engines, limits, spec.native)?;
    let agree = runs.windows(2).all(|w| w[0].nodes == w[1].nodes);
    let published = super::published::published_perft(key, program, state, depth)?;
    let label = state.to_text(program);
    let mut t = Table::new(
        "rules_perft",
        &format!("Perft({depth}) of {} from {label}", program.header.game),
        vec![
            Column::new("engine", "Engine"),
            Column::new("depth", "Depth"),
            Column::new("nodes", "Nodes"),
            Column::new("seconds", "Seconds"),
            Column::new("nps", "Nodes/s"),
            Column::new("published", "Published"),
            Column::new("source", "Source"),
            Column::new("verdict", "Verdict"),
        ],
    );
    for run in &runs {
        let comparison = Comparison::new(Some(run.nodes), published.as_ref());
        let verdict = if agree { comparison.verdict } else { Verdict::Differs };
        t.push(vec![
            run.engine.name().into(),
            depth.into(),
            run.nodes.into(),
            Cell::float(run.seconds, 3),
            Cell::float(nps(run.nodes, run.seconds), 0),
            Cell::opt(comparison.published),
            Cell::opt(comparison.source),
            verdict.into(),
        ]);
    }
    t.note(CONVENTION);
    if !agree {
        t.note("THE INTERPRETER AND THE COMPILED FORM DISAGREE.");
    }
    let mut out = vec![t];
    if spec.divide
        && let Some(first) = engines.first()
    {
        let mut root = state.clone();
        let moves = match first {
            Engine::Interp => {
                divide(&mut Interpreted::new(Interpreter::with_limits(program, limits)?), &mut root, depth)?
            }
            Engine::Compiled => divide(&mut Compiled::with_limits(program, limits)?, &mut root, depth)?,
            Engine::Native => divide(&mut native(program, limits, spec.native)?, &mut root, depth)?,
        };
        let notation = Notation::of(key, program);
        let words = Words { header: &program.header, player: state.player() };
        let mut d = Table::new(
            "rules_divide",
            &format!("Divide by {}", first.name()),
            vec![Column::new("move", "Move"), Column::new("nodes", "Nodes"), Column::new("sub_moves", "Sub-moves")],
        );
        for (mv, n) in moves {
            d.push(vec![
                notation.write(program, state.player(), &mv).into(),
                n.into(),
                words.output(&Output::Move(mv)).into(),
            ]);
        }
        out.push(d);
    }
    Ok(out)
}

const CONVENTION: &str = "Perft counts the positions exactly `depth` plies deep: the moves of the MOVES algorithm (under \
     ILLEGAL, those after which no enemy move captures a friendly king); a position is terminal when the RESULT \
     algorithm, run for the player who just moved, outputs VICTORY, DRAW or LOSS, or when there is no move.";

fn nps(nodes: u128, seconds: f64) -> f64 {
    if seconds > 0.0 { nodes as f64 / seconds } else { 0.0 }
}

fn shipped(name: &str) -> Result<(Program, State)> {
    let game = games::find(name).ok_or_else(|| crate::Error::from(missing(name)))?;
    let program = parse(game.file, game.text)?;
    let state = State::start(&program)?;
    Ok((program, state))
}

fn missing(name: &str) -> crate::engine::rules::RulesError {
    crate::engine::rules::RulesError::Position { text: name.into(), why: "no such shipped game".into() }
}

/// The published count of tic-tac-toe games (no symmetry), from the dataset.
fn published_games() -> Option<Published<u128>> {
    let doc: serde_json::Value = serde_json::from_str(ALPHABETA_TICTACTOE).ok()?;
    let figure = doc["figures"].as_array()?.iter().find(|f| f["quantity"] == "games" && f["symmetry"] == false)?;
    Some(Published { value: u128::from(figure["value"].as_u64()?), source: figure["source"].as_str()?.to_string() })
}

/// This part of the rules study at a budget.
pub fn part(budget: Budget, _progress: Progress<'_>) -> Result<Part> {
    let mut part = Part::default();
    // Tic-tac-toe: the whole tree, by the compiled form (and the interpreter
    // beyond the quick budget).
    let (ttt, start) = shipped("tictactoe")?;
    let mut engines = vec![Engine::Compiled];
    if budget != Budget::Quick {
        engines.push(Engine::Interp);
    }
    let mut games_table = Table::new(
        "rules_tictactoe",
        "Tic-tac-toe in Pitrat's language: the games of the full tree",
        vec![
            Column::new("engine", "Engine"),
            Column::new("computed", "Games"),
            Column::new("hand_written", "plybench tictactoe"),
            Column::new("published", "Published"),
            Column::new("source", "Source"),
            Column::new("verdict", "Verdict"),
        ],
    );
    let published = published_games();
    let hand = tictactoe::count(tictactoe::TicSearch {
        order: tictactoe::TicOrder::Natural,
        seed: 0,
        killer: false,
        window: false,
        symmetry: false,
        minimax: true,
    });
    for &engine in &engines {
        let mut state = start.clone();
        let counted = match engine {
            Engine::Interp => tree(&mut Interpreted::new(Interpreter::new(&ttt)?), &mut state, 9)?,
            Engine::Compiled => tree(&mut Compiled::new(&ttt)?, &mut state, 9)?,
            Engine::Native => tree(&mut native(&ttt, Limits::default(), None)?, &mut state, 9)?,
        };
        let mut verdict = Comparison::new(Some(counted.ended), published.as_ref()).verdict;
        if counted.ended != u128::from(hand.leaves) {
            verdict = Verdict::Differs;
        }
        games_table.push(vec![
            engine.name().into(),
            counted.ended.into(),
            hand.leaves.into(),
            Cell::opt(published.as_ref().map(|p| p.value)),
            published.as_ref().map_or(Cell::Null, |p| p.source.clone().into()),
            verdict.into(),
        ]);
    }
    games_table.note("A game is a sequence of moves from the empty board to a terminal position: a leaf of the tree.");
    part.tables.push(games_table);

    // Perft of both games by both engines, beside the hand-written
    // tic-tac-toe perft.
    let mut t = Table::new(
        "rules_games_perft",
        "Perft of the games written in Pitrat's language: interpreter against compiled form",
        vec![
            Column::new("game", "Game"),
            Column::new("board", "Board"),
            Column::new("depth", "Depth"),
            Column::new("interp", "Interpreter"),
            Column::new("compiled", "Compiled"),
            Column::new("hand_written", "Hand-written"),
            Column::new("interp_seconds", "Interp s"),
            Column::new("compiled_seconds", "Compiled s"),
            Column::new("ratio", "Speed ratio"),
            Column::new("verdict", "Verdict"),
        ],
    );
    let (gomoku, gomoku_start) = shipped("gomoku")?;
    let small = State::from_text(&gomoku, "5/5/5/5/5 1")?;
    let (ttt_depth, big_depth, small_depth) = match budget {
        Budget::Quick => (5, 2, 3),
        Budget::Default => (9, 2, 4),
        Budget::Full => (9, 3, 6),
    };
    let cases: [(&str, &Program, &State, u32); 3] = [
        ("tictactoe", &ttt, &start, ttt_depth),
        ("gomoku", &gomoku, &gomoku_start, big_depth),
        ("gomoku", &gomoku, &small, small_depth),
    ];
    for (name, program, state, depth) in cases {
        let r = runs(program, state, depth, &[Engine::Interp, Engine::Compiled], Limits::default())?;
        let (i, c) = (r[0], r[1]);
        let hand = (name == "tictactoe").then(|| u128::from(tictactoe::perft(depth)));
        let verdict = match hand {
            _ if i.nodes != c.nodes => Verdict::Differs,
            Some(h) if h != i.nodes => Verdict::Differs,
            Some(_) => Verdict::Match,
            None => Verdict::NoPublishedValue,
        };
        let ratio = if c.seconds > 0.0 { i.seconds / c.seconds } else { 0.0 };
        t.push(vec![
            name.into(),
            format!("{}x{}", state_width(state), state_height(state)).into(),
            depth.into(),
            i.nodes.into(),
            c.nodes.into(),
            Cell::opt(hand),
            Cell::float(i.seconds, 3),
            Cell::float(c.seconds, 3),
            Cell::float(ratio, 1),
            verdict.into(),
        ]);
    }
    t.note(CONVENTION);
    t.note(
        "Speed ratio: interpreter time over compiled time, as measured on this machine (Pitrat: the compiled form \
         is \"approximately 20 times faster\"). Hand-written: plybench's tic-tac-toe tree (engine::tictactoe::perft).",
    );
    part.tables.push(t);
    part.reading.push(
        "Tic-tac-toe and go-moku written in Pitrat's 1971 language run under the interpreter and the compiled form \
         with the same counts; tic-tac-toe's tree has the published number of games and plybench's perft at every \
         depth."
            .into(),
    );
    Ok(part)
}

fn state_width(state: &State) -> i64 {
    use crate::engine::rules::view::View;
    state.width()
}

fn state_height(state: &State) -> i64 {
    use crate::engine::rules::view::View;
    state.height()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_quick_part_passes() {
        let part = part(Budget::Quick, Progress::NONE).unwrap();
        assert!(crate::report::Tally::of(&part.tables).passed());
        assert_eq!(part.tables[0].rows.len(), 1);
    }
}
