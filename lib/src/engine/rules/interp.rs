//! The interpreter, which walks the statements as parsed: labels and
//! variables are looked up by name (in maps built once at [`Interpreter::new`])
//! every time a statement runs.
//!
//! The signatures below are the contract the analysis of conditions
//! (`flow`, `conditions`) builds on.
//!
//! Every run has a budget of steps ([`super::limits`]): each statement
//! charges its [`cost`](super::limits::cost) before it runs, and a run past
//! the budget fails with [`RulesError::Steps`]. Arithmetic is checked: a
//! value past 64 bits is a run-time error, never a wrapped number.
//!
//! Decisions the paper leaves open (see `docs/rules.md` §1): `SCANNING`
//! takes the squares abscissa first, row by row from (1, 1); reaching
//! `END` ends the run as `FINISHED` does; inside the run that answers
//! `ATTACKED` (or the legality of a move under `ILLEGAL`), `ATTACKED` reads
//! 0 — it guards castling, which captures nothing.

use std::collections::HashMap;

use super::ast::{
    Algorithm, Connection, Entry, Expr, Function, Name, Node, Outcome, Program, Relation, Step, StmtKind, SubMove,
    Target, Value,
};
use super::error::{Location, RulesError};
pub use super::frame::{Algo, Frame};
use super::limits::{Fuel, Limits, costs, place};
use super::state::{RuleMove, Square, Sub, check_move};
use super::view::{Fact, Flow, Observer, Placed, Unobserved, View};

/// What a name stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot {
    /// A piece nature: its number.
    Nature(i64),
    /// A variable.
    Var(usize),
    /// An indicatif.
    Indic(u8),
    /// `w‖L` of the LOOP statement.
    LoopW(usize),
    /// `y‖L` of the LOOP statement.
    LoopY(usize),
}

/// One algorithm's labels and loop names.
#[derive(Debug, Default)]
struct Linked {
    /// Label (and `X…`, `Z…` entries) to node.
    labels: HashMap<Name, Node>,
    /// `W…` and `Y…` names of the LOOP statements.
    loop_vars: HashMap<Name, Slot>,
    /// What each statement costs (see [`super::limits::cost`]).
    costs: Vec<u64>,
}

/// The interpreter of one rule file.
#[derive(Debug)]
pub struct Interpreter<'p> {
    program: &'p Program,
    names: HashMap<Name, Slot>,
    var_count: usize,
    /// Initial values: slot, first player's, second player's.
    inits: Vec<(usize, Value, Value)>,
    tables: HashMap<Name, HashMap<i64, Vec<Value>>>,
    move_vars: HashMap<Name, usize>,
    moves: Linked,
    result: Linked,
    royal: Option<u8>,
    limits: Limits,
    /// The steps left to the run under way (and to the runs it nests).
    fuel: Fuel,
}

fn at(program: &Program, algo: &Algorithm, stmt: usize) -> Location {
    let s = &algo.stmts[stmt];
    Location { file: program.file.clone(), line: s.line, statement: s.text.clone() }
}

impl<'p> Interpreter<'p> {
    /// Prepares `program` for running (checks labels and names), with the
    /// default [`Limits`].
    pub fn new(program: &'p Program) -> Result<Self, RulesError> {
        Self::with_limits(program, Limits::default())
    }

    /// Prepares `program` for running with `limits` on every run: checks
    /// labels and names, refuses a name read that nothing sets, and `GO TO`
    /// statements that only go to each other.
    pub fn with_limits(program: &'p Program, limits: Limits) -> Result<Self, RulesError> {
        let header = &program.header;
        let mut names = HashMap::new();
        for (i, piece) in header.pieces.iter().enumerate() {
            names.insert(piece.name.clone(), Slot::Nature(i as i64 + 1));
        }
        for (i, indic) in header.indics.iter().enumerate() {
            names.insert(indic.name.clone(), Slot::Indic(i as u8));
        }
        let mut var_count = 0;
        let mut inits = Vec::new();
        for decl in &header.variables {
            let slot = var_count;
            var_count += 1;
            names.insert(decl.name.clone(), Slot::Var(slot));
            let (a, b) = match decl.init {
                super::ast::Init::One(v) => (v, v),
                super::ast::Init::PerPlayer(a, b) => (a, b),
            };
            inits.push((slot, a, b));
        }
        let tables = header
            .tables
            .iter()
            .map(|t| (t.name.clone(), t.rows.iter().cloned().collect::<HashMap<_, _>>()))
            .collect::<HashMap<_, _>>();
        let royal = header.connections.iter().find_map(|c| match c {
            Connection::RoyalCapture(name) => header.pieces.iter().position(|p| &p.name == name).map(|i| i as u8 + 1),
        });
        let mut interp = Interpreter {
            program,
            names,
            var_count,
            inits,
            tables,
            move_vars: HashMap::new(),
            moves: Linked::default(),
            result: Linked::default(),
            royal,
            limits,
            fuel: Fuel::new(limits.steps),
        };
        interp.moves = interp.link(&program.moves)?;
        if let Some(result) = &program.result {
            interp.result = interp.link(result)?;
        }
        Ok(interp)
    }

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

    /// Where statement `stmt` of `algo` stands in the rule file.
    pub fn location(&self, algo: Algo, stmt: usize) -> Location {
        at(self.program, self.algorithm(algo).0, stmt)
    }

    /// The error of a run of `algo` that output more moves than
    /// [`Limits::moves`] at statement `stmt`.
    pub fn too_many_moves(&self, algo: Algo, stmt: usize) -> RulesError {
        let algorithm = self.algorithm(algo).0;
        RulesError::Moves {
            at: Box::new(at(self.program, algorithm, stmt)),
            algorithm: algo.name(),
            place: place(algorithm, stmt),
            moves: self.limits.moves,
        }
    }

