//! The legal part of the Go study: Tromp's counts of legal positions
//! recomputed by the border program of [`crate::engine::go::legal`], on
//! squares and rectangles, and the published game counts of tiny boards
//! recomputed by enumeration, each beside its published value.

pub mod moduli;
pub mod published;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use crate::Result;
use crate::engine::go::legal::games::{GameCount, count_games};
use crate::engine::go::legal::{LegalCount, MAX_POINTS, MAX_WIDTH, count_positions};
use crate::engine::memory::MemoryLimit;
use crate::engine::progress::{Progress, Step};
use crate::report::machine::logical_cores;
use crate::report::{Cell, Column, Comparison, Published, Table, Tally};
use crate::study::budget::Budget;

use crate::study::part::Part;
use published::{LegalData, PublishedCount};

/// A count in a cell: an integer while it fits 128 bits, its decimal
/// digits beyond.
pub fn count_cell(n: &BigUint) -> Cell {
    n.to_u128().map_or_else(|| Cell::Text(n.to_string()), Cell::UInt)
}

/// The computed count beside the published one: the four cells
/// `computed, published, source, verdict`.
fn compare(data: &LegalData, computed: Option<BigUint>, published: Option<&PublishedCount>) -> [Cell; 4] {
    let published = published.map(|p| Published { value: p.value(), source: data.short(p) });
    let c = Comparison::new(computed, published.as_ref());
    [
        c.computed.as_ref().map_or(Cell::Null, count_cell),
        c.published.as_ref().map_or(Cell::Null, count_cell),
        Cell::opt(c.source),
        c.verdict.into(),
    ]
}

fn sources_note(table: &mut Table, data: &LegalData, keys: &[String]) {
    let mut seen: Vec<&String> = Vec::new();
    for key in keys {
        if !seen.contains(&key) {
            seen.push(key);
            if let Some(full) = data.full(key) {
                table.note(format!("Source: {full}."));
            }
        }
    }
}

/// The table of legal-position counts: one row per board, computed
/// (empty where not run) beside the published count.
///
/// `boards` lists every board to show; `runs` the counts made (a board
/// without a run is shown as not computed).
pub fn legal_table(id: &str, title: &str, boards: &[(usize, usize)], runs: &[LegalCount]) -> Result<Table> {
    let data = published::data()?;
    let mut t = Table::new(
        id,
        title,
        vec![
            Column::new("rows", "Rows"),
            Column::new("cols", "Columns"),
            Column::new("computed", "Legal positions"),
            Column::new("published", "Published"),
            Column::new("source", "Source"),
            Column::new("verdict", "Verdict"),
            Column::new("states", "Most border states"),
            Column::new("seconds", "Seconds"),
        ],
    );
    let mut keys = Vec::new();
    for &(rows, cols) in boards {
        let run = runs.iter().find(|r| r.rows == rows && r.cols == cols);
        let published = data.legal(rows, cols);
        if let Some(p) = &published {
            keys.push(p.source.clone());
        }
        let [computed, published, source, verdict] = compare(data, run.map(|r| r.count.clone()), published.as_ref());
        t.push(vec![
            rows.into(),
            cols.into(),
            computed,
            published,
            source,
            verdict,
            Cell::opt(run.map(|r| r.max_states)),
            Cell::opt(run.map(|r| Cell::float(r.seconds, 3))),
        ]);
    }
    sources_note(&mut t, data, &keys);
    t.note(format!(
        "Computed by a dynamic program over the border (Tromp and Farnebäck's method): the states of the last \
         points filled, one per column of the shorter side, each point off the board, empty, a stone whose chain \
         has a liberty, or a stone of a chain without one, the chains recorded as nested brackets (3 bits a \
         point), each state merged with its colour swap. Exact at every size it accepts (at most {MAX_POINTS} \
         points and a shorter side of at most {MAX_WIDTH}): the counts are kept in as many 64-bit words as 3 to \
         the number of points needs, or modulo primes below 2^64 and recovered by the Chinese remainder theorem, \
         and printed whole."
    ));
    Ok(t)
}

