//! Every move sequence of a position, listed: the pits played in order and
//! the board the sequence ends on.
//!
//! Bell lists the continuation moves of a small position this way ("Order of
//! Pits Played", with each terminal position). The sequences come in
//! lexicographic order of the pits played, `P1` tried first at each move,
//! which is the order of Bell's list.

use super::error::KalahError;
use super::position::{Pit, Position};
use super::sow::{Rules, sow};

/// The most sequences [`continuations`] lists unless told fewer.
pub const MAX_LISTED: usize = 100_000;

/// One move sequence.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Continuation {
    /// The pits played, in order; every move but the last is a continuation.
    pub pits: Vec<Pit>,
    /// The board it ends on, flat as [`Position::flat_board`] lays it out:
    /// `P1 … PN`, the mover's kalah, `p1 … pN`.
    pub board: Vec<u32>,
}

impl Continuation {
    /// The pit numbers played, `1` for `P1`.
    pub fn numbers(&self) -> Vec<usize> {
        self.pits.iter().map(|p| p.number()).collect()
    }

    /// Counters in the mover's kalah at the end (it starts empty).
    pub fn kalah(&self) -> u32 {
        self.board[self.board.len() / 2]
    }

    /// The opponent's pits at the end, `p1` first.
    pub fn opponent(&self) -> &[u32] {
        &self.board[self.board.len() / 2 + 1..]
    }

    /// The mover's pits at the end, `PN` first, as Bell prints them.
    pub fn own_pn_first(&self) -> Vec<u32> {
        self.board[..self.board.len() / 2].iter().rev().copied().collect()
    }
}

/// Lists every move sequence from `position` under `rules`, at most `limit`
/// of them. A position whose pits are all empty has none.
///
/// ```
/// use plybench::engine::kalah::continuations::{MAX_LISTED, continuations};
/// use plybench::engine::kalah::{Position, Rules};
///
/// // Bell's 2-pit board test, 2,1: play 1, 2, 1, or 2 then 1.
/// let list = continuations(&Position::board_test(2)?, Rules::default(), MAX_LISTED)?;
/// let orders: Vec<Vec<usize>> = list.iter().map(|c| c.numbers()).collect();
/// assert_eq!(orders, [vec![1, 2, 1], vec![2, 1]]);
/// # Ok::<(), plybench::engine::kalah::KalahError>(())
/// ```
///
/// # Errors
///
/// [`KalahError::TooManyToList`] when there are more than `limit`.
pub fn continuations(position: &Position, rules: Rules, limit: usize) -> Result<Vec<Continuation>, KalahError> {
    let n = position.pits();
    let mut out = Vec::new();
    let mut played = Vec::new();
    walk(&position.flat_board(), n, rules, limit, &mut played, &mut out)
        .map_err(|()| KalahError::TooManyToList { position: position.to_string(), limit })?;
    Ok(out)
}

/// Depth first, `P1` first. Each continuation puts at least one counter in
/// the kalah, so a chain is no longer than the counters on the board.
fn walk(
    board: &[u32],
    n: usize,
    rules: Rules,
    limit: usize,
    played: &mut Vec<Pit>,
    out: &mut Vec<Continuation>,
) -> Result<(), ()> {
    for i in 1..=n {
        if board[i - 1] == 0 {
            continue;
        }
        let pit = Pit::new(i).expect("a pit of the board");
        let mut next = board.to_vec();
        let sown = sow(&mut next, n, pit, rules);
        played.push(pit);
        if sown.continues {
            walk(&next, n, rules, limit, played, out)?;
        } else {
            if out.len() == limit {
                return Err(());
            }
            out.push(Continuation { pits: played.clone(), board: next });
        }
        played.pop();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::kalah::{CountOptions, count};
    use crate::engine::progress::Progress;
    use std::collections::HashSet;

    #[test]
    fn agrees_with_the_counts_on_the_board_test() {
        for pits in 1..=6 {
            let position = Position::board_test(pits).unwrap();
            let list = continuations(&position, Rules::default(), MAX_LISTED).unwrap();
            let options = CountOptions { terminal_positions: true, ..CountOptions::default() };
            let figures = count(&position, options, Progress::NONE).unwrap();
            assert_eq!(list.len() as u128, figures.sequences, "{pits} pits");
            let distinct: HashSet<&Vec<u32>> = list.iter().map(|c| &c.board).collect();
            assert_eq!(distinct.len() as u64, figures.terminal_positions.unwrap(), "{pits} pits");
        }
    }

    #[test]
    fn lists_in_order_with_final_boards() {
        // 3,2,1 with P3 = 1 instead: 1,2,1,3 ends with three in the kalah.
        let position: Position = "1,2,1".parse().unwrap();
        let list = continuations(&position, Rules::default(), MAX_LISTED).unwrap();
        let orders: Vec<Vec<usize>> = list.iter().map(Continuation::numbers).collect();
        assert_eq!(orders, [vec![1, 2, 1, 3], vec![1, 2, 3], vec![1, 3], vec![2, 1], vec![2, 3], vec![3]]);
        assert_eq!(list[0].kalah(), 3);
        assert_eq!(list[0].own_pn_first(), [0, 1, 0]);
        assert_eq!(list[3].opponent(), [0, 0, 1], "2,1 puts one counter in p3, next to the kalah");
    }

    #[test]
    fn refuses_past_the_limit_and_lists_nothing_from_empty_pits() {
        let position = Position::board_test(3).unwrap();
        let err = continuations(&position, Rules::default(), 10).unwrap_err();
        assert!(err.to_string().contains("more than 10 move sequences"), "{err}");
        assert_eq!(continuations(&position, Rules::default(), 11).unwrap().len(), 11);
        let empty = Position::from_own(vec![0, 0]).unwrap();
        assert!(continuations(&empty, Rules::default(), 1).unwrap().is_empty());
    }
}
