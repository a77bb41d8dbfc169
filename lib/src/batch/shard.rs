//! Shard `K/N`: which units one process of N computes.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::BatchError;

/// The most shards a run may be split into.
pub const MAX_SHARDS: u32 = 1_000_000;

/// Shard `k` of `n` (1 <= k <= n): the units whose index `i` has
/// `i % n == k - 1`. Round robin spreads neighbouring units, which tend to
/// cost alike, over every shard.
///
/// ```
/// use plybench::batch::Shard;
///
/// let shard: Shard = "2/3".parse()?;
/// assert_eq!((shard.k(), shard.n()), (2, 3));
/// assert_eq!((0..7).filter(|&i| shard.contains(i)).collect::<Vec<_>>(), [1, 4]);
/// assert!("4/3".parse::<Shard>().is_err());
/// # Ok::<(), plybench::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "RawShard", into = "RawShard")]
pub struct Shard {
    k: u32,
    n: u32,
}

#[derive(Serialize, Deserialize)]
struct RawShard {
    k: u32,
    n: u32,
}

impl TryFrom<RawShard> for Shard {
    type Error = BatchError;
    fn try_from(raw: RawShard) -> Result<Shard, BatchError> {
        Shard::new(raw.k, raw.n)
    }
}

impl From<Shard> for RawShard {
    fn from(shard: Shard) -> RawShard {
        RawShard { k: shard.k, n: shard.n }
    }
}

impl Shard {
    /// Shard `k` of `n`; refuses `k` outside 1..=n and `n` past [`MAX_SHARDS`].
    pub fn new(k: u32, n: u32) -> Result<Shard, BatchError> {
        if n == 0 || n > MAX_SHARDS {
            return Err(BatchError::ShardCount { k, n, max: MAX_SHARDS });
        }
        if k == 0 || k > n {
            return Err(BatchError::ShardNumber { k, n });
        }
        Ok(Shard { k, n })
    }

    /// This shard's number, from 1.
    pub fn k(self) -> u32 {
        self.k
    }

    /// How many shards the run has.
    pub fn n(self) -> u32 {
        self.n
    }

    /// Whether unit `index` belongs to this shard.
    pub fn contains(self, index: usize) -> bool {
        index % self.n as usize == (self.k - 1) as usize
    }

    /// How many of `total` units belong to this shard.
    pub fn len_of(self, total: usize) -> usize {
        let (n, k) = (self.n as usize, self.k as usize);
        total / n + usize::from(total % n >= k)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

impl FromStr for Shard {
    type Err = BatchError;
    fn from_str(s: &str) -> Result<Shard, BatchError> {
        let bad = || BatchError::ShardSyntax { text: s.to_owned() };
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let number = |t: &str| if t.bytes().all(|b| b.is_ascii_digit()) { t.parse::<u32>().ok() } else { None };
        Shard::new(number(k).ok_or_else(bad)?, number(n).ok_or_else(bad)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_partition_the_units() {
        for n in 1..=9u32 {
            let shards: Vec<Shard> = (1..=n).map(|k| Shard::new(k, n).unwrap()).collect();
            for i in 0..50 {
                assert_eq!(shards.iter().filter(|s| s.contains(i)).count(), 1);
            }
            for total in 0..30 {
                let sum: usize = shards.iter().map(|s| s.len_of(total)).sum();
                assert_eq!(sum, total);
                for s in &shards {
                    assert_eq!(s.len_of(total), (0..total).filter(|&i| s.contains(i)).count());
                }
            }
        }
    }

    #[test]
    fn bad_specs_are_refused() {
        for bad in ["", "1", "0/3", "4/3", "1/0", "a/b", "-1/3", "1/3/4", "+1/3", " 1/3"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        assert_eq!("3/3".parse::<Shard>().unwrap().to_string(), "3/3");
        assert!(serde_json::from_str::<Shard>(r#"{"k":5,"n":4}"#).is_err());
        assert_eq!(serde_json::to_string(&Shard::new(1, 4).unwrap()).unwrap(), r#"{"k":1,"n":4}"#);
    }
}
