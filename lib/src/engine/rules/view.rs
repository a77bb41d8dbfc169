//! What the rules read of a position ([`View`]) and what an algorithm's run
//! tells whoever watches it ([`Observer`]): the interpreter and the
//! compiled form call these, the analysis of conditions implements them.

use super::ast::{Node, Outcome};
use super::frame::Frame;
use super::moves::{RuleMove, Square};

/// The board as the four functions read it, and the indicatifs.
pub trait View {
    /// Board width: abscissas run 1 ..= width.
    fn width(&self) -> i64;
    /// Board height: ordinates run 1 ..= height.
    fn height(&self) -> i64;
    /// 0 if `square` is empty, else the player (1 or 2) whose piece stands
    /// there. `square` is on the board.
    fn occupy(&self, square: Square) -> u8;
    /// The nature (from 1) of the piece on `square`; 0 if it is empty.
    fn nature(&self, square: Square) -> u8;
    /// Indicatif `id` of `player` (1 or 2), or of the game (0).
    fn indic(&self, id: u8, player: u8) -> i64;
}

/// A fact of the position that a transfer statement read: the kind of
/// condition a move can change, and so the only kind the analysis keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fact {
    /// `OCCUPY(square)` read `value` (0 empty, 1 or 2 a player).
    Occupy(Square, u8),
    /// `NATURE(square)` read `value`.
    Nature(Square, u8),
    /// The indicatif `id` of `player` (0: the game's) read `value`.
    Indic(u8, u8, i64),
}

/// Whether a run goes on after a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Run the node.
    Continue,
    /// Stop the run before the node (the analysis of modifications stops at
    /// a transfer's conjugué).
    Stop,
}

/// Watches one run of an algorithm. Every method has an empty default, so
/// a plain run (perft) monomorphizes to no cost.
pub trait Observer {
    /// The run is about to execute `node`, with the variables of `frame`.
    fn enter(&mut self, _node: Node, _frame: &Frame) -> Flow {
        Flow::Continue
    }
    /// A transfer statement (`IF`, `CPTD GO TO`) read `facts` of the
    /// position and goes to `next`.
    fn transfer(&mut self, _node: Node, _facts: &[Fact], _next: Node) {}
    /// A `MOVE` statement output `mv`.
    fn emit(&mut self, _node: Node, _mv: &RuleMove) {}
    /// A `RESULT` statement gave `outcome`.
    fn result(&mut self, _node: Node, _outcome: Outcome) {}
}

/// Watches nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Unobserved;

impl Observer for Unobserved {}

/// A view with one piece placed on one square, the rest read from `base`:
/// `ATTACKED(v)` asks whether the opponent could capture a friendly king
/// standing on `v`.
pub struct Placed<'v, V> {
    /// The position read everywhere else.
    pub base: &'v V,
    /// The square replaced.
    pub square: Square,
    /// Its owner (1 or 2).
    pub owner: u8,
    /// Its nature.
    pub nature: u8,
}

impl<V: View> View for Placed<'_, V> {
    fn width(&self) -> i64 {
        self.base.width()
    }
    fn height(&self) -> i64 {
        self.base.height()
    }
    fn occupy(&self, square: Square) -> u8 {
        if square == self.square { self.owner } else { self.base.occupy(square) }
    }
    fn nature(&self, square: Square) -> u8 {
        if square == self.square { self.nature } else { self.base.nature(square) }
    }
    fn indic(&self, id: u8, player: u8) -> i64 {
        self.base.indic(id, player)
    }
}
