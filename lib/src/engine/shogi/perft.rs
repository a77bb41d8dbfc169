//! Perft: the leaves of the tree of legal moves, each drop and each
//! promotion choice a move of its own, as the published shogi counts have
//! them.
//!
//! [`perft`] is the plain recursive count, one move buffer per ply made
//! before the walk; the generic driver of `engine::game` counts the same
//! through the [`Game`] implementation.

use super::error::ShogiError;
use super::moves::Move;
use super::position::Position;
use crate::engine::game::Game;

/// The deepest perft the plain driver counts. Shogi perft(8) of the start
/// position is 4.2e11 and perft(10) about 3e14; a u64 holds any count to
/// this depth (at most 593 moves a ply: 593^6 < 2^64).
pub const MAX_DEPTH: u32 = 6;

/// The leaves of the legal-move tree of `pos`, `depth` plies deep; the
/// last ply is counted without being played.
///
/// ```
/// use plybench::engine::shogi::{Position, perft};
///
/// assert_eq!(perft(&Position::start(), 2)?, 900);
/// # Ok::<(), plybench::engine::shogi::ShogiError>(())
/// ```
pub fn perft(pos: &Position, depth: u32) -> Result<u64, ShogiError> {
    if depth > MAX_DEPTH {
        return Err(ShogiError::Depth { depth, max: MAX_DEPTH });
    }
    let mut buffers: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(600)).collect();
    Ok(walk(pos, depth, &mut buffers))
}

/// Each legal move of `pos` beside the leaves below it, `depth` plies in
/// all; in the order of generation.
pub fn divide(pos: &Position, depth: u32) -> Result<Vec<(Move, u64)>, ShogiError> {
    if depth == 0 || depth > MAX_DEPTH {
        return Err(ShogiError::Depth { depth, max: MAX_DEPTH });
    }
    let mut buffers: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(600)).collect();
    let moves = pos.legal_moves();
    Ok(moves.into_iter().map(|mv| (mv, walk(&pos.play(mv), depth - 1, &mut buffers))).collect())
}

fn walk(pos: &Position, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal(),
        _ => {
            let (moves, rest) = buffers.split_first_mut().expect("a buffer per ply");
            pos.legal_moves_into(moves);
            moves.iter().map(|&mv| walk(&pos.play(mv), depth - 1, rest)).sum()
        }
    }
}

impl Game for Position {
    type Move = Move;

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.legal_moves_into(moves);
    }

    fn play(&self, mv: Move) -> Position {
        Position::play(self, mv)
    }

    fn key(&self) -> u64 {
        Position::key(self)
    }

    fn notation(&self, mv: Move) -> String {
        mv.usi()
    }

    fn count_leaves(&self, _moves: &mut Vec<Move>) -> u64 {
        self.count_legal()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_to_depth_three() {
        let start = Position::start();
        let counts: Vec<u64> = (0..=3).map(|d| perft(&start, d).unwrap()).collect();
        assert_eq!(counts, [1, 30, 900, 25470]);
        let divided = divide(&start, 2).unwrap();
        assert_eq!(divided.len(), 30);
        assert_eq!(divided.iter().map(|(_, n)| n).sum::<u64>(), 900);
        assert!(perft(&start, MAX_DEPTH + 1).is_err());
    }
}
