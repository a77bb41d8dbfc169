//! `perft check`: another program's perft beside plybench's, and, when they
//! differ, the position where their move lists part.
//!
//! The other program is an [`Engine`]: anything that can give the divide
//! (the count of each legal move) of a position after some moves. The
//! check compares its divide with the bitboard's. When the two disagree it
//! follows the first move whose counts differ, one ply deeper, and again,
//! until it reaches a position where the move lists themselves differ (a
//! move missing or extra), or depth 1, where each move counts one leaf. It
//! never needs more than `depth` divides from each side.
//!
//! ```
//! use plybench::engine::chess::Setup;
//! use plybench::study::perft::check::{Divide, Engine, check};
//! use plybench::study::perft::program_error::ProgramError;
//!
//! /// An engine that never sees the double step of the a-pawn.
//! struct NoA2A4;
//!
//! impl Engine for NoA2A4 {
//!     fn divide(&mut self, fen: &str, moves: &[String], depth: u32) -> Result<Divide, ProgramError> {
//!         let mut divide = Divide::ours(fen, moves, depth).expect("a legal position");
//!         divide.moves.retain(|(m, _)| m != "a2a4");
//!         divide.total = divide.moves.iter().map(|(_, n)| n).sum();
//!         Ok(divide)
//!     }
//! }
//!
//! let result = check(&mut NoA2A4, &Setup::starting(), 3)?;
//! assert_eq!((result.nodes, result.engine_nodes), (8_902, 8_902 - 420));
//! let divergence = result.divergence.expect("the counts differ");
//! assert!(divergence.path.is_empty());
//! assert_eq!(divergence.missing, ["a2a4"]);
//! # Ok::<(), plybench::Error>(())
//! ```

use std::collections::BTreeMap;

use super::program_error::ProgramError;
use crate::Result;
use crate::engine::chess::dispatch::{check_depth, divide_on};
use crate::engine::chess::play::play_moves;
use crate::engine::chess::{Repr, Setup};
use crate::report::{Cell, Column, Table, Verdict};

/// A divide: each move (UCI) with its count of leaves, and the total.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Divide {
    /// `(move, leaves)` pairs, in the order given.
    pub moves: Vec<(String, u64)>,
    /// The total as reported (an engine's own line; it may differ from the
    /// sum of `moves`).
    pub total: u64,
}

impl Divide {
    /// plybench's divide (bitboard) of `fen` after `moves`, to `depth`.
    pub fn ours(fen: &str, moves: &[String], depth: u32) -> Result<Divide> {
        let setup = play_moves(&Setup::from_fen(fen)?, moves)?;
        divide_of(&setup, depth)
    }
}

/// plybench's divide (bitboard) of `setup` to `depth`.
fn divide_of(setup: &Setup, depth: u32) -> Result<Divide> {
    let moves: Vec<(String, u64)> =
        divide_on(Repr::Bitboard, setup, depth)?.into_iter().map(|(m, n)| (m.to_string(), n)).collect();
    let total = moves.iter().map(|(_, n)| n).sum();
    Ok(Divide { moves, total })
}

/// A program whose perft is checked.
pub trait Engine {
    /// The divide of the position `fen` (six fields) after `moves` (UCI),
    /// to `depth` plies (1 or more).
    fn divide(&mut self, fen: &str, moves: &[String], depth: u32) -> Result<Divide, ProgramError>;
}

/// A move that both sides list with different counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveCounts {
    /// The move (UCI).
    pub uci: String,
    /// plybench's count.
    pub nodes: u64,
    /// The engine's.
    pub engine_nodes: u64,
}

/// What was found where the descent stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finding {
    /// The move lists differ: a move missing or extra.
    Moves,
    /// The same moves, but at depth 1 the engine counts a move as other
    /// than one leaf.
    Counts,
    /// The engine's divide agrees with plybench's, but its total line does
    /// not add up its own divide.
    Total,
    /// The engine's divide here agrees with plybench's, though one ply up it
    /// counted the move that leads here differently: the engine contradicts
    /// itself (a position set up from FEN and moves differs from the one its
    /// search reaches, or a hash table's error).
    Inconsistent {
        /// What the engine counted for the last move of the path, one ply up.
        claimed: u64,
    },
}

impl Finding {
    /// A short description, stable in every format.
    pub fn name(self) -> &'static str {
        match self {
            Finding::Moves => "moves differ",
            Finding::Counts => "counts differ at depth 1",
            Finding::Total => "total differs from the divide",
            Finding::Inconsistent { .. } => "engine contradicts itself",
        }
    }
}

