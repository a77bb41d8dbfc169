//! Zobrist's finite-difference influence algorithm, as Bell's Fortran
//! (1972, Fig. 3.13) gives it.
//!
//! The program's arrays are `IGOR(21,21)` and `IGOR1(21,21)`: the 19×19
//! board sits in rows and columns 2 to 20, and rows and columns 1 and 21
//! are a border that saves testing for points off the board. A black stone
//! is `+50`, a white one `-50`. Each of four passes (`DO 100 L = 1,4`)
//! visits the board points only (`DO 1 I = 2,20`, `DO 2 J = 2,20`); a point
//! whose value is non-zero adds `+1` (positive) or `-1` (negative) to each
//! of its four neighbours *in `IGOR1`*, and a zero point sends nothing.
//! Then every cell of the 21×21 array, border included, gets `IGOR1` added
//! and `IGOR1` is cleared (`DO 30`/`DO 31`). So within a pass every point
//! sends according to the values of the previous pass (the order of the
//! updates does not matter), the border receives but never sends, and the
//! printed result is rows and columns 2 to 20.

use super::position::{POINTS, Position, SIZE};

/// The side of Zobrist's array: the board and a border of one line.
pub const SIDE: usize = SIZE + 2;

/// The cells of the array.
pub const CELLS: usize = SIDE * SIDE;

/// The value of a black stone (`K = 50` in the Fortran); a white one is
/// its negative.
pub const STONE: i32 = 50;

/// The number of passes (`DO 100 L = 1,4`).
pub const PASSES: usize = 4;

/// The largest magnitude a pass can add to a point: one from each of four
/// neighbours.
pub const STEP: i32 = 4;

/// Zobrist's array after the passes: `IGOR`, 21×21 with its border.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InfluenceMap {
    cells: [i32; CELLS],
}

impl InfluenceMap {
    /// The value at board point `(row, col)`, row 0 the top line printed.
    #[inline]
    pub fn at(&self, row: usize, col: usize) -> i32 {
        self.cells[(row + 1) * SIDE + col + 1]
    }

    /// The value at cell `(i, j)` of the 21×21 array, 0-based (the
    /// Fortran's `IGOR(i+1, j+1)`), border included.
    #[inline]
    pub fn cell(&self, i: usize, j: usize) -> i32 {
        self.cells[i * SIDE + j]
    }

    /// The 361 printed values, row by row from the top.
    pub fn values(&self) -> [i32; POINTS] {
        let mut out = [0; POINTS];
        for (p, v) in out.iter_mut().enumerate() {
            *v = self.at(p / SIZE, p % SIZE);
        }
        out
    }

    /// The map as the Fortran prints it (`FORMAT(' ',19I4)`): 19 lines of
    /// 19 numbers, four characters each, each line led by a space.
    pub fn printout(&self) -> String {
        let mut out = String::new();
        for row in 0..SIZE {
            out.push(' ');
            for col in 0..SIZE {
                out.push_str(&format!("{:4}", self.at(row, col)));
            }
            out.push('\n');
        }
        out
    }
}

/// The influence map of `position`, after the four passes.
pub fn influence(position: &Position) -> InfluenceMap {
    influence_after(position, PASSES)
}

/// The influence map of `position` after `passes` passes (Zobrist's is
/// four).
pub fn influence_after(position: &Position, passes: usize) -> InfluenceMap {
    let mut igor = [0i32; CELLS];
    load(position, &mut igor);
    let mut igor1 = [0i32; CELLS];
    for _ in 0..passes {
        pass(&mut igor, &mut igor1);
    }
    InfluenceMap { cells: igor }
}

/// Writes `position` into `igor`: `±50` at each stone, `0` elsewhere,
/// border included (the Fortran's `DO 40` clear and its `READ` loop).
#[inline]
pub fn load(position: &Position, igor: &mut [i32; CELLS]) {
    igor.fill(0);
    for (p, &stone) in position.points().iter().enumerate() {
        igor[(p / SIZE + 1) * SIDE + p % SIZE + 1] = STONE * i32::from(stone);
    }
}

