//! The sowing rule: one move of Kalah.
//!
//! A board is kept as one flat slice of `2N + 1` counts, so that a stack of
//! boards is a single `Vec<u32>` and copying one is a `memcpy`:
//!
//! ```text
//! index:  0 .. N-1      N        N+1 .. 2N
//!         P1 .. PN      kalah    p1 .. pN
//! ```
//!
//! Sowing from `Pi` goes anticlockwise: `P(i-1), …, P1`, the mover's kalah,
//! the opponent's `pN, …, p1`, then round again to `PN, …, Pi` (the pit just
//! emptied is not skipped; only the opponent's kalah is). The sowing cycle
//! thus has `L = 2N + 1` places, and `c` counters make `c / L` full laps plus
//! `c % L` single steps, which this module applies in closed form.
//!
//! The opponent's kalah is not on the board: no counter of the mover's ever
//! reaches it. A game that needs it (to score, or to let the opponent move
//! next) keeps it beside the board; seen from the opponent, the board is the
//! same layout with the two rows swapped, each row being numbered from its
//! owner's kalah.

use super::position::Pit;

/// Which of Bell's two rules apply.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Rule 1: a last counter that lands in an empty pit of the mover's,
    /// opposite a non-empty pit of the opponent's, captures both into the
    /// mover's kalah. Bell's board test ignores captures. A capture can only
    /// follow a last counter that lands in a pit, so it never changes how
    /// many move sequences there are, only the terminal boards.
    pub captures: bool,
}

/// Where the last counter of a move fell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Landing {
    /// In the mover's kalah: a continuation, unless the mover's pits are now
    /// empty.
    Kalah,
    /// In one of the mover's pits. `captured` tells whether rule 1 fired.
    Own {
        /// The pit.
        pit: Pit,
        /// Whether the counter captured the opposite pit (only with
        /// [`Rules::captures`]).
        captured: bool,
    },
    /// In one of the opponent's pits.
    Opponent,
}

/// The result of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sown {
    /// Where the last counter fell.
    pub landing: Landing,
    /// Whether the mover moves again: the last counter fell in the kalah and
    /// the mover still has counters.
    pub continues: bool,
}

