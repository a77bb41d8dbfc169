//! Input read within bounds: a file read whole ([`read_text`]) and another
//! program's output ([`Lines`], [`ByteAllowance`]).
//!
//! Whatever plybench reads from outside has a size past which it stops and
//! says so, instead of holding it all in memory: a file given on the
//! command line at most [`MAX_FILE_BYTES`], a line of another program's
//! output at most the [`Bounds::line`] its reader was given, one answer at
//! most [`Bounds::total`]. `perft check --engine "yes 20"` then fails at
//! once, naming the engine, instead of buffering gigabytes.

use std::io::{self, BufRead, Read};
use std::path::Path;

use crate::io_error::IoError;

/// The largest file read whole (an EPD suite, a PDN record, a rule file, a
/// position, a checkpoint): 64 MiB, a hundred times the largest shipped.
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// The text of the file at `path`, read whole if it holds at most
/// [`MAX_FILE_BYTES`] of UTF-8.
///
/// ```
/// let dir = tempfile::tempdir()?;
/// let path = dir.path().join("suite.epd");
/// std::fs::write(&path, "8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3\n")?;
/// assert!(plybench::bounded::read_text(&path)?.ends_with(";D1 3\n"));
/// assert!(plybench::bounded::read_text(dir.path()).is_err()); // a directory
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// A read [`IoError`]: the file cannot be read, is larger (or, for a
/// device or a pipe, longer) than [`MAX_FILE_BYTES`], or is not UTF-8.
pub fn read_text(path: &Path) -> Result<String, IoError> {
    read_text_within(path, MAX_FILE_BYTES)
}

/// The text of the file at `path`, read whole if it holds at most `limit`
/// bytes of UTF-8: [`read_text`] with a smaller bound, for a kind of file
/// that has its own (a rule file: `engine::rules::parse::MAX_TEXT`).
///
/// # Errors
///
/// As [`read_text`], with `limit` in place of [`MAX_FILE_BYTES`].
pub fn read_text_within(path: &Path, limit: u64) -> Result<String, IoError> {
    let fail = |source| IoError::read(path, source);
    let too_large = || {
        fail(io::Error::new(
            io::ErrorKind::InvalidData,
            if limit.is_multiple_of(1 << 20) {
                format!("larger than {} MiB, the most plybench reads of this kind of file", limit >> 20)
            } else {
                format!("larger than {limit} bytes, the most plybench reads of this kind of file")
            },
        ))
    };
    let file = std::fs::File::open(path).map_err(fail)?;
    let metadata = file.metadata().map_err(fail)?;
    if metadata.is_dir() {
        return Err(fail(io::Error::new(io::ErrorKind::InvalidInput, "a directory, not a file")));
    }
    if metadata.len() > limit {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    // A device or a pipe has no length: read one byte past the limit to tell.
    file.take(limit + 1).read_to_end(&mut bytes).map_err(fail)?;
    if bytes.len() as u64 > limit {
        return Err(too_large());
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        fail(io::Error::new(io::ErrorKind::InvalidData, format!("not UTF-8 text (byte {at})")))
    })
}

/// How much of another program's output is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// The longest line, in bytes, its end excluded.
    pub line: usize,
    /// The most bytes of one answer, line ends included.
    pub total: u64,
}

/// A bound of [`Bounds`] that the output passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Exceeded {
    /// A line longer than [`Bounds::line`].
    #[error("a line longer than {limit} bytes")]
    Line {
        /// The bound.
        limit: usize,
    },
    /// More than [`Bounds::total`] bytes.
    #[error("more than {limit} bytes")]
    Total {
        /// The bound.
        limit: u64,
    },
}

