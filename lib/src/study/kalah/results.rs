//! The Kalah study's result tables: what the `kalah` binary prints and what
//! reports collect. Field keys are stable; reports and CI depend on them.

use super::bell::{self, Bell};
use super::worked;
use crate::Result;
use crate::engine::kalah::sweep::{Sweep, longest_on_pits, pattern_for_counters};
use crate::engine::kalah::trace::{TraceRow, format_pits};
use crate::engine::kalah::{Count, CountOptions, Method, Position, ScanOrder, count};
use crate::engine::limit::{LimitError, Quantity, check_range};
use crate::engine::memory::MemoryLimit;
use crate::engine::progress::{Progress, Step};
use crate::report::{Cell, Column, Comparison, Published, Table};

/// The `kalah count` record. When the distinct terminal positions were not
/// counted the caller may add a note saying how to count them, after
/// [`TERMINALS_NOT_COUNTED`].
pub fn count_table(position: &Position, figures: &Count, options: CountOptions) -> Table {
    Table::record(
        "kalah_count",
        &format!("Kalah continuation moves from {position}"),
        vec![
            ("pits", "Pits", Cell::from(position.pits())),
            ("position", "Position (PN..P1)", Cell::list(&position.own_pn_first())),
            ("move_sequences", "Move sequences", Cell::from(figures.sequences)),
            ("terminal_positions", "Distinct terminal positions", Cell::opt(figures.terminal_positions)),
            ("max_stack_right_to_left", "Max stack, right-to-left", Cell::opt(figures.max_stack_right_to_left)),
            ("max_stack_left_to_right", "Max stack, left-to-right", Cell::opt(figures.max_stack_left_to_right)),
            ("captures", "Captures (rule 1)", Cell::from(options.rules.captures)),
            ("method", "Method", Cell::from(figures.method.name())),
            ("seconds", "Seconds", Cell::float(figures.seconds, 4)),
        ],
    )
}

/// The `kalah count --lap-stats` record: the laps the dynamic program saw,
/// or `None` when the count was made by another method.
pub fn lap_table(position: &Position, figures: &Count) -> Option<Table> {
    let laps = figures.laps?;
    let share =
        if figures.sequences == 0 { 0.0 } else { 100.0 * laps.sequences_with_laps as f64 / figures.sequences as f64 };
    let mut table = Table::record(
        "kalah_laps",
        &format!("Laps among the continuations from {position}"),
        vec![
            ("move_sequences", "Move sequences", Cell::from(figures.sequences)),
            ("sequences_with_laps", "Sequences with a lap", Cell::from(laps.sequences_with_laps)),
            ("percent_with_laps", "Percent with a lap", Cell::float(share, 3)),
            ("max_laps", "Most laps in one sequence", Cell::from(laps.max_laps)),
            ("skeletons", "Skeletons (lists of laps)", Cell::from(laps.skeletons)),
            ("max_states", "Most states at one pit", Cell::from(laps.max_states)),
            ("walked_tails", "Skeletons walked at the end to fit memory", Cell::from(laps.walked_tails)),
            ("spilled_steps", "Pit steps whose table went to disk", Cell::from(laps.spilled_steps)),
        ],
    );
    table.note(format!(
        "A lap is a continuation from a pit Pj holding j + k({}) counters: its sowing goes round the board.",
        2 * position.pits() + 1
    ));
    Some(table)
}

/// Why a [`count_table`] may show no distinct terminal positions: the start
/// of a note, to which the caller adds how to count them.
pub const TERMINALS_NOT_COUNTED: &str =
    "Distinct terminal positions were not counted (they need every terminal board in memory)";

/// Options of the board-test table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableOptions {
    /// The largest number of pits.
    pub max_pits: usize,
    /// Count distinct terminal positions up to this many pits.
    pub terminal_max_pits: usize,
    /// Force a method; `None` chooses per row.
    pub method: Option<Method>,
    /// The memory each row's count may plan to hold.
    pub memory: MemoryLimit,
}

/// The most pits `kalah table` accepts. The dynamic program takes about
/// ten seconds at 35 pits and grows about 1.7× a pit (memoization holds
/// about 3.2^N rows of pits; at 18 pits that is already several GiB).
pub const MAX_TABLE_PITS: usize = 40;

