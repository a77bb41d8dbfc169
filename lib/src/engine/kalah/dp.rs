//! Counting by dynamic programming over the pits: Bell's "N Unknown".
//!
//! # Without laps
//!
//! A continuation from pit `Pi` holding exactly `i` counters empties it and
//! adds one counter to each pit below it; the pits above it are untouched.
//! So pit `Pj` sees only the plays of the pits above it, its *ticks*, and
//! plays when it holds exactly `j`: first after `j - a` ticks (`a` its
//! starting counters), then again every `j` ticks, each time before the next
//! tick comes (after it the pit holds more than `j`). Given how often each
//! pit plays, the order of the plays is therefore forced: pit `Pj`'s `m`-th
//! play goes right after a fixed tick of the plays above it. A sequence of
//! continuations is fixed by its play counts, and a dynamic program from
//! `PN` down to `P1` whose state is the number of plays made above the
//! current pit counts them all.
//!
//! # What is counted
//!
//! The methods count *move sequences*: Bell's outputs, one per terminal move
//! at the end of a (possibly empty) chain of continuations `σ`. If `s(σ)` is
//! the row after `σ`, the moves from it are its non-empty pits, and the
//! continuations among them lead to the chains one longer. Summing over the
//! chains,
//!
//! ```text
//! sequences = Σ_σ nonempty(s(σ)) − (#σ − 1)
//! ```
//!
//! since every chain but the empty one is one continuation of another. So
//! the program carries, per state, the number of partial chains and the sum
//! of their non-empty pits (a pit's final content follows from its play
//! counts and its ticks). A last counter of `P1` into the kalah that leaves
//! the mover's side empty ends the move (it is a terminal move, not a
//! continuation): such a chain ends on an empty row and is left out of `#σ`.
//!
//! # Laps
//!
//! With `L = 2N + 1` places in the sowing cycle, a pit `Pj` holding
//! `j + kL` counters (`k ≥ 1`) is a continuation too: its sowing gives every
//! own pit `k` counters (the emptied one included), one more to each pit
//! below it, and `k + 1` to the kalah. A lap reaches the pits *above* the
//! lapping pit, so it couples them. Each chain is split at its laps into
//! lap-free *segments*; its *skeleton* is the list of the laps' `k`, in
//! time order. For a fixed skeleton the program's state when it reaches pit
//! `Pj` is, for each segment, the number of plays above `Pj` in it, and for
//! each lap whether its pit is already placed (above `Pj`: it gives `Pj`
//! `k + 1`) or still pending (below: it gives `k`, or `Pj` is the lapping
//! pit and must then hold exactly `j + kL`). Within a segment pit `Pj`
//! plays as without laps; the order of all plays is again forced. At `P1`
//! every lap must be placed.
//!
//! Skeletons are grown a lap at a time, depth first: a chain with laps
//! `k1 … kt+1` begins with a chain of laps `k1 … kt`, so a skeleton that
//! has no chain is not extended. Every lap costs the mover's side `1 +
//! k(N + 1)` counters and needs `j + kL` in one pit, which bounds `k`.
//!
//! The last three pits are not stored: `P3` is walked from each state
//! before it, and `P2` and `P1` together are summed in closed form from
//! each of its ways, `P2`'s plays in a segment taken as one family (see
//! `Tail`).
//!
//! # Tables on disk
//!
//! A table is a hash map from state to sums (`Layer::Table`), or, when it
//! would not fit in memory and a directory is given ([`OnDisk`]), sorted
//! runs on disk (`Layer::Runs`, see [`crate::engine::spill`]): the states
//! after a pit gathered in a buffer per thread, sorted and combined as it
//! fills, and read back merged by state, a range of states per thread. A
//! count that saves itself ([`DpCheckpoint`]) records the skeletons solved
//! and the runs of the skeleton being solved after each pit on disk.
//!
//! Stack heights depend on the order of whole trees, which the program does
//! not see: it reports none.

use std::borrow::Borrow;
use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};

use rustc_hash::FxHashMap;

use super::checkpoint::{DpCheckpoint, PartSolved, RunFile, SolvedSkeleton};
use super::error::KalahError;
use crate::engine::limit::LimitError;
use crate::engine::memory::MemoryLimit;
use crate::engine::progress::{Progress, Step};
use crate::engine::spill::{self, Buffer, Record, Run, Spill};

/// The most skeletons (lists of laps) one count may solve before it is
/// refused: far more than the board test needs (a few hundred at 30 pits),
/// but a bound for positions with huge pits, whose laps have very many
/// possible sizes.
pub const MAX_SKELETONS: usize = 200_000;

/// The most laps one chain may hold (a bit each in a 32-bit word beside a
/// flag); a position that could hold more is refused.
const MAX_LAPS: usize = 30;

/// The most seconds a count by the dynamic program may be estimated to take
/// (a fit to the board test's times) before it is refused: 15 hours, as for
/// the explicit stack.
pub const MAX_DP_SECONDS: f64 = 15.0 * 3600.0;

/// Rough seconds of CPU the dynamic program takes on a position whose
/// mover holds `counters` counters, on the two-core machine of
/// `reports/kalah/dp.md`: fitted to the board test's CPU time with the
/// tail summed in closed form (build dcaa71c), 404 s at 45 pits (1,035
/// counters) and 7,169 s at 50 (1,275), a factor of about 1.012 a counter
/// (46 and 47 pits took 736 and 1,586 s; the fit says 701 and 1,231). Used
/// to choose the method and to refuse counts that could not finish;
/// positions unlike the board test may be much faster.
pub fn seconds(counters: u64) -> f64 {
    400.0 * (0.012 * (counters as f64 - 1035.0)).exp()
}

/// What a dynamic-programming count found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DpRun {
    /// Move sequences (Bell's outputs).
    pub sequences: u128,
    /// Move sequences with at least one lap among their continuations.
    pub lap_sequences: u128,
    /// The most laps in one move sequence.
    pub max_laps: usize,
    /// Skeletons solved (lists of laps with at least one chain).
    pub skeletons: usize,
    /// The most states one pit's step held.
    pub max_states: usize,
    /// Skeletons whose table after one of their last four pits would not
    /// fit in the memory limit, so that those pits were walked from the
    /// table before it instead of stored.
    pub walked_tails: usize,
    /// Pit steps whose table did not fit in memory and went to disk as
    /// sorted runs (with a spill directory).
    pub spilled_steps: usize,
}

/// Per state: partial chains, and the sum of their non-empty pits.
///
/// Aligned to 8 bytes, not a `u128`'s 16, so that a table bucket with a
/// `u64` state takes 40 bytes and not 48.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, packed(8))]
struct Acc {
    chains: u128,
    nonempty: u128,
}

impl Acc {
    /// `self + other`, or `None` past `u128`.
    fn plus(self, other: Acc) -> Option<Acc> {
        Some(Acc {
            chains: self.chains.checked_add(other.chains)?,
            nonempty: self.nonempty.checked_add(other.nonempty)?,
        })
    }
}

/// A state and its sums, as a record of a table on disk.
#[derive(Clone, Debug)]
struct Entry<K> {
    key: K,
    acc: Acc,
}

impl<K: StateKey> Record for Entry<K> {
    type Key = K;
    const MAX_BYTES: usize = K::MAX_BYTES + 2 * 19;

    #[inline]
    fn key(&self) -> K {
        self.key.clone()
    }

    #[inline]
    fn absorb(&mut self, other: &Self) -> bool {
        match self.acc.plus(other.acc) {
            Some(acc) => {
                self.acc = acc;
                true
            }
            None => false,
        }
    }

    /// The key after the one before, then the two sums, which are mostly
    /// small: a few bytes in all.
    #[inline]
    fn encode(&self, before: Option<&K>, out: &mut Vec<u8>) {
        self.key.encode_after(before, out);
        spill::put_varint(self.acc.chains, out);
        spill::put_varint(self.acc.nonempty, out);
    }

    #[inline]
    fn decode(bytes: &[u8], before: Option<&K>) -> Option<(Self, usize)> {
        let (key, at) = K::decode_after(bytes, before)?;
        let (chains, more) = spill::get_varint(&bytes[at..])?;
        let (nonempty, last) = spill::get_varint(&bytes[at + more..])?;
        Some((Entry { key, acc: Acc { chains, nonempty } }, at + more + last))
    }
}

/// What one skeleton's program found over the chains with exactly these
/// laps, counting only chains that end on a non-empty row.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct SkeletonSums {
    /// `#σ`.
    chains: u128,
    /// `Σ nonempty(s(σ))`.
    nonempty: u128,
    /// Chains whose last segment is empty: the empty chain, or one whose
    /// last play is its last lap.
    ending_at_lap: u128,
}

fn add(a: u128, b: u128) -> Result<u128, KalahError> {
    a.checked_add(b).ok_or(KalahError::Overflow)
}

/// Counts the move sequences from the mover's pits `own` (`P1` first).
///
/// `memory` bounds the states held at once: those before a pit and each
/// thread's after it; a step that would pass it stops the count with
/// [`KalahError::Limit`] before the state is stored. A pit with many
/// states before it is stepped on `threads` threads, each taking a share
/// of them; the count does not depend on `threads`.
///
/// With [`OnDisk`], a table that would pass `memory` is written to disk as
/// sorted runs instead (see [`crate::engine::spill`]), the pits after it
/// are stepped from disk, and the count can be saved and resumed; the count
/// is the same.
pub(crate) fn count<'d>(
    own: &[u32],
    memory: MemoryLimit,
    threads: usize,
    disk: Option<OnDisk<'d>>,
    progress: Progress<'d>,
) -> Result<DpRun, KalahError> {
    let (spill, resume, save) = match disk {
        Some(OnDisk { spill, resume, save }) => (Some(spill), resume, save),
        None => (None, None, None),
    };
    let mut solver = Solver::new(own, memory, threads, spill, save);
    solver.progress = progress;
    if let Some(resume) = resume {
        solver.resume(resume)?;
    }
    let mut skeleton = Vec::new();
    solver.grow(&mut skeleton, 0)?;
    // Paths with exactly K laps: Σ nonempty − #σ + E_K − E_{K+1}, where E_K
    // counts the chains of K laps whose last play is their last lap (the
    // empty chain for K = 0): their parents' lap continuations.
    let mut sequences = 0u128;
    let mut lap_free = 0u128;
    for (laps, sums) in solver.by_laps.iter().enumerate() {
        let next = solver.by_laps.get(laps + 1).map_or(0, |s| s.ending_at_lap);
        let paths = (sums.nonempty + sums.ending_at_lap)
            .checked_sub(sums.chains + next)
            .expect("every chain but the empty one is a continuation of another");
        sequences = add(sequences, paths)?;
        if laps == 0 {
            lap_free = paths;
        }
        if sums.chains > 0 {
            solver.run.max_laps = laps;
        }
    }
    solver.run.sequences = sequences;
    solver.run.lap_sequences = sequences - lap_free;
    Ok(solver.run)
}

struct Solver<'a, 'd> {
    own: &'a [u32],
    cycle: u64,
    total: u64,
    memory: MemoryLimit,
    threads: usize,
    spill: Option<&'d Spill>,
    /// The fewest states before a pit that are stepped on several threads.
    parallel_from: usize,
    run: DpRun,
    /// Sums over the skeletons of each number of laps.
    by_laps: Vec<SkeletonSums>,
    /// Every skeleton solved, in order, for the checkpoints.
    solved: Vec<(Vec<u32>, SkeletonSums)>,
    /// The skeletons a resumed checkpoint had solved.
    known: FxHashMap<Vec<u32>, SkeletonSums>,
    /// The skeleton a resumed checkpoint was solving.
    part: Option<PartSolved>,
    /// Called with each new checkpoint.
    save: RefCell<Option<Save<'d>>>,
    /// Told after each skeleton and each pit with the states stepped so far.
    progress: Progress<'d>,
    /// States stepped so far, every pit of every skeleton.
    stepped: u128,
}

