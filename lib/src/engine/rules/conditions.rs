//! The necessary conditions of each move, and the moves that would exist
//! after up to N modifications of the board (Pitrat 1971, "Necessary
//! conditions for a move to occur" and "Modifications").
//!
//! [`Analysis::run`] runs an algorithm through the interpreter with an
//! [`Observer`] that keeps Pitrat's push-down: at each transfer statement
//! the facts it read (`OCCUPY`, `NATURE`, an indicatif: "we only keep
//! conditions which specify the occupation or the nature of a square or
//! the value of an indicatif"), each stored with the transfer's conjugué
//! ([`super::flow`]) and erased when the run enters that conjugué. A `MOVE`
//! or `RESULT` outputs the push-down: its necessary conditions
//! ([`Finding`]), with the changes the move makes.
//!
//! With [`Options::refined`] it also keeps Pitrat's per-variable condition
//! lists, the refinement he describes but did not build (the gap of his
//! Fig. 4): an `ARITHMETIC` statement gives its variable the push-down and
//! the lists of the variables it reads, and a transfer adds the lists of
//! the variables it reads to the push-down.
//!
//! With [`Options::modifications`] `N > 0`, at each transfer that read a
//! fact it asks the interpreter ([`Interpreter::successor`]) where the
//! transfer would go for each other value of the fact; each value that
//! changes the successor is kept, with a clone of the run's [`Frame`], and
//! once the normal run is over it is resumed ([`Interpreter::resume`]) on an
//! [`Overlay`] of the position that shows the assumed value, until the
//! transfer's conjugué. Its moves carry the conditions "not fulfilled";
//! a transfer met in such a run is modified again, up to `N` modifications.

use std::collections::{HashMap, HashSet, VecDeque};

use super::ast::{Algorithm, Entry, Expr, Header, Name, Node, Outcome, Program, StmtKind, SubMove, Target};
use super::error::RulesError;
use super::flow::{Flowchart, Vertex};
use super::interp::{Algo, Frame, Interpreter};
use super::state::{RuleMove, Square, Sub};
use super::view::{Fact, Flow, Observer, View};

/// How much to look for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Pitrat's refinement: per-variable condition lists.
    pub refined: bool,
    /// The most modifications of the board a found move may need (0: the
    /// legal moves only).
    pub modifications: usize,
    /// The most runs (the normal one and the resumed ones) before giving up
    /// the modifications not yet explored: 1 to [`MAX_RUNS`].
    pub max_runs: usize,
    /// The most bytes the findings and the runs waiting to resume may
    /// hold; past it the analysis stops with [`RulesError::Memory`].
    pub memory: u64,
}

/// The most runs an analysis accepts: each run may take the whole budget
/// of steps, so more would not end in a day.
pub const MAX_RUNS: usize = 100_000_000;

impl Default for Options {
    fn default() -> Self {
        Options {
            refined: false,
            modifications: 0,
            max_runs: 100_000,
            memory: crate::engine::memory::MemoryLimit::default().bytes(),
        }
    }
}

/// A necessary condition of a move: a fact it needs, and whether the
/// position fulfils it (a condition not fulfilled is a modification).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Condition {
    /// The fact.
    pub fact: Fact,
    /// Whether the position fulfils it.
    pub fulfilled: bool,
}

/// A change a move makes to the board or the indicatifs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Change {
    /// `OCCUPY(square)` becomes the value (0 empty, 1 or 2 a player).
    Occupy(Square, u8),
    /// `NATURE(square)` becomes the nature.
    Nature(Square, u8),
    /// Indicatif `id` of `player` (0: the game's) becomes the value.
    Indic(u8, u8, i64),
}

/// What a run output. A move is held in place, like the rules' own
/// [`RuleMove`] (no allocation): the variants differ in size on purpose.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Output {
    /// A `MOVE` statement's move.
    Move(RuleMove),
    /// A `RESULT` statement's result.
    Result(Outcome),
}

/// One move (or result) with its necessary conditions and its changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// The statement that output it.
    pub node: Node,
    /// The move or the result.
    pub output: Output,
    /// The necessary conditions, in the order they were stored, each once.
    pub conditions: Vec<Condition>,
    /// The changes of the move (none for a result), square by square in
    /// the order the sub-moves first touch them.
    pub changes: Vec<Change>,
}

