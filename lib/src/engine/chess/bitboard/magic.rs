//! Sliding attacks by magic multiplication, with magic numbers found at
//! start-up.
//!
//! For a slider on square `s`, only the pieces on its rays, short of the
//! board's edge, decide where it can go: the *relevant* squares, a mask of
//! `n` bits (at most 12 for a rook, 9 for a bishop). Multiplying the masked
//! occupancy by a well-chosen 64-bit *magic* and keeping the top `n` bits
//! gives each of the `2^n` occupancies an index into a table of `2^n`
//! attack sets, so that two occupancies share an index only if they give the
//! same attacks. Such magics are found by trial: sparse random numbers are
//! tried until one maps every occupancy without a harmful collision.
//!
//! The search here is deterministic: each square draws its candidates from
//! a SplitMix64 stream of its own, started from [`SEED`] plus a small
//! per-square offset, so every run builds the same tables. No magic number
//! is written in the source. The offsets only choose where in the stream
//! each square starts; they were picked by running this same search over
//! the first 65,536 offsets of every square and keeping the one that needs
//! the fewest candidates (the ignored test `tune_offsets` recomputes the
//! table). With them start-up tries 136 candidates for the 128 squares and
//! takes a few milliseconds in a release build; with any other offsets the search
//! still succeeds, only more slowly.

use std::sync::LazyLock;

use super::attacks::{BISHOP_DIRS, FILE_A, FILE_H, RANK_1, RANK_8, ROOK_DIRS, bit, slide, slide_by_rays};

/// The base seed of the search. Any value works; this one fixes the tables.
const SEED: u64 = 0x706c_7962_656e_6368; // "plybench"

/// Where each square's candidate stream starts: `SEED + offset`, rooks
/// first, then bishops. See the module documentation.
const OFFSETS: [[u16; 64]; 2] = [
    [
        26482, 20258, 506, 37698, 1303, 61229, 32612, 32430, 10891, 1547, 2171, 7604, 7977, 2767, 4464, 4539, 5912,
        1484, 391, 14425, 20103, 44884, 18785, 17620, 4333, 4179, 4651, 10188, 11872, 3259, 13020, 8567, 5190, 3513,
        4651, 6627, 17737, 59557, 420, 4889, 6223, 1060, 1259, 55761, 2682, 31812, 3311, 12838, 4333, 1060, 1331,
        14585, 2509, 3259, 26929, 1652, 11722, 23914, 45292, 7218, 14530, 34137, 3433, 5953,
    ],
    [
        344, 66, 67, 250, 151, 43, 281, 10, 172, 72, 5, 61, 3, 36, 186, 472, 225, 100, 36, 166, 2358, 905, 142, 800,
        21, 35, 1309, 10591, 2286, 483, 236, 115, 214, 143, 63, 78, 2325, 1001, 54, 35, 43, 238, 1690, 335, 649, 1215,
        487, 160, 281, 313, 43, 15, 4, 74, 294, 66, 10, 472, 243, 90, 18, 14, 172, 344,
    ],
];

/// One square's entry: mask, magic, shift and where its attacks start.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    mask: u64,
    magic: u64,
    offset: u32,
    shift: u32,
}

/// The magic numbers of every square and the attack sets they index.
pub(super) struct Sliders {
    rook: [Entry; 64],
    bishop: [Entry; 64],
    table: Box<[u64]>,
    /// How many candidates the search tried (read by the tests).
    #[cfg_attr(not(test), allow(dead_code))]
    candidates: u32,
}

/// Where the generator looks up slider attacks: the magic tables here,
/// or the `pext` ones of the BMI2 flavour (`pext.rs`). The generator is
/// generic over it, so the choice costs nothing per lookup.
pub(super) trait SliderAttacks: Copy {
    /// The rook's attacks from `sq` when `occupied` is occupied.
    fn rook(self, sq: usize, occupied: u64) -> u64;
    /// The bishop's attacks from `sq` when `occupied` is occupied.
    fn bishop(self, sq: usize, occupied: u64) -> u64;
}

impl SliderAttacks for &Sliders {
    #[inline(always)]
    fn rook(self, sq: usize, occupied: u64) -> u64 {
        Sliders::rook(self, sq, occupied)
    }

    #[inline(always)]
    fn bishop(self, sq: usize, occupied: u64) -> u64 {
        Sliders::bishop(self, sq, occupied)
    }
}

