//! Fuzzing plybench's parsers: the oracles each target checks, and a seeded
//! mutator for runs on the stable toolchain. See `fuzz/README.md`.

pub mod mutate;
pub mod oracles;
pub mod rules;

/// An oracle: checks one input, says whether the parser accepted it.
pub type Oracle = fn(&[u8]) -> bool;

/// The targets, by name, with their oracles.
pub const TARGETS: [(&str, Oracle); 9] = [
    ("fen", oracles::fen),
    ("epd", oracles::epd),
    ("uci", oracles::uci),
    ("checkers", oracles::checkers),
    ("kalah", oracles::kalah),
    ("engine", oracles::engine),
    ("pdn", oracles::pdn),
    ("go", oracles::go),
    ("rules", rules::rules),
];

/// The longest input of a target's oracle: [`rules::MAX_INPUT`] for rule
/// files, [`oracles::MAX_INPUT`] for the others.
pub fn max_input(target: &str) -> usize {
    if target == "rules" { rules::MAX_INPUT } else { oracles::MAX_INPUT }
}
