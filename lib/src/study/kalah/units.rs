//! A count split into work units whose figures merge exactly.
//!
//! The continuation tree is cut once the mover has sown `split_counters`
//! counters out of his pits: each continuation sows at least one out (into
//! the kalah), so every line of continuation moves crosses the cut within
//! that many moves. The subtree below each position first reached across
//! the cut is one work unit, a [`Subtree`], named by the pits played to
//! reach it (`P3 P1`). A unit is
//! counted on its own with the usual methods ([`count`]); the plies above
//! the cut are replayed when merging. Units are listed depth first, `P1`
//! before `P2`, so the list and every unit's index depend only on the
//! [`Params`].
//!
//! Why counters and not a fixed number of moves: the subtrees below the
//! first moves are very uneven (in the board test, playing `P1` first leaves
//! a position almost as rich as the start, playing `PN` first leaves one
//! with no continuation), so a cut two moves deep leaves one unit with most
//! of the work. Cutting by counters sown goes deeper exactly where the
//! position stays rich; with the default cut, the slowest of 3 round-robin
//! shards of the 12-pit board test does about 1.2 times the mean work.
//! It is not enough on larger boards: along Bell's clearing line
//! (`P1 P2 P1 P3 P1 P4 …`) every move sows a single counter out and the
//! position stays nearly as rich as the start, so at 15 pits the unit
//! `P1 P2 P1 P3 P1 P4` alone holds 52% of the sequences (32% for the ten-move
//! unit with `--split-counters 10`). A cut that follows the cost of each
//! subtree is left to do.
//!
//! What merges, and how:
//! - move sequences: the terminal moves above the cut plus the units'
//!   sequences, an exact integer sum;
//! - stack heights: not a plain maximum. A position whose continuations are
//!   stacked `c1, …, ck` makes Bell's stack reach
//!   `max(k, max_j (j - 1 + h(cj)))`, so the merge rebuilds the heights
//!   from the units' heights and the shape of the plies above the cut, for
//!   each scan order;
//! - distinct terminal positions: **not mergeable**. Two units may end on
//!   the same board, so their distinct counts do not add up; a split count
//!   leaves them out ([`Count::terminal_positions`] is `None`), and the
//!   binaries refuse to count them in split runs.
//! - distinct memoized rows ([`Count::states`]) are shared between units
//!   too, and are left out as well.
//!
//! ```
//! use plybench::study::kalah::units::{Params, merge, run_unit, units};
//! use plybench::engine::kalah::{CountOptions, Position, Rules, count};
//! use plybench::engine::progress::Progress;
//!
//! let position = Position::board_test(7)?;
//! let params = Params::new(&position, Rules::default(), None, Some(4))?;
//! let results = units(&params)?.iter().map(|unit| run_unit(&params, unit)).collect::<Result<Vec<_>, _>>()?;
//! let merged = merge(&params, &results)?;
//!
//! let whole = count(&position, CountOptions::default(), Progress::NONE)?;
//! assert_eq!(merged.sequences, whole.sequences);
//! assert_eq!(merged.max_stack_right_to_left, whole.max_stack_right_to_left);
//! assert_eq!(merged.max_stack_left_to_right, whole.max_stack_left_to_right);
//! assert_eq!(merged.terminal_positions, None);
//! # Ok::<(), plybench::Error>(())
//! ```

use serde::{Deserialize, Serialize};

use super::results::count_table;
use crate::batch::{self, Completed, Job, Outcome};
use crate::engine::kalah::{Count, CountOptions, KalahError, Method, Pit, Position, Rules, count, sow};
use crate::engine::progress::Progress;
use crate::report::Table;
use crate::{Error, Result};

/// The most units the automatic cut may make: enough for an even spread
/// over dozens of shards, few enough that a checkpoint stays small.
pub const AUTO_MAX_UNITS: usize = 10_000;

/// The most units any cut may make.
pub const MAX_UNITS: usize = 1_000_000;