/// Why a line could not be read.
#[derive(Debug, thiserror::Error)]
pub enum LineError {
    /// The reader failed.
    #[error(transparent)]
    Io(#[from] io::Error),
    /// The output passed a bound.
    #[error(transparent)]
    Exceeded(#[from] Exceeded),
}

/// The bytes of one answer still allowed: each line read is spent from
/// [`Bounds::total`].
#[derive(Clone, Copy, Debug)]
pub struct ByteAllowance {
    left: u64,
    limit: u64,
}

impl ByteAllowance {
    /// A budget of `total` bytes.
    pub fn new(total: u64) -> ByteAllowance {
        ByteAllowance { left: total, limit: total }
    }

    /// Spends `bytes`.
    ///
    /// # Errors
    ///
    /// [`Exceeded::Total`] once more than the budget has been spent.
    pub fn spend(&mut self, bytes: u64) -> Result<(), Exceeded> {
        self.left = self.left.checked_sub(bytes).ok_or(Exceeded::Total { limit: self.limit })?;
        Ok(())
    }
}

/// The lines of a reader, each at most [`Bounds::line`] bytes and all of
/// them at most [`Bounds::total`], decoded as UTF-8 (invalid bytes
/// replaced) without their ends (`\n` or `\r\n`).
///
/// ```
/// use plybench::bounded::{Bounds, Exceeded, LineError, Lines};
///
/// let mut lines = Lines::new(&b"e2e4 20\r\n\n20\n"[..], Bounds { line: 16, total: 1 << 20 });
/// assert_eq!(lines.next_line()?.as_deref(), Some("e2e4 20"));
/// assert_eq!(lines.next_line()?.as_deref(), Some(""));
/// assert_eq!(lines.next_line()?.as_deref(), Some("20"));
/// assert_eq!(lines.next_line()?, None);
/// let mut yes = Lines::new(std::io::BufReader::new(std::io::repeat(b'y')), Bounds { line: 16, total: 1 << 20 });
/// assert!(matches!(yes.next_line(), Err(LineError::Exceeded(Exceeded::Line { limit: 16 }))));
/// # Ok::<(), LineError>(())
/// ```
#[derive(Debug)]
pub struct Lines<R> {
    reader: R,
    bounds: Bounds,
    budget: ByteAllowance,
}

impl<R: BufRead> Lines<R> {
    /// The lines of `reader` within `bounds`.
    pub fn new(reader: R, bounds: Bounds) -> Lines<R> {
        Lines { reader, bounds, budget: ByteAllowance::new(bounds.total) }
    }

    /// The next line, or `None` at the end of the output.
    ///
    /// # Errors
    ///
    /// [`LineError::Exceeded`] for a line or an output past its bound (the
    /// rest is not read), [`LineError::Io`] if reading fails.
    pub fn next_line(&mut self) -> Result<Option<String>, LineError> {
        let mut line = Vec::new();
        loop {
            let buffer = match self.reader.fill_buf() {
                Ok(buffer) => buffer,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e.into()),
            };
            if buffer.is_empty() {
                if line.len() > self.bounds.line {
                    return Err(Exceeded::Line { limit: self.bounds.line }.into());
                }
                return Ok((!line.is_empty()).then(|| text(&line)));
            }
            let (take, end) = match buffer.iter().position(|&b| b == b'\n') {
                Some(at) => (at, true),
                None => (buffer.len(), false),
            };
            if line.len() + take > self.bounds.line + 1 {
                return Err(Exceeded::Line { limit: self.bounds.line }.into());
            }
            line.extend_from_slice(&buffer[..take]);
            let used = take + usize::from(end);
            self.reader.consume(used);
            self.budget.spend(used as u64)?;
            if end {
                if line.last() == Some(&b'\r') {
                    line.pop();
                }
                if line.len() > self.bounds.line {
                    return Err(Exceeded::Line { limit: self.bounds.line }.into());
                }
                return Ok(Some(text(&line)));
            }
        }
    }
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOUNDS: Bounds = Bounds { line: 8, total: 32 };

    fn all(input: &[u8], bounds: Bounds) -> Result<Vec<String>, LineError> {
        let mut lines = Lines::new(input, bounds);
        let mut out = Vec::new();
        while let Some(line) = lines.next_line()? {
            out.push(line);
        }
        Ok(out)
    }

    #[test]
    fn lines_within_the_bounds_are_read_whole() {
        assert_eq!(all(b"12345678\n\nlast", BOUNDS).unwrap(), ["12345678", "", "last"]);
        assert_eq!(all(b"12345678\r\n", BOUNDS).unwrap(), ["12345678"], "\\r\\n is a line end");
        assert_eq!(all(b"", BOUNDS).unwrap(), Vec::<String>::new());
        assert_eq!(all(b"a\xffb\n", BOUNDS).unwrap(), ["a\u{fffd}b"]);
    }

    #[test]
    fn a_line_or_an_output_past_its_bound_stops_the_reading() {
        assert!(matches!(all(b"123456789\n", BOUNDS), Err(LineError::Exceeded(Exceeded::Line { limit: 8 }))));
        assert!(matches!(all(b"123456789", BOUNDS), Err(LineError::Exceeded(Exceeded::Line { .. }))));
        let many = b"1234567\n".repeat(5);
        assert!(matches!(all(&many, BOUNDS), Err(LineError::Exceeded(Exceeded::Total { limit: 32 }))));
        // An endless output is refused after reading no more than the bound.
        let mut endless = Lines::new(io::BufReader::with_capacity(4, io::repeat(b'\n')), BOUNDS);
        let result = (0..100).try_for_each(|_| endless.next_line().map(drop));
        assert!(matches!(result, Err(LineError::Exceeded(Exceeded::Total { .. }))));
    }

    #[test]
    fn a_budget_is_spent_to_its_end_and_no_further() {
        let mut budget = ByteAllowance::new(10);
        assert!(budget.spend(4).is_ok() && budget.spend(6).is_ok());
        assert_eq!(budget.spend(1), Err(Exceeded::Total { limit: 10 }));
    }

    #[test]
    fn files_past_the_limit_or_not_utf8_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f");
        std::fs::write(&path, "x".repeat(2 << 20)).unwrap();
        assert_eq!(read_text_within(&path, 4 << 20).unwrap().len(), 2 << 20);
        let error = read_text_within(&path, 1 << 20).unwrap_err();
        assert!(format!("{}", error.source).contains("larger than 1 MiB"), "{}", error.source);
        std::fs::write(&path, b"ok\xff").unwrap();
        assert!(read_text(&path).unwrap_err().source.to_string().contains("not UTF-8 text (byte 2)"));
        // A device has no length: it is read up to the limit and refused.
        #[cfg(unix)]
        assert!(read_text_within(Path::new("/dev/zero"), 1 << 20).is_err());
    }
}
