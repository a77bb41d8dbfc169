//! Instructions beyond the baseline x86-64 set, found at run time and
//! chosen once per count.
//!
//! The default build targets baseline x86-64, which lacks `popcnt` (bulk
//! counting adds the size of every target set) and BMI1's `tzcnt` and
//! BMI2's `pext`. Compiled for that target, `count_ones` is a dozen shifts,
//! masks and a multiply. Compiling the whole count a second time with those
//! instructions enabled, and picking the copy the CPU can run when a count
//! starts, gives the default build the speed of a `-C target-cpu=native`
//! one.
//!
//! A function marked `#[target_feature(enable = ...)]` is compiled with the
//! instructions it names, and so is whatever the compiler inlines into it.
//! That is not enough for perft, which recurses: a recursive function
//! cannot be inlined into a wrapper, so the recursive function itself must
//! carry the attribute. Each *flavour* below is therefore a zero-sized type
//! with its own recursive entry points (`drive.rs`: perft, hashed perft
//! and the walk of `perft_stats`): the portable one is plain Rust, the
//! others are `#[target_feature]` functions that call themselves. All of
//! them run the same node bodies (`drive::perft_node`, `drive::hashed_node`,
//! `drive::stats_node`), which are `#[inline(always)]`, as is the bitboard generator below it, so every
//! flavour has its own copy of the whole hot path, compiled for its
//! instructions. The drivers choose the flavour once, at the top of a
//! count ([`Cpu::detect`]); nothing below that point dispatches.
//!
//! # Safety
//!
//! This module (this file and `drive.rs`) is the one of the chess engine
//! with `unsafe` code. Calling a
//! `#[target_feature]` function from code compiled without those features
//! is unsafe, because running an instruction the CPU lacks is undefined
//! behaviour. Every `unsafe` block here calls such a function through a
//! value of [`Popcnt`] or [`Bmi2`]. Those types have a private field, and
//! the only code that builds them is [`Popcnt::detect`] and
//! [`Bmi2::detect`], after `is_x86_feature_detected!` has confirmed every
//! feature the function enables. So holding the value proves the CPU runs
//! the instructions, and each block's safety rests on that one argument.
//!
//! ```
//! use plybench::engine::chess::cpu::{Cpu, CpuPath};
//! use plybench::engine::chess::{Board, Setup, perft_with, bitboard::BitboardBoard};
//!
//! let board = BitboardBoard::from_setup(&Setup::starting());
//! for path in CpuPath::ALL {
//!     if let Some(cpu) = Cpu::for_path(path) {
//!         assert_eq!(perft_with(&mut board.clone(), 4, cpu), 197_281);
//!     }
//! }
//! ```

pub(super) mod drive;

/// The ways a count can run, most portable first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CpuPath {
    /// Baseline x86-64 (or any other architecture): no instruction beyond
    /// what the build targets.
    Portable,
    /// `popcnt`, present on x86-64 CPUs since about 2008.
    Popcnt,
    /// `popcnt`, BMI1 (`tzcnt`, `blsr`) and BMI2, whose `pext` replaces
    /// the magic multiplication in the bitboard's slider attacks.
    Bmi2,
}

impl CpuPath {
    /// Every path, most portable first.
    pub const ALL: [CpuPath; 3] = [CpuPath::Portable, CpuPath::Popcnt, CpuPath::Bmi2];

    /// The path's name: `portable`, `popcnt` or `bmi2`.
    pub const fn name(self) -> &'static str {
        match self {
            CpuPath::Portable => "portable",
            CpuPath::Popcnt => "popcnt",
            CpuPath::Bmi2 => "bmi2",
        }
    }

    /// Whether this CPU can run the path.
    pub fn is_supported(self) -> bool {
        Cpu::for_path(self).is_some()
    }
}

impl std::fmt::Display for CpuPath {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A path this CPU can run, with the proof that it can.
#[derive(Clone, Copy, Debug)]
pub enum Cpu {
    /// See [`CpuPath::Portable`].
    Portable(Portable),
    /// See [`CpuPath::Popcnt`].
    Popcnt(Popcnt),
    /// See [`CpuPath::Bmi2`].
    Bmi2(Bmi2),
}

impl Cpu {
    /// The fastest path this CPU runs. Detection reads a cache the
    /// standard library fills on first use, so this is cheap, but the
    /// drivers still call it once per count, never per node.
    pub fn detect() -> Cpu {
        if let Some(bmi2) = Bmi2::detect() {
            Cpu::Bmi2(bmi2)
        } else if let Some(popcnt) = Popcnt::detect() {
            Cpu::Popcnt(popcnt)
        } else {
            Cpu::Portable(Portable)
        }
    }

