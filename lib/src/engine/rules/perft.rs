//! Perft over a rule file, interpreted or compiled: one driver, generic
//! over [`Rules`], with per-ply move buffers (no allocation once they have
//! grown).
//!
//! The moves of a position are the MOVES algorithm's for the player to
//! move; under `ILLEGAL * ENEMY CAPTURES KING` a move is kept only if,
//! after it, no move of the opponent captures a friendly king. A position
//! is terminal if the RESULT algorithm, run for the player who just moved,
//! outputs VICTORY, DRAW or LOSS, or if there is no move.

use super::error::RulesError;
use super::interp::{Algo, Collect, Ended, Frame, Interpreter};
use super::state::{RuleMove, Square, State};

/// A generator of a described game's moves: the interpreter or the
/// compiled form.
pub trait Rules {
    /// The MOVES algorithm's moves for the player to move, appended to `out`
    /// (not yet filtered by `ILLEGAL`).
    fn moves(&mut self, state: &State, out: &mut Vec<RuleMove>) -> Result<(), RulesError>;
    /// Whether the RESULT algorithm, run for the player who just moved,
    /// outputs VICTORY, DRAW or LOSS.
    fn ended(&mut self, state: &State) -> Result<bool, RulesError>;
    /// Whether the player to move has a move capturing a piece of the
    /// other player on one of `squares`.
    fn captures(&mut self, state: &State, squares: &[Square]) -> Result<bool, RulesError>;
    /// The royal nature of `ILLEGAL * ENEMY CAPTURES …`, if any.
    fn royal(&self) -> Option<u8>;
}

/// The interpreter as a [`Rules`].
pub struct Interpreted<'p> {
    interp: Interpreter<'p>,
    frame: Frame,
}

impl<'p> Interpreted<'p> {
    /// Wraps an interpreter.
    pub fn new(interp: Interpreter<'p>) -> Self {
        let frame = interp.start(Algo::Moves, 1);
        Interpreted { interp, frame }
    }
}

impl Rules for Interpreted<'_> {
    fn moves(&mut self, state: &State, out: &mut Vec<RuleMove>) -> Result<(), RulesError> {
        let mut collect = Collect::new(out, self.interp.limits().moves);
        self.interp.run(Algo::Moves, state.player(), &mut self.frame, state, &mut collect)?;
        match collect.overflow() {
            Some(node) => Err(self.interp.too_many_moves(Algo::Moves, node.stmt)),
            None => Ok(()),
        }
    }

    fn ended(&mut self, state: &State) -> Result<bool, RulesError> {
        if self.interp.program().result.is_none() {
            return Ok(false);
        }
        let mut ended = Ended::default();
        self.interp.run(Algo::Result, 3 - state.player(), &mut self.frame, state, &mut ended)?;
        Ok(ended.0.is_some())
    }

    fn captures(&mut self, state: &State, squares: &[Square]) -> Result<bool, RulesError> {
        self.interp.captures(state, 3 - state.player(), squares, &mut self.frame)
    }

    fn royal(&self) -> Option<u8> {
        self.interp.royal()
    }
}

/// Per-ply buffers for perft.
#[derive(Default)]
pub struct Buffers {
    plies: Vec<Vec<RuleMove>>,
    kings: Vec<Square>,
}

/// The legal moves of `state` into `out` (cleared first). `state` is as
/// it was when this returns, error or not.
pub fn legal<R: Rules>(
    rules: &mut R,
    state: &mut State,
    out: &mut Vec<RuleMove>,
    kings: &mut Vec<Square>,
) -> Result<(), RulesError> {
    out.clear();
    rules.moves(state, out)?;
    let Some(royal) = rules.royal() else { return Ok(()) };
    let me = state.player();
    let mut i = 0;
    while i < out.len() {
        let undo = state.make(&out[i]);
        kings.clear();
        kings.extend(state.find(me, royal));
        let bad = if kings.is_empty() { Ok(false) } else { rules.captures(state, kings) };
        state.unmake(&undo);
        if bad? {
            out.swap_remove(i);
        } else {
            i += 1;
        }
    }
    Ok(())
}

