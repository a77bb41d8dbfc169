//! The perft study: every published count that fits the budget, on all four
//! representations; the wiki's statistics tables; the speed of each
//! representation side by side.

use std::collections::BTreeMap;

use crate::engine::progress::{Progress, Step};
use rayon::prelude::*;

use super::plan::{Study, StudyReport};
use crate::Result;
use crate::engine::chess::dispatch::perft_on;
use crate::engine::chess::{Repr, Setup};
use crate::report::Tally;
use crate::report::plot::{BarPlot, Plot};
use crate::report::{Cell, Column, Table, Verdict};
use crate::study::budget::Budget;
use crate::study::perft::bench::{BenchPosition, Mode, bench_position};
use crate::study::perft::mate;
use crate::study::perft::published::{edge_case_suite, published_stats, standard_suite};
use crate::study::perft::results::{Detail, perft_report};
use crate::study::perft::suite::SuiteEntry;

/// The largest published count run on each representation: the bitboard
/// generator is about two orders of magnitude faster than Bell's array.
fn node_budget(budget: Budget, repr: Repr) -> u128 {
    let fast = repr == Repr::Bitboard;
    match (budget, fast) {
        (Budget::Quick, false) => 2_000_000,
        (Budget::Quick, true) => 20_000_000,
        (Budget::Default, false) => 100_000_000,
        (Budget::Default, true) => 1_000_000_000,
        (Budget::Full, false) => 1_000_000_000,
        (Budget::Full, true) => 10_000_000_000,
    }
}

/// The depth of the statistics table of each published position.
fn stats_depth(budget: Budget, name: &str) -> u32 {
    let deep = matches!(name, "initial" | "position 3");
    match (budget, deep) {
        (Budget::Quick, _) => 3,
        (Budget::Default, true) => 5,
        (Budget::Default, false) => 4,
        (Budget::Full, true) => 6,
        (Budget::Full, false) => 5,
    }
}

/// A short name for the positions of the datasets.
fn position_name(suite: &str, index: usize) -> String {
    const STANDARD: [&str; 7] =
        ["initial", "kiwipete", "position 3", "position 4", "position 4 mirrored", "position 5", "position 6"];
    match suite {
        "standard" => STANDARD.get(index).map_or_else(|| format!("standard {}", index + 1), |s| (*s).to_owned()),
        _ => format!("edge case {}", index + 1),
    }
}

pub(super) fn run(budget: Budget, progress: Progress<'_>) -> Result<StudyReport> {
    let mut tables = vec![published_counts(budget, progress)?];
    for published in published_stats()? {
        let depth = stats_depth(budget, &published.name);
        progress.report(Step::label(&format!("perft statistics, {} to depth {depth}", published.name)));
        let report = perft_report(&published.setup, depth, &[Repr::Bitboard], Detail::Stats)?;
        if let Some(mut table) = report.stats_table() {
            table.id = format!("perft_stats_{}", published.name.replace(' ', "_"));
            table.title = format!("perft statistics of {} (chessprogramming wiki), bitboard", published.name);
            tables.push(table);
        }
    }
    progress.report(Step::label("perft speed of each representation"));
    let (speed, plot) = speed(budget)?;
    tables.push(speed);
    progress.report(Step::label("Bell's two-move mate program and the published problems"));
    tables.extend([mate::bell_table()?, mate::fig_3_4_table()?, mate::fig_3_5_table()?]);
    let solved = mate::solve_set(&Repr::ALL)?;
    tables.push(mate::problems_table(&solved)?);
    let mate_seconds = if budget == Budget::Quick { 0.25 } else { 1.0 };
    tables.push(mate::speed_table(&mate::time_set(mate_seconds)?)?);
    tables.push(crate::study::perft::eppstein::eppstein_table()?);
    let tally = Tally::of(&tables);
    let reading = vec![
        format!(
            "Every published leaf count within the budget was computed on each of the four representations: {} \
             matches, {} failures. The four generators share no code but the FEN parser, the move type and the \
             driver, so an agreement is four independent confirmations.",
            tally.matches, tally.differs
        ),
        known_discrepancies(&tables, tally.known),
        "The speed table runs each representation on the same positions, one thread, median of the runs, in two \
         modes. Like-for-like, every representation runs the same algorithm, so the ratios measure the board \
         alone. Best, every representation finds the checkers and pinned pieces once per node, generates only legal \
         moves (en passant alone is played and tested) and counts the last ply without playing it: Bell's array \
         walks its Appendix 2 tables from the king, 0x88 uses its square-difference table, the 10x10 mailbox \
         walks the king's lines, and bitboards build check and pin masks from magic lookups."
            .to_owned(),
        format!(
            "Bell's two-move mate program (his Appendix 1) runs on his own arrays and tables: his figures of it (Figs. \
             3.1 to 3.5, the rook's 14 moves) are checked, its flow and its array moves on Fig. 3.3 row by row. The \
             full-rules solver finds the published key of all {} two-movers of the set on each representation, and \
             Bell's program, which omits castling and en passant, agrees with the same solver restricted to his \
             moves, except where his method accepts a first move that stalemates.",
            mate::problem_set()?.problems.len()
        ),
    ];
    Ok(StudyReport { study: Study::Perft, tables, plots: vec![plot], reading, seconds: 0.0 })
}

