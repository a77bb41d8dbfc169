//! Counting territory: the empty points each side holds, under a few
//! rules, to test a published score against.

use super::map::InfluenceMap;
use super::position::{BLACK, EMPTY, POINTS, Position, SIZE, WHITE};

/// The empty points counted to Black, to White and to neither.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Territory {
    /// Empty points counted to Black.
    pub black: usize,
    /// Empty points counted to White.
    pub white: usize,
    /// Empty points counted to neither.
    pub neutral: usize,
}

/// Zobrist's segmentation: an empty point is Black's when its influence is
/// at least `threshold` (at least 1), White's when at most `-threshold`.
pub fn by_influence(position: &Position, map: &InfluenceMap, threshold: i32) -> Territory {
    let threshold = threshold.max(1);
    let mut t = Territory::default();
    for p in 0..POINTS {
        let (row, col) = (p / SIZE, p % SIZE);
        if position.at(row, col) != EMPTY {
            continue;
        }
        let v = map.at(row, col);
        if v >= threshold {
            t.black += 1;
        } else if v <= -threshold {
            t.white += 1;
        } else {
            t.neutral += 1;
        }
    }
    t
}

/// The rule of the board as it stands, every stone alive: a region of
/// empty points (connected through empty neighbours) is a side's when it
/// touches stones of that side only.
pub fn by_regions(position: &Position) -> Territory {
    let mut t = Territory::default();
    let mut seen = [false; POINTS];
    let mut stack = Vec::with_capacity(POINTS);
    let mut region = Vec::with_capacity(POINTS);
    for start in 0..POINTS {
        if seen[start] || position.points()[start] != EMPTY {
            continue;
        }
        let (mut black, mut white) = (false, false);
        region.clear();
        stack.push(start);
        seen[start] = true;
        while let Some(p) = stack.pop() {
            region.push(p);
            let (row, col) = (p / SIZE, p % SIZE);
            let neighbours = [
                (row > 0).then(|| p - SIZE),
                (row + 1 < SIZE).then(|| p + SIZE),
                (col > 0).then(|| p - 1),
                (col + 1 < SIZE).then(|| p + 1),
            ];
            for q in neighbours.into_iter().flatten() {
                match position.points()[q] {
                    BLACK => black = true,
                    WHITE => white = true,
                    _ if !seen[q] => {
                        seen[q] = true;
                        stack.push(q);
                    }
                    _ => {}
                }
            }
        }
        match (black, white) {
            (true, false) => t.black += region.len(),
            (false, true) => t.white += region.len(),
            _ => t.neutral += region.len(),
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::go::influence::map::influence;

    #[test]
    fn regions_and_influence_count_every_empty_point_once() {
        for seed in 0..10 {
            let p = Position::random(seed, 1, 0.4).unwrap();
            let empty = p.count(EMPTY);
            let r = by_regions(&p);
            assert_eq!(r.black + r.white + r.neutral, empty);
            let i = by_influence(&p, &influence(&p), 1);
            assert_eq!(i.black + i.white + i.neutral, empty);
            let swapped = by_regions(&p.swapped());
            assert_eq!((swapped.black, swapped.white), (r.white, r.black));
        }
    }

    #[test]
    fn a_corner_walled_by_black_is_blacks() {
        let mut p = Position::empty();
        p.place("A3,B3,C2,C1", BLACK).unwrap();
        p.place("K10", WHITE).unwrap();
        let t = by_regions(&p);
        assert_eq!(t.black, 4); // A1, A2, B1, B2
        assert_eq!(t.white, 0);
        let i = by_influence(&p, &influence(&p), 1);
        assert!(i.black >= 4 && i.white > 0);
    }
}
