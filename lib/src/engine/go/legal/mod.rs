//! Counting the legal Go positions of an m×n board by a dynamic program
//! over its border (Tromp and Farnebäck, *Combinatorics of Go*, 2006/2016).
//!
//! A position is legal when every chain (a maximal orthogonally connected
//! group of stones of one colour) has at least one liberty, an empty point
//! next to it. The program fills the board point by point in row-major
//! order. After each point it keeps, for every distinct *border state*, the
//! number of partial positions that reach it. The border is the last
//! `width` points filled, one per column; a state records for each of them
//! whether it is off the board, empty, a stone whose chain has a liberty
//! (such a chain can never die), or a stone of a chain without one yet,
//! with enough of the chains' shape to merge them and to see one die.
//! [`border`] packs a state in 64 bits (3 a point, every width to 19) and
//! merges each state with its colour swap.
//!
//! A partial position dies the moment a liberty-less chain loses its last
//! border point; a complete position is counted when no liberty-less chain
//! remains. The counts are exact: either fixed-width integers of as many
//! 64-bit limbs as 3^(m·n), a bound on every partial sum, needs (two for up
//! to 80 points, nine for 19×19), or residues modulo primes just below
//! 2^64, as many as the same bound needs, turned back into the count by the
//! Chinese remainder theorem ([`ring`]), several primes in one pass over the
//! board when their counts fit the memory. A count modulo one prime is an
//! independent job ([`count_positions_modulo`]), so the primes of a large board
//! can run on different machines.
//!
//! The states of a layer are merged in hash maps, sharded by key across
//! the threads; every key is summed in one map, so the counts do not depend
//! on the thread count. The memory the states need is estimated and
//! checked against a [`MemoryLimit`] before the count starts, and checked
//! again after every point.
//!
//! A long count can save its states after a point, every so often, to a
//! [`snapshot`] file, and go on from it after an interruption
//! ([`count_positions_saved`], [`resume_positions`]); so can one prime's job
//! ([`count_positions_modulo_saved`], [`resume_positions_modulo`]).
//!
//! [`brute`] counts the same thing by enumeration (the oracle of the
//! tests), and [`games`] counts games on tiny boards.

pub mod border;
pub mod brute;
pub mod games;
pub mod ring;
pub mod snapshot;
pub mod table;

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use num_bigint::BigUint;
use rayon::prelude::*;

use super::GoError;
use crate::Result;
use crate::engine::limit::check_threads;
use crate::engine::memory::MemoryLimit;
use crate::engine::progress::{Progress, Step};
use border::Border;
pub use border::MAX_WIDTH;
use ring::{Count, Moduli, Residues, Wide, crt, moduli, moduli_needed};
use snapshot::Header;
use table::{PartTable, mix};

/// The most points of a board: 19×19. Every partial sum of the program
/// after k points is at most the 3^k colourings of those points, and
/// 3³⁶¹ < 2⁵⁷⁶, nine limbs.
pub const MAX_POINTS: usize = 361;

/// The most limbs of an exact count.
const MAX_LIMBS: usize = 9;

/// The most chunks a layer is read in ([`bytes_per_state`]).
pub const MOST_CHUNKS: usize = 64;

/// The most primes one pass of a count by residues counts at once
/// ([`Residues`]).
pub const MOST_AT_ONCE: usize = 4;

/// Bytes one border state may take at the peak of a point, for counts of
/// `words` 64-bit words and a layer read in `chunks` chunks: its key and
/// count in the layer being read and again in the layer made (the memory
/// of the layer read is freed as it is read, but the allocator does not
/// always hand it back in time), its slot (12 bytes, a slot in two full,
/// and 8 for the rest of the process) and count (with an eighth to spare)
/// in the tables, and its share of one chunk's successors (three, in
/// vectors sized for them with a little room, 13/4 entries, and an eighth
/// more for the bucket each thread splits by part). More chunks
/// take less memory and more time: each chunk visits every table again,
/// out of the cache. Measured on two threads (peak resident memory over
/// the most states, 2026-11-28): 241 bytes a state at 11×11 with one
/// chunk and 171 with two (4 words; the plan says 278 and 213), 237 at
/// 12×12 with one.
///
/// ```
/// use plybench::engine::go::legal::bytes_per_state;
///
/// assert!(bytes_per_state(5, 16) < bytes_per_state(5, 1));
/// ```
pub fn bytes_per_state(words: usize, chunks: usize) -> u64 {
    let entry = 8 + 8 * words as u64;
    2 * entry + 32 + 8 * words as u64 * 9 / 8 + 27 * entry / (8 * chunks.max(1) as u64)
}

/// Where the layer of states between two points is kept.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Storage {
    /// In memory: at the peak of a point, the layer being read and the
    /// layer being made ([`bytes_per_state`]).
    #[default]
    Memory,
    /// In a file beside the count's snapshot, in the snapshot's format:
    /// read part by part while the next point is made, which is then
    /// written part by part from its tables. The memory holds the tables
    /// of one layer and a chunk of the other, the disk two layers, and a
    /// snapshot costs a rename.
    Disk,
}

impl Storage {
    /// Bytes one state may take at the peak of a point, as
    /// [`bytes_per_state`] plans them in memory; on disk, the slot and the
    /// count in the tables (as in memory), and a chunk's share of the
    /// layer read and of its successors (35/8 entries).
    ///
    /// ```
    /// use plybench::engine::go::legal::Storage;
    ///
    /// // Five limbs, sixteen chunks: 183 bytes in memory, 90 on disk.
    /// assert!(2 * Storage::Disk.bytes_per_state(5, 16) < Storage::Memory.bytes_per_state(5, 16));
    /// ```
    pub fn bytes_per_state(self, words: usize, chunks: usize) -> u64 {
        match self {
            Storage::Memory => bytes_per_state(words, chunks),
            Storage::Disk => {
                let entry = 8 + 8 * words as u64;
                32 + 8 * words as u64 * 9 / 8 + 35 * entry / (8 * chunks.max(1) as u64)
            }
        }
    }
}

/// Limbs of 64 bits that hold 3^points (log2 3 < 1.585).
pub fn limbs_for(points: usize) -> usize {
    let bits = (points * 1585).div_ceil(1000) + 1;
    bits.div_ceil(64).max(2)
}

/// Limbs that hold every count of a layer after `filled` points with a
/// border of `width`: the colourings a state counts agree on its `width`
/// points, and a state is merged with its colour swap, so a count is at
/// most 2·3^(filled − width), which the bit [`limbs_for`] keeps to spare
/// covers. An addition that passes it is an overflow, an error.
fn layer_limbs(filled: usize, width: usize) -> usize {
    limbs_for(filled.saturating_sub(width))
}

/// 3^points, the bound on every count of a board of `points` points.
fn bound(points: usize) -> BigUint {
    BigUint::from(3u32).pow(points as u32)
}

/// The primes a count of an m×n board by residues needs.
///
/// ```
/// use plybench::engine::go::legal::moduli_for;
///
/// assert_eq!(moduli_for(9, 9), 3); // 3^81 < 2^129
/// assert_eq!(moduli_for(19, 19), 10);
/// ```
pub fn moduli_for(rows: usize, cols: usize) -> usize {
    moduli_needed(&bound(rows * cols))
}

/// How a count was kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arithmetic {
    /// Exact, in this many 64-bit limbs.
    Exact(usize),
    /// Modulo this many primes, then the Chinese remainder theorem.
    Moduli(usize),
}

/// The outcome of [`count_positions`].
#[derive(Clone, Debug, PartialEq)]
pub struct LegalCount {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// The number of legal positions, L(rows, cols).
    pub count: BigUint,
    /// The most border states held after any one point.
    pub max_states: usize,
    /// Border width used (the shorter side unless asked otherwise).
    pub width: usize,
    /// How the counts were kept.
    pub arithmetic: Arithmetic,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// The outcome of [`count_positions_modulo`]: L(rows, cols) modulo one prime.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LegalResidue {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// The place of the prime in [`ring::moduli`].
    pub index: usize,
    /// The prime.
    pub modulus: u64,
    /// L(rows, cols) modulo the prime.
    pub residue: u64,
    /// The most border states held after any one point.
    pub max_states: usize,
}

/// Checks that an m×n board can be counted: both sides at least 1, the
/// shorter at most [`MAX_WIDTH`], at most [`MAX_POINTS`] points. Memory
/// and time are checked separately ([`count_positions`]).
///
/// ```
/// use plybench::engine::go::legal::check_board;
///
/// assert!(check_board(7, 7).is_ok());
/// assert!(check_board(19, 19).is_ok());
/// assert!(check_board(19, 20).is_err());
/// assert!(check_board(0, 3).is_err());
/// ```
pub fn check_board(rows: usize, cols: usize) -> Result<(), GoError> {
    let why = if rows == 0 || cols == 0 {
        "a board needs at least one row and one column".to_owned()
    } else if rows.min(cols) > MAX_WIDTH {
        format!("the shorter side may have at most {MAX_WIDTH} points; count a narrower board")
    } else if rows * cols > MAX_POINTS {
        format!("{} points; at most {MAX_POINTS} are counted", rows * cols)
    } else {
        return Ok(());
    };
    Err(GoError::LegalBoard { rows, cols, why })
}

/// An estimate, with a margin, of the most border states of a width:
/// 0.85 · 4^width up to width 12, and 10% more a column beyond. The
/// states this program holds grow by a factor of about 4 a column at
/// width 8 (2363, 9562 and 38473 at widths 6, 7 and 8), and the factor
/// itself grows slowly: Tromp's counts of his own states (a few percent
/// more than these) are 0.60 · 4^w at width 8, 0.75 · 4^w at 13 and
/// 1.32 · 4^w at 19. The tests check that the estimate stays above the
/// states held.
pub fn estimated_states(width: usize) -> u64 {
    let beyond = width.saturating_sub(12) as i32;
    (0.85 * 4f64.powi(width as i32) * 1.1f64.powi(beyond)).ceil() as u64
}