impl Finding {
    /// How many modifications the move needs: the squares (and
    /// indicatifs) of the conditions the position does not fulfil. A square
    /// assumed occupied and then read for its nature is one modification.
    pub fn modifications(&self) -> usize {
        let mut seen: Vec<Fact> = Vec::new();
        for c in self.conditions.iter().filter(|c| !c.fulfilled) {
            let key = match c.fact {
                Fact::Occupy(s, _) | Fact::Nature(s, _) => Fact::Occupy(s, 0),
                f @ Fact::Indic(..) => f,
            };
            if !seen.contains(&key) {
                seen.push(key);
            }
        }
        seen.len()
    }
}

/// What [`Analysis::run`] found.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// The moves and results, those of the normal run first.
    pub findings: Vec<Finding>,
    /// The runs made: 1 + the resumed ones.
    pub runs: usize,
    /// Resumed runs the interpreter refused (a sub-move the assumed board
    /// does not allow, a case no `CPTD GO TO` label covers).
    pub refused: usize,
    /// Modifications left unexplored because `max_runs` was reached.
    pub unexplored: usize,
}

/// The flowchart and conjugués of one algorithm, ready to analyse runs.
#[derive(Clone, Debug)]
pub struct Analysis<'p> {
    program: &'p Program,
    algorithm: &'p Algorithm,
    algo: Algo,
    flow: Flowchart,
    conjugue: Vec<Option<usize>>,
    /// Each `LOOP` statement and the vertex of its `x‖L`.
    loop_x: Vec<(usize, usize)>,
}

/// A board with some facts assumed: the position as a modification sees
/// it. An `OCCUPY` assumed on an empty square puts a piece of the first
/// nature there, unless a `NATURE` is assumed too.
#[derive(Clone, Copy, Debug)]
pub struct Overlay<'a, V> {
    /// The position.
    pub base: &'a V,
    /// The assumed facts; a later one wins.
    pub assumed: &'a [Fact],
}

impl<V: View> View for Overlay<'_, V> {
    fn width(&self) -> i64 {
        self.base.width()
    }
    fn height(&self) -> i64 {
        self.base.height()
    }
    fn occupy(&self, square: Square) -> u8 {
        self.assumed
            .iter()
            .rev()
            .find_map(|f| match *f {
                Fact::Occupy(s, v) if s == square => Some(v),
                _ => None,
            })
            .unwrap_or_else(|| self.base.occupy(square))
    }
    fn nature(&self, square: Square) -> u8 {
        if let Some(n) = self.assumed.iter().rev().find_map(|f| match *f {
            Fact::Nature(s, v) if s == square => Some(v),
            _ => None,
        }) {
            return n;
        }
        if self.occupy(square) == 0 {
            return 0;
        }
        match self.base.nature(square) {
            0 => 1,
            n => n,
        }
    }
    fn indic(&self, id: u8, player: u8) -> i64 {
        self.assumed
            .iter()
            .rev()
            .find_map(|f| match *f {
                Fact::Indic(i, p, v) if i == id && p == player => Some(v),
                _ => None,
            })
            .unwrap_or_else(|| self.base.indic(id, player))
    }
}

/// The value a view gives the fact's subject.
fn read<V: View>(view: &V, fact: Fact) -> Fact {
    match fact {
        Fact::Occupy(s, _) => Fact::Occupy(s, view.occupy(s)),
        Fact::Nature(s, _) => Fact::Nature(s, view.nature(s)),
        Fact::Indic(id, p, _) => Fact::Indic(id, p, view.indic(id, p)),
    }
}

/// The push-down of conditions, and (refined) the per-variable lists.
#[derive(Clone, Debug, Default)]
pub struct PushDown {
    /// Each stored fact with the vertex of its conjugué.
    entries: Vec<(Fact, usize)>,
    /// Pitrat's refinement: the conditions of each variable's value.
    lists: HashMap<Name, Vec<Fact>>,
}