/// What a count saves its checkpoints with; an error stops the count.
pub type Save<'a> = &'a mut (dyn FnMut(&DpCheckpoint) -> Result<(), KalahError> + 'a);

/// Where the dynamic program's tables past the memory limit go, and how
/// the count is saved and resumed.
pub struct OnDisk<'a> {
    /// The directory of the tables on disk, and its budget.
    pub spill: &'a Spill,
    /// A checkpoint of the same position to go on from.
    pub resume: Option<DpCheckpoint>,
    /// Called with a new checkpoint after every skeleton, and after every
    /// pit whose table went to disk: the files it names stay until the next
    /// call. With it, a table of [`CHECKPOINT_STATES`] states or more goes
    /// to disk, so that long skeletons are saved as they go.
    pub save: Option<Save<'a>>,
}

/// With checkpoints, the fewest states before a pit whose table after it
/// goes to disk, to be saved.
pub const CHECKPOINT_STATES: u64 = 1 << 20;

impl<'a, 'd> Solver<'a, 'd> {
    fn new(
        own: &'a [u32],
        memory: MemoryLimit,
        threads: usize,
        spill: Option<&'d Spill>,
        save: Option<Save<'d>>,
    ) -> Solver<'a, 'd> {
        Solver {
            own,
            cycle: 2 * own.len() as u64 + 1,
            total: own.iter().map(|&c| u64::from(c)).sum(),
            memory,
            threads,
            spill,
            parallel_from: PARALLEL_STATES,
            run: DpRun::default(),
            by_laps: Vec::new(),
            solved: Vec::new(),
            known: FxHashMap::default(),
            part: None,
            save: RefCell::new(save),
            progress: Progress::NONE,
            stepped: 0,
        }
    }

    /// Tells the progress: the skeletons solved, the one at hand and the
    /// pit it is at, and the states `stepped` so far.
    fn tell(&self, skeleton: &[u32], pit: Option<usize>, stepped: u128) {
        if !self.progress.is_some() {
            return;
        }
        let at = match pit {
            Some(index) => format!("laps {skeleton:?} at P{}", index + 1),
            None => format!("laps {skeleton:?} done"),
        };
        let label = format!("{} skeletons; {at};", self.run.skeletons);
        self.progress.report(Step { label: &label, done: self.run.skeletons as u64, total: 0, nodes: stepped });
    }

    /// Takes up a checkpoint of this position.
    fn resume(&mut self, checkpoint: DpCheckpoint) -> Result<(), KalahError> {
        if checkpoint.own != self.own {
            return Err(KalahError::Checkpoint { why: "is of another position".to_owned() });
        }
        if checkpoint.current.is_some() && self.spill.is_none() {
            return Err(KalahError::Checkpoint { why: "holds a table on disk, but no directory is given".to_owned() });
        }
        for skeleton in checkpoint.solved {
            let sums = SkeletonSums {
                chains: skeleton.chains,
                nonempty: skeleton.nonempty,
                ending_at_lap: skeleton.ending_at_lap,
            };
            self.known.insert(skeleton.laps, sums);
        }
        // A table that is not whole (removed by hand, or by a count that
        // stopped on an error before runs were durable) is of no use: its
        // skeleton starts again from its top, and what is left of it goes.
        self.part = checkpoint.current.and_then(|part| {
            if part.runs.iter().all(|run| run.path.exists()) {
                return Some(part);
            }
            for run in &part.runs {
                let _ = std::fs::remove_file(&run.path);
            }
            None
        });
        self.run.max_states = checkpoint.max_states;
        self.run.walked_tails = checkpoint.walked_tails;
        self.run.spilled_steps = checkpoint.spilled_steps;
        Ok(())
    }

    /// Saves a checkpoint, with the skeleton being solved if any (and its
    /// figures so far), if the count saves them.
    fn save(&self, current: Option<PartSolved>, max_states: usize, spilled: usize) -> Result<(), KalahError> {
        let mut save = self.save.borrow_mut();
        let Some(save) = save.as_mut() else {
            return Ok(());
        };
        let solved = self.solved.iter().map(|(laps, sums)| SolvedSkeleton {
            laps: laps.clone(),
            chains: sums.chains,
            nonempty: sums.nonempty,
            ending_at_lap: sums.ending_at_lap,
        });
        save(&DpCheckpoint {
            own: self.own.to_vec(),
            solved: solved.collect(),
            current,
            max_states: self.run.max_states.max(max_states),
            walked_tails: self.run.walked_tails,
            spilled_steps: self.run.spilled_steps + spilled,
        })
    }

    /// Solves `skeleton`, then every skeleton one lap longer that starts
    /// with it, while they have chains. `spent` is the own counters the
    /// laps so far take off the mover's side at the least.
    fn grow(&mut self, skeleton: &mut Vec<u32>, spent: u64) -> Result<(), KalahError> {
        if self.run.skeletons >= MAX_SKELETONS {
            return Err(KalahError::TooManySkeletons { most: MAX_SKELETONS });
        }
        let sums = self.solve(skeleton)?;
        if sums.chains == 0 {
            return Ok(());
        }
        self.run.skeletons += 1;
        let laps = skeleton.len();
        if self.by_laps.len() <= laps {
            self.by_laps.resize(laps + 1, SkeletonSums::default());
        }
        let into = &mut self.by_laps[laps];
        into.chains = add(into.chains, sums.chains)?;
        into.nonempty = add(into.nonempty, sums.nonempty)?;
        into.ending_at_lap = add(into.ending_at_lap, sums.ending_at_lap)?;
        self.tell(skeleton, None, self.stepped);
        // The next lap needs 1 + kL counters in one pit among those left.
        let n = self.own.len() as u64;
        let left = self.total.saturating_sub(spent);
        let mut k = 1u64;
        if self.cycle < left && laps >= MAX_LAPS {
            return Err(KalahError::TooManySkeletons { most: MAX_SKELETONS });
        }
        while k * self.cycle < left {
            skeleton.push(k as u32);
            self.grow(skeleton, spent + 1 + k * (n + 1))?;
            skeleton.pop();
            k += 1;
        }
        Ok(())
    }

    /// Runs the program for one skeleton, `PN` down to `P1`, with states
    /// packed in a `u64` or a `u128` when they fit.
    fn solve(&mut self, skeleton: &[u32]) -> Result<SkeletonSums, KalahError> {
        if let Some(&sums) = self.known.get(skeleton) {
            self.solved.push((skeleton.to_vec(), sums));
            return Ok(sums);
        }
        let bits = u64::BITS - self.total.leading_zeros();
        let segments = skeleton.len() + 1;
        let width = 1 + skeleton.len() as u32 + segments as u32 * bits;
        if width <= u64::BITS {
            self.solve_with::<u64>(skeleton, bits)
        } else if width <= u128::BITS {
            self.solve_with::<u128>(skeleton, bits)
        } else {
            self.solve_with::<Vec<u32>>(skeleton, bits)
        }
    }

    /// The step of pit `P(index + 1)` in `skeleton`.
    fn pit<'s>(&self, index: usize, skeleton: &'s [u32]) -> PitStep<'s> {
        PitStep {
            j: index as u64 + 1,
            start: u64::from(self.own[index]),
            cycle: self.cycle,
            skeleton,
            below_pits: index as i64,
            below_counters: self.own[..index].iter().map(|&c| i64::from(c)).sum(),
            total: self.total,
        }
    }

    fn solve_with<K: StateKey>(&mut self, skeleton: &[u32], bits: u32) -> Result<SkeletonSums, KalahError> {
        let laps = skeleton.len();
        let segments = laps + 1;
        // Every table held at once (the states before a pit, each thread's
        // states after it, the buffers of a table going to disk) draws on
        // one budget, checked before it grows.
        let room = Room { memory: self.memory, held: AtomicU64::new(0), key_heap: K::heap_bytes(segments) };
        // From the top, or from the table on disk a checkpoint left.
        let (mut layer, top) = match self.part.take_if(|part| part.laps == skeleton) {
            Some(part) => {
                let spill = self.spill.expect("a resumed table on disk has a directory");
                let runs = part.runs.into_iter().map(|run| spill.adopt(run.path, run.records));
                (Layer::Runs(runs.collect::<Result<Vec<_>, _>>()?), part.pit)
            }
            None => {
                let mut first: FxHashMap<K, Acc> = FxHashMap::default();
                room.add(&mut first, K::pack(&vec![0u32; segments], 0, true, bits), Acc { chains: 1, nonempty: 0 })?;
                (Layer::Table(first), self.own.len() - 1)
            }
        };
        let checkpoints = self.save.borrow().is_some();
        let shape = Shape { segments, bits };
        let mut walked_tail = false;
        let mut spilled = 0;
        let mut max_states = 0;
        let mut previous = 0;
        let mut states_stepped = 0u128;
        // The last pits from the table before them: their chains are only
        // summed, so they are added up as they come instead of stored
        // (`Tail`): the pits above `P1` down to `P(index + 1)` walked.
        let tail_sums = |index: usize, layer: &Layer<K>| -> Result<(SkeletonSums, usize), KalahError> {
            let walked: Vec<PitStep<'_>> = (1..=index).rev().map(|i| self.pit(i, skeleton)).collect();
            let tail = Tail { walked: &walked, last: self.pit(0, skeleton), laps };
            let (parts, seen) = layer.in_parts(self.parts(layer), &SumTail { tail: &tail, shape }, &room)?;
            let mut total = SkeletonSums::default();
            for part in parts {
                total.add(part)?;
            }
            Ok((total, seen))
        };
        let mut sums = SkeletonSums::default();
        for index in (0..=top).rev() {
            if index < TAIL_PITS {
                let (tail, seen) = tail_sums(index, &layer)?;
                (sums, max_states) = (tail, max_states.max(seen));
                break;
            }
            let pit = self.pit(index, skeleton);
            // With a spill directory, a table whose growth so far says it
            // would not fit goes to disk at once, not after filling memory.
            let to_disk = matches!(layer, Layer::Runs(_))
                || (self.spill.is_some() && !room.may_hold::<K>(&layer, previous))
                || (checkpoints && layer.records() >= CHECKPOINT_STATES);
            previous = layer.records();
            let stepped = match (to_disk, self.spill) {
                (true, Some(spill)) => self.step_to_disk(&pit, &layer, shape, spill, &room),
                _ => self.step_to_table(&pit, &layer, shape, &room),
            };
            let (next, seen) = match stepped {
                Ok(next) => next,
                // The table after this pit does not fit: with a spill
                // directory it goes to disk, and so does every table after
                // it in this skeleton. The failed step's tables are freed.
                Err(KalahError::Limit(_)) if !to_disk && self.spill.is_some() => {
                    let spill = self.spill.expect("checked");
                    self.step_to_disk(&pit, &layer, shape, spill, &room)?
                }
                // Or, when few pits are left, they are walked from the
                // table before it instead, trading time for memory.
                Err(KalahError::Limit(_)) if index < FALLBACK_TAIL_PITS => {
                    walked_tail = true;
                    let (tail, seen) = tail_sums(index, &layer)?;
                    (sums, max_states) = (tail, max_states.max(seen));
                    break;
                }
                Err(error) => return Err(error),
            };
            spilled += usize::from(matches!(next, Layer::Runs(_)));
            max_states = max_states.max(seen).max(next.table_len());
            states_stepped += seen as u128;
            self.tell(skeleton, Some(index), self.stepped + states_stepped);
            // The new table on disk is saved before the one before it goes.
            let before = std::mem::replace(&mut layer, next);
            if let Layer::Runs(runs) = &layer {
                let files = runs.iter().map(|run| RunFile { path: run.path().to_owned(), records: run.len() });
                let part = PartSolved { laps: skeleton.to_vec(), pit: index - 1, runs: files.collect() };
                self.save(Some(part), max_states, spilled)?;
            }
            before.discard(&room);
            if layer.is_empty() {
                break;
            }
        }
        self.run.max_states = self.run.max_states.max(max_states);
        self.run.walked_tails += usize::from(walked_tail);
        self.run.spilled_steps += spilled;
        self.stepped += states_stepped;
        self.solved.push((skeleton.to_vec(), sums));
        // Saved before the last table goes: a count stopped in between
        // finds either.
        self.save(None, 0, 0)?;
        layer.discard(&room);
        Ok(sums)
    }

    /// The threads to step `layer` on: one for a small table.
    fn parts<K: StateKey>(&self, layer: &Layer<K>) -> usize {
        if layer.records() < self.parallel_from as u64 { 1 } else { self.threads.max(1) }
    }

    /// Steps `pit` from `layer` into a table in memory; also returns the
    /// distinct states read (when the layer is on disk).
    fn step_to_table<K: StateKey>(
        &self,
        pit: &PitStep<'_>,
        layer: &Layer<K>,
        shape: Shape,
        room: &Room,
    ) -> Result<(Layer<K>, usize), KalahError> {
        // A step that fails has dropped every table it built: their bytes
        // are given back at once.
        let before = room.held.load(Ordering::Relaxed);
        let stepped = layer
            .in_parts(self.parts(layer), &ToTable { pit, shape, room }, room)
            .and_then(|(parts, seen)| Ok((Layer::Table(room.merge(parts)?), seen)));
        if stepped.is_err() {
            room.held.store(before, Ordering::Relaxed);
        }
        stepped
    }

    /// Steps `pit` from `layer` into sorted runs on disk: each thread fills
    /// a buffer of its share of the memory left, written out as it fills.
    fn step_to_disk<K: StateKey>(
        &self,
        pit: &PitStep<'_>,
        layer: &Layer<K>,
        shape: Shape,
        spill: &Spill,
        room: &Room,
    ) -> Result<(Layer<K>, usize), KalahError> {
        let parts = self.parts(layer);
        let record = std::mem::size_of::<Entry<K>>() as u64 + room.key_heap;
        let free = self.memory.bytes().saturating_sub(room.held.load(Ordering::Relaxed));
        let records = (free / 4 * 3 / parts as u64 / record).min(MAX_BUFFER_RECORDS);
        if records < MIN_BUFFER_RECORDS {
            return Err(memory_error(room.held.load(Ordering::Relaxed) + MIN_BUFFER_RECORDS * record, self.memory));
        }
        let buffers = records * record * parts as u64;
        room.take(buffers)?;
        let work = ToDisk { pit, shape, spill, records: records as usize };
        let stepped = layer.in_parts(parts, &work, room);
        room.give_back(buffers);
        let (parts, seen) = stepped?;
        Ok((Layer::Runs(parts.into_iter().flatten().collect()), seen))
    }
}

