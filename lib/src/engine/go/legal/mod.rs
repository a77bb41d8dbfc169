//! Counting the legal Go positions of an m×n board by a dynamic program
//! over its border (Tromp and Farnebäck, *Combinatorics of Go*, 2006/2016).
//!
//! A position is legal when every chain (a maximal orthogonally connected
//! group of stones of one colour) has at least one liberty, an empty point
//! next to it. The program fills the board point by point in row-major
//! order. After each point it keeps, for every distinct *border state*, the
//! number of partial positions that reach it. The border is the last
//! `width` points filled, one per column; a border state records for each
//! of them:
//!
//! - empty, which may still give a liberty to the point below or to its
//!   right;
//! - a stone whose chain already has a liberty: such a chain can never die,
//!   and which other border stones it connects to no longer matters;
//! - a stone whose chain has no liberty yet, with the label of its chain,
//!   so that chains can merge and a chain can be declared dead when its last
//!   border stone leaves the border with no liberty found.
//!
//! Labels are renumbered in order of first appearance (the state is
//! canonical), and states are merged in a hash map. A partial position
//! dies the moment a liberty-less chain loses its last border point; a
//! complete position is counted when no liberty-less chain remains.
//!
//! The counts are exact. In the hot loop they are fixed-width integers of
//! as many 64-bit limbs as 3^(m·n), a bound on every partial sum, needs
//! (two for up to 80 points, nine for 19×19), added with carries and no
//! allocation; the result is returned as a [`BigUint`]. The shorter side
//! may have at most [`MAX_WIDTH`] points, the widest border a state key
//! holds, and the board at most [`MAX_POINTS`]. The memory the states need
//! is estimated and checked against a [`MemoryLimit`] before the count
//! starts, and checked again after every point.
//!
//! [`brute`] counts the same thing by enumeration (the oracle of the
//! tests), and [`games`] counts games on tiny boards.

pub mod brute;
pub mod games;

use std::time::Instant;

use num_bigint::BigUint;
use rayon::prelude::*;
use rustc_hash::FxHashMap;

use super::GoError;
use crate::Result;
use crate::engine::limit::check_threads;
use crate::engine::memory::MemoryLimit;
use crate::engine::progress::{Progress, Step};

/// The widest border a state holds: the shorter side of the board.
pub const MAX_WIDTH: usize = 12;

/// The most points of a board: 19×19. Every partial sum of the program
/// after k points is at most the 3^k colourings of those points, and
/// 3³⁶¹ < 2⁵⁷⁶, nine limbs.
pub const MAX_POINTS: usize = 361;

/// The most limbs of a count.
const MAX_LIMBS: usize = 9;

/// Bytes one border state may take at the peak of a layer, for counts of
/// `limbs` limbs: its key and count in the vector of the layer before and
/// in the hash map of the layer being built, doubled for the map's spare
/// capacity and control bytes.
pub fn bytes_per_state(limbs: usize) -> u64 {
    4 * (8 + 8 * limbs as u64)
}

/// Limbs of 64 bits that hold 3^points (log2 3 < 1.585).
pub fn limbs_for(points: usize) -> usize {
    let bits = (points * 1585).div_ceil(1000) + 1;
    bits.div_ceil(64).max(2)
}

/// Bits of one border point in a state key.
const BITS: u32 = 5;
const MASK: u64 = (1 << BITS) - 1;
/// Codes of a border point.
const EMPTY: u8 = 0;
/// A black stone whose chain has a liberty (white: `LIVE + 1`).
const LIVE: u8 = 1;
/// The first code of a stone whose chain has no liberty yet: code
/// `HUNGRY + 2·label + colour` (colour 0 black, 1 white).
const HUNGRY: u8 = 3;
/// Above the first row: no point, no liberty, no chain.
const OFF: u8 = 31;

