//! Bridge deals: four hands of thirteen, high-card points, suit lengths and
//! distributions, the probability of a hand's points and of its shape, and
//! the auction's bids with the contracts that score a game.
//!
//! ```
//! use plybench::engine::chance::bridge::{Deal, Seat};
//!
//! // Levy (1983), ch. 15, Fig. 52.
//! let deal = Deal::from_suits([
//!     ["K 8 7 4 2", "2", "A J 9 5 3", "K 10"],   // North: spades, hearts, diamonds, clubs
//!     ["9 5", "K 9 4", "K 10 7", "A 9 8 6 5"],   // East
//!     ["A Q J 6 3", "A 8 5 3", "6 4", "7 2"],    // South
//!     ["10", "Q J 10 7 6", "Q 8 2", "Q J 4 3"], // West
//! ])?;
//! assert_eq!(deal.high_card_points(Seat::North), 11);
//! assert_eq!(deal.shape(Seat::North), [5, 1, 5, 2]); // spades, hearts, diamonds, clubs
//! # Ok::<(), plybench::engine::chance::ChanceError>(())
//! ```

use std::fmt;

use super::ChanceError;
use super::cards::{CardSet, Rank, Suit, ranks_of};
use super::combin::binomial;

/// A seat at the table, in the order of play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Seat {
    /// North.
    North,
    /// East.
    East,
    /// South.
    South,
    /// West.
    West,
}

impl Seat {
    /// The seats in the order of play, North first.
    pub const ALL: [Seat; 4] = [Seat::North, Seat::East, Seat::South, Seat::West];

    /// `North` … `West`.
    pub fn name(self) -> &'static str {
        ["North", "East", "South", "West"][self as usize]
    }

    /// The partner's seat.
    pub fn partner(self) -> Seat {
        Seat::ALL[(self as usize + 2) % 4]
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A whole deal: thirteen cards to each seat, every card once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deal {
    hands: [CardSet; 4],
}

impl Deal {
    /// The deal whose seats, in [`Seat::ALL`] order, hold `hands`.
    pub fn new(hands: [CardSet; 4]) -> Result<Deal, ChanceError> {
        let mut seen = CardSet::EMPTY;
        for (seat, hand) in Seat::ALL.iter().zip(hands) {
            if hand.len() != 13 {
                return Err(ChanceError::WrongSize {
                    what: ["North's hand", "East's hand", "South's hand", "West's hand"][*seat as usize],
                    found: hand.len() as usize,
                    expected: "13".into(),
                });
            }
            if let Some(card) = seen.intersection(hand).iter().next() {
                return Err(ChanceError::DuplicateCard(card.to_string()));
            }
            seen = seen.union(hand);
        }
        Ok(Deal { hands })
    }

    /// The deal written as a book prints it: for each seat in [`Seat::ALL`]
    /// order, its spades, hearts, diamonds and clubs (`A K 10 4 2`, `—`).
    pub fn from_suits(seats: [[&str; 4]; 4]) -> Result<Deal, ChanceError> {
        let order = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];
        let mut hands = [CardSet::EMPTY; 4];
        for (hand, suits) in hands.iter_mut().zip(seats) {
            for (suit, text) in order.iter().zip(suits) {
                *hand = hand.union(CardSet::of_suit(*suit, ranks_of(text)?));
            }
        }
        Deal::new(hands)
    }

    /// The hand of `seat`.
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat as usize]
    }

    /// High-card points of `seat`'s hand (ace 4, king 3, queen 2, jack 1).
    pub fn high_card_points(&self, seat: Seat) -> u32 {
        high_card_points(self.hand(seat))
    }

    /// `seat`'s suit lengths, spades, hearts, diamonds, clubs.
    pub fn shape(&self, seat: Seat) -> [u32; 4] {
        lengths(self.hand(seat))
    }
}

/// High-card points of `hand`.
pub fn high_card_points(hand: CardSet) -> u32 {
    hand.iter().map(|card| card.rank().high_card_points()).sum()
}

