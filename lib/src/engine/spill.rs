//! Tables too large for memory, kept on disk as sorted runs.
//!
//! A dynamic program whose next table would not fit gathers its states in a
//! [`Buffer`] of fixed size instead: when the buffer fills, its records are
//! sorted and those with equal keys combined; if that does not free a
//! quarter of it, the buffer is written to disk as a [`Run`] and emptied.
//! The table is then the set of runs, read back in key order by [`Merge`],
//! which combines the records of equal key across runs as they come. A
//! range of keys can be read alone ([`split`]), so that several threads
//! step one table.
//!
//! Every byte written is taken first from the [`Spill`]'s disk budget, and a
//! run's file is removed, and its bytes given back, when the run is
//! dropped. A [`Spill::durable`] one keeps the file of a run that is dropped
//! (on an error, say), since a checkpoint may name it: only
//! [`Run::remove`] removes it.

use std::collections::BinaryHeap;
use std::fs::{self, File};
use std::io::{BufReader, BufWriter, Read, Write};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// The most bytes worth giving each run's read buffer while merging.
pub const READ_BUFFER_BYTES: usize = 128 << 10;

/// A fixed-size record of a table, with its key.
pub trait Record: Clone + Send + Sync {
    /// The order the runs are sorted in; records of equal key are combined.
    type Key: Ord + Clone + Send + Sync;
    /// Bytes of the record on disk.
    const BYTES: usize;
    /// The record's key.
    fn key(&self) -> Self::Key;
    /// Adds `other`, of the same key, into `self`; false when a sum
    /// overflows.
    fn absorb(&mut self, other: &Self) -> bool;
    /// Writes the record into `out`, [`Self::BYTES`] long.
    fn write(&self, out: &mut [u8]);
    /// Reads a record [`Self::write`] wrote.
    fn read(bytes: &[u8]) -> Self;
}

/// What can go wrong with a table on disk.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpillError {
    /// The runs would pass the disk budget.
    #[error("needs {needed_mib} MiB of disk in {dir}, more than the limit of {limit_mib} MiB")]
    Disk {
        /// The directory of the runs.
        dir: String,
        /// Bytes the runs would hold with the next one, in MiB.
        needed_mib: u64,
        /// The budget, in MiB.
        limit_mib: u64,
    },
    /// A file could not be written or read back.
    #[error("{path}: {message}")]
    Io {
        /// The file.
        path: String,
        /// What the operating system said.
        message: String,
    },
    /// Combining two records of one key overflowed.
    #[error("a sum of the states on disk overflows")]
    Overflow,
}

fn io_error(path: &Path, error: std::io::Error) -> SpillError {
    SpillError::Io { path: path.display().to_string(), message: error.to_string() }
}

/// Bytes free for an unprivileged user in the file system of `dir`.
pub fn available_bytes(dir: &Path) -> Result<u64, SpillError> {
    let stat = rustix::fs::statvfs(dir).map_err(|error| io_error(dir, error.into()))?;
    Ok(stat.f_bavail.saturating_mul(stat.f_frsize))
}

/// A directory for runs and the bytes they may take there.
///
/// Clones share the budget. File names hold the process id and the time
/// the `Spill` was made, so that programs can share a directory and a
/// later program never writes over the runs of an earlier one.
#[derive(Clone, Debug)]
pub struct Spill {
    inner: Arc<SpillDir>,
}

#[derive(Debug)]
struct SpillDir {
    dir: PathBuf,
    /// The start of every file name.
    prefix: String,
    budget: u64,
    held: AtomicU64,
    written: AtomicU64,
    peak: AtomicU64,
    files: AtomicU64,
    /// Whether each run is flushed to the disk before it is used, and its
    /// file left when it is dropped ([`Spill::durable`]).
    durable: bool,
}

impl Spill {
    /// Runs in `dir`, holding at most `budget` bytes at once.
    pub fn new(dir: impl Into<PathBuf>, budget: u64) -> Spill {
        Spill {
            inner: Arc::new(SpillDir {
                dir: dir.into(),
                prefix: format!(
                    "plybench-{}-{}",
                    std::process::id(),
                    std::time::SystemTime::now()
                        .duration_since(std::time::UNIX_EPOCH)
                        .map_or(0, |time| time.as_nanos())
                ),
                budget,
                held: AtomicU64::new(0),
                written: AtomicU64::new(0),
                peak: AtomicU64::new(0),
                files: AtomicU64::new(0),
                durable: false,
            }),
        }
    }