/// The most records one thread's buffer holds when a table goes to disk
/// (6 GiB of 48-byte records): a larger buffer sorts more slowly than it
/// saves writing.
const MAX_BUFFER_RECORDS: u64 = 1 << 27;

/// The fewest records a buffer may hold: below, the memory left is too
/// little to step to disk.
const MIN_BUFFER_RECORDS: u64 = 64;

/// Ranges of keys a table on disk is cut into per thread, taken by the
/// threads in turn: the last range a thread takes is a small share, so
/// the threads end at about the same time. (Each range opens every run.)
const RANGES_PER_THREAD: usize = 128;

/// The smallest read buffer of a run being merged.
const MIN_READ_BUFFER: u64 = 4 << 10;

/// The shape of one skeleton's states.
#[derive(Clone, Copy)]
struct Shape {
    segments: usize,
    bits: u32,
}

/// The states after a pit: a table in memory, or sorted runs on disk.
enum Layer<K: StateKey> {
    Table(FxHashMap<K, Acc>),
    Runs(Vec<Run<Entry<K>>>),
}

impl<K: StateKey> Layer<K> {
    /// States in a table, or records in the runs (states with repeats).
    fn records(&self) -> u64 {
        match self {
            Layer::Table(map) => map.len() as u64,
            Layer::Runs(runs) => runs.iter().map(Run::len).sum(),
        }
    }

    /// The states of a table in memory (0 for runs, counted as read).
    fn table_len(&self) -> usize {
        match self {
            Layer::Table(map) => map.len(),
            Layer::Runs(_) => 0,
        }
    }

    fn is_empty(&self) -> bool {
        self.records() == 0
    }

    /// Gives a table's memory or its runs' disk back, once done with. (A
    /// layer dropped on an error leaves the files of durable runs, which
    /// the last checkpoint may name.)
    fn discard(self, room: &Room) {
        match self {
            Layer::Table(map) => room.drop_table(map),
            Layer::Runs(runs) => runs.into_iter().for_each(Run::remove),
        }
    }

    /// `work` over the states on `parts` threads, each given its share: a
    /// slice of a table, or the ranges of keys of the runs it takes in
    /// turn. One result a thread (in no fixed order: each is summed
    /// exactly), with the distinct states read.
    fn in_parts<W: PartWork<K>>(
        &self,
        parts: usize,
        work: &W,
        room: &Room,
    ) -> Result<(Vec<W::Out>, usize), KalahError> {
        match self {
            Layer::Table(map) => {
                let len = map.len();
                let outs = on_threads(parts, |part| {
                    let (from, to) = (len * part / parts, len * (part + 1) / parts);
                    work.run(map.iter().skip(from).take(to - from).map(|(key, &acc)| (key, acc)))
                })?;
                Ok((outs, len))
            }
            Layer::Runs(runs) => {
                // The work a state makes differs widely along the keys
                // (measured: two equal halves left one thread idle for
                // most of a step), so each thread takes many ranges in
                // turn rather than one share.
                let ranges = spill::Ranges::new(runs, parts * RANGES_PER_THREAD)?;
                let parts = parts.min(ranges.len());
                // The readers' buffers, from the memory budget: up to a
                // half of what is left, shared by every run of every
                // thread's range at hand.
                let free = room.memory.bytes().saturating_sub(room.held.load(Ordering::Relaxed));
                let sources = (runs.len() * parts).max(1) as u64;
                let buffer = (free / 2 / sources).clamp(MIN_READ_BUFFER, spill::READ_BUFFER_BYTES as u64);
                let readers = sources * buffer;
                room.take(readers)?;
                let results = on_threads(parts, |_| {
                    let mut reader = ranges.reader(buffer as usize);
                    let mut seen = 0usize;
                    let out = work.run(reader.by_ref().inspect(|_| seen += 1).map(|entry| (entry.key, entry.acc)))?;
                    reader.finish()?;
                    Ok((out, seen))
                });
                room.give_back(readers);
                let (outs, seen): (Vec<_>, Vec<_>) = results?.into_iter().unzip();
                Ok((outs, seen.into_iter().sum()))
            }
        }
    }
}

/// What each thread does with its share of a layer's states.
trait PartWork<K: StateKey>: Sync {
    type Out: Send;
    fn run<Q: Borrow<K>>(&self, states: impl Iterator<Item = (Q, Acc)>) -> Result<Self::Out, KalahError>;
}

/// One pit stepped into a table in memory.
struct ToTable<'p, 'r> {
    pit: &'p PitStep<'p>,
    shape: Shape,
    room: &'r Room,
}

impl<K: StateKey> PartWork<K> for ToTable<'_, '_> {
    type Out = FxHashMap<K, Acc>;

    fn run<Q: Borrow<K>>(&self, states: impl Iterator<Item = (Q, Acc)>) -> Result<Self::Out, KalahError> {
        let mut next = FxHashMap::default();
        self.pit.step(states, self.shape, &mut |key, acc| self.room.add(&mut next, key, acc))?;
        Ok(next)
    }
}

/// One pit stepped into sorted runs on disk.
struct ToDisk<'p, 's> {
    pit: &'p PitStep<'p>,
    shape: Shape,
    spill: &'s Spill,
    /// Records in a buffer.
    records: usize,
}

impl<K: StateKey> PartWork<K> for ToDisk<'_, '_> {
    type Out = Vec<Run<Entry<K>>>;

    fn run<Q: Borrow<K>>(&self, states: impl Iterator<Item = (Q, Acc)>) -> Result<Self::Out, KalahError> {
        let mut buffer = Buffer::new(self.records);
        self.pit.step(states, self.shape, &mut |key, acc| Ok(buffer.push(Entry { key, acc }, self.spill)?))?;
        Ok(buffer.finish(self.spill)?)
    }
}

/// The last pits summed.
struct SumTail<'t> {
    tail: &'t Tail<'t>,
    shape: Shape,
}

impl<K: StateKey> PartWork<K> for SumTail<'_> {
    type Out = SkeletonSums;

    fn run<Q: Borrow<K>>(&self, states: impl Iterator<Item = (Q, Acc)>) -> Result<Self::Out, KalahError> {
        self.tail.sum(states, self.shape)
    }
}

/// The last pits, summed as their chains come instead of stored: `P2` and
/// `P1` in closed form, and the pits above them walked from each state
/// before them (see `Tail`). At 42 pits on one thread, walking `P3` as well
/// took the time from about 71 s to 56 s (medians) and the peak from 1.46 GB
/// to 0.46 GB; walking `P4` too took 107 s (see `reports/kalah/dp.md`).
const TAIL_PITS: usize = 3;

/// When the table after a pit would pass the memory limit and the pit is
/// one of the last this many (`P1` included), the pits from it down are
/// walked from the table before it instead of stepped, as the last [`TAIL_PITS`]
/// always are: each more pit walked multiplies the tail's time (at 42
/// pits, walking four instead of three took twice as long) and divides
/// the largest table (457 MB to 256 MB at the peak). Past this depth the
/// count is refused instead.
const FALLBACK_TAIL_PITS: usize = 4;

/// Fewer states than this before a pit are stepped on one thread: below
/// it, starting threads costs more than it saves.
const PARALLEL_STATES: usize = 16_384;

/// The memory the program's tables hold, against the limit.
///
/// A table's buckets are counted from its capacity, as the hash table
/// allocates them: a table that must grow to store a new state first
/// asks for its new buckets, while its old ones are still held, and
/// gives the old ones back once it has moved. Keys that own an
/// allocation ask for it with each new state.
struct Room {
    memory: MemoryLimit,
    /// Bytes held by every table at once, shared by the threads.
    held: AtomicU64,
    /// Heap bytes one key owns beside its bucket.
    key_heap: u64,
}

impl Room {
    /// The buckets of a table of `capacity` states (`hashbrown`: a power
    /// of two, all but one usable up to 8, 7/8 of them from 16 on).
    fn buckets(capacity: usize) -> usize {
        match capacity {
            0 => 0,
            1..8 => capacity + 1,
            _ => capacity / 7 * 8,
        }
    }

    /// Bytes `buckets` buckets take: a state, its sums and a control byte
    /// each, and a group of control bytes.
    fn bucket_bytes<K>(buckets: usize) -> u64 {
        if buckets == 0 {
            return 0;
        }
        buckets as u64 * (std::mem::size_of::<(K, Acc)>() as u64 + 1) + 16
    }

    /// Bytes the buckets of a table of `capacity` states take.
    fn table_bytes<K>(capacity: usize) -> u64 {
        Self::bucket_bytes::<K>(Self::buckets(capacity))
    }

    /// Bytes a table of `capacity` states takes once it grows: twice the
    /// buckets (4 for an empty table).
    fn grown_bytes<K>(capacity: usize) -> u64 {
        Self::bucket_bytes::<K>((2 * Self::buckets(capacity)).max(4))
    }

