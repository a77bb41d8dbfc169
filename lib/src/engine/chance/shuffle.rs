//! Shuffling by swaps, counted exactly: every sequence of random choices is
//! followed to the order it leaves, so that the probability of each order is
//! a count over the choices.
//!
//! Two rules for the `i`th swap (`i` from the first card to the last):
//!
//! - [`SwapRule::AnyCard`]: swap card `i` with a card chosen at random from
//!   the whole deck (`n` choices each time, `n^n` sequences);
//! - [`SwapRule::NotYetPlaced`]: swap it with a card chosen from positions
//!   `i` to `n` (Fisher-Yates, `n!` sequences, each order once).
//!
//! ```
//! use plybench::engine::chance::shuffle::{SwapRule, orders};
//!
//! let any = orders(3, SwapRule::AnyCard)?;
//! assert_eq!(any.sequences, 27);
//! assert_eq!((any.fewest(), any.most()), (4, 5)); // 27 sequences cannot share 6 orders evenly
//! let fy = orders(3, SwapRule::NotYetPlaced)?;
//! assert_eq!((fy.fewest(), fy.most()), (1, 1));
//! # Ok::<(), plybench::engine::chance::ChanceError>(())
//! ```

use num_bigint::BigUint;
use num_traits::{One, Zero};

use super::ChanceError;

/// How the card to swap with is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SwapRule {
    /// From the whole deck, every time.
    AnyCard,
    /// From the positions not yet fixed (Fisher-Yates).
    NotYetPlaced,
}

/// The most cards [`orders`] enumerates (8^8 = 16,777,216 sequences).
pub const MAX_CARDS: usize = 8;

/// How often each order of `n` cards comes out of every sequence of choices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Orders {
    /// Cards.
    pub n: usize,
    /// Sequences of choices, all equally likely.
    pub sequences: u64,
    /// Sequences leaving each order, by the order's rank in lexicographic
    /// order (n! entries).
    pub counts: Vec<u64>,
}

impl Orders {
    /// The fewest sequences leading to one order (0 if some order never
    /// comes out).
    pub fn fewest(&self) -> u64 {
        self.counts.iter().copied().min().unwrap_or(0)
    }

    /// The most sequences leading to one order.
    pub fn most(&self) -> u64 {
        self.counts.iter().copied().max().unwrap_or(0)
    }

    /// Whether every order is equally likely.
    pub fn uniform(&self) -> bool {
        self.fewest() == self.most()
    }
}

/// Follows every sequence of choices of `rule` on `n` cards (1 to
/// [`MAX_CARDS`]).
pub fn orders(n: usize, rule: SwapRule) -> Result<Orders, ChanceError> {
    if n == 0 || n > MAX_CARDS {
        return Err(ChanceError::TooLarge { what: "cards to shuffle exactly", value: n as u64, max: MAX_CARDS as u64 });
    }
    let factorial: usize = (1..=n).product();
    let mut counts = vec![0u64; factorial];
    // choice[i]: the position card i is swapped with, in its allowed range.
    let low = |i: usize| if rule == SwapRule::AnyCard { 0 } else { i };
    let mut choice = [0usize; MAX_CARDS];
    for (i, c) in choice.iter_mut().enumerate().take(n) {
        *c = low(i);
    }
    let mut sequences = 0u64;
    loop {
        let mut deck = [0u8; MAX_CARDS];
        for (i, card) in deck.iter_mut().enumerate().take(n) {
            *card = i as u8;
        }
        for (i, &j) in choice.iter().enumerate().take(n) {
            deck.swap(i, j);
        }
        counts[rank_of(&deck[..n])] += 1;
        sequences += 1;
        // The next sequence, as an odometer whose wheel i runs low(i)..n.
        let mut i = n;
        loop {
            if i == 0 {
                return Ok(Orders { n, sequences, counts });
            }
            i -= 1;
            choice[i] += 1;
            if choice[i] < n {
                break;
            }
            choice[i] = low(i);
        }
    }
}

/// The rank of a permutation of `0..n` in lexicographic order.
fn rank_of(perm: &[u8]) -> usize {
    let n = perm.len();
    let mut rank = 0;
    for i in 0..n {
        let smaller_after = perm[i + 1..].iter().filter(|&&x| x < perm[i]).count();
        rank = rank * (n - i) + smaller_after;
    }
    rank
}

/// Whether `n^n` equally likely sequences can share the `n!` orders evenly:
/// the swap-with-any-card shuffle can only be fair when `n!` divides `n^n`.
///
/// ```
/// use plybench::engine::chance::shuffle::any_card_can_be_fair;
///
/// assert!(any_card_can_be_fair(2));
/// assert!(!any_card_can_be_fair(3));
/// assert!(!any_card_can_be_fair(52));
/// ```
pub fn any_card_can_be_fair(n: u32) -> bool {
    let power = BigUint::from(n).pow(n);
    let factorial = (1..=n).fold(BigUint::one(), |f, k| f * k);
    (power % factorial).is_zero()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fisher_yates_is_uniform_and_any_card_is_not() {
        for n in 1..=6 {
            let fy = orders(n, SwapRule::NotYetPlaced).unwrap();
            assert!(fy.uniform(), "{n}");
            assert_eq!(fy.sequences, (1..=n as u64).product::<u64>());
            let any = orders(n, SwapRule::AnyCard).unwrap();
            assert_eq!(any.sequences, (n as u64).pow(n as u32));
            assert_eq!(any.counts.iter().sum::<u64>(), any.sequences);
            assert_eq!(any.uniform(), any_card_can_be_fair(n as u32), "{n}");
            assert_eq!(any.uniform(), n <= 2);
        }
        assert!(orders(9, SwapRule::AnyCard).is_err());
    }

    #[test]
    fn ranks_are_a_bijection() {
        let mut seen = [false; 24];
        for a in 0..4u8 {
            for b in 0..4u8 {
                for c in 0..4u8 {
                    for d in 0..4u8 {
                        let p = [a, b, c, d];
                        let mut s = p;
                        s.sort_unstable();
                        if s == [0, 1, 2, 3] {
                            assert!(!seen[rank_of(&p)]);
                            seen[rank_of(&p)] = true;
                        }
                    }
                }
            }
        }
        assert!(seen.iter().all(|&x| x));
        assert_eq!(rank_of(&[0, 1, 2, 3]), 0);
        assert_eq!(rank_of(&[3, 2, 1, 0]), 23);
    }
}
