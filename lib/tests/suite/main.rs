//! The library's integration tests: conformance suites generic over each
//! game's board, differential tests against shakmaty, property tests, the
//! layering test and the fuzz oracles' smoke run. One test crate, so that a
//! release build links one executable instead of one per file; run one
//! module with `cargo test --release -p plybench --test suite chess::`.

mod alphabeta;
mod backgammon;
mod checkers;
mod checkers_conformance;
mod chess;
mod chess_conformance;
mod chess_impossible;
mod fuzz_smoke;
mod game_driver;
mod kalah;
mod kalah_dp;
mod layering;
mod levy_chance;
mod levy_games;
mod levy_scores;
mod mate;
mod perft_hash;
mod perft_overflow;
mod properties;
mod report_schema;
mod rules_checkers;
mod rules_chess;
mod rules_native;
mod rules_state;
mod shogi;
mod shogi_oracle;