/// The outcome of [`count_legal`].
#[derive(Clone, Debug, PartialEq)]
pub struct LegalCount {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// The number of legal positions, L(rows, cols).
    pub count: BigUint,
    /// The most border states held after any one point.
    pub max_states: usize,
    /// Border width used (the shorter side unless asked otherwise).
    pub width: usize,
    /// 64-bit limbs of the counts in the hot loop.
    pub limbs: usize,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// Checks that an m×n board can be counted: both sides at least 1, the
/// shorter at most [`MAX_WIDTH`], at most [`MAX_POINTS`] points. Memory
/// and time are checked separately ([`count_legal`]).
///
/// ```
/// use plybench::engine::go::legal::check_board;
///
/// assert!(check_board(7, 7).is_ok());
/// assert!(check_board(12, 30).is_ok());
/// assert!(check_board(19, 19).is_err());
/// assert!(check_board(0, 3).is_err());
/// ```
pub fn check_board(rows: usize, cols: usize) -> Result<(), GoError> {
    let why = if rows == 0 || cols == 0 {
        "a board needs at least one row and one column".to_owned()
    } else if rows.min(cols) > MAX_WIDTH {
        format!(
            "the shorter side may have at most {MAX_WIDTH} points (a border state is a 64-bit key; \
             a wider border would need billions of states); count a narrower board"
        )
    } else if rows * cols > MAX_POINTS {
        format!("{} points; at most {MAX_POINTS} are counted", rows * cols)
    } else {
        return Ok(());
    };
    Err(GoError::LegalBoard { rows, cols, why })
}

/// An estimate, with a margin, of the most border states of a width:
/// 1.25 · 4.5^width. The states this program holds grow by a factor of about 4.1
/// per column (3, 17, 87, 319, 1197, 4725, 19123, 76945, 315165 for
/// widths 1 to 9), below Tromp and Farnebäck's bound λ < 5.4 for their
/// own encoding; the tests check that the estimate stays above them.
pub fn estimated_states(width: usize) -> u64 {
    (1.25 * 4.5f64.powi(width as i32)).ceil() as u64
}

/// Counts the legal positions of a `rows`×`cols` board on `threads`
/// threads (the count does not depend on them), refusing before it starts
/// when the states could pass `memory`.
///
/// ```
/// use plybench::engine::go::legal::count_legal;
/// use plybench::engine::memory::MemoryLimit;
/// use plybench::engine::progress::Progress;
///
/// let run = count_legal(3, 3, 1, MemoryLimit::default(), Progress::NONE)?;
/// assert_eq!(run.count.to_string(), "12675");
/// # Ok::<(), plybench::Error>(())
/// ```
pub fn count_legal(
    rows: usize,
    cols: usize,
    threads: usize,
    memory: MemoryLimit,
    progress: Progress<'_>,
) -> Result<LegalCount> {
    check_board(rows, cols)?;
    // The border runs along the shorter side.
    let width = rows.min(cols);
    count_with_width(rows, cols, width, threads, memory, progress)
}

/// [`count_legal`] with the border along a side of the caller's choice:
/// `width` must be `rows` or `cols`. L(m, n) = L(n, m), so the two widths
/// must agree; the tests use this as a check.
pub fn count_with_width(
    rows: usize,
    cols: usize,
    width: usize,
    threads: usize,
    memory: MemoryLimit,
    progress: Progress<'_>,
) -> Result<LegalCount> {
    if rows == 0 || cols == 0 || width > MAX_WIDTH || rows * cols > MAX_POINTS || (width != rows && width != cols) {
        check_board(rows, cols)?;
        return Err(GoError::LegalBoard {
            rows,
            cols,
            why: format!("the border must run along a side of at most {MAX_WIDTH} points"),
        }
        .into());
    }
    let threads = check_threads(threads)?;
    let limbs = limbs_for(rows * cols);
    let planned = estimated_states(width).saturating_mul(bytes_per_state(limbs));
    if planned > memory.bytes() {
        return Err(GoError::LegalMemory { rows, cols, needed: planned, limit: memory.bytes() }.into());
    }
    let start = Instant::now();
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().map_err(|e| GoError::LegalBoard {
        rows,
        cols,
        why: format!("no thread pool: {e}"),
    })?;
    let board = Shape { rows, cols, width, threads, memory };
    let (count, max_states) = pool.install(|| match limbs {
        0..=2 => run::<2>(board, progress),
        3 => run::<3>(board, progress),
        4 => run::<4>(board, progress),
        5 => run::<5>(board, progress),
        6 => run::<6>(board, progress),
        7 => run::<7>(board, progress),
        8 => run::<8>(board, progress),
        _ => run::<MAX_LIMBS>(board, progress),
    })?;
    Ok(LegalCount { rows, cols, count, max_states, width, limbs, seconds: start.elapsed().as_secs_f64() })
}

/// What [`run`] counts.
#[derive(Clone, Copy)]
struct Shape {
    rows: usize,
    cols: usize,
    width: usize,
    threads: usize,
    memory: MemoryLimit,
}

/// A count of `N` 64-bit limbs, least significant first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Wide<const N: usize>([u64; N]);

impl<const N: usize> Wide<N> {
    const ZERO: Self = Wide([0; N]);

