//! Backgammon as a [`Game`] for the generic perft driver, with chance nodes.
//!
//! A position whose side has not thrown is a *chance node*: its moves are
//! the 21 distinct throws ([`Move::Throw`]). A position with a throw made
//! is a *choice node*: its moves are the distinct positions the throw can
//! reach ([`Move::Play`]; one empty play when the throw cannot be used).
//! Plies alternate throw and play, so perft from the opening position to
//! depth 1 is 21, to depth 2 the number of (throw, resulting position)
//! pairs, and so on. Throws are not weighted by their probability: perft
//! counts paths, as it does for every game. A game that is over (a side
//! has borne off all its men) has no moves.

use super::movegen::{self, Play};
use super::{Dice, Position, THROWS};
use crate::engine::game::Game;

/// A move of the game tree: a throw at a chance node, a play at a choice node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// The dice fall.
    Throw(Dice),
    /// The side to play moves (the empty play: it cannot).
    Play(Play),
}

impl Game for Position {
    type Move = Move;

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.winner().is_some() {
            return;
        }
        match self.dice() {
            None => moves.extend(THROWS.iter().map(|&d| Move::Throw(d))),
            Some(dice) => {
                PLAYS.with_borrow_mut(|plays| {
                    movegen::plays(self, dice, plays);
                    moves.extend(plays.iter().map(|&p| Move::Play(p)));
                });
            }
        }
    }

    fn play(&self, mv: Move) -> Position {
        match mv {
            Move::Throw(dice) => self.with_dice(Some(dice)),
            Move::Play(play) => {
                let (mine, theirs) = self.sides();
                let (mine, theirs) = movegen::apply(mine, theirs, &play);
                self.after(mine, theirs)
            }
        }
    }

    fn key(&self) -> u64 {
        Position::key(self)
    }

    fn notation(&self, mv: Move) -> String {
        match mv {
            Move::Throw(dice) => dice.to_string(),
            Move::Play(play) => movegen::notation(self, &play),
        }
    }

    fn count_leaves(&self, moves: &mut Vec<Move>) -> u64 {
        if self.dice().is_none() {
            return if self.winner().is_some() { 0 } else { THROWS.len() as u64 };
        }
        self.legal_moves(moves);
        moves.len() as u64
    }
}

thread_local! {
    static PLAYS: std::cell::RefCell<Vec<Play>> = const { std::cell::RefCell::new(Vec::new()) };
}