/// One pass of the Fortran (its lines 17 to 32): every non-zero board point
/// of `igor` sends its sign to its four neighbours in `igor1`, then `igor1`
/// is added to `igor` over the whole array, border included, and cleared.
/// `igor1` must be all zero on entry, as the Fortran leaves it. Allocates
/// nothing.
#[inline]
pub fn pass(igor: &mut [i32; CELLS], igor1: &mut [i32; CELLS]) {
    for i in 1..=SIZE {
        for j in 1..=SIZE {
            let here = i * SIDE + j;
            // IF(IGOR(I,J)) 3,2,4: negative sends -1, zero nothing, positive +1.
            let k = igor[here].signum();
            if k == 0 {
                continue;
            }
            igor1[here + SIDE] += k;
            igor1[here - SIDE] += k;
            igor1[here + 1] += k;
            igor1[here - 1] += k;
        }
    }
    for (a, b) in igor.iter_mut().zip(igor1.iter_mut()) {
        *a += *b;
        *b = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::go::influence::position::{BLACK, EMPTY, WHITE};

    fn single(row: usize, col: usize, stone: i8) -> Position {
        let mut p = Position::empty();
        p.set(row, col, stone);
        p
    }

    /// The single stone's map on an unbounded board, computed apart from
    /// the array code.
    fn expected_single(dr: i32, dc: i32) -> i32 {
        // Reference: the passes on an unbounded board, with a hash map of
        // the non-zero points, sending by sign.
        use std::collections::HashMap;
        let mut m: HashMap<(i32, i32), i32> = HashMap::from([((0, 0), STONE)]);
        for _ in 0..PASSES {
            let mut add: HashMap<(i32, i32), i32> = HashMap::new();
            for (&(r, c), &v) in &m {
                if v != 0 {
                    for (a, b) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                        *add.entry((r + a, c + b)).or_default() += v.signum();
                    }
                }
            }
            for (k, v) in add {
                *m.entry(k).or_default() += v;
            }
        }
        m.get(&(dr, dc)).copied().unwrap_or(0)
    }

    #[test]
    fn a_central_stone_gives_the_diamond_of_radius_four() {
        let map = influence(&single(9, 9, BLACK));
        for row in 0..SIZE {
            for col in 0..SIZE {
                let (dr, dc) = (row as i32 - 9, col as i32 - 9);
                assert_eq!(map.at(row, col), expected_single(dr, dc), "({row}, {col})");
                assert_eq!(map.at(row, col) != 0, dr.abs() + dc.abs() <= PASSES as i32);
            }
        }
        // Its neighbours are zero in pass one, so it gains 4 in three passes.
        assert_eq!(map.at(9, 9), STONE + (PASSES as i32 - 1) * STEP);
        assert_eq!(map.at(9, 13), 1);
    }

    #[test]
    fn the_map_is_antisymmetric_in_colour_and_symmetric_under_the_board_symmetries() {
        for seed in 0..20 {
            let p = Position::random(seed, 0, 0.3 + 0.02 * seed as f64).unwrap();
            let map = influence(&p);
            let swapped = influence(&p.swapped());
            let mut mirrored = Position::empty();
            let mut transposed = Position::empty();
            for row in 0..SIZE {
                for col in 0..SIZE {
                    assert_eq!(swapped.at(row, col), -map.at(row, col));
                    mirrored.set(row, SIZE - 1 - col, p.at(row, col));
                    transposed.set(col, row, p.at(row, col));
                }
            }
            let (m, t) = (influence(&mirrored), influence(&transposed));
            for row in 0..SIZE {
                for col in 0..SIZE {
                    assert_eq!(m.at(row, SIZE - 1 - col), map.at(row, col));
                    assert_eq!(t.at(col, row), map.at(row, col));
                }
            }
        }
    }

    #[test]
    fn the_border_receives_but_never_sends() {
        // A stone on the edge: the border cell beside it gets 1 a pass and
        // sends nothing back, so the stone gets 3 a pass from pass two on.
        let map = influence(&single(0, 9, BLACK));
        assert_eq!(map.cell(0, 10), PASSES as i32);
        assert_eq!(map.at(0, 9), STONE + 3 * (PASSES as i32 - 1));
        // A corner stone: two neighbours on the board.
        let map = influence(&single(18, 0, WHITE));
        assert_eq!(map.at(18, 0), -STONE - 2 * (PASSES as i32 - 1));
        assert_eq!(map.cell(0, 0), 0);
        // The map of the empty board is zero everywhere.
        assert!(influence(&Position::empty()).values().iter().all(|&v| v == 0));
        assert_eq!(influence_after(&single(4, 4, BLACK), 0).at(4, 4), STONE);
        assert_eq!(single(4, 4, EMPTY), Position::empty());
    }

    #[test]
    fn points_send_by_the_values_of_the_previous_pass() {
        // Black at C3 and white two points right of it: after pass one the
        // point between holds +1 - 1 = 0 and so sends nothing in pass two.
        let mut p = Position::empty();
        p.set(16, 2, BLACK);
        p.set(16, 4, WHITE);
        let one = influence_after(&p, 1);
        assert_eq!(one.at(16, 3), 0);
        let two = influence_after(&p, 2);
        assert_eq!(two.at(16, 3), 0);
        assert_eq!(two.at(15, 3), 0);
        assert_eq!(two.at(16, 2), STONE + 1 + 1 + 1);
    }
}
