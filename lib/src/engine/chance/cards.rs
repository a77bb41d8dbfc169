//! Ranks, suits and cards of the 52-card deck, and sets of cards as 64-bit
//! masks.
//!
//! A card's index is `16 × suit + rank`, so that the 13 ranks of a suit sit
//! in one 16-bit lane of a [`CardSet`]: the ranks a hand holds in a suit are
//! one shift and one mask away.
//!
//! ```
//! use plybench::engine::chance::cards::{Card, CardSet, Rank, Suit};
//!
//! let queen: Card = "Q♠".parse()?;
//! assert_eq!((queen.rank(), queen.suit()), (Rank::QUEEN, Suit::Spades));
//! let hand: CardSet = "AS KS 4S 2S QH 10H".parse()?;
//! assert_eq!(hand.len(), 6);
//! assert_eq!(hand.suit(Suit::Spades).count_ones(), 4);
//! assert_eq!(hand.to_string(), "10♥ Q♥ 2♠ 4♠ K♠ A♠");
//! # Ok::<(), plybench::engine::chance::ChanceError>(())
//! ```

use std::fmt;
use std::str::FromStr;

use super::ChanceError;

/// A rank, 0 for the deuce up to 12 for the ace.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(u8);

impl Rank {
    /// The deuce.
    pub const TWO: Rank = Rank(0);
    /// The ten.
    pub const TEN: Rank = Rank(8);
    /// The jack.
    pub const JACK: Rank = Rank(9);
    /// The queen.
    pub const QUEEN: Rank = Rank(10);
    /// The king.
    pub const KING: Rank = Rank(11);
    /// The ace (high).
    pub const ACE: Rank = Rank(12);

    /// The 13 ranks, deuce first.
    pub const ALL: [Rank; 13] = [
        Rank(0),
        Rank(1),
        Rank(2),
        Rank(3),
        Rank(4),
        Rank(5),
        Rank(6),
        Rank(7),
        Rank(8),
        Rank(9),
        Rank(10),
        Rank(11),
        Rank(12),
    ];

    /// The rank with index `i` (0 = deuce), if `i < 13`.
    pub const fn new(i: u8) -> Option<Rank> {
        if i < 13 { Some(Rank(i)) } else { None }
    }

    /// The rank of the card with `pips` (2 to 10), if any.
    pub const fn pips(pips: u8) -> Option<Rank> {
        if pips >= 2 && pips <= 10 { Some(Rank(pips - 2)) } else { None }
    }

    /// 0 for the deuce, 12 for the ace.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// `2`…`10`, `J`, `Q`, `K`, `A`.
    pub fn symbol(self) -> &'static str {
        ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"][usize::from(self.0)]
    }

    /// High-card points of the 4-3-2-1 count: ace 4, king 3, queen 2, jack 1.
    pub const fn high_card_points(self) -> u32 {
        match self.0 {
            12 => 4,
            11 => 3,
            10 => 2,
            9 => 1,
            _ => 0,
        }
    }

    fn parse(text: &str) -> Option<Rank> {
        Some(Rank(match text {
            "A" | "a" => 12,
            "K" | "k" => 11,
            "Q" | "q" => 10,
            "J" | "j" => 9,
            "T" | "t" | "10" => 8,
            digit if digit.len() == 1 => {
                let d = digit.as_bytes()[0];
                if (b'2'..=b'9').contains(&d) { d - b'2' } else { return None }
            }
            _ => return None,
        }))
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}

/// A suit, in bridge order from the lowest: clubs, diamonds, hearts, spades.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    /// ♣
    Clubs,
    /// ♦
    Diamonds,
    /// ♥
    Hearts,
    /// ♠
    Spades,
}

impl Suit {
    /// The four suits, lowest first.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// 0 for clubs up to 3 for spades.
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The suit with index `i`.
    pub const fn from_index(i: u8) -> Option<Suit> {
        match i {
            0 => Some(Suit::Clubs),
            1 => Some(Suit::Diamonds),
            2 => Some(Suit::Hearts),
            3 => Some(Suit::Spades),
            _ => None,
        }
    }

