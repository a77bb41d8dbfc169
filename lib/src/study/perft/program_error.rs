//! How an external perft program, driven by `perft check`, can fail.
//!
//! Kept in a file of its own so that the root [`Error`](crate::Error) can
//! hold it without importing the code that drives the program.

use std::fmt;

use crate::bounded::Exceeded;
use crate::quote::quote;

/// An external perft program (the engine that `perft check` checks) that
/// could not be started, did not answer in time, or answered something that
/// is not a divide.
///
/// Only a command that cannot be started is the user's to fix
/// ([`ProgramError::is_usage`]); the others are failures of the program,
/// which end the check without a verdict.
#[derive(Debug, thiserror::Error)]
pub enum ProgramError {
    /// The command has no words.
    #[error("the engine command is empty; give a program and its arguments, e.g. \"./my-engine --perft\"")]
    EmptyCommand,
    /// The command's quotes do not close.
    #[error("the engine command {} has an unclosed quote", quote(.command))]
    Quoting {
        /// The command as given.
        command: String,
    },
    /// The program could not be started.
    #[error("cannot start the engine {}", quote(.program))]
    Start {
        /// The program (the first word of the command).
        program: String,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
    /// The program gave no complete answer in time, and was stopped.
    #[error("the engine gave no answer to {request} within {seconds} s; it was stopped")]
    Timeout {
        /// What it was asked, e.g. `./engine 3 "<fen>"` or `go perft 3`.
        request: String,
        /// The time it had.
        seconds: f64,
    },
    /// The program ended before it answered, or failed.
    #[error("the engine ended with {status} on {request}{}", Tail(.stderr))]
    Exited {
        /// What it was asked.
        request: String,
        /// Its exit status, as the system writes it.
        status: String,
        /// The end of what it wrote on stderr.
        stderr: String,
    },
    /// The program wrote something that is not part of a divide.
    #[error("the engine wrote {} on {request}, which is not {expected}", quote(.line))]
    Output {
        /// What it was asked.
        request: String,
        /// The line, as written.
        line: String,
        /// What was expected there.
        expected: &'static str,
    },
    /// The program wrote more than plybench reads of one answer: a line or
    /// an answer past its bound ([`ANSWER_BOUNDS`](super::program::ANSWER_BOUNDS)).
    #[error("the engine wrote {exceeded} on {request}, more than a perft answer holds; it was stopped")]
    TooMuch {
        /// What it was asked.
        request: String,
        /// The bound it passed.
        exceeded: Exceeded,
    },
    /// Writing to or reading from the program failed.
    #[error("cannot talk to the engine on {request}")]
    Pipe {
        /// What it was being asked.
        request: String,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
}

impl ProgramError {
    /// Whether the error is the user's to fix (a command that cannot be
    /// started) rather than a failure of the program.
    pub fn is_usage(&self) -> bool {
        matches!(self, ProgramError::EmptyCommand | ProgramError::Quoting { .. } | ProgramError::Start { .. })
    }
}

/// `; it wrote on stderr: "..."`, or nothing when stderr was empty.
struct Tail<'a>(&'a str);

impl fmt::Display for Tail<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.trim() {
            "" => Ok(()),
            text => write!(f, "; its stderr ends: {text:?}"),
        }
    }
}