    fn one() -> Self {
        let mut limbs = [0; N];
        limbs[0] = 1;
        Wide(limbs)
    }

    /// Adds `other`; `false` when the sum passes N limbs.
    #[inline]
    fn add(&mut self, other: &Self) -> bool {
        let mut carry = false;
        for (a, &b) in self.0.iter_mut().zip(&other.0) {
            let (s, c1) = a.overflowing_add(b);
            let (s, c2) = s.overflowing_add(u64::from(carry));
            *a = s;
            carry = c1 || c2;
        }
        !carry
    }

    fn to_big(self) -> BigUint {
        let bytes: Vec<u8> = self.0.iter().flat_map(|limb| limb.to_le_bytes()).collect();
        BigUint::from_bytes_le(&bytes)
    }
}

/// The program with counts of `N` limbs: the count and the most states.
fn run<const N: usize>(board: Shape, progress: Progress<'_>) -> Result<(BigUint, usize)> {
    let Shape { rows, cols, width, threads, memory } = board;
    let length = rows * cols / width;
    let mut layer: Vec<(u64, Wide<N>)> = vec![(initial(width), Wide::one())];
    let mut max_states = 1;
    let total = (length * width) as u64;
    let label = format!("legal {rows}x{cols}");
    for line in 0..length {
        for col in 0..width {
            layer = step(&layer, col, width, threads).ok_or(GoError::LegalOverflow { rows, cols })?;
            max_states = max_states.max(layer.len());
            let bytes = (layer.len() as u64).saturating_mul(bytes_per_state(N));
            if bytes > memory.bytes() {
                return Err(GoError::LegalMemory { rows, cols, needed: bytes, limit: memory.bytes() }.into());
            }
            progress.report(Step {
                label: &label,
                done: (line * width + col + 1) as u64,
                total,
                nodes: layer.len() as u128,
            });
        }
    }
    let mut count = Wide::<N>::ZERO;
    for (key, n) in &layer {
        if (0..width).all(|i| !is_hungry(get(*key, i))) && !count.add(n) {
            return Err(GoError::LegalOverflow { rows, cols }.into());
        }
    }
    Ok((count.to_big(), max_states))
}

/// The state before the first point: every border point off the board.
fn initial(width: usize) -> u64 {
    (0..width).fold(0, |key, i| set(key, i, OFF))
}

fn get(key: u64, i: usize) -> u8 {
    ((key >> (BITS as usize * i)) & MASK) as u8
}

fn set(key: u64, i: usize, code: u8) -> u64 {
    let shift = BITS as usize * i;
    (key & !(MASK << shift)) | (u64::from(code) << shift)
}

fn is_hungry(code: u8) -> bool {
    (HUNGRY..OFF).contains(&code)
}

/// Colour (0 black, 1 white) of a stone code.
fn colour(code: u8) -> u8 {
    if code < HUNGRY { code - LIVE } else { (code - HUNGRY) & 1 }
}

fn label(code: u8) -> u8 {
    (code - HUNGRY) >> 1
}

fn hungry(label: u8, colour: u8) -> u8 {
    HUNGRY + 2 * label + colour
}

/// One point filled in column `col`: every state of `layer` times the
/// three colours, merged. With several threads, each keeps the successors
/// whose key falls in its shard, so every key is summed by one thread and
/// the sums do not depend on the thread count. `None` when a count passes
/// N limbs.
fn step<const N: usize>(
    layer: &[(u64, Wide<N>)],
    col: usize,
    width: usize,
    threads: usize,
) -> Option<Vec<(u64, Wide<N>)>> {
    let shards = if layer.len() < 4096 { 1 } else { threads };
    let maps: Vec<Option<FxHashMap<u64, Wide<N>>>> = (0..shards)
        .into_par_iter()
        .map(|shard| {
            let mut map: FxHashMap<u64, Wide<N>> = FxHashMap::default();
            map.reserve(layer.len() * 2 / shards + 16);
            for (key, n) in layer {
                for next in successors(*key, col, width).into_iter().flatten() {
                    if shards > 1 && shard_of(next, shards) != shard {
                        continue;
                    }
                    if !map.entry(next).or_insert(Wide::ZERO).add(n) {
                        return None;
                    }
                }
            }
            Some(map)
        })
        .collect();
    let mut out = Vec::with_capacity(maps.iter().flatten().map(FxHashMap::len).sum());
    for map in maps {
        out.extend(map?);
    }
    Some(out)
}

fn shard_of(key: u64, shards: usize) -> usize {
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) as usize % shards
}

