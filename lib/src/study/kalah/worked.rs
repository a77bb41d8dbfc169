//! Bell's two worked examples of §3.3, computed: the position with "six
//! terminal positions", and the outputs of his two stack-activity figures
//! line by line.
//!
//! The example position's picture did not survive in the text, so it is
//! found by search: every board whose continuation sequences, played by the
//! engine, are exactly Bell's list of orders. The figures Bell states about
//! it are then computed on each board found.

use std::collections::BTreeSet;

use super::bell::{Bell, ContinuationExample, TraceFigure};
use crate::Result;
use crate::engine::kalah::continuations::{Continuation, continuations};
use crate::engine::kalah::trace::{format_pits, trace};
use crate::engine::kalah::{CountOptions, Position, Rules, ScanOrder, count};
use crate::engine::progress::Progress;
use crate::report::{Comparison, Published, Verdict};

/// A board found for Bell's example, with its sequences.
#[derive(Clone, Debug)]
pub struct Candidate {
    /// The board (opponent's pits empty).
    pub position: Position,
    /// Its sequences, in Bell's order.
    pub sequences: Vec<Continuation>,
}

/// Every board of `pits` pits whose sequences (no captures) are exactly
/// `orders`. Pits above the highest one played are empty, since a non-empty
/// pit is always a first move; the others are searched from 0 to two laps
/// (`2(2N + 1)` counters), past which a pit only repeats the landings of a
/// smaller one.
pub fn boards_with_orders(pits: usize, orders: &[Vec<usize>]) -> Result<Vec<Candidate>> {
    let played = orders.iter().flatten().copied().max().unwrap_or(0).min(pits);
    let most = 2 * (2 * pits as u32 + 1);
    let mut found = Vec::new();
    let mut own = vec![0u32; pits];
    loop {
        let position = Position::from_own(own.clone())?;
        if let Ok(sequences) = continuations(&position, Rules::default(), orders.len())
            && sequences.iter().map(Continuation::numbers).eq(orders.iter().cloned())
        {
            found.push(Candidate { position, sequences });
        }
        // Next board: count up in P1..P(played), P1 fastest.
        let mut i = 0;
        while i < played && own[i] == most {
            own[i] = 0;
            i += 1;
        }
        if i == played {
            break;
        }
        own[i] += 1;
    }
    Ok(found)
}

/// The opponent's pits a sequence reached, as Bell notes them (`1 in p6`).
fn spill(sequence: &Continuation) -> String {
    let parts: Vec<String> = sequence
        .opponent()
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c > 0)
        .map(|(i, c)| format!("{c} in p{}", i + 1))
        .collect();
    if parts.is_empty() { "none".to_owned() } else { parts.join(", ") }
}

/// The first moves of the sequences that end with the most counters in the
/// kalah.
fn best_first_moves(sequences: &[Continuation]) -> String {
    let best = sequences.iter().map(Continuation::kalah).max().unwrap_or(0);
    let firsts: BTreeSet<usize> =
        sequences.iter().filter(|s| s.kalah() == best).filter_map(|s| s.pits.first().map(|p| p.number())).collect();
    firsts.iter().map(usize::to_string).collect::<Vec<_>>().join(", ")
}

/// One value if every board agrees, else each board's value.
fn agreed(values: Vec<(String, String)>) -> Option<String> {
    let distinct: BTreeSet<&String> = values.iter().map(|(_, v)| v).collect();
    match distinct.len() {
        0 => None,
        1 => distinct.into_iter().next().cloned(),
        _ => Some(values.iter().map(|(p, v)| format!("{p}: {v}")).collect::<Vec<_>>().join("; ")),
    }
}

/// The boards found whose pictures Bell could draw as he did: only the
/// order he annotates reaches the opponent's side.
fn drawn_as_bell(example: &ContinuationExample, candidates: &[Candidate]) -> Vec<String> {
    candidates
        .iter()
        .filter(|c| c.sequences.iter().all(|s| (spill(s) != "none") == (s.numbers() == example.spill.order)))
        .map(|c| c.position.to_string())
        .collect()
}

