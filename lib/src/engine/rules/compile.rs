//! The compiler, from a [`Program`] to a faster form that runs the same
//! moves: names become slots, labels become indices into a flat list of
//! operations (each `SCANNING` and `LOOP` entry an operation of its own),
//! and the algorithm is compiled once per player, so that a variable the
//! algorithm never assigns (`FRIEND`, `HP`, the natures) is a constant
//! folded into the code. Expressions are small trees over slots, evaluated
//! without lookups. The interpreter checks the rules (labels, names) at
//! [`Interpreter::new`](super::interp::Interpreter::new); [`Compiled::new`]
//! runs it first. Each operation charges its statement's cost against the
//! run's budget of steps ([`super::limits`]), as the interpreter does, so
//! both stop at the same statement.

use std::collections::HashMap;

use super::ast::{
    Algorithm, Entry, Expr, Function, Init, Name, Outcome, Program, Relation, Step, StmtKind, SubMove, Target, Value,
};
use super::error::{Location, RulesError};
use super::frame::Algo;
use super::interp::{Interpreter, NOT_STARTED, Op as Arith, ZERO_STEP, apply, arith, compare, negate, show, step_by};
use super::limits::{Fuel, Limits, costs, place};
use super::perft::Rules;
use super::state::{MAX_SUBS, RuleMove, Square, State, Sub, check_move};
use super::view::{Placed, View};

/// A compiled expression.
#[derive(Clone, Debug)]
pub(super) enum CExpr {
    Const(Value),
    Var(usize),
    LoopW(usize),
    LoopY(usize),
    Indic(u8, u8),
    Pair(Box<CExpr>, Box<CExpr>),
    Neg(Box<CExpr>),
    Bin(Arith, Box<CExpr>, Box<CExpr>),
    Occupy(Box<CExpr>),
    Nature(Box<CExpr>),
    Abscissa(Box<CExpr>),
    Ordinate(Box<CExpr>),
    Attacked(Box<CExpr>),
    Index(usize, Box<CExpr>, Box<CExpr>),
}

/// A compiled increment of a LOOP.
#[derive(Clone, Debug)]
pub(super) enum CStep {
    Var(CExpr),
    Row(usize, CExpr),
}

/// A compiled sub-move.
#[derive(Clone, Debug)]
pub(super) enum CSub {
    Travel(CExpr, CExpr),
    Capture(CExpr),
    Put(CExpr, CExpr),
    Promotion(CExpr, CExpr),
    Indic(u8, CExpr, Option<CExpr>, bool),
    Held(usize),
}

/// One operation; `usize` targets index the operations.
#[derive(Clone, Debug)]
pub(super) enum Op {
    Assign(usize, CExpr),
    AssignX(usize, CExpr),
    AssignY(usize, CExpr),
    Jump(usize),
    Switch(CExpr, Vec<(CExpr, usize)>),
    If(CExpr, Relation, CExpr, usize, usize),
    Halt,
    ScanStart { var: usize, state: usize, out: usize, then: usize },
    ScanNext { var: usize, state: usize, out: usize, then: usize },
    LoopStart { var: usize, origin: usize, steps: Vec<CStep>, state: usize, out: usize, then: usize },
    LoopNext { var: usize, origin: usize, steps: Vec<CStep>, state: usize, out: usize, then: usize },
    LoopFurther { var: usize, origin: usize, steps: Vec<CStep>, state: usize, out: usize, then: usize },
    Result(Outcome),
    Move(Vec<CSub>),
    Build(usize, Option<usize>, Vec<CSub>),
}

/// One algorithm compiled for one player.
#[derive(Clone, Debug, Default)]
pub(super) struct Code {
    pub(super) ops: Vec<Op>,
    /// The statement of each operation, for messages.
    pub(super) stmt: Vec<usize>,
    /// What each operation costs: its statement's cost.
    pub(super) cost: Vec<u64>,
    /// Initial values of the variables that are not constants.
    pub(super) inits: Vec<(usize, Value)>,
}

/// A rule file compiled: each algorithm for each player.
#[derive(Clone, Debug)]
pub struct Compiled<'p> {
    pub(super) program: &'p Program,
    pub(super) moves: [Code; 2],
    pub(super) result: Option<[Code; 2]>,
    pub(super) vars: usize,
    pub(super) loops: usize,
    pub(super) move_vars: usize,
    pub(super) tables: Vec<HashMap<i64, Vec<Value>>>,
    pub(super) royal: Option<u8>,
    /// Each variable slot's name, for messages.
    var_names: Vec<Name>,
    limits: Limits,
    /// The steps left to the run under way (and to the runs it nests).
    fuel: Fuel,
    /// Reused run state.
    scratch: Machine,
}

/// The state of a run: variables, loops, move variables.
#[derive(Clone, Debug, Default)]
struct Machine {
    vars: Vec<Option<Value>>,
    loops: Vec<(usize, i64)>,
    moves: Vec<RuleMove>,
    /// The statement the last run halted at.
    halted: usize,
}

