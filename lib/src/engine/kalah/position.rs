//! Kalah positions and their textual form.

use std::fmt;
use std::str::FromStr;

use super::KalahError;

/// The most pits a side may have. Far past anything countable: the limit
/// exists so that sizes always fit the types used for them.
pub const MAX_PITS: usize = 255;

/// The most counters a position may hold in all. Counts of counters are kept
/// in `u32`; this leaves room for every sum the sowing rule forms.
pub const MAX_COUNTERS: u64 = 1 << 30;

/// One of the mover's pits, numbered as Bell numbers them: `P1` is next to
/// the mover's kalah, `PN` farthest from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pit(u8);

impl Pit {
    /// Pit `Pi`, for `1 <= i <= MAX_PITS`.
    pub fn new(i: usize) -> Option<Pit> {
        (1..=MAX_PITS).contains(&i).then_some(Pit(i as u8))
    }

    /// The pit's number `i` in `Pi`.
    pub fn number(self) -> usize {
        usize::from(self.0)
    }

    /// The pit's index in [`Position::own`], which holds `P1` first.
    pub fn index(self) -> usize {
        usize::from(self.0) - 1
    }
}

impl fmt::Display for Pit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "P{}", self.0)
    }
}

/// The order in which Bell's move generator scans the pits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum ScanOrder {
    /// `P1` first, then `P2`, …: Bell's choice, whose stack never grows past
    /// the number of pits.
    #[default]
    RightToLeft,
    /// `PN` first, down to `P1`.
    LeftToRight,
}

impl ScanOrder {
    /// Both orders.
    pub const ALL: [ScanOrder; 2] = [ScanOrder::RightToLeft, ScanOrder::LeftToRight];

    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            ScanOrder::RightToLeft => "right-to-left",
            ScanOrder::LeftToRight => "left-to-right",
        }
    }
}

impl FromStr for ScanOrder {
    type Err = KalahError;

    fn from_str(s: &str) -> Result<Self, KalahError> {
        ScanOrder::ALL.into_iter().find(|o| o.name() == s).ok_or_else(|| KalahError::UnknownScanOrder(s.to_owned()))
    }
}

/// A Kalah position from the mover's point of view: the mover's pits and the
/// opponent's pits. Kalahs start empty; only the counters in pits matter for
/// move generation.
///
/// The text form lists the mover's pits as Bell draws them, `PN` first and
/// `P1` last: `"3,2,1"` is `P3 = 3, P2 = 2, P1 = 1`.
///
/// ```
/// use plybench::engine::kalah::Position;
///
/// let position: Position = "3,2,1".parse()?;
/// assert_eq!(position.pits(), 3);
/// assert_eq!(position.own(), &[1, 2, 3]); // P1 first
/// assert_eq!(position.to_string(), "3,2,1");
/// assert_eq!(position, Position::board_test(3)?);
/// # Ok::<(), plybench::engine::kalah::KalahError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// `own[0]` is `P1`.
    own: Vec<u32>,
    /// `opponent[0]` is the opponent's `p1`, next to the opponent's kalah
    /// and opposite the mover's `PN`.
    opponent: Vec<u32>,
}

impl Position {
    /// A position from the mover's pits listed `P1` first, with the
    /// opponent's pits empty.
    pub fn from_own(own: Vec<u32>) -> Result<Position, KalahError> {
        let opponent = vec![0; own.len()];
        Position::new(own, opponent)
    }

    /// A position from both rows: `own[0]` is `P1`, `opponent[0]` is `p1`.
    pub fn new(own: Vec<u32>, opponent: Vec<u32>) -> Result<Position, KalahError> {
        check_pits(own.len())?;
        if opponent.len() != own.len() {
            return Err(KalahError::RowLengths { own: own.len(), opponent: opponent.len() });
        }
        let total: u64 = own.iter().chain(&opponent).map(|&c| u64::from(c)).sum();
        if total > MAX_COUNTERS {
            return Err(KalahError::TooManyCounters { total, max: MAX_COUNTERS });
        }
        Ok(Position { own, opponent })
    }

    /// Bell's board test: pit `Pi` holds `i` counters, so that every pit
    /// starts with a continuation move.
    pub fn board_test(pits: usize) -> Result<Position, KalahError> {
        check_pits(pits)?;
        Position::from_own((1..=pits as u32).collect())
    }

    /// The number of pits on each side, `N`.
    pub fn pits(&self) -> usize {
        self.own.len()
    }

    /// The mover's pits, `P1` first.
    pub fn own(&self) -> &[u32] {
        &self.own
    }

    /// The opponent's pits, `p1` first.
    pub fn opponent(&self) -> &[u32] {
        &self.opponent
    }

    /// The mover's pits as Bell writes them, `PN` first.
    pub fn own_pn_first(&self) -> Vec<u32> {
        self.own.iter().rev().copied().collect()
    }

