//! Finite chance, counted exactly: cards and deals, five-card poker hands,
//! the draw, stud streets, bridge deals, trick-taking endings, dominoes,
//! shuffles and expected values against a random player.
//!
//! Every probability here is a count of equally likely cases divided by
//! their number: enumerated where the cases are few enough (all 2,598,960
//! poker hands, every draw of up to five cards from 47, every showdown of a
//! stud hand two streets from the end), counted combinatorially where they
//! are not (the hidden hands of a card deduction, the high-card points of a
//! bridge hand). Counts are integers; the studies turn them into exact
//! rationals. Where a quantity has no closed count, [`sample`] estimates it
//! with a seeded Monte Carlo whose numbers do not depend on the machine or
//! the number of threads.
//!
//! The hot enumerations (all hands, draws, showdowns) allocate nothing:
//! they walk index arrays on the stack over a fixed list of cards.
//!
//! - [`cards`]: ranks, suits, cards, sets of cards as 64-bit masks.
//! - [`combin`]: binomial coefficients, combinations, two hidden hands.
//! - [`poker`]: the five-card evaluator, the count of every class, Reuben's
//!   109 designations of a hand (Levy 1983, ch. 12).
//! - [`draw`]: every draw from a kept holding, tallied by class.
//! - [`stud`]: the opponent's hole card, showdowns, straight draws.
//! - [`bridge`]: deals, high-card points, distributions, bids and games.
//! - [`tricks`]: small trick-taking endings searched to the end.
//! - [`dominoes`]: the double-six set, chains, endgame trees.
//! - [`shuffle`]: the swap shuffle against Fisher-Yates, by enumeration.
//! - [`michie`]: tic-tac-toe against a player who moves at random.
//! - [`sample`]: seeded Monte Carlo tallies and their intervals.

pub mod bridge;
pub mod cards;
pub mod combin;
pub mod dominoes;
pub mod draw;
pub mod michie;
pub mod poker;
pub mod sample;
pub mod shuffle;
pub mod stud;
pub mod tricks;

mod error;

pub use error::ChanceError;
