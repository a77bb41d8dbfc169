//! Small trick-taking endings, every card known, searched to the end: the
//! tricks one side can be sure of, the most it can take if the others help,
//! and the size of the tree.
//!
//! Three or four players each hold as many cards; they play in turn, must
//! follow the suit led when they can, and the trick goes to the highest trump
//! played, else to the highest card of the suit led; its winner leads next.
//! Players belong to sides; side 0's tricks are counted.
//!
//! ```
//! use plybench::engine::chance::cards::{CardSet, Suit};
//! use plybench::engine::chance::tricks::Ending;
//!
//! // Levy's ch. 6 ending: we hold A♠ 10♦, Bill J♦ 5♣, John 3♣ 2♣; spades are trumps.
//! let hands: [CardSet; 3] = ["AS 10D".parse()?, "JD 5C".parse()?, "3C 2C".parse()?];
//! let ending = Ending::new(&hands, Some(Suit::Spades), &[0, 1, 2], 0)?;
//! assert_eq!(ending.sure_tricks(), 1);
//! assert_eq!(ending.most_tricks(), 2);
//! # Ok::<(), plybench::engine::chance::ChanceError>(())
//! ```

use rustc_hash::FxHashMap;

use super::ChanceError;
use super::cards::{Card, CardSet, Suit};

/// A trick-taking ending between three or four players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ending {
    hands: [CardSet; 4],
    players: usize,
    trump: Option<Suit>,
    sides: [u8; 4],
    to_move: usize,
    /// The cards of the trick in progress, in the order played.
    trick: [Option<(usize, Card)>; 4],
    played: usize,
    /// Tricks won by side 0 so far.
    won: u32,
}

impl Ending {
    /// The ending in which player `i` holds `hands[i]`, `trump` is the trump
    /// suit (none at no-trumps), player `i` is on side `sides[i]`, and
    /// `leader` leads to the next trick.
    pub fn new(hands: &[CardSet], trump: Option<Suit>, sides: &[u8], leader: usize) -> Result<Ending, ChanceError> {
        let players = hands.len();
        if !(3..=4).contains(&players) || sides.len() != players || leader >= players {
            return Err(ChanceError::WrongSize {
                what: "a trick-taking ending",
                found: players,
                expected: "3 or 4 hands, one side for each, a leader among them".into(),
            });
        }
        let size = hands[0].len();
        let mut seen = CardSet::EMPTY;
        for hand in hands {
            if hand.len() != size {
                return Err(ChanceError::WrongSize {
                    what: "a hand of the ending",
                    found: hand.len() as usize,
                    expected: size.to_string(),
                });
            }
            if let Some(card) = seen.intersection(*hand).iter().next() {
                return Err(ChanceError::DuplicateCard(card.to_string()));
            }
            seen = seen.union(*hand);
        }
        let mut all_hands = [CardSet::EMPTY; 4];
        all_hands[..players].copy_from_slice(hands);
        let mut all_sides = [1; 4];
        all_sides[..players].copy_from_slice(sides);
        Ok(Ending {
            hands: all_hands,
            players,
            trump,
            sides: all_sides,
            to_move: leader,
            trick: [None; 4],
            played: 0,
            won: 0,
        })
    }

    /// The player to play next.
    pub fn to_move(&self) -> usize {
        self.to_move
    }

    /// Tricks side 0 has won so far.
    pub fn won(&self) -> u32 {
        self.won
    }

    /// Whether every card has been played.
    pub fn is_over(&self) -> bool {
        self.hands.iter().all(|h| h.is_empty())
    }

    /// The cards the player to move may play.
    pub fn legal(&self) -> CardSet {
        let hand = self.hands[self.to_move];
        match self.trick[0] {
            Some((_, led)) if hand.suit(led.suit()) != 0 => CardSet::of_suit(led.suit(), hand.suit(led.suit())),
            _ => hand,
        }
    }

    /// Plays `card` for the player to move.
    pub fn play(&mut self, card: Card) -> Result<(), ChanceError> {
        if !self.legal().contains(card) {
            return Err(ChanceError::IllegalPlay(format!("player {} cannot play the {card} here", self.to_move)));
        }
        self.play_unchecked(card);
        Ok(())
    }

    fn play_unchecked(&mut self, card: Card) {
        let player = self.to_move;
        self.hands[player] = self.hands[player].without(card);
        self.trick[self.played] = Some((player, card));
        self.played += 1;
        if self.played < self.players {
            self.to_move = (player + 1) % self.players;
            return;
        }
        let winner = self.winner();
        if self.sides[winner] == 0 {
            self.won += 1;
        }
        self.trick = [None; 4];
        self.played = 0;
        self.to_move = winner;
    }

    /// The winner of the complete trick on the table.
    fn winner(&self) -> usize {
        let (mut best_player, led) = self.trick[0].expect("a complete trick");
        let mut best = led;
        for &(player, card) in self.trick[1..self.players].iter().flatten() {
            let beats = match self.trump {
                Some(trump) if card.suit() == trump && best.suit() != trump => true,
                _ => card.suit() == best.suit() && card.rank() > best.rank(),
            };
            if beats {
                best = card;
                best_player = player;
            }
        }
        best_player
    }

