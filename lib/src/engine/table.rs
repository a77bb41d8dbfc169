//! A transposition table for perft, shared by the games: the leaf count of
//! a position at a remaining depth, keyed by its 64-bit Zobrist key (chess:
//! [`super::chess::zobrist`]; checkers: [`super::checkers::zobrist`]).
//!
//! The table is lockless and shared by every thread. An entry is two
//! `AtomicU64`s, `key ^ data` and `data`, where `data` packs the count and
//! the depth. A reader loads both and accepts the entry only if
//! `(key ^ data) ^ data` gives back its key and the depth is the one asked
//! for: an entry torn by two writers racing fails the check and is a miss,
//! never a wrong count. Entries sit in buckets of [`BUCKET`] (one cache
//! line); a store replaces the entry of the same key and depth, else the
//! shallowest one unless that is deeper than the new count (a deeper count
//! saved more work). One position may hold counts at several depths: it
//! comes back at a later ply when men go out and back, and its count
//! there must not push out the deeper one.
//!
//! ```
//! use plybench::engine::table::PerftTable;
//!
//! let table = PerftTable::with_entries(1024)?;
//! table.store(0xDEAD_BEEF, 3, 8_902);
//! assert_eq!(table.probe(0xDEAD_BEEF, 3), Some(8_902));
//! assert_eq!(table.probe(0xDEAD_BEEF, 4), None);
//! assert_eq!(table.probe(0xFEED_FACE, 3), None);
//! # Ok::<(), plybench::engine::table::TableError>(())
//! ```

use std::sync::atomic::{AtomicU64, Ordering};

use crate::engine::limit::{LimitError, Quantity, check_range};
use crate::engine::meminfo::physical_memory;

/// Entries per bucket: four entries of 16 bytes fill a 64-byte cache line.
pub const BUCKET: usize = 4;

/// The largest table, in mebibytes (1 TiB); sizes past the machine's
/// memory are refused before that.
pub const MAX_HASH_MB: u64 = 1 << 20;

/// Checks a table size in mebibytes: 0 (no table) to [`MAX_HASH_MB`].
///
/// ```
/// use plybench::engine::table::check_table_mb;
///
/// assert_eq!(check_table_mb(16)?, 16);
/// assert!(check_table_mb(1 << 21).unwrap_err().to_string().contains("expected 0 to 1048576 MiB"));
/// # Ok::<(), plybench::engine::limit::LimitError>(())
/// ```
pub fn check_table_mb(mb: u64) -> Result<u64, LimitError> {
    check_range(Quantity::TableSize, mb, 0, MAX_HASH_MB, " MiB, 0 for no table")
}

/// A table that cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// A size out of range or past the machine's memory (boxed, to keep
    /// this error small).
    #[error(transparent)]
    Limit(Box<LimitError>),
    /// A table that cannot be allocated.
    #[error("a table of {entries} entries cannot be allocated ({why}); give fewer mebibytes")]
    Allocation {
        /// The entries asked for.
        entries: usize,
        /// What the allocator said.
        why: String,
    },
}

impl From<LimitError> for TableError {
    fn from(error: LimitError) -> Self {
        TableError::Limit(Box::new(error))
    }
}

/// Bits of `data` holding the depth; the count has the rest (56 bits).
const DEPTH_BITS: u32 = 8;
const DEPTH_MASK: u64 = (1 << DEPTH_BITS) - 1;
/// Counts at or above this are not stored (never reached in practice).
const MAX_COUNT: u64 = 1 << (64 - DEPTH_BITS);

#[derive(Default)]
#[repr(align(16))]
struct Entry {
    /// The key xor `data`.
    check: AtomicU64,
    /// `count << 8 | depth`; 0 is an empty entry (depth 0 is never stored).
    data: AtomicU64,
}

#[repr(align(64))]
#[derive(Default)]
struct Bucket([Entry; BUCKET]);

/// The shared perft transposition table.
pub struct PerftTable {
    buckets: Vec<Bucket>,
    mask: u64,
    /// No count has been lent the table since it was made or emptied.
    fresh: bool,
}

impl std::fmt::Debug for PerftTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PerftTable").field("entries", &self.entries()).finish()
    }
}

