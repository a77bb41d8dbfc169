//! The 10x10 extended array: the 8x8 board inside a one-cell frame of
//! boundary cells, as in Eppstein's "Representation 2" (ICS 180A lecture
//! notes, 8 April 1997).
//!
//! # Cells
//!
//! The array has 100 cells, ten per row. Row 0, row 9, column 0 and
//! column 9 hold the boundary value; a1 is cell 11 and h8 cell 88 (see the
//! `geometry` module). A step is an offset: ±1 along a rank, ±10 along a
//! file, ±9 and ±11 along diagonals. A piece stepping off the board lands on
//! a boundary cell, and the boundary value is what stops it: sliders walk
//! while the cell is empty, and a cell is taken only if its colour bits are
//! exactly the enemy's.
//!
//! # Staying inside the array
//!
//! From any board cell (rows and columns 1..=8), a step of at most one row
//! and one column (king, pawn, every slider step) lands on rows and columns
//! 0..=9, which is inside the array; a slider then stops on the first
//! boundary cell, so it never steps from one. A pawn's double step is two
//! rows, but only up from row 2 or down from row 7, so it lands on row 4 or
//! 5. Sideways the frame is wide enough even for two columns: column 9 of
//! one row and column 0 of the next are adjacent cells, so a jump two files
//! off either edge lands on one of them.
//!
//! Vertically the frame is one row deep, and a knight jumping two ranks off
//! the first or eighth rank would land 19 or 21 cells away: below cell 0 or
//! past cell 99, outside the array. This board never computes that cell.
//! Knights do not step by offsets at all: the `JUMPS` table lists, for each
//! cell, the board cells a knight reaches, built at compile time from file
//! and rank arithmetic that keeps only targets with file and rank in 1..=8.
//! Knight moves and knight attacks (the relation is symmetric) read only
//! those cells, which also spares the up to six boundary tests a knight near
//! an edge would otherwise make. Unit tests check that every step used from
//! every board cell stays in the array and that every listed jump is a board
//! cell a knight's move away.
//!
//! # Pieces
//!
//! A cell holds a byte: colour bits (White 8, Black 16) over a role number
//! 1..=6, 0 for empty, both colour bits for the boundary. Each side also
//! keeps a piece list: the cells of its pieces, king first, with a reverse
//! index from cell to list slot. Move generation walks the list instead of
//! scanning the board; a capture swaps the last piece into the captured
//! one's slot, and the undo record keeps the slot so unmake puts the list
//! back exactly as it was.
//!
//! # Legality
//!
//! Two generators share the board. `movegen` lists pseudo-legal moves
//! (castling fully checked), for the like-for-like driver, which plays each
//! and rejects those that leave the king attacked. `legal` produces only
//! legal moves, without playing them (see that module): once per node it
//! looks along the king's eight lines, and at its knight and pawn cells,
//! to find both the pieces giving check and our pinned pieces in one pass.
//! Then a king step is kept if its cell is not attacked with the king
//! lifted off the board; in double check nothing else moves; in single
//! check another piece must land on the checker's cell or between it and
//! the king (a mask of cells), and a pinned piece cannot help; out of check
//! an unpinned piece moves freely and a pinned one stays on its line.
//! En passant, which empties two cells of one rank, is played, the king
//! tested and the move taken back. Castling is generated only out of check.
//!
//! The legal generator hands each move to a sink: the move list, or a
//! counter that only adds one (four for a promotion). That is how
//! [`Board::count_legal`](super::Board::count_legal) counts perft's last ply without building a list.

mod attack;
mod board;
mod geometry;
mod legal;
mod movegen;
mod sink;

#[cfg(test)]
mod tests;

pub use board::{Mailbox10Board, Mailbox10Undo};