impl PushDown {
    /// About how many bytes it holds.
    fn bytes(&self) -> u64 {
        let lists: usize =
            self.lists.iter().map(|(name, list)| name.capacity() + list.capacity() * size_of::<Fact>()).sum();
        (self.entries.capacity() * size_of::<(Fact, usize)>()
            + lists
            + self.lists.capacity() * size_of::<(Name, Vec<Fact>)>()) as u64
    }

    /// The stored conditions.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no condition is stored.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The run enters vertex `v`: the conditions whose conjugué it is are no
    /// longer necessary.
    pub fn enter(&mut self, v: usize) {
        self.entries.retain(|&(_, c)| c != v);
    }

    /// A transfer read `fact`; it is necessary until `conjugue`.
    pub fn push(&mut self, fact: Fact, conjugue: usize) {
        self.entries.push((fact, conjugue));
    }

    /// The stored facts, each once, in the order stored.
    pub fn facts(&self) -> Vec<Fact> {
        let mut seen = HashSet::new();
        self.entries.iter().map(|&(f, _)| f).filter(|f| seen.insert(*f)).collect()
    }

    /// An `ARITHMETIC` statement defines `target` from `used`: its list
    /// becomes the push-down's conditions and the lists of `used`, each
    /// once (`keep` keeps the list it had: a pseudo-function assigns one
    /// element of the pair).
    pub fn define(&mut self, target: &str, used: &[Name], keep: bool) {
        let mut list: Vec<Fact> = if keep { self.lists.get(target).cloned().unwrap_or_default() } else { Vec::new() };
        let add = |f: Fact, list: &mut Vec<Fact>| {
            if !list.contains(&f) {
                list.push(f);
            }
        };
        for &(f, _) in &self.entries {
            add(f, &mut list);
        }
        for name in used {
            if let Some(l) = self.lists.get(name) {
                for &f in l {
                    add(f, &mut list);
                }
            }
        }
        self.lists.insert(target.to_owned(), list);
    }

    /// The conditions of the lists of `used`, each once.
    pub fn lists_of(&self, used: &[Name]) -> Vec<Fact> {
        let mut out: Vec<Fact> = Vec::new();
        for name in used {
            for &f in self.lists.get(name).map(Vec::as_slice).unwrap_or(&[]) {
                if !out.contains(&f) {
                    out.push(f);
                }
            }
        }
        out
    }
}

/// The variables an expression reads.
pub fn expr_vars(expr: &Expr, out: &mut Vec<Name>) {
    match expr {
        Expr::Var(name) => {
            if !out.contains(name) {
                out.push(name.clone());
            }
        }
        Expr::Int(_) => {}
        Expr::Pair(a, b) | Expr::Add(a, b) | Expr::Sub(a, b) | Expr::Mul(a, b) => {
            expr_vars(a, out);
            expr_vars(b, out);
        }
        Expr::Call(_, a) | Expr::Neg(a) => expr_vars(a, out),
        Expr::Index(name, a, b) => {
            if !out.contains(name) {
                out.push(name.clone());
            }
            expr_vars(a, out);
            expr_vars(b, out);
        }
    }
}

/// The variables a transfer statement reads.
fn transfer_vars(kind: &StmtKind) -> Vec<Name> {
    let mut out = Vec::new();
    match kind {
        StmtKind::If(a, _, b, _, _) => {
            expr_vars(a, &mut out);
            expr_vars(b, &mut out);
        }
        StmtKind::ComputedGoTo(e, cases) => {
            expr_vars(e, &mut out);
            for (v, _) in cases {
                expr_vars(v, &mut out);
            }
        }
        _ => {}
    }
    out
}