/// Checks the largest number of pits of the board-test table: 1 to
/// [`MAX_TABLE_PITS`].
///
/// ```
/// use plybench::study::kalah::results::check_table_pits;
///
/// assert_eq!(check_table_pits(12)?, 12);
/// assert!(check_table_pits(0).is_err() && check_table_pits(41).is_err());
/// # Ok::<(), plybench::engine::limit::LimitError>(())
/// ```
pub fn check_table_pits(pits: usize) -> Result<usize, LimitError> {
    check_range(
        Quantity::Other("pits"),
        pits as u64,
        1,
        MAX_TABLE_PITS as u64,
        "; the dynamic program takes minutes past 37 pits",
    )
    .map(|_| pits)
}

/// Bell's board test for 1..=`max_pits` pits, each row beside Bell's figure.
///
/// `progress` ticks once per row.
///
/// # Errors
///
/// [`LimitError`] unless `max_pits` passes [`check_table_pits`]; as
/// [`count`] for each row, which may run past its memory limit.
pub fn board_test_table(options: TableOptions, progress: Progress<'_>) -> Result<Table> {
    check_table_pits(options.max_pits)?;
    let bell = bell::published()?;
    let mut table = Table::new(
        "kalah_table",
        "Kalah board test (pit Pi holds i counters): computed beside Bell (1972)",
        vec![
            Column::new("pits", "Pits"),
            Column::new("move_sequences", "Move sequences"),
            Column::new("terminal_positions", "Distinct terminal positions"),
            Column::new("published", "Bell"),
            Column::new("source", "Source"),
            Column::new("verdict", "Verdict"),
            Column::new("max_stack_right_to_left", "Stack R-L"),
            Column::new("max_stack_left_to_right", "Stack L-R"),
            Column::new("method", "Method"),
            Column::new("seconds", "Seconds"),
        ],
    );
    let total = options.max_pits as u64;
    let mut rows = Vec::new();
    for pits in 1..=options.max_pits {
        let position = Position::board_test(pits)?;
        let count_options = CountOptions {
            method: options.method,
            terminal_positions: pits <= options.terminal_max_pits,
            memory: options.memory,
            ..CountOptions::default()
        };
        let figures = count(&position, count_options, Progress::NONE)?;
        let comparison = Comparison::new(Some(figures.sequences), bell.board_test_moves(pits).as_ref());
        let [_, published, source, verdict] = comparison.cells();
        table.push(vec![
            Cell::from(pits),
            Cell::from(figures.sequences),
            Cell::opt(figures.terminal_positions),
            published,
            source,
            verdict,
            Cell::opt(figures.max_stack_right_to_left),
            Cell::opt(figures.max_stack_left_to_right),
            Cell::from(figures.method.name()),
            Cell::float(figures.seconds, 4),
        ]);
        progress.report(Step { label: "pits", done: pits as u64, total, nodes: figures.sequences });
        rows.push(figures);
    }
    table.note(format!("Bell's figures: {}. Bell gives none past ten pits.", bell.board_test.location));
    table.note(
        "Bell counts what his stacker outputs, one position per move sequence; 'distinct terminal positions' merges \
         sequences that end on the same board (mover's pits, kalah and opponent's pits).",
    );
    let first_difference = rows.iter().enumerate().find_map(|(i, c)| {
        c.terminal_positions.filter(|&t| u128::from(t) != c.sequences).map(|t| (i + 1, c.sequences, t))
    });
    if let Some(first) = rows.iter().position(|c| !c.method.sees_stacks()) {
        table.note(format!(
            "From {} pits the rows are counted by the dynamic program over the pits (method dp), which sees neither \
             Bell's stack nor the boards: no stack heights or distinct terminal positions there.",
            first + 1
        ));
    }
    let counted_up_to = rows.iter().take_while(|c| c.terminal_positions.is_some()).count();
    table.note(match first_difference {
        Some((pits, sequences, terminals)) => format!(
            "The two figures first differ at {pits} pits: {sequences} sequences end on {terminals} distinct boards \
             ({} sequences end on a board that another sequence also reaches).",
            sequences - u128::from(terminals)
        ),
        None => format!("The two figures agree for every number of pits counted (up to {counted_up_to})."),
    });
    if let Some(row) = rows.get(bell.board_test.timing.pits - 1) {
        table.note(format!(
            "Bell's timing for {} pits: {} s ({}); here {:.4} s.",
            bell.board_test.timing.pits, bell.board_test.timing.seconds, bell.board_test.timing.machine, row.seconds
        ));
    }
    Ok(table)
}

