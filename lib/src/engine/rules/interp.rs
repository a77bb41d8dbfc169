//! SKELETON (core helper): the interpreter, which walks the statements.
//!
//! The signatures below are the contract the analysis of conditions
//! (`flow`, `conditions`) builds on; keep them (add, do not rename).

use super::ast::{Node, Program};
use super::error::RulesError;
use super::view::{Observer, View};

/// Which algorithm of a rule file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algo {
    /// The algorithm enumerating legal moves.
    Moves,
    /// The algorithm indicating the winning state.
    Result,
}

/// Where a run stands: the node about to run and every variable's value.
/// Cloned by the analysis of modifications, to resume a run later.
#[derive(Clone, Debug)]
pub struct Frame {
    /// The node about to run.
    pub node: Node,
}

/// The interpreter of one rule file.
#[derive(Debug)]
pub struct Interpreter<'p> {
    program: &'p Program,
}

impl<'p> Interpreter<'p> {
    /// Prepares `program` for running (checks labels and types).
    pub fn new(program: &'p Program) -> Result<Self, RulesError> {
        Ok(Interpreter { program })
    }

    /// The rule file.
    pub fn program(&self) -> &'p Program {
        self.program
    }

    /// The frame at the start of `algo`, for `player` (1 or 2).
    pub fn start(&self, _algo: Algo, _player: u8) -> Frame {
        unimplemented!("SKELETON")
    }

    /// Runs from `frame` to the dynamic end (or until the observer stops
    /// it), reading the position through `view`.
    pub fn resume<V: View, O: Observer>(&self, _frame: Frame, _view: &V, _observer: &mut O) -> Result<(), RulesError> {
        unimplemented!("SKELETON")
    }

    /// The node a transfer statement at `frame.node` goes to, if the
    /// position read as `view` says (the analysis of modifications asks
    /// this under assumed facts).
    pub fn successor<V: View>(&self, _frame: &Frame, _view: &V) -> Result<Node, RulesError> {
        unimplemented!("SKELETON")
    }
}
