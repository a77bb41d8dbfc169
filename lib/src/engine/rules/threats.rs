//! The search for a win by immediate threats (Pitrat 1971, "The search for
//! a win with immediate threats", pp. 143-148), for games with a `RESULT`
//! algorithm (tic-tac-toe and its moving-men variant, go-moku).
//!
//! An immediate threat is a couple Q-R of the player's moves: if he could
//! play again after Q, R would win. After Q the opponent either wins at
//! once (the couple is eliminated: Fig. 12) or must destroy R; his replies
//! are the moves after which the player has no winning move.
//!
//! Pitrat generates R among "the moves which could exist if there were
//! some modifications" and Q among the moves that make R legal (his second
//! method). plybench keeps his first method, which he also describes ("for
//! each friendly move Q, we generate all the friendly moves R created by Q
//! ... we play Q, then R and we examine if we have won"), with his second
//! as a filter where the moves are many: on a board where the player has
//! more than [`ALL_MOVES`] moves, Q is looked for only among the moves that
//! change a square of a win needing at most two modifications (found by
//! [`Analysis`] on the `RESULT` algorithm), R among those that change a
//! square of a win one modification away after Q, and the opponent's
//! answers among those that change a square of a win of his one
//! modification away, or of a condition of a win of ours. The opponent's replies are found
//! by playing his moves (where they are few, every one: which finds every
//! move that destroys a condition of R, Pitrat's enumeration, and no
//! other).

use super::ast::{Outcome, Program};
use super::conditions::{Analysis, Change, Options, Output};
use super::error::RulesError;
use super::interp::{Algo, Interpreter};
use super::limits::Limits;
use super::state::{RuleMove, Square, State};
use super::view::{Fact, Observer};

/// Up to this many moves, every move is tried as Q.
pub const ALL_MOVES: usize = 64;

/// One immediate threat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Threat {
    /// The threatening move.
    pub q: RuleMove,
    /// The winning move it prepares.
    pub r: RuleMove,
    /// An opponent's move that wins at once after Q: the couple is
    /// eliminated.
    pub refuted_by: Option<RuleMove>,
    /// The opponent's replies after Q that leave the player no winning move
    /// (none: Q wins).
    pub replies: Vec<RuleMove>,
}

/// Collects the moves (at most `limit`) and results of one run.
struct Collect {
    moves: Vec<RuleMove>,
    victory: bool,
    limit: usize,
    overflow: Option<super::ast::Node>,
}

impl Collect {
    fn new(limit: usize) -> Self {
        Collect { moves: Vec::new(), victory: false, limit, overflow: None }
    }
}

impl Observer for Collect {
    fn enter(&mut self, _: super::ast::Node, _: &super::frame::Frame) -> super::view::Flow {
        if self.overflow.is_some() { super::view::Flow::Stop } else { super::view::Flow::Continue }
    }
    fn emit(&mut self, node: super::ast::Node, mv: &RuleMove) {
        if self.moves.len() >= self.limit {
            self.overflow = Some(node);
        } else {
            self.moves.push(*mv);
        }
    }
    fn result(&mut self, _node: super::ast::Node, outcome: Outcome) {
        if outcome == Outcome::Victory {
            self.victory = true;
        }
    }
}

/// Whether `mv`, played by `player` on `state`, changes one of `squares`.
fn touches(state: &State, player: u8, mv: &RuleMove, squares: &[Square]) -> bool {
    super::conditions::changes(state, player, mv).iter().any(|c| match *c {
        Change::Occupy(s, _) | Change::Nature(s, _) => squares.contains(&s),
        Change::Indic(..) => false,
    })
}

/// The threats search of one rule file.
pub struct Threats<'p> {
    program: &'p Program,
    interp: Interpreter<'p>,
}

impl<'p> Threats<'p> {
    /// Prepares `program`, which must have a `RESULT` algorithm, with the
    /// default [`Limits`].
    pub fn new(program: &'p Program) -> Result<Self, RulesError> {
        Self::with_limits(program, Limits::default())
    }