/// Counts the legal positions of a `rows`×`cols` board exactly, on
/// `threads` threads (the count does not depend on them). The counts are
/// kept in limbs when their states fit `memory` (with the layers read in
/// as few chunks as fit, [`bytes_per_state`]), else modulo primes one
/// after the other (a count of one word a state instead of the limbs).
/// Refuses before it starts when neither fits.
///
/// ```
/// use plybench::engine::go::legal::count_positions;
/// use plybench::engine::memory::MemoryLimit;
/// use plybench::engine::progress::Progress;
///
/// let run = count_positions(3, 3, 1, MemoryLimit::default(), Progress::NONE)?;
/// assert_eq!(run.count.to_string(), "12675");
/// # Ok::<(), plybench::Error>(())
/// ```
pub fn count_positions(
    rows: usize,
    cols: usize,
    threads: usize,
    memory: MemoryLimit,
    progress: Progress<'_>,
) -> Result<LegalCount> {
    count_from(rows, cols, threads, memory, progress, &Saves::default())
}

/// How a count saves its states as it goes ([`snapshot`]).
#[derive(Clone, Copy, Debug)]
pub struct Saving<'a> {
    /// The snapshot file: rewritten whole after a point once `every` has
    /// passed since the last save, and removed when the count completes.
    pub path: &'a Path,
    /// The least time between two saves.
    pub every: Duration,
    /// When set, the count saves itself after the point under way and
    /// stops with [`GoError::LegalStopped`].
    pub stop: Option<&'a AtomicBool>,
    /// Where the layer between two points is kept: on disk, in a file
    /// beside `path` that each snapshot renames into place.
    pub storage: Storage,
}

/// [`count_positions`], saving its states to a snapshot as it goes
/// (`saving`), so that [`resume_positions`] can finish it after an
/// interruption. The count is the same.
///
/// ```
/// use std::time::Duration;
/// use plybench::engine::go::legal::{Saving, Storage, count_positions_saved};
/// use plybench::engine::memory::MemoryLimit;
/// use plybench::engine::progress::Progress;
///
/// let dir = tempfile::tempdir()?;
/// let path = dir.path().join("5x5.snapshot");
/// let saving = Saving { path: &path, every: Duration::ZERO, stop: None, storage: Storage::Memory };
/// let run = count_positions_saved(5, 5, 1, MemoryLimit::default(), Progress::NONE, saving)?;
/// assert_eq!(run.count.to_string(), "414295148741");
/// assert!(!path.exists()); // removed once the count completes
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn count_positions_saved(
    rows: usize,
    cols: usize,
    threads: usize,
    memory: MemoryLimit,
    progress: Progress<'_>,
    saving: Saving<'_>,
) -> Result<LegalCount> {
    let saves = Saves { saving: Some(saving), ..Saves::default() };
    let run = count_from(rows, cols, threads, memory, progress, &saves)?;
    remove_snapshot(saving.path)?;
    Ok(run)
}

/// Finishes the count saved in the snapshot `saving.path`, saving it
/// there as it goes on; the count is the one the uninterrupted count
/// gives. The board and the arithmetic are the snapshot's; the threads and
/// the memory limit may differ. A snapshot of a count modulo one prime
/// alone is finished by [`resume_positions_modulo`].
pub fn resume_positions(
    saving: Saving<'_>,
    threads: usize,
    memory: MemoryLimit,
    progress: Progress<'_>,
) -> Result<LegalCount> {
    let header = saved_header(saving.path)?;
    let (rows, cols, width) = (header.rows, header.cols, header.width);
    let run = match header.modulus {
        _ if header.alone => {
            return Err(unlike(saving.path, "holds a count modulo one prime alone, not a whole count").into());
        }
        // Limbs widen as the board fills: a snapshot holds at least those
        // its point needs, and those of the last point (as all did before).
        None if (layer_limbs(header.point, width)..=limbs_for(rows * cols)).contains(&header.words) => {
            let saves = Saves { saving: Some(saving), from: Some(header), ..Saves::default() };
            exact_count(rows, cols, width, threads, memory, progress, &saves)?
        }
        Some(index)
            if header.residues.len() == index
                && (1..=MOST_AT_ONCE).contains(&header.words)
                && index + header.words <= moduli_for(rows, cols) =>
        {
            let saves = Saves {
                saving: Some(saving),
                modulus: Some(index),
                residues: header.residues.clone(),
                max_states: header.max_states,
                from: Some(header),
                alone: false,
            };
            moduli_count(rows, cols, threads, memory, progress, saves)?
        }
        _ => return Err(unlike(saving.path, "keeps its counts in a way this program does not; count again").into()),
    };
    remove_snapshot(saving.path)?;
    Ok(run)
}

/// [`count_positions_modulo`], saving its states to a snapshot as it goes,
/// so that [`resume_positions_modulo`] can finish it after an interruption:
/// one prime's job of a count spread over machines, which a scheduler may
/// stop and start again.
///
/// ```
/// use std::time::Duration;
/// use plybench::engine::go::legal::{Saving, Storage, count_positions_modulo_saved};
/// use plybench::engine::memory::MemoryLimit;
/// use plybench::engine::progress::Progress;
///
/// let dir = tempfile::tempdir()?;
/// let path = dir.path().join("4x4.p0.snapshot");
/// let saving = Saving { path: &path, every: Duration::ZERO, stop: None, storage: Storage::Memory };
/// let run = count_positions_modulo_saved(4, 4, 0, 1, MemoryLimit::default(), Progress::NONE, saving)?;
/// assert_eq!(run.residue, 24_318_165);
/// assert!(!path.exists());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn count_positions_modulo_saved(
    rows: usize,
    cols: usize,
    index: usize,
    threads: usize,
    memory: MemoryLimit,
    progress: Progress<'_>,
    saving: Saving<'_>,
) -> Result<LegalResidue> {
    let saves = Saves { saving: Some(saving), modulus: Some(index), alone: true, ..Saves::default() };
    let run = modulo_count(rows, cols, index, threads, memory, progress, &saves)?;
    remove_snapshot(saving.path)?;
    Ok(run)
}

/// Finishes the count modulo one prime saved in the snapshot
/// `saving.path` by [`count_positions_modulo_saved`], as
/// [`resume_positions`] finishes a whole count.
pub fn resume_positions_modulo(
    saving: Saving<'_>,
    threads: usize,
    memory: MemoryLimit,
    progress: Progress<'_>,
) -> Result<LegalResidue> {
    let header = saved_header(saving.path)?;
    let (rows, cols) = (header.rows, header.cols);
    let index = match header.modulus {
        Some(index) if header.alone => index,
        _ => return Err(unlike(saving.path, "holds a whole count, not one modulo one prime alone").into()),
    };
    if index >= ring::MAX_MODULI || !header.residues.is_empty() || header.words != 1 {
        return Err(unlike(saving.path, "keeps its counts in a way this program does not; count again").into());
    }
    let saves =
        Saves { saving: Some(saving), modulus: Some(index), alone: true, from: Some(header), ..Saves::default() };
    let run = modulo_count(rows, cols, index, threads, memory, progress, &saves)?;
    remove_snapshot(saving.path)?;
    Ok(run)
}

/// The header of the snapshot `path`, checked against the program: a
/// board it counts, along its shorter side, stopped before the last point.
fn saved_header(path: &Path) -> Result<Header> {
    let header = snapshot::read_header(path)?;
    check_board(header.rows, header.cols)?;
    let points = header.rows * header.cols;
    if header.width != header.rows.min(header.cols) || header.point >= points || header.history.len() != header.point {
        return Err(unlike(path, "does not hold a count this program makes; count again").into());
    }
    Ok(header)
}

/// A snapshot refused for what it holds.
fn unlike(path: &Path, why: &str) -> GoError {
    GoError::LegalSnapshot { path: path.display().to_string(), why: why.to_owned() }
}

/// Removes the snapshot of a completed count, and the temporary file of a
/// snapshot whose writing a kill cut short.
fn remove_snapshot(path: &Path) -> Result<()> {
    for file in [snapshot::temporary(path), path.to_owned()] {
        match std::fs::remove_file(&file) {
            Err(error) if error.kind() != std::io::ErrorKind::NotFound => {
                return Err(GoError::LegalSnapshot {
                    path: file.display().to_string(),
                    why: format!("cannot be removed after the count: {error}"),
                }
                .into());
            }
            _ => {}
        }
    }
    Ok(())
}

/// Where a count starts and how it saves itself.
#[derive(Clone, Debug, Default)]
struct Saves<'a> {
    saving: Option<Saving<'a>>,
    /// The snapshot the count goes on from (read from `saving.path`).
    from: Option<Header>,
    /// In a count by residues: the prime being counted...
    modulus: Option<usize>,
    /// ... the residues of the primes before it...
    residues: Vec<u64>,
    /// ... and the most states of theirs.
    max_states: usize,
    /// Whether the count is modulo `modulus` alone
    /// ([`count_positions_modulo_saved`]).
    alone: bool,
}

impl Saves<'_> {
    /// Where the count keeps its layers: in memory unless it saves itself
    /// with its layers on disk.
    fn storage(&self) -> Storage {
        self.saving.map_or(Storage::Memory, |saving| saving.storage)
    }

    /// The states a pass is planned for: those a pass before measured
    /// (the same for every prime), else the estimate for the `width`.
    fn planned_states(&self, width: usize) -> u64 {
        match self.max_states {
            0 => estimated_states(width),
            known => known as u64,
        }
    }
}

/// [`count_positions`], from a snapshot or saving itself as `saves` says.
fn count_from(
    rows: usize,
    cols: usize,
    threads: usize,
    memory: MemoryLimit,
    progress: Progress<'_>,
    saves: &Saves<'_>,
) -> Result<LegalCount> {
    check_board(rows, cols)?;
    // The border runs along the shorter side.
    let width = rows.min(cols);
    if is_exact(rows, cols, memory, saves.storage()) {
        exact_count(rows, cols, width, threads, memory, progress, saves)
    } else {
        moduli_count(rows, cols, threads, memory, progress, saves.clone())
    }
}

