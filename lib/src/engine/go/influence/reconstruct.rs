//! A position recovered from the magnitudes of its influence map.
//!
//! A scanned map (Bell's Fig. 3.16) may keep the numbers and lose their
//! signs. The stones still show: an empty point gains at most 4 a pass,
//! so at most 16 in four passes, and a stone keeps its ±50 within ±16, so
//! every magnitude above 16 is a stone's (at least 34). Their colours are
//! found by a seeded simulated annealing that flips one stone, or every
//! stone near one, and minimises the distance `Σ | |map| − printed |` over
//! the 361 points. A map and its colour-swapped map have the same
//! magnitudes, so the colours come out up to one swap, which the caller
//! settles. Last, single-point edits (a stone added, removed or recoloured,
//! its neighbours' colours re-optimised) are made where the printed numbers
//! themselves must be damaged: an edit is kept only when it brings at least
//! two more points to agree, since one disagreeing number is as well
//! explained by a misprint of that number alone.

use super::map::{CELLS, PASSES, SIDE, STEP, load, pass};
use super::position::{BLACK, EMPTY, POINTS, Position, SIZE, Stone, WHITE};
use crate::engine::go::GoError;
use crate::engine::rng::{SplitMix, mix, unit};

/// How hard to search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Search {
    /// The seed of the annealing.
    pub seed: u64,
    /// Annealing runs from random colours; the best is kept.
    pub restarts: u32,
    /// Flips tried in each run.
    pub steps: u32,
    /// The most single-point edits made after the annealing.
    pub max_edits: usize,
}

impl Default for Search {
    fn default() -> Self {
        Search { seed: 1, restarts: 4, steps: 150_000, max_edits: 4 }
    }
}

/// A point changed by the repair: what the magnitudes implied, and what
/// fits the map better.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edit {
    /// Row, 0 at the top.
    pub row: usize,
    /// Column, 0 for A.
    pub col: usize,
    /// The stone the magnitudes implied ([`EMPTY`] when the printed value
    /// was at most 16).
    pub before: Stone,
    /// The stone of the reconstruction.
    pub after: Stone,
}

/// The result of [`reconstruct`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reconstruction {
    /// The position, in one of its two colourings.
    pub position: Position,
    /// Points whose recomputed magnitude differs from the printed one.
    pub mismatches: usize,
    /// `Σ | |map| − printed |` over the points.
    pub distance: u64,
    /// Mismatches and distance after the annealing, before the edits.
    pub before_edits: (usize, u64),
    /// The single-point edits, in the order made.
    pub edits: Vec<Edit>,
    /// The best distance of each annealing run, in run order.
    pub runs: Vec<u64>,
}

/// The largest magnitude an empty point can reach in the four passes.
pub const EMPTY_MAX: i32 = STEP * PASSES as i32;

/// Mismatching points and distance of `position` against `printed`.
/// Allocates nothing.
fn cost(position: &Position, printed: &[i32; POINTS]) -> (usize, u64) {
    let mut igor = [0i32; CELLS];
    let mut igor1 = [0i32; CELLS];
    load(position, &mut igor);
    for _ in 0..PASSES {
        pass(&mut igor, &mut igor1);
    }
    let (mut bad, mut distance) = (0, 0u64);
    for (p, &want) in printed.iter().enumerate() {
        let got = igor[(p / SIZE + 1) * SIDE + p % SIZE + 1].abs();
        if got != want {
            bad += 1;
            distance += u64::from(got.abs_diff(want));
        }
    }
    (bad, distance)
}

fn distance_between(a: usize, b: usize) -> usize {
    (a / SIZE).abs_diff(b / SIZE) + (a % SIZE).abs_diff(b % SIZE)
}

fn flip(position: &mut Position, p: usize) {
    let (row, col) = (p / SIZE, p % SIZE);
    position.set(row, col, -position.at(row, col));
}

/// One annealing run from random colours; the best position it met and its
/// distance.
fn anneal(stones: &[usize], printed: &[i32; POINTS], key: u64, steps: u32) -> (Position, u64) {
    let mut rng = SplitMix::new(key);
    let mut position = Position::empty();
    for &p in stones {
        position.set(p / SIZE, p % SIZE, if rng.next_u64() & 1 == 0 { BLACK } else { WHITE });
    }
    let mut current = cost(&position, printed).1;
    let (mut best, mut best_position) = (current, position.clone());
    let mut group = [0usize; POINTS];
    for step in 0..steps {
        if best == 0 {
            break;
        }
        let fraction = 1.0 - f64::from(step) / f64::from(steps);
        let temperature = 20.0 * fraction * fraction + 0.1;
        let centre = stones[rng.below(stones.len())];
        let mut size = 1;
        group[0] = centre;
        // One move in ten flips every stone within an even distance up to 10.
        if rng.below(10) == 0 {
            let radius = 2 * rng.below(6);
            for &q in stones {
                let d = distance_between(centre, q);
                if d > 0 && d <= radius {
                    group[size] = q;
                    size += 1;
                }
            }
        }
        for &p in &group[..size] {
            flip(&mut position, p);
        }
        let next = cost(&position, printed).1;
        let accept = next <= current || unit(rng.next_u64()) < (-((next - current) as f64) / temperature).exp();
        if accept {
            current = next;
            if current < best {
                best = current;
                best_position.clone_from(&position);
            }
        } else {
            for &p in &group[..size] {
                flip(&mut position, p);
            }
        }
    }
    (best_position, best)
}