/// The `kalah count --trace` table: Bell's stack-activity figure.
pub fn trace_table(position: &Position, order: ScanOrder, rows: &[TraceRow]) -> Table {
    let mut table = Table::new(
        "kalah_trace",
        &format!("Stack activity for {position}, scanning {} (Bell 1972, §3.3)", order.name()),
        vec![
            Column::new("step", "Step"),
            Column::new("unstack", "Unstack"),
            Column::new("start", "Start"),
            Column::new("scan", "Scan (PN..P1)"),
            Column::new("stack", "Stack"),
            Column::new("output", "Output"),
        ],
    );
    let join = |boards: &[Vec<u32>]| boards.iter().map(|b| format_pits(b)).collect::<Vec<_>>().join(" ");
    for (step, row) in rows.iter().enumerate() {
        table.push(vec![
            Cell::from(step + 1),
            Cell::opt(row.unstacked_from.map(|level| format!("S{level}"))),
            Cell::from(format_pits(&row.start)),
            Cell::from(row.marks.clone()),
            Cell::from(join(&row.stack)),
            Cell::from(join(&row.outputs)),
        ]);
    }
    table.push(vec![
        Cell::from(rows.len() + 1),
        Cell::from("S0"),
        Cell::from("STOP"),
        Cell::Null,
        Cell::Null,
        Cell::Null,
    ]);
    table.note(
        "c: continuation, stacked; *: terminal, output; -: empty pit. Positions show the mover's pits, PN first.",
    );
    table
}

/// The `kalah sweep` record; the pits played are listed only `with_moves`.
pub fn sweep_table(sweep: &Sweep, with_moves: bool) -> Table {
    let moves: Vec<usize> = sweep.moves.iter().map(|p| p.number()).collect();
    Table::record(
        "kalah_sweep",
        &format!("Clearing pattern for {} counters on {} pits", sweep.counters, sweep.pits),
        vec![
            ("counters", "Counters", Cell::from(sweep.counters)),
            ("pits", "Pits", Cell::from(sweep.pits)),
            ("pattern", "Pattern (PN..P1)", Cell::list(&sweep.pattern_pn_first())),
            ("moves", "Continuation moves", Cell::from(moves.len())),
            ("cleared", "Cleared", Cell::from(sweep.cleared)),
            (
                "min_counters_needing_pits",
                "Fewest counters needing all pits",
                Cell::from(sweep.min_counters_needing_pits),
            ),
            ("move_list", "Pits played", if with_moves { Cell::list(&moves) } else { Cell::Null }),
        ],
    )
}

/// Every figure Bell publishes in §3.3, computed and compared.
///
/// Rows: the board-test table, the quoted stack depths, the right-to-left
/// bound, the 50-pit clearing pattern and its move count, the three
/// small clearing examples, the example with "six terminal positions" and
/// the outputs of the two stack-activity figures, line by line.
pub fn reproduce_table(progress: Progress<'_>) -> Result<Table> {
    let bell = bell::published()?;
    let mut table = Table::new(
        "kalah_bell",
        "Bell (1972) §3.3 Kalah: every published figure, computed",
        vec![
            Column::new("figure", "Figure"),
            Column::new("computed", "Computed"),
            Column::new("published", "Published"),
            Column::new("source", "Source"),
            Column::new("verdict", "Verdict"),
        ],
    );
    let mut push = |figure: String, comparison: Comparison<String>| {
        let [computed, published, source, verdict] = comparison.cells();
        table.push(vec![Cell::from(figure), computed, published, source, verdict]);
    };
    let text = |value: &dyn std::fmt::Display| value.to_string();

    let total = bell.board_test.rows.len() as u64 + 4;
    let mut done = 0;
    let mut tick = || {
        done += 1;
        progress.report(Step { label: "figures", done, total, nodes: 0 });
    };
    for row in &bell.board_test.rows {
        let figures = count(&Position::board_test(row.pits)?, CountOptions::default(), Progress::NONE)?;
        let published = published_text(bell.board_test_moves(row.pits));
        push(
            format!("board test, {} pits: moves", row.pits),
            Comparison::new(Some(text(&figures.sequences)), published.as_ref()),
        );
        tick();
    }
    for example in &bell.stack_depth.examples {
        let position: Position = example.position.parse()?;
        let order: ScanOrder = example.scan.parse()?;
        let figures = count(&position, CountOptions::default(), Progress::NONE)?;
        let computed = match order {
            ScanOrder::RightToLeft => figures.max_stack_right_to_left,
            ScanOrder::LeftToRight => figures.max_stack_left_to_right,
        };
        let computed = computed.map_or_else(|| "not computed".to_owned(), |h| h.to_string());
        let published = Published {
            value: example.max_stack.to_string(),
            source: format!("{}: \"{}\"", bell.stack_depth.location, example.quote),
        };
        push(
            format!("max stack, {} scanning {}", example.position, order.name()),
            Comparison::new(Some(computed), Some(&published)),
        );
    }
    tick();
    push_bound_rows(bell, &mut push)?;
    tick();
    push_clearing_rows(bell, &mut push)?;
    tick();
    let notes = worked::push_example_rows(bell, &mut push)?;
    worked::push_trace_rows(bell, &mut push)?;
    tick();
    for note in notes {
        table.note(note);
    }
    table.note(format!(
        "Stack traces: the positions each line of Bell's two figures outputs, in the order printed, beside the \
         engine's trace (kalah count --position 3,2,1 --trace). {}",
        bell.traces
            .known
            .iter()
            .map(|k| format!("{} line {}: {}", k.scan, k.step, k.why))
            .collect::<Vec<_>>()
            .join(" ")
    ));
    Ok(table)
}