/// Everything that defines a split count. Two runs with equal parameters
/// have the same units, in the same order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Params {
    /// The mover's pits, `PN` first, as Bell writes them.
    pub position: Vec<u32>,
    /// The opponent's pits, `p1` first.
    pub opponent: Vec<u32>,
    /// Whether captures apply (rule 1).
    pub captures: bool,
    /// The method every unit is counted with.
    pub method: Method,
    /// Counters the mover sows out of his pits above the cut.
    pub split_counters: u64,
}

impl Params {
    /// The parameters of a split count of `position`. `method: None` is
    /// resolved here by [`Method::auto_without_dp`] on the whole position, so that every
    /// unit uses the same method. `split_counters: None` chooses the deepest
    /// cut, up to one counter per pit, that makes at most
    /// [`AUTO_MAX_UNITS`] units.
    ///
    /// # Errors
    ///
    /// [`Error::TooLarge`] if the cut makes more than [`MAX_UNITS`] units;
    /// [`KalahError::DpNotSplit`] for the dynamic program, which runs whole.
    pub fn new(
        position: &Position,
        rules: Rules,
        method: Option<Method>,
        split_counters: Option<u64>,
    ) -> Result<Params> {
        if method == Some(Method::Dp) {
            return Err(KalahError::DpNotSplit.into());
        }
        let mut params = Params {
            position: position.own_pn_first(),
            opponent: position.opponent().to_vec(),
            captures: rules.captures,
            method: method.unwrap_or_else(|| Method::auto_without_dp(position)),
            split_counters: split_counters.unwrap_or(0),
        };
        match split_counters {
            Some(_) => {
                units(&params)?;
            }
            None => {
                for k in 1..=position.pits() as u64 {
                    let deeper = Params { split_counters: k, ..params.clone() };
                    match count_units(&deeper, AUTO_MAX_UNITS) {
                        Some(_) => params = deeper,
                        None => break,
                    }
                }
            }
        }
        Ok(params)
    }

    /// The starting position.
    ///
    /// # Errors
    ///
    /// As [`Position::new`], for parameters read from a damaged file.
    pub fn start(&self) -> Result<Position> {
        let own = self.position.iter().rev().copied().collect();
        Ok(Position::new(own, self.opponent.clone())?)
    }

    /// The rules.
    pub fn rules(&self) -> Rules {
        Rules { captures: self.captures }
    }

    /// The options each unit is counted with: the fixed method, and no
    /// distinct terminal positions (they do not merge).
    pub fn unit_options(&self) -> CountOptions {
        CountOptions {
            rules: self.rules(),
            method: Some(self.method),
            terminal_positions: false,
            ..CountOptions::default()
        }
    }
}

/// The number of units of `params`' cut, or `None` if more than `limit`.
fn count_units(params: &Params, limit: usize) -> Option<usize> {
    let start = params.start().ok()?;
    let mut found = 0usize;
    walk(&start.flat_board(), start.pits(), params.rules(), params.split_counters, &mut Vec::new(), &mut |_, _| {
        found += 1;
        if found > limit { Err(Error::TooLarge(String::new())) } else { Ok(UnitCount::default()) }
    })
    .ok()?;
    Some(found)
}

/// What one work unit counts: the subtree below a position first reached
/// across the cut of [`Params::split_counters`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subtree {
    /// The pits played from the start, in order.
    pub pits: Vec<Pit>,
    /// The position they lead to; its kalah is left out, as it plays no part
    /// in the counts.
    pub position: Position,
}

impl Subtree {
    /// The unit's stable name: the pits played, e.g. `P3 P1`, or `start`
    /// for an unsplit count (a cut at 0 counters).
    pub fn id(&self) -> String {
        if self.pits.is_empty() {
            return "start".to_owned();
        }
        self.pits.iter().map(Pit::to_string).collect::<Vec<_>>().join(" ")
    }
}

/// The figures of one unit. Serialized with the sequences as a decimal
/// string, so that no reader rounds them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitCount {
    /// Move sequences in the unit's subtree.
    #[serde(with = "crate::decimal")]
    pub sequences: u128,
    /// The highest Bell's stack grows when the unit's position is scanned
    /// right to left from an empty stack.
    pub max_stack_right_to_left: usize,
    /// The same, scanning left to right.
    pub max_stack_left_to_right: usize,
}