    /// `♣`, `♦`, `♥` or `♠`.
    pub fn symbol(self) -> &'static str {
        ["♣", "♦", "♥", "♠"][self as usize]
    }

    /// `Clubs`, `Diamonds`, `Hearts` or `Spades`.
    pub fn name(self) -> &'static str {
        ["Clubs", "Diamonds", "Hearts", "Spades"][self as usize]
    }

    fn parse(text: &str) -> Option<Suit> {
        match text {
            "C" | "c" | "♣" => Some(Suit::Clubs),
            "D" | "d" | "♦" => Some(Suit::Diamonds),
            "H" | "h" | "♥" => Some(Suit::Hearts),
            "S" | "s" | "♠" => Some(Suit::Spades),
            _ => None,
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}

/// One card of the 52. The default, a placeholder for arrays filled later,
/// is the deuce of clubs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    /// The card of `rank` in `suit`.
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(suit as u8 * 16 + rank.0)
    }

    /// The card's rank.
    pub const fn rank(self) -> Rank {
        Rank(self.0 & 15)
    }

    /// The card's suit.
    pub const fn suit(self) -> Suit {
        match self.0 >> 4 {
            0 => Suit::Clubs,
            1 => Suit::Diamonds,
            2 => Suit::Hearts,
            _ => Suit::Spades,
        }
    }

    /// The card's bit in a [`CardSet`]: `16 × suit + rank`.
    pub const fn bit(self) -> u32 {
        self.0 as u32
    }

    /// The card of bit `bit`, if it is one of the 52.
    pub const fn from_bit(bit: u32) -> Option<Card> {
        if bit < 64 && bit & 15 < 13 { Some(Card(bit as u8)) } else { None }
    }

    /// The 52 cards, clubs first, each suit from the deuce up.
    pub const DECK: [Card; 52] = {
        let mut deck = [Card(0); 52];
        let mut i = 0;
        while i < 52 {
            deck[i] = Card((i / 13 * 16 + i % 13) as u8);
            i += 1;
        }
        deck
    };
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank(), self.suit())
    }
}

impl FromStr for Card {
    type Err = ChanceError;

    /// A rank (`2`…`10` or `T`, `J`, `Q`, `K`, `A`) then a suit (`C`, `D`,
    /// `H`, `S` or `♣ ♦ ♥ ♠`), in either case: `10H`, `Td`, `Q♠`.
    fn from_str(text: &str) -> Result<Card, ChanceError> {
        let bad = || ChanceError::BadCard(text.to_owned());
        let suit_at = text.char_indices().last().map(|(i, _)| i).ok_or_else(bad)?;
        let rank = Rank::parse(&text[..suit_at]).ok_or_else(bad)?;
        let suit = Suit::parse(&text[suit_at..]).ok_or_else(bad)?;
        Ok(Card::new(rank, suit))
    }
}

/// The lane of bits holding the 13 ranks of one suit.
const LANE: u64 = 0x1FFF;
/// Every card of the deck.
const FULL: u64 = LANE | LANE << 16 | LANE << 32 | LANE << 48;

/// A set of cards, one bit per card.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CardSet(u64);

impl CardSet {
    /// No card.
    pub const EMPTY: CardSet = CardSet(0);
    /// The whole deck.
    pub const DECK: CardSet = CardSet(FULL);

    /// The set of the cards whose bits `bits` holds; bits that are no card
    /// are dropped.
    pub const fn from_bits(bits: u64) -> CardSet {
        CardSet(bits & FULL)
    }

    /// The set's bits.
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The set of `cards`, refusing a card given twice.
    pub fn of(cards: &[Card]) -> Result<CardSet, ChanceError> {
        let mut set = CardSet::EMPTY;
        for &card in cards {
            if set.contains(card) {
                return Err(ChanceError::DuplicateCard(card.to_string()));
            }
            set = set.with(card);
        }
        Ok(set)
    }

    /// Every card of `suit` holding one of the ranks of `ranks` (bit `r` for
    /// rank index `r`).
    pub const fn of_suit(suit: Suit, ranks: u16) -> CardSet {
        CardSet(((ranks as u64) & LANE) << (16 * suit as u64))
    }

    /// Whether `card` is in the set.
    pub const fn contains(self, card: Card) -> bool {
        self.0 >> card.0 & 1 == 1
    }

    /// The set with `card` added.
    #[must_use]
    pub const fn with(self, card: Card) -> CardSet {
        CardSet(self.0 | 1 << card.0)
    }

    /// The set with `card` removed.
    #[must_use]
    pub const fn without(self, card: Card) -> CardSet {
        CardSet(self.0 & !(1 << card.0))
    }

