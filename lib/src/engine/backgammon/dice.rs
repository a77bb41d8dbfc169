//! The throw of two dice: 21 distinct throws, 6 doubles of weight 1 and 15
//! others of weight 2, out of 36 equally likely falls.

use std::fmt;

use super::BackgammonError;

/// A throw of two dice, the larger first: `3-1`, `6-6`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Dice {
    high: u8,
    low: u8,
}

/// The 21 distinct throws, in the order `1-1, 2-1, 2-2, 3-1, ..., 6-6`.
pub const THROWS: [Dice; 21] = {
    let mut all = [Dice { high: 1, low: 1 }; 21];
    let mut i = 0;
    let mut high = 1;
    while high <= 6 {
        let mut low = 1;
        while low <= high {
            all[i] = Dice { high, low };
            i += 1;
            low += 1;
        }
        high += 1;
    }
    all
};

impl Dice {
    /// The throw of `a` and `b`, in either order; `None` unless both are 1 to 6.
    ///
    /// ```
    /// use plybench::engine::backgammon::Dice;
    ///
    /// assert_eq!(Dice::new(1, 3), Dice::new(3, 1));
    /// assert!(Dice::new(0, 3).is_none());
    /// ```
    pub const fn new(a: u8, b: u8) -> Option<Dice> {
        if a < 1 || a > 6 || b < 1 || b > 6 {
            return None;
        }
        Some(if a >= b { Dice { high: a, low: b } } else { Dice { high: b, low: a } })
    }

    /// The larger die.
    pub const fn high(self) -> u8 {
        self.high
    }

    /// The smaller die.
    pub const fn low(self) -> u8 {
        self.low
    }

    /// Whether both dice show the same number (played four times).
    pub const fn is_double(self) -> bool {
        self.high == self.low
    }

    /// Of the 36 equally likely falls of two distinguishable dice, how many
    /// give this throw: 1 for a double, 2 otherwise.
    pub const fn weight(self) -> u32 {
        if self.is_double() { 1 } else { 2 }
    }

    /// The steps the throw allows: four of the number for a double, else
    /// the two dice.
    pub const fn steps(self) -> u8 {
        if self.is_double() { 4 } else { 2 }
    }

    /// Its index in [`THROWS`].
    pub const fn index(self) -> usize {
        (self.high as usize * (self.high as usize - 1)) / 2 + self.low as usize - 1
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.high, self.low)
    }
}

impl std::str::FromStr for Dice {
    type Err = BackgammonError;

    /// `31`, `3-1` or `13`.
    fn from_str(text: &str) -> Result<Dice, BackgammonError> {
        let digits: Vec<u8> = text.bytes().filter(|&b| b != b'-').collect();
        let bad = || BackgammonError::Throw { token: text.to_owned() };
        if digits.len() != 2 || !digits.iter().all(u8::is_ascii_digit) {
            return Err(bad());
        }
        Dice::new(digits[0] - b'0', digits[1] - b'0').ok_or_else(bad)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_throws_are_21_and_weigh_36() {
        let mut seen = std::collections::HashSet::new();
        for a in 1..=6 {
            for b in 1..=6 {
                seen.insert(Dice::new(a, b).unwrap());
            }
        }
        assert_eq!(seen.len(), THROWS.len());
        assert_eq!(THROWS.iter().map(|d| d.weight()).sum::<u32>(), 36);
        for (i, d) in THROWS.iter().enumerate() {
            assert_eq!(d.index(), i);
            assert_eq!(d.to_string().parse::<Dice>().unwrap(), *d);
        }
        assert!("7-1".parse::<Dice>().is_err());
        assert!("3".parse::<Dice>().is_err());
    }
}
