//! The slow generator, written straight from the rules as the oracle of
//! [`super::movegen`]: a different board (one signed array in White's
//! numbering, White moving down and Black up), every order of the dice,
//! every sequence of single steps played out to the end, then the rules on
//! using the dice applied as a filter over whole sequences, and the final
//! positions deduplicated.

use std::collections::HashSet;

use super::Dice;
use super::position::{BAR, Men, OFF, Position, Side};

/// White's numbering: `points[p]` is positive for White's men, negative
/// for Black's, `p` from 1 to 24; bars and borne-off men per side.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Board {
    points: [i8; 25],
    bar: [u8; 2],
    off: [u8; 2],
}

impl Board {
    fn of(position: &Position) -> Board {
        let mut points = [0i8; 25];
        let (white, black) = (position.men(Side::White), position.men(Side::Black));
        for p in 1..=24 {
            points[p] = white[p] as i8 - black[25 - p] as i8;
        }
        Board { points, bar: [white[BAR], black[BAR]], off: [white[OFF], black[OFF]] }
    }

    fn to_position(self, turn: Side) -> Position {
        let (mut white, mut black): (Men, Men) = ([0; 26], [0; 26]);
        for p in 1..=24 {
            let n = self.points[p];
            if n > 0 {
                white[p] = n as u8;
            } else {
                black[25 - p] = (-n) as u8;
            }
        }
        (white[BAR], black[BAR], white[OFF], black[OFF]) = (self.bar[0], self.bar[1], self.off[0], self.off[1]);
        Position::new(white, black, turn, None).expect("a move keeps the position legal")
    }

    /// Men of `side` on point `p` (White's numbering).
    fn own(&self, side: Side, p: usize) -> u8 {
        let n = self.points[p];
        match side {
            Side::White if n > 0 => n as u8,
            Side::Black if n < 0 => (-n) as u8,
            _ => 0,
        }
    }

    fn enemy(&self, side: Side, p: usize) -> u8 {
        self.own(side.other(), p)
    }

    /// Whether all of `side`'s men are in its home board or off.
    fn home(&self, side: Side) -> bool {
        let s = side as usize;
        let outside = match side {
            Side::White => 7..=24,
            Side::Black => 1..=18,
        };
        self.bar[s] == 0 && outside.into_iter().all(|p| self.own(side, p) == 0)
    }

    /// Puts a man of `side` on `p`, hitting a lone enemy man there.
    fn land(&mut self, side: Side, p: usize) {
        let sign: i8 = if side == Side::White { 1 } else { -1 };
        if self.enemy(side, p) == 1 {
            self.points[p] = 0;
            self.bar[side.other() as usize] += 1;
        }
        self.points[p] += sign;
    }

    fn lift(&mut self, side: Side, p: usize) {
        self.points[p] -= if side == Side::White { 1 } else { -1 };
    }

    /// Every board one step of `die` leads to, with the step (the point
    /// left, in the mover's numbering: 25 for the bar).
    fn single_steps(&self, side: Side, die: u8) -> Vec<(u8, Board)> {
        let s = side as usize;
        let d = die as usize;
        let mut out = Vec::new();
        if self.bar[s] > 0 {
            let target = if side == Side::White { 25 - d } else { d };
            if self.enemy(side, target) < 2 {
                let mut b = *self;
                b.bar[s] -= 1;
                b.land(side, target);
                out.push((25, b));
            }
            return out;
        }
        for p in 1..=24 {
            if self.own(side, p) == 0 {
                continue;
            }
            let own_number = if side == Side::White { p } else { 25 - p };
            let mut b = *self;
            b.lift(side, p);
            if own_number > d {
                let target = if side == Side::White { p - d } else { p + d };
                if self.enemy(side, target) >= 2 {
                    continue;
                }
                b.land(side, target);
            } else {
                if !self.home(side) {
                    continue;
                }
                // Over the edge: only with no man of the side farther away.
                let farther = match side {
                    Side::White => (p + 1..=6).any(|q| self.own(side, q) > 0),
                    Side::Black => (19..p).any(|q| self.own(side, q) > 0),
                };
                if own_number < d && farther {
                    continue;
                }
                b.off[s] += 1;
            }
            out.push((own_number as u8, b));
        }
        out
    }
}

/// What the oracle finds for a throw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Oracle {
    /// The distinct positions the legal plays reach (the opponent to throw).
    pub positions: HashSet<Position>,
    /// The legal sequences of single steps: ordered lists of (point left,
    /// die), two sequences that reach one position counted apart.
    pub sequences: u64,
}

/// A sequence played out to the end: the steps' dice and the board.
struct Finished {
    dice: Vec<u8>,
    board: Board,
}

fn play_out(board: Board, side: Side, left: &[u8], dice: Vec<u8>, out: &mut Vec<Finished>) {
    let mut tried = Vec::new();
    let mut moved = false;
    for (i, &die) in left.iter().enumerate() {
        if tried.contains(&die) {
            continue;
        }
        tried.push(die);
        let mut rest = left.to_vec();
        rest.remove(i);
        for (_, next) in board.single_steps(side, die) {
            moved = true;
            let mut used = dice.clone();
            used.push(die);
            play_out(next, side, &rest, used, out);
        }
    }
    if !moved {
        out.push(Finished { dice, board });
    }
}

/// The oracle's answer for the side to play in `position` throwing `dice`.
///
/// ```
/// use plybench::engine::backgammon::{Dice, Position, oracle::oracle};
///
/// assert_eq!(oracle(&Position::start(), Dice::new(6, 5).unwrap()).positions.len(), 7);
/// ```
pub fn oracle(position: &Position, dice: Dice) -> Oracle {
    let side = position.turn();
    if position.winner().is_some() {
        return Oracle { positions: HashSet::new(), sequences: 0 };
    }
    let all = if dice.is_double() { vec![dice.high(); 4] } else { vec![dice.high(), dice.low()] };
    let mut finished = Vec::new();
    play_out(Board::of(position), side, &all, Vec::new(), &mut finished);
    // Use as many dice as can be used; of one die of two, the larger if it can be.
    let most = finished.iter().map(|f| f.dice.len()).max().unwrap_or(0);
    finished.retain(|f| f.dice.len() == most);
    if most == 1 && !dice.is_double() && finished.iter().any(|f| f.dice[0] == dice.high()) {
        finished.retain(|f| f.dice[0] == dice.high());
    }
    let positions = finished.iter().map(|f| f.board.to_position(side.other())).collect();
    Oracle { positions, sequences: finished.len() as u64 }
}