    /// Builds an algorithm's label map and gives every name written in it a slot.
    fn link(&mut self, algo: &Algorithm) -> Result<Linked, RulesError> {
        let mut linked = Linked { costs: costs(algo), ..Linked::default() };
        super::flow::check_goto_cycles(algo, &self.program.file)?;
        let error = |stmt: usize, why: String| RulesError::Parse { at: at(self.program, algo, stmt), why };
        for (i, stmt) in algo.stmts.iter().enumerate() {
            let Some(label) = &stmt.label else { continue };
            if linked.labels.insert(label.clone(), Node { stmt: i, entry: Entry::Main }).is_some() {
                return Err(error(i, format!("label {label} is used twice; give each statement its own label")));
            }
        }
        for (i, stmt) in algo.stmts.iter().enumerate() {
            let Some(label) = &stmt.label else { continue };
            match &stmt.kind {
                StmtKind::Scanning(..) => {
                    linked.labels.entry(format!("X{label}")).or_insert(Node { stmt: i, entry: Entry::X });
                }
                StmtKind::Loop(..) => {
                    linked.labels.entry(format!("X{label}")).or_insert(Node { stmt: i, entry: Entry::X });
                    linked.labels.entry(format!("Z{label}")).or_insert(Node { stmt: i, entry: Entry::Z });
                    linked.loop_vars.insert(format!("W{label}"), Slot::LoopW(i));
                    linked.loop_vars.insert(format!("Y{label}"), Slot::LoopY(i));
                }
                _ => {}
            }
        }
        // Every label used must exist; every variable gets a slot.
        for (i, stmt) in algo.stmts.iter().enumerate() {
            let mut used: Vec<&Name> = Vec::new();
            let mut exprs: Vec<&Expr> = Vec::new();
            let mut assigned: Vec<&Name> = Vec::new();
            let mut subs: Vec<&SubMove> = Vec::new();
            match &stmt.kind {
                StmtKind::Arithmetic(t, e) => {
                    assigned.push(match t {
                        Target::Var(n) | Target::Abscissa(n) | Target::Ordinate(n) => n,
                    });
                    exprs.push(e);
                }
                StmtKind::GoTo(l) => used.push(l),
                StmtKind::ComputedGoTo(e, cases) => {
                    exprs.push(e);
                    for (v, l) in cases {
                        exprs.push(v);
                        used.push(l);
                    }
                }
                StmtKind::If(a, _, b, l1, l2) => {
                    exprs.extend([a, b]);
                    used.extend([l1, l2]);
                }
                StmtKind::Scanning(v, l) => {
                    assigned.push(v);
                    used.push(l);
                }
                StmtKind::Loop(v1, v2, steps, l) => {
                    assigned.push(v1);
                    assigned.push(v2);
                    used.push(l);
                    for step in steps {
                        match step {
                            Step::Var(n) => assigned.push(n),
                            Step::Row(t, e) => {
                                if !self.tables.contains_key(t) {
                                    return Err(error(i, format!("{t} is not a table; declare it with TABLE")));
                                }
                                exprs.push(e);
                            }
                        }
                    }
                }
                StmtKind::Move(s) => subs.extend(s),
                StmtKind::Build(q, r, s) => {
                    let n = self.move_vars.len();
                    self.move_vars.entry(q.clone()).or_insert(n);
                    if let Some(r) = r {
                        let n = self.move_vars.len();
                        self.move_vars.entry(r.clone()).or_insert(n);
                    }
                    subs.extend(s);
                }
                StmtKind::End | StmtKind::Finished | StmtKind::Result(_) => {}
            }
            for sub in subs {
                match sub {
                    SubMove::Travel(a, b) | SubMove::Put(a, b) | SubMove::Promotion(a, b) => exprs.extend([a, b]),
                    SubMove::Capture(a) => exprs.push(a),
                    SubMove::Indic(m, v, q) => {
                        if !matches!(self.names.get(m), Some(Slot::Indic(_))) {
                            return Err(error(i, format!("{m} is not an indicatif; declare it with INDICATIF")));
                        }
                        exprs.push(v);
                        exprs.extend(q);
                    }
                    SubMove::Held(q) => {
                        if !self.move_vars.contains_key(q)
                            && !algo.stmts.iter().any(|s| matches!(&s.kind, StmtKind::Build(b, ..) if b == q))
                        {
                            return Err(error(
                                i,
                                format!(
                                    "{q} is not a sub-move (TRAVEL, CAPTURE, PUT, PROMOTION, INDIC) nor a move variable built with BUILD"
                                ),
                            ));
                        }
                        let n = self.move_vars.len();
                        self.move_vars.entry(q.clone()).or_insert(n);
                    }
                }
            }
            for l in used {
                if !linked.labels.contains_key(l) {
                    return Err(error(i, format!("label {l} is not defined in this algorithm")));
                }
            }
            for name in assigned {
                if matches!(self.names.get(name), Some(Slot::Nature(_) | Slot::Indic(_))) {
                    return Err(error(i, format!("{name} is a piece or an indicatif; it cannot be assigned")));
                }
                self.var(name);
            }
            let mut stack = exprs;
            while let Some(e) = stack.pop() {
                match e {
                    Expr::Var(n) => {
                        if !linked.loop_vars.contains_key(n) {
                            self.var(n);
                        }
                    }
                    Expr::Int(_) => {}
                    Expr::Pair(a, b) | Expr::Add(a, b) | Expr::Sub(a, b) | Expr::Mul(a, b) => {
                        stack.extend([&**a, &**b])
                    }
                    Expr::Call(_, a) | Expr::Neg(a) => stack.push(a),
                    Expr::Index(t, a, b) => {
                        if !self.tables.contains_key(t) {
                            return Err(error(i, format!("{t} is not a table; declare it with TABLE")));
                        }
                        stack.extend([&**a, &**b]);
                    }
                }
            }
        }
        if !matches!(algo.stmts.last().map(|s| &s.kind), Some(StmtKind::End)) {
            return Err(error(algo.stmts.len().saturating_sub(1), "an algorithm ends with `. END.`".into()));
        }
        self.check_reads(algo, &linked)?;
        Ok(linked)
    }

