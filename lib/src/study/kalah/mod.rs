//! The Kalah study: Bell's published figures, the extended table and work
//! units.

pub mod bell;
pub mod tables;
pub mod units;
