//! Memory limits: how much a run may plan to hold, checked before it is
//! allocated, so that a run too big for its limit stops with a message
//! naming the flag to change instead of being killed by the operating
//! system.

use crate::quote::quote;
use std::fmt;

use super::meminfo::physical_memory;
use crate::{Error, Result};

/// A bound on the bytes a computation may plan to hold.
///
/// The default is 14 GiB or three quarters of the machine's memory,
/// whichever is less (14 GiB where the machine's memory cannot be read).
/// The limit never changes a result, only whether the run is refused.
///
/// ```
/// use plybench::engine::memory::MemoryLimit;
///
/// let limit: MemoryLimit = "2.5".parse()?;
/// assert_eq!(limit.bytes(), 5 << 29);
/// assert!(limit.check(1 << 30, "memoization", "--max-memory").is_ok());
/// assert!(limit.check(3 << 30, "memoization", "--max-memory").is_err());
/// # Ok::<(), plybench::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MemoryLimit(u64);

impl MemoryLimit {
    /// The ceiling of the default limit.
    pub const DEFAULT_CEILING: u64 = 14 << 30;

    /// The largest limit accepted: 1 TiB.
    pub const MAX_BYTES: u64 = 1 << 40;

    /// A limit of `bytes` bytes.
    pub const fn from_bytes(bytes: u64) -> MemoryLimit {
        MemoryLimit(bytes)
    }

    /// The limit in bytes.
    pub const fn bytes(self) -> u64 {
        self.0
    }

    /// Fails with [`Error::TooLarge`] when `planned` bytes exceed the
    /// limit; the message names `what` needs the memory and the `flag`
    /// that raises the limit.
    pub fn check(self, planned: u64, what: &str, flag: &str) -> Result<()> {
        if planned <= self.0 {
            return Ok(());
        }
        Err(Error::TooLarge(format!(
            "{what} could need {} but the limit is {}; raise it with {flag} GIB (or count a smaller position)",
            Gib(planned),
            Gib(self.0)
        )))
    }
}

impl Default for MemoryLimit {
    fn default() -> MemoryLimit {
        let three_quarters = physical_memory().map_or(u64::MAX, |m| m / 4 * 3);
        MemoryLimit(three_quarters.min(Self::DEFAULT_CEILING))
    }
}

impl fmt::Display for MemoryLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Gib(self.0).fmt(f)
    }
}

/// Parses a number of gibibytes (`8`, `0.5`): more than zero, at most 1 TiB.
impl std::str::FromStr for MemoryLimit {
    type Err = Error;

    fn from_str(s: &str) -> Result<MemoryLimit> {
        let bad = || {
            Error::invalid("--max-memory", format!("{}; expected gibibytes, more than 0 and at most 1024", quote(s)))
        };
        let gib: f64 = s.trim().parse().map_err(|_| bad())?;
        if !(gib > 0.0 && gib <= (Self::MAX_BYTES >> 30) as f64) {
            return Err(bad());
        }
        Ok(MemoryLimit((gib * (1u64 << 30) as f64) as u64))
    }
}

/// Bytes, printed in GiB with one decimal.
struct Gib(u64);

impl fmt::Display for Gib {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.1} GiB", self.0 as f64 / (1u64 << 30) as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_is_at_most_the_ceiling_and_not_zero() {
        let limit = MemoryLimit::default();
        assert!(limit.bytes() > 0 && limit.bytes() <= MemoryLimit::DEFAULT_CEILING);
    }

    #[test]
    fn bad_sizes_are_refused() {
        for text in ["0", "-1", "abc", "NaN", "inf", "2000"] {
            assert!(text.parse::<MemoryLimit>().is_err(), "{text}");
        }
    }

    #[test]
    fn the_refusal_names_the_flag() {
        let error = MemoryLimit::from_bytes(1 << 30).check(2 << 30, "memoization", "--max-memory").unwrap_err();
        let text = error.to_string();
        assert!(text.contains("--max-memory") && text.contains("2.0 GiB") && text.contains("1.0 GiB"), "{text}");
    }
}