/// The variable an assignment defines, the variables it reads, and whether
/// the variable keeps its list (a pseudo-function assigns one element).
fn definition(kind: &StmtKind) -> Option<(Name, Vec<Name>, bool)> {
    let mut used = Vec::new();
    match kind {
        StmtKind::Arithmetic(target, e) => {
            expr_vars(e, &mut used);
            Some(match target {
                Target::Var(v) => (v.clone(), used, false),
                Target::Abscissa(v) | Target::Ordinate(v) => (v.clone(), used, true),
            })
        }
        StmtKind::Build(q, r, subs) => {
            if let Some(r) = r {
                used.push(r.clone());
            }
            for s in subs {
                match s {
                    SubMove::Travel(a, b) | SubMove::Put(a, b) | SubMove::Promotion(a, b) => {
                        expr_vars(a, &mut used);
                        expr_vars(b, &mut used);
                    }
                    SubMove::Capture(a) => expr_vars(a, &mut used),
                    SubMove::Indic(_, a, b) => {
                        expr_vars(a, &mut used);
                        if let Some(b) = b {
                            expr_vars(b, &mut used);
                        }
                    }
                    SubMove::Held(h) => used.push(h.clone()),
                }
            }
            Some((q.clone(), used, false))
        }
        _ => None,
    }
}

/// A modification kept for later: where the run was, what it assumed.
#[derive(Clone, Debug)]
struct Branch {
    frame: Frame,
    pushdown: PushDown,
    assumed: Vec<Fact>,
    stop: usize,
}

impl Branch {
    /// About how many bytes it holds.
    fn bytes(&self) -> u64 {
        let frame = self.frame.vars.capacity() * size_of::<Option<super::ast::Value>>()
            + self.frame.loops.capacity() * size_of::<(usize, i64)>()
            + self.frame.moves.capacity() * size_of::<RuleMove>();
        (size_of::<Branch>() + frame + self.assumed.capacity() * size_of::<Fact>()) as u64 + self.pushdown.bytes()
    }
}

impl Finding {
    /// About how many bytes it holds, counted twice: once in the report and
    /// once in the set that drops the duplicates at the end.
    fn bytes(&self) -> u64 {
        2 * (size_of::<Finding>()
            + self.conditions.capacity() * size_of::<Condition>()
            + self.changes.capacity() * size_of::<Change>()) as u64
    }
}

/// The observer of one run (the normal one or a resumed one).
struct Tracer<'a, 'p, V> {
    analysis: &'a Analysis<'p>,
    interp: &'a Interpreter<'p>,
    base: &'a V,
    options: Options,
    player: u8,
    pushdown: PushDown,
    assumed: Vec<Fact>,
    stop: Option<usize>,
    frame: Option<Frame>,
    findings: Vec<Finding>,
    branches: Vec<Branch>,
    /// Each `LOOP`'s increment index at the last node entered (`None`
    /// before the first).
    increments: Option<Vec<usize>>,
    /// The vertex of the last node entered.
    last: Option<usize>,
    /// The bytes this run may add to what the analysis holds, and those it added.
    room: u64,
    used: u64,
    /// Whether the run stopped because `used` passed `room`.
    full: bool,
    /// The work left to this run: each condition stored, examined or copied
    /// counts one step, against the interpreter's budget of steps (so that
    /// a loop storing a condition each time stops in time too).
    work: u64,
    /// The node at which the work ran out, if it did.
    worn: Option<Node>,
}

impl<V: View> Tracer<'_, '_, V> {
    fn conditions(&self) -> Vec<Condition> {
        self.pushdown
            .facts()
            .into_iter()
            .map(|fact| Condition { fact, fulfilled: read(self.base, fact) == fact })
            .collect()
    }

    /// The other values of a fact a modification may assume.
    fn alternatives(&self, fact: Fact) -> Vec<Fact> {
        let header = &self.analysis.program.header;
        match fact {
            Fact::Occupy(s, v) => (0..=2).filter(|&w| w != v).map(|w| Fact::Occupy(s, w)).collect(),
            Fact::Nature(s, v) => {
                (1..=header.pieces.len() as u8).filter(|&w| w != v).map(|w| Fact::Nature(s, w)).collect()
            }
            Fact::Indic(id, p, v) => {
                let top = header.width.max(header.height);
                (0..=top).filter(|&w| w != v).map(|w| Fact::Indic(id, p, w)).collect()
            }
        }
    }
}

impl<V: View> Tracer<'_, '_, V> {
    /// Counts `bytes` more held; past the room the run stops.
    fn hold(&mut self, bytes: u64) {
        self.used += bytes;
        if self.used > self.room {
            self.full = true;
        }
    }

