//! The flowchart of an algorithm, and the *conjugué* of each transfer
//! statement (Pitrat 1971, "Construction of the flowchart" and
//! "Determination of conjugués").
//!
//! The flowchart has one vertex per [`Node`] that does something: every
//! statement but `GO TO` and `END` ("a consequence of the linear
//! description of the algorithm", they disappear), with `SCANNING` and
//! `LOOP` replaced by their equivalent flowcharts (the paper's Figs. 1 and
//! 2): a `SCANNING` labelled `L` has the vertices `L` (first square, then
//! the next statement) and `x‖L` (next square: the next statement, or `L2`
//! when the board is done); a `LOOP` has `L` (first step along the first
//! increment: the next statement, or `x‖L` when it is off the board), `z‖L`
//! (one more step: likewise) and `x‖L` (next increment: the next statement,
//! or `L2` when all are used). Every `FINISHED` is gathered into one vertex,
//! the dynamic end ([`Vertex::End`]); a run that falls onto `END` has ended
//! too, so `END` reached by falling through is the same vertex.
//!
//! The conjugué of a transfer statement `s` (`IF`, `CPTD GO TO`) is "the
//! first statement `t` which we are sure to execute if we execute `s`,
//! whatever path we take after `s`": its immediate post-dominator.
//! [`Flowchart::conjugue`] finds it by Pitrat's two-step search, exactly as
//! the paper describes it; [`Flowchart::post_dominators`] computes every
//! immediate post-dominator independently (Cooper, Harvey and Kennedy's
//! iterative algorithm on the reversed graph), and the tests check that
//! the two agree on every transfer statement of every shipped rule file and
//! of random flowcharts.

use std::collections::HashMap;

use super::ast::{Algorithm, Entry, Name, Node, StmtId, StmtKind};
use super::error::{Location, RulesError};

/// A vertex of the flowchart: a statement's entry, or the dynamic end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Vertex {
    /// A statement (or the `x‖L` / `z‖L` entry of a `SCANNING` or `LOOP`).
    Node(Node),
    /// The dynamic end: every `FINISHED` of the algorithm.
    End,
}

/// The flowchart of one algorithm.
#[derive(Clone, Debug)]
pub struct Flowchart {
    vertices: Vec<Vertex>,
    succ: Vec<Vec<usize>>,
    pred: Vec<Vec<usize>>,
    index: HashMap<Vertex, usize>,
    /// Every node of the algorithm (`GO TO` and `FINISHED` included) to
    /// the vertex a transfer to it reaches.
    resolve: HashMap<Node, usize>,
    names: Vec<String>,
    start: usize,
    end: usize,
}

/// The label of `stmt`'s entry `entry` as a rule file writes it: `CQ`,
/// `XCQ`, `ZCQ`; an unlabelled statement is named by its line.
fn node_name(algorithm: &Algorithm, node: Node) -> String {
    let stmt = &algorithm.stmts[node.stmt];
    match (&stmt.label, node.entry) {
        (Some(label), Entry::Main) => label.clone(),
        (Some(label), Entry::X) => format!("X{label}"),
        (Some(label), Entry::Z) => format!("Z{label}"),
        (None, entry) => {
            let prefix = match entry {
                Entry::Main => "",
                Entry::X => "x of ",
                Entry::Z => "z of ",
            };
            format!("{prefix}line {}", stmt.line)
        }
    }
}

