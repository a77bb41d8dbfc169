//! What the `perft` tool reports: computed counts beside the published
//! ones, as [`Table`]s and as the JSON contract.
//!
//! Every verdict is a [`Cell::Verdict`] in the tables, and pass or fail is
//! [`Tally::passed`](crate::report::Tally::passed) of them: a count that
//! differs from its published value fails; a statistic that differs only
//! where `datasets/perft/stats.json` documents a dispute is a
//! [`Verdict::Known`] discrepancy; and representations that disagree with
//! one another make every count's verdict [`Verdict::Differs`], published
//! value or not, since at least one of them is wrong.

use serde_json::{Value, json};

use super::published::{published_nodes, published_stats_for};
use super::suite::{BadLine, SuiteEntry};
use super::timing::{timed, timed_count};
use crate::Result;
use crate::engine::chess::dispatch::{Counter, divide_on, stats_on};
use crate::engine::chess::{ChessError, Move, PerftStats, Repr, Setup};
use crate::report::{Cell, Column, Comparison, Published, Table, Verdict};

/// What to compute besides the leaf count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Detail {
    /// The leaf count only.
    #[default]
    Nodes,
    /// The count of each root move.
    Divide,
    /// The breakdown by kind of move, at every depth.
    Stats,
}

/// One representation's run.
#[derive(Clone, Debug, PartialEq)]
pub struct ReprRun {
    /// The representation.
    pub repr: Repr,
    /// Leaves at the requested depth.
    pub nodes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// The divide, when asked for.
    pub divide: Option<Vec<(Move, u64)>>,
    /// The statistics, when asked for.
    pub stats: Option<Vec<PerftStats>>,
}

/// A perft of one position on several representations.
#[derive(Clone, Debug)]
pub struct ChessPerftReport {
    /// The position searched (after any moves played).
    pub setup: Setup,
    /// The depth.
    pub depth: u32,
    /// One run per representation, in the order asked.
    pub runs: Vec<ReprRun>,
    /// The published leaf count, if any.
    pub published: Option<Published<u128>>,
}

/// Runs perft of `setup` to `depth` on each of `reprs`.
pub fn perft_report(setup: &Setup, depth: u32, reprs: &[Repr], detail: Detail) -> Result<ChessPerftReport> {
    perft_report_threads(setup, depth, reprs, detail, 1)
}

/// [`perft_report`] with the leaf counts ([`Detail::Nodes`]) split over
/// `threads` threads; divide and statistics run on one.
pub fn perft_report_threads(
    setup: &Setup,
    depth: u32,
    reprs: &[Repr],
    detail: Detail,
    threads: usize,
) -> Result<ChessPerftReport> {
    perft_report_counted(setup, depth, reprs, detail, &mut Counter::new(threads, 0)?)
}

/// [`perft_report`] with the leaf counts ([`Detail::Nodes`]) made by
/// `counter` (threads, transposition table, progress); divide and
/// statistics run on one thread without a table.
pub fn perft_report_counted(
    setup: &Setup,
    depth: u32,
    reprs: &[Repr],
    detail: Detail,
    counter: &mut Counter,
) -> Result<ChessPerftReport> {
    let mut runs = Vec::with_capacity(reprs.len());
    for &repr in reprs {
        let run = match detail {
            Detail::Nodes => {
                let t = timed_count(counter, repr, setup, depth)?;
                ReprRun { repr, nodes: t.value, seconds: t.seconds, divide: None, stats: None }
            }
            Detail::Divide => {
                let t = timed(|| divide_on(repr, setup, depth))?;
                let nodes = t.value.iter().map(|(_, n)| n).sum();
                ReprRun { repr, nodes, seconds: t.seconds, divide: Some(t.value), stats: None }
            }
            Detail::Stats => {
                let t = timed(|| stats_on(repr, setup, depth))?;
                let nodes = t.value.last().map_or(0, |s| s.nodes);
                ReprRun { repr, nodes, seconds: t.seconds, divide: None, stats: Some(t.value) }
            }
        };
        runs.push(run);
    }
    Ok(ChessPerftReport { setup: setup.clone(), depth, runs, published: published_nodes(setup, depth)? })
}

fn nps(nodes: u64, seconds: f64) -> f64 {
    if seconds > 0.0 { nodes as f64 / seconds } else { 0.0 }
}