/// The table of game counts on tiny boards.
pub fn games_table(boards: &[(usize, usize)], runs: &[GameCount]) -> Result<Table> {
    let data = published::data()?;
    let mut t = Table::new(
        "go_games",
        "Go games on tiny boards (positional superko, suicide allowed)",
        vec![
            Column::new("rows", "Rows"),
            Column::new("cols", "Columns"),
            Column::new("games", "Games"),
            Column::new("published", "Published"),
            Column::new("source", "Source"),
            Column::new("verdict", "Verdict"),
            Column::new("longest", "Longest game (turns)"),
            Column::new("nodes", "Turns walked"),
            Column::new("seconds", "Seconds"),
        ],
    );
    let mut keys = Vec::new();
    for &(rows, cols) in boards {
        let run = runs.iter().find(|r| r.rows == rows && r.cols == cols);
        let published = data.games(rows, cols);
        if let Some(p) = &published {
            keys.push(p.source.clone());
        }
        let [games, published, source, verdict] =
            compare(data, run.map(|r| BigUint::from(r.games)), published.as_ref());
        t.push(vec![
            rows.into(),
            cols.into(),
            games,
            published,
            source,
            verdict,
            Cell::opt(run.map(|r| r.longest)),
            Cell::opt(run.map(|r| r.nodes)),
            Cell::opt(run.map(|r| Cell::float(r.seconds, 3))),
        ]);
    }
    sources_note(&mut t, data, &keys);
    t.note(format!("Rules: {}.", data.game_rules()));
    t.note(
        "Counted by a depth-first walk that carries the set of positions seen (superko makes the future depend on \
         the whole past, so nothing can be merged). Boards of five points and more are out of reach: Tromp and \
         Farnebäck give only estimates there, and the counts grow doubly exponentially (at least 2^(2^(n-1)) on 1xn).",
    );
    Ok(t)
}

/// What the part computes at each budget.
struct Plan {
    /// Largest square side counted.
    square: usize,
    /// Rectangles m×n with m < n, m up to this ...
    rect_rows: usize,
    /// ... and n up to this.
    rect_cols: usize,
    /// Game boards counted, by points.
    game_points: usize,
}

/// Quick: seconds; default: about ten seconds (8x8 takes four); full:
/// about ten minutes (10x10 takes two to seven on two shared cores, the
/// games of 1x4 one and a half).
fn plan(budget: Budget) -> Plan {
    match budget {
        Budget::Quick => Plan { square: 6, rect_rows: 3, rect_cols: 8, game_points: 3 },
        Budget::Default => Plan { square: 8, rect_rows: 6, rect_cols: 10, game_points: 3 },
        Budget::Full => Plan { square: 10, rect_rows: 7, rect_cols: 12, game_points: 4 },
    }
}