    /// Spends `units` of work at `node`; past the budget the run stops.
    fn spend(&mut self, units: usize, node: Node) {
        match self.work.checked_sub(units as u64) {
            Some(left) => self.work = left,
            None => {
                self.work = 0;
                self.worn.get_or_insert(node);
            }
        }
    }
}

impl<V: View> Observer for Tracer<'_, '_, V> {
    fn enter(&mut self, node: Node, frame: &Frame) -> Flow {
        if self.full || self.worn.is_some() {
            return Flow::Stop;
        }
        self.spend(1 + self.pushdown.len(), node);
        let flow = &self.analysis.flow;
        // The interpreter steps a LOOP's x‖L inside the statement when L or
        // z‖L falls off the board, without entering it: the increment's
        // index tells that the run went through x‖L.
        let now: Vec<usize> =
            self.analysis.loop_x.iter().map(|&(i, _)| frame.loops.get(i).map_or(0, |l| l.0)).collect();
        if let Some(before) = self.increments.take() {
            for (k, &(_, x)) in self.analysis.loop_x.iter().enumerate() {
                if before[k] != now[k] {
                    if Some(x) == self.stop {
                        return Flow::Stop;
                    }
                    self.pushdown.enter(x);
                }
            }
        }
        let mut now = now;
        if node.entry == Entry::Main
            && let Some(k) = self.analysis.loop_x.iter().position(|&(i, _)| i == node.stmt)
        {
            // The statement starts its loop again from the first increment.
            now[k] = 0;
        }
        self.increments = Some(now);
        let Some(v) = flow.at(node) else { return Flow::Continue };
        // Likewise when the increments run out: from L or z‖L the run goes
        // to L2 through x‖L, which it did not enter.
        if let Some(u) = self.last.replace(v)
            && u != v
            && !flow.successors(u).contains(&v)
            && let Some(&x) = flow
                .successors(u)
                .iter()
                .find(|&&w| self.analysis.loop_x.iter().any(|&(_, x)| x == w) && flow.successors(w).contains(&v))
        {
            if Some(x) == self.stop {
                return Flow::Stop;
            }
            self.pushdown.enter(x);
        }
        if Some(v) == self.stop {
            return Flow::Stop;
        }
        self.pushdown.enter(v);
        let kind = &self.analysis.algorithm.stmts[node.stmt].kind;
        if self.options.refined
            && node.entry == Entry::Main
            && let Some((target, used, keep)) = definition(kind)
        {
            self.pushdown.define(&target, &used, keep);
            let defined = self.pushdown.lists.get(&target).map_or(0, Vec::len);
            self.spend(defined + used.len(), node);
        }
        if self.assumed.len() < self.options.modifications && super::flow::is_transfer(kind) {
            self.frame = Some(frame.clone());
        }
        Flow::Continue
    }

    fn transfer(&mut self, node: Node, facts: &[Fact], next: Node) {
        let flow = &self.analysis.flow;
        let Some(s) = flow.at(node) else { return };
        let conjugue = self.analysis.conjugue[s].unwrap_or(flow.end());
        self.spend(1 + facts.len() + self.pushdown.len(), node);
        let before = self.pushdown.clone();
        for &fact in facts {
            self.pushdown.push(fact, conjugue);
        }
        let stmt_vars = if self.options.refined {
            transfer_vars(&self.analysis.algorithm.stmts[node.stmt].kind)
        } else {
            Vec::new()
        };
        let from_lists = self.pushdown.lists_of(&stmt_vars);
        self.spend(from_lists.len(), node);
        for &fact in &from_lists {
            self.pushdown.push(fact, conjugue);
        }
        let Some(frame) = self.frame.take() else { return };
        if self.assumed.len() >= self.options.modifications {
            return;
        }
        let went = flow.at(next);
        for (i, &fact) in facts.iter().enumerate() {
            for alt in self.alternatives(fact) {
                let mut assumed = self.assumed.clone();
                assumed.push(alt);
                let overlay = Overlay { base: self.base, assumed: &assumed };
                let Ok(other) = self.interp.successor(&frame, &overlay) else { continue };
                let Some(to) = flow.at(other) else { continue };
                if Some(to) == went || to == conjugue {
                    continue;
                }
                self.spend(1 + before.len() + frame.vars.len(), node);
                if self.worn.is_some() {
                    return;
                }
                let mut pushdown = before.clone();
                for (j, &f) in facts.iter().enumerate() {
                    pushdown.push(if i == j { alt } else { f }, conjugue);
                }
                for &f in &from_lists {
                    pushdown.push(f, conjugue);
                }
                let mut resumed = frame.clone();
                resumed.node = other;
                let branch = Branch { frame: resumed, pushdown, assumed, stop: conjugue };
                self.hold(branch.bytes());
                if self.full {
                    return;
                }
                self.branches.push(branch);
            }
        }
    }

