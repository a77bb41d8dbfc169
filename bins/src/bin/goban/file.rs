//! Reading a Go position file: the text form or an SGF record, told apart
//! by content (see `plybench::engine::go::read_position`), with a bound on
//! the bytes read.

use std::io::Read;
use std::path::Path;

use plybench::engine::go::sgf::MAX_BYTES;
use plybench::engine::go::{Position, read_position};
use plybench::error::IoError;
use plybench_cli::{Flag, Usage};

/// The position in the file at `path`, after `after_move` moves when it is
/// a game record. Errors name `--position` (or `--move`).
pub fn read(path: &Path, after_move: Option<usize>) -> anyhow::Result<Position> {
    let io = |e| plybench::Error::from(IoError::read(path, e));
    let mut bytes = Vec::new();
    std::fs::File::open(path).and_then(|f| f.take(MAX_BYTES as u64 + 1).read_to_end(&mut bytes)).map_err(io)?;
    if bytes.len() > MAX_BYTES {
        return Err(Usage::flag(
            "--position",
            format!("the file is larger than {MAX_BYTES} bytes; a position or game record is far smaller"),
        )
        .into());
    }
    let text = String::from_utf8(bytes).map_err(|_| Usage::flag("--position", "the file is not UTF-8 text"))?;
    match read_position(&text, after_move) {
        Err(e @ (plybench::engine::go::GoError::MoveNumber { .. } | plybench::engine::go::GoError::MoveOfDiagram)) => {
            Err(e).flag("--move").map_err(Into::into)
        }
        other => Ok(other.flag("--position")?),
    }
}
