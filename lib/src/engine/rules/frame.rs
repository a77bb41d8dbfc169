//! Where a run of an algorithm stands: the [`Frame`] the interpreter steps
//! and an [`Observer`](super::view::Observer) sees, and which algorithm it
//! runs ([`Algo`]).

use super::ast::{Node, Value};
use super::moves::RuleMove;

/// Which algorithm of a rule file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algo {
    /// The algorithm enumerating legal moves.
    Moves,
    /// The algorithm indicating the winning state.
    Result,
}

impl Algo {
    /// The algorithm's name in the rule file: `MOVES` or `RESULT`.
    pub fn name(self) -> &'static str {
        match self {
            Algo::Moves => "MOVES",
            Algo::Result => "RESULT",
        }
    }
}

/// Where a run stands: the node about to run and every variable's value.
/// Cloned by the analysis of modifications, to resume a run later.
#[derive(Clone, Debug)]
pub struct Frame {
    /// The node about to run.
    pub node: Node,
    /// The algorithm run.
    pub algo: Algo,
    /// The player the algorithm runs for (1 or 2).
    pub player: u8,
    /// Every variable's value (`None`: not set yet), by the interpreter's slot.
    pub vars: Vec<Option<Value>>,
    /// Each `SCANNING` or `LOOP` statement's state, by statement: the square's
    /// index or the increment's (from 0), and the steps taken (`y‖L`).
    pub loops: Vec<(usize, i64)>,
    /// The move variables of extension 1, by slot.
    pub moves: Vec<RuleMove>,
    /// Whether the run has reached its dynamic end.
    pub finished: bool,
    /// 0 for a run asked for; 1 inside the run answering `ATTACKED` or `ILLEGAL`.
    pub depth: u8,
}