    fn emit(&mut self, node: Node, mv: &RuleMove) {
        self.spend(self.pushdown.len(), node);
        let overlay = Overlay { base: self.base, assumed: &self.assumed };
        let changes = changes(&overlay, self.player, mv);
        let conditions = self.conditions();
        let finding = Finding { node, output: Output::Move(*mv), conditions, changes };
        self.hold(finding.bytes());
        self.findings.push(finding);
    }

    fn result(&mut self, node: Node, outcome: Outcome) {
        self.spend(self.pushdown.len(), node);
        let conditions = self.conditions();
        let finding = Finding { node, output: Output::Result(outcome), conditions, changes: Vec::new() };
        self.hold(finding.bytes());
        self.findings.push(finding);
    }
}

/// The changes `mv` makes on `view` when `player` plays it: the squares it
/// touches (in the order first touched) whose occupation or nature
/// differs after it, then the indicatifs it changes.
pub fn changes<V: View>(view: &V, player: u8, mv: &RuleMove) -> Vec<Change> {
    let mut squares: Vec<(Square, u8, u8, u8, u8)> = Vec::new();
    let mut indics: Vec<Change> = Vec::new();
    let slot = |s: Square, squares: &mut Vec<(Square, u8, u8, u8, u8)>| -> usize {
        if let Some(i) = squares.iter().position(|e| e.0 == s) {
            return i;
        }
        let (o, n) = (view.occupy(s), view.nature(s));
        squares.push((s, o, n, o, n));
        squares.len() - 1
    };
    for sub in mv.subs() {
        match *sub {
            Sub::None => {}
            Sub::Travel(a, b) => {
                let i = slot(a, &mut squares);
                let j = slot(b, &mut squares);
                let (o, n) = (squares[i].3, squares[i].4);
                squares[j].3 = o;
                squares[j].4 = n;
                squares[i].3 = 0;
                squares[i].4 = 0;
            }
            Sub::Capture(s) => {
                let i = slot(s, &mut squares);
                squares[i].3 = 0;
                squares[i].4 = 0;
            }
            Sub::Put(p, s) => {
                let i = slot(s, &mut squares);
                squares[i].3 = player;
                squares[i].4 = p;
            }
            Sub::Promotion(p, s) => {
                let i = slot(s, &mut squares);
                squares[i].4 = p;
            }
            Sub::Indic { id, player: p, value } => {
                indics.retain(|c| !matches!(c, Change::Indic(i, q, _) if *i == id && *q == p));
                if view.indic(id, p) != value {
                    indics.push(Change::Indic(id, p, value));
                }
            }
        }
    }
    let mut out = Vec::new();
    for (s, o0, n0, o1, n1) in squares {
        if o0 != o1 {
            out.push(Change::Occupy(s, o1));
        }
        if o1 != 0 && n1 != n0 {
            out.push(Change::Nature(s, n1));
        }
    }
    out.extend(indics);
    out
}

