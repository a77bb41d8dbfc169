//! The one progress callback of every engine and study.
//!
//! A long computation reports a [`Step`] once per unit of work (a root
//! move, a layer of positions, a subtree), never inside a hot loop. What to
//! do with it, a bar on a terminal or nothing at all, is the caller's
//! business: the library draws nothing.
//!
//! ```
//! use std::sync::atomic::{AtomicU64, Ordering};
//! use plybench::engine::progress::{Progress, Step};
//!
//! let last = AtomicU64::new(0);
//! let on_step = |step: Step| last.store(step.done, Ordering::Relaxed);
//! let progress = Progress::new(&on_step);
//! progress.report(Step { label: "perft(4)", done: 3, total: 20, nodes: 8_902 });
//! assert_eq!(last.load(Ordering::Relaxed), 3);
//! Progress::NONE.report(Step::default()); // goes nowhere
//! ```

use std::fmt;

/// How far a computation has come.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Step<'a> {
    /// What is being computed now, for a person to read; may be empty.
    pub label: &'a str,
    /// Units of work finished.
    pub done: u64,
    /// Units of work in all, as far as known now (it may grow).
    pub total: u64,
    /// Nodes, positions or sequences counted so far, where the engine
    /// counts any; 0 otherwise.
    pub nodes: u128,
}

/// The listener's type: a function of each [`Step`], callable from any
/// thread.
pub type OnStep<'a> = dyn for<'s> Fn(Step<'s>) + Sync + 'a;

/// A callback told of each [`Step`]; [`Progress::NONE`] tells no one.
#[derive(Clone, Copy)]
pub struct Progress<'a>(Option<&'a OnStep<'a>>);

impl<'a> Progress<'a> {
    /// No one listens.
    pub const NONE: Progress<'static> = Progress(None);

    /// Reports to `callback`.
    pub fn new(callback: &'a OnStep<'a>) -> Progress<'a> {
        Progress(Some(callback))
    }

    /// Whether someone listens (not [`Progress::NONE`]).
    pub fn is_some(&self) -> bool {
        self.0.is_some()
    }

    /// Tells the listener of `step`, if there is one.
    pub fn report(&self, step: Step<'_>) {
        if let Some(callback) = self.0 {
            callback(step);
        }
    }
}

impl Default for Progress<'_> {
    fn default() -> Self {
        Progress::NONE
    }
}

impl fmt::Debug for Progress<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0.is_some() { "Progress(callback)" } else { "Progress::NONE" })
    }
}

impl<'a> Step<'a> {
    /// A step that only says what is being computed.
    pub fn label(label: &'a str) -> Step<'a> {
        Step { label, ..Step::default() }
    }
}
