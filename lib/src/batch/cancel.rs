//! Stopping a run from another thread (a signal handler, a time limit)
//! with its checkpoint saved.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use super::{BatchError, Checkpoint};
use crate::Result;

/// Locks `mutex`, going on after a panic elsewhere: a checkpoint is a
/// list of finished units, valid whatever happened to other threads.
pub(super) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A handle that stops a batch run from any thread.
///
/// Give a clone to the run in [`RunOptions::cancel`](super::RunOptions).
/// [`Cancel::cancel`] then stops it from starting more units and writes its
/// checkpoint at once, even while units are still being computed; the run
/// returns [`BatchError::Interrupted`] when the units under way are done. A
/// process that exits on a signal calls [`Cancel::cancel`] from its handler
/// and exits: the file then holds every unit completed so far.
///
/// ```
/// use plybench::batch::{BatchError, Cancel, RunOptions, run};
/// use plybench::study::perft::split::{PerftParams, PerftSplit};
/// use plybench::engine::chess::{Repr, Setup};
///
/// let dir = tempfile::tempdir()?;
/// let path = dir.path().join("run.json");
/// let params = PerftParams::new(&Setup::starting(), 3, &[Repr::Bitboard], Some(1))?;
/// let cancel = Cancel::new();
/// cancel.cancel()?; // before the run starts: it computes no unit
/// let options = RunOptions { checkpoint: Some(path.clone()), threads: 1, cancel, ..RunOptions::default() };
/// match run::<PerftSplit>(&params, &options) {
///     Err(plybench::Error::Batch(BatchError::Interrupted { done, total, path: saved })) => {
///         assert_eq!((done, total, saved), (0, 20, Some(path)));
///     }
///     other => panic!("{other:?}"),
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Cancel {
    shared: Arc<Shared>,
}

#[derive(Debug, Default)]
struct Shared {
    cancelled: AtomicBool,
    /// The checkpoint of the run in progress, if any.
    active: Mutex<Option<Arc<Mutex<Checkpoint>>>>,
}

impl Cancel {
    /// A handle that nothing has cancelled yet.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Whether [`Cancel::cancel`] was called.
    pub fn is_cancelled(&self) -> bool {
        self.shared.cancelled.load(Ordering::SeqCst)
    }

    /// Stops the run: no unit starts after this. If a run is in progress,
    /// writes its checkpoint now and returns what it holds, the
    /// [`BatchError::Interrupted`] the run will return; `None` if no run is
    /// in progress. Fails if the checkpoint cannot be written.
    pub fn cancel(&self) -> Result<Option<BatchError>> {
        self.shared.cancelled.store(true, Ordering::SeqCst);
        let active = lock(&self.shared.active).clone();
        match active {
            Some(checkpoint) => Ok(Some(save(&mut lock(&checkpoint))?)),
            None => Ok(None),
        }
    }

    /// Makes `checkpoint` the one [`Cancel::cancel`] saves, until the guard
    /// returned is dropped.
    pub(super) fn attach(&self, checkpoint: Arc<Mutex<Checkpoint>>) -> Attached<'_> {
        *lock(&self.shared.active) = Some(checkpoint);
        Attached(self)
    }
}

/// Writes `checkpoint` and says what it holds.
pub(super) fn save(checkpoint: &mut Checkpoint) -> Result<BatchError> {
    checkpoint.flush()?;
    Ok(BatchError::Interrupted {
        done: checkpoint.len(),
        total: checkpoint.file().units_expected(),
        path: checkpoint.path().map(ToOwned::to_owned),
    })
}

/// While it lives, [`Cancel::cancel`] saves the run's checkpoint.
#[derive(Debug)]
#[must_use = "the checkpoint is saved on cancellation only while the guard lives"]
pub(super) struct Attached<'a>(&'a Cancel);

impl Drop for Attached<'_> {
    fn drop(&mut self) {
        *lock(&self.0.shared.active) = None;
    }
}