impl<'p> Analysis<'p> {
    /// The flowchart of `algo` of `program` and the conjugué of every
    /// transfer statement (Pitrat's search).
    pub fn new(program: &'p Program, algo: Algo) -> Result<Analysis<'p>, RulesError> {
        let algorithm = match algo {
            Algo::Moves => &program.moves,
            Algo::Result => program.result.as_ref().ok_or_else(|| RulesError::Parse {
                at: super::error::Location { file: program.file.clone(), line: 1, statement: String::new() },
                why: "the rule file has no RESULT algorithm; add `ALGORITHM * RESULT.` and its statements".into(),
            })?,
        };
        let flow = Flowchart::new(algorithm, &program.file)?;
        let mut conjugue = vec![None; flow.len()];
        for (s, c) in flow.conjugues() {
            conjugue[s] = c;
        }
        let loop_x = algorithm
            .stmts
            .iter()
            .enumerate()
            .filter(|(_, s)| matches!(s.kind, StmtKind::Loop(..)))
            .filter_map(|(i, _)| flow.index(Vertex::Node(Node { stmt: i, entry: Entry::X })).map(|x| (i, x)))
            .collect();
        Ok(Analysis { program, algorithm, algo, flow, conjugue, loop_x })
    }

    /// The error of a run whose analysis ran out of work at `node`.
    fn worn(&self, node: Node, steps: u64) -> RulesError {
        let stmt = &self.algorithm.stmts[node.stmt];
        RulesError::Steps {
            at: Box::new(super::error::Location {
                file: self.program.file.clone(),
                line: stmt.line,
                statement: stmt.text.clone(),
            }),
            what: format!(
                "the analysis of the {} algorithm (each condition stored, examined or copied is a step)",
                self.algo.name()
            ),
            place: super::limits::place(self.algorithm, node.stmt),
            steps,
        }
    }

    /// The flowchart.
    pub fn flowchart(&self) -> &Flowchart {
        &self.flow
    }

    /// The conjugué (a vertex of the flowchart) of vertex `s`.
    pub fn conjugue(&self, s: usize) -> Option<usize> {
        self.conjugue[s]
    }

    /// Runs the algorithm for `player` on `view` and returns every move or
    /// result with its necessary conditions; with modifications, also the
    /// moves that would exist after up to `options.modifications` of them.
    pub fn run<V: View>(
        &self,
        interp: &Interpreter<'p>,
        view: &V,
        player: u8,
        options: Options,
    ) -> Result<Report, RulesError> {
        let mut report = Report::default();
        let mut queue: VecDeque<Branch> = VecDeque::new();
        let frame = interp.start(self.algo, player);
        // The bytes the findings and the queue hold.
        let mut held = 0u64;
        let full = || RulesError::Memory {
            what: "the analysis of conditions and modifications".into(),
            limit_mib: options.memory >> 20,
        };
        let mut tracer = Tracer {
            analysis: self,
            interp,
            base: view,
            options,
            player,
            pushdown: PushDown::default(),
            assumed: Vec::new(),
            stop: None,
            frame: None,
            findings: Vec::new(),
            branches: Vec::new(),
            increments: None,
            last: None,
            room: options.memory,
            used: 0,
            full: false,
            work: interp.limits().steps,
            worn: None,
        };
        interp.resume(frame, &Overlay { base: view, assumed: &[] }, &mut tracer)?;
        if tracer.full {
            return Err(full());
        }
        if let Some(node) = tracer.worn {
            return Err(self.worn(node, interp.limits().steps));
        }
        held += tracer.used;
        report.runs = 1;
        report.findings.extend(tracer.findings);
        queue.extend(tracer.branches);
        while let Some(branch) = queue.pop_front() {
            if report.runs >= options.max_runs {
                report.unexplored = queue.len() + 1;
                break;
            }
            held -= branch.bytes().min(held);
            report.runs += 1;
            let mut tracer = Tracer {
                analysis: self,
                interp,
                base: view,
                options,
                player,
                pushdown: branch.pushdown,
                assumed: branch.assumed,
                stop: Some(branch.stop),
                frame: None,
                findings: Vec::new(),
                branches: Vec::new(),
                increments: None,
                last: None,
                room: options.memory.saturating_sub(held),
                used: 0,
                full: false,
                work: interp.limits().steps,
                worn: None,
            };
            let assumed = tracer.assumed.clone();
            match interp.resume(branch.frame, &Overlay { base: view, assumed: &assumed }, &mut tracer) {
                _ if tracer.full => return Err(full()),
                // Past its work on the assumed board: refused, as a run past
                // its steps is.
                _ if tracer.worn.is_some() => report.refused += 1,
                Ok(()) => {
                    held += tracer.used;
                    report.findings.extend(tracer.findings);
                    queue.extend(tracer.branches);
                }
                // Refused by the rules on the assumed board (a budget of
                // steps run out included: the normal run kept to it).
                Err(_) => report.refused += 1,
            }
        }
        let mut seen = HashSet::new();
        report.findings.retain(|f| seen.insert((f.output, f.conditions.clone())));
        Ok(report)
    }
}

/// Words for facts, changes and moves, as the paper writes them.
#[derive(Clone, Copy, Debug)]
pub struct Words<'h> {
    /// The rule file's header (natures and indicatifs by name).
    pub header: &'h Header,
    /// The player the run was for: `FRIEND` is this player.
    pub player: u8,
}