/// The legal part of the Go study at a budget.
pub fn part(budget: Budget, progress: Progress<'_>) -> Result<Part> {
    let plan = plan(budget);
    let threads = logical_cores().max(1);
    let memory = MemoryLimit::default();
    let data = published::data()?;

    // Every published square is listed; those past the budget as not computed.
    let squares: Vec<(usize, usize)> = data.square_sides().into_iter().map(|n| (n, n)).collect();
    let mut square_runs = Vec::new();
    for n in 1..=plan.square {
        progress.report(Step::label(&format!("goban legal {n}x{n}")));
        square_runs.push(count_positions(n, n, threads, memory, Progress::NONE)?);
    }
    let mut squares_table =
        legal_table("go_legal_squares", "Legal Go positions on n×n boards", &squares, &square_runs)?;
    squares_table.note(format!(
        "Counted here up to {0}x{0}. `goban legal --size N` counts the larger squares (each extra column \
         multiplies the border states by about 4.2 and the time by about 5; reports/go/legal.md gives the times \
         measured); past the memory of one machine, `goban legal --shard K/N` counts one prime of N a machine and \
         `plybench merge` recovers the count. 19x19 (Tromp's 2016 count) took Tromp and Farnebäck a cluster.",
        plan.square
    ));

    let mut rects = Vec::new();
    for m in 1..=plan.rect_rows {
        for n in (m + 1)..=plan.rect_cols {
            rects.push((m, n));
        }
    }
    let mut rect_runs = Vec::new();
    for &(m, n) in &rects {
        progress.report(Step::label(&format!("goban legal {m}x{n}")));
        rect_runs.push(count_positions(m, n, threads, memory, Progress::NONE)?);
    }
    // Every published n×(n+1) board is listed; those past the budget as not computed.
    for n in data.almost_square_sides() {
        if !rects.contains(&(n, n + 1)) {
            rects.push((n, n + 1));
        }
    }
    let mut rect_table =
        legal_table("go_legal_rectangles", "Legal Go positions on m×n rectangles", &rects, &rect_runs)?;
    rect_table.note(
        "Published: the rows 1xn (A102620) and 2xn (A266278), and the almost square boards nx(n+1) to 17x18 \
         (Tromp and Farnebäck's table, listed whole; those past this budget are not computed here, and \
         `goban legal --rows N --cols N+1` counts them). The other rectangles stand without a published value.",
    );

    // 2x1 and 3x1 are the same games turned, counted again as a check; 4x1 is not repeated.
    let game_boards: Vec<(usize, usize)> = vec![(1, 1), (1, 2), (2, 1), (1, 3), (3, 1), (1, 4), (2, 2)];
    let mut game_runs = Vec::new();
    for &(m, n) in &game_boards {
        // 2x2 (3.9e11 games) is out of reach of every budget.
        if m * n <= plan.game_points && (m, n) != (2, 2) {
            progress.report(Step::label(&format!("goban games {m}x{n}")));
            game_runs.push(count_games(m, n, threads)?);
        }
    }
    let games = games_table(&game_boards, &game_runs)?;

    let tables = vec![squares_table, rect_table, games];
    let tally = Tally::of(&tables);
    let largest = square_runs.last().map_or(0, |r| r.rows);
    let reading = vec![
        format!(
            "Tromp's counts of legal positions are recomputed by a dynamic program over the border, not by \
             enumeration, for every n×n board up to {largest}x{largest} and every m×n rectangle up to {}x{}: {} \
             matches with the published values, {} differences, {} published values not computed at this budget.",
            plan.rect_rows, plan.rect_cols, tally.matches, tally.differs, tally.not_computed
        ),
        "Game counts are enumerated under Tromp and Farnebäck's rules (positional superko, suicide allowed) on \
         boards of up to four points; 2x2 (386,356,909,593 games) takes hours of walking and is left to \
         `goban games --rows 2 --cols 2`, and from five points on the counts are beyond any enumeration."
            .to_owned(),
        format!("Game boards counted at this budget: up to {} points.", plan.game_points),
    ];
    Ok(Part { tables, plots: Vec::new(), reading })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quick_part_passes_and_matches_the_published_squares() {
        let part = part(Budget::Quick, Progress::NONE).unwrap();
        let tally = Tally::of(&part.tables);
        assert!(tally.passed(), "{tally:?}");
        // 1..6 squares, 1xn and 2xn strips, games on 1x1..1x3 both ways.
        assert!(tally.matches >= 6 + 7 + 6 + 5, "{tally:?}");
        assert!(tally.not_computed >= 2, "{tally:?}");
    }

    #[test]
    fn a_wrong_count_is_a_difference() {
        let mut run = count_positions(2, 2, 1, MemoryLimit::default(), Progress::NONE).unwrap();
        run.count += 1u32;
        let t = legal_table("t", "t", &[(2, 2)], &[run]).unwrap();
        assert_eq!(Tally::of([&t]).differs, 1);
    }
}
