//! Five-card stud from one player's seat: which hole cards put the other
//! player ahead on the cards dealt so far, who wins the showdown over every
//! way the remaining cards can fall, and the ranks that fill a straight.
//!
//! ```
//! use plybench::engine::chance::cards::{Card, CardSet, Rank};
//! use plybench::engine::chance::stud::hole_outcomes;
//!
//! let cards = |t: &str| -> Vec<Card> { t.split(' ').map(|c| c.parse().unwrap()).collect() };
//! // Levy's ch. 11 hand on card three: (A♣) 9♥ 7♠ against (?) 8♦ 10♣.
//! let by_rank = hole_outcomes(&cards("AC 9H 7S"), &cards("8D 10C"), CardSet::EMPTY)?;
//! let ahead: Vec<Rank> = by_rank.iter().filter(|o| o.ahead > 0).map(|o| o.rank).collect();
//! assert_eq!(ahead, [Rank::pips(8).unwrap(), Rank::TEN, Rank::ACE]);
//! # Ok::<(), plybench::engine::chance::ChanceError>(())
//! ```

use std::cmp::Ordering;

use super::ChanceError;
use super::cards::{Card, CardSet, Rank};
use super::combin::{binomial, for_each_subset};
use super::poker::{evaluate, evaluate_five};

/// What the hole cards of one rank do against a known hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RankOutcome {
    /// The rank of the hole card.
    pub rank: Rank,
    /// Unseen cards of that rank: the equally likely hole cards.
    pub unseen: u32,
    /// Of those, the cards that put the hidden hand ahead.
    pub ahead: u32,
    /// Those that leave it level.
    pub level: u32,
    /// Those that leave it behind.
    pub behind: u32,
}

/// For each rank, how the hidden hand (`up` and one unseen hole card) stands
/// against `known` (a hand of the same size, every card known) on the cards
/// so far. The hole card is any card not in `known`, `up` or `also_seen`.
pub fn hole_outcomes(known: &[Card], up: &[Card], also_seen: CardSet) -> Result<Vec<RankOutcome>, ChanceError> {
    if known.len() != up.len() + 1 || known.len() > 5 {
        return Err(ChanceError::WrongSize {
            what: "the hand beside the up cards",
            found: known.len(),
            expected: format!("{} (one more than the up cards, at most 5)", up.len() + 1),
        });
    }
    let seen = CardSet::of(&[known, up].concat())?.union(also_seen);
    let target = evaluate(known)?;
    let mut hidden = [Card::DECK[0]; 5];
    hidden[..up.len()].copy_from_slice(up);
    let mut outcomes: Vec<RankOutcome> =
        Rank::ALL.iter().map(|&rank| RankOutcome { rank, unseen: 0, ahead: 0, level: 0, behind: 0 }).collect();
    for hole in seen.complement().iter() {
        hidden[up.len()] = hole;
        let outcome = &mut outcomes[usize::from(hole.rank().index())];
        outcome.unseen += 1;
        match evaluate(&hidden[..known.len()])?.cmp(&target) {
            Ordering::Greater => outcome.ahead += 1,
            Ordering::Equal => outcome.level += 1,
            Ordering::Less => outcome.behind += 1,
        }
    }
    Ok(outcomes)
}

/// Who wins a showdown, counted over every equally likely deal of the
/// cards still to come.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Showdown {
    /// Deals the known hand wins.
    pub wins: u64,
    /// Deals that split the pot.
    pub splits: u64,
    /// Deals the known hand loses.
    pub losses: u64,
}

impl Showdown {
    /// Every deal counted.
    pub fn total(&self) -> u64 {
        self.wins + self.splits + self.losses
    }
}

/// The most deals [`showdown`] enumerates.
pub const MAX_SHOWDOWN_DEALS: u128 = 200_000_000;

/// Every way the remaining cards can fall when `known` (every card known,
/// hole card included) and the hidden hand (`up`, one hole card) each get
/// `to_come` more cards from the unseen deck, both ending with five: the
/// known hand's wins, splits and losses. Nothing is allocated in the loop.
pub fn showdown(known: &[Card], up: &[Card], to_come: usize) -> Result<Showdown, ChanceError> {
    if known.len() + to_come != 5 || up.len() + 1 + to_come != 5 {
        return Err(ChanceError::WrongSize {
            what: "a stud hand and the cards to come",
            found: known.len() + to_come,
            expected: "5 for each player".into(),
        });
    }
    let seen = CardSet::of(&[known, up].concat())?;
    let n = u64::from(seen.complement().len());
    let deals = binomial(n, to_come as u64) * binomial(n - to_come as u64, to_come as u64 + 1);
    if deals > MAX_SHOWDOWN_DEALS {
        return Err(ChanceError::TooLarge {
            what: "showdown deals",
            value: u64::try_from(deals).unwrap_or(u64::MAX),
            max: MAX_SHOWDOWN_DEALS as u64,
        });
    }
    let mut unseen = [Card::DECK[0]; 52];
    let mut count = 0;
    for card in seen.complement().iter() {
        unseen[count] = card;
        count += 1;
    }
    let unseen = &unseen[..count];
    let mut mine = [Card::DECK[0]; 5];
    mine[..known.len()].copy_from_slice(known);
    let mut theirs = [Card::DECK[0]; 5];
    theirs[..up.len()].copy_from_slice(up);
    let mut rest = [Card::DECK[0]; 52];
    let mut result = Showdown { wins: 0, splits: 0, losses: 0 };
    for_each_subset(unseen, to_come, |future| {
        mine[known.len()..].copy_from_slice(future);
        let my_value = evaluate_five(&mine);
        let mut left = 0;
        for &card in unseen {
            if !future.contains(&card) {
                rest[left] = card;
                left += 1;
            }
        }
        for_each_subset(&rest[..left], to_come + 1, |hidden| {
            theirs[up.len()..].copy_from_slice(hidden);
            match my_value.cmp(&evaluate_five(&theirs)) {
                Ordering::Greater => result.wins += 1,
                Ordering::Equal => result.splits += 1,
                Ordering::Less => result.losses += 1,
            }
        });
    });
    Ok(result)
}