/// One row per published (position, depth): the count, which
/// representations computed it, and the verdict over all of them.
fn published_counts(budget: Budget, progress: Progress<'_>) -> Result<Table> {
    let suites: [(&str, Vec<SuiteEntry>, &str); 2] = [
        ("standard", standard_suite()?, "chessprogramming wiki, Perft Results"),
        ("edge", edge_case_suite()?, "Sedlak, via chessprogramming.net Perfect Perft"),
    ];
    let mut jobs = Vec::new();
    for (suite, entries, source) in &suites {
        for (i, entry) in entries.iter().enumerate() {
            for &(depth, expected) in &entry.expected {
                for repr in Repr::ALL {
                    if expected <= node_budget(budget, repr) {
                        jobs.push((*suite, i, entry.setup.clone(), depth, expected, repr, *source));
                    }
                }
            }
        }
    }
    progress.report(Step::label(&format!("perft: {} published counts", jobs.len())));
    let counts: Vec<Result<u64>> =
        jobs.par_iter().map(|(_, _, setup, depth, _, repr, _)| Ok(perft_on(*repr, setup, *depth)?)).collect();
    // (suite, position, depth) -> (FEN, published, counts per representation, source)
    type Row<'a> = (String, u128, Vec<(Repr, u64)>, &'a str);
    let mut rows: BTreeMap<(usize, usize, u32), Row> = BTreeMap::new();
    for (job, nodes) in jobs.iter().zip(counts) {
        let (suite, i, setup, depth, expected, repr, source) = job;
        let order = usize::from(*suite != "standard");
        let row = rows.entry((order, *i, *depth)).or_insert_with(|| (setup.to_fen(), *expected, Vec::new(), source));
        row.2.push((*repr, nodes?));
    }
    let mut table = Table::new(
        "perft_published",
        "perft: published leaf counts, computed on each representation",
        vec![
            Column::new("position", "Position"),
            Column::new("depth", "Depth"),
            Column::new("published", "Published"),
            Column::new("computed", "Computed"),
            Column::new("representations", "Representations"),
            Column::new("source", "Source"),
            Column::new("verdict", "Verdict"),
            Column::new("fen", "FEN"),
        ],
    );
    for ((order, i, depth), (fen, expected, computed, source)) in rows {
        let all_match = computed.iter().all(|&(_, n)| u128::from(n) == expected);
        let shown = computed.iter().find(|&&(_, n)| u128::from(n) != expected).unwrap_or(&computed[0]).1;
        let reprs: Vec<&str> = computed.iter().map(|(r, _)| r.name()).collect();
        table.push(vec![
            position_name(if order == 0 { "standard" } else { "edge" }, i).into(),
            u64::from(depth).into(),
            Cell::UInt(expected),
            shown.into(),
            reprs.join(" ").into(),
            source.into(),
            if all_match { Verdict::Match } else { Verdict::Differs }.into(),
            fen.into(),
        ]);
    }
    table.note(format!(
        "Counts up to {} leaves run on bitboard, up to {} on the other three; deeper ones: perft suite datasets/perft/standard.epd --max-depth D.",
        node_budget(budget, Repr::Bitboard),
        node_budget(budget, Repr::X88)
    ));
    Ok(table)
}

