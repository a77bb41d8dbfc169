//! The perft part of the Go study: the representations against each other
//! on the empty board of every size and on plybench's positions, the one
//! published Go perft (McKenzie 2005), and the speed table.
//!
//! The positions are read from `datasets/go/positions.txt`, the published
//! counts from `datasets/go/positions-published.json`; the counts are only
//! compared with.

use serde::Deserialize;

use crate::engine::go::{GoError, Passing, PerftRun, Position, Repr, Size, check_depth, run_perft, run_perft_with};
use crate::engine::limit::check_repeats;
use crate::engine::progress::{Progress, Step};
use crate::report::{Cell, Column, Comparison, Published, Table, Tally, Verdict};
use crate::study::budget::Budget;
use crate::study::datasets::{GO_POSITIONS, GO_POSITIONS_PUBLISHED};
use crate::study::part::Part;
use crate::{Error, Result};

const POSITIONS_FILE: &str = "go/positions.txt";
const PUBLISHED_FILE: &str = "go/positions-published.json";

/// A position of the dataset.
#[derive(Clone, Debug)]
pub struct NamedPosition {
    /// Its name, e.g. `ko-5x5`.
    pub name: String,
    /// What it exercises.
    pub about: String,
    /// The position.
    pub position: Position,
}

/// The positions of `datasets/go/positions.txt`, in file order.
///
/// ```
/// let positions = plybench::study::go::perft::positions()?;
/// assert!(positions.iter().any(|p| p.name == "bell-four-chains"));
/// # Ok::<(), plybench::Error>(())
/// ```
///
/// # Errors
///
/// [`Error::Dataset`] if the file is malformed (a bug of the repository).
pub fn positions() -> Result<Vec<NamedPosition>> {
    let malformed = |why: String| Error::Dataset { name: POSITIONS_FILE, why };
    let mut out = Vec::new();
    let mut blocks = GO_POSITIONS.split("\n[").skip(1);
    for block in blocks.by_ref() {
        let (name, body) = block.split_once(']').ok_or_else(|| malformed(format!("`[{block}` has no `]`")))?;
        let mut about = Vec::new();
        let mut text = String::new();
        for line in body.lines() {
            match line.strip_prefix("about ") {
                Some(words) => about.push(words.trim()),
                None => {
                    text.push_str(line);
                    text.push('\n');
                }
            }
        }
        let position: Position = text.parse().map_err(|e: GoError| malformed(format!("[{name}]: {e}")))?;
        out.push(NamedPosition { name: name.trim().to_owned(), about: about.join(" "), position });
    }
    if out.is_empty() {
        return Err(malformed("no positions".into()));
    }
    Ok(out)
}

/// The position called `name`: `empty` (the empty board of `size`), or
/// one of [`positions`].
///
/// # Errors
///
/// [`GoError::UnknownPosition`] for an unknown name, listing the known ones.
pub fn named_position(name: &str, size: Size) -> Result<Position> {
    if name == "empty" {
        return Ok(Position::empty(size));
    }
    let all = positions()?;
    match all.iter().find(|p| p.name == name) {
        Some(p) => Ok(p.position.clone()),
        None => {
            let names: Vec<&str> = all.iter().map(|p| p.name.as_str()).collect();
            Err(GoError::UnknownPosition { name: name.to_owned(), known: format!("empty, {}", names.join(", ")) }
                .into())
        }
    }
}

/// A published count of perft from the empty board, stones only.
#[derive(Clone, Debug, Deserialize)]
pub struct PublishedCount {
    /// The board, e.g. `9x9`.
    pub board: String,
    /// Plies.
    pub depth: u32,
    /// Leaves.
    pub nodes: u64,
    /// Where it was published.
    pub source: String,
    /// For a disputed figure: why it is wrong.
    #[serde(default)]
    pub evidence: Option<String>,
}