/// The position where the engine and plybench part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divergence {
    /// The moves (UCI) from the checked position to this one.
    pub path: Vec<String>,
    /// This position, as FEN.
    pub fen: String,
    /// The depth still to search from here.
    pub depth: u32,
    /// Legal moves the engine does not list, sorted.
    pub missing: Vec<String>,
    /// Moves the engine lists that are not legal here (or that it lists
    /// twice), sorted.
    pub extra: Vec<String>,
    /// Moves both list, with different counts.
    pub counts: Vec<MoveCounts>,
    /// What was found.
    pub finding: Finding,
}

impl Divergence {
    /// One sentence for people: where, and what differs.
    pub fn sentence(&self) -> String {
        let at = if self.path.is_empty() {
            format!("At the checked position ({}), depth {}", self.fen, self.depth)
        } else {
            format!("After {} ({}), depth {}", self.path.join(" "), self.fen, self.depth)
        };
        let mut parts = Vec::new();
        if !self.missing.is_empty() {
            parts.push(format!("the engine lacks the legal {}", self.missing.join(", ")));
        }
        if !self.extra.is_empty() {
            let who = if self.missing.is_empty() { "the engine" } else { "it" };
            parts.push(format!(
                "{who} lists {}, which plybench does not (illegal, or listed twice)",
                self.extra.join(", ")
            ));
        }
        if self.finding == Finding::Counts {
            let counts: Vec<String> =
                self.counts.iter().map(|c| format!("{} as {} leaves", c.uci, c.engine_nodes)).collect();
            parts.push(format!("the engine counts {}", counts.join(", ")));
        }
        if let Finding::Inconsistent { claimed } = self.finding {
            let last = self.path.last().map_or("", String::as_str);
            parts.push(format!(
                "the engine's divide agrees with plybench's here, but one ply up it counted {claimed} leaves for {last}"
            ));
        }
        if self.finding == Finding::Total {
            parts.push("the engine's total is not the sum of its own divide".to_owned());
        }
        format!("{at}: {}.", parts.join("; "))
    }
}

/// The check of one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    /// The position, as FEN.
    pub fen: String,
    /// The depth.
    pub depth: u32,
    /// plybench's count.
    pub nodes: u64,
    /// The engine's count (its total line).
    pub engine_nodes: u64,
    /// Where they part; `None` when they agree.
    pub divergence: Option<Divergence>,
}

impl Check {
    /// [`Verdict::Match`] when the engine agrees, [`Verdict::Differs`]
    /// otherwise.
    pub fn verdict(&self) -> Verdict {
        if self.divergence.is_none() { Verdict::Match } else { Verdict::Differs }
    }
}

/// The moves of `ours` and `theirs`: the missing ones, the extra ones, and
/// those with different counts, each sorted.
fn compare(ours: &Divide, theirs: &Divide) -> (Vec<String>, Vec<String>, Vec<MoveCounts>) {
    let ours: BTreeMap<&str, u64> = ours.moves.iter().map(|(m, n)| (m.as_str(), *n)).collect();
    let mut mine: BTreeMap<&str, u64> = BTreeMap::new();
    let mut extra = Vec::new();
    for (m, n) in &theirs.moves {
        if !ours.contains_key(m.as_str()) || mine.insert(m.as_str(), *n).is_some() {
            extra.push(m.clone());
        }
    }
    let missing = ours.keys().filter(|m| !mine.contains_key(*m)).map(|m| (*m).to_owned()).collect();
    let counts = ours
        .iter()
        .filter_map(|(m, &nodes)| {
            let engine_nodes = *mine.get(m)?;
            (engine_nodes != nodes).then(|| MoveCounts { uci: (*m).to_owned(), nodes, engine_nodes })
        })
        .collect();
    extra.sort();
    (missing, extra, counts)
}

