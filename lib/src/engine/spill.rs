//! Tables too large for memory, kept on disk as sorted runs.
//!
//! A dynamic program whose next table would not fit gathers its states in a
//! [`Buffer`] of fixed size instead: when the buffer fills, its records are
//! sorted and those with equal keys combined; if that does not free a
//! quarter of it, the buffer is written to disk as a [`Run`] and emptied.
//! The table is then the set of runs, read back in key order by [`Merge`],
//! which combines the records of equal key across runs as they come. A
//! range of keys can be read alone ([`split`]), so that several threads
//! step one table: [`Ranges`] cuts it into many ranges that the threads
//! take in turn, so that work uneven along the keys keeps them all busy.
//!
//! A run is written in blocks of [`BLOCK_RECORDS`] records, each record
//! encoded after the one before it in its block ([`Record::encode`]): a
//! sorted key is told by its difference from the one before, and most sums
//! are small, so that a record takes a few bytes ([`put_varint`]) where it
//! takes dozens in memory. The first key and place of every block are kept
//! in memory, to start reading a range of keys near its start.
//!
//! Every byte written is taken first from the [`Spill`]'s disk budget, and a
//! run's file is removed, and its bytes given back, when the run is
//! dropped. A [`Spill::durable`] one keeps the file of a run that is dropped
//! (on an error, say), since a checkpoint may name it: only
//! [`Run::remove`] removes it.

use std::collections::BinaryHeap;
use std::fs::{self, File};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// The most bytes worth giving each run's read buffer while merging.
pub const READ_BUFFER_BYTES: usize = 128 << 10;

/// Records in a block of a run: the first is encoded alone, each other
/// after the one before it.
pub const BLOCK_RECORDS: u64 = 1024;

/// Bytes a run's writer gathers before it takes them from the budget and
/// writes them.
const WRITE_CHUNK_BYTES: usize = 1 << 20;

/// A record of a table, with its key.
pub trait Record: Clone + Send + Sync {
    /// The order the runs are sorted in; records of equal key are combined.
    type Key: Ord + Clone + Send + Sync;
    /// The most bytes a record takes encoded.
    const MAX_BYTES: usize;
    /// The record's key.
    fn key(&self) -> Self::Key;
    /// Adds `other`, of the same key, into `self`; false when a sum
    /// overflows.
    fn absorb(&mut self, other: &Self) -> bool;
    /// Appends the record to `out`, encoded after the key `before` of the
    /// record before it in its block, which is less than its own; `None`
    /// for the first of a block. At most [`Self::MAX_BYTES`] bytes.
    fn encode(&self, before: Option<&Self::Key>, out: &mut Vec<u8>);
    /// Reads a record [`Self::encode`] wrote after `before` from the start
    /// of `bytes`, with the bytes it took; `None` if they hold none.
    fn decode(bytes: &[u8], before: Option<&Self::Key>) -> Option<(Self, usize)>;
}