    /// Refuses a name that a statement reads and nothing sets: not a piece,
    /// a variable with an initial value, an indicatif or a loop's `w‖L` /
    /// `y‖L`, and assigned by no statement of the algorithm (each run
    /// starts from the initial values alone). Most often a piece or a
    /// variable misspelled, which would otherwise fail at run time as a
    /// variable read before it is set.
    fn check_reads(&self, algo: &Algorithm, linked: &Linked) -> Result<(), RulesError> {
        let header = &self.program.header;
        let mut set: std::collections::HashSet<&str> = std::collections::HashSet::new();
        set.extend(header.pieces.iter().map(|p| p.name.as_str()));
        set.extend(header.variables.iter().map(|v| v.name.as_str()));
        set.extend(header.indics.iter().map(|i| i.name.as_str()));
        set.extend(linked.loop_vars.keys().map(String::as_str));
        for stmt in &algo.stmts {
            match &stmt.kind {
                StmtKind::Arithmetic(Target::Var(n), _) | StmtKind::Scanning(n, _) | StmtKind::Loop(n, ..) => {
                    set.insert(n);
                }
                _ => {}
            }
        }
        for (i, stmt) in algo.stmts.iter().enumerate() {
            let mut names: Vec<&Name> = Vec::new();
            let mut exprs: Vec<&Expr> = Vec::new();
            let mut subs: &[SubMove] = &[];
            match &stmt.kind {
                StmtKind::Arithmetic(t, e) => {
                    if let Target::Abscissa(n) | Target::Ordinate(n) = t {
                        names.push(n);
                    }
                    exprs.push(e);
                }
                StmtKind::ComputedGoTo(e, cases) => {
                    exprs.push(e);
                    exprs.extend(cases.iter().map(|(v, _)| v));
                }
                StmtKind::If(a, _, b, _, _) => exprs.extend([a, b]),
                StmtKind::Loop(_, origin, steps, _) => {
                    names.push(origin);
                    for step in steps {
                        match step {
                            Step::Var(n) => names.push(n),
                            Step::Row(_, e) => exprs.push(e),
                        }
                    }
                }
                StmtKind::Move(s) | StmtKind::Build(_, _, s) => subs = s,
                _ => {}
            }
            for sub in subs {
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
            while let Some(e) = exprs.pop() {
                match e {
                    Expr::Var(n) => names.push(n),
                    Expr::Int(_) => {}
                    Expr::Pair(a, b) | Expr::Add(a, b) | Expr::Sub(a, b) | Expr::Mul(a, b) | Expr::Index(_, a, b) => {
                        exprs.extend([&**a, &**b]);
                    }
                    Expr::Call(_, a) | Expr::Neg(a) => exprs.push(a),
                }
            }
            if let Some(name) = names.into_iter().find(|n| !set.contains(n.as_str())) {
                let name = super::error::excerpt(name);
                return Err(RulesError::Parse {
                    at: at(self.program, algo, i),
                    why: format!(
                        "{name} is read here but nothing sets it: it is not a declared piece (PIECE), variable \
                         (INITIAL) or indicatif (INDICATIF), and no statement of this algorithm assigns it; declare \
                         it, or check its spelling"
                    ),
                });
            }
        }
        Ok(())
    }

    /// The slot of a variable, made if new.
    fn var(&mut self, name: &Name) -> Slot {
        if let Some(&slot) = self.names.get(name) {
            return slot;
        }
        let slot = Slot::Var(self.var_count);
        self.var_count += 1;
        self.names.insert(name.clone(), slot);
        slot
    }

    /// The rule file.
    pub fn program(&self) -> &'p Program {
        self.program
    }

    /// The nature whose capture makes a move illegal (`ILLEGAL * ENEMY
    /// CAPTURES KING`), if the rules have one.
    pub fn royal(&self) -> Option<u8> {
        self.royal
    }

    fn algorithm(&self, algo: Algo) -> (&'p Algorithm, &Linked) {
        match algo {
            Algo::Moves => (&self.program.moves, &self.moves),
            Algo::Result => (self.program.result.as_ref().unwrap_or(&self.program.moves), &self.result),
        }
    }

    /// The frame at the start of `algo`, for `player` (1 or 2).
    pub fn start(&self, algo: Algo, player: u8) -> Frame {
        let mut frame = Frame {
            node: Node { stmt: 0, entry: Entry::Main },
            algo,
            player,
            vars: Vec::new(),
            loops: Vec::new(),
            moves: Vec::new(),
            finished: false,
            depth: 0,
        };
        self.restart(&mut frame, algo, player);
        frame
    }