    /// Prepares `program` with `limits` on every run and analysis.
    pub fn with_limits(program: &'p Program, limits: Limits) -> Result<Self, RulesError> {
        Analysis::new(program, Algo::Result)?;
        Ok(Threats { program, interp: Interpreter::with_limits(program, limits)? })
    }

    /// Runs `algo` for `player` on `state`, collecting its moves and whether it said VICTORY.
    fn collect(&self, algo: Algo, state: &State, player: u8) -> Result<Collect, RulesError> {
        let mut c = Collect::new(self.interp.limits().moves);
        self.interp.resume(self.interp.start(algo, player), state, &mut c)?;
        match c.overflow {
            Some(node) => Err(self.interp.too_many_moves(algo, node.stmt)),
            None => Ok(c),
        }
    }

    /// The moves of `player` on `state` (the rules' moves; extension 2 is
    /// not applied: the games searched here have none).
    pub fn moves(&self, state: &State, player: u8) -> Result<Vec<RuleMove>, RulesError> {
        Ok(self.collect(Algo::Moves, state, player)?.moves)
    }

    /// Whether the `RESULT` algorithm says `player` has won on `state`.
    pub fn won(&self, state: &State, player: u8) -> Result<bool, RulesError> {
        Ok(self.collect(Algo::Result, state, player)?.victory)
    }

    /// `state` after `player` plays `mv` (whoever was to move).
    pub fn after(state: &State, player: u8, mv: &RuleMove) -> State {
        let mut next = state.clone();
        next.set_player(player);
        next.make(mv);
        next
    }

    /// The first winning move of `player` on `state` (whoever is to move
    /// there: a move not played is Pitrat's way to ask what a move
    /// threatens).
    pub fn winning(&self, state: &State, player: u8) -> Result<Option<RuleMove>, RulesError> {
        for mv in self.moves(state, player)? {
            if self.won(&Self::after(state, player, &mv), player)? {
                return Ok(Some(mv));
            }
        }
        Ok(None)
    }

    /// The squares of the wins that need at most `modifications`
    /// modifications: of their conditions not fulfilled, or (`all`) of
    /// every condition.
    fn hot_squares(
        &self,
        state: &State,
        player: u8,
        modifications: usize,
        all: bool,
    ) -> Result<Vec<Square>, RulesError> {
        let analysis = Analysis::new(self.program, Algo::Result)?;
        let options = Options { modifications, memory: self.interp.limits().memory, ..Options::default() };
        let report = analysis.run(&self.interp, state, player, options)?;
        let mut squares = Vec::new();
        for f in &report.findings {
            if f.output != Output::Result(Outcome::Victory) {
                continue;
            }
            if f.modifications() > modifications {
                continue;
            }
            for c in f.conditions.iter().filter(|c| all || !c.fulfilled) {
                if let Fact::Occupy(s, _) | Fact::Nature(s, _) = c.fact
                    && !squares.contains(&s)
                {
                    squares.push(s);
                }
            }
        }
        Ok(squares)
    }

