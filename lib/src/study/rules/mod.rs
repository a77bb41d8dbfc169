//! The rules study (Pitrat 1971): games described in the rules language,
//! perft equal to the hand-written generators, the interpreter against the
//! compiler, what the program finds in the rules, and the chess problems of
//! Figs. 6 and 8.

pub mod agree;
pub mod analysis;
pub mod figures;
pub mod games;
