//! The position: where each side's fifteen men stand, who is to play, and
//! the throw when it has been made.
//!
//! Each side counts the points from its own home: point 1 is the last
//! before bearing off, point 24 the farthest; White's point `p` is Black's
//! point `25 - p`. Index 0 holds the men borne off and index 25 ([`BAR`])
//! those on the bar, so a man's index is its pip count.
//!
//! The text form lists each side's men as `point:count` (count 1 may be
//! left out), White's then Black's, then the side to play and, when the
//! dice have been thrown, the throw:
//!
//! ```
//! use plybench::engine::backgammon::{Position, Side};
//!
//! let start = Position::start();
//! assert_eq!(start.to_string(), "24:2,13:5,8:3,6:5/24:2,13:5,8:3,6:5 w");
//! let rolled: Position = "24:2,13:5,8:3,6:5/24:2,13:5,8:3,6:5 w 31".parse()?;
//! assert_eq!(rolled.turn(), Side::White);
//! assert!("24:2,13:5/24:2,13:5,8:3,6:5 w".parse::<Position>().is_err()); // seven men
//! # Ok::<(), plybench::engine::backgammon::BackgammonError>(())
//! ```

use std::fmt;
use std::str::FromStr;

use super::{BackgammonError, Dice};
use crate::engine::rng::mix;

/// Index of the bar in a side's counts.
pub const BAR: usize = 25;
/// Index of the men borne off in a side's counts.
pub const OFF: usize = 0;
/// The men of each side.
pub const MEN: u8 = 15;

/// One side's men by pip count: `[off, point 1, ..., point 24, bar]`.
pub type Men = [u8; 26];

/// A player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// Plays first from the opening position.
    White,
    /// The other player.
    Black,
}

impl Side {
    /// The other side.
    pub const fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    const fn index(self) -> usize {
        self as usize
    }

    const fn name(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
        }
    }
}

/// A position: both sides' men, the side to play, and the throw once made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    men: [Men; 2],
    turn: Side,
    dice: Option<Dice>,
}

const EXAMPLE: &str = "24:2,13:5,8:3,6:5/24:2,13:5,8:3,6:5 w 31";

impl Position {
    /// The opening position, White to throw: two men on the 24-point, five
    /// on the 13, three on the 8 and five on the 6, for each side.
    pub fn start() -> Position {
        let mut men = [0u8; 26];
        men[24] = 2;
        men[13] = 5;
        men[8] = 3;
        men[6] = 5;
        Position { men: [men, men], turn: Side::White, dice: None }
    }

    /// The position of `white` and `black` (each in its own numbering),
    /// `turn` to play, checked: fifteen men each, no point held by both,
    /// not both sides finished.
    pub fn new(white: Men, black: Men, turn: Side, dice: Option<Dice>) -> Result<Position, BackgammonError> {
        for (side, men) in [(Side::White, &white), (Side::Black, &black)] {
            let total: u32 = men.iter().map(|&m| u32::from(m)).sum();
            if total != u32::from(MEN) {
                return Err(BackgammonError::Men { side: side.name(), men: total });
            }
        }
        for p in 1..=24 {
            if white[p] > 0 && black[25 - p] > 0 {
                return Err(BackgammonError::Shared { white_point: p, black_point: 25 - p });
            }
        }
        if white[OFF] == MEN && black[OFF] == MEN {
            return Err(BackgammonError::BothFinished);
        }
        Ok(Position { men: [white, black], turn, dice })
    }

    /// The side to play.
    pub const fn turn(&self) -> Side {
        self.turn
    }

    /// The throw, once made.
    pub const fn dice(&self) -> Option<Dice> {
        self.dice
    }

    /// `side`'s men, in its own numbering.
    pub const fn men(&self, side: Side) -> &Men {
        &self.men[side.index()]
    }

    /// The men of the side to play and of its opponent, each in its own numbering.
    pub const fn sides(&self) -> (&Men, &Men) {
        (&self.men[self.turn.index()], &self.men[self.turn.other().index()])
    }

    /// The side that has borne off all its men, if one has.
    pub fn winner(&self) -> Option<Side> {
        [Side::White, Side::Black].into_iter().find(|&s| self.men(s)[OFF] == MEN)
    }

    /// `side`'s pip count: the pips its men must still travel to bear off.
    pub fn pips(&self, side: Side) -> u32 {
        self.men(side).iter().enumerate().map(|(p, &m)| p as u32 * u32::from(m)).sum()
    }

    /// This position with the throw `dice` made (or taken back with `None`).
    #[must_use]
    pub const fn with_dice(mut self, dice: Option<Dice>) -> Position {
        self.dice = dice;
        self
    }

    /// The position after the side to play has moved to `mine` (its men)
    /// and `theirs` (the opponent's): the opponent to throw.
    pub(crate) const fn after(&self, mine: Men, theirs: Men) -> Position {
        let mut men = [mine, theirs];
        if let Side::Black = self.turn {
            men = [theirs, mine];
        }
        Position { men, turn: self.turn.other(), dice: None }
    }

    /// The Zobrist key: one random word per (side, point, count), the side
    /// to play and the throw.
    pub fn key(&self) -> u64 {
        let mut key = ZOBRIST_TURN[self.turn.index()];
        if let Some(d) = self.dice {
            key ^= ZOBRIST_DICE[d.index()];
        }
        for (s, men) in self.men.iter().enumerate() {
            for (p, &m) in men.iter().enumerate() {
                if m > 0 {
                    key ^= ZOBRIST_MEN[s][p][m as usize];
                }
            }
        }
        key
    }
}