/// The work units of a split count, in their fixed order.
///
/// # Errors
///
/// As [`Params::start`]; [`Error::TooLarge`] past [`MAX_UNITS`] units.
pub fn units(params: &Params) -> Result<Vec<Subtree>> {
    let start = params.start()?;
    let n = start.pits();
    let mut found = Vec::new();
    walk(&start.flat_board(), n, params.rules(), params.split_counters, &mut Vec::new(), &mut |pits, board| {
        if found.len() == MAX_UNITS {
            return Err(Error::TooLarge(format!(
                "cutting after {} counters makes more than {MAX_UNITS} units; cut after fewer",
                params.split_counters
            )));
        }
        found.push(Subtree {
            pits: pits.to_vec(),
            position: Position::new(board[..n].to_vec(), board[n + 1..].to_vec())?,
        });
        Ok(UnitCount::default())
    })?;
    Ok(found)
}

/// The unit named `id` (as [`Subtree::id`] writes it), found by replaying its
/// pits from the start rather than by listing every unit.
///
/// ```
/// use plybench::study::kalah::units::{Params, unit_from_id, units};
/// use plybench::engine::kalah::{Position, Rules};
///
/// let params = Params::new(&Position::board_test(5)?, Rules::default(), None, Some(3))?;
/// for unit in units(&params)? {
///     assert_eq!(unit_from_id(&params, &unit.id())?, unit);
/// }
/// assert!(unit_from_id(&params, "P4 P9").is_err());
/// # Ok::<(), plybench::Error>(())
/// ```
///
/// # Errors
///
/// [`Error::InvalidInput`] if `id` does not name a unit of the split.
pub fn unit_from_id(params: &Params, id: &str) -> Result<Subtree> {
    let start = params.start()?;
    let n = start.pits();
    let bad = |why: String| Error::invalid("unit", format!("`{id}` {why}"));
    let pits: Vec<Pit> = if id == "start" {
        Vec::new()
    } else {
        id.split(' ')
            .map(|word| {
                word.strip_prefix('P')
                    .and_then(|d| d.parse::<usize>().ok())
                    .and_then(Pit::new)
                    .filter(|p| p.number() <= n)
                    .ok_or_else(|| bad(format!("names no pit of {n} ({word:?})")))
            })
            .collect::<Result<_>>()?
    };
    let mut board = start.flat_board();
    let mut left = params.split_counters;
    for &pit in &pits {
        if left == 0 {
            return Err(bad(format!("goes on past the cut after {} counters", params.split_counters)));
        }
        let before = own_counters(&board, n);
        if board[pit.index()] == 0 || !sow(&mut board, n, pit, params.rules()).continues {
            return Err(bad(format!("is not a line of continuation moves ({pit} does not continue)")));
        }
        left = left.saturating_sub(before - own_counters(&board, n));
    }
    if left > 0 {
        return Err(bad(format!("stops short of the cut after {} counters", params.split_counters)));
    }
    Ok(Subtree { pits, position: Position::new(board[..n].to_vec(), board[n + 1..].to_vec())? })
}

/// Counts one unit with the parameters' method.
///
/// # Errors
///
/// As [`count`]: only when memoization would not fit.
pub fn run_unit(params: &Params, unit: &Subtree) -> Result<UnitCount> {
    let figures = count(&unit.position, params.unit_options(), Progress::NONE)?;
    Ok(UnitCount {
        sequences: figures.sequences,
        max_stack_right_to_left: figures.max_stack_right_to_left.ok_or(KalahError::DpNotSplit)?,
        max_stack_left_to_right: figures.max_stack_left_to_right.ok_or(KalahError::DpNotSplit)?,
    })
}

