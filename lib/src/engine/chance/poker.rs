//! Five-card poker: the value of a hand, the census of all 2,598,960
//! hands, and Reuben's 109 designations (Levy 1983, ch. 12, Fig. 46).
//!
//! A [`HandValue`] orders hands as poker does: the class first, then the
//! ranks that break ties, grouped by how many of each (the trips of a full
//! house before its pair), higher first. Hands of fewer than five cards, the
//! up cards of stud, are valued the same way; only pairs and sets can form
//! in them (no straight or flush with fewer than five cards). Two values
//! compare only between hands of the same number of cards.
//!
//! ```
//! use plybench::engine::chance::cards::Card;
//! use plybench::engine::chance::poker::{HandClass, evaluate};
//!
//! let cards: Vec<Card> = ["6H", "7H", "8H", "9H", "10H"].iter().map(|c| c.parse().unwrap()).collect();
//! assert_eq!(evaluate(&cards)?.class(), HandClass::StraightFlush);
//! let sixes: Vec<Card> = ["6S", "6D", "8C", "9H"].iter().map(|c| c.parse().unwrap()).collect();
//! assert_eq!(evaluate(&sixes)?.class(), HandClass::OnePair);
//! # Ok::<(), plybench::engine::chance::ChanceError>(())
//! ```

use std::fmt;

use super::ChanceError;
use super::cards::{Card, CardSet, Rank};
use super::combin::for_each_subset;

/// The nine classes of poker hands, lowest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum HandClass {
    /// No pair, no straight, no flush.
    HighCard,
    /// Two cards of one rank.
    OnePair,
    /// Two pairs.
    TwoPair,
    /// Three cards of one rank, the other two unpaired.
    ThreeOfAKind,
    /// Five ranks in sequence (ace high or low), not all of one suit.
    Straight,
    /// Five cards of one suit, not in sequence.
    Flush,
    /// Three of one rank and two of another.
    FullHouse,
    /// Four cards of one rank.
    FourOfAKind,
    /// Five cards of one suit in sequence.
    StraightFlush,
}

impl HandClass {
    /// Every class, lowest first.
    pub const ALL: [HandClass; 9] = [
        HandClass::HighCard,
        HandClass::OnePair,
        HandClass::TwoPair,
        HandClass::ThreeOfAKind,
        HandClass::Straight,
        HandClass::Flush,
        HandClass::FullHouse,
        HandClass::FourOfAKind,
        HandClass::StraightFlush,
    ];

    /// 0 for a high card up to 8 for a straight flush.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The class's name, `high card` … `straight flush`.
    pub fn name(self) -> &'static str {
        match self {
            HandClass::HighCard => "high card",
            HandClass::OnePair => "one pair",
            HandClass::TwoPair => "two pairs",
            HandClass::ThreeOfAKind => "three of a kind",
            HandClass::Straight => "straight",
            HandClass::Flush => "flush",
            HandClass::FullHouse => "full house",
            HandClass::FourOfAKind => "four of a kind",
            HandClass::StraightFlush => "straight flush",
        }
    }

    const fn from_index(i: u32) -> HandClass {
        match i {
            0 => HandClass::HighCard,
            1 => HandClass::OnePair,
            2 => HandClass::TwoPair,
            3 => HandClass::ThreeOfAKind,
            4 => HandClass::Straight,
            5 => HandClass::Flush,
            6 => HandClass::FullHouse,
            7 => HandClass::FourOfAKind,
            _ => HandClass::StraightFlush,
        }
    }
}

impl fmt::Display for HandClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The strength of a hand: greater is better among hands of as many cards.
///
/// The class sits in bits 20 and up; below it, one 4-bit field per rank
/// group (rank index + 1), the largest groups first and higher ranks first
/// within a size; a straight keeps only its top card (five for the wheel).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HandValue(u32);

impl HandValue {
    /// The hand's class.
    pub const fn class(self) -> HandClass {
        HandClass::from_index(self.0 >> 20)
    }