/// Whether [`count_positions`] counts an m×n board in limbs under
/// `memory` with its layers in `storage` (else by residues): when the plan
/// for limbs with the most chunks fits.
fn is_exact(rows: usize, cols: usize, memory: MemoryLimit, storage: Storage) -> bool {
    let words = limbs_for(rows * cols);
    estimated_states(rows.min(cols)).saturating_mul(storage.bytes_per_state(words, MOST_CHUNKS)) <= memory.bytes()
}

/// Disk a count of an m×n board under `memory` that saves itself may
/// need: twice the largest snapshot expected (the new one is written
/// before the old one goes; with the layers on disk, the layer being
/// written beside the snapshot being read), each state its key and count.
/// `alone` is for a count modulo one prime alone
/// ([`count_positions_modulo_saved`]), else the count is
/// [`count_positions_saved`]'s.
///
/// ```
/// use plybench::engine::go::legal::{Storage, estimated_states, snapshot_disk};
/// use plybench::engine::memory::MemoryLimit;
///
/// let limit = MemoryLimit::from_bytes(20 << 30);
/// let thirteen = snapshot_disk(13, 13, limit, false, Storage::Memory);
/// assert!(thirteen > 5_000_000_000 && thirteen < 7_000_000_000);
/// // A residue is one word where the exact count of 13x13 takes five.
/// assert!(snapshot_disk(13, 13, limit, true, Storage::Memory) < thirteen / 2);
/// // Under 22 GiB, 14x14 counts by residues with its layers in memory (at
/// // most four at once), exactly (five limbs) with them on disk.
/// let limit = MemoryLimit::from_bytes(22 << 30);
/// let two_layers = |words: u64| estimated_states(14) * 2 * (8 + 8 * words);
/// assert!(snapshot_disk(14, 14, limit, false, Storage::Memory) < two_layers(5));
/// assert_eq!(snapshot_disk(14, 14, limit, false, Storage::Disk), two_layers(5));
/// ```
pub fn snapshot_disk(rows: usize, cols: usize, memory: MemoryLimit, alone: bool, storage: Storage) -> u64 {
    let states = estimated_states(rows.min(cols));
    let bytes = |words: usize| states.saturating_mul(2 * (8 + 8 * words as u64));
    if alone {
        bytes(1)
    } else if is_exact(rows, cols, memory, storage) {
        bytes(limbs_for(rows * cols))
    } else {
        // The first pass counts the primes that fit the estimate of the
        // states; a later one may count more at once, planned for the
        // states measured, but only as many as fit the memory limit, which
        // is more than twice the states' keys and counts.
        let k = moduli_for(rows, cols);
        bytes(primes_at_once(k, states, memory, storage)).max(bytes(k.min(MOST_AT_ONCE)).min(memory.bytes()))
    }
}

/// [`count_positions`] with the border along a side of the caller's choice,
/// in limbs: `width` must be `rows` or `cols`. L(m, n) = L(n, m), so the
/// two widths must agree; the tests use this as a check.
pub fn count_with_width(
    rows: usize,
    cols: usize,
    width: usize,
    threads: usize,
    memory: MemoryLimit,
    progress: Progress<'_>,
) -> Result<LegalCount> {
    exact_count(rows, cols, width, threads, memory, progress, &Saves::default())
}

fn exact_count(
    rows: usize,
    cols: usize,
    width: usize,
    threads: usize,
    memory: MemoryLimit,
    progress: Progress<'_>,
    saves: &Saves<'_>,
) -> Result<LegalCount> {
    let points = rows * cols;
    let limbs = limbs_for(points);
    let shape = Shape::new(rows, cols, width, threads, memory, limbs, saves.storage())?;
    let start = Instant::now();
    let label = format!("legal {rows}x{cols}");
    // The limbs of the layer after the next point (planned above for the
    // last).
    let first = saves.from.as_ref().map_or(0, |from| from.point);
    let (count, max_states) = shape.pool()?.install(|| match layer_limbs((first + 1).min(points), width) {
        0..=2 => exact::<2>(&shape, &label, progress, saves, Reached::begin(&shape, saves)?),
        3 => exact::<3>(&shape, &label, progress, saves, Reached::begin(&shape, saves)?),
        4 => exact::<4>(&shape, &label, progress, saves, Reached::begin(&shape, saves)?),
        5 => exact::<5>(&shape, &label, progress, saves, Reached::begin(&shape, saves)?),
        6 => exact::<6>(&shape, &label, progress, saves, Reached::begin(&shape, saves)?),
        7 => exact::<7>(&shape, &label, progress, saves, Reached::begin(&shape, saves)?),
        8 => exact::<8>(&shape, &label, progress, saves, Reached::begin(&shape, saves)?),
        _ => exact::<MAX_LIMBS>(&shape, &label, progress, saves, Reached::begin(&shape, saves)?),
    })?;
    Ok(LegalCount {
        rows,
        cols,
        count,
        max_states,
        width,
        arithmetic: Arithmetic::Exact(limbs),
        seconds: start.elapsed().as_secs_f64() + saves.from.as_ref().map_or(0.0, |from| from.seconds),
    })
}

/// [`count_positions`] modulo every prime it needs, one after the other, then
/// the Chinese remainder theorem.
pub fn count_by_moduli(
    rows: usize,
    cols: usize,
    threads: usize,
    memory: MemoryLimit,
    progress: Progress<'_>,
) -> Result<LegalCount> {
    moduli_count(rows, cols, threads, memory, progress, Saves::default())
}

/// [`count_by_moduli`] from the prime `saves.modulus` on (0 if none), with
/// the residues before it in `saves`.
///
/// Each pass over the board counts as many of the primes left at once as
/// fit the memory ([`primes_at_once`]): the first plans for the estimate
/// of the states, the others for the states the first one held (the same
/// for every prime), so a count that needs one prime at a time at first
/// may take the rest two or more at a time. A pass resumed from a snapshot
/// counts the primes it counted when it was saved.
fn moduli_count(
    rows: usize,
    cols: usize,
    threads: usize,
    memory: MemoryLimit,
    progress: Progress<'_>,
    mut saves: Saves<'_>,
) -> Result<LegalCount> {
    let start = Instant::now();
    let before = saves.from.as_ref().map_or(0.0, |from| from.seconds);
    let k = moduli_for(rows, cols);
    let width = rows.min(cols);
    let mut index = saves.modulus.unwrap_or(0);
    while index < k {
        let at_once = match &saves.from {
            Some(from) => from.words,
            None => primes_at_once(k - index, saves.planned_states(width), memory, saves.storage()),
        };
        saves.modulus = Some(index);
        let (residues, max_states) = pass_count(rows, cols, index, at_once, threads, memory, progress, &saves)?;
        saves.max_states = saves.max_states.max(max_states);
        saves.residues.extend(residues);
        // The next pass starts from the empty board, its time counted on.
        saves.from = None;
        index += at_once;
    }
    let primes = moduli(k);
    let residues: Vec<(u64, u64)> = saves.residues.iter().copied().zip(primes).collect();
    Ok(LegalCount {
        rows,
        cols,
        count: crt(&residues),
        max_states: saves.max_states,
        width,
        arithmetic: Arithmetic::Moduli(k),
        seconds: start.elapsed().as_secs_f64() + before,
    })
}

/// How many of the `left` primes of a count by residues one pass counts at
/// once, for `states` states at the peak under `memory` with the layers in
/// `storage`: the fewest passes that the most primes whose plan fits
/// ([`Storage::bytes_per_state`] with
/// [`MOST_CHUNKS`] chunks, at most [`MOST_AT_ONCE`]) allow, with as few
/// primes in a pass as those passes need (more words a state take more
/// memory, and more chunks more time). One when none fits: the pass then
/// refuses with the memory it needs.
///
/// ```
/// use plybench::engine::go::legal::{bytes_per_state, primes_at_once, Storage, MOST_CHUNKS};
/// use plybench::engine::memory::MemoryLimit;
///
/// let room = |words| MemoryLimit::from_bytes(1000 * bytes_per_state(words, MOST_CHUNKS));
/// assert_eq!(primes_at_once(4, 1000, room(1), Storage::Memory), 1);
/// assert_eq!(primes_at_once(4, 1000, room(2), Storage::Memory), 2);
/// // Three fit, but five primes take two passes either way: three, then two.
/// assert_eq!(primes_at_once(5, 1000, room(3), Storage::Memory), 3);
/// assert_eq!(primes_at_once(4, 1000, room(3), Storage::Memory), 2);
/// // With the layers on disk, the room of one prime in memory holds four.
/// assert_eq!(primes_at_once(4, 1000, room(1), Storage::Disk), 4);
/// ```
pub fn primes_at_once(left: usize, states: u64, memory: MemoryLimit, storage: Storage) -> usize {
    let fits = |words: usize| states.saturating_mul(storage.bytes_per_state(words, MOST_CHUNKS)) <= memory.bytes();
    let most = (1..=left.min(MOST_AT_ONCE)).rev().find(|&words| fits(words)).unwrap_or(1);
    left.div_ceil(left.div_ceil(most)).max(1)
}

/// L(rows, cols) modulo the prime of place `index` in [`ring::moduli`]:
/// one independent part of a count by residues.
///
/// ```
/// use plybench::engine::go::legal::count_positions_modulo;
/// use plybench::engine::memory::MemoryLimit;
/// use plybench::engine::progress::Progress;
///
/// let run = count_positions_modulo(4, 4, 0, 1, MemoryLimit::default(), Progress::NONE)?;
/// assert_eq!(run.residue, 24_318_165); // below the modulus: the count itself
/// # Ok::<(), plybench::Error>(())
/// ```
pub fn count_positions_modulo(
    rows: usize,
    cols: usize,
    index: usize,
    threads: usize,
    memory: MemoryLimit,
    progress: Progress<'_>,
) -> Result<LegalResidue> {
    modulo_count(rows, cols, index, threads, memory, progress, &Saves::default())
}

fn modulo_count(
    rows: usize,
    cols: usize,
    index: usize,
    threads: usize,
    memory: MemoryLimit,
    progress: Progress<'_>,
    saves: &Saves<'_>,
) -> Result<LegalResidue> {
    check_board(rows, cols)?;
    if index >= ring::MAX_MODULI {
        return Err(GoError::LegalBoard {
            rows,
            cols,
            why: format!("modulus {index} does not exist: the moduli are numbered 0 to {}", ring::MAX_MODULI - 1),
        }
        .into());
    }
    let (residues, max_states) = pass_count(rows, cols, index, 1, threads, memory, progress, saves)?;
    Ok(LegalResidue { rows, cols, index, modulus: moduli(index + 1)[index], residue: residues[0], max_states })
}

