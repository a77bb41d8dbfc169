//! The checkers study: published perft counts ([`published`]) and the
//! tables that set the computed counts and Cochran's replayed games beside
//! them ([`results`]).

pub mod published;
pub mod results;