    /// The rank of group `i` (0 = the first: the pair of a pair, the trips
    /// of a full house, the top card of a straight), if the hand has it.
    pub const fn group(self, i: u32) -> Option<Rank> {
        if i > 4 {
            return None;
        }
        let nibble = (self.0 >> (16 - 4 * i)) & 15;
        if nibble == 0 { None } else { Rank::new(nibble as u8 - 1) }
    }

    /// The packed value, for comparisons and hashing.
    pub const fn bits(self) -> u32 {
        self.0
    }
}

/// The rank mask of the wheel, A-2-3-4-5.
const WHEEL: u16 = 1 << 12 | 0b1111;

/// The top rank of the straight that `ranks` (five distinct ranks) form,
/// if they form one; the wheel's top is the five.
const fn straight_top(ranks: u16) -> Option<u8> {
    if ranks == WHEEL {
        return Some(3);
    }
    let low = ranks.trailing_zeros();
    if low <= 8 && ranks == 0b11111 << low { Some(low as u8 + 4) } else { None }
}

/// The value of 1 to 5 cards, unchecked (the callers pass distinct cards).
///
/// The ranks are sorted into four masks by how many times they occur (a
/// rank seen again moves up a mask), so that no loop runs over the 13 ranks.
#[inline]
fn value_of(cards: &[Card]) -> HandValue {
    // seen[k]: ranks held at least k + 1 times.
    let mut seen = [0u16; 4];
    let first_suit = cards[0].suit();
    let mut one_suit = true;
    for &card in cards {
        let bit = 1u16 << card.rank().index();
        let k = if seen[0] & bit == 0 {
            0
        } else if seen[1] & bit == 0 {
            1
        } else if seen[2] & bit == 0 {
            2
        } else {
            3
        };
        seen[k] |= bit;
        one_suit &= card.suit() == first_suit;
    }
    let exactly = [seen[0] & !seen[1], seen[1] & !seen[2], seen[2] & !seen[3], seen[3]];
    let ranks = seen[0];
    if cards.len() == 5 && ranks.count_ones() == 5 {
        let straight = straight_top(ranks);
        let class = match (straight, one_suit) {
            (Some(_), true) => HandClass::StraightFlush,
            (Some(_), false) => HandClass::Straight,
            (None, true) => HandClass::Flush,
            (None, false) => HandClass::HighCard,
        };
        if let Some(top) = straight {
            return HandValue((class as u32) << 20 | (u32::from(top) + 1) << 16);
        }
        return HandValue((class as u32) << 20 | groups(&exactly));
    }
    let class = if exactly[3] != 0 {
        HandClass::FourOfAKind
    } else if exactly[2] != 0 {
        if exactly[1] != 0 { HandClass::FullHouse } else { HandClass::ThreeOfAKind }
    } else {
        match exactly[1].count_ones() {
            2 => HandClass::TwoPair,
            1 => HandClass::OnePair,
            _ => HandClass::HighCard,
        }
    };
    HandValue((class as u32) << 20 | groups(&exactly))
}

/// The rank fields: the ranks held four times, then three, two, one;
/// higher ranks first within a size.
#[inline]
fn groups(exactly: &[u16; 4]) -> u32 {
    let mut packed = 0;
    let mut shift = 16i32;
    for &mask in exactly.iter().rev() {
        let mut mask = mask;
        while mask != 0 && shift >= 0 {
            let r = 15 - mask.leading_zeros();
            packed |= (r + 1) << shift;
            shift -= 4;
            mask &= !(1 << r);
        }
    }
    packed
}

/// The value of a hand of one to five distinct cards.
pub fn evaluate(cards: &[Card]) -> Result<HandValue, ChanceError> {
    if cards.is_empty() || cards.len() > 5 {
        return Err(ChanceError::WrongSize { what: "a poker hand", found: cards.len(), expected: "1 to 5".into() });
    }
    CardSet::of(cards)?;
    Ok(value_of(cards))
}

