//! The binaries' integration tests: each module runs one binary (or one
//! concern across them) and checks what it prints, its formats and exit
//! statuses. One test crate, so that a release build links one executable
//! instead of one per file.

mod common;

mod alphabeta;
mod batch;
mod check;
mod checkers;
mod go_influence;
mod go_legal;
mod go_perft;
mod go_sgf;
mod hostile;
mod install;
mod json;
mod kalah;
mod levy;
mod levy_perft;
mod perft;
mod perft_deep;
mod perft_mate;
mod plybench;
mod resume;
mod rules_analyze;
mod rules_hostile;
mod rules_perft;
mod units;
