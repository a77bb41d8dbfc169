//! The move generator: every distinct position a throw can lead to.
//!
//! A *play* is the whole of a player's turn: up to two steps of one die
//! each (four of the same number for a double). The rules of a turn:
//!
//! - a man on the bar must enter before any other man moves, on the point
//!   `25 - die` of the player's numbering, unless two or more enemy men
//!   hold it;
//! - a step may not end on a point two or more enemy men hold; a step
//!   ending on a lone enemy man (a blot) hits it and puts it on the bar;
//! - a man is borne off only when all fifteen are home (points 1 to 6 or
//!   off): with the exact number, or with a higher number from the highest
//!   occupied point;
//! - both dice must be used if they can be; if only one can, the larger
//!   must be used when it can; a double is played as many times as it can,
//!   up to four.
//!
//! The *moves* of a throw are the distinct positions its legal plays reach
//! ([`plays`]), each with one play that reaches it; a throw that cannot be
//! used at all has one move, the empty play (the turn passes).
//! [`super::oracle`] computes the same set by brute force.

use std::cell::RefCell;
use std::fmt;

use super::Dice;
use super::position::{BAR, Men, OFF, Position};

/// One man moved by one die: from `from` (a pip count, 25 for the bar) by `die`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Step {
    /// The point left, in the mover's numbering (25: the bar).
    pub from: u8,
    /// The number played.
    pub die: u8,
}

/// A whole turn: up to four steps, in the order played.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Play {
    steps: [Step; 4],
    len: u8,
}

impl Play {
    /// The steps, in order.
    pub fn steps(&self) -> &[Step] {
        &self.steps[..self.len as usize]
    }

    /// Whether the play moves nothing (the throw could not be used).
    pub fn is_pass(&self) -> bool {
        self.len == 0
    }

    fn push(mut self, step: Step) -> Play {
        self.steps[self.len as usize] = step;
        self.len += 1;
        self
    }
}

impl fmt::Debug for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let steps: Vec<String> = self.steps().iter().map(|s| format!("{}/{}", s.from, s.die)).collect();
        write!(f, "Play[{}]", steps.join(" "))
    }
}

/// Whether every man of `mine` is home (points 1 to 6, or off).
fn all_home(mine: &Men) -> bool {
    mine[7..].iter().all(|&m| m == 0)
}

/// Whether the man on `from` may move `die` pips.
pub(crate) fn can_step(mine: &Men, theirs: &Men, from: usize, die: u8) -> bool {
    if mine[from] == 0 || (mine[BAR] > 0 && from != BAR) {
        return false;
    }
    let to = from as i32 - i32::from(die);
    if to >= 1 {
        return theirs[25 - to as usize] < 2;
    }
    all_home(mine) && (to == 0 || mine[from + 1..=6].iter().all(|&m| m == 0))
}

/// Moves the man on `from` by `die` (which [`can_step`] allows), hitting a blot.
pub(crate) fn step(mine: &mut Men, theirs: &mut Men, from: usize, die: u8) {
    mine[from] -= 1;
    let to = from as i32 - i32::from(die);
    if to >= 1 {
        let to = to as usize;
        mine[to] += 1;
        if theirs[25 - to] == 1 {
            theirs[25 - to] = 0;
            theirs[BAR] += 1;
        }
    } else {
        mine[OFF] += 1;
    }
}

/// The men after `play`: the mover's and the opponent's.
pub fn apply(mine: &Men, theirs: &Men, play: &Play) -> (Men, Men) {
    let (mut mine, mut theirs) = (*mine, *theirs);
    for s in play.steps() {
        step(&mut mine, &mut theirs, s.from as usize, s.die);
    }
    (mine, theirs)
}

/// A play found, with the men it leaves.
#[derive(Clone, Copy)]
struct Leaf {
    men: [Men; 2],
    play: Play,
}

thread_local! {
    static LEAVES: RefCell<Vec<Leaf>> = const { RefCell::new(Vec::new()) };
}

struct Search<'a> {
    leaves: &'a mut Vec<Leaf>,
    /// The most steps any play so far has made.
    most: u8,
}

impl Search<'_> {
    /// Plays `dice[0]`, then the rest, from the men given; for a double,
    /// only from points no higher than `ceiling` (the previous step's),
    /// which reaches every position once in some order.
    fn grow(&mut self, mine: &Men, theirs: &Men, dice: &[u8], ceiling: usize, play: Play) {
        let Some((&die, rest)) = dice.split_first() else {
            return self.leaf(mine, theirs, play);
        };
        let mut moved = false;
        for from in (1..=ceiling).rev() {
            if !can_step(mine, theirs, from, die) {
                continue;
            }
            moved = true;
            let (mut m, mut t) = (*mine, *theirs);
            step(&mut m, &mut t, from, die);
            let next_ceiling = if rest.first() == Some(&die) { from } else { BAR };
            self.grow(&m, &t, rest, next_ceiling, play.push(Step { from: from as u8, die }));
        }
        if !moved {
            self.leaf(mine, theirs, play);
        }
    }

    fn leaf(&mut self, mine: &Men, theirs: &Men, play: Play) {
        if play.len < self.most {
            return;
        }
        if play.len > self.most {
            self.most = play.len;
            self.leaves.clear();
        }
        self.leaves.push(Leaf { men: [*mine, *theirs], play });
    }
}