/// The rows of the example with "six terminal positions". Returns the notes
/// to print under the table.
pub fn push_example_rows(bell: &Bell, push: &mut impl FnMut(String, Comparison<String>)) -> Result<Vec<String>> {
    let example = &bell.continuation_example;
    let candidates = boards_with_orders(example.pits, &example.orders)?;
    let source = |line: usize, quote: &str| format!("{}, seed line {line}: \"{quote}\"", example.location);
    let mut terminals = Vec::new();
    for candidate in &candidates {
        let options = CountOptions { terminal_positions: true, ..CountOptions::default() };
        let figures = count(&candidate.position, options, Progress::NONE)?;
        let value = figures.terminal_positions.map_or_else(|| "not counted".to_owned(), |t| t.to_string());
        terminals.push((candidate.position.to_string(), value));
    }
    push(
        "continuation example: distinct terminal positions".to_owned(),
        Comparison::new(
            agreed(terminals),
            Some(&Published {
                value: example.terminal_positions.to_string(),
                source: source(example.terminal_seed_line, &example.terminal_quote),
            }),
        ),
    );
    let best = candidates.iter().map(|c| (c.position.to_string(), best_first_moves(&c.sequences))).collect();
    push(
        "continuation example: first move that fills the kalah best (no captures)".to_owned(),
        Comparison::new(
            agreed(best),
            Some(&Published {
                value: example.best_first_move.to_string(),
                source: source(example.best_seed_line, &example.best_quote),
            }),
        ),
    );
    let order = example.spill.order.iter().map(usize::to_string).collect::<Vec<_>>().join(",");
    let spills = candidates
        .iter()
        .map(|c| {
            let reached =
                c.sequences.iter().find(|s| s.numbers() == example.spill.order).map_or("no such order".into(), spill);
            (c.position.to_string(), reached)
        })
        .collect();
    push(
        format!("continuation example: counters order {order} sows into the opponent's pits"),
        Comparison::new(
            agreed(spills),
            Some(&Published {
                value: format!("{} in {}", example.spill.counters, example.spill.pit),
                source: source(example.spill.seed_line, &example.spill.quote),
            }),
        ),
    );
    let drawn = drawn_as_bell(example, &candidates);
    push(
        "continuation example: the position, PN..P1 (its picture is lost)".to_owned(),
        Comparison::new(Some(if drawn.is_empty() { "none found".to_owned() } else { drawn.join(" or ") }), None),
    );
    let kalahs: Vec<String> = candidates
        .iter()
        .map(|c| {
            let best = c.sequences.iter().max_by_key(|s| s.kalah()).map_or(0, Continuation::kalah);
            format!("{} ({best})", c.position)
        })
        .collect();
    Ok(vec![format!(
        "Continuation example: {}. The search found {} boards of {} pits (pits above P{} empty, the others 0 to \
             {} counters) whose sequences are exactly Bell's {} orders (seed line {}); every figure above is computed \
             on each of them, and one value is shown where all agree. The position row keeps those on which only \
             order {order} reaches the opponent's side, as Bell's pictures (P3 P2 P1 KALAH only) and his single note \
             imply. Most counters in the kalah after any order, per board: {}.",
        example.position_note,
        candidates.len(),
        example.pits,
        example.orders.iter().flatten().max().copied().unwrap_or(0),
        2 * (2 * example.pits + 1),
        example.orders.len(),
        example.orders_seed_line,
        kalahs.join(", ")
    )])
}

/// The outputs of one line, as Bell prints them (`030 003`), or `none`.
fn outputs_text(outputs: &[String]) -> String {
    if outputs.is_empty() { "none".to_owned() } else { outputs.join(" ") }
}

/// The rows comparing the outputs of Bell's stack-activity figures, line by
/// line, in the order he prints them.
pub fn push_trace_rows(bell: &Bell, push: &mut impl FnMut(String, Comparison<String>)) -> Result<()> {
    for figure in &bell.traces.figures {
        push_figure_rows(bell, figure, push)?;
    }
    Ok(())
}