/// The published counts and the disputed ones.
#[derive(Clone, Debug, Deserialize)]
pub struct PublishedCounts {
    /// What the counts are, and their convention.
    pub about: String,
    /// The counts.
    pub counts: Vec<PublishedCount>,
    /// Published counts shown wrong, with the evidence.
    pub disputed: Vec<PublishedCount>,
}

/// The published Go perft counts.
///
/// # Errors
///
/// [`Error::Dataset`] if the file is malformed.
pub fn published() -> Result<PublishedCounts> {
    let data: PublishedCounts = serde_json::from_str(GO_POSITIONS_PUBLISHED)
        .map_err(|e| Error::Dataset { name: PUBLISHED_FILE, why: e.to_string() })?;
    for c in data.counts.iter().chain(&data.disputed) {
        board_size(&c.board).map_err(|e| Error::Dataset { name: PUBLISHED_FILE, why: e.to_string() })?;
    }
    Ok(data)
}

/// `9x9` as a size.
fn board_size(text: &str) -> Result<Size, GoError> {
    let bad = || GoError::NotAPosition { line: 0, why: format!("`{text}` is not a board such as 9x9") };
    let (c, r) = text.split_once('x').ok_or_else(bad)?;
    Size::new(c.parse().map_err(|_| bad())?, r.parse().map_err(|_| bad())?)
}

/// The published count of the empty board of `size` at `depth` (stones
/// only), if any.
pub fn published_count(size: Size, depth: u32) -> Result<Option<Published<u64>>> {
    let data = published()?;
    let board = size.to_string();
    Ok(data
        .counts
        .iter()
        .find(|c| c.board == board && c.depth == depth)
        .map(|c| Published { value: c.nodes, source: c.source.clone() }))
}

/// A perft request of `goban perft`.
#[derive(Clone, Debug)]
pub struct GoPerftRequest {
    /// The position.
    pub position: Position,
    /// Its name: `empty`, a dataset name, or a file.
    pub label: String,
    /// Plies.
    pub depth: u32,
    /// The representations to run.
    pub reprs: Vec<Repr>,
    /// Whether a pass is a move.
    pub passing: Passing,
    /// Whether to list each root move's count.
    pub divide: bool,
}

/// The runs of a [`GoPerftRequest`].
#[derive(Clone, Debug)]
pub struct GoPerftReport {
    /// What was asked.
    pub request: GoPerftRequest,
    /// One run per representation.
    pub runs: Vec<PerftRun>,
    /// Whether the runs agree.
    pub agree: bool,
    /// The published count, for the empty board without passes.
    pub published: Option<Published<u64>>,
}

/// Runs a perft request on each representation asked for.
///
/// ```
/// use plybench::engine::go::{Passing, Position, Repr, Size};
/// use plybench::report::Tally;
/// use plybench::study::go::perft::{GoPerftRequest, perft_report};
///
/// let request = GoPerftRequest {
///     position: Position::empty(Size::square(9)?),
///     label: "empty".into(),
///     depth: 3,
///     reprs: Repr::ALL.to_vec(),
///     passing: Passing::Excluded,
///     divide: false,
/// };
/// let report = perft_report(request)?;
/// assert!(report.agree);
/// assert_eq!(report.runs[0].nodes, 511_920);
/// assert_eq!(Tally::of(&report.tables()).matches, 2);
/// # Ok::<(), plybench::Error>(())
/// ```
///
/// # Errors
///
/// A depth past [`max_depth`](crate::engine::go::max_depth).
pub fn perft_report(request: GoPerftRequest) -> Result<GoPerftReport> {
    perft_report_with(request, Progress::NONE)
}

/// [`perft_report`], telling `progress` of each root move counted by each
/// representation.
///
/// # Errors
///
/// A depth past [`max_depth`](crate::engine::go::max_depth).
pub fn perft_report_with(request: GoPerftRequest, progress: Progress<'_>) -> Result<GoPerftReport> {
    check_depth(request.position.size(), request.depth)?;
    let mut runs = Vec::new();
    for &repr in &request.reprs {
        runs.push(run_perft_with(repr, &request.position, request.depth, request.passing, request.divide, progress)?);
    }
    let agree = runs.windows(2).all(|w| w[0].nodes == w[1].nodes);
    let is_empty = request.position == Position::empty(request.position.size());
    let published = if is_empty && request.passing == Passing::Excluded {
        published_count(request.position.size(), request.depth)?
    } else {
        None
    };
    Ok(GoPerftReport { request, runs, agree, published })
}

