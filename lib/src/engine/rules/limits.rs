//! What one run of a rule file may spend: a rule file is a program, so a
//! `GO TO` that loops, a `LOOP` whose step is (0, 0) or a `MOVE` inside a
//! loop would otherwise run for ever or fill the memory.
//!
//! - **Steps.** Each run of an algorithm (one move generation, one `RESULT`
//!   evaluation, one legality check under `ILLEGAL`) has a budget of
//!   [`Limits::steps`]. A statement costs one step plus one per operation
//!   of its expressions and sub-moves ([`cost`], fixed when the rules are
//!   prepared), so that the budget bounds the time whatever the size of the
//!   statements. The run that answers `ATTACKED` spends from the budget of
//!   the run that asked. Past the budget the run stops with
//!   [`RulesError::Steps`], which names the
//!   algorithm, the label and the line.
//! - **Moves.** One run outputs at most [`Limits::moves`] moves; perft sets
//!   it from the memory limit and the depth ([`Limits::for_perft`]), so
//!   that every ply's list fits.
//! - **Memory.** The analysis of conditions and modifications holds at most
//!   [`Limits::memory`] bytes of findings and of runs waiting to resume.
//!
//! The interpreter and the compiled form charge the same costs at the same
//! statements, so both stop at the same place.

use super::ast::{Algorithm, Expr, Step, StmtKind, SubMove};
use super::error::RulesError;
use super::moves::RuleMove;
use std::cell::{Cell, RefCell};

use crate::engine::memory::MemoryLimit;

/// What one run of a rule file may spend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Steps one run of an algorithm may take (see the module's documentation).
    pub steps: u64,
    /// Moves one run may output.
    pub moves: usize,
    /// Bytes an analysis of conditions may hold.
    pub memory: u64,
}

impl Limits {
    /// The default budget of steps: a hundred times what the most expensive
    /// run of a shipped game takes (a draughts king's capture search, in
    /// `limits_cover_every_shipped_game` in compile.rs), and a second or less of a
    /// loop that never ends.
    pub const DEFAULT_STEPS: u64 = 1_000_000;

    /// The largest budget of steps accepted: a run of a trillion steps
    /// already takes hours.
    pub const MAX_STEPS: u64 = 1_000_000_000_000;

    /// The default number of moves one run may output: more than any game
    /// on a board of 26 × 26 needs in one position unless it lists every
    /// pair of squares.
    pub const DEFAULT_MOVES: usize = 1 << 16;

    /// The default limits, with `memory` bytes for an analysis.
    pub fn with_memory(memory: u64) -> Limits {
        Limits { steps: Self::DEFAULT_STEPS, moves: Self::DEFAULT_MOVES, memory }
    }

    /// The limits of a perft to `depth` plies within `memory` bytes: every
    /// ply keeps a list of moves, each of which may grow to twice its
    /// length when it reallocates, so one run may output
    /// `memory / ((depth + 1) · 2 · size_of::<RuleMove>())` moves.
    ///
    /// ```
    /// use plybench::engine::rules::limits::Limits;
    ///
    /// let limits = Limits::for_perft(1 << 30, 9, 1_000_000);
    /// assert!(limits.moves > 50_000 && limits.steps == 1_000_000);
    /// ```
    pub fn for_perft(memory: u64, depth: u32, steps: u64) -> Limits {
        let per_move = 2 * std::mem::size_of::<RuleMove>() as u64;
        let lists = u64::from(depth) + 1;
        let moves = (memory / lists / per_move).clamp(1, u64::from(u32::MAX));
        Limits { steps, moves: usize::try_from(moves).unwrap_or(usize::MAX), memory }
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::with_memory(MemoryLimit::default().bytes())
    }
}

/// What running one statement costs: one step, plus one per value,
/// variable, operation and function call of its expressions (every case of
/// a `CPTD GO TO`, every sub-move of a `MOVE`), plus one per increment of
/// a `LOOP`.
pub fn cost(kind: &StmtKind) -> u64 {
    let mut exprs: Vec<&Expr> = Vec::new();
    let mut extra = 0u64;
    let mut subs: &[SubMove] = &[];
    match kind {
        StmtKind::Arithmetic(_, e) => exprs.push(e),
        StmtKind::ComputedGoTo(e, cases) => {
            exprs.push(e);
            exprs.extend(cases.iter().map(|(v, _)| v));
        }
        StmtKind::If(a, _, b, _, _) => exprs.extend([a, b]),
        StmtKind::Loop(_, _, steps, _) => {
            for step in steps {
                extra += 1;
                if let Step::Row(_, e) = step {
                    exprs.push(e);
                }
            }
        }
        StmtKind::Move(s) | StmtKind::Build(_, _, s) => subs = s,
        StmtKind::GoTo(_) | StmtKind::End | StmtKind::Finished | StmtKind::Scanning(..) | StmtKind::Result(_) => {}
    }
    for sub in subs {
        extra += 1;
        match sub {
            SubMove::Travel(a, b) | SubMove::Put(a, b) | SubMove::Promotion(a, b) => exprs.extend([a, b]),
            SubMove::Capture(a) => exprs.push(a),
            SubMove::Indic(_, v, q) => {
                exprs.push(v);
                exprs.extend(q);
            }
            SubMove::Held(_) => {}
        }
    }
    // The expressions' nodes, without recursion.
    let mut nodes = 0u64;
    while let Some(e) = exprs.pop() {
        nodes += 1;
        match e {
            Expr::Var(_) | Expr::Int(_) => {}
            Expr::Pair(a, b) | Expr::Add(a, b) | Expr::Sub(a, b) | Expr::Mul(a, b) | Expr::Index(_, a, b) => {
                exprs.extend([&**a, &**b]);
            }
            Expr::Call(_, a) | Expr::Neg(a) => exprs.push(a),
        }
    }
    1 + extra + nodes
}