impl Words<'_> {
    fn occupant(&self, v: u8) -> &'static str {
        match v {
            0 => "EMPTY",
            p if p == self.player => "FRIEND",
            _ => "ENEMY",
        }
    }

    fn nature(&self, n: u8) -> String {
        self.header.pieces.get(usize::from(n).wrapping_sub(1)).map_or_else(|| n.to_string(), |p| p.name.clone())
    }

    fn indic(&self, id: u8, player: u8) -> String {
        let name = self.header.indics.get(usize::from(id)).map_or_else(|| format!("#{id}"), |i| i.name.clone());
        if player == 0 { name } else { format!("{name}[{}]", self.occupant(player)) }
    }

    /// `OCCUPY(1, 2) = FRIEND`, `NATURE(1, 2) = BISHOP`.
    pub fn fact(&self, fact: Fact) -> String {
        match fact {
            Fact::Occupy(s, v) => format!("OCCUPY({}, {}) = {}", s.x, s.y, self.occupant(v)),
            Fact::Nature(s, v) => format!("NATURE({}, {}) = {}", s.x, s.y, self.nature(v)),
            Fact::Indic(id, p, v) => format!("{} = {v}", self.indic(id, p)),
        }
    }

    /// A condition; one not fulfilled is written as the paper does, "(8,
    /// 6) becomes empty": `OCCUPY(8, 6) becomes EMPTY`.
    pub fn condition(&self, c: Condition) -> String {
        if c.fulfilled { self.fact(c.fact) } else { self.fact(c.fact).replace(" = ", " becomes ") }
    }

    /// `OCCUPY(4, 5) becomes FRIEND`.
    pub fn change(&self, c: Change) -> String {
        match c {
            Change::Occupy(s, v) => format!("OCCUPY({}, {}) becomes {}", s.x, s.y, self.occupant(v)),
            Change::Nature(s, v) => format!("NATURE({}, {}) becomes {}", s.x, s.y, self.nature(v)),
            Change::Indic(id, p, v) => format!("{} becomes {v}", self.indic(id, p)),
        }
    }

    /// A move as the paper outputs it: `CAPTURE, (4, 5). TRAVEL, (1, 2), (4, 5).`
    pub fn output(&self, output: &Output) -> String {
        match output {
            Output::Result(o) => format!("RESULT {}", outcome_name(*o)),
            Output::Move(mv) => {
                let sq = |s: Square| format!("({}, {})", s.x, s.y);
                mv.subs()
                    .iter()
                    .filter_map(|s| match *s {
                        Sub::None => None,
                        Sub::Travel(a, b) => Some(format!("TRAVEL, {}, {}.", sq(a), sq(b))),
                        Sub::Capture(a) => Some(format!("CAPTURE, {}.", sq(a))),
                        Sub::Put(p, a) => Some(format!("PUT, {}, {}.", self.nature(p), sq(a))),
                        Sub::Promotion(p, a) => Some(format!("PROMOTION, {}, {}.", self.nature(p), sq(a))),
                        Sub::Indic { id, player, value } => {
                            Some(format!("INDIC, {}, {value}.", self.indic(id, player)))
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            }
        }
    }
}

/// The paper's name of a result.
pub fn outcome_name(o: Outcome) -> &'static str {
    match o {
        Outcome::Victory => "VICTORY",
        Outcome::NoVictory => "NO VICTORY",
        Outcome::Draw => "DRAW",
        Outcome::Loss => "LOSS",
    }
}

#[cfg(test)]
mod tests;