    /// Resets `frame` to the start of `algo` for `player`, keeping its
    /// buffers (no allocation once they have grown).
    pub fn restart(&self, frame: &mut Frame, algo: Algo, player: u8) {
        let (algorithm, _) = self.algorithm(algo);
        frame.node = Node { stmt: 0, entry: Entry::Main };
        frame.algo = algo;
        frame.player = player;
        frame.vars.clear();
        frame.vars.resize(self.var_count, None);
        for &(slot, a, b) in &self.inits {
            frame.vars[slot] = Some(if player == 2 { b } else { a });
        }
        frame.loops.clear();
        frame.loops.resize(algorithm.stmts.len(), (0, 0));
        frame.moves.clear();
        frame.moves.resize(self.move_vars.len(), RuleMove::new());
        frame.finished = algorithm.stmts.is_empty() || (algo == Algo::Result && self.program.result.is_none());
        frame.depth = 0;
    }

    /// Runs from `frame` to the dynamic end (or until the observer stops
    /// it), reading the position through `view`.
    pub fn resume<V: View, O: Observer>(&self, frame: Frame, view: &V, observer: &mut O) -> Result<(), RulesError> {
        let mut frame = frame;
        self.refuel();
        self.run_in::<V, O, Outer>(&mut frame, view, observer)
    }

    /// Runs `algo` for `player` from its start in `frame` (reused), reading
    /// `view`. The plain entry for perft.
    pub fn run<V: View, O: Observer>(
        &self,
        algo: Algo,
        player: u8,
        frame: &mut Frame,
        view: &V,
        observer: &mut O,
    ) -> Result<(), RulesError> {
        self.restart(frame, algo, player);
        self.refuel();
        self.run_in::<V, O, Outer>(frame, view, observer)
    }

    /// Whether the opponent of `player`, to move in `view`, has a move
    /// capturing `player`'s piece on any of `squares` (ATTACKED and ILLEGAL
    /// use it; within it ATTACKED reads 0).
    pub fn captures<V: View>(
        &self,
        view: &V,
        player: u8,
        squares: &[Square],
        frame: &mut Frame,
    ) -> Result<bool, RulesError> {
        self.refuel();
        self.nested_captures(view, player, squares, frame)
    }

    /// [`Interpreter::captures`] inside a run: spends from that run's budget.
    fn nested_captures<V: View>(
        &self,
        view: &V,
        player: u8,
        squares: &[Square],
        frame: &mut Frame,
    ) -> Result<bool, RulesError> {
        self.restart(frame, Algo::Moves, 3 - player);
        frame.depth = 1;
        let mut watch = CaptureWatch { squares, found: false };
        self.run_in::<V, CaptureWatch<'_>, Inner>(frame, view, &mut watch)?;
        Ok(watch.found)
    }

    fn run_in<V: View, O: Observer, P: Policy>(
        &self,
        frame: &mut Frame,
        view: &V,
        observer: &mut O,
    ) -> Result<(), RulesError> {
        let (algorithm, linked) = self.algorithm(frame.algo);
        while !frame.finished {
            if observer.enter(frame.node, frame) == Flow::Stop {
                return Ok(());
            }
            let stmt = frame.node.stmt;
            self.fuel.burn(linked.costs[stmt], || RulesError::Steps {
                at: Box::new(at(self.program, algorithm, stmt)),
                what: format!("the {} algorithm", frame.algo.name()),
                place: place(algorithm, stmt),
                steps: self.limits.steps,
            })?;
            if let Err(e) = self.step::<V, O, P>(frame, view, observer) {
                return Err(self.fuel.take_exhausted().unwrap_or(e));
            }
        }
        Ok(())
    }

    /// The node a transfer statement at `frame.node` goes to, if the
    /// position read as `view` says (the analysis of modifications asks
    /// this under assumed facts). For any other statement, the node that
    /// follows it; for `FINISHED` and `END`, the node itself.
    pub fn successor<V: View>(&self, frame: &Frame, view: &V) -> Result<Node, RulesError> {
        let mut frame = frame.clone();
        self.refuel();
        self.step::<V, Unobserved, Outer>(&mut frame, view, &mut Unobserved)?;
        Ok(frame.node)
    }