/// The figures of the whole count from every unit's figures, given in unit
/// order. `seconds` is 0: the caller knows how long the units took.
///
/// # Errors
///
/// [`Error::InvalidInput`] if `results` does not hold one entry per unit;
/// [`KalahError::Overflow`] if the sequences overflow `u128`.
pub fn merge(params: &Params, results: &[UnitCount]) -> Result<Count> {
    let start = params.start()?;
    let mut next = results.iter();
    let mut used = 0usize;
    let top = walk(
        &start.flat_board(),
        start.pits(),
        params.rules(),
        params.split_counters,
        &mut Vec::new(),
        &mut |_, _| {
            used += 1;
            next.next().copied().ok_or_else(|| wrong_length(results.len(), None))
        },
    )?;
    if used != results.len() {
        return Err(wrong_length(results.len(), Some(used)));
    }
    Ok(Count {
        sequences: top.sequences,
        terminal_positions: None,
        max_stack_right_to_left: Some(top.max_stack_right_to_left),
        max_stack_left_to_right: Some(top.max_stack_left_to_right),
        laps: None,
        method: params.method,
        states: None,
        seconds: 0.0,
    })
}

fn wrong_length(given: usize, expected: Option<usize>) -> Error {
    let expected = expected.map_or_else(|| "more".to_owned(), |e| e.to_string());
    Error::invalid("unit results", format!("{given} given but the split has {expected} units; merge every unit once"))
}

fn own_counters(board: &[u32], n: usize) -> u64 {
    board[..n].iter().map(|&c| u64::from(c)).sum()
}

/// Plays the plies above the cut from `board` (`left` counters still to
/// sow out before the cut), calling `leaf` at each unit (with the pits
/// played and the unit's board), and combines the figures upwards: terminal
/// moves count one sequence each, heights follow Bell's stacking order for
/// each scan.
fn walk<F>(board: &[u32], n: usize, rules: Rules, left: u64, pits: &mut Vec<Pit>, leaf: &mut F) -> Result<UnitCount>
where
    F: FnMut(&[Pit], &[u32]) -> Result<UnitCount>,
{
    if left == 0 {
        return leaf(pits, board);
    }
    let before = own_counters(board, n);
    let mut sequences = 0u128;
    // The continuations' figures, P1's first: the order right-to-left
    // scanning stacks them in.
    let mut children: Vec<UnitCount> = Vec::new();
    let mut child = vec![0; board.len()];
    for i in 1..=n {
        if board[i - 1] == 0 {
            continue;
        }
        let pit = Pit::new(i).expect("pit numbers stay in range");
        child.copy_from_slice(board);
        if sow(&mut child, n, pit, rules).continues {
            pits.push(pit);
            // A continuation sows at least its last counter into the kalah.
            let sown = before - own_counters(&child, n);
            let below = walk(&child, n, rules, left.saturating_sub(sown), pits, leaf)?;
            pits.pop();
            sequences = sequences.checked_add(below.sequences).ok_or(KalahError::Overflow)?;
            children.push(below);
        } else {
            sequences = sequences.checked_add(1).ok_or(KalahError::Overflow)?;
        }
    }
    // The child stacked j-th (from 0) is unstacked with j positions beneath.
    let stacked = children.len();
    let right_to_left =
        children.iter().enumerate().map(|(j, c)| j + c.max_stack_right_to_left).fold(stacked, usize::max);
    let left_to_right =
        children.iter().rev().enumerate().map(|(j, c)| j + c.max_stack_left_to_right).fold(stacked, usize::max);
    Ok(UnitCount { sequences, max_stack_right_to_left: right_to_left, max_stack_left_to_right: left_to_right })
}

/// The `kalah count` record of a count split into `units` work units: the
/// fields of [`count_table`], with notes on what a split count leaves out.
pub fn split_count_table(params: &Params, figures: &Count, units: usize) -> Result<Table> {
    let options = params.unit_options();
    let mut table = count_table(&params.start()?, figures, options);
    table.note(format!(
        "Summed from {units} work units (subtrees below the cut after {} counters sown); seconds are the sum of the unit times.",
        params.split_counters
    ));
    table.note(
        "Distinct terminal positions are not counted in a split run: two subtrees can end on the same board, so \
         their distinct counts do not add up. Count them in one run, not split into work units.",
    );
    Ok(table)
}