/// What a run does with its output.
trait Sink {
    fn emit(&mut self, mv: &RuleMove) -> bool;
    fn result(&mut self, outcome: Outcome) -> bool;
}

/// Collects at most `left` moves; `full` says one more was output.
struct CollectSink<'b> {
    out: &'b mut Vec<RuleMove>,
    left: usize,
    full: bool,
}
impl Sink for CollectSink<'_> {
    fn emit(&mut self, mv: &RuleMove) -> bool {
        if self.left == 0 {
            self.full = true;
            return false;
        }
        self.left -= 1;
        self.out.push(*mv);
        true
    }
    fn result(&mut self, _: Outcome) -> bool {
        true
    }
}

struct EndedSink(bool);
impl Sink for EndedSink {
    fn emit(&mut self, _: &RuleMove) -> bool {
        true
    }
    fn result(&mut self, outcome: Outcome) -> bool {
        self.0 = outcome != Outcome::NoVictory;
        !self.0
    }
}

struct CaptureSink<'s>(&'s [Square], bool);
impl Sink for CaptureSink<'_> {
    fn emit(&mut self, mv: &RuleMove) -> bool {
        self.1 = mv.subs().iter().any(|s| matches!(s, Sub::Capture(c) if self.0.contains(c)));
        !self.1
    }
    fn result(&mut self, _: Outcome) -> bool {
        true
    }
}

/// Names to slots while compiling.
struct Names<'a> {
    program: &'a Program,
    slots: HashMap<Name, usize>,
    move_vars: HashMap<Name, usize>,
    tables: HashMap<Name, usize>,
    loops: usize,
}

impl Names<'_> {
    fn slot(&mut self, name: &Name) -> usize {
        let n = self.slots.len();
        *self.slots.entry(name.clone()).or_insert(n)
    }
    fn move_var(&mut self, name: &Name) -> usize {
        let n = self.move_vars.len();
        *self.move_vars.entry(name.clone()).or_insert(n)
    }
}

impl<'p> Compiled<'p> {
    /// Compiles `program` (after the interpreter's checks), with the
    /// default [`Limits`].
    pub fn new(program: &'p Program) -> Result<Self, RulesError> {
        Self::with_limits(program, Limits::default())
    }

    /// Compiles `program` (after the interpreter's checks), every run kept
    /// to `limits`.
    pub fn with_limits(program: &'p Program, limits: Limits) -> Result<Self, RulesError> {
        let interp = Interpreter::with_limits(program, limits)?;
        let mut names = Names {
            program,
            slots: HashMap::new(),
            move_vars: HashMap::new(),
            tables: program.header.tables.iter().enumerate().map(|(i, t)| (t.name.clone(), i)).collect(),
            loops: 0,
        };
        let moves = [compile(&program.moves, 1, &mut names), compile(&program.moves, 2, &mut names)];
        let result = program.result.as_ref().map(|r| [compile(r, 1, &mut names), compile(r, 2, &mut names)]);
        let tables = program.header.tables.iter().map(|t| t.rows.iter().cloned().collect()).collect();
        let mut var_names = vec![String::new(); names.slots.len()];
        for (name, &slot) in &names.slots {
            var_names[slot] = name.clone();
        }
        let mut compiled = Compiled {
            program,
            moves,
            result,
            vars: names.slots.len(),
            loops: names.loops,
            move_vars: names.move_vars.len(),
            tables,
            royal: interp.royal(),
            var_names,
            limits,
            fuel: Fuel::new(limits.steps),
            scratch: Machine::default(),
        };
        compiled.scratch = compiled.machine();
        Ok(compiled)
    }

    fn machine(&self) -> Machine {
        Machine {
            vars: vec![None; self.vars],
            loops: vec![(0, 0); self.loops],
            moves: vec![RuleMove::new(); self.move_vars],
            halted: 0,
        }
    }

    fn location(&self, algo: &Algorithm, stmt: usize) -> Location {
        let s = &algo.stmts[stmt];
        Location { file: self.program.file.clone(), line: s.line, statement: s.text.clone() }
    }