/// L(rows, cols) modulo the `at_once` primes from place `first` of
/// [`ring::moduli`] on, counted in one pass over the board, and the most
/// states; the pass is planned for the estimate of the states unless a
/// pass before measured them (`saves.max_states`).
#[allow(clippy::too_many_arguments)]
fn pass_count(
    rows: usize,
    cols: usize,
    first: usize,
    at_once: usize,
    threads: usize,
    memory: MemoryLimit,
    progress: Progress<'_>,
    saves: &Saves<'_>,
) -> Result<(Vec<u64>, usize)> {
    let width = rows.min(cols);
    let states = saves.planned_states(width);
    let shape = Shape::planned(rows, cols, width, threads, memory, at_once, states, saves.storage())?;
    let last = first + at_once - 1;
    let label = if at_once == 1 {
        format!("legal {rows}x{cols} mod p{first}")
    } else {
        format!("legal {rows}x{cols} mod p{first}-p{last}")
    };
    let primes = moduli(last + 1);
    let pool = shape.pool()?;
    let primes = &primes[first..];
    pool.install(|| match at_once {
        1 => count_residues::<1>(&shape, primes, &label, progress, saves),
        2 => count_residues::<2>(&shape, primes, &label, progress, saves),
        3 => count_residues::<3>(&shape, primes, &label, progress, saves),
        _ => count_residues::<MOST_AT_ONCE>(&shape, primes, &label, progress, saves),
    })
}

/// The residues of the count modulo `primes` (`K` of them), and the most
/// states.
fn count_residues<const K: usize>(
    shape: &Shape,
    primes: &[u64],
    label: &str,
    progress: Progress<'_>,
    saves: &Saves<'_>,
) -> Result<(Vec<u64>, usize)> {
    let mut ring = [0; K];
    ring.copy_from_slice(primes);
    let points = shape.rows * shape.cols;
    let reached =
        run::<Residues<K>>(shape, Moduli(ring), label, progress, saves, Reached::begin(shape, saves)?, points)?;
    let max_states = reached.max_states();
    let last = reached.held.into_layer()?;
    let mut sum = Residues::<K>::ZERO;
    for (key, n) in last.iter().flatten() {
        if Border::is_final(*key, shape.width) {
            sum.add(n, Moduli(ring));
        }
    }
    Ok((sum.0.to_vec(), max_states))
}

/// What [`run`] counts.
#[derive(Clone, Copy)]
struct Shape {
    rows: usize,
    cols: usize,
    width: usize,
    threads: usize,
    memory: MemoryLimit,
    /// 64-bit words of one count.
    words: usize,
    /// Where the layers are kept between points.
    storage: Storage,
    /// The states at the peak the memory is planned for.
    planned: u64,
    tuning: Tuning,
}

impl Shape {
    /// Checks the board, the width, the threads and the memory planned for
    /// the estimate of the states ([`estimated_states`]).
    fn new(
        rows: usize,
        cols: usize,
        width: usize,
        threads: usize,
        memory: MemoryLimit,
        words: usize,
        storage: Storage,
    ) -> Result<Shape> {
        Shape::planned(rows, cols, width, threads, memory, words, estimated_states(width), storage)
    }

    /// [`Shape::new`], the memory planned for `states` states at the peak.
    #[allow(clippy::too_many_arguments)]
    fn planned(
        rows: usize,
        cols: usize,
        width: usize,
        threads: usize,
        memory: MemoryLimit,
        words: usize,
        states: u64,
        storage: Storage,
    ) -> Result<Shape> {
        check_board(rows, cols)?;
        if width != rows && width != cols {
            return Err(GoError::LegalBoard { rows, cols, why: "the border must run along a side".to_owned() }.into());
        }
        let threads = check_threads(threads)?;
        let Some(chunks) = fewest_chunks(states, words, storage, memory) else {
            let needed = states.saturating_mul(storage.bytes_per_state(words, MOST_CHUNKS));
            return Err(GoError::LegalMemory { rows, cols, needed, limit: memory.bytes() }.into());
        };
        let tuning = Tuning { chunks, ..Tuning::DEFAULT };
        Ok(Shape { rows, cols, width, threads, memory, words, storage, planned: states, tuning })
    }

    /// The shape of the points whose counts take `words` words, fewer than
    /// planned (the first points of an exact count): the fewest chunks
    /// whose plan fits with those words, never more than planned.
    fn in_words(&self, words: usize) -> Shape {
        if words >= self.words {
            return *self;
        }
        self.fitted(self.planned, words)
    }

    /// This shape for counts of `words` words, in the fewest chunks whose
    /// plan fits `states` states, never more chunks than planned.
    fn fitted(&self, states: u64, words: usize) -> Shape {
        let fewest = fewest_chunks(states, words, self.storage, self.memory);
        let chunks = fewest.unwrap_or(self.tuning.chunks).min(self.tuning.chunks);
        Shape { words, tuning: Tuning { chunks, ..self.tuning }, ..*self }
    }

    /// The shape of one point that reads `now` states and expects
    /// `expected`: the fewest chunks whose plan fits the memory for the
    /// larger of the two and an eighth more, never more than planned. The
    /// plan is for the estimate of the most states ([`estimated_states`]),
    /// which the layers of most points stay well below: 14×14 stays near
    /// 210 million states against 276 million estimated, and each chunk
    /// fewer spares a visit of every table.
    fn at_point(&self, now: usize, expected: usize) -> Shape {
        if !self.tuning.fit_each_point {
            return *self;
        }
        let states = now.max(expected) as u64;
        self.fitted(states.saturating_add(states / 8), self.words)
    }

    fn pool(&self) -> Result<rayon::ThreadPool> {
        rayon::ThreadPoolBuilder::new().num_threads(self.threads).build().map_err(|e| {
            GoError::LegalBoard { rows: self.rows, cols: self.cols, why: format!("no thread pool: {e}") }.into()
        })
    }
}

/// The fewest chunks (1, 2, 4, .. [`MOST_CHUNKS`]) in which `states`
/// states of `words` words fit `memory` kept in `storage`.
fn fewest_chunks(states: u64, words: usize, storage: Storage, memory: MemoryLimit) -> Option<usize> {
    let planned = |chunks: usize| states.saturating_mul(storage.bytes_per_state(words, chunks));
    (0..=MOST_CHUNKS.trailing_zeros()).map(|i| 1 << i).find(|&c| planned(c) <= memory.bytes())
}

/// The exact count from `reached` on, and the most states. The layers are
/// kept in `N` limbs while their counts fit ([`layer_limbs`]: two limbs up
/// to point 80 + w, w the border's width), then in one more: the layers of the first
/// points take a half or two thirds of the memory and its traffic that
/// the last limb count would, and are read in fewer chunks
/// ([`Shape::in_words`]).
fn exact<const N: usize>(
    shape: &Shape,
    label: &str,
    progress: Progress<'_>,
    saves: &Saves<'_>,
    reached: Reached<Wide<N>>,
) -> Result<(BigUint, usize)> {
    let points = shape.rows * shape.cols;
    let width = shape.width;
    let until = (reached.history.len()..points).find(|&point| layer_limbs(point + 1, width) > N).unwrap_or(points);
    let reached = run::<Wide<N>>(&shape.in_words(N), (), label, progress, saves, reached, until)?;
    if until < points {
        return match N {
            2 => exact::<3>(shape, label, progress, saves, reached.widen(shape)?),
            3 => exact::<4>(shape, label, progress, saves, reached.widen(shape)?),
            4 => exact::<5>(shape, label, progress, saves, reached.widen(shape)?),
            5 => exact::<6>(shape, label, progress, saves, reached.widen(shape)?),
            6 => exact::<7>(shape, label, progress, saves, reached.widen(shape)?),
            7 => exact::<8>(shape, label, progress, saves, reached.widen(shape)?),
            8 => exact::<MAX_LIMBS>(shape, label, progress, saves, reached.widen(shape)?),
            _ => Err(GoError::LegalOverflow { rows: shape.rows, cols: shape.cols }.into()),
        };
    }
    let max_states = reached.max_states();
    let last = reached.held.into_layer()?;
    let mut count = Wide::<N>::ZERO;
    for (key, n) in last.iter().flatten() {
        if Border::is_final(*key, shape.width) && !count.add(n, ()) {
            return Err(GoError::LegalOverflow { rows: shape.rows, cols: shape.cols }.into());
        }
    }
    Ok((count.to_big(), max_states))
}

/// How a point's work is cut up: sizes that change the memory and the
/// time, never the counts (the tests cut it very fine).
#[derive(Clone, Copy, Debug)]
struct Tuning {
    /// Keys a part's table expects: at 2,800 its 4,096 slots stay at most
    /// 3 in 4 full ([`PartTable::slots_for`]), and the table with its
    /// counts fits the half MiB of a core's own cache.
    part_keys: usize,
    /// Chunks a layer is read in: the successors of one chunk are spread
    /// at a time. The fewest of 1, 2, 4, .. [`MOST_CHUNKS`] whose plan fits
    /// the memory limit ([`bytes_per_state`]) for the most states planned;
    /// a point may be read in fewer ([`Shape::at_point`]).
    chunks: usize,
    /// The fewest states in a chunk: small layers are read in one.
    min_chunk: usize,
    /// Buckets a thread the successors of a chunk are spread into, when
    /// there are more parts than that: a bucket holds the successors of
    /// neighbouring parts, and is split into its parts just before they
    /// are summed. Each successor is then written where a few hundred
    /// vectors end, all in the cache, rather than where one of the tens of
    /// thousands of parts of a 14×14 layer ends.
    buckets: usize,
    /// Whether each point is read in the fewest chunks its own states
    /// need ([`Shape::at_point`]) rather than in `chunks`.
    fit_each_point: bool,
}