/// Plays one move: sows pit `pit` of the mover on the flat `board` of `n`
/// pits a side (`P1 … PN`, the mover's kalah, `p1 … pN`: `2N + 1` counts,
/// as [`Position::flat_board`](super::Position::flat_board) builds it), and
/// applies rule 1 when `rules` asks for it. Returns where the last counter
/// fell and whether the mover moves again.
///
/// The pit must not be empty, and `board.len()` must be `2n + 1`; both are
/// checked in debug builds only, as this is the inner loop of every count.
///
/// ```
/// use plybench::engine::kalah::{Landing, Pit, Position, Rules, sow};
///
/// // Bell's 3,2,1: P1 holds one counter, which goes into the kalah.
/// let mut board = Position::board_test(3)?.flat_board();
/// let sown = sow(&mut board, 3, Pit::new(1).unwrap(), Rules::default());
/// assert_eq!((sown.landing, sown.continues), (Landing::Kalah, true));
/// assert_eq!(board, [0, 2, 3, 1, 0, 0, 0]);
/// # Ok::<(), plybench::engine::kalah::KalahError>(())
/// ```
#[inline]
pub fn sow(board: &mut [u32], n: usize, pit: Pit, rules: Rules) -> Sown {
    debug_assert_eq!(board.len(), 2 * n + 1);
    let i = pit.number();
    let kalah = n;
    let (own, rest) = board.split_at_mut(kalah);
    let (kalah_cell, opponent) = rest.split_first_mut().expect("a board has a kalah");
    let counters = std::mem::take(&mut own[i - 1]);
    debug_assert!(counters > 0, "sowing an empty pit");
    let cycle = (2 * n + 1) as u32;
    let laps = counters / cycle;
    let steps = (counters % cycle) as usize;
    if laps > 0 {
        own.iter_mut().for_each(|c| *c += laps);
        opponent.iter_mut().for_each(|c| *c += laps);
        *kalah_cell += laps;
    }
    // Single steps: P(i-1) .. P1, the kalah, pN .. p1, PN .. P(i+1).
    let down = steps.min(i - 1);
    own[i - 1 - down..i - 1].iter_mut().for_each(|c| *c += 1);
    if steps >= i {
        *kalah_cell += 1;
    }
    let to_opponent = steps.saturating_sub(i).min(n);
    opponent[n - to_opponent..].iter_mut().for_each(|c| *c += 1);
    let round = steps.saturating_sub(i + n);
    own[n - round..].iter_mut().for_each(|c| *c += 1);

    let landing = if steps == i {
        Landing::Kalah
    } else if steps > i && steps <= i + n {
        Landing::Opponent
    } else {
        // Back on the mover's side: below Pi on the first pass, or PN..Pi
        // after going round (steps == 0 is a whole number of laps, ending in
        // Pi itself).
        let number = if steps == 0 {
            i
        } else if steps < i {
            i - steps
        } else {
            2 * n + i + 1 - steps
        };
        let landed = number - 1;
        // The pit was empty before the last counter fell iff it now holds one.
        let opposite = n - 1 - landed;
        let captured = rules.captures && own[landed] == 1 && opponent[opposite] > 0;
        if captured {
            *kalah_cell += own[landed] + std::mem::take(&mut opponent[opposite]);
            own[landed] = 0;
        }
        Landing::Own { pit: Pit::new(number).expect("pit numbers stay in range"), captured }
    };
    let continues = landing == Landing::Kalah && own.iter().any(|&c| c > 0);
    Sown { landing, continues }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sows one counter at a time, the way a person does, for comparison
    /// with the closed form.
    fn sow_by_hand(board: &mut [u32], n: usize, i: usize) -> usize {
        // Places in sowing order as board indices: P(i-1)..P1, K, pN..p1, PN..P1, K, ...
        let mut order = Vec::new();
        order.extend((0..n).rev()); // PN..P1 as indices n-1..0
        order.push(n); // kalah
        order.extend((n + 1..=2 * n).rev()); // pN..p1
        let start = order.iter().position(|&x| x == i - 1).unwrap();
        let mut counters = std::mem::take(&mut board[i - 1]);
        let mut at = start;
        let mut last = i - 1;
        while counters > 0 {
            at = (at + 1) % order.len();
            last = order[at];
            board[last] += 1;
            counters -= 1;
        }
        last
    }

    #[test]
    fn closed_form_matches_counter_by_counter_sowing() {
        for n in 1..=5 {
            for i in 1..=n {
                for c in 1..=(4 * (2 * n + 1) as u32 + 3) {
                    let mut a = vec![0u32; 2 * n + 1];
                    for (k, cell) in a.iter_mut().enumerate() {
                        *cell = (k as u32 * 7 + c) % 3;
                    }
                    a[i - 1] = c;
                    let mut b = a.clone();
                    let sown = sow(&mut a, n, Pit::new(i).unwrap(), Rules::default());
                    let last = sow_by_hand(&mut b, n, i);
                    assert_eq!(a, b, "n={n} i={i} c={c}");
                    let expected = if last == n {
                        Landing::Kalah
                    } else if last > n {
                        Landing::Opponent
                    } else {
                        Landing::Own { pit: Pit::new(last + 1).unwrap(), captured: false }
                    };
                    assert_eq!(sown.landing, expected, "n={n} i={i} c={c}");
                }
            }
        }
    }

    #[test]
    fn bells_three_pit_moves() {
        // 3,2,1 with P1 played: 3,2,0 and a continuation.
        let mut board = vec![1, 2, 3, 0, 0, 0, 0];
        let sown = sow(&mut board, 3, Pit::new(1).unwrap(), Rules::default());
        assert!(sown.continues);
        assert_eq!(board, [0, 2, 3, 1, 0, 0, 0]);
        // 0,1,3 (P3..P1) with P1 played: three counters go to K, p3, p2.
        let mut board = vec![3, 1, 0, 0, 0, 0, 0];
        let sown = sow(&mut board, 3, Pit::new(1).unwrap(), Rules::default());
        assert_eq!(sown.landing, Landing::Opponent);
        assert_eq!(board, [0, 1, 0, 1, 0, 1, 1]);
    }

    #[test]
    fn clearing_the_last_counter_is_not_a_continuation() {
        let mut board = vec![1, 0, 0];
        let sown = sow(&mut board, 1, Pit::new(1).unwrap(), Rules::default());
        assert_eq!(sown.landing, Landing::Kalah);
        assert!(!sown.continues);
    }

    #[test]
    fn capture_takes_the_opposite_pit() {
        // N = 2: P2 = 1 sows into the empty P1, opposite p2 = 5.
        let mut board = vec![0, 1, 0, 0, 5];
        let rules = Rules { captures: true };
        let sown = sow(&mut board, 2, Pit::new(2).unwrap(), rules);
        assert_eq!(sown.landing, Landing::Own { pit: Pit::new(1).unwrap(), captured: true });
        assert_eq!(board, [0, 0, 6, 0, 0]);
        // Without rule 1 the counters stay where they are.
        let mut board = vec![0, 1, 0, 0, 5];
        sow(&mut board, 2, Pit::new(2).unwrap(), Rules::default());
        assert_eq!(board, [1, 0, 0, 0, 5]);
    }
}