    /// The tricks side 0 takes to the end when it plays its best and every
    /// other player plays to hold it down: what it can be sure of.
    pub fn sure_tricks(&self) -> u32 {
        self.won + self.rest(false, &mut FxHashMap::default())
    }

    /// The tricks side 0 takes when every player plays to give it the most:
    /// what it may take if the others err.
    pub fn most_tricks(&self) -> u32 {
        self.won + self.rest(true, &mut FxHashMap::default())
    }

    /// The tricks side 0 wins from here on. Between tricks the cards still
    /// held (each hand is what is left of its own) and the leader decide
    /// the rest, so those positions are searched once.
    fn rest(&self, everyone_helps: bool, memo: &mut FxHashMap<(u64, usize), u32>) -> u32 {
        if self.is_over() {
            return 0;
        }
        let key = (self.hands.iter().fold(0, |all, h| all | h.bits()), self.to_move);
        if self.played == 0
            && let Some(&known) = memo.get(&key)
        {
            return known;
        }
        let maximizing = everyone_helps || self.sides[self.to_move] == 0;
        let mut best = if maximizing { 0 } else { u32::MAX };
        for card in self.legal().iter() {
            let mut next = *self;
            next.play_unchecked(card);
            let value = next.won - self.won + next.rest(everyone_helps, memo);
            best = if maximizing { best.max(value) } else { best.min(value) };
        }
        if self.played == 0 {
            memo.insert(key, best);
        }
        best
    }

    /// The complete plays from here to the end: the leaves of the full
    /// game tree.
    pub fn leaves(&self) -> u64 {
        if self.is_over() {
            return 1;
        }
        self.legal()
            .iter()
            .map(|card| {
                let mut next = *self;
                next.play_unchecked(card);
                next.leaves()
            })
            .sum()
    }

    /// The ending after `line`, each play checked.
    pub fn after(&self, line: &[Card]) -> Result<Ending, ChanceError> {
        let mut next = *self;
        for &card in line {
            next.play(card)?;
        }
        Ok(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(text: &str) -> CardSet {
        text.parse().unwrap()
    }

    #[test]
    fn trumps_win_and_suits_must_be_followed() {
        let mut e =
            Ending::new(&[set("AS 10D"), set("JD 5C"), set("3C 2C")], Some(Suit::Spades), &[0, 1, 2], 0).unwrap();
        e.play("10D".parse().unwrap()).unwrap();
        assert_eq!(e.legal(), set("JD"), "Bill must follow diamonds");
        assert!(e.play("5C".parse().unwrap()).is_err());
        e.play("JD".parse().unwrap()).unwrap();
        e.play("2C".parse().unwrap()).unwrap();
        assert_eq!((e.to_move(), e.won()), (1, 0), "Bill's jack wins");
        e.play("5C".parse().unwrap()).unwrap();
        e.play("3C".parse().unwrap()).unwrap();
        e.play("AS".parse().unwrap()).unwrap();
        assert!(e.is_over());
        assert_eq!(e.won(), 1, "the ace of trumps ruffs the club");
    }

    /// The plain search, without the table, as an oracle.
    fn plain(e: &Ending, helps: bool) -> u32 {
        if e.is_over() {
            return e.won();
        }
        let maximizing = helps || e.sides[e.to_move] == 0;
        let values = e.legal().iter().map(|c| {
            let mut n = *e;
            n.play_unchecked(c);
            plain(&n, helps)
        });
        if maximizing { values.max().unwrap() } else { values.min().unwrap() }
    }

    #[test]
    fn the_table_changes_no_value() {
        let mut rng = crate::engine::rng::SplitMix::new(5);
        for _ in 0..30 {
            let mut deck = Card::DECK;
            crate::engine::chance::sample::choose_front(&mut deck, 16, &mut rng);
            let hands: Vec<CardSet> = (0..4).map(|p| deck[4 * p..4 * p + 4].iter().copied().collect()).collect();
            let trump = if rng.below(2) == 0 { None } else { Some(Suit::ALL[rng.below(4)]) };
            let e = Ending::new(&hands, trump, &[0, 1, 0, 1], rng.below(4)).unwrap();
            assert_eq!(e.sure_tricks(), plain(&e, false));
            assert_eq!(e.most_tricks(), plain(&e, true));
        }
    }

    #[test]
    fn bounds_and_tree_size() {
        let e = Ending::new(&[set("AS 10D"), set("JD 5C"), set("3C 2C")], Some(Suit::Spades), &[0, 1, 2], 0).unwrap();
        assert!(e.sure_tricks() <= e.most_tricks());
        // Lead A♠: Bill 2 choices, John 2; then the second trick is forced.
        // Lead 10♦: Bill must follow; John 2; the rest is forced.
        assert_eq!(e.leaves(), 4 + 2);
        assert!(Ending::new(&[set("AS"), set("AS"), set("2C")], None, &[0, 1, 2], 0).is_err());
        assert!(Ending::new(&[set("AS"), set("KS 2C"), set("3C")], None, &[0, 1, 2], 0).is_err());
    }
}