    /// The cards in either set.
    #[must_use]
    pub const fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    /// The cards in both sets.
    #[must_use]
    pub const fn intersection(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    /// The cards of this set not in `other`.
    #[must_use]
    pub const fn minus(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// The cards of the deck not in this set.
    #[must_use]
    pub const fn complement(self) -> CardSet {
        CardSet(FULL & !self.0)
    }

    /// How many cards.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether every card of `other` is in this set.
    pub const fn contains_all(self, other: CardSet) -> bool {
        other.0 & !self.0 == 0
    }

    /// The ranks held in `suit`, bit `r` for rank index `r`.
    pub const fn suit(self, suit: Suit) -> u16 {
        (self.0 >> (16 * suit as u64) & LANE) as u16
    }

    /// The cards, clubs first, each suit from the deuce up.
    pub fn iter(self) -> impl Iterator<Item = Card> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let bit = bits.trailing_zeros();
                bits &= bits - 1;
                Card(bit as u8)
            })
        })
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        iter.into_iter().fold(CardSet::EMPTY, CardSet::with)
    }
}

impl fmt::Display for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, card) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{card}")?;
        }
        Ok(())
    }
}

impl FromStr for CardSet {
    type Err = ChanceError;

    /// Cards separated by spaces or commas, each as [`Card`] reads it; a
    /// card given twice is refused.
    fn from_str(text: &str) -> Result<CardSet, ChanceError> {
        let cards: Vec<Card> = text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
            .map(str::parse)
            .collect::<Result<_, _>>()?;
        CardSet::of(&cards)
    }
}

/// Parses one suit's holding as written in a book, `A K 10 4 2` or `AK1042`
/// or `—` for a void, into the ranks' bits (bit `r` for rank index `r`).
///
/// ```
/// use plybench::engine::chance::cards::{Rank, ranks_of};
///
/// assert_eq!(ranks_of("A K 10 4 2")?, ranks_of("AKT42")?);
/// assert_eq!(ranks_of("—")?, 0);
/// assert_eq!(ranks_of("Q")?, 1 << Rank::QUEEN.index());
/// # Ok::<(), plybench::engine::chance::ChanceError>(())
/// ```
pub fn ranks_of(text: &str) -> Result<u16, ChanceError> {
    let bad = || ChanceError::BadCard(text.to_owned());
    let mut ranks = 0u16;
    let squeezed: String = text.chars().filter(|c| !c.is_whitespace() && *c != ',').collect();
    if squeezed == "—" || squeezed == "-" || squeezed.is_empty() {
        return Ok(0);
    }
    let mut rest = squeezed.as_str();
    while !rest.is_empty() {
        let take = if rest.starts_with("10") { 2 } else { rest.chars().next().map_or(1, char::len_utf8) };
        let rank = Rank::parse(&rest[..take]).ok_or_else(bad)?;
        if ranks >> rank.0 & 1 == 1 {
            return Err(ChanceError::DuplicateCard(format!("{} in `{text}`", rank.symbol())));
        }
        ranks |= 1 << rank.0;
        rest = &rest[take..];
    }
    Ok(ranks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_round_trips_through_its_text_and_bit() {
        let mut seen = CardSet::EMPTY;
        for card in Card::DECK {
            assert_eq!(card.to_string().parse::<Card>(), Ok(card));
            assert_eq!(Card::from_bit(card.bit()), Some(card));
            assert!(!seen.contains(card));
            seen = seen.with(card);
        }
        assert_eq!(seen, CardSet::DECK);
        assert_eq!(CardSet::DECK.len(), 52);
        assert_eq!(CardSet::DECK.iter().collect::<Vec<_>>(), Card::DECK.to_vec());
    }

    #[test]
    fn bad_text_is_refused() {
        for text in ["", "1H", "11S", "AX", "A", "♠", "AHH"] {
            assert!(text.parse::<Card>().is_err(), "{text}");
        }
        assert!(matches!("AS AS".parse::<CardSet>(), Err(ChanceError::DuplicateCard(_))));
        assert!(ranks_of("AKA").is_err());
        assert!(ranks_of("AX").is_err());
    }

    #[test]
    fn suits_and_lanes() {
        let set: CardSet = "2C AC KD 10H AS".parse().unwrap();
        assert_eq!(set.suit(Suit::Clubs), 1 | 1 << 12);
        assert_eq!(set.suit(Suit::Diamonds), 1 << 11);
        assert_eq!(CardSet::of_suit(Suit::Clubs, 1 | 1 << 12).len(), 2);
        assert_eq!(set.complement().len(), 47);
        assert_eq!(Rank::ALL.iter().map(|r| r.high_card_points()).sum::<u32>(), 10);
    }
}
