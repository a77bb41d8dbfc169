//! Bell's move generator: an explicit stack of unfinished continuations.
//!
//! Bell (1972, §3.3) scans the pits of a position in a fixed order. A move
//! whose last counter falls in a pit, or that empties the mover's side, is
//! *output* as a terminal position; a continuation is *stacked*. When the
//! scan is done the last stacked position is *unstacked* and scanned in turn,
//! until the stack is empty. The number of outputs is the number of move
//! sequences; how high the stack grows depends on the [`ScanOrder`].
//!
//! The enumerator calls an [`Observer`] at each of these events. The
//! observer is a type parameter, so counting with [`Silent`] compiles to the
//! bare loop, while [`trace`](super::trace) records Bell's figure.

use super::position::{Pit, ScanOrder};
use super::sow::{Rules, sow};

/// What scanning one pit gave, as marked in Bell's figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scan {
    /// `-`: the pit is empty.
    Empty,
    /// `*`: a terminal move, output.
    Terminal,
    /// `c`: a continuation, stacked.
    Continuation,
}

impl Scan {
    /// Bell's one-character mark.
    pub fn mark(self) -> char {
        match self {
            Scan::Empty => '-',
            Scan::Terminal => '*',
            Scan::Continuation => 'c',
        }
    }
}

/// Receives the stack activity. Boards are flat (see [`sow`](super::sow)).
/// Every method does nothing by default.
pub trait Observer {
    /// A position is about to be scanned. `unstacked_from` is the stack
    /// level it was taken from, `None` for the starting position.
    fn start(&mut self, _board: &[u32], _unstacked_from: Option<usize>) {}
    /// One pit of the position being scanned gave `scan`; for a terminal or a
    /// continuation, `board` is the position after the move.
    fn scanned(&mut self, _pit: Pit, _scan: Scan, _board: &[u32]) {}
    /// The scan of a position is complete.
    fn finished(&mut self, _stack: &[u32]) {}
}

/// An observer that observes nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Silent;

impl Observer for Silent {}

/// What an explicit-stack run found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StackRun {
    /// Terminal positions output, counting repeats: the number of move
    /// sequences.
    pub sequences: u128,
    /// The most positions the stack held at once.
    pub max_stack: usize,
}

/// The pits in scan order, as pit numbers.
pub(crate) fn scan_pits(n: usize, order: ScanOrder) -> impl Iterator<Item = Pit> {
    (1..=n).map(move |k| {
        let number = match order {
            ScanOrder::RightToLeft => k,
            ScanOrder::LeftToRight => n + 1 - k,
        };
        Pit::new(number).expect("pit numbers stay in range")
    })
}

/// Runs Bell's stacker from the flat `start` board with `n` pits a side.
///
/// No allocation happens per position: the stack is one growing `Vec<u32>`
/// of whole boards, and two scratch boards are reused.
pub(crate) fn run<O: Observer>(start: &[u32], n: usize, order: ScanOrder, rules: Rules, observer: &mut O) -> StackRun {
    let width = 2 * n + 1;
    let mut stack: Vec<u32> = Vec::with_capacity(width * 2 * n);
    let mut current = start.to_vec();
    let mut child = vec![0; width];
    let mut result = StackRun::default();
    let mut unstacked_from = None;
    loop {
        observer.start(&current, unstacked_from);
        for pit in scan_pits(n, order) {
            if current[pit.index()] == 0 {
                observer.scanned(pit, Scan::Empty, &current);
                continue;
            }
            child.copy_from_slice(&current);
            if sow(&mut child, n, pit, rules).continues {
                stack.extend_from_slice(&child);
                result.max_stack = result.max_stack.max(stack.len() / width);
                observer.scanned(pit, Scan::Continuation, &child);
            } else {
                result.sequences += 1;
                observer.scanned(pit, Scan::Terminal, &child);
            }
        }
        observer.finished(&stack);
        let Some(top) = stack.len().checked_sub(width) else {
            return result;
        };
        unstacked_from = Some(stack.len() / width);
        current.copy_from_slice(&stack[top..]);
        stack.truncate(top);
    }
}
