//! The checkers study: published perft counts and Cochran's games.

pub mod published;
pub mod tables;