    fn step<V: View, O: Observer, P: Policy>(
        &self,
        frame: &mut Frame,
        view: &V,
        observer: &mut O,
    ) -> Result<(), RulesError> {
        let (algorithm, linked) = self.algorithm(frame.algo);
        let node = frame.node;
        let i = node.stmt;
        let stmt = &algorithm.stmts[i];
        let fail = |why: String| RulesError::Run { at: at(self.program, algorithm, i), why };
        let next = Node { stmt: i + 1, entry: Entry::Main };
        let label = |l: &Name| linked.labels[l];
        let mut facts = Facts::default();
        match &stmt.kind {
            StmtKind::Arithmetic(target, e) => {
                let v = self.eval::<V, P>(e, frame, linked, view, &mut facts).map_err(fail)?;
                match target {
                    Target::Var(n) => self.set(frame, n, v),
                    Target::Abscissa(n) | Target::Ordinate(n) => {
                        let Value::Int(k) = v else {
                            return Err(fail(format!("{n}'s element takes an integer, not {v:?}")));
                        };
                        let Some(Value::Pair(x, y)) = self.get(frame, n) else {
                            return Err(fail(format!("{n} is not a pair (a square) here")));
                        };
                        let pair =
                            if matches!(target, Target::Abscissa(_)) { Value::Pair(k, y) } else { Value::Pair(x, k) };
                        self.set(frame, n, pair);
                    }
                }
                frame.node = next;
            }
            StmtKind::GoTo(l) => frame.node = label(l),
            StmtKind::ComputedGoTo(e, cases) => {
                let v = self.eval::<V, P>(e, frame, linked, view, &mut facts).map_err(fail)?;
                let mut to = None;
                for (case, l) in cases {
                    let c = self.eval::<V, P>(case, frame, linked, view, &mut Facts::default()).map_err(fail)?;
                    if c == v {
                        to = Some(label(l));
                        break;
                    }
                }
                let Some(to) = to else {
                    return Err(fail(format!("the value {} matches none of the cases; add a case for it", show(v))));
                };
                observer.transfer(node, facts.facts(), to);
                frame.node = to;
            }
            StmtKind::If(a, r, b, l1, l2) => {
                let x = self.eval::<V, P>(a, frame, linked, view, &mut facts).map_err(fail)?;
                let y = self.eval::<V, P>(b, frame, linked, view, &mut facts).map_err(fail)?;
                let holds = compare(x, *r, y).map_err(fail)?;
                let to = label(if holds { l1 } else { l2 });
                observer.transfer(node, facts.facts(), to);
                frame.node = to;
            }
            StmtKind::End | StmtKind::Finished => frame.finished = true,
            StmtKind::Scanning(v, out) => {
                if node.entry != Entry::Main && frame.loops[i].1 == 0 {
                    return Err(fail(NOT_STARTED.into()));
                }
                let squares = (view.width() * view.height()) as usize;
                let index = match node.entry {
                    Entry::Main => 0,
                    _ => frame.loops[i].0 + 1,
                };
                if index >= squares {
                    frame.node = label(out);
                } else {
                    frame.loops[i] = (index, 1);
                    let w = view.width() as usize;
                    let square = Value::Pair((index % w) as i64 + 1, (index / w) as i64 + 1);
                    self.set(frame, v, square);
                    frame.node = next;
                }
            }
            StmtKind::Loop(v1, v2, steps, out) => {
                if node.entry != Entry::Main && frame.loops[i].1 == 0 {
                    return Err(fail(NOT_STARTED.into()));
                }
                let mut j = match node.entry {
                    Entry::Main => 0,
                    Entry::X => frame.loops[i].0 + 1,
                    Entry::Z => {
                        let j = frame.loops[i].0;
                        let inc = self.increment(steps, j, frame, linked, view).map_err(fail)?;
                        let cur = self.get(frame, v1);
                        if let (Some(inc), Some(Value::Pair(x, y))) = (inc, cur) {
                            let (nx, ny) = step_by((x, y), pair(inc));
                            if on_board(view, nx, ny) {
                                self.set(frame, v1, Value::Pair(nx, ny));
                                frame.loops[i].1 += 1;
                                frame.node = next;
                                return Ok(());
                            }
                        } else if inc.is_some() {
                            return Err(fail(format!("{v1} is not a pair (a square) here")));
                        }
                        j + 1
                    }
                };
                loop {
                    let Some(inc) = self.increment(steps, j, frame, linked, view).map_err(fail)? else {
                        frame.node = label(out);
                        return Ok(());
                    };
                    let Some(Value::Pair(x, y)) = self.get(frame, v2) else {
                        return Err(fail(format!("the loop's origin {v2} is not a pair (a square) here")));
                    };
                    let (nx, ny) = step_by((x, y), pair(inc));
                    if on_board(view, nx, ny) {
                        frame.loops[i] = (j, 1);
                        self.set(frame, v1, Value::Pair(nx, ny));
                        frame.node = next;
                        return Ok(());
                    }
                    j += 1;
                }
            }
            StmtKind::Result(outcome) => {
                observer.result(node, *outcome);
                frame.node = next;
            }
            StmtKind::Move(subs) => {
                let mut mv = RuleMove::new();
                self.build(&mut mv, subs, frame, linked, view).map_err(fail)?;
                check_move(view, frame.player, &mv).map_err(|why| fail(format!("{why} (with this move: {mv})")))?;
                observer.emit(node, &mv);
                frame.node = next;
            }
            StmtKind::Build(q, r, subs) => {
                let mut mv = match r {
                    Some(r) => frame.moves[self.move_vars[r]],
                    None => RuleMove::new(),
                };
                self.build(&mut mv, subs, frame, linked, view).map_err(fail)?;
                frame.moves[self.move_vars[q]] = mv;
                frame.node = next;
            }
        }
        Ok(())
    }

    fn get(&self, frame: &Frame, name: &Name) -> Option<Value> {
        match self.names.get(name) {
            Some(Slot::Var(s)) => frame.vars[*s],
            _ => None,
        }
    }

    fn set(&self, frame: &mut Frame, name: &Name, v: Value) {
        if let Some(Slot::Var(s)) = self.names.get(name) {
            frame.vars[*s] = Some(v);
        }
    }

    /// The `j`-th increment (from 0) of a LOOP, or `None` past the last.
    fn increment<V: View>(
        &self,
        steps: &[Step],
        mut j: usize,
        frame: &Frame,
        linked: &Linked,
        view: &V,
    ) -> Result<Option<Value>, String> {
        for step in steps {
            match step {
                Step::Var(n) => {
                    if j == 0 {
                        return match self.get(frame, n) {
                            Some(Value::Pair(0, 0)) => Err(format!("the increment {n} is (0, 0): {ZERO_STEP}")),
                            Some(v @ Value::Pair(..)) => Ok(Some(v)),
                            other => {
                                Err(format!("the increment {n} is {}, not a pair", other.map_or("unset".into(), show)))
                            }
                        };
                    }
                    j -= 1;
                }
                Step::Row(t, e) => {
                    let row = match self.eval::<V, Inner>(e, frame, linked, view, &mut Facts::default())? {
                        Value::Int(r) => r,
                        v => return Err(format!("the row of {t} is {}, not an integer", show(v))),
                    };
                    let values = self.tables[t].get(&row).map_or(&[][..], |v| v.as_slice());
                    if j < values.len() {
                        return match values[j] {
                            Value::Pair(0, 0) => {
                                Err(format!("the increment {t}({row}) value {} is (0, 0): {ZERO_STEP}", j + 1))
                            }
                            v @ Value::Pair(..) => Ok(Some(v)),
                            v => Err(format!("the increment {t}({row}) value {} is {}, not a pair", j + 1, show(v))),
                        };
                    }
                    j -= values.len();
                }
            }
        }
        Ok(None)
    }

