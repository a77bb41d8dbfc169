//! Clearing patterns: positions that go entirely into the kalah.
//!
//! Bell (1972, §3.3) gives a 50-pit pattern that is cleared in 839
//! continuation moves, says it is unique, and asks how to generate it for
//! any number of pits.
//!
//! Every continuation move puts exactly one counter in the kalah, so a
//! pattern of `C` counters is cleared in exactly `C` moves. Working
//! backwards gives the construction: from a cleared position, undo a move
//! by taking the pit `Pi` nearest the kalah that is empty, putting `i`
//! counters in it and taking one back from each of `P1 … P(i-1)` (which must
//! all be full, since `Pi` is the first empty one). Starting from the empty
//! board, `C` such steps give the pattern for `C` counters. Played forwards,
//! the pattern clears by always sowing the pit nearest the kalah whose count
//! equals its number.
//!
//! Each step adds one counter, and a new pit comes into use only when all
//! lower pits are full, so the pits a pattern needs never shrink as `C`
//! grows: the longest chain on `N` pits is the last pattern before one needs
//! pit `N + 1`.

use super::error::KalahError;
use super::position::{Pit, Position};
use super::sow::{Landing, Rules, sow};
use crate::engine::limit::{LimitError, Quantity, check_range};

/// The most pits [`longest_on_pits`] accepts. Its pattern has about
/// `N² / π` counters (Bell's 50 pits hold 839), each played out once.
pub const MAX_SWEEP_PITS: usize = 1000;

/// The most counters [`pattern_for_counters`] accepts.
pub const MAX_SWEEP_COUNTERS: u64 = 320_000;

/// A clearing pattern and what playing it out showed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sweep {
    /// Counters in the pattern.
    pub counters: u64,
    /// Pits the pattern uses (its highest non-empty pit).
    pub pits: usize,
    /// The pattern, `P1` first.
    pub pattern: Vec<u32>,
    /// The pits sown, in order, while playing the pattern out.
    pub moves: Vec<Pit>,
    /// Whether playing it out left every pit empty, with every move a
    /// continuation until the last.
    pub cleared: bool,
    /// The fewest counters whose pattern needs all `pits` pits.
    pub min_counters_needing_pits: u64,
}

impl Sweep {
    /// The pattern as Bell writes it, `PN` first.
    pub fn pattern_pn_first(&self) -> Vec<u32> {
        self.pattern.iter().rev().copied().collect()
    }
}

/// Builds patterns counter by counter from the empty board.
struct Builder {
    /// `P1` first; grows as pits come into use.
    pits: Vec<u32>,
    counters: u64,
    /// `first_needing[k]`: the fewest counters whose pattern uses `k + 1` pits.
    first_needing: Vec<u64>,
}

impl Builder {
    fn new() -> Builder {
        Builder { pits: Vec::new(), counters: 0, first_needing: Vec::new() }
    }

    /// The index of the empty pit nearest the kalah; one past the last pit
    /// when every pit is full.
    fn first_empty(&self) -> usize {
        self.pits.iter().position(|&c| c == 0).unwrap_or(self.pits.len())
    }

    /// The pits the pattern for one more counter would use.
    fn pits_after_step(&self) -> usize {
        self.pits.len().max(self.first_empty() + 1)
    }

    /// Undoes one clearing move: the pattern for one more counter.
    fn step(&mut self) {
        let first_empty = self.first_empty();
        if first_empty == self.pits.len() {
            self.pits.push(0);
            self.first_needing.push(self.counters + 1);
        }
        self.pits[first_empty] = first_empty as u32 + 1;
        self.pits[..first_empty].iter_mut().for_each(|c| *c -= 1);
        self.counters += 1;
    }
}

/// Plays a pattern out on the real board, always sowing the pit nearest the
/// kalah whose count equals its number. Returns the moves and whether the
/// board was cleared.
pub fn play_out(pattern: &[u32]) -> Result<(Vec<Pit>, bool), KalahError> {
    let position = Position::from_own(pattern.to_vec())?;
    let n = position.pits();
    let mut board = position.flat_board();
    let mut moves = Vec::with_capacity(position.own_counters() as usize);
    loop {
        let playable = board[..n].iter().enumerate().find(|&(index, &c)| c as usize == index + 1);
        let Some((index, _)) = playable else {
            return Ok((moves, false));
        };
        let pit = Pit::new(index + 1).expect("pit numbers stay in range");
        moves.push(pit);
        let sown = sow(&mut board, n, pit, Rules::default());
        if sown.landing != Landing::Kalah {
            return Ok((moves, false));
        }
        if !sown.continues {
            let cleared = board[..n].iter().all(|&c| c == 0);
            return Ok((moves, cleared));
        }
    }
}

fn finish(builder: &Builder) -> Result<Sweep, KalahError> {
    let pattern = builder.pits.clone();
    let (moves, cleared) = play_out(&pattern)?;
    Ok(Sweep {
        counters: builder.counters,
        pits: pattern.len(),
        min_counters_needing_pits: builder.first_needing[pattern.len() - 1],
        pattern,
        moves,
        cleared,
    })
}

