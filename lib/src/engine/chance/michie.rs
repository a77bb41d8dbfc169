//! Playing against a player who errs: tic-tac-toe against an opponent who
//! moves at random, the expected score of Michie's expected-value search
//! beside the scores of perfect (minimax) play, exactly (Levy 1983, ch. 7,
//! Task 7).
//!
//! Scores are the program's: a win 1, a draw 1/2, a loss 0. The opponent
//! picks each of his legal moves with equal probability. A *perfect*
//! program plays, in every position it meets, a move that keeps the
//! position's minimax value; perfect programs differ in how they choose
//! among such moves, so their expected scores against the random player
//! span a range, from the worst choice everywhere to the best. Michie's
//! program maximises the expected score itself, whether or not its move
//! keeps the minimax value.
//!
//! ```
//! use plybench::engine::chance::michie::{Side, against_random};
//!
//! let x = against_random(Side::First);
//! assert!(x.michie >= x.perfect_best && x.perfect_best >= x.perfect_worst);
//! ```

use num_rational::Ratio;

use crate::engine::tictactoe::won;

/// An exact score.
pub type Score = Ratio<i64>;

/// Which player the program is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// X, who moves first.
    First,
    /// O, who moves second.
    Second,
}

/// The program's expected scores against a random player from the empty
/// board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AgainstRandom {
    /// The side the program plays.
    pub side: Side,
    /// Michie's program: the move of highest expected score everywhere.
    pub michie: Score,
    /// The best a perfect program can expect.
    pub perfect_best: Score,
    /// The least a perfect program can expect.
    pub perfect_worst: Score,
    /// The minimax value of the empty board for the program (1/2: a draw).
    pub minimax: Score,
    /// Positions the program reaches against the random player in which
    /// Michie's move does not keep the minimax value.
    pub michie_unsound_positions: u32,
    /// What Michie's program is sure of against a perfect opponent.
    pub michie_against_perfect: Score,
}

const FULL: u16 = 0x1FF;

/// Position: the program's squares and the opponent's, program to move or not.
#[derive(Clone, Copy)]
struct Position {
    mine: u16,
    theirs: u16,
}

impl Position {
    fn over(self) -> Option<Score> {
        if won(self.mine) {
            Some(Score::from_integer(1))
        } else if won(self.theirs) {
            Some(Score::from_integer(0))
        } else if self.mine | self.theirs == FULL {
            Some(Score::new(1, 2))
        } else {
            None
        }
    }

    fn free(self) -> impl Iterator<Item = u16> {
        let taken = self.mine | self.theirs;
        (0..9).map(|i| 1u16 << i).filter(move |bit| taken & bit == 0)
    }

    fn index(self) -> usize {
        let mut index = 0;
        for i in (0..9).rev() {
            let cell = if self.mine >> i & 1 == 1 {
                1
            } else if self.theirs >> i & 1 == 1 {
                2
            } else {
                0
            };
            index = index * 3 + cell;
        }
        index
    }
}

/// Every value the study needs at one position, memoized by position.
#[derive(Clone, Copy, Default)]
struct Values {
    minimax: Score,
    michie: Score,
    best: Score,
    worst: Score,
}

struct Solver {
    memo: Vec<Option<Values>>,
}

impl Solver {
    /// The values of `p` with the program to move (`mine_to_move`) or not.
    fn values(&mut self, p: Position, mine_to_move: bool) -> Values {
        let key = p.index();
        if let Some(v) = self.memo[key] {
            return v;
        }
        let v = match p.over() {
            Some(score) => Values { minimax: score, michie: score, best: score, worst: score },
            None if mine_to_move => {
                let children: Vec<Values> =
                    p.free().map(|m| self.values(Position { mine: p.mine | m, theirs: p.theirs }, false)).collect();
                let minimax = children.iter().map(|c| c.minimax).max().expect("a free square");
                let keeping = children.iter().filter(|c| c.minimax == minimax);
                Values {
                    minimax,
                    michie: children.iter().map(|c| c.michie).max().expect("a free square"),
                    best: keeping.clone().map(|c| c.best).max().expect("a move keeps the value"),
                    worst: keeping.map(|c| c.worst).min().expect("a move keeps the value"),
                }
            }
            None => {
                let children: Vec<Values> =
                    p.free().map(|m| self.values(Position { mine: p.mine, theirs: p.theirs | m }, true)).collect();
                let n = children.len() as i64;
                let mean = |f: fn(&Values) -> Score| children.iter().map(f).sum::<Score>() / n;
                Values {
                    minimax: children.iter().map(|c| c.minimax).min().expect("a free square"),
                    michie: mean(|c| c.michie),
                    best: mean(|c| c.best),
                    worst: mean(|c| c.worst),
                }
            }
        };
        self.memo[key] = Some(v);
        v
    }