    fn square<V: View>(&self, e: &Expr, frame: &Frame, linked: &Linked, view: &V) -> Result<Square, String> {
        match self.eval::<V, Inner>(e, frame, linked, view, &mut Facts::default())? {
            Value::Pair(x, y) if on_board(view, x, y) => Ok(Square::new(x as i8, y as i8)),
            v => Err(format!("{} is not a square of the board", show(v))),
        }
    }

    fn int<V: View>(&self, e: &Expr, frame: &Frame, linked: &Linked, view: &V) -> Result<i64, String> {
        match self.eval::<V, Inner>(e, frame, linked, view, &mut Facts::default())? {
            Value::Int(v) => Ok(v),
            v => Err(format!("{} is not an integer", show(v))),
        }
    }

    fn build<V: View>(
        &self,
        mv: &mut RuleMove,
        subs: &[SubMove],
        frame: &Frame,
        linked: &Linked,
        view: &V,
    ) -> Result<(), String> {
        for sub in subs {
            let resolved = match sub {
                SubMove::Travel(a, b) => {
                    Sub::Travel(self.square(a, frame, linked, view)?, self.square(b, frame, linked, view)?)
                }
                SubMove::Capture(a) => Sub::Capture(self.square(a, frame, linked, view)?),
                SubMove::Put(n, a) => {
                    Sub::Put(nature(self.int(n, frame, linked, view)?)?, self.square(a, frame, linked, view)?)
                }
                SubMove::Promotion(n, a) => {
                    Sub::Promotion(nature(self.int(n, frame, linked, view)?)?, self.square(a, frame, linked, view)?)
                }
                SubMove::Indic(m, v, q) => {
                    let Some(Slot::Indic(id)) = self.names.get(m) else {
                        return Err(format!("{m} is not an indicatif"));
                    };
                    let value = self.int(v, frame, linked, view)?;
                    let per_player = self.program.header.indics[usize::from(*id)].per_player;
                    let player = match (per_player, q) {
                        (false, _) => 0,
                        (true, None) => frame.player,
                        (true, Some(q)) => match self.int(q, frame, linked, view)? {
                            p @ (1 | 2) => p as u8,
                            p => return Err(format!("INDIC's player is {p}, not 1 or 2")),
                        },
                    };
                    Sub::Indic { id: *id, player, value }
                }
                SubMove::Held(q) => {
                    for &s in frame.moves[self.move_vars[q]].subs() {
                        if !mv.push(s) {
                            return Err(format!("the move holds more than {} sub-moves", super::state::MAX_SUBS));
                        }
                    }
                    continue;
                }
            };
            if !mv.push(resolved) {
                return Err(format!("the move holds more than {} sub-moves", super::state::MAX_SUBS));
            }
        }
        Ok(())
    }

    fn eval<V: View, P: Policy>(
        &self,
        e: &Expr,
        frame: &Frame,
        linked: &Linked,
        view: &V,
        facts: &mut Facts,
    ) -> Result<Value, String> {
        Ok(match e {
            Expr::Int(v) => Value::Int(*v),
            Expr::Var(n) => {
                let slot = linked.loop_vars.get(n).or_else(|| self.names.get(n));
                match slot {
                    Some(Slot::Nature(k)) => Value::Int(*k),
                    Some(Slot::Var(s)) => frame.vars[*s].ok_or_else(|| format!("{n} is read before it is set"))?,
                    Some(Slot::Indic(id)) => {
                        let per_player = self.program.header.indics[usize::from(*id)].per_player;
                        let player = if per_player { frame.player } else { 0 };
                        let v = view.indic(*id, player);
                        facts.push(Fact::Indic(*id, player, v));
                        Value::Int(v)
                    }
                    Some(Slot::LoopW(s)) => Value::Int(frame.loops[*s].0 as i64 + 1),
                    Some(Slot::LoopY(s)) => Value::Int(frame.loops[*s].1),
                    None => return Err(format!("{n} is not a variable")),
                }
            }
            Expr::Pair(a, b) => match (
                self.eval::<V, P>(a, frame, linked, view, facts)?,
                self.eval::<V, P>(b, frame, linked, view, facts)?,
            ) {
                (Value::Int(x), Value::Int(y)) => Value::Pair(x, y),
                (x, y) => return Err(format!("a pair holds two integers, not {} and {}", show(x), show(y))),
            },
            Expr::Neg(a) => negate(self.eval::<V, P>(a, frame, linked, view, facts)?)?,
            Expr::Add(a, b) | Expr::Sub(a, b) | Expr::Mul(a, b) => {
                let x = self.eval::<V, P>(a, frame, linked, view, facts)?;
                let y = self.eval::<V, P>(b, frame, linked, view, facts)?;
                arith(e, x, y)?
            }
            Expr::Index(t, r, k) => {
                let row = self.eval::<V, P>(r, frame, linked, view, facts)?;
                let k = self.eval::<V, P>(k, frame, linked, view, facts)?;
                let (Value::Int(row), Value::Int(k)) = (row, k) else {
                    return Err(format!("{t}(row, k) takes integers"));
                };
                let values = self.tables[t].get(&row).ok_or_else(|| format!("{t} has no row {row}"))?;
                *values
                    .get(k.checked_sub(1).and_then(|k| usize::try_from(k).ok()).unwrap_or(usize::MAX))
                    .ok_or_else(|| format!("{t}({row}, {k}): the row has {} values", values.len()))?
            }
            Expr::Call(f, a) => {
                let v = self.eval::<V, P>(a, frame, linked, view, facts)?;
                match (f, v) {
                    (Function::Abscissa, Value::Pair(x, _)) => Value::Int(x),
                    (Function::Ordinate, Value::Pair(_, y)) => Value::Int(y),
                    (Function::Occupy | Function::Nature | Function::Attacked, Value::Pair(x, y)) => {
                        if !on_board(view, x, y) {
                            return Err(format!(
                                "{}({x}, {y}): the square is off the board (test it with a LOOP, which skips such squares)",
                                fname(*f)
                            ));
                        }
                        let s = Square::new(x as i8, y as i8);
                        match f {
                            Function::Occupy => {
                                let o = view.occupy(s);
                                facts.push(Fact::Occupy(s, o));
                                Value::Int(i64::from(o))
                            }
                            Function::Nature => {
                                let n = view.nature(s);
                                facts.push(Fact::Nature(s, n));
                                Value::Int(i64::from(n))
                            }
                            _ => Value::Int(i64::from(P::attacked(self, view, frame.player, s)?)),
                        }
                    }
                    (f, v) => {
                        return Err(format!("{}({}): the argument must be a pair (a square)", fname(*f), show(v)));
                    }
                }
            }
        })
    }
}