    /// Runs `code` for `player` on `view`, sending the output to `sink`.
    fn run<V: View, S: Sink, N: Nest>(
        &self,
        moves: bool,
        player: u8,
        m: &mut Machine,
        view: &V,
        sink: &mut S,
    ) -> Result<(), RulesError> {
        let p = usize::from(player == 2);
        let (code, algo) = if moves {
            (&self.moves[p], &self.program.moves)
        } else {
            match (&self.result, &self.program.result) {
                (Some(r), Some(a)) => (&r[p], a),
                _ => return Ok(()),
            }
        };
        m.vars.iter_mut().for_each(|v| *v = None);
        // Each run starts with no loop begun, as the interpreter's frame.
        m.loops.iter_mut().for_each(|l| *l = (0, 0));
        for &(slot, v) in &code.inits {
            m.vars[slot] = Some(v);
        }
        let mut pc = 0;
        loop {
            let (Some(op), Some(&cost)) = (code.ops.get(pc), code.cost.get(pc)) else { return Ok(()) };
            self.fuel.burn(cost, || {
                let stmt = code.stmt[pc];
                RulesError::Steps {
                    at: Box::new(self.location(algo, stmt)),
                    what: format!("the {} algorithm", if moves { Algo::Moves } else { Algo::Result }.name()),
                    place: place(algo, stmt),
                    steps: self.limits.steps,
                }
            })?;
            match self.exec::<V, S, N>(op, pc, player, m, view, sink) {
                Ok(Some(next)) => pc = next,
                Ok(None) => {
                    m.halted = code.stmt[pc];
                    return Ok(());
                }
                Err(why) => {
                    if let Some(error) = self.fuel.take_exhausted() {
                        return Err(error);
                    }
                    return Err(RulesError::Run { at: self.location(algo, code.stmt[pc]), why });
                }
            }
        }
    }

    #[inline]
    fn exec<V: View, S: Sink, N: Nest>(
        &self,
        op: &Op,
        pc: usize,
        player: u8,
        m: &mut Machine,
        view: &V,
        sink: &mut S,
    ) -> Result<Option<usize>, String> {
        let next = pc + 1;
        Ok(Some(match op {
            Op::Assign(s, e) => {
                m.vars[*s] = Some(self.eval::<V, N>(e, player, m, view)?);
                next
            }
            Op::AssignX(s, e) | Op::AssignY(s, e) => {
                let Value::Int(k) = self.eval::<V, N>(e, player, m, view)? else {
                    return Err("a pair's element takes an integer".into());
                };
                let Some(Value::Pair(x, y)) = m.vars[*s] else { return Err("not a pair (a square) here".into()) };
                m.vars[*s] = Some(if matches!(op, Op::AssignX(..)) { Value::Pair(k, y) } else { Value::Pair(x, k) });
                next
            }
            Op::Jump(t) => *t,
            Op::Switch(e, cases) => {
                let v = self.eval::<V, N>(e, player, m, view)?;
                let mut to = None;
                for (c, t) in cases {
                    if self.eval::<V, N>(c, player, m, view)? == v {
                        to = Some(*t);
                        break;
                    }
                }
                to.ok_or_else(|| format!("the value {} matches none of the cases; add a case for it", show(v)))?
            }
            Op::If(a, r, b, t, f) => {
                let x = self.eval::<V, N>(a, player, m, view)?;
                let y = self.eval::<V, N>(b, player, m, view)?;
                if compare(x, *r, y)? { *t } else { *f }
            }
            Op::Halt => return Ok(None),
            Op::ScanNext { state, .. } | Op::LoopNext { state, .. } | Op::LoopFurther { state, .. }
                if m.loops[*state].1 == 0 =>
            {
                return Err(NOT_STARTED.into());
            }
            Op::ScanStart { var, state, out, then } | Op::ScanNext { var, state, out, then } => {
                let index = if matches!(op, Op::ScanStart { .. }) { 0 } else { m.loops[*state].0 + 1 };
                let w = view.width() as usize;
                if index >= w * view.height() as usize {
                    *out
                } else {
                    m.loops[*state] = (index, 1);
                    m.vars[*var] = Some(Value::Pair((index % w) as i64 + 1, (index / w) as i64 + 1));
                    *then
                }
            }
            Op::LoopStart { var, origin, steps, state, out, then }
            | Op::LoopNext { var, origin, steps, state, out, then }
            | Op::LoopFurther { var, origin, steps, state, out, then } => {
                let mut j = match op {
                    Op::LoopStart { .. } => 0,
                    Op::LoopNext { .. } => m.loops[*state].0 + 1,
                    _ => {
                        let j = m.loops[*state].0;
                        if let Some((dx, dy)) = self.increment(steps, j, player, m, view)? {
                            let Some(Value::Pair(x, y)) = m.vars[*var] else {
                                return Err("the loop's variable is not a pair (a square) here".into());
                            };
                            let (nx, ny) = step_by((x, y), (dx, dy));
                            if on_board(view, nx, ny) {
                                m.vars[*var] = Some(Value::Pair(nx, ny));
                                m.loops[*state].1 += 1;
                                return Ok(Some(*then));
                            }
                        }
                        j + 1
                    }
                };
                loop {
                    let Some((dx, dy)) = self.increment(steps, j, player, m, view)? else { break *out };
                    let Some(Value::Pair(x, y)) = m.vars[*origin] else {
                        return Err("the loop's origin is not a pair (a square) here".into());
                    };
                    let (nx, ny) = step_by((x, y), (dx, dy));
                    if on_board(view, nx, ny) {
                        m.loops[*state] = (j, 1);
                        m.vars[*var] = Some(Value::Pair(nx, ny));
                        break *then;
                    }
                    j += 1;
                }
            }
            Op::Result(o) => {
                if !sink.result(*o) {
                    return Ok(None);
                }
                next
            }
            Op::Move(subs) => {
                let mut mv = RuleMove::new();
                self.build(&mut mv, subs, player, m, view)?;
                check_move(view, player, &mv).map_err(|why| format!("{why} (with this move: {mv})"))?;
                if !sink.emit(&mv) {
                    return Ok(None);
                }
                next
            }
            Op::Build(q, r, subs) => {
                let mut mv = r.map_or_else(RuleMove::new, |r| m.moves[r]);
                self.build(&mut mv, subs, player, m, view)?;
                m.moves[*q] = mv;
                next
            }
        }))
    }