impl Tuning {
    const DEFAULT: Tuning =
        Tuning { part_keys: 2800, chunks: 1, min_chunk: 1 << 16, buckets: 128, fit_each_point: true };
}

/// The states of a layer with their counts, one vector a part.
type Layer<C> = Vec<Vec<(u64, C)>>;

/// The successors of a chunk, by slice of the chunk (one a thread), then
/// by part.
type Spread<C> = Vec<Vec<Vec<(u64, C)>>>;

/// The layer a point reads: in memory, or in a layer file in the snapshot
/// format (the snapshot itself, or the file beside it that the next
/// snapshot renames into place) with its header.
enum Held<C> {
    Memory(Layer<C>),
    File(std::path::PathBuf, Header),
}

impl<C: Count> Held<C> {
    fn states(&self) -> usize {
        match self {
            Held::Memory(layer) => layer.iter().map(Vec::len).sum(),
            Held::File(_, header) => header.states as usize,
        }
    }

    /// The whole layer in memory.
    fn into_layer(self) -> Result<Layer<C>> {
        Ok(match self {
            Held::Memory(layer) => layer,
            Held::File(path, header) => snapshot::read_layer(&path, &header)?,
        })
    }

    /// The layer's parts, one at a time.
    fn open(self) -> Result<Source<C>> {
        Ok(match self {
            Held::Memory(layer) => Source::Memory(layer.into_iter()),
            Held::File(path, header) => Source::File(snapshot::LayerReader::open(&path, &header)?),
        })
    }
}

/// The parts of the layer a point reads, in order.
enum Source<C> {
    Memory(std::vec::IntoIter<Vec<(u64, C)>>),
    File(snapshot::LayerReader<C>),
}

impl<C: Count> Source<C> {
    fn is_empty(&self) -> bool {
        match self {
            Source::Memory(parts) => parts.len() == 0,
            Source::File(reader) => reader.parts_left() == 0,
        }
    }

    fn part(&mut self) -> Result<Option<Vec<(u64, C)>>> {
        match self {
            Source::Memory(parts) => Ok(parts.next()),
            Source::File(reader) => Ok(reader.part()?),
        }
    }

    /// After the last part: a file must have held what its header said.
    fn finish(self) -> Result<()> {
        match self {
            Source::Memory(_) => Ok(()),
            Source::File(reader) => Ok(reader.finish()?),
        }
    }
}

/// What a point made: the next layer, or, when it goes to disk, the
/// tables it is written from (one a part, `None` where no state fell).
enum Made<C> {
    Layer(Layer<C>),
    Tables(Vec<Option<PartTable<C>>>),
}

impl<C: Count> Made<C> {
    fn states(&self) -> usize {
        match self {
            Made::Layer(layer) => layer.iter().map(Vec::len).sum(),
            Made::Tables(tables) => tables.iter().flatten().map(PartTable::len).sum(),
        }
    }
}

/// Where a count stands between points: the layer after the points filled,
/// the states after each of them, the seconds they took, and when a
/// snapshot was last saved.
struct Reached<C> {
    held: Held<C>,
    history: Vec<usize>,
    seconds: f64,
    saved: Instant,
}

impl<C: Count> Reached<C> {
    /// The start of a count: the empty board, or the snapshot it goes on
    /// from (its counts read in `C`'s words).
    fn begin(shape: &Shape, saves: &Saves<'_>) -> Result<Reached<C>> {
        let Shape { rows, cols, width, memory, words, storage, tuning, .. } = *shape;
        let (held, history, seconds) = match (&saves.from, saves.saving) {
            (Some(from), Some(saving)) => {
                let held = if storage == Storage::Disk {
                    // Read part by part as the next point is made.
                    Held::File(saving.path.to_owned(), from.clone())
                } else {
                    // Checked before the layer is read into memory.
                    let bytes = from.states.saturating_mul(bytes_per_state(words, tuning.chunks));
                    if bytes > memory.bytes() {
                        return Err(GoError::LegalMemory { rows, cols, needed: bytes, limit: memory.bytes() }.into());
                    }
                    Held::Memory(snapshot::read_layer::<C>(saving.path, from)?)
                };
                (held, from.history.clone(), from.seconds)
            }
            _ => {
                let first = vec![vec![(Border::initial(width).key(0), C::ONE)]];
                (Held::Memory(first), Vec::with_capacity(rows * cols), 0.0)
            }
        };
        Ok(Reached { held, history, seconds, saved: Instant::now() })
    }

    /// The most states after any point so far.
    fn max_states(&self) -> usize {
        self.history.iter().copied().max().unwrap_or(1)
    }
}

impl<const N: usize> Reached<Wide<N>> {
    /// The same layer in `M` limbs; a layer on disk is widened as it is
    /// read. A count that does not fit (`M` below `N`) is an overflow.
    fn widen<const M: usize>(self, shape: &Shape) -> Result<Reached<Wide<M>>> {
        let Reached { held, history, seconds, saved } = self;
        let held = match held {
            Held::Memory(layer) => {
                let widen = |part: Vec<(u64, Wide<N>)>| -> Option<Vec<(u64, Wide<M>)>> {
                    part.into_iter().map(|(key, n)| Some((key, Wide::<M>::resized(&n.0)?))).collect()
                };
                // Part by part, each freed once widened.
                let layer: Option<Layer<Wide<M>>> = layer.into_iter().map(widen).collect();
                Held::Memory(layer.ok_or(GoError::LegalOverflow { rows: shape.rows, cols: shape.cols })?)
            }
            Held::File(path, header) => Held::File(path, header),
        };
        Ok(Reached { held, history, seconds, saved })
    }
}

/// Fills the points from `reached` up to `until` (not included), and
/// returns where the count then stands.
#[allow(clippy::too_many_arguments)]
fn run<C: Count>(
    shape: &Shape,
    ring: C::Ring,
    label: &str,
    progress: Progress<'_>,
    saves: &Saves<'_>,
    reached: Reached<C>,
    until: usize,
) -> Result<Reached<C>> {
    let Shape { rows, cols, width, memory, words, storage, tuning, .. } = *shape;
    let points = rows * cols;
    let start = Instant::now();
    let Reached { mut held, mut history, seconds: before, mut saved } = reached;
    // Kept from point to point, so that its memory is reused rather than
    // mapped anew.
    let mut spread: Spread<C> = Vec::new();
    for point in history.len()..until {
        let col = point % width;
        let now = held.states();
        let expected = expected_states(&history, width, now);
        // The last layer stays in memory, to be summed.
        let saving = saves.saving.filter(|_| point + 1 < points);
        let to_disk = storage == Storage::Disk && saving.is_some();
        let at_point = shape.at_point(now, expected);
        let made = step(held.open()?, now, &mut spread, col, &at_point, ring, expected, to_disk)?;
        let states = made.states();
        history.push(states);
        // Checked against the stage's plan (its most chunks), not the
        // point's: the next point may need more chunks than this one.
        let bytes = (states as u64).saturating_mul(storage.bytes_per_state(words, tuning.chunks));
        if bytes > memory.bytes() {
            return Err(GoError::LegalMemory { rows, cols, needed: bytes, limit: memory.bytes() }.into());
        }
        progress.report(Step { label, done: point as u64 + 1, total: points as u64, nodes: states as u128 });
        let Some(saving) = saving else {
            let Made::Layer(layer) = made else { unreachable!("tables are made only to be written") };
            held = Held::Memory(layer);
            continue;
        };
        let stop = saving.stop.is_some_and(|stop| stop.load(Ordering::Relaxed));
        let due = stop || saved.elapsed() >= saving.every;
        let header = |parts: usize| Header {
            version: snapshot::VERSION,
            rows,
            cols,
            width,
            words: C::WORDS,
            modulus: saves.modulus,
            residues: saves.residues.clone(),
            alone: saves.alone,
            point: point + 1,
            history: history.clone(),
            max_states: saves.max_states,
            seconds: before + start.elapsed().as_secs_f64(),
            states: states as u64,
            parts: parts as u64,
        };
        held = match made {
            Made::Layer(layer) => {
                if due {
                    snapshot::write(saving.path, &header(layer.len()), &layer)?;
                }
                Held::Memory(layer)
            }
            Made::Tables(tables) => {
                // Beside the snapshot; the file read by this point, if it
                // was this one, is truncated (it is read no more).
                let beside = snapshot::temporary(saving.path);
                let header = header(tables.len());
                let mut out = snapshot::LayerWriter::create(&beside, &header)?;
                for table in tables {
                    // Each table freed once written.
                    match table {
                        Some(table) => out.part(table.len(), table.states())?,
                        None => out.part::<C>(0, std::iter::empty())?,
                    }
                }
                out.finish(false)?;
                if due {
                    snapshot::promote(&beside, saving.path)?;
                    Held::File(saving.path.to_owned(), header)
                } else {
                    Held::File(beside, header)
                }
            }
        };
        if due {
            saved = Instant::now();
            if stop {
                let path = saving.path.display().to_string();
                return Err(GoError::LegalStopped { path, point: point + 1, points }.into());
            }
        }
    }
    Ok(Reached { held, history, seconds: before + start.elapsed().as_secs_f64(), saved })
}

/// The states expected after the next point, from the states after each
/// point so far (`history`) and the `states` now: at most three times as
/// many, and from the third row on, the states of the same column a row
/// before times their growth over the row before that, and 5% more. The
/// estimate only sizes the tables: a table that receives more grows.
fn expected_states(history: &[usize], width: usize, states: usize) -> usize {
    let most = states.saturating_mul(3).max(1);
    let t = history.len();
    if t < 2 * width {
        return most;
    }
    let (before, last) = (history[t - 2 * width] as f64, history[t - width] as f64);
    let growth = (last / before.max(1.0)).clamp(1.0, 1.5);
    ((last * growth * 1.05) as usize).clamp(1, most)
}

/// Empties `vectors` and gives each room for `share` entries and a
/// little more; one kept from before with much more is given back, so
/// that none holds twice its share.
fn make_room<T>(vectors: &mut [Vec<T>], share: usize) {
    let room = share + share / 32 + 16;
    for vector in vectors {
        vector.clear();
        if vector.capacity() > 2 * room {
            *vector = Vec::new();
        }
        vector.reserve_exact(room);
    }
}

