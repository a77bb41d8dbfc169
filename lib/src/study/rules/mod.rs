//! The rules study (Pitrat 1971): games described in the rules language,
//! perft equal to the hand-written generators, the interpreter against the
//! compiler, what the program finds in the rules, the chess problems of
//! Figs. 6 and 8, the search for a win of Figs. 5 and 13, and the published
//! games by ply of Connect Four and Othello.

pub mod agree;
pub mod analysis;
pub mod by_ply;
pub mod figures;
pub mod games;
pub mod published;
pub mod win_search;