    /// Counters in the mover's pits.
    pub fn own_counters(&self) -> u64 {
        self.own.iter().map(|&c| u64::from(c)).sum()
    }

    /// The position as a flat board for [`sow`](super::sow()): the mover's
    /// pits `P1` first, an empty kalah, then the opponent's pits `p1`
    /// first, `2N + 1` counts in all.
    ///
    /// ```
    /// use plybench::engine::kalah::Position;
    ///
    /// let position = Position::new(vec![1, 2, 3], vec![4, 5, 6])?;
    /// assert_eq!(position.flat_board(), [1, 2, 3, 0, 4, 5, 6]);
    /// # Ok::<(), plybench::engine::kalah::KalahError>(())
    /// ```
    pub fn flat_board(&self) -> Vec<u32> {
        let mut board = Vec::with_capacity(2 * self.pits() + 1);
        board.extend_from_slice(&self.own);
        board.push(0);
        board.extend_from_slice(&self.opponent);
        board
    }
}

/// Checks a number of pits a side: 1 to [`MAX_PITS`].
fn check_pits(pits: usize) -> Result<(), KalahError> {
    match pits {
        0 => Err(KalahError::NoPits),
        pits if pits > MAX_PITS => Err(KalahError::TooManyPits { pits, max: MAX_PITS }),
        _ => Ok(()),
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_counts(f, self.own.iter().rev())
    }
}

/// Writes counts separated by commas.
pub(crate) fn write_counts<'a>(f: &mut impl fmt::Write, counts: impl Iterator<Item = &'a u32>) -> fmt::Result {
    for (i, c) in counts.enumerate() {
        if i > 0 {
            f.write_char(',')?;
        }
        write!(f, "{c}")?;
    }
    Ok(())
}

/// Parses a comma-separated list of counts, as written on a command line.
///
/// ```
/// use plybench::engine::kalah::{KalahError, parse_counts};
///
/// assert_eq!(parse_counts(" 3, 2,1")?, [3, 2, 1]);
/// assert_eq!(parse_counts("3,,1"), Err(KalahError::EmptyEntry { place: 2 }));
/// # Ok::<(), KalahError>(())
/// ```
pub fn parse_counts(text: &str) -> Result<Vec<u32>, KalahError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(KalahError::EmptyList);
    }
    text.split(',')
        .enumerate()
        .map(|(i, item)| {
            let item = item.trim();
            let place = i + 1;
            if item.is_empty() {
                return Err(KalahError::EmptyEntry { place });
            }
            if item.starts_with('-') && item[1..].chars().all(|c| c.is_ascii_digit()) && item.len() > 1 {
                return Err(KalahError::NegativeEntry { place, text: item.to_owned() });
            }
            if !item.chars().all(|c| c.is_ascii_digit()) {
                return Err(KalahError::NotANumber { place, text: item.to_owned() });
            }
            item.parse::<u32>()
                .ok()
                .filter(|&c| u64::from(c) <= MAX_COUNTERS)
                .ok_or_else(|| KalahError::EntryTooLarge { place, text: item.to_owned(), max: MAX_COUNTERS })
        })
        .collect()
}

impl FromStr for Position {
    type Err = KalahError;

    /// Parses the mover's pits, `PN` first: `"6,5,4,3,2,1"`.
    fn from_str(s: &str) -> Result<Position, KalahError> {
        let mut own = parse_counts(s)?;
        own.reverse();
        Position::from_own(own)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_pn_first() {
        let p: Position = " 6, 5,4,3,2,1 ".parse().unwrap();
        assert_eq!(p, Position::board_test(6).unwrap());
        assert_eq!(p.own_pn_first(), vec![6, 5, 4, 3, 2, 1]);
    }

    #[test]
    fn rejects_bad_lists_with_a_reason() {
        for (text, needle) in [
            ("", "empty"),
            ("3,,1", "entry 2 is empty"),
            ("3,-2,1", "negative"),
            ("3,two,1", "not a whole number"),
            ("1.5", "not a whole number"),
            ("99999999999", "exceeds"),
            ("1073741824,1", "counters in all"),
        ] {
            let err = text.parse::<Position>().unwrap_err().to_string();
            assert!(err.contains(needle), "{text:?} gave {err:?}");
        }
    }

    #[test]
    fn rejects_zero_and_too_many_pits() {
        assert!(Position::board_test(0).is_err());
        assert!(Position::board_test(MAX_PITS + 1).is_err());
        assert!(Position::new(vec![1, 2], vec![0]).is_err());
    }

    #[test]
    fn pit_numbers() {
        assert_eq!(Pit::new(1).unwrap().index(), 0);
        assert_eq!(Pit::new(6).unwrap().to_string(), "P6");
        assert!(Pit::new(0).is_none());
        assert!(Pit::new(MAX_PITS + 1).is_none());
    }
}