impl GoPerftReport {
    /// The tables: one row per representation, with the published count
    /// where there is one (a row is `differs` when the representations
    /// disagree), then the divide if asked for.
    pub fn tables(&self) -> Vec<Table> {
        let r = &self.request;
        let mut t = Table::new(
            "go_perft",
            &format!(
                "Go perft({}) of {} ({}, {} to move, pass {})",
                r.depth,
                r.label,
                r.position.size(),
                r.position.to_move(),
                r.passing
            ),
            vec![
                Column::new("repr", "Representation"),
                Column::new("passing", "Pass"),
                Column::new("nodes", "Nodes"),
                Column::new("seconds", "Seconds"),
                Column::new("nps", "Nodes/s"),
                Column::new("published", "Published"),
                Column::new("verdict", "Verdict"),
            ],
        );
        for run in &self.runs {
            let mut verdict = Comparison::new(Some(run.nodes), self.published.as_ref()).verdict;
            if !self.agree {
                verdict = Verdict::Differs;
            }
            t.push(vec![
                run.repr.name().into(),
                run.passing.name().into(),
                run.nodes.into(),
                Cell::float(run.seconds, 3),
                Cell::float(run.nps(), 0),
                Cell::opt(self.published.as_ref().map(|p| p.value)),
                verdict.into(),
            ]);
        }
        if let Some(p) = &self.published {
            t.note(format!("Published: {}.", p.source));
        }
        t.note(CONVENTION);
        if !self.agree {
            t.note("THE REPRESENTATIONS DISAGREE.");
        }
        let mut out = vec![t];
        if let Some(run) = self.runs.iter().find(|r| r.divide.is_some()) {
            let mut d = Table::new(
                "go_divide",
                &format!("Divide by {}", run.repr.name()),
                vec![Column::new("move", "Move"), Column::new("nodes", "Nodes")],
            );
            for (mv, n) in run.divide.iter().flatten() {
                d.push(vec![mv.to_string().into(), (*n).into()]);
            }
            out.push(d);
        }
        out
    }
}

/// The perft convention, as a table note.
const CONVENTION: &str = "Perft counts the move sequences of exactly the depth. Pass allowed: a pass is a move at every \
     node of a game not over, two passes in a row end the game, and an ended game has no moves (a sequence ending it \
     early counts nothing). Pass excluded: stones only. Suicide is refused unless it captures; simple ko.";

/// Each representation's perft of `position` to `depth`, the fastest of
/// `repeats` runs: nodes per second and the ratio to the array. `progress`
/// is told of each run.
///
/// # Errors
///
/// A depth past [`max_depth`](crate::engine::go::max_depth), or a number of
/// runs outside 1 to [`MAX_REPEATS`](crate::engine::limit::MAX_REPEATS).
pub fn bench_table(
    position: &Position,
    label: &str,
    depth: u32,
    passing: Passing,
    repeats: u32,
    progress: Progress<'_>,
) -> Result<Table> {
    check_repeats(repeats)?;
    let mut t = Table::new(
        "go_bench",
        &format!("Go perft speed by representation ({label}, {})", position.size()),
        vec![
            Column::new("repr", "Representation"),
            Column::new("position", "Position"),
            Column::new("depth", "Depth"),
            Column::new("nodes", "Nodes"),
            Column::new("seconds", "Seconds"),
            Column::new("nps", "Nodes/s"),
            Column::new("ratio", "Ratio to array"),
        ],
    );
    bench_rows(&mut t, position, label, depth, passing, repeats, progress)?;
    t.note(format!(
        "Best of {repeats} run(s) each, one thread, leaves counted without being played, pass {passing}. The machine is shared: compare ratios, not absolute speeds."
    ));
    Ok(t)
}

