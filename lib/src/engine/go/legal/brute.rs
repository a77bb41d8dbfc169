//! Legal positions by enumeration: every one of the 3^(m·n) colourings,
//! each chain searched for a liberty. It shares nothing with the border
//! program but the definition, and is its oracle on small boards.

use super::GoError;

/// The most points [`count_brute`] takes (3¹⁶ ≈ 4.3·10⁷ colourings).
pub const MAX_BRUTE_POINTS: usize = 16;

/// Whether every chain of `board` (row-major, 0 empty, 1 black, 2 white)
/// has a liberty.
pub fn is_legal(board: &[u8], rows: usize, cols: usize) -> bool {
    let mut seen = vec![false; board.len()];
    let mut stack = Vec::with_capacity(board.len());
    for start in 0..board.len() {
        if board[start] == 0 || seen[start] {
            continue;
        }
        let colour = board[start];
        let mut liberty = false;
        seen[start] = true;
        stack.push(start);
        while let Some(p) = stack.pop() {
            let (r, c) = (p / cols, p % cols);
            let mut near = [usize::MAX; 4];
            if r > 0 {
                near[0] = p - cols;
            }
            if r + 1 < rows {
                near[1] = p + cols;
            }
            if c > 0 {
                near[2] = p - 1;
            }
            if c + 1 < cols {
                near[3] = p + 1;
            }
            for q in near.into_iter().filter(|&q| q != usize::MAX) {
                if board[q] == 0 {
                    liberty = true;
                } else if board[q] == colour && !seen[q] {
                    seen[q] = true;
                    stack.push(q);
                }
            }
        }
        if !liberty {
            return false;
        }
    }
    true
}

/// Counts the legal positions of a `rows`×`cols` board by enumeration.
///
/// ```
/// use plybench::engine::go::legal::brute::count_brute;
///
/// assert_eq!(count_brute(2, 2)?, 57);
/// # Ok::<(), plybench::engine::go::GoError>(())
/// ```
pub fn count_brute(rows: usize, cols: usize) -> Result<u64, GoError> {
    let points = rows * cols;
    if rows == 0 || cols == 0 || points > MAX_BRUTE_POINTS {
        return Err(GoError::LegalBoard {
            rows,
            cols,
            why: format!("enumeration takes 1 to {MAX_BRUTE_POINTS} points; count larger boards by the border program"),
        });
    }
    let mut board = vec![0u8; points];
    let mut count = 0;
    loop {
        if is_legal(&board, rows, cols) {
            count += 1;
        }
        // The next colouring, as a base-3 odometer.
        let mut i = 0;
        loop {
            if i == points {
                return Ok(count);
            }
            board[i] += 1;
            if board[i] < 3 {
                break;
            }
            board[i] = 0;
            i += 1;
        }
    }
}