/// Writes into `out` one play for each distinct position the side to play
/// in `position` can reach with `dice`, under the rules of the module; the
/// empty play alone when the throw cannot be used. Nothing when the game is
/// over.
///
/// ```
/// use plybench::engine::backgammon::{Dice, Position, movegen::plays};
///
/// let mut out = Vec::new();
/// plays(&Position::start(), Dice::new(6, 5).unwrap(), &mut out);
/// assert_eq!(out.len(), 7);
/// ```
pub fn plays(position: &Position, dice: Dice, out: &mut Vec<Play>) {
    out.clear();
    if position.winner().is_some() {
        return;
    }
    let (mine, theirs) = position.sides();
    LEAVES.with_borrow_mut(|leaves| {
        leaves.clear();
        let mut search = Search { leaves, most: 0 };
        if dice.is_double() {
            search.grow(mine, theirs, &[dice.high(); 4], BAR, Play::default());
        } else {
            search.grow(mine, theirs, &[dice.high(), dice.low()], BAR, Play::default());
            search.grow(mine, theirs, &[dice.low(), dice.high()], BAR, Play::default());
        }
        // Only one die can be used: the larger, if it can.
        if search.most == 1 && !dice.is_double() && leaves.iter().any(|l| l.play.steps[0].die == dice.high()) {
            leaves.retain(|l| l.play.steps[0].die == dice.high());
        }
        leaves.sort_unstable_by_key(|a| a.men);
        leaves.dedup_by(|a, b| a.men == b.men);
        out.extend(leaves.iter().map(|l| l.play));
    });
}

/// The notation of `play` by the side to play in `position`: each step as
/// `from/to`, `bar` and `off` by name, `*` after a hit, in the order played;
/// `pass` for the empty play.
pub fn notation(position: &Position, play: &Play) -> String {
    if play.is_pass() {
        return "pass".to_owned();
    }
    let (mine, theirs) = position.sides();
    let (mut mine, mut theirs) = (*mine, *theirs);
    let mut parts = Vec::new();
    for s in play.steps() {
        let from = s.from as usize;
        let to = from as i32 - i32::from(s.die);
        let bar_before = theirs[BAR];
        step(&mut mine, &mut theirs, from, s.die);
        let from_text = if from == BAR { "bar".to_owned() } else { from.to_string() };
        let to_text = if to <= 0 { "off".to_owned() } else { to.to_string() };
        let hit = if theirs[BAR] > bar_before { "*" } else { "" };
        parts.push(format!("{from_text}/{to_text}{hit}"));
    }
    parts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(position: &str, dice: (u8, u8)) -> usize {
        let p: Position = position.parse().unwrap();
        let mut out = Vec::new();
        plays(&p, Dice::new(dice.0, dice.1).unwrap(), &mut out);
        out.len()
    }

    #[test]
    fn the_rules_of_a_turn() {
        // Entering first: Black holds White's entry points 24 to 20, so the
        // man on the bar enters with the 6 and the 5 is played after.
        let p: Position = "bar,13:14/1:2,2:2,3:2,4:2,5:2,13:5 w".parse().unwrap();
        let mut out = Vec::new();
        plays(&p, Dice::new(6, 5).unwrap(), &mut out);
        assert!(!out.is_empty());
        assert!(out.iter().all(|pl| pl.steps()[0] == Step { from: 25, die: 6 } && pl.steps().len() == 2));
        // A closed board: the man on the bar cannot enter, the turn passes.
        assert_eq!(count("bar,13:14/1:2,2:2,3:2,4:2,5:2,6:5 w", (6, 5)), 1);
        // Only one die can be played (24/18 and 24/19 both end on 13 after
        // the other die, which Black holds): it must be the larger.
        let p: Position = "24,off:14/12:2,off:13 w".parse().unwrap();
        plays(&p, Dice::new(6, 5).unwrap(), &mut out);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].steps(), &[Step { from: 24, die: 6 }]);
        // Bearing off: a higher number only from the highest point.
        assert_eq!(count("3,2,off:13/1:15 w", (6, 5)), 1);
        assert_eq!(count("5,2,off:13/1:15 w", (6, 1)), 2);
        // Not while a man is outside home.
        assert_eq!(count("7,2,off:13/1:15 w", (6, 1)), 2); // 7/1 2/1 and 7/1 1/off; 7/6 6/off is the second
    }

    #[test]
    fn notation_names_hits_bar_and_off() {
        let p: Position = "bar,6:2,off:12/23,off:14 w 64".parse().unwrap();
        let mut out = Vec::new();
        plays(&p, p.dice().unwrap(), &mut out);
        let texts: Vec<String> = out.iter().map(|pl| notation(&p, pl)).collect();
        assert!(texts.iter().any(|t| t == "bar/19 6/2*"), "{texts:?}");
        let q: Position = "2,off:14/1:15 w 66".parse().unwrap();
        plays(&q, q.dice().unwrap(), &mut out);
        assert_eq!(out.iter().map(|pl| notation(&q, pl)).collect::<Vec<_>>(), ["2/off"]);
    }
}
