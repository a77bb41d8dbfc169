//! The CI smoke run of the fuzz targets: the oracles of `fuzz/src/oracles.rs`
//! on every corpus entry of `fuzz/corpus/`, then on seeded mutants, a fixed
//! number per target (so the run is the same on every machine). Longer runs:
//! `just fuzz` (see `fuzz/README.md`).
//!
//! The fuzz crate is outside the workspace (libFuzzer needs a nightly
//! feature), so its two source files are compiled into this test directly.

#[allow(dead_code)]
#[path = "../../../fuzz/src/mutate.rs"]
mod mutate;
#[allow(dead_code)]
#[path = "../../../fuzz/src/oracles.rs"]
mod oracles;
#[allow(dead_code)]
#[path = "../../../fuzz/src/rules.rs"]
mod rules;

use std::path::Path;

/// Mutants per target (fewer in an unoptimised build);
/// `PLYBENCH_FUZZ_ITERATIONS` overrides it.
const ITERATIONS: usize = if cfg!(debug_assertions) { 4_000 } else { 20_000 };

/// Runs `target`'s oracle on its corpus and mutants; at least one mutant
/// in `per_accepted` must be accepted by the parser.
fn smoke(target: &str, oracle: fn(&[u8]) -> bool, per_accepted: usize) {
    smoke_with(target, oracle, per_accepted, ITERATIONS, oracles::MAX_INPUT);
}

/// [`smoke`] with `iterations` mutants by default, each at most `max_len` bytes.
fn smoke_with(target: &str, oracle: fn(&[u8]) -> bool, per_accepted: usize, iterations: usize, max_len: usize) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/corpus").join(target);
    let corpus = mutate::load_corpus(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    assert!(corpus.len() >= 5, "{target}: the corpus has {} entries", corpus.len());
    // Every corpus entry of a parser that accepts anything is a valid input
    // for some target: at least one must be accepted, or the run proves little.
    assert!(corpus.iter().any(|c| oracle(c)), "{target}: no corpus entry is accepted");
    let iterations = std::env::var("PLYBENCH_FUZZ_ITERATIONS").ok().and_then(|s| s.parse().ok()).unwrap_or(iterations);
    let seed = target.bytes().fold(0xF022_u64, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b)));
    let accepted = mutate::run(oracle, &corpus, seed, iterations, max_len);
    // The mutator must keep some inputs valid, or only the error paths run.
    // A UCI list is rarely still legal after an edit, hence its lower bar.
    eprintln!("{target}: {accepted} of {iterations} mutants accepted");
    assert!(accepted * per_accepted >= iterations, "{target}: only {accepted} of {iterations} mutants were accepted");
}

#[test]
fn fen_parser_survives_mutants() {
    smoke("fen", oracles::fen, 100);
}

#[test]
fn epd_parser_survives_mutants() {
    smoke("epd", oracles::epd, 100);
}

#[test]
fn uci_move_lists_survive_mutants() {
    smoke("uci", oracles::uci, 250);
}

#[test]
fn checkers_pdn_fen_parser_survives_mutants() {
    smoke("checkers", oracles::checkers, 100);
}

#[test]
fn kalah_position_parser_survives_mutants() {
    smoke("kalah", oracles::kalah, 100);
}

#[test]
fn engine_output_parsers_survive_mutants() {
    smoke("engine", oracles::engine, 100);
}

#[test]
fn pdn_game_records_survive_mutants() {
    smoke("pdn", oracles::pdn, 100);
}

#[test]
fn go_position_and_sgf_readers_survive_mutants() {
    smoke("go", oracles::go, 100);
}

#[test]
fn rule_files_survive_mutants_with_both_engines_agreeing() {
    // Each accepted mutant runs both engines, so fewer mutants than the
    // parsers above (seconds in release).
    let iterations = if cfg!(debug_assertions) { 500 } else { 3_000 };
    smoke_with("rules", rules::rules, 20, iterations, rules::MAX_INPUT);
}