    /// The same, for runs a checkpoint will name: each run is flushed to
    /// the disk (`fsync`) once written, so that it survives a crash of the
    /// machine, not only of the program; and a run dropped without
    /// [`Run::remove`] leaves its file, so that an error of the program
    /// does not take a table the last checkpoint needs. Its bytes are given
    /// back all the same: the one who saves the checkpoints removes the
    /// files it no longer names. A run whose writing failed is removed.
    pub fn durable(dir: impl Into<PathBuf>, budget: u64) -> Spill {
        let mut spill = Spill::new(dir, budget);
        Arc::get_mut(&mut spill.inner).expect("a new spill is not shared").durable = true;
        spill
    }

    /// The directory of the runs.
    pub fn dir(&self) -> &Path {
        &self.inner.dir
    }

    /// The start of the names of the runs this `Spill` writes, before
    /// `-N.run`.
    pub fn prefix(&self) -> &str {
        &self.inner.prefix
    }

    /// The budget, in bytes.
    pub fn budget(&self) -> u64 {
        self.inner.budget
    }

    /// The most bytes the runs held at once so far.
    pub fn peak_bytes(&self) -> u64 {
        self.inner.peak.load(Ordering::Relaxed)
    }

    /// Bytes written so far, all runs together.
    pub fn written_bytes(&self) -> u64 {
        self.inner.written.load(Ordering::Relaxed)
    }

    fn take(&self, bytes: u64) -> Result<(), SpillError> {
        let held = self.inner.held.fetch_add(bytes, Ordering::Relaxed) + bytes;
        if held > self.inner.budget {
            self.inner.held.fetch_sub(bytes, Ordering::Relaxed);
            const MIB: u64 = 1 << 20;
            return Err(SpillError::Disk {
                dir: self.inner.dir.display().to_string(),
                needed_mib: held.div_ceil(MIB),
                limit_mib: self.inner.budget / MIB,
            });
        }
        self.inner.peak.fetch_max(held, Ordering::Relaxed);
        Ok(())
    }

    /// Writes `records`, sorted with distinct keys, as a run.
    pub fn write_run<R: Record>(&self, records: &[R]) -> Result<Run<R>, SpillError> {
        let bytes = (records.len() * R::BYTES) as u64;
        self.take(bytes)?;
        self.inner.written.fetch_add(bytes, Ordering::Relaxed);
        let number = self.inner.files.fetch_add(1, Ordering::Relaxed);
        let path = self.inner.dir.join(format!("{}-{number}.run", self.inner.prefix));
        // From here the run owns the file and its bytes, even if writing fails.
        let mut run = Run {
            spill: self.clone(),
            path,
            records: records.len() as u64,
            bytes,
            keep: false,
            _record: std::marker::PhantomData,
        };
        let file = File::create(&run.path).map_err(|error| io_error(&run.path, error))?;
        let mut out = BufWriter::with_capacity(1 << 20, file);
        let mut record = vec![0u8; R::BYTES];
        for r in records {
            r.write(&mut record);
            out.write_all(&record).map_err(|error| io_error(&run.path, error))?;
        }
        let file = out.into_inner().map_err(|error| io_error(&run.path, error.into_error()))?;
        if self.inner.durable {
            file.sync_all().map_err(|error| io_error(&run.path, error))?;
            run.keep = true;
        }
        Ok(run)
    }
}

impl Spill {
    /// The run a checkpoint recorded: the file at `path`, of `records`
    /// records, taken into the budget and removed when dropped (or by
    /// [`Run::remove`] only, if the spill is [`durable`](Spill::durable)).
    /// Its size is checked; its order is trusted.
    pub fn adopt<R: Record>(&self, path: PathBuf, records: u64) -> Result<Run<R>, SpillError> {
        let bytes = records.saturating_mul(R::BYTES as u64);
        let found = fs::metadata(&path).map_err(|error| io_error(&path, error))?.len();
        if found != bytes {
            return Err(SpillError::Io {
                path: path.display().to_string(),
                message: format!("holds {found} bytes, not the {bytes} of {records} records"),
            });
        }
        self.take(bytes)?;
        let keep = self.inner.durable;
        Ok(Run { spill: self.clone(), path, records, bytes, keep, _record: std::marker::PhantomData })
    }
}