/// The labels of an algorithm: each statement's, and the auxiliary `x‖L`
/// and `z‖L` of its `SCANNING` and `LOOP` statements.
pub fn labels(algorithm: &Algorithm, file: &str) -> Result<HashMap<Name, Node>, RulesError> {
    let mut map: HashMap<Name, Node> = HashMap::new();
    let add = |name: Name, node: Node, map: &mut HashMap<Name, Node>| -> Result<(), RulesError> {
        if let Some(&other) = map.get(&name) {
            let first = &algorithm.stmts[other.stmt];
            let stmt = &algorithm.stmts[node.stmt];
            return Err(RulesError::Parse {
                at: Location { file: file.to_owned(), line: stmt.line, statement: stmt.text.clone() },
                why: format!(
                    "the label {name} is already used at line {} (`{}`); rename one of them (x‖L and z‖L of a SCANNING \
                     or LOOP labelled L are written XL and ZL)",
                    first.line,
                    super::error::excerpt(&first.text)
                ),
            });
        }
        map.insert(name, node);
        Ok(())
    };
    for (id, stmt) in algorithm.stmts.iter().enumerate() {
        if let Some(label) = &stmt.label {
            add(label.clone(), Node { stmt: id, entry: Entry::Main }, &mut map)?;
        }
    }
    for (id, stmt) in algorithm.stmts.iter().enumerate() {
        let Some(label) = &stmt.label else { continue };
        match stmt.kind {
            StmtKind::Scanning(..) => add(format!("X{label}"), Node { stmt: id, entry: Entry::X }, &mut map)?,
            StmtKind::Loop(..) => {
                add(format!("X{label}"), Node { stmt: id, entry: Entry::X }, &mut map)?;
                add(format!("Z{label}"), Node { stmt: id, entry: Entry::Z }, &mut map)?;
            }
            _ => {}
        }
    }
    Ok(map)
}

/// Checks the labels of `algorithm` (each defined once, `x‖L` and `z‖L`
/// included) and refuses `GO TO` statements that only go to each other
/// (`A. GO TO * A.`): a run that reached them would never end. The
/// interpreter checks this when it prepares the rules, as the flowchart
/// does.
pub fn check_goto_cycles(algorithm: &Algorithm, file: &str) -> Result<(), RulesError> {
    let labels = labels(algorithm, file)?;
    let stmts = &algorithm.stmts;
    // 0: not seen; 1: on the chain being followed; 2: leads out of GO TO statements.
    let mut state = vec![0u8; stmts.len()];
    for (id, stmt) in stmts.iter().enumerate() {
        let mut chain = Vec::new();
        let mut cur = Node { stmt: id, entry: Entry::Main };
        while let (StmtKind::GoTo(label), Entry::Main, 0) = (&stmts[cur.stmt].kind, cur.entry, state[cur.stmt]) {
            state[cur.stmt] = 1;
            chain.push(cur.stmt);
            // An undefined label is the interpreter's to report, with its own words.
            let Some(&next) = labels.get(label) else { break };
            cur = next;
            if state[cur.stmt] == 1 && cur.entry == Entry::Main {
                return Err(RulesError::Parse {
                    at: Location { file: file.to_owned(), line: stmt.line, statement: stmt.text.clone() },
                    why: GOTO_CYCLE.into(),
                });
            }
        }
        for s in chain {
            state[s] = 2;
        }
    }
    Ok(())
}

const GOTO_CYCLE: &str = "these GO TO statements only go to each other: the run would never end; make one of them go \
                          to a statement that does something";

