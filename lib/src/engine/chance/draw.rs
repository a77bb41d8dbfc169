//! The draw of five-card draw poker: every way the discards can be
//! replaced from the 47 cards the player has not seen, tallied by the class
//! of the hand that results.
//!
//! ```
//! use plybench::engine::chance::cards::Card;
//! use plybench::engine::chance::draw::draw;
//! use plybench::engine::chance::poker::HandClass;
//!
//! let hand: Vec<Card> = ["KS", "KH", "2C", "7D", "9H"].iter().map(|c| c.parse().unwrap()).collect();
//! let outcome = draw(&hand, &hand[..2])?; // keep the kings, draw three
//! assert_eq!(outcome.total, 16_215);
//! assert_eq!(outcome.by_class[HandClass::FourOfAKind.index()], 45);
//! # Ok::<(), plybench::engine::chance::ChanceError>(())
//! ```

use super::ChanceError;
use super::cards::{Card, CardSet};
use super::combin::for_each_subset;
use super::poker::evaluate_five;

/// The hands a draw can end in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawOutcome {
    /// Cards drawn.
    pub drawn: usize,
    /// Every equally likely draw: C(47, drawn).
    pub total: u64,
    /// Draws ending in each class, by [`HandClass::index`](super::poker::HandClass::index).
    pub by_class: [u64; 9],
}

/// Every replacement of the cards of `hand` not in `keep` by as many of the
/// 47 unseen cards (the discards do not come back), each evaluated once.
pub fn draw(hand: &[Card], keep: &[Card]) -> Result<DrawOutcome, ChanceError> {
    if hand.len() != 5 {
        return Err(ChanceError::WrongSize { what: "a draw-poker hand", found: hand.len(), expected: "5".into() });
    }
    let held = CardSet::of(hand)?;
    let kept = CardSet::of(keep)?;
    if let Some(stray) = kept.minus(held).iter().next() {
        return Err(ChanceError::NotInHand(stray.to_string()));
    }
    let mut unseen = [Card::DECK[0]; 47];
    for (slot, card) in unseen.iter_mut().zip(held.complement().iter()) {
        *slot = card;
    }
    let drawn = 5 - keep.len();
    let mut five = [Card::DECK[0]; 5];
    five[..keep.len()].copy_from_slice(keep);
    let mut outcome = DrawOutcome { drawn, total: 0, by_class: [0; 9] };
    for_each_subset(&unseen, drawn, |new| {
        five[keep.len()..].copy_from_slice(new);
        outcome.by_class[evaluate_five(&five).class().index()] += 1;
        outcome.total += 1;
    });
    Ok(outcome)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::chance::combin::binomial;
    use crate::engine::chance::poker::HandClass;

    fn cards(text: &str) -> Vec<Card> {
        text.split(' ').map(|c| c.parse().unwrap()).collect()
    }

    #[test]
    fn a_pair_drawing_three_by_formula() {
        // Counted by hand: 2 cards of the pair's rank, 3 of each discarded
        // rank, 4 of each of the 9 others remain among the 47.
        let hand = cards("KS KH 2C 7D 9H");
        let o = draw(&hand, &hand[..2]).unwrap();
        let pairs_among_45 = 3 * binomial(3, 2) + 9 * binomial(4, 2);
        let quads = 45;
        let full = 2 * pairs_among_45 + (3 * binomial(3, 3) + 9 * binomial(4, 3));
        let trips = 2 * (binomial(45, 2) - pairs_among_45);
        let two_pairs = 9 * 42 + 54 * 41;
        assert_eq!(u128::from(o.by_class[HandClass::FourOfAKind.index()]), quads);
        assert_eq!(u128::from(o.by_class[HandClass::FullHouse.index()]), full);
        assert_eq!(u128::from(o.by_class[HandClass::ThreeOfAKind.index()]), trips);
        assert_eq!(o.by_class[HandClass::TwoPair.index()], two_pairs);
        assert_eq!(u128::from(o.total), binomial(47, 3));
        assert_eq!(o.by_class.iter().sum::<u64>(), o.total);
    }

    #[test]
    fn standing_pat_and_drawing_five() {
        let hand = cards("AS KS QS JS 10S");
        let pat = draw(&hand, &hand).unwrap();
        assert_eq!((pat.total, pat.by_class[HandClass::StraightFlush.index()]), (1, 1));
        let five = draw(&hand, &[]).unwrap();
        assert_eq!(u128::from(five.total), binomial(47, 5));
    }

    #[test]
    fn bad_draws_are_refused() {
        let hand = cards("KS KH 2C 7D 9H");
        assert!(matches!(draw(&hand[..4], &[]), Err(ChanceError::WrongSize { .. })));
        assert!(matches!(draw(&hand, &cards("AS")), Err(ChanceError::NotInHand(_))));
        assert!(draw(&cards("KS KS 2C 7D 9H"), &[]).is_err());
    }
}
