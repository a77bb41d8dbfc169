//! The legal moves and perft of a rule file, from the documented contract
//! alone: [`Interpreter::start`] and [`Interpreter::resume`] with an
//! [`Observer`] that keeps every `MOVE`, [`State::make`] and
//! [`State::unmake`]. It spells out docs/rules.md's definition of perft
//! (extension 2's `ILLEGAL * ENEMY CAPTURES KING`, and the end of a game by
//! the `RESULT` algorithm or by the lack of a move), so that the
//! differential tests compare the hand-written generators with the rule
//! files through the fewest assumptions.

use crate::engine::rules::ast::{Connection, Node, Outcome, Program};
use crate::engine::rules::error::RulesError;
use crate::engine::rules::interp::{Algo, Interpreter};
use crate::engine::rules::state::{RuleMove, State, Sub};
use crate::engine::rules::view::{Observer, View};

/// Keeps every move a run outputs.
struct Keep<'a>(&'a mut Vec<RuleMove>);

impl Observer for Keep<'_> {
    fn emit(&mut self, _node: Node, mv: &RuleMove) {
        self.0.push(*mv);
    }
}

/// Whether a run of the `RESULT` algorithm ended the game.
#[derive(Default)]
struct Ended(bool);

impl Observer for Ended {
    fn result(&mut self, _node: Node, outcome: Outcome) {
        if outcome != Outcome::NoVictory {
            self.0 = true;
        }
    }
}

/// The natures (from 1) that extension 2 protects: `ILLEGAL * ENEMY
/// CAPTURES KING` names `KING`.
pub fn royal_natures(program: &Program) -> Vec<u8> {
    program
        .header
        .connections
        .iter()
        .filter_map(|c| match c {
            Connection::RoyalCapture(name) => program.header.pieces.iter().position(|p| &p.name == name),
        })
        .map(|i| (i + 1) as u8)
        .collect()
}

/// Every move the `MOVES` algorithm outputs for the player to move,
/// appended to `out`.
pub fn pseudo_moves(interp: &Interpreter<'_>, state: &State, out: &mut Vec<RuleMove>) -> Result<(), RulesError> {
    let frame = interp.start(Algo::Moves, state.player());
    interp.resume(frame, state, &mut Keep(out))
}

/// Whether some move in `moves` captures a piece of `owner` whose nature
/// is in `royal`, on `state`.
fn captures_royal(state: &State, moves: &[RuleMove], owner: u8, royal: &[u8]) -> bool {
    moves.iter().any(|m| {
        m.subs().iter().any(|s| match *s {
            Sub::Capture(at) => state.occupy(at) == owner && royal.contains(&state.nature(at)),
            _ => false,
        })
    })
}

/// The legal moves of `state` into `out` (cleared first): the `MOVES`
/// algorithm's, less those after which the opponent has a move capturing
/// a royal piece of the mover. `scratch` is working space.
pub fn legal_moves(
    interp: &Interpreter<'_>,
    royal: &[u8],
    state: &mut State,
    out: &mut Vec<RuleMove>,
    scratch: &mut Vec<RuleMove>,
) -> Result<(), RulesError> {
    out.clear();
    pseudo_moves(interp, state, out)?;
    if royal.is_empty() {
        return Ok(());
    }
    let mover = state.player();
    let mut keep = Vec::with_capacity(out.len());
    for mv in out.iter() {
        let undo = state.make(mv);
        scratch.clear();
        let replies = pseudo_moves(interp, state, scratch);
        let illegal = replies.map(|()| captures_royal(state, scratch, mover, royal));
        state.unmake(&undo);
        if !illegal? {
            keep.push(*mv);
        }
    }
    *out = keep;
    Ok(())
}

/// Whether the game is over after the last move: the `RESULT` algorithm,
/// run for the player who has just moved, says victory, draw or loss.
pub fn ended(interp: &Interpreter<'_>, state: &State) -> Result<bool, RulesError> {
    if interp.program().result.is_none() {
        return Ok(false);
    }
    let frame = interp.start(Algo::Result, 3 - state.player());
    let mut ended = Ended::default();
    interp.resume(frame, state, &mut ended)?;
    Ok(ended.0)
}

/// Perft by the definition of docs/rules.md: the leaves of the tree of
/// legal moves to `depth`, a game that has ended being a leaf.
pub fn perft(interp: &Interpreter<'_>, state: &mut State, depth: u32) -> Result<u64, RulesError> {
    let royal = royal_natures(interp.program());
    let mut buffers: Vec<Vec<RuleMove>> = (0..=depth).map(|_| Vec::new()).collect();
    let mut scratch = Vec::new();
    walk(interp, &royal, state, depth, &mut buffers, &mut scratch)
}

fn walk(
    interp: &Interpreter<'_>,
    royal: &[u8],
    state: &mut State,
    depth: u32,
    buffers: &mut [Vec<RuleMove>],
    scratch: &mut Vec<RuleMove>,
) -> Result<u64, RulesError> {
    if depth == 0 {
        return Ok(1);
    }
    let Some((list, rest)) = buffers.split_first_mut() else { return Ok(1) };
    legal_moves(interp, royal, state, list, scratch)?;
    if depth == 1 {
        return Ok(list.len() as u64);
    }
    let mut total = 0;
    for mv in list.iter() {
        let undo = state.make(mv);
        let n = if ended(interp, state)? { Ok(1) } else { walk(interp, royal, state, depth - 1, rest, scratch) };
        state.unmake(&undo);
        total += n?;
    }
    Ok(total)
}