/// The successors of `key` when column `col` gets an empty point, a black
/// stone or a white stone; `None` where a chain dies.
fn successors(key: u64, col: usize, width: usize) -> [Option<u64>; 3] {
    let up = get(key, col);
    let left = if col > 0 { get(key, col - 1) } else { OFF };
    let mut out = [None; 3];
    // Empty: gives a liberty to the chains above and to the left.
    let mut k = key;
    for nb in [up, left] {
        if is_hungry(nb) {
            k = feed(k, width, nb);
        }
    }
    out[0] = Some(canonical(set(k, col, EMPTY), width));
    for c in 0..2u8 {
        out[1 + c as usize] = place(key, col, width, up, left, c);
    }
    out
}

/// Every border point of the liberty-less chain `code` gets its liberty.
fn feed(key: u64, width: usize, code: u8) -> u64 {
    let live = LIVE + colour(code);
    let mut k = key;
    for i in 0..width {
        if get(k, i) == code {
            k = set(k, i, live);
        }
    }
    k
}

/// A stone of colour `c` in column `col`.
fn place(key: u64, col: usize, width: usize, up: u8, left: u8, c: u8) -> Option<u64> {
    let is_own = |code: u8| code != EMPTY && code != OFF && colour(code) == c;
    let liberty = up == EMPTY || left == EMPTY || (is_own(up) && !is_hungry(up)) || (is_own(left) && !is_hungry(left));
    let mut k = key;
    let new_code = if liberty {
        for nb in [up, left] {
            if is_own(nb) && is_hungry(nb) {
                k = feed(k, width, nb);
            }
        }
        LIVE + c
    } else {
        // Merge the liberty-less own chains above and to the left, under a
        // label no state uses (renumbered by `canonical`).
        let merged = hungry(MAX_WIDTH as u8, c);
        for nb in [up, left] {
            if is_own(nb) {
                for i in 0..width {
                    if get(k, i) == nb {
                        k = set(k, i, merged);
                    }
                }
            }
        }
        merged
    };
    k = set(k, col, new_code);
    // The point above leaves the border: an enemy chain without a liberty
    // dies if it has no other border point.
    if is_hungry(up) && colour(up) != c && !(0..width).any(|i| get(k, i) == up) {
        return None;
    }
    Some(canonical(k, width))
}