impl ChessPerftReport {
    /// Whether every representation gave the same counts (divide and
    /// statistics included).
    pub fn representations_agree(&self) -> bool {
        self.runs.windows(2).all(|w| w[0].nodes == w[1].nodes && w[0].divide == w[1].divide && w[0].stats == w[1].stats)
    }

    /// The verdict of `run`: its count against the published one, and
    /// [`Verdict::Differs`] whatever the published count when the
    /// representations disagree.
    fn verdict(&self, run: &ReprRun) -> Verdict {
        if self.representations_agree() { self.comparison(run).verdict } else { Verdict::Differs }
    }

    /// `run`'s count against the published one.
    fn comparison(&self, run: &ReprRun) -> Comparison<u128> {
        Comparison::new(Some(u128::from(run.nodes)), self.published.as_ref())
    }

    /// Every table of the report: the leaf counts, then the divide and the
    /// statistics when they were asked for. Their verdicts decide pass or
    /// fail ([`Tally::of`](crate::report::Tally::of)).
    pub fn tables(&self) -> Vec<Table> {
        let mut tables = vec![self.results_table()];
        tables.extend(self.divide_table());
        tables.extend(self.stats_table());
        tables
    }

    /// The leaf counts, one row per representation.
    pub fn results_table(&self) -> Table {
        let mut table = Table::new(
            "perft",
            &format!("perft({}) of {}", self.depth, self.setup.to_fen()),
            vec![
                Column::new("repr", "Representation"),
                Column::new("nodes", "Nodes"),
                Column::new("seconds", "Seconds"),
                Column::new("nps", "Nodes/s"),
                Column::new("published", "Published"),
                Column::new("source", "Source"),
                Column::new("verdict", "Verdict"),
            ],
        );
        for run in &self.runs {
            let [_, published, source, _] = self.comparison(run).cells();
            table.push(vec![
                run.repr.name().into(),
                run.nodes.into(),
                Cell::float(run.seconds, 3),
                Cell::float(nps(run.nodes, run.seconds), 0),
                published,
                source,
                self.verdict(run).into(),
            ]);
        }
        if !self.representations_agree() {
            table.note("The representations DISAGREE: at least one of them has a bug.");
        }
        table
    }

    /// The divide of the first representation, one row per root move.
    pub fn divide_table(&self) -> Option<Table> {
        let divide = self.runs.first()?.divide.as_ref()?;
        let mut columns = vec![Column::new("move", "Move")];
        columns.extend(self.runs.iter().map(|r| Column::new(r.repr.name(), r.repr.name())));
        let mut table = Table::new("divide", &format!("divide({})", self.depth), columns);
        let chess960 = self.setup.chess960();
        for (i, (m, _)) in divide.iter().enumerate() {
            let mut row = vec![Cell::Text(m.uci(chess960).to_string())];
            for run in &self.runs {
                row.push(Cell::opt(run.divide.as_ref().and_then(|d| d.get(i)).map(|&(_, n)| n)));
            }
            table.push(row);
        }
        Some(table)
    }

    /// Stockfish's `go perft` output: `e2e4: 13160` lines, a blank line, and
    /// `Nodes searched: N`. Where representations disagree on a move, the
    /// others' counts follow in brackets.
    pub fn divide_text(&self) -> Option<String> {
        let first = self.runs.first()?;
        let divide = first.divide.as_ref()?;
        let mut out = String::new();
        let chess960 = self.setup.chess960();
        for (i, &(m, n)) in divide.iter().enumerate() {
            out.push_str(&format!("{}: {n}", m.uci(chess960)));
            for run in &self.runs[1..] {
                let theirs = run.divide.as_ref().and_then(|d| d.get(i)).copied();
                if theirs != Some((m, n)) {
                    out.push_str(&format!(
                        " ({}: {})",
                        run.repr,
                        theirs.map_or("missing".into(), |(m, n)| format!("{} {n}", m.uci(chess960)))
                    ));
                }
            }
            out.push('\n');
        }
        out.push_str(&format!("\nNodes searched: {}\n", first.nodes));
        Some(out)
    }