fn bench_rows(
    t: &mut Table,
    position: &Position,
    label: &str,
    depth: u32,
    passing: Passing,
    repeats: u32,
    progress: Progress<'_>,
) -> Result<()> {
    let mut runs: Vec<PerftRun> = Vec::new();
    let total = Repr::ALL.len() as u64 * u64::from(repeats);
    let mut done = 0;
    for repr in Repr::ALL {
        let mut best: Option<PerftRun> = None;
        for _ in 0..repeats {
            let run = run_perft(repr, position, depth, passing, false)?;
            done += 1;
            progress.report(Step { label: repr.name(), done, total, nodes: 0 });
            if best.as_ref().is_none_or(|b| run.seconds < b.seconds) {
                best = Some(run);
            }
        }
        runs.extend(best);
    }
    let base = runs.iter().find(|r| r.repr == Repr::Array).map_or(0.0, PerftRun::nps);
    for run in &runs {
        let ratio = if base > 0.0 { run.nps() / base } else { 0.0 };
        t.push(vec![
            run.repr.name().into(),
            if label == "empty" { format!("empty {}", position.size()) } else { label.to_owned() }.into(),
            depth.into(),
            run.nodes.into(),
            Cell::float(run.seconds, 3),
            Cell::float(run.nps(), 0),
            Cell::float(ratio, 2),
        ]);
    }
    if runs.windows(2).any(|w| w[0].nodes != w[1].nodes) {
        t.note(format!("THE REPRESENTATIONS DISAGREE on {label} {}.", position.size()));
    }
    Ok(())
}

/// The depths of one budget.
struct Depths {
    /// Each board of the empty-board table with its depth.
    empty: &'static [(u32, u32, u32)],
    /// The depth of each dataset position, by its number of points.
    position: fn(usize) -> u32,
    /// The deepest published count computed, by board.
    published_9x9: u32,
    /// Whether 5×5 to 7 plies is computed.
    published_5x5: bool,
    /// The speed table's positions and depths: `empty` with the side of
    /// its square board, or a dataset position (side 0).
    bench: &'static [(&'static str, u32, u32)],
}

fn depths(budget: Budget) -> Depths {
    match budget {
        Budget::Quick => Depths {
            empty: &[(2, 2, 10), (3, 3, 6), (5, 5, 5), (7, 7, 4), (9, 9, 3), (13, 13, 3), (19, 19, 2), (4, 6, 5)],
            position: |points| if points > 100 { 3 } else { 4 },
            published_9x9: 4,
            published_5x5: false,
            bench: &[("empty", 9, 4), ("empty", 19, 3), ("crowded-5x5", 0, 7)],
        },
        Budget::Default => Depths {
            empty: &[(2, 2, 14), (3, 3, 7), (5, 5, 6), (7, 7, 5), (9, 9, 4), (13, 13, 3), (19, 19, 3), (4, 6, 6)],
            position: |points| if points > 100 { 3 } else { 5 },
            published_9x9: 4,
            published_5x5: false,
            bench: &[("empty", 9, 4), ("empty", 19, 3), ("bell-four-chains", 0, 4), ("crowded-5x5", 0, 8)],
        },
        Budget::Full => Depths {
            empty: &[(2, 2, 18), (3, 3, 8), (5, 5, 7), (7, 7, 5), (9, 9, 5), (13, 13, 4), (19, 19, 4), (4, 6, 6)],
            position: |points| if points > 100 { 4 } else { 6 },
            published_9x9: 5,
            published_5x5: true,
            bench: &[
                ("empty", 5, 6),
                ("empty", 9, 5),
                ("empty", 19, 3),
                ("bell-four-chains", 0, 5),
                ("crowded-5x5", 0, 9),
            ],
        },
    }
}

