//! A count split into work units whose figures merge exactly.
//!
//! The continuation tree is cut `split_depth` continuation moves below the
//! start: each position reached by exactly that many continuation moves is
//! one [`Unit`], named by the pits played to reach it (`P3 P1`). A unit is
//! counted on its own with the usual methods ([`count`]); the few plies
//! above the cut are replayed when merging. Units are listed depth first,
//! `P1` before `P2`, so the list and every unit's index depend only on the
//! [`Params`].
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
//! use plybench::kalah::units::{Params, merge, run_unit, units};
//! use plybench::kalah::{CountOptions, Position, Rules, count};
//!
//! let position = Position::board_test(7)?;
//! let params = Params::new(&position, Rules::default(), None, 2)?;
//! let results = units(&params)?.iter().map(|unit| run_unit(&params, unit)).collect::<Result<Vec<_>, _>>()?;
//! let merged = merge(&params, &results)?;
//!
//! let whole = count(&position, CountOptions::default(), &indicatif::ProgressBar::hidden())?;
//! assert_eq!(merged.sequences, whole.sequences);
//! assert_eq!(merged.max_stack_right_to_left, whole.max_stack_right_to_left);
//! assert_eq!(merged.max_stack_left_to_right, whole.max_stack_left_to_right);
//! assert_eq!(merged.terminal_positions, None);
//! # Ok::<(), plybench::Error>(())
//! ```

use indicatif::ProgressBar;
use serde::{Deserialize, Serialize};

use super::count::{Count, CountOptions, Method, count, flat_board};
use super::position::{Pit, Position};
use super::sow::{Rules, sow};
use crate::{Error, Result};

/// The split depth used when none is asked for: two continuation moves,
/// which gives the 12-pit board test 133 units (enough to keep every shard
/// of a few within a small factor of the mean) and costs nothing to
/// enumerate.
pub const DEFAULT_SPLIT_DEPTH: usize = 2;

/// The deepest split accepted. Each level multiplies the units by up to the
/// number of pits.
pub const MAX_SPLIT_DEPTH: usize = 4;

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
    /// Continuation moves above the cut.
    pub split_depth: usize,
}

impl Params {
    /// The parameters of a split count of `position`. `method: None` is
    /// resolved here by [`Method::auto`] on the whole position, so that every
    /// unit uses the same method.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidInput`] if `split_depth` exceeds [`MAX_SPLIT_DEPTH`].
    pub fn new(position: &Position, rules: Rules, method: Option<Method>, split_depth: usize) -> Result<Params> {
        if split_depth > MAX_SPLIT_DEPTH {
            return Err(Error::invalid(
                "--split-depth",
                format!("{split_depth}; use 0 to {MAX_SPLIT_DEPTH} continuation moves"),
            ));
        }
        Ok(Params {
            position: position.own_pn_first(),
            opponent: position.opponent().to_vec(),
            captures: rules.captures,
            method: method.unwrap_or_else(|| Method::auto(position)),
            split_depth,
        })
    }

    /// The starting position.
    ///
    /// # Errors
    ///
    /// As [`Position::new`], for parameters read from a damaged file.
    pub fn start(&self) -> Result<Position> {
        let own = self.position.iter().rev().copied().collect();
        Position::new(own, self.opponent.clone())
    }

    /// The rules.
    pub fn rules(&self) -> Rules {
        Rules { captures: self.captures }
    }

    /// The options each unit is counted with: the fixed method, and no
    /// distinct terminal positions (they do not merge).
    pub fn unit_options(&self) -> CountOptions {
        CountOptions { rules: self.rules(), method: Some(self.method), terminal_positions: false }
    }

    fn checked(&self) -> Result<Position> {
        if self.split_depth > MAX_SPLIT_DEPTH {
            return Err(Error::invalid(
                "split_depth",
                format!("{}; at most {MAX_SPLIT_DEPTH} is supported", self.split_depth),
            ));
        }
        self.start()
    }
}

/// One work unit: the subtree below a position reached by
/// [`Params::split_depth`] continuation moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// The pits played from the start, in order.
    pub pits: Vec<Pit>,
    /// The position they lead to; its kalah is left out, as it plays no part
    /// in the counts.
    pub position: Position,
}