/// A sorted run of records with distinct keys, in a file that is removed
/// when the run is dropped (unless its spill is
/// [`durable`](Spill::durable)).
#[derive(Debug)]
pub struct Run<R> {
    spill: Spill,
    path: PathBuf,
    records: u64,
    bytes: u64,
    /// Whether dropping the run leaves its file.
    keep: bool,
    _record: std::marker::PhantomData<R>,
}

impl<R> Drop for Run<R> {
    fn drop(&mut self) {
        if !self.keep {
            // A file that is already gone has nothing left to free.
            let _ = fs::remove_file(&self.path);
        }
        self.spill.inner.held.fetch_sub(self.bytes, Ordering::Relaxed);
    }
}

impl<R> Run<R> {
    /// Removes the run's file, durable or not, once it is done with.
    pub fn remove(mut self) {
        self.keep = false;
    }
}

impl<R: Record> Run<R> {
    /// The run's file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Records in the run.
    pub fn len(&self) -> u64 {
        self.records
    }

    /// Whether the run holds no record.
    pub fn is_empty(&self) -> bool {
        self.records == 0
    }

    fn record_at(&self, file: &File, index: u64) -> Result<R, SpillError> {
        let mut bytes = vec![0u8; R::BYTES];
        file.read_exact_at(&mut bytes, index * R::BYTES as u64).map_err(|error| io_error(&self.path, error))?;
        Ok(R::read(&bytes))
    }

    /// The index of the first record whose key is at least `key`.
    fn lower_bound(&self, file: &File, key: R::Key) -> Result<u64, SpillError> {
        let (mut lo, mut hi) = (0, self.records);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if self.record_at(file, mid)?.key() < key {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        Ok(lo)
    }
}

/// The keys that cut the records of `runs` into `parts` ranges of about
/// equal size, read from the largest run: `parts - 1` keys, ascending.
pub fn split<R: Record>(runs: &[Run<R>], parts: usize) -> Result<Vec<R::Key>, SpillError> {
    let Some(largest) = runs.iter().max_by_key(|run| run.records) else {
        return Ok(Vec::new());
    };
    let file = File::open(&largest.path).map_err(|error| io_error(&largest.path, error))?;
    let mut keys = Vec::with_capacity(parts.saturating_sub(1));
    for part in 1..parts as u64 {
        let index = largest.records * part / parts as u64;
        if index < largest.records {
            keys.push(largest.record_at(&file, index)?.key());
        }
    }
    keys.dedup();
    Ok(keys)
}

/// The records of several runs in key order, those of equal key combined:
/// one table read back. Stops at the first error, which [`Merge::finish`]
/// returns.
pub struct Merge<'a, R: Record> {
    sources: Vec<Source<'a, R>>,
    heap: BinaryHeap<std::cmp::Reverse<(R::Key, usize)>>,
    error: Option<SpillError>,
}

struct Source<'a, R> {
    run: &'a Run<R>,
    reader: BufReader<std::io::Take<File>>,
    left: u64,
    current: Option<R>,
    bytes: Vec<u8>,
}

impl<R: Record> Source<'_, R> {
    fn advance(&mut self) -> Result<(), SpillError> {
        self.current = None;
        if self.left == 0 {
            return Ok(());
        }
        self.reader.read_exact(&mut self.bytes).map_err(|error| io_error(&self.run.path, error))?;
        self.left -= 1;
        self.current = Some(R::read(&self.bytes));
        Ok(())
    }
}