/// The split Kalah count as a [`Job`]: what `kalah count --checkpoint`,
/// `--resume`, `--shard` and `plybench merge` run.
///
/// ```
/// use plybench::batch::{RunOptions, Shard, run};
/// use plybench::study::tools::merge_loaded;
/// use plybench::study::kalah::units::{KalahSplit, Params};
/// use plybench::engine::kalah::{Position, Rules};
///
/// let params = Params::new(&Position::board_test(6)?, Rules::default(), None, Some(2))?;
/// let shard = |k| -> plybench::Result<RunOptions> {
///     Ok(RunOptions { shard: Some(Shard::new(k, 2)?), threads: 1, ..RunOptions::default() })
/// };
/// let one = run::<KalahSplit>(&params, &shard(1)?)?.file;
/// let two = run::<KalahSplit>(&params, &shard(2)?)?.file;
/// let merged = merge_loaded(&[("1.json".into(), one), ("2.json".into(), two)])?;
/// let record = serde_json::to_value(&merged.outcome.tables[0]).unwrap();
/// assert_eq!(record["move_sequences"], 912);
/// # Ok::<(), plybench::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct KalahSplit;

impl Job for KalahSplit {
    const TOOL: &'static str = "kalah";
    type Params = Params;
    type Part = UnitCount;

    fn units(params: &Params) -> Result<Vec<String>> {
        Ok(units(params)?.iter().map(Subtree::id).collect())
    }

    fn run_unit(params: &Params, unit: &batch::Unit) -> Result<UnitCount> {
        run_unit(params, &unit_from_id(params, &unit.id)?)
    }