/// The value of five distinct cards, unchecked: for loops that draw their
/// cards from a set and cannot repeat one.
#[inline]
pub fn evaluate_five(cards: &[Card; 5]) -> HandValue {
    value_of(cards)
}

/// Ranks seen so far, by multiplicity, and the suit if all share one: the
/// state of a hand being built card by card.
#[derive(Clone, Copy)]
struct Partial {
    /// `seen[k]`: ranks held at least `k + 1` times.
    seen: [u16; 4],
    /// The common suit's index, 4 before the first card, 5 once two differ.
    suit: u8,
}

impl Partial {
    const EMPTY: Partial = Partial { seen: [0; 4], suit: 4 };

    #[inline]
    fn add(self, card: Card) -> Partial {
        let bit = 1u16 << card.rank().index();
        let mut seen = self.seen;
        let k = usize::from(seen[0] & bit != 0) + usize::from(seen[1] & bit != 0) + usize::from(seen[2] & bit != 0);
        seen[k] |= bit;
        let s = card.suit().index();
        let suit = if self.suit == 4 || self.suit == s { s } else { 5 };
        Partial { seen, suit }
    }

    /// The class of a complete five-card hand.
    #[inline]
    fn class(self) -> HandClass {
        let [one, two, three, four] = self.seen;
        if four != 0 {
            return HandClass::FourOfAKind;
        }
        if three != 0 {
            return if two & !three != 0 { HandClass::FullHouse } else { HandClass::ThreeOfAKind };
        }
        match two.count_ones() {
            2 => HandClass::TwoPair,
            1 => HandClass::OnePair,
            _ => match (straight_top(one).is_some(), self.suit < 4) {
                (true, true) => HandClass::StraightFlush,
                (true, false) => HandClass::Straight,
                (false, true) => HandClass::Flush,
                (false, false) => HandClass::HighCard,
            },
        }
    }
}

/// How many hands of each class a full deal of five from 52 gives, indexed
/// by [`HandClass::index`]; the sum is C(52, 5) = 2,598,960. Each hand is
/// classified once, its state built card by card in five nested loops so
/// that the innermost adds one card; nothing is allocated.
pub fn class_counts() -> [u64; 9] {
    let deck = Card::DECK;
    let mut counts = [0u64; 9];
    for a in 0..48 {
        let p1 = Partial::EMPTY.add(deck[a]);
        for b in a + 1..49 {
            let p2 = p1.add(deck[b]);
            for c in b + 1..50 {
                let p3 = p2.add(deck[c]);
                for d in c + 1..51 {
                    let p4 = p3.add(deck[d]);
                    for &e in &deck[d + 1..] {
                        counts[p4.add(e).class().index()] += 1;
                    }
                }
            }
        }
    }
    counts
}

/// The number of Reuben's designations, 1 to 109 (Levy 1983, Fig. 46).
pub const DESIGNATIONS: u8 = 109;