impl<'a, R: Record> Merge<'a, R> {
    /// The records of `runs` whose keys lie in `from..to` (`None`: no
    /// bound), each run read through a buffer of `buffer` bytes.
    pub fn new(
        runs: &'a [Run<R>],
        from: Option<R::Key>,
        to: Option<R::Key>,
        buffer: usize,
    ) -> Result<Merge<'a, R>, SpillError> {
        let mut sources = Vec::with_capacity(runs.len());
        let mut heap = BinaryHeap::with_capacity(runs.len());
        for run in runs {
            let mut file = File::open(&run.path).map_err(|error| io_error(&run.path, error))?;
            let first = match &from {
                Some(key) => run.lower_bound(&file, key.clone())?,
                None => 0,
            };
            let end = match &to {
                Some(key) => run.lower_bound(&file, key.clone())?,
                None => run.records,
            };
            if first >= end {
                continue;
            }
            use std::io::Seek;
            file.seek(std::io::SeekFrom::Start(first * R::BYTES as u64)).map_err(|error| io_error(&run.path, error))?;
            let left = end - first;
            let reader = BufReader::with_capacity(buffer.max(R::BYTES), file.take(left * R::BYTES as u64));
            let mut source = Source { run, reader, left, current: None, bytes: vec![0u8; R::BYTES] };
            source.advance()?;
            if let Some(record) = &source.current {
                heap.push(std::cmp::Reverse((record.key(), sources.len())));
            }
            sources.push(source);
        }
        Ok(Merge { sources, heap, error: None })
    }

    /// The first error met, if any: the records so far are then not the
    /// whole table.
    pub fn finish(self) -> Result<(), SpillError> {
        self.error.map_or(Ok(()), Err)
    }

    fn pop(&mut self) -> Result<Option<R>, SpillError> {
        let Some(std::cmp::Reverse((key, first))) = self.heap.pop() else {
            return Ok(None);
        };
        let mut record = self.take_from(first)?;
        while let Some(std::cmp::Reverse((next, source))) = self.heap.peek() {
            if *next != key {
                break;
            }
            let source = *source;
            self.heap.pop();
            let other = self.take_from(source)?;
            if !record.absorb(&other) {
                return Err(SpillError::Overflow);
            }
        }
        Ok(Some(record))
    }

    /// The current record of source `index`, which then moves on.
    fn take_from(&mut self, index: usize) -> Result<R, SpillError> {
        let source = &mut self.sources[index];
        let record = source.current.take().expect("a source in the heap has a record");
        source.advance()?;
        if let Some(next) = &source.current {
            self.heap.push(std::cmp::Reverse((next.key(), index)));
        }
        Ok(record)
    }
}

impl<R: Record> Iterator for Merge<'_, R> {
    type Item = R;

    fn next(&mut self) -> Option<R> {
        if self.error.is_some() {
            return None;
        }
        match self.pop() {
            Ok(record) => record,
            Err(error) => {
                self.error = Some(error);
                None
            }
        }
    }
}

/// Records gathered in memory, combined by key, and written as runs when
/// they fill the buffer.
pub struct Buffer<R: Record> {
    records: Vec<R>,
    capacity: usize,
    runs: Vec<Run<R>>,
}

impl<R: Record> Buffer<R> {
    /// A buffer of `capacity` records (at least 2), allocated at once.
    pub fn new(capacity: usize) -> Buffer<R> {
        let capacity = capacity.max(2);
        Buffer { records: Vec::with_capacity(capacity), capacity, runs: Vec::new() }
    }

    /// Adds a record.
    #[inline]
    pub fn push(&mut self, record: R, spill: &Spill) -> Result<(), SpillError> {
        if self.records.len() == self.capacity {
            self.compact()?;
            if self.records.len() > self.capacity / 4 * 3 {
                self.runs.push(spill.write_run(&self.records)?);
                self.records.clear();
            }
        }
        self.records.push(record);
        Ok(())
    }

    /// Sorts the records and combines those of equal key.
    fn compact(&mut self) -> Result<(), SpillError> {
        self.records.sort_unstable_by_key(|record| record.key());
        let mut overflow = false;
        self.records.dedup_by(|later, kept| {
            if later.key() != kept.key() {
                return false;
            }
            overflow |= !kept.absorb(later);
            true
        });
        if overflow { Err(SpillError::Overflow) } else { Ok(()) }
    }