/// The statistics rows whose differences are all documented disputes.
fn known_discrepancies(tables: &[Table], count: usize) -> String {
    let mut found = Vec::new();
    for table in tables.iter().filter(|t| t.id.starts_with("perft_stats_")) {
        let (Some(verdicts), Some(depths), Some(differences)) =
            (table.column("verdict"), table.column("depth"), table.column("differences"))
        else {
            continue;
        };
        for ((verdict, depth), text) in verdicts.zip(depths).zip(differences) {
            if *verdict == Cell::Verdict(Verdict::Known) {
                let position = table.id.trim_start_matches("perft_stats_").replace('_', " ");
                found.push(format!("{position} at depth {depth}: {}", text.text()));
            }
        }
    }
    if found.is_empty() {
        return "No statistics row differs from the wiki's tables at this budget.".to_owned();
    }
    format!(
        "The wiki's statistics tables give {count} known discrepancies, each listed with its evidence in \
         datasets/perft/stats.json: {}.",
        found.join("; ")
    )
}

/// Nodes per second of each representation, one thread, side by side, in
/// both modes of [`crate::study::perft::bench`]: like-for-like (the same algorithm
/// everywhere) and best (each representation at its fastest).
fn speed(budget: Budget) -> Result<(Table, Plot)> {
    let (seconds, positions): (f64, [(&str, &str, u32); 2]) = match budget {
        // A quarter of a second per representation at the quick budget: enough runs for a median and its
        // spread to mean something in CI (`plybench compare`), for about 4 s in all.
        Budget::Quick => (0.25, [("initial", Setup::STARTING_FEN, 4), ("kiwipete", KIWIPETE, 3)]),
        _ => (1.0, [("initial", Setup::STARTING_FEN, 5), ("kiwipete", KIWIPETE, 4)]),
    };
    let mut table = Table::new(
        "perft_speed",
        "perft speed: each representation, one thread, median of runs, like-for-like and best",
        vec![
            Column::new("mode", "Mode"),
            Column::new("position", "Position"),
            Column::new("depth", "Depth"),
            Column::new("repr", "Representation"),
            Column::new("nodes", "Nodes"),
            Column::new("runs", "Runs"),
            Column::new("median_seconds", "Median s"),
            Column::new("min_seconds", "Min s"),
            Column::new("max_seconds", "Max s"),
            Column::new("spread", "Spread (MAD)"),
            Column::new("nps", "Nodes/s"),
            Column::new("ratio_to_bitboard", "Ratio to bitboard"),
        ],
    );
    let mut groups = Vec::new();
    let mut bars: Vec<(String, Vec<Option<f64>>)> =
        Repr::ALL.iter().map(|r| (r.name().to_owned(), Vec::new())).collect();
    for mode in Mode::ALL {
        for (name, fen, depth) in positions {
            let position = BenchPosition::new(Setup::from_fen(fen)?, depth, None);
            let bench = bench_position(&position, mode, seconds)?;
            groups.push(format!("{name} d{depth}, {mode}"));
            for (k, r) in bench.results.iter().enumerate() {
                bars[k].1.push(Some(r.nps));
                table.push(vec![
                    mode.name().into(),
                    name.into(),
                    u64::from(depth).into(),
                    r.repr.name().into(),
                    r.nodes.into(),
                    (r.runs as u64).into(),
                    Cell::float(r.median_seconds, 4),
                    Cell::float(r.min_seconds, 4),
                    Cell::float(r.max_seconds, 4),
                    Cell::float(r.spread(), 3),
                    Cell::float(r.nps, 0),
                    Cell::float(r.ratio_to_bitboard, 3),
                ]);
            }
        }
    }
    table.note(
        "like-for-like: pseudo-legal generation, make, king-in-check test, unmake at every node, no bulk counting, on \
         every representation; best: each as fast as it goes (legal generation and bulk counting where it has them). \
         Spread: the median absolute deviation of the runs over their median, the noise of each measurement. \
         Measured in one run on the machine named in the report; compare ratios, not absolute times. The peer \
         libraries are in `just bench-peers` (README, Comparing representations).",
    );
    let plot = Plot::Bar(BarPlot {
        id: "perft_speed".into(),
        title: "perft speed per representation (one thread, median)".into(),
        x_label: "position, perft depth (plies) and mode".into(),
        y_label: "leaf nodes per second".into(),
        log_y: true,
        groups,
        series: bars,
    });
    Ok((table, plot))
}

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