/// The lengths of `hand`'s spades, hearts, diamonds and clubs.
pub fn lengths(hand: CardSet) -> [u32; 4] {
    [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs].map(|s| hand.suit(s).count_ones())
}

/// What a point count adds for the shape of a hand, beside its high cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShapePoints {
    /// Points for each singleton that is not the ace.
    pub singleton: u32,
    /// Points for each void.
    pub void: u32,
    /// Points for each card of a suit past this length.
    pub long_after: u32,
}

/// High-card points plus `shape`'s points for singletons, voids and long
/// suits.
pub fn points(hand: CardSet, shape: ShapePoints) -> u32 {
    let mut total = high_card_points(hand);
    for suit in Suit::ALL {
        let ranks = hand.suit(suit);
        match ranks.count_ones() {
            0 => total += shape.void,
            1 if ranks != 1 << Rank::ACE.index() => total += shape.singleton,
            n if n > shape.long_after => total += n - shape.long_after,
            _ => {}
        }
    }
    total
}

/// The number of 13-card hands with each count of high-card points, 0 to
/// 37: a hand takes `j` of the 16 honours and `13 - j` of the 36 spot cards.
/// The counts sum to C(52, 13) = 635,013,559,600.
pub fn high_card_point_counts() -> [u128; 38] {
    // by_honours[j][p]: ways to take j honours worth p points.
    let mut by_honours = [[0u128; 38]; 17];
    by_honours[0][0] = 1;
    for value in [4usize, 3, 2, 1] {
        for _ in 0..4 {
            for j in (0..16).rev() {
                for p in (0..38 - value).rev() {
                    by_honours[j + 1][p + value] += by_honours[j][p];
                }
            }
        }
    }
    let mut counts = [0u128; 38];
    for (j, row) in by_honours.iter().enumerate() {
        let spots = binomial(36, 13u64.saturating_sub(j as u64));
        if j > 13 {
            continue;
        }
        for (p, ways) in row.iter().enumerate() {
            counts[p] += ways * spots;
        }
    }
    counts
}

/// The number of 13-card hands whose suit lengths, in some order of the
/// suits, are `pattern` (e.g. 5-5-2-1): the shapes that are the pattern's
/// distinct orderings, each counted by its four binomials.
pub fn pattern_count(pattern: [u32; 4]) -> u128 {
    let mut orders = Vec::new();
    permutations(pattern, 0, &mut orders);
    orders.sort_unstable();
    orders.dedup();
    orders.iter().map(|o| o.iter().map(|&l| binomial(13, u64::from(l))).product::<u128>()).sum()
}

fn permutations(mut items: [u32; 4], k: usize, out: &mut Vec<[u32; 4]>) {
    if k == 4 {
        out.push(items);
        return;
    }
    for i in k..4 {
        items.swap(k, i);
        permutations(items, k + 1, out);
        items.swap(k, i);
    }
}

/// A denomination of the auction, lowest first: the four suits, then
/// no-trumps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Strain {
    /// ♣
    Clubs,
    /// ♦
    Diamonds,
    /// ♥
    Hearts,
    /// ♠
    Spades,
    /// No-trumps.
    NoTrumps,
}

impl Strain {
    /// The five strains, lowest first.
    pub const ALL: [Strain; 5] = [Strain::Clubs, Strain::Diamonds, Strain::Hearts, Strain::Spades, Strain::NoTrumps];

    /// Points scored below the line for `level` tricks bid and made (the
    /// first trick at no-trumps scores 40, each other 30; a major 30 each, a
    /// minor 20 each).
    pub fn trick_score(self, level: u32) -> u32 {
        match self {
            Strain::Clubs | Strain::Diamonds => 20 * level,
            Strain::Hearts | Strain::Spades => 30 * level,
            Strain::NoTrumps => 40 + 30 * level.saturating_sub(1),
        }
    }