impl Flowchart {
    /// Builds the flowchart of `algorithm` (of rule file `file`, for
    /// messages): fails on a label that names no statement, and on `GO TO`
    /// statements that only go to each other.
    pub fn new(algorithm: &Algorithm, file: &str) -> Result<Flowchart, RulesError> {
        let labels = labels(algorithm, file)?;
        let stmts = &algorithm.stmts;
        let at =
            |id: StmtId| Location { file: file.to_owned(), line: stmts[id].line, statement: stmts[id].text.clone() };

        // The vertices: every entry of every statement that does something.
        let mut vertices = Vec::new();
        for (id, stmt) in stmts.iter().enumerate() {
            let main = Node { stmt: id, entry: Entry::Main };
            match stmt.kind {
                StmtKind::GoTo(_) | StmtKind::End | StmtKind::Finished => {}
                StmtKind::Scanning(..) => {
                    vertices.push(Vertex::Node(main));
                    vertices.push(Vertex::Node(Node { stmt: id, entry: Entry::X }));
                }
                StmtKind::Loop(..) => {
                    vertices.push(Vertex::Node(main));
                    vertices.push(Vertex::Node(Node { stmt: id, entry: Entry::X }));
                    vertices.push(Vertex::Node(Node { stmt: id, entry: Entry::Z }));
                }
                _ => vertices.push(Vertex::Node(main)),
            }
        }
        vertices.push(Vertex::End);
        let end = vertices.len() - 1;
        let index: HashMap<Vertex, usize> = vertices.iter().enumerate().map(|(i, &v)| (v, i)).collect();

        // Where a transfer to a statement's entry arrives: GO TO chains are
        // followed, FINISHED and END are the dynamic end.
        let mut resolve: HashMap<Node, usize> = HashMap::new();
        for (id, stmt) in stmts.iter().enumerate() {
            let main = Node { stmt: id, entry: Entry::Main };
            let mut seen = Vec::new();
            let mut cur = main;
            let target = loop {
                match &stmts[cur.stmt].kind {
                    StmtKind::GoTo(label) if cur.entry == Entry::Main => {
                        if seen.contains(&cur.stmt) {
                            return Err(RulesError::Parse { at: at(id), why: GOTO_CYCLE.into() });
                        }
                        seen.push(cur.stmt);
                        cur = *labels.get(label).ok_or_else(|| unknown(at(cur.stmt), label))?;
                    }
                    StmtKind::End | StmtKind::Finished => break end,
                    _ => break index[&Vertex::Node(cur)],
                }
            };
            resolve.insert(main, target);
            if let StmtKind::Scanning(..) | StmtKind::Loop(..) = stmt.kind {
                resolve.insert(
                    Node { stmt: id, entry: Entry::X },
                    index[&Vertex::Node(Node { stmt: id, entry: Entry::X })],
                );
            }
            if let StmtKind::Loop(..) = stmt.kind {
                resolve.insert(
                    Node { stmt: id, entry: Entry::Z },
                    index[&Vertex::Node(Node { stmt: id, entry: Entry::Z })],
                );
            }
        }
        let to_label = |id: StmtId, label: &Name| -> Result<usize, RulesError> {
            let node = labels.get(label).ok_or_else(|| unknown(at(id), label))?;
            Ok(resolve[node])
        };
        let next = |id: StmtId| -> usize {
            if id + 1 < stmts.len() { resolve[&Node { stmt: id + 1, entry: Entry::Main }] } else { end }
        };

        let mut succ: Vec<Vec<usize>> = vec![Vec::new(); vertices.len()];
        for (v, vertex) in vertices.iter().enumerate() {
            let Vertex::Node(node) = *vertex else { continue };
            let id = node.stmt;
            let x = || index[&Vertex::Node(Node { stmt: id, entry: Entry::X })];
            let out: Vec<usize> = match (&stmts[id].kind, node.entry) {
                (StmtKind::ComputedGoTo(_, cases), _) => {
                    cases.iter().map(|(_, label)| to_label(id, label)).collect::<Result<_, _>>()?
                }
                (StmtKind::If(_, _, _, yes, no), _) => vec![to_label(id, yes)?, to_label(id, no)?],
                (StmtKind::Scanning(..), Entry::Main) => vec![next(id)],
                (StmtKind::Scanning(_, done), _) => vec![next(id), to_label(id, done)?],
                (StmtKind::Loop(..), Entry::Main | Entry::Z) => vec![next(id), x()],
                (StmtKind::Loop(_, _, _, done), Entry::X) => vec![next(id), to_label(id, done)?],
                _ => vec![next(id)],
            };
            let mut unique = Vec::with_capacity(out.len());
            for w in out {
                if !unique.contains(&w) {
                    unique.push(w);
                }
            }
            succ[v] = unique;
        }
        let mut pred: Vec<Vec<usize>> = vec![Vec::new(); vertices.len()];
        for (v, out) in succ.iter().enumerate() {
            for &w in out {
                pred[w].push(v);
            }
        }
        let names = vertices
            .iter()
            .map(|v| match *v {
                Vertex::Node(node) => node_name(algorithm, node),
                Vertex::End => "FINISHED".to_owned(),
            })
            .collect();
        let start = if stmts.is_empty() { end } else { resolve[&Node { stmt: 0, entry: Entry::Main }] };
        Ok(Flowchart { vertices, succ, pred, index, resolve, names, start, end })
    }