    /// The runs of every record pushed, the last written now.
    pub fn finish(mut self, spill: &Spill) -> Result<Vec<Run<R>>, SpillError> {
        self.compact()?;
        if !self.records.is_empty() {
            self.runs.push(spill.write_run(&self.records)?);
        }
        Ok(self.runs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    struct Pair(u32, u64);

    impl Record for Pair {
        type Key = u32;
        const BYTES: usize = 12;
        fn key(&self) -> u32 {
            self.0
        }
        fn absorb(&mut self, other: &Pair) -> bool {
            match self.1.checked_add(other.1) {
                Some(sum) => {
                    self.1 = sum;
                    true
                }
                None => false,
            }
        }
        fn write(&self, out: &mut [u8]) {
            out[..4].copy_from_slice(&self.0.to_le_bytes());
            out[4..].copy_from_slice(&self.1.to_le_bytes());
        }
        fn read(bytes: &[u8]) -> Pair {
            Pair(
                u32::from_le_bytes(bytes[..4].try_into().expect("4 bytes")),
                u64::from_le_bytes(bytes[4..12].try_into().expect("8 bytes")),
            )
        }
    }

    /// Pseudo-random keys with repeats, and their sums by a map.
    fn records(n: u64) -> (Vec<Pair>, std::collections::BTreeMap<u32, u64>) {
        let mut expected = std::collections::BTreeMap::new();
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let list = (0..n)
            .map(|i| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let pair = Pair((x % 997) as u32, i + 1);
                *expected.entry(pair.0).or_default() += pair.1;
                pair
            })
            .collect();
        (list, expected)
    }

    #[test]
    fn runs_merge_to_the_sums_of_a_map_in_any_ranges() {
        let dir = tempfile::tempdir().unwrap();
        let spill = Spill::new(dir.path(), 1 << 30);
        let (list, expected) = records(20_000);
        let mut buffer = Buffer::new(300);
        for &pair in &list {
            buffer.push(pair, &spill).unwrap();
        }
        let runs = buffer.finish(&spill).unwrap();
        assert!(runs.len() > 3, "the buffer spilled {} runs", runs.len());
        let whole: Vec<Pair> = Merge::new(&runs, None, None, 100).unwrap().collect();
        let want: Vec<Pair> = expected.iter().map(|(&k, &v)| Pair(k, v)).collect();
        assert_eq!(whole, want);
        for parts in [2, 3, 7] {
            let cuts = split(&runs, parts).unwrap();
            let mut bounds = vec![None];
            bounds.extend(cuts.iter().copied().map(Some));
            bounds.push(None);
            let mut joined = Vec::new();
            for pair in bounds.windows(2) {
                let mut merge = Merge::new(&runs, pair[0], pair[1], READ_BUFFER_BYTES).unwrap();
                joined.extend(merge.by_ref());
                merge.finish().unwrap();
            }
            assert_eq!(joined, want, "{parts} parts");
        }
        let files = fs::read_dir(dir.path()).unwrap().count();
        assert_eq!(files, runs.len());
        drop(runs);
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0, "dropped runs leave no file");
        assert_eq!(spill.inner.held.load(Ordering::Relaxed), 0);
        assert!(spill.peak_bytes() > 0);
    }

    #[test]
    fn a_directory_has_free_space_and_a_missing_one_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        assert!(available_bytes(dir.path()).unwrap() > 0);
        let missing = dir.path().join("missing");
        assert!(matches!(available_bytes(&missing), Err(SpillError::Io { .. })));
    }

    #[test]
    fn the_disk_budget_is_checked_before_writing() {
        let dir = tempfile::tempdir().unwrap();
        let spill = Spill::new(dir.path(), 100);
        let error = spill.write_run(&[Pair(1, 1); 9]).unwrap_err();
        assert!(matches!(error, SpillError::Disk { limit_mib: 0, .. }), "{error:?}");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
        assert!(spill.write_run(&[Pair(1, 1); 8]).is_ok());
    }

    #[test]
    fn a_durable_run_outlives_its_drop_until_removed() {
        let dir = tempfile::tempdir().unwrap();
        let spill = Spill::durable(dir.path(), 1 << 20);
        let dropped = spill.write_run(&[Pair(1, 1), Pair(2, 2)]).unwrap();
        let path = dropped.path().to_owned();
        drop(dropped);
        assert!(path.exists(), "a dropped durable run leaves its file");
        assert_eq!(spill.inner.held.load(Ordering::Relaxed), 0, "but gives its bytes back");
        let adopted: Run<Pair> = spill.adopt(path.clone(), 2).unwrap();
        drop(adopted);
        assert!(path.exists(), "and so does an adopted one");
        spill.adopt::<Pair>(path.clone(), 2).unwrap().remove();
        assert!(!path.exists(), "removed, it is gone");
        let plain = Spill::new(dir.path(), 1 << 20);
        let run = plain.write_run(&[Pair(1, 1)]).unwrap();
        let path = run.path().to_owned();
        drop(run);
        assert!(!path.exists());
    }

    #[test]
    fn an_overflowing_sum_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let spill = Spill::new(dir.path(), 1 << 20);
        let mut buffer = Buffer::new(2);
        let pushed: Vec<_> = (0..3).map(|_| buffer.push(Pair(5, u64::MAX / 2 + 1), &spill)).collect();
        assert_eq!(pushed, [Ok(()), Ok(()), Err(SpillError::Overflow)]);
    }
}