    /// Whether the table after `layer` may fit, if it grows from `layer`
    /// as `layer` grew from the `previous` states: at its last growth its
    /// old and new buckets are both held.
    fn may_hold<K: StateKey>(&self, layer: &Layer<K>, previous: u64) -> bool {
        let now = layer.records();
        if previous == 0 || now <= previous {
            return true;
        }
        let next = now as f64 * now as f64 / previous as f64;
        let buckets = ((next * 8.0 / 7.0) as u64).clamp(1, 1 << 50).next_power_of_two();
        let peak = Self::bucket_bytes::<K>(buckets as usize) + Self::bucket_bytes::<K>(buckets as usize / 2);
        self.held.load(Ordering::Relaxed).saturating_add(peak) <= self.memory.bytes()
    }

    /// Takes `bytes` more from the budget, or fails before they are used.
    fn take(&self, bytes: u64) -> Result<(), KalahError> {
        let held = self.held.fetch_add(bytes, Ordering::Relaxed) + bytes;
        if held > self.memory.bytes() {
            self.held.fetch_sub(bytes, Ordering::Relaxed);
            return Err(memory_error(held, self.memory));
        }
        Ok(())
    }

    fn give_back(&self, bytes: u64) {
        self.held.fetch_sub(bytes, Ordering::Relaxed);
    }

    /// Frees `map` and its bytes.
    fn drop_table<K>(&self, map: FxHashMap<K, Acc>) {
        self.give_back(Self::table_bytes::<K>(map.capacity()) + self.key_heap * map.len() as u64);
    }

    /// Adds `acc` to the state `key` of `map`, checking first that a new
    /// state fits.
    #[inline]
    fn add<K: StateKey>(&self, map: &mut FxHashMap<K, Acc>, key: K, acc: Acc) -> Result<(), KalahError> {
        // Only a new state can make the table grow or own a key's heap.
        let capacity = map.capacity();
        let grows = map.len() == capacity;
        let fresh = (grows || self.key_heap > 0) && !map.contains_key(&key);
        if fresh {
            // While the table moves, its old and new buckets are both
            // held: the new ones are asked for first.
            let more = if grows { Self::grown_bytes::<K>(capacity) } else { 0 } + self.key_heap;
            self.take(more)?;
        }
        let slot = map.entry(key).or_default();
        if fresh && grows {
            self.give_back(Self::table_bytes::<K>(capacity));
        }
        match (slot.chains.checked_add(acc.chains), slot.nonempty.checked_add(acc.nonempty)) {
            (Some(chains), Some(nonempty)) => *slot = Acc { chains, nonempty },
            _ => return Err(KalahError::Overflow),
        }
        Ok(())
    }

    /// One table of the states of `parts`, summed: the smaller tables are
    /// added into the largest, and each is freed once added. The sums are
    /// exact, so the order does not change them.
    fn merge<K: StateKey>(&self, mut parts: Vec<FxHashMap<K, Acc>>) -> Result<FxHashMap<K, Acc>, KalahError> {
        parts.sort_by_key(|part| std::cmp::Reverse(part.len()));
        let mut parts = parts.into_iter();
        let mut merged = parts.next().unwrap_or_default();
        for part in parts {
            let (capacity, len) = (part.capacity(), part.len() as u64);
            for (key, acc) in part {
                self.add(&mut merged, key, acc)?;
            }
            self.give_back(Self::table_bytes::<K>(capacity) + self.key_heap * len);
        }
        Ok(merged)
    }
}

impl SkeletonSums {
    fn add(&mut self, other: SkeletonSums) -> Result<(), KalahError> {
        self.chains = add(self.chains, other.chains)?;
        self.nonempty = add(self.nonempty, other.nonempty)?;
        self.ending_at_lap = add(self.ending_at_lap, other.ending_at_lap)?;
        Ok(())
    }
}

/// A state of the program: the ticks of each segment, the laps placed and
/// whether every pit so far ends empty.
trait StateKey: Ord + Clone + std::hash::Hash + Sized + Send + Sync {
    /// The most bytes of a key on disk.
    const MAX_BYTES: usize;
    /// Heap bytes a stored key owns beside its bucket.
    fn heap_bytes(segments: usize) -> u64;
    /// Appends the key for a run on disk, told by its difference from the
    /// smaller key `before` where it can be; at most [`Self::MAX_BYTES`].
    fn encode_after(&self, before: Option<&Self>, out: &mut Vec<u8>);
    /// Reads a key [`Self::encode_after`] wrote, with the bytes it took.
    fn decode_after(bytes: &[u8], before: Option<&Self>) -> Option<(Self, usize)>;
    fn pack(ticks: &[u32], placed: u32, empty: bool, bits: u32) -> Self;
    /// Writes the ticks, returns the laps placed and the empty flag.
    fn unpack(&self, ticks: &mut [u32], bits: u32) -> (u32, bool);
}

/// Packed: the empty flag in bit 0, one bit a lap, then `bits` a segment;
/// in a `u64` when the skeleton's states fit one (a bucket of 40 bytes
/// instead of 48, beside [`Acc`]: the largest tables hold few laps), else
/// in a `u128`.
macro_rules! packed_key {
    ($int:ty) => {
        impl StateKey for $int {
            /// A LEB128 difference: 7 bits a byte.
            const MAX_BYTES: usize = (<$int>::BITS as usize).div_ceil(7);

            fn heap_bytes(_segments: usize) -> u64 {
                0
            }

            #[inline]
            fn encode_after(&self, before: Option<&$int>, out: &mut Vec<u8>) {
                spill::put_varint((self - before.copied().unwrap_or(0)) as u128, out);
            }

            #[inline]
            fn decode_after(bytes: &[u8], before: Option<&$int>) -> Option<($int, usize)> {
                let (step, used) = spill::get_varint(bytes)?;
                let key = <$int>::try_from(step).ok()?.checked_add(before.copied().unwrap_or(0))?;
                Some((key, used))
            }

            #[inline]
            fn pack(ticks: &[u32], placed: u32, empty: bool, bits: u32) -> $int {
                let laps = ticks.len() as u32 - 1;
                let mut key = <$int>::from(empty) | (<$int>::from(placed) << 1);
                let mut shift = 1 + laps;
                for &t in ticks {
                    key |= <$int>::from(t) << shift;
                    shift += bits;
                }
                key
            }

            #[inline]
            fn unpack(&self, ticks: &mut [u32], bits: u32) -> (u32, bool) {
                let laps = ticks.len() as u32 - 1;
                let mask: $int = (1 << bits) - 1;
                let mut shift = 1 + laps;
                for t in ticks.iter_mut() {
                    *t = ((self >> shift) & mask) as u32;
                    shift += bits;
                }
                let placed = ((self >> 1) & ((1 << laps) - 1)) as u32;
                (placed, self & 1 == 1)
            }
        }
    };
}

packed_key!(u64);
packed_key!(u128);

/// Unpacked, for states too wide for a `u128`: the ticks, then the laps
/// placed with the empty flag in bit 31.
impl StateKey for Vec<u32> {
    /// A length, then up to a tick per segment and the flags, each a
    /// LEB128 of at most 5 bytes.
    const MAX_BYTES: usize = 5 * (MAX_LAPS + 3);

    fn heap_bytes(segments: usize) -> u64 {
        // The ticks and the flags, and the allocator's header.
        4 * (segments as u64 + 1) + 16
    }

    /// Whole, whatever the key before.
    fn encode_after(&self, _before: Option<&Vec<u32>>, out: &mut Vec<u8>) {
        spill::put_varint(self.len() as u128, out);
        for &word in self {
            spill::put_varint(u128::from(word), out);
        }
    }

    fn decode_after(bytes: &[u8], _before: Option<&Vec<u32>>) -> Option<(Vec<u32>, usize)> {
        let (len, mut at) = spill::get_varint(bytes)?;
        if len > MAX_LAPS as u128 + 2 {
            return None;
        }
        let mut key = Vec::with_capacity(len as usize);
        for _ in 0..len {
            let (word, used) = spill::get_varint(&bytes[at..])?;
            key.push(u32::try_from(word).ok()?);
            at += used;
        }
        Some((key, at))
    }

    fn pack(ticks: &[u32], placed: u32, empty: bool, _bits: u32) -> Vec<u32> {
        let mut key = Vec::with_capacity(ticks.len() + 1);
        key.extend_from_slice(ticks);
        key.push(placed | if empty { 1 << 31 } else { 0 });
        key
    }

    fn unpack(&self, ticks: &mut [u32], _bits: u32) -> (u32, bool) {
        let (last, rest) = self.split_last().expect("a state has its flags");
        ticks.copy_from_slice(rest);
        (last & !(1 << 31), last & (1 << 31) != 0)
    }
}

fn memory_error(needed: u64, limit: MemoryLimit) -> KalahError {
    const MIB: u64 = 1 << 20;
    KalahError::Limit(LimitError::Memory {
        needed_mib: needed.div_ceil(MIB),
        limit_mib: limit.bytes() / MIB,
        why: "; the dynamic program's states: raise the memory limit or count a smaller position".to_owned(),
    })
}

/// One pit's choices in one skeleton.
///
/// The choices are walked a segment at a time, and a walk stops as soon as
/// its segments so far rule it out, so that no state is built only to be
/// thrown away (before this, four in five were):
///
/// - Every play puts a counter in the kalah for good, so a chain makes at
///   most `total` plays.
/// - Every lap left pending must still be placeable below. Lap `s` (of size
///   `k`) needs a pit `Pi` below holding `i + kL ≥ 1 + kL` counters just
///   before it. The counters below are at most their start, plus one each
///   from every play above (the ticks of the segments before the lap), plus
///   each earlier lap's share: `k + 1` a pit when it was played above or
///   here, and `k` a pit less the `i + kL` taken out when it was played
///   below. Their own plays only take counters out (one a play, to the
///   kalah), so this bounds them. The bound of lap `s` needs the ticks and
///   laps up to `s` only: it is checked when the walk passes lap `s`.
#[derive(Clone, Copy)]
struct PitStep<'a> {
    j: u64,
    start: u64,
    cycle: u64,
    skeleton: &'a [u32],
    /// The pits below, `P1 … P(j-1)`: their number and counters at the start.
    below_pits: i64,
    below_counters: i64,
    /// Counters on the mover's side at the start: the most plays a chain makes.
    total: u64,
}

/// What a walk through the segments has gathered so far.
#[derive(Clone, Copy)]
struct Walk {
    /// Plays in the segments so far (their new ticks).
    plays: u64,
    /// The bound on the counters below before the next lap.
    below: i64,
}