/// Renumbers the liberty-less chains in order of first appearance.
fn canonical(key: u64, width: usize) -> u64 {
    let mut map = [u8::MAX; MAX_WIDTH + 1];
    let mut next = 0u8;
    let mut out = key;
    for i in 0..width {
        let code = get(key, i);
        if is_hungry(code) {
            let old = label(code) as usize;
            if map[old] == u8::MAX {
                map[old] = next;
                next += 1;
            }
            out = set(out, i, hungry(map[old], colour(code)));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(rows: usize, cols: usize) -> u128 {
        let run = count_legal(rows, cols, 1, MemoryLimit::default(), Progress::NONE).unwrap();
        u128::try_from(run.count).unwrap()
    }

    #[test]
    fn tiny_boards_by_hand() {
        // 1x1: only the empty board. 1x2: .., B., .B, W., .W.
        assert_eq!(count(1, 1), 1);
        assert_eq!(count(1, 2), 5);
        assert_eq!(count(2, 1), 5);
        // OEIS A094777's own example: 3^4 - 16 - 8.
        assert_eq!(count(2, 2), 81 - 16 - 8);
    }

    #[test]
    fn both_orientations_agree() {
        for (m, n) in [(2, 5), (3, 4), (3, 5), (4, 5), (2, 7)] {
            let a = count_with_width(m, n, m, 1, MemoryLimit::default(), Progress::NONE).unwrap();
            let b = count_with_width(m, n, n, 1, MemoryLimit::default(), Progress::NONE).unwrap();
            assert_eq!(a.count, b.count, "{m}x{n}");
        }
    }

    #[test]
    fn threads_do_not_change_the_count() {
        let one = count_legal(5, 5, 1, MemoryLimit::default(), Progress::NONE).unwrap();
        let three = count_legal(5, 5, 3, MemoryLimit::default(), Progress::NONE).unwrap();
        assert_eq!(one.count, three.count);
        assert_eq!(one.max_states, three.max_states);
    }

    #[test]
    fn states_stay_below_the_estimate() {
        for w in 1..=6 {
            let run = count_legal(w, w + 2, 1, MemoryLimit::default(), Progress::NONE).unwrap();
            assert!((run.max_states as u64) < estimated_states(w), "width {w}: {}", run.max_states);
        }
    }

    #[test]
    fn bad_sizes_are_refused() {
        use crate::Error::Go;
        let d = MemoryLimit::default();
        assert!(matches!(count_legal(0, 4, 1, d, Progress::NONE), Err(Go(GoError::LegalBoard { .. }))));
        assert!(matches!(count_legal(19, 19, 1, d, Progress::NONE), Err(Go(GoError::LegalBoard { .. }))));
        assert!(matches!(count_legal(1, 362, 1, d, Progress::NONE), Err(Go(GoError::LegalBoard { .. }))));
        let tight = MemoryLimit::from_bytes(1 << 20);
        assert!(matches!(count_legal(9, 9, 1, tight, Progress::NONE), Err(Go(GoError::LegalMemory { .. }))));
        // A limit below the estimate refuses 12x12 before it starts (about 13 GiB planned).
        let eight = MemoryLimit::from_bytes(8 << 30);
        assert!(matches!(count_legal(12, 12, 1, eight, Progress::NONE), Err(Go(GoError::LegalMemory { .. }))));
        assert!(count_legal(3, 3, 0, MemoryLimit::default(), Progress::NONE).is_err());
    }

    #[test]
    fn canonical_labels_are_first_appearance() {
        let w = 3;
        let key = set(set(set(0, 0, hungry(2, 0)), 1, hungry(0, 1)), 2, hungry(2, 0));
        let c = canonical(key, w);
        assert_eq!([get(c, 0), get(c, 1), get(c, 2)], [hungry(0, 0), hungry(1, 1), hungry(0, 0)]);
    }

    #[test]
    fn the_program_agrees_with_enumeration() {
        for rows in 1..=4 {
            for cols in 1..=4 {
                if rows * cols <= 12 {
                    assert_eq!(count(rows, cols), u128::from(brute::count_brute(rows, cols).unwrap()), "{rows}x{cols}");
                }
            }
        }
        // Longer strips, where the border runs along the short side.
        for (rows, cols) in [(1, 10), (2, 6), (6, 2)] {
            assert_eq!(count(rows, cols), u128::from(brute::count_brute(rows, cols).unwrap()), "{rows}x{cols}");
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]
        #[test]
        fn random_small_rectangles_agree_with_enumeration(rows in 1usize..=5, cols in 1usize..=5, threads in 1usize..=3) {
            proptest::prop_assume!(rows * cols <= 11);
            let run = count_legal(rows, cols, threads, MemoryLimit::default(), Progress::NONE).unwrap();
            proptest::prop_assert_eq!(run.count, BigUint::from(brute::count_brute(rows, cols).unwrap()));
        }
    }

    #[test]
    fn wide_counts_carry_and_agree_with_narrow_ones() {
        let mut a = Wide::<3>([u64::MAX, u64::MAX, 0]);
        assert!(a.add(&Wide::one()));
        assert_eq!(a, Wide([0, 0, 1]));
        let mut top = Wide::<2>([u64::MAX, u64::MAX]);
        assert!(!top.add(&Wide::one()));
        // 1x90 needs three limbs (3^90 > 2^128): the long strip obeys
        // A102620's recurrence a(n) = 3a(n-1) - a(n-2) + a(n-3).
        let strip = |n: usize| count_legal(1, n, 1, MemoryLimit::default(), Progress::NONE).unwrap();
        let (a, b, c, d) = (strip(87), strip(88), strip(89), strip(90));
        assert_eq!(d.limbs, 3);
        assert_eq!(d.count + b.count, c.count * 3u32 + a.count);
    }
}
