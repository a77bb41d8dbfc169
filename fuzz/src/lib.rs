//! Fuzzing plybench's parsers: the oracles each target checks, and a seeded
//! mutator for runs on the stable toolchain. See `fuzz/README.md`.

pub mod mutate;
pub mod oracles;

/// An oracle: checks one input, says whether the parser accepted it.
pub type Oracle = fn(&[u8]) -> bool;

/// The targets, by name, with their oracles.
pub const TARGETS: [(&str, Oracle); 8] = [
    ("fen", oracles::fen),
    ("epd", oracles::epd),
    ("uci", oracles::uci),
    ("checkers", oracles::checkers),
    ("kalah", oracles::kalah),
    ("engine", oracles::engine),
    ("pdn", oracles::pdn),
    ("go", oracles::go),
];
