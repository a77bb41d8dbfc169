//! The checkers study: perft of the opening against the published counts on
//! the three representations, the speed table, and the replay of Cochran's
//! game records.

use crate::engine::progress::{Progress, Step};

use super::plan::{Study, StudyReport};
use crate::Result;
use crate::engine::checkers::replay::{parse_games, replay};
use crate::engine::checkers::run_perft;
use crate::engine::checkers::{Counting, Position, Repr};
use crate::report::Tally;
use crate::report::{Cell, Column, Comparison, Table, Verdict};
use crate::study::budget::Budget;
use crate::study::checkers::published::opening;
use crate::study::checkers::results::{bench_table, replay_table};

/// Cochran's Appendix A games, in his modified numbering.
const COCHRAN_GAMES: &str = crate::study::datasets::CHECKERS_COCHRAN_GAMES;

/// Deepest perft of the opening on Bell's table (the slowest) and on the
/// two bit representations.
fn depths(budget: Budget) -> (u32, u32) {
    match budget {
        Budget::Quick => (8, 10),
        Budget::Default => (10, 12),
        Budget::Full => (12, 15),
    }
}

pub(super) fn run(budget: Budget, progress: Progress<'_>) -> Result<StudyReport> {
    let (table_depth, bit_depth) = depths(budget);
    let start = Position::start();
    let mut perft = Table::new(
        "checkers_perft_opening",
        "checkers perft of the opening (every path of a multiple capture counted)",
        vec![
            Column::new("depth", "Depth"),
            Column::new("computed", "Computed"),
            Column::new("representations", "Representations"),
            Column::new("published", "Published"),
            Column::new("source", "Source"),
            Column::new("verdict", "Verdict"),
        ],
    );
    let mut sources: Vec<String> = Vec::new();
    for depth in 1..=bit_depth {
        progress.report(Step::label(&format!("checkers perft({depth})")));
        let reprs: Vec<Repr> = Repr::ALL.into_iter().filter(|&r| r != Repr::Table || depth <= table_depth).collect();
        let mut counts = Vec::with_capacity(reprs.len());
        for &repr in &reprs {
            counts.push(run_perft(repr, &start, depth, Counting::Paths, false)?.nodes);
        }
        let agree = counts.windows(2).all(|w| w[0] == w[1]);
        let shown = counts[0];
        let published = opening(depth)?;
        if let Some(p) = &published
            && !sources.contains(&p.source)
        {
            sources.push(p.source.clone());
        }
        // The cell names the source; the full citation is a note.
        let published = published.map(|mut p| {
            p.source = p.source.splitn(3, ',').take(2).collect::<Vec<_>>().join(",");
            p
        });
        let mut comparison = Comparison::new(Some(shown), published.as_ref());
        if !agree {
            comparison.verdict = Verdict::Differs;
        }
        let [computed, published, source, verdict] = comparison.cells();
        let names: Vec<&str> = reprs.iter().map(|r| r.name()).collect();
        perft.push(vec![u64::from(depth).into(), computed, names.join(" ").into(), published, source, verdict]);
    }
    for source in &sources {
        perft.note(format!("Source: {source}."));
    }
    perft.note(format!(
        "Bell's table-driven generator runs to depth {table_depth}, Samuel's words and the bitboard to {bit_depth}; \
         a row's verdict is `differs` if the representations disagree."
    ));
    progress.report(Step::label("checkers speed"));
    let speed = bench_table(&start, if budget == Budget::Quick { 8 } else { 10 }, 3, Progress::NONE)?;
    progress.report(Step::label("checkers: Cochran's games"));
    let games = parse_games(COCHRAN_GAMES, None)?;
    let replays: Vec<_> = games.iter().map(replay).collect();
    let mut games_table = replay_table(&replays);
    games_table.id = "checkers_cochran_games".into();
    let tally = Tally::of(std::slice::from_ref(&perft));
    let first_unmatched =
        perft.rows.iter().find(|r| r[5] == Cell::from(Verdict::NoPublishedValue)).map(|r| r[0].text());
    let reading = vec![
        format!(
            "Perft of the opening is computed to depth {bit_depth} on three representations that share only the \
             position, the move type and the driver: {} matches with the published counts, {} failures{}.",
            tally.matches,
            tally.differs,
            first_unmatched.map_or(String::new(), |d| format!(" (no published value from depth {d})"))
        ),
        format!(
            "Cochran's Appendix A games are replayed in his modified numbering (1..35 without 9, 18, 27); {} games, \
             each stopped at its first move the rules refuse, with the one legal move that repairs it where there is \
             exactly one (the OCR damaged the records).",
            replays.len()
        ),
        "Cochran's centre control is recomputed from the board (the squares touching the centre, his Appendix C \
         example square by square), the four boards of his Appendix B by playing the moves named before them, and \
         his claims about material at the end of the games by the replays."
            .to_owned(),
    ];
    Ok(StudyReport {
        study: Study::Checkers,
        tables: vec![perft, speed, games_table, crate::study::checkers::cochran::figures_table()?],
        plots: Vec::new(),
        reading,
        seconds: 0.0,
    })
}
