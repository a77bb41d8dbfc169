//! Layer 2, the studies: where published figures meet computed ones.
//!
//! Each study reads its published dataset, runs the engines, and builds
//! [`report`](crate::report) tables in which every computed figure stands
//! beside its published counterpart with a verdict.
//!
//! - [`perft`]: chess perft over four representations.
//! - [`checkers`]: draughts perft and Cochran's game records.
//! - [`kalah`]: Bell's Kalah counts.
//! - [`go`]: Zobrist's influence figures, Go perft, Tromp's counts.
//! - [`rules`]: Pitrat's rules language: perft agreement, interpreter
//!   against compiler, the conditions found in the rules.
//! - [`part`]: what one part of a study gives the report.
//! - [`budget`]: how much work a run may do (quick, default, full).
//! - [`alphabeta`]: alpha-beta node counts against Levy, Newborn and
//!   Knuth-Moore.
//! - [`levy`]: Levy's *Computer Gamesmanship* (1983): the chapters on
//!   chance (cards, poker, bridge, dominoes), every figure computed exactly.
//! - [`reproduce`]: every study at one budget, with a tally of verdicts.
//! - [`schema`]: the report files' schema version and the kind of each
//!   column (key, exact, verdict, speed, info).
//! - [`compare`]: two report directories compared, for CI.
//! - [`tools`]: the studies whose runs split into work units
//!   ([`crate::batch`]), and the dispatch that merges their batch files.

pub mod alphabeta;
pub mod budget;
pub mod checkers;
pub mod compare;
pub mod datasets;
pub mod go;
pub mod kalah;
pub mod levy;
pub mod part;
pub mod perft;
pub mod reproduce;
pub mod rules;
pub mod schema;
pub mod tools;