/// What one walk of the tree counts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tree {
    /// `positions[d]`: the positions at ply `d` (perft of depth `d`); `positions[0]` is 1.
    pub positions: Vec<u128>,
    /// Terminal positions met within the depth: games that ended.
    pub ended: u128,
}

/// Perft: the positions at `depth` plies from `state` (0 plies: 1).
pub fn perft<R: Rules>(
    rules: &mut R,
    state: &mut State,
    depth: u32,
    buffers: &mut Buffers,
) -> Result<u128, RulesError> {
    if buffers.plies.len() < depth as usize + 1 {
        buffers.plies.resize_with(depth as usize + 1, Vec::new);
    }
    perft_at(rules, state, depth, 0, buffers)
}

fn perft_at<R: Rules>(
    rules: &mut R,
    state: &mut State,
    depth: u32,
    ply: usize,
    b: &mut Buffers,
) -> Result<u128, RulesError> {
    if depth == 0 {
        return Ok(1);
    }
    if rules.ended(state)? {
        return Ok(0);
    }
    let mut moves = std::mem::take(&mut b.plies[ply]);
    let got = legal(rules, state, &mut moves, &mut b.kings);
    if let Err(e) = got {
        b.plies[ply] = moves;
        return Err(e);
    }
    let mut total = moves.len() as u128;
    if depth > 1 {
        total = 0;
        for mv in &moves {
            let undo = state.make(mv);
            let n = perft_at(rules, state, depth - 1, ply + 1, b);
            state.unmake(&undo);
            match n {
                Ok(n) => total += n,
                Err(e) => {
                    b.plies[ply] = moves;
                    return Err(e);
                }
            }
        }
    }
    b.plies[ply] = moves;
    Ok(total)
}

/// Perft under each legal root move: (the move, its count at `depth - 1`).
pub fn divide<R: Rules>(rules: &mut R, state: &mut State, depth: u32) -> Result<Vec<(RuleMove, u128)>, RulesError> {
    let mut buffers = Buffers::default();
    let mut moves = Vec::new();
    if depth == 0 || rules.ended(state)? {
        return Ok(Vec::new());
    }
    legal(rules, state, &mut moves, &mut buffers.kings)?;
    let mut out = Vec::with_capacity(moves.len());
    for mv in moves {
        let undo = state.make(&mv);
        let n = perft(rules, state, depth - 1, &mut buffers);
        state.unmake(&undo);
        out.push((mv, n?));
    }
    Ok(out)
}

/// Walks the tree to `depth` plies: the positions at each ply, and the
/// terminal positions met (the games, when the depth reaches every end).
pub fn tree<R: Rules>(rules: &mut R, state: &mut State, depth: u32) -> Result<Tree, RulesError> {
    let mut count = Tree { positions: vec![0; depth as usize + 1], ended: 0 };
    let mut b = Buffers::default();
    b.plies.resize_with(depth as usize + 1, Vec::new);
    walk(rules, state, depth, 0, &mut b, &mut count)?;
    Ok(count)
}

