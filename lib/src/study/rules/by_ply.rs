//! The rules study's Connect Four and Othello: each game written in
//! Pitrat's language, counted by both engines ply by ply beside its
//! published games by ply ([`super::published`]).

use crate::engine::progress::{Progress, Step};
use crate::engine::rules::games;
use crate::engine::rules::parse::parse;
use crate::engine::rules::state::State;
use crate::report::{Cell, Column, Comparison, Table, Verdict};
use crate::study::budget::Budget;
use crate::study::part::Part;
use crate::study::rules::games::{Engine, runs};
use crate::study::rules::published::{games_by_ply, published_perft};
use crate::{Error, Result};

/// This part of the rules study at a budget: Connect Four and Othello,
/// written in Pitrat's language, counted by both engines to a depth (quick:
/// 5 plies each; default: 7 and 8; full: 8 and 9) beside their published
/// games by ply.
pub fn part(budget: Budget, progress: Progress<'_>) -> Result<Part> {
    let (connect4, othello) = match budget {
        Budget::Quick => (5, 5),
        Budget::Default => (7, 8),
        Budget::Full => (8, 9),
    };
    let mut table = Table::new(
        "rules_games_by_ply",
        "Games by ply of Connect Four and Othello written in Pitrat's language, beside the published counts",
        vec![
            Column::new("game", "Game"),
            Column::new("depth", "Ply"),
            Column::new("interp", "Interpreter"),
            Column::new("compiled", "Compiled"),
            Column::new("published", "Published"),
            Column::new("source", "Source"),
            Column::new("verdict", "Verdict"),
        ],
    );
    let mut part = Part::default();
    let total = u64::from(connect4 + othello);
    let mut done = 0;
    for (name, deepest) in [("connect4", connect4), ("othello", othello)] {
        let shipped = games::find(name).ok_or_else(|| Error::invalid("rule file", format!("{name} is not shipped")))?;
        let program = parse(shipped.file, shipped.text)?;
        let start = State::start(&program)?;
        for depth in 1..=deepest {
            // The interpreter only where it takes a second or two.
            let interp = depth + 1 < deepest || budget == Budget::Quick;
            let engines: &[Engine] = if interp { &[Engine::Interp, Engine::Compiled] } else { &[Engine::Compiled] };
            let counted = runs(&program, &start, depth, engines, crate::engine::rules::limits::Limits::default())?;
            let by = |e: Engine| counted.iter().find(|r| r.engine == e).map(|r| r.nodes);
            let compiled = by(Engine::Compiled);
            let published = published_perft(name, &program, &start, depth)?;
            let mut verdict = Comparison::new(compiled, published.as_ref()).verdict;
            if by(Engine::Interp).is_some_and(|i| Some(i) != compiled) {
                verdict = Verdict::Differs;
            }
            table.push(vec![
                Cell::from(name),
                Cell::from(depth),
                Cell::opt(by(Engine::Interp)),
                Cell::opt(compiled),
                Cell::opt(published.as_ref().map(|p| p.value)),
                Cell::opt(published.map(|p| p.source)),
                verdict.into(),
            ]);
            done += 1;
            progress.report(Step { label: "rules games by ply", done, total, nodes: compiled.unwrap_or(0) });
        }
    }
    table.note(
        "Perft counts the move sequences of exactly n plies in which no earlier position ended the game; an \
         Othello pass is a ply (a move that changes no square). The interpreter is left out of the deepest two \
         plies beyond the quick budget, for time.",
    );
    for game in games_by_ply()? {
        table.note(format!("{}: {}", game.title, game.notes));
    }
    part.tables.push(table);
    part.reading.push(
        "Connect Four and Othello, each written in some forty lines of Pitrat's language, reproduce the published \
         counts of games by ply (Othello: OEIS A124004)."
            .into(),
    );
    Ok(part)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_quick_part_reproduces_the_published_counts() {
        let part = part(Budget::Quick, Progress::NONE).unwrap();
        let tally = crate::report::Tally::of(&part.tables);
        assert!(tally.passed() && tally.matches == 10, "{tally:?}");
    }
}