impl PitStep<'_> {
    /// The states after this pit of `states`, the states before it, each
    /// given to `add` (several times over: `add` sums them).
    fn step<K: StateKey, Q: Borrow<K>>(
        &self,
        states: impl Iterator<Item = (Q, Acc)>,
        Shape { segments, bits }: Shape,
        add: &mut impl FnMut(K, Acc) -> Result<(), KalahError>,
    ) -> Result<(), KalahError> {
        let mut ticks = vec![0u32; segments];
        let mut key = vec![0u32; segments];
        let mut failed = None;
        for (state, acc) in states {
            let (placed, empty_so_far) = state.borrow().unpack(&mut ticks, bits);
            // The walk keeps to at most `total` plays, which also keeps the
            // packed key's fields within `bits`.
            self.walk(&ticks, placed, &mut key, &mut |new_ticks, new_placed, content| {
                if failed.is_some() {
                    return;
                }
                let new_key = K::pack(new_ticks, new_placed, empty_so_far && content == 0, bits);
                let added = match acc.nonempty.checked_add(if content > 0 { acc.chains } else { 0 }) {
                    Some(nonempty) => add(new_key, Acc { chains: acc.chains, nonempty }),
                    None => Err(KalahError::Overflow),
                };
                failed = added.err();
            });
            if let Some(error) = failed {
                return Err(error);
            }
        }
        Ok(())
    }

    /// Every way pit `Pj` can play, starting from a state's `ticks` and
    /// laps `placed`: calls `emit(new ticks, new placed laps, final
    /// content)` once per way that the pits below can still complete. `key`
    /// (one entry a segment) is scratch space for the new ticks.
    #[inline]
    fn walk<F: FnMut(&[u32], u32, u64)>(&self, ticks: &[u32], placed: u32, key: &mut [u32], emit: &mut F) {
        let walk = Walk { plays: 0, below: self.below_counters };
        self.options(ticks, placed, 0, self.start, walk, key, emit);
    }

    /// The ways to play in segments `segment..`, starting the segment with
    /// `content` counters; `key` holds the new ticks of the segments before.
    #[allow(clippy::too_many_arguments)]
    fn options<F: FnMut(&[u32], u32, u64)>(
        &self,
        ticks: &[u32],
        placed: u32,
        segment: usize,
        content: u64,
        walk: Walk,
        key: &mut [u32],
        emit: &mut F,
    ) {
        let t = u64::from(ticks[segment]);
        // Not playing: every tick adds a counter.
        self.after_segment(ticks, placed, segment, content + t, 0, walk, key, emit);
        // Playing at exactly j counters: after j - content ticks, then every j.
        if content <= self.j {
            let mut at = self.j - content;
            let mut plays = 1;
            while at <= t {
                self.after_segment(ticks, placed, segment, t - at, plays, walk, key, emit);
                at += self.j;
                plays += 1;
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn after_segment<F: FnMut(&[u32], u32, u64)>(
        &self,
        ticks: &[u32],
        placed: u32,
        segment: usize,
        content: u64,
        plays: u32,
        walk: Walk,
        key: &mut [u32],
        emit: &mut F,
    ) {
        let new_ticks = ticks[segment] + plays;
        let walk = Walk { plays: walk.plays + u64::from(new_ticks), ..walk };
        if walk.plays > self.total {
            return;
        }
        key[segment] = new_ticks;
        if segment == self.skeleton.len() {
            emit(key, placed, content);
        } else {
            let k = u64::from(self.skeleton[segment]);
            let ki = i64::from(self.skeleton[segment]);
            let pits = self.below_pits;
            let below = walk.below + pits * i64::from(new_ticks);
            let bit = 1u32 << segment;
            if placed & bit != 0 {
                // The lapping pit is above: k, and one more.
                let walk = Walk { below: below + (ki + 1) * pits, ..walk };
                self.options(ticks, placed, segment + 1, content + k + 1, walk, key, emit);
            } else {
                if content == self.j + k * self.cycle {
                    // This pit laps: it keeps k.
                    let walk = Walk { below: below + (ki + 1) * pits, ..walk };
                    self.options(ticks, placed | bit, segment + 1, k, walk, key, emit);
                }
                // A pit below laps, if one can.
                let cycle = self.cycle as i64;
                // The lapping pit needs at least 1 + kL counters.
                if pits > 0 && below > ki * cycle {
                    let walk = Walk { below: below + ki * pits - ki * cycle - 1, ..walk };
                    self.options(ticks, placed, segment + 1, content + k, walk, key, emit);
                }
            }
        }
    }
}

/// The last pit, or the last two, summed instead of stored.
///
/// # The last pit in closed form
///
/// `P1` has no pit below it, so it places each pending lap itself or the
/// chain dies, and with `j = 1` its choices in a segment are few enough to
/// count without walking them. A segment entered with `c` counters and `t`
/// ticks ends with `c + t` if the pit does not play; if `c ≤ 1` it can
/// also play `m = 1 … t + c` times, one play as each tick makes it 1 (the
/// first at once if `c = 1`), and ends with `t + c − m`. So the contents
/// it can end with are one interval, each reached one way: `0 … t + c`
/// when `c ≤ 1`, else `c + t` alone. A lap placed above then adds `k + 1`
/// (so the next segment is entered with at least 2: an interval again,
/// shifted, with no plays); a pending lap needs the one content `1 + kL`,
/// and the next segment is entered with `k`. The ways are therefore
/// counted by carrying one interval through the segments, in time linear
/// in the laps. (The walk's bound of `total` plays is a pruning only: a
/// real chain never passes it, and every way counted here is one.)
///
/// # The last three pits
///
/// The states after `P2` were the largest table of a skeleton, stored only
/// for `P1` to sum them. `P2` and `P1` are summed together from each state
/// before them ([`Tail::pair_ways`]), in time that does not grow with the
/// ticks, so the table before `P2` is not built either: `P3` is walked
/// (`TAIL_PITS` = 3) and each of its ways summed at once.
#[derive(Clone, Copy)]
struct Tail<'a> {
    /// The pits above `P1` that are walked, not stored, top first.
    walked: &'a [PitStep<'a>],
    last: PitStep<'a>,
    laps: usize,
}

/// The chains one state of `P1` gives: ways that place every lap and end
/// on a non-empty row, and among them those that end non-empty and those
/// whose last segment holds no play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct LastWays {
    ways: u64,
    nonempty: u64,
    ending_at_lap: u64,
}

impl Tail<'_> {
    /// The sums of the chains from `states`, the states before the tail.
    fn sum<K: StateKey, Q: Borrow<K>>(
        &self,
        states: impl Iterator<Item = (Q, Acc)>,
        Shape { segments, bits }: Shape,
    ) -> Result<SkeletonSums, KalahError> {
        let mut sums = SkeletonSums::default();
        let mut ticks = vec![0u32; segments];
        let mut scratch: Vec<Vec<u32>> = self.walked.iter().map(|_| vec![0u32; segments]).collect();
        for (state, acc) in states {
            let (placed, empty_so_far) = state.borrow().unpack(&mut ticks, bits);
            self.through(self.walked, &ticks, placed, empty_so_far, acc, &mut scratch, &mut sums)?;
        }
        Ok(sums)
    }

    /// Walks the pits `walked` from one state, and sums `P1`'s chains after
    /// each of their ways. `scratch` holds a key for each walked pit.
    #[allow(clippy::too_many_arguments)]
    fn through(
        &self,
        walked: &[PitStep<'_>],
        ticks: &[u32],
        placed: u32,
        empty_so_far: bool,
        acc: Acc,
        scratch: &mut [Vec<u32>],
        sums: &mut SkeletonSums,
    ) -> Result<(), KalahError> {
        if let [two] = walked
            && two.j == 2
        {
            return self.add_pair(two, ticks, placed, empty_so_far, acc, sums);
        }
        let (Some((pit, below)), Some((key, keys))) = (walked.split_first(), scratch.split_first_mut()) else {
            return self.add_last(ticks, placed, empty_so_far, acc, sums);
        };
        let mut failed = None;
        pit.walk(ticks, placed, key, &mut |new_ticks, new_placed, content| {
            if failed.is_some() {
                return;
            }
            let added = match acc.nonempty.checked_add(if content > 0 { acc.chains } else { 0 }) {
                Some(nonempty) => {
                    let acc = Acc { chains: acc.chains, nonempty };
                    self.through(below, new_ticks, new_placed, empty_so_far && content == 0, acc, keys, sums)
                }
                None => Err(KalahError::Overflow),
            };
            failed = added.err();
        });
        failed.map_or(Ok(()), Err)
    }

    /// Adds to `sums` the chains `P1` completes from one state with `acc`.
    #[inline]
    fn add_last(
        &self,
        ticks: &[u32],
        placed: u32,
        empty_so_far: bool,
        acc: Acc,
        sums: &mut SkeletonSums,
    ) -> Result<(), KalahError> {
        let ways = self.last_ways(ticks, placed, empty_so_far);
        if ways.ways == 0 {
            return Ok(());
        }
        let times = |n: u64, by: u128| by.checked_mul(u128::from(n)).ok_or(KalahError::Overflow);
        let nonempty = add(times(ways.ways, acc.nonempty)?, times(ways.nonempty, acc.chains)?)?;
        sums.add(SkeletonSums {
            chains: times(ways.ways, acc.chains)?,
            nonempty,
            ending_at_lap: times(ways.ending_at_lap, acc.chains)?,
        })
    }

    /// Adds to `sums` the chains `P2` and `P1` complete from one state with
    /// `acc` (see [`Tail::pair_ways`]).
    fn add_pair(
        &self,
        two: &PitStep<'_>,
        ticks: &[u32],
        placed: u32,
        empty_so_far: bool,
        acc: Acc,
        sums: &mut SkeletonSums,
    ) -> Result<(), KalahError> {
        let ways = self.pair_ways(two, ticks, placed, empty_so_far)?;
        if ways.ways == 0 {
            return Ok(());
        }
        let times = |n: u128, by: u128| by.checked_mul(n).ok_or(KalahError::Overflow);
        let nonempty = add(ways.two_nonempty, ways.one_nonempty)?;
        sums.add(SkeletonSums {
            chains: times(ways.ways, acc.chains)?,
            nonempty: add(times(ways.ways, acc.nonempty)?, times(nonempty, acc.chains)?)?,
            ending_at_lap: times(ways.ending_at_lap, acc.chains)?,
        })
    }

    /// `P1`'s ways from a state's `ticks` and laps `placed` (see the type).
    #[inline]
    fn last_ways(&self, ticks: &[u32], placed: u32, empty_so_far: bool) -> LastWays {
        let pit = &self.last;
        debug_assert_eq!(pit.j, 1);
        // The contents the segment is entered with: `lo ..= hi`.
        let (mut lo, mut hi) = (pit.start, pit.start);
        for (segment, &t) in ticks.iter().enumerate() {
            let t = u64::from(t);
            let entered = (lo, hi);
            if lo <= 1 {
                // Only one content is entered when it is at most 1 (the
                // start, or the `k` a lap placed here leaves).
                debug_assert_eq!(lo, hi);
                (lo, hi) = (0, t + lo);
            } else {
                (lo, hi) = (lo + t, hi + t);
            }
            if segment == self.laps {
                // A way ending on an empty row counts only if the row was
                // not empty before.
                let values = hi - lo + 1;
                let zero = u64::from(lo == 0);
                let ways = values - if empty_so_far { zero } else { 0 };
                // Not playing in the last segment, which it needs no tick
                // for: one way for each content entered.
                let ending_at_lap =
                    if t == 0 { entered.1 - entered.0 + 1 - u64::from(empty_so_far && entered.0 == 0) } else { 0 };
                return LastWays { ways, nonempty: values - zero, ending_at_lap };
            }
            let k = u64::from(pit.skeleton[segment]);
            if placed & (1 << segment) != 0 {
                (lo, hi) = (lo + k + 1, hi + k + 1);
            } else {
                let laps_here = pit.j + k * pit.cycle;
                if !(lo..=hi).contains(&laps_here) {
                    return LastWays::default();
                }
                (lo, hi) = (k, k);
            }
        }
        unreachable!("the last segment returns")
    }
}

/// What `P2` and `P1` together give one state: summed over their ways,
/// the ways `P1` completes (`ways`), those among them where `P2` ends
/// non-empty (`two_nonempty`), `P1`'s ways weighted by whether it ends
/// non-empty (`one_nonempty`), and the ways whose last segment holds no
/// play (`ending_at_lap`). A state's sums are these times its own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct PairWays {
    ways: u128,
    two_nonempty: u128,
    one_nonempty: u128,
    ending_at_lap: u128,
}

impl PairWays {
    /// `self + other`, or `None` past `u128`.
    fn plus(self, other: PairWays) -> Option<PairWays> {
        Some(PairWays {
            ways: self.ways.checked_add(other.ways)?,
            two_nonempty: self.two_nonempty.checked_add(other.two_nonempty)?,
            one_nonempty: self.one_nonempty.checked_add(other.one_nonempty)?,
            ending_at_lap: self.ending_at_lap.checked_add(other.ending_at_lap)?,
        })
    }
}

