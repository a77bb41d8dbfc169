//! Pitrat's (1971) language for the rules of board games: its syntax tree,
//! parser, interpreter and compiler, perft over any game it describes, and
//! the study of the rules themselves (the flowchart, the conjugués, the
//! necessary conditions of each move, the moves after modifications).
//!
//! - [`ast`]: the syntax tree of a rule file.
//! - [`parse`]: text to syntax tree.
//! - [`moves`]: squares, sub-moves and the moves the rules output.
//! - [`notation`]: moves in a game's usual notation (UCI, draughts numbers, points).
//! - [`state`]: a position of a described game.
//! - [`frame`]: where a run of an algorithm stands.
//! - [`view`]: what the rules read of a position, and the observer of a run.
//! - [`interp`]: the interpreter, which walks the statements.
//! - [`limits`]: what one run may spend (steps, moves, memory).
//! - [`compile`]: the compiler, to a faster form.
//! - [`native`]: the compiled form as Rust, built by rustc and loaded.
//! - [`perft`]: perft over a rule file.
//! - [`flow`]: the flowchart and the conjugués.
//! - [`conditions`]: necessary conditions, modifications.
//! - [`bridge`]: chess and checkers positions in the rules' terms.
//! - [`games`]: the rule files shipped with plybench.
//! - [`threats`]: the search for a win by immediate threats.

pub mod ast;
pub mod bridge;
pub mod compile;
pub mod conditions;
pub mod error;
pub mod flow;
pub mod frame;
pub mod games;
pub mod interp;
pub mod limits;
pub mod moves;
pub mod native;
pub mod notation;
pub mod parse;
pub mod perft;
pub mod state;
pub mod threats;
pub mod view;

pub use error::{Location, RulesError};