    /// Michie's move at `p` (program to move): the child of highest
    /// expected score, the first in square order among equals.
    fn michie_move(&mut self, p: Position) -> Position {
        let mut best: Option<(Score, Position)> = None;
        for m in p.free() {
            let child = Position { mine: p.mine | m, theirs: p.theirs };
            let value = self.values(child, false).michie;
            if best.is_none_or(|(b, _)| value > b) {
                best = Some((value, child));
            }
        }
        best.expect("a free square").1
    }

    /// Positions reached by Michie's program against any opponent where its
    /// move loses minimax value, and what it is sure of against the best
    /// opponent, from `p`.
    fn audit(&mut self, p: Position, mine_to_move: bool, seen: &mut [bool]) -> (u32, Score) {
        if let Some(score) = p.over() {
            return (0, score);
        }
        if mine_to_move {
            let child = self.michie_move(p);
            let mut unsound = 0;
            if !seen[p.index()] {
                seen[p.index()] = true;
                if self.values(child, false).minimax < self.values(p, true).minimax {
                    unsound = 1;
                }
            }
            let (below, sure) = self.audit(child, false, seen);
            (unsound + below, sure)
        } else {
            let mut unsound = 0;
            let mut sure = Score::from_integer(1);
            for m in p.free() {
                let (u, s) = self.audit(Position { mine: p.mine, theirs: p.theirs | m }, true, seen);
                unsound += u;
                sure = sure.min(s);
            }
            (unsound, sure)
        }
    }
}

/// The program's expected scores against the random player, playing `side`.
pub fn against_random(side: Side) -> AgainstRandom {
    let mut solver = Solver { memo: vec![None; 3usize.pow(9)] };
    let start = Position { mine: 0, theirs: 0 };
    let first = side == Side::First;
    let root = solver.values(start, first);
    let mut seen = vec![false; 3usize.pow(9)];
    let (unsound, sure) = solver.audit(start, first, &mut seen);
    AgainstRandom {
        side,
        michie: root.michie,
        perfect_best: root.best,
        perfect_worst: root.worst,
        minimax: root.minimax,
        michie_unsound_positions: unsound,
        michie_against_perfect: sure,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tic_tac_toe_is_a_draw_and_the_orderings_hold() {
        for side in [Side::First, Side::Second] {
            let r = against_random(side);
            assert_eq!(r.minimax, Score::new(1, 2));
            assert!(r.michie >= r.perfect_best);
            assert!(r.perfect_best >= r.perfect_worst);
            assert!(r.perfect_worst >= Score::new(1, 2), "perfect play never loses");
            assert!(r.michie <= Score::from_integer(1));
        }
    }

    #[test]
    fn a_won_position_is_worth_one_to_every_program() {
        // The program holds squares 1 and 2, the opponent 4 and 5; the
        // program to move completes the top row.
        let p = Position { mine: 0b011, theirs: 0b11_000 };
        let mut solver = Solver { memo: vec![None; 3usize.pow(9)] };
        let v = solver.values(p, true);
        assert_eq!(
            (v.minimax, v.michie, v.best, v.worst),
            (Score::from_integer(1), Score::from_integer(1), Score::from_integer(1), Score::from_integer(1))
        );
        // The opponent to move instead: he wins at once with square 6 one
        // time in four.
        let v = Solver { memo: vec![None; 3usize.pow(9)] }.values(p, false);
        assert_eq!(v.minimax, Score::from_integer(0));
        assert!(v.michie < Score::from_integer(1) && v.michie > Score::new(1, 2));
    }
}