const ZOBRIST_MEN: [[[u64; 16]; 26]; 2] = {
    let mut table = [[[0u64; 16]; 26]; 2];
    let mut i = 0u64;
    let mut s = 0;
    while s < 2 {
        let mut p = 0;
        while p < 26 {
            let mut m = 0;
            while m < 16 {
                i += 1;
                table[s][p][m] = mix(0xB6A7_3C1D ^ i);
                m += 1;
            }
            p += 1;
        }
        s += 1;
    }
    table
};
const ZOBRIST_TURN: [u64; 2] = [mix(0x7757_4E00), mix(0x7757_4E01)];
const ZOBRIST_DICE: [u64; 21] = {
    let mut table = [0u64; 21];
    let mut i = 0;
    while i < 21 {
        table[i] = mix(0xD1CE_0000 + i as u64);
        i += 1;
    }
    table
};

fn write_men(f: &mut fmt::Formatter<'_>, men: &Men) -> fmt::Result {
    let mut first = true;
    for p in (0..26).rev() {
        if men[p] == 0 {
            continue;
        }
        if !first {
            f.write_str(",")?;
        }
        first = false;
        match p {
            BAR => f.write_str("bar")?,
            OFF => f.write_str("off")?,
            _ => write!(f, "{p}")?,
        }
        if men[p] > 1 || p == OFF {
            write!(f, ":{}", men[p])?;
        }
    }
    Ok(())
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_men(f, &self.men[0])?;
        f.write_str("/")?;
        write_men(f, &self.men[1])?;
        f.write_str(if self.turn == Side::White { " w" } else { " b" })?;
        if let Some(d) = self.dice {
            write!(f, " {}{}", d.high(), d.low())?;
        }
        Ok(())
    }
}

fn read_men(text: &str, side: Side) -> Result<Men, BackgammonError> {
    let mut men = [0u8; 26];
    let mut seen = [false; 26];
    for token in text.split(',').map(str::trim).filter(|t| !t.is_empty()) {
        let (point, count) = token.split_once(':').unwrap_or((token, "1"));
        let p = match point {
            "bar" => BAR,
            "off" => OFF,
            _ => match point.parse::<usize>() {
                Ok(p) if (1..=24).contains(&p) => p,
                _ => return Err(BackgammonError::Point { token: token.to_owned() }),
            },
        };
        let m = match count.parse::<u8>() {
            Ok(m) if (1..=MEN).contains(&m) => m,
            _ => return Err(BackgammonError::Count { token: token.to_owned() }),
        };
        if seen[p] {
            return Err(BackgammonError::Repeated { side: side.name(), point: point.to_owned() });
        }
        seen[p] = true;
        men[p] = m;
    }
    Ok(men)
}

impl FromStr for Position {
    type Err = BackgammonError;

    fn from_str(text: &str) -> Result<Position, BackgammonError> {
        let shape = || BackgammonError::Shape { text: text.to_owned(), example: EXAMPLE };
        let fields: Vec<&str> = text.split_whitespace().collect();
        if !(2..=3).contains(&fields.len()) {
            return Err(shape());
        }
        let (white, black) = fields[0].split_once('/').ok_or_else(shape)?;
        let turn = match fields[1] {
            "w" => Side::White,
            "b" => Side::Black,
            other => return Err(BackgammonError::Side { token: other.to_owned() }),
        };
        let dice = fields.get(2).map(|t| t.parse::<Dice>()).transpose()?;
        Position::new(read_men(white, Side::White)?, read_men(black, Side::Black)?, turn, dice)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips_and_bad_text_is_named() {
        let texts = ["24:2,13:5,8:3,6:5/24:2,13:5,8:3,6:5 w", "bar,6:4,5:3,off:7/3:2,2:3,1:2,off:8 b 66"];
        for text in texts {
            let p: Position = text.parse().unwrap();
            assert_eq!(p.to_string(), text);
        }
        let err = |t: &str| t.parse::<Position>().unwrap_err();
        assert!(matches!(err("24:2"), BackgammonError::Shape { .. }));
        assert!(matches!(err("25:2,13:13/24:2,13:13 w"), BackgammonError::Point { .. }));
        assert!(matches!(err("24:0,13:15/24:2,13:13 w"), BackgammonError::Count { .. }));
        assert!(matches!(err("24:2,24:13/24:2,13:13 w"), BackgammonError::Repeated { .. }));
        assert!(matches!(err("24:2,13:12/24:2,13:13 w"), BackgammonError::Men { men: 14, .. }));
        assert!(matches!(err("24:2,13:13/24:2,1:13 w"), BackgammonError::Shared { white_point: 24, .. }));
        assert!(matches!(err("off:15/off:15 w"), BackgammonError::BothFinished));
        assert!(matches!(err("off:15/off:14,1 x"), BackgammonError::Side { .. }));
        assert!(matches!(err("off:15/off:14,1 w 71"), BackgammonError::Throw { .. }));
    }

    #[test]
    fn keys_tell_sides_and_throws_apart() {
        let start = Position::start();
        let black = Position { turn: Side::Black, ..start };
        assert_ne!(start.key(), black.key());
        assert_ne!(start.key(), start.with_dice(Dice::new(3, 1)).key());
        assert_eq!(start.pips(Side::White), 167);
    }
}