    /// Builds a flowchart directly from successor lists (vertex `end` is
    /// the dynamic end; the others are named `v0`, `v1`, ...): for tests of
    /// the searches on arbitrary graphs.
    pub fn from_edges(succ: Vec<Vec<usize>>, start: usize, end: usize) -> Flowchart {
        let n = succ.len();
        let vertices: Vec<Vertex> = (0..n)
            .map(|v| if v == end { Vertex::End } else { Vertex::Node(Node { stmt: v, entry: Entry::Main }) })
            .collect();
        let mut pred: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (v, out) in succ.iter().enumerate() {
            for &w in out {
                pred[w].push(v);
            }
        }
        let index = vertices.iter().enumerate().map(|(i, &v)| (v, i)).collect();
        let resolve = vertices
            .iter()
            .enumerate()
            .filter_map(|(i, v)| match v {
                Vertex::Node(node) => Some((*node, i)),
                Vertex::End => None,
            })
            .collect();
        let names = (0..n).map(|v| if v == end { "FINISHED".to_owned() } else { format!("v{v}") }).collect();
        Flowchart { vertices, succ, pred, index, resolve, names, start, end }
    }

    /// The number of vertices (the dynamic end included).
    pub fn len(&self) -> usize {
        self.vertices.len()
    }

    /// Whether the flowchart has no vertex but the dynamic end.
    pub fn is_empty(&self) -> bool {
        self.vertices.len() <= 1
    }

    /// Vertex `v`.
    pub fn vertex(&self, v: usize) -> Vertex {
        self.vertices[v]
    }

    /// The index of a vertex, if the flowchart has it.
    pub fn index(&self, vertex: Vertex) -> Option<usize> {
        self.index.get(&vertex).copied()
    }

    /// The vertex a run that enters `node` is at: a `GO TO` is where it
    /// goes, a `FINISHED` (or `END`) is the dynamic end.
    pub fn at(&self, node: Node) -> Option<usize> {
        self.resolve.get(&node).copied()
    }

    /// The successors of vertex `v`, in the order of the statement (an
    /// `IF`'s true branch first; a `CPTD GO TO`'s cases in order).
    pub fn successors(&self, v: usize) -> &[usize] {
        &self.succ[v]
    }

    /// The predecessors of vertex `v`.
    pub fn predecessors(&self, v: usize) -> &[usize] {
        &self.pred[v]
    }

    /// The first vertex a run executes.
    pub fn start(&self) -> usize {
        self.start
    }

    /// The dynamic end.
    pub fn end(&self) -> usize {
        self.end
    }

    /// Vertex `v` as the rule file names it: `CQ`, `XCQ`, `line 12`,
    /// `FINISHED`.
    pub fn name(&self, v: usize) -> &str {
        &self.names[v]
    }