impl PerftTable {
    /// The largest table of a power-of-two number of entries that fits in
    /// `mb` mebibytes (at least one bucket of [`BUCKET`] entries). Sizes
    /// past [`MAX_HASH_MB`] or the machine's memory give
    /// [`TableError::Limit`]; a table that cannot be allocated gives
    /// [`TableError::Allocation`].
    ///
    /// ```
    /// use plybench::engine::table::PerftTable;
    ///
    /// assert_eq!(PerftTable::new(1)?.entries(), 65_536); // 16 bytes each
    /// assert!(PerftTable::new(1 << 40).is_err());
    /// # Ok::<(), plybench::engine::table::TableError>(())
    /// ```
    pub fn new(mb: u64) -> Result<PerftTable, TableError> {
        check_table_mb(mb)?;
        if let Some(memory) = physical_memory()
            && mb.saturating_mul(1 << 20) > memory
        {
            return Err(LimitError::Memory {
                needed_mib: mb,
                limit_mib: memory >> 20,
                why: " (this machine's memory); give fewer mebibytes".to_owned(),
            }
            .into());
        }
        let buckets = (mb << 20) / std::mem::size_of::<Bucket>() as u64;
        let buckets: u64 = if buckets == 0 { 1 } else { 1 << buckets.ilog2() };
        Self::with_buckets(buckets as usize)
    }

    /// A table of `entries` entries, rounded down to a power of two and up
    /// to one bucket: for tests that want collisions and replacement.
    pub fn with_entries(entries: usize) -> Result<PerftTable, TableError> {
        let buckets = (entries / BUCKET).max(1);
        let buckets: usize = 1 << buckets.ilog2();
        Self::with_buckets(buckets)
    }

    fn with_buckets(count: usize) -> Result<PerftTable, TableError> {
        let mut buckets = Vec::new();
        buckets
            .try_reserve_exact(count)
            .map_err(|e| TableError::Allocation { entries: count.saturating_mul(BUCKET), why: e.to_string() })?;
        // Before the first write: the pages then come in huge.
        crate::engine::hint::huge_pages(buckets.spare_capacity_mut());
        buckets.resize_with(count, Bucket::default);
        Ok(PerftTable { buckets, mask: count as u64 - 1, fresh: true })
    }

    /// Empties every entry, so that the next count computes everything
    /// again (one count must not read another's entries: a wrong
    /// representation would be hidden behind a right one's counts).
    pub fn clear(&mut self) {
        for bucket in &mut self.buckets {
            *bucket = Bucket::default();
        }
        self.fresh = true;
    }

    /// Makes the table ready for a new count: empties it, unless no count
    /// has used it since it was made or emptied. Emptying a table of
    /// gigabytes takes seconds, and a new table is empty already.
    pub fn ready_for_count(&mut self) {
        if !self.fresh {
            self.clear();
        }
        self.fresh = false;
    }

    /// The number of entries.
    pub fn entries(&self) -> usize {
        self.buckets.len() * BUCKET
    }

