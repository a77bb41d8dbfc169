//! SIGINT and SIGTERM: save the checkpoint, say how to resume, exit 130.

use std::sync::{Arc, Mutex, MutexGuard, OnceLock, PoisonError};

use super::Checkpoint;
use crate::{Error, Result};

/// The exit status after an interruption (128 + SIGINT, as shells report it).
pub const INTERRUPTED: i32 = 130;

/// The checkpoint the handler saves, if a run is in progress.
static ACTIVE: Mutex<Option<Arc<Mutex<Checkpoint>>>> = Mutex::new(None);
static INSTALLED: OnceLock<std::result::Result<(), String>> = OnceLock::new();

/// Locks `mutex`, going on after a panic elsewhere: a checkpoint is a
/// list of finished units, valid whatever happened to other threads.
pub fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// While it lives, SIGINT and SIGTERM save `checkpoint`, print
/// `interrupted: N of U units saved to FILE; resume with --resume FILE` on
/// stderr and exit with status [`INTERRUPTED`]. Dropping it restores the
/// plain exit (still status 130).
#[derive(Debug)]
#[must_use = "the checkpoint is saved on a signal only while the guard lives"]
pub struct SaveOnSignal(());

impl SaveOnSignal {
    /// Installs the handler (once per process) and makes `checkpoint` the
    /// one it saves.
    pub fn new(checkpoint: Arc<Mutex<Checkpoint>>) -> Result<SaveOnSignal> {
        INSTALLED
            .get_or_init(|| ctrlc::set_handler(on_signal).map_err(|e| e.to_string()))
            .clone()
            .map_err(|e| Error::invalid("signal handler", format!("cannot install it ({e})")))?;
        *lock(&ACTIVE) = Some(checkpoint);
        Ok(SaveOnSignal(()))
    }
}

impl Drop for SaveOnSignal {
    fn drop(&mut self) {
        *lock(&ACTIVE) = None;
    }
}

fn on_signal() {
    let active = lock(&ACTIVE).clone();
    match active {
        Some(checkpoint) => {
            let mut checkpoint = lock(&checkpoint);
            let (n, u) = (checkpoint.len(), checkpoint.file().units_expected());
            match (checkpoint.flush(), checkpoint.path()) {
                (Ok(()), Some(path)) => {
                    let path = path.display();
                    eprintln!("interrupted: {n} of {u} units saved to {path}; resume with --resume {path}");
                }
                (Ok(()), None) => eprintln!("interrupted: {n} of {u} units done, none saved (no --checkpoint)"),
                (Err(e), _) => eprintln!("interrupted: the checkpoint could not be saved: {e}"),
            }
        }
        None => eprintln!("interrupted"),
    }
    std::process::exit(INTERRUPTED);
}