/// The designation (13 to 109) of a made hand, one pair or better, in the
/// numbering of Levy's Fig. 46: 13–25 a pair (2s … aces), 26–37 two pairs
/// (3s … aces high), 38–51 three of a kind (kings with an ace kicker apart),
/// 52–61 straights (five … ace high), 62–71 flushes (seven … king high, then
/// ace high, ace-queen and ace-king), 72–85 full houses (kings over aces
/// apart), 86–99 four of a kind (kings with an ace apart), 100–109 straight
/// flushes. A hand worse than a pair has none: designations 1 to 12 name
/// draws, which depend on what the player keeps.
///
/// ```
/// use plybench::engine::chance::cards::Card;
/// use plybench::engine::chance::poker::{designation, evaluate};
///
/// let hand = |text: &str| -> Vec<Card> { text.split(' ').map(|c| c.parse().unwrap()).collect() };
/// assert_eq!(designation(evaluate(&hand("8S 8H 3C 3D KS"))?), Some(31));
/// assert_eq!(designation(evaluate(&hand("KS KH KC AD 2S"))?), Some(50));
/// assert_eq!(designation(evaluate(&hand("KS KH 9C AD 2S"))?), Some(24));
/// assert_eq!(designation(evaluate(&hand("KS QH 9C 7D 2S"))?), None);
/// # Ok::<(), plybench::engine::chance::ChanceError>(())
/// ```
pub fn designation(value: HandValue) -> Option<u8> {
    let rank = |i| value.group(i).map_or(0, Rank::index);
    let ace = Rank::ACE.index();
    let king = Rank::KING.index();
    let d = match value.class() {
        HandClass::HighCard => return None,
        HandClass::OnePair => 13 + rank(0),
        HandClass::TwoPair => 26 + rank(0) - 1,
        HandClass::ThreeOfAKind => match rank(0) {
            r if r == ace => 51,
            r if r == king && rank(1) == ace => 50,
            r => 38 + r,
        },
        HandClass::Straight => 52 + rank(0) - 3,
        HandClass::Flush => match (rank(0), rank(1)) {
            (a, k) if a == ace && k == king => 71,
            (a, q) if a == ace && q == king - 1 => 70,
            (a, _) if a == ace => 69,
            (top, _) => 62 + top - 5,
        },
        HandClass::FullHouse => match (rank(0), rank(1)) {
            (a, _) if a == ace => 85,
            (k, a) if k == king && a == ace => 84,
            (r, _) => 72 + r,
        },
        HandClass::FourOfAKind => match (rank(0), rank(1)) {
            (a, _) if a == ace => 99,
            (k, a) if k == king && a == ace => 98,
            (r, _) => 86 + r,
        },
        HandClass::StraightFlush => 100 + rank(0) - 3,
    };
    Some(d)
}

/// What one pass over all 2,598,960 hands finds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Census {
    /// Hands of each class, by [`HandClass::index`].
    pub by_class: [u64; 9],
    /// Hands of each designation, index 13 to 109 (0 to 12 hold nothing:
    /// the hands worse than a pair are counted under
    /// `by_class[HighCard]`).
    pub by_designation: [u64; 110],
    /// Flushes (straight flushes excluded) by the rank index of their top
    /// card.
    pub flushes_by_top: [u64; 13],
    /// Two-pair hands by the rank index of their higher pair.
    pub two_pairs_by_top: [u64; 13],
}

/// Every five-card hand, classified once: by class, by designation, and
/// the two breakdowns Levy's chapter 12 argues from.
pub fn census() -> Census {
    let mut census =
        Census { by_class: [0; 9], by_designation: [0; 110], flushes_by_top: [0; 13], two_pairs_by_top: [0; 13] };
    for_each_subset(&Card::DECK, 5, |hand| {
        let hand: &[Card; 5] = hand.try_into().expect("five cards");
        let value = evaluate_five(hand);
        census.by_class[value.class().index()] += 1;
        if let Some(d) = designation(value) {
            census.by_designation[usize::from(d)] += 1;
        }
        let top = value.group(0).map_or(0, |r| usize::from(r.index()));
        match value.class() {
            HandClass::Flush => census.flushes_by_top[top] += 1,
            HandClass::TwoPair => census.two_pairs_by_top[top] += 1,
            _ => {}
        }
    });
    census
}

