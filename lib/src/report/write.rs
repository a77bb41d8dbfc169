//! Files written whole and atomically, and the checks, made before anything
//! is computed, that they can be: every binary checks each output path it
//! is given (`--out`, `--checkpoint`, `--svg`) with [`check_dir_writable`]
//! or [`check_file_writable`] before a run, so that a run never computes
//! for hours and then fails to write.

use std::io::Write;
use std::path::Path;

use crate::io_error::IoError;
use crate::{Error, Result};

/// Writes `contents` to `path` atomically: to a temporary file in the same
/// directory first, then renamed over `path`. A reader never sees a
/// half-written file, and a failure leaves any previous file untouched.
///
/// ```
/// let dir = tempfile::tempdir()?;
/// let path = dir.path().join("table.csv");
/// plybench::report::write_atomic(&path, b"pits,moves\n6,912\n")?;
/// assert_eq!(std::fs::read_to_string(&path)?, "pits,moves\n6,912\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_atomic(path: &Path, contents: &[u8]) -> Result<()> {
    let io = |source| Error::from(IoError::write(path, source));
    let dir = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let mut file = tempfile::NamedTempFile::new_in(dir).map_err(io)?;
    file.write_all(contents).map_err(io)?;
    file.as_file().sync_all().map_err(io)?;
    file.persist(path).map_err(|e| io(e.error))?;
    Ok(())
}

/// Checks, before anything is computed, that files can be written into
/// `dir`: creates it if missing, then writes and removes a probe file.
///
/// ```
/// use plybench::report::check_dir_writable;
///
/// let dir = tempfile::tempdir()?;
/// let out = dir.path().join("reports");
/// check_dir_writable(&out)?;
/// assert!(out.is_dir() && std::fs::read_dir(&out)?.next().is_none()); // the probe is gone
/// std::fs::write(dir.path().join("notes.txt"), "")?;
/// assert!(check_dir_writable(&dir.path().join("notes.txt/reports")).is_err()); // not a directory
/// assert!(check_dir_writable(&dir.path().join("notes.txt")).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`IoError`] (a write) if the directory cannot be created or written.
pub fn check_dir_writable(dir: &Path) -> Result<()> {
    let unwritable = |source: std::io::Error| Error::from(IoError::write(dir, source));
    if dir.exists() && !dir.is_dir() {
        let why = "a file, not a directory; give a directory (it is created if missing)";
        return Err(unwritable(std::io::Error::new(std::io::ErrorKind::InvalidInput, why)));
    }
    std::fs::create_dir_all(dir).map_err(unwritable)?;
    probe(dir).map_err(unwritable)
}

/// Checks, before anything is computed, that [`write_atomic`] can write a
/// file at `path`: it is not a directory, and its directory exists and
/// takes a new file (a probe, written and removed). An existing file at
/// `path` is left as it is.
///
/// ```
/// use plybench::report::check_file_writable;
///
/// let dir = tempfile::tempdir()?;
/// check_file_writable(&dir.path().join("run.json"))?;
/// assert!(check_file_writable(dir.path()).is_err()); // a directory
/// assert!(check_file_writable(&dir.path().join("missing/run.json")).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`IoError`] (a write) naming `path`.
pub fn check_file_writable(path: &Path) -> Result<()> {
    let unwritable = |source: std::io::Error| Error::from(IoError::write(path, source));
    if path.is_dir() {
        let why = "a directory; give a file name (in that directory, or elsewhere)";
        return Err(unwritable(std::io::Error::new(std::io::ErrorKind::InvalidInput, why)));
    }
    let dir = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    if !dir.is_dir() {
        let why = format!("its directory {} does not exist", dir.display());
        return Err(unwritable(std::io::Error::new(std::io::ErrorKind::NotFound, why)));
    }
    probe(dir).map_err(unwritable)
}

/// Writes and removes a probe file in `dir`.
fn probe(dir: &Path) -> std::io::Result<()> {
    let mut probe = tempfile::Builder::new().prefix(".plybench-probe-").tempfile_in(dir)?;
    probe.write_all(b"plybench\n").and_then(|()| probe.as_file().sync_all())?;
    probe.close()
}