/// The cost of every statement of `algorithm`, in order.
pub fn costs(algorithm: &Algorithm) -> Vec<u64> {
    algorithm.stmts.iter().map(|s| cost(&s.kind)).collect()
}

/// Where statement `stmt` of `algorithm` stands, in words: `at label A`,
/// `after label A` (the nearest label before it), or `before any label`.
pub fn place(algorithm: &Algorithm, stmt: usize) -> String {
    if let Some(label) = algorithm.stmts.get(stmt).and_then(|s| s.label.as_ref()) {
        return format!("at label {}", super::error::excerpt(label));
    }
    match algorithm.stmts[..stmt.min(algorithm.stmts.len())].iter().rev().find_map(|s| s.label.as_ref()) {
        Some(label) => format!("after label {}", super::error::excerpt(label)),
        None => "before any label".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rules::parse::parse;

    #[test]
    fn a_statement_costs_one_step_and_one_per_operation() {
        let text = "BOARD * 3, 3.\nPIECE * MAN, X.\nINITIAL * V = (1, 1). E = (1, 0).\nALGORITHM * MOVES.\n\
                    A. ARITHMETIC * N = 1 + 2 * 3.\n. GO TO * B.\nB. IF * OCCUPY(V) = 0. C, C.\n\
                    C. MOVE * PUT, MAN, V + E.\n. END.\n";
        let program = parse("c.rules", text).unwrap();
        // 1 + (1 + 2 * 3): five nodes; GO TO nothing; OCCUPY(V) = 0: three;
        // PUT, MAN, V + E: one sub-move and four nodes.
        assert_eq!(costs(&program.moves), [6, 1, 4, 6, 1]);
        assert_eq!(place(&program.moves, 1), "after label A");
        assert_eq!(place(&program.moves, 2), "at label B");
    }

    #[test]
    fn perft_limits_fit_every_ply_in_the_memory() {
        let limits = Limits::for_perft(1 << 30, 63, 10);
        let held = limits.moves as u64 * 64 * 2 * std::mem::size_of::<RuleMove>() as u64;
        assert!(held <= 1 << 30, "{held}");
        assert_eq!(Limits::for_perft(1, 5, 10).moves, 1);
    }
}

/// The steps left to a run asked for (and to the runs it nests), out of
/// [`Limits::steps`], with the error of the run that ran out, kept for the
/// run that asked: a nested run (`ATTACKED`) reports failure in words, so
/// the outer run takes the typed error from here.
#[derive(Clone, Debug)]
pub struct Fuel {
    steps: u64,
    left: Cell<u64>,
    exhausted: RefCell<Option<RulesError>>,
}

impl Fuel {
    /// A full tank of `steps`.
    pub fn new(steps: u64) -> Fuel {
        Fuel { steps, left: Cell::new(steps), exhausted: RefCell::new(None) }
    }

    /// A run asked for starts with the whole budget and no error kept.
    pub fn refuel(&self) {
        self.left.set(self.steps);
        self.exhausted.borrow_mut().take();
    }

    /// Spends `cost` steps, or keeps and returns the error `error` builds
    /// when fewer are left.
    ///
    /// # Errors
    ///
    /// [`RulesError::Steps`] (as `error` builds it) once the budget is spent.
    #[inline]
    pub fn burn(&self, cost: u64, error: impl FnOnce() -> RulesError) -> Result<(), RulesError> {
        match self.left.get().checked_sub(cost) {
            Some(left) => {
                self.left.set(left);
                Ok(())
            }
            None => {
                let error = error();
                *self.exhausted.borrow_mut() = Some(error.clone());
                Err(error)
            }
        }
    }

    /// The error of the run that ran out, if one did since the last refuel.
    pub fn take_exhausted(&self) -> Option<RulesError> {
        self.exhausted.borrow_mut().take()
    }

    /// The steps the last run asked for took, with the runs it nested.
    pub fn taken(&self) -> u64 {
        self.steps - self.left.get()
    }
}