impl Unit {
    /// The unit's stable name: the pits played, e.g. `P3 P1`, or `start`
    /// for an unsplit count.
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
/// As [`Params::start`].
pub fn units(params: &Params) -> Result<Vec<Unit>> {
    let start = params.checked()?;
    let n = start.pits();
    let mut found = Vec::new();
    walk(&flat_board(&start), n, params.rules(), params.split_depth, &mut Vec::new(), &mut |pits, board| {
        found.push(Unit {
            pits: pits.to_vec(),
            position: Position::new(board[..n].to_vec(), board[n + 1..].to_vec())?,
        });
        Ok(UnitCount::default())
    })?;
    Ok(found)
}

/// The unit named `id` (as [`Unit::id`] writes it), found by replaying its
/// pits from the start rather than by listing every unit.
///
/// ```
/// use plybench::kalah::units::{Params, unit_from_id, units};
/// use plybench::kalah::{Position, Rules};
///
/// let params = Params::new(&Position::board_test(5)?, Rules::default(), None, 2)?;
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
pub fn unit_from_id(params: &Params, id: &str) -> Result<Unit> {
    let start = params.checked()?;
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
    if pits.len() != params.split_depth {
        return Err(bad(format!("plays {} pits; units of this split play {}", pits.len(), params.split_depth)));
    }
    let mut board = flat_board(&start);
    for &pit in &pits {
        if board[pit.index()] == 0 || !sow(&mut board, n, pit, params.rules()).continues {
            return Err(bad(format!("is not a line of continuation moves ({pit} does not continue)")));
        }
    }
    Ok(Unit { pits, position: Position::new(board[..n].to_vec(), board[n + 1..].to_vec())? })
}

/// Counts one unit with the parameters' method.
///
/// # Errors
///
/// As [`count`]: only when memoization would not fit.
pub fn run_unit(params: &Params, unit: &Unit) -> Result<UnitCount> {
    let figures = count(&unit.position, params.unit_options(), &ProgressBar::hidden())?;
    Ok(UnitCount {
        sequences: figures.sequences,
        max_stack_right_to_left: figures.max_stack_right_to_left,
        max_stack_left_to_right: figures.max_stack_left_to_right,
    })
}

/// The figures of the whole count from every unit's figures, given in unit
/// order. `seconds` is 0: the caller knows how long the units took.
///
/// # Errors
///
/// [`Error::InvalidInput`] if `results` does not hold one entry per unit;
/// [`Error::TooLarge`] if the sequences overflow `u128`.
pub fn merge(params: &Params, results: &[UnitCount]) -> Result<Count> {
    let start = params.checked()?;
    let mut next = results.iter();
    let mut used = 0usize;
    let top = walk(&flat_board(&start), start.pits(), params.rules(), params.split_depth, &mut Vec::new(), &mut |_, _| {
        used += 1;
        next.next().copied().ok_or_else(|| wrong_length(results.len(), None))
    })?;
    if used != results.len() {
        return Err(wrong_length(results.len(), Some(used)));
    }
    Ok(Count {
        sequences: top.sequences,
        terminal_positions: None,
        max_stack_right_to_left: top.max_stack_right_to_left,
        max_stack_left_to_right: top.max_stack_left_to_right,
        method: params.method,
        states: None,
        seconds: 0.0,
    })
}

fn wrong_length(given: usize, expected: Option<usize>) -> Error {
    let expected = expected.map_or_else(|| "more".to_owned(), |e| e.to_string());
    Error::invalid("unit results", format!("{given} given but the split has {expected} units; merge every unit once"))
}

/// Plays the plies above the cut from `board`, calling `leaf` at each unit
/// (with the pits played and the unit's board), and combines the figures
/// upwards: terminal moves count one sequence each, heights follow Bell's
/// stacking order for each scan.
fn walk<F>(board: &[u32], n: usize, rules: Rules, depth: usize, pits: &mut Vec<Pit>, leaf: &mut F) -> Result<UnitCount>
where
    F: FnMut(&[Pit], &[u32]) -> Result<UnitCount>,
{
    if depth == 0 {
        return leaf(pits, board);
    }
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
            let below = walk(&child, n, rules, depth - 1, pits, leaf)?;
            pits.pop();
            sequences = sequences.checked_add(below.sequences).ok_or_else(overflow)?;
            children.push(below);
        } else {
            sequences = sequences.checked_add(1).ok_or_else(overflow)?;
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

fn overflow() -> Error {
    Error::TooLarge("the number of move sequences exceeds u128".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn whole(position: &Position, rules: Rules, method: Method) -> Count {
        let options = CountOptions { rules, method: Some(method), terminal_positions: false };
        count(position, options, &ProgressBar::hidden()).unwrap()
    }

    fn split(position: &Position, rules: Rules, method: Method, depth: usize) -> Count {
        let params = Params::new(position, rules, Some(method), depth).unwrap();
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
                for depth in 0..=MAX_SPLIT_DEPTH {
                    let got = split(&position, Rules::default(), method, depth);
                    assert!(same(&got, &expected), "{pits} pits, {method:?}, depth {depth}: {got:?} vs {expected:?}");
                }
            }
        }
    }

    #[test]
    fn left_to_right_heights_need_the_stacking_order() {
        // Bell's example: 3,2,1 stacks 3 right to left but 5 left to right.
        let position: Position = "3,2,1".parse().unwrap();
        let got = split(&position, Rules::default(), Method::Stack, 1);
        assert_eq!((got.max_stack_right_to_left, got.max_stack_left_to_right), (3, 5));
    }

    #[test]
    fn units_are_named_by_the_pits_played() {
        let params = Params::new(&Position::board_test(3).unwrap(), Rules::default(), None, 1).unwrap();
        let ids: Vec<String> = units(&params).unwrap().iter().map(Unit::id).collect();
        assert_eq!(ids, ["P1", "P2", "P3"]);
        let params = Params { split_depth: 0, ..params };
        assert_eq!(units(&params).unwrap()[0].id(), "start");
    }

    #[test]
    fn a_position_without_moves_has_no_units_and_no_sequences() {
        let position = Position::from_own(vec![0, 0]).unwrap();
        let params = Params::new(&position, Rules::default(), None, 2).unwrap();
        assert!(units(&params).unwrap().is_empty());
        assert_eq!(merge(&params, &[]).unwrap().sequences, 0);
    }

    #[test]
    fn merging_the_wrong_number_of_results_fails() {
        let params = Params::new(&Position::board_test(4).unwrap(), Rules::default(), None, 1).unwrap();
        let n = units(&params).unwrap().len();
        assert!(merge(&params, &vec![UnitCount::default(); n - 1]).is_err());
        assert!(merge(&params, &vec![UnitCount::default(); n + 1]).is_err());
        assert!(Params::new(&Position::board_test(4).unwrap(), Rules::default(), None, MAX_SPLIT_DEPTH + 1).is_err());
    }

    #[test]
    fn params_and_results_round_trip_through_json() {
        let position = Position::new(vec![1, 2, 3], vec![4, 0, 6]).unwrap();
        let params = Params::new(&position, Rules { captures: true }, None, 2).unwrap();
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
