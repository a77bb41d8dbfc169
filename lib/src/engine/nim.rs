//! Nim (Levy 1983, ch. 1): piles of matches; a move takes any number from
//! one pile. Two endings: the player who takes the last match loses (the
//! version Levy plays, *misère*) or wins (the *normal* version).
//!
//! Who wins is found here two ways: by exhaustive search of every position
//! below the start ([`Solver`]), and by the rule of the binary columns
//! ([`column_totals`], [`nim_sum`]). The misère exceptions (every pile of
//! at most one match) are found by comparing the two.
//!
//! ```
//! use plybench::engine::nim::{Ending, Solver, column_totals, nim_sum};
//!
//! let piles = [7, 5, 3, 1];
//! assert_eq!(column_totals(&piles), [2, 2, 4]);
//! assert_eq!(nim_sum(&piles), 0);
//! let mut solver = Solver::new(Ending::LastTakerLoses);
//! assert!(!solver.mover_wins(&piles));
//! ```

use std::collections::HashMap;

/// Who the last match decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// The player who takes the last match loses (Levy's game, misère).
    LastTakerLoses,
    /// The player who takes the last match wins (normal play).
    LastTakerWins,
}

/// The decimal total of each binary column of the piles, the highest
/// column first (Levy's Figure 2): the columns are those of the largest
/// pile.
pub fn column_totals(piles: &[u32]) -> Vec<u32> {
    let width = 32 - piles.iter().copied().max().unwrap_or(0).leading_zeros();
    (0..width).rev().map(|bit| piles.iter().filter(|&&p| p >> bit & 1 == 1).count() as u32).collect()
}

/// The exclusive or of the piles: zero exactly when every column total is
/// even.
pub fn nim_sum(piles: &[u32]) -> u32 {
    piles.iter().fold(0, |s, &p| s ^ p)
}

/// Levy's rule: every column total even (or zero), so the player to move
/// is in a losing position.
pub fn rule_says_mover_loses(piles: &[u32]) -> bool {
    column_totals(piles).iter().all(|t| t % 2 == 0)
}

/// The known answer: in normal play the mover wins when the nim-sum is not
/// zero; in misère play the same, except when no pile holds more than one
/// match, where the mover wins when the number of piles left is even.
pub fn formula_mover_wins(piles: &[u32], ending: Ending) -> bool {
    match ending {
        Ending::LastTakerWins => nim_sum(piles) != 0,
        Ending::LastTakerLoses if piles.iter().all(|&p| p <= 1) => piles.iter().filter(|&&p| p == 1).count() % 2 == 0,
        Ending::LastTakerLoses => nim_sum(piles) != 0,
    }
}

/// Exhaustive search of who wins with best play, remembered by position
/// (the piles sorted, empty piles dropped).
#[derive(Clone, Debug)]
pub struct Solver {
    ending: Ending,
    memo: HashMap<Vec<u32>, bool>,
}

impl Solver {
    /// A solver for `ending`.
    pub fn new(ending: Ending) -> Solver {
        Solver { ending, memo: HashMap::new() }
    }

    /// Whether the player to move wins with best play.
    pub fn mover_wins(&mut self, piles: &[u32]) -> bool {
        let key = normal_form(piles);
        if key.is_empty() {
            // No match left: the previous player took the last one.
            return self.ending == Ending::LastTakerLoses;
        }
        if let Some(&w) = self.memo.get(&key) {
            return w;
        }
        let mut wins = false;
        'search: for i in 0..key.len() {
            for left in 0..key[i] {
                let mut next = key.clone();
                next[i] = left;
                if !self.mover_wins(&next) {
                    wins = true;
                    break 'search;
                }
            }
        }
        self.memo.insert(key, wins);
        wins
    }

    /// The moves that leave the opponent lost: (pile index, matches left).
    pub fn winning_moves(&mut self, piles: &[u32]) -> Vec<(usize, u32)> {
        let mut moves = Vec::new();
        for i in 0..piles.len() {
            for left in 0..piles[i] {
                let mut next = piles.to_vec();
                next[i] = left;
                if !self.mover_wins(&next) {
                    moves.push((i, left));
                }
            }
        }
        moves
    }

    /// Positions searched so far.
    pub fn positions(&self) -> usize {
        self.memo.len()
    }
}

/// The piles sorted, empty ones dropped.
pub fn normal_form(piles: &[u32]) -> Vec<u32> {
    let mut key: Vec<u32> = piles.iter().copied().filter(|&p| p > 0).collect();
    key.sort_unstable();
    key
}

/// Every position below `piles` (each pile reduced independently, empty
/// piles dropped, sorted), the start and the empty position included; each
/// once.
pub fn positions_below(piles: &[u32]) -> Vec<Vec<u32>> {
    let mut all = vec![Vec::new()];
    for &p in piles {
        all = all.iter().flat_map(|v| (0..=p).map(move |k| [v.as_slice(), &[k]].concat())).collect();
    }
    let mut forms: Vec<Vec<u32>> = all.iter().map(|v| normal_form(v)).collect();
    forms.sort();
    forms.dedup();
    forms
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_and_formula_agree_below_8_6_4_2() {
        for ending in [Ending::LastTakerWins, Ending::LastTakerLoses] {
            let mut solver = Solver::new(ending);
            for piles in positions_below(&[8, 6, 4, 2, 1]) {
                assert_eq!(solver.mover_wins(&piles), formula_mover_wins(&piles, ending), "{piles:?} {ending:?}");
            }
        }
    }

    #[test]
    fn small_cases() {
        let mut misere = Solver::new(Ending::LastTakerLoses);
        assert!(!misere.mover_wins(&[1]), "the last match loses");
        assert!(misere.mover_wins(&[1, 1, 1, 1]));
        assert!(misere.mover_wins(&[5]));
        let mut normal = Solver::new(Ending::LastTakerWins);
        assert!(normal.mover_wins(&[1]));
        assert!(!normal.mover_wins(&[2, 2]));
        assert_eq!(column_totals(&[]), Vec::<u32>::new());
        assert_eq!(column_totals(&[4, 1]), [1, 0, 1]);
        assert_eq!(positions_below(&[1, 1]), vec![vec![], vec![1], vec![1, 1]]);
    }
}
