//! The checkers study: published perft counts ([`published`]) and the
//! tables that set the computed counts and Cochran's replayed games beside
//! them ([`results`]); Cochran's other figures: centre control, the boards
//! of his Appendix B, material at the end of his games ([`cochran`]).

pub mod cochran;
pub mod published;
pub mod results;