/// Appends `value` in LEB128: seven bits a byte, low bits first, the high
/// bit set on every byte but the last. At most 19 bytes.
#[inline]
pub fn put_varint(mut value: u128, out: &mut Vec<u8>) {
    while value >= 0x80 {
        out.push(value as u8 | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

/// Reads what [`put_varint`] wrote from the start of `bytes`, with the
/// bytes it took; `None` if they end first or the value passes `u128`.
#[inline]
pub fn get_varint(bytes: &[u8]) -> Option<(u128, usize)> {
    let mut value = 0u128;
    for (index, &byte) in bytes.iter().enumerate().take(19) {
        let bits = u128::from(byte & 0x7f);
        // The nineteenth byte holds the two top bits only.
        if index == 18 && bits > 0b11 {
            return None;
        }
        value |= bits << (7 * index as u32);
        if byte & 0x80 == 0 {
            return Some((value, index + 1));
        }
    }
    None
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
        let number = self.inner.files.fetch_add(1, Ordering::Relaxed);
        let path = self.inner.dir.join(format!("{}-{number}.run", self.inner.prefix));
        // From here the run owns the file and the bytes taken for it, even
        // if writing fails.
        let mut run = Run {
            spill: self.clone(),
            path,
            records: records.len() as u64,
            bytes: 0,
            keep: false,
            blocks: Vec::with_capacity(records.len().div_ceil(BLOCK_RECORDS as usize)),
        };
        let mut file = File::create(&run.path).map_err(|error| io_error(&run.path, error))?;
        let mut chunk = Vec::with_capacity(WRITE_CHUNK_BYTES + R::MAX_BYTES);
        let mut flush = |chunk: &mut Vec<u8>, run: &mut Run<R>| -> Result<(), SpillError> {
            let bytes = chunk.len() as u64;
            self.take(bytes)?;
            run.bytes += bytes;
            self.inner.written.fetch_add(bytes, Ordering::Relaxed);
            file.write_all(chunk).map_err(|error| io_error(&run.path, error))?;
            chunk.clear();
            Ok(())
        };
        let mut before = None;
        for (index, record) in records.iter().enumerate() {
            let key = record.key();
            if (index as u64).is_multiple_of(BLOCK_RECORDS) {
                run.blocks.push((key.clone(), run.bytes + chunk.len() as u64));
                before = None;
            }
            record.encode(before.as_ref(), &mut chunk);
            before = Some(key);
            if chunk.len() >= WRITE_CHUNK_BYTES {
                flush(&mut chunk, &mut run)?;
            }
        }
        if !chunk.is_empty() {
            flush(&mut chunk, &mut run)?;
        }
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
    /// The file is read through once: it must hold exactly `records`
    /// records, in ascending order of key.
    pub fn adopt<R: Record>(&self, path: PathBuf, records: u64) -> Result<Run<R>, SpillError> {
        let bytes = fs::metadata(&path).map_err(|error| io_error(&path, error))?.len();
        self.take(bytes)?;
        let blocks = Vec::with_capacity(records.div_ceil(BLOCK_RECORDS).min(1 << 20) as usize);
        // A file found wanting is left as it is.
        let mut run = Run { spill: self.clone(), path, records, bytes, keep: true, blocks };
        let mut reader = Reader::open::<R>(&run.path, 0, bytes, READ_BUFFER_BYTES)?;
        let mut before: Option<R::Key> = None;
        let mut found = 0u64;
        loop {
            let offset = reader.offset;
            let first = found.is_multiple_of(BLOCK_RECORDS);
            let Some(record) = reader.next::<R>(if first { None } else { before.as_ref() }, &run.path)? else {
                break;
            };
            let key = record.key();
            if before.as_ref().is_some_and(|before| *before >= key) {
                return Err(corrupt(&run.path, format!("record {found} is out of order")));
            }
            if first {
                run.blocks.push((key.clone(), offset));
            }
            before = Some(key);
            found += 1;
        }
        if found != records {
            return Err(corrupt(&run.path, format!("holds {found} records, not {records}")));
        }
        run.keep = self.inner.durable;
        Ok(run)
    }
}

fn corrupt(path: &Path, why: String) -> SpillError {
    SpillError::Io { path: path.display().to_string(), message: format!("not a whole run: {why}") }
}

/// A run's file read forwards from a place, through a buffer that always
/// holds a whole record unless the file ends.
struct Reader {
    file: File,
    buffer: Vec<u8>,
    /// The bytes of `buffer` not yet read.
    start: usize,
    end: usize,
    /// The file's bytes not yet in the buffer.
    unread: u64,
    /// The place in the file of `buffer[start]`.
    offset: u64,
}

impl Reader {
    /// `path` from byte `offset` of its `bytes`, through `buffer` bytes, or
    /// two of `R`'s largest records if that is more.
    fn open<R: Record>(path: &Path, offset: u64, bytes: u64, buffer: usize) -> Result<Reader, SpillError> {
        use std::io::Seek;
        let buffer = buffer.max(2 * R::MAX_BYTES);
        let mut file = File::open(path).map_err(|error| io_error(path, error))?;
        file.seek(std::io::SeekFrom::Start(offset)).map_err(|error| io_error(path, error))?;
        let unread = bytes.saturating_sub(offset);
        let size = (buffer as u64).min(unread.max(1)) as usize;
        Ok(Reader { file, buffer: vec![0; size.max(1)], start: 0, end: 0, unread, offset })
    }

    /// The next record, encoded after the key `before`; `None` at the end
    /// of the file.
    fn next<R: Record>(&mut self, before: Option<&R::Key>, path: &Path) -> Result<Option<R>, SpillError> {
        if self.end - self.start < R::MAX_BYTES && self.unread > 0 {
            self.buffer.copy_within(self.start..self.end, 0);
            self.end -= self.start;
            self.start = 0;
            if self.buffer.len() < self.end + R::MAX_BYTES {
                self.buffer.resize(self.end + R::MAX_BYTES, 0);
            }
            let more = ((self.buffer.len() - self.end) as u64).min(self.unread) as usize;
            self.file.read_exact(&mut self.buffer[self.end..self.end + more]).map_err(|error| io_error(path, error))?;
            self.end += more;
            self.unread -= more as u64;
        }
        if self.start == self.end {
            return Ok(None);
        }
        let Some((record, used)) = R::decode(&self.buffer[self.start..self.end], before) else {
            return Err(corrupt(path, format!("no record at byte {}", self.offset)));
        };
        self.start += used;
        self.offset += used as u64;
        Ok(Some(record))
    }
}

/// A sorted run of records with distinct keys, in a file that is removed
/// when the run is dropped (unless its spill is
/// [`durable`](Spill::durable)).
#[derive(Debug)]
pub struct Run<R: Record> {
    spill: Spill,
    path: PathBuf,
    records: u64,
    /// Bytes of the file taken from the budget.
    bytes: u64,
    /// Whether dropping the run leaves its file.
    keep: bool,
    /// The first key of each block and its place in the file.
    blocks: Vec<(R::Key, u64)>,
}

impl<R: Record> Drop for Run<R> {
    fn drop(&mut self) {
        if !self.keep {
            // A file that is already gone has nothing left to free.
            let _ = fs::remove_file(&self.path);
        }
        self.spill.inner.held.fetch_sub(self.bytes, Ordering::Relaxed);
    }
}

impl<R: Record> Run<R> {
    /// Removes the run's file, durable or not, once it is done with.
    pub fn remove(mut self) {
        self.keep = false;
    }

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

    /// Bytes of the run's file.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// The block to start from to read the records of keys from `key` on.
    fn block_of(&self, key: &R::Key) -> usize {
        self.blocks.partition_point(|(first, _)| first < key).saturating_sub(1)
    }
}

/// The keys that cut the records of `runs` into `parts` ranges of about
/// equal size, read from the first keys of the blocks of every run (runs
/// written by different threads may hold different ranges of keys): at
/// most `parts - 1` keys, ascending.
pub fn split<R: Record>(runs: &[Run<R>], parts: usize) -> Result<Vec<R::Key>, SpillError> {
    let mut firsts: Vec<&R::Key> = runs.iter().flat_map(|run| run.blocks.iter().map(|(key, _)| key)).collect();
    firsts.sort_unstable();
    let blocks = firsts.len();
    let mut keys: Vec<R::Key> = (1..parts)
        .map(|part| blocks * part / parts)
        .filter(|&block| block > 0)
        .map(|block| firsts[block].clone())
        .collect();
    keys.dedup();
    Ok(keys)
}

/// A table read back by several threads at once: its keys cut into
/// ranges of about equal records, which each thread takes in turn
/// ([`Ranges::reader`]) as it finishes the one before. The work a record
/// makes may differ widely along the keys; with many more ranges than
/// threads, no thread waits long for another at the end.
pub struct Ranges<'a, R: Record> {
    runs: &'a [Run<R>],
    /// Each range's first key (`None`: the table's start), then the last
    /// range's end (`None`).
    bounds: Vec<Option<R::Key>>,
    next: AtomicUsize,
}

impl<'a, R: Record> Ranges<'a, R> {
    /// `runs` cut into at most `ranges` ranges (fewer when the runs have
    /// fewer blocks).
    pub fn new(runs: &'a [Run<R>], ranges: usize) -> Result<Ranges<'a, R>, SpillError> {
        let mut bounds = vec![None];
        bounds.extend(split(runs, ranges)?.into_iter().map(Some));
        bounds.push(None);
        Ok(Ranges { runs, bounds, next: AtomicUsize::new(0) })
    }

    /// The number of ranges.
    pub fn len(&self) -> usize {
        self.bounds.len() - 1
    }

    /// Whether there are no ranges (never: an empty table is one range).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The records of the ranges this reader takes, each range in key
    /// order, every run read through a buffer of `buffer` bytes. Stops at
    /// the first error, which [`RangeReader::finish`] returns.
    pub fn reader(&self, buffer: usize) -> RangeReader<'_, 'a, R> {
        RangeReader { ranges: self, buffer, merge: None, error: None }
    }
}

/// One thread's share of [`Ranges`]: the records of each range it takes.
pub struct RangeReader<'r, 'a, R: Record> {
    ranges: &'r Ranges<'a, R>,
    buffer: usize,
    merge: Option<Merge<'a, R>>,
    error: Option<SpillError>,
}

impl<R: Record> RangeReader<'_, '_, R> {
    /// The first error met, if any: the records so far are then not the
    /// whole share.
    pub fn finish(self) -> Result<(), SpillError> {
        self.error.map_or(Ok(()), Err)
    }
}

impl<R: Record> Iterator for RangeReader<'_, '_, R> {
    type Item = R;

    fn next(&mut self) -> Option<R> {
        loop {
            if self.error.is_some() {
                return None;
            }
            if let Some(merge) = &mut self.merge {
                if let Some(record) = merge.next() {
                    return Some(record);
                }
                if let Some(Err(error)) = self.merge.take().map(Merge::finish) {
                    self.error = Some(error);
                    return None;
                }
            }
            let range = self.ranges.next.fetch_add(1, Ordering::Relaxed);
            let bounds = &self.ranges.bounds;
            if range + 1 >= bounds.len() {
                return None;
            }
            match Merge::new(self.ranges.runs, bounds[range].clone(), bounds[range + 1].clone(), self.buffer) {
                Ok(merge) => self.merge = Some(merge),
                Err(error) => self.error = Some(error),
            }
        }
    }
}

/// The records of several runs in key order, those of equal key combined:
/// one table read back. Stops at the first error, which [`Merge::finish`]
/// returns.
pub struct Merge<'a, R: Record> {
    sources: Vec<Source<'a, R>>,
    heap: BinaryHeap<std::cmp::Reverse<(R::Key, usize)>>,
    error: Option<SpillError>,
}

/// One run read within a range of keys.
struct Source<'a, R: Record> {
    run: &'a Run<R>,
    reader: Reader,
    /// Records of the run not yet read.
    left: u64,
    /// The number in the run of the next record.
    at: u64,
    /// The key of the record read last.
    before: Option<R::Key>,
    /// The end of the range, excluded.
    to: Option<R::Key>,
    current: Option<R>,
}

impl<R: Record> Source<'_, R> {
    fn advance(&mut self) -> Result<(), SpillError> {
        self.current = None;
        if self.left == 0 {
            return Ok(());
        }
        let before = if self.at.is_multiple_of(BLOCK_RECORDS) { None } else { self.before.as_ref() };
        let Some(record) = self.reader.next::<R>(before, &self.run.path)? else {
            return Err(corrupt(&self.run.path, format!("ends before record {}", self.at)));
        };
        self.left -= 1;
        self.at += 1;
        let key = record.key();
        if self.to.as_ref().is_some_and(|to| key >= *to) {
            self.left = 0;
            return Ok(());
        }
        self.before = Some(key);
        self.current = Some(record);
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
            if run.blocks.is_empty() {
                continue;
            }
            let block = from.as_ref().map_or(0, |key| run.block_of(key));
            let offset = run.blocks[block].1;
            let reader = Reader::open::<R>(&run.path, offset, run.bytes, buffer)?;
            let at = block as u64 * BLOCK_RECORDS;
            let mut source =
                Source { run, reader, left: run.records - at, at, before: None, to: to.clone(), current: None };
            source.advance()?;
            // The block may start before the range.
            while let (Some(record), Some(from)) = (&source.current, &from) {
                if record.key() >= *from {
                    break;
                }
                source.advance()?;
            }
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
        const MAX_BYTES: usize = 5 + 10;
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
        fn encode(&self, before: Option<&u32>, out: &mut Vec<u8>) {
            put_varint(u128::from(self.0 - before.copied().unwrap_or(0)), out);
            put_varint(u128::from(self.1), out);
        }
        fn decode(bytes: &[u8], before: Option<&u32>) -> Option<(Pair, usize)> {
            let (delta, first) = get_varint(bytes)?;
            let (value, second) = get_varint(&bytes[first..])?;
            let key = u32::try_from(delta).ok()?.checked_add(before.copied().unwrap_or(0))?;
            Some((Pair(key, u64::try_from(value).ok()?), first + second))
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
    fn runs_of_different_keys_split_into_even_ranges() {
        // The largest run holds the low keys and two smaller runs the high
        // ones, as when threads write the states of different ranges.
        let dir = tempfile::tempdir().unwrap();
        let spill = Spill::new(dir.path(), 1 << 30);
        let run = |keys: std::ops::Range<u32>| {
            let pairs: Vec<Pair> = keys.map(|key| Pair(key, 1)).collect();
            spill.write_run(&pairs).unwrap()
        };
        let runs = vec![run(0..40_000), run(40_000..70_000), run(70_000..100_000)];
        let cuts = split(&runs, 4).unwrap();
        assert_eq!(cuts.len(), 3);
        let mut bounds = vec![0];
        bounds.extend(&cuts);
        bounds.push(100_000);
        for range in bounds.windows(2) {
            let records = range[1] - range[0];
            assert!((24_000..=26_000).contains(&records), "a range of {records} records: cuts {cuts:?}");
        }
    }

    #[test]
    fn ranges_taken_in_turn_by_threads_read_every_record_once() {
        let dir = tempfile::tempdir().unwrap();
        let spill = Spill::new(dir.path(), 1 << 30);
        // Keys from a wide range, so that each run holds many blocks.
        let mut expected = std::collections::BTreeMap::new();
        let mut buffer = Buffer::new(20_000);
        for i in 0..60_000u64 {
            let pair = Pair((i.wrapping_mul(0x9e37_79b9) % 1_000_003) as u32, i + 1);
            *expected.entry(pair.0).or_insert(0) += pair.1;
            buffer.push(pair, &spill).unwrap();
        }
        let runs = buffer.finish(&spill).unwrap();
        assert!(runs.len() > 2 && runs.iter().all(|run| run.blocks.len() > 10), "{} runs", runs.len());
        assert!(Ranges::new(&runs, 64).unwrap().len() > 10);
        for (threads, ranges) in [(1, 1), (2, 64), (3, 7), (4, 10_000)] {
            let shared = Ranges::new(&runs, ranges).unwrap();
            assert!(!shared.is_empty() && shared.len() <= ranges, "{} ranges of {ranges}", shared.len());
            let mut read: Vec<Pair> = std::thread::scope(|scope| {
                let readers: Vec<_> = (0..threads)
                    .map(|_| {
                        scope.spawn(|| {
                            let mut reader = shared.reader(64);
                            let pairs: Vec<Pair> = reader.by_ref().collect();
                            reader.finish().unwrap();
                            pairs
                        })
                    })
                    .collect();
                readers.into_iter().flat_map(|reader| reader.join().unwrap()).collect()
            });
            read.sort_by_key(|pair| pair.0);
            let want: Vec<Pair> = expected.iter().map(|(&k, &v)| Pair(k, v)).collect();
            assert_eq!(read, want, "{threads} threads, {ranges} ranges");
        }
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
        // Two bytes a record: a step of 1, a sum under 128.
        let pairs = |n: u32| (1..=n).map(|key| Pair(key, 7)).collect::<Vec<_>>();
        let error = spill.write_run(&pairs(51)).unwrap_err();
        assert!(matches!(error, SpillError::Disk { limit_mib: 0, .. }), "{error:?}");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0, "a run not written leaves no file");
        assert_eq!(spill.write_run(&pairs(50)).unwrap().bytes(), 100);
    }

    #[test]
    fn varints_read_back_and_bad_ones_are_refused() {
        for value in [0, 1, 127, 128, 300, u128::from(u64::MAX), u128::MAX - 1, u128::MAX] {
            let mut out = Vec::new();
            put_varint(value, &mut out);
            assert_eq!(get_varint(&out), Some((value, out.len())), "{value}");
            assert_eq!(get_varint(&out[..out.len() - 1]), None, "{value} cut short");
        }
        let mut past = vec![0xff; 18];
        past.push(0x04);
        assert_eq!(get_varint(&past), None, "past u128");
    }

    #[test]
    fn an_adopted_run_is_read_through_and_checked() {
        let dir = tempfile::tempdir().unwrap();
        let spill = Spill::durable(dir.path(), 1 << 30);
        let pairs: Vec<Pair> = (0..5000).map(|key| Pair(key * 3, u64::from(key) << 20)).collect();
        let path = spill.write_run(&pairs).unwrap().path().to_owned();
        let adopted: Run<Pair> = spill.adopt(path.clone(), 5000).unwrap();
        let from = Some(pairs[2500].0 - 1);
        let read: Vec<Pair> = Merge::new(std::slice::from_ref(&adopted), from, None, 64).unwrap().collect();
        assert_eq!(read, pairs[2500..]);
        drop(adopted);
        let error = spill.adopt::<Pair>(path.clone(), 4999).unwrap_err();
        assert!(error.to_string().contains("holds 5000 records, not 4999"), "{error}");
        let bytes = fs::read(&path).unwrap();
        fs::write(&path, &bytes[..bytes.len() - 1]).unwrap();
        let error = spill.adopt::<Pair>(path.clone(), 5000).unwrap_err();
        assert!(error.to_string().contains("not a whole run"), "{error}");
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
