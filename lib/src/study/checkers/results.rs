//! The checkers study's result tables: perft beside the published counts,
//! the speed table and game replays.

use serde_json::{Value, json};

use super::published;
use crate::Result;
use crate::engine::checkers::replay::{Replay, write_move};
use crate::engine::checkers::{Color, Counter, Counting, PerftRun, Position, Repr, run_perft};
use crate::engine::limit::check_repeats;
use crate::engine::progress::{Progress, Step};
use crate::report::{Cell, Column, Comparison, Published, Table, Verdict};

/// A perft request.
#[derive(Clone, Debug)]
pub struct CheckersPerftRequest {
    /// The position.
    pub position: Position,
    /// Plies.
    pub depth: u32,
    /// Representations to run.
    pub reprs: Vec<Repr>,
    /// Counting conventions to run.
    pub countings: Vec<Counting>,
    /// Whether to list each root move's count.
    pub divide: bool,
    /// Worker threads (1: one). The counts do not depend on it.
    pub threads: usize,
    /// Perft table in mebibytes (0: none). The counts do not depend on it.
    pub table_mb: u64,
}

/// The outcome of a [`CheckersPerftRequest`].
#[derive(Clone, Debug)]
pub struct CheckersPerftReport {
    /// What was asked.
    pub request: CheckersPerftRequest,
    /// One run per representation and counting.
    pub runs: Vec<PerftRun>,
    /// Whether the runs of each counting agree across representations.
    pub agree: bool,
    /// The published count and verdict, for the opening position under
    /// [`Counting::Paths`].
    pub comparison: Option<Comparison<u64>>,
}

/// Runs a perft request.
///
/// ```
/// use plybench::study::checkers::results::{CheckersPerftRequest, perft_report};
/// use plybench::engine::checkers::{Counting, Position, Repr};
/// use plybench::report::{Tally, Verdict};
///
/// let request = CheckersPerftRequest {
///     position: Position::start(),
///     depth: 5,
///     reprs: Repr::ALL.to_vec(),
///     countings: vec![Counting::Paths],
///     divide: false,
///     threads: 1,
///     table_mb: 0,
/// };
/// let report = perft_report(request)?;
/// assert!(report.agree);
/// assert!(Tally::of(&report.tables()).passed());
/// assert_eq!(report.comparison.unwrap().verdict, Verdict::Match);
/// # Ok::<(), plybench::Error>(())
/// ```
pub fn perft_report(request: CheckersPerftRequest) -> Result<CheckersPerftReport> {
    let mut runs = Vec::new();
    let mut counter = Counter::new(request.threads, request.table_mb)?;
    for &counting in &request.countings {
        for &repr in &request.reprs {
            runs.push(counter.run(repr, &request.position, request.depth, counting, request.divide)?);
        }
    }
    let agree = request.countings.iter().all(|&c| agrees(&runs, c));
    let comparison = if request.position == Position::start() {
        let computed = runs.iter().find(|r| r.counting == Counting::Paths).map(|r| r.nodes);
        let published = published::opening(request.depth)?;
        match (computed, published) {
            (Some(c), p) => Some(Comparison::new(Some(c), p.as_ref())),
            (None, _) => None,
        }
    } else {
        None
    };
    Ok(CheckersPerftReport { request, runs, agree, comparison })
}

/// Whether every run of `runs` under `counting` found the same count.
fn agrees(runs: &[PerftRun], counting: Counting) -> bool {
    let mut nodes = runs.iter().filter(|r| r.counting == counting).map(|r| r.nodes);
    let first = nodes.next();
    nodes.all(|n| Some(n) == first)
}

fn run_json(run: &PerftRun) -> Value {
    json!({
        "repr": run.repr.name(),
        "counting": run.counting.name(),
        "nodes": run.nodes,
        "seconds": run.seconds,
        "nps": run.nps().round(),
    })
}

impl CheckersPerftReport {
    /// The JSON document: `fen`, `depth`, `results` (`repr`, `nodes`,
    /// `seconds`, `nps`, and `counting`), `agree`, and for the opening
    /// `published`, `source`, `verdict`; `divide` when asked for.
    pub fn json(&self) -> Value {
        let mut v = json!({
            "fen": self.request.position.to_string(),
            "depth": self.request.depth,
            "threads": self.request.threads,
            "hash_mb": self.request.table_mb,
            "results": self.runs.iter().map(run_json).collect::<Vec<_>>(),
            "agree": self.agree,
        });
        if let Some(c) = &self.comparison {
            v["published"] = json!(c.published);
            v["source"] = json!(c.source);
            v["verdict"] = json!(c.verdict.name());
        }
        if let Some(run) = self.runs.iter().find(|r| r.divide.is_some()) {
            let rows: Vec<Value> =
                run.divide.iter().flatten().map(|(mv, n)| json!({ "move": mv.to_string(), "nodes": n })).collect();
            v["divide"] = json!(rows);
        }
        v
    }

