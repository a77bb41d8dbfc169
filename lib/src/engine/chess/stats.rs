//! The classic breakdown of perft's nodes by kind of move and state, as
//! the chessprogramming wiki's "Perft Results" page tabulates it. The walk
//! that fills it is a node body of the instruction flavours
//! (`cpu::drive::stats_node`, which counts each node), started by
//! [`perft_stats`](super::perft_stats).

use super::{Castles, Move};

/// The classic breakdown of the nodes at one depth, as the chessprogramming
/// wiki's "Perft Results" page tabulates it. Each field counts nodes reached
/// by a move of that kind, or in that state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct PerftStats {
    /// The depth, in plies.
    pub depth: u32,
    /// Nodes at this depth.
    pub nodes: u64,
    /// Reached by a capture (en passant included).
    pub captures: u64,
    /// Reached by an en passant capture.
    pub en_passant: u64,
    /// Reached by castling.
    pub castles: u64,
    /// Reached by a promotion.
    pub promotions: u64,
    /// The side to move is in check.
    pub checks: u64,
    /// In check from exactly one piece, and not from the piece that moved
    /// (for castling, the king and the rook both moved). The wiki's tables
    /// count a check that is both direct and discovered as a double check
    /// only.
    pub discovered_checks: u64,
    /// In check from two pieces.
    pub double_checks: u64,
    /// In check with no legal move.
    pub checkmates: u64,
}

/// The squares of the castling king's and rook's destinations.
pub(crate) fn castle_squares(m: Move) -> u64 {
    let (king, rook) = Castles::destinations(m);
    1u64 << king.index() | 1u64 << rook.index()
}