    /// Every immediate threat of `player` on `state`, with the opponent's
    /// answers. A move that wins at once is not a threat and is left out.
    pub fn search(&self, state: &State, player: u8) -> Result<Vec<Threat>, RulesError> {
        let opponent = 3 - player;
        let mut qs = self.moves(state, player)?;
        let many = qs.len() > ALL_MOVES;
        if many {
            let hot = self.hot_squares(state, player, 2, false)?;
            qs.retain(|q| touches(state, player, q, &hot));
        }
        let mut threats = Vec::new();
        for q in qs {
            let after_q = Self::after(state, player, &q);
            if self.won(&after_q, player)? {
                continue;
            }
            let mut rs = Vec::new();
            let mut candidates = self.moves(&after_q, player)?;
            if many {
                // R must change a square a win one modification away needs.
                let hot = self.hot_squares(&after_q, player, 1, false)?;
                candidates.retain(|r| touches(&after_q, player, r, &hot));
            }
            for r in candidates {
                if self.won(&Self::after(&after_q, player, &r), player)? {
                    rs.push(r);
                }
            }
            if rs.is_empty() {
                continue;
            }
            // The opponent's answers to Q: the same for every R of this Q.
            // Where his moves are many, only those that change a square of
            // a condition of a win one move away can destroy it (Pitrat's
            // enumeration); the others are still tried for a win of his own.
            let mut ts = self.moves(&after_q, opponent)?;
            if many {
                // A move that wins for him, or that destroys a condition of
                // a win of ours, changes one of these squares.
                let mut hot = self.hot_squares(&after_q, opponent, 1, false)?;
                hot.extend(self.hot_squares(&after_q, player, 1, true)?);
                ts.retain(|t| touches(&after_q, opponent, t, &hot));
            }
            let mut refuted_by = None;
            let mut replies = Vec::new();
            for t in ts {
                let after_t = Self::after(&after_q, opponent, &t);
                if self.won(&after_t, opponent)? {
                    refuted_by = Some(t);
                    break;
                }
                if self.winning(&after_t, player)?.is_none() {
                    replies.push(t);
                }
            }
            for r in rs {
                threats.push(Threat { q, r, refuted_by, replies: replies.clone() });
            }
        }
        Ok(threats)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rules::conditions::Words;
    use crate::engine::rules::games::find;
    use crate::engine::rules::parse::parse;

    fn program(name: &str) -> Program {
        let g = find(name).unwrap();
        parse(g.file, g.text).unwrap()
    }

    /// Each threat as `Q / R / refuted by`, in the paper's words.
    fn threats(program: &Program, position: &str) -> Vec<String> {
        let state = State::from_text(program, position).unwrap();
        let words = Words { header: &program.header, player: 1 };
        let w = |m: &RuleMove| words.output(&Output::Move(*m));
        Threats::new(program)
            .unwrap()
            .search(&state, 1)
            .unwrap()
            .iter()
            .map(|t| format!("{} / {} / {}", w(&t.q), w(&t.r), t.refuted_by.as_ref().map_or("-".into(), w)))
            .collect()
    }

    #[test]
    fn figures_9_to_12_tic_tac_toe_with_moving_men() {
        let p = program("tictactoe-moving");
        let fig9 = threats(&p, "X1X/xxX/2x 1");
        assert!(fig9.contains(&"TRAVEL, (3, 3), (2, 3). / TRAVEL, (3, 2), (3, 3). / -".to_owned()), "{fig9:?}");
        let fig10 = threats(&p, "XX1/xx1/1xX 1");
        assert!(fig10.contains(&"TRAVEL, (3, 1), (3, 2). / TRAVEL, (3, 2), (3, 3). / -".to_owned()), "{fig10:?}");
        let fig11 = threats(&p, "X2/xXX/x1x 1");
        assert!(fig11.contains(&"TRAVEL, (2, 2), (2, 3). / TRAVEL, (3, 2), (3, 3). / -".to_owned()), "{fig11:?}");
        assert!(fig11.contains(&"TRAVEL, (3, 2), (3, 3). / TRAVEL, (2, 2), (2, 3). / -".to_owned()), "{fig11:?}");
        let fig12 = threats(&p, "X2/xXX/1xx 1");
        assert!(
            fig12.contains(&"TRAVEL, (2, 2), (2, 3). / TRAVEL, (3, 2), (3, 3). / TRAVEL, (1, 2), (1, 1).".to_owned()),
            "{fig12:?}"
        );
    }

    #[test]
    #[ignore = "about 6 s: the RESULT analyses on a 15x15 board"]
    fn go_moku_three_in_a_row_and_two_empty_squares() {
        let p = program("gomoku");
        // Friendly men on (6, 1), (6, 2), (6, 3); (6, 4) and (6, 5) empty.
        let row = "15/15/15/15/15/15/15/15/15/15/15/15/5X9/5X9/5X9 1";
        let found = threats(&p, row);
        assert!(found.contains(&"PUT, MAN, (6, 4). / PUT, MAN, (6, 5). / -".to_owned()), "{found:?}");
        assert!(found.contains(&"PUT, MAN, (6, 5). / PUT, MAN, (6, 4). / -".to_owned()), "{found:?}");
    }
}