/// Which of `parts` parts a key of mixed hash `hash` falls in: the top
/// bits of the hash, scaled (a table's slot takes the low bits).
#[inline]
fn part_of(hash: u64, parts: usize) -> usize {
    ((u128::from(hash) * parts as u128) >> 64) as usize
}

/// One point filled in column `col`: every state of the layer read from
/// `source` (`states` of them) times the three colours, summed by key.
///
/// The successors are summed in one [`PartTable`] a part, about
/// `expected / part_keys` parts split by the hash of the key. The layer is
/// read in chunks ([`Tuning`]), each freed once read: the successors of a
/// chunk are spread into buckets of neighbouring parts (the chunk split
/// among the threads), then each bucket is split into its parts and each
/// part added to its table (the buckets split among the threads). A key
/// falls in one part and is summed in one table, so the counts do not
/// depend on the thread count. The tables become the next layer, or, with
/// `to_disk`, are handed back to be written. A count that does not fit is
/// an error.
#[allow(clippy::too_many_arguments)]
fn step<C: Count>(
    mut source: Source<C>,
    states: usize,
    spread: &mut Spread<C>,
    col: usize,
    shape: &Shape,
    ring: C::Ring,
    expected: usize,
    to_disk: bool,
) -> Result<Made<C>> {
    let Shape { rows, cols, width, threads, tuning, .. } = *shape;
    let parts = expected.div_ceil(tuning.part_keys).max(1);
    let keys_a_part = expected.div_ceil(parts);
    // Parts a bucket: one while the parts are few.
    let group = parts.div_ceil(tuning.buckets * threads).max(1);
    let buckets = parts.div_ceil(group);
    // A part's table is made when its first successors come, and turned
    // into the part's states as soon as the last chunk is added: with one
    // chunk, each table lives only while its part is summed.
    let mut tables: Vec<Option<PartTable<C>>> = Vec::new();
    tables.resize_with(parts, || None);
    let mut next: Layer<C> = Vec::new();
    next.resize_with(parts, Vec::new);
    let chunk_states = (states / tuning.chunks).max(tuning.min_chunk);
    spread.resize_with(threads, Vec::new);
    // The successors of a chunk, summed in the tables; `last` turns the
    // tables into the next layer. `false` when a count does not fit.
    let mut make = |chunk: &mut Vec<Vec<(u64, C)>>, last: bool| -> bool {
        let per_slice = chunk.len().div_ceil(threads).max(1);
        let slices = chunk.len().div_ceil(per_slice);
        spread.par_iter_mut().zip(chunk.par_chunks_mut(per_slice)).for_each(|(out, slice)| {
            out.resize_with(buckets, Vec::new);
            // Room for three successors a state, evenly spread, and a
            // little more: a vector kept from before with much more is
            // given back, so that no bucket holds twice its share.
            let successors = 3 * slice.iter().map(Vec::len).sum::<usize>();
            make_room(out, successors.div_ceil(buckets));
            for vector in slice {
                for (key, n) in std::mem::take(vector) {
                    for succ in Border::successors_of_key(key, width, col).into_iter().flatten() {
                        out[part_of(mix(succ), parts) / group].push((succ, n));
                    }
                }
            }
        });
        let spread = &spread[..slices];
        let tasks = tables.par_chunks_mut(group).zip(next.par_chunks_mut(group)).enumerate();
        // A bucket's successors split by part, in vectors kept from bucket
        // to bucket.
        let summed = tasks.map_init(Vec::new, |split: &mut Vec<Vec<(u64, C)>>, (bucket, (tables, next))| {
            if group > 1 {
                split.resize_with(group, Vec::new);
                let successors = spread.iter().map(|slice| slice[bucket].len()).sum::<usize>();
                make_room(split, successors.div_ceil(group));
                let first = bucket * group;
                for slice in spread {
                    for &(key, n) in &slice[bucket] {
                        split[part_of(mix(key), parts) - first].push((key, n));
                    }
                }
            }
            for (i, (table, states)) in tables.iter_mut().zip(next).enumerate() {
                let sums = table.get_or_insert_with(|| PartTable::with_expected(keys_a_part));
                let mut add =
                    |successors: &[(u64, C)]| successors.iter().all(|(key, n)| sums.add(*key, mix(*key), n, ring));
                let fits = if group > 1 { add(&split[i]) } else { spread.iter().all(|slice| add(&slice[bucket])) };
                if !fits {
                    return false;
                }
                if last {
                    *states = table.take().map(PartTable::into_states).unwrap_or_default();
                }
            }
            true
        });
        summed.all(|fits| fits)
    };
    let read = |source: &mut Source<C>| -> Result<Vec<Vec<(u64, C)>>> {
        let mut chunk = Vec::new();
        let mut held = 0;
        while held < chunk_states {
            let Some(part) = source.part()? else { break };
            held += part.len();
            chunk.push(part);
        }
        Ok(chunk)
    };
    // (Reading the next chunk of a layer file while one is made, by
    // `rayon::join`, cost more than it saved: 93 s against 75 s at 11×11,
    // the reading holding up one of the two threads that split the chunk.)
    while !source.is_empty() {
        let mut chunk = read(&mut source)?;
        let last = source.is_empty() && !to_disk;
        if !make(&mut chunk, last) {
            return Err(GoError::LegalOverflow { rows, cols }.into());
        }
    }
    source.finish()?;
    Ok(if to_disk { Made::Tables(tables) } else { Made::Layer(next) })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(rows: usize, cols: usize) -> u128 {
        let run = count_positions(rows, cols, 1, MemoryLimit::default(), Progress::NONE).unwrap();
        u128::try_from(run.count).unwrap()
    }

    #[test]
    fn tiny_boards_by_hand() {
        // 1x1: only the empty board. 1x2: .., B., .B, W., .W.
        assert_eq!(count(1, 1), 1);
        assert_eq!(count(1, 2), 5);
        assert_eq!(count(2, 1), 5);
        // OEIS A094777's own example: 3^4 - 16 - 8.
        assert_eq!(count(2, 2), 81 - 16 - 8);
    }

    #[test]
    fn both_orientations_agree() {
        for (m, n) in [(2, 5), (3, 4), (3, 5), (4, 5), (2, 7)] {
            let a = count_with_width(m, n, m, 1, MemoryLimit::default(), Progress::NONE).unwrap();
            let b = count_with_width(m, n, n, 1, MemoryLimit::default(), Progress::NONE).unwrap();
            assert_eq!(a.count, b.count, "{m}x{n}");
        }
    }

    #[test]
    fn parts_and_chunks_do_not_change_the_count() {
        // Tiny tables that must grow, and chunks of a few states, on three
        // threads, against the default cut on one.
        // With the layers on disk, the chunks are read part by part from
        // the layer file.
        let plain = count_positions(6, 7, 1, MemoryLimit::default(), Progress::NONE).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("count.snapshot");
        for storage in [Storage::Memory, Storage::Disk] {
            let mut shape = Shape::new(6, 7, 6, 3, MemoryLimit::default(), limbs_for(42), storage).unwrap();
            shape.tuning = Tuning { part_keys: 7, chunks: 50, min_chunk: 3, buckets: 2, fit_each_point: false };
            let saving = Saving { path: &path, every: Duration::from_secs(3600), stop: None, storage };
            let saves = Saves { saving: Some(saving), ..Saves::default() };
            let begin = Reached::begin(&shape, &saves).unwrap();
            let (count, max_states) =
                shape.pool().unwrap().install(|| exact::<2>(&shape, "", Progress::NONE, &saves, begin)).unwrap();
            assert_eq!((&count, max_states), (&plain.count, plain.max_states), "{storage:?}");
            assert!(max_states > 1000, "{max_states}");
        }
    }

    #[test]
    fn a_tighter_limit_reads_the_layers_in_more_chunks() {
        let words = limbs_for(169);
        let plan = |chunks| estimated_states(13) * bytes_per_state(words, chunks);
        let chunks = |limit| {
            let memory = MemoryLimit::from_bytes(limit);
            Shape::new(13, 13, 13, 1, memory, words, Storage::Memory).map(|s| s.tuning.chunks)
        };
        assert_eq!(chunks(plan(1)).unwrap(), 1);
        assert_eq!(chunks(plan(1) - 1).unwrap(), 2);
        assert_eq!(chunks(plan(MOST_CHUNKS)).unwrap(), MOST_CHUNKS);
        assert!(chunks(plan(MOST_CHUNKS) - 1).is_err());
    }

    #[test]
    fn the_points_in_fewer_limbs_are_read_in_fewer_chunks() {
        // 14x14 on disk in 22 GiB: 32 chunks for five limbs, 16, 8 and 4
        // for the points whose counts fit four, three and two.
        let memory = MemoryLimit::from_bytes(22 << 30);
        let shape = Shape::new(14, 14, 14, 2, memory, limbs_for(196), Storage::Disk).unwrap();
        let chunks = |words| shape.in_words(words).tuning.chunks;
        assert_eq!([chunks(5), chunks(4), chunks(3), chunks(2)], [32, 16, 8, 4]);
        assert_eq!(shape.in_words(2).words, 2);
        // Never more chunks than planned, whatever the memory.
        let mut tight = shape;
        tight.tuning.chunks = 2;
        assert_eq!(tight.in_words(2).tuning.chunks, 2);
    }

    #[test]
    fn each_point_is_read_in_the_fewest_chunks_its_states_need() {
        // 14x14 on disk in 22 GiB, at the 201.6 million states after point
        // 97 (its layers stay near 210 million, below the 276 million
        // planned): 8 chunks in five limbs instead of 32, 4 in three
        // instead of 8, 2 in two instead of 4.
        let memory = MemoryLimit::from_bytes(22 << 30);
        let shape = Shape::new(14, 14, 14, 2, memory, limbs_for(196), Storage::Disk).unwrap();
        let after_97 = 201_634_032;
        let chunks = |words, now, expected| shape.in_words(words).at_point(now, expected).tuning.chunks;
        assert_eq!(
            [chunks(5, after_97, after_97), chunks(4, after_97, after_97), chunks(3, after_97, after_97)],
            [8, 8, 4]
        );
        assert_eq!(chunks(2, after_97, after_97), 2);
        // The larger of the states read and expected, with an eighth more.
        assert_eq!(chunks(5, after_97 / 2, after_97), 8);
        assert_eq!(chunks(5, after_97, after_97 / 2), 8);
        let most = (memory.bytes() / Storage::Disk.bytes_per_state(5, 8)) as usize;
        assert_eq!(chunks(5, most * 8 / 9, 0), 8);
        assert_eq!(chunks(5, most * 8 / 9 + 1000, 0), 16);
        // Never more chunks than planned, and as planned when asked.
        assert_eq!(chunks(5, 1 << 40, 0), 32);
        let mut fixed = shape;
        fixed.tuning.fit_each_point = false;
        assert_eq!(fixed.at_point(after_97, after_97).tuning.chunks, 32);
    }

    /// Counts `rows`×`cols` stopping after every point and resuming from
    /// its snapshot, on two threads; returns the count and the points at
    /// which it stopped.
    /// `storage(i)` is where the `i`-th start of the count keeps its layers.
    fn stop_at_every_point(
        rows: usize,
        cols: usize,
        memory: MemoryLimit,
        storage: fn(usize) -> Storage,
    ) -> (LegalCount, Vec<usize>) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("count.snapshot");
        let stop = AtomicBool::new(true);
        let saving =
            |i| Saving { path: &path, every: Duration::from_secs(3600), stop: Some(&stop), storage: storage(i) };
        let mut stops = Vec::new();
        let mut outcome = count_positions_saved(rows, cols, 2, memory, Progress::NONE, saving(0));
        loop {
            match outcome {
                Err(crate::Error::Go(GoError::LegalStopped { point, points, .. })) => {
                    assert_eq!(points, rows * cols);
                    stops.push(point);
                }
                Err(e) => panic!("{e}"),
                Ok(run) => {
                    // Neither the snapshot nor a layer file beside it is left.
                    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
                    return (run, stops);
                }
            }
            assert!(path.exists());
            outcome = resume_positions(saving(stops.len()), 2, memory, Progress::NONE);
        }
    }

    #[test]
    fn a_count_stopped_after_every_point_resumes_to_the_same_count() {
        let plain = count_positions(6, 7, 1, MemoryLimit::default(), Progress::NONE).unwrap();
        let (run, stops) = stop_at_every_point(6, 7, MemoryLimit::default(), |_| Storage::Memory);
        assert_eq!((run.count, run.max_states, run.arithmetic), (plain.count, plain.max_states, plain.arithmetic));
        assert_eq!(stops, (1..42).collect::<Vec<_>>());
    }

    #[test]
    fn layers_on_disk_give_the_same_count_stopped_or_not() {
        let plain = count_positions(6, 7, 1, MemoryLimit::default(), Progress::NONE).unwrap();
        // Never stopped: the layer file beside the snapshot renamed into
        // place after every point, or never.
        for every in [Duration::ZERO, Duration::from_secs(3600)] {
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("count.snapshot");
            let saving = Saving { path: &path, every, stop: None, storage: Storage::Disk };
            let run = count_positions_saved(6, 7, 2, MemoryLimit::default(), Progress::NONE, saving).unwrap();
            assert_eq!((&run.count, run.max_states), (&plain.count, plain.max_states), "{every:?}");
            assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
        }
        // Stopped after every point, and resumed with the layers on disk
        // and in memory in turn: the snapshots are the same files.
        let alternate = |i: usize| if i.is_multiple_of(2) { Storage::Disk } else { Storage::Memory };
        let (run, stops) = stop_at_every_point(6, 7, MemoryLimit::default(), alternate);
        assert_eq!((run.count, run.max_states, run.arithmetic), (plain.count, plain.max_states, plain.arithmetic));
        assert_eq!(stops, (1..42).collect::<Vec<_>>());
    }

    #[test]
    fn layers_on_disk_count_exactly_in_less_memory() {
        let plain = count_positions(6, 7, 1, MemoryLimit::default(), Progress::NONE).unwrap();
        // 340 kB: by residues with the layers in memory (the test below),
        // in limbs with them on disk.
        let (run, _) = stop_at_every_point(6, 7, MemoryLimit::from_bytes(340_000), |_| Storage::Disk);
        assert_eq!((&run.count, run.arithmetic), (&plain.count, plain.arithmetic));
        // 160 kB: too little for limbs even on disk, and for one prime in
        // memory; on disk, two primes one after the other.
        let memory = MemoryLimit::from_bytes(160_000);
        assert!(Storage::Memory.bytes_per_state(1, MOST_CHUNKS) * estimated_states(6) > memory.bytes());
        let (run, stops) = stop_at_every_point(6, 7, memory, |_| Storage::Disk);
        assert_eq!((run.count, run.arithmetic), (plain.count, Arithmetic::Moduli(2)));
        assert_eq!(stops, (1..42).chain(1..42).collect::<Vec<_>>());
    }

    #[test]
    fn a_damaged_layer_read_from_disk_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("count.snapshot");
        let stop = AtomicBool::new(true);
        let saving = Saving { path: &path, every: Duration::ZERO, stop: Some(&stop), storage: Storage::Disk };
        for _ in 0..30 {
            let outcome = match path.exists() {
                false => count_positions_saved(6, 7, 1, MemoryLimit::default(), Progress::NONE, saving),
                true => resume_positions(saving, 1, MemoryLimit::default(), Progress::NONE),
            };
            assert!(matches!(outcome, Err(crate::Error::Go(GoError::LegalStopped { .. }))));
        }
        // A bit of a count flipped: the size is right, so the count starts,
        // and the check word refuses the layer once it is read.
        let mut bytes = std::fs::read(&path).unwrap();
        let at = bytes.len() - 20;
        bytes[at] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        let error = resume_positions(saving, 1, MemoryLimit::default(), Progress::NONE).unwrap_err().to_string();
        assert!(error.contains("check word") && error.contains("count.snapshot"), "{error}");
        // The snapshot is left as it was.
        assert_eq!(std::fs::read(&path).unwrap(), bytes);
    }

    #[test]
    fn a_count_by_residues_resumes_within_and_between_primes() {
        // Too little memory for limbs: two primes, one after the other.
        let memory = MemoryLimit::from_bytes(340_000);
        let plain = count_positions(6, 7, 1, MemoryLimit::default(), Progress::NONE).unwrap();
        let (run, stops) = stop_at_every_point(6, 7, memory, |_| Storage::Memory);
        assert_eq!((run.count, run.arithmetic), (plain.count, Arithmetic::Moduli(2)));
        assert_eq!(run.max_states, plain.max_states);
        // Each prime stops after each of its points but the last.
        assert_eq!(stops, (1..42).chain(1..42).collect::<Vec<_>>());
    }

    /// The labels of the passes of a count by residues of a 4×40 board
    /// (160 points: five primes) under `memory`, and its count.
    fn passes_of_4x40(memory: MemoryLimit) -> (Vec<String>, LegalCount) {
        let labels = std::sync::Mutex::new(Vec::<String>::new());
        let on_step = |step: Step<'_>| {
            let mut labels = labels.lock().unwrap();
            if labels.last().is_none_or(|last| last != step.label) {
                labels.push(step.label.to_owned());
            }
        };
        let run = count_by_moduli(4, 40, 2, memory, Progress::new(&on_step)).unwrap();
        (labels.into_inner().unwrap(), run)
    }

    #[test]
    fn primes_counted_several_in_a_pass_give_the_same_count() {
        let exact = count_positions(4, 40, 1, MemoryLimit::default(), Progress::NONE).unwrap();
        assert_eq!((moduli_for(4, 40), exact.arithmetic), (5, Arithmetic::Exact(4)));
        let room = |words| MemoryLimit::from_bytes(estimated_states(4) * bytes_per_state(words, MOST_CHUNKS));
        let passes = |words| {
            let (labels, run) = passes_of_4x40(room(words));
            assert_eq!(
                (&run.count, run.max_states, run.arithmetic),
                (&exact.count, exact.max_states, Arithmetic::Moduli(5))
            );
            labels
        };
        // Room for one prime a pass at the estimate of the states: the
        // first pass counts one, and the states it measured (fewer than
        // the estimate) leave room for more.
        let one = passes(1);
        assert_eq!(one[0], "legal 4x40 mod p0");
        assert!(one.len() < 5, "{one:?}");
        // Room for three: five primes in two passes, three and two.
        assert_eq!(passes(3), ["legal 4x40 mod p0-p2", "legal 4x40 mod p3-p4"]);
        // Room for all: four at most in a pass, so still two, and even.
        assert_eq!(passes(5), ["legal 4x40 mod p0-p2", "legal 4x40 mod p3-p4"]);
        // Too little room for one prime even at the states a pass would
        // measure: refused by the plan, before the first pass.
        let tiny = MemoryLimit::from_bytes(exact.max_states as u64 * bytes_per_state(1, MOST_CHUNKS) - 1);
        assert!(matches!(
            count_by_moduli(4, 40, 1, tiny, Progress::NONE),
            Err(crate::Error::Go(GoError::LegalMemory { .. }))
        ));
    }

    #[test]
    fn passes_of_several_primes_resume_within_and_between_them() {
        // Room for three primes a pass but not for limbs: two passes.
        let memory = MemoryLimit::from_bytes(estimated_states(4) * bytes_per_state(3, MOST_CHUNKS));
        assert!(!is_exact(4, 40, memory, Storage::Memory));
        let exact = count_positions(4, 40, 1, MemoryLimit::default(), Progress::NONE).unwrap();
        let (run, stops) = stop_at_every_point(4, 40, memory, |_| Storage::Memory);
        assert_eq!((run.count, run.max_states, run.arithmetic), (exact.count, exact.max_states, Arithmetic::Moduli(5)));
        assert_eq!(stops, (1..160).chain(1..160).collect::<Vec<_>>());
    }

    #[test]
    fn a_count_modulo_one_prime_alone_resumes_to_the_same_residue() {
        let d = MemoryLimit::default();
        let plain = count_positions_modulo(6, 7, 1, 1, d, Progress::NONE).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p1.snapshot");
        let stop = AtomicBool::new(true);
        let saving =
            Saving { path: &path, every: Duration::from_secs(3600), stop: Some(&stop), storage: Storage::Memory };
        let mut stops = Vec::new();
        let mut outcome = count_positions_modulo_saved(6, 7, 1, 2, d, Progress::NONE, saving);
        let run = loop {
            match outcome {
                Err(crate::Error::Go(GoError::LegalStopped { point, .. })) => stops.push(point),
                other => break other.unwrap(),
            }
            let header = snapshot::read_header(&path).unwrap();
            assert!(header.alone && header.modulus == Some(1) && header.residues.is_empty());
            // Not a whole count: the other resumption refuses it, and
            // leaves it.
            assert!(resume_positions(saving, 2, d, Progress::NONE).unwrap_err().to_string().contains("alone"));
            outcome = resume_positions_modulo(saving, 2, d, Progress::NONE);
        };
        assert_eq!(run, plain);
        assert_eq!(stops, (1..42).collect::<Vec<_>>());
        assert!(!path.exists());
        // And a snapshot of a whole count is not one prime's.
        count_positions_saved(4, 5, 1, d, Progress::NONE, saving).unwrap_err();
        assert!(resume_positions_modulo(saving, 1, d, Progress::NONE).unwrap_err().to_string().contains("whole"));
    }

    #[test]
    fn a_snapshot_of_another_count_or_none_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("count.snapshot");
        let stop = AtomicBool::new(true);
        let saving = Saving { path: &path, every: Duration::ZERO, stop: Some(&stop), storage: Storage::Memory };
        let d = MemoryLimit::default();
        assert!(matches!(
            resume_positions(saving, 1, d, Progress::NONE),
            Err(crate::Error::Go(GoError::LegalSnapshot { .. }))
        ));
        assert!(count_positions_saved(4, 5, 1, d, Progress::NONE, saving).is_err());
        // The snapshot's states do not fit a tiny limit: refused before
        // they are read.
        let tiny = MemoryLimit::from_bytes(2_000);
        assert!(matches!(
            resume_positions(saving, 1, tiny, Progress::NONE),
            Err(crate::Error::Go(GoError::LegalMemory { .. }))
        ));
        // A header that names a point past the board.
        let mut header = snapshot::read_header(&path).unwrap();
        let layer = snapshot::read_layer::<Wide<2>>(&path, &header).unwrap();
        header.point = 20;
        header.history = vec![1; 20];
        snapshot::write(&path, &header, &layer).unwrap();
        assert!(resume_positions(saving, 1, d, Progress::NONE).unwrap_err().to_string().contains("count again"));
    }

    #[test]
    fn threads_do_not_change_the_count() {
        let one = count_positions(5, 5, 1, MemoryLimit::default(), Progress::NONE).unwrap();
        let three = count_positions(5, 5, 3, MemoryLimit::default(), Progress::NONE).unwrap();
        assert_eq!(one.count, three.count);
        assert_eq!(one.max_states, three.max_states);
    }

    #[test]
    fn states_stay_below_the_estimate() {
        for w in 1..=6 {
            let run = count_positions(w, w + 2, 1, MemoryLimit::default(), Progress::NONE).unwrap();
            assert!((run.max_states as u64) < estimated_states(w), "width {w}: {}", run.max_states);
        }
    }

    #[test]
    fn bad_sizes_are_refused() {
        use crate::Error::Go;
        let d = MemoryLimit::default();
        assert!(matches!(count_positions(0, 4, 1, d, Progress::NONE), Err(Go(GoError::LegalBoard { .. }))));
        assert!(matches!(count_positions(19, 20, 1, d, Progress::NONE), Err(Go(GoError::LegalBoard { .. }))));
        assert!(matches!(count_positions(19, 19, 1, d, Progress::NONE), Err(Go(GoError::LegalMemory { .. }))));
        assert!(matches!(count_positions(1, 362, 1, d, Progress::NONE), Err(Go(GoError::LegalBoard { .. }))));
        let tight = MemoryLimit::from_bytes(1 << 20);
        assert!(matches!(count_positions(9, 9, 1, tight, Progress::NONE), Err(Go(GoError::LegalMemory { .. }))));
        // A limit below the estimate refuses 14x14 before it starts, by
        // residues too (about 14 GiB planned).
        let eight = MemoryLimit::from_bytes(8 << 30);
        assert!(matches!(count_positions(14, 14, 1, eight, Progress::NONE), Err(Go(GoError::LegalMemory { .. }))));
        assert!(count_positions(3, 3, 0, MemoryLimit::default(), Progress::NONE).is_err());
    }

    #[test]
    fn the_program_agrees_with_enumeration() {
        for rows in 1..=4 {
            for cols in 1..=4 {
                if rows * cols <= 12 {
                    assert_eq!(count(rows, cols), u128::from(brute::count_brute(rows, cols).unwrap()), "{rows}x{cols}");
                }
            }
        }
        // Longer strips, where the border runs along the short side.
        for (rows, cols) in [(1, 10), (2, 6), (6, 2)] {
            assert_eq!(count(rows, cols), u128::from(brute::count_brute(rows, cols).unwrap()), "{rows}x{cols}");
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]
        #[test]
        fn random_small_rectangles_agree_with_enumeration(rows in 1usize..=5, cols in 1usize..=5, threads in 1usize..=3) {
            proptest::prop_assume!(rows * cols <= 11);
            let run = count_positions(rows, cols, threads, MemoryLimit::default(), Progress::NONE).unwrap();
            proptest::prop_assert_eq!(run.count, BigUint::from(brute::count_brute(rows, cols).unwrap()));
        }
    }

    #[test]
    fn long_strips_need_more_limbs_and_keep_the_recurrence() {
        // 1x90 needs three limbs (3^90 > 2^128): the long strip obeys
        // A102620's recurrence a(n) = 3a(n-1) - a(n-2) + a(n-3).
        let strip = |n: usize| count_positions(1, n, 1, MemoryLimit::default(), Progress::NONE).unwrap();
        let (a, b, c, d) = (strip(87), strip(88), strip(89), strip(90));
        assert_eq!(d.arithmetic, Arithmetic::Exact(3));
        assert_eq!(d.count + b.count, c.count * 3u32 + a.count);
    }

    #[test]
    fn limbs_widen_as_the_board_fills_stopped_or_not() {
        // 2x45: two limbs for the layers of the first 82 points, three
        // after. The count by residues does not depend on limbs.
        assert_eq!((layer_limbs(82, 2), layer_limbs(83, 2), limbs_for(90)), (2, 3, 3));
        let plain = count_positions(2, 45, 2, MemoryLimit::default(), Progress::NONE).unwrap();
        let by_moduli = count_by_moduli(2, 45, 2, MemoryLimit::default(), Progress::NONE).unwrap();
        assert_eq!((&plain.count, plain.arithmetic), (&by_moduli.count, Arithmetic::Exact(3)));
        // On disk, not stopped: the layer file of point 82 read in three
        // limbs.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("count.snapshot");
        let saving = Saving { path: &path, every: Duration::from_secs(3600), stop: None, storage: Storage::Disk };
        let run = count_positions_saved(2, 45, 2, MemoryLimit::default(), Progress::NONE, saving).unwrap();
        assert_eq!(run.count, plain.count);
        // Stopped after every point, across the widening, the layers
        // alternately on disk and in memory.
        let disk = |i: usize| if i.is_multiple_of(2) { Storage::Disk } else { Storage::Memory };
        let (run, stops) = stop_at_every_point(2, 45, MemoryLimit::default(), disk);
        assert_eq!((run.count, run.max_states), (plain.count.clone(), plain.max_states));
        assert_eq!(stops, (1..90).collect::<Vec<_>>());
        // A snapshot in more limbs than its point needs (as every snapshot
        // of an exact count was before the limbs widened) goes on in
        // fewer, on disk and in memory.
        for storage in [Storage::Disk, Storage::Memory] {
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("count.snapshot");
            let stop = AtomicBool::new(true);
            let saving = Saving { path: &path, every: Duration::from_secs(3600), stop: Some(&stop), storage };
            for _ in 0..40 {
                let stopped = match std::fs::exists(&path).unwrap() {
                    false => count_positions_saved(2, 45, 2, MemoryLimit::default(), Progress::NONE, saving),
                    true => resume_positions(saving, 2, MemoryLimit::default(), Progress::NONE),
                };
                assert!(matches!(stopped, Err(crate::Error::Go(GoError::LegalStopped { .. }))));
            }
            let header = snapshot::read_header(&path).unwrap();
            assert_eq!((header.point, header.words), (40, 2));
            let layer = snapshot::read_layer::<Wide<3>>(&path, &header).unwrap();
            snapshot::write(&path, &Header { words: 3, ..header }, &layer).unwrap();
            stop.store(false, Ordering::Relaxed);
            let run = resume_positions(saving, 2, MemoryLimit::default(), Progress::NONE).unwrap();
            assert_eq!(run.count, plain.count);
        }
    }

    #[test]
    fn residues_and_limbs_give_the_same_count() {
        for (rows, cols, threads) in [(5, 5, 1), (6, 7, 2), (4, 9, 3), (7, 7, 2)] {
            let exact = count_positions(rows, cols, threads, MemoryLimit::default(), Progress::NONE).unwrap();
            let by_moduli = count_by_moduli(rows, cols, threads, MemoryLimit::default(), Progress::NONE).unwrap();
            assert_eq!(exact.count, by_moduli.count, "{rows}x{cols}");
            assert_eq!(by_moduli.arithmetic, Arithmetic::Moduli(moduli_for(rows, cols)));
            let p = ring::moduli(2)[1];
            let one = count_positions_modulo(rows, cols, 1, threads, MemoryLimit::default(), Progress::NONE).unwrap();
            assert_eq!((one.modulus, BigUint::from(one.residue)), (p, &exact.count % p));
        }
    }

    #[test]
    fn a_modulus_past_the_list_is_refused() {
        let d = MemoryLimit::default();
        assert!(count_positions_modulo(3, 3, ring::MAX_MODULI, 1, d, Progress::NONE).is_err());
    }
}