/// The name of designation `d` (1 to 109) in Levy's Fig. 46, the ones the
/// figure elides filled in by its pattern.
pub fn designation_name(d: u8) -> Option<String> {
    let rank = |i: u8| Rank::new(i).map_or("?", Rank::symbol);
    let plural = |i: u8| format!("{}s", rank(i));
    Some(match d {
        1 => "no hand".into(),
        2 => "three cards to a flush".into(),
        3 => "three cards to a straight flush".into(),
        4 => "ace high".into(),
        5 => "four cards to a straight, one rank completes it".into(),
        6 => "four cards to an open-ended straight".into(),
        7 => "four cards to a flush without an ace".into(),
        8 => "four cards to a flush with an ace".into(),
        9 => "four cards to a straight flush missing an inside card".into(),
        10 => "four cards to a straight flush including ace low".into(),
        11 => "four cards to a straight flush including ace high".into(),
        12 => "four cards to an open-ended straight flush".into(),
        13..=25 => format!("pair of {}", plural(d - 13)),
        26..=37 => format!("two pairs, {} high", plural(d - 26 + 1)),
        38..=49 => format!("three {}", plural(d - 38)),
        50 => "three Ks with an A".into(),
        51 => "three As".into(),
        52..=61 => format!("straight, {} high", rank(d - 52 + 3)),
        62..=68 => format!("flush, {} high", rank(d - 62 + 5)),
        69 => "flush, A high (second card J or lower)".into(),
        70 => "flush, A-Q high".into(),
        71 => "flush, A-K high".into(),
        72..=83 => format!("full house, {}", plural(d - 72)),
        84 => "full house, Ks over As".into(),
        85 => "full house, As".into(),
        86..=97 => format!("four {}", plural(d - 86)),
        98 => "four Ks with an A".into(),
        99 => "four As".into(),
        100..=109 => format!("straight flush, {} high", rank(d - 100 + 3)),
        _ => return None,
    })
}

