//! The Go study (Bell 1972, §3.4): Figs. 3.14 and 3.16 recomputed, perft
//! agreement of the representations, and Tromp's counts of legal positions.

pub mod influence;
pub mod legal;
pub mod perft;
