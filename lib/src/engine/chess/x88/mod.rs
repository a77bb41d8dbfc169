//! The 0x88 board: a 128-cell array, 16 cells per rank, of which the left
//! eight are the board.
//!
//! A square is `rank * 16 + file`. Stepping off the board in any direction
//! sets bit 3 (file overflow) or bit 7 (rank overflow), so `sq & 0x88 != 0`
//! tells an off-board square with one test and no border cells, and a move
//! of any offset from any square stays inside the 128 cells or goes below 0,
//! which the `u8` arithmetic turns into a number with bit 7 set.
//!
//! The other gift of the layout is the difference of two squares: it names
//! the file and rank steps between them uniquely, so one 239-entry table
//! (`geometry`) says whether a piece on one square could reach the other
//! and along which line. Each side also keeps a piece list (the squares of
//! its men, king first), so nothing scans empty cells:
//!
//! - the attack test (`attack`) looks at each enemy piece once: a table
//!   lookup rules most of them out, and only a slider on the right line
//!   has its path walked;
//! - legal generation (`legal`) finds the checkers and the pinned pieces
//!   once per node, from the king towards every enemy slider on one of its
//!   lines. A non-king move is then legal when it lands on a square that
//!   answers the check (all squares when there is none) and, for a pinned
//!   piece, stays on its pin line; a king move when its target is not
//!   attacked with the king lifted off the board; en passant, which takes
//!   two pieces off one rank, is tried on the board and the king tested.
//!   The last ply counts these moves without listing them (`sink::MoveCounter`);
//! - the like-for-like driver's pseudo-legal generation (`movegen`) walks
//!   the same piece lists, and its king test is the same attack test.

mod attack;
mod board;
mod geometry;
mod legal;
mod movegen;
mod sink;
#[cfg(test)]
mod tests;

pub use board::{X88Board, X88Undo};