    /// For each depth of the first representation's statistics: the row,
    /// the verdict against the published table ([`Verdict::Known`] when
    /// every difference is a documented dispute of the source), and the
    /// fields that differ.
    fn stats_comparisons(&self) -> Vec<(PerftStats, Verdict, String)> {
        let Some(stats) = self.runs.first().and_then(|r| r.stats.as_ref()) else { return Vec::new() };
        let published = published_stats_for(&self.setup).ok().flatten();
        stats
            .iter()
            .map(|row| {
                let Some(table) = published else { return (*row, Verdict::NoPublishedValue, String::new()) };
                let Some(p) = table.rows.iter().find(|p| p.depth == row.depth) else {
                    return (*row, Verdict::NoPublishedValue, String::new());
                };
                let mine = stats_fields(row);
                let theirs = stats_fields(p);
                let mut all_disputed = true;
                let differing: Vec<String> = mine
                    .iter()
                    .zip(&theirs)
                    .filter(|(a, b)| a.1 != b.1)
                    .map(|(a, b)| {
                        let disputed = table.disputes.iter().any(|d| d.covers(row.depth, a.0));
                        all_disputed &= disputed;
                        format!("{} {} (published {}{})", a.0, a.1, b.1, if disputed { ", disputed" } else { "" })
                    })
                    .collect();
                let verdict = match (differing.is_empty(), all_disputed) {
                    (true, _) => Verdict::Match,
                    (false, true) => Verdict::Known,
                    (false, false) => Verdict::Differs,
                };
                (*row, verdict, differing.join("; "))
            })
            .collect()
    }

    /// The statistics, one row per depth, with a verdict against the
    /// published table.
    pub fn stats_table(&self) -> Option<Table> {
        self.runs.first()?.stats.as_ref()?;
        let mut columns: Vec<Column> =
            stats_fields(&PerftStats::default()).iter().map(|(k, _)| Column::new(k, &k.replace('_', " "))).collect();
        columns.push(Column::new("verdict", "Verdict"));
        columns.push(Column::new("differences", "Differences"));
        let mut table = Table::new("stats", &format!("perft statistics of {}", self.setup.to_fen()), columns);
        for (row, verdict, differing) in self.stats_comparisons() {
            let mut cells: Vec<Cell> = stats_fields(&row).iter().map(|&(_, v)| v.into()).collect();
            cells.push(verdict.into());
            cells.push(Cell::Text(differing));
            table.push(cells);
        }
        if let Some(p) = published_stats_for(&self.setup).ok().flatten() {
            table.note(format!("Published: {} ({}).", p.source, p.name));
            for d in &p.disputes {
                let figures: Vec<String> = d
                    .figures
                    .iter()
                    .map(|f| format!("{} at depth {} published as {}", f.field, f.depth, f.published))
                    .collect();
                table.note(format!("Disputed: {}. {}", figures.join(", "), d.evidence));
            }
        }
        Some(table)
    }

    /// The JSON contract: `fen`, `depth`, `results` (`repr`, `nodes`,
    /// `seconds`, `nps`, with `published`, `source`, `verdict`), and
    /// `divide` or `stats` when asked for.
    pub fn to_json(&self) -> Value {
        let results: Vec<Value> = self
            .runs
            .iter()
            .map(|run| {
                let c = self.comparison(run);
                json!({
                    "repr": run.repr.name(),
                    "nodes": run.nodes,
                    "seconds": run.seconds,
                    "nps": nps(run.nodes, run.seconds).round(),
                    "published": c.published.and_then(|p| u64::try_from(p).ok()),
                    "source": c.source,
                    "verdict": self.verdict(run).name(),
                })
            })
            .collect();
        let mut object = json!({
            "fen": self.setup.to_fen(),
            "depth": self.depth,
            "results": results,
            "representations_agree": self.representations_agree(),
        });
        if let Some(divide) = self.runs.first().and_then(|r| r.divide.as_ref()) {
            let chess960 = self.setup.chess960();
            object["divide"] =
                divide.iter().map(|(m, n)| json!({"move": m.uci(chess960).to_string(), "nodes": n})).collect();
        }
        if self.runs.first().is_some_and(|r| r.stats.is_some()) {
            object["stats"] = self
                .stats_comparisons()
                .iter()
                .map(|(row, verdict, differing)| {
                    let mut v = serde_json::to_value(row).expect("stats serialize");
                    v["verdict"] = verdict.name().into();
                    v["differences"] = differing.clone().into();
                    v
                })
                .collect();
        }
        object
    }
}