    /// The tables: the runs, then the divide if asked for. Each run's
    /// verdict compares it with the published count (the opening under
    /// [`Counting::Paths`] only) and is `differs` when the representations
    /// disagree under its counting, so that
    /// [`Tally::passed`](crate::report::Tally::passed) on these tables
    /// decides whether the report passes.
    pub fn tables(&self) -> Vec<Table> {
        let mut t = Table::new(
            "checkers_perft",
            &format!("Perft({}) of {}", self.request.depth, self.request.position),
            vec![
                Column::new("repr", "Representation"),
                Column::new("counting", "Counting"),
                Column::new("nodes", "Nodes"),
                Column::new("seconds", "Seconds"),
                Column::new("nps", "Nodes/s"),
                Column::new("published", "Published"),
                Column::new("verdict", "Verdict"),
            ],
        );
        for run in &self.runs {
            let published = match (&self.comparison, run.counting) {
                (Some(c), Counting::Paths) => {
                    c.published.map(|value| Published { value, source: c.source.clone().unwrap_or_default() })
                }
                _ => None,
            };
            let mut verdict = Comparison::new(Some(run.nodes), published.as_ref()).verdict;
            if !agrees(&self.runs, run.counting) {
                verdict = Verdict::Differs;
            }
            let (published, verdict) = (Cell::opt(published.map(|p| p.value)), Cell::from(verdict));
            t.push(vec![
                run.repr.name().into(),
                run.counting.name().into(),
                run.nodes.into(),
                Cell::float(run.seconds, 3),
                Cell::float(run.nps(), 0),
                published,
                verdict,
            ]);
        }
        if let Some(source) = self.comparison.as_ref().and_then(|c| c.source.clone()) {
            t.note(format!("Published: {source}. It counts every path of a multiple capture."));
        }
        t.note("paths: every path of a multiple capture is a move; results: one move per distinct resulting position.");
        if !self.agree {
            t.note("THE REPRESENTATIONS DISAGREE.");
        }
        let mut out = vec![t];
        if let Some(run) = self.runs.iter().find(|r| r.divide.is_some()) {
            out.push(self.divide_table(run));
        }
        out
    }
}

impl CheckersPerftReport {
    /// The count under each root move of `run`; from the opening under
    /// [`Counting::Paths`], beside the published divide when there is one
    /// (Bik's at depths 18 to 20 and 27), each move with its verdict.
    fn divide_table(&self, run: &PerftRun) -> Table {
        let published = if self.request.position == Position::start() && run.counting == Counting::Paths {
            published::opening_divide(self.request.depth).ok().flatten()
        } else {
            None
        };
        let mut columns = vec![Column::new("move", "Move"), Column::new("nodes", "Nodes")];
        if published.is_some() {
            columns.extend([Column::new("published", "Published"), Column::new("verdict", "Verdict")]);
        }
        let mut d =
            Table::new("checkers_divide", &format!("Divide by {} ({})", run.repr.name(), run.counting.name()), columns);
        for (mv, n) in run.divide.iter().flatten() {
            let mut row = vec![mv.to_string().into(), (*n).into()];
            if let Some((moves, source)) = &published {
                let value = moves.get(&mv.to_string()).map(|&value| Published { value, source: source.clone() });
                let comparison = Comparison::new(Some(*n), value.as_ref());
                row.extend([Cell::opt(comparison.published), Cell::from(comparison.verdict)]);
            }
            d.push(row);
        }
        if let Some((moves, source)) = &published {
            d.note(format!("Published: {source}."));
            let shown: Vec<String> = run.divide.iter().flatten().map(|(mv, _)| mv.to_string()).collect();
            // A published move the generator did not list is a failure.
            for (missing, &value) in moves.iter().filter(|(m, _)| !shown.contains(m)) {
                d.push(vec![missing.as_str().into(), Cell::opt(None::<u64>), value.into(), Verdict::Differs.into()]);
            }
        }
        d
    }
}

