//! Reading a Go position file: the text form or an SGF record, told apart
//! by content (see `plybench::engine::go::read_position`), read within
//! plybench's bound on input files.

use std::path::Path;

use plybench::bounded::read_text;
use plybench::engine::go::{GoError, Position, read_position};
use plybench_cli::Flag;

/// The position in the file at `path`, after `after_move` moves when it is
/// a game record. Errors name `--position` (or `--move`).
pub fn read(path: &Path, after_move: Option<usize>) -> anyhow::Result<Position> {
    let text = read_text(path).map_err(plybench::Error::from)?;
    match read_position(&text, after_move) {
        Err(e @ (GoError::MoveNumber { .. } | GoError::MoveOfDiagram)) => Err(e).flag("--move").map_err(Into::into),
        other => Ok(other.flag("--position")?),
    }
}