/// The ranks that make a straight with four distinct `ranks` (bit `r` for
/// rank index `r`); 0 when no single rank does.
///
/// ```
/// use plybench::engine::chance::cards::ranks_of;
/// use plybench::engine::chance::stud::straight_completions;
///
/// assert_eq!(straight_completions(ranks_of("4 5 6 8")?), ranks_of("7")?);
/// assert_eq!(straight_completions(ranks_of("6 7 8 9")?), ranks_of("5 10")?);
/// assert_eq!(straight_completions(ranks_of("J Q K A")?), ranks_of("10")?);
/// assert_eq!(straight_completions(ranks_of("A 2 3 4")?), ranks_of("5")?);
/// # Ok::<(), plybench::engine::chance::ChanceError>(())
/// ```
pub fn straight_completions(ranks: u16) -> u16 {
    if ranks.count_ones() != 4 {
        return 0;
    }
    let mut fills = 0;
    for r in 0..13 {
        let five = ranks | 1 << r;
        if five.count_ones() == 5 {
            let wheel = five == (1 << 12 | 0b1111);
            let low = five.trailing_zeros();
            if wheel || (low <= 8 && five == 0b11111 << low) {
                fills |= 1 << r;
            }
        }
    }
    fills
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::chance::cards::Suit;

    fn cards(text: &str) -> Vec<Card> {
        text.split(' ').map(|c| c.parse().unwrap()).collect()
    }

    #[test]
    fn hole_outcomes_cover_every_unseen_card() {
        let outcomes = hole_outcomes(&cards("AC 9H 7S"), &cards("8D 10C"), CardSet::EMPTY).unwrap();
        assert_eq!(outcomes.iter().map(|o| o.unseen).sum::<u32>(), 47);
        for o in &outcomes {
            assert_eq!(o.ahead + o.level + o.behind, o.unseen);
        }
        assert!(hole_outcomes(&cards("AC 9H"), &cards("8D 10C"), CardSet::EMPTY).is_err());
    }

    #[test]
    fn last_street_showdown_is_the_hole_card_alone() {
        let known = cards("AC 9H 7S 6D AD");
        let up = cards("8D 10C JS JH");
        let s = showdown(&known, &up, 0).unwrap();
        assert_eq!(s.total(), 43);
        let by_rank = hole_outcomes(&known, &up, CardSet::EMPTY).unwrap();
        assert_eq!(s.losses, u64::from(by_rank.iter().map(|o| o.ahead).sum::<u32>()));
    }

    #[test]
    fn showdown_counts_every_deal() {
        let s = showdown(&cards("AC 9H 7S 6D"), &cards("8D 10C JS"), 1).unwrap();
        assert_eq!(u128::from(s.total()), binomial(45, 1) * binomial(44, 2));
        assert!(matches!(showdown(&cards("AC"), &[], 4), Err(ChanceError::TooLarge { .. })));
    }

    #[test]
    fn straight_fills_of_every_four_ranks_agree_with_the_evaluator() {
        for ranks in 0u16..(1 << 13) {
            if ranks.count_ones() != 4 {
                continue;
            }
            let fills = straight_completions(ranks);
            for r in 0..13u8 {
                let mut hand: Vec<Card> = (0..13u8)
                    .filter(|&i| ranks >> i & 1 == 1)
                    .enumerate()
                    .map(|(k, i)| Card::new(Rank::new(i).unwrap(), Suit::ALL[k % 2]))
                    .collect();
                if ranks >> r & 1 == 1 {
                    continue;
                }
                hand.push(Card::new(Rank::new(r).unwrap(), Suit::Hearts));
                let straight = evaluate(&hand).unwrap().class() == crate::engine::chance::poker::HandClass::Straight;
                assert_eq!(fills >> r & 1 == 1, straight, "{ranks:b} + {r}");
            }
        }
    }
}