fn published_text<T: ToString>(published: Option<Published<T>>) -> Option<Published<String>> {
    published.map(|p| Published { value: p.value.to_string(), source: p.source })
}

/// Bell's claim that right-to-left scanning never stacks more than N
/// positions, checked on the board test for 1..=12 pits.
fn push_bound_rows(bell: &Bell, push: &mut impl FnMut(String, Comparison<String>)) -> Result<()> {
    let mut worst = 0usize;
    for pits in 1..=12 {
        let figures = count(&Position::board_test(pits)?, CountOptions::default(), Progress::NONE)?;
        let height = figures.max_stack_right_to_left.ok_or(crate::engine::kalah::KalahError::DpNotSplit)?;
        worst = worst.max(height.saturating_sub(pits));
    }
    let holds = if worst == 0 { "holds" } else { "fails" };
    let published = Published {
        value: "holds".to_owned(),
        source: format!("{}: right-to-left stack never exceeds N", bell.stack_depth.location),
    };
    push(
        "right-to-left stack <= N, board test 1..12 pits".to_owned(),
        Comparison::new(Some(holds.to_owned()), Some(&published)),
    );
    Ok(())
}

fn push_clearing_rows(bell: &Bell, push: &mut impl FnMut(String, Comparison<String>)) -> Result<()> {
    let fifty = &bell.clearing.fifty_pits;
    let sweep = longest_on_pits(fifty.pits)?;
    let source = format!("{}: 50-pit pattern", bell.clearing.location);
    let pattern = |p: &[u32]| p.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
    push(
        format!("longest clearing pattern on {} pits", fifty.pits),
        Comparison::new(
            Some(pattern(&sweep.pattern_pn_first())),
            Some(&Published { value: pattern(&fifty.pattern_pn_first), source: source.clone() }),
        ),
    );
    let cleared_moves = if sweep.cleared { sweep.moves.len().to_string() } else { "not cleared".to_owned() };
    push(
        format!("continuation moves to clear the {}-pit pattern", fifty.pits),
        Comparison::new(Some(cleared_moves), Some(&Published { value: fifty.moves.to_string(), source })),
    );
    for small in &bell.clearing.small {
        let counters = small.play.len() as u64;
        let sweep = pattern_for_counters(counters)?;
        let played: Vec<usize> = sweep.moves.iter().map(|p| p.number()).collect();
        let list =
            |moves: &[usize]| format!("Play {}", moves.iter().map(usize::to_string).collect::<Vec<_>>().join(", "));
        let computed = if sweep.cleared { list(&played) } else { "not cleared".to_owned() };
        push(
            format!("clearing {} counters ({})", counters, format_pits(&sweep.pattern_pn_first())),
            Comparison::new(
                Some(computed),
                Some(&Published {
                    value: list(&small.play),
                    source: format!("{}: small examples", bell.clearing.location),
                }),
            ),
        );
    }
    Ok(())
}