/// `a + b·m`: a quantity of a family of ways as a function of `m`, the
/// plays of `P2` in the segment where the family began.
#[derive(Clone, Copy, Debug)]
struct Affine {
    a: i64,
    b: i64,
}

impl Affine {
    const fn constant(a: i64) -> Affine {
        Affine { a, b: 0 }
    }

    const fn at(self, m: i64) -> i64 {
        self.a + self.b * m
    }

    const fn plus(self, other: Affine) -> Affine {
        Affine { a: self.a + other.a, b: self.b + other.b }
    }

    const fn shifted(self, by: i64) -> Affine {
        Affine { a: self.a + by, b: self.b }
    }
}

/// The `m` in `first ..= last` (none if `first > last`).
#[derive(Clone, Copy, Debug)]
struct Plays {
    first: i64,
    last: i64,
}

impl Plays {
    fn is_empty(self) -> bool {
        self.first > self.last
    }

    /// The `m` here where `f(m) ≤ c`: a range again, `f` being affine.
    fn at_most(self, f: Affine, c: i64) -> Plays {
        match f.b {
            0 if f.a <= c => self,
            0 => Plays { first: 1, last: 0 },
            b if b > 0 => Plays { last: self.last.min((c - f.a).div_euclid(b)), ..self },
            // With `b < 0`, `div_euclid` rounds up.
            b => Plays { first: self.first.max((c - f.a).div_euclid(b)), ..self },
        }
    }

    /// The `m` here where `f(m) ≥ c`.
    fn at_least(self, f: Affine, c: i64) -> Plays {
        self.at_most(Affine { a: -f.a, b: -f.b }, -c)
    }

    /// How many, and their sum.
    fn count_and_sum(self) -> (i128, i128) {
        let n = i128::from(self.last - self.first + 1);
        (n, n * i128::from(self.first + self.last) / 2)
    }
}

/// A family of `P2`'s ways, all alike but for `m`: where they stand at
/// the start of a segment, with `P1`'s contents carried along. `P1`
/// enters the segment with `one_lo ..= one_hi` (see [`Tail::last_ways`]),
/// `P2` with `two`. A single way is a family of one.
#[derive(Clone, Copy, Debug)]
struct Family {
    segment: usize,
    m: Plays,
    two: Affine,
    one_lo: Affine,
    one_hi: Affine,
    /// `P2`'s new ticks so far, `P1`'s ticks: at most `total`, as in
    /// [`PitStep::after_segment`].
    plays: Affine,
    placed: u32,
}

impl Family {
    /// The one way of the family with `m` plays.
    fn fixed(self, m: i64) -> Family {
        let fix = |f: Affine| Affine::constant(f.at(m));
        Family {
            m: Plays { first: 0, last: 0 },
            two: fix(self.two),
            one_lo: fix(self.one_lo),
            one_hi: fix(self.one_hi),
            plays: fix(self.plays),
            ..self
        }
    }

    /// Whether `P1` enters with one content of at most 1, which it can
    /// play from: the same for the whole family (it enters with its
    /// start, or the `k` of a lap it made, or at least 2 after a lap above).
    fn one_single(&self) -> bool {
        self.one_lo.b == 0 && self.one_lo.a <= 1
    }
}

impl Tail<'_> {
    /// `P2`'s ways from one state, each completed by `P1`, as
    /// [`Tail::through`] with `P2` the one walked pit finds them, without
    /// walking `P1`, and walking `P2`'s plays in a segment as one family.
    ///
    /// `P1`'s interval (see [`Tail::last_ways`]) is carried along instead
    /// of computed again at every way, and a pending lap that `P1` must
    /// take is checked against it exactly. `P2`'s `m = 1, 2, …` plays in a
    /// segment leave it `c − 2m` counters for some `c`, and give `P1` `t +
    /// m` ticks: everything after is affine in `m` (while `P2` cannot play
    /// again), every test on it holds for a range of `m`, and `P1`'s ways
    /// at the end are summed over the range as an arithmetic series. The
    /// few `m` after which `P2` can play again, or laps, are followed one
    /// at a time. The time a state takes no longer grows with its ticks.
    fn pair_ways(
        &self,
        two: &PitStep<'_>,
        ticks: &[u32],
        placed: u32,
        empty_so_far: bool,
    ) -> Result<PairWays, KalahError> {
        debug_assert!(two.j == 2 && self.last.j == 1);
        let (one, start) = (self.last.start as i64, two.start as i64);
        let family = Family {
            segment: 0,
            m: Plays { first: 0, last: 0 },
            two: Affine::constant(start),
            one_lo: Affine::constant(one),
            one_hi: Affine::constant(one),
            plays: Affine::constant(0),
            placed,
        };
        let pair = Pair { tail: self, two, ticks, total: two.total.min(i64::MAX as u64 / 4) as i64, empty_so_far };
        let mut ways = PairWays::default();
        pair.segment(family, &mut ways).ok_or(KalahError::Overflow)?;
        Ok(ways)
    }
}

/// One state's walk of `P2` and `P1` together (see [`Tail::pair_ways`]).
struct Pair<'p> {
    tail: &'p Tail<'p>,
    two: &'p PitStep<'p>,
    ticks: &'p [u32],
    total: i64,
    empty_so_far: bool,
}

impl Pair<'_> {
    /// The family's ways from the start of its segment on, added to
    /// `ways`; `None` past `u128`.
    fn segment(&self, family: Family, ways: &mut PairWays) -> Option<()> {
        // `P2` can play in this segment only from at most 2 counters: the
        // one or two `m` where it holds so few go one at a time.
        let few = family.m.at_most(family.two, 2);
        if !few.is_empty() {
            for m in few.first..=few.last {
                self.playing(family.fixed(m), ways)?;
            }
        }
        let many = family.m.at_least(family.two, 3);
        if many.is_empty() {
            return Some(());
        }
        let family = Family { m: many, ..family };
        let t = i64::from(self.ticks[family.segment]);
        if family.segment == self.tail.laps {
            *ways = ways.plus(self.last_not_playing(family, t)?)?;
            Some(())
        } else {
            self.lap(family, family.two.shifted(t), Affine::constant(t), ways)
        }
    }

    /// One way entering its segment with `P2` at most 2: it does not play,
    /// or plays `m = 1, 2, …` times, the first after `2 − c` ticks, then
    /// every two, and ends with `t − (2 − c) − 2(m − 1)`.
    fn playing(&self, way: Family, ways: &mut PairWays) -> Option<()> {
        let t = i64::from(self.ticks[way.segment]);
        let first = 2 - way.two.a;
        let plays = if first <= t { (t - first) / 2 + 1 } else { 0 };
        if way.segment == self.tail.laps {
            *ways = ways.plus(self.last_playing(way, t, first, plays)?)?;
            return Some(());
        }
        self.lap(way, way.two.shifted(t), Affine::constant(t), ways)?;
        if plays > 0 {
            let family = Family { m: Plays { first: 1, last: plays }, ..way };
            self.lap(family, Affine { a: t - first + 2, b: -2 }, Affine { a: t, b: 1 }, ways)?;
        }
        Some(())
    }

    /// After a segment that `P2` ends with `two_after` counters and that
    /// gave `P1` `ticks_one` ticks: the lap at its end, then the segments
    /// after it.
    fn lap(&self, family: Family, two_after: Affine, ticks_one: Affine, ways: &mut PairWays) -> Option<()> {
        let plays = family.plays.plus(ticks_one);
        let m = family.m.at_most(plays, self.total);
        if m.is_empty() {
            return Some(());
        }
        let (lo, hi) = if family.one_single() {
            (Affine::constant(0), ticks_one.shifted(family.one_lo.a))
        } else {
            (family.one_lo.plus(ticks_one), family.one_hi.plus(ticks_one))
        };
        let segment = family.segment;
        let next = Family { segment: segment + 1, m, plays, ..family };
        let k = i64::from(self.tail.last.skeleton[segment]);
        let cycle = self.two.cycle as i64;
        let bit = 1u32 << segment;
        if family.placed & bit != 0 {
            // Played above both: `k + 1` each.
            let next =
                Family { two: two_after.shifted(k + 1), one_lo: lo.shifted(k + 1), one_hi: hi.shifted(k + 1), ..next };
            return self.segment(next, ways);
        }
        // `P2` laps, for one `m` at most: it keeps `k`, `P1` gets `k + 1`.
        let laps_two = m.at_least(two_after, 2 + k * cycle).at_most(two_after, 2 + k * cycle);
        if !laps_two.is_empty() {
            let next =
                Family { one_lo: lo.shifted(k + 1), one_hi: hi.shifted(k + 1), placed: family.placed | bit, ..next };
            for m in laps_two.first..=laps_two.last {
                self.segment(Family { two: Affine::constant(k), ..next.fixed(m) }, ways)?;
            }
        }
        // `P1` laps where its contents reach `1 + kL`: it keeps `k`, `P2`
        // gets `k`.
        let laps_one = m.at_most(lo, 1 + k * cycle).at_least(hi, 1 + k * cycle);
        if !laps_one.is_empty() {
            let (two, one) = (two_after.shifted(k), Affine::constant(k));
            let next = Family { m: laps_one, two, one_lo: one, one_hi: one, placed: family.placed | bit, ..next };
            self.segment(next, ways)?;
        }
        Some(())
    }

    /// The last segment, `t` ticks, of a family whose `P2` holds more than
    /// 2 and cannot play: it ends non-empty with its content and the ticks,
    /// and `P1`'s ways are summed over the family.
    fn last_not_playing(&self, family: Family, t: i64) -> Option<PairWays> {
        let m = family.m.at_most(family.plays, self.total - t);
        if m.is_empty() {
            return Some(PairWays::default());
        }
        let (n, m_sum) = m.count_and_sum();
        // The contents `P1` enters with, each ending one way if it cannot
        // play: `Σ (hi − lo + 1)` over the family.
        let width = Affine { a: family.one_hi.a - family.one_lo.a + 1, b: family.one_hi.b - family.one_lo.b };
        let entered = n * i128::from(width.a) + i128::from(width.b) * m_sum;
        let (values, zero) = if family.one_single() {
            // From a single content `c ≤ 1`: `0 ..= t + c`.
            (n * i128::from(t + family.one_lo.a + 1), n)
        } else {
            (entered, 0)
        };
        let to_u128 = |v: i128| u128::try_from(v).ok();
        Some(PairWays {
            ways: to_u128(values)?,
            two_nonempty: to_u128(values)?,
            one_nonempty: to_u128(values - zero)?,
            ending_at_lap: if t == 0 { to_u128(entered)? } else { 0 },
        })
    }

    /// The last segment, `t` ticks, of one way whose `P2` holds at most 2:
    /// it does not play, or plays `m = 1 ..= plays` times (those the budget
    /// allows), the first after `first` ticks, and ends with `t − first −
    /// 2(m − 1)`; `P1` then has `t + m` ticks, and its ways are affine in
    /// `m` but for the one `m` where `P2` ends empty.
    fn last_playing(&self, way: Family, t: i64, first: i64, plays: i64) -> Option<PairWays> {
        let budget = self.total - way.plays.a - t;
        if budget < 0 {
            return Some(PairWays::default());
        }
        let plays = plays.min(budget);
        let (lo, hi) = (way.one_lo.a, way.one_hi.a);
        let single = way.one_single();
        debug_assert!(!single || lo == hi);
        // `P1`'s final contents, `0 ..= ticks + c` after playing from a
        // single `c ≤ 1`, else its interval shifted: their number, and
        // whether 0 is among them.
        let values = |ticks_one: i64| if single { ticks_one + lo + 1 } else { hi - lo + 1 };
        let zero = i64::from(single);
        // Not playing: `P2` ends with its content and the ticks.
        let two_after = way.two.a + t;
        let emptied = self.empty_so_far && two_after == 0;
        let v = values(t);
        let w = v - i64::from(emptied && single);
        let mut sums = [i128::from(w), i128::from(if two_after > 0 { w } else { 0 }), i128::from(v - zero), 0];
        if t == 0 {
            // No play in the last segment: one way for each content entered.
            sums[3] = i128::from(hi - lo + 1 - i64::from(emptied && lo == 0));
        }
        if plays > 0 {
            // `m = 1 ..= plays`, all taken as ending non-empty at first.
            let (n, m_sum) = Plays { first: 1, last: plays }.count_and_sum();
            let v = if single { n * i128::from(t + lo + 1) + m_sum } else { n * i128::from(hi - lo + 1) };
            sums[0] += v;
            sums[1] += v;
            sums[2] += v - n * i128::from(zero);
            // `P2` ends empty for the one `m` that plays on the last tick.
            if (t - first) % 2 == 0 && (t - first) / 2 < plays {
                let m = (t - first) / 2 + 1;
                sums[1] -= i128::from(values(t + m));
                sums[0] -= i128::from(self.empty_so_far && single);
            }
        }
        let [ways, two_nonempty, one_nonempty, ending_at_lap] = sums.map(|v| u128::try_from(v).ok());
        Some(PairWays {
            ways: ways?,
            two_nonempty: two_nonempty?,
            one_nonempty: one_nonempty?,
            ending_at_lap: ending_at_lap?,
        })
    }
}