/// Whether `ATTACKED` runs the opponent's moves (in a run asked for) or
/// reads 0 (inside the run answering it): a type, so that the nested run's
/// code does not nest again.
trait Policy {
    fn attacked<V: View>(interp: &Interpreter<'_>, view: &V, player: u8, square: Square) -> Result<bool, String>;
}

struct Outer;
struct Inner;

impl Policy for Outer {
    fn attacked<V: View>(interp: &Interpreter<'_>, view: &V, player: u8, square: Square) -> Result<bool, String> {
        let Some(royal) = interp.royal else {
            return Err("ATTACKED needs `ILLEGAL * ENEMY CAPTURES KING.` in the header (the royal piece)".into());
        };
        let overlay = Placed { base: view, square, owner: player, nature: royal };
        let mut frame = interp.start(Algo::Moves, 3 - player);
        interp.nested_captures(&overlay, player, &[square], &mut frame).map_err(|e| format!("in ATTACKED: {e}"))
    }
}

impl Policy for Inner {
    fn attacked<V: View>(_: &Interpreter<'_>, _: &V, _: u8, _: Square) -> Result<bool, String> {
        Ok(false)
    }
}

/// Stops a run at the first move capturing on one of the squares.
struct CaptureWatch<'s> {
    squares: &'s [Square],
    found: bool,
}

impl Observer for CaptureWatch<'_> {
    fn enter(&mut self, _: Node, _: &Frame) -> Flow {
        if self.found { Flow::Stop } else { Flow::Continue }
    }
    fn emit(&mut self, _: Node, mv: &RuleMove) {
        if mv.subs().iter().any(|s| matches!(s, Sub::Capture(c) if self.squares.contains(c))) {
            self.found = true;
        }
    }
}

/// The facts one statement read, in place (the first 16).
struct Facts {
    buf: [Fact; 16],
    len: usize,
}

impl Default for Facts {
    fn default() -> Self {
        Facts { buf: [Fact::Occupy(Square::default(), 0); 16], len: 0 }
    }
}

impl Facts {
    fn push(&mut self, fact: Fact) {
        if self.len < self.buf.len() {
            self.buf[self.len] = fact;
            self.len += 1;
        }
    }
    fn facts(&self) -> &[Fact] {
        &self.buf[..self.len]
    }
}

fn on_board<V: View>(view: &V, x: i64, y: i64) -> bool {
    (1..=view.width()).contains(&x) && (1..=view.height()).contains(&y)
}

/// Why a GO TO X or Z into a loop (or scan) that has not begun in the
/// run is refused: there is no position of the loop to go on from.
pub const NOT_STARTED: &str = "a GO TO into this loop (X or Z before its label) before the loop began in this run: \
                                  nothing to continue; enter the loop at its own label first";

/// Why a LOOP refuses an increment of (0, 0).
pub const ZERO_STEP: &str = "a step of (0, 0) never leaves its square, so `z‖L` would loop for ever; remove it";

/// `square + step`, or a square off every board when the sum passes 64 bits.
pub fn step_by((x, y): (i64, i64), (dx, dy): (i64, i64)) -> (i64, i64) {
    match (x.checked_add(dx), y.checked_add(dy)) {
        (Some(nx), Some(ny)) => (nx, ny),
        _ => (0, 0),
    }
}

fn pair(v: Value) -> (i64, i64) {
    match v {
        Value::Pair(x, y) => (x, y),
        Value::Int(_) => (0, 0),
    }
}

fn nature(n: i64) -> Result<u8, String> {
    u8::try_from(n).ok().filter(|&n| n > 0).ok_or_else(|| format!("{n} is not a piece nature"))
}

fn fname(f: Function) -> &'static str {
    match f {
        Function::Occupy => "OCCUPY",
        Function::Nature => "NATURE",
        Function::Abscissa => "ABSCISSA",
        Function::Ordinate => "ORDINATE",
        Function::Attacked => "ATTACKED",
    }
}