/// The tables, built on first use.
pub(super) static SLIDERS: LazyLock<Sliders> = LazyLock::new(|| Sliders::search(SEED, &OFFSETS));

impl Sliders {
    /// The rook's attacks from `sq` when `occupied` is occupied.
    #[inline(always)]
    pub(super) fn rook(&self, sq: usize, occupied: u64) -> u64 {
        self.lookup(&self.rook[sq & 63], occupied)
    }

    /// The bishop's attacks from `sq` when `occupied` is occupied.
    #[inline(always)]
    pub(super) fn bishop(&self, sq: usize, occupied: u64) -> u64 {
        self.lookup(&self.bishop[sq & 63], occupied)
    }

    #[inline(always)]
    fn lookup(&self, e: &Entry, occupied: u64) -> u64 {
        let index = (occupied & e.mask).wrapping_mul(e.magic) >> e.shift;
        self.table[e.offset as usize + index as usize]
    }

    /// The search the shared tables come from, run again (for timing).
    #[cfg(test)]
    pub(super) fn search_default() -> Sliders {
        Sliders::search(SEED, &OFFSETS)
    }

    /// Finds a magic for every square, rooks first, each from the stream
    /// `seed + offsets[slider][square]`.
    fn search(seed: u64, offsets: &[[u16; 64]; 2]) -> Sliders {
        let mut table = Vec::with_capacity(102_400 + 5_248);
        let mut scratch = Scratch::default();
        let mut rook = [Entry::default(); 64];
        let mut bishop = [Entry::default(); 64];
        let mut candidates = 0;
        for (slider, (entries, dirs)) in [(&mut rook, &ROOK_DIRS), (&mut bishop, &BISHOP_DIRS)].into_iter().enumerate()
        {
            for (sq, entry) in entries.iter_mut().enumerate() {
                scratch.prepare(sq, dirs);
                let mut rng = SplitMix64(seed.wrapping_add(u64::from(offsets[slider][sq])));
                let (magic, tries) = scratch.find(&mut rng, u32::MAX).expect("an unbounded search ends with a magic");
                candidates += tries;
                let offset = table.len() as u32;
                table.extend_from_slice(&scratch.slots);
                *entry = Entry { mask: scratch.mask, magic, offset, shift: 64 - scratch.mask.count_ones() };
            }
        }
        Sliders { rook, bishop, table: table.into_boxed_slice(), candidates }
    }
}

/// The squares of a slider's rays whose occupancy matters: the rays short
/// of the edges (an edge square's piece blocks nothing beyond it).
pub(super) const fn relevant(sq: usize, dirs: &[(i8, i8)]) -> u64 {
    let rank = RANK_1 << (sq / 8 * 8);
    let file = FILE_A << (sq % 8);
    let edges = ((RANK_1 | RANK_8) & !rank) | ((FILE_A | FILE_H) & !file);
    slide(sq, 0, dirs) & !edges & !bit(sq)
}

/// One square's occupancies and attacks, and buffers reused from square to
/// square.
#[derive(Default)]
struct Scratch {
    mask: u64,
    occupancies: Vec<u64>,
    attacks: Vec<u64>,
    /// The attempt that last wrote each slot, so slots need no clearing.
    stamp: Vec<u32>,
    /// The attack table of the last candidate tried.
    slots: Vec<u64>,
}

