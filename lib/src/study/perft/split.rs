//! Perft split into work units for checkpoints and shards
//! ([`crate::batch`]): unit `i` is the `i`-th legal move prefix of length
//! `split_depth` (moves in UCI order at each ply), and its result is the
//! perft of the position after it to the remaining depth, on each
//! representation. The leaf counts of the units sum to the perft of the
//! root: a line that ends in mate or stalemate before `split_depth` has no
//! leaves at the full depth.

use serde::{Deserialize, Serialize};

use super::published::published_nodes;
use super::results::{ChessPerftReport, ReprRun};
use super::timing::timed;
use crate::batch::{Completed, Job, Outcome, Unit};
use crate::engine::chess::dispatch::{check_depth, perft_on};
use crate::engine::chess::play::play_moves;
use crate::engine::chess::x88::X88Board;
use crate::engine::chess::{Board, MoveList, Repr, Setup};
use crate::engine::limit::{LimitError, Quantity, check_range};
use crate::{Error, Result};

/// The default split depth is the smallest that gives at least this many
/// units (a few hundred on the standard positions): enough for shards of up
/// to 8 to balance within 2x of the mean.
pub const MIN_UNITS: u64 = 100;

/// The most units a perft run may split into.
pub const MAX_UNITS: usize = 1_000_000;

/// Checks a split depth: 0 to `depth - 1` (units must leave at least one
/// ply to count). `depth` is a checked perft depth.
///
/// ```
/// use plybench::study::perft::split::check_split_depth;
///
/// assert_eq!(check_split_depth(2, 5)?, 2);
/// assert_eq!(check_split_depth(5, 5).unwrap_err().to_string(), "5; expected 0 to 4; below the depth");
/// # Ok::<(), plybench::engine::limit::LimitError>(())
/// ```
pub fn check_split_depth(split_depth: u32, depth: u32) -> Result<u32, LimitError> {
    check_range(Quantity::Other("split depth"), split_depth, 0, depth.saturating_sub(1), "; below the depth")
}

/// The parameters that define a split perft run.
///
/// ```
/// use plybench::study::perft::split::PerftParams;
/// use plybench::engine::chess::{Repr, Setup};
///
/// // The default split of the initial position: after 2 plies, 400 units.
/// let params = PerftParams::new(&Setup::starting(), 5, &[Repr::Bitboard], None)?;
/// assert_eq!(params.split_depth, 2);
/// assert!(PerftParams::new(&Setup::starting(), 5, &[Repr::Bitboard], Some(5)).is_err());
/// # Ok::<(), plybench::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerftParams {
    /// The position (after any moves played), as FEN.
    pub fen: String,
    /// The perft depth.
    pub depth: u32,
    /// The representations, by name, in order.
    pub reprs: Vec<String>,
    /// The length of the move prefixes that make the units (0 to depth - 1).
    pub split_depth: u32,
}

impl PerftParams {
    /// The run of perft(`depth`) of `setup` on `reprs`, split after
    /// `split_depth` plies ([`default_split_depth`] if `None`).
    pub fn new(setup: &Setup, depth: u32, reprs: &[Repr], split_depth: Option<u32>) -> Result<PerftParams> {
        let depth = check_depth(depth)?;
        if reprs.is_empty() {
            return Err(Error::invalid("representations", "none given; give at least one"));
        }
        let split_depth = match split_depth {
            Some(s) => check_split_depth(s, depth)?,
            None => default_split_depth(setup, depth)?,
        };
        Ok(PerftParams {
            fen: setup.to_fen(),
            depth,
            reprs: reprs.iter().map(|r| r.name().to_owned()).collect(),
            split_depth,
        })
    }

    /// The position.
    pub fn setup(&self) -> Result<Setup> {
        Ok(Setup::from_fen(&self.fen)?)
    }

    /// The representations.
    pub fn repr_list(&self) -> Result<Vec<Repr>> {
        Ok(self.reprs.iter().map(|r| r.parse()).collect::<Result<_, _>>()?)
    }
}

/// The smallest split depth below `depth` with at least [`MIN_UNITS`]
/// prefixes, or `depth - 1` if none has that many.
///
/// ```
/// use plybench::engine::chess::Setup;
/// use plybench::study::perft::split::default_split_depth;
///
/// assert_eq!(default_split_depth(&Setup::starting(), 6)?, 2); // 20 < 100 <= 400
/// assert_eq!(default_split_depth(&Setup::starting(), 2)?, 1);
/// # Ok::<(), plybench::Error>(())
/// ```
pub fn default_split_depth(setup: &Setup, depth: u32) -> Result<u32> {
    let depth = check_depth(depth)?;
    for s in 1..depth {
        if perft_on(Repr::Bitboard, setup, s)? >= MIN_UNITS {
            return Ok(s);
        }
    }
    Ok(depth - 1)
}

/// Perft as a [`Job`]: units are move prefixes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PerftSplit;

/// One unit's result: the leaves below its prefix, and the seconds taken,
/// on each representation of the run (in its order).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerftPart {
    /// Leaves, per representation.
    pub nodes: Vec<u64>,
    /// Seconds, per representation.
    pub seconds: Vec<f64>,
}