/// The class of the made hands of designation `d` (13 to 109).
pub fn designation_class(d: u8) -> Option<HandClass> {
    Some(match d {
        13..=25 => HandClass::OnePair,
        26..=37 => HandClass::TwoPair,
        38..=51 => HandClass::ThreeOfAKind,
        52..=61 => HandClass::Straight,
        62..=71 => HandClass::Flush,
        72..=85 => HandClass::FullHouse,
        86..=99 => HandClass::FourOfAKind,
        100..=109 => HandClass::StraightFlush,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::chance::cards::Suit;
    use crate::engine::chance::combin::binomial;

    fn hand(text: &str) -> Vec<Card> {
        text.split(' ').map(|c| c.parse().unwrap()).collect()
    }

    fn value(text: &str) -> HandValue {
        evaluate(&hand(text)).unwrap()
    }

    #[test]
    fn classes_of_known_hands() {
        assert_eq!(value("AS KS QS JS 10S").class(), HandClass::StraightFlush);
        assert_eq!(value("5D 4D 3D 2D AD").class(), HandClass::StraightFlush);
        assert_eq!(value("AS AD AC AH 2S").class(), HandClass::FourOfAKind);
        assert_eq!(value("6S 6D 6C AH AS").class(), HandClass::FullHouse);
        assert_eq!(value("AH 5H 7H KH QH").class(), HandClass::Flush);
        assert_eq!(value("5C 4D 3D 2D AD").class(), HandClass::Straight);
        assert_eq!(value("QC KD AD 2D 3H").class(), HandClass::HighCard, "no wrap-around straight");
        assert_eq!(value("9S 9D 9C 2H 3S").class(), HandClass::ThreeOfAKind);
        assert_eq!(value("AS AD 7C 7H 3S").class(), HandClass::TwoPair);
        assert_eq!(value("6S 6D 8C 9H").class(), HandClass::OnePair);
        assert_eq!(value("QC").class(), HandClass::HighCard);
    }

    #[test]
    fn order_of_values() {
        assert!(value("5C 4D 3D 2D AD") < value("6C 5D 4D 3D 2D"), "the wheel is the lowest straight");
        assert!(value("AS AD 7C 7H 3S") < value("AS AD 7C 7H 4S"), "the fifth card breaks the tie");
        assert!(value("KS KD KC AH AS") < value("AS AD AC 2H 2S"));
        assert!(value("AC 10C 8D") > value("AH 9H 7S"), "A-10-8 beats A-9-7");
        assert_eq!(value("AC 10C 8D"), value("AD 10H 8S"), "suits never break a tie");
        assert!(value("8D 10C JS JH 8H") > value("AC 9H 7S 6D AD"), "two pairs beat a pair of aces");
    }

    #[test]
    fn the_fast_count_agrees_with_the_evaluator_hand_by_hand() {
        // Every hand holding the ace of spades: 249,900 of them.
        let ace = Card::new(Rank::ACE, Suit::Spades);
        let rest: Vec<Card> = Card::DECK.iter().copied().filter(|&c| c != ace).collect();
        for_each_subset(&rest, 4, |four| {
            let hand = [ace, four[0], four[1], four[2], four[3]];
            let partial = hand.iter().fold(Partial::EMPTY, |p, &c| p.add(c));
            assert_eq!(partial.class(), evaluate_five(&hand).class(), "{hand:?}");
        });
    }

    /// The classes counted by formula: ranks chosen, then suits.
    fn by_formula() -> [u64; 9] {
        let c = |n, k| binomial(n, k) as u64;
        let straights = 10; // five high to ace high
        let suits5 = 4u64.pow(5);
        let mut counts = [0u64; 9];
        counts[HandClass::StraightFlush.index()] = straights * 4;
        counts[HandClass::FourOfAKind.index()] = 13 * 48;
        counts[HandClass::FullHouse.index()] = 13 * c(4, 3) * 12 * c(4, 2);
        counts[HandClass::Flush.index()] = 4 * (c(13, 5) - straights);
        counts[HandClass::Straight.index()] = straights * (suits5 - 4);
        counts[HandClass::ThreeOfAKind.index()] = 13 * c(4, 3) * c(12, 2) * 4 * 4;
        counts[HandClass::TwoPair.index()] = c(13, 2) * c(4, 2) * c(4, 2) * 11 * 4;
        counts[HandClass::OnePair.index()] = 13 * c(4, 2) * c(12, 3) * 4 * 4 * 4;
        counts[HandClass::HighCard.index()] = (c(13, 5) - straights) * (suits5 - 4);
        counts
    }

    #[test]
    fn every_hand_once_agrees_with_the_formulas() {
        let counts = class_counts();
        assert_eq!(counts, by_formula());
        assert_eq!(counts.iter().sum::<u64>(), binomial(52, 5) as u64);
        let all = census();
        assert_eq!(all.by_class, counts, "the census evaluates every hand the other way");
        assert_eq!(all.by_designation.iter().sum::<u64>(), binomial(52, 5) as u64 - counts[0]);
        // Each made designation is reached, and only those.
        for d in 0..=DESIGNATIONS {
            assert_eq!(all.by_designation[usize::from(d)] > 0, designation_class(d).is_some(), "{d}");
        }
    }

    #[test]
    fn bad_hands_are_refused() {
        assert!(evaluate(&[]).is_err());
        assert!(evaluate(&hand("AS AS KD")).is_err());
        assert!(evaluate(&hand("AS KS QS JS 10S 9S")).is_err());
    }

    #[test]
    fn every_made_hand_has_a_designation_of_its_class_and_names_are_unique() {
        let mut names = std::collections::HashSet::new();
        for d in 1..=DESIGNATIONS {
            assert!(names.insert(designation_name(d).unwrap()), "{d}");
        }
        assert_eq!(designation_name(0), None);
        assert_eq!(designation_name(110), None);
        for text in ["2S 2D 5C 7H 9S", "AS AD 5C 7H 9S", "3S 3D 2C 2H 9S", "KS KD KC 2H AS", "AS KS QS JS 9S"] {
            let v = value(text);
            let d = designation(v).unwrap();
            assert_eq!(designation_class(d), Some(v.class()), "{text}");
        }
        let flush = CardSet::of_suit(Suit::Hearts, 0b0101111).iter().collect::<Vec<_>>();
        assert_eq!(designation(evaluate(&flush).unwrap()), Some(62), "7-5-4-3-2 is the lowest flush");
    }
}
