//! Sliding attacks by BMI2's `pext`, used only by the BMI2 flavour of a
//! count ([`crate::engine::chess::cpu`]); the magic tables (`magic.rs`)
//! stay the fallback everywhere else.
//!
//! `pext(occupied, mask)` packs the occupancy of a slider's relevant
//! squares (the same masks as the magics') into the low bits, which index
//! the square's `2^n` attack sets directly: no magic number, no
//! multiplication, no shift. The carry-rippler walk (`subset - mask &
//! mask`) lists the subsets of a mask in the order of their packed values,
//! so the `k`-th subset it lists is the one `pext` maps to `k`, and the
//! table is filled in that order without running `pext` at all: building it
//! needs no BMI2.
//!
//! The table holds as many attack sets as the magic one (102,400 for rooks
//! and 5,248 for bishops), built at compile time, and is
//! padded with empty sets to the next power of two so that a masked index
//! needs no bounds check.
//!
//! On AMD Zen 1 and Zen 2, `pext` is microcoded and takes tens of cycles
//! (more with many mask bits), so there this path would be slower than the
//! magics; from Zen 3 on, and on Intel since Haswell, it takes one
//! micro-op with a latency of 3 cycles. [`CpuPath::Bmi2`] is chosen on any
//! CPU with BMI2, as the reference machine is a Zen 3.
//!
//! [`CpuPath::Bmi2`]: crate::engine::chess::cpu::CpuPath::Bmi2

use super::attacks::{BISHOP_DIRS, ROOK_DIRS, slide_by_rays};
use super::magic::{SliderAttacks, relevant};
use crate::engine::chess::cpu::Bmi2;

/// One square's relevant mask and where its attacks start in the table.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    mask: u64,
    offset: u32,
}

/// The number of attack sets: the rooks' and the bishops'.
const SETS: usize = 102_400 + 5_248;

/// The table's length, the power of two above [`SETS`]: an index masked
/// with `SLOTS - 1` is in bounds, so the lookup needs no bounds check.
const SLOTS: usize = SETS.next_power_of_two();

/// The attack sets of every square, indexed by `pext`.
pub(super) struct PextTable {
    rook: [Entry; 64],
    bishop: [Entry; 64],
    table: [u64; SLOTS],
}

/// The table, built at compile time: building it at run time took about
/// 1.5 ms of every count's start-up (`reports/profiles/bitboard.md`).
/// The evaluation takes about 5 s of each build of the library, past the
/// compiler's patience lint.
#[allow(long_running_const_eval)]
static PEXT: PextTable = PextTable::build();

impl PextTable {
    const fn build() -> PextTable {
        let mut table = [0u64; SLOTS];
        let mut len = 0;
        let (rook, bishop);
        (rook, len) = Self::fill(&mut table, len, &ROOK_DIRS);
        (bishop, len) = Self::fill(&mut table, len, &BISHOP_DIRS);
        assert!(len == SETS, "the rooks' and the bishops' attack sets fill SETS slots");
        PextTable { rook, bishop, table }
    }

    /// Writes the attack sets of every square for the slider moving along
    /// `dirs` from `table[len]` on; returns their entries and the new end.
    const fn fill(table: &mut [u64; SLOTS], mut len: usize, dirs: &[(i8, i8)]) -> ([Entry; 64], usize) {
        let mut entries = [Entry { mask: 0, offset: 0 }; 64];
        let mut sq = 0;
        while sq < 64 {
            let mask = relevant(sq, dirs);
            entries[sq] = Entry { mask, offset: len as u32 };
            // Every subset of the mask, in the order of its packed value.
            let mut subset = 0u64;
            loop {
                table[len] = slide_by_rays(sq, subset, dirs);
                len += 1;
                subset = subset.wrapping_sub(mask) & mask;
                if subset == 0 {
                    break;
                }
            }
            sq += 1;
        }
        (entries, len)
    }
}

/// The `pext` lookups, with the proof that the CPU has BMI2.
#[derive(Clone, Copy)]
pub(super) struct Pext {
    table: &'static PextTable,
    bmi2: Bmi2,
}

impl Pext {
    /// The lookups.
    #[inline(always)]
    pub(super) fn new(bmi2: Bmi2) -> Pext {
        Pext { table: &PEXT, bmi2 }
    }

    #[inline(always)]
    fn lookup(self, e: &Entry, occupied: u64) -> u64 {
        // In bounds by construction (offset + pext < SETS); the mask
        // only tells the compiler so.
        self.table.table[(e.offset as usize + self.bmi2.pext(occupied, e.mask) as usize) & (SLOTS - 1)]
    }
}

impl SliderAttacks for Pext {
    #[inline(always)]
    fn rook(self, sq: usize, occupied: u64) -> u64 {
        self.lookup(&self.table.rook[sq & 63], occupied)
    }

    #[inline(always)]
    fn bishop(self, sq: usize, occupied: u64) -> u64 {
        self.lookup(&self.table.bishop[sq & 63], occupied)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::chess::bitboard::attacks::slide;

    #[test]
    fn table_has_the_magic_table_size() {
        assert_eq!(SETS, 102_400 + 5_248);
        let last = PEXT.rook.iter().chain(&PEXT.bishop).map(|e| e.offset as usize + (1 << e.mask.count_ones())).max();
        assert_eq!(last, Some(SETS));
    }

    /// On a CPU with BMI2: every lookup matches the slow rays. (Elsewhere
    /// there is nothing to test: the path cannot run.)
    #[test]
    fn pext_lookups_match_the_slow_rays() {
        let Some(bmi2) = Bmi2::detect() else {
            eprintln!("no BMI2 on this CPU: pext lookups not tested");
            return;
        };
        let pext = Pext::new(bmi2);
        let mut state = 11u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state & state.rotate_left(17) & state.rotate_left(31)
        };
        for sq in 0..64 {
            for occupied in [0, !0].into_iter().chain((0..300).map(|_| next() | next())) {
                assert_eq!(pext.rook(sq, occupied), slide(sq, occupied, &ROOK_DIRS), "rook {sq} {occupied:x}");
                assert_eq!(pext.bishop(sq, occupied), slide(sq, occupied, &BISHOP_DIRS), "bishop {sq} {occupied:x}");
            }
        }
    }
}