    fn increment<V: View>(
        &self,
        steps: &[CStep],
        mut j: usize,
        player: u8,
        m: &Machine,
        view: &V,
    ) -> Result<Option<(i64, i64)>, String> {
        for step in steps {
            match step {
                CStep::Var(e) => {
                    if j == 0 {
                        return match self.eval::<V, Inner>(e, player, m, view)? {
                            Value::Pair(0, 0) => Err(format!("the increment is (0, 0): {ZERO_STEP}")),
                            Value::Pair(x, y) => Ok(Some((x, y))),
                            v => Err(format!("the increment is {}, not a pair", show(v))),
                        };
                    }
                    j -= 1;
                }
                CStep::Row(t, e) => {
                    let Value::Int(r) = self.eval::<V, Inner>(e, player, m, view)? else {
                        return Err("a table's row is an integer".into());
                    };
                    let values = self.tables[*t].get(&r).map_or(&[][..], |v| v.as_slice());
                    if j < values.len() {
                        return match values[j] {
                            Value::Pair(0, 0) => Err(format!("the increment is (0, 0): {ZERO_STEP}")),
                            Value::Pair(x, y) => Ok(Some((x, y))),
                            v => Err(format!("the increment is {}, not a pair", show(v))),
                        };
                    }
                    j -= values.len();
                }
            }
        }
        Ok(None)
    }

    fn build<V: View>(
        &self,
        mv: &mut RuleMove,
        subs: &[CSub],
        player: u8,
        m: &Machine,
        view: &V,
    ) -> Result<(), String> {
        let sq = |e: &CExpr| -> Result<Square, String> {
            match self.eval::<V, Inner>(e, player, m, view)? {
                Value::Pair(x, y) if on_board(view, x, y) => Ok(Square::new(x as i8, y as i8)),
                v => Err(format!("{} is not a square of the board", show(v))),
            }
        };
        let int = |e: &CExpr| -> Result<i64, String> {
            match self.eval::<V, Inner>(e, player, m, view)? {
                Value::Int(v) => Ok(v),
                v => Err(format!("{} is not an integer", show(v))),
            }
        };
        let nature =
            |n: i64| u8::try_from(n).ok().filter(|&n| n > 0).ok_or_else(|| format!("{n} is not a piece nature"));
        let full = || format!("the move holds more than {MAX_SUBS} sub-moves");
        for sub in subs {
            let resolved = match sub {
                CSub::Travel(a, b) => Sub::Travel(sq(a)?, sq(b)?),
                CSub::Capture(a) => Sub::Capture(sq(a)?),
                CSub::Put(n, a) => Sub::Put(nature(int(n)?)?, sq(a)?),
                CSub::Promotion(n, a) => Sub::Promotion(nature(int(n)?)?, sq(a)?),
                CSub::Indic(id, v, q, per_player) => {
                    let value = int(v)?;
                    let who = match (per_player, q) {
                        (false, _) => 0,
                        (true, None) => player,
                        (true, Some(q)) => match int(q)? {
                            p @ (1 | 2) => p as u8,
                            p => return Err(format!("INDIC's player is {p}, not 1 or 2")),
                        },
                    };
                    Sub::Indic { id: *id, player: who, value }
                }
                CSub::Held(q) => {
                    for &s in m.moves[*q].subs() {
                        if !mv.push(s) {
                            return Err(full());
                        }
                    }
                    continue;
                }
            };
            if !mv.push(resolved) {
                return Err(full());
            }
        }
        Ok(())
    }