/// The unique clearable pattern of `counters` counters, verified by playing
/// it out.
///
/// ```
/// use plybench::engine::kalah::sweep::pattern_for_counters;
///
/// let sweep = pattern_for_counters(5)?;
/// assert_eq!(sweep.pattern_pn_first(), vec![3, 1, 1]);
/// let moves: Vec<usize> = sweep.moves.iter().map(|p| p.number()).collect();
/// assert_eq!(moves, vec![1, 3, 1, 2, 1]); // Bell's "Play 1, 3, 1, 2, 1"
/// assert!(sweep.cleared);
/// # Ok::<(), plybench::engine::kalah::KalahError>(())
/// ```
///
/// # Errors
///
/// [`LimitError`] unless `counters` lies in 1 to [`MAX_SWEEP_COUNTERS`].
pub fn pattern_for_counters(counters: u64) -> Result<Sweep, KalahError> {
    check_counters(counters)?;
    let mut builder = Builder::new();
    for _ in 0..counters {
        builder.step();
    }
    finish(&builder)
}

/// The longest chain that fits on `pits` pits: the pattern with the most
/// counters, verified by playing it out.
///
/// ```
/// use plybench::engine::kalah::sweep::longest_on_pits;
///
/// let sweep = longest_on_pits(6)?;
/// assert_eq!((sweep.counters, sweep.moves.len(), sweep.cleared), (17, 17, true));
/// # Ok::<(), plybench::engine::kalah::KalahError>(())
/// ```
///
/// # Errors
///
/// [`LimitError`] unless `pits` lies in 1 to [`MAX_SWEEP_PITS`].
pub fn longest_on_pits(pits: usize) -> Result<Sweep, KalahError> {
    check_pits(pits)?;
    let mut builder = Builder::new();
    builder.step();
    while builder.pits_after_step() <= pits {
        builder.step();
    }
    finish(&builder)
}

/// Checks the counters of a clearing pattern: 1 to [`MAX_SWEEP_COUNTERS`].
fn check_counters(counters: u64) -> Result<u64, LimitError> {
    check_range(Quantity::Other("counters"), counters, 1, MAX_SWEEP_COUNTERS, "")
}

/// Checks the pits of a longest clearing chain: 1 to [`MAX_SWEEP_PITS`].
fn check_pits(pits: usize) -> Result<usize, LimitError> {
    check_range(Quantity::Other("pits"), pits as u64, 1, MAX_SWEEP_PITS as u64, "").map(|_| pits)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether some sequence of continuations empties the mover's side,
    /// searched exhaustively (no strategy assumed).
    fn clearable(own: &[u32]) -> bool {
        let n = own.len();
        let mut board = own.to_vec();
        board.push(0);
        board.extend(std::iter::repeat_n(0, n));
        fn search(board: &[u32], n: usize) -> bool {
            (1..=n).any(|i| {
                if board[i - 1] == 0 {
                    return false;
                }
                let mut child = board.to_vec();
                let sown = sow(&mut child, n, Pit::new(i).unwrap(), Rules::default());
                match (sown.landing, sown.continues) {
                    (Landing::Kalah, false) => true,
                    (Landing::Kalah, true) => search(&child, n),
                    _ => false,
                }
            })
        }
        search(&board, n)
    }

    #[test]
    fn each_count_has_exactly_one_clearable_pattern_on_few_pits() {
        // Every arrangement of up to 9 counters on up to 5 pits, searched
        // exhaustively: exactly one per count clears, and it is ours.
        for counters in 1..=9u32 {
            let mut found = Vec::new();
            let mut own = [0u32; 5];
            loop {
                if own.iter().sum::<u32>() == counters && clearable(&own) {
                    let used = 5 - own.iter().rev().take_while(|&&c| c == 0).count();
                    found.push(own[..used].to_vec());
                }
                let mut k = 0;
                while k < 5 && own[k] == counters {
                    own[k] = 0;
                    k += 1;
                }
                if k == 5 {
                    break;
                }
                own[k] += 1;
            }
            let ours = pattern_for_counters(u64::from(counters)).unwrap().pattern;
            assert_eq!(found, vec![ours], "{counters} counters");
        }
    }

    #[test]
    fn patterns_clear_and_take_one_move_per_counter() {
        for counters in 1..=300 {
            let sweep = pattern_for_counters(counters).unwrap();
            assert!(sweep.cleared, "{counters}");
            assert_eq!(sweep.moves.len() as u64, counters);
        }
    }

    #[test]
    fn longest_chain_is_maximal() {
        for pits in 1..=20 {
            let sweep = longest_on_pits(pits).unwrap();
            assert_eq!(sweep.pits, pits);
            assert!(pattern_for_counters(sweep.counters + 1).unwrap().pits > pits);
            let first = pattern_for_counters(sweep.min_counters_needing_pits).unwrap();
            assert_eq!(first.pits, pits);
            if sweep.min_counters_needing_pits > 1 {
                assert!(pattern_for_counters(sweep.min_counters_needing_pits - 1).unwrap().pits < pits);
            }
        }
    }

    #[test]
    fn rejects_bad_sizes() {
        assert!(pattern_for_counters(0).is_err());
        assert!(longest_on_pits(0).is_err());
        assert!(longest_on_pits(MAX_SWEEP_PITS + 1).is_err());
        assert!(pattern_for_counters(MAX_SWEEP_COUNTERS + 1).is_err());
    }
}
