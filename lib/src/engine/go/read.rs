//! A position from the text of a file: an SGF game record or the text form
//! of [`Position`], told apart by their content.

use super::error::GoError;
use super::position::Position;
use super::sgf::{GameRecord, looks_like_sgf};

/// The position `text` gives: for an SGF record (see [`super::sgf`]), the
/// one after `after_move` moves of its main line (`None`: the end); for the
/// text form, the position it writes, and then `after_move` must be
/// `None`.
///
/// ```
/// use plybench::engine::go::{Color, read_position};
///
/// let diagram = read_position(". X\nO .\nto-move white\n", None)?;
/// let record = read_position("(;SZ[2]AB[ba]AW[ab]PL[W])", None)?;
/// assert_eq!(diagram, record);
/// assert_eq!(read_position("(;SZ[2];B[ba];W[ab])", Some(1))?.to_move(), Color::White);
/// # Ok::<(), plybench::engine::go::GoError>(())
/// ```
///
/// # Errors
///
/// What [`GameRecord`] or the text form refuse, and
/// [`GoError::MoveOfDiagram`] for a move number with the text form.
pub fn read_position(text: &str, after_move: Option<usize>) -> Result<Position, GoError> {
    if looks_like_sgf(text) {
        return text.parse::<GameRecord>()?.position(after_move);
    }
    if after_move.is_some() {
        return Err(GoError::MoveOfDiagram);
    }
    text.parse()
}