    fn eval<V: View, N: Nest>(&self, e: &CExpr, player: u8, m: &Machine, view: &V) -> Result<Value, String> {
        Ok(match e {
            CExpr::Const(v) => *v,
            CExpr::Var(s) => m.vars[*s].ok_or_else(|| format!("{} is read before it is set", self.var_names[*s]))?,
            CExpr::LoopW(s) => Value::Int(m.loops[*s].0 as i64 + 1),
            CExpr::LoopY(s) => Value::Int(m.loops[*s].1),
            CExpr::Indic(id, p) => Value::Int(view.indic(*id, *p)),
            CExpr::Pair(a, b) => match (self.eval::<V, N>(a, player, m, view)?, self.eval::<V, N>(b, player, m, view)?)
            {
                (Value::Int(x), Value::Int(y)) => Value::Pair(x, y),
                (x, y) => return Err(format!("a pair holds two integers, not {} and {}", show(x), show(y))),
            },
            CExpr::Neg(a) => negate(self.eval::<V, N>(a, player, m, view)?)?,
            CExpr::Bin(k, a, b) => {
                let x = self.eval::<V, N>(a, player, m, view)?;
                let y = self.eval::<V, N>(b, player, m, view)?;
                apply(*k, x, y)?
            }
            CExpr::Abscissa(a) | CExpr::Ordinate(a) => match self.eval::<V, N>(a, player, m, view)? {
                Value::Pair(x, y) => Value::Int(if matches!(e, CExpr::Abscissa(_)) { x } else { y }),
                v => return Err(format!("ABSCISSA/ORDINATE({}): the argument must be a pair", show(v))),
            },
            CExpr::Occupy(a) | CExpr::Nature(a) | CExpr::Attacked(a) => {
                let (x, y) = match self.eval::<V, N>(a, player, m, view)? {
                    Value::Pair(x, y) => (x, y),
                    v => return Err(format!("{}: the argument must be a pair (a square)", show(v))),
                };
                if !on_board(view, x, y) {
                    return Err(format!(
                        "({x}, {y}): the square is off the board (test it with a LOOP, which skips such squares)"
                    ));
                }
                let s = Square::new(x as i8, y as i8);
                match e {
                    CExpr::Occupy(_) => Value::Int(i64::from(view.occupy(s))),
                    CExpr::Nature(_) => Value::Int(i64::from(view.nature(s))),
                    _ => Value::Int(i64::from(N::attacked(self, view, player, s)?)),
                }
            }
            CExpr::Index(t, r, k) => {
                let (Value::Int(r), Value::Int(k)) =
                    (self.eval::<V, N>(r, player, m, view)?, self.eval::<V, N>(k, player, m, view)?)
                else {
                    return Err("a table's subscripts are integers".into());
                };
                let values = self.tables[*t].get(&r).ok_or_else(|| format!("the table has no row {r}"))?;
                *values
                    .get(k.checked_sub(1).and_then(|k| usize::try_from(k).ok()).unwrap_or(usize::MAX))
                    .ok_or_else(|| format!("no value {k} in row {r}"))?
            }
        })
    }

    fn attacked<V: View>(&self, view: &V, player: u8, square: Square) -> Result<bool, String> {
        let Some(royal) = self.royal else {
            return Err("ATTACKED needs `ILLEGAL * ENEMY CAPTURES KING.` in the header (the royal piece)".into());
        };
        let overlay = Placed { base: view, square, owner: player, nature: royal };
        let mut m = self.machine();
        let mut sink = CaptureSink(&[square], false);
        // Nested: ATTACKED reads 0 inside (as in the interpreter), and the
        // code for views of views is never instantiated.
        self.run_nested(&overlay, 3 - player, &mut m, &mut sink).map_err(|e| format!("in ATTACKED: {e}"))?;
        Ok(sink.1)
    }

    fn run_nested<V: View>(
        &self,
        view: &V,
        player: u8,
        m: &mut Machine,
        sink: &mut CaptureSink<'_>,
    ) -> Result<(), RulesError> {
        self.run::<V, CaptureSink<'_>, Inner>(true, player, m, view, sink)
    }
}

/// Whether `ATTACKED` runs the opponent's moves (a run asked for) or reads
/// 0 (inside the run answering it): a type, so that the nested run's code
/// does not nest again.
trait Nest {
    fn attacked<V: View>(c: &Compiled<'_>, view: &V, player: u8, square: Square) -> Result<bool, String>;
}

struct Outer;
struct Inner;

impl Nest for Outer {
    fn attacked<V: View>(c: &Compiled<'_>, view: &V, player: u8, square: Square) -> Result<bool, String> {
        c.attacked(view, player, square)
    }
}

impl Nest for Inner {
    fn attacked<V: View>(_: &Compiled<'_>, _: &V, _: u8, _: Square) -> Result<bool, String> {
        Ok(false)
    }
}

fn on_board<V: View>(view: &V, x: i64, y: i64) -> bool {
    x >= 1 && y >= 1 && x <= view.width() && y <= view.height()
}

impl Compiled<'_> {
    /// A run asked for starts with the whole budget.
    fn refuel(&self) {
        self.fuel.refuel();
    }

    /// The limits every run keeps to.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// The steps the last run asked for took (with the runs it nested).
    pub fn steps_taken(&self) -> u64 {
        self.fuel.taken()
    }
}