impl Scratch {
    /// Lists the occupancies of the relevant squares of a slider on `sq`
    /// and the attacks of each.
    fn prepare(&mut self, sq: usize, dirs: &[(i8, i8)]) {
        let mask = relevant(sq, dirs);
        let size = 1usize << mask.count_ones();
        self.mask = mask;
        self.occupancies.clear();
        self.attacks.clear();
        // Every subset of the mask, by the carry-rippler.
        let mut subset = 0u64;
        loop {
            self.occupancies.push(subset);
            self.attacks.push(slide_by_rays(sq, subset, dirs));
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        self.stamp.clear();
        self.stamp.resize(size, 0);
        self.slots.clear();
        self.slots.resize(size, 0);
    }

    /// Draws candidates from `rng` until one indexes the prepared
    /// occupancies without a harmful collision, giving up after `limit`
    /// tries. Returns the magic and the number of tries; `slots` then holds
    /// its table (slots no occupancy reaches hold 0 and are never read).
    fn find(&mut self, rng: &mut SplitMix64, limit: u32) -> Option<(u64, u32)> {
        let mask = self.mask;
        let shift = 64 - mask.count_ones();
        self.stamp.fill(0);
        let mut attempt = 0u32;
        while attempt < limit {
            let magic = rng.sparse();
            // A magic must carry enough of the mask into the top byte.
            if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
                continue;
            }
            attempt += 1;
            let mut fits = true;
            for i in 0..self.occupancies.len() {
                let slot = (self.occupancies[i].wrapping_mul(magic) >> shift) as usize;
                if self.stamp[slot] != attempt {
                    self.stamp[slot] = attempt;
                    self.slots[slot] = self.attacks[i];
                } else if self.slots[slot] != self.attacks[i] {
                    fits = false;
                    break;
                }
            }
            if fits {
                for (slot, &stamp) in self.slots.iter_mut().zip(&self.stamp) {
                    if stamp != attempt {
                        *slot = 0;
                    }
                }
                return Some((magic, attempt));
            }
        }
        None
    }
}

/// Steele, Lea and Flood's SplitMix64: a small, fast, seedable generator.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number with about one bit in eight set: good magic candidates.
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magic_lookups_match_the_slow_rays() {
        let sliders = &*SLIDERS;
        let mut rng = SplitMix64(7);
        for sq in 0..64 {
            for _ in 0..200 {
                let occupied = rng.sparse() | rng.sparse();
                assert_eq!(sliders.rook(sq, occupied), slide(sq, occupied, &ROOK_DIRS), "rook {sq}");
                assert_eq!(sliders.bishop(sq, occupied), slide(sq, occupied, &BISHOP_DIRS), "bishop {sq}");
            }
            assert_eq!(sliders.rook(sq, 0), slide(sq, 0, &ROOK_DIRS));
            assert_eq!(sliders.bishop(sq, !0), slide(sq, !0, &BISHOP_DIRS));
        }
        assert_eq!(sliders.table.len(), 102_400 + 5_248);
    }

    #[test]
    fn the_search_is_deterministic() {
        let a = Sliders::search(SEED, &OFFSETS);
        let b = &*SLIDERS;
        assert!(a.rook.iter().zip(&b.rook).all(|(x, y)| x.magic == y.magic));
        assert!(a.bishop.iter().zip(&b.bishop).all(|(x, y)| x.magic == y.magic));
        assert_eq!(a.table, b.table);
        // The tuned offsets keep start-up short.
        assert_eq!(a.candidates, 136);
        // Any other start still finds magics, only after more tries.
        let mut scratch = Scratch::default();
        scratch.prepare(27, &BISHOP_DIRS);
        let (magic, _) = scratch.find(&mut SplitMix64(1), u32::MAX).unwrap();
        assert_ne!(magic, 0);
    }

    /// Prints the offsets table: for every square, the offset below 65,536
    /// whose stream reaches a magic in the fewest candidates.
    #[test]
    #[ignore = "tuning aid; run in release with --nocapture"]
    fn tune_offsets() {
        let mut scratch = Scratch::default();
        let mut best = [[0u16; 64]; 2];
        let mut total = 0;
        for (slider, dirs) in [&ROOK_DIRS, &BISHOP_DIRS].into_iter().enumerate() {
            for (sq, chosen) in best[slider].iter_mut().enumerate() {
                scratch.prepare(sq, dirs);
                let mut fewest = u32::MAX;
                for offset in 0..=u16::MAX {
                    let mut rng = SplitMix64(SEED.wrapping_add(u64::from(offset)));
                    if let Some((_, tries)) = scratch.find(&mut rng, fewest - 1) {
                        fewest = tries;
                        *chosen = offset;
                        if tries == 1 {
                            break;
                        }
                    }
                }
                total += fewest;
            }
        }
        println!("{best:?}");
        println!("candidates tried at start-up: {total}");
    }

    #[test]
    fn relevant_masks_have_the_known_sizes() {
        assert_eq!(relevant(0, &ROOK_DIRS).count_ones(), 12);
        assert_eq!(relevant(27, &ROOK_DIRS).count_ones(), 10);
        assert_eq!(relevant(0, &BISHOP_DIRS).count_ones(), 6);
        assert_eq!(relevant(27, &BISHOP_DIRS).count_ones(), 9);
    }
}