fn stats_fields(s: &PerftStats) -> [(&'static str, u64); 10] {
    [
        ("depth", u64::from(s.depth)),
        ("nodes", s.nodes),
        ("captures", s.captures),
        ("en_passant", s.en_passant),
        ("castles", s.castles),
        ("promotions", s.promotions),
        ("checks", s.checks),
        ("discovered_checks", s.discovered_checks),
        ("double_checks", s.double_checks),
        ("checkmates", s.checkmates),
    ]
}

/// One row of a suite run.
#[derive(Clone, Debug, PartialEq)]
pub struct SuiteRow {
    /// The suite line.
    pub line: usize,
    /// The FEN as written in the suite.
    pub fen: String,
    /// The depth.
    pub depth: u32,
    /// The count the suite expects.
    pub expected: u128,
    /// The representation.
    pub repr: Repr,
    /// The count computed; `None` when the representation could not count
    /// the position ([`SuiteRow::problem`] says why).
    pub nodes: Option<u64>,
    /// Wall-clock seconds (0 when nothing was counted).
    pub seconds: f64,
    /// Why the position was not counted.
    pub problem: Option<String>,
}

impl SuiteRow {
    /// `match` or `differs`; `not computed` when the representation could
    /// not count the position.
    pub fn verdict(&self) -> Verdict {
        match self.nodes {
            None => Verdict::NotComputed,
            Some(nodes) if u128::from(nodes) == self.expected => Verdict::Match,
            Some(_) => Verdict::Differs,
        }
    }
}

/// The work of a suite: every (entry, depth, representation) up to
/// `max_depth`, in suite order.
pub fn suite_jobs(entries: &[SuiteEntry], max_depth: u32, reprs: &[Repr]) -> Vec<(usize, u32, u128, Repr)> {
    let mut jobs = Vec::new();
    for (i, entry) in entries.iter().enumerate() {
        for &(depth, expected) in entry.expected.iter().filter(|(d, _)| *d <= max_depth) {
            for &repr in reprs {
                jobs.push((i, depth, expected, repr));
            }
        }
    }
    jobs
}

/// Runs one suite job.
pub fn run_suite_job(entries: &[SuiteEntry], job: (usize, u32, u128, Repr)) -> Result<SuiteRow> {
    run_suite_job_counted(entries, job, &mut Counter::new(1, 0)?)
}

/// Runs one suite job with `counter` (threads, transposition table). A
/// position that cannot arise in a game and that the representation cannot
/// count ([`check_countable`](crate::engine::chess::dispatch::check_countable))
/// gives a row without a count, and says why.
pub fn run_suite_job_counted(
    entries: &[SuiteEntry],
    job: (usize, u32, u128, Repr),
    counter: &mut Counter,
) -> Result<SuiteRow> {
    let (i, depth, expected, repr) = job;
    let entry = &entries[i];
    let mut row = SuiteRow {
        line: entry.line,
        fen: entry.fen.clone(),
        depth,
        expected,
        repr,
        nodes: None,
        seconds: 0.0,
        problem: None,
    };
    match timed_count(counter, repr, &entry.setup, depth) {
        Ok(t) => (row.nodes, row.seconds) = (Some(t.value), t.seconds),
        Err(e @ (ChessError::CannotHold { .. } | ChessError::TooManyMoves { .. })) => row.problem = Some(e.to_string()),
        Err(e) => return Err(e.into()),
    }
    Ok(row)
}

/// The suite's rows as a table: `fen, depth, expected, repr, nodes, verdict`
/// (plus `line` and `seconds`), with a row for each line that could not be
/// read, in line order. A bad line's verdict is `invalid input`, a failure:
/// its published counts were not checked.
///
/// When a line was bad or a representation could not count a position, a
/// last column, `problem`, says why (and is empty on the other rows).
pub fn suite_table(name: &str, rows: &[SuiteRow], bad: &[BadLine]) -> Table {
    let with_problems = !bad.is_empty() || rows.iter().any(|r| r.problem.is_some());
    let mut columns = vec![
        Column::new("line", "Line"),
        Column::new("fen", "FEN"),
        Column::new("depth", "Depth"),
        Column::new("expected", "Expected"),
        Column::new("repr", "Representation"),
        Column::new("nodes", "Nodes"),
        Column::new("verdict", "Verdict"),
        Column::new("seconds", "Seconds"),
    ];
    if with_problems {
        columns.push(Column::new("problem", "Problem"));
    }
    let mut table = Table::new("suite", &format!("perft suite {name}"), columns);
    let mut bad_lines = bad.iter().peekable();
    for r in rows {
        while let Some(b) = bad_lines.next_if(|b| b.line < r.line) {
            table.push(bad_row(b));
        }
        let mut cells = vec![
            (r.line as u64).into(),
            r.fen.as_str().into(),
            u64::from(r.depth).into(),
            Cell::UInt(r.expected),
            r.repr.name().into(),
            Cell::opt(r.nodes),
            r.verdict().into(),
            if r.nodes.is_some() { Cell::float(r.seconds, 3) } else { Cell::Null },
        ];
        if with_problems {
            cells.push(r.problem.as_deref().map_or(Cell::Null, Cell::from));
        }
        table.push(cells);
    }
    for b in bad_lines {
        table.push(bad_row(b));
    }
    let mismatches = rows.iter().filter(|r| r.verdict() == Verdict::Differs).count();
    let not_computed = rows.iter().filter(|r| r.nodes.is_none()).count();
    if with_problems {
        table.note(format!(
            "{} checks, {mismatches} mismatches, {not_computed} not computed; {} line(s) not read.",
            rows.len(),
            bad.len()
        ));
    } else {
        table.note(format!("{} checks, {} mismatches.", rows.len(), mismatches));
    }
    table
}

/// The row of a line that could not be read.
fn bad_row(bad: &BadLine) -> Vec<Cell> {
    vec![
        (bad.line as u64).into(),
        bad.text.as_str().into(),
        Cell::Null,
        Cell::Null,
        Cell::Null,
        Cell::Null,
        Verdict::InvalidInput.into(),
        Cell::Null,
        bad.problem.as_str().into(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::chess::Validation;
    use crate::report::Tally;
    use crate::study::perft::suite::read_suite;

    fn table(text: &str, validation: Validation, reprs: &[Repr]) -> Table {
        let suite = read_suite("s.epd", text, validation).unwrap();
        let rows: Vec<SuiteRow> = suite_jobs(&suite.entries, 2, reprs)
            .into_iter()
            .map(|job| run_suite_job(&suite.entries, job).unwrap())
            .collect();
        suite_table("s.epd", &rows, &suite.bad)
    }

    #[test]
    fn bad_lines_fail_the_tally_and_unheld_positions_do_not() {
        const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400";
        const SEVENTEEN: &str = "rnbqkbnr/ppppp1pp/7n/4Pp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3 ;D1 31";
        // A clean suite: the columns and note of before.
        let clean = table(START, Validation::Strict, &[Repr::X88]);
        assert!(clean.columns.iter().all(|c| c.key != "problem"));
        assert_eq!(clean.notes, ["2 checks, 0 mismatches."]);
        assert!(Tally::of([&clean]).passed());
        // A bad line: its own row, in line order, and a failed tally.
        let text = format!("{SEVENTEEN}\n{START}\n{START} ;D3 x\n");
        let strict = table(&text, Validation::Strict, &[Repr::X88]);
        let verdicts: Vec<String> = strict.column("verdict").unwrap().map(|c| c.to_string()).collect();
        assert_eq!(verdicts, ["invalid input", "match", "match", "invalid input"]);
        let lines: Vec<String> = strict.column("line").unwrap().map(|c| c.to_string()).collect();
        assert_eq!(lines, ["1", "2", "2", "3"]);
        let tally = Tally::of([&strict]);
        assert_eq!((tally.matches, tally.invalid), (2, 2));
        assert!(!tally.passed());
        // Relaxed: counted where it can be, `not computed` elsewhere.
        let relaxed = table(&text, Validation::Relaxed, &[Repr::Array, Repr::Bitboard]);
        let tally = Tally::of([&relaxed]);
        assert_eq!((tally.matches, tally.not_computed, tally.invalid), (1 + 4, 1, 1));
        assert_eq!(relaxed.notes, ["6 checks, 0 mismatches, 1 not computed; 1 line(s) not read."]);
    }
}