impl Rules for Compiled<'_> {
    fn moves(&mut self, state: &State, out: &mut Vec<RuleMove>) -> Result<(), RulesError> {
        self.refuel();
        let mut m = std::mem::take(&mut self.scratch);
        let mut sink = CollectSink { out, left: self.limits.moves, full: false };
        let r = self.run::<State, _, Outer>(true, state.player(), &mut m, state, &mut sink);
        self.scratch = m;
        r?;
        if sink.full {
            let (algo, stmt) = (&self.program.moves, self.scratch.halted);
            return Err(RulesError::Moves {
                at: Box::new(self.location(algo, stmt)),
                algorithm: Algo::Moves.name(),
                place: place(algo, stmt),
                moves: self.limits.moves,
            });
        }
        Ok(())
    }

    fn ended(&mut self, state: &State) -> Result<bool, RulesError> {
        self.refuel();
        let mut m = std::mem::take(&mut self.scratch);
        let mut sink = EndedSink(false);
        let r = self.run::<State, _, Outer>(false, 3 - state.player(), &mut m, state, &mut sink);
        self.scratch = m;
        r.map(|()| sink.0)
    }

    fn captures(&mut self, state: &State, squares: &[Square]) -> Result<bool, RulesError> {
        self.refuel();
        let mut m = std::mem::take(&mut self.scratch);
        let mut sink = CaptureSink(squares, false);
        let r = self.run::<State, _, Inner>(true, state.player(), &mut m, state, &mut sink);
        self.scratch = m;
        r.map(|()| sink.1)
    }

    fn royal(&self) -> Option<u8> {
        self.royal
    }
}

/// Compiles one algorithm for `player`.
fn compile(algo: &Algorithm, player: u8, names: &mut Names<'_>) -> Code {
    let program = names.program;
    // Variables the algorithm assigns are not constants.
    let mut assigned: Vec<&Name> = Vec::new();
    for s in &algo.stmts {
        match &s.kind {
            StmtKind::Arithmetic(Target::Var(n) | Target::Abscissa(n) | Target::Ordinate(n), _)
            | StmtKind::Scanning(n, _) => assigned.push(n),
            StmtKind::Loop(v1, ..) => assigned.push(v1),
            _ => {}
        }
    }
    let mut consts: HashMap<Name, Value> = HashMap::new();
    for (i, p) in program.header.pieces.iter().enumerate() {
        consts.insert(p.name.clone(), Value::Int(i as i64 + 1));
    }
    let mut inits = Vec::new();
    for d in &program.header.variables {
        let v = match d.init {
            Init::One(v) => v,
            Init::PerPlayer(a, b) => {
                if player == 2 {
                    b
                } else {
                    a
                }
            }
        };
        if assigned.contains(&&d.name) {
            inits.push((names.slot(&d.name), v));
        } else {
            consts.insert(d.name.clone(), v);
        }
    }
    // Entry points: statement → op index; X and Z entries get their own.
    let mut index: HashMap<(usize, Entry), usize> = HashMap::new();
    let mut n = 0;
    for (i, s) in algo.stmts.iter().enumerate() {
        index.insert((i, Entry::Main), n);
        n += 1;
        match s.kind {
            StmtKind::Scanning(..) => {
                index.insert((i, Entry::X), n);
                n += 1;
            }
            StmtKind::Loop(..) => {
                index.insert((i, Entry::X), n);
                index.insert((i, Entry::Z), n + 1);
                n += 2;
            }
            _ => {}
        }
    }
    let mut labels: HashMap<Name, usize> = HashMap::new();
    let mut loop_vars: HashMap<Name, CExpr> = HashMap::new();
    let mut states: HashMap<usize, usize> = HashMap::new();
    for (i, s) in algo.stmts.iter().enumerate() {
        if matches!(s.kind, StmtKind::Scanning(..) | StmtKind::Loop(..)) {
            states.insert(i, names.loops);
            names.loops += 1;
        }
    }
    for (i, s) in algo.stmts.iter().enumerate() {
        if let Some(l) = &s.label {
            labels.insert(l.clone(), index[&(i, Entry::Main)]);
        }
    }
    for (i, s) in algo.stmts.iter().enumerate() {
        let Some(l) = &s.label else { continue };
        if matches!(s.kind, StmtKind::Scanning(..) | StmtKind::Loop(..)) {
            labels.entry(format!("X{l}")).or_insert(index[&(i, Entry::X)]);
        }
        if matches!(s.kind, StmtKind::Loop(..)) {
            labels.entry(format!("Z{l}")).or_insert(index[&(i, Entry::Z)]);
            loop_vars.insert(format!("W{l}"), CExpr::LoopW(states[&i]));
            loop_vars.insert(format!("Y{l}"), CExpr::LoopY(states[&i]));
        }
    }
    let mut cx = Cx { names, consts, loop_vars, player };
    let stmt_costs = costs(algo);
    let mut code = Code { ops: Vec::with_capacity(n), stmt: Vec::with_capacity(n), cost: Vec::with_capacity(n), inits };
    let next_of = |i: usize| index.get(&(i + 1, Entry::Main)).copied().unwrap_or(usize::MAX);
    for (i, s) in algo.stmts.iter().enumerate() {
        let then = next_of(i);
        let mut push = |op: Op| {
            code.ops.push(op);
            code.stmt.push(i);
            code.cost.push(stmt_costs[i]);
        };
        match &s.kind {
            StmtKind::Arithmetic(t, e) => {
                let e = cx.expr(e);
                push(match t {
                    Target::Var(v) => Op::Assign(cx.names.slot(v), e),
                    Target::Abscissa(v) => Op::AssignX(cx.names.slot(v), e),
                    Target::Ordinate(v) => Op::AssignY(cx.names.slot(v), e),
                });
            }
            StmtKind::GoTo(l) => push(Op::Jump(labels[l])),
            StmtKind::ComputedGoTo(e, cases) => {
                let e = cx.expr(e);
                let cases = cases.iter().map(|(v, l)| (cx.expr(v), labels[l])).collect();
                push(Op::Switch(e, cases));
            }
            StmtKind::If(a, r, b, l1, l2) => {
                let (a, b) = (cx.expr(a), cx.expr(b));
                push(Op::If(a, *r, b, labels[l1], labels[l2]));
            }
            StmtKind::End | StmtKind::Finished => push(Op::Halt),
            StmtKind::Scanning(v, out) => {
                let (var, state, out) = (cx.names.slot(v), states[&i], labels[out]);
                push(Op::ScanStart { var, state, out, then });
                push(Op::ScanNext { var, state, out, then });
            }
            StmtKind::Loop(v1, v2, steps, out) => {
                let (var, origin, state, out) = (cx.names.slot(v1), cx.names.slot(v2), states[&i], labels[out]);
                let steps: Vec<CStep> = steps
                    .iter()
                    .map(|s| match s {
                        Step::Var(n) => CStep::Var(cx.expr(&Expr::Var(n.clone()))),
                        Step::Row(t, e) => CStep::Row(cx.names.tables[t], cx.expr(e)),
                    })
                    .collect();
                // The origin may be a constant (never assigned): give it a slot
                // loaded at the start.
                if let Some(v) = cx.consts.get(v2) {
                    code.inits.push((origin, *v));
                }
                push(Op::LoopStart { var, origin, steps: steps.clone(), state, out, then });
                push(Op::LoopNext { var, origin, steps: steps.clone(), state, out, then });
                push(Op::LoopFurther { var, origin, steps, state, out, then });
            }
            StmtKind::Result(o) => push(Op::Result(*o)),
            StmtKind::Move(subs) => {
                let subs = cx.subs(subs);
                push(Op::Move(subs));
            }
            StmtKind::Build(q, r, subs) => {
                let (q, r) = (cx.names.move_var(q), r.as_ref().map(|r| cx.names.move_var(r)));
                let subs = cx.subs(subs);
                push(Op::Build(q, r, subs));
            }
        }
    }
    code
}