/// Runs `position` to `depth` on both representations: the two counts.
fn both(position: &Position, depth: u32, passing: Passing) -> Result<[u64; 2]> {
    let a = run_perft(Repr::Array, position, depth, passing, false)?.nodes;
    let b = run_perft(Repr::Bitboard, position, depth, passing, false)?.nodes;
    Ok([a, b])
}

fn agreement_table() -> Table {
    Table::new(
        "go_perft_agreement",
        "Go perft: the bordered array against the bitboards",
        vec![
            Column::new("position", "Position"),
            Column::new("board", "Board"),
            Column::new("passing", "Pass"),
            Column::new("depth", "Depth"),
            Column::new("array", "Array"),
            Column::new("bitboard", "Bitboard"),
            Column::new("agree", "Agree"),
            Column::new("verdict", "Verdict"),
        ],
    )
}

fn push_agreement(t: &mut Table, name: &str, position: &Position, depth: u32, passing: Passing) -> Result<bool> {
    let [a, b] = both(position, depth, passing)?;
    let verdict = if a == b { Verdict::NoPublishedValue } else { Verdict::Differs };
    t.push(vec![
        name.into(),
        position.size().to_string().into(),
        passing.name().into(),
        depth.into(),
        a.into(),
        b.into(),
        Cell::Bool(a == b),
        verdict.into(),
    ]);
    Ok(a == b)
}

fn published_table(depths: &Depths, progress: Progress<'_>) -> Result<Table> {
    let data = published()?;
    let mut t = Table::new(
        "go_perft_published",
        "Go perft from the empty board, stones only, beside the published counts",
        vec![
            Column::new("board", "Board"),
            Column::new("depth", "Depth"),
            Column::new("computed", "Computed"),
            Column::new("representations", "Representations"),
            Column::new("published", "Published"),
            Column::new("source", "Source"),
            Column::new("verdict", "Verdict"),
        ],
    );
    for c in data.counts.iter().chain(&data.disputed) {
        let size = board_size(&c.board)?;
        let wanted = match (size.cols(), size.rows()) {
            (9, 9) => c.depth <= depths.published_9x9,
            (5, 5) => depths.published_5x5,
            _ => false,
        };
        let computed = if wanted {
            progress.report(Step::label(&format!("go perft {} depth {} (published)", c.board, c.depth)));
            let [a, b] = both(&Position::empty(size), c.depth, Passing::Excluded)?;
            Some((a, a == b))
        } else {
            None
        };
        let published = Published { value: c.nodes, source: c.source.clone() };
        let mut comparison = Comparison::new(computed.map(|(n, _)| n), Some(&published));
        if c.evidence.is_some() && comparison.verdict == Verdict::Differs {
            comparison.verdict = Verdict::Known;
        }
        if computed.is_some_and(|(_, agree)| !agree) {
            comparison.verdict = Verdict::Differs;
        }
        let [computed_cell, published_cell, source, verdict] = comparison.cells();
        let reprs = if computed.is_some() { "array bitboard" } else { "" };
        t.push(vec![
            c.board.clone().into(),
            c.depth.into(),
            computed_cell,
            reprs.into(),
            published_cell,
            source,
            verdict,
        ]);
        if let Some(evidence) = &c.evidence {
            t.note(format!("Disputed {} depth {} ({}): {evidence}", c.board, c.depth, c.nodes));
        }
    }
    t.note(data.about);
    Ok(t)
}