    /// The size in bytes.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        // The high bits choose the bucket; the whole key is checked.
        &self.buckets[(((key >> 32) ^ key) & self.mask) as usize]
    }

    /// Starts loading the bucket of `key`, for a probe soon after.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        crate::engine::hint::prefetch(self.bucket(key));
    }

    /// The count stored for `key` at `depth`, if any.
    #[inline]
    pub fn probe(&self, key: u64, depth: u32) -> Option<u64> {
        for entry in &self.bucket(key).0 {
            let data = entry.data.load(Ordering::Relaxed);
            let check = entry.check.load(Ordering::Relaxed);
            if check ^ data == key && data & DEPTH_MASK == u64::from(depth) && data != 0 {
                return Some(data >> DEPTH_BITS);
            }
        }
        None
    }

    /// Stores `count` for `key` at `depth` (1 to 255; other depths, and
    /// counts of 2^56 or more, are not stored).
    #[inline]
    pub fn store(&self, key: u64, depth: u32, count: u64) {
        if depth == 0 || u64::from(depth) > DEPTH_MASK || count >= MAX_COUNT {
            return;
        }
        let data = count << DEPTH_BITS | u64::from(depth);
        let bucket = &self.bucket(key).0;
        let mut victim = 0;
        let mut shallowest = u64::MAX;
        let mut same_entry = false;
        for (i, entry) in bucket.iter().enumerate() {
            let old = entry.data.load(Ordering::Relaxed);
            if entry.check.load(Ordering::Relaxed) ^ old == key && old & DEPTH_MASK == u64::from(depth) {
                victim = i;
                same_entry = true;
                break;
            }
            if old & DEPTH_MASK < shallowest {
                shallowest = old & DEPTH_MASK;
                victim = i;
            }
        }
        if !same_entry && shallowest > u64::from(depth) {
            // Every entry holds a deeper count, which saved more work.
            return;
        }
        let entry = &bucket[victim];
        entry.check.store(key ^ data, Ordering::Relaxed);
        entry.data.store(data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_powers_of_two_within_the_budget() {
        for mb in [1, 3, 16, 100] {
            let table = PerftTable::new(mb).unwrap();
            assert!(table.entries().is_power_of_two());
            assert!(table.bytes() as u64 <= mb << 20);
            assert!(table.bytes() as u64 * 2 > mb << 20);
        }
        assert_eq!(PerftTable::new(0).unwrap().entries(), BUCKET);
        assert_eq!(PerftTable::with_entries(3).unwrap().entries(), BUCKET);
        assert_eq!(PerftTable::with_entries(100).unwrap().entries(), 64);
    }

    #[test]
    fn impossible_sizes_are_refused_as_limits() {
        for mb in [MAX_HASH_MB + 1, u64::MAX] {
            let e = PerftTable::new(mb).unwrap_err();
            let TableError::Limit(limit) = &e else { panic!("{e:?}") };
            assert!(matches!(**limit, LimitError::OutOfRange { quantity: Quantity::TableSize, .. }), "{e}");
            assert!(e.to_string().contains(&format!("{mb}; expected 0 to {MAX_HASH_MB} MiB")), "{e}");
            // The binary names the flag; the engine does not.
            assert!(!e.to_string().contains("--"), "{e}");
        }
    }

    #[test]
    fn a_full_bucket_replaces_the_shallowest() {
        let table = PerftTable::with_entries(BUCKET).unwrap();
        for (i, depth) in [5, 2, 7, 4].into_iter().enumerate() {
            table.store(100 + i as u64, depth, 1000 + i as u64);
        }
        for i in 0..4 {
            assert!(table.probe(100 + i, [5, 2, 7, 4][i as usize]).is_some());
        }
        table.store(200, 3, 7);
        assert_eq!(table.probe(101, 2), None, "the depth-2 entry goes");
        assert_eq!(table.probe(200, 3), Some(7));
        assert_eq!(table.probe(102, 7), Some(1002));
        // The same key is overwritten in place.
        table.store(200, 3, 8);
        assert_eq!(table.probe(200, 3), Some(8));
        assert_eq!(table.probe(100, 5), Some(1000));
    }

    #[test]
    fn one_key_keeps_a_count_per_depth() {
        let table = PerftTable::with_entries(BUCKET).unwrap();
        table.store(42, 4, 8_902);
        table.store(42, 2, 400);
        assert_eq!(table.probe(42, 4), Some(8_902), "the shallower count of the same position goes beside it");
        assert_eq!(table.probe(42, 2), Some(400));
        table.store(42, 2, 401);
        assert_eq!(table.probe(42, 2), Some(401));
        assert_eq!(table.probe(42, 4), Some(8_902));
    }

    #[test]
    fn a_used_table_is_emptied_for_the_next_count() {
        let mut table = PerftTable::with_entries(64).unwrap();
        table.ready_for_count();
        table.store(42, 3, 99);
        assert_eq!(table.probe(42, 3), Some(99));
        table.ready_for_count();
        assert_eq!(table.probe(42, 3), None);
    }

    #[test]
    fn torn_entries_are_misses() {
        let table = PerftTable::with_entries(BUCKET).unwrap();
        table.store(42, 3, 99);
        // Another writer's data half beside this entry's check half.
        let entry = &table.buckets[0].0[0];
        entry.data.store(77 << DEPTH_BITS | 3, Ordering::Relaxed);
        assert_eq!(table.probe(42, 3), None);
    }
}