/// The compiling context of one algorithm for one player.
struct Cx<'n, 'a> {
    names: &'n mut Names<'a>,
    consts: HashMap<Name, Value>,
    loop_vars: HashMap<Name, CExpr>,
    player: u8,
}

impl Cx<'_, '_> {
    fn expr(&mut self, e: &Expr) -> CExpr {
        let b = |e: CExpr| Box::new(e);
        match e {
            Expr::Int(v) => CExpr::Const(Value::Int(*v)),
            Expr::Var(n) => {
                if let Some(l) = self.loop_vars.get(n) {
                    return l.clone();
                }
                if let Some(v) = self.consts.get(n) {
                    return CExpr::Const(*v);
                }
                if let Some(id) = self.names.program.header.indics.iter().position(|d| &d.name == n) {
                    let per_player = self.names.program.header.indics[id].per_player;
                    return CExpr::Indic(id as u8, if per_player { self.player } else { 0 });
                }
                CExpr::Var(self.names.slot(n))
            }
            Expr::Pair(x, y) => {
                let (x, y) = (self.expr(x), self.expr(y));
                match (&x, &y) {
                    (CExpr::Const(Value::Int(a)), CExpr::Const(Value::Int(c))) => CExpr::Const(Value::Pair(*a, *c)),
                    _ => CExpr::Pair(b(x), b(y)),
                }
            }
            Expr::Neg(x) => CExpr::Neg(b(self.expr(x))),
            Expr::Add(x, y) | Expr::Sub(x, y) | Expr::Mul(x, y) => {
                let (cx, cy) = (self.expr(x), self.expr(y));
                if let (CExpr::Const(a), CExpr::Const(c)) = (&cx, &cy)
                    && let Ok(v) = arith(e, *a, *c)
                {
                    return CExpr::Const(v);
                }
                CExpr::Bin(Arith::of(e), b(cx), b(cy))
            }
            Expr::Call(f, x) => {
                let x = b(self.expr(x));
                match f {
                    Function::Occupy => CExpr::Occupy(x),
                    Function::Nature => CExpr::Nature(x),
                    Function::Abscissa => CExpr::Abscissa(x),
                    Function::Ordinate => CExpr::Ordinate(x),
                    Function::Attacked => CExpr::Attacked(x),
                }
            }
            Expr::Index(t, r, k) => {
                let t = self.names.tables[t];
                CExpr::Index(t, b(self.expr(r)), b(self.expr(k)))
            }
        }
    }

