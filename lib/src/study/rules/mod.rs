//! The rules study (Pitrat 1971): games described in the rules language,
//! perft equal to the hand-written generators, the interpreter against the
//! compiler, and what the program finds in the rules.

pub mod agree;
pub mod analysis;
pub mod games;