fn push_figure_rows(
    bell: &Bell,
    figure: &TraceFigure,
    push: &mut impl FnMut(String, Comparison<String>),
) -> Result<()> {
    let position: Position = figure.position.parse()?;
    let order: ScanOrder = figure.scan.parse()?;
    let rows = trace(&position, order, Rules::default())?;
    let steps = rows.len().max(figure.lines.iter().map(|l| l.step).max().unwrap_or(0));
    let mut computed_all = Vec::new();
    let mut printed_all = Vec::new();
    for step in 1..=steps {
        let computed = rows.get(step - 1).map(|row| {
            let outputs: Vec<String> = row.outputs.iter().map(|b| format_pits(b)).collect();
            computed_all.extend(outputs.iter().cloned());
            outputs_text(&outputs)
        });
        let line = figure.lines.iter().find(|l| l.step == step);
        let published = line.map(|l| {
            printed_all.extend(l.outputs.iter().cloned());
            let seed = l.seed_lines.iter().map(usize::to_string).collect::<Vec<_>>().join("-");
            Published { value: outputs_text(&l.outputs), source: format!("{}, seed line {seed}", bell.traces.location) }
        });
        let mut comparison =
            Comparison::new(Some(computed.unwrap_or_else(|| "no such line".to_owned())), published.as_ref());
        let known = bell.traces.known.iter().any(|k| k.scan == figure.scan && k.step == step);
        if comparison.verdict == Verdict::Differs && known {
            comparison.verdict = Verdict::Known;
        }
        push(format!("stack trace {} scanning {}, line {step}: outputs", figure.position, order.name()), comparison);
    }
    let known = bell.traces.known.iter().any(|k| k.scan == figure.scan);
    let mut comparison = Comparison::new(
        Some(computed_all.len().to_string()),
        Some(&Published {
            value: printed_all.len().to_string(),
            source: format!("{}: outputs printed", bell.traces.location),
        }),
    );
    if comparison.verdict == Verdict::Differs && known {
        comparison.verdict = Verdict::Known;
    }
    push(format!("stack trace {} scanning {}: positions output", figure.position, order.name()), comparison);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::kalah::bell;

    #[test]
    fn the_example_is_found_and_drawn_on_two_boards() {
        let bell = bell::published().unwrap();
        let example = &bell.continuation_example;
        let candidates = boards_with_orders(example.pits, &example.orders).unwrap();
        // P3 = 1..26 but 3 and 16, which land in the kalah (16 after a lap).
        assert_eq!(candidates.len(), 24);
        assert!(candidates.iter().all(|c| c.position.own()[..2] == [1, 2]));
        assert_eq!(drawn_as_bell(example, &candidates), ["0,0,0,1,2,1", "0,0,0,2,2,1"]);
    }

    #[test]
    fn a_list_that_no_board_gives_finds_none() {
        // 2 before 1 is impossible when 1 is played twice from the start.
        assert!(boards_with_orders(3, &[vec![2, 1, 1]]).unwrap().is_empty());
    }

    #[test]
    fn rows_match_bell_but_the_stray_stop_output() {
        let bell = bell::published().unwrap();
        let mut rows = Vec::new();
        let mut push = |figure: String, comparison: Comparison<String>| rows.push((figure, comparison));
        push_example_rows(bell, &mut push).unwrap();
        push_trace_rows(bell, &mut push).unwrap();
        let verdict = |name: &str| rows.iter().find(|(f, _)| f.contains(name)).map(|(_, c)| c.verdict).unwrap();
        assert_eq!(verdict("distinct terminal positions"), Verdict::Match);
        assert_eq!(verdict("fills the kalah best"), Verdict::Match);
        assert_eq!(verdict("opponent's pits"), Verdict::Match);
        assert_eq!(verdict("right-to-left, line 12:"), Verdict::Known);
        assert_eq!(verdict("right-to-left: positions output"), Verdict::Known);
        assert_eq!(verdict("left-to-right: positions output"), Verdict::Match);
        let traced: Vec<_> = rows.iter().filter(|(f, _)| f.starts_with("stack trace")).collect();
        assert_eq!(traced.len(), 26);
        let differ: Vec<_> = traced.iter().filter(|(_, c)| c.verdict != Verdict::Match).map(|(f, _)| f).collect();
        assert_eq!(differ.len(), 2, "{differ:?}");
    }

    #[test]
    fn outputs_are_compared_in_order() {
        assert_eq!(outputs_text(&["030".into(), "003".into()]), "030 003");
        assert_ne!(outputs_text(&["003".into(), "030".into()]), outputs_text(&["030".into(), "003".into()]));
        assert_eq!(outputs_text(&[]), "none");
    }
}