    fn subs(&mut self, subs: &[SubMove]) -> Vec<CSub> {
        subs.iter()
            .map(|s| match s {
                SubMove::Travel(a, c) => CSub::Travel(self.expr(a), self.expr(c)),
                SubMove::Capture(a) => CSub::Capture(self.expr(a)),
                SubMove::Put(n, a) => CSub::Put(self.expr(n), self.expr(a)),
                SubMove::Promotion(n, a) => CSub::Promotion(self.expr(n), self.expr(a)),
                SubMove::Indic(m, v, q) => {
                    let header = &self.names.program.header;
                    let id = header.indics.iter().position(|d| &d.name == m).unwrap_or(0);
                    let per_player = header.indics.get(id).is_some_and(|d| d.per_player);
                    CSub::Indic(id as u8, self.expr(v), q.as_ref().map(|q| self.expr(q)), per_player)
                }
                SubMove::Held(q) => CSub::Held(self.names.move_var(q)),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rng::SplitMix;
    use crate::engine::rules::games::SHIPPED;
    use crate::engine::rules::interp::Interpreter;
    use crate::engine::rules::parse::parse;
    use crate::engine::rules::perft::{Buffers, Interpreted, legal, perft};

    /// Random playouts of every shipped game (seeded): at each position the
    /// compiled form gives the interpreter's moves, in the same order, and
    /// the same end.
    #[test]
    fn compiled_moves_equal_interpreted_moves_on_random_playouts() {
        let mut rng = SplitMix::new(15);
        for game in SHIPPED {
            let program = parse(game.file, game.text).unwrap();
            let mut interp = Interpreted::new(Interpreter::new(&program).unwrap());
            let mut compiled = Compiled::new(&program).unwrap();
            let mut checked = 0;
            for _ in 0..20 {
                let mut state = State::start(&program).unwrap();
                let (mut a, mut b, mut kings) = (Vec::new(), Vec::new(), Vec::new());
                for _ in 0..40 {
                    legal(&mut interp, &mut state, &mut a, &mut kings).unwrap();
                    legal(&mut compiled, &mut state, &mut b, &mut kings).unwrap();
                    assert_eq!(a, b, "{} at {}", game.name, state.to_text(&program));
                    let ended = interp.ended(&state).unwrap();
                    assert_eq!(ended, compiled.ended(&state).unwrap(), "{}", state.to_text(&program));
                    checked += 1;
                    if ended || a.is_empty() {
                        break;
                    }
                    let mv = a[rng.below(a.len())];
                    state.make(&mv);
                }
            }
            assert!(checked > 20, "{}", game.name);
        }
    }

    #[test]
    fn compiled_tictactoe_perft_equals_the_hand_written_one() {
        let game = crate::engine::rules::games::find("tictactoe").unwrap();
        let program = parse(game.file, game.text).unwrap();
        let mut compiled = Compiled::new(&program).unwrap();
        let mut state = State::start(&program).unwrap();
        for depth in 0..=5 {
            let n = perft(&mut compiled, &mut state, depth, &mut Buffers::default()).unwrap();
            assert_eq!(n, u128::from(crate::engine::tictactoe::perft(depth)));
        }
    }
}

/// The default step budget against what the shipped games take: the most
/// steps one move generation or result evaluation takes along random games
/// of every shipped rule file, a hundredth of the budget at most.
#[cfg(test)]
mod budget {
    use super::Compiled;
    use crate::engine::rng::SplitMix;
    use crate::engine::rules::games::SHIPPED;
    use crate::engine::rules::limits::Limits;
    use crate::engine::rules::parse::parse;
    use crate::engine::rules::perft::{Rules, legal};
    use crate::engine::rules::state::State;

    #[test]
    fn limits_cover_every_shipped_game() {
        let mut rng = SplitMix::new(3);
        for game in SHIPPED {
            let program = parse(game.file, game.text).unwrap();
            let mut c = Compiled::new(&program).unwrap();
            let (mut most_moves, mut most_end) = (0, 0);
            for _ in 0..20 {
                let mut state = State::start(&program).unwrap();
                let (mut list, mut kings) = (Vec::new(), Vec::new());
                for _ in 0..200 {
                    let ended = c.ended(&state).unwrap();
                    most_end = most_end.max(c.steps_taken());
                    list.clear();
                    c.moves(&state, &mut list).unwrap();
                    most_moves = most_moves.max(c.steps_taken());
                    legal(&mut c, &mut state, &mut list, &mut kings).unwrap();
                    if ended || list.is_empty() {
                        break;
                    }
                    let mv = list[rng.below(list.len())];
                    state.make(&mv);
                }
            }
            assert!(most_moves > 0, "{}: no step counted", game.name);
            let most = most_moves.max(most_end);
            assert!(most * 100 <= Limits::DEFAULT_STEPS, "{}: {most} steps in one run", game.name);
        }
    }
}