/// The speed table: each representation's perft of `position` to `depth`,
/// the fastest of `repeats` runs, nodes per second and the ratio to Bell's
/// table-driven generator. `progress` is told of each run.
///
/// # Errors
///
/// A depth past [`MAX_DEPTH`](crate::engine::checkers::MAX_DEPTH), or a
/// number of runs outside 1 to [`MAX_REPEATS`](crate::engine::limit::MAX_REPEATS).
pub fn bench_table(position: &Position, depth: u32, repeats: u32, progress: Progress<'_>) -> Result<Table> {
    check_repeats(repeats)?;
    let mut runs = Vec::new();
    let total = Repr::ALL.len() as u64 * u64::from(repeats);
    let mut done = 0;
    for repr in Repr::ALL {
        let mut best: Option<PerftRun> = None;
        for _ in 0..repeats {
            let run = run_perft(repr, position, depth, Counting::Paths, false)?;
            done += 1;
            progress.report(Step { label: repr.name(), done, total, nodes: 0 });
            if best.as_ref().is_none_or(|b| run.seconds < b.seconds) {
                best = Some(run);
            }
        }
        runs.extend(best);
    }
    let base = runs.iter().find(|r| r.repr == Repr::Table).map_or(0.0, PerftRun::nps);
    let mut t = Table::new(
        "checkers_bench",
        &format!("Perft({depth}) speed by representation"),
        vec![
            Column::new("repr", "Representation"),
            Column::new("depth", "Depth"),
            Column::new("nodes", "Nodes"),
            Column::new("seconds", "Seconds"),
            Column::new("nps", "Nodes/s"),
            Column::new("ratio", "Ratio to table"),
        ],
    );
    for run in &runs {
        let ratio = if base > 0.0 { run.nps() / base } else { 0.0 };
        t.push(vec![
            run.repr.name().into(),
            depth.into(),
            run.nodes.into(),
            Cell::float(run.seconds, 3),
            Cell::float(run.nps(), 0),
            Cell::float(ratio, 2),
        ]);
    }
    t.note(format!(
        "Best of {repeats} run(s) each, one thread, bulk counting at the leaves, fen {position}. The machine is shared: compare ratios, not absolute speeds."
    ));
    if runs.windows(2).any(|w| w[0].nodes != w[1].nodes) {
        t.note("THE REPRESENTATIONS DISAGREE.");
    }
    Ok(t)
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// One row per damaged entry found in each replayed game.
pub fn replay_table(replays: &[Replay]) -> Table {
    let mut t = Table::new(
        "checkers_replay",
        "Replay: damaged moves and their repairs",
        vec![
            Column::new("game", "Game"),
            Column::new("numbering", "Numbering"),
            Column::new("plies", "Plies"),
            Column::new("first", "First damage"),
            Column::new("move_number", "Move"),
            Column::new("side", "Side"),
            Column::new("recorded", "Recorded"),
            Column::new("fault", "Fault"),
            Column::new("repair", "Repair"),
            Column::new("candidates", "Best candidates"),
            Column::new("plies_after", "Plies replayed after"),
            Column::new("legal_moves", "Legal moves"),
        ],
    );
    for r in replays {
        if r.damages.is_empty() {
            t.push(vec![
                r.name.clone().into(),
                r.numbering.name().into(),
                r.plies.into(),
                Cell::Bool(false),
                Cell::Null,
                Cell::Null,
                Cell::Null,
                "none: every move is legal".into(),
                Cell::Null,
                Cell::Null,
                Cell::Null,
                Cell::Null,
            ]);
        }
        for (k, d) in r.damages.iter().enumerate() {
            t.push(vec![
                r.name.clone().into(),
                r.numbering.name().into(),
                r.plies.into(),
                Cell::Bool(k == 0),
                d.number.into(),
                side_name(d.side).into(),
                d.recorded.clone().into(),
                d.fault.to_string().into(),
                Cell::opt(d.repair.map(|m| write_move(&m, r.numbering))),
                Cell::List(d.repairs.iter().map(|s| Cell::from(s.as_str())).collect()),
                d.plies_after.into(),
                d.legal.into(),
            ]);
        }
    }
    t.note("Repair: the legal move after which the rest of the record replays legally for the most plies (ties broken by the fewest characters changed in the square numbers); empty when no single move is ahead or none lets the next recorded ply through, where the replay stops.");
    t.note("Sides: black moves first; white is Cochran's Red.");
    t
}

#[cfg(test)]
mod divide_tests {
    use super::*;
    use crate::engine::checkers::legal_moves;
    use crate::report::Tally;

    /// A report of one run from the opening at `depth` whose divide gives
    /// each root move `nodes(move)`.
    fn report(depth: u32, nodes: impl Fn(&str) -> u64) -> CheckersPerftReport {
        let position = Position::start();
        let divide: Vec<(crate::engine::checkers::Move, u64)> =
            legal_moves(Repr::Bitboard, &position).into_iter().map(|mv| (mv, nodes(&mv.to_string()))).collect();
        let total = divide.iter().map(|(_, n)| n).sum();
        let run = PerftRun {
            repr: Repr::Bitboard,
            counting: Counting::Paths,
            nodes: total,
            seconds: 1.0,
            divide: Some(divide),
        };
        let request = CheckersPerftRequest {
            position,
            depth,
            reprs: vec![Repr::Bitboard],
            countings: vec![Counting::Paths],
            divide: true,
            threads: 1,
            table_mb: 0,
        };
        CheckersPerftReport { request, runs: vec![run], agree: true, comparison: None }
    }

    #[test]
    fn the_divide_of_the_opening_is_compared_with_bik() {
        let published = published::opening_divide(20).unwrap().unwrap().0;
        let right = report(20, |mv| published[mv]);
        let table = right.tables().pop().unwrap();
        assert_eq!(table.id, "checkers_divide");
        assert_eq!(Tally::of(std::slice::from_ref(&table)).matches, 7);
        // One root move off by one fails the table.
        let wrong = report(20, |mv| published[mv] + u64::from(mv == "9-13"));
        let table = wrong.tables().pop().unwrap();
        assert!(!Tally::of(std::slice::from_ref(&table)).passed());
        // No published divide at depth 5: no verdict column.
        let table = report(5, |_| 1).tables().pop().unwrap();
        assert_eq!(table.columns.len(), 2);
    }
}