fn walk<R: Rules>(
    rules: &mut R,
    state: &mut State,
    depth: u32,
    ply: usize,
    b: &mut Buffers,
    count: &mut Tree,
) -> Result<(), RulesError> {
    count.positions[ply] += 1;
    if rules.ended(state)? {
        count.ended += 1;
        return Ok(());
    }
    let mut moves = std::mem::take(&mut b.plies[ply]);
    let result = (|| {
        legal(rules, state, &mut moves, &mut b.kings)?;
        if moves.is_empty() {
            count.ended += 1;
            return Ok(());
        }
        if ply as u32 == depth {
            return Ok(());
        }
        for mv in &moves {
            let undo = state.make(mv);
            let r = walk(rules, state, depth, ply + 1, b, count);
            state.unmake(&undo);
            r?;
        }
        Ok(())
    })();
    b.plies[ply] = moves;
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rules::games;
    use crate::engine::rules::parse::parse;
    use crate::engine::tictactoe;

    #[test]
    fn tictactoe_games_and_perft_equal_the_hand_written_tree() {
        let game = games::find("tictactoe").unwrap();
        let program = parse(game.file, game.text).unwrap();
        let mut rules = Interpreted::new(Interpreter::new(&program).unwrap());
        let mut state = State::start(&program).unwrap();
        let counts = tree(&mut rules, &mut state, 9).unwrap();
        let minimax = tictactoe::TicSearch {
            order: tictactoe::TicOrder::Natural,
            seed: 0,
            killer: false,
            window: false,
            symmetry: false,
            minimax: true,
        };
        let hand = tictactoe::count(minimax);
        assert_eq!(counts.ended, u128::from(hand.leaves));
        assert_eq!(counts.positions[1..].iter().sum::<u128>(), u128::from(hand.nodes));
        let mut buffers = Buffers::default();
        for depth in 0..=4 {
            let n = perft(&mut rules, &mut state, depth, &mut buffers).unwrap();
            assert_eq!(n, u128::from(tictactoe::perft(depth)), "depth {depth}");
            assert_eq!(n, counts.positions[depth as usize]);
        }
        assert_eq!(Some(state.to_text(&program)), program.header.start.clone().map(|s| s.position));
    }

    #[test]
    fn a_won_position_is_terminal_and_a_full_board_has_no_move() {
        let game = games::find("tictactoe").unwrap();
        let program = parse(game.file, game.text).unwrap();
        let mut rules = Interpreted::new(Interpreter::new(&program).unwrap());
        let mut won = State::from_text(&program, "XXX/xx1/3 2").unwrap();
        assert_eq!(perft(&mut rules, &mut won, 1, &mut Buffers::default()).unwrap(), 0);
        let mut open = State::from_text(&program, "XX1/xx1/3 1").unwrap();
        assert_eq!(perft(&mut rules, &mut open, 1, &mut Buffers::default()).unwrap(), 5);
        // X completing the top row wins (terminal: no replies); after each of
        // the other four moves, x has four replies.
        assert_eq!(perft(&mut rules, &mut open, 2, &mut Buffers::default()).unwrap(), 4 * 4);
    }

    #[test]
    fn illegal_and_attacked_follow_the_royal_piece() {
        // A king and a rook-like rider on a 3x3 board: the king may not step
        // onto the rider's file; ATTACKED sees the same squares.
        let text = "BOARD * 3, 3.\nPIECE * KING, K. ROOK, R.\nINITIAL * EMPTY = 0. FRIEND = 1, 2. ENEMY = 2, 1.\n\
                    INITIAL * N = (0, 1). S = (0, -1). E = (1, 0). W = (-1, 0).\n\
                    ILLEGAL * ENEMY CAPTURES KING.\n\
                    ALGORITHM * MOVES.\nA. SCANNING * V. F.\n. IF * OCCUPY(V) = FRIEND. B, XA.\n\
                    B. CPTD GO TO * NATURE(V) = KING, K. ROOK, R.\n\
                    K. LOOP * T = V. N, S, E, W. XA.\n. CPTD GO TO * OCCUPY(T) = EMPTY, KE. FRIEND, XK. ENEMY, KC.\n\
                    KE. MOVE * TRAVEL, V, T.\n. GO TO * XK.\nKC. MOVE * CAPTURE, T. TRAVEL, V, T.\n. GO TO * XK.\n\
                    R. LOOP * T = V. N, S, E, W. XA.\n. CPTD GO TO * OCCUPY(T) = EMPTY, RE. FRIEND, XR. ENEMY, RC.\n\
                    RE. MOVE * TRAVEL, V, T.\n. GO TO * ZR.\nRC. MOVE * CAPTURE, T. TRAVEL, V, T.\n. GO TO * XR.\n\
                    F. FINISHED *\n. END.\n";
        let program = parse("k.rules", text).unwrap();
        let mut rules = Interpreted::new(Interpreter::new(&program).unwrap());
        // White king a1, black rook c3 (file c and rank 3 attacked): the king
        // may go to a2 and b1 only... b1 is safe, a2 is safe; 2 moves.
        let mut state = State::from_text(&program, "2r/3/K2 1").unwrap();
        assert_eq!(perft(&mut rules, &mut state, 1, &mut Buffers::default()).unwrap(), 2);
        // Rook on b3: b1 is attacked, a2 safe.
        let mut state = State::from_text(&program, "1r1/3/K2 1").unwrap();
        assert_eq!(perft(&mut rules, &mut state, 1, &mut Buffers::default()).unwrap(), 1);
    }
}
