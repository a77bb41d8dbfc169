//! Timing a perft: wall-clock seconds around the count alone.

use std::time::Instant;

use crate::engine::chess::dispatch::Counter;
use crate::engine::chess::{ChessError, Repr, Setup};

/// What was computed, and how long it took.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Timed<T> {
    /// What was computed.
    pub value: T,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// Runs `f`, timed.
///
/// ```
/// use plybench::engine::chess::{Repr, Setup, dispatch::perft_on};
/// use plybench::study::perft::timing::timed;
///
/// let t = timed(|| perft_on(Repr::X88, &Setup::starting(), 3))?;
/// assert_eq!(t.value, 8_902);
/// assert!(t.seconds >= 0.0);
/// # Ok::<(), plybench::Error>(())
/// ```
pub fn timed<T, E>(f: impl FnOnce() -> Result<T, E>) -> Result<Timed<T>, E> {
    let start = Instant::now();
    let value = f()?;
    Ok(Timed { value, seconds: start.elapsed().as_secs_f64() })
}

/// `counter`'s count of `setup` to `depth` on `repr`, timed: emptying the
/// table and starting the threads ([`Counter::prepare`]) are not.
pub fn timed_count(counter: &mut Counter, repr: Repr, setup: &Setup, depth: u32) -> Result<Timed<u64>, ChessError> {
    let ready = counter.prepare(repr, setup, depth)?;
    timed(|| ready.count())
}