/// The perft part of the Go study at a budget: the published counts, the
/// empty board of every size and the dataset positions on both
/// representations, and the speed table.
pub fn part(budget: Budget, progress: Progress<'_>) -> Result<Part> {
    let depths = depths(budget);
    let published = published_table(&depths, progress)?;
    let mut agreement = agreement_table();
    let mut rows = 0;
    for &(cols, rows_, depth) in depths.empty {
        let size = Size::new(cols, rows_)?;
        for passing in Passing::ALL {
            progress.report(Step::label(&format!("go perft empty {size} depth {depth}")));
            push_agreement(&mut agreement, "empty", &Position::empty(size), depth, passing)?;
            rows += 1;
        }
    }
    let named = positions()?;
    for p in &named {
        let depth = (depths.position)(p.position.size().points());
        progress.report(Step::label(&format!("go perft {} depth {depth}", p.name)));
        push_agreement(&mut agreement, &p.name, &p.position, depth, Passing::Allowed)?;
        rows += 1;
    }
    agreement.note(CONVENTION);
    for p in &named {
        agreement.note(format!("{}: {}", p.name, p.about));
    }
    let mut bench: Option<Table> = None;
    for &(name, side, depth) in depths.bench {
        let position = if name == "empty" {
            Position::empty(Size::square(side)?)
        } else {
            named.iter().find(|p| p.name == name).map(|p| p.position.clone()).ok_or_else(|| Error::Dataset {
                name: POSITIONS_FILE,
                why: format!("the speed table's position {name} is missing"),
            })?
        };
        progress.report(Step::label(&format!("go speed {name} {} depth {depth}", position.size())));
        match &mut bench {
            None => bench = Some(bench_table(&position, name, depth, Passing::Allowed, 3, Progress::NONE)?),
            Some(t) => bench_rows(t, &position, name, depth, Passing::Allowed, 3, Progress::NONE)?,
        }
    }
    let mut bench = bench.unwrap_or_else(|| Table::new("go_bench", "Go perft speed", Vec::new()));
    bench.title = "Go perft speed by representation".into();
    bench.note(
        "How they differ: the bitboards count a node's leaves by one population count and find every point with an \
         empty neighbour by one set operation; an enclosed point costs them floods of whole-board shifts, where the \
         array labels every chain once per node.",
    );
    let ratios: Vec<String> = bench
        .rows
        .iter()
        .filter(|r| r[0] == Cell::from("bitboard"))
        .map(|r| format!("{} depth {}: {}", r[1].text(), r[2].text(), r[6].text()))
        .collect();
    let tally = Tally::of(std::slice::from_ref(&published));
    let disagreements = agreement.rows.iter().filter(|r| r[6] == Cell::Bool(false)).count();
    let mut reading = vec![format!(
        "Go perft is counted by one generic driver on two representations that share only the position and the \
         move type: Zobrist's bordered array with flood-filled chains, and bitboards with shift-and-flood chains. \
         They {} on all {rows} counts of the empty boards and of plybench's positions{}. Against the one published \
         Go perft (McKenzie 2005, stones only): {} matches, {} failures, {} known discrepancies (Wedd's disputed \
         4-ply count, whose hand argument counts 79 points where there are 78).",
        if disagreements == 0 { "agree" } else { "DISAGREE" },
        if disagreements == 0 { String::new() } else { format!(" ({disagreements} disagreements)") },
        tally.matches,
        tally.differs,
        tally.known
    )];
    reading.push(format!("Speed of the bitboards over the array (1 = as fast): {}.", ratios.join("; ")));
    Ok(Part { tables: vec![published, agreement, bench], plots: Vec::new(), reading })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_dataset_position_parses_and_round_trips() {
        let all = positions().unwrap();
        assert_eq!(all.len(), 6);
        for p in &all {
            assert!(!p.about.is_empty(), "{}", p.name);
            let again: Position = p.position.to_string().parse().unwrap();
            assert_eq!(again, p.position, "{}", p.name);
            assert_eq!(named_position(&p.name, Size::square(9).unwrap()).unwrap(), p.position);
        }
        assert!(matches!(
            named_position("nowhere", Size::square(9).unwrap()),
            Err(Error::Go(GoError::UnknownPosition { .. }))
        ));
    }

    #[test]
    fn mckenzie_to_four_plies_matches_and_wedds_figure_is_a_known_discrepancy() {
        let depths = Depths { published_9x9: 4, ..depths(Budget::Quick) };
        let table = published_table(&depths, Progress::NONE).unwrap();
        let tally = Tally::of(std::slice::from_ref(&table));
        assert_eq!((tally.matches, tally.known, tally.differs), (4, 1, 0));
        assert_eq!(tally.not_computed, 2);
    }
}