/// A value as the paper writes it.
pub fn show(v: Value) -> String {
    match v {
        Value::Int(x) => x.to_string(),
        Value::Pair(x, y) => format!("({x}, {y})"),
    }
}

/// An arithmetic operation of the language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
}

impl Op {
    /// The operation of an `Add`, `Sub` or `Mul` expression (`Add` for any other).
    pub fn of(e: &Expr) -> Op {
        match e {
            Expr::Sub(..) => Op::Sub,
            Expr::Mul(..) => Op::Mul,
            _ => Op::Add,
        }
    }

    fn symbol(self) -> char {
        match self {
            Op::Add => '+',
            Op::Sub => '-',
            Op::Mul => '*',
        }
    }

    fn on(self, a: i64, b: i64) -> Option<i64> {
        match self {
            Op::Add => a.checked_add(b),
            Op::Sub => a.checked_sub(b),
            Op::Mul => a.checked_mul(b),
        }
    }
}

/// `+`, `-`, `*` of expression `e` on values, with the paper's types.
pub fn arith(e: &Expr, x: Value, y: Value) -> Result<Value, String> {
    apply(Op::of(e), x, y)
}

/// `x op y` with the paper's types: `+` and `-` on two integers or two
/// pairs, `*` on an integer and an integer or a pair. Checked: a result
/// past 64 bits is an error, never a wrapped value.
///
/// ```
/// use plybench::engine::rules::{ast::Value, interp::{Op, apply}};
///
/// assert_eq!(apply(Op::Mul, Value::Int(3), Value::Pair(1, -2)), Ok(Value::Pair(3, -6)));
/// assert!(apply(Op::Mul, Value::Int(1 << 62), Value::Int(2)).unwrap_err().contains("64-bit"));
/// ```
pub fn apply(op: Op, x: Value, y: Value) -> Result<Value, String> {
    let overflow = || format!("{} {} {} passes the 64-bit integers of the language", show(x), op.symbol(), show(y));
    let pairwise = |a: i64, b: i64, c: i64, d: i64| match (op.on(a, c), op.on(b, d)) {
        (Some(p), Some(q)) => Ok(Value::Pair(p, q)),
        _ => Err(overflow()),
    };
    match (op, x, y) {
        (_, Value::Int(a), Value::Int(b)) => op.on(a, b).map(Value::Int).ok_or_else(overflow),
        (Op::Add | Op::Sub, Value::Pair(a, b), Value::Pair(c, d)) => pairwise(a, b, c, d),
        (Op::Mul, Value::Int(k), Value::Pair(a, b)) | (Op::Mul, Value::Pair(a, b), Value::Int(k)) => {
            pairwise(k, k, a, b)
        }
        _ => Err(format!(
            "cannot combine {} and {}: + and - take two integers or two pairs, * an integer",
            show(x),
            show(y)
        )),
    }
}

/// `-x`, checked.
pub fn negate(x: Value) -> Result<Value, String> {
    let overflow = || format!("-{} passes the 64-bit integers of the language", show(x));
    match x {
        Value::Int(a) => a.checked_neg().map(Value::Int).ok_or_else(overflow),
        Value::Pair(a, b) => match (a.checked_neg(), b.checked_neg()) {
            (Some(a), Some(b)) => Ok(Value::Pair(a, b)),
            _ => Err(overflow()),
        },
    }
}

/// The relation of an `IF` between two values.
pub fn compare(x: Value, r: Relation, y: Value) -> Result<bool, String> {
    Ok(match (x, y) {
        (Value::Int(a), Value::Int(b)) => match r {
            Relation::Eq => a == b,
            Relation::Ne => a != b,
            Relation::Gt => a > b,
            Relation::Ge => a >= b,
            Relation::Lt => a < b,
            Relation::Le => a <= b,
        },
        (Value::Pair(..), Value::Pair(..)) if matches!(r, Relation::Eq | Relation::Ne) => {
            (x == y) == (r == Relation::Eq)
        }
        _ => return Err(format!("cannot compare {} with {}: pairs compare only with = and #", show(x), show(y))),
    })
}

/// Collects the moves a run outputs, at most a number of them: past it the
/// run stops and [`Collect::overflow`] names the `MOVE` statement.
pub struct Collect<'b> {
    out: &'b mut Vec<RuleMove>,
    left: usize,
    overflow: Option<Node>,
}

impl<'b> Collect<'b> {
    /// Appends to `out` at most `limit` moves.
    pub fn new(out: &'b mut Vec<RuleMove>, limit: usize) -> Self {
        Collect { out, left: limit, overflow: None }
    }

    /// The `MOVE` that would have gone past the limit, if one did.
    pub fn overflow(&self) -> Option<Node> {
        self.overflow
    }
}

impl Observer for Collect<'_> {
    fn enter(&mut self, _: Node, _: &Frame) -> Flow {
        if self.overflow.is_some() { Flow::Stop } else { Flow::Continue }
    }
    fn emit(&mut self, node: Node, mv: &RuleMove) {
        if self.left == 0 {
            self.overflow = Some(node);
        } else {
            self.left -= 1;
            self.out.push(*mv);
        }
    }
}

/// Watches a RESULT run: whether it gave VICTORY, DRAW or LOSS (and stops then).
#[derive(Default)]
pub struct Ended(pub Option<Outcome>);

impl Observer for Ended {
    fn enter(&mut self, _: Node, _: &Frame) -> Flow {
        if self.0.is_some() { Flow::Stop } else { Flow::Continue }
    }
    fn result(&mut self, _: Node, outcome: Outcome) {
        if outcome != Outcome::NoVictory && self.0.is_none() {
            self.0 = Some(outcome);
        }
    }
}