    /// `path`, if this CPU runs it.
    pub fn for_path(path: CpuPath) -> Option<Cpu> {
        match path {
            CpuPath::Portable => Some(Cpu::Portable(Portable)),
            CpuPath::Popcnt => Popcnt::detect().map(Cpu::Popcnt),
            CpuPath::Bmi2 => Bmi2::detect().map(Cpu::Bmi2),
        }
    }

    /// Which path this is.
    pub fn path(self) -> CpuPath {
        match self {
            Cpu::Portable(_) => CpuPath::Portable,
            Cpu::Popcnt(_) => CpuPath::Popcnt,
            Cpu::Bmi2(_) => CpuPath::Bmi2,
        }
    }
}

/// Evaluates `$body` with `$f` bound to the flavour of `$cpu`: the one
/// dispatch of a count, each arm monomorphized for one flavour.
macro_rules! on_flavour {
    ($cpu:expr, |$f:ident| $body:expr) => {
        match $cpu {
            $crate::engine::chess::cpu::Cpu::Portable($f) => $body,
            $crate::engine::chess::cpu::Cpu::Popcnt($f) => $body,
            $crate::engine::chess::cpu::Cpu::Bmi2($f) => $body,
        }
    };
}
pub(crate) use on_flavour;

mod sealed {
    pub trait Sealed {}
    impl Sealed for super::Portable {}
    impl Sealed for super::Popcnt {}
    impl Sealed for super::Bmi2 {}
}

/// A flavour of the counting code: which instructions its copy of the hot
/// path was compiled with (its recursive entry points are in `drive.rs`).
/// Sealed: the three types of this module are the only flavours.
pub trait Flavour: Copy + Send + Sync + sealed::Sealed {
    /// The proof that `pext` may run, for the flavours that use it.
    fn bmi2(self) -> Option<Bmi2>;
}

/// The flavour compiled for the build's target only.
#[derive(Clone, Copy, Debug, Default)]
pub struct Portable;

impl Flavour for Portable {
    #[inline(always)]
    fn bmi2(self) -> Option<Bmi2> {
        None
    }
}

impl Flavour for Popcnt {
    #[inline(always)]
    fn bmi2(self) -> Option<Bmi2> {
        None
    }
}

impl Flavour for Bmi2 {
    #[inline(always)]
    fn bmi2(self) -> Option<Bmi2> {
        Some(self)
    }
}

/// The flavour compiled with `popcnt`. Only [`Popcnt::detect`] builds one,
/// so a value is the proof that the CPU has the instruction.
#[derive(Clone, Copy, Debug)]
pub struct Popcnt(());

impl Popcnt {
    /// A `Popcnt` if the CPU has `popcnt`.
    pub fn detect() -> Option<Popcnt> {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt") {
            return Some(Popcnt(()));
        }
        None
    }
}

/// The flavour compiled with `popcnt`, BMI1 and BMI2, using `pext` for
/// slider attacks. Only [`Bmi2::detect`] builds one, so a value is the
/// proof that the CPU has the three.
#[derive(Clone, Copy, Debug)]
pub struct Bmi2(());

impl Bmi2 {
    /// A `Bmi2` if the CPU has `popcnt`, BMI1 and BMI2.
    pub fn detect() -> Option<Bmi2> {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
        {
            return Some(Bmi2(()));
        }
        None
    }

    /// The bits of `value` selected by `mask`, packed into the low bits
    /// (BMI2's `pext`).
    #[inline(always)]
    pub fn pext(self, value: u64, mask: u64) -> u64 {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `self` exists, so `Bmi2::detect` found BMI2 (see the
        // module's safety note). `_pext_u64` takes and returns plain
        // integers and touches no memory.
        #[allow(unsafe_code)]
        unsafe {
            std::arch::x86_64::_pext_u64(value, mask)
        }
        // Unreachable (no value exists off x86-64), but correct anyway.
        #[cfg(not(target_arch = "x86_64"))]
        {
            let (mut packed, mut bit, mut m) = (0, 1, mask);
            while m != 0 {
                if value & m & m.wrapping_neg() != 0 {
                    packed |= bit;
                }
                bit <<= 1;
                m &= m - 1;
            }
            packed
        }
    }
}
