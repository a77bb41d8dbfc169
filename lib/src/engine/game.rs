/// A game position for the generic perft driver (`engine::game`).
pub trait Game: Clone + Send + Sync {
    /// A move, small and copyable. At a chance node (backgammon), a move is an outcome of the dice.
    type Move: Copy + Send + Sync + Eq + std::fmt::Debug;
    /// Clears `moves` and writes the legal moves of the position into it. A position with no
    /// legal move is a leaf of every deeper count. A game with a forced pass (Othello) returns
    /// the pass as a move.
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);
    /// The position after `mv`, which is one of `legal_moves`.
    fn play(&self, mv: Self::Move) -> Self;
    /// A 64-bit key of the position, side to move included (Zobrist), for the shared table.
    fn key(&self) -> u64;
    /// `mv` in the game's usual notation (for divide).
    fn notation(&self, mv: Self::Move) -> String;
    /// How many leaves one ply below: the number of legal moves, by default. Override to
    /// count faster (bulk counting), or for chance nodes, which weigh nothing.
    fn count_leaves(&self, moves: &mut Vec<Self::Move>) -> u64 { self.legal_moves(moves); moves.len() as u64 }
}