/// Appends the prefixes of `len` more plies from `board` to `out`, the
/// moves of each ply in UCI order.
fn prefixes(board: &mut X88Board, len: u32, line: &mut Vec<String>, out: &mut Vec<String>) -> Result<()> {
    if len == 0 {
        if out.len() == MAX_UNITS {
            return Err(Error::TooLarge(format!(
                "the split gives more than {MAX_UNITS} units; choose a smaller split depth"
            )));
        }
        out.push(line.join(" "));
        return Ok(());
    }
    let mut moves = MoveList::new();
    board.legal_moves(&mut moves);
    let chess960 = board.to_setup().chess960();
    let mut sorted: Vec<_> = moves.iter().map(|&m| (m.uci(chess960).to_string(), m)).collect();
    sorted.sort_by(|a, b| a.0.cmp(&b.0));
    for (uci, m) in sorted {
        let undo = board.make(m);
        line.push(uci);
        let result = prefixes(board, len - 1, line, out);
        line.pop();
        board.unmake(m, undo);
        result?;
    }
    Ok(())
}

impl Job for PerftSplit {
    const TOOL: &'static str = "perft";
    type Params = PerftParams;
    type Part = PerftPart;

    fn units(params: &PerftParams) -> Result<Vec<String>> {
        let mut board = X88Board::from_setup(&params.setup()?);
        let mut out = Vec::new();
        prefixes(&mut board, params.split_depth, &mut Vec::new(), &mut out)?;
        Ok(out)
    }

    fn run_unit(params: &PerftParams, unit: &Unit) -> Result<PerftPart> {
        let moves: Vec<&str> = unit.id.split_ascii_whitespace().collect();
        let after = play_moves(&params.setup()?, &moves)?;
        let rest = params.depth - params.split_depth;
        let mut part = PerftPart { nodes: Vec::new(), seconds: Vec::new() };
        for repr in params.repr_list()? {
            let t = timed(|| perft_on(repr, &after, rest))?;
            part.nodes.push(t.value);
            part.seconds.push(t.seconds);
        }
        Ok(part)
    }

    fn finish(params: &PerftParams, parts: Vec<Completed<PerftPart>>) -> Result<Outcome> {
        let setup = params.setup()?;
        let reprs = params.repr_list()?;
        let mut runs: Vec<ReprRun> =
            reprs.iter().map(|&repr| ReprRun { repr, nodes: 0, seconds: 0.0, divide: None, stats: None }).collect();
        for done in &parts {
            if done.part.nodes.len() != runs.len() || done.part.seconds.len() != runs.len() {
                return Err(Error::invalid(
                    "batch file",
                    format!(
                        "unit {} has {} counts for {} representations",
                        done.unit.index,
                        done.part.nodes.len(),
                        runs.len()
                    ),
                ));
            }
            for (run, (&n, &s)) in runs.iter_mut().zip(done.part.nodes.iter().zip(&done.part.seconds)) {
                run.nodes =
                    run.nodes.checked_add(n).ok_or_else(|| Error::TooLarge("the leaf count passes u64".to_owned()))?;
                run.seconds += s;
            }
        }
        let report =
            ChessPerftReport { published: published_nodes(&setup, params.depth)?, setup, depth: params.depth, runs };
        let mut results = report.results_table();
        results.note(format!(
            "Summed from {} units (move prefixes of {} plies); seconds are the sum of the unit times.",
            parts.len(),
            params.split_depth
        ));
        Ok(Outcome { tables: vec![results], json: Some(report.to_json()) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::{RunOptions, run};

    #[test]
    fn units_sum_to_the_perft_of_the_root() {
        // Kiwipete: castles, en passant and promotions below the split.
        let kiwipete = Setup::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
        for split in 0..3 {
            let params = PerftParams::new(&kiwipete, 3, &[Repr::X88, Repr::Array], Some(split)).unwrap();
            let units = PerftSplit::units(&params).unwrap();
            assert_eq!(units.len() as u64, if split == 0 { 1 } else { perft_on(Repr::X88, &kiwipete, split).unwrap() });
            let options = RunOptions { threads: 2, ..RunOptions::default() };
            let outcome = run::<PerftSplit>(&params, &options).unwrap().outcome.unwrap();
            let direct = perft_on(Repr::Bitboard, &kiwipete, 3).unwrap();
            for r in 0..2 {
                assert_eq!(outcome.json.as_ref().unwrap()["results"][r]["nodes"], direct, "split {split}");
            }
        }
    }

    #[test]
    fn a_mate_before_the_split_ends_its_line() {
        // Fool's mate is one move away: after f2f3 e7e5 g2g4 d8h4 white has no move.
        let setup = play_moves(&Setup::starting(), &["f2f3", "e7e5", "g2g4"]).unwrap();
        let params = PerftParams::new(&setup, 3, &[Repr::Bitboard], Some(2)).unwrap();
        let outcome =
            run::<PerftSplit>(&params, &RunOptions { threads: 1, ..RunOptions::default() }).unwrap().outcome.unwrap();
        assert_eq!(outcome.json.as_ref().unwrap()["results"][0]["nodes"], perft_on(Repr::X88, &setup, 3).unwrap());
    }
}
