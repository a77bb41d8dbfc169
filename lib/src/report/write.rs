use std::io::Write;
use std::path::Path;

use crate::error::IoError;
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
