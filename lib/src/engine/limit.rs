//! Limits on the sizes a computation accepts, checked before any work or
//! allocation starts.
//!
//! A [`LimitError`] names the quantity, the value asked for and the range
//! accepted. It names no command-line flag: the binary that read the value
//! knows which flag it came from and says so.

/// The most threads any computation accepts.
pub const MAX_THREADS: usize = 1024;

/// The quantity a limit bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quantity {
    /// Plies of a perft or a search.
    Depth,
    /// Worker threads.
    Threads,
    /// Memory, in bytes.
    Memory,
    /// The size of a hash table, in MiB.
    TableSize,
    /// Work units of a batch run.
    Units,
    /// Anything else, named.
    Other(&'static str),
}

impl Quantity {
    /// The quantity's name in messages.
    pub fn name(self) -> &'static str {
        match self {
            Quantity::Depth => "depth",
            Quantity::Threads => "threads",
            Quantity::Memory => "memory",
            Quantity::TableSize => "table size",
            Quantity::Units => "work units",
            Quantity::Other(name) => name,
        }
    }
}

/// A size that cannot be accepted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LimitError {
    /// The value lies outside the accepted range.
    #[error("{value}; expected {min} to {max}{why}")]
    OutOfRange {
        /// What is bounded.
        quantity: Quantity,
        /// The value asked for.
        value: u128,
        /// The smallest accepted.
        min: u128,
        /// The largest accepted.
        max: u128,
        /// Why the bound is where it is, starting with `"; "`, or empty.
        why: &'static str,
    },
    /// The computation would need more memory than allowed.
    #[error("needs {needed_mib} MiB, more than the limit of {limit_mib} MiB{why}")]
    Memory {
        /// What it would need.
        needed_mib: u64,
        /// What is allowed.
        limit_mib: u64,
        /// What to change, starting with `"; "`, or empty.
        why: String,
    },
    /// A leaf count that passed `u64`: the perft drivers add with
    /// saturation, and a count that reached `u64::MAX` is refused, never
    /// printed wrapped.
    #[error("{depth}: the count passes u64 (18,446,744,073,709,551,615 leaves); count a smaller depth")]
    CountOverflow {
        /// The depth asked for.
        depth: u32,
    },
    /// A run estimated to take longer than a run may
    /// ([`MAX_SECONDS`](crate::engine::work::MAX_SECONDS)).
    #[error("{work}; a run may take at most a day")]
    TooLong {
        /// The estimate, as [`Work`](crate::engine::work::Work) writes it.
        work: String,
    },
}

impl LimitError {
    /// The quantity bounded.
    pub fn quantity(&self) -> Quantity {
        match self {
            LimitError::OutOfRange { quantity, .. } => *quantity,
            LimitError::Memory { .. } => Quantity::Memory,
            LimitError::CountOverflow { .. } => Quantity::Depth,
            LimitError::TooLong { .. } => Quantity::Other("work"),
        }
    }
}

/// Checks that a leaf count summed with saturation (`u64::saturating_add`)
/// did not pass `u64`: a count at `u64::MAX` is taken as one that did.
///
/// ```
/// use plybench::engine::limit::check_count;
///
/// assert_eq!(check_count(197_281, 4)?, 197_281);
/// assert!(check_count(u64::MAX, 14).unwrap_err().to_string().contains("passes u64"));
/// # Ok::<(), plybench::engine::limit::LimitError>(())
/// ```
pub fn check_count(count: u64, depth: u32) -> Result<u64, LimitError> {
    if count == u64::MAX { Err(LimitError::CountOverflow { depth }) } else { Ok(count) }
}

/// The most runs of one measurement a bench repeats.
pub const MAX_REPEATS: u32 = 1000;

/// Checks the number of runs of a bench: 1 to [`MAX_REPEATS`]. (0 runs
/// would measure nothing; a bench keeps the best or the median of its runs,
/// which a thousand settle.)
///
/// ```
/// use plybench::engine::limit::check_repeats;
///
/// assert_eq!(check_repeats(3)?, 3);
/// assert_eq!(check_repeats(0).unwrap_err().to_string(), "0; expected 1 to 1000");
/// assert!(check_repeats(u32::MAX).is_err());
/// # Ok::<(), plybench::engine::limit::LimitError>(())
/// ```
pub fn check_repeats(runs: u32) -> Result<u32, LimitError> {
    check_range(Quantity::Other("runs"), runs, 1, MAX_REPEATS, "")
}

/// Checks that `value` lies in `min..=max`.
///
/// ```
/// use plybench::engine::limit::{Quantity, check_range};
///
/// assert_eq!(check_range(Quantity::Depth, 5u32, 1, 15, "")?, 5);
/// let error = check_range(Quantity::Depth, 16u32, 1, 15, "").unwrap_err();
/// assert_eq!(error.to_string(), "16; expected 1 to 15");
/// # Ok::<(), plybench::engine::limit::LimitError>(())
/// ```
pub fn check_range<T>(quantity: Quantity, value: T, min: T, max: T, why: &'static str) -> Result<T, LimitError>
where
    T: Copy + PartialOrd + Into<u128>,
{
    if (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(LimitError::OutOfRange { quantity, value: value.into(), min: min.into(), max: max.into(), why })
    }
}

/// Checks a thread count: 1 to [`MAX_THREADS`]. Every engine and study
/// that takes threads checks them here.
///
/// ```
/// use plybench::engine::limit::check_threads;
///
/// assert_eq!(check_threads(2)?, 2);
/// assert_eq!(check_threads(0).unwrap_err().to_string(), "0; expected 1 to 1024");
/// # Ok::<(), plybench::engine::limit::LimitError>(())
/// ```
pub fn check_threads(threads: usize) -> Result<usize, LimitError> {
    let value = threads as u128;
    if (1..=MAX_THREADS).contains(&threads) {
        Ok(threads)
    } else {
        Err(LimitError::OutOfRange { quantity: Quantity::Threads, value, min: 1, max: MAX_THREADS as u128, why: "" })
    }
}