/// Greedy single flips of the stones within `reach` of `centre` until none
/// lowers the cost.
fn settle(position: &mut Position, printed: &[i32; POINTS], centre: usize, reach: usize) -> (usize, u64) {
    let mut now = cost(position, printed);
    loop {
        let mut improved = false;
        for p in 0..POINTS {
            if position.points()[p] == EMPTY || distance_between(p, centre) > reach {
                continue;
            }
            flip(position, p);
            let next = cost(position, printed);
            if next < now {
                now = next;
                improved = true;
            } else {
                flip(position, p);
            }
        }
        if !improved {
            return now;
        }
    }
}

/// The position whose influence map's magnitudes best fit `printed` (361
/// values, row by row from the top), found as the module says.
pub fn reconstruct(printed: &[i32], search: Search) -> Result<Reconstruction, GoError> {
    let printed: &[i32; POINTS] = printed.try_into().map_err(|_| GoError::MapSize(printed.len()))?;
    let stones: Vec<usize> = (0..POINTS).filter(|&p| printed[p].abs() > EMPTY_MAX).collect();
    let mut runs = Vec::new();
    let mut best: Option<(Position, u64)> = None;
    for run in 0..search.restarts.max(1) {
        let key = mix(search.seed ^ mix(u64::from(run) + 1));
        let (position, distance) = if stones.is_empty() {
            (Position::empty(), cost(&Position::empty(), printed).1)
        } else {
            anneal(&stones, printed, key, search.steps)
        };
        runs.push(distance);
        if best.as_ref().is_none_or(|(_, d)| distance < *d) {
            best = Some((position, distance));
        }
    }
    let (mut position, _) = best.unwrap_or_default();
    let implied = position.clone();
    let mut now = cost(&position, printed);
    let before_edits = now;
    let mut edits = Vec::new();
    while edits.len() < search.max_edits {
        let mut found: Option<((usize, u64), Position, Edit)> = None;
        for p in 0..POINTS {
            let (row, col) = (p / SIZE, p % SIZE);
            for stone in [BLACK, WHITE, EMPTY] {
                if position.at(row, col) == stone {
                    continue;
                }
                let mut trial = position.clone();
                trial.set(row, col, stone);
                let score = settle(&mut trial, printed, p, 6);
                if score.0 + 2 <= now.0 && found.as_ref().is_none_or(|(s, _, _)| score < *s) {
                    // The settling may have recoloured the new stone itself.
                    let edit = Edit { row, col, before: implied.at(row, col), after: trial.at(row, col) };
                    found = Some((score, trial, edit));
                }
            }
        }
        match found {
            Some((score, trial, edit)) => {
                now = score;
                position = trial;
                edits.push(edit);
            }
            None => break,
        }
    }
    Ok(Reconstruction { position, mismatches: now.0, distance: now.1, before_edits, edits, runs })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::go::influence::map::influence;

    #[test]
    fn a_position_is_recovered_from_its_magnitudes_up_to_a_colour_swap() {
        let mut original = Position::random(11, 0, 0.35).unwrap();
        // Keep it a little sparse, as a game is.
        for p in (0..POINTS).step_by(7) {
            original.set(p / SIZE, p % SIZE, EMPTY);
        }
        let printed: Vec<i32> = influence(&original).values().iter().map(|v| v.abs()).collect();
        let found = reconstruct(&printed, Search { seed: 3, restarts: 2, steps: 60_000, max_edits: 1 }).unwrap();
        assert_eq!(found.mismatches, 0);
        assert!(found.edits.is_empty());
        let map = influence(&found.position);
        assert!(map.values().iter().zip(&printed).all(|(a, b)| a.abs() == *b));
    }

    #[test]
    fn a_lost_stone_is_put_back_by_an_edit() {
        let mut original = Position::empty();
        original.place("D4,E4,F5", BLACK).unwrap();
        original.place("Q16,R16,Q15,K10", WHITE).unwrap();
        let mut printed: Vec<i32> = influence(&original).values().iter().map(|v| v.abs()).collect();
        // The scan drops the first digit of K10's value.
        printed[9 * SIZE + 9] %= 10;
        let found = reconstruct(&printed, Search { seed: 1, restarts: 2, steps: 20_000, max_edits: 2 }).unwrap();
        assert_eq!(found.edits.len(), 1);
        assert_eq!((found.edits[0].row, found.edits[0].col, found.edits[0].before), (9, 9, EMPTY));
        assert_eq!(found.mismatches, 1);
        assert_eq!(found.position.count(EMPTY), original.count(EMPTY));
        assert_eq!(found.edits[0].after, found.position.at(9, 9));
    }

    #[test]
    fn a_map_of_the_wrong_size_is_refused() {
        assert_eq!(reconstruct(&[0; 10], Search::default()), Err(GoError::MapSize(10)));
    }
}
