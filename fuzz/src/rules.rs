//! The fuzz oracle of the rules language: the parser, the interpreter and
//! the compiled form on any text, with small limits on every run.
//!
//! For every input: no panic, no run past its budget of steps (a loop in
//! the rules ends as an error), and an error is one short line without
//! control characters. For an accepted rule file:
//! - the flowchart's conjugués, found by Pitrat's search, equal the
//!   immediate post-dominators (as `docs/rules.md` §5 states for every file);
//! - the interpreter and the compiled form give the same moves in the same
//!   order, the same end, the same perft (to depth 2 where the moves are
//!   few), or both fail with the same kind of error at the same line;
//! - every position the moves reach writes out and reads back the same;
//! - the analysis of conditions (one modification) ends.

use plybench::engine::rules::RulesError;
use plybench::engine::rules::ast::{Entry, Node, Program};
use plybench::engine::rules::compile::Compiled;
use plybench::engine::rules::conditions::{Analysis, Options};
use plybench::engine::rules::flow::{Flowchart, is_transfer};
use plybench::engine::rules::interp::{Algo, Interpreter};
use plybench::engine::rules::limits::Limits;
use plybench::engine::rules::parse::parse;
use plybench::engine::rules::perft::{Buffers, Interpreted, Rules, legal, perft};
use plybench::engine::rules::state::State;

/// The longest rule file the oracle reads: the shipped chess file fits.
pub const MAX_INPUT: usize = 8192;

/// The limits of every run: small, so that an input's worst case stays
/// within a few milliseconds.
pub const LIMITS: Limits = Limits { steps: 20_000, moves: 256, memory: 16 << 20 };

/// Checks that an error is one short line without control characters.
fn one_line(error: &RulesError, input: &str) {
    let line = error.to_string();
    assert!(!line.contains('\n') && !line.chars().any(char::is_control), "{line:?} for {input:?}");
    assert!(line.len() <= 1000, "an error of {} bytes for {input:?}", line.len());
}

/// What a run gave, to compare the two engines: the value, or the kind of
/// error and its line.
fn outcome<T: PartialEq + std::fmt::Debug>(r: Result<T, RulesError>, input: &str) -> Result<T, (&'static str, u32)> {
    r.map_err(|e| {
        one_line(&e, input);
        match e {
            RulesError::Steps { at, .. } => ("steps", at.line),
            RulesError::Moves { at, .. } => ("moves", at.line),
            RulesError::Run { at, .. } => ("run", at.line),
            RulesError::Parse { at, .. } => ("parse", at.line),
            RulesError::Memory { .. } => ("memory", 0),
            RulesError::Position { .. } => ("position", 0),
            RulesError::Native(_) => ("native", 0),
        }
    })
}

/// Pitrat's conjugué and the immediate post-dominator of every transfer
/// statement of `algorithm`, where its flowchart can be built.
fn conjugues_agree(program: &Program, algo: Algo) {
    let algorithm = match algo {
        Algo::Moves => &program.moves,
        Algo::Result => match &program.result {
            Some(r) => r,
            None => return,
        },
    };
    let Ok(chart) = Flowchart::new(algorithm, &program.file) else { return };
    let ipdom = chart.post_dominators();
    for (id, stmt) in algorithm.stmts.iter().enumerate() {
        if !is_transfer(&stmt.kind) {
            continue;
        }
        let Some(s) = chart.at(Node { stmt: id, entry: Entry::Main }) else { continue };
        assert_eq!(chart.conjugue(s), ipdom[s], "conjugué of line {} in {}", stmt.line, program.file);
    }
}

/// Target `rules`: [`parse`], then both engines on the start position.
pub fn rules(data: &[u8]) -> bool {
    if data.len() > MAX_INPUT {
        return false;
    }
    let Ok(text) = std::str::from_utf8(data) else { return false };
    let program = match parse("fuzz.rules", text) {
        Ok(program) => program,
        Err(e) => {
            one_line(&e, text);
            return false;
        }
    };
    conjugues_agree(&program, Algo::Moves);
    conjugues_agree(&program, Algo::Result);
    let interp = match Interpreter::with_limits(&program, LIMITS) {
        Ok(interp) => interp,
        Err(e) => {
            one_line(&e, text);
            let compiled = Compiled::with_limits(&program, LIMITS);
            assert!(compiled.is_err(), "the compiled form takes what the interpreter refuses: {text:?}");
            return true;
        }
    };
    let mut interpreted = Interpreted::new(interp);
    let mut compiled =
        Compiled::with_limits(&program, LIMITS).expect("the compiled form takes what the interpreter takes");
    let start = match &program.header.start {
        Some(_) => State::start(&program).expect("the parser checked the start"),
        None => State::empty(&program).expect("the declared board"),
    };
    let back = State::from_text(&program, &start.to_text(&program)).expect("a position written reads back");
    assert_eq!(back, start, "{text:?}");
    let (mut a, mut b, mut kings) = (Vec::new(), Vec::new(), Vec::new());
    let mut state = start.clone();
    let got_a = outcome(legal(&mut interpreted, &mut state, &mut a, &mut kings).map(|()| a.clone()), text);
    let got_b = outcome(legal(&mut compiled, &mut state, &mut b, &mut kings).map(|()| b.clone()), text);
    assert_eq!(got_a, got_b, "legal moves of {} in {text:?}", start.to_text(&program));
    assert_eq!(state, start, "legal() restores the position");
    let ended_a = outcome(interpreted.ended(&state), text);
    assert_eq!(ended_a, outcome(compiled.ended(&state), text), "the end of {text:?}");
    if let Ok(moves) = &got_a {
        for mv in moves {
            let undo = state.make(mv);
            let written = state.to_text(&program);
            let read = State::from_text(&program, &written).unwrap_or_else(|e| panic!("{written}: {e} in {text:?}"));
            assert_eq!(read, state, "{written} in {text:?}");
            state.unmake(&undo);
        }
        assert_eq!(state, start);
        let depth = if moves.len() <= 16 { 2 } else { 1 };
        let n_a = outcome(perft(&mut interpreted, &mut state, depth, &mut Buffers::default()), text);
        let n_b = outcome(perft(&mut compiled, &mut state, depth, &mut Buffers::default()), text);
        assert_eq!(n_a, n_b, "perft({depth}) of {text:?}");
    }
    // The analysis of conditions ends within its runs and memory.
    if let Ok(analysis) = Analysis::new(&program, Algo::Moves) {
        let interp = Interpreter::with_limits(&program, LIMITS).expect("accepted above");
        let options = Options { refined: true, modifications: 1, max_runs: 64, memory: LIMITS.memory };
        if let Err(e) = analysis.run(&interp, &start, start.player(), options) {
            one_line(&e, text);
        }
    }
    true
}