/// Checks `engine` against plybench on `setup` to `depth` (1 to 15), and
/// on a mismatch descends to where the move lists differ.
///
/// The engine is given `setup`'s FEN and the moves from it, so that it
/// plays them itself, as perftree does.
pub fn check<E: Engine + ?Sized>(engine: &mut E, setup: &Setup, depth: u32) -> Result<Check> {
    let depth = check_depth(depth)?;
    let fen = setup.to_fen();
    let mut path: Vec<String> = Vec::new();
    let mut here = setup.clone();
    let mut left = depth;
    let mut root: Option<(u64, u64)> = None;
    let mut claimed: Option<u64> = None;
    let divergence = loop {
        let ours = divide_of(&here, left)?;
        let theirs = engine.divide(&fen, &path, left)?;
        root.get_or_insert((ours.total, theirs.total));
        let (missing, extra, counts) = compare(&ours, &theirs);
        let at = |finding, counts| Divergence {
            path: path.clone(),
            fen: here.to_fen(),
            depth: left,
            missing: missing.clone(),
            extra: extra.clone(),
            counts,
            finding,
        };
        if !missing.is_empty() || !extra.is_empty() {
            break Some(at(Finding::Moves, counts));
        }
        let Some(first) = counts.first() else {
            break match claimed {
                Some(claimed) if claimed != ours.total => Some(at(Finding::Inconsistent { claimed }, counts)),
                _ if theirs.total != ours.total => Some(at(Finding::Total, counts)),
                _ => None,
            };
        };
        if left == 1 {
            break Some(at(Finding::Counts, counts));
        }
        claimed = Some(first.engine_nodes);
        here = play_moves(&here, &[&first.uci])?;
        path.push(first.uci.clone());
        left -= 1;
    };
    let (nodes, engine_nodes) = root.unwrap_or_default();
    Ok(Check { fen, depth, nodes, engine_nodes, divergence })
}

/// One checked position of a run, with the suite line it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckRow {
    /// The suite's line, counting from 1; `None` for a single position.
    pub line: Option<usize>,
    /// The check.
    pub check: Check,
}

