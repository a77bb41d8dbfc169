//! The errors of the kalah engine.

use crate::engine::limit::LimitError;
use crate::engine::spill::SpillError;
use crate::quote::quote;

/// What can go wrong in the kalah engine. Messages give the reason only:
/// the caller adds which input it came from.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KalahError {
    /// A list of pit counts with nothing in it.
    #[error("it is empty; give the counts of the pits separated by commas, e.g. 3,2,1")]
    EmptyList,
    /// An entry of a list of pit counts with nothing in it (`3,,1`).
    #[error("entry {place} is empty; write one count between each pair of commas")]
    EmptyEntry {
        /// The entry's place in the list, from 1.
        place: usize,
    },
    /// A negative entry in a list of pit counts.
    #[error("entry {place} is negative ({text}); a pit holds zero or more counters")]
    NegativeEntry {
        /// The entry's place in the list, from 1.
        place: usize,
        /// The entry as written.
        text: String,
    },
    /// An entry of a list of pit counts that is not a whole number.
    #[error("entry {place} ({}) is not a whole number", quote(.text))]
    NotANumber {
        /// The entry's place in the list, from 1.
        place: usize,
        /// The entry as written.
        text: String,
    },
    /// An entry of a list of pit counts past
    /// [`MAX_COUNTERS`](super::MAX_COUNTERS).
    #[error("entry {place} ({text}) exceeds {max} counters")]
    EntryTooLarge {
        /// The entry's place in the list, from 1.
        place: usize,
        /// The entry as written.
        text: String,
        /// The most counters accepted.
        max: u64,
    },
    /// A side without pits.
    #[error("a side needs at least 1 pit")]
    NoPits,
    /// A side with more than [`MAX_PITS`](super::MAX_PITS) pits.
    #[error("{pits} pits; at most {max} are supported")]
    TooManyPits {
        /// The pits asked for.
        pits: usize,
        /// The most pits accepted.
        max: usize,
    },
    /// The two rows of a position differ in length.
    #[error("the opponent has {opponent} pits but the mover has {own}; both rows need the same number")]
    RowLengths {
        /// The mover's pits.
        own: usize,
        /// The opponent's pits.
        opponent: usize,
    },
    /// A position holding more than [`MAX_COUNTERS`](super::MAX_COUNTERS)
    /// counters in all.
    #[error("{total} counters in all; at most {max} are supported")]
    TooManyCounters {
        /// The counters in the position.
        total: u64,
        /// The most counters accepted.
        max: u64,
    },
    /// A name that is not a [`ScanOrder`](super::ScanOrder).
    #[error("{} is not a scan order; use right-to-left or left-to-right", quote(.0))]
    UnknownScanOrder(String),
    /// A name that is not a [`Method`](super::Method).
    #[error("{} is not a method; use stack, memo or dp", quote(.0))]
    UnknownMethod(String),
    /// A count of move sequences past `u128`.
    #[error("the number of move sequences exceeds u128")]
    Overflow,
    /// A stack-activity figure longer than
    /// [`MAX_TRACE_ROWS`](super::trace::MAX_TRACE_ROWS) lines.
    #[error(
        "the trace of {position} would exceed {limit} lines; trace a smaller position, such as the 6-pit board test"
    )]
    TraceTooLong {
        /// The position, `PN` first.
        position: String,
        /// The most lines a trace may have.
        limit: usize,
    },
    /// A listing of continuation sequences that would pass its limit.
    #[error("{position} has more than {limit} move sequences, too many to list; list a smaller position")]
    TooManyToList {
        /// The position, `PN` first.
        position: String,
        /// The most sequences listed.
        limit: usize,
    },
    /// A count by the explicit stack whose estimated move sequences pass
    /// [`MAX_STACK_SEQUENCES`](super::MAX_STACK_SEQUENCES): it could not
    /// finish in a sane time.
    #[error("{estimate}, more than the {most} one run plays out; {fix}")]
    TooManySequences {
        /// The [`Estimate`](super::Estimate), in words.
        estimate: String,
        /// The most sequences accepted and their time, in words.
        most: String,
        /// What to do instead.
        fix: String,
        /// Whether memoization would fit in the memory limit: the fix is
        /// then the method, otherwise the position.
        memo_fits: bool,
    },
    /// A count whose estimated memory passes the largest memory limit
    /// accepted: no limit would let it finish.
    #[error("{estimate}, more than any memory limit accepted ({most}); count a smaller position")]
    BeyondMemory {
        /// The [`Estimate`](super::Estimate), in words.
        estimate: String,
        /// The largest limit accepted, in words.
        most: String,
    },
    /// A count by dynamic programming whose laps could take too many
    /// shapes ([`MAX_SKELETONS`](super::MAX_SKELETONS)): pits far fuller
    /// than the board test's.
    #[error(
        "its laps take more than {most} shapes or 30 laps in a row, too many for the dynamic program; count it by memoization or the explicit stack"
    )]
    TooManySkeletons {
        /// The most skeletons accepted.
        most: usize,
    },
    /// A count by the dynamic program estimated past
    /// [`MAX_DP_SECONDS`](super::MAX_DP_SECONDS).
    #[error("{estimate}, more than the {most} one run may take; count a smaller position")]
    DpTooLong {
        /// The [`Estimate`](super::Estimate), in words.
        estimate: String,
        /// The longest run accepted, in words.
        most: String,
    },
    /// Distinct terminal positions asked of the dynamic program, which
    /// never sees a board.
    #[error(
        "the dynamic program counts move sequences only, not distinct terminal positions; count those by memoization or the explicit stack"
    )]
    DpTerminals,
    /// A split into work units asked of the dynamic program, which needs
    /// none.
    #[error(
        "the dynamic program runs whole, without work units; drop the split or count by memoization or the explicit stack"
    )]
    DpNotSplit,
    /// A size or a memory need past what a computation accepts.
    #[error(transparent)]
    Limit(#[from] LimitError),
    /// A checkpoint that cannot be taken up.
    #[error("the checkpoint {why}")]
    Checkpoint {
        /// What is wrong with it.
        why: String,
    },
    /// A table on disk that could not be written, read or held.
    #[error(transparent)]
    Spill(SpillError),
}

impl From<SpillError> for KalahError {
    fn from(error: SpillError) -> KalahError {
        match error {
            SpillError::Overflow => KalahError::Overflow,
            other => KalahError::Spill(other),
        }
    }
}

impl KalahError {
    /// Whether this is a count refused for the memory it could need
    /// ([`LimitError::Memory`]): the one error a caller fixes by raising the
    /// memory limit rather than by changing the position.
    pub fn is_memory(&self) -> bool {
        matches!(self, KalahError::Limit(LimitError::Memory { .. }))
    }

    /// Whether this is a count stopped by its disk budget
    /// ([`SpillError::Disk`]).
    pub fn is_disk(&self) -> bool {
        matches!(self, KalahError::Spill(SpillError::Disk { .. }))
    }
}