    /// The lowest level whose trick score reaches `game` (100): the game
    /// contract of the strain.
    pub fn game_level(self, game: u32) -> u32 {
        (1..=7).find(|&l| self.trick_score(l) >= game).unwrap_or(8)
    }

    /// `Clubs` … `No-Trumps`.
    pub fn name(self) -> &'static str {
        ["Clubs", "Diamonds", "Hearts", "Spades", "No-Trumps"][self as usize]
    }
}

/// A bid: a level 1 to 7 and a strain; bids are ordered as the auction
/// ranks them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Bid {
    /// 1 to 7: tricks to take beyond six.
    pub level: u32,
    /// The strain.
    pub strain: Strain,
}

impl Bid {
    /// Tricks the contract needs: the level plus six.
    pub fn tricks(self) -> u32 {
        self.level + 6
    }
}

impl fmt::Display for Bid {
    /// `one Diamond`, `four Spades`, `three No-Trumps`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let word = ["", "one", "two", "three", "four", "five", "six", "seven"][self.level.min(7) as usize];
        let strain = self.strain.name();
        let strain = if self.level == 1 { strain.strip_suffix('s').unwrap_or(strain) } else { strain };
        write!(f, "{word} {strain}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn point_distribution_sums_to_every_hand_and_averages_ten() {
        let counts = high_card_point_counts();
        let total: u128 = counts.iter().sum();
        assert_eq!(total, binomial(52, 13));
        let points: u128 = counts.iter().enumerate().map(|(p, c)| p as u128 * c).sum();
        assert_eq!(points, 10 * total, "40 points over four hands");
        assert_eq!(counts[37], 4, "four aces, four kings, four queens and a jack");
        assert_eq!(counts[0], binomial(36, 13));
    }

    #[test]
    fn every_shape_is_counted_once() {
        let mut total = 0;
        for a in 0..=13 {
            for b in 0..=a {
                for c in 0..=b {
                    let d = 13 - a - b - c;
                    if d <= c && a + b + c + d == 13 {
                        total += pattern_count([a, b, c, d]);
                    }
                }
            }
        }
        assert_eq!(total, binomial(52, 13));
    }

    #[test]
    fn games_and_bids() {
        let levels: Vec<u32> = Strain::ALL.iter().map(|s| s.game_level(100)).collect();
        assert_eq!(levels, [5, 5, 4, 4, 3]);
        let one_heart = Bid { level: 1, strain: Strain::Hearts };
        assert!(one_heart > Bid { level: 1, strain: Strain::Diamonds });
        assert!(Bid { level: 2, strain: Strain::Clubs } > Bid { level: 1, strain: Strain::NoTrumps });
        assert_eq!(one_heart.tricks(), 7);
        assert_eq!(one_heart.to_string(), "one Heart");
        assert_eq!(Bid { level: 3, strain: Strain::NoTrumps }.to_string(), "three No-Trumps");
    }

    #[test]
    fn bad_deals_are_refused() {
        let short = Deal::from_suits([
            ["K 8 7 4", "2", "A J 9 5 3", "K 10"],
            ["9 5", "K 9 4", "K 10 7", "A 9 8 6 5"],
            ["A Q J 6 3", "A 8 5 3", "6 4", "7 2"],
            ["10", "Q J 10 7 6", "Q 8 2", "Q J 4 3"],
        ]);
        assert!(matches!(short, Err(ChanceError::WrongSize { .. })));
        let twice = Deal::from_suits([
            ["K 8 7 4 2", "2", "A J 9 5 3", "K 10"],
            ["9 5", "K 9 4", "K 10 7", "A 9 8 6 5"],
            ["A Q J 6 3", "A 8 5 3", "6 4", "7 2"],
            ["K", "Q J 10 7 6", "Q 8 2", "Q J 4 3"],
        ]);
        assert!(matches!(twice, Err(ChanceError::DuplicateCard(_))));
    }
}