/// `share(part)` for each of `parts` parts, on as many threads (the caller
/// takes the first); the results in part order. A thread that cannot start
/// leaves its share to the caller's thread.
fn on_threads<T, F>(parts: usize, share: F) -> Result<Vec<T>, KalahError>
where
    T: Send,
    F: Fn(usize) -> Result<T, KalahError> + Sync,
{
    std::thread::scope(|scope| {
        let share = &share;
        let started: Vec<_> = (1..parts)
            .map(|part| (part, std::thread::Builder::new().spawn_scoped(scope, move || share(part))))
            .collect();
        let mut results = vec![share(0)?];
        for (part, thread) in started {
            let result = match thread {
                Ok(thread) => thread.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
                Err(_) => share(part),
            };
            results.push(result?);
        }
        Ok(results)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::kalah::key::{KeyKind, with_key};
    use crate::engine::kalah::memo;

    fn dp(own: &[u32]) -> DpRun {
        count(own, MemoryLimit::from_bytes(1 << 30), 1, None, Progress::NONE).unwrap()
    }

    fn memo(own: &[u32]) -> u128 {
        let kind = KeyKind::for_values(own.len(), own.iter().map(|&c| u64::from(c)).sum());
        with_key!(kind, memo::count(own, MemoryLimit::from_bytes(1 << 30), Progress::NONE)).unwrap().sequences
    }

    #[test]
    fn bells_table() {
        let bell = [1, 2, 11, 56, 232, 912, 3333, 12149, 42800, 149117];
        for (index, &expected) in bell.iter().enumerate() {
            let own: Vec<u32> = (1..=index as u32 + 1).collect();
            assert_eq!(dp(&own).sequences, expected, "{} pits", index + 1);
        }
    }

    #[test]
    fn laps_from_eleven_pits() {
        let own: Vec<u32> = (1..=11).collect();
        let run = dp(&own);
        assert_eq!(run.sequences, 508_784);
        assert!(run.lap_sequences > 0 && run.max_laps >= 1);
    }

    #[test]
    fn small_rows_agree_with_memoization() {
        let mut rng = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..400 {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let n = 1 + (rng % 4) as usize;
            let own: Vec<u32> = (0..n).map(|i| ((rng >> (8 * i + 8)) % 25) as u32).collect();
            assert_eq!(dp(&own).sequences, memo(&own), "{own:?}");
        }
    }

    #[test]
    fn threads_do_not_change_the_count() {
        // The board test, and rows whose P1 and P3 hold a lap (j + 2N + 1).
        for own in [(1..=14).collect::<Vec<u32>>(), vec![8, 2, 3], vec![1, 2, 12, 4]] {
            let total: u64 = own.iter().map(|&c| u64::from(c)).sum();
            let run = |threads: usize| {
                let mut solver = Solver {
                    // Every pit in parts, however few its states.
                    parallel_from: 1,
                    ..Solver::new(&own, MemoryLimit::from_bytes(1 << 30), threads, None, None)
                };
                let bits = u64::BITS - total.leading_zeros();
                [&[][..], &[1], &[1, 1], &[2]].map(|skeleton| solver.solve_with::<u128>(skeleton, bits).unwrap())
            };
            let one = run(1);
            assert!(one.iter().any(|sums| sums.chains > 1), "{own:?}: a test with nothing to count");
            for threads in [2, 3, 7] {
                assert_eq!(run(threads), one, "{own:?} on {threads} threads");
            }
        }
    }

    #[test]
    fn a_tail_walked_to_fit_the_memory_limit_counts_the_same() {
        let own: Vec<u32> = (1..=16).collect();
        let reference = dp(&own);
        let (mut walked, mut refused) = (0, 0);
        // From 256 bytes to 16 MiB, an eighth more each time: the tables
        // after `P4` and `P5` differ by less than twice.
        let mut limit = 256u64;
        while limit <= 1 << 24 {
            match count(&own, MemoryLimit::from_bytes(limit), 1, None, Progress::NONE) {
                Ok(run) => {
                    assert_eq!((run.sequences, run.lap_sequences), (reference.sequences, reference.lap_sequences));
                    walked += usize::from(run.walked_tails > 0);
                }
                Err(KalahError::Limit(_)) => refused += 1,
                Err(error) => panic!("limit {limit}: {error}"),
            }
            limit += limit / 8;
        }
        assert_eq!(reference.walked_tails, 0);
        assert!(walked > 0 && refused > 0, "limits that walked: {walked}, refused: {refused}");
    }

    fn on(spill: &Spill) -> Option<OnDisk<'_>> {
        Some(OnDisk { spill, resume: None, save: None })
    }

    #[test]
    fn a_count_resumed_from_any_checkpoint_counts_the_same() {
        let own: Vec<u32> = (1..=30).collect();
        let reference = dp(&own);
        let (dir, kept) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let spill = Spill::new(dir.path(), 1 << 30);
        // Small enough that the largest tables go to disk.
        let memory = MemoryLimit::from_bytes(reference.max_states as u64 * 49 / 3);
        let mut saved: Vec<DpCheckpoint> = Vec::new();
        {
            // Each checkpoint with a copy of the table it names, as a count
            // stopped right after it would leave them.
            let mut save = |checkpoint: &DpCheckpoint| -> Result<(), KalahError> {
                let mut copy = checkpoint.clone();
                for run in copy.current.iter_mut().flat_map(|part| part.runs.iter_mut()) {
                    let to = kept.path().join(format!("{}-{}", saved.len(), run.path.display()).replace('/', "_"));
                    std::fs::copy(&run.path, &to).unwrap();
                    run.path = to;
                }
                saved.push(copy);
                Ok(())
            };
            let disk = OnDisk { spill: &spill, resume: None, save: Some(&mut save) };
            let first = count(&own, memory, 2, Some(disk), Progress::NONE).unwrap();
            assert_eq!((first.sequences, first.max_states), (reference.sequences, reference.max_states));
        }
        let parts = saved.iter().filter(|checkpoint| checkpoint.current.is_some()).count();
        assert!(parts > 0 && saved.len() > parts, "{parts} of {} checkpoints hold a table", saved.len());
        assert_eq!(
            saved.last().map(|last| last.solved.len()),
            Some(reference.skeletons + saved_without_chains(&saved))
        );
        let last_part = saved.iter().rev().find(|checkpoint| checkpoint.current.is_some()).cloned();
        for (index, checkpoint) in saved.into_iter().enumerate() {
            let json = serde_json::to_string(&checkpoint).unwrap();
            let checkpoint: DpCheckpoint = serde_json::from_str(&json).unwrap();
            let disk = OnDisk { spill: &spill, resume: Some(checkpoint), save: None };
            let run = count(&own, memory, 1, Some(disk), Progress::NONE).unwrap();
            let figures = |run: &DpRun| (run.sequences, run.lap_sequences, run.max_laps, run.skeletons, run.max_states);
            assert_eq!(figures(&run), figures(&reference), "checkpoint {index}");
        }
        assert_eq!(std::fs::read_dir(kept.path()).unwrap().count(), 0, "every table taken up is removed");
        // A table that is gone: its skeleton starts again.
        let mut gone = last_part.expect("a checkpoint with a table");
        let left = kept.path().join("left.run");
        std::fs::write(&left, [0u8; 48]).unwrap();
        let runs = &mut gone.current.as_mut().unwrap().runs;
        runs[0].path = kept.path().join("gone.run");
        runs.push(RunFile { path: left.clone(), records: 1 });
        let disk = OnDisk { spill: &spill, resume: Some(gone), save: None };
        assert_eq!(count(&own, memory, 1, Some(disk), Progress::NONE).unwrap().sequences, reference.sequences);
        assert!(!left.exists(), "what is left of a table that is not whole goes");
        // A checkpoint of another position is refused.
        let other = DpCheckpoint { own: vec![1, 2, 3], ..DpCheckpoint::default() };
        let disk = OnDisk { spill: &spill, resume: Some(other), save: None };
        assert!(matches!(count(&own, memory, 1, Some(disk), Progress::NONE), Err(KalahError::Checkpoint { .. })));
    }

    #[test]
    fn keys_read_back_after_the_key_before() {
        fn back<K: StateKey + std::fmt::Debug>(keys: &[K]) {
            let mut out = Vec::new();
            let mut before = None;
            for key in keys {
                key.encode_after(before, &mut out);
                before = Some(key);
            }
            let (mut at, mut before) = (0, None);
            for key in keys {
                let (read, used) = K::decode_after(&out[at..], before.as_ref()).expect("a key");
                assert_eq!(&read, key);
                (at, before) = (at + used, Some(read));
            }
            assert_eq!(at, out.len());
        }
        back(&[0u64, 1, 300, u64::MAX]);
        back(&[5u128, 1 << 70, u128::MAX]);
        back(&[vec![0u32], vec![1, 2, 3], vec![u32::MAX; MAX_LAPS + 2]]);
        assert_eq!(<Vec<u32>>::decode_after(&[MAX_LAPS as u8 + 3], None), None, "too long a key");
    }

    #[test]
    fn a_count_that_fails_leaves_the_table_its_last_checkpoint_names() {
        let own: Vec<u32> = (1..=30).collect();
        let reference = dp(&own);
        let dir = tempfile::tempdir().unwrap();
        let spill = Spill::durable(dir.path(), 1 << 30);
        let memory = MemoryLimit::from_bytes(reference.max_states as u64 * 49 / 3);
        let mut last = None;
        {
            // Saving a table right after another fails.
            let mut save = |checkpoint: &DpCheckpoint| -> Result<(), KalahError> {
                let after_table = last.as_ref().is_some_and(|last: &DpCheckpoint| last.current.is_some());
                if after_table && checkpoint.current.is_some() {
                    return Err(KalahError::Checkpoint { why: "cannot be written".to_owned() });
                }
                last = Some(checkpoint.clone());
                Ok(())
            };
            let disk = OnDisk { spill: &spill, resume: None, save: Some(&mut save) };
            assert!(matches!(count(&own, memory, 2, Some(disk), Progress::NONE), Err(KalahError::Checkpoint { .. })));
        }
        let last = last.expect("a checkpoint before the failure");
        let named: Vec<std::path::PathBuf> =
            last.current.iter().flat_map(|part| part.runs.iter().map(|run| run.path.clone())).collect();
        assert!(!named.is_empty() && named.iter().all(|path| path.exists()), "{named:?}");
        let disk = OnDisk { spill: &spill, resume: Some(last), save: None };
        assert_eq!(count(&own, memory, 2, Some(disk), Progress::NONE).unwrap().sequences, reference.sequences);
        assert!(named.iter().all(|path| !path.exists()), "a table taken up is removed once stepped");
    }

    /// The skeletons of the last checkpoint solved without a chain.
    fn saved_without_chains(saved: &[DpCheckpoint]) -> usize {
        saved.last().map_or(0, |last| last.solved.iter().filter(|skeleton| skeleton.chains == 0).count())
    }

    #[test]
    fn progress_is_told_after_every_pit_with_the_states_stepped() {
        let own: Vec<u32> = (1..=24).collect();
        let steps = std::sync::Mutex::new(Vec::new());
        let on_step = |step: Step<'_>| steps.lock().unwrap().push((step.label.to_owned(), step.done, step.nodes));
        let run = count(&own, MemoryLimit::from_bytes(1 << 30), 1, None, Progress::new(&on_step)).unwrap();
        let steps = steps.into_inner().unwrap();
        assert!(steps.iter().any(|(label, _, _)| label.contains("laps [] at P24")), "{steps:?}");
        assert!(steps.windows(2).all(|pair| pair[0].2 <= pair[1].2), "states stepped never go back");
        assert_eq!(steps.last().map(|step| step.1), Some(run.skeletons as u64));
        assert!(steps.last().is_some_and(|step| step.2 > run.max_states as u128));
    }

    #[test]
    fn tables_spilled_to_disk_count_the_same() {
        // The largest table (before `P3`) large enough for buffers of a
        // fifth of it.
        let own: Vec<u32> = (1..=32).collect();
        let reference = dp(&own);
        let dir = tempfile::tempdir().unwrap();
        let spill = Spill::new(dir.path(), 1 << 30);
        let mut spilled = 0;
        // Limits from a fifth of the largest table's buckets to far more.
        let table = reference.max_states as u64 * 49;
        for (limit, threads) in [(table / 5, 1), (table / 3, 2), (table / 2, 1), (table, 3), (1 << 30, 2)] {
            let run = count(&own, MemoryLimit::from_bytes(limit), threads, on(&spill), Progress::NONE)
                .unwrap_or_else(|error| panic!("limit {limit}: {error}"));
            assert_eq!((run.sequences, run.lap_sequences), (reference.sequences, reference.lap_sequences));
            assert_eq!((run.walked_tails, run.max_states), (0, reference.max_states), "limit {limit}");
            spilled += usize::from(run.spilled_steps > 0);
        }
        assert!(spilled >= 3, "limits that spilled: {spilled} (largest table {} states)", reference.max_states);
        assert!(spill.peak_bytes() > 0);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "every run is removed");
        // Too little disk: refused, and nothing left behind.
        let small = Spill::new(dir.path(), 4096);
        let refused = count(&own, MemoryLimit::from_bytes(table / 3), 1, on(&small), Progress::NONE);
        assert!(refused.as_ref().is_err_and(KalahError::is_disk), "{refused:?}");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }

    #[test]
    fn every_key_spills_on_any_threads() {
        let own: Vec<u32> = (1..=32).collect();
        let total: u64 = own.iter().map(|&c| u64::from(c)).sum();
        let dir = tempfile::tempdir().unwrap();
        let spill = Spill::new(dir.path(), 1 << 30);
        let solver = |memory: u64, threads: usize, spill: Option<&Spill>| {
            let mut solver = Solver {
                // Every pit in parts, however few its states.
                parallel_from: 1,
                ..Solver::new(&own, MemoryLimit::from_bytes(memory), threads, spill, None)
            };
            let bits = u64::BITS - total.leading_zeros();
            let mut sums = Vec::new();
            for skeleton in [&[][..], &[1]] {
                sums.push(solver.solve_with::<u64>(skeleton, bits)?);
                sums.push(solver.solve_with::<u128>(skeleton, bits)?);
                sums.push(solver.solve_with::<Vec<u32>>(skeleton, bits)?);
            }
            Ok::<_, KalahError>((sums, solver.run.spilled_steps))
        };
        let (reference, none) = solver(1 << 30, 1, None).unwrap();
        assert_eq!(none, 0);
        assert!(reference[0].chains > 1);
        let table = dp(&own).max_states as u64 * 49;
        for threads in [1, 2, 3] {
            let mut spilled = 0;
            // The smallest limits may leave too little for the buffers.
            for memory in [table / 8, table / 4, table / 2] {
                match solver(memory, threads, Some(&spill)) {
                    Ok((sums, steps)) => {
                        assert_eq!(sums, reference, "{threads} threads, {memory} bytes");
                        spilled += steps;
                    }
                    Err(error) => assert!(error.is_memory(), "{error}"),
                }
            }
            assert!(spilled > 0, "{threads} threads: nothing spilled");
        }
    }

    #[test]
    fn packed_and_unpacked_states_agree() {
        for own in [vec![1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], vec![30, 0, 7], vec![5, 40, 3, 9]] {
            let total: u64 = own.iter().map(|&c| u64::from(c)).sum();
            let mut solver = Solver::new(&own, MemoryLimit::from_bytes(1 << 30), 1, None, None);
            let bits = u64::BITS - total.leading_zeros();
            for skeleton in [&[][..], &[1], &[1, 1], &[2]] {
                let packed = solver.solve_with::<u128>(skeleton, bits).unwrap();
                let unpacked = solver.solve_with::<Vec<u32>>(skeleton, bits).unwrap();
                assert_eq!(packed, unpacked, "{own:?} {skeleton:?}");
                if 1 + skeleton.len() as u32 * (1 + bits) + bits <= u64::BITS {
                    assert_eq!(solver.solve_with::<u64>(skeleton, bits).unwrap(), packed, "{own:?} {skeleton:?}");
                }
            }
        }
    }

    /// `P1`'s ways by walking them, as every other pit is stepped.
    fn walked_last_ways(tail: &Tail<'_>, ticks: &[u32], placed: u32, empty_so_far: bool) -> LastWays {
        let all_placed = if tail.laps == 0 { 0 } else { u32::MAX >> (32 - tail.laps) };
        let mut ways = LastWays::default();
        tail.last.walk(ticks, placed, &mut vec![0; ticks.len()], &mut |new_ticks, new_placed, content| {
            if new_placed != all_placed || (empty_so_far && content == 0) {
                return;
            }
            ways.ways += 1;
            ways.nonempty += u64::from(content > 0);
            ways.ending_at_lap += u64::from(new_ticks[tail.laps] == 0);
        });
        ways
    }

    #[test]
    fn the_last_pit_in_closed_form_equals_its_walk() {
        let mut rng = 0x2545_f491_4f6c_dd1du64;
        let mut next = |below: u64| {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng % below
        };
        let mut seen = LastWays::default();
        for _ in 0..20_000 {
            let pits = 1 + next(4) as usize;
            let cycle = 2 * pits as u64 + 1;
            let laps = next(4) as usize;
            let skeleton: Vec<u32> = (0..laps).map(|_| 1 + next(2) as u32).collect();
            // Starts and ticks near the contents where P1 plays or laps.
            let start = next(2 * cycle + 3);
            let ticks: Vec<u32> = (0..=laps).map(|_| next(2 * cycle + 4) as u32).collect();
            let placed = next(1 << laps) as u32;
            let empty_so_far = next(2) == 1;
            let last = PitStep {
                j: 1,
                start,
                cycle,
                skeleton: &skeleton,
                below_pits: 0,
                below_counters: 0,
                total: u64::MAX / 4,
            };
            let tail = Tail { walked: &[], last, laps };
            let closed = tail.last_ways(&ticks, placed, empty_so_far);
            let walked = walked_last_ways(&tail, &ticks, placed, empty_so_far);
            assert_eq!(closed, walked, "start {start}, ticks {ticks:?}, skeleton {skeleton:?}, placed {placed:b}");
            seen.ways += closed.ways.min(1);
            seen.ending_at_lap += closed.ending_at_lap.min(1);
        }
        assert!(seen.ways > 1000 && seen.ending_at_lap > 100, "too few cases with ways: {seen:?}");
    }

    #[test]
    fn ranges_of_plays_where_an_affine_bound_holds() {
        let all = Plays { first: -6, last: 7 };
        for a in -12..=12 {
            for b in -3..=3 {
                for c in -12..=12 {
                    let f = Affine { a, b };
                    let members = |plays: Plays| (plays.first..=plays.last).collect::<Vec<i64>>();
                    let expected =
                        |keep: &dyn Fn(i64) -> bool| members(all).into_iter().filter(|&m| keep(m)).collect::<Vec<_>>();
                    assert_eq!(members(all.at_most(f, c)), expected(&|m| f.at(m) <= c), "{f:?} <= {c}");
                    assert_eq!(members(all.at_least(f, c)), expected(&|m| f.at(m) >= c), "{f:?} >= {c}");
                }
            }
        }
        assert_eq!(Plays { first: 3, last: 5 }.count_and_sum(), (3, 12));
    }

    #[test]
    fn the_last_two_pits_together_equal_their_walk() {
        let mut rng = 0x9fb2_1c65_1e98_df25u64;
        let mut next = |below: u64| {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng % below
        };
        let mut seen = [0usize; 3];
        for case in 0..30_000 {
            let pits = 2 + next(3) as usize;
            let cycle = 2 * pits as u64 + 1;
            let laps = next(5) as usize;
            let skeleton: Vec<u32> = (0..laps).map(|_| 1 + next(2) as u32).collect();
            // Contents and ticks near those where either pit plays or laps;
            // now and then a budget of plays that cuts the walk short.
            let (one, two) = (next(2 * cycle + 3), next(2 * cycle + 4));
            let ticks: Vec<u32> = (0..=laps).map(|_| next(3 * cycle + 4) as u32).collect();
            let total = if next(4) == 0 { next(40) } else { u64::MAX / 4 };
            let placed = next(1 << laps) as u32;
            let empty_so_far = next(2) == 1;
            let acc = Acc { chains: 1 + u128::from(next(1000)), nonempty: u128::from(next(1000)) };
            let step = |j: u64, start: u64, below: u64| PitStep {
                j,
                start,
                cycle,
                skeleton: &skeleton,
                below_pits: j as i64 - 1,
                below_counters: below as i64,
                total,
            };
            let (last, second) = (step(1, one, 0), step(2, two, one));
            let tail = Tail { walked: &[], last, laps };
            let mut together = SkeletonSums::default();
            tail.add_pair(&second, &ticks, placed, empty_so_far, acc, &mut together).unwrap();
            let mut walked = SkeletonSums::default();
            second.walk(&ticks, placed, &mut vec![0; ticks.len()], &mut |new_ticks, new_placed, content| {
                let nonempty = acc.nonempty + if content > 0 { acc.chains } else { 0 };
                let acc = Acc { chains: acc.chains, nonempty };
                let empty = empty_so_far && content == 0;
                tail.add_last(new_ticks, new_placed, empty, acc, &mut walked).unwrap();
            });
            assert_eq!(
                together, walked,
                "case {case}: P1 {one}, P2 {two}, ticks {ticks:?}, skeleton {skeleton:?}, placed {placed:b}, total {total}"
            );
            seen[0] += usize::from(walked.chains > 0);
            seen[1] += usize::from(walked.ending_at_lap > 0);
            seen[2] += usize::from(walked.chains > 0 && laps > 0 && total < 40);
        }
        assert!(seen[0] > 3000 && seen[1] > 300 && seen[2] > 100, "too few cases with chains: {seen:?}");
    }

    #[test]
    fn empty_and_clearing_rows() {
        assert_eq!(dp(&[0, 0]).sequences, 0);
        assert_eq!(dp(&[1]).sequences, 1);
        assert_eq!(dp(&[1, 1, 0]).sequences, memo(&[1, 1, 0]));
    }
}