    fn finish(params: &Params, parts: Vec<Completed<UnitCount>>) -> Result<Outcome> {
        let ids = units(params)?;
        for (done, unit) in parts.iter().zip(&ids) {
            if done.unit.id != unit.id() {
                return Err(Error::invalid(
                    "batch file",
                    format!("unit {} is `{}` there but `{}` in this split", done.unit.index, done.unit.id, unit.id()),
                ));
            }
        }
        let results: Vec<UnitCount> = parts.iter().map(|done| done.part).collect();
        let mut figures = merge(params, &results)?;
        figures.seconds = parts.iter().map(|done| done.seconds).sum();
        let table = split_count_table(params, &figures, parts.len())?;
        // Printed as the table it is, as a count without work units prints it.
        Ok(Outcome { tables: vec![table], json: None })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn whole(position: &Position, rules: Rules, method: Method) -> Count {
        let options =
            CountOptions { rules, method: Some(method), terminal_positions: false, ..CountOptions::default() };
        count(position, options, Progress::NONE).unwrap()
    }

    fn split(position: &Position, rules: Rules, method: Method, cut: Option<u64>) -> Count {
        let params = Params::new(position, rules, Some(method), cut).unwrap();
        let results: Vec<UnitCount> = units(&params).unwrap().iter().map(|u| run_unit(&params, u).unwrap()).collect();
        merge(&params, &results).unwrap()
    }

    fn same(a: &Count, b: &Count) -> bool {
        (a.sequences, a.max_stack_right_to_left, a.max_stack_left_to_right)
            == (b.sequences, b.max_stack_right_to_left, b.max_stack_left_to_right)
    }

    #[test]
    fn every_split_of_the_board_test_merges_to_the_whole_count() {
        for pits in 1..=8 {
            let position = Position::board_test(pits).unwrap();
            for method in [Method::Stack, Method::Memo] {
                let expected = whole(&position, Rules::default(), method);
                for cut in [None, Some(0), Some(1), Some(2), Some(3), Some(5), Some(8), Some(13)] {
                    let got = split(&position, Rules::default(), method, cut);
                    assert!(same(&got, &expected), "{pits} pits, {method:?}, cut {cut:?}: {got:?} vs {expected:?}");
                }
            }
        }
    }

    #[test]
    fn the_automatic_cut_stays_within_its_unit_budget() {
        for pits in [2, 6, 9, 12, 14] {
            let params = Params::new(&Position::board_test(pits).unwrap(), Rules::default(), None, None).unwrap();
            let found = units(&params).unwrap().len();
            assert!((1..=AUTO_MAX_UNITS).contains(&found), "{pits} pits: {found} units");
            assert!(params.split_counters >= 1 && params.split_counters <= pits as u64);
            let deeper = Params { split_counters: params.split_counters + 1, ..params.clone() };
            assert!(
                params.split_counters == pits as u64 || units(&deeper).unwrap().len() > AUTO_MAX_UNITS,
                "{pits} pits: the cut could go deeper"
            );
        }
    }

    #[test]
    fn left_to_right_heights_need_the_stacking_order() {
        // Bell's example: 3,2,1 stacks 3 right to left but 5 left to right.
        let position: Position = "3,2,1".parse().unwrap();
        let got = split(&position, Rules::default(), Method::Stack, Some(1));
        assert_eq!((got.max_stack_right_to_left, got.max_stack_left_to_right), (Some(3), Some(5)));
    }

    #[test]
    fn units_are_named_by_the_pits_played() {
        let params = Params::new(&Position::board_test(3).unwrap(), Rules::default(), None, Some(1)).unwrap();
        let ids: Vec<String> = units(&params).unwrap().iter().map(Subtree::id).collect();
        assert_eq!(ids, ["P1", "P2", "P3"]);
        // Each first move sows one counter out; P1 then P2 sows a second.
        let params = Params { split_counters: 2, ..params };
        let ids: Vec<String> = units(&params).unwrap().iter().map(Subtree::id).collect();
        assert_eq!(ids, ["P1 P2", "P1 P3", "P2 P3"]);
        for id in &ids {
            assert_eq!(&unit_from_id(&params, id).unwrap().id(), id);
        }
        for wrong in ["P1", "P1 P2 P1", "P2 P1", "P3 P2", "P4 P1", "Q1 P2", "", "start"] {
            assert!(unit_from_id(&params, wrong).is_err(), "{wrong:?}");
        }
        let params = Params { split_counters: 0, ..params };
        assert_eq!(units(&params).unwrap()[0].id(), "start");
    }

    #[test]
    fn a_position_without_moves_has_no_units_and_no_sequences() {
        let position = Position::from_own(vec![0, 0]).unwrap();
        let params = Params::new(&position, Rules::default(), None, Some(2)).unwrap();
        assert!(units(&params).unwrap().is_empty());
        assert_eq!(merge(&params, &[]).unwrap().sequences, 0);
    }

    #[test]
    fn merging_the_wrong_number_of_results_fails() {
        let params = Params::new(&Position::board_test(4).unwrap(), Rules::default(), None, Some(1)).unwrap();
        let n = units(&params).unwrap().len();
        assert!(merge(&params, &vec![UnitCount::default(); n - 1]).is_err());
        assert!(merge(&params, &vec![UnitCount::default(); n + 1]).is_err());
        let err = Params::new(&Position::board_test(30).unwrap(), Rules::default(), None, Some(40)).unwrap_err();
        assert!(matches!(err, Error::TooLarge(_)), "{err}");
    }

    #[test]
    fn params_and_results_round_trip_through_json() {
        let position = Position::new(vec![1, 2, 3], vec![4, 0, 6]).unwrap();
        let params = Params::new(&position, Rules { captures: true }, None, None).unwrap();
        let text = serde_json::to_string(&params).unwrap();
        let back: Params = serde_json::from_str(&text).unwrap();
        assert_eq!(back, params);
        assert_eq!(back.start().unwrap(), position);
        let result = UnitCount { sequences: u128::MAX, max_stack_right_to_left: 3, max_stack_left_to_right: 9 };
        let text = serde_json::to_string(&result).unwrap();
        assert!(text.contains(&format!("\"{}\"", u128::MAX)), "{text}");
        assert_eq!(serde_json::from_str::<UnitCount>(&text).unwrap(), result);
    }
}