/// The table of a run: one row per position, with its verdict, and on a
/// mismatch the path, the FEN there, and the missing, extra and differing
/// moves. Each divergence is also told in a note. `with_lines` adds the
/// suite's `line` column first.
pub fn check_table(engine: &str, rows: &[CheckRow], with_lines: bool) -> Table {
    let mut columns = Vec::new();
    if with_lines {
        columns.push(Column::new("line", "Line"));
    }
    columns.extend([
        Column::new("fen", "FEN"),
        Column::new("depth", "Depth"),
        Column::new("nodes", "plybench"),
        Column::new("engine_nodes", "Engine"),
        Column::new("verdict", "Verdict"),
        Column::new("finding", "Finding"),
        Column::new("path", "Path"),
        Column::new("divergence_fen", "FEN there"),
        Column::new("missing", "Missing"),
        Column::new("extra", "Extra"),
        Column::new("differing", "Counts differ"),
    ]);
    let mut table = Table::new("check", &format!("perft check of {engine}"), columns);
    let texts = |moves: &[String]| Cell::List(moves.iter().map(|m| Cell::Text(m.clone())).collect());
    for row in rows {
        let check = &row.check;
        let mut cells = Vec::new();
        if with_lines {
            cells.push(Cell::opt(row.line.map(|l| l as u64)));
        }
        cells.extend([
            Cell::Text(check.fen.clone()),
            check.depth.into(),
            check.nodes.into(),
            check.engine_nodes.into(),
            check.verdict().into(),
        ]);
        match &check.divergence {
            Some(d) => {
                let differing: Vec<String> =
                    d.counts.iter().map(|c| format!("{} {}/{}", c.uci, c.nodes, c.engine_nodes)).collect();
                cells.extend([
                    Cell::Text(d.finding.name().to_owned()),
                    texts(&d.path),
                    Cell::Text(d.fen.clone()),
                    texts(&d.missing),
                    texts(&d.extra),
                    texts(&differing),
                ]);
                let line = row.line.map_or(String::new(), |l| format!("Line {l}: "));
                table.note(format!("{line}{}", d.sentence()));
            }
            None => cells.extend(std::iter::repeat_n(Cell::Null, 6)),
        }
        table.push(cells);
    }
    if rows.iter().any(|r| r.check.divergence.as_ref().is_some_and(|d| !d.counts.is_empty())) {
        table.note("Counts differ: move plybench/engine. `perft --fen FEN --moves PATH --divide` shows plybench's divide on the way.");
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::engine::chess::bitboard::BitboardBoard;
    use crate::engine::chess::{Board, Move, MoveList};

    /// An engine made of plybench's bitboard generator, which skips the
    /// moves `keep` refuses at every node, and applies `change` to every
    /// divide it gives.
    struct Fake<F: FnMut(&Setup, &mut Divide)> {
        keep: fn(Move) -> bool,
        change: F,
        calls: usize,
    }

    fn moves(board: &mut BitboardBoard, keep: fn(Move) -> bool) -> Vec<Move> {
        let mut list = MoveList::new();
        board.legal_moves(&mut list);
        list.iter().copied().filter(|&m| keep(m)).collect()
    }

    fn perft(board: &mut BitboardBoard, depth: u32, keep: fn(Move) -> bool) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut n = 0;
        for m in moves(board, keep) {
            let undo = board.make(m);
            n += perft(board, depth - 1, keep);
            board.unmake(m, undo);
        }
        n
    }

    impl<F: FnMut(&Setup, &mut Divide)> Engine for Fake<F> {
        fn divide(&mut self, fen: &str, moves_played: &[String], depth: u32) -> Result<Divide, ProgramError> {
            self.calls += 1;
            let setup = play_moves(&Setup::from_fen(fen).unwrap(), moves_played).unwrap();
            let mut board = BitboardBoard::from_setup(&setup);
            let mut divide = Divide::default();
            for m in moves(&mut board, self.keep) {
                let undo = board.make(m);
                divide.moves.push((m.to_string(), perft(&mut board, depth - 1, self.keep)));
                board.unmake(m, undo);
            }
            resum(&mut divide);
            (self.change)(&setup, &mut divide);
            Ok(divide)
        }
    }

    fn fake<F: FnMut(&Setup, &mut Divide)>(change: F) -> Fake<F> {
        Fake { keep: |_| true, change, calls: 0 }
    }

    fn resum(divide: &mut Divide) {
        divide.total = divide.moves.iter().map(|(_, n)| n).sum();
    }

    #[test]
    fn agreement_takes_one_divide() {
        let mut engine = fake(|_, _| {});
        let result = check(&mut engine, &Setup::starting(), 3).unwrap();
        assert_eq!((result.nodes, result.engine_nodes, &result.divergence), (8_902, 8_902, &None));
        assert_eq!(result.verdict(), Verdict::Match);
        assert_eq!(engine.calls, 1);
    }

    #[test]
    fn a_move_missing_deep_down_is_found_where_it_is_missing() {
        // After a2a4, b4xa3 en passant; the fake never lists en passant.
        let setup = Setup::from_fen("4k3/8/8/8/1p6/8/P7/4K3 w - - 0 1").unwrap();
        let mut engine = Fake { keep: |m| !m.is_en_passant(), change: |_, _| {}, calls: 0 };
        let result = check(&mut engine, &setup, 3).unwrap();
        assert!(result.nodes > result.engine_nodes);
        let d = result.divergence.unwrap();
        assert_eq!(d.finding, Finding::Moves);
        assert_eq!(d.path, ["a2a4"]);
        assert_eq!(d.fen, "4k3/8/8/8/Pp6/8/8/4K3 b - a3 0 1");
        assert_eq!(d.depth, 2);
        assert_eq!((d.missing, d.extra), (vec!["b4a3".to_owned()], vec![]));
        assert_eq!(engine.calls, 2);
    }

    #[test]
    fn extra_and_duplicated_moves_are_extra() {
        let mut engine = fake(|s, d| {
            if s == &Setup::starting() {
                d.moves.push(("e2e5".to_owned(), 1));
                d.moves.push(("g1f3".to_owned(), 1));
            }
        });
        let d = check(&mut engine, &Setup::starting(), 1).unwrap().divergence.unwrap();
        assert_eq!((d.missing, d.extra), (vec![], vec!["e2e5".to_owned(), "g1f3".to_owned()]));
        assert!(d.path.is_empty());
    }

    #[test]
    fn counts_that_differ_at_depth_one_end_the_descent() {
        let mut engine = fake(|_, d| {
            for (m, n) in &mut d.moves {
                if m == "b1c3" {
                    *n += 1;
                }
            }
        });
        let d = check(&mut engine, &Setup::starting(), 1).unwrap().divergence.unwrap();
        assert_eq!(d.finding, Finding::Counts);
        assert_eq!(d.counts, [MoveCounts { uci: "b1c3".into(), nodes: 1, engine_nodes: 2 }]);
        assert!(d.sentence().contains("b1c3 as 2 leaves"), "{}", d.sentence());
    }

    #[test]
    fn an_engine_that_contradicts_itself_is_named() {
        // Its root divide is one leaf too many on e2e4, but its divide after
        // e2e4 is right.
        let mut engine = fake(|s, d| {
            if s == &Setup::starting() {
                d.moves.iter_mut().filter(|(m, _)| m == "e2e4").for_each(|(_, n)| *n += 1);
                resum(d);
            }
        });
        let result = check(&mut engine, &Setup::starting(), 3).unwrap();
        assert_eq!(result.engine_nodes, 8_903);
        let d = result.divergence.unwrap();
        assert_eq!(d.finding, Finding::Inconsistent { claimed: 601 });
        assert_eq!(d.path, ["e2e4"]);
    }

    #[test]
    fn a_total_line_off_its_own_divide_is_a_mismatch() {
        let mut engine = fake(|_, d| d.total += 5);
        let result = check(&mut engine, &Setup::starting(), 2).unwrap();
        assert_eq!(result.engine_nodes, 405);
        assert_eq!(result.divergence.unwrap().finding, Finding::Total);
    }

    #[test]
    fn the_table_has_one_row_per_position_and_notes_each_divergence() {
        let mut bad = fake(|_, d| d.moves.retain(|(m, _)| m != "a2a4"));
        let mut good = fake(|_, _| {});
        let rows = vec![
            CheckRow { line: Some(3), check: check(&mut bad, &Setup::starting(), 2).unwrap() },
            CheckRow { line: Some(4), check: check(&mut good, &Setup::starting(), 2).unwrap() },
        ];
        let table = check_table("./x", &rows, true);
        assert_eq!(table.rows.len(), 2);
        assert_eq!(crate::report::Tally::of([&table]).differs, 1);
        let json: serde_json::Value = serde_json::to_value(&table).unwrap();
        assert_eq!(json[0]["line"], 3);
        assert_eq!(json[0]["missing"], serde_json::json!(["a2a4"]));
        assert_eq!(json[0]["path"], serde_json::json!([]));
        assert_eq!(json[1]["verdict"], "match");
        assert_eq!(json[1]["missing"], serde_json::Value::Null);
        assert!(table.notes[0].starts_with("Line 3: At the checked position"), "{:?}", table.notes);
    }

    /// Over every dataset position and three classic bugs: where the counts
    /// differ, the descent takes one divide per ply, follows legal moves,
    /// and stops where plybench lists moves of exactly the dropped kind that
    /// the engine does not.
    #[test]
    fn the_descent_lands_on_the_dropped_moves_in_every_dataset_position() {
        use super::super::published::{edge_case_suite, standard_suite};
        type Keep = fn(Move) -> bool;
        let bugs: [(&str, Keep); 3] = [
            ("en passant", |m| !m.is_en_passant()),
            ("castling", |m| !m.is_castle()),
            ("underpromotion", |m| matches!(m.promotion(), None | Some(crate::engine::chess::Role::Queen))),
        ];
        let suites = [standard_suite().unwrap(), edge_case_suite().unwrap()];
        let mut found = [0; 3];
        for entry in suites.iter().flatten() {
            for (i, (name, keep)) in bugs.iter().enumerate() {
                let mut engine = Fake { keep: *keep, change: |_, _| {}, calls: 0 };
                let depth = 3;
                let result = check(&mut engine, &entry.setup, depth).unwrap();
                let Some(d) = result.divergence else {
                    assert_eq!(result.nodes, result.engine_nodes, "{name}: {}", entry.fen);
                    continue;
                };
                found[i] += 1;
                let at = format!("{name}: {} after {:?}", entry.fen, d.path);
                assert_eq!(d.finding, Finding::Moves, "{at}");
                assert_eq!(engine.calls, d.path.len() + 1, "{at}");
                assert_eq!(d.depth as usize, depth as usize - d.path.len(), "{at}");
                let here = play_moves(&entry.setup, &d.path).unwrap();
                assert_eq!(here.to_fen(), d.fen, "{at}");
                let mut board = BitboardBoard::from_setup(&here);
                let mut dropped: Vec<String> =
                    moves(&mut board, |_| true).into_iter().filter(|&m| !keep(m)).map(|m| m.to_string()).collect();
                dropped.sort();
                assert_eq!(d.missing, dropped, "{at}");
                assert!(d.extra.is_empty(), "{at}");
            }
        }
        // Each bug shows within three plies somewhere in the datasets.
        assert!(found.iter().all(|&n| n > 0), "{found:?}");
    }

    #[test]
    fn depth_is_checked() {
        assert!(check(&mut fake(|_, _| {}), &Setup::starting(), 0).is_err());
        assert!(check(&mut fake(|_, _| {}), &Setup::starting(), 16).is_err());
    }
}