    /// The vertices with more than one successor: the transfer statements
    /// (`IF`, `CPTD GO TO`) and the tests inside `SCANNING` and `LOOP`.
    pub fn branches(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.len()).filter(|&v| self.succ[v].len() > 1)
    }

    /// Pitrat's first step: a path from `s` to the dynamic end, found by
    /// developing one branch at each statement and pushing the other,
    /// unexplored branches in a push-down; a statement already explored
    /// (marked) is not developed again. `blocked` is taken as already
    /// explored from the start (the second step's mark). The path is `s,
    /// s1, ..., sn` with `sn` the end; `None` if there is none.
    pub fn path_to_end(&self, s: usize, blocked: Option<usize>) -> Option<Vec<usize>> {
        let n = self.len();
        let mut marked = vec![false; n];
        if let Some(b) = blocked {
            marked[b] = true;
        }
        marked[s] = true;
        let mut path = vec![s];
        // The push-down: an unexplored branch and the length of the path
        // that led to it.
        let mut pushdown: Vec<(usize, usize)> = Vec::new();
        let mut here = s;
        loop {
            let mut developed = None;
            for &w in &self.succ[here] {
                if marked[w] {
                    continue;
                }
                if developed.is_none() {
                    developed = Some(w);
                } else {
                    pushdown.push((w, path.len()));
                }
            }
            let next = match developed {
                Some(w) => w,
                None => loop {
                    let (w, len) = pushdown.pop()?;
                    if !marked[w] {
                        path.truncate(len);
                        break w;
                    }
                },
            };
            path.push(next);
            if next == self.end {
                return Some(path);
            }
            marked[next] = true;
            here = next;
        }
    }

    /// The conjugué of vertex `s` by Pitrat's two-step search: the first
    /// statement of a path from `s` to the end (first step) such that no
    /// path from `s` to the end avoids it (second step). `None` if no path
    /// leads from `s` to the end (a programming error in the rules).
    pub fn conjugue(&self, s: usize) -> Option<usize> {
        let path = self.path_to_end(s, None)?;
        path.into_iter().skip(1).find(|&si| si == self.end || self.path_to_end(s, Some(si)).is_none())
    }

    /// The immediate post-dominator of every vertex, computed independently
    /// of [`Flowchart::conjugue`]: Cooper, Harvey and Kennedy's iterative
    /// dominator algorithm ("A Simple, Fast Dominance Algorithm", 2001) on
    /// the reversed graph, rooted at the dynamic end. `None` for the end
    /// itself and for a vertex from which the end cannot be reached.
    pub fn post_dominators(&self) -> Vec<Option<usize>> {
        let n = self.len();
        // Reverse postorder of a depth-first search of the reversed graph.
        let mut order = Vec::with_capacity(n);
        let mut seen = vec![false; n];
        let mut stack: Vec<(usize, usize)> = vec![(self.end, 0)];
        seen[self.end] = true;
        while let Some(&mut (v, ref mut i)) = stack.last_mut() {
            if let Some(&w) = self.pred[v].get(*i) {
                *i += 1;
                if !seen[w] {
                    seen[w] = true;
                    stack.push((w, 0));
                }
            } else {
                order.push(v);
                stack.pop();
            }
        }
        order.reverse();
        let mut rank = vec![usize::MAX; n];
        for (r, &v) in order.iter().enumerate() {
            rank[v] = r;
        }
        let mut idom: Vec<Option<usize>> = vec![None; n];
        idom[self.end] = Some(self.end);
        let intersect = |idom: &[Option<usize>], mut a: usize, mut b: usize| {
            while a != b {
                while rank[a] > rank[b] {
                    a = idom[a].expect("processed");
                }
                while rank[b] > rank[a] {
                    b = idom[b].expect("processed");
                }
            }
            a
        };
        let mut changed = true;
        while changed {
            changed = false;
            for &v in order.iter().skip(1) {
                // In the reversed graph, v's predecessors are its successors.
                let mut new = None;
                for &w in &self.succ[v] {
                    if idom[w].is_none() {
                        continue;
                    }
                    new = Some(match new {
                        None => w,
                        Some(cur) => intersect(&idom, w, cur),
                    });
                }
                if new.is_some() && idom[v] != new {
                    idom[v] = new;
                    changed = true;
                }
            }
        }
        idom[self.end] = None;
        idom
    }

    /// The conjugué of every transfer statement (every vertex with more
    /// than one successor), by Pitrat's search, in the order of the file.
    pub fn conjugues(&self) -> Vec<(usize, Option<usize>)> {
        self.branches().map(|s| (s, self.conjugue(s))).collect()
    }
}

fn unknown(at: Location, label: &Name) -> RulesError {
    RulesError::Parse {
        at,
        why: format!(
            "no statement is labelled {label}; add the label, or write the label of an existing statement (XL and ZL \
             are the x‖L and z‖L of a SCANNING or LOOP labelled L)"
        ),
    }
}

/// Whether `stmt` is a transfer statement in the paper's sense (`IF`,
/// `CPTD GO TO`): the statements whose conditions are stored.
pub fn is_transfer(kind: &StmtKind) -> bool {
    matches!(kind, StmtKind::If(..) | StmtKind::ComputedGoTo(..))
}

#[cfg(test)]
mod tests;
